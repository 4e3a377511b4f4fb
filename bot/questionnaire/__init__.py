"""Whole questionnaires (CSV, XLSX): reading the questions, answering them as a job, the filled copy."""

from ..settings import Settings
from .errors import NoQuestionColumn, QuestionnaireError, TooManyQuestions, UnreadableFile
from .export import BatchSummary, Export, export
from .jobs import attach_file, create_job, digest, new_job
from .models import BatchOptions, Limits, Questionnaire, RowAnswer
from .reading import read_questionnaire
from .runner import BatchRunner, JobProgress


def limits_of(settings: Settings) -> Limits:
    """The size limits from the settings."""
    return Limits(max_rows=settings.batch_max_rows, max_bytes=settings.batch_max_bytes)


__all__ = ["BatchOptions", "BatchRunner", "BatchSummary", "Export", "JobProgress", "Limits", "NoQuestionColumn",
           "Questionnaire", "QuestionnaireError", "RowAnswer", "TooManyQuestions", "UnreadableFile",
           "attach_file", "create_job", "digest", "export", "limits_of", "new_job", "read_questionnaire"]
