"""A quote as synthesis weighs it: the passage read in its context, how relevant it is, and why it is cited."""

from __future__ import annotations

import re
from dataclasses import dataclass

from retrieval import Document

from ..contracts import Citation, EvidenceResult
from ..judging.support import Scorer, named_credit
from ..rules.plans import offered_on
from ..text.grounding import Passage, following, passage_for
from ..text.names import product_terms
from ..text.prose import spoken

MAX_CITATIONS = 3


@dataclass(frozen=True)
class Quote:
    source_path: str
    source_title: str
    url: str | None
    passage: Passage
    score: float
    lexical: float = 0.0
    relevance: float = 0.0  # the score without the credit for naming the question's names
    scope: bool = False  # a limit the page states for everything on it
    scope_only: bool = False  # cited for that limit alone, beside a passage of its page that answers
    named: bool = False  # brought in for a name of the question the best passages leave out
    offers: tuple[str, ...] = ()  # the offers (plans, packages) its page or its list's lead gives it to
    caveat: bool = False  # the sentence after the best passage that qualifies it ("However, …")

    def citation(self, role: str = "evidence") -> Citation:
        return Citation(source_path=self.source_path, source_title=self.source_title, url=self.url,
                        quote=self.passage.quote, role=role)


def ranked(question: str, evidence: EvidenceResult, documents: dict[str, Document], scorer: Scorer) -> list[Quote]:
    """Every quote, read with its context, by relevance to the question."""
    named = product_terms(question)
    out = []
    for item in evidence.evidence:
        document = documents.get(item.source_path)
        for text in item.quotes:
            if not spoken(text):
                continue  # markup with no words of its own once read (a template tag's lines): nothing to quote
            passage = passage_for(text, document.text if document else None)
            fit = scorer.relevance(question, passage)
            score = fit.score + named_credit(named, passage)
            offers = tuple(dict.fromkeys([*offered_on(passage.list_head or ""), *offered_on(passage.text),
                                          *_offers_said_after(passage, document.text if document else None)]))
            out.append(Quote(item.source_path, item.source_title, document.url if document else None, passage,
                             round(score, 4), fit.lexical, fit.score, offers=offers))
    return sorted(out, key=lambda q: -q.score)


# The sentence after a passage that speaks of it: "This is an Enterprise feature…", "Contact sales to set this
# up as part of an Enterprise plan."
_BACK_REFERENCE = re.compile(r"\b(?:this|these|it|both)\b", re.IGNORECASE)


def _offers_said_after(passage: Passage, document: str | None) -> list[str]:
    """The offers the next sentence under the same heading gives what the passage says to, when it speaks
    of it ("this", "it"); [] when none does."""
    after = None if passage.list_head else following(passage, document)
    return offered_on(after.text) if after and _BACK_REFERENCE.search(after.text) else []
