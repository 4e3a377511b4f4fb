"""What a passage leaves out by name: "an annual full-scope pentest, excluding social engineering"
answers "Does the pentest include social engineering?" with no, where a question that does not
ask about social engineering reads the same words as a limit at most.
"""

from __future__ import annotations

import re

from ..text.terms import key_terms, matches

# "rather than" and "instead of" set one way aside for another: "Configure firewall rules by domain name
# rather than by IP address" answers "Can our firewall allow the service by IP addresses?" with no.
_EXCLUDING = re.compile(r"\b(?:excluding|except(?:\s+for)?|with the exception of|other than|but\s+not|rather\s+than|"
                        r"instead\s+of)\s+([^.;:,()]+)|"
                        # A name set aside in brackets: "Bitbucket Server (not Bitbucket Cloud)".
                        r"\(\s*(?:not|excluding|except)\s+([^().;:]+)\)", re.IGNORECASE)


def excluded_asked(question: str, text: str) -> str | None:
    """The phrase `text` excludes whose every term the question asks about (None when none)."""
    asked = set(key_terms(question))
    for match in _EXCLUDING.finditer(text):
        terms = key_terms(match.group(1) or match.group(2))
        if terms and all(matches(t, asked) for t in terms):
            return match.group(0).strip()
    return None
