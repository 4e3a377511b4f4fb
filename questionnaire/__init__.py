"""Questionnaire files (CSV, XLSX): finding the questions, writing the answers into a copy. No Slack,
no settings, no database: the limits and options come in as arguments.

The public names below are imported on first use (PEP 562): catching a QuestionnaireError does not
load the workbook library.
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "answer_text": "answers", "AnswerColumns": "answers", "find_answer_columns": "answers",
    "yes_no_value": "answers",
    "NoQuestionColumn": "errors", "QuestionnaireError": "errors", "TooManyQuestions": "errors",
    "UnreadableFile": "errors",
    "human_size": "files", "workbook_losses": "files",
    "Grid": "grid",
    "column_name": "layout",
    "BatchOptions": "models", "Limits": "models", "Questionnaire": "models", "QuestionRow": "models",
    "RowAnswer": "models", "SheetLayout": "models",
    "questionnaire_of": "reading", "read_grids": "reading", "read_questionnaire": "reading",
    "filled_copy": "writing", "inert_cell": "writing", "OwnColumns": "writing",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
