"""`rfpbot library import FILE` and `rfpbot library list`: the answer library from the terminal."""

from __future__ import annotations

import argparse
import json

from ..deps import make_embedder, open_store
from ..errors import BotError
from ..settings import Settings


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Import a file's answered rows, or list the entries."""
    if args.action == "import":
        return await _import(args, settings)
    return await _list(args, settings)


async def _import(args: argparse.Namespace, settings: Settings) -> int:
    from ..library_import import ImportOptions, import_answers
    from ..questionnaire import limits_of

    if not args.file.is_file():
        raise BotError(f"{args.file} does not exist or is not a file.")
    options = ImportOptions(sheet=args.sheet, question_column=args.question_column, answer_column=args.answer_column,
                            source=args.source, approved_by=args.approved_by)
    store = open_store(settings)
    try:
        report = await import_answers(args.file.name, args.file.read_bytes(), options, limits_of(settings), store,
                                      make_embedder(settings))
    finally:
        await store.close()
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    for sheet, columns in report.columns.items():
        print(f"{sheet}: {columns}")
    print(f"{report.imported} answers added to the library, {report.already_there} already in it; "
          f"{report.unanswered} rows without an answer (blank or TBD) and {report.unreviewed} never reviewed "
          "were left out.")
    return 0


async def _list(args: argparse.Namespace, settings: Settings) -> int:
    store = open_store(settings)
    try:
        entries = await store.library()
    finally:
        await store.close()
    if args.json:
        print(json.dumps([e.model_dump(mode="json") for e in entries], indent=2))
        return 0
    for e in entries:
        origin = e.source or f"approved in Slack (run {e.run_id})"
        print(f"{e.id:>5} {e.approved_at:%Y-%m-%d} {e.approved_by:<14} {e.compliance_status or '-':<20} "
              f"{e.question}\n      from {origin}")
    print(f"{len(entries)} entries.")
    return 0
