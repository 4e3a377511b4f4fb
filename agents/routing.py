"""Complexity routing: a short question asking one fact needs no model to classify,
plan or review it.

Such a question ("Do you support SAML SSO?") names no cloud, has one clause and few
subject words, so the offline classifier and planner read it as well as a model does,
and the deterministic audit (which has the last word on grounding anyway) is enough
to judge its answer. The model still reads the evidence and writes the answer; if the
audit finds a problem the answer is revised or escalated as usual. Everything else
takes the full route.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from .classifier import classify_offline
from .conversation.language import language_of
from .planner import plan_offline
from .text.terms import key_terms

Route = Literal["full", "simple"]
# Nodes a simple question's run answers offline, whatever the engine.
SIMPLE_OFFLINE = frozenset({"classifier", "planner", "critic"})
_MAX_TERMS = 4


class Routing(BaseModel):
    """Which route a question takes, and why, in words for the trace."""

    route: Route
    reason: str


def route_of(question: str, follow_up: bool = False) -> Routing:
    """The simple route for a single-fact question; the full route otherwise."""
    terms = key_terms(question)
    if follow_up:
        return Routing(route="full", reason="a follow-up: the model reads it with the thread's question")
    if language_of(question) != "en":
        return Routing(route="full", reason="not in English")
    if classify_offline(question).is_csp_specific:
        return Routing(route="full", reason="names a cloud")
    if len(plan_offline(question).facets) > 1:
        return Routing(route="full", reason="asks more than one thing")
    if not terms or len(terms) > _MAX_TERMS:
        return Routing(route="full", reason=f"{len(terms)} subject words")
    return Routing(route="simple", reason=f"one fact ({', '.join(terms)}): classified, planned and reviewed "
                                          "without the model")
