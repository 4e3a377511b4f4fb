"""Synthesis: the answer, written only from verified quotes, with a compliance status
and a confidence. Offline it is extractive; with a model it is written by the strong model."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

from retrieval import Document, short_cloud_names

from .context import RunContext
from .contracts import Citation, ComplianceStatus, CriticResult, EvidenceResult, QueryPlanResult, SynthesisResult
from .extractive import fitted
from .judging.facets import facet_coverage
from .judging.support import CONFIDENT, RELEVANT, Scorer, asks_for_a_number, named_credit, states_the_number
from .llm.interface import Usage
from .rules.closed_list import excluded_by
from .rules.custody import vendor_holds
from .rules.denial import passage_denials
from .rules.duty import asks_to_be_told, asks_vendor_act, left_to_customer
from .rules.exclusion import excluded_asked
from .rules.narrowing import narrowing, restricted_scope
from .rules.opposite_scope import opposite_scope
from .rules.plans import plan_verdict, speaks_of_availability, without_own_plan
from .text.grounding import Passage, occurs_in, passage_for, passages
from .text.prose import LEAD_IN, distinct, spoken, told
from .text.terms import (PARTIAL_CUES, coverage, has_cue, is_yes_no, new_cues, product_terms, specific_phrases,
                         together, unsupported_phrases)

SYSTEM = """You answer a question from a security questionnaire or RFP for a vendor, using ONLY the quotes given.
Rules:
- Every sentence that states a fact ends with citation markers like [1] or [1][2], numbered by the order of
  your citations list; each citation copies its quote exactly as given, with its source_path and source_title,
  and role "evidence". A sentence must say only what its quotes say.
- Never state a capability no quote supports. If the quotes do not answer a facet, say plainly that no
  evidence was found for it and list it in facets_missing.
- Start with "Yes." or "No." only when the question is a yes/no question.
- compliance_status: "Fully Supported" when the quotes show the capability without limits; "Partially
  Supported" when limited (plan, region, cloud, on request, only some cases) or only part of the question is
  covered; "Not Supported" when the quotes deny it or there is no evidence.
- confidence_score 0-100: how well the quotes support the answer.
- When revision instructions are given, follow them.
- When "earlier" is given, the question follows up on that exchange in the same thread: answer the new
  question in its light ("and on GCP?" asks the earlier question about GCP) without repeating the earlier
  answer, and cite only quotes from evidence.
