"""The database of runs, traces, Slack events, reviews and the answer library: SQLite by default,
PostgreSQL when RFPBOT_DATABASE_URL names one.

The public names below are imported on first use (PEP 562), so that catching a
StorageError does not load sqlite-utils and numpy.
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "ActivityStore": "activity", "Figures": "activity",
    "BatchStore": "batches", "JobNotFound": "batches",
    "ChannelSettings": "channels", "ChannelSettingsStore": "channels",
    "copy_database": "copy",
    "DatabaseUnreadable": "errors", "LibraryEntryNotFound": "errors", "RunNotFound": "errors",
    "StorageError": "errors",
    "FeedbackStore": "feedback",
    "BatchJob": "models", "BatchRow": "models", "broken_link": "models", "Decision": "models", "Feedback": "models",
    "LibraryEntry": "models", "NodeEvent": "models", "PurgeCounts": "models", "Review": "models",
    "ReviewLogEntry": "models", "RunOutcome": "models", "RunRecord": "models", "now": "models", "Vote": "models",
    "Database": "sql", "PostgresDatabase": "sql", "SqliteDatabase": "sql",
    "connect": "store", "open_database": "store", "Store": "store",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
