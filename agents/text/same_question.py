"""Whether two questions ask the same thing, so that an answer approved for one may be reused
for the other.

A reused answer is sent as it stands, so a wrong match is a wrong answer: the questions must
be close in meaning (their embeddings) and must not differ in what the closeness hides — a
named thing (a standard, its version or level, a product, a cloud, a place), a negation, when
or how often it happens ("at onboarding and annually" against "every year"), or the form of
what is asked (a yes/no question against one asking for a fact). The similarity
threshold is fitted by `bench/library_match.py` on labelled pairs (agents/text/same_question.json), with
the lower similarity ("near") from which an approved answer not reused is still shown to a reviewer.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from pydantic import BaseModel, Field

from .names import product_terms
from .question_form import is_yes_no
from .terms import key_terms, standard_names, stem

FITTED = Path(__file__).with_name("same_question.json")

_NEGATION = re.compile(r"\b(?:not|no|never|without|cannot|none|nor)\b|n't\b", re.IGNORECASE)
_NEGATED_WORD = re.compile(r"\b(?:un|non-?)([a-z]{4,})", re.IGNORECASE)
_ASKS_FACT = re.compile(r"\b(?:what|which|how|when|where|who|whom)\b", re.IGNORECASE)
# When or how often a control runs: an answer approved for "yearly" does not say what happens
# "at onboarding", nor "quarterly". Each spelling maps to the occasion it names.
_OCCASIONS = {
    "daily": r"daily|every day|each day|per day",
    "weekly": r"weekly|every week|each week|per week",
    "monthly": r"monthly|every month|each month|per month",
    "quarterly": r"quarterly|every quarter|each quarter|every (?:three|3) months",
    "twice a year": r"semi-?annual(?:ly)?|bi-?annual(?:ly)?|twice a year|every (?:six|6) months",
    "yearly": r"(?<!semi-)(?<!semi)(?<!bi-)(?<!bi)annual(?:ly)?|yearly|every year|each year|per year|once a year",
    "onboarding": r"onboarding|on hire|upon hire|at hire|new hires?|when (?:they are |first )?hired|upon joining",
    "offboarding": r"offboarding|upon departure|when (?:they|an employee) leaves?",
}
_OCCASION = {name: re.compile(rf"\b(?:{spelling})\b", re.IGNORECASE) for name, spelling in _OCCASIONS.items()}
# A capitalised word after the first names something ("FedRAMP High", "Okta", "Australia").
_NAMED_WORD = re.compile(r"(?<=\S )[A-Z][\w-]*")


class SameQuestionModel(BaseModel):
    """The fitted part: how close two questions' embeddings must be."""

    threshold: float = Field(ge=0, le=1, description="cosine similarity of the two questions' embeddings")
    near: float = Field(ge=0, le=1, description="similarity from which a question not matched is still close "
                                                "enough for a reviewer to see the approved answer beside a fresh one")
    fitted_on: str = Field(description="the labelled pairs it was fitted on")


@functools.cache
def same_question_rule() -> SameQuestionModel:
    """The threshold `bench/library_match.py fit` chose."""
    return SameQuestionModel.model_validate_json(FITTED.read_text(encoding="utf-8"))


def differences(first: str, second: str) -> list[str]:
    """What tells the two questions apart however close their wording is (empty when nothing does)."""
    found = []
    names = _unmatched_names(first, second) | _unmatched_names(second, first)
    if names:
        found.append("they name different things: " + ", ".join(sorted(names)))
    if _negated(first, second) != _negated(second, first):
        found.append("one is negated")
    occasions = _occasions(first) ^ _occasions(second)
    if occasions:
        found.append("they ask about different times: " + ", ".join(sorted(occasions)))
    if is_yes_no(first) != is_yes_no(second) or bool(_ASKS_FACT.search(first)) != bool(_ASKS_FACT.search(second)):
        found.append("one asks for a fact, the other for a yes or no")
    return found


def same_question(first: str, second: str, similarity: float, threshold: float | None = None) -> bool:
    """Close enough in meaning (`similarity` of their embeddings) and told apart by nothing."""
    limit = same_question_rule().threshold if threshold is None else threshold
    return similarity >= limit and not differences(first, second)


def _unmatched_names(question: str, other: str) -> set[str]:
    """Named things of `question` that `other` does not mention, in any case or as an acronym
    of its words ("BAA" for "business associate agreement", "EU" for "European Union")."""
    mentioned = set(key_terms(other))
    for acronym in re.findall(r"\b[A-Z]{2,6}s?\b", other):
        mentioned |= _spelled(acronym.rstrip("s"), question)
    for acronym in re.findall(r"\b[A-Z]{2,6}s?\b", question):
        if _spelled(acronym.rstrip("s"), other):
            mentioned |= set(key_terms(acronym))
    return {name for name in _names(question) if name not in mentioned}


def _spelled(acronym: str, text: str) -> set[str]:
    """Stems of the words of `text` whose initials spell `acronym` (empty when none do)."""
    pattern = r"\b" + r"[\s-]+".join(f"({letter}[a-z]*)" for letter in acronym.lower()) + r"\b"
    match = re.search(pattern, text, re.IGNORECASE)
    return {stem(word.lower()) for word in match.groups()} if match else set()


def _names(question: str) -> set[str]:
    """Stems of the named things: products, standards and their numbers, clouds, capitalised words."""
    named = set(product_terms(question))
    named |= {term for word in _NAMED_WORD.findall(standard_names(question)) for term in key_terms(word)}
    return named


def _occasions(question: str) -> set[str]:
    """When or how often the question says the thing happens."""
    return {name for name, pattern in _OCCASION.items() if pattern.search(question)}


def _negated(question: str, other: str) -> bool:
    """Negated outright, or through a word like "unencrypted" whose root the other question uses."""
    if _NEGATION.search(question):
        return True
    roots = {stem(word.lower()) for word in re.findall(r"[A-Za-z]+", other)}
    return any(stem(match.group(1).lower()) in roots for match in _NEGATED_WORD.finditer(question))
