"""The listeners' side of answering: a question goes into the database queue at once."""

from __future__ import annotations

from collections.abc import Callable

from storage import Store


class QuestionQueue:
    """Queues questions for the worker(s); `notify` wakes an in-process worker."""

    def __init__(self, store: Store, notify: Callable[[], None] = lambda: None) -> None:
        self._store = store
        self._notify = notify

    async def put(self, text: str, *, asker: str | None, channel: str, thread_ts: str,
                  followup: bool = False, use_library: bool = True) -> str:
        """Queue one question; returns its run id."""
        run = await self._store.enqueue(text, asker=asker, channel=channel, thread_ts=thread_ts,
                                        followup=followup, use_library=use_library)
        self._notify()
        return run.id
