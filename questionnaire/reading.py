"""Reading a questionnaire: the file's kind, its sheets, the question column of each, the questions."""

from __future__ import annotations

from pathlib import PurePath

from .answers import find_answer_columns
from .errors import NoQuestionColumn, TooManyQuestions
from .files import file_kind
from .grid import Grid, csv_grids, workbook_grids
from .layout import find_layout, layout_for_column, question_rows
from .models import BatchOptions, Limits, Questionnaire


def read_grids(filename: str, data: bytes, limits: Limits) -> tuple[str, list[Grid], str | None]:
    """(kind, the grids of its sheets, a CSV's encoding)."""
    kind = file_kind(filename, data, limits)
    if kind == "csv":
        grids, encoding = csv_grids(PurePath(filename).stem, data)
        return kind, grids, encoding
    return kind, workbook_grids(PurePath(filename).name, data), None


def read_questionnaire(filename: str, data: bytes, options: BatchOptions, limits: Limits) -> Questionnaire:
    """Every question of the file, where it sits, and the rows set aside; errors say what to change."""
    kind, grids, encoding = read_grids(filename, data, limits)
    return questionnaire_of(filename, kind, grids, encoding, options, limits)


def questionnaire_of(filename: str, kind: str, grids: list[Grid], encoding: str | None, options: BatchOptions,
                     limits: Limits) -> Questionnaire:
    """`read_questionnaire` on grids read already (`read_grids`)."""
    name = PurePath(filename).name
    grids = _chosen_sheets(name, grids, options.sheet)
    found = {grid.name: layout_for_column(grid, options.question_column) if options.question_column
             else find_layout(grid) for grid in grids}
    # Only a header that names answers outright is written into ("Comments" may be the customer's own).
    own_columns = {grid.name: find_answer_columns(grid, found[grid.name], for_writing=True)
                   for grid in grids if found[grid.name]}
    # Sentences on an instructions sheet read like questions too: when some sheet has a
    # header naming its questions, sheets without one are not questionnaires, unless
    # their sections' rows name where the answers go (HECVAT has no header row).
    if any(layout and layout.found_by == "header" for layout in found.values()):
        found = {name: layout for name, layout in found.items()
                 if layout and (layout.found_by == "header" or own_columns[name].label_rows)}
    layouts, questions, skipped = [], [], []
    for grid in grids:
        layout = found.get(grid.name)
        if layout is None:
            continue
        asked, set_aside = question_rows(grid, layout)
        if asked:
            own = own_columns[grid.name]
            layouts.append(layout.model_copy(update={"answer_column": own.answer, "yes_no_column": own.yes_no,
                                                     "label_rows": own.label_rows}))
            questions += asked
            skipped += set_aside
    if not questions:
        raise NoQuestionColumn(_no_questions(name, grids, options))
    if len(questions) > limits.max_rows:
        raise TooManyQuestions(f"{name} has {len(questions):,} questions; one batch takes at most "
                               f"{limits.max_rows:,} (RFPBOT_BATCH_MAX_ROWS). Split the file, or raise the limit.")
    return Questionnaire(kind=kind, layouts=layouts, questions=questions, skipped=skipped, encoding=encoding)


def _chosen_sheets(name: str, grids: list[Grid], sheet: str | None) -> list[Grid]:
    if sheet is None:
        return grids
    chosen = [g for g in grids if g.name.casefold() == sheet.casefold()]
    if not chosen:
        names = ", ".join(repr(g.name) for g in grids)
        raise NoQuestionColumn(f"{name} has no sheet named {sheet!r}; its sheets are {names}.")
    return chosen


def _no_questions(name: str, grids: list[Grid], options: BatchOptions) -> str:
    where = f"sheet {options.sheet!r} of {name}" if options.sheet else name
    if options.question_column:
        return (f"{where} has no column {options.question_column!r} with questions in it. Name the column by its "
                "header text, its letter (C) or its number (3).")
    return (f"I found no column of questions in {where}: no header like 'Question' or 'Requirement' above "
            "cells that read like questions. Name the column with --question-column (its header, letter or number).")
