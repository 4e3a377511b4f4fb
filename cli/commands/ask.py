"""`rfpbot ask "QUESTION" [--json] [--engine offline|openai] [--index PATH]`"""

from __future__ import annotations

import argparse
import sys

from agents import ProgressEvent, redact, validate_question
from services import Settings, make_pipeline, open_index

from ..render_text import answer_text, progress_line


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Progress on stderr, the answer on stdout; exit 1 when the run failed."""
    question = validate_question(args.question, settings.pipeline)
    index = await open_index(settings, index_path=args.index, kb=args.kb)
    try:
        pipeline = make_pipeline(settings, index, args.engine)
        try:
            result = await pipeline.run(question, on_progress=None if args.json else _print_progress)
        finally:
            await pipeline.aclose()
    finally:
        await index.close()
    # The JSON is for files and tools: it stays redacted. The text is read by the asker
    # on their own terminal, so a placeholder a model echoed gets its value back there.
    print(result.model_dump_json(indent=2) if args.json else redact(question).restore(answer_text(result)))
    return 0 if result.success else 1


async def _print_progress(event: ProgressEvent) -> None:
    line = progress_line(event)
    if line:
        print(line, file=sys.stderr, flush=True)
