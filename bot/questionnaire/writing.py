"""Writing the filled copy: the original file with the answer columns added, nothing else changed."""

from __future__ import annotations

import csv
import io
from copy import copy
from pathlib import PurePath

from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter

from .files import csv_dialect, decode_csv, line_ending
from .grid import open_workbook
from .models import ADDED_COLUMNS, Questionnaire, RowAnswer

Answers = dict[tuple[str, int], RowAnswer]
EXCEL_CELL_LIMIT = 32_767
_WIDTHS = {"Answer": 60, "Sources": 60, "Review reason": 40}
# A cell that starts with one of these is a formula to Excel and its kin (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def filled_copy(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers) -> bytes:
    """The file with ADDED_COLUMNS after each question sheet's last column, filled for answered rows."""
    if questionnaire.kind == "csv":
        return _filled_csv(filename, data, questionnaire, answers)
    return _filled_workbook(filename, data, questionnaire, answers)


def _clip(value):
    if isinstance(value, str) and len(value) > EXCEL_CELL_LIMIT:
        return value[:EXCEL_CELL_LIMIT - 1] + "…"
    return value


def _filled_workbook(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers) -> bytes:
    book = open_workbook(PurePath(filename).name, data, values=False)
    for layout in questionnaire.layouts:
        sheet = book[layout.name]
        first = layout.last_column + 1
        if layout.header_row:
            header = sheet.cell(layout.header_row, layout.question_column)
            for offset, title in enumerate(ADDED_COLUMNS):
                cell = sheet.cell(layout.header_row, first + offset, title)
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


def _inert(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _filled_csv(filename: str, data: bytes, questionnaire: Questionnaire, answers: Answers) -> bytes:
    text, encoding = decode_csv(PurePath(filename).name, data)
    dialect = csv_dialect(text)
    rows = list(csv.reader(io.StringIO(text, newline=""), dialect))
    layout = questionnaire.layouts[0]
    width = layout.last_column
    for number, row in enumerate(rows, start=1):
        added: list[str] = [""] * len(ADDED_COLUMNS)
        if number == layout.header_row:
            added = list(ADDED_COLUMNS)
        elif (layout.name, number) in answers:
            added = [_inert(v) for v in answers[(layout.name, number)].cells()]
        row.extend([""] * (width - len(row)) + added)
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
