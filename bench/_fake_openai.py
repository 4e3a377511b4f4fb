"""The test suite's fake OpenAI server (scripted model) as a process of its own, as a real
model server would be: `python bench/_fake_openai.py LATENCY_S` prints its URL, then serves.

`GET /_calls` lists the chat calls so far (path, started, ended on the machine's
monotonic clock), for the benchmark to find the chains of calls of each question.
"""

from __future__ import annotations

import sys
import threading

from aiohttp import web
from _common import ROOT

sys.path.insert(0, str(ROOT))
from tests.fakes.openai_server import FakeOpenAI  # noqa: E402
from tests.fakes.scripted_model import ScriptedModel  # noqa: E402
from tests.fakes.server import ThreadedServer  # noqa: E402


def application(fake: FakeOpenAI) -> web.Application:
    """The fake's routes and /_calls."""
    app = fake.app()

    async def calls(_: web.Request) -> web.Response:
        return web.json_response([{"path": c.path, "started": c.started, "ended": c.ended} for c in fake.calls])

    app.router.add_get("/_calls", calls)
    return app


if __name__ == "__main__":
    with ThreadedServer(application(FakeOpenAI(chat=ScriptedModel(), latency=float(sys.argv[1])))) as server:
        print(server.url, flush=True)
        threading.Event().wait()
