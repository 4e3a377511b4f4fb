"""Pipeline benchmark: the sample questions through the OpenAI engine.

Against the fake OpenAI server (the default; a process of its own) with a fixed latency per call: LLM
calls per question, rounds (the longest chain of calls that ran one after another),
overhead = wall time / (rounds x latency), and the pipeline's own time per question
outside the LLM calls and the index.

Against a real OpenAI-compatible server (`--base-url`, e.g. llama.cpp's llama-server,
Ollama, vLLM): every 5th sample question (8 by default, all three statuses), one at
a time, with calls, tokens, synthesis/critic rounds, truncated replies and wall time
per question, and the eval figures (status accuracy, grounding, escalation).

    python bench/pipeline.py [--llm-latency-ms 200] [--json] [--questions N]
    python bench/pipeline.py --base-url http://127.0.0.1:8080/v1 [--model NAME] [--context-tokens 8192]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import aiohttp
from _common import KB, ROOT, emit, mean, percentile, questions

from agents.config import PipelineConfig
from agents.evaluation import ExpectedAnswer, eval_report, question_outcome
from agents.llm.interface import ReplyLimits
from agents.llm.openai_client import OpenAILLM, openai_client
from agents.pipeline import Pipeline
from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from openai import AsyncOpenAI  # noqa: E402


def longest_chain(calls) -> tuple[int, float]:
    """(number of calls, summed duration) of the longest chain of non-overlapping calls."""
    ordered = sorted(calls, key=lambda c: c.started)
    best: list[tuple[int, float]] = []
    for i, call in enumerate(ordered):
        prior = [best[j] for j in range(i) if ordered[j].ended <= call.started]
        length, spent = max(prior, default=(0, 0.0))
        best.append((length + 1, spent + call.ended - call.started))
    return max(best, default=(0, 0.0))


async def run(args) -> dict:
    """Answer each question in turn and measure it; the fake model server is a process of its own,
    as a real one is (in this process it took the interpreter from the pipeline it is measured against)."""
    rows = questions()[: args.questions]
    per_question = []
    server = subprocess.Popen([sys.executable, str(HERE / "_fake_openai.py"), str(args.llm_latency_ms / 1000)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        async with aiohttp.ClientSession() as session:
            async def calls() -> list[SimpleNamespace]:
                async with session.get(url + "/_calls") as response:
                    return [SimpleNamespace(**c) for c in await response.json() if c["path"].endswith("/chat/completions")]

            with tempfile.TemporaryDirectory() as tmp:
                index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
                await ingest([KB], index)
                client = openai_client("bench", url + "/v1")
                pipeline = Pipeline(index, OpenAILLM(client, calls_per_minute=100_000))
                await pipeline.warm_up()
                await pipeline.run(rows[0]["question"])  # warm up connections and caches
                for row in rows:
                    before = len(await calls())
                    t0, cpu0 = time.perf_counter(), time.process_time()
                    result = await pipeline.run(row["question"])
                    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
                    made = (await calls())[before:]
                    rounds, llm_time = longest_chain(made)
                    index_ms = sum(t.duration_ms for t in result.trace if t.node in ("research", "re-research"))
                    per_question.append({
                        "id": row["id"], "calls": len(made), "rounds": rounds, "wall_ms": wall * 1000,
                        "overhead": wall / (rounds * args.llm_latency_ms / 1000) if rounds else 0.0,
                        "outside_ms": wall * 1000 - llm_time * 1000 - index_ms, "index_ms": index_ms,
                        "cpu_ms": cpu * 1000, "passed_first_time": result.verdict == "PASS" and result.iterations == 1,
                    })
                await client.close()
                await index.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    first = [q for q in per_question if q["passed_first_time"]]
    return {
        "llm_latency_ms": args.llm_latency_ms,
        "questions": len(per_question),
        "llm_calls_per_question": round(mean([q["calls"] for q in per_question]), 2),
        "rounds_max_pass_first_time": max((q["rounds"] for q in first), default=0),
        "rounds_mean": round(mean([q["rounds"] for q in per_question]), 2),
        "overhead_mean": round(mean([q["overhead"] for q in per_question]), 3),
        "overhead_p95": round(percentile([q["overhead"] for q in per_question], 95), 3),
        "outside_ms_mean": round(mean([q["outside_ms"] for q in per_question]), 1),
        "outside_ms_p95": round(percentile([q["outside_ms"] for q in per_question], 95), 1),
        "index_ms_mean": round(mean([q["index_ms"] for q in per_question]), 1),
        "cpu_ms_mean": round(mean([q["cpu_ms"] for q in per_question]), 1),
        "cpu_ms_p95": round(percentile([q["cpu_ms"] for q in per_question], 95), 1),
        "per_question": per_question,
    }


async def run_real(args) -> dict:
    """Every 5th sample question against a real server, one at a time."""
    rows = questions()[::5][: args.questions]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        client = AsyncOpenAI(api_key=args.api_key, base_url=args.base_url)
        limits = ReplyLimits(args.fast_max_tokens, args.strong_max_tokens, args.context_tokens)
        pipeline = Pipeline(index, OpenAILLM(client, fast_model=args.model, strong_model=args.model,
                                             timeout=args.timeout, limits=limits), PipelineConfig())
        try:
            for row in rows:
                t0 = time.perf_counter()
                result = await pipeline.run(row["question"])
                results.append((row, result, time.perf_counter() - t0))
                print(f"  {row['id']}: {result.synthesis.compliance_status if result.synthesis else result.error} "
                      f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
        finally:
            await pipeline.aclose()
            await index.close()
    expected = [ExpectedAnswer.model_validate(row) for row, _, _ in results]
    outcomes = [question_outcome(item, result, lambda path: (KB / path).read_text() if (KB / path).is_file() else None)
                for item, (_, result, _) in zip(expected, results)]
    figures = eval_report(outcomes, sum(len(r.synthesis.citations) for _, r, _ in results if r.success and r.synthesis))
    per_question = [{"id": row["id"], "expected": row["expected_status"],
                     "status": r.synthesis.compliance_status if r.synthesis else None, "verdict": r.verdict,
                     "escalated": r.escalated, "calls": r.llm_calls(), "tokens": r.tokens(), "rounds": r.iterations,
                     "truncated": sum(t.truncated for t in r.trace), "wall_s": round(wall, 1), "error": r.error}
                    for row, r, wall in results]
    return {
        "base_url": args.base_url, "model": args.model, "questions": len(results),
        "status_accuracy": figures.status_accuracy, "grounding_rate": figures.grounding_rate,
        "non_pass_unescalated": sum(q["verdict"] != "PASS" and not q["escalated"] for q in per_question),
        "failed_runs": figures.failed_runs, "truncated_replies": figures.truncated_replies,
        "llm_calls_mean": figures.llm_calls_per_question, "llm_calls_max": figures.llm_calls_max,
        "tokens_mean": figures.tokens_per_question, "tokens_max": figures.tokens_max,
        "rounds_mean": round(mean([q["rounds"] for q in per_question]), 2),
        "wall_s_mean": round(mean([q["wall_s"] for q in per_question]), 1),
        "wall_s_max": max((q["wall_s"] for q in per_question), default=0.0),
        "per_question": per_question,
    }


def table_real(r: dict) -> str:
    """The human-readable summary of a real-server run."""
    lines = [
        f"{r['model']} at {r['base_url']}, {r['questions']} sample questions, one at a time",
        f"runs that failed (run limit, model)  {r['failed_runs']}",
        f"truncated replies             {r['truncated_replies']}",
        f"LLM calls per question        mean {r['llm_calls_mean']}   max {r['llm_calls_max']}",
        f"tokens per question           mean {r['tokens_mean']}   max {r['tokens_max']}",
        f"synthesis/critic rounds       mean {r['rounds_mean']}",
        f"wall time per question        mean {r['wall_s_mean']} s   max {r['wall_s_max']} s",
        f"grounding rate                {r['grounding_rate']}",
        f"non-PASS sent unreviewed      {r['non_pass_unescalated']}",
        f"status accuracy               {r['status_accuracy']}",
        "",
    ]
    lines += [f"  {q['id']}: expected {q['expected']}, got {q['status']} ({q['verdict']}"
              f"{', escalated' if q['escalated'] else ''}); {q['calls']} calls, {q['tokens']} tokens, "
              f"{q['rounds']} rounds, {q['truncated']} truncated, {q['wall_s']} s" for q in r["per_question"]]
    return "\n".join(lines)


def table(r: dict) -> str:
    """The human-readable summary."""
    return "\n".join([
        f"OpenAI engine against the fake server, {r['llm_latency_ms']} ms per LLM call, {r['questions']} questions",
        f"LLM calls per question        {r['llm_calls_per_question']}",
        f"rounds (PASS first time, max) {r['rounds_max_pass_first_time']}   mean over all {r['rounds_mean']}",
        f"overhead (wall / rounds*lat)  mean {r['overhead_mean']}   p95 {r['overhead_p95']}",
        f"pipeline time outside LLM and index  mean {r['outside_ms_mean']} ms   p95 {r['outside_ms_p95']} ms",
        f"index time per question       mean {r['index_ms_mean']} ms",
        f"CPU time of this process per question (pipeline, index, client)  mean {r['cpu_ms_mean']} ms   "
        f"p95 {r['cpu_ms_p95']} ms",
    ])


def main() -> None:
    """Parse arguments, run, print."""
    logging.basicConfig(level=logging.WARNING, force=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--llm-latency-ms", type=float, default=200)
    parser.add_argument("--questions", type=int, help="how many (default: 40 with the fake, 8 with --base-url)")
    parser.add_argument("--json", action="store_true")
    real = parser.add_argument_group("a real server")
    real.add_argument("--base-url", help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1")
    real.add_argument("--model", default="local", help="model name sent in requests (default: local)")
    real.add_argument("--api-key", default="local")
    real.add_argument("--context-tokens", type=int, help="the server's context window")
    real.add_argument("--fast-max-tokens", type=int, default=700)
    real.add_argument("--strong-max-tokens", type=int, default=1200)
    real.add_argument("--timeout", type=float, default=120.0, help="seconds per call")
    args = parser.parse_args()
    if args.base_url:
        args.questions = args.questions or 8
        result = asyncio.run(run_real(args))
        emit(result, args.json, table_real(result))
        return
    args.questions = args.questions or 40
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
