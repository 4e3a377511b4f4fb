"""Knobs of the pipeline, with the defaults DESIGN.md names."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PipelineConfig(BaseModel):
    """How far the pipeline searches and when it hands an answer to a person."""

    max_iterations: int = Field(3, ge=1, le=10, description="synthesis/critic rounds at most")
    confidence_threshold: int | None = Field(None, ge=0, le=100, description="escalate under this confidence (the "
                                             "probability, in percent, that the answer is right); None: the "
                                             "threshold fitted with the send-or-review model (agents/judging/gate.json)")
    review_limits: bool = Field(True, description="a 'Partially Supported' or 'Not Supported' answer drawn from "
                                "passages goes to a reviewer whatever its confidence (GateModel.limit_or_denial)")
    search_k: int | None = Field(None, ge=1, description="chunks per query; None: the depth fitted with the "
                                 "extractive engine (agents/extractive.json)")
    max_sources: int = Field(6, ge=1)
    min_sources: int = Field(2, ge=1)
    source_min_score: float = Field(0.35, ge=0, le=1, description="fused score a source needs")
    quotes_per_source: int = Field(3, ge=1)
    max_question_chars: int = Field(2000, ge=10)
    timeout_seconds: float = Field(300.0, gt=0, description="a run that takes longer ends with an error")
    llm_fallback: bool = Field(True, description="answer a node offline when the LLM fails for good")
    max_llm_calls: int = Field(8, ge=0, description="LLM calls one run may make; later nodes are answered offline")
    max_llm_tokens: int = Field(6000, ge=0, description="tokens one run may spend; a call's reply is shortened or "
                                                              "answered offline to stay inside it")
    route_simple: bool = Field(True, description="a short single-fact question is classified, planned and reviewed "
                                                 "offline: only evidence and synthesis call the model")
    evidence_tokens: int = Field(1500, ge=100, description="prompt budget for the passages the evidence call reads")
