"""What the audit measures about a finished draft, as numbers a fitted model can weigh.

These are the inputs of the send-or-review decision (`agents.judging.gate`): how well the
cited passages fit the question, how well each sentence is backed by its quotes,
what the draft claims, and what the audit objected to. They are computed the same
way whichever engine wrote the draft.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retrieval import Document

from ..contracts import AnswerSignals, Citation, QueryPlanResult, SynthesisResult
from ..rules.denial import passage_denials
from ..text.cues import NEGATIVE_CUES, PARTIAL_CUES, has_cue, is_hedge, new_cues
from ..text.grounding import Passage, answer_sentences, cited_numbers, passage_for
from ..text.names import product_terms, unsupported_phrases
from ..text.prose import told_from, without_opening
from ..text.question_form import is_universal, is_yes_no
from ..text.terms import coverage, key_terms, matches, together
from .support import Relevance, Scorer

_TABLE_OR_LIST = re.compile(r"\||<t[dr]\b|^\s*(?:[-*+]|\d+[.)])\s", re.M)
# The asker's own side: what the customer, its users or "we" may do or get, as opposed to what the vendor does.
_CUSTOMER = re.compile(r"\b(?:customers?|clients?|tenants?|we|our|us|users?)\b", re.I)
_OPEN_QUESTION = re.compile(r"^\s*(what|which|how|who|where|when|describe|explain|list|provide)\b", re.I)


def measure(draft: SynthesisResult, documents: dict[str, Document], plan: QueryPlanResult, scorer: Scorer,
            *, claims: list[ClaimSupport], missing: list[str], blocking: bool, uncited: int,
            plan_dependent: bool = False, judged_measure: bool = False,
            asked_in_negative: bool = False, subject_page_uncited: bool = False) -> AnswerSignals:
    """The signals of one draft (the audit supplies what it already computed)."""
    question = plan.original_question
    evidence = [c for c in draft.citations if c.is_evidence]
    fits = _fits(question, evidence, documents, scorer)
    closest = _fits(question, draft.citations, documents, scorer) if not evidence else []
    quotes = together(c.quote for c in evidence)
    about = together(passage_of(c, documents).about for c in evidence)
    named = product_terms(question)
    searched = together(d.text for d in documents.values())
    facets = len(plan.facets) or 1
    status = draft.compliance_status
    return AnswerSignals(
        relevance=fits[0].score if fits else 0.0, semantic=fits[0].semantic if fits else 0.0,
        lexical=fits[0].lexical if fits else 0.0, second_relevance=fits[1].score if len(fits) > 1 else 0.0,
        closest_relevance=closest[0].score if closest else 0.0, closest_semantic=closest[0].semantic if closest else 0.0,
        terms_in_documents=_terms_in(question, searched),
        names_absent=float(bool(unsupported_phrases(question, searched))),
        question_terms_covered=scorer.lexical(key_terms(question), quotes) if evidence else 0.0,
        named_covered=(coverage(named, about) if evidence else 0.0) if named else 1.0,
        min_support=min((c.score for c in claims), default=1.0),
        rare_terms_missing=max((len(c.gaps) / c.rare for c in claims if c.rare), default=0.0),
        evidence_citations=float(len(evidence)), sources=float(len({c.source_path for c in evidence})),
        facets_missing=float(len(missing)), facet_share=1 - min(len(missing), facets) / facets,
        fully=float(status == "Fully Supported"), partially=float(status == "Partially Supported"),
        not_supported=float(status == "Not Supported"), abstained=float(not evidence),
        yes_no=float(is_yes_no(question)), open_question=float(bool(_OPEN_QUESTION.match(question))),
        limiting_cue=float(any(has_cue(c.quote, PARTIAL_CUES) or has_cue(c.quote, NEGATIVE_CUES) for c in evidence)),
        denial_cue=float(any(passage_denials(passage_of(c, documents), question) for c in evidence)),
        limit_cue=float(any(new_cues(c.quote, question, PARTIAL_CUES) for c in evidence)),
        universal_question=float(is_universal(question)),
        customer_question=float(bool(_CUSTOMER.search(question))),
        table_or_list=float(any(_TABLE_OR_LIST.search(c.quote) for c in evidence)),
        blocking=float(blocking), uncited=float(uncited), plan_dependent=float(plan_dependent),
        judged_measure=float(judged_measure), asked_in_negative=float(asked_in_negative),
        subject_page_uncited=float(subject_page_uncited))


def _terms_in(question: str, searched: str) -> float:
    """The share of the question's key terms that the documents searched use anywhere. "No evidence" for
    a question whose words the documents hold (a pentest, payload encryption, one tenant's performance)
    is more often an answer missed in other words than a subject they do not cover."""
    asked = key_terms(question)
    if not asked:
        return 0.0
    used = set(key_terms(searched))
    return sum(1 for t in asked if matches(t, used)) / len(asked)


def _fits(question: str, citations: list[Citation], documents: dict[str, Document], scorer: Scorer) -> list[Relevance]:
    return sorted((scorer.relevance(question, passage_of(c, documents)) for c in citations), key=lambda r: -r.score)


def passage_of(citation: Citation, documents: dict[str, Document]) -> Passage:
    """The cited quote as a passage of its document (with its headings), or bare."""
    document = documents.get(citation.source_path)
    return passage_for(citation.quote, document.text if document else None)


@dataclass(frozen=True)
class ClaimSupport:
    """How well the quotes one sentence cites back it (a sentence copying a quote is not listed)."""

    sentence: str
    score: float
    rare: int
    gaps: list[str]


def claim_supports(draft: SynthesisResult, scorer: Scorer) -> list[ClaimSupport]:
    """Each cited sentence that restates its evidence quotes, with its support and the rarer terms they lack."""
    out = []
    for sentence in answer_sentences(draft.answer):
        quotes = [draft.citations[n - 1].quote for n in cited_numbers(sentence)
                  if 1 <= n <= len(draft.citations) and draft.citations[n - 1].is_evidence]
        if not quotes or is_hedge(sentence) or any(told_from(sentence, q) for q in quotes):
            continue
        sentence = without_opening(sentence)  # "The documentation says:" is the answer's framing, not a claim
        rare, gaps = scorer.rare_terms_missing(sentence, quotes)
        out.append(ClaimSupport(sentence, scorer.support(sentence, quotes), rare, gaps))
    return out
