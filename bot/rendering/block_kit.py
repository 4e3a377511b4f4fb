"""Block Kit building blocks, made with slack_sdk's models and handed on as dicts.

slack_sdk checks Slack's limits (button text, values, section text…) when a block
becomes a dict, so a block Slack would refuse fails here, in a test, and not in a
user's thread. Text is `verbatim`: Slack must not turn URLs or names in quoted text
into links or mentions.
"""

from __future__ import annotations

import json

from slack_sdk.models.blocks import (ActionsBlock, ButtonElement, ContextBlock, DividerBlock, HeaderBlock, InputBlock,
                                     MarkdownTextObject, PlainTextInputElement, PlainTextObject, SectionBlock)
from slack_sdk.models.views import View

SECTION_LIMIT = 3000
BLOCK_LIMIT = 50


def mrkdwn(text: str) -> MarkdownTextObject:
    """Markdown text, verbatim."""
    return MarkdownTextObject(text=text, verbatim=True)


def section(text: str) -> dict:
    """A section of markdown text, cut to Slack's limit."""
    return SectionBlock(text=mrkdwn(text[:SECTION_LIMIT])).to_dict()


def context(text: str) -> dict:
    """A small grey line of markdown text."""
    return ContextBlock(elements=[mrkdwn(text)]).to_dict()


def header(text: str) -> dict:
    """A header (plain text)."""
    return HeaderBlock(text=PlainTextObject(text=text[:150])).to_dict()


def divider() -> dict:
    """A horizontal rule."""
    return DividerBlock().to_dict()


def button(text: str, action_id: str, value: str, style: str | None = None) -> ButtonElement:
    """A button (emoji shortcodes in its text are drawn)."""
    return ButtonElement(text=PlainTextObject(text=text, emoji=True), action_id=action_id, value=value, style=style)


def actions(buttons: list[ButtonElement], block_id: str | None = None) -> dict:
    """A row of buttons."""
    return ActionsBlock(block_id=block_id, elements=buttons).to_dict()


def text_input(block_id: str, label: str, *, optional: bool = False, multiline: bool = True,
               initial: str | None = None, min_length: int | None = None, max_length: int | None = None) -> InputBlock:
    """A text box in a modal; its value arrives under `block_id` → "text"."""
    return InputBlock(block_id=block_id, label=label, optional=optional, element=PlainTextInputElement(
        action_id="text", multiline=multiline, initial_value=initial, min_length=min_length, max_length=max_length))


def modal(callback_id: str, title: str, submit: str, close: str, blocks: list, metadata: dict) -> dict:
    """A modal view; `metadata` comes back with the submission (bot.payloads.ViewSubmission.meta)."""
    return View(type="modal", callback_id=callback_id, private_metadata=json.dumps(metadata), title=title,
                submit=submit, close=close, blocks=blocks).to_dict()
