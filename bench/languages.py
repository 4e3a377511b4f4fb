"""The asker's language: questions in six languages against their English twins.

`examples/multilingual_questions.csv` holds ten sample questions written in German,
French, Spanish, Italian, Dutch and Portuguese, each with its English twin from
`examples/questions.csv`. Each question and its twin are answered over the sample
documentation; the figures are how often the language was recognised, how often the
question got its twin's compliance status (the issue's target: always), how often
that is the expected status, and (with a model) how many answers came back
translated.

    python bench/languages.py                       # offline engine
    python bench/languages.py --base-url http://127.0.0.1:8080/v1 [--model NAME]
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import logging
import sys
import tempfile
import time
from pathlib import Path

from _common import KB, ROOT, add_server_options, emit, server_llm

from agents.config import PipelineConfig
from agents.conversation.language import language_of
from agents.pipeline import Pipeline
from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest

SET = ROOT / "examples" / "multilingual_questions.csv"


def _status(result) -> str | None:
    return result.synthesis.compliance_status if result.success and result.synthesis else None


async def run(args) -> dict:
    """Every question and its twin, one at a time."""
    rows = list(csv.DictReader(SET.open(encoding="utf-8")))
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        index = EmbeddedIndex(Path(tmp) / "i.sqlite", WordLlamaEmbedder())
        await ingest([KB], index)
        pipeline = Pipeline(index, server_llm(args), PipelineConfig())
        try:
            for row in rows:
                t0 = time.perf_counter()
                asked, twin = await pipeline.run(row["question"]), await pipeline.run(row["twin_question"])
                out.append({"id": row["id"], "language": row["language"], "detected": language_of(row["question"]),
                            "expected": row["expected_status"], "status": _status(asked), "twin_status": _status(twin),
                            "searched_as": asked.translation.question if asked.translation else row["question"],
                            "translated_back": bool(asked.translation and asked.translation.answer),
                            "wall_s": round(time.perf_counter() - t0, 1)})
                print(f"  {row['id']}: {out[-1]['status']} / twin {out[-1]['twin_status']}", file=sys.stderr, flush=True)
        finally:
            await pipeline.aclose()
            await index.close()
    n = len(out) or 1
    return {
        "engine": pipeline.engine, "questions": len(out),
        "language_recognised": sum(r["detected"] == r["language"] for r in out),
        "same_status_as_twin": sum(r["status"] == r["twin_status"] for r in out),
        "expected_status": sum(r["status"] == r["expected"] for r in out),
        "twin_expected_status": sum(r["twin_status"] == r["expected"] for r in out),
        "translated_back": sum(r["translated_back"] for r in out),
        "same_status_rate": round(sum(r["status"] == r["twin_status"] for r in out) / n, 3),
        "per_question": out,
    }


def table(r: dict) -> str:
    """The human-readable summary."""
    lines = [
        f"{r['questions']} questions in six languages and their English twins, engine {r['engine']}",
        f"language recognised           {r['language_recognised']}/{r['questions']}",
        f"same status as the twin       {r['same_status_as_twin']}/{r['questions']}",
        f"expected status               {r['expected_status']}/{r['questions']} (twins {r['twin_expected_status']})",
        f"answer translated back        {r['translated_back']}/{r['questions']}",
        "",
    ]
    lines += [f"  {q['id']} ({q['language']}): {q['status']} vs twin {q['twin_status']}, expected {q['expected']}; "
              f"searched as \"{q['searched_as']}\"" for q in r["per_question"]]
    return "\n".join(lines)


def main() -> None:
    """Parse arguments, run, print."""
    logging.basicConfig(level=logging.WARNING, force=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    add_server_options(parser, timeout=180.0)
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
