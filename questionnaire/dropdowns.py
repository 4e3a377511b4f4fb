"""The list dropdowns of a workbook's cells: the ones openpyxl reads, and the ones Excel keeps in
an extension of the sheet that openpyxl drops (HECVAT's Yes/No lists on another sheet).

A column whose question cells offer only Yes, No and N/A is where a person answers yes or no,
whatever its header says.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from dataclasses import dataclass
from xml.etree import ElementTree

from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.cell_range import MultiCellRange

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_X14 = "{http://schemas.microsoft.com/office/spreadsheetml/2009/9/main}"
_XM = "{http://schemas.microsoft.com/office/excel/2006/main}"
_MAX_LIST_CELLS = 1000


@dataclass(frozen=True)
class Dropdown:
    """A list validation: the cells it covers and its formula (an inline list or a range)."""

    cells: MultiCellRange
    formula: str

    def covers(self, row: int, column: int) -> bool:
        """Whether the cell offers this list."""
        return any(r.min_row <= row <= r.max_row and r.min_col <= column <= r.max_col for r in self.cells.ranges)


def sheet_dropdowns(sheet, extension: list[Dropdown]) -> list[Dropdown]:
    """The sheet's list dropdowns: those openpyxl read, then those of its Excel extension."""
    standard = [Dropdown(cells=v.sqref, formula=v.formula1) for v in sheet.data_validations.dataValidation
                if v.type == "list" and v.formula1]
    return standard + extension


def offered_at(book, sheet_title: str, dropdowns: list[Dropdown], row: int, column: int) -> list[str] | None:
    """What the cell's dropdown offers; None without one, or when what it offers is unknown."""
    dropdown = next((d for d in dropdowns if d.covers(row, column)), None)
    return options(book, sheet_title, dropdown.formula) if dropdown else None


def extension_dropdowns(data: bytes) -> dict[str, list[Dropdown]]:
    """Per sheet title, the list dropdowns kept in the sheet's Excel extension (none where a part
    cannot be read: the sheet is then read without them)."""
    found: dict[str, list[Dropdown]] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for title, part in _sheet_parts(archive).items():
            body = archive.read(part)
            sheet = _xml(body) if b"x14:dataValidation" in body else None
            if sheet is not None:
                found[title] = [d for v in sheet.iter(f"{_X14}dataValidation") if (d := _dropdown(v))]
    return found


def _xml(body: bytes) -> ElementTree.Element | None:
    # Excel never writes a DOCTYPE: one is refused rather than parsed (entity tricks in a shared file).
    if b"<!DOCTYPE" in body[:4096].upper():
        return None
    try:
        return ElementTree.fromstring(body)
    except ElementTree.ParseError:
        return None


def options(book, sheet_title: str, formula: str) -> list[str] | None:
    """The values a list formula offers: an inline list or a range of cells (None when unknown)."""
    formula = formula.strip().lstrip("=")
    if formula.startswith('"'):
        return [o.strip() for o in formula.strip('"').split(",") if o.strip()]
    title, _, cells = formula.rpartition("!")
    title = title.strip("'") or sheet_title
    if title not in book.sheetnames:
        return None
    try:
        low_column, low_row, high_column, high_row = range_boundaries(cells.replace("$", ""))
        if (high_column - low_column + 1) * (high_row - low_row + 1) > _MAX_LIST_CELLS:
            return None  # a whole column as the list: too many cells to read for a dropdown
        return [str(c.value).strip() for line in book[title][cells.replace("$", "")] for c in line if c.value is not None]
    except (KeyError, ValueError, TypeError):
        return None  # a named range or a formula: what it offers is unknown


def _dropdown(element: ElementTree.Element) -> Dropdown | None:
    """The list validation an extension element holds; None for another kind, or one not understood."""
    cells, formula = element.find(f"{_XM}sqref"), element.find(f"{_X14}formula1/{_XM}f")
    if element.get("type") != "list" or cells is None or formula is None or not cells.text or not formula.text:
        return None
    try:
        return Dropdown(cells=MultiCellRange(cells.text), formula=formula.text)
    except (ValueError, TypeError):  # openpyxl's range parser raises either on a malformed range
        return None


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → the path of its part inside the package."""
    names = set(archive.namelist())
    if not {"xl/workbook.xml", "xl/_rels/workbook.xml.rels"} <= names:
        return {}
    workbook, rels = _xml(archive.read("xl/workbook.xml")), _xml(archive.read("xl/_rels/workbook.xml.rels"))
    if workbook is None or rels is None:
        return {}
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(f"{_PACKAGE_REL}Relationship")}
    parts = {}
    for sheet in workbook.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(f"{_REL}id"), "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
        if path in names:
            parts[sheet.get("name")] = path
    return parts
