"""A fake Slack Web API that the real AsyncWebClient talks to over HTTP.

Stateful: messages by channel and ts (posted and updated), ephemeral messages,
reactions, opened views, responses to response_url, user groups, files (shared ones
to download with the bot token, uploaded ones through the external upload flow).
Every call is logged. Faults are injected per method: an HTTP status with Retry-After (429, 500)
or a Slack error code.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict, deque
from dataclasses import dataclass, field

from aiohttp import web

from tests.fakes.server import ThreadedServer

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
    files: dict[str, dict] = field(default_factory=dict)
    uploads: dict[str, dict] = field(default_factory=dict)
    downloads: list[str] = field(default_factory=list)
    homes: dict[str, dict] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._ts = itertools.count(1)
        self._file_ids = itertools.count(1)
        self._host = "127.0.0.1"

    def add_file(self, name: str, data: bytes, *, mimetype: str = "application/octet-stream") -> dict:
        """A file someone shared; returns it as a message event carries it."""
        file_id = f"F{next(self._file_ids):04d}"
        self.files[file_id] = {"id": file_id, "name": name, "size": len(data), "mimetype": mimetype, "data": data}
        return {"id": file_id, "name": name, "size": len(data), "mimetype": mimetype,
                "filetype": name.rsplit(".", 1)[-1]}

    def uploaded(self, channel: str, thread_ts: str) -> list[dict]:
        """Files uploaded into a thread, oldest first: {name, data, comment}."""
        return [u for u in self.uploads.values() if u.get("channel") == channel and u.get("thread_ts") == thread_ts]

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
        app.router.add_get("/files/{file_id}/{name}", self._download)
        app.router.add_post("/upload/{file_id}", self._upload)
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
        self._host = request.host
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
                   "thread_ts": args.get("thread_ts"), "user": BOT_USER,
                   **({"metadata": args["metadata"]} if args.get("metadata") else {})}
        self.messages[args["channel"]][ts] = message
        return {"ok": True, "channel": args["channel"], "ts": ts, "message": message}

    def _conversations_replies(self, args: dict) -> dict:
        # One page; metadata only when asked for, as Slack does.
        found = self.thread(args["channel"], args["ts"])
        if str(args.get("include_all_metadata")).lower() not in ("true", "1"):
            found = [{k: v for k, v in m.items() if k != "metadata"} for m in found]
        return {"ok": True, "messages": found, "has_more": False}

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

    def _views_publish(self, args: dict) -> dict:
        self.homes[args["user_id"]] = args["view"]
        return {"ok": True, "view": {"id": "VHOME", **args["view"]}}

    def _usergroups_users_list(self, args: dict) -> dict:
        return {"ok": True, "users": self.usergroups.get(args["usergroup"], [])}

    def _files_info(self, args: dict) -> dict:
        file = self.files.get(args.get("file"))
        if file is None:
            return {"ok": False, "error": "file_not_found"}
        url = f"http://{self._host}/files/{file['id']}/{file['name']}"
        meta = {k: v for k, v in file.items() if k != "data"}
        return {"ok": True, "file": {**meta, "url_private": url, "url_private_download": url}}

    async def _download(self, request: web.Request) -> web.Response:
        file = self.files.get(request.match_info["file_id"])
        if request.headers.get("Authorization") != f"Bearer {TOKEN}":
            # What Slack does without a token (or the files:read scope): a sign-in page.
            return web.Response(text="<html>Sign in to Slack</html>", content_type="text/html")
        if file is None:
            return web.Response(status=404)
        self.downloads.append(file["id"])
        return web.Response(body=file["data"], content_type=file["mimetype"])

    def _files_getUploadURLExternal(self, args: dict) -> dict:
        file_id = f"FUP{next(self._file_ids):04d}"
        self.uploads[file_id] = {"name": args["filename"], "length": int(args["length"])}
        return {"ok": True, "file_id": file_id, "upload_url": f"http://{self._host}/upload/{file_id}"}

    async def _upload(self, request: web.Request) -> web.Response:
        upload = self.uploads.get(request.match_info["file_id"])
        if upload is None:
            return web.Response(status=404, text="unknown upload")
        upload["data"] = await request.read()
        return web.Response(text="OK - %d" % len(upload["data"]))

    def _files_completeUploadExternal(self, args: dict) -> dict:
        done = []
        for entry in args["files"]:
            upload = self.uploads[entry["id"]]
            if "data" not in upload:
                return {"ok": False, "error": "file_upload_not_found"}
            upload.update(channel=args.get("channel_id"), thread_ts=args.get("thread_ts"),
                          comment=args.get("initial_comment"), title=entry.get("title"))
            done.append({"id": entry["id"], "name": upload["name"], "title": entry.get("title")})
        ts = f"{1700000000 + next(self._ts)}.000100"
        channel = args.get("channel_id")
        self.messages[channel][ts] = {"ts": ts, "channel": channel, "text": args.get("initial_comment") or "",
                                      "blocks": [], "thread_ts": args.get("thread_ts"), "user": BOT_USER,
                                      "files": done}
        return {"ok": True, "files": done}

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
        args = {**request.query, **await request.json()}
    else:
        args = {**request.query, **await request.post()}
    for key in ("blocks", "view", "attachments", "files", "metadata"):
        if isinstance(args.get(key), str):
            args[key] = json.loads(args[key])
    return args
