"""The wording that marks a capability as denied or as limited: the fitted cue lists (cues.json) and
how a text is read for them."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from pydantic import BaseModel, Field

from retrieval import STOPWORDS, normalize_ws


CUES_FILE = Path(__file__).with_name("cues.json")


class CueLists(BaseModel):
    """Wording that marks a capability as denied or as limited, chosen by `bench/cues.py` from
    `bench/cue_candidates.json` on the pooled development sets (agents/text/cues.json)."""

    negative: list[str] = Field(description="a denial: the documentation says the capability is not there")
    partial: list[str] = Field(description="a limit on scope or certainty: the capability exists, not everywhere")
    fitted_on: list[str] = Field(default_factory=list, description="the development sets it was chosen on")

    def with_phrase(self, kind: str, phrase: str) -> CueLists:
        """A copy with one more phrase of the kind ("negative" or "partial")."""
        return self.model_copy(update={kind: [*getattr(self, kind), phrase]})


# RFPBOT_CUES_FILE names another file: bench/nested.py answers with lists chosen without a vendor.
CUES = CueLists.model_validate_json(Path(os.environ.get("RFPBOT_CUES_FILE") or CUES_FILE).read_text(encoding="utf-8"))
NEGATIVE_CUES = tuple(CUES.negative)
PARTIAL_CUES = tuple(CUES.partial)


# Negation-looking phrases that deny nothing.
_NOT_NEGATIONS = ("not limited to", "not only", "whether or not", "no later than", "no more than", "no less than",
                  "no fewer than", "if not ", "not just", "at no extra cost", "at no additional cost", "at no cost",
                  "at no extra charge", "at no additional charge", "at no charge", "do not worry",
                  # what a list is not: "This isn't a comprehensive list" denies none of its items
                  "not a comprehensive list", "not an exhaustive list", "not a complete list", "not an exhaustive")
HEDGES = ("no evidence", "not found", "could not find", "does not mention", "no source", "no passage",
          "needs a reviewer", "reviewer confirms", "not documented", "no documentation", "does not answer",
          "for a reviewer", "closest passage")


@functools.lru_cache(maxsize=512)
def _cue_pattern(cue: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(cue.strip()) + r"(?![\w-])")


_CONTRACTED = re.compile(r"\b(\w+?)n't\b")
_IRREGULAR_NOT = {"wo": "will", "ca": "can", "sha": "shall"}


# "can not" spelt in two words is "cannot"; "can not only …, but also" is no negation.
_CAN_NOT = re.compile(r"\b(c)an not\b(?! only\b| just\b)", re.IGNORECASE)


def uncontracted(text: str) -> str:
    """Negations written out: "don't" reads "do not", "can't" and "can not" "cannot" (the cue lists name
    the full forms)."""
    def full(match: re.Match) -> str:
        verb = match.group(1)
        verb = _IRREGULAR_NOT.get(verb, verb)
        return "cannot" if verb == "can" else f"{verb} not"
    return _CAN_NOT.sub(r"\1annot", _CONTRACTED.sub(full, text))


# "only available to", "only offered for": the limit "only to", "only for" with its participle in between.
_ONLY_PARTICIPLE = re.compile(r"\bonly (?:available|offered|supported|included|provided|possible|enabled|accessible|"
                              r"allowed|permitted|granted) (to|for|in|on|with|if|when|under)\b")


# "wherever we can", "where it can": the hedge "wherever possible", "where possible".
_WHERE_WE_CAN = re.compile(r"\b(whenever|wherever|where) (?:we|it|they) can\b(?! be\b)")
# "…might look like:", leading an example, hedges nothing.
_EXAMPLE_LEAD = re.compile(r"\b(?:might|may|could|would) look like\b")


# An exception for the acting one's own session ("all active sessions except the session making the change",
# "existing sessions except for the current one") spares whoever made the change; it limits nothing asked of the
# other sessions.
_OWN_SESSION_SPARED = re.compile(r"\bexcept(?: for)? (?:the|your) (?:(?:current|own) (?:one|session)|session "
                                 r"(?:making|that made|used for) the change)\b")


# "on request" followed by a word of its own names a part of a request ("a 5 MiB maximum on request body size"): it
# is no "on request" (when asked), which is followed by a word that only joins ("on request to customers", "upon
# request.").
_REQUEST_NOUN = re.compile(r"\b(?:on|upon) request (?=([a-z]+)\b)")


def _request_part(match: re.Match) -> str:
    return match.group(0) if match.group(1) in STOPWORDS else "on the request "


def cue_phrases(text: str, cues: tuple[str, ...]) -> list[str]:
    """The cue phrases that occur in the text as whole words (case-insensitive; negations uncontracted)."""
    return list(_cue_phrases(text, cues))


@functools.lru_cache(maxsize=32768)
def _cue_phrases(text: str, cues: tuple[str, ...]) -> tuple[str, ...]:
    # A passage is read for each question it is retrieved for: tens of patterns each time.
    lowered = _ONLY_PARTICIPLE.sub(r"only \1", uncontracted(normalize_ws(text).lower().replace("’", "'")))
    lowered = _OWN_SESSION_SPARED.sub(" ", _WHERE_WE_CAN.sub(r"\1 possible", _EXAMPLE_LEAD.sub(" ", lowered)))
    lowered = not_negations(_REQUEST_NOUN.sub(_request_part, lowered))
    return tuple(cue for cue in cues if _cue_pattern(cue).search(lowered))


def not_negations(lowered: str) -> str:
    """A lower-cased text without the negation-looking phrases that deny nothing ("not limited to", "no
    later than")."""
    for phrase in _NOT_NEGATIONS:
        lowered = lowered.replace(phrase.strip(), " ")
    return lowered


def has_cue(text: str, cues: tuple[str, ...]) -> bool:
    """Whether any cue phrase occurs in the text."""
    return bool(cue_phrases(text, cues))


def new_cues(text: str, question: str, cues: tuple[str, ...]) -> list[str]:
    """Cue phrases of `text` that the question does not use itself ("only within the EU?")."""
    asked = set(cue_phrases(question, cues))
    return [cue for cue in cue_phrases(text, cues) if cue not in asked]


def is_hedge(sentence: str) -> bool:
    """An honest statement of missing evidence, exempt from needing a citation."""
    return has_cue(sentence, HEDGES)
