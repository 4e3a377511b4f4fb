"""A yes/no question asked in the negative: "Does the client work without any inbound firewall ports?",
"a role that can see all configuration but change none of it?", "…without a commercial licence?".

"Yes." and "No." then answer the negative, and a negation in the passage may be the very thing asked
("The NetBird client doesn't require any incoming port to be open"; "An Auditor … can't modify
anything") or may deny it; a passage without one ("SCIM provisioning … require a Commercial License")
may answer "no" to it. Word matching reads a negation as a denial of the capability, so which way round
the passage answers is left to a reviewer, with the question's negation named. An abstention claims
nothing either way and is not this kind. The words are English negation, not wording read off a vendor.
"""

from __future__ import annotations

import re

from ..text.cues import not_negations
from ..text.question_form import is_yes_no

_NEGATION = re.compile(r"\b(?:not|no|none|never|nothing|nobody|without|cannot|unable|neither|nor)\b|\w+n't\b",
                       re.IGNORECASE)


def asked_in_negative(question: str) -> str | None:
    """The negation a yes/no question asks with ("without", "none", "not"), or None."""
    if not is_yes_no(question):
        return None
    match = _NEGATION.search(not_negations(question.lower().replace("’", "'")))
    return match.group() if match else None
