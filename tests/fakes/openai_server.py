"""A fake OpenAI-compatible API that the real `openai` client talks to over HTTP.

Embeddings are a deterministic bag of hashed words. Chat completions come from a
scripted handler. Faults (status codes with Retry-After, hangs, bodies) are queued
and served before normal replies, and every call is logged.
"""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from aiohttp import web

from tests.fakes.server import ThreadedServer

ChatHandler = Callable[[dict], str]


@dataclass
class Fault:
    """One scripted failure: an HTTP status (with optional Retry-After), a hang, or (status 200
    with a body) a reply that is not a chat completion."""

    status: int = 500
    retry_after: float | None = None
    hang_seconds: float = 0.0
    body: str | None = None
    message: str | None = None


@dataclass
class Call:
    """One request as the server saw it."""

    path: str
    body: dict
    started: float
    ended: float = 0.0


@dataclass
class FakeOpenAI:
    """State of the fake: faults to serve, the chat script, the call log."""

    dim: int = 32
    latency: float = 0.0
    chat: ChatHandler | None = None
    faults: deque[Fault] = field(default_factory=deque)
    calls: list[Call] = field(default_factory=list)
    cut_off: dict[str, int] = field(default_factory=dict)
    """{schema name: n}: the next n replies for that schema stop halfway, finish_reason "length"."""

    def fail_next(self, *faults: Fault) -> None:
        """Serve these faults, in order, before any normal reply."""
        self.faults.extend(faults)

    def app(self) -> web.Application:
        """The aiohttp application with the OpenAI routes."""
        app = web.Application()
        app.router.add_post("/v1/embeddings", self._embeddings)
        app.router.add_post("/v1/chat/completions", self._chat)
        return app

    def serve(self) -> ThreadedServer:
        """A running server; its `.url` + '/v1' is the client's base_url."""
        return ThreadedServer(self.app())

    async def _begin(self, request: web.Request) -> tuple[Call, web.Response | None]:
        call = Call(request.path, await request.json(), time.monotonic())
        self.calls.append(call)
        if self.faults:
            fault = self.faults.popleft()
            if fault.hang_seconds:
                await asyncio.sleep(fault.hang_seconds)
            if fault.body is not None and fault.status == 200:
                return call, web.Response(text=fault.body, content_type="application/json")
            if fault.body is None or fault.status != 200:
                headers = {"retry-after": str(fault.retry_after)} if fault.retry_after is not None else {}
                error = {"error": {"message": fault.message or f"scripted fault {fault.status}", "type": "server_error"}}
                return call, web.json_response(error, status=fault.status, headers=headers)
        if self.latency:
            await asyncio.sleep(self.latency)
        return call, None

    async def _embeddings(self, request: web.Request) -> web.Response:
        call, fault = await self._begin(request)
        if fault is not None:
            return fault
        texts = call.body["input"]
        texts = [texts] if isinstance(texts, str) else texts
        data = [{"object": "embedding", "index": i, "embedding": self._vector(t)} for i, t in enumerate(texts)]
        call.ended = time.monotonic()
        return web.json_response({
            "object": "list", "data": data, "model": call.body["model"],
            "usage": {"prompt_tokens": sum(len(t.split()) for t in texts), "total_tokens": 0},
        })

    def _vector(self, text: str) -> list[float]:
        row = np.zeros(self.dim)
        for word in text.lower().split():
            row[zlib.crc32(word.encode()) % self.dim] += 1.0
        return row.tolist()

    async def _chat(self, request: web.Request) -> web.Response:
        call, fault = await self._begin(request)
        if fault is not None:
            return fault
        content = self.chat(call.body) if self.chat else "{}"
        finish = "stop"
        schema = call.body.get("response_format", {}).get("json_schema", {}).get("name")
        if self.cut_off.get(schema):
            self.cut_off[schema] -= 1
            content, finish = content[: len(content) // 2], "length"
        call.ended = time.monotonic()
        prompt_tokens = sum(len(str(m.get("content", "")).split()) for m in call.body.get("messages", []))
        return web.json_response({
            "id": f"chatcmpl-{len(self.calls)}", "object": "chat.completion", "created": int(time.time()),
            "model": call.body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", "content": content, "refusal": None}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(content.split()),
                      "total_tokens": prompt_tokens + len(content.split())},
        })


def dumps(model) -> str:
    """A pydantic model or dict as the JSON text a model would reply with."""
    return model.model_dump_json() if hasattr(model, "model_dump_json") else json.dumps(model)
