"""Files in Slack: fetching a shared questionnaire, posting the filled copy back.

The file is fetched from the address `files.info` gives, with the bot token, and only
from Slack's own file host (or the configured API host): the token never goes anywhere else.
"""

from __future__ import annotations

from urllib.parse import urlparse

import aiohttp
from pydantic import BaseModel
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from questionnaire import human_size

from ..errors import BotError

SLACK_FILE_HOST = "files.slack.com"
_CHUNK = 1 << 16


class SlackFileError(BotError):
    """A shared file that could not be fetched; the message says why."""


class SharedFile(BaseModel):
    """A file's name and bytes."""

    name: str
    data: bytes


class SlackFiles:
    """Fetch and post files with the bot's client."""

    def __init__(self, client: AsyncWebClient, max_bytes: int) -> None:
        self._client = client
        self._max_bytes = max_bytes
        self._hosts = {SLACK_FILE_HOST, urlparse(client.base_url).hostname}

    async def fetch(self, file_id: str) -> SharedFile:
        """The file's bytes, or SlackFileError (too big, not reachable, no permission)."""
        try:
            info = (await self._client.files_info(file=file_id))["file"]
        except SlackApiError as exc:
            raise SlackFileError(_refusal("read", exc)) from exc
        name = info.get("name") or file_id
        if (info.get("size") or 0) > self._max_bytes:
            raise SlackFileError(f"{name} is {human_size(info['size'])}; the limit is {human_size(self._max_bytes)} "
                                 "(RFPBOT_BATCH_MAX_BYTES). Split the questionnaire, or ask an admin to raise the limit.")
        url = info.get("url_private_download") or info.get("url_private")
        if not url or urlparse(url).hostname not in self._hosts or urlparse(url).scheme not in ("https", "http"):
            raise SlackFileError(f"Slack gave no download address for {name} that I may use.")
        return SharedFile(name=name, data=await self._download(name, url))

    async def _download(self, name: str, url: str) -> bytes:
        headers = {"Authorization": f"Bearer {self._client.token}"}
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session:
            async with session.get(url, headers=headers, allow_redirects=False) as response:
                if response.status != 200:
                    raise SlackFileError(f"Slack refused to hand over {name} (HTTP {response.status}). "
                                         "The app may lack the files:read scope: reinstall it from manifest.yml.")
                if response.content_type == "text/html":
                    raise SlackFileError(f"Slack sent a sign-in page instead of {name}: the app lacks the files:read "
                                         "scope. Reinstall it from manifest.yml.")
                data = bytearray()
                async for chunk in response.content.iter_chunked(_CHUNK):
                    data += chunk
                    if len(data) > self._max_bytes:
                        raise SlackFileError(f"{name} is larger than the limit of {human_size(self._max_bytes)} "
                                             "(RFPBOT_BATCH_MAX_BYTES).")
        return bytes(data)

    async def post(self, channel: str, thread_ts: str | None, name: str, data: bytes, comment: str) -> None:
        """Upload `data` as `name` into the thread, with a comment."""
        try:
            await self._client.files_upload_v2(channel=channel, thread_ts=thread_ts, file=data, filename=name,
                                               title=name, initial_comment=comment)
        except SlackApiError as exc:
            raise SlackFileError(_refusal("post", exc)) from exc


_SCOPE = {"read": "files:read", "post": "files:write"}


def _refusal(verb: str, error: SlackApiError) -> str:
    """What Slack's refusal to hand over or accept a file means for the person in the thread."""
    code = error.response.get("error")
    if code in ("missing_scope", "not_allowed_token_type", "no_permission"):
        return (f"Slack would not let me {verb} files: the app lacks the {_SCOPE[verb]} scope. "
                "Ask an admin to reinstall it from manifest.yml.")
    if code == "file_not_found" or code == "file_deleted":
        return "the file was deleted (or is not shared with me) before I could read it: share it again."
    return f"Slack refused to let me {verb} the file ({code}). Please try again in a minute."
