"""Scoring pipeline results against expected answers: the figures `rfpbot eval` reports."""

from __future__ import annotations

import csv
import json
import statistics
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError, field_validator

from .contracts import STATUSES, ComplianceStatus, PipelineResult
from .errors import AgentError
from .text.grounding import occurs_in


class QuestionFileError(AgentError):
    """The questions file cannot be read; the message names the row and the problem."""


class ExpectedAnswer(BaseModel):
    """One row of a questions file."""

    id: str
    question: str
    expected_status: ComplianceStatus
    expected_sources: list[str] = Field(default_factory=list)

    @field_validator("expected_sources", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if value is None:
            return []
        if isinstance(value, str):
            return [part.strip() for part in value.split(";") if part.strip()]
        return value


class QuestionOutcome(BaseModel):
    """What was expected of one question and what came out."""

    id: str
    question: str
    expected_status: str
    status: str | None
    correct: bool
    answer: str | None = None
    reasoning: str | None = Field(None, description="why the answer has its status, as the synthesis says")
    expected_sources: list[str]
    cited_sources: list[str]
    quotes: list[str] = Field(default_factory=list, description="the quotes cited as evidence (not the closest passages)")
    facets_missing: list[str] = Field(default_factory=list)
    deniable_quotes: list[str] = Field(default_factory=list, description="the quotes whose denial decides the status")
    limiting_quotes: list[str] = Field(default_factory=list, description="the quotes whose limit decides the status")
    list_heads: list[str] = Field(default_factory=list, description="the heading or lead each deniable quote's list sits under")
    verdict: str | None
    confidence: int | None
    escalated: bool
    escalation_reason: str | None
    latency_ms: float
    llm_calls: int
    tokens: int
    truncated_replies: int = 0
    route: str = "full"
    ungrounded_quotes: int
    error: str | None
    right: bool = Field(False, description="status right, and what is cited as support comes from an expected source "
                                           "(nothing, when nothing answers the question)")
    signals: dict[str, float] | None = Field(None, description="the audit's signals of the final draft")


class CalibrationBand(BaseModel):
    """Answers whose confidence fell in one band, and how many of them were right."""

    band: str
    answers: int
    right: int
    share_right: float | None


class EvalReport(BaseModel):
    """The figures of one evaluation run."""

    questions: int
    status_accuracy: float
    answerable_status_accuracy: float = Field(description="status accuracy on questions with expected sources")
    unanswerable_abstention: float = Field(description="Not Supported or escalated, on questions with no sources")
    unanswerable_fully_supported_unescalated: int = Field(
        description='"Fully Supported" answers sent without review on questions the documents do not answer')
    confusion_matrix: dict[str, dict[str, int]]
    source_recall: float
    grounding_rate: float
    abstention_rate: float
    pass_rate: float
    escalation_rate: float
    latency_ms_p50: float
    latency_ms_p95: float
    llm_calls_per_question: float
    tokens_per_question: float
    llm_calls_max: int = 0
    tokens_max: int = 0
    truncated_replies: int = Field(0, description="LLM replies cut off at max_tokens, over all questions")
    simple_route: int = Field(0, description="questions classified, planned and reviewed without the model")
    failed_runs: int = Field(0, description="runs that ended with an error (the run limit, a failed model)")
    unreviewed_share: float = Field(0.0, description="share of answers sent without a reviewer")
    unreviewed_precision: float | None = Field(None, description="share of the answers sent without a reviewer that "
                                                                 "were right (None when none was sent)")
    calibration: list[CalibrationBand] = Field(default_factory=list, description="confidence bands against the share "
                                                                                 "of answers right")
    per_question: list[QuestionOutcome]


def load_questions(path: Path) -> list[ExpectedAnswer]:
    """Questions from CSV or JSONL (by extension), each row validated."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise QuestionFileError(f"cannot read the questions file {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise QuestionFileError(f"{path} is not UTF-8 text (byte {exc.start} is {exc.object[exc.start:exc.start + 1]!r}): "
                                "save it as UTF-8 (\"CSV UTF-8\" in Excel) and run again") from exc
    rows = _jsonl(text, path) if path.suffix.lower() in (".jsonl", ".ndjson") else list(csv.DictReader(text.splitlines()))
    if not rows:
        raise QuestionFileError(f"{path} holds no questions")
    answers = []
    for number, row in enumerate(rows, start=1):
        try:
            answers.append(ExpectedAnswer.model_validate(row))
        except ValidationError as exc:
            error = exc.errors()[0]
            raise QuestionFileError(
                f"{path}, question {number}: {'.'.join(map(str, error['loc']))}: {error['msg']} "
                f"(columns: id, question, expected_status one of {', '.join(STATUSES)}, expected_sources)") from exc
    return answers


def _jsonl(text: str, path: Path) -> list[dict]:
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise QuestionFileError(f"{path}, line {number}: not JSON ({exc.msg})") from exc
    return rows


def question_outcome(expected: ExpectedAnswer, result: PipelineResult, read_source: Callable[[str], str | None]) -> QuestionOutcome:
    """Compare one result with what was expected; quotes are checked against the source files."""
    s = result.synthesis if result.success else None
    # Passages offered to a reviewer as the closest found are not cited as support.
    cited = list(dict.fromkeys(c.source_path for c in s.citations if c.is_evidence)) if s else []
    ungrounded = 0
    for citation in s.citations if s else []:
        text = read_source(citation.source_path)
        ungrounded += 0 if text is not None and occurs_in(citation.quote, text) else 1
    return QuestionOutcome(
        id=expected.id, question=expected.question, expected_status=expected.expected_status,
        status=s.compliance_status if s else None, answer=s.answer if s else None, reasoning=s.reasoning if s else None,
        correct=bool(s and s.compliance_status == expected.expected_status),
        expected_sources=expected.expected_sources, cited_sources=cited, verdict=result.verdict,
        quotes=[c.quote for c in s.citations if c.is_evidence] if s else [],
        facets_missing=s.facets_missing if s else [],
        deniable_quotes=s.deniable_quotes if s else [], limiting_quotes=s.limiting_quotes if s else [],
        list_heads=s.list_heads if s else [],
        confidence=s.confidence_score if s else None, escalated=result.escalated,
        escalation_reason=result.escalation_reason, latency_ms=result.duration_ms, llm_calls=result.llm_calls(),
        tokens=result.tokens(), truncated_replies=sum(t.truncated for t in result.trace), route=result.route,
        ungrounded_quotes=ungrounded, error=result.error,
        right=bool(s) and is_right(expected, s.compliance_status, cited),
        signals=result.critic_feedback[-1].signals.model_dump() if result.critic_feedback and
        result.critic_feedback[-1].signals else None,
    )


def is_right(expected: ExpectedAnswer, status: str, cited: list[str]) -> bool:
    """The status a person would give, supported by what answers the question (or by nothing when
    nothing does): the label the send-or-review model is fitted to."""
    if status != expected.expected_status:
        return False
    if not expected.expected_sources:
        return not cited
    return not cited or bool(set(cited) & set(expected.expected_sources))


def eval_report(outcomes: list[QuestionOutcome], citations: int) -> EvalReport:
    """Aggregate figures over every question."""
    n = len(outcomes) or 1
    with_sources = [o for o in outcomes if o.expected_sources]
    recall = [len(set(o.expected_sources) & set(o.cited_sources)) / len(o.expected_sources) for o in with_sources]
    absent = [o for o in outcomes if o.expected_status == "Not Supported"]
    latencies = sorted(o.latency_ms for o in outcomes)
    ungrounded = sum(o.ungrounded_quotes for o in outcomes)
    unanswerable = [o for o in outcomes if not o.expected_sources]
    return EvalReport(
        questions=len(outcomes),
        status_accuracy=round(sum(o.correct for o in outcomes) / n, 3),
        answerable_status_accuracy=_share(with_sources, lambda o: o.correct),
        unanswerable_abstention=_share(unanswerable, lambda o: o.status == "Not Supported" or o.escalated),
        unanswerable_fully_supported_unescalated=sum(
            o.status == "Fully Supported" and not o.escalated for o in unanswerable),
        confusion_matrix=_confusion(outcomes),
        source_recall=round(statistics.fmean(recall), 3) if recall else 1.0,
        grounding_rate=round((citations - ungrounded) / citations, 3) if citations else 1.0,
        abstention_rate=round(sum(o.status == "Not Supported" or o.escalated for o in absent) / len(absent), 3) if absent else 1.0,
        pass_rate=round(sum(o.verdict == "PASS" for o in outcomes) / n, 3),
        escalation_rate=round(sum(o.escalated for o in outcomes) / n, 3),
        latency_ms_p50=round(_percentile(latencies, 50), 1),
        latency_ms_p95=round(_percentile(latencies, 95), 1),
        llm_calls_per_question=round(sum(o.llm_calls for o in outcomes) / n, 2),
        tokens_per_question=round(sum(o.tokens for o in outcomes) / n, 1),
        llm_calls_max=max((o.llm_calls for o in outcomes), default=0),
        tokens_max=max((o.tokens for o in outcomes), default=0),
        truncated_replies=sum(o.truncated_replies for o in outcomes),
        simple_route=sum(o.route == "simple" for o in outcomes),
        failed_runs=sum(o.error is not None for o in outcomes),
        unreviewed_share=_share(outcomes, lambda o: not o.escalated) if outcomes else 0.0,
        unreviewed_precision=_share(sent, lambda o: o.right) if (sent := [o for o in outcomes if not o.escalated])
        else None,
        calibration=calibration(outcomes),
        per_question=outcomes,
    )


def calibration(outcomes: list[QuestionOutcome], edges: tuple[int, ...] = (0, 50, 70, 80, 90, 95, 101)
                ) -> list[CalibrationBand]:
    """For each band of confidence, how many answers fell in it and how many were right."""
    bands = []
    for low, high in zip(edges, edges[1:]):
        inside = [o for o in outcomes if o.confidence is not None and low <= o.confidence < high]
        right = sum(o.right for o in inside)
        bands.append(CalibrationBand(band=f"{low}–{min(high - 1, 100)}", answers=len(inside),
                                     right=right, share_right=round(right / len(inside), 3) if inside else None))
    return bands


def _share(items: list[QuestionOutcome], test: Callable[[QuestionOutcome], bool]) -> float:
    return round(sum(1 for o in items if test(o)) / len(items), 3) if items else 1.0


def _confusion(outcomes: list[QuestionOutcome]) -> dict[str, dict[str, int]]:
    matrix = {expected: {got: 0 for got in (*STATUSES, "error")} for expected in STATUSES}
    for o in outcomes:
        matrix[o.expected_status][o.status or "error"] += 1
    return matrix


def _percentile(ordered: list[float], pct: float) -> float:
    if not ordered:
        return 0.0
    rank = max(0, min(len(ordered) - 1, -(-len(ordered) * pct // 100) - 1))
    return ordered[int(rank)]
