"""Slack's payloads as typed models, parsed at the listener edge.

Only the fields rfpbot reads are declared; the rest is ignored. A payload missing one
of them fails validation there, and the listeners' one error boundary reports it.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field


class _Payload(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Id(_Payload):
    id: str


class SharedFile(_Payload):
    """A file shared with a message (its contents are fetched later, by id)."""

    id: str
    name: str | None = None


class MessageEvent(_Payload):
    """An `app_mention`, or a `message` in a direct message."""

    channel: str
    ts: str
    user: str | None = None
    text: str = ""
    thread_ts: str | None = None
    channel_type: str | None = None
    bot_id: str | None = None
    files: list[SharedFile] = Field(default_factory=list)

    @property
    def thread(self) -> str:
        """The thread to answer in: the message's thread, or the message itself."""
        return self.thread_ts or self.ts

    @property
    def in_thread(self) -> bool:
        """Whether the message was written in an existing thread."""
        return self.thread_ts is not None


class _Item(_Payload):
    type: str
    channel: str | None = None
    ts: str | None = None


class ReactionEvent(_Payload):
    """`reaction_added` / `reaction_removed`."""

    user: str
    reaction: str
    item: _Item


class SlashCommand(_Payload):
    """`/rfp …`."""

    user_id: str
    channel_id: str
    text: str = ""
    trigger_id: str | None = None


class _Action(_Payload):
    action_id: str
    value: str = ""


class _Container(_Payload):
    message_ts: str | None = None


class _View(_Payload):
    type: str | None = None


class BlockActions(_Payload):
    """A button clicked in a message or in the App Home."""

    user: _Id
    actions: list[_Action] = Field(min_length=1)
    channel: _Id | None = None
    trigger_id: str | None = None
    container: _Container = _Container()
    view: _View | None = None

    @property
    def clicker(self) -> str:
        """Who clicked."""
        return self.user.id

    @property
    def value(self) -> str:
        """The clicked button's value."""
        return self.actions[0].value

    @property
    def channel_id(self) -> str | None:
        """The conversation of the clicked message; None for a click in the App Home."""
        return self.channel.id if self.channel else None

    @property
    def message_ts(self) -> str | None:
        """The clicked message."""
        return self.container.message_ts

    @property
    def from_home(self) -> bool:
        """Whether the click came from the App Home."""
        return bool(self.view and self.view.type == "home")


class _State(_Payload):
    values: dict[str, dict[str, dict]] = Field(default_factory=dict)


class _SubmittedView(_Payload):
    private_metadata: str = "{}"
    state: _State = _State()


class ViewSubmission(_Payload):
    """A modal's submission."""

    user: _Id
    view: _SubmittedView

    @property
    def submitter(self) -> str:
        """Who submitted."""
        return self.user.id

    def meta(self) -> dict:
        """What the modal carried (its private metadata)."""
        return json.loads(self.view.private_metadata or "{}")

    def element(self, block: str, action: str) -> dict:
        """One input's state ({} when the block is not in the modal)."""
        return self.view.state.values.get(block, {}).get(action) or {}

    def text(self, block: str, action: str = "text") -> str:
        """A text input's value, stripped ("" when empty)."""
        return (self.element(block, action).get("value") or "").strip()
