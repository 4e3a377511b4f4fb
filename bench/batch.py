"""Questionnaire benchmark: a 300-row workbook through `rfpbot batch`, end to end, in a real process.

The workbook is made from the sample questions (and the holdout ones) and paraphrases
of them, with section headings, as a customer would send it; one variant in six only
renumbers or re-cases a question, which the batch answers once. Measured: wall time of
the whole command (start-up, reading, answering, writing), the process's peak RSS, the
rows answered, and that every original cell is unchanged in the filled copy.

Offline (the default engine), and with the OpenAI engine against the fake server at a
fixed latency per call with `--concurrency 8`; for the latter the bound of the issue,
1.2 x rows x rounds x latency / concurrency, is computed with `rounds` measured on the
same questions one at a time (the longest chain of calls one after another).

    python bench/batch.py [--rows 300] [--engine offline|openai|both] [--llm-latency-ms 200] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import KB, ROOT, emit, mean, measured

from tests.fakes.openai_server import FakeOpenAI  # noqa: E402
from tests.fakes.scripted_model import ScriptedModel  # noqa: E402
from tests.questionnaires import OWN_ANSWERS, assert_original_kept, column_values, security_workbook  # noqa: E402

_VARIANTS = ["{q}", "Could you confirm the following: {q}", "Please describe whether {lower}", "{q} Provide details.",
             "Question for the vendor: {q}", "{n}.{m} {q}"]


def bench_questions(rows: int) -> list[str]:
    """`rows` questions: each sample question in six wordings (the last only renumbered)."""
    bases = []
    for name in ("questions.csv", "questions_holdout.csv"):
        with (ROOT / "examples" / name).open(newline="", encoding="utf-8") as f:
            bases += [row["question"] for row in csv.DictReader(f)]
    out = []
    for variant in _VARIANTS:
        for n, q in enumerate(bases):
            out.append(variant.format(q=q, lower=q[0].lower() + q[1:], n=n + 1, m=len(out) % 7))
    return out[:rows]


def run_batch(workbook: Path, env: dict, concurrency: int, engine: str) -> dict:
    """`rfpbot batch` in a child process: its wall time, peak RSS and JSON summary."""
    run = measured([sys.executable, "-m", "cli", "batch", str(workbook), "--json", "--engine", engine,
                    "--concurrency", str(concurrency)], env)
    if run.exit != 0:
        raise SystemExit(f"rfpbot batch failed ({run.exit})")
    return {"wall_s": round(run.wall_s, 1), "peak_rss_mb": run.peak_rss_mb, "summary": json.loads(run.stdout)}


async def rounds_per_question(questions: list[str], latency: float, sample: int = 12) -> float:
    """Mean longest chain of sequential LLM calls per question, one question at a time."""
    from openai import AsyncOpenAI
    from pipeline import longest_chain

    from agents.llm.openai_client import OpenAILLM
    from agents.pipeline import Pipeline
    from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

    fake = FakeOpenAI(chat=ScriptedModel(), latency=latency)
    chains = []
    with tempfile.TemporaryDirectory() as tmp, fake.serve() as server:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        client = AsyncOpenAI(api_key="bench", base_url=server.url + "/v1")
        pipeline = Pipeline(index, OpenAILLM(client, calls_per_minute=100_000))
        for question in questions[::max(1, len(questions) // sample)][:sample]:
            before = len(fake.calls)
            await pipeline.run(question)
            chains.append(longest_chain(fake.calls[before:])[0])
        await client.close()
        await index.close()
    return mean(chains)


def measure(engine: str, args, tmp: Path) -> dict:
    questions = bench_questions(args.rows)
    workbook = tmp / f"questionnaire-{engine}.xlsx"
    workbook.write_bytes(security_workbook(questions, heading_every=25))
    data = tmp / f"data-{engine}"
    env = {**os.environ, "RFPBOT_DATA_DIR": str(data), "RFPBOT_LOG_LEVEL": "ERROR"}
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "WEAVIATE_URL", "RFPBOT_INDEX"):
        env.pop(name, None)
    subprocess.run([sys.executable, "-m", "cli", "ingest", str(KB)], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    if engine == "offline":
        figures = run_batch(workbook, env, args.concurrency, "offline")
    else:
        fake = FakeOpenAI(chat=ScriptedModel(), latency=args.llm_latency_ms / 1000)
        with fake.serve() as server:
            env.update(OPENAI_API_KEY="bench", OPENAI_BASE_URL=server.url + "/v1",
                       RFPBOT_LLM_CALLS_PER_MINUTE="100000")
            figures = run_batch(workbook, env, args.concurrency, "openai")
            figures["llm_calls"] = len([c for c in fake.calls if c.path.endswith("/chat/completions")])
        rounds = asyncio.run(rounds_per_question(questions, args.llm_latency_ms / 1000))
        logging.getLogger().setLevel(logging.WARNING)  # wordllama turns the root logger to INFO on import
        distinct = figures["summary"]["questions"] - figures["summary"]["repeated"]
        latency = args.llm_latency_ms / 1000
        figures.update(rounds_mean=round(rounds, 2), distinct_questions=distinct,
                       bound_rows_s=round(1.2 * len(questions) * rounds * latency / args.concurrency, 1),
                       bound_distinct_s=round(1.2 * distinct * rounds * latency / args.concurrency, 1))
    filled = (tmp / f"questionnaire-{engine}-answered.xlsx").read_bytes()
    assert_original_kept(workbook.read_bytes(), filled, OWN_ANSWERS)  # its own answer column is filled too
    answered = sum(1 for v in column_values(filled, "Security", "Answer").values() if v)
    figures.update(engine=engine, rows=len(questions), rows_with_answer=answered, original_cells_kept=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--engine", choices=["offline", "openai", "both"], default="both")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--llm-latency-ms", type=float, default=200)

    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, force=True)
    engines = ["offline", "openai"] if args.engine == "both" else [args.engine]
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure(engine, args, Path(tmp)) for engine in engines]
    lines = []
    for r in results:
        s = r["summary"]
        lines.append(f"{r['engine']}: {r['rows']} rows ({s['repeated']} repeats), {r['rows_with_answer']} answered, "
                     f"{s['needs_review']} need review · wall {r['wall_s']} s · peak RSS {r['peak_rss_mb']} MB · "
                     f"original cells kept: {r['original_cells_kept']}")
        if r["engine"] == "openai":
            lines.append(f"  {r['llm_calls']} LLM calls, {r['rounds_mean']} rounds/question · bound 1.2 x rows x rounds "
                         f"x {args.llm_latency_ms / 1000:g} s / {args.concurrency} = {r['bound_rows_s']} s "
                         f"(distinct questions only: {r['bound_distinct_s']} s)")
    emit({"results": results}, args.json, "\n".join(lines))


if __name__ == "__main__":
    main()
