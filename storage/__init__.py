"""The SQLite database of runs, traces, Slack events, reviews and the answer library."""

from .activity import ActivityStore, Figures
from .batches import BatchStore, JobNotFound
from .channels import ChannelSettings, ChannelSettingsStore
from .feedback import FeedbackStore
from .errors import DatabaseUnreadable, RunNotFound, StorageError
from .models import BatchJob, BatchRow, Decision, Feedback, Vote, LibraryEntry, PurgeCounts, Review, ReviewLogEntry, RunRecord, broken_link
from .store import Store, open_database

__all__ = ["ActivityStore", "ChannelSettings", "ChannelSettingsStore", "Figures", "BatchJob", "BatchRow", "BatchStore", "DatabaseUnreadable", "Feedback", "FeedbackStore", "JobNotFound", "Vote", "Decision", "LibraryEntry", "PurgeCounts", "Review", "ReviewLogEntry", "RunNotFound",
           "RunRecord", "StorageError", "Store", "broken_link", "open_database"]
