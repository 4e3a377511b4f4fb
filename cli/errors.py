"""Errors of the command line; all derive from CliError."""


class CliError(Exception):
    """Base of every error raised by cli/: the message says what was wrong and what to do."""
