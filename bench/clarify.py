"""The clarification gate on `examples/clarify_questions.csv` (10 vague, 10 clear questions).

Reports how many vague questions are asked back (target ≥ 80 %) and how many clear
ones (target ≤ 10 %), offline or with a model at an OpenAI-compatible endpoint.

    python bench/clarify.py [--json]
    python bench/clarify.py --base-url http://127.0.0.1:8080/v1 [--model NAME]
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import logging
import tempfile
from pathlib import Path

from _common import KB, ROOT, add_server_options, emit, server_llm

from agents.conversation.clarify import clarify
from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

SET = ROOT / "examples" / "clarify_questions.csv"


async def run(args) -> dict:
    """Every question once."""
    rows = list(csv.DictReader(SET.open(encoding="utf-8")))
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        llm = server_llm(args)
        try:
            for row in rows:
                asked = await clarify(row["question"], index, llm)
                out.append({"question": row["question"], "vague": row["vague"] == "yes", "asked": asked is not None,
                            "readings": asked.readings if asked else []})
        finally:
            if llm:
                await llm.aclose()
            await index.close()
    vague = [r for r in out if r["vague"]]
    clear = [r for r in out if not r["vague"]]
    return {"engine": llm.name if llm else "offline",
            "vague_asked": sum(r["asked"] for r in vague), "vague": len(vague),
            "clear_asked": sum(r["asked"] for r in clear), "clear": len(clear), "per_question": out}


def table(r: dict) -> str:
    """The human-readable summary."""
    lines = [f"clarification gate, engine {r['engine']}",
             f"vague questions asked back   {r['vague_asked']}/{r['vague']}   (target ≥ 80 %)",
             f"clear questions asked back   {r['clear_asked']}/{r['clear']}   (target ≤ 10 %)", ""]
    lines += [f"  {'vague' if q['vague'] else 'clear'} {'ASKED' if q['asked'] else '     '} {q['question']}"
              + (f"  → {q['readings']}" if q["readings"] else "") for q in r["per_question"]]
    return "\n".join(lines)


def main() -> None:
    """Parse arguments, run, print."""
    logging.basicConfig(level=logging.WARNING, force=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    add_server_options(parser, timeout=120.0)
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
