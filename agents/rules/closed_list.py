"""A version the documentation leaves out of a closed list: "Does your edge accept TLS 1.0?"
against "The Fly proxy only supports TLSv1.2 and TLSv1.3". The passage answers the question
(no) although it never names TLS 1.0: it names the same thing, other versions of it, and says
those are the only ones.
"""

from __future__ import annotations

import re

# A name and its version: "TLS 1.0", "TLSv1.2", "SAML 2.0", "OAuth 2".
_VERSIONED = re.compile(r"\b([A-Za-z][A-Za-z-]*?)[\s-]*v?(\d+(?:\.\d+)*)\b")
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.IGNORECASE)
_OR_LATER = re.compile(r"\bor (?:later|higher|above|newer|greater)\b|\d\+", re.IGNORECASE)


def excluded_by(phrase: str, text: str) -> bool:
    """Whether `text` says only other versions of what `phrase` names ("TLS 1.0": "only supports
    TLSv1.2 and TLSv1.3"). The "only" must lead into the list (at most two words before the
    name): in "the SOC 2 report is shared only under NDA" it limits something else."""
    asked = _VERSIONED.fullmatch(phrase.strip())
    if asked is None:
        return False
    name, version = asked.group(1), _normal(asked.group(2))
    if not re.search(rf"{_ONLY.pattern}(?:\s+[\w-]+){{0,2}}\s+{re.escape(name)}", text, re.IGNORECASE):
        return False
    listed = {_normal(v) for n, v in _VERSIONED.findall(text) if n.casefold() == name.casefold()}
    if not listed:
        return False
    if _OR_LATER.search(text):  # "only TLS 1.2 or later": 1.3 is in, 1.0 is out
        return _number(version) < min(map(_number, listed))
    return version not in listed


def _number(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _normal(version: str) -> str:
    """"1" and "1.0" are the same version."""
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)
