"""Signed requests to the app's HTTP endpoint, as Slack sends them."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import time
from urllib.parse import urlencode

import aiohttp

SIGNING_SECRET = "test-signing-secret"
_ids = itertools.count(1)


def signature(body: str, timestamp: str, secret: str = SIGNING_SECRET) -> str:
    """Slack's `v0=` HMAC of `v0:{timestamp}:{body}`."""
    digest = hmac.new(secret.encode(), f"v0:{timestamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return f"v0={digest}"


class SlackSender:
    """Posts events, slash commands and interactions to the app, signed."""

    def __init__(self, url: str, session: aiohttp.ClientSession, secret: str = SIGNING_SECRET) -> None:
        self.url = url
        self.session = session
        self.secret = secret

    async def post(self, body: str, content_type: str, *, timestamp: int | None = None, retry_num: int | None = None,
                   signature_override: str | None = None) -> aiohttp.ClientResponse:
        """One signed POST; returns the response (status and body read)."""
        ts = str(timestamp if timestamp is not None else int(time.time()))
        headers = {"Content-Type": content_type, "X-Slack-Request-Timestamp": ts,
                   "X-Slack-Signature": signature_override or signature(body, ts, self.secret)}
        if retry_num is not None:
            headers.update({"X-Slack-Retry-Num": str(retry_num), "X-Slack-Retry-Reason": "http_timeout"})
        async with self.session.post(self.url, data=body.encode(), headers=headers) as response:
            await response.read()
            return response

    async def event(self, event: dict, *, event_id: str | None = None, **kwargs) -> aiohttp.ClientResponse:
        """An Events API callback."""
        body = {"token": "t", "team_id": "T1", "api_app_id": "A1", "type": "event_callback",
                "event_id": event_id or f"Ev{next(_ids)}", "event_time": int(time.time()), "event": event,
                "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}]}
        return await self.post(json.dumps(body), "application/json", **kwargs)

    async def mention(self, text: str, *, user: str = "U1", channel: str = "C1", ts: str | None = None,
                      thread_ts: str | None = None, files: list[dict] | None = None, **kwargs) -> aiohttp.ClientResponse:
        """`@rfpbot text` in a channel (or a thread), with the files shared in the same message."""
        ts = ts or f"{1600000000 + next(_ids)}.000001"
        event = {"type": "app_mention", "user": user, "text": f"<@UBOT> {text}", "ts": ts, "channel": channel,
                 "event_ts": ts}
        if thread_ts:
            event["thread_ts"] = thread_ts
        if files:
            event.update(files=files, upload=True)
        return await self.event(event, **kwargs)

    async def direct_file(self, files: list[dict], text: str = "", *, user: str = "U1", channel: str = "D1",
                          ts: str | None = None) -> aiohttp.ClientResponse:
        """A file shared in a direct message to the bot."""
        ts = ts or f"{1600000000 + next(_ids)}.000001"
        return await self.event({"type": "message", "subtype": "file_share", "channel_type": "im", "user": user,
                                 "text": text, "ts": ts, "channel": channel, "event_ts": ts, "files": files})

    async def command(self, text: str, *, user: str = "U1", channel: str = "C1", response_url: str = "") -> aiohttp.ClientResponse:
        """`/rfp text`."""
        form = {"token": "t", "team_id": "T1", "command": "/rfp", "text": text, "user_id": user, "channel_id": channel,
                "response_url": response_url, "trigger_id": f"trig{next(_ids)}", "api_app_id": "A1"}
        return await self.post(urlencode(form), "application/x-www-form-urlencoded")

    async def interaction(self, payload: dict) -> aiohttp.ClientResponse:
        """A block action or view submission."""
        payload = {"team": {"id": "T1"}, "api_app_id": "A1", "token": "t", **payload}
        return await self.post(urlencode({"payload": json.dumps(payload)}), "application/x-www-form-urlencoded")

    async def click(self, action_id: str, value: str, *, user: str, channel: str = "C1", message_ts: str = "") -> aiohttp.ClientResponse:
        """A button press."""
        return await self.interaction({
            "type": "block_actions", "user": {"id": user}, "trigger_id": f"trig{next(_ids)}",
            "channel": {"id": channel}, "container": {"type": "message", "message_ts": message_ts, "channel_id": channel},
            "message": {"ts": message_ts}, "actions": [{"action_id": action_id, "value": value, "type": "button",
                                                        "block_id": "review", "action_ts": str(time.time())}]})

    async def click_home(self, action_id: str, value: str, *, user: str) -> aiohttp.ClientResponse:
        """A button press in the App Home (no channel; the view is the home tab)."""
        return await self.interaction({
            "type": "block_actions", "user": {"id": user}, "trigger_id": f"trig{next(_ids)}",
            "container": {"type": "view", "view_id": "VHOME"}, "view": {"id": "VHOME", "type": "home"},
            "actions": [{"action_id": action_id, "value": value, "type": "button", "block_id": f"home-{value}",
                         "action_ts": str(time.time())}]})

    async def submit_view(self, view: dict, values: dict, *, user: str) -> aiohttp.ClientResponse:
        """Submitting a modal that the app opened; `values` maps block id to the text typed."""
        state = {block: {"text": {"type": "plain_text_input", "value": text}} for block, text in values.items()}
        return await self.interaction({"type": "view_submission", "user": {"id": user}, "trigger_id": "trig",
                                       "view": {**view, "id": "V1", "state": {"values": state}}})
