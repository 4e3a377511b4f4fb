"""Checks on the question before any agent sees it (the first of the guardrails)."""

from __future__ import annotations

import re

from retrieval.text import normalize_ws

from .config import PipelineConfig
from .errors import InvalidQuestion

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def validate_question(question: str, config: PipelineConfig) -> str:
    """The cleaned question, or InvalidQuestion saying what to change."""
    cleaned = normalize_ws(_CONTROL.sub(" ", question or ""))
    if not cleaned:
        raise InvalidQuestion("the question is empty: ask something, e.g. \"Do you support SSO with SAML?\"")
    if len(cleaned) > config.max_question_chars:
        raise InvalidQuestion(
            f"the question is {len(cleaned)} characters long; keep it under {config.max_question_chars} "
            "or split it into several questions")
    if not re.search(r"[^\W\d_]{2,}", cleaned):
        raise InvalidQuestion("the question has no words in it: write it out in a sentence")
    return cleaned
