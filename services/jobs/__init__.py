"""Questionnaire jobs: a file's questions answered as a job, its rows recorded, the filled copy exported."""

from questionnaire import Limits

from ..settings import Settings
from .creation import attach_file, create_job, digest, new_job
from .export import BatchSummary, Export, export
from .runner import BatchRunner, JobProgress


def limits_of(settings: Settings) -> Limits:
    """The size limits from the settings."""
    return Limits(max_rows=settings.batch_max_rows, max_bytes=settings.batch_max_bytes)


__all__ = ["BatchRunner", "BatchSummary", "Export", "JobProgress", "attach_file", "create_job", "digest", "export",
           "limits_of", "new_job"]
