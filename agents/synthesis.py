"""Synthesis: the answer, written only from verified quotes, with a compliance status
and a confidence. Offline it is extractive; with a model it is written by the strong model."""

from __future__ import annotations

from dataclasses import dataclass

from .context import RunContext
from .contracts import Citation, ComplianceStatus, CriticResult, EvidenceResult, QueryPlanResult, SynthesisResult
from .llm import Usage
from retrieval import Document

from .terms import (
    NEGATIVE_CUES,
    PARTIAL_CUES,
    context_of,
    coverage,
    has_cue,
    key_terms,
    lead_sentences,
    missing_words,
    product_terms,
    unsupported_phrases,
)

SYSTEM = """You answer a question from a security questionnaire or RFP for a vendor, using ONLY the quotes given.
Rules:
- Every sentence that states a fact ends with citation markers like [1] or [1][2], numbered by the order of
  your citations list; each citation copies its quote exactly as given, with its source_path and source_title.
- Never state a capability no quote supports. If the quotes do not answer a facet, say plainly that no
  evidence was found for it and list it in facets_missing.
- compliance_status: "Fully Supported" when the quotes show the capability without limits; "Partially
  Supported" when limited (plan, region, cloud, on request) or only part of the question is covered;
  "Not Supported" when the quotes deny it or there is no evidence.
- confidence_score 0-100: how well the quotes support the answer.
- When revision instructions are given, follow them.
Reply with JSON only."""

_MIN_COVERAGE = 0.5
_MAX_CITATIONS = 4


@dataclass
class _Quote:
    source_path: str
    source_title: str
    url: str | None
    text: str
    coverage: float
    specific: float
    rank: int
    section: str = ""
    scope: bool = False  # a limit the page states for everything on it


def synthesize_offline(question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                       documents: dict[str, Document], critic: CriticResult | None = None) -> SynthesisResult:
    """Extractive synthesis: the best-covering quotes, an honest status and confidence."""
    terms = key_terms(question)
    quotes = _ranked_quotes(terms, product_terms(question), evidence, documents)
    if not quotes or quotes[0].coverage < _MIN_COVERAGE:
        return _no_evidence(question, plan, evidence)
    chosen = _choose(quotes, plan)
    absent = unsupported_phrases(question, " ".join(f"{q.section} {q.text}" for q in chosen))
    if absent:
        return _unsupported(plan, chosen, absent)
    chosen = _with_scope_limit(chosen, documents)
    facets_covered, facets_missing = _facets(plan, chosen)
    status = _status(chosen, facets_missing)
    confidence = 50 + 40 * chosen[0].coverage + (5 if len(chosen) > 1 else 0) - 10 * len(facets_missing)
    if critic and critic.recommended_confidence is not None:
        confidence = min(confidence, critic.recommended_confidence)
    return SynthesisResult(
        answer=_answer(status, chosen, facets_missing),
        compliance_status=status,
        confidence_score=int(min(95, confidence)),
        citations=[Citation(source_path=q.source_path, source_title=q.source_title, url=q.url, quote=q.text) for q in chosen],
        facets_covered=facets_covered,
        facets_missing=facets_missing,
        reasoning=f"The best quote covers {chosen[0].coverage:.0%} of the question's key terms; "
                  f"status from its wording ({status}).",
    )


def _with_scope_limit(chosen: list[_Quote], documents: dict[str, Document]) -> list[_Quote]:
    """A limit a page states before its first sub-heading ("…on the Enterprise plan only")
    applies to everything on it: cite it next to the main quote, marked as such."""
    primary = chosen[0]
    document = documents.get(primary.source_path)
    limits = [s for s in lead_sentences(document.text) if has_cue(s, PARTIAL_CUES)] if document else []
    if not limits:
        return chosen
    rest = [q for q in chosen[1:] if not (q.source_path == primary.source_path and q.text == limits[0])]
    scope = _Quote(primary.source_path, primary.source_title, primary.url, limits[0], primary.coverage,
                   primary.specific, primary.rank, primary.section, scope=True)
    return [primary, scope, *rest][:_MAX_CITATIONS]


def _unsupported(plan: QueryPlanResult, chosen: list[_Quote], absent: list[str]) -> SynthesisResult:
    """The passages found are about something close, not what was asked: say so, claim nothing."""
    named = ", ".join(absent)
    closest = " ".join(f"{q.text.rstrip('. ')} [{n}]." for n, q in enumerate(chosen[:2], start=1))
    return SynthesisResult(
        answer=f"No evidence was found in the documentation for {named}. The closest passages say: {closest}",
        compliance_status="Not Supported",
        confidence_score=35,
        citations=[Citation(source_path=q.source_path, source_title=q.source_title, url=q.url, quote=q.text)
                   for q in chosen[:2]],
        facets_missing=absent,
        reasoning=f"The quotes found do not mention {named}, which the question names.",
    )


