"""A fake Slack Web API that the real AsyncWebClient talks to over HTTP.

Stateful: messages by channel and ts (posted and updated), ephemeral messages,
reactions, opened views, responses to response_url, user groups. Every call is
logged. Faults are injected per method: an HTTP status with Retry-After (429, 500)
or a Slack error code.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict, deque
from dataclasses import dataclass, field

from aiohttp import web

from .server import ThreadedServer

BOT_USER = "UBOT"
TOKEN = "xoxb-test-token"


@dataclass
class SlackFault:
    """A scripted failure of one method."""

    status: int = 429
    retry_after: int | None = 0
    error: str | None = None


@dataclass
class FakeSlack:
    """The fake's state; start it with `serve()`."""

    messages: dict[str, dict[str, dict]] = field(default_factory=lambda: defaultdict(dict))
    ephemeral: list[dict] = field(default_factory=list)
    views: list[dict] = field(default_factory=list)
    responses: list[dict] = field(default_factory=list)
    reactions: list[dict] = field(default_factory=list)
    usergroups: dict[str, list[str]] = field(default_factory=dict)
    calls: list[tuple[str, dict]] = field(default_factory=list)
    faults: dict[str, deque[SlackFault | None]] = field(default_factory=lambda: defaultdict(deque))

    def __post_init__(self) -> None:
        self._ts = itertools.count(1)

    def fail_next(self, method: str, *faults: SlackFault, after: int = 0) -> None:
        """Serve these faults to the next calls of `method`, once `after` calls have succeeded."""
        self.faults[method].extend([None] * after + list(faults))

    def serve(self, port: int = 0) -> ThreadedServer:
        """A running server; `.url + '/api/'` is the client's base_url."""
        app = web.Application()
        app.router.add_post("/api/{method}", self._api)
        app.router.add_get("/api/{method}", self._api)
        app.router.add_post("/response/{hook}", self._response_url)
        app.router.add_get("/_messages", self._dump)
        return ThreadedServer(app, port)

    # -- reading the state ----------------------------------------------------------

    def thread(self, channel: str, thread_ts: str) -> list[dict]:
        """Messages of a thread (the parent too), oldest first."""
        found = [m for ts, m in self.messages[channel].items() if ts == thread_ts or m.get("thread_ts") == thread_ts]
        return sorted(found, key=lambda m: float(m["ts"]))

    def count(self, method: str) -> int:
        """How many times a method was called."""
        return sum(1 for name, _ in self.calls if name == method)

    # -- handlers ---------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.headers.get("Authorization") != f"Bearer {TOKEN}":
            return web.json_response({"ok": False, "error": "invalid_auth"})
        args = await _arguments(request)
        self.calls.append((method, args))
        fault = self.faults[method].popleft() if self.faults[method] else None
        if fault is not None:
            if fault.error:
                return web.json_response({"ok": False, "error": fault.error})
            headers = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
            return web.json_response({"ok": False, "error": "ratelimited"}, status=fault.status, headers=headers)
        handler = getattr(self, "_" + method.replace(".", "_"), None)
        if handler is None:
            return web.json_response({"ok": False, "error": "unknown_method"})
        return web.json_response(handler(args))

    def _auth_test(self, args: dict) -> dict:
        return {"ok": True, "user_id": BOT_USER, "bot_id": "BBOT", "team_id": "T1", "user": "rfpbot", "team": "Test"}

    def _chat_postMessage(self, args: dict) -> dict:
        ts = f"{1700000000 + next(self._ts)}.000100"
        message = {"ts": ts, "channel": args["channel"], "text": args.get("text", ""), "blocks": args.get("blocks", []),
                   "thread_ts": args.get("thread_ts"), "user": BOT_USER}
        self.messages[args["channel"]][ts] = message
        return {"ok": True, "channel": args["channel"], "ts": ts, "message": message}

    def _chat_update(self, args: dict) -> dict:
        message = self.messages[args["channel"]].get(args["ts"])
        if message is None:
            return {"ok": False, "error": "message_not_found"}
        message.update(text=args.get("text", message["text"]), blocks=args.get("blocks", message["blocks"]),
                       edits=message.get("edits", 0) + 1)
        return {"ok": True, "channel": args["channel"], "ts": args["ts"]}

    def _chat_postEphemeral(self, args: dict) -> dict:
        self.ephemeral.append(args)
        return {"ok": True, "message_ts": f"{1700000000 + next(self._ts)}.000200"}

    def _reactions_add(self, args: dict) -> dict:
        self.reactions.append(args)
        return {"ok": True}

    def _views_open(self, args: dict) -> dict:
        self.views.append(args)
        return {"ok": True, "view": {"id": f"V{len(self.views)}", **args["view"]}}

    def _usergroups_users_list(self, args: dict) -> dict:
        return {"ok": True, "users": self.usergroups.get(args["usergroup"], [])}

    async def _dump(self, request: web.Request) -> web.Response:
        """Every message by channel (for a benchmark that runs this fake in another process)."""
        return web.json_response(self.messages)

    async def _response_url(self, request: web.Request) -> web.Response:
        self.responses.append(await request.json())
        return web.Response(text="ok")


async def _arguments(request: web.Request) -> dict:
    if request.method == "GET":
        args = dict(request.query)
    elif request.content_type == "application/json":
        args = await request.json()
    else:
        args = dict(await request.post())
    for key in ("blocks", "view", "attachments"):
        if isinstance(args.get(key), str):
            args[key] = json.loads(args[key])
    return args
