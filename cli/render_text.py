"""Plain-text rendering of a pipeline result and of progress, for the terminal."""

from __future__ import annotations

import textwrap

from agents import PipelineResult, ProgressEvent


def progress_line(event: ProgressEvent) -> str | None:
    """One line per finished stage; None for stage starts."""
    if event.status != "finished":
        return None
    return f"  ✓ {event.stage}: {event.summary}"


def answer_text(result: PipelineResult, width: int = 96) -> str:
    """The answer as a person reads it in a terminal."""
    if not result.success or result.synthesis is None:
        return f"The question could not be answered: {result.error}"
    if result.blocked:
        return result.guardrails.message or "This question was not searched."
    s = result.synthesis
    lines = [f"{result.verdict} · {s.compliance_status} · confidence {s.confidence_score}", ""]
    if result.asker_note:
        lines += textwrap.wrap(result.asker_note, width) + [""]
    lines += textwrap.wrap(result.answer_for_asker(), width) + [""]
    if result.answer_for_asker() != s.answer:
        lines += textwrap.wrap("In English, as checked: " + s.answer, width) + [""]
    for n, citation in enumerate(s.citations, start=1):
        where = f" <{citation.url}>" if citation.url else ""
        marker = "" if citation.is_evidence else " - closest passage, not evidence"
        lines.append(f"[{n}] {citation.source_title} ({citation.source_path}){where}{marker}")
        lines += textwrap.wrap(f'"{citation.quote}"', width, initial_indent="    ", subsequent_indent="    ")
    if s.facets_missing:
        lines += ["", "Missing: " + "; ".join(s.facets_missing)]
    if result.escalated:
        lines += ["", *textwrap.wrap(f"Needs review: {result.escalation_reason}", width)]
    lines += ["", f"{result.iterations} draft(s) · {result.duration_ms / 1000:.1f} s · engine {result.engine}"]
    return "\n".join(lines)
