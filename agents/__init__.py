"""The agent pipeline: question in, cited and audited answer out. Knows nothing of Slack or storage.

What other packages may use is listed below and imported on first use (PEP 562), so that
catching an AgentError does not load the pipeline.
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "PipelineConfig": "config",
    "Citation": "contracts", "EarlierTurn": "contracts", "PipelineResult": "contracts",
    "ProgressEvent": "contracts",
    "Clarification": "conversation.clarify", "clarify": "conversation.clarify",
    "small_talk": "conversation.focus",
    "earlier_turn": "conversation.followup", "is_follow_up": "conversation.followup",
    "note_for_asker": "conversation.translation",
    "AgentError": "errors",
    "eval_report": "evaluation", "EvalReport": "evaluation", "ExpectedAnswer": "evaluation",
    "load_questions": "evaluation", "question_outcome": "evaluation",
    "redact": "guardrails.redaction",
    "INVISIBLE": "guardrails.screen", "validate_question": "guardrails.screen",
    "send_threshold": "judging.gate",
    "LLM": "llm.interface", "ReplyLimits": "llm.interface",
    "openai_client": "llm.openai_client", "OpenAILLM": "llm.openai_client",
    "Pipeline": "pipeline",
    "for_a_cell": "text.prose",
    "same_question": "text.same_question", "same_question_rule": "text.same_question",
    "product_terms": "text.names", "is_yes_no": "text.question_form", "key_terms": "text.terms",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
