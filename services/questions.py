"""The listeners' side of answering: a question goes into the database queue at once."""

from __future__ import annotations

from collections.abc import Callable

from storage import Store

from .intake import AskedQuestion


class QuestionQueue:
    """Queues questions for the worker(s); `notify` wakes an in-process worker."""

    def __init__(self, store: Store, notify: Callable[[], None] = lambda: None) -> None:
        self._store = store
        self._notify = notify

    async def put(self, question: AskedQuestion, *, asker: str | None, channel: str, thread_ts: str,
                  followup: bool = False, use_library: bool = True, event_id: str | None = None,
                  clarify: bool = True) -> str | None:
        """Queue one question (redacted: an AskedQuestion); returns its run id, or None for a redelivery."""
        if not isinstance(question, AskedQuestion):  # personal data must not reach the database
            raise TypeError("queue an AskedQuestion (AskedQuestion.of(text) redacts it)")
        run = await self._store.enqueue(question.text, asker=asker, channel=channel, thread_ts=thread_ts,
                                        followup=followup, use_library=use_library, event_id=event_id,
                                        clarify=clarify)
        if run is None:
            return None
        self._notify()
        return run.id
