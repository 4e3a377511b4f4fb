"""The guardrails, before any agent or model sees the question:
clean and validate → redact personal data (the pipeline, once) → prompt-injection exit → scope exit."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from retrieval import normalize_ws

from ..config import PipelineConfig
from ..contracts import GuardrailResult
from ..conversation.language import other_language
from ..errors import InvalidQuestion
from .injection import question_injection
from .redaction import Redacted
from .scope import REFUSAL, Known, out_of_scope

# Control characters, and the bidirectional overrides and zero-width marks that make text read
# differently from what it is ("Trojan Source"); zero-width joiners stay (emoji use them).
INVISIBLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
INJECTION_REFUSAL = ("I answer questions from the product documentation and can't take instructions about how to "
                     "answer. Ask the question itself, e.g. \"Do you encrypt customer data at rest?\"")


def cleaned(question: str) -> str:
    """The question without control or bidi characters, its spaces normalised."""
    return normalize_ws(INVISIBLE.sub(" ", question or ""))


def validate_question(question: str, config: PipelineConfig) -> str:
    """The cleaned question (no control or bidi characters), or InvalidQuestion saying what to change."""
    cleaned_text = cleaned(question)
    check_question(cleaned_text, config)
    return cleaned_text


def check_question(cleaned: str, config: PipelineConfig) -> None:
    """InvalidQuestion, saying what to change, for an empty, overlong or wordless cleaned question."""
    if not cleaned:
        raise InvalidQuestion("the question is empty: ask something, e.g. \"Do you support SSO with SAML?\"")
    if len(cleaned) > config.max_question_chars:
        raise InvalidQuestion(
            f"the question is {len(cleaned)} characters long; keep it under {config.max_question_chars} "
            "or split it into several questions")
    if not re.search(r"[^\W\d_]{2,}", cleaned):
        raise InvalidQuestion("the question has no words in it: write it out in a sentence")


async def screen(redacted: Redacted, known: Known,
                 english: Callable[[str], Awaitable[str]] | None = None) -> GuardrailResult:
    """What the guardrails did to a cleaned, checked and redacted question (a block ends the run).

    `english` translates a redacted question into English (with a model): the scope
    check reads the translation, since the documentation is in English.
    """
    result = GuardrailResult(redactions=[r.placeholder for r in redacted.redactions])
    injected = question_injection(redacted.text)
    searched = redacted.text
    if not injected and english:
        searched = await english(redacted.text)
        injected = question_injection(searched)  # an instruction written in another language
    if injected:
        result.blocked, result.detail, result.message = "injection", injected, INJECTION_REFUSAL
    elif await out_of_scope(searched, known):
        # A question in another language shares no word with English documents: say so,
        # rather than that it is off topic.
        result.blocked, result.message = "out_of_scope", other_language(redacted.text) or REFUSAL
    return result
