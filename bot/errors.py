"""Errors of the bot package (CLI and Slack app); all derive from BotError."""


class BotError(Exception):
    """Base of every error raised by bot/."""


class ConfigError(BotError):
    """A setting is missing or wrong; the message says which and how to fix it."""
