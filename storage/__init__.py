"""The database of runs, traces, Slack events, reviews and the answer library: SQLite by default,
PostgreSQL when RFPBOT_DATABASE_URL names one.

The public names below are imported on first use (PEP 562), so that catching a
StorageError does not load sqlite-utils and numpy.
"""

from __future__ import annotations

from common.lazy import lazy_exports

_HOMES = {
    "ActivityStore": "activity", "Figures": "activity",
    "BatchStore": "batches", "JobNotFound": "batches",
    "ChannelSettings": "channels", "ChannelSettingsStore": "channels",
    "FeedbackStore": "feedback",
    "DatabaseUnreadable": "errors", "LibraryEntryNotFound": "errors", "RunNotFound": "errors",
    "StorageError": "errors",
    "BatchJob": "models", "BatchRow": "models", "Decision": "models", "Feedback": "models", "Vote": "models",
    "LibraryEntry": "models", "PurgeCounts": "models", "Review": "models", "ReviewLogEntry": "models",
    "RunRecord": "models", "RunOutcome": "models", "NodeEvent": "models", "broken_link": "models",
    "Store": "store", "open_database": "store", "connect": "store",
    "Database": "sql", "PostgresDatabase": "sql", "SqliteDatabase": "sql",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
