"""Verbs that say one act in other words: a passage denies "modify" where a question asks "change", "never
sold" where it asks "sell". Each family is a set of English verbs (and their irregular forms) that a reader
takes for the same act; a family never holds a verb and its opposite ("encrypt", "decrypt")."""

from __future__ import annotations

import functools
import re

# Word stems as regular expressions, matched at a word's start; a phrase's words apart by spaces or hyphens.
_FAMILIES = (
    ("change", r"chang|modif|edit(?:s|ed|ing)?\b|alter(?:s|ed|ing)?\b|rewrit|rewrot|amend"),
    ("remove", r"delet|remov|eras(?:e|es|ed|ing)\b|purg|wip(?:e|es|ed|ing)\b|destroy|drop(?:s|ped|ping)?\b"),
    ("recover", r"restor|recover|retriev|undelet|undo|undid|bring back|brought back|get back|got back"),
    ("disclose", r"disclos|divulg|reveal|expos(?:e|es|ed|ing)\b|leak|give away|gives away|given away|gave away"),
    ("sell", r"sell|sold\b|resell|resold\b"),
    ("notify", r"notif|tell\b|tells\b|told\b|inform(?:s|ed|ing)?\b|alert(?:s|ed|ing)?\b"),
    ("throttle", r"throttl|rate limit"),
    ("see", r"see\b|sees\b|seen\b|saw\b|view(?:s|ed|ing)?\b|brows"),
    ("keep", r"keep|kept\b|retain|preserv"),
    ("send", r"send|sent\b|transmit|transfer|carr(?:y|ies|ied) over"),
    ("expire", r"expir|time out|times out|timed out|lapse"),
    ("add", r"add(?:s|ed|ing)?\b|append|attach"),
    ("access", r"access|reach"),
    ("rejoin", r"rejoin|come back|comes back|came back"),
    ("prevent", r"prevent|stop|block|forbid|prohibit"),
)
_SPACE = r"[\s-]+"
_COMPILED = tuple((name, re.compile(r"\b(?:" + pattern.replace(" ", _SPACE) + ")", re.IGNORECASE))
                  for name, pattern in _FAMILIES)


@functools.lru_cache(maxsize=16384)
def families(text: str) -> frozenset[str]:
    """The families of the verbs `text` uses (by name)."""
    return frozenset(name for name, pattern in _COMPILED if pattern.search(text))


# A condition of the question is not what it asks: "Are builds kept after we remove them…?" asks of keeping.
_CONDITION = re.compile(r"\b(?:after|when|whenever|if|once|before|until|unless|while)\b[^,?]*", re.IGNORECASE)


def same_act(words: str, question: str) -> bool:
    """Whether the passage's `words`, from a verb on, start with an act the question asks in other words
    (outside its conditions)."""
    asked = families(_CONDITION.sub(" ", question))
    return any(name in asked for name, pattern in _COMPILED if pattern.match(words))
