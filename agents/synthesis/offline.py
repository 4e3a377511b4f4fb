"""Extractive synthesis: the passages that answer, an honest status and a calibrated confidence."""

from __future__ import annotations

from retrieval import Document

from ..contracts import ComplianceStatus, CriticResult, EvidenceResult, QueryPlanResult, SynthesisResult
from ..extractive import fitted
from ..judging.facets import facet_coverage
from ..judging.support import CONFIDENT, RELEVANT, Scorer, asks_for_a_number, states_the_number
from ..rules.duty import asks_to_be_told, left_to_customer
from ..text.names import unsupported_phrases
from ..text.prose import LEAD_IN, told
from ..text.question_form import is_yes_no
from ..text.terms import together
from .choosing import (excluding_passage, number_nearby, once, twins_of, with_caveat, with_denied_name, with_facets,
                       with_names, with_number, with_restriction, with_scope_limit)
from .quotes import MAX_CITATIONS, Quote, ranked
from .status import decide_status, deciding


def synthesize_offline(question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                       documents: dict[str, Document], scorer: Scorer,
                       critic: CriticResult | None = None) -> SynthesisResult:
    """Extractive synthesis: the passages that answer, an honest status and a calibrated confidence."""
    quotes = ranked(question, evidence, documents, scorer)
    if not quotes or quotes[0].score < fitted().floor:
        return _abstain(question, plan, quotes[:2] if quotes else [], [], "no passage answers the question")
    top = [q for q in quotes if q.score >= quotes[0].score - fitted().band][:MAX_CITATIONS]
    absent = unsupported_phrases(question, together(q.passage.about for q in top))
    excluding = excluding_passage(absent, top)
    if excluding:
        return _denied(question, excluding, absent)
    if absent:
        top = with_names(question, top, quotes, absent)
        absent = unsupported_phrases(question, together(q.passage.about for q in top))
    if absent:
        return _abstain(question, plan, top[:2], absent, f"the passages found do not mention {', '.join(absent)}")
    chosen = once(with_denied_name(question, with_restriction(
        question, with_caveat(with_scope_limit(with_facets(top, quotes, plan, scorer), documents), documents),
        quotes), quotes))
    if asks_for_a_number(question) and not any(states_the_number(question, q.passage.about) for q in chosen):
        stated = with_number(question, quotes) or number_nearby(question, chosen, documents, scorer)
        if stated is None:
            return _abstain(question, plan, chosen[:2], [], "the question asks for a number, a period, a version or "
                                                            "an algorithm and no passage found gives one")
        chosen = [stated, *chosen][:MAX_CITATIONS + 1]
    covered, missing = facet_coverage(plan, [q.passage for q in chosen], scorer)
    deniable, on_point = deciding(question, chosen)
    if asks_to_be_told(question) and any(left_to_customer(q.passage.text) for q in deniable):
        return _abstain(question, plan, chosen[:2], [], "the passages say what the customer must tell others, "
                                                        "not whether the customer is told")
    status, why = decide_status(question, chosen, missing, deniable, on_point, covered)
    confidence = _confidence(chosen[0].score, len(missing))
    if critic and critic.recommended_confidence is not None:
        confidence = min(confidence, critic.recommended_confidence)
    twins = twins_of(chosen, quotes)
    return SynthesisResult(
        answer=_answer(question, status, chosen, missing, twins, answered=bool(covered) or not missing),
        compliance_status=status, confidence_score=confidence,
        citations=[q.citation() for q in chosen] + [t.citation() for same in twins for t in same],
        facets_covered=covered, facets_missing=missing,
        reasoning=f"The best passage scores {chosen[0].score:.2f} for relevance (answer at {RELEVANT}, "
                  f"confident at {CONFIDENT}); {why}.",
        deniable_quotes=[q.passage.quote for q in deniable], limiting_quotes=[q.passage.quote for q in on_point],
        list_heads=[q.passage.list_head for q in deniable])


def _confidence(score: float, missing: int) -> int:
    """55 at the relevance floor, 70 (the default review threshold) at CONFIDENT, 95 at most."""
    value = 55 + (score - RELEVANT) * 15 / (CONFIDENT - RELEVANT) - 10 * missing
    return int(max(5, min(95, value)))


def _answer(question: str, status: ComplianceStatus, chosen: list[Quote], missing: list[str],
            twins: list[list[Quote]], answered: bool = True) -> str:
    # "Yes."/"No." only when the best passage answers the question squarely; otherwise say what it says. Where no
    # facet is answered, "No." would claim a denial the passages do not make.
    if is_yes_no(question) and chosen[0].score >= CONFIDENT and answered:
        opening = {"Fully Supported": "Yes.", "Partially Supported": "Partially.", "Not Supported": "No."}[status]
    else:
        opening = LEAD_IN
    extra = iter(range(len(chosen) + 1, len(chosen) + 1 + sum(map(len, twins))))
    marks = [f"[{n}]" + "".join(f"[{next(extra)}]" for _ in same) for n, same in enumerate(twins, start=1)]
    parts = [opening] + [f"{text} {mark}." for text, mark in zip(told(q.passage.quote for q in chosen), marks)]
    if missing:
        parts.append(f"No evidence was found in the documentation for: {'; '.join(missing)}.")
    return " ".join(parts)


def _denied(question: str, quote: Quote, absent: list[str]) -> SynthesisResult:
    """The question's version is left out of the passage's closed list: Not Supported, from it."""
    return SynthesisResult(
        answer=_answer(question, "Not Supported", [quote], [], [[]]), compliance_status="Not Supported",
        confidence_score=_confidence(quote.score, 0), citations=[quote.citation()],
        reasoning=f"The best passage lists only other versions than {', '.join(absent)} "
                  f"(relevance {quote.score:.2f}).")


def _abstain(question: str, plan: QueryPlanResult, closest: list[Quote], absent: list[str],
             why: str) -> SynthesisResult:
    """Nothing answers: say so, claim nothing, and show a reviewer where to start."""
    subject = ", ".join(absent) if absent else "this question"
    answer = f"No evidence was found in the documentation for {subject}."
    if closest:
        marks = " ".join(f"[{n}]" for n in range(1, len(closest) + 1))
        answer += f" The closest passages, for a reviewer to start from, do not answer it: {marks}."
    return SynthesisResult(
        answer=answer, compliance_status="Not Supported", confidence_score=25 if closest else 15,
        citations=[q.citation("closest") for q in closest],
        facets_missing=absent or [f.name for f in plan.facets],
        reasoning=f"Not answered: {why}.")
