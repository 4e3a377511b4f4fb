"""Typed questionnaires: where the questions are, and what each row got back."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

FileKind = Literal["csv", "xlsx"]
ADDED_COLUMNS = ("Answer", "Status", "Confidence", "Sources", "Needs review", "Review reason")


class BatchOptions(BaseModel):
    """How to read a file: which sheet, which column (None: found by the headers)."""

    sheet: str | None = None
    question_column: str | None = None
    keep_answers: bool = False
    """Leave the questionnaire's own answer cells that hold something as they are."""


class Limits(BaseModel):
    """How big a questionnaire may be."""

    max_rows: int = 1000
    max_bytes: int = 10_000_000


class SheetLayout(BaseModel):
    """Where a sheet keeps its questions (1-based row and column numbers, as in Excel)."""

    name: str
    header_row: int | None
    question_column: int
    last_column: int
    """The last column holding anything; the answer columns go after it."""
    found_by: Literal["header", "content", "named"] = "named"
    """A header naming questions, cells that read like questions, or the column the user named."""
    answer_column: int | None = None
    """The questionnaire's own answer column ("Response", "Vendor answer"), filled with reviewed answers."""
    yes_no_column: int | None = None
    """Its own Yes/No column, filled with a Yes or No its dropdown (if any) offers."""
    label_rows: list[int] = []
    """Section heading rows that name the answer columns where no header row does; the added
    columns are labelled on them too."""


class QuestionRow(BaseModel):
    """One question of the file and where it sits."""

    sheet: str
    row: int
    question: str


class SkippedRow(BaseModel):
    """A row with text in the question column that is not a question, and why."""

    sheet: str
    row: int
    reason: str


class Questionnaire(BaseModel):
    """What reading a file found: its sheets' layouts, the questions, the rows set aside."""

    kind: FileKind
    layouts: list[SheetLayout]
    questions: list[QuestionRow] = Field(default_factory=list)
    skipped: list[SkippedRow] = Field(default_factory=list)
    encoding: str | None = None
    """A CSV's text encoding (the copy is written in it when it can hold the answers)."""


class RowAnswer(BaseModel):
    """The cells rfpbot adds to one row."""

    answer: str = ""
    status: str = ""
    confidence: int | None = None
    sources: str = ""
    needs_review: str = ""
    reason: str = ""

    def cells(self) -> list[str | int | None]:
        """In the order of ADDED_COLUMNS."""
        return [self.answer, self.status, self.confidence, self.sources, self.needs_review, self.reason]
