"""Finding the answer columns of an answered questionnaire: the free-text answer, and a Yes/No
column when there is one (a header saying so, or cells that are mostly Yes, No and N/A).

A column whose question cells offer a dropdown of only Yes, No and N/A is a Yes/No column too.
The answer column is the one whose header names an answer ("Answer", "Response", "Vendor
response", in the languages the question finder knows), right of the questions; rfpbot's
own filled copies call theirs "Answer" and add "Status" and "Needs review" beside it. Some
questionnaires have no such header row and repeat the labels on each section's heading row
instead (HECVAT: " Required Questions | | Answer | Additional Information"); there the labels
of those rows stand for the header.
"""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel

from .grid import Grid
from .layout import ANSWER_LABEL as _ANSWER_LABEL
from .layout import CONTENT_SCAN_ROWS, column_number, looks_like_question
from .models import ADDED_COLUMNS, SheetLayout

_ANSWER_WORDS = {"answer": 3, "answers": 3, "response": 3, "responses": 3, "reply": 2, "comment": 1,
                 "comments": 1, "explanation": 1, "remarks": 1, "details": 1, "information": 1,
                 "antwort": 3, "respuesta": 3, "réponse": 3, "risposta": 3, "antwoord": 3, "resposta": 3,
                 "ответ": 3, "kommentar": 1, "commentaire": 1, "comentario": 1}
_YES_NO_HEADER = re.compile(r"\b(yes\s*/\s*no|y\s*/\s*n|ja\s*/\s*nein|oui\s*/\s*non|sí\s*/\s*no)\b", re.IGNORECASE)
YES_NO_VALUES = {"yes": "Yes", "y": "Yes", "no": "No", "n": "No", "n/a": "N/A", "na": "N/A", "not applicable": "N/A",
                 "ja": "Yes", "nein": "No", "oui": "Yes", "non": "No", "sí": "Yes", "si": "Yes"}
_NOT_ANSWERS = re.compile(r"^\W*(tbd|tbc|todo|to do|pending|\?+|-+|…|\.\.\.)\W*$", re.IGNORECASE)


class AnswerColumns(BaseModel):
    """Where a sheet keeps its answers (1-based columns); None when it has no such column."""

    answer: int | None
    yes_no: int | None
    status: int | None = None
    """rfpbot's own "Status" column (its filled copies)."""
    needs_review: int | None = None
    """rfpbot's own "Needs review" column: a row marked "Yes" was never approved."""
    label_rows: list[int] = []
    """Section rows that name the answer columns in place of a header row."""


def find_answer_columns(grid: Grid, layout: SheetLayout, named: str | None = None, for_writing: bool = False
                        ) -> AnswerColumns:
    """The answer, Yes/No and (in rfpbot's copies) status and review columns of a sheet. To read
    answers, any header naming answers or comments counts; to write them, only one that is an
    answer label itself ("Answer", "Vendor response"): "Comments" or "Follow-up responses" may be
    the customer's own."""
    headers, label_rows = _headers(grid, layout)
    right = [c for c in range(1, grid.last_column + 1) if c != layout.question_column]
    # rfpbot's own "Needs review" column holds Yes and No too: it is never the answers' Yes/No (nor
    # are its other added columns; an "Answer" column may be, when its cells offer only Yes and No).
    candidates = [c for c in right if headers.get(c, "") not in ADDED_COLUMNS[1:]]
    yes_no = (next((c for c in candidates if _YES_NO_HEADER.search(headers.get(c, ""))), None)
              or _yes_no_by_dropdown(grid, layout, candidates) or _yes_no_by_content(grid, layout, candidates))
    if named:
        answer = _named_column(grid, headers, named)
    else:
        scored = [(_answer_weight(headers.get(c, "")), -abs(c - layout.question_column), c) for c in right
                  if c != yes_no and (not for_writing or _ANSWER_LABEL.match(headers.get(c, "")))]
        best = max(scored, default=(0, 0, None))
        answer = best[2] if best[0] > 0 else None
    exact = {text.casefold(): c for c, text in headers.items()}
    return AnswerColumns(answer=answer, yes_no=yes_no if yes_no != answer else None,
                         status=exact.get("status"), needs_review=exact.get("needs review"), label_rows=label_rows)


