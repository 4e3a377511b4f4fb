"""The orchestrator: classifier and planner → research → evidence → synthesis/critic loop.

It only chains the agents. Every run ends: the loop is bounded, the whole run has a
timeout, and any failure becomes `success=False` with an error a person can read.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone

from retrieval import Index, RetrievalError, chunk_document

from . import evidence as evidence_agent
from . import research as research_agent
from .classifier import classify
from .config import PipelineConfig
from .context import ProgressCallback, RunContext, ignore_progress
from .contracts import (EarlierTurn, EvidenceResult, PipelineResult, QueryPlanResult, ResearchResult, SynthesisResult,
                        TraceEntry, Translation)
from .conversation.focus import focus
from .conversation.language import language_of
from .conversation.translation import from_english, note_for_asker, to_english
from .critic import critique
from .errors import AgentError
from .guardrails import redaction
from .guardrails.injection import quarantine
from .guardrails.redaction import redact
from .guardrails.screen import check_question, cleaned, screen
from .judging.escalation import escalation_reason
from .judging.gate import load as load_gate
from .judging.gate import send_threshold
from .judging.support import Scorer, Semantics
from .llm.interface import LLM
from .planner import plan
from .routing import SIMPLE_OFFLINE, route_of
from .synthesis import synthesize
from .text.grounding import passages
from .text.prose import unsettled
from .text.question_form import with_earlier
from .text.terms import key_terms, together

WARM_UP_QUESTION = "Is customer data encrypted at rest and in transit, and who can access it?"


class Pipeline:
    """Answers questions over an index, with a model or offline."""

    def __init__(self, index: Index, llm: LLM | None = None, config: PipelineConfig | None = None,
                 semantics: Semantics | None = None) -> None:
        self.index = index
        self.llm = llm
        self.config = config or PipelineConfig()
        self.semantics = semantics or Semantics(index.embedder)

    async def warm_up(self, seconds: float = 1.0) -> None:
        """Pay first questions' one-off costs before anyone asks: one offline run of a sample
        question (no language model is called), its result dropped, the phone-number metadata
        the redaction reads, then what runs compute of each document (passages, vectors, terms),
        as many documents as `seconds` allow. The embedder's weights, the index's vectors and the
        analysers stay loaded."""
        await Pipeline(self.index, None, self.config, self.semantics).run(WARM_UP_QUESTION)
        redaction.prepare()
        deadline = time.monotonic() + seconds
        for source_path in await self.index.manifest():
            if time.monotonic() > deadline:
                break
            try:
                await self._warm(source_path)
            except RetrievalError:
                continue  # removed since the manifest was read: nothing to warm

    async def _warm(self, source_path: str) -> None:
        """What runs compute of one document, computed now and cached: its passages, their vectors
        and term counts (read as a run reads it, planted instructions cut), and the terms of its
        chunks (what research reads of it)."""
        stored = await self.index.read_document(source_path)
        text, _ = quarantine(stored.text)  # as RunContext.document reads it
        await self.semantics.prepare(t for p in passages(text) for t in (p.about, p.text))
        Scorer.over_documents(self.semantics, [text])
        key_terms(together(chunk.text for chunk in chunk_document(stored)))

    async def aclose(self) -> None:
        """Close the model's connections (the index belongs to the caller)."""
        if self.llm is not None:
            await self.llm.aclose()

    @property
    def engine(self) -> str:
        """'offline' or the model's name."""
        return self.llm.name if self.llm else "offline"

    async def run(self, question: str, on_progress: ProgressCallback | None = None,
                  context: EarlierTurn | None = None, threshold: int | None = None) -> PipelineResult:
        """Answer one question. Never raises for a failed run: see `success` and `error`.

        `context` is the thread's earlier exchange: a follow-up such as "and on GCP?" is
        searched as being about its question, and the model writing the answer sees the
        earlier answer and its quotes. `threshold` replaces the configured confidence
        threshold for this run (a channel's own).
        """
        config = self.config if threshold is None else self.config.model_copy(update={"confidence_threshold": threshold})
        ctx = RunContext(index=self.index, llm=self.llm, config=config, emit=on_progress or ignore_progress,
                         semantics=self.semantics, earlier=context)
        # Personal data never reaches the result (and so neither the database nor a log): the question
        # is redacted here, once, and only its redacted text goes on.
        text = cleaned(question)
        redacted = redact(text)
        result = PipelineResult(question=redacted.text, engine=self.engine)
        started = time.perf_counter()
        try:
            async with asyncio.timeout(self.config.timeout_seconds):
                check_question(text, self.config)
                asked = redacted.text
                result.guardrails = await screen(redacted, self._known, english=self._translator(ctx, result))
                if result.blocked:
                    _refuse(result)
                else:
                    asked = focus(result.translation.question if result.translation else asked)
                    self._route(ctx, result, asked, follow_up=bool(context))
                    if context:
                        asked = with_earlier(asked, redact(cleaned(context.question)).text)
                    await self._answer(ctx, result, asked)
                    if result.translation:
                        result.translation.answer = await from_english(ctx, result.synthesis.answer,
                                                                       result.translation.language)
            result.success = True
        except TimeoutError:
            result.error = f"the run took longer than {self.config.timeout_seconds:.0f} s and was stopped"
        except (AgentError, RetrievalError) as exc:
            result.error = str(exc)
        result.duration_ms = round((time.perf_counter() - started) * 1000, 2)
        result.trace = ctx.trace
        result.asker_note = note_for_asker(result)
        if not result.success:
            result.escalated = True
            result.escalation_reason = f"the run failed: {result.error}"
        return result

    def _translator(self, ctx: RunContext, result: PipelineResult) -> Callable[[str], Awaitable[str]] | None:
        """With a model, what puts a question in another language into English (and records it)."""
        if self.llm is None:
            return None

        async def english(question: str) -> str:
            language = language_of(question)
            if language == "en":
                return question
            # Two more calls: the question's translation and the answer's.
            ctx.config = ctx.config.model_copy(update={"max_llm_calls": ctx.config.max_llm_calls + 2})
            english = await to_english(ctx, question, language)
            if english is None:  # searched as written; the answer says so (agents.conversation.language)
                return question
            result.translation = Translation(language=language, question=english)
            return english

        return english

    def _route(self, ctx: RunContext, result: PipelineResult, question: str, follow_up: bool) -> None:
        """With a model, a single-fact question skips the model's classifier, planner and critic."""
        if self.llm is None or not self.config.route_simple:
            return
        routing = route_of(question, follow_up)
        result.route = routing.route
        if routing.route == "simple":
            ctx.offline_nodes = SIMPLE_OFFLINE
        ctx.trace.append(TraceEntry(node="router", started_at=datetime.now(timezone.utc), duration_ms=0.0,
                                    summary=f"{routing.route} route: {routing.reason}"))

    async def _known(self, terms: list[str]) -> bool:
        """Whether the documentation uses any of these words (keyword search only)."""
        return bool(await self.index.search(" ".join(terms), k=1, alpha=0.0))

    async def _answer(self, ctx: RunContext, result: PipelineResult, question: str) -> None:
        result.classification, result.query_plan = await asyncio.gather(classify(ctx, question), plan(ctx, question))
        result.research = await research_agent.research(ctx, question, result.query_plan, result.classification)
        result.evidence = await evidence_agent.gather_evidence(ctx, question, result.query_plan, result.research.sources)
        await self._loop(ctx, result, question)
        final, critic = result.synthesis, result.critic_feedback[-1]
        if critic.signals is not None:
            # The confidence shown is the fitted probability that the answer is right.
            final.confidence_score = load_gate().percent(critic.signals)
        if final.confidence_score < send_threshold(ctx.config.confidence_threshold):
            # "Yes." or "No." only when the evidence settles it surely enough to send the answer alone.
            final.answer = unsettled(final.answer)
        reason = escalation_reason(final, critic, result.research, ctx.config, result.iterations, ctx.fallbacks,
                                   ctx.flagged, ctx.over_budget)
        result.escalated, result.escalation_reason = reason is not None, reason

    async def _loop(self, ctx: RunContext, result: PipelineResult, question: str) -> None:
        researched: set[str] = set()
        critic = None
        round_cost = 0
        for iteration in range(1, self.config.max_iterations + 1):
            if iteration > 1 and not ctx.can_afford(2, round_cost):
                # A revision the model cannot finish would be judged by the offline audit alone,
                # overruling the model critic's objection: stop with its verdict instead.
                ctx.over_budget.append(f"revision {iteration}")
                return
            before = ctx.spent.tokens
            draft = await synthesize(ctx, question, result.query_plan, result.evidence, critic, iteration)
            result.synthesis, result.iterations = draft, iteration
            result.synthesis_history.append(draft)
            more = [f for f in draft.facets_missing if f not in researched] if iteration < self.config.max_iterations else []
            critic = await critique(ctx, question, result.query_plan, draft, result.research, more, iteration)
            result.critic_feedback.append(critic)
            round_cost = ctx.spent.tokens - before  # what the next round will likely cost
            if critic.verdict in ("PASS", "FAIL") or _stuck(result):
                return
            if critic.missing_facets:
                researched.update(critic.missing_facets)
                await self._research_again(ctx, result, question, critic.missing_facets, iteration)

    async def _research_again(self, ctx: RunContext, result: PipelineResult, question: str,
                              facets: list[str], iteration: int) -> None:
        """Critique-aware retrieval: search for the missing facets first, read only new sources."""
        queries = _facet_queries(result.query_plan, facets)
        found: ResearchResult = await research_agent.research(
            ctx, question, result.query_plan, result.classification, extra_queries=queries,
            node="re-research", iteration=iteration)
        known = {s.source_path for s in result.research.sources}
        fresh = [s for s in found.sources if s.source_path not in known]
        result.research = research_agent.merge(result.research, found)
        if fresh:
            more: EvidenceResult = await evidence_agent.gather_evidence(
                ctx, question, result.query_plan, fresh, node="re-evidence", iteration=iteration)
            result.evidence = evidence_agent.merge(result.evidence, more)


def _stuck(result: PipelineResult) -> bool:
    """The same draft and the same objections twice: another round would only repeat them."""
    if len(result.synthesis_history) < 2:
        return False
    before, now = result.synthesis_history[-2], result.synthesis_history[-1]
    same_draft = (" ".join(before.answer.split()), before.compliance_status) == (" ".join(now.answer.split()), now.compliance_status)
    same_issues = result.critic_feedback[-2].issues == result.critic_feedback[-1].issues
    return same_draft and same_issues and not result.critic_feedback[-1].missing_facets


def _refuse(result: PipelineResult) -> None:
    """A guardrail's refusal in place of an answer: nothing claimed, nothing cited."""
    result.synthesis = SynthesisResult(answer=result.guardrails.message or "", compliance_status="Not Supported",
                                       confidence_score=0, reasoning=f"guardrail: {result.guardrails.blocked}")


def _facet_queries(query_plan: QueryPlanResult, names: list[str]) -> list[str]:
    queries = []
    for facet in query_plan.facets:
        if facet.name in names:
            queries.extend(facet.search_queries or [facet.description])
            queries.append(" ".join(facet.product_terms + [facet.name]))
    return list(dict.fromkeys(q for q in queries if q.strip())) or names
