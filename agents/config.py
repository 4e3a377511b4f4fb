"""Knobs of the pipeline, with the defaults DESIGN.md names."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PipelineConfig(BaseModel):
    """How far the pipeline searches and when it hands an answer to a person."""

    max_iterations: int = Field(3, ge=1, le=10, description="synthesis/critic rounds at most")
    confidence_threshold: int = Field(70, ge=0, le=100, description="escalate under this confidence")
    search_k: int = Field(8, ge=1, description="chunks per query")
    max_sources: int = Field(6, ge=1)
    min_sources: int = Field(2, ge=1)
    source_min_score: float = Field(0.35, ge=0, le=1, description="fused score a source needs")
    quotes_per_source: int = Field(3, ge=1)
    max_question_chars: int = Field(2000, ge=10)
    timeout_seconds: float = Field(300.0, gt=0, description="a run that takes longer ends with an error")
    llm_fallback: bool = Field(True, description="answer a node offline when the LLM fails for good")
