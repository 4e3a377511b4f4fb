"""From `rfpbot serve` starting to answers in Slack: what the first asker and the next ones wait.

    python bench/serve_start.py [--starts 3] [--questions 3] [--workers 1] [--json]

Each start spawns `rfpbot serve --http` (offline engine, examples/kb) against the
fake Slack API in a process of its own, mentions the bot the moment /healthz answers,
and then asks --questions more, one after another. Measured per start: seconds from
spawn to ready, from spawn to the first answer posted, and each answer's latency
from its mention to its post. Reported as min / median / max over the starts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

import aiohttp
from _common import KB, ROOT, emit, questions
from slack_load import HERE, answers_by_thread, spawn, wait_ready

from tests.fakes.server import free_ports  # noqa: E402
from tests.fakes.slack_requests import SIGNING_SECRET, SlackSender  # noqa: E402
from tests.fakes.slack_server import TOKEN  # noqa: E402


async def _answered(session: aiohttp.ClientSession, slack_url: str, thread: str, timeout: float = 60) -> float:
    """Wait until the thread has its answer; the moment (perf_counter) it was seen."""
    deadline = time.monotonic() + timeout
    while thread not in await answers_by_thread(session, slack_url):
        if time.monotonic() > deadline:
            raise RuntimeError(f"no answer in thread {thread} within {timeout} s")
        await asyncio.sleep(0.02)
    return time.perf_counter()


async def one_start(env: dict, slack_url: str, texts: list[str], workers: int, start: int) -> dict:
    """Spawn the server, ask, measure, stop it."""
    port = free_ports()[0]
    spawned = time.perf_counter()
    process = spawn(["-m", "cli", "serve", "--http", "--host", "127.0.0.1", "--port", str(port),
                     "--workers", str(workers)], env)
    try:
        await wait_ready(f"http://127.0.0.1:{port}/healthz", process)
        ready = time.perf_counter()
        latencies = []
        async with aiohttp.ClientSession() as session:
            sender = SlackSender(f"http://127.0.0.1:{port}/slack/events", session)
            for n, text in enumerate(texts):
                thread = f"{7000 + 100 * start + n}.1"
                asked = time.perf_counter()
                await sender.mention(text, ts=thread, event_id=f"EvStart{start}x{n}")
                latencies.append(await _answered(session, slack_url, thread) - asked)
                if n == 0:
                    first = time.perf_counter() - spawned
    finally:
        process.terminate()
        process.wait(timeout=30)
    return {"ready_s": ready - spawned, "first_answer_s": first, "latencies_s": latencies}


def _spread(values: list[float]) -> dict:
    return {"min": round(min(values), 2), "median": round(statistics.median(values), 2), "max": round(max(values), 2)}


async def run(args) -> dict:
    slack_port = free_ports()[0]
    slack_url = f"http://127.0.0.1:{slack_port}"
    slack = spawn([str(HERE / "_fake_slack.py"), str(slack_port)], dict(os.environ))
    slack.stdout.readline()
    texts = [q["question"] for q in questions()][: args.questions + 1]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET,
                   "SLACK_API_URL": slack_url + "/api/", "RFPBOT_DATA_DIR": tmp, "RFPBOT_ENGINE": "offline",
                   "RFPBOT_LOG_LEVEL": "WARNING"}
            for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "WEAVIATE_URL", "RFPBOT_INDEX", "RFPBOT_EMBEDDER"):
                env.pop(name, None)
            subprocess.run([sys.executable, "-m", "cli", "ingest", str(KB)], env=env, cwd=ROOT, check=True,
                           capture_output=True)
            starts = [await one_start(env, slack_url, texts, args.workers, n) for n in range(args.starts)]
    finally:
        slack.terminate()
        slack.wait(timeout=30)
    return {"starts": args.starts, "workers": args.workers,
            "ready_s": _spread([s["ready_s"] for s in starts]),
            "first_answer_after_start_s": _spread([s["first_answer_s"] for s in starts]),
            "first_answer_latency_s": _spread([s["latencies_s"][0] for s in starts]),
            "later_answer_latency_s": _spread([x for s in starts for x in s["latencies_s"][1:]])}


def table(r: dict) -> str:
    """The human-readable summary."""
    def line(name: str, s: dict) -> str:
        return f"{name:<34} min {s['min']:>5.2f} s  median {s['median']:>5.2f} s  max {s['max']:>5.2f} s"
    return "\n".join([f"{r['starts']} starts of `rfpbot serve --http --workers {r['workers']}` (offline, examples/kb)",
                      line("spawn → /healthz ready", r["ready_s"]),
                      line("spawn → first answer posted", r["first_answer_after_start_s"]),
                      line("first question: mention → answer", r["first_answer_latency_s"]),
                      line("later questions: mention → answer", r["later_answer_latency_s"])])


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--questions", type=int, default=3, help="questions after the first, one at a time")
    parser.add_argument("--workers", type=int, default=1, help="`serve --workers` (0: answer in the server process)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
