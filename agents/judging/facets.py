"""Facet coverage, computed in code: which of the plan's facets the cited passages answer.

Used by the offline synthesis to decide what is missing and by the critic's audit
to check any draft's own claim of coverage, whatever engine wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contracts import QueryPlanResult
from ..extractive import fitted
from ..text.grounding import Passage
from .support import Scorer


def facet_coverage(plan: QueryPlanResult, cited: Sequence[Passage], scorer: Scorer) -> tuple[list[str], list[str]]:
    """(covered, missing) facet names: a facet is covered when a cited passage fits it."""
    covered, missing = [], []
    for facet in plan.facets:
        best = max((scorer.relevance(facet.description, p).score for p in cited), default=0.0)
        (covered if best >= fitted().facet_covered else missing).append(facet.name)
    return covered, missing
