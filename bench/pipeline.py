"""Pipeline benchmark: the sample questions through the OpenAI engine against the
fake OpenAI server with a fixed latency per call.

Reports LLM calls per question, rounds (the longest chain of calls that ran one
after another), overhead = wall time / (rounds x latency), and the pipeline's own
time per question outside the LLM calls and the index.

    python bench/pipeline.py [--llm-latency-ms 200] [--json] [--questions N]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path

from _common import KB, ROOT, emit, mean, percentile, questions

from agents.llm import OpenAILLM
from agents.pipeline import Pipeline
from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

import sys

sys.path.insert(0, str(ROOT))
from openai import AsyncOpenAI  # noqa: E402

from tests.fakes.openai_server import FakeOpenAI  # noqa: E402
from tests.fakes.scripted_model import ScriptedModel  # noqa: E402


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
    """Answer each question in turn and measure it."""
    fake = FakeOpenAI(chat=ScriptedModel(), latency=args.llm_latency_ms / 1000)
    rows = questions()[: args.questions]
    per_question = []
    with tempfile.TemporaryDirectory() as tmp, fake.serve() as server:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        client = AsyncOpenAI(api_key="bench", base_url=server.url + "/v1")
        pipeline = Pipeline(index, OpenAILLM(client, calls_per_minute=100_000))
        await pipeline.run(rows[0]["question"])  # warm up connections and caches
        for row in rows:
            before = len(fake.calls)
            t0 = time.perf_counter()
            result = await pipeline.run(row["question"])
            wall = time.perf_counter() - t0
            calls = fake.calls[before:]
            rounds, llm_time = longest_chain(calls)
            index_ms = sum(t.duration_ms for t in result.trace if t.node in ("research", "re-research"))
            per_question.append({
                "id": row["id"], "calls": len(calls), "rounds": rounds, "wall_ms": wall * 1000,
                "overhead": wall / (rounds * args.llm_latency_ms / 1000) if rounds else 0.0,
                "outside_ms": wall * 1000 - llm_time * 1000 - index_ms, "index_ms": index_ms,
                "passed_first_time": result.verdict == "PASS" and result.iterations == 1,
            })
        await client.close()
        await index.close()
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
        "per_question": per_question,
    }


def table(r: dict) -> str:
    """The human-readable summary."""
    return "\n".join([
        f"OpenAI engine against the fake server, {r['llm_latency_ms']} ms per LLM call, {r['questions']} questions",
        f"LLM calls per question        {r['llm_calls_per_question']}",
        f"rounds (PASS first time, max) {r['rounds_max_pass_first_time']}   mean over all {r['rounds_mean']}",
        f"overhead (wall / rounds*lat)  mean {r['overhead_mean']}   p95 {r['overhead_p95']}",
        f"pipeline time outside LLM and index  mean {r['outside_ms_mean']} ms   p95 {r['outside_ms_p95']} ms",
        f"index time per question       mean {r['index_ms_mean']} ms",
    ])


def main() -> None:
    """Parse arguments, run, print."""
    logging.basicConfig(level=logging.WARNING, force=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--llm-latency-ms", type=float, default=200)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