Reply with JSON only."""

_MAX_CITATIONS = 3
_SNAP = 0.85          # how alike a model's copy must be to an evidence quote to be read as it
_SHORT_LEAD = 4       # passages before a page's first sub-heading that can be a note on its scope


@dataclass(frozen=True)
class _Quote:
    source_path: str
    source_title: str
    url: str | None
    passage: Passage
    score: float
    lexical: float = 0.0
    relevance: float = 0.0  # the score without the credit for naming the question's names
    scope: bool = False  # a limit the page states for everything on it
    named: bool = False  # brought in for a name of the question the best passages leave out

    def citation(self, role: str = "evidence") -> Citation:
        return Citation(source_path=self.source_path, source_title=self.source_title, url=self.url,
                        quote=self.passage.quote, role=role)


def synthesize_offline(question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                       documents: dict[str, Document], scorer: Scorer,
                       critic: CriticResult | None = None) -> SynthesisResult:
    """Extractive synthesis: the passages that answer, an honest status and a calibrated confidence."""
    quotes = _ranked(question, evidence, documents, scorer)
    if not quotes or quotes[0].score < fitted().floor:
        return _abstain(question, plan, quotes[:2] if quotes else [], [], "no passage answers the question")
    top = [q for q in quotes if q.score >= quotes[0].score - fitted().band][:_MAX_CITATIONS]
    absent = unsupported_phrases(question, together(q.passage.about for q in top))
    excluding = _excluding(absent, top)
    if excluding:
        return _denied(question, excluding, absent)
    if absent:
        top = _with_names(question, top, quotes, absent)
        absent = unsupported_phrases(question, together(q.passage.about for q in top))
    if absent:
        return _abstain(question, plan, top[:2], absent, f"the passages found do not mention {', '.join(absent)}")
    chosen = _once(_with_restriction(question, _with_scope_limit(_with_facets(top, quotes, plan, scorer), documents),
                                     quotes))
    if asks_for_a_number(question) and not any(states_the_number(question, q.passage.about) for q in chosen):
        stated = _with_number(question, quotes)
        if stated is None:
            return _abstain(question, plan, chosen[:2], [], "the question asks for a number, a period, a version or "
                                                            "an algorithm and no passage found gives one")
        chosen = [stated, *chosen][:_MAX_CITATIONS + 1]
    covered, missing = facet_coverage(plan, [q.passage for q in chosen], scorer)
    deniable, on_point = _deciding(question, chosen)
    if asks_to_be_told(question) and any(left_to_customer(q.passage.text) for q in deniable):
        return _abstain(question, plan, chosen[:2], [], "the passages say what the customer must tell others, "
                                                        "not whether the customer is told")
    status, why = _status(question, chosen, missing, deniable, on_point)
    confidence = _confidence(chosen[0].score, len(missing))
    if critic and critic.recommended_confidence is not None:
        confidence = min(confidence, critic.recommended_confidence)
    twins = _twins(chosen, quotes)
    return SynthesisResult(
        answer=_answer(question, status, chosen, missing, twins),
        compliance_status=status, confidence_score=confidence,
        citations=[q.citation() for q in chosen] + [t.citation() for same in twins for t in same],
        facets_covered=covered, facets_missing=missing,
        reasoning=f"The best passage scores {chosen[0].score:.2f} for relevance (answer at {RELEVANT}, "
                  f"confident at {CONFIDENT}); {why}.",
        deniable_quotes=[q.passage.quote for q in deniable], limiting_quotes=[q.passage.quote for q in on_point],
        list_heads=[q.passage.list_head for q in deniable])


def _ranked(question: str, evidence: EvidenceResult, documents: dict[str, Document], scorer: Scorer) -> list[_Quote]:
    """Every quote, read with its context, by relevance to the question."""
    named = product_terms(question)
    out = []
    for item in evidence.evidence:
        document = documents.get(item.source_path)
        for text in item.quotes:
            passage = passage_for(text, document.text if document else None)
            fit = scorer.relevance(question, passage)
            score = fit.score + named_credit(named, passage)
            out.append(_Quote(item.source_path, item.source_title, document.url if document else None, passage,
                              round(score, 4), fit.lexical, fit.score))
    return sorted(out, key=lambda q: -q.score)


def _with_names(question: str, top: list[_Quote], quotes: list[_Quote], absent: list[str]) -> list[_Quote]:
    """The best passages, and for each name of the question they leave out ("SSO" beside three
    passages on 2FA) the best passage that mentions it and is on the question by its own words and
    meaning, as the audit requires of any cited passage (not merely for naming the name: "Add a new
    SSO application" is not on whether 2FA can be enforced under SSO). One such passage is cited beside
    the best three, not instead of the third (Docker's JIT page, third on "Does SAML SSO use
    Just-in-Time provisioning?", had made room for a SAML set-up step). When no passage naming it is
    that close in meaning, one down to the fitted floor may be, the one that uses most of the
    question's words and meaning ("Require 2FA is currently not available with single sign-on (SSO)",
    at 0.38, over the SSO page's set-up step at 0.37); it speaks to the name, so its denial counts."""
    added: list[_Quote] = []
    for phrase in absent:
        naming = [q for q in quotes if q not in top and q not in added and q.relevance >= fitted().floor
                  and phrase not in unsupported_phrases(question, q.passage.about)]
        best = next((q for q in naming if q.relevance >= RELEVANT), None) or max(
            naming, key=lambda q: q.lexical + q.relevance, default=None)
        if best is not None:
            added.append(replace(best, named=True))
    room = max(1, _MAX_CITATIONS + 1 - len(added))
    return [*top[:room], *added]


def _with_facets(top: list[_Quote], quotes: list[_Quote], plan: QueryPlanResult, scorer: Scorer) -> list[_Quote]:
    """The best passages, and for each facet they leave unanswered its own best passage."""
    chosen = list(top)
    for facet in plan.facets:
        fit, best = max(((scorer.relevance(facet.description, q.passage).score, q) for q in quotes),
                        key=lambda pair: pair[0])
        if best not in chosen and fit >= RELEVANT:
            chosen.append(best)
    return chosen[: _MAX_CITATIONS + 1]


def _with_number(question: str, quotes: list[_Quote]) -> _Quote | None:
    """For a question asking how long, how often or which version, when the best passages give no such
    thing: the best passage that does and answers the question (None when none does: the answer is then
    "no evidence", since a description of the subject says nothing of how long)."""
    return next((q for q in quotes if q.score >= fitted().floor and states_the_number(question, q.passage.about)),
                None)


def _with_restriction(question: str, chosen: list[_Quote], quotes: list[_Quote]) -> list[_Quote]:
    """A relevant passage that narrows what the question asks of *all* or *every* thing
    ("a postmortem for all S1 and S2 severity incidents") is cited even outside the top few."""
    if any(restricted_scope(question, q.passage.text) for q in chosen):
        return chosen
    narrowing = [q for q in quotes if q.score >= fitted().floor and restricted_scope(question, q.passage.text)]
    return [*chosen, narrowing[0]] if narrowing else chosen


def _with_scope_limit(chosen: list[_Quote], documents: dict[str, Document]) -> list[_Quote]:
    """A limit a page states before its first sub-heading ("…on the Enterprise plan only")
    applies to everything cited from it: cited next to the page's first quote, marked as such
    (and marked where it is cited already)."""
    out = list(chosen)
    for path in dict.fromkeys(q.source_path for q in chosen):
        limit = _lead_limit(documents.get(path))
        if limit is None:
            continue
        cited = [i for i, q in enumerate(out) if q.passage.quote == limit.quote]
        if cited:
            out[cited[0]] = replace(out[cited[0]], scope=True)
            continue
        first = next(i for i, q in enumerate(out) if q.source_path == path)
        anchor = out[first]
        out.insert(first + 1, replace(anchor, passage=limit, scope=True))
    return out[: _MAX_CITATIONS + 1]


def _lead_limit(document: Document | None) -> Passage | None:
    """The limit a page states for everything on it, before its first sub-heading (None when none)."""
    if document is None:
        return None
    lead = passages(document.text.split("\n## ", 1)[0])
    if len(lead) > _SHORT_LEAD:
        return None  # a long introduction is content, not a note on the page's scope
    return next((p for p in lead if has_cue(p.text, PARTIAL_CUES) and speaks_of_availability(p.text)), None)


def _status(question: str, chosen: list[_Quote], missing: list[str], deniable: list[_Quote],
            on_point: list[_Quote]) -> tuple[ComplianceStatus, str]:
    """From the wording of the passages that answer (those `_deciding` names): a denial, a limit,
    a gap, or none of these."""
    for quote in deniable:
        excluded = excluded_asked(question, quote.passage.text)
        if excluded and not quote.scope:
            return "Not Supported", f'a passage leaves it out ("{excluded}")'
        denial = passage_denials(quote.passage, question)
        if denial and not quote.scope:
            return "Not Supported", f'a passage denies it ("{denial[0].strip()}")'
        duty = left_to_customer(quote.passage.text) if asks_vendor_act(question) else None
        if duty and not quote.scope:
            return "Not Supported", f'a passage leaves it to the customer ("{duty}")'
        held = vendor_holds(question, quote.passage.text)
        if held and not quote.scope:
            return "Not Supported", f'a passage gives it to the vendor ("{held}")'
    for quote in chosen:
        other = opposite_scope(question, quote.passage.text)
        if other and not quote.scope:
            return "Partially Supported", f'a cited passage is about another scope ("{other}")'
        verdict = plan_verdict(question, quote.passage.text) if quote in on_point else None
        if verdict and verdict[0] == "unmet" and not quote.scope:
            return "Not Supported", f'a passage limits it to other plans ("{verdict[1][0]}")'
        narrowed = restricted_scope(question, quote.passage.text) or narrowing(question, quote.passage.text)
        wording = _STEP_LABEL.sub(" ", without_own_plan(question, quote.passage.text))
        limit = [narrowed] if narrowed else new_cues(wording, question, PARTIAL_CUES) if quote in on_point else []
        if limit:
            return "Partially Supported", f'a cited passage limits it ("{limit[0].strip()}")'
    if missing:
        return "Partially Supported", f"no passage answers: {'; '.join(missing)}"
    return "Fully Supported", "the passages state it without a limit"


# A step or section labelled "Optional." / "Optional:" is one a reader may skip, not a limit on what
# the product does ("6. Optional. Enforce sign-in.", "Optional: Configure multiple IdPs").
_STEP_LABEL = re.compile(r"\bOptional[.:](?=\s)")


def _deciding(question: str, chosen: list[_Quote]) -> tuple[list[_Quote], list[_Quote]]:
    """The cited passages whose wording decides the status: those whose denial counts, and those
    whose limit counts (the best passage, one about as close in the same words, a page's limit)."""
    on_point = [q for q in chosen if q is chosen[0] or q.scope or _on_point(q, chosen[0])]
    # A question that asks for a fact ("How long…", "Which…") is answered by the passage stating it;
    # a "not" in that passage is part of the fact, not a denial of the question.
    deniable = [q for q in chosen if q in on_point or q.named or _names_more(question, q, chosen[0])
                or _denies_name(question, q)] if is_yes_no(question) else []
    return deniable, on_point


def _denies_name(question: str, quote: _Quote) -> bool:
    # A passage that denies a name of the question outright ("Archival is not supported in Temporal
    # Cloud") speaks to it, however far its other words are from the question's; so does one that denies
    # it for another name the question asks about ("BYOK with Google Cloud KMS is not supported", asked
    # about BYOK on GCP; asked about BYOK alone, that is a limit). A condition ("If SCIM is not
    # enabled, …") denies nothing.
    names = specific_phrases(short_cloud_names(question))
    text = short_cloud_names(quote.passage.text)
    for name in names:
        for denied in re.finditer(rf"(?<!\bif )(?<!\bwhen )(?<!\bunless )(?<!\bonce )\b{re.escape(name)}"
                                  rf"((?:\s+(?:with|on|in|for|via|through|using)(?:\s+[\w-]+){{1,4}}?)?)\s+"
                                  rf"(?:is|are|was|were|does|do|will|can)(?:\s+not\b|n[o']t\b)", text, re.I):
            qualifier = denied.group(1)
            if not qualifier or any(re.search(rf"\b{re.escape(other)}\b", qualifier, re.I)
                                    for other in names if other != name):
                return True
    return False


def _names_more(question: str, quote: _Quote, primary: _Quote) -> bool:
    # A close passage that names more of what the question names specifically (its
    # cloud, product or standard) speaks to the question more precisely.
    named = product_terms(question)
    return bool(named) and quote.score >= primary.score - fitted().status_band and (
        coverage(named, quote.passage.about) > coverage(named, primary.passage.about))


def _on_point(quote: _Quote, primary: _Quote) -> bool:
    # A passage nearly as relevant that uses as much of the question's rarer wording
    # speaks to the same thing: its denial or limit counts.
    return quote.score >= primary.score - fitted().status_band and quote.lexical >= 0.9 * primary.lexical


def _confidence(score: float, missing: int) -> int:
    """55 at the relevance floor, 70 (the default review threshold) at CONFIDENT, 95 at most."""
    value = 55 + (score - RELEVANT) * 15 / (CONFIDENT - RELEVANT) - 10 * missing
    return int(max(5, min(95, value)))


def _answer(question: str, status: ComplianceStatus, chosen: list[_Quote], missing: list[str],
            twins: list[list[_Quote]]) -> str:
    # "Yes."/"No." only when the best passage answers the question squarely; otherwise say what it says.
    if is_yes_no(question) and chosen[0].score >= CONFIDENT:
        opening = {"Fully Supported": "Yes.", "Partially Supported": "Partially.", "Not Supported": "No."}[status]
    else:
        opening = LEAD_IN
    extra = iter(range(len(chosen) + 1, len(chosen) + 1 + sum(map(len, twins))))
    marks = [f"[{n}]" + "".join(f"[{next(extra)}]" for _ in same) for n, same in enumerate(twins, start=1)]
    parts = [opening] + [f"{text} {mark}." for text, mark in zip(told(q.passage.quote for q in chosen), marks)]
    if missing:
        parts.append(f"No evidence was found in the documentation for: {'; '.join(missing)}.")
    return " ".join(parts)


def _once(chosen: list[_Quote]) -> list[_Quote]:
    """Passages that say the same words (a sentence repeated on a page, an item beside its list) are
    cited once, and so is a passage with nothing left to say after the ones before it."""
    kept = [chosen[n] for n in distinct([spoken(q.passage.quote) for q in chosen])]
    return [q for q, text in zip(kept, told(q.passage.quote for q in kept)) if text]


def _twins(chosen: list[_Quote], quotes: list[_Quote]) -> list[list[_Quote]]:
    """For each chosen passage, the evidence from other documents that says the very same words
    (a policy sentence repeated on two pages): cited beside it, said once."""
    key = lambda q: " ".join(spoken(q.passage.quote).lower().split())  # noqa: E731
    out: list[list[_Quote]] = []
    taken = {(q.source_path, q.passage.quote) for q in chosen}
    for q in chosen:
        same = [o for o in quotes if o.source_path != q.source_path and key(o) == key(q)
                and (o.source_path, o.passage.quote) not in taken]
        taken.update((o.source_path, o.passage.quote) for o in same)
        out.append(same[:1])
    return out


def _excluding(absent: list[str], top: list[_Quote]) -> _Quote | None:
    """A passage that lists only other versions of every version the question names and the
    passages do not (None when there is none, or nothing is absent)."""
    if not absent:
        return None
    return next((q for q in top if all(excluded_by(phrase, q.passage.text) for phrase in absent)), None)


def _denied(question: str, quote: _Quote, absent: list[str]) -> SynthesisResult:
    """The question's version is left out of the passage's closed list: Not Supported, from it."""
    return SynthesisResult(
        answer=_answer(question, "Not Supported", [quote], [], [[]]), compliance_status="Not Supported",
        confidence_score=_confidence(quote.score, 0), citations=[quote.citation()],
        reasoning=f"The best passage lists only other versions than {', '.join(absent)} "
                  f"(relevance {quote.score:.2f}).")


def _abstain(question: str, plan: QueryPlanResult, closest: list[_Quote], absent: list[str],
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


def snap_quotes(draft: SynthesisResult, evidence: EvidenceResult, documents: dict[str, Document]) -> SynthesisResult:
    """A citation whose quote a model copied nearly but not exactly gets the evidence quote it
    was copying (small models drop a word or fix a typo). The audit still judges whether the
    sentence citing it says what the quote says; a quote like none of the evidence stays as
    it is, for the audit to reject."""
    pool = [(e.source_path, e.source_title, q) for e in evidence.evidence for q in e.quotes]
    citations = []
    for citation in draft.citations:
        document = documents.get(citation.source_path)
        if document is not None and occurs_in(citation.quote, document.text):
            citations.append(citation)
            continue
        likeness, best = max(((_likeness(citation.quote, item[2]), item) for item in pool),
                             key=lambda pair: pair[0], default=(0.0, None))
        if best is None or likeness < _SNAP:
            citations.append(citation)
            continue
        source = documents.get(best[0])
        citations.append(citation.model_copy(update={"source_path": best[0], "source_title": best[1],
                                                     "quote": best[2], "url": source.url if source else citation.url}))
    return draft.model_copy(update={"citations": citations})


def _likeness(copy: str, quote: str) -> float:
    return difflib.SequenceMatcher(None, " ".join(copy.lower().split()), " ".join(quote.lower().split()),
                                   autojunk=False).ratio()


async def synthesize(ctx: RunContext, question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                     critic: CriticResult | None, iteration: int) -> SynthesisResult:
    """The synthesis node; on a revision it receives the critic's instructions."""

    async def work(usage: Usage) -> SynthesisResult:
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets)])
        payload = {"question": question, "facets": [f.model_dump(include={"name", "description"}) for f in plan.facets],
                   "evidence": [e.model_dump() for e in evidence.evidence],
                   "urls": {path: doc.url for path, doc in ctx.documents.items()},
                   "revision": critic.model_dump(include={"issues", "revision_instructions", "recommended_confidence"})
                   if critic else None}
        if ctx.earlier is not None:
            payload["earlier"] = ctx.earlier.model_dump()
        async def with_llm() -> SynthesisResult:
            draft = await ctx.ask(node="synthesis", tier="strong", system=SYSTEM, payload=payload,
                                  output=SynthesisResult, usage=usage)
            return snap_quotes(draft, evidence, ctx.documents)

        return await ctx.llm_or_offline(
            "synthesis",
            with_llm,
            lambda: synthesize_offline(question, plan, evidence, ctx.documents, scorer, critic),
        )

    return await ctx.step("synthesis", work,
                          lambda s: f"draft {iteration}: {s.compliance_status}, confidence {s.confidence_score}",
                          iteration=iteration)
