"""`rfpbot eval --corpus DIR --questions FILE [--json] [--engine ...] [--concurrency N]`"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import uuid
from pathlib import Path

from agents import EvalReport, ExpectedAnswer, eval_report, load_questions, question_outcome
from retrieval import PathNotFound, SkippedFile, ingest, load_file
from services import Settings, make_pipeline, open_index


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Ingest into a temporary index, answer every question, print the figures."""
    if not args.corpus.is_dir():
        raise PathNotFound(args.corpus)
    expected = load_questions(args.questions)
    with tempfile.TemporaryDirectory(prefix="rfpbot-eval-") as tmp:
        # A throwaway index: a file here, or collections of their own on Weaviate.
        index = await open_index(settings, index_path=None if settings.weaviate_url else Path(tmp) / "index.sqlite",
                                 create=True, prefix=f"RfpbotEval{uuid.uuid4().hex[:8]}")
        try:
            await ingest([args.corpus], index, warn=lambda m: print(f"warning: {m}", file=sys.stderr))
            pipeline = make_pipeline(settings, index, args.engine)
            try:
                result = await _evaluate(pipeline, expected, args)
            finally:
                await pipeline.aclose()
        finally:
            await index.drop()
            await index.close()
    print(result.model_dump_json(indent=2) if args.json else _table(result))
    return 0


async def _evaluate(pipeline, expected: list[ExpectedAnswer], args: argparse.Namespace) -> EvalReport:
    slots = asyncio.Semaphore(max(1, args.concurrency))
    sources: dict[str, str | None] = {}
    root = args.corpus.resolve()

    def read_source(path: str) -> str | None:
        if path not in sources:
            try:
                sources[path] = load_file(root / path, root).text
            except (SkippedFile, ValueError):
                sources[path] = None
        return sources[path]

    async def one(item: ExpectedAnswer):
        async with slots:
            result = await pipeline.run(item.question)
        if not args.json:
            print(f"  {item.id}: {result.synthesis.compliance_status if result.synthesis else 'error'}",
                  file=sys.stderr, flush=True)
        return result

    results = await asyncio.gather(*(one(item) for item in expected))
    outcomes = [question_outcome(item, result, read_source) for item, result in zip(expected, results)]
    citations = sum(len(r.synthesis.citations) for r in results if r.success and r.synthesis)
    return eval_report(outcomes, citations)


def _table(r: EvalReport) -> str:
    lines = [
        f"questions            {r.questions}",
        f"status accuracy      {r.status_accuracy:.3f}   answerable {r.answerable_status_accuracy:.3f}",
        f"source recall        {r.source_recall:.3f}",
        f"grounding rate       {r.grounding_rate:.3f}",
        f"abstention rate      {r.abstention_rate:.3f}   unanswerable {r.unanswerable_abstention:.3f}, "
        f"Fully Supported sent unreviewed {r.unanswerable_fully_supported_unescalated}",
        f"PASS rate            {r.pass_rate:.3f}",
        f"escalation rate      {r.escalation_rate:.3f}",
        f"latency p50 / p95    {r.latency_ms_p50:.0f} / {r.latency_ms_p95:.0f} ms",
        f"LLM calls / question {r.llm_calls_per_question} (max {r.llm_calls_max})   "
        f"tokens / question {r.tokens_per_question} (max {r.tokens_max})   simple route {r.simple_route}",
        f"truncated replies    {r.truncated_replies}   failed runs {r.failed_runs}",
        f"sent unreviewed      {r.unreviewed_share:.3f} of answers, right "
        + (f"{r.unreviewed_precision:.3f}" if r.unreviewed_precision is not None else "n/a (none sent)"),
        "", "calibration (confidence → share right)",
        *(f"  {b.band:>7}  {b.answers:>3} answers  " + (f"{b.share_right:.2f} right" if b.share_right is not None else "")
          for b in r.calibration),
        "", "confusion (expected → answered)",
    ]
    for expected, row in r.confusion_matrix.items():
        lines.append(f"  {expected:<20} " + "  ".join(f"{k}: {v}" for k, v in row.items() if v))
    wrong = [o for o in r.per_question if not o.correct]
    if wrong:
        lines += ["", "wrong answers"]
        lines += [f"  {o.id}: expected {o.expected_status}, got {o.status or o.error}" for o in wrong]
    return "\n".join(lines)
