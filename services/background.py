"""An event loop on a thread of its own, for the work behind an acknowledgement.

Slack wants an ack within 3 s; answering takes CPU. Running the answers on
another loop keeps the loop that acknowledges requests free, even in a burst.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine


class BackgroundLoop:
    """Starts at construction; `submit` schedules a coroutine on it from any thread."""

    def __init__(self, name: str = "rfpbot-answers") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def submit(self, coroutine: Coroutine) -> concurrent.futures.Future:
        """Run a coroutine on the background loop."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def stop(self) -> None:
        """Stop the loop once its current step ends, and wait for the thread."""
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
