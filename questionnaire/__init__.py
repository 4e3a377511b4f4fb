"""Questionnaire files (CSV, XLSX): finding the questions, writing the answers into a copy. No Slack,
no settings, no database: the limits and options come in as arguments.

The public names below are imported on first use (PEP 562): catching a QuestionnaireError does not
load the workbook library.
"""

from __future__ import annotations

from common.lazy import lazy_exports

_HOMES = {
    "NoQuestionColumn": "errors", "QuestionnaireError": "errors", "TooManyQuestions": "errors",
    "UnreadableFile": "errors",
    "BatchOptions": "models", "Limits": "models", "Questionnaire": "models", "RowAnswer": "models",
    "read_questionnaire": "reading",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
