"""Importing past answered questionnaires into the answer library.

Each answered row becomes an entry with where it came from (file, sheet, row), when it was
imported and who approved it. Rows with no answer, or a placeholder ("TBD", "?"), are left
out, and so are rows of rfpbot's own filled copies that were never reviewed ("Needs review:
Yes"). An entry is keyed by its question and answer: importing the same file again, or
another file with the same answer to the same question, adds nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
from datetime import datetime
from pathlib import PurePath

from pydantic import BaseModel, Field

from questionnaire import (AnswerColumns, BatchOptions, Grid, Limits, QuestionRow, SheetLayout, answer_text,
                           column_name, find_answer_columns, questionnaire_of, read_grids, yes_no_value)
from retrieval import Embedder
from storage import LibraryEntry, Store, now

from .errors import ServiceError

# A Yes or No says the status; "N/A" or a free-text answer alone does not (the entry then has none).
_STATUS = {"Yes": "Fully Supported", "No": "Not Supported"}
_RFPBOT_STATUSES = {"Fully Supported", "Partially Supported", "Not Supported"}


class NoAnswerColumn(ServiceError):
    """The file has questions but no column of answers could be found."""


class ImportOptions(BaseModel):
    """How to read the file and whom to credit."""

    sheet: str | None = None
    question_column: str | None = None
    answer_column: str | None = None
    source: str | None = Field(None, description="a name for the file in the provenance (default: its name)")
    approved_by: str


class ImportReport(BaseModel):
    """What an import did."""

    file: str
    columns: dict[str, str] = Field(description="sheet → the question, answer and Yes/No columns found")
    imported: int = 0
    already_there: int = 0
    unanswered: int = 0
    unreviewed: int = 0


async def import_answers(filename: str, data: bytes, options: ImportOptions, limits: Limits,
                         store: Store, embedder: Embedder) -> ImportReport:
    """Add every answered row of the file to the library; the report counts what happened to each."""
    name = PurePath(filename).name
    read = BatchOptions(sheet=options.sheet, question_column=options.question_column)
    # A big workbook takes openpyxl a while: off the event loop (in Slack it also acknowledges events).
    kind, sheets, encoding = await asyncio.to_thread(read_grids, filename, data, limits)
    questionnaire = questionnaire_of(filename, kind, sheets, encoding, read, limits)
    grids = {g.name: g for g in sheets}
    report = ImportReport(file=name, columns={})
    found = []
    for layout in questionnaire.layouts:
        grid = grids[layout.name]
        columns = find_answer_columns(grid, layout, options.answer_column)
        if (columns.answer is None and columns.yes_no is None) or (options.answer_column and columns.answer is None):
            continue  # the column the user named is not on this sheet: nothing else is read in its place
        report.columns[layout.name] = _describe(grid, layout, columns)
        rows = [q for q in questionnaire.questions if q.sheet == layout.name]
        found += [(q, columns, grid) for q in rows]
    if not report.columns:
        raise NoAnswerColumn(_no_answers(name, options))
    if found and all(not answer_text(g, q.row, c.answer) and not answer_text(g, q.row, c.yes_no)
                     for q, c, g in found):
        raise NoAnswerColumn(f"{name} has no answers to import: every answer cell is empty "
                             f"({'; '.join(report.columns.values())}). Is this the answered copy?")
    imported_at = now()
    known = {entry.run_id for entry in await store.library.entries()}
    new: list[LibraryEntry] = []
    for question, columns, grid in found:
        entry = _entry(question, columns, grid, options.source or name, options.approved_by, imported_at, report)
        if entry is None:
            continue
        if entry.run_id in known:
            report.already_there += 1
        else:
            known.add(entry.run_id)
            new.append(entry)
    vectors = await embedder.embed([e.question for e in new]) if new else []
    for entry, vector in zip(new, vectors):
        await store.library.add(entry, vector)
    report.imported = len(new)
    return report


def _entry(question: QuestionRow, columns: AnswerColumns, grid: Grid, source: str, approved_by: str,
           imported_at: datetime, report: ImportReport) -> LibraryEntry | None:
    if columns.needs_review and grid.text(question.row, columns.needs_review).casefold() == "yes":
        report.unreviewed += 1
        return None
    answer = answer_text(grid, question.row, columns.answer)
    yes_no = yes_no_value(answer_text(grid, question.row, columns.yes_no)) if columns.yes_no else None
    if not answer and yes_no is None:
        report.unanswered += 1
        return None
    text = _combined(yes_no, answer)
    status = grid.text(question.row, columns.status) if columns.status else ""
    if status not in _RFPBOT_STATUSES:
        status = _STATUS.get(yes_no or yes_no_value(answer) or "", "")
    key = hashlib.sha256(f"{question.question}\n{text}".encode()).hexdigest()[:32]
    return LibraryEntry(run_id=f"import:{key}", question=question.question, answer=text,
                        compliance_status=status, approved_by=approved_by, approved_at=imported_at,
                        source=f"{source}, sheet {question.sheet}, row {question.row}")


def _combined(yes_no: str | None, answer: str) -> str:
    """The Yes/No cell before the answer, unless the answer already opens with it."""
    if not answer:
        return f"{yes_no}."
    if yes_no and yes_no_value(answer) != yes_no:
        return f"{yes_no}. {answer}"
    return answer


def _describe(grid: Grid, layout: SheetLayout, columns: AnswerColumns) -> str:
    parts = [f"questions in {column_name(grid, layout)}"]
    for label, column in (("answers", columns.answer), ("Yes/No", columns.yes_no)):
        if column:
            parts.append(f"{label} in {column_name(grid, layout.model_copy(update={'question_column': column}))}")
    return ", ".join(parts)


def _no_answers(name: str, options: ImportOptions) -> str:
    if options.answer_column:
        return (f"{name} has no column {options.answer_column!r} beside its questions. Name the answer column by its "
                "header text, its letter (D) or its number (4).")
    return (f"I found the questions of {name} but no column of answers: no header like 'Answer' or 'Response', "
            "and no column of Yes/No cells. Name it with --answer-column (its header, letter or number).")
