"""The small mechanisms users feel: the LLM call limiter, Slack progress throttling, the terminal bar."""

from __future__ import annotations

import io

from slack_sdk.web.async_client import AsyncWebClient

from agents.contracts import ProgressEvent
from agents.llm.interface import RateLimiter
from bot.answering.progress import ProgressMessage
from cli.terminal import ProgressBar
from tests.fakes.slack_server import TOKEN, FakeSlack


async def test_rate_limiter_waits_for_the_window_to_free_a_slot():
    now = [0.0]
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)
        now[0] += seconds

    limiter = RateLimiter(per_minute=3, clock=lambda: now[0], sleep=sleep)
    for _ in range(3):
        await limiter.acquire()
        now[0] += 1.0
    await limiter.acquire()
    assert waited == [57.0], "the fourth call waits until the first leaves the 60-second window"


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
