"""A channel's own settings (`/rfp config`): its reviewers and confidence threshold."""

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

    async def put(self, channel: str, reviewers: str | None, threshold: int | None, user: str) -> ChannelSettings:
        """Replace the channel's settings."""
        settings = ChannelSettings(channel=channel, reviewers=reviewers or None, confidence_threshold=threshold,
                                   updated_by=user, updated_at=now())

        def write() -> ChannelSettings:
            with self.db.conn:
                self.db["channel_settings"].upsert(settings.model_dump(mode="json"), pk="channel")
            return settings

        return await self.store.call(write)