def _headers(grid: Grid, layout: SheetLayout) -> tuple[dict[int, str], list[int]]:
    """Each column's label: the header row's, or where it names no answer, the section rows'
    (and those rows)."""
    headers = {c: grid.text(layout.header_row, c) for c in range(1, grid.last_column + 1)} if layout.header_row else {}
    if any(_ANSWER_LABEL.match(text) for text in headers.values()):
        return headers, []
    labels, rows = _section_labels(grid, layout)
    return {**headers, **labels}, rows


def _section_labels(grid: Grid, layout: SheetLayout) -> tuple[dict[int, str], list[int]]:
    """The labels a section's heading row repeats beside an empty question cell (the section's
    name left of it, its "Answer" column right of it): the most frequent one of each column, and
    the rows. A row naming the question column itself is a header, not a section's."""
    seen: dict[int, Counter[str]] = {}
    rows = []
    start = (layout.header_row or 0) + 1
    for row in range(start, min(len(grid.rows), start + CONTENT_SCAN_ROWS) + 1):
        if grid.text(row, layout.question_column):
            continue
        labels = {c: grid.text(row, c) for c in range(1, grid.last_column + 1) if c != layout.question_column}
        if any(_ANSWER_LABEL.match(text) for text in labels.values()):
            rows.append(row)
            for column, text in labels.items():
                if text:
                    seen.setdefault(column, Counter())[text] += 1
    return {column: counts.most_common(1)[0][0] for column, counts in seen.items()}, rows


def answer_text(grid: Grid, row: int, column: int | None) -> str:
    """The cell's answer, '' when it is empty or holds only a placeholder ("TBD", "?", "-")."""
    text = grid.text(row, column) if column else ""
    return "" if _NOT_ANSWERS.match(text) else text


def yes_no_value(text: str) -> str | None:
    """"Yes", "No" or "N/A" for a Yes/No cell (or an answer that opens with one), else None."""
    cell = text.strip().casefold().rstrip(".")
    if cell in YES_NO_VALUES:
        return YES_NO_VALUES[cell]
    opening = re.match(r"^(yes|no)\b", cell)
    return YES_NO_VALUES[opening.group(1)] if opening else None


def _answer_weight(header: str) -> int:
    if not header or len(header.split()) > 6 or _YES_NO_HEADER.search(header):
        return 0
    return max((_ANSWER_WORDS.get(w, 0) for w in re.findall(r"[^\W\d_]+", header.casefold())), default=0)


def _yes_no_by_dropdown(grid: Grid, layout: SheetLayout, columns: list[int]) -> int | None:
    """The column whose question rows mostly offer a list of only Yes, No and N/A (HECVAT's "Answer")."""
    asked = [r for r in range((layout.header_row or 0) + 1, min(len(grid.rows), CONTENT_SCAN_ROWS) + 1)
             if looks_like_question(grid.text(r, layout.question_column))]
    for column in columns:
        lists = [grid.offers(r, column) for r in asked]
        yes_no = [o for o in lists if o and all(v.casefold() in YES_NO_VALUES for v in o)]
        if len(yes_no) >= 3 and len(yes_no) >= 0.6 * len(asked):
            return column
    return None


def _yes_no_by_content(grid: Grid, layout: SheetLayout, columns: list[int]) -> int | None:
    start = (layout.header_row or 0) + 1
    for column in columns:
        cells = [grid.text(r, column) for r in range(start, min(len(grid.rows), start + CONTENT_SCAN_ROWS) + 1)]
        filled = [c for c in cells if c]
        if len(filled) >= 3 and sum(c.casefold() in YES_NO_VALUES for c in filled) >= 0.8 * len(filled):
            return column
    return None


def _named_column(grid: Grid, headers: dict[int, str], named: str) -> int | None:
    wanted = " ".join(named.split()).casefold()
    for column, text in headers.items():
        if text.casefold() == wanted:
            return column
    column = column_number(named)
    return column if column is not None and column <= grid.last_column else None
