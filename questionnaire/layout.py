"""Finding the question column of a sheet, and which of its rows are questions.

Questionnaires put a header row somewhere near the top ("Question", "Requirement",
"Control description"…), number their questions in another column, and break them
into sections with short headings, often in merged cells. The column whose header
names a question and whose cells read like questions wins; without such a header,
the column with the most question-like cells.
"""

from __future__ import annotations

import re

from openpyxl.utils import column_index_from_string, get_column_letter

from .grid import Grid
from .models import ADDED_COLUMNS, QuestionRow, SheetLayout, SkippedRow

HEADER_SCAN_ROWS = 25
CONTENT_SCAN_ROWS = 400
_HEADER_WORDS = {"question": 3, "questions": 3, "requirement": 2, "requirements": 2, "request": 2, "query": 2,
                 "control": 1, "description": 1, "criteria": 1, "item": 1, "ask": 1, "specification": 1,
                 # the same headers in the questionnaires of other languages
                 "frage": 3, "fragen": 3, "pregunta": 3, "preguntas": 3, "domanda": 3, "vraag": 3, "pergunta": 3,
                 "вопрос": 3, "anforderung": 2, "exigence": 2, "requisito": 2, "requisiti": 2, "eis": 2}
# "Question ID", "Question #", "Ref.": numbering columns, never the question text.
_ID_WORDS = re.compile(r"\b(id|no|nr|num|number|ref|reference|key|code|#)\b|#", re.IGNORECASE)
# A header that is an answer label itself ("Answer", "Vendor response"): the column of answers.
ANSWER_LABEL = re.compile(r"^\W*(?:(?:vendor|supplier|provider|solution provider|your|our)\s+)?(?:answer|response|reply|"
                          r"antwort|réponse|respuesta|risposta|antwoord|resposta|ответ)s?\W*$", re.IGNORECASE)
