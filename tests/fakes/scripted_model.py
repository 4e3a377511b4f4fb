"""A scripted stand-in for the language model behind the fake OpenAI server.

It reads the `INPUT:` JSON the agents send, recognises the agent by the schema name
of `response_format`, and answers as a careful model would: quotes copied from the
document, answers built only from the quotes, a PASS from the critic. Tests queue
overrides per schema (a reply string, or a function of the payload) to script
REVISE loops, fabricated quotes, invalid JSON and so on.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict, deque
from collections.abc import Callable

Reply = str | Callable[[dict], str]


class ScriptedModel:
    """Callable(request body) -> reply content, with per-schema overrides and a request log."""

    def __init__(self) -> None:
        self.overrides: dict[str, deque[Reply]] = defaultdict(deque)
        self.requests: list[tuple[str, dict]] = []

    def script(self, schema: str, *replies: Reply) -> None:
        """Serve these replies, in order, to the next requests for `schema`."""
        self.overrides[schema].extend(replies)

    def payloads(self, schema: str) -> list[dict]:
        """The INPUT payloads sent for one schema, in order."""
        return [payload for name, payload in self.requests if name == schema]

    def __call__(self, body: dict) -> str:
        schema = body["response_format"]["json_schema"]["name"]
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        payload = json.loads(user.split("INPUT:\n", 1)[1])
        self.requests.append((schema, payload))
        if self.overrides[schema]:
            reply = self.overrides[schema].popleft()
            return reply(payload) if callable(reply) else reply
        return json.dumps(getattr(self, f"_{schema}")(payload))

    @staticmethod
    def _ClassificationResult(payload: dict) -> dict:
        q = payload["question"]
        clouds = {c: re.search(rf"\b{w}\b", q, re.I) for c, w in (("aws", "aws|amazon"), ("gcp", "gcp|google"), ("azure", "azure"))}
        named = {c: q for c, hit in clouds.items() if hit}
        return {"is_csp_specific": bool(named), "reasoning": "scripted",
                "aws_question": named.get("aws"), "gcp_question": named.get("gcp"), "azure_question": named.get("azure")}

    @staticmethod
    def _PlanReply(payload: dict) -> dict:
        q = payload["question"]
        return {"original_question": q, "reasoning": "scripted", "primary_queries": [q],
                "facets": [{"name": "main", "description": q, "product_terms": [], "search_queries": [q], "target_docs": []}]}

    @staticmethod
    def _PassageChoice(payload: dict) -> dict:
        words = {w.lower() for w in re.findall(r"[A-Za-z]{5,}", payload["question"])}
        found = [p["id"] for p in payload["passages"]
                 if words & {w.lower() for w in re.findall(r"[A-Za-z]{5,}", p["text"])}]
        return {"passage_ids": found[:4]}

    @staticmethod
    def _SynthesisResult(payload: dict) -> dict:
        evidence = [e for e in payload["evidence"] if e["quotes"]][:2]
        if not evidence:
            return {"answer": "No evidence was found in the documentation for this.", "compliance_status": "Not Supported",
                    "confidence_score": 20, "citations": [], "facets_covered": [], "facets_missing": ["main"], "reasoning": "none"}
        citations = [{"source_path": e["source_path"], "source_title": e["source_title"], "url": None, "quote": e["quotes"][0]}
                     for e in evidence]
        answer = "Yes. " + " ".join(f"{c['quote'].rstrip('.')} [{n}]." for n, c in enumerate(citations, 1))
        return {"answer": answer, "compliance_status": "Fully Supported", "confidence_score": 85, "citations": citations,
                "facets_covered": ["main"], "facets_missing": [], "reasoning": "scripted"}

    @staticmethod
    def _ClarifyReply(payload: dict) -> dict:
        return {"ambiguous": False, "question": "", "readings": []}

    @staticmethod
    def _TranslationReply(payload: dict) -> dict:
        # No real translation here: tests script the replies they need; by default the text comes back.
        return {"text": payload.get("question") or payload.get("answer") or ""}

    @staticmethod
    def _CriticReview(payload: dict) -> dict:
        return critic_reply("PASS", confidence=payload["draft"]["confidence_score"])


def critic_reply(verdict: str, confidence: int = 85, instructions: str | None = None, issues: list[str] | None = None) -> dict:
    """A CriticReview as the model would send it."""
    return {"verdict": verdict, "issues": issues or [], "recommended_confidence": confidence,
            "revision_instructions": instructions}
