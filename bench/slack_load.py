"""Slack load benchmark: signed mentions sent concurrently to `rfpbot serve --http`
(a separate process, offline engine) while a fake Slack API records what it posts.

Reports ack latency p50/p99, answers delivered and duplicates. A share of the events
is delivered twice, as Slack does when an ack is late, to check the dedupe under load.

    python bench/slack_load.py [--events 200] [--concurrency 50] [--redeliver 0.1] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from _common import KB, ROOT, emit, percentile, questions

sys.path.insert(0, str(ROOT))
from tests.fakes.server import free_ports  # noqa: E402
from tests.fakes.slack_requests import SIGNING_SECRET, SlackSender  # noqa: E402
from tests.fakes.slack_server import TOKEN  # noqa: E402

HERE = Path(__file__).resolve().parent


async def answers_by_thread(session: aiohttp.ClientSession, slack_url: str) -> dict[str, int]:
    """Answer messages per thread (thread_ts → count), as the fake Slack holds them."""
    async with session.get(slack_url + "/_messages") as response:
        messages = await response.json()
    counts: dict[str, int] = {}
    for message in messages.get("C1", {}).values():
        if message.get("thread_ts") and "confidence" in json.dumps(message.get("blocks", [])):
            counts[message["thread_ts"]] = counts.get(message["thread_ts"], 0) + 1
    return counts


async def wait_ready(url: str, process: subprocess.Popen) -> None:
    """Until `url` (the server's /healthz or /readyz) answers 200; the server's stderr if it exits first."""
    async with aiohttp.ClientSession() as session:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError("rfpbot serve exited: " + process.stderr.read().decode()[-2000:])
            try:
                async with session.get(url) as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("rfpbot serve did not become ready")


async def _load(sender: SlackSender, args) -> tuple[list[float], int]:
    slots = asyncio.Semaphore(args.concurrency)
    latencies: list[float] = []
    errors = 0
    texts = [q["question"] for q in questions()]
    rng = random.Random(3)

    async def one(n: int) -> None:
        nonlocal errors
        deliveries = 2 if rng.random() < args.redeliver else 1
        for attempt in range(deliveries):
            async with slots:
                t0 = time.perf_counter()
                response = await sender.mention(texts[n % len(texts)], ts=f"{5000 + n}.1", event_id=f"EvLoad{n}",
                                                retry_num=attempt or None)
                latencies.append((time.perf_counter() - t0) * 1000)
                errors += response.status != 200

    await asyncio.gather(*(one(n) for n in range(args.events)))
    return latencies, errors


def spawn(argv: list[str], env: dict) -> subprocess.Popen:
    """A Python child process in the project root, its output piped."""
    return subprocess.Popen([sys.executable, *argv], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


async def run(args) -> dict:
    """Fake Slack, the app and this load generator each in a process of their own."""
    slack_port = free_ports()[0]
    slack_url = f"http://127.0.0.1:{slack_port}"
    slack = spawn([str(HERE / "_fake_slack.py"), str(slack_port)], dict(os.environ))
    slack.stdout.readline()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET,
               "SLACK_API_URL": slack_url + "/api/", "RFPBOT_DATA_DIR": tmp, "RFPBOT_ENGINE": "offline",
               "RFPBOT_MAX_CONCURRENT_RUNS": str(args.runs)}
        subprocess.run([sys.executable, "-m", "cli", "ingest", str(KB)], env=env, cwd=ROOT, check=True,
                       capture_output=True)
        port = free_ports()[0]
        process = spawn(["-m", "cli", "serve", "--http", "--host", "127.0.0.1", "--port", str(port)], env)
        try:
            await wait_ready(f"http://127.0.0.1:{port}/readyz", process)  # once its worker has loaded
            async with aiohttp.ClientSession() as session:
                sender = SlackSender(f"http://127.0.0.1:{port}/slack/events", session)
                started = time.perf_counter()
                latencies, errors = await _load(sender, args)
                deadline = time.monotonic() + args.timeout
                while len(await answers_by_thread(session, slack_url)) < args.events and time.monotonic() < deadline:
                    await asyncio.sleep(0.2)
                all_answered = time.perf_counter() - started
                await asyncio.sleep(1.0)  # a late duplicate would show up now
                answers = await answers_by_thread(session, slack_url)
        finally:
            for child in (process, slack):
                child.terminate()
                child.wait(timeout=30)
    return {
        "events": args.events, "concurrency": args.concurrency,
        "deliveries": len(latencies), "redelivered": len(latencies) - args.events, "http_errors": errors,
        "ack_ms_p50": round(percentile(latencies, 50), 1), "ack_ms_p99": round(percentile(latencies, 99), 1),
        "ack_ms_max": round(max(latencies), 1),
        "answered": len(answers), "duplicates": sum(n - 1 for n in answers.values()),
        "seconds_until_all_answered": round(all_answered, 1),
    }


def table(r: dict) -> str:
    """The human-readable summary."""
    return "\n".join([
        f"{r['events']} mentions ({r['redelivered']} redelivered) at concurrency {r['concurrency']}",
        f"ack latency   p50 {r['ack_ms_p50']} ms   p99 {r['ack_ms_p99']} ms   max {r['ack_ms_max']} ms",
        f"answered      {r['answered']} / {r['events']}   duplicates {r['duplicates']}   http errors {r['http_errors']}",
        f"all answered after {r['seconds_until_all_answered']} s",
    ])


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--redeliver", type=float, default=0.1, help="share of events delivered twice")
    parser.add_argument("--runs", type=int, default=4, help="RFPBOT_MAX_CONCURRENT_RUNS of the server")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
