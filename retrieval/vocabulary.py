"""The cloud vocabulary, in one place: the clouds, the names people write for them,
and the services that place a question in one of them.

Documents (their front matter, path and title), questions (the classifier), term
analysis (one word per cloud) and thread follow-ups ("and on GCP?") all read it here,
so a new spelling is added once.
"""

from __future__ import annotations

import re
from typing import Literal

Csp = Literal["AWS", "GCP", "Azure", "General"]
CLOUDS: tuple[Csp, ...] = ("AWS", "GCP", "Azure")

# Every spelling of a cloud's own name, lower case, with its canonical form.
CLOUD_NAMES: dict[str, Csp] = {
    "aws": "AWS", "amazon": "AWS", "amazon web services": "AWS",
    "gcp": "GCP", "google cloud": "GCP", "google cloud platform": "GCP",
    "azure": "Azure", "microsoft azure": "Azure",
}
# Words that name no cloud in particular, as a document's `csp:` front matter may say.
_GENERAL = ("general", "all", "none", "")

# Services and phrases that belong to one cloud: a question naming one is about that cloud.
SERVICES: dict[Csp, tuple[str, ...]] = {
    "AWS": ("guardduty", "cloudtrail", "security hub", "privatelink", "s3", "aws kms", "cloudformation"),
    "GCP": ("security command center", "gke", "bigquery", "private service connect", "cloud kms"),
    "Azure": ("microsoft defender", "defender for cloud", "entra", "key vault", "azure private link"),
}

# Lower-case single words that only name a cloud (never a question's subject).
CLOUD_WORDS = frozenset({"aws", "gcp", "azure", "amazon", "google", "microsoft"})

# Multi-word names, each made the cloud's one short word (in capitals, as an acronym reads).
_SHORT_NAMES = [(re.compile(r"\b" + re.escape(name).replace(r"\ ", r"\s+") + r"\b", re.I), csp.upper())
                for name, csp in sorted(CLOUD_NAMES.items(), key=lambda kv: -len(kv[0])) if " " in name]


def _alternation(phrases: list[str]) -> str:
    ordered = sorted(set(phrases), key=len, reverse=True)  # the longest spelling wins
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)


_NAMED = re.compile(rf"(?<![a-z0-9])({_alternation(list(CLOUD_NAMES))})(?![a-z0-9])", re.I)
_MENTIONS = {csp: re.compile(rf"(?<![a-z0-9])(?:{_alternation([n for n, c in CLOUD_NAMES.items() if c == csp] + list(SERVICES[csp]))})(?![a-z0-9])", re.I)
             for csp in CLOUDS}


def parse_csp(value: str) -> Csp | None:
    """A cloud name as a person or front matter writes it, in canonical form ("General" for none)."""
    lowered = " ".join(value.strip().lower().split())
    if lowered in _GENERAL:
        return "General"
    return CLOUD_NAMES.get(lowered)


def names_in(text: str) -> set[Csp]:
    """The clouds a text names by their own names (not by their services)."""
    return {CLOUD_NAMES[" ".join(m.lower().split())] for m in _NAMED.findall(text)}


def clouds_mentioned(text: str) -> list[Csp]:
    """The clouds a question is about, by name or by one of their services, in CLOUDS order."""
    return [csp for csp in CLOUDS if _MENTIONS[csp].search(text)]


def short_cloud_names(text: str) -> str:
    """'Google Cloud Platform' → 'GCP', 'Microsoft Azure' → 'AZURE': one word per cloud."""
    for pattern, short in _SHORT_NAMES:
        text = pattern.sub(short, text)
    return text


def cloud_pattern() -> str:
    """A regex alternation of every cloud name and cloud word, for other vocabularies to include."""
    return _alternation([*CLOUD_NAMES, *CLOUD_WORDS])
