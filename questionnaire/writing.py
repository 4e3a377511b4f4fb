"""Writing the filled copy: the original file with the answer columns added, nothing else changed."""

from __future__ import annotations

import csv
import io
import re
from copy import copy
from pathlib import PurePath

from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from pydantic import BaseModel

from .answers import yes_no_value
from .dropdowns import Dropdown, extension_dropdowns, offered_at, sheet_dropdowns
from .files import csv_dialect, decode_csv, line_ending
from .grid import open_workbook
from .models import ADDED_COLUMNS, Questionnaire, RowAnswer, SheetLayout

Answers = dict[tuple[str, int], RowAnswer]
EXCEL_CELL_LIMIT = 32_767
_WIDTHS = {"Answer": 60, "Sources": 60, "Review reason": 40}
# A cell that starts with one of these is a formula to Excel and its kin (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class OwnColumns(BaseModel):
    """How the questionnaire's own answer and Yes/No cells are written, and what was done to them."""

    keep_answers: bool = False
    """Leave own answer cells that hold something as they are."""
    written: int = 0
    kept: int = 0
    """Rows whose own answer cell held something and was left (keep_answers)."""
    left_for_review: int = 0
    """Answered rows that need review: their own cells stay empty until a reviewer approves them
    (a rejected answer is never written)."""
    not_offered: int = 0
    """Yes/No cells left empty because their dropdown offers no such value."""


def filled_copy(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers,
                own: OwnColumns | None = None) -> bytes:
    """The file with ADDED_COLUMNS after each question sheet's last column, filled for answered rows,
    and the questionnaire's own answer and Yes/No columns (when it has them) filled for answers
    that need no review."""
    own = own if own is not None else OwnColumns()
    if questionnaire.kind == "csv":
        return _filled_csv(filename, data, questionnaire, answers, own)
    return _filled_workbook(filename, data, questionnaire, answers, own)


_SAYS_YES_OR_NO = re.compile(r"^\s*(?:yes|no)\s*(?:[.,;:!]|$)", re.IGNORECASE)
# Rows a customer may be sent: sent without review, or approved (edited) by a reviewer.
_SENDABLE = ("No", "Approved", "Edited")


def _own_cells(answer: RowAnswer, existing: str | None, existing_yes_no: str, offered: list[str] | None,
              own: OwnColumns) -> tuple[str | None, str | None]:
    """(text for the own answer cell, value for the own Yes/No cell); None leaves a cell as it is.
    `existing` is None when the sheet has no own answer column."""
    if not answer.answer or answer.needs_review not in _SENDABLE:
        own.left_for_review += bool(answer.answer) and answer.needs_review == "Yes"
        return None, None
    text: str | None = answer.answer if existing is not None else None
    if text is not None and own.keep_answers and existing.strip():
        own.kept += 1
        text = None
    yes_no = _yes_no_cell(answer.answer, existing_yes_no, offered, own)
    # A row counts as filled by its answer cell, or by its Yes/No where the sheet has no answer column.
    own.written += text is not None or (existing is None and yes_no is not None)
    return text, yes_no


def _yes_no_cell(answer: str, existing: str, offered: list[str] | None, own: OwnColumns) -> str | None:
    """Yes or No, as the cell's list spells it, when the answer says it outright ("Yes.", "No, …";
    "No evidence was found" says neither); None leaves the cell as it is."""
    opening = yes_no_value(answer) if _SAYS_YES_OR_NO.match(answer) else None
    if opening not in ("Yes", "No") or (own.keep_answers and existing.strip()):
        return None
    if offered is None:
        return opening
    choice = next((o for o in offered if yes_no_value(o) == opening), None)
    own.not_offered += choice is None
    return choice


def _clip(value):
    if isinstance(value, str) and len(value) > EXCEL_CELL_LIMIT:
        return value[:EXCEL_CELL_LIMIT - 1] + "…"
    return value


