"""The language model over the Chat Completions API of any OpenAI-compatible endpoint.

`OpenAILLM` takes an `AsyncOpenAI` client, asks for structured output in the JSON
schema of a pydantic model, retries 429 (honouring Retry-After), 5xx, timeouts and
dropped connections with backoff, repairs an invalid reply once, and bounds
concurrent calls and calls per minute.

Every request carries `max_tokens` (per tier), so a small local model that loops
inside a JSON string stops; a reply cut off at that limit is asked for once more,
shorter, and otherwise raised as `Truncated` (never "repaired"). Prompts that cannot
fit the server's context are refused before sending, and a server's own error text
travels in the error.
"""

from __future__ import annotations

import asyncio
import functools
import json
from dataclasses import dataclass

import openai
from aiolimiter import AsyncLimiter
from pydantic import BaseModel, Field, ValidationError

from common import HTTP_RETRIES, RetryPolicy

from ..errors import BudgetSpent, InvalidOutput, LLMError, Truncated
from .interface import M, ReplyLimits, Sleep, Tier, Usage
from .tokens import TokenMeter, context_size


@functools.cache
def _strict_schema(model: type[BaseModel]) -> dict:
    # The openai package knows how to turn a pydantic model into a schema that
    # strict structured outputs accept; its helper lives in a private module.
    from openai.lib._pydantic import to_strict_json_schema

    return to_strict_json_schema(model)


def openai_client(api_key: str, base_url: str | None = None, **options) -> openai.AsyncOpenAI:
    """An `AsyncOpenAI` client over aiohttp (the app's HTTP stack already): a call costs about
    half a millisecond less of this process's time than over httpx."""
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url, http_client=openai.DefaultAioHttpClient(),
                              **options)


_SHORTER = ("Your reply was cut off at the length limit. Reply again with the same JSON object, much shorter: "
            "every string at most 25 words, lists at most 3 items, nothing repeated.")
_MIN_REPLY = 128


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
        limiter: AsyncLimiter | None = None,
        retry: RetryPolicy | None = None,
        limits: ReplyLimits | None = None,
        temperature: float = 0.0,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._owned = client
        # Retries are ours (to honour Retry-After and count attempts), so the client makes none.
        self._client = client.with_options(max_retries=0, timeout=timeout)
        self._models = {"fast": fast_model, "strong": strong_model}
        self.limits = limits or ReplyLimits()
        self.meter = TokenMeter()
        self._temperature = temperature
        self._slots = asyncio.Semaphore(max_concurrency)
        # aiolimiter's leaky bucket: `calls_per_minute` at once, then one as each 60/calls_per_minute s passes.
        self._limiter = limiter or AsyncLimiter(calls_per_minute, 60)
        self._retry = retry or HTTP_RETRIES
        self._sleep = sleep
        self.name = f"openai:{fast_model}+{strong_model}"

    async def aclose(self) -> None:
        """Close the client's connections (its copy with our options shares them)."""
        await self._owned.close()

    async def structured(self, *, node: str, tier: Tier, system: str, user: str,
                         output: type[M], usage: Usage, max_tokens: int | None = None,
                         max_calls: int | None = None, max_spend: int | None = None) -> M:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        # A node's own cap (a short reply expected) never exceeds the tier's setting.
        limit = min(max_tokens or self.limits.for_tier(tier), self.limits.for_tier(tier))
        cap = _Cap(node, usage.calls, usage.tokens, max_calls, max_spend)
        content = await self._whole(node, tier, messages, output, usage, limit, cap)
        try:
            return output.model_validate_json(content)
        except ValidationError as first:
            repair = messages + [
                {"role": "assistant", "content": content},
                {"role": "user", "content": "That reply does not match the required JSON schema: "
                 f"{_brief(first)}. Reply again with only a JSON object that matches it."},
            ]
            content = await self._whole(node, tier, repair, output, usage, limit, cap)
            try:
                return output.model_validate_json(content)
            except ValidationError as second:
                raise InvalidOutput(node, f"invalid {output.__name__} after one repair: {_brief(second)}") from second

    async def _whole(self, node: str, tier: Tier, messages: list[dict], output: type[BaseModel], usage: Usage,
                     limit: int, cap: _Cap) -> str:
        """A reply that was not cut off: one shorter retry, then `Truncated`."""
        content, finish = await self._complete(node, tier, messages, output, usage, limit, cap)
        if finish != "length":
            return content
        usage.truncated += 1
        # A cut-off reply is not sent back for repair: it would only be cut off again.
        if not cap.allows_call(usage):
            raise Truncated(node, f"the reply was cut off at max_tokens={limit} and the run's call budget "
                                  "leaves no second attempt")
        # A tighter budget for the second attempt: a model that complies needs far less, and one
        # that loops again wastes half the time.
        tighter = max(_MIN_REPLY // 2, limit // 2)
        content, finish = await self._complete(node, tier, messages + [{"role": "user", "content": _SHORTER}],
                                               output, usage, tighter, cap)
        if finish == "length":
            usage.truncated += 1
            raise Truncated(node, f"the reply was cut off at max_tokens={limit}, and again at {tighter} "
                                  "when asked for a shorter one")
        return content

    def _reply_budget(self, node: str, prompt: int, limit: int) -> int:
        """max_tokens for a prompt of about `prompt` tokens: the limit, less if the context is smaller."""
        context = self.limits.context_tokens
        if context is None:
            return limit
        room = context - prompt
        if room < _MIN_REPLY:
            raise LLMError(node, f"the prompt (about {prompt} tokens) does not fit the model's context "
                                 f"of {context} tokens")
        return min(limit, room)

    async def _complete(self, node: str, tier: Tier, messages: list[dict], output: type[BaseModel], usage: Usage,
                        limit: int, cap: _Cap) -> tuple[str, str | None]:
        response_format = {"type": "json_schema", "json_schema": {
            "name": output.__name__, "schema": _strict_schema(output), "strict": True}}
        text = _prompt_text(messages, output)
        prompt = self.meter.estimate(text)
        for attempt in range(1, self._retry.attempts + 1):
            if not cap.allows_call(usage):
                raise LLMError(node, f"the run's LLM call budget is spent after {attempt - 1} attempt(s)")
            try:
                max_tokens = cap.reply_tokens(usage, prompt, self._reply_budget(node, prompt, limit))
                async with self._slots:
                    await self._limiter.acquire()
                    usage.calls += 1
                    # The client's plain `post`: the typed `create` rebuilds these plain dicts
                    # and the reply's models field by field, a millisecond a call.
                    raw = await self._client.post("/chat/completions", cast_to=bytes, body={
                        "model": self._models[tier], "messages": messages, "response_format": response_format,
                        "max_tokens": max_tokens, "temperature": self._temperature})
                completion = _completion(node, raw)
                self._count(completion, text, prompt, usage)
                choice = completion.choices[0]
                return choice.message.content or "", choice.finish_reason
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError) as exc:
                # A server too slow for the timeout stays too slow: a timeout is tried again once only.
                last = self._retry.timeout_attempts if isinstance(exc, openai.APITimeoutError) else self._retry.attempts
                if attempt >= last:
                    raise LLMError(node, f"{_describe(exc)} after {attempt} attempts") from exc
                await self._sleep(self._retry.delay(attempt, _retry_after(exc)))
            except openai.APIStatusError as exc:
                if exc.status_code < 500:
                    self._learn_context(_describe(exc))
                    raise LLMError(node, _describe(exc)) from exc
                if attempt == self._retry.attempts:
                    raise LLMError(node, f"{_describe(exc)} after {attempt} attempts") from exc
                await self._sleep(self._retry.delay(attempt, _retry_after(exc)))
        raise LLMError(node, "no attempt was made")

    def _count(self, completion: _Completion, text: str, estimate: int, usage: Usage) -> None:
        """Tokens as the server counted them (the estimate if it sent none); they calibrate the estimates."""
        if not completion.usage:
            usage.tokens += estimate
            return
        usage.tokens += completion.usage.total_tokens
        self.meter.observe(len(text), completion.usage.prompt_tokens)

    def _learn_context(self, message: str) -> None:
        size = context_size(message)
        if size:
            self.limits.context_tokens = min(size, self.limits.context_tokens or size)


