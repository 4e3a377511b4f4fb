"""The asker's language: a question in German, French, Spanish… is searched in English
and its checked answer is given back in the asker's language, when there is a model.

Only the answer's sentences are translated, after the audit has checked them in
English: the quotes stay verbatim in the documentation's language, and a translation
that drops or adds a citation marker is not used (the English answer is shown).
Without a model the question is searched as written and the answer says so (see
agents.conversation.language).
"""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel

from ..context import RunContext
from ..contracts import PipelineResult
from ..llm.interface import Usage
from .language import NAMES, language_of, searched_in_english

_TO_ENGLISH = """You translate one question from a security questionnaire or RFP into English.
Keep product names, acronyms, standards, numbers and placeholders like [EMAIL] exactly as written.
Translate; do not answer, explain or add anything. Reply with JSON only."""

_FROM_ENGLISH = """You translate the answer to a security questionnaire question from English into {language}.
Keep every citation marker like [1] or [2] exactly where it stands, and keep product names, acronyms,
standards and numbers as written. Translate; do not add, drop or soften anything. Reply with JSON only."""

_MARKER = re.compile(r"\[\d+\]")
_BRACKETED = re.compile(r"\[[A-Z][A-Z_]*(?:_\d+)?\]")


class TranslationReply(BaseModel):
    """The model's translation."""

    text: str


async def to_english(ctx: RunContext, question: str, language: str) -> str | None:
    """The question in English; None when the model cannot give a usable translation."""

    async def work(usage: Usage) -> str | None:
        async def with_llm() -> str | None:
            reply = await ctx.ask(node="translation", tier="fast", system=_TO_ENGLISH,
                                  payload={"language": NAMES[language], "question": question},
                                  output=TranslationReply, usage=usage, max_tokens=200)
            english = reply.text.strip()
            return " ".join(english.split()) if usable_translation(question, english) else None

        return await ctx.llm_or_offline("translation", with_llm, lambda: None)

    return await ctx.step("translation", work, lambda english: f"{NAMES[language]} → English: {english}" if english
                          else "no usable translation: searched as written")


def usable_translation(question: str, english: str) -> bool:
    """Whether a model's reply reads as the question in English, not as something else.

    A small model may answer instead of translating (a list of advice), hand the text
    back untranslated, or invent a placeholder ("[NUMBER]"): searching any of those
    would answer another question, so the question is searched as written instead.
    """
    if not english or "\n" in english or len(english) > 2 * len(question) + 40:
        return False
    if language_of(english) != "en":
        return False
    return set(_BRACKETED.findall(english)) <= set(_BRACKETED.findall(question))


async def from_english(ctx: RunContext, answer: str, language: str) -> str | None:
    """The answer in the asker's language, with the same citation markers; None when that fails."""

    async def work(usage: Usage) -> str | None:
        async def with_llm() -> str | None:
            reply = await ctx.ask(node="answer translation", tier="fast",
                                  system=_FROM_ENGLISH.format(language=NAMES[language]),
                                  payload={"answer": answer}, output=TranslationReply, usage=usage,
                                  max_tokens=min(1200, 200 + len(answer) // 2))
            text = reply.text.strip()
            return text if text and same_markers(answer, text) else None

        return await ctx.llm_or_offline("answer translation", with_llm, lambda: None)

    return await ctx.step("answer translation", work,
                          lambda text: f"English → {NAMES[language]}" if text else "kept in English")


def same_markers(original: str, translated: str) -> bool:
    """Whether a translation cites exactly what the original cites, each as often."""
    return Counter(_MARKER.findall(original)) == Counter(_MARKER.findall(translated))


def note_for_asker(result: PipelineResult) -> str | None:
    """The line that tells an asker in another language what was done with their question."""
    translation = result.translation
    if translation is None:
        return searched_in_english(result.question)
    name = NAMES.get(translation.language, translation.language)
    if translation.answer:
        return (f"Translated from {name} for the English documentation (searched as: \"{translation.question}\"). "
                "The answer was checked in English and translated back; the quotes are the documentation's own words.")
    return (f"Translated from {name} for the English documentation (searched as: \"{translation.question}\"). "
            "The answer could not be translated back, so it is in English.")
