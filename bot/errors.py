"""Errors of the Slack app; all derive from BotError."""


class BotError(Exception):
    """Base of every error raised by bot/."""
