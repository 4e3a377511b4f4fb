"""The critic's deterministic audit, in code, run on every draft whatever the engine.

It checks that quotes occur in their sources, that citations point at retrieved
sources, that each sentence says what the quotes it cites say (claim-level
support), that the quotes answer the question at all, that "Yes."/"No." opens only
yes/no questions, counts uncited sentences, checks the status against the evidence
and the facets it computes itself, and calibrates the confidence. Each failure
carries a stated penalty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from retrieval import Document

from ..contracts import AnswerSignals, CriticChecks, QueryPlanResult, ResearchResult, SynthesisResult, ValidationCheck
from ..rules.list_items import spread_over_items
from ..rules.measure import judged_measure
from ..rules.plans import asked_plans, depends_on_plan, without_own_plan
from ..rules.polarity import asked_in_negative
from ..rules.subject_page import uncited_subject_page
from ..text.cues import NEGATIVE_CUES, PARTIAL_CUES, has_cue, is_hedge
from ..text.grounding import answer_sentences, cited_numbers, occurs_in, strip_markers
from ..text.names import another_version, unsupported_phrases
from ..text.prose import told_from
from ..text.question_form import is_yes_no
from ..text.terms import together
from .facets import facet_coverage
from .signals import ClaimSupport, claim_supports, measure, passage_of
from .support import RELEVANT, SUPPORTED, Scorer, asks_for_a_number, states_the_number

PENALTY_UNGROUNDED = 30
PENALTY_UNRETRIEVED = 30
PENALTY_UNCITED = 5
MAX_UNCITED_PENALTY = 20
PENALTY_STATUS = 20
PENALTY_FACET = 10
MAX_FACET_PENALTY = 20
PENALTY_QUALITY = 10
PENALTY_UNSUPPORTED = 25
PENALTY_OFF_TOPIC = 40
# A verdict: "Yes." / "No," / "no" alone, not "No evidence was found…", which answers any question.
_YES_NO_OPENING = re.compile(r"^\s*(?:yes|no)\b(?!\s+(?:evidence|documentation|information|source|passage)\b)", re.I)


@dataclass
class AuditReport:
    """What the audit found, the checks, and the confidence it recommends."""

    checks: CriticChecks
    issues: list[str] = field(default_factory=list)
    penalty: int = 0
    recommended_confidence: int = 0
    uncited_sentences: int = 0
    blocking: bool = False
    signals: AnswerSignals = field(default_factory=AnswerSignals)
    plans: list[str] = field(default_factory=list)  # the plans the answer holds on, when the question leaves it open
    yardstick: list[str] = field(default_factory=list)  # the question's word for an amount, the passage's figure
    negation: str | None = None  # the negation a question answered from passages is asked with
    subject_page: str | None = None  # a found page on the question's subject the answer does not cite

    def instructions(self) -> str:
        """Revision instructions a drafter can follow."""
        return "Fix these problems: " + " ".join(self.issues) if self.issues else ""


def audit(draft: SynthesisResult, research: ResearchResult, documents: dict[str, Document],
          plan: QueryPlanResult, scorer: Scorer) -> AuditReport:
    """Audit one draft against what was retrieved and read."""
    issues: list[str] = []
    grounding, penalty = _grounding(draft, research, documents, issues)
    uncited = _uncited(draft, issues)
    penalty += min(MAX_UNCITED_PENALTY, PENALTY_UNCITED * uncited)
    claims = claim_supports(draft, scorer)
    support, p = _claim_support(draft, claims, documents, plan.original_question, scorer, issues)
    penalty += p
    grounded = sum(1 for c in draft.citations if c.is_evidence and _grounded(c, research, documents))
    covered, missing = _facets(draft, plan, documents, scorer)
    status = _status_alignment(draft, grounded, missing, issues, plan.original_question, covered)
    penalty += 0 if status.passed else PENALTY_STATUS
    facets = ValidationCheck(passed=not missing, issue="no evidence for: " + "; ".join(missing) if missing else None)
    penalty += min(MAX_FACET_PENALTY, PENALTY_FACET * len(missing))
    quality = _quality(draft, plan.original_question)
    penalty += 0 if quality.passed else PENALTY_QUALITY
    if not quality.passed:
        issues.append(quality.issue or "")
    cap = _confidence_cap(grounded, len(missing))
    recommended = max(0, min(draft.confidence_score - penalty, cap))
    calibration = ValidationCheck(passed=draft.confidence_score <= cap + 5, issue=None if draft.confidence_score <= cap + 5
                                  else f"confidence {draft.confidence_score} is more than the evidence supports (at most {cap})")
    if not calibration.passed:
        issues.append(calibration.issue or "")
    grounding = _merge(grounding, support, f"{uncited} sentence(s) without a citation" if uncited else None)
    checks = CriticChecks(quote_grounding=grounding, status_alignment=status, confidence_calibration=calibration,
                          facet_coverage=facets, answer_quality=quality)
    blocking = not grounding.passed or not status.passed or not quality.passed
    plans = depends_on_plan(plan.original_question, _deciding_quotes(draft))
    evidence = [c for c in draft.citations if c.is_evidence]
    yardstick = list(judged_measure(plan.original_question, [c.quote for c in evidence]) or ())
    negation = asked_in_negative(plan.original_question) if evidence else None
    subject_page = uncited_subject_page(plan.original_question, research.sources, {c.source_path for c in evidence})
    signals = measure(draft, documents, plan, scorer, claims=claims, missing=missing, blocking=blocking,
                      uncited=uncited, plan_dependent=bool(plans), judged_measure=bool(yardstick),
                      asked_in_negative=negation is not None, subject_page_uncited=subject_page is not None)
    return AuditReport(checks=checks, issues=issues, penalty=penalty, recommended_confidence=recommended,
                       uncited_sentences=uncited, blocking=blocking, signals=signals, plans=plans, yardstick=yardstick,
                       negation=negation, subject_page=subject_page)


def _deciding_quotes(draft: SynthesisResult) -> list[str]:
    """The quotes the status rests on: the first, those that narrowed it, and all of a "Partially Supported"
    (a plan named in a passage cited beside the answer, on another subject, decides nothing)."""
    evidence = [c.quote for c in draft.citations if c.is_evidence]
    if draft.compliance_status == "Partially Supported":
        return evidence
    return [*evidence[:1], *draft.limiting_quotes]


def _merge(check: ValidationCheck, other: ValidationCheck, extra: str | None) -> ValidationCheck:
    problems = [p for p in (check.issue, other.issue, extra) if p]
    return ValidationCheck(passed=check.passed and other.passed and extra is None, issue="; ".join(problems) or None)


def _claim_support(draft: SynthesisResult, claims: list[ClaimSupport], documents: dict[str, Document], question: str,
                   scorer: Scorer, issues: list[str]) -> tuple[ValidationCheck, int]:
    """Each cited sentence must say what its quotes say; the quotes must answer the question."""
    evidence = [c for c in draft.citations if c.is_evidence]
    if not evidence:
        return _nothing_claimed(draft, documents, question, scorer, issues)
    problems, penalty = [], 0
    for claim in claims:
        if claim.score < SUPPORTED or 2 * len(claim.gaps) > claim.rare:
            problems.append(f'"{strip_markers(claim.sentence)[:80]}" is not what its quotes say (support '
                            f'{claim.score:.2f}' + (f"; they never mention {', '.join(claim.gaps[:3])}"
                                                    if claim.gaps else "") + ")")
            penalty += PENALTY_UNSUPPORTED
    fits = [(scorer.relevance(question, passage_of(c, documents)).score, c.quote) for c in evidence]
    best, top = max(fits, key=lambda pair: pair[0])
    if asks_for_a_number(question) and not any(states_the_number(question, c.quote) for c in evidence):
        problems.append("the question asks for a number, a period, a version or an algorithm and no cited passage "
                        "gives one")
        penalty += PENALTY_OFF_TOPIC
    spread = spread_over_items(question, top)
    if spread:
        problems.append(f"the best cited passage is a list that does not say it: {spread}")
        penalty += PENALTY_OFF_TOPIC
    if best < RELEVANT:
        problems.append(f"the cited passages do not answer the question (best relevance {best:.2f}, "
                        f"needs {RELEVANT})")
        penalty += PENALTY_OFF_TOPIC
    issues.extend(p[0].upper() + p[1:] + "." for p in problems)
    return ValidationCheck(passed=not problems, issue="; ".join(problems) or None), penalty


def _nothing_claimed(draft: SynthesisResult, documents: dict[str, Document], question: str, scorer: Scorer,
                     issues: list[str]) -> tuple[ValidationCheck, int]:
    """"No evidence" beside a passage on the question is a judgment a person makes: it may be a near miss
    (SOC 2 for SOC 1) or the answer in other words (a log drain for a SIEM feed). Not when the question
    names something the documents searched never mention (YubiKeys, PKCS#1, customer-managed keys): the
    missing name settles it, and the send-or-review model weighs the rest (`names_absent`). On eleven
    sets every abstention so blocked with a name missing was right (11 of 11; 50 of 50 abstentions with
    a name missing). A plan the question names is not such a name (the passage's own plans answer it), nor
    a number of something the documents name with another (SOC 1 beside SOC 2: the near miss)."""
    fits = [scorer.relevance(question, passage_of(c, documents)).score for c in draft.citations]
    if not fits or max(fits) < RELEVANT:
        return ValidationCheck(passed=True), 0
    plans, searched = asked_plans(question), together(d.text for d in documents.values())
    missing = unsupported_phrases(question, searched)
    if any(name.lower() not in plans and not another_version(name, searched) for name in missing):
        return ValidationCheck(passed=True), 0
    problem = (f"no evidence is claimed, but the closest passage is on the question (relevance {max(fits):.2f}, "
               f"at least {RELEVANT}): it may answer it in other words")
    issues.append(problem[0].upper() + problem[1:] + ".")
    return ValidationCheck(passed=False, issue=problem), 0


def _facets(draft: SynthesisResult, plan: QueryPlanResult, documents: dict[str, Document],
            scorer: Scorer) -> tuple[list[str], list[str]]:
    """(covered, missing): the facets a cited passage answers, and those none does, computed here, with any the
    draft itself declares missing."""
    cited = [passage_of(c, documents) for c in draft.citations if c.is_evidence]
    if not cited:
        return [], list(draft.facets_missing)
    covered, missing = facet_coverage(plan, cited, scorer)
    missing = list(dict.fromkeys([*missing, *draft.facets_missing]))
    return [f for f in covered if f not in missing], missing


def _grounded(citation, research: ResearchResult, documents: dict[str, Document]) -> bool:
    retrieved = {s.source_path for s in research.sources}
    document = documents.get(citation.source_path)
    return citation.source_path in retrieved and document is not None and occurs_in(citation.quote, document.text)


def _grounding(draft: SynthesisResult, research: ResearchResult, documents: dict[str, Document],
               issues: list[str]) -> tuple[ValidationCheck, int]:
    retrieved = {s.source_path for s in research.sources}
    problems, penalty = [], 0
    for n, citation in enumerate(draft.citations, start=1):
        if citation.source_path not in retrieved:
            problems.append(f"citation [{n}] points at {citation.source_path}, which research did not retrieve")
            penalty += PENALTY_UNRETRIEVED
        elif citation.source_path not in documents or not occurs_in(citation.quote, documents[citation.source_path].text):
            problems.append(f"the quote of citation [{n}] does not occur in {citation.source_path}")
            penalty += PENALTY_UNGROUNDED
    for sentence in answer_sentences(draft.answer):
        for n in cited_numbers(sentence):
            if not 1 <= n <= len(draft.citations):
                problems.append(f"the answer cites [{n}] but there are {len(draft.citations)} citations")
                penalty += PENALTY_UNGROUNDED
    issues.extend(p[0].upper() + p[1:] + "." for p in problems)
    return ValidationCheck(passed=not problems, issue="; ".join(problems) or None), penalty


def _uncited(draft: SynthesisResult, issues: list[str]) -> int:
    # A sentence inside a cited multi-sentence quote is cited by that quote's marker.
    uncited = [s for s in answer_sentences(draft.answer)
               if not cited_numbers(s) and not is_hedge(s) and len(s.split()) > 3
               and not any(told_from(s, c.quote) for c in draft.citations)]
    if uncited:
        issues.append(f"Cite or remove {len(uncited)} sentence(s) without a citation, e.g. \"{uncited[0][:80]}\".")
    return len(uncited)


def _status_alignment(draft: SynthesisResult, grounded: int, missing: list[str], issues: list[str],
                      question: str, covered: list[str]) -> ValidationCheck:
    issue = None
    status = draft.compliance_status
    evidence = [c for c in draft.citations if c.is_evidence]
    if status != "Not Supported" and grounded == 0:
        issue = f'"{status}" with no grounded quote: no evidence, no claim'
    elif status == "Fully Supported" and missing:
        issue = f'"Fully Supported" while facets lack evidence: {", ".join(missing)}'
    elif status == "Partially Supported" and missing and not covered:
        # A part is claimed and none is answered: on thirty-two sets such answers were expected "Not" 66 times in
        # 113, "Partially" 5 (the offline engine's `decide_status` says "Not Supported" there).
        issue = f'"Partially Supported" while no part of the question has evidence: {", ".join(missing)}'
    elif status == "Fully Supported":
        wordings = [without_own_plan(question, c.quote) for c in evidence]
        limiting = [w for w in wordings if has_cue(w, PARTIAL_CUES) or has_cue(w, NEGATIVE_CUES)]
        if limiting and len(limiting) == len(evidence):
            issue = f'"Fully Supported" although the cited passage limits it: "{limiting[0][:80]}"'
    if issue:
        issues.append(issue[0].upper() + issue[1:] + ".")
    return ValidationCheck(passed=issue is None, issue=issue)


def _quality(draft: SynthesisResult, question: str) -> ValidationCheck:
    words = len(draft.answer.split())
    if _YES_NO_OPENING.match(draft.answer) and not is_yes_no(question):
        return ValidationCheck(passed=False, issue='the answer opens with "Yes"/"No" but the question is not a '
                                                   'yes/no question; say what the documentation states')
    if words < 3:
        return ValidationCheck(passed=False, issue="the answer is too short to be useful")
    if words > 400:
        return ValidationCheck(passed=False, issue=f"the answer is {words} words; keep it under 400")
    if draft.answer.lstrip().startswith(("{", "[")):
        return ValidationCheck(passed=False, issue="the answer is raw JSON, not prose")
    return ValidationCheck(passed=True)


def _confidence_cap(grounded: int, missing: int) -> int:
    base = 95 if grounded >= 2 else 90 if grounded == 1 else 40
    return max(0, base - 15 * missing)