def _ranked_quotes(terms: list[str], specific: list[str], evidence: EvidenceResult,
                   documents: dict[str, Document]) -> list[_Quote]:
    """Quotes about the question's specific names first, then by coverage of its terms.

    A quote is read with the headings above it: "available on the Enterprise plan
    only" is about BYOK because it stands under "Bring your own key (BYOK)".
    """
    quotes = []
    for rank, item in enumerate(evidence.evidence):
        document = documents.get(item.source_path)
        for text in item.quotes:
            section = context_of(text, document.text) if document else ""
            about = f"{section} {text}"
            quotes.append(_Quote(item.source_path, item.source_title, document.url if document else None, text,
                                 coverage(terms, about), coverage(specific, about), rank, section))
    return sorted(quotes, key=lambda q: (-round(q.specific, 2), -q.coverage, q.rank))


def _choose(quotes: list[_Quote], plan: QueryPlanResult) -> list[_Quote]:
    """The best quote, the best quote of each facet, then close seconds."""
    chosen = [quotes[0]]
    for facet in plan.facets:
        facet_terms = key_terms(facet.description)
        best = max(quotes, key=lambda q: (coverage(facet_terms, q.text), -q.rank))
        if coverage(facet_terms, best.text) >= _MIN_COVERAGE and best not in chosen:
            chosen.append(best)
    for quote in quotes[1:]:
        if len(chosen) >= _MAX_CITATIONS:
            break
        if quote not in chosen and quote.coverage >= max(0.34, 0.6 * quotes[0].coverage):
            chosen.append(quote)
    return chosen[:_MAX_CITATIONS]


def _facets(plan: QueryPlanResult, chosen: list[_Quote]) -> tuple[list[str], list[str]]:
    text = " ".join(q.text for q in chosen)
    covered, missing = [], []
    for facet in plan.facets:
        (covered if coverage(key_terms(facet.description), text) >= _MIN_COVERAGE else missing).append(facet.name)
    return covered, missing


def _status(chosen: list[_Quote], facets_missing: list[str]) -> ComplianceStatus:
    primary = chosen[0]
    if has_cue(primary.text, NEGATIVE_CUES):
        return "Not Supported"
    # A limit stated in the same section as the main quote applies to it.
    close = [q for q in chosen if q.scope or (q.source_path, q.section) == (primary.source_path, primary.section)
             or (q.coverage >= 0.5 * primary.coverage and q.specific >= primary.specific)]
    if any(has_cue(q.text, PARTIAL_CUES) for q in close) or facets_missing:
        return "Partially Supported"
    return "Fully Supported"


def _answer(status: ComplianceStatus, chosen: list[_Quote], facets_missing: list[str]) -> str:
    opening = {"Fully Supported": "Yes.", "Partially Supported": "Partially.", "Not Supported": "No."}[status]
    parts = [opening] + [f"{q.text.rstrip('. ')} [{n}]." for n, q in enumerate(chosen, start=1)]
    if facets_missing:
        parts.append(f"No evidence was found in the documentation for: {'; '.join(facets_missing)}.")
    return " ".join(parts)


def _no_evidence(question: str, plan: QueryPlanResult, evidence: EvidenceResult) -> SynthesisResult:
    text = " ".join(q for e in evidence.evidence for q in e.quotes)
    absent = missing_words(question, text) or [question.strip(" ?")]
    return SynthesisResult(
        answer=("No evidence was found in the documentation to answer this question: no source mentions "
                f"{', '.join(absent)}. It is reported as Not Supported until a reviewer confirms it."),
        compliance_status="Not Supported",
        confidence_score=25,
        facets_missing=[f.name for f in plan.facets],
        reasoning="No quote covers half of the question's key terms.",
    )


async def synthesize(ctx: RunContext, question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                     critic: CriticResult | None, iteration: int) -> SynthesisResult:
    """The synthesis node; on a revision it receives the critic's instructions."""

    async def work(usage: Usage) -> SynthesisResult:
        payload = {"question": question, "facets": [f.model_dump(include={"name", "description"}) for f in plan.facets],
                   "evidence": [e.model_dump() for e in evidence.evidence],
                   "urls": {path: doc.url for path, doc in ctx.documents.items()},
                   "revision": critic.model_dump(include={"issues", "revision_instructions", "recommended_confidence"})
                   if critic else None}
        return await ctx.llm_or_offline(
            "synthesis",
            lambda: ctx.ask(node="synthesis", tier="strong", system=SYSTEM, payload=payload,
                            output=SynthesisResult, usage=usage),
            lambda: synthesize_offline(question, plan, evidence, ctx.documents, critic),
        )

    return await ctx.step("synthesis", work,
                          lambda s: f"draft {iteration}: {s.compliance_status}, confidence {s.confidence_score}",
                          iteration=iteration)
