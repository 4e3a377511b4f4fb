"""Personal data out of a question before any model, log or database sees it.

Emails, phone numbers (Google's libphonenumber rules), payment cards (Luhn),
IBANs (checksum), and secrets (API keys, tokens, private keys, passwords) become
numbered placeholders such as `[EMAIL_1]`. Names of people are not detected: no
offline named-entity model ships here (see the README).
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from pydantic import BaseModel, Field

PiiKind = Literal["EMAIL", "PHONE", "CARD", "IBAN", "SECRET"]
_PHONE_DIGITS = 4  # the shortest national number any of these regions allows
_REGIONS = ("US", "GB", "DE", "FR", "IN", "AU", "CA", "NL", "ES", "IT", "BR", "JP")
_EMAIL = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
_CARD = re.compile(r"\b\d(?:[ -]?\d){12,18}\b")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
_SECRETS = [re.compile(p, re.IGNORECASE if flags else 0) for p, flags in [
    (r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)", 0),
    (r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b", 0),                                 # AWS access key ids
    (r"\bxox[abposr]-[A-Za-z0-9-]{10,}", 0),                               # Slack tokens
    (r"\bxapp-[A-Za-z0-9-]{10,}", 0),
    (r"\bgh[pousr]_[A-Za-z0-9]{30,}\b", 0),                                # GitHub tokens
    (r"\bgithub_pat_[A-Za-z0-9_]{30,}\b", 0),
    (r"\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}", 0),                 # OpenAI / Stripe keys
    (r"\bAIza[0-9A-Za-z_-]{35}\b", 0),                                     # Google API keys
    (r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", 0),  # JWTs
    (r"\b(?:password|passwd|pwd|secret|api[_ -]?key|access[_ -]?token|token)\s*[=:]\s*\S{6,}", 1),
    # Said with "is", the value has a digit or a symbol in it: "the password is hunter2!" is one, "when a secret is
    # edited" and "the password is stored hashed" are questions about secrets.
    (r"\b(?:password|passwd|pwd|secret|api[_ -]?key|access[_ -]?token|token)\s+is\s+"
     r"(?=[\w-]*[\d_+/=!@#$%^&*~])[^\s,.;?]{6,}\S*", 1),
]]
PLACEHOLDER = re.compile(r"\[(?:EMAIL|PHONE|CARD|IBAN|SECRET)_\d+\]")
"""What `redact` puts in place of personal data."""


class Redaction(BaseModel):
    """One piece of personal data replaced: its kind and placeholder (never the value)."""

    kind: PiiKind
    placeholder: str


class Redacted(BaseModel):
    """The redacted text, what was replaced, and (in memory only) the originals."""

    text: str
    redactions: list[Redaction] = Field(default_factory=list)
    originals: dict[str, str] = Field(default_factory=dict, exclude=True, repr=False)

    def restore(self, text: str) -> str:
        """`text` with this redaction's placeholders put back (for the asker's own terminal only)."""
        for placeholder, value in self.originals.items():
            text = text.replace(placeholder, value)
        return text


def redact(text: str) -> Redacted:
    """Replace personal data in `text` with numbered placeholders; placeholders already there stay."""
    spans = _spans(text)
    counters: dict[str, int] = {}
    seen: dict[tuple[str, str], str] = {}
    out, redactions, originals, last = [], [], {}, 0
    for start, end, kind in spans:
        value = text[start:end]
        placeholder = seen.get((kind, value))
        if placeholder is None:
            counters[kind] = counters.get(kind, 0) + 1
            placeholder = seen[(kind, value)] = f"[{kind}_{counters[kind]}]"
            redactions.append(Redaction(kind=kind, placeholder=placeholder))
            originals[placeholder] = value
        out += [text[last:start], placeholder]
        last = end
    out.append(text[last:])
    return Redacted(text="".join(out), redactions=redactions, originals=originals)


@functools.lru_cache(maxsize=1024)
def _spans(text: str) -> tuple[tuple[int, int, PiiKind], ...]:
    # Cached: a run redacts its question twice (for its record and for the guardrails).
    found: list[tuple[int, int, PiiKind]] = []
    for pattern in _SECRETS:
        found += [(m.start(), m.end(), "SECRET") for m in pattern.finditer(text)]
    found += [(m.start(), m.end(), "EMAIL") for m in _EMAIL.finditer(text)]
    found += [(m.start(), m.end(), "IBAN") for m in _IBAN.finditer(text) if _is_iban(m.group(0))]
    found += [(m.start(), m.end(), "CARD") for m in _CARD.finditer(text) if _is_card(m.group(0))]
    found += [(s, e, "PHONE") for s, e in _phones(text)]
    found += [(m.start(), m.end(), "KEEP") for m in PLACEHOLDER.finditer(text)]  # type: ignore[misc]
    return tuple(span for span in _first_wins(found) if span[2] != "KEEP")


def prepare() -> None:
    """Load the phone-number metadata now (a tenth of a second), not when the first question
    with a number comes: that of each region matched, and of the regions sharing its calling
    code (a number is checked against all of them)."""
    import phonenumbers

    for region in _REGIONS:
        for sharing in phonenumbers.region_codes_for_country_code(phonenumbers.country_code_for_region(region)):
            phonenumbers.PhoneMetadata.metadata_for_region(sharing)
    _phones("020 7946 0958, +1 415 555 0100")


def _is_iban(candidate: str) -> bool:
    from stdnum import iban  # number-format data, loaded only when a candidate turns up

    return iban.is_valid(candidate)


def _is_card(candidate: str) -> bool:
    from stdnum import luhn

    digits = re.sub(r"\D", "", candidate)
    return 13 <= len(digits) <= 19 and luhn.is_valid(digits)


# Digits with at most four marks between them (libphonenumber's own limit), "x" among the marks
# as in its punctuation: a phone number is one such run, never digits apart in the words.
_NUMBER_RUN = re.compile(r"\d(?:(?:[\W_]|x){0,4}\d)*")


def _may_hold_phone(text: str) -> bool:
    return any(sum(ch.isdigit() for ch in run) >= _PHONE_DIGITS for run in _NUMBER_RUN.findall(text))


def _phones(text: str) -> set[tuple[int, int]]:
    spans: set[tuple[int, int]] = set()
    if not _may_hold_phone(text):
        # No run of digits long enough: spare the twelve regions' matchers (a millisecond a
        # text), and the phone-number metadata's first load (a tenth of a second).
        return spans
    import phonenumbers

    for region in _REGIONS:
        for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            spans.add((match.start, match.end))
    return spans


def _first_wins(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Non-overlapping spans, in text order; earlier kinds in the list win a tie (secrets first)."""
    chosen: list[tuple[int, int, str]] = []
    order = {kind: n for n, kind in enumerate(["KEEP", "SECRET", "EMAIL", "IBAN", "CARD", "PHONE"])}
    for span in sorted(spans, key=lambda s: (order[s[2]], s[0])):
        if all(span[1] <= other[0] or span[0] >= other[1] for other in chosen):
            chosen.append(span)
    return sorted(chosen)
