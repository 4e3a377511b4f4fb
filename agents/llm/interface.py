"""The language model behind a small interface: what the agents ask of it, and the
limits (retries, rate, reply length) every implementation honours.

`agents.llm.openai_client.OpenAILLM` is the implementation over any OpenAI-compatible
endpoint; it lives apart so that the `openai` package is imported only when a model
is configured.
"""

from __future__ import annotations

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
