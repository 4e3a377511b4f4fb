"""The language model behind a small interface: what the agents ask of it, and the
limits (retries, rate, reply length) every implementation honours.

`agents.llm.openai_client.OpenAILLM` is the implementation over any OpenAI-compatible
endpoint; it lives apart so that the `openai` package is imported only when a model
is configured.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel

from .tokens import TokenMeter

M = TypeVar("M", bound=BaseModel)
Tier = Literal["fast", "strong"]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class Usage:
    """Calls and tokens spent, added up per pipeline node."""

    calls: int = 0
    tokens: int = 0
    truncated: int = 0
    """Replies cut off at max_tokens."""

    def add(self, other: Usage) -> None:
        """Add another usage to this one."""
        self.calls += other.calls
        self.tokens += other.tokens
        self.truncated += other.truncated


class LLM(Protocol):
    """What the agents need from a language model."""

    name: str

    meter: TokenMeter

    async def structured(self, *, node: str, tier: Tier, system: str, user: str,
                         output: type[M], usage: Usage, max_tokens: int | None = None,
                         max_calls: int | None = None, max_spend: int | None = None) -> M:
        """One reply parsed into `output` in at most `max_calls` requests and `max_spend` tokens
        (retries and repairs included); adds to `usage`; raises LLMError for good failures
        (BudgetSpent when not even the first request fits)."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...


class RateLimiter:
    """At most `per_minute` calls in any sliding 60-second window."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic, sleep: Sleep = asyncio.sleep):
        self._per_minute = per_minute
        self._stamps: deque[float] = deque()
        self._lock = asyncio.Lock()
        self._clock = clock
        self._sleep = sleep

    async def acquire(self) -> None:
        """Wait until a call may start, then record it."""
        async with self._lock:
            while True:
                now = self._clock()
                while self._stamps and now - self._stamps[0] >= 60:
                    self._stamps.popleft()
                if len(self._stamps) < self._per_minute:
                    self._stamps.append(now)
                    return
                await self._sleep(60 - (now - self._stamps[0]))




@dataclass
class ReplyLimits:
    """How long replies may be, and how much a server can take in."""

    fast_max_tokens: int = 700
    strong_max_tokens: int = 1200
    context_tokens: int | None = None
    """The server's context window (prompt + reply), when known; learnt from its errors otherwise."""

    def for_tier(self, tier: Tier) -> int:
        """max_tokens for a call of this tier."""
        return self.fast_max_tokens if tier == "fast" else self.strong_max_tokens
