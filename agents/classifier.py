"""Classifier: is the answer specific to a cloud (AWS, GCP, Azure)? If so, one question per cloud."""

from __future__ import annotations

import re

from retrieval import CLOUDS, clouds_mentioned

from .context import RunContext
from .contracts import ClassificationResult
from .llm.interface import Usage

SYSTEM = """You classify questions from security questionnaires and RFPs about a cloud-security SaaS product.
Decide whether the correct answer depends on the customer's cloud provider (AWS, GCP or Azure):
true when the question names a cloud or a cloud-specific service (GuardDuty, Security Command Center,
Key Vault, PrivateLink…) or asks about each cloud; false for questions about the vendor itself
(certifications, policies, encryption of its own service…). When true, write the question as it applies to
each cloud it concerns in aws_question, gcp_question, azure_question, and null for the others.
Explain your decision in one sentence in reasoning. Reply with JSON only."""

_EVERY_CLOUD = re.compile(r"\b(each|every|all|any|per|multiple|the three|major)\s+(cloud|csp|provider|hyperscaler)s?\b", re.I)
_FIELDS = {"AWS": "aws_question", "GCP": "gcp_question", "Azure": "azure_question"}


def classify_offline(question: str) -> ClassificationResult:
    """Keyword and alias matching, no model."""
    named = list(CLOUDS) if _EVERY_CLOUD.search(question) else clouds_mentioned(question)
    if not named:
        return ClassificationResult(is_csp_specific=False,
                                    reasoning="The question names no cloud provider or cloud-specific service.")
    variants = {_FIELDS[csp]: question if len(named) == 1 else f"{question} (on {csp})" for csp in named}
    return ClassificationResult(is_csp_specific=True, reasoning=f"The question concerns {', '.join(named)}.",
                                **variants)


async def classify(ctx: RunContext, question: str) -> ClassificationResult:
    """The classifier node."""

    async def work(usage: Usage) -> ClassificationResult:
        return await ctx.llm_or_offline(
            "classifier",
            lambda: ctx.ask(node="classifier", tier="fast", system=SYSTEM, payload={"question": question},
                            output=ClassificationResult, usage=usage, max_tokens=160),
            lambda: classify_offline(question),
        )

    return await ctx.step("classifier", work, _summary)


def _summary(result: ClassificationResult) -> str:
    clouds = list(result.variants())
    return f"cloud-specific: {', '.join(clouds)}" if clouds else "not cloud-specific"
