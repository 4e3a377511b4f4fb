"""The one retry policy of rfpbot's HTTP clients (Slack, the model, the embeddings endpoint)."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    """How a call that failed for a passing reason (429, a 5xx, a dropped connection, a timeout) is
    tried again: `attempts` calls at most, the first included, each retry after the server's
    Retry-After (capped) or an exponential delay with jitter. A timeout is tried `timeout_attempts`
    times at most: a server too slow once is likely too slow again.

    Slack's client and the embeddings client apply it with their own retry mechanisms; the model's
    calls apply it themselves, since each attempt counts against the run's call budget."""

    attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 20.0
    max_retry_after: float = 60.0
    timeout_attempts: int = 2

    @property
    def retries(self) -> int:
        """Calls after the first."""
        return max(0, self.attempts - 1)

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """Seconds to wait before retry number `attempt` (1-based)."""
        if retry_after is not None:
            return min(retry_after, self.max_retry_after)
        return min(self.max_delay, self.base_delay * 2 ** (attempt - 1)) * random.uniform(0.8, 1.2)


HTTP_RETRIES = RetryPolicy()
"""The policy every client uses unless a test gives it another."""
