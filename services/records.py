"""A pipeline result as storage keeps it, and back: the one mapping between the two layers."""

from __future__ import annotations

from agents import PipelineResult, note_for_asker
from storage import NodeEvent, RunOutcome, RunRecord


def outcome_of(result: PipelineResult) -> RunOutcome:
    """The record of how a run ended, from its pipeline result."""
    s = result.synthesis
    return RunOutcome(
        succeeded=result.success, verdict=result.verdict, compliance_status=s.compliance_status if s else None,
        confidence=s.confidence_score if s else None, escalated=result.escalated, result_json=result.model_dump_json(),
        duration_ms=result.duration_ms, llm_calls=result.llm_calls(), tokens=result.tokens(), error=result.error,
        engine=result.engine, trace=[NodeEvent.model_validate(t.model_dump()) for t in result.trace])


def result_of(run: RunRecord) -> PipelineResult | None:
    """The pipeline result stored with a run, once it finished."""
    if not run.result_json:
        return None
    result = PipelineResult.model_validate_json(run.result_json)
    if "asker_note" not in result.model_fields_set:  # recorded before the pipeline wrote the note
        result.asker_note = note_for_asker(result)
    return result