@dataclass
class _Cap:
    """What one `structured` call may still spend of the run's budget."""

    node: str
    calls_at_start: int
    tokens_at_start: int
    max_calls: int | None
    max_spend: int | None

    def allows_call(self, usage: Usage) -> bool:
        return self.max_calls is None or usage.calls - self.calls_at_start < self.max_calls

    def reply_tokens(self, usage: Usage, prompt: int, wanted: int) -> int:
        """`wanted`, or less to stay inside the token budget; BudgetSpent/LLMError when too little is left."""
        if self.max_spend is None:
            return wanted
        room = self.max_spend - (usage.tokens - self.tokens_at_start) - prompt
        if room >= min(wanted, _MIN_REPLY):
            return min(wanted, room)
        message = f"the run's token budget leaves {max(room, 0)} tokens for a reply after a prompt of about {prompt}"
        if usage.calls == self.calls_at_start:
            raise BudgetSpent(self.node, message)
        raise LLMError(self.node, message)


class _Message(BaseModel):
    content: str | None = None


class _Choice(BaseModel):
    message: _Message
    finish_reason: str | None = None


class _TokenCounts(BaseModel):
    prompt_tokens: int = 0
    total_tokens: int = 0


class _Completion(BaseModel):
    """The part of a chat completion this client reads; other fields are ignored."""

    choices: list[_Choice] = Field(min_length=1)
    usage: _TokenCounts | None = None


def _completion(node: str, raw: bytes) -> _Completion:
    try:
        return _Completion.model_validate_json(raw)
    except ValidationError as exc:
        shown = " ".join(raw[:200].decode("utf-8", "replace").split())
        raise LLMError(node, f"the server's reply is not a chat completion ({_brief(exc)}): {shown}") from exc


def _prompt_text(messages: list[dict], output: type[BaseModel]) -> str:
    return "".join(str(m["content"]) for m in messages) + _schema_text(output)


@functools.cache
def _schema_text(output: type[BaseModel]) -> str:
    # Servers that enforce the schema by grammar still count it into the prompt on some
    # chat templates; including it keeps the estimate on the safe side.
    return json.dumps(_strict_schema(output))


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
        said = _server_message(exc)
        return f"HTTP {exc.status_code}" + (f' ("{said}")' if said else "")
    return str(exc)


def _server_message(exc: openai.APIStatusError) -> str:
    """The server's own words, from an OpenAI-style error body or the plain response text."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
    else:
        message = body
    if not message:
        try:
            message = exc.response.text
        except Exception:  # noqa: BLE001 - a streamed or closed body has no text to show
            message = ""
    return " ".join(str(message).split())[:300]


def _brief(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "reply"
    return f"{where}: {first['msg']} ({error.error_count()} errors)"
