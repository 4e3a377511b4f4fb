"""Text that tries to instruct the bot: in a question (an early exit) or inside a retrieved
passage (data to quote, never an instruction to follow; the run goes to a reviewer).

Patterns, not a model: they run before any model sees the text, offline, and a false
positive costs a reviewer's glance, not a wrong answer.
"""

from __future__ import annotations

import functools
import re

_UNRESTRICTED = r"\byou\s+(?:are|will)\s+(?:now\s+)?(?:an?\s+)?(?:unrestricted|jailbroken|DAN)\b"
# "new"/"different" only with a role: "if you are new, please…" is a handbook talking to staff.
_NEW_ROLE = (r"\byou\s+(?:are|will\s+be)\s+(?:now\s+)?(?:an?\s+)?(?:new|different)\s+(?:\w+\s+)?"
             r"(?:assistant|AI|model|bot|persona|character|system)\b")
# A prompt format's section ("### System:", "### Instruction:"); a page's heading ("### System roles", "### Instructions
# for the setup") is a reader's.
_CHAT_MARKUP = r"<\|?(?:im_start|system|assistant)\|?>|\[/?INST\]|###\s*(?:system|instructions?|response)\s*:"
_ADDRESSING = [
    r"\b(?:ignore|disregard|forget|override|bypass)\b[^.?!\n]{0,30}\b(?:instructions?|prompts?|guardrails)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding)\b",
    r"\b(?:system|developer|hidden|initial)\s+(?:prompt|message|instructions?)\b",
    _UNRESTRICTED,
    _NEW_ROLE,
    r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)|an?\s+(?:different|unrestricted|evil))\b",
    r"\bpretend\s+(?:to\s+be|you\s+are)\b",
    r"\b(?:reveal|print|show|repeat|output|leak)\b[^.?!\n]{0,30}\b(?:your|the)\s+(?:prompt|instructions|system|configuration|api\s*key|secrets?)\b",
    r"\bjailbreak\b|\bDAN\s+mode\b|\bdeveloper\s+mode\b",
    _CHAT_MARKUP,
]
# What only a bot's answer contains: a passage using it is addressed to the bot, not to readers.
_ANSWER_FORMAT = [
    r"\b(?:answer|respond|reply|mark|rate|classify|report|say)\b[^.?!\n]{0,40}\b(?:Fully|Partially)\s+Supported\b",
    # The answer's field names, or a status given a value: "a report that details our compliance status" is
    # a SOC 2 page talking to its readers.
    r"\bcompliance_status\b|\bcompliance\s+status\s*[:=]|\bconfidence(?:[_ ]score)?\s*(?:[:=]|of|is)\s*\d{2,3}\b|"
    r"\bverdict\s*[:=]\s*(?:PASS|REVISE|FAIL)\b",
    # A model told what to do, not a product feature described ("AI features … should not be enabled").
    r"\b(?:AI|assistant|chatbot|language model|LLM|bot)s?\s+(?:reading|processing|answering|parsing|summari[sz]ing|"
    r"that\s+reads?|which\s+reads?|who\s+reads?)\b[^.?!\n]{0,40}\b(?:must|should|shall|always|never)\b",
    r"\b(?:AI|assistant|chatbot|language model|LLM|bot)s?\s+(?:must|should|shall)\s+(?:always\s+|never\s+)?"
    r"(?:ignore|answer|reply|respond|say|mark|rate|output|state|claim)\b",
]
# In documentation the same words have ordinary meanings ("attackers may pretend to be IT staff", "print your
# API key", "enable Developer Mode", "jailbreak detection"): only what can mean the bot counts there.
_ADDRESSING_IN_PASSAGES = [
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding)\s+"
    r"(?:instructions?|prompts?|rules|messages?)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:your|the\s+system)\s+(?:instructions?|prompts?|guardrails|rules)\b",
    r"\b(?:system|developer|hidden)\s+prompt\b",
    _UNRESTRICTED,
    _NEW_ROLE,
    r"\bpretend\s+(?:to\s+be|you\s+are)\s+(?:an?\s+)?(?:AI|assistant|chatbot|bot|language\s+model)\b",
    r"\b(?:reveal|print|show|repeat|output|leak)\b[^.?!\n]{0,30}\byour\s+(?:system\s+)?(?:prompt|instructions)\b",
    r"\bDAN\s+mode\b",
    _CHAT_MARKUP,
]
_QUESTION = re.compile("|".join(_ADDRESSING), re.IGNORECASE)
_PASSAGE = re.compile("|".join(_ADDRESSING_IN_PASSAGES + [p for p in _ANSWER_FORMAT if "Supported" not in p]),
                      re.IGNORECASE)
# Status words are case-sensitive, and count only when a sentence tells someone to give them: a vendor's
# compatibility table may well say "Fully Supported" for a platform.
_STATUS = re.compile("|".join(p for p in _ANSWER_FORMAT if "Supported" in p))


def question_injection(question: str) -> str | None:
    """The part of a question that tries to instruct the bot, or None."""
    match = _QUESTION.search(question)
    return match.group(0) if match else None


def instruction_like(text: str) -> str | None:
    """The part of a retrieved passage that addresses the bot instead of a reader, or None."""
    match = _PASSAGE.search(text) or _STATUS.search(text)
    return match.group(0) if match else None


def quarantine(text: str) -> tuple[str, list[str]]:
    """The text with each sentence that addresses the bot cut out (a paragraph break in its
    place, so the neighbours stay verbatim quotable), and the sentences cut."""
    kept, cut = _quarantined(text)
    return kept, list(cut)


@functools.lru_cache(maxsize=256)
def _quarantined(text: str) -> tuple[str, tuple[str, ...]]:
    # Every run reads the same few documents: scan each text once per process.
    cut: list[str] = []
    out, last = [], 0
    for start, end in _sentences_addressing_bot(text):
        if start < last:
            continue
        out += [text[last:start], "\n\n"]
        cut.append(" ".join(text[start:end].split()))
        last = end
    out.append(text[last:])
    return ("".join(out), tuple(cut)) if cut else (text, ())


def _sentences_addressing_bot(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in [*_PASSAGE.finditer(text), *_STATUS.finditer(text)]:
        start = max(text.rfind(sep, 0, match.start()) for sep in (". ", "! ", "? ", "\n")) + 1
        ends = [i for i in (text.find(sep, match.end()) for sep in (". ", "! ", "? ", "\n")) if i >= 0]
        end = min(ends) + 1 if ends else len(text)
        spans.append((start, end))
    return sorted(spans)
