"""Complexity routing benchmark: LLM calls saved on the sample questions.

Every sample question goes through the OpenAI engine (the fake server, scripted
model) twice: with the simple route for single-fact questions and without it. It
reports how many questions took the simple route, the LLM calls of both passes and
the share saved, and whether any answer's status, verdict or escalation changed.

    python bench/routing.py [--json] [--questions N]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path

from _common import KB, ROOT, emit, questions

from agents.config import PipelineConfig
from agents.llm.openai_client import OpenAILLM
from agents.pipeline import Pipeline
from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

sys.path.insert(0, str(ROOT))
from openai import AsyncOpenAI  # noqa: E402

from tests.fakes.openai_server import FakeOpenAI  # noqa: E402
from tests.fakes.scripted_model import ScriptedModel  # noqa: E402


async def answer_all(rows: list[dict], index: EmbeddedIndex, url: str, routing: bool) -> list[dict]:
    """Each question once, with or without routing: calls, route and outcome."""
    client = AsyncOpenAI(api_key="bench", base_url=url + "/v1")
    pipeline = Pipeline(index, OpenAILLM(client, calls_per_minute=100_000), PipelineConfig(route_simple=routing))
    out = []
    try:
        for row in rows:
            result = await pipeline.run(row["question"])
            out.append({"id": row["id"], "route": result.route, "calls": result.llm_calls(),
                        "status": result.synthesis.compliance_status if result.synthesis else None,
                        "verdict": result.verdict, "escalated": result.escalated})
    finally:
        await pipeline.aclose()
    return out


async def run(args) -> dict:
    """Both passes over the same index and fake server."""
    rows = questions()[: args.questions]
    fake = FakeOpenAI(chat=ScriptedModel(), latency=0)
    with tempfile.TemporaryDirectory() as tmp, fake.serve() as server:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        try:
            full = await answer_all(rows, index, server.url, routing=False)
            routed = await answer_all(rows, index, server.url, routing=True)
        finally:
            await index.close()
    simple = [r for r in routed if r["route"] == "simple"]
    changed = [{"id": a["id"], "full": {k: a[k] for k in ("status", "verdict", "escalated")},
                "routed": {k: b[k] for k in ("status", "verdict", "escalated")}}
               for a, b in zip(full, routed) if (a["status"], a["verdict"], a["escalated"]) != (b["status"], b["verdict"], b["escalated"])]
    calls_full, calls_routed = sum(r["calls"] for r in full), sum(r["calls"] for r in routed)
    simple_ids = {r["id"] for r in simple}
    return {
        "questions": len(rows),
        "simple_route": len(simple),
        "calls_full_route": calls_full,
        "calls_with_routing": calls_routed,
        "calls_saved": calls_full - calls_routed,
        "share_saved": round((calls_full - calls_routed) / calls_full, 3) if calls_full else 0.0,
        "calls_per_simple_question": {
            "full": round(sum(r["calls"] for r in full if r["id"] in simple_ids) / max(1, len(simple)), 2),
            "routed": round(sum(r["calls"] for r in simple) / max(1, len(simple)), 2)},
        "outcomes_changed": changed,
    }


def table(r: dict) -> str:
    """The human-readable summary."""
    per = r["calls_per_simple_question"]
    lines = [
        f"{r['questions']} sample questions, OpenAI engine (fake server, scripted model)",
        f"simple route                  {r['simple_route']} questions",
        f"LLM calls, full route only    {r['calls_full_route']}",
        f"LLM calls, with routing       {r['calls_with_routing']}",
        f"saved                         {r['calls_saved']} ({r['share_saved']:.1%})",
        f"calls per simple question     {per['full']} → {per['routed']}",
        f"outcomes changed              {len(r['outcomes_changed'])}",
    ]
    lines += [f"  {c['id']}: {c['full']} → {c['routed']}" for c in r["outcomes_changed"]]
    return "\n".join(lines)


def main() -> None:
    """Parse arguments, run, print."""
    logging.basicConfig(level=logging.WARNING, force=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
