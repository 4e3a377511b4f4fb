"""The SQLite database of runs, traces, Slack events, reviews and the answer library.

The public names below are imported on first use (PEP 562), so that catching a
StorageError does not load sqlite-utils and numpy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'storage' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .activity import ActivityStore, Figures
    from .batches import BatchStore, JobNotFound
    from .channels import ChannelSettings, ChannelSettingsStore
    from .errors import DatabaseUnreadable, RunNotFound, StorageError
    from .feedback import FeedbackStore
    from .models import (BatchJob, BatchRow, Decision, Feedback, LibraryEntry, PurgeCounts, Review, ReviewLogEntry,
                         RunRecord, Vote, broken_link)
    from .store import Store, open_database