# A row's own identifier ("GNRL-03", "AIS-01.2"): a row holding one is a question's, never the header.
_ROW_ID = re.compile(r"^[A-Za-z]{2,8}[-_.]\d{1,4}(?:[.-]\d+)*$")
_HEADING = re.compile(r"^(section|part|domain|category|chapter|appendix)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
MIN_QUESTION_WORDS = 4


def looks_like_question(text: str) -> bool:
    """A question, or a requirement stated as a sentence ("The vendor encrypts data at rest.")."""
    words = _WORD.findall(text)
    if not words:
        return False
    if text.rstrip().endswith("?"):
        return True
    return len(words) >= MIN_QUESTION_WORDS and not _HEADING.match(text) and not text.rstrip().endswith(":")


def _header_weight(text: str) -> int:
    if not text or len(text.split()) > 6 or _ID_WORDS.search(text):
        return 0
    words = re.findall(r"[^\W\d_]+", text.casefold())
    return max((_HEADER_WORDS.get(w, 0) for w in words), default=0)


def _content_share(grid: Grid, header_row: int, column: int) -> tuple[float, int]:
    """(share of the filled cells below the header that read like questions, how many do)."""
    filled = questions = 0
    for row in range(header_row + 1, min(len(grid.rows), header_row + CONTENT_SCAN_ROWS) + 1):
        text = grid.text(row, column)
        if text:
            filled += 1
            questions += looks_like_question(text)
    return (questions / filled if filled else 0.0), questions


def find_layout(grid: Grid) -> SheetLayout | None:
    """The sheet's question column (and header row), or None when it has no questions."""
    best: tuple | None = None
    for row in range(1, min(len(grid.rows), HEADER_SCAN_ROWS) + 1):
        if _holds_row_id(grid, row):
            continue
        for column in range(1, len(grid.rows[row - 1]) + 1):
            weight = _header_weight(grid.text(row, column))
            if not weight:
                continue
            share, count = _content_share(grid, row, column)
            if count and share >= 0.3:
                key = (weight, share, -row)
                if best is None or key > best[0]:
                    best = (key, row, column)
    if best:
        return SheetLayout(name=grid.name, header_row=best[1], question_column=best[2], last_column=grid.last_column,
                           found_by="header")
    return _layout_by_content(grid)


def _layout_by_content(grid: Grid) -> SheetLayout | None:
    # A column labelled anywhere (on a section's row) as answers, or as one of rfpbot's own added
    # columns, holds answers or sources, however much they read like questions.
    counts = {column: _content_share(grid, 0, column)[1] for column in range(1, grid.last_column + 1)
              if not _labelled_not_questions(grid, column)}
    column = max(counts, key=lambda c: (counts[c], -c), default=None)
    if column is None or counts[column] < 2:
        return None
    return SheetLayout(name=grid.name, header_row=_header_above(grid, column), question_column=column,
                       last_column=grid.last_column, found_by="content")


def _labelled_not_questions(grid: Grid, column: int) -> bool:
    labels = (grid.text(row, column) for row in range(1, min(len(grid.rows), CONTENT_SCAN_ROWS) + 1))
    return any(ANSWER_LABEL.match(text) or text in ADDED_COLUMNS for text in labels)


def _header_above(grid: Grid, column: int) -> int | None:
    """The first filled cell of the column, when it is a label rather than a question."""
    for row in range(1, min(len(grid.rows), HEADER_SCAN_ROWS) + 1):
        text = grid.text(row, column)
        if text:
            return None if looks_like_question(text) or _holds_row_id(grid, row) else row
    return None


def _holds_row_id(grid: Grid, row: int) -> bool:
    """Whether a cell of the row is a question's identifier (HECVAT's "GNRL-03" beside "Solution
    Description": a question row whose words could pass for a header)."""
    return any(_ROW_ID.match(text) for text in grid.rows[row - 1])


def layout_for_column(grid: Grid, wanted: str) -> SheetLayout | None:
    """The layout with the column the user named: a header's text, a letter (C) or a number (3)."""
    target = " ".join(wanted.split()).casefold()
    # A number is a column number (IDs below the header are numbers too); other words
    # are looked for among the headers first, so a header called "ID" is not column ID.
    for row in range(1, min(len(grid.rows), HEADER_SCAN_ROWS) + 1 if not target.isdigit() else 1):
        for column in range(1, len(grid.rows[row - 1]) + 1):
            if grid.text(row, column).casefold() == target:
                return SheetLayout(name=grid.name, header_row=row, question_column=column,
                                   last_column=grid.last_column)
    column = column_number(wanted)
    if column is None or column > grid.last_column:
        return None
    return SheetLayout(name=grid.name, header_row=_header_above(grid, column), question_column=column,
                       last_column=grid.last_column)


def column_number(wanted: str) -> int | None:
    """A column named by its letter (C) or number (3); None for other words."""
    wanted = wanted.strip()
    if wanted.isdigit():
        return int(wanted) or None
    if re.fullmatch(r"[A-Za-z]{1,3}", wanted):
        try:
            return column_index_from_string(wanted.upper())
        except ValueError:
            return None
    return None


def column_name(grid: Grid, layout: SheetLayout) -> str:
    """How to name the column to a person: its letter and header."""
    letter = get_column_letter(layout.question_column)
    header = grid.text(layout.header_row, layout.question_column) if layout.header_row else ""
    return f"{letter} ({header})" if header else letter


def _reads_like_heading(text: str) -> bool:
    """Merged across columns, short, and not ended like a sentence: a section heading. (Some
    files merge every question across columns for width; those stay questions.)"""
    return not text.rstrip().endswith(("?", ".")) and len(_WORD.findall(text)) < 8


def question_rows(grid: Grid, layout: SheetLayout) -> tuple[list[QuestionRow], list[SkippedRow]]:
    """The sheet's questions, and the filled rows set aside (headings, labels, unsaved formulas)."""
    questions, skipped = [], []
    column = layout.question_column
    for row in range((layout.header_row or 0) + 1, len(grid.rows) + 1):
        text = grid.text(row, column)
        if (row, column) in grid.unsaved_formulas:
            skipped.append(SkippedRow(sheet=grid.name, row=row, reason="a formula whose value was never saved: "
                                      "open the file in Excel and save it"))
        elif not text:
            continue
        elif (row, column) in grid.wide and _reads_like_heading(text):
            skipped.append(SkippedRow(sheet=grid.name, row=row, reason="a heading (merged cells)"))
        elif not looks_like_question(text):
            skipped.append(SkippedRow(sheet=grid.name, row=row, reason="not a question (a heading or label)"))
        else:
            questions.append(QuestionRow(sheet=grid.name, row=row, question=text))
    return questions, skipped
