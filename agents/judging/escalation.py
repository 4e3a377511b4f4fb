"""Deciding whether a finished run goes to a person, and saying why in words they can act on."""

from __future__ import annotations

from common import clip

from ..config import PipelineConfig
from ..contracts import CriticResult, ResearchResult, SynthesisResult
from .gate import load, send_threshold


def escalation_reason(synthesis: SynthesisResult, critic: CriticResult, research: ResearchResult,
                      config: PipelineConfig, iterations: int, fallbacks: list[str],
                      flagged: dict[str, list[str]] | None = None,
                      over_budget: list[str] | None = None) -> str | None:
    """None when the answer may go out as it is; otherwise why a reviewer is needed."""
    reasons = []
    if critic.verdict == "FAIL":
        reasons.append("the critic judged that the documentation cannot answer this question"
                       + (f" ({critic.issues[0]})" if critic.issues else ""))
    elif critic.verdict == "REVISE":
        reasons.append(f"after {iterations} drafts the critic still found problems: "
                       + ("; ".join(clip(i, 200) for i in critic.issues[:3]) or "see the critic's feedback"))
        if over_budget:
            reasons.append(f"the run's LLM budget ({config.max_llm_calls} calls, {config.max_llm_tokens} tokens) "
                           "ended the revisions")
    threshold = send_threshold(config.confidence_threshold)
    if synthesis.confidence_score < threshold:
        evidence = [c for c in synthesis.citations if c.is_evidence]
        support = (f"{len(evidence)} quote(s) from {len({c.source_path for c in evidence})} source(s) back the answer"
                   if evidence else "no quote backs the answer")
        reasons.append(f"confidence {synthesis.confidence_score} is under the threshold {threshold}: answers like "
                       f"this one are right less often than that ({support})")
    if config.review_limits and critic.signals is not None and load().limit_or_denial(critic.signals):
        reasons.append(f'the answer is "{synthesis.compliance_status}" from the documentation: a limit or a denial '
                       "is confirmed by a reviewer before it reaches a customer")
    if critic.signals is not None and load().doubts_abstention(critic.signals):
        reasons.append(f"no passage was found that answers, but the documentation uses "
                       f"{critic.signals.terms_in_documents:.0%} of the question's key words: it may answer it "
                       "in other words")
    if critic.plans:
        reasons.append(f"the documentation limits this to the {_listed(critic.plans)} plan"
                       f"{'s' if len(critic.plans) > 1 else ''}: whether it holds depends on the customer's plan, "
                       "which a reviewer who knows the deal can tell")
    if critic.yardstick:
        word, figure = critic.yardstick
        reasons.append(f'the question asks for "{word}" and the documentation gives "{figure}": whether that '
                       "meets the customer's measure is for a reviewer to judge")
    if critic.subject_page:
        reasons.append(f'the search found a page on the question\'s subject ("{critic.subject_page}") that the answer '
                       "does not cite: whether the passages cited are about that subject is for a reviewer to judge")
    if critic.negation:
        reasons.append(f'the question is asked in the negative ("{critic.negation}"): whether the passages answer it '
                       "yes or no, that way round, is for a reviewer to judge")
    for source_path, sentences in (flagged or {}).items():
        reasons.append(f"{source_path} contains text addressed to the bot, possibly planted "
                       f"(\"{clip(sentences[0], 160)}\"); it was treated as data and left out of the answer")
    if fallbacks:
        reasons.append("the language model failed, so parts were answered by the offline engine ("
                       + clip("; ".join(fallbacks), 400) + ")")
    if reasons and synthesis.facets_missing:
        reasons.append("no source covers " + "; ".join(synthesis.facets_missing))
    if reasons and not synthesis.citations and research.capability_gap:
        reasons.append(research.capability_gap)
    return "; ".join(dict.fromkeys(reasons)) or None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
