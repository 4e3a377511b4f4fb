"""Errors of the agent pipeline; all derive from AgentError."""

from __future__ import annotations


class AgentError(Exception):
    """Base of every error raised by agents/."""


class InvalidQuestion(AgentError):
    """The question cannot be answered as asked (empty, too long…); says what to do."""


class LLMError(AgentError):
    """The language model failed for good (after retries) on one call."""

    def __init__(self, node: str, message: str) -> None:
        self.node = node
        super().__init__(f"the language model failed in {node}: {message}")


class InvalidOutput(LLMError):
    """The model's reply did not fit the schema, even after one repair attempt."""


class Truncated(LLMError):
    """The model's reply was cut off at its token limit, even after one shorter attempt."""


class BudgetSpent(LLMError):
    """The run has used the LLM calls or tokens it may; the rest is answered offline."""
