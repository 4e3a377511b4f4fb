"""The SQLite database of runs, traces, Slack events, reviews and the answer library.

The public names below are imported on first use (PEP 562), so that catching a
StorageError does not load sqlite-utils and numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retrieval.lazy import lazy_exports

_HOMES = {
    "ActivityStore": "activity", "Figures": "activity",
    "BatchStore": "batches", "JobNotFound": "batches",
    "ChannelSettings": "channels", "ChannelSettingsStore": "channels",
    "FeedbackStore": "feedback",
    "DatabaseUnreadable": "errors", "RunNotFound": "errors", "StorageError": "errors",
    "BatchJob": "models", "BatchRow": "models", "Decision": "models", "Feedback": "models", "Vote": "models",
    "LibraryEntry": "models", "PurgeCounts": "models", "Review": "models", "ReviewLogEntry": "models",
    "RunRecord": "models", "broken_link": "models",
    "Store": "store", "open_database": "store",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)


if TYPE_CHECKING:
    from .activity import ActivityStore, Figures
    from .batches import BatchStore, JobNotFound
    from .channels import ChannelSettings, ChannelSettingsStore
    from .errors import DatabaseUnreadable, RunNotFound, StorageError
    from .feedback import FeedbackStore
    from .models import (BatchJob, BatchRow, Decision, Feedback, LibraryEntry, PurgeCounts, Review, ReviewLogEntry,
                         RunRecord, Vote, broken_link)
    from .store import Store, open_database
