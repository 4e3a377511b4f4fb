"""Errors of the services shared by the Slack app and the command line; all derive from ServiceError."""


class ServiceError(Exception):
    """Base of every error raised by services/."""


class ConfigError(ServiceError):
    """A setting is missing or wrong; the message says which and how to fix it."""
