"""Who may approve, edit or reject answers: user ids and user-group ids from settings."""

from __future__ import annotations

import re
import time

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from storage import ChannelSettingsStore

_GROUP_TTL = 300.0


class Reviewers:
    """Reviewer checks; user-group membership is asked of Slack and cached for a few minutes."""

    def __init__(self, ids: list[str], client: AsyncWebClient) -> None:
        self._users = {i for i in ids if i[:1] in ("U", "W")}
        self._groups = [i for i in ids if i[:1] == "S"]
        self._client = client
        self._members: dict[str, tuple[float, set[str]]] = {}

    @property
    def configured(self) -> bool:
        """Whether a reviewer list was given at all."""
        return bool(self._users or self._groups)

    def mention(self) -> str:
        """How the answer message tags the reviewers."""
        return " ".join([*(f"<@{u}>" for u in sorted(self._users)), *(f"<!subteam^{g}>" for g in self._groups)])

    def describe(self) -> str:
        """Who may review, for the message that refuses someone."""
        return self.mention() if self.configured else "anyone but the person who asked"

    async def can_review(self, user: str, asker: str | None) -> bool:
        """Configured reviewers may; with none configured, anyone but the asker may."""
        if not self.configured:
            return user != asker
        if user in self._users:
            return True
        for group in self._groups:
            if user in await self._group_members(group):
                return True
        return False

    async def _group_members(self, group: str) -> set[str]:
        cached = self._members.get(group)
        if cached and time.monotonic() - cached[0] < _GROUP_TTL:
            return cached[1]
        try:
            response = await self._client.usergroups_users_list(usergroup=group)
            members = set(response.get("users", []))
        except SlackApiError:
            members = cached[1] if cached else set()
        self._members[group] = (time.monotonic(), members)
        return members


class ReviewerDirectory:
    """Each channel's reviewers and confidence threshold: its own (`/rfp config`), else the configured ones."""

    def __init__(self, default: Reviewers, channels: ChannelSettingsStore, client: AsyncWebClient) -> None:
        self.default = default
        self._channels = channels
        self._client = client
        self._own: dict[str, Reviewers] = {}

    async def of(self, channel: str | None) -> Reviewers:
        """Who reviews answers given in `channel`."""
        settings = await self._channels.get(channel)
        if settings is None or not settings.reviewers:
            return self.default
        if settings.reviewers not in self._own:  # kept, so user-group lookups stay cached
            self._own[settings.reviewers] = Reviewers(parse_ids(settings.reviewers), self._client)
        return self._own[settings.reviewers]

    async def threshold(self, channel: str | None) -> int | None:
        """The channel's own confidence threshold, or None for the configured one."""
        settings = await self._channels.get(channel)
        return settings.confidence_threshold if settings else None


def parse_ids(text: str) -> list[str]:
    """User and user-group ids from `U123, S456` or from mentions (`<@U123>`, `<!subteam^S456|@team>`)."""
    found = re.findall(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>|<!subteam\^(S[A-Z0-9]+)(?:\|[^>]*)?>|\b([UWS][A-Z0-9]{2,})\b", text)
    return list(dict.fromkeys(next(part for part in match if part) for match in found))
