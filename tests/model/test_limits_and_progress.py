"""The small mechanisms users feel: the LLM call limiter (aiolimiter, over the real client), Slack progress throttling, the terminal bar."""

from __future__ import annotations

import asyncio
import io

from aiolimiter import AsyncLimiter
from pydantic import BaseModel
from slack_sdk.web.async_client import AsyncWebClient

from agents.contracts import ProgressEvent
from agents.llm.interface import Usage
from agents.llm.openai_client import OpenAILLM, openai_client
from bot.answering.progress import ProgressMessage
from cli.terminal import ProgressBar
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.slack_server import TOKEN, FakeSlack


class _Reply(BaseModel):
    ok: bool


async def test_calls_over_the_rate_wait_for_the_limiter():
    fake = FakeOpenAI(chat=lambda body: '{"ok": true}')
    with fake.serve() as server:
        # Two calls per 0.6 s: two go at once, the third when the bucket has leaked one (0.3 s later).
        llm = OpenAILLM(openai_client("test-key", server.url + "/v1"), limiter=AsyncLimiter(2, 0.6))
        replies = await asyncio.gather(*(llm.structured(node="planner", tier="fast", system="s", user="u",
                                                        output=_Reply, usage=Usage()) for _ in range(3)))
        await llm.aclose()
    starts = sorted(call.started for call in fake.calls)
    assert all(reply.ok for reply in replies) and len(starts) == 3
    # A lower bound only: a slower machine waits longer, never less.
    assert starts[2] - starts[0] >= 0.25, "the third call waits for the limiter, the first two do not"


async def test_progress_updates_are_throttled():
    slack = FakeSlack()
    with slack.serve() as server:
        client = AsyncWebClient(token=TOKEN, base_url=server.url + "/api/")
        # A long interval, so that no machine is slow enough to let an update through early.
        progress = ProgressMessage(client, "C1", "1.1", "Do you support SCIM?", min_interval=30.0)
        await progress.start()
        for stage in ("classifier", "planner", "research", "evidence", "synthesis", "critic"):
            await progress.on_event(ProgressEvent(stage=stage, status="finished", summary="ok"))
        updates_before_finish = slack.count("chat.update")
        await progress.finish("PASS")
    assert updates_before_finish == 0, "six stages within the interval make no update of their own"
    message = slack.thread("C1", "1.1")[0]
    assert message["edits"] == 1 and all(s in message["text"] for s in ("classifier", "critic", "PASS"))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_only():
    terminal, pipe = _Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = ProgressBar("embedding", stream=stream)
        bar(5, 10)
        bar(10, 10)
        bar.finish()
    drawn = terminal.getvalue()
    assert "embedding" in drawn and "10/10" in drawn and drawn.endswith("\n")
    assert pipe.getvalue() == ""
