"""Questionnaires as customers send them, made with openpyxl, and the cell-by-cell check of a filled copy."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill

from questionnaire.models import ADDED_COLUMNS

HEADER_FILL = PatternFill("solid", fgColor="FFDDEEFF")
SAMPLE_QUESTIONS = Path(__file__).resolve().parent.parent / "examples" / "questions.csv"


def sample_questions(n: int | None = None) -> list[str]:
    """The first `n` sample questions (all of them by default)."""
    with open(SAMPLE_QUESTIONS, newline="") as f:
        return [row["question"] for row in csv.DictReader(f)][:n]


def password_protected() -> bytes:
    """What Excel writes for an encrypted workbook: an OLE container with an EncryptionInfo stream."""
    return b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504 + "EncryptionInfo".encode("utf-16-le") + b"\0" * 512


def answered_rows(data_dir: Path) -> int:
    """Questionnaire rows with an outcome so far (0 before the database exists)."""
    try:
        with sqlite3.connect(data_dir / "rfpbot.sqlite", timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM batch_rows WHERE state != 'pending'").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def security_workbook(questions: list[str], *, heading_every: int = 5) -> bytes:
    """A vendor questionnaire: a title, a header row (ID, Question, Response, Comments), sections as
    merged headings, IDs beside the questions, a formula, a comment, an instructions sheet first."""
    book = Workbook()
    intro = book.active
    intro.title = "Instructions"
    intro["A1"] = "Answer every question in column C. Return this file by Friday."
    sheet = book.create_sheet("Security")
    sheet["A1"] = "Acme Corp vendor security questionnaire"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append([])
    sheet.append(["ID", "Question", "Vendor response", "Comments"])
    for cell in sheet[3]:
        cell.font, cell.fill = Font(bold=True), HEADER_FILL
    section = 0
    for n, question in enumerate(questions):
        if n % heading_every == 0:
            section += 1
            sheet.append([f"{section}", f"Section {section}"])
            sheet.merge_cells(start_row=sheet.max_row, start_column=2, end_row=sheet.max_row, end_column=4)
        sheet.append([f"{section}.{n + 1}", question, None, None])
    sheet["D5"] = "=COUNTA(B:B)"
    sheet["B6"].comment = Comment("Ask legal before answering", "Acme")
    sheet.column_dimensions["B"].width = 70
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def snapshot(data: bytes) -> dict:
    """Every cell of every sheet (value or formula, font, fill, number format), merged ranges, widths."""
    book = load_workbook(io.BytesIO(data))
    shot = {}
    for sheet in book.worksheets:
        cells = {(c.row, c.column): (c.value, c.font.b, c.fill.fgColor.rgb, c.number_format, bool(c.comment))
                 for row in sheet.iter_rows() for c in row}
        shot[sheet.title] = {"cells": cells, "merged": sorted(str(r) for r in sheet.merged_cells.ranges),
                             "widths": {k: d.width for k, d in sheet.column_dimensions.items()},
                             "max_column": sheet.max_column}
    return shot


OWN_ANSWERS = {"Security": {3}}
"""security_workbook's own answer column (C, "Vendor response"), which answers fill."""


def assert_original_kept(original: bytes, filled: bytes, own: dict[str, set[int]] | None = None) -> None:
    """Every original cell is unchanged, but the empty cells of the questionnaire's own answer
    columns (`own`: sheet → column numbers); the answer columns were added after the last one."""
    before, after = snapshot(original), snapshot(filled)
    assert list(before) == list(after), "the sheets are the same, in the same order"
    for name, sheet in before.items():
        for where, cell in sheet["cells"].items():
            if where[1] in (own or {}).get(name, set()) and cell[0] is None:
                continue
            assert after[name]["cells"].get(where, (None, None, "00000000", "General", False)) == cell, (name, where)
        assert set(sheet["merged"]) <= set(after[name]["merged"])
        for column, width in sheet["widths"].items():
            assert after[name]["widths"].get(column) == width, (name, column)
        added = after[name]["max_column"] - sheet["max_column"]
        assert added in (0, len(ADDED_COLUMNS)), (name, added)


def column_values(data: bytes, sheet: str, title: str) -> dict[int, object]:
    """The cells of the added column `title`, by row (header row excluded)."""
    book = load_workbook(io.BytesIO(data))
    ws = book[sheet]
    for row in ws.iter_rows(max_row=30):
        for cell in row:
            if cell.value == title:
                return {r: ws.cell(r, cell.column).value for r in range(cell.row + 1, ws.max_row + 1)}
    raise AssertionError(f"no column {title!r} in {sheet}")


def question_cells(data: bytes, sheet: str = "Security") -> dict[int, str]:
    """Column B's text by row."""
    ws = load_workbook(io.BytesIO(data))[sheet]
    return {r: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}
