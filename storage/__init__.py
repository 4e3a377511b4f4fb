"""The SQLite database of runs, traces, Slack events, reviews and the answer library."""

from .errors import RunNotFound, StorageError
from .models import Decision, LibraryEntry, Review, RunRecord
from .store import Store, open_database

__all__ = ["Decision", "LibraryEntry", "Review", "RunNotFound", "RunRecord", "StorageError", "Store", "open_database"]
