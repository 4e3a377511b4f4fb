"""`rfpbot library import|list|show|export|retire`: the answer library from the terminal."""

from __future__ import annotations

import argparse
import csv
import io
import json

from questionnaire import inert_cell
from services import Settings, make_embedder, open_store
from storage import LibraryEntry, LibraryEntryNotFound

from ..errors import CliError


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Import a file's answered rows, or list, show, export or retire entries."""
    if args.action == "import":
        return await _import(args, settings)
    store = open_store(settings)
    try:
        if args.action == "retire":
            entry = await store.library.retire(args.id, args.by, args.reason)
            print(f"Entry {entry.id} retired by {entry.retired_by} on {entry.retired_at:%Y-%m-%d}: "
                  f"{entry.question}")
            return 0
        entries = await store.library.entries()
    finally:
        await store.close()
    return {"list": _list, "show": _show, "export": _export}[args.action](args, entries)


async def _import(args: argparse.Namespace, settings: Settings) -> int:
    from services import ImportOptions, import_answers, limits_of

    if not args.file.is_file():
        raise CliError(f"{args.file} does not exist or is not a file.")
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


def _list(args: argparse.Namespace, entries: list[LibraryEntry]) -> int:
    if args.json:
        print(json.dumps([e.model_dump(mode="json") for e in entries], indent=2))
        return 0
    for e in entries:
        retired = f"  [retired {e.retired_at:%Y-%m-%d} by {e.retired_by}]" if e.retired_at else ""
        print(f"{e.id:>5} {e.approved_at:%Y-%m-%d} {e.approved_by:<14} {e.compliance_status or '-':<20} "
              f"{e.question}{retired}\n      from {_origin(e)}")
    print(f"{len(entries)} entries.")
    return 0


def _show(args: argparse.Namespace, entries: list[LibraryEntry]) -> int:
    entry = next((e for e in entries if e.id == args.id), None)
    if entry is None:
        raise LibraryEntryNotFound(args.id)
    print(f"Entry {entry.id}: {entry.question}\n\n{entry.answer}\n")
    print(f"Status: {entry.compliance_status or 'none stated'}")
    print(f"Approved by {entry.approved_by} on {entry.approved_at:%Y-%m-%d}, from {_origin(entry)}")
    for n, citation in enumerate(json.loads(entry.citations_json), start=1):
        print(f"[{n}] {citation.get('source_title')} ({citation.get('url') or citation.get('source_path')}): "
              f"“{citation.get('quote')}”")
    if entry.retired_at:
        print(f"Retired on {entry.retired_at:%Y-%m-%d} by {entry.retired_by}: never reused.")
    return 0


def _export(args: argparse.Namespace, entries: list[LibraryEntry]) -> int:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(["id", "question", "answer", "status", "approved_by", "approved_at", "origin", "retired_at",
                     "retired_by"])
    for e in entries:
        writer.writerow([e.id, inert_cell(e.question), inert_cell(e.answer), e.compliance_status, inert_cell(e.approved_by),
                         e.approved_at.isoformat(), inert_cell(_origin(e)), e.retired_at.isoformat() if e.retired_at else "",
                         inert_cell(e.retired_by or "")])
    if args.output:
        args.output.write_text(out.getvalue(), encoding="utf-8-sig")
        print(f"{len(entries)} entries written to {args.output}")
    else:
        print(out.getvalue(), end="")
    return 0


def _origin(entry: LibraryEntry) -> str:
    return entry.source or f"approved in Slack (run {entry.run_id})"

