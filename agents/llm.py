"""The language model behind a small interface, and its OpenAI implementation.

`OpenAILLM` takes an `AsyncOpenAI` client (any compatible endpoint), asks for
structured output in the JSON schema of a pydantic model, retries 429 (honouring
Retry-After), 5xx, timeouts and dropped connections with backoff, repairs an
invalid reply once, and bounds concurrent calls and calls per minute.
"""

from __future__ import annotations

import asyncio
import functools
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

import openai
from pydantic import BaseModel, ValidationError

from .errors import InvalidOutput, LLMError

M = TypeVar("M", bound=BaseModel)
Tier = Literal["fast", "strong"]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class Usage:
    """Calls and tokens spent, added up per pipeline node."""

    calls: int = 0
    tokens: int = 0

    def add(self, other: Usage) -> None:
        """Add another usage to this one."""
        self.calls += other.calls
        self.tokens += other.tokens


class LLM(Protocol):
    """What the agents need from a language model."""

    name: str

    async def structured(self, *, node: str, tier: Tier, system: str, user: str,
                         output: type[M], usage: Usage) -> M:
        """One reply parsed into `output`; adds to `usage`; raises LLMError for good failures."""
        ...


@functools.cache
def _strict_schema(model: type[BaseModel]) -> dict:
    # The openai package knows how to turn a pydantic model into a schema that
    # strict structured outputs accept; its helper lives in a private module.
    from openai.lib._pydantic import to_strict_json_schema

    return to_strict_json_schema(model)


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
class RetryPolicy:
    """How failed calls are retried."""

    attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 20.0
    max_retry_after: float = 60.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """Seconds to wait before retry number `attempt` (1-based)."""
        if retry_after is not None:
            return min(retry_after, self.max_retry_after)
        return min(self.max_delay, self.base_delay * 2 ** (attempt - 1)) * random.uniform(0.8, 1.2)


class OpenAILLM:
    """Structured outputs over the Chat Completions API."""

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        fast_model: str = "gpt-4o-mini",
        strong_model: str = "gpt-4o",
        timeout: float = 60.0,
        max_concurrency: int = 8,
        calls_per_minute: int = 300,
        retry: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        # Retries are ours (to honour Retry-After and count attempts), so the client makes none.
        self._client = client.with_options(max_retries=0, timeout=timeout)
        self._models = {"fast": fast_model, "strong": strong_model}
        self._slots = asyncio.Semaphore(max_concurrency)
        self._limiter = RateLimiter(calls_per_minute, sleep=sleep)
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        self.name = f"openai:{fast_model}+{strong_model}"

    async def structured(self, *, node: str, tier: Tier, system: str, user: str,
                         output: type[M], usage: Usage) -> M:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        content = await self._complete(node, tier, messages, output, usage)
        try:
            return output.model_validate_json(content)
        except ValidationError as first:
            repair = messages + [
                {"role": "assistant", "content": content},
                {"role": "user", "content": "That reply does not match the required JSON schema: "
                 f"{_brief(first)}. Reply again with only a JSON object that matches it."},
            ]
            content = await self._complete(node, tier, repair, output, usage)
            try:
                return output.model_validate_json(content)
            except ValidationError as second:
                raise InvalidOutput(node, f"invalid {output.__name__} after one repair: {_brief(second)}") from second

    async def _complete(self, node: str, tier: Tier, messages: list[dict], output: type[BaseModel], usage: Usage) -> str:
        response_format = {"type": "json_schema", "json_schema": {
            "name": output.__name__, "schema": _strict_schema(output), "strict": True}}
        for attempt in range(1, self._retry.attempts + 1):
            try:
                async with self._slots:
                    await self._limiter.acquire()
                    usage.calls += 1
                    completion = await self._client.chat.completions.create(
                        model=self._models[tier], messages=messages, response_format=response_format)
                usage.tokens += completion.usage.total_tokens if completion.usage else 0
                return completion.choices[0].message.content or ""
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError) as exc:
                if attempt == self._retry.attempts:
                    raise LLMError(node, f"{_describe(exc)} after {attempt} attempts") from exc
                await self._sleep(self._retry.delay(attempt, _retry_after(exc)))
            except openai.APIStatusError as exc:
                if exc.status_code < 500:
                    raise LLMError(node, _describe(exc)) from exc
                if attempt == self._retry.attempts:
                    raise LLMError(node, f"{_describe(exc)} after {attempt} attempts") from exc
                await self._sleep(self._retry.delay(attempt, _retry_after(exc)))
        raise LLMError(node, "no attempt was made")


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    value = response.headers.get("retry-after") if response is not None else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _describe(exc: Exception) -> str:
    if isinstance(exc, openai.APITimeoutError):
        return "the request timed out"
    if isinstance(exc, openai.APIConnectionError):
        return "the endpoint could not be reached"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}"
    return str(exc)


def _brief(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "reply"
    return f"{where}: {first['msg']} ({error.error_count()} errors)"
