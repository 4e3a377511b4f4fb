"""The critic's deterministic audit, in code, run on every draft whatever the engine.

It checks that quotes occur in their sources, that citations point at retrieved
sources, counts uncited sentences, checks the status against the evidence and the
facets, and calibrates the confidence. Each failure carries a stated penalty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from retrieval import Document

from .contracts import CriticChecks, QueryPlanResult, ResearchResult, SynthesisResult, ValidationCheck
from .terms import NEGATIVE_CUES, PARTIAL_CUES, answer_sentences, cited_numbers, has_cue, is_hedge, occurs_in

PENALTY_UNGROUNDED = 30
PENALTY_UNRETRIEVED = 30
PENALTY_UNCITED = 5
MAX_UNCITED_PENALTY = 20
PENALTY_STATUS = 20
PENALTY_FACET = 10
MAX_FACET_PENALTY = 20
PENALTY_QUALITY = 10


@dataclass
class AuditReport:
    """What the audit found, the checks, and the confidence it recommends."""

    checks: CriticChecks
    issues: list[str] = field(default_factory=list)
    penalty: int = 0
    recommended_confidence: int = 0
    uncited_sentences: int = 0
    blocking: bool = False

    def instructions(self) -> str:
        """Revision instructions a drafter can follow."""
        return "Fix these problems: " + " ".join(self.issues) if self.issues else ""


def audit(draft: SynthesisResult, research: ResearchResult, documents: dict[str, Document],
          plan: QueryPlanResult) -> AuditReport:
    """Audit one draft against what was retrieved and read."""
    issues: list[str] = []
    penalty = 0
    grounding, p = _grounding(draft, research, documents, issues)
    penalty += p
    uncited = _uncited(draft, issues)
    penalty += min(MAX_UNCITED_PENALTY, PENALTY_UNCITED * uncited)
    grounded = sum(1 for c in draft.citations if _grounded(c, research, documents))
    status = _status_alignment(draft, grounded, documents, issues)
    penalty += 0 if status.passed else PENALTY_STATUS
    facets = _facet_coverage(draft, plan)
    penalty += min(MAX_FACET_PENALTY, PENALTY_FACET * len(draft.facets_missing))
    quality = _quality(draft)
    penalty += 0 if quality.passed else PENALTY_QUALITY
    if not quality.passed:
        issues.append(quality.issue or "")
    cap = _confidence_cap(grounded, len(draft.facets_missing))
    recommended = max(0, min(draft.confidence_score - penalty, cap))
    calibration = ValidationCheck(passed=draft.confidence_score <= cap + 5, issue=None if draft.confidence_score <= cap + 5
                                  else f"confidence {draft.confidence_score} is more than the evidence supports (at most {cap})")
    if not calibration.passed:
        issues.append(calibration.issue or "")
    if uncited:
        grounding = ValidationCheck(passed=False, issue=(grounding.issue + "; " if grounding.issue else "")
                                    + f"{uncited} sentence(s) without a citation")
    checks = CriticChecks(quote_grounding=grounding, status_alignment=status, confidence_calibration=calibration,
                          facet_coverage=facets, answer_quality=quality)
    blocking = not grounding.passed or not status.passed or not quality.passed
    return AuditReport(checks=checks, issues=issues, penalty=penalty, recommended_confidence=recommended,
                       uncited_sentences=uncited, blocking=blocking)


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
    uncited = [s for s in answer_sentences(draft.answer)
               if not cited_numbers(s) and not is_hedge(s) and len(s.split()) > 3]
    if uncited:
        issues.append(f"Cite or remove {len(uncited)} sentence(s) without a citation, e.g. \"{uncited[0][:80]}\".")
    return len(uncited)


def _status_alignment(draft: SynthesisResult, grounded: int, documents: dict[str, Document],
                      issues: list[str]) -> ValidationCheck:
    issue = None
    status = draft.compliance_status
    if status != "Not Supported" and grounded == 0:
        issue = f'"{status}" with no grounded quote: no evidence, no claim'
    elif status == "Fully Supported" and draft.facets_missing:
        issue = f'"Fully Supported" while facets lack evidence: {", ".join(draft.facets_missing)}'
    elif status == "Fully Supported":
        limiting = [c.quote for c in draft.citations if has_cue(c.quote, PARTIAL_CUES + NEGATIVE_CUES)]
        if limiting and len(limiting) == len(draft.citations):
            issue = f'"Fully Supported" although the cited passage limits it: "{limiting[0][:80]}"'
    if issue:
        issues.append(issue[0].upper() + issue[1:] + ".")
    return ValidationCheck(passed=issue is None, issue=issue)


def _facet_coverage(draft: SynthesisResult, plan: QueryPlanResult) -> ValidationCheck:
    if draft.facets_missing:
        return ValidationCheck(passed=False, issue="no evidence for: " + "; ".join(draft.facets_missing))
    return ValidationCheck(passed=True)


def _quality(draft: SynthesisResult) -> ValidationCheck:
    words = len(draft.answer.split())
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
