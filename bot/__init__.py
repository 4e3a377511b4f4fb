"""The Slack app (slack-bolt): listeners, answering in threads, questionnaire jobs, review.

What the command line may use is listed below and imported on first use (PEP 562), so that
catching a BotError does not load Slack.
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "QuestionWorker": "answering.answerer",
    "tell_interrupted": "answering.interrupted",
    "build_app": "app", "build_deps": "app", "build_worker": "app", "EVENTS_PATH": "app", "health_app": "app",
    "recover_interrupted": "app", "slack_client": "app", "warm_up": "app", "web_app": "app",
    "BotError": "errors",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