def _filled_workbook(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers,
                     own: OwnColumns) -> bytes:
    book = open_workbook(PurePath(filename).name, data, values=False)
    extension = extension_dropdowns(data)
    for layout in questionnaire.layouts:
        sheet = book[layout.name]
        _fill_own_workbook(book, sheet, layout, answers, own, extension.get(layout.name, []))
        first = layout.last_column + 1
        labelled = [(layout.header_row, layout.question_column)] if layout.header_row else []
        # Where the sections' rows name the answer column, the added columns are named beside it.
        own_column = layout.answer_column or layout.yes_no_column
        labelled += [(row, own_column) for row in layout.label_rows if own_column]
        for row, model in labelled:
            header = sheet.cell(row, model)
            for offset, title in enumerate(ADDED_COLUMNS):
                cell = sheet.cell(row, first + offset, title)
                cell.font, cell.fill, cell.border = copy(header.font), copy(header.fill), copy(header.border)
                cell.alignment = copy(header.alignment)
        for offset, title in enumerate(ADDED_COLUMNS):
            if title in _WIDTHS:
                sheet.column_dimensions[get_column_letter(first + offset)].width = _WIDTHS[title]
        for (name, row), answer in answers.items():
            if name != layout.name:
                continue
            for offset, value in enumerate(answer.cells()):
                if value in ("", None):
                    continue
                cell = sheet.cell(row, first + offset, _clip(value))
                if isinstance(value, str):
                    cell.data_type = "s"  # text, never a formula, whatever it starts with
                    cell.alignment = Alignment(wrap_text=True, vertical="top")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _fill_own_workbook(book, sheet, layout: SheetLayout, answers: Answers, own: OwnColumns,
                       extension: list[Dropdown]) -> None:
    if layout.answer_column is None and layout.yes_no_column is None:
        return
    dropdowns = sheet_dropdowns(sheet, extension)
    for (name, row), answer in answers.items():
        if name != layout.name:
            continue
        existing = _cell_text(sheet, row, layout.answer_column) if layout.answer_column else None
        said = _cell_text(sheet, row, layout.yes_no_column) if layout.yes_no_column else ""
        offered = offered_at(book, sheet.title, dropdowns, row, layout.yes_no_column) if layout.yes_no_column else None
        text, yes_no = _own_cells(answer, existing, said, offered, own)
        if text is not None:
            cell = sheet.cell(row, layout.answer_column, _clip(text))
            cell.data_type = "s"
            cell.alignment = Alignment(wrap_text=True, vertical="top")
        if yes_no is not None and layout.yes_no_column:
            sheet.cell(row, layout.yes_no_column, yes_no).data_type = "s"


def _cell_text(sheet, row: int, column: int) -> str:
    value = sheet.cell(row, column).value
    return "" if value is None else str(value)


def _fill_own_row(row: list[str], layout: SheetLayout, answer: RowAnswer, own: OwnColumns) -> None:
    if layout.answer_column is None and layout.yes_no_column is None:
        return
    existing = row[layout.answer_column - 1] if layout.answer_column else None
    said = row[layout.yes_no_column - 1] if layout.yes_no_column else ""
    text, yes_no = _own_cells(answer, existing, said, None, own)
    if text is not None:  # only when the sheet has an own answer column
        row[layout.answer_column - 1] = inert_cell(text)
    if yes_no is not None and layout.yes_no_column:
        row[layout.yes_no_column - 1] = yes_no


def inert_cell(value) -> str:
    """A CSV cell's text that no spreadsheet reads as a formula (a leading = + - @ gets a quote)."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _filled_csv(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers,
                own: OwnColumns) -> bytes:
    text, encoding = decode_csv(PurePath(filename).name, data)
    dialect = csv_dialect(text)
    rows = list(csv.reader(io.StringIO(text, newline=""), dialect))
    layout = questionnaire.layouts[0]
    width = layout.last_column
    for number, row in enumerate(rows, start=1):
        added: list[str] = [""] * len(ADDED_COLUMNS)
        row.extend([""] * (width - len(row)))
        if number == layout.header_row or number in layout.label_rows:
            added = list(ADDED_COLUMNS)
        elif (layout.name, number) in answers:
            answer = answers[(layout.name, number)]
            added = [inert_cell(v) for v in answer.cells()]
            _fill_own_row(row, layout, answer, own)
        row.extend(added)
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=dialect.delimiter, quotechar=dialect.quotechar or '"',
                        lineterminator=line_ending(text), quoting=csv.QUOTE_MINIMAL)
    writer.writerows(rows)
    try:
        return out.getvalue().encode(encoding)
    except UnicodeEncodeError:
        # The answers hold characters the file's encoding cannot (quotes, dashes): UTF-8 with
        # a byte-order mark, which Excel reads as such.
        return out.getvalue().encode("utf-8-sig")
