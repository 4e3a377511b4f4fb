"""A channel's own settings (`/rfp config`): its reviewers, confidence threshold and knowledge base."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from .store import Store, now


class ChannelSettings(BaseModel):
    """What a channel changed from the defaults (None: the default applies)."""

    channel: str
    reviewers: str | None = None
    """Comma-separated user and user-group ids."""
    confidence_threshold: int | None = None
    knowledge_base: str | None = None
    """A named knowledge base to answer from (None: the default one)."""
    updated_by: str
    updated_at: datetime


class ChannelSettingsStore:
    """Reads and writes `channel_settings`, through the Store's thread and lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def get(self, channel: str | None) -> ChannelSettings | None:
        """The channel's settings, or None when it has none of its own."""
        if not channel:
            return None

        def read() -> ChannelSettings | None:
            rows = list(self.db["channel_settings"].rows_where("channel = ?", [channel], limit=1))
            return ChannelSettings.model_validate(rows[0]) if rows else None

        return await self.store.call(read)

    async def knowledge_bases(self) -> dict[str, str]:
        """{channel: knowledge base} for the channels that answer from a named one."""
        def read() -> dict[str, str]:
            return {r["channel"]: r["knowledge_base"] for r in self.db.query(
                "SELECT channel, knowledge_base FROM channel_settings WHERE knowledge_base IS NOT NULL")}

        return await self.store.call(read)

    async def put(self, channel: str, reviewers: str | None, threshold: int | None, user: str,
                  knowledge_base: str | None = None) -> ChannelSettings:
        """Replace the channel's settings."""
        settings = ChannelSettings(channel=channel, reviewers=reviewers or None, confidence_threshold=threshold,
                                   knowledge_base=knowledge_base or None, updated_by=user, updated_at=now())

        def write() -> ChannelSettings:
            with self.db.transaction():
                self.db["channel_settings"].upsert(settings.model_dump(mode="json"))
            return settings

        return await self.store.call(write)
