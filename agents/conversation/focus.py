"""The question inside a message: greetings, introductions and thanks are not part of it.

People paste questions with a preamble ("Hi, I'm Sam from Acme. We're evaluating
vendors. Do you support SCIM?"). Searched and planned as written, the preamble's words
become a facet no document answers, and a supported capability comes out "Not
Supported". Only sentences that are courtesy through and through are set aside;
anything that could carry a fact (a cloud, a product, a question) stays.
"""

from __future__ import annotations

import re
from typing import Literal

from common import sentences
from retrieval import cloud_pattern

_COURTESY = re.compile(
    r"^(?:"
    r"(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))\b"
    r"|my name is\b"
    r"|(?:i am|i'm|this is)\s+\w+(?:\s+\w+)?\s+(?:from|at|with|of)\b"
    r"|(?:i am|i'm) (?:the|a|an) [\w -]{0,40}?(?:lead|manager|engineer|officer|ciso|cto|ceo|analyst|director|"
    r"head|architect|consultant|member)\b"
    r"|(?:we are|we're|i am|i'm|our \w+(?: \w+)? (?:team )?(?:is|are))\s+(?:currently\s+)?"
    r"(?:evaluating|looking|reviewing|assessing|considering|in the process|onboarding|doing|completing|filling)\b"
    r"|(?:i|we) (?:have|had) (?:a|some|a few|a couple of) (?:quick )?(?:questions?|queries)\b"
    r"|(?:a )?quick question\b"
    r")",
    re.I,
)
# Thanks and well-wishing are set aside only when short: "Thank you for confirming whether
# data is encrypted" is a request.
_THANKS = re.compile(r"^(?:(?:many )?thanks|thank you|cheers|(?:best|kind|warm)? ?regards|appreciated?|"
                     r"hope (?:you|this|all))\b", re.I)
_SHORT = 8
_ASKS = re.compile(r"\b(?:whether|if|do you|does|can you|could you|would you|please|confirm|describe|explain|"
                   r"provide|list)\b", re.I)
_VOCATIVE = re.compile(r"^(?:hi|hello|hey|dear)(?:\s+[\w.-]+){0,2}\s*[,!:—-]\s*(?=\S)", re.I)
_FACTUAL = re.compile(rf"\b(?:{cloud_pattern()}|kubernetes|on-?prem\w*|hipaa|pci|gdpr|"
                      r"soc ?[12]|iso|fedramp|phi|pii)\b", re.I)


SmallTalk = Literal["greeting", "thanks", "about"]
# Asking what the bot is or does (after any greeting): answered with the usage, not searched.
_ABOUT = re.compile(r"^(?:what (?:can|do) you do|what are you(?: for)?|who are you|what is rfpbot|help(?: me)?|"
                    r"how (?:do|can|should) (?:i|we) use (?:you|rfpbot|(?:this|the) (?:bot|app|tool))|"
                    r"how (?:do|does) (?:you|rfpbot|(?:this|the) (?:bot|app|tool)) work)\W*$", re.I)


def small_talk(message: str) -> SmallTalk | None:
    """A message that asks nothing of the documentation: only a greeting, only thanks, or
    what the bot can do. Such messages are answered without a run (nor a reviewer)."""
    said = sentences(message)
    if not said:
        return None
    rest = [s for s in said if not _courtesy(s)]
    if not rest:
        return "thanks" if any(_THANKS.match(s) for s in said) else "greeting"
    if len(rest) == 1 and _ABOUT.match(_VOCATIVE.sub("", rest[0]).strip()):
        return "about"
    return None


def focus(message: str) -> str:
    """The message without sentences that are only a greeting, an introduction or thanks.

    Questions are always kept; so is any sentence naming a cloud, a standard or a kind of
    data; and if nothing else would be left, the message is returned as it is.
    """
    kept = [s for s in sentences(message) if not _courtesy(s)]
    if not kept:
        return message.strip()
    kept[0] = _VOCATIVE.sub("", kept[0]) or kept[0]
    return " ".join(kept)


def _courtesy(sentence: str) -> bool:
    text = sentence.strip()
    if text.endswith("?") or _FACTUAL.search(text) or _ASKS.search(text):
        return False
    return bool(_COURTESY.match(text)) or (bool(_THANKS.match(text)) and len(text.split()) <= _SHORT)
