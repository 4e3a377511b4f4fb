"""A sheet as a grid of texts, whatever file it came from, for finding the questions."""

from __future__ import annotations

import csv
import io
import warnings
from dataclasses import dataclass, field

from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook

from .dropdowns import Dropdown, extension_dropdowns, options, sheet_dropdowns
from .errors import UnreadableFile
from .files import csv_dialect, decode_csv


@dataclass
class Grid:
    """Texts by 1-based (row, column), and the cells that cannot be read as they look."""

    name: str
    rows: list[list[str]]
    last_column: int
    wide: set[tuple[int, int]] = field(default_factory=set)
    """Top-left cells of merged ranges spanning several columns (section headings)."""
    unsaved_formulas: set[tuple[int, int]] = field(default_factory=set)
    """Formulas whose value was never saved (the file was not opened in Excel since)."""
    dropdowns: list[tuple[Dropdown, list[str] | None]] = field(default_factory=list)
    """List dropdowns (openpyxl's and Excel's extension ones) and what each offers (None: unknown)."""

    def text(self, row: int, column: int) -> str:
        """The cell's text, '' when empty or outside the grid."""
        if row > len(self.rows) or column > len(self.rows[row - 1]):
            return ""
        return self.rows[row - 1][column - 1]

    def offers(self, row: int, column: int) -> list[str] | None:
        """What the cell's dropdown offers; None without one."""
        return next((offered for dropdown, offered in self.dropdowns if dropdown.covers(row, column)), None)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def csv_grids(name: str, data: bytes) -> tuple[list[Grid], str]:
    """The one grid of a CSV, and its encoding."""
    text, encoding = decode_csv(name, data)
    try:
        rows = [[_text(c) for c in row] for row in csv.reader(io.StringIO(text, newline=""), csv_dialect(text))]
    except csv.Error as exc:
        raise UnreadableFile(f"{name} is not a well-formed CSV ({exc}). Save it from Excel as 'CSV UTF-8'.") from exc
    return [Grid(name=name, rows=rows, last_column=max((len(r) for r in rows), default=0))], encoding


def open_workbook(name: str, data: bytes, *, values: bool) -> Workbook:
    """The workbook with its formulas (values=False) or with their saved values (values=True)."""
    try:
        with warnings.catch_warnings():
            # What openpyxl drops (an extension's dropdowns) is told in the batch summary instead.
            warnings.filterwarnings("ignore", message=".*extension is not supported", category=UserWarning)
            return load_workbook(io.BytesIO(data), data_only=values, keep_vba=not values, keep_links=True,
                                 rich_text=not values)
    except Exception as exc:  # openpyxl raises many kinds (KeyError, ValueError…) for damaged parts
        raise UnreadableFile(f"{name} could not be opened as a workbook ({type(exc).__name__}: {exc}). "
                             "Open it in Excel, save it again, and send the new copy.") from exc


def workbook_grids(name: str, data: bytes) -> list[Grid]:
    """One grid per visible worksheet."""
    formulas, saved = open_workbook(name, data, values=False), open_workbook(name, data, values=True)
    extension = extension_dropdowns(data)
    grids = []
    for sheet in formulas.worksheets:
        if sheet.sheet_state != "visible":
            continue
        values = saved[sheet.title]
        rows, unsaved = [], set()
        for formula_row, value_row in zip(sheet.iter_rows(), values.iter_rows()):
            texts = []
            for f_cell, v_cell in zip(formula_row, value_row):
                if f_cell.data_type == "f" and v_cell.value is None:
                    unsaved.add((f_cell.row, f_cell.column))
                texts.append(_text(v_cell.value))
            rows.append(texts)
        wide = {(r.min_row, r.min_col) for r in sheet.merged_cells.ranges if r.max_col > r.min_col}
        dropdowns = [(d, options(saved, sheet.title, d.formula))
                     for d in sheet_dropdowns(sheet, extension.get(sheet.title, []))]
        grids.append(Grid(name=sheet.title, rows=rows, last_column=sheet.max_column, wide=wide,
                          unsaved_formulas=unsaved, dropdowns=dropdowns))
    return grids
