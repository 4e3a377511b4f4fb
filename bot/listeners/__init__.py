"""Thin Slack listeners, one module per kind, each with `register(app, deps)`."""

from slack_bolt.async_app import AsyncApp

from ..listener_deps import AppDeps
from . import actions, clarify, commands, config, errors, events, feedback, views


def register(app: AsyncApp, deps: AppDeps) -> None:
    """Register every listener on the app."""
    for module in (events, commands, actions, views, feedback, clarify, config, errors):
        module.register(app, deps)
