"""A page the search found whose title names the question's subject, left uncited.

"Can we download the audit log as a CSV file from the dashboard?" was answered "Yes." from "Invoices
… CSV files download directly from the dashboard" on a page titled "Plans and billing", while the
search had also found the page titled "Audit Events Logging". Documentation is written a page per
subject: when a found page's title names two or more of the question's key terms and no cited page's
title names any, the passages cited may share the question's words without being about its subject,
and a reviewer checks. On ten development sets it marks five answers, two of them wrong; with the model
fitted on them it keeps two from going out alone: that audit-log answer (wrong) and Docker's "Do I need a
specific version of Docker Desktop for SSO?" (right, at 86 %).
"""

from __future__ import annotations

from ..contracts import ResearchSource
from ..text.terms import key_terms, matches

_NAMED = 2  # a title naming two of the question's key terms is about its subject, not one word of it


def uncited_subject_page(question: str, sources: list[ResearchSource], cited: set[str]) -> str | None:
    """The title of a found, uncited page that names the question's subject, when no cited page's title
    names any of its key terms; else None."""
    asked = set(key_terms(question))

    def named(title: str) -> int:
        return sum(1 for term in set(key_terms(title)) if matches(term, asked))

    if not cited or any(named(s.title) for s in sources if s.source_path in cited):
        return None
    return next((s.title for s in sources if s.source_path not in cited and named(s.title) >= _NAMED), None)
