"""Errors of reading and writing questionnaires; all derive from QuestionnaireError."""

from __future__ import annotations


class QuestionnaireError(Exception):
    """A questionnaire that cannot be read or written; the message says why and what to do."""


class UnreadableFile(QuestionnaireError):
    """Not a CSV or XLSX we can open: corrupt, password-protected, the old .xls format, too big."""


class NoQuestionColumn(QuestionnaireError):
    """No sheet has a column of questions (or the one asked for does not exist)."""


class TooManyQuestions(QuestionnaireError):
    """More questions than one batch may hold."""
