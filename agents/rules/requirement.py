"""A requirement the question says is not met: "Can a developer without admin rights create access
tokens?" against "You must be an account admin to create access tokens", or "Can an owner who has not set
up 2FA enforce it?" against "The account owner must already have 2FA enabled … before they can enforce it".
The passage states a condition; the question names someone who lacks it, so the answer is no.
"""

from __future__ import annotations

import re

from ..text.terms import key_terms, matches

# What a passage requires: "must be an account admin to", "must already have 2FA enabled", "requires an
# admin role", "only available to admins" is `narrowing`'s, not this.
_REQUIRED = re.compile(r"\bmust\s+(?:already\s+|first\s+)?(?:be|have|hold)\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)"
                       r"(?=\s+(?:to|before|in order|for|enabled|set|configured)\b|[.,;]|$)"
                       r"|\brequires?\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:role|rights|permissions?|access)\b",
                       re.IGNORECASE)
# What the question says is missing: "without admin rights", "who has not set up 2FA", "a non-admin",
# "that is not an admin", "lacking …".
_LACKING = re.compile(r"\b(?:without|lacking|non-|not\s+(?:an?\s+)?|(?:has|have|is|are)\s+not\s+(?:yet\s+)?"
                      r"(?:set\s+up|enabled|turned\s+on|configured|got|been\s+given|an?\s+)?)\s*((?:[\w-]+\s+){0,2}[\w-]+)",
                      re.IGNORECASE)


def unmet_requirement(question: str, text: str) -> str | None:
    """The requirement of `text` the question says its subject lacks (None when none)."""
    lacking = [set(key_terms(m.group(1))) for m in _LACKING.finditer(question)]
    if not lacking:
        return None
    for match in _REQUIRED.finditer(text):
        required = key_terms(match.group(1) or match.group(2))
        if required and any(all(matches(t, missing) for t in required[-1:]) for missing in lacking):
            return match.group(0).strip()
    return None
