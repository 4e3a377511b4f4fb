"""What a message to the bot is, decided in one place for mentions, direct messages and `/rfp` alike.

When it arrives: small talk (answered at once, nothing searched) or a question, which is queued with
its personal data redacted (`AskedQuestion`: the only way into the queue). When a worker takes the
queued question: an approved answer from the library to reuse, a follow-up leaning on its thread's
earlier answer, a question too vague to answer that is asked back about, or a question to answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from agents import Clarification, EarlierTurn, Pipeline, clarify, earlier_turn, is_follow_up, redact, small_talk
from storage import LibraryEntry, RunRecord, Store

from .knowledge import ChannelSources
from .library import AnswerLibrary, Lookup, Offer
from .records import result_of

ABOUT = "about"


def small_talk_kind(text: str) -> str | None:
    """What kind of small talk a message is (nothing, "help" or "?" ask what the bot is about); None
    for a question."""
    return ABOUT if not text or text.lower() in ("help", "?") else small_talk(text)


class AskedQuestion(BaseModel):
    """A question as it may be recorded and shown in a channel: its personal data redacted."""

    text: str

    @classmethod
    def of(cls, text: str) -> AskedQuestion:
        """The question someone wrote, redacted (the one redaction on the way in)."""
        return cls(text=redact(text).text)

    @classmethod
    def recorded(cls, question: str) -> AskedQuestion:
        """A question already recorded, so already redacted (asked again with "run anyway")."""
        return cls(text=question)


@dataclass(frozen=True)
class Reuse:
    """An approved answer close enough to reuse as it is."""

    entry: LibraryEntry


@dataclass(frozen=True)
class AskBack:
    """A question too vague to answer well: one question back, with readings to choose from."""

    clarification: Clarification


@dataclass(frozen=True)
class Answer:
    """A question for the pipeline: with its thread's earlier turn when it is a follow-up, and an
    approved answer near enough to offer beside the new one."""

    pipeline: Pipeline
    earlier: EarlierTurn | None
    offer: Offer | None


class Intake:
    """Decides what a queued question needs before (or instead of) running the pipeline."""

    def __init__(self, store: Store, library: AnswerLibrary, sources: ChannelSources) -> None:
        self._store = store
        self._library = library
        self._sources = sources

    async def decide(self, run: RunRecord) -> Reuse | AskBack | Answer:
        """Reuse, ask back or answer (KnowledgeBaseMissing when the channel's knowledge base is gone)."""
        found = await self._library.lookup(run.question, await self._sources.reusable(run.channel)) \
            if run.use_library else Lookup()
        if found.match is not None:
            return Reuse(found.match)
        pipeline = await self._sources.pipeline(run.channel)
        earlier = await self._earlier(run)
        if earlier is None and run.clarify:
            asked = await clarify(run.question, pipeline.index, pipeline.llm)
            if asked is not None:
                return AskBack(asked)
        return Answer(pipeline, earlier, found.offer)

    async def _earlier(self, run: RunRecord) -> EarlierTurn | None:
        """What a follow-up in a thread leans on: the thread's question (a chain of follow-ups
        keeps the first one's subject) and its latest answer; None for a question that stands
        on its own."""
        if not run.followup or not is_follow_up(run.question):
            return None
        last = await self._store.last_answer_in_thread(run.channel, run.thread_ts)
        if last is None:
            return None
        subject = last.subject or last.question
        await self._store.set_subject(run.id, subject)
        return earlier_turn(subject, result_of(last))
