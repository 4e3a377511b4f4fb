"""Services that never touch Slack: what the Slack app and the command line share.

What other packages may use is listed below and imported on first use (PEP 562).
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "ABOUT": "intake", "Answer": "intake", "AskBack": "intake", "AskedQuestion": "intake", "Intake": "intake",
    "Reuse": "intake", "small_talk_kind": "intake",
    "BackgroundLoop": "background",
    "ConfigError": "errors", "ServiceError": "errors",
    "feedback_report": "feedback_report", "FeedbackReport": "feedback_report",
    "attach_file": "jobs", "BatchRunner": "jobs", "BatchSummary": "jobs", "create_job": "jobs", "digest": "jobs",
    "export": "jobs", "JobProgress": "jobs", "limits_of": "jobs", "new_job": "jobs",
    "output_name": "jobs.export",
    "available": "knowledge", "ChannelSources": "knowledge", "KnowledgeBaseMissing": "knowledge",
    "KnowledgeBases": "knowledge", "Opener": "knowledge",
    "keep_lease": "leases",
    "AnswerLibrary": "library", "Lookup": "library", "Offer": "library", "offered": "library",
    "import_answers": "library_import", "ImportOptions": "library_import", "ImportReport": "library_import",
    "QuestionQueue": "questions",
    "outcome_of": "records", "result_of": "records",
    "PIPELINE_ENV": "settings", "Settings": "settings", "setting_of": "settings",
    "make_embedder": "wiring", "make_library": "wiring", "make_pipeline": "wiring", "open_index": "wiring",
    "open_store": "wiring",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
