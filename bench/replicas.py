"""Replicas benchmark: three `rfpbot serve --http` processes sharing one PostgreSQL database
behind the fake Slack API, one of them killed (SIGKILL) halfway through the load.

Signed mentions go to the replicas in turn, as a load balancer would send them, arriving at
random times (100 a second on average, `--rate`; `--rate 0` sends them as fast as `--concurrency`
allows: bursts of 30 at once, the worst case for acknowledgements on two cores); a tenth are
delivered twice, the second time to another replica (Slack retrying a late ack). Once half
the mentions are sent, the replica whose worker holds the most runs under way is killed
(its process group: server and worker); what would have gone to it goes to the next one. Every question must be answered exactly once: the dead replica's runs go back to the
queue when their leases expire and the others answer them.

    python bench/replicas.py [--events 300] [--redeliver 0.1] [--lease 6] [--llm-latency-ms 200] [--rate 100] [--json]

The replicas answer with the OpenAI engine against the fake model server (each call takes
--llm-latency-ms), so that runs last a second or two and the killed replica holds some when it
dies; `--llm-latency-ms 0` answers offline instead (runs of a few milliseconds). PostgreSQL is a
cluster started here with initdb/pg_ctl (as `make test` does), or --database-url. Reports ack latency p50/p99, answered, duplicates, lost, runs tried twice,
and the time until the last answer.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from _common import KB, ROOT, emit, percentile, questions
from slack_load import answers_by_thread, spawn, wait_ready

sys.path.insert(0, str(ROOT))
from tests.fakes.server import free_ports  # noqa: E402
from tests.fakes.slack_requests import SIGNING_SECRET, SlackSender  # noqa: E402
from tests.fakes.slack_server import TOKEN  # noqa: E402
from tests.postgres_server import PostgresServer  # noqa: E402

HERE = Path(__file__).resolve().parent


class Replica:
    """One `serve --http` process and its sender."""

    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process = process
        self.port = port
        self.sender: SlackSender | None = None
        self.alive = True

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.alive = False


async def _load(replicas: list[Replica], args) -> tuple[list[float], int, int, int]:
    """Send every mention, killing the busiest replica halfway; returns ack latencies, HTTP errors,
    deliveries moved off the dead replica and the runs it held when it died."""
    texts = [q["question"] for q in questions()]
    rng, arrivals = random.Random(5), random.Random(7)
    slots = asyncio.Semaphore(args.concurrency)
    latencies: list[float] = []
    errors = moved = 0

    async def deliver(n: int, attempt: int, start: int) -> None:
        nonlocal errors, moved
        for k in range(len(replicas)):
            replica = replicas[(start + k) % len(replicas)]
            if not replica.alive:
                moved += k == 0
                continue
            try:
                t0 = time.perf_counter()
                response = await replica.sender.mention(texts[n % len(texts)], ts=f"{7000 + n}.1", event_id=f"EvRep{n}",
                                                        retry_num=attempt or None)
                latencies.append((time.perf_counter() - t0) * 1000)
                errors += response.status != 200
                return
            except aiohttp.ClientError:
                moved += 1  # the balancer finds the replica gone: the next one gets it
        errors += 1

    async def one(n: int) -> None:
        async with slots:
            await deliver(n, 0, n)
            if rng.random() < args.redeliver:
                await deliver(n, 1, n + 1)  # Slack's retry lands on another replica

    async def send(numbers: range) -> None:
        if not args.rate:
            await asyncio.gather(*(one(n) for n in numbers))
            return
        sent = []
        for n in numbers:  # open loop: mentions arrive at random times, `rate` a second on average
            sent.append(asyncio.create_task(one(n)))
            await asyncio.sleep(arrivals.expovariate(args.rate))
        await asyncio.gather(*sent)

    half = args.events // 2
    await send(range(half))
    victim, held = await _busiest(replicas, args.url)
    victim.kill()
    await send(range(half, args.events))
    return latencies, errors, moved, held


async def _busiest(replicas: list[Replica], url: str) -> tuple[Replica, int]:
    """The replica whose worker holds the most runs under way (waiting until one holds some), and how many."""
    import psycopg

    for _ in range(300):
        with psycopg.connect(url) as conn:
            held = conn.execute("SELECT split_part(claimed_by, '#', 1), COUNT(*) FROM runs WHERE status = 'running' "
                                "GROUP BY 1 ORDER BY 2 DESC").fetchall()
        for worker, count in held:
            parent = _parent(int(worker.rsplit(":", 1)[1]))
            for replica in replicas:
                if replica.process.pid in (parent, int(worker.rsplit(":", 1)[1])):
                    return replica, count
        await asyncio.sleep(0.1)
    return replicas[0], 0


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


async def run(args) -> dict:
    """The fake Slack, PostgreSQL, three replicas and the load, then the count of answers."""
    folder = Path(tempfile.mkdtemp(prefix="rfpbot-replicas-"))
    server = None if args.database_url else PostgresServer.start(folder)
    url = args.database_url or server.database()
    slack_port = free_ports()[0]
    slack_url = f"http://127.0.0.1:{slack_port}"
    slack = spawn([str(HERE / "_fake_slack.py"), str(slack_port)], dict(os.environ))
    slack.stdout.readline()
    replicas: list[Replica] = []
    # The fake model in a process of its own, as a model server would be.
    model = spawn([str(HERE / "_fake_openai.py"), str(args.llm_latency_ms / 1000)], dict(os.environ)) \
        if args.llm_latency_ms else None
    try:
        data = folder / "data"
        env = {**os.environ, "SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET,
               "SLACK_API_URL": slack_url + "/api/", "RFPBOT_DATA_DIR": str(data), "RFPBOT_ENGINE": "offline",
               "RFPBOT_DATABASE_URL": url, "RFPBOT_LEASE_SECONDS": str(args.lease),
               "RFPBOT_MAX_CONCURRENT_RUNS": str(args.runs)}
        if model:
            env.update(RFPBOT_ENGINE="openai", OPENAI_API_KEY="bench",
                       OPENAI_BASE_URL=model.stdout.readline().decode().strip() + "/v1",
                       RFPBOT_LLM_CALLS_PER_MINUTE="100000")
        subprocess.run([sys.executable, "-m", "cli", "ingest", str(KB)], env=env, cwd=ROOT, check=True,
                       capture_output=True)
        for port in free_ports(3):
            process = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--http", "--host", "127.0.0.1",
                                        "--port", str(port), "--workers", str(args.workers)], env=env, cwd=ROOT,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
            replicas.append(Replica(process, port))
        for replica in replicas:  # as a load balancer would: once its worker has loaded
            await wait_ready(f"http://127.0.0.1:{replica.port}/readyz", replica.process)
        async with aiohttp.ClientSession() as session:
            for replica in replicas:
                replica.sender = SlackSender(f"http://127.0.0.1:{replica.port}/slack/events", session)
            started = time.perf_counter()
            args.url = url
            latencies, errors, moved, held = await _load(replicas, args)
            deadline = time.monotonic() + args.timeout
            while len(await answers_by_thread(session, slack_url)) < args.events and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
            all_answered = time.perf_counter() - started
            await asyncio.sleep(args.lease + 2)  # a late duplicate (a second attempt's answer) would show up now
            answers = await answers_by_thread(session, slack_url)
        tried_twice, interrupted, missing = _attempts(url, set(answers))
    finally:
        for replica in replicas:
            if replica.alive:
                replica.process.send_signal(signal.SIGTERM)
        for replica in replicas:
            if replica.alive:
                replica.process.wait(timeout=60)
        slack.terminate()
        slack.wait(timeout=30)
        if model:
            model.terminate()
            model.wait(timeout=30)
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "events": args.events, "replicas": 3, "killed_after": args.events // 2,
        "deliveries": len(latencies), "redelivered": len(latencies) - args.events, "moved_off_the_dead": moved,
        "runs_held_by_the_dead": held,
        "http_errors": errors, "ack_ms_p50": round(percentile(latencies, 50), 1),
        "ack_ms_p99": round(percentile(latencies, 99), 1), "ack_ms_max": round(max(latencies), 1),
        "answered": len(answers), "duplicates": sum(n - 1 for n in answers.values()),
        "lost": args.events - len(answers), "lost_runs": missing, "runs_tried_twice": tried_twice,
        "runs_interrupted": interrupted,
        "seconds_until_all_answered": round(all_answered, 1),
    }


def _attempts(url: str, answered: set[str]) -> tuple[int, int, list[str]]:
    """Runs tried twice, runs interrupted, and (thread: status) of the runs whose answer never came."""
    import psycopg

    with psycopg.connect(url) as conn:
        twice = conn.execute("SELECT COUNT(*) FROM runs WHERE attempts > 1").fetchone()[0]
        interrupted = conn.execute("SELECT COUNT(*) FROM runs WHERE status = 'interrupted'").fetchone()[0]
        runs = conn.execute("SELECT thread_ts, status, attempts FROM runs").fetchall()
    return twice, interrupted, [f"{ts}: {status} after {n} attempt(s)" for ts, status, n in runs if ts not in answered]


def table(r: dict) -> str:
    """The human-readable summary."""
    return "\n".join([
        f"{r['events']} mentions ({r['redelivered']} redelivered to another replica) to {r['replicas']} replicas, "
        f"one killed after {r['killed_after']}",
        f"ack latency   p50 {r['ack_ms_p50']} ms   p99 {r['ack_ms_p99']} ms   max {r['ack_ms_max']} ms",
        f"answered      {r['answered']} / {r['events']}   duplicates {r['duplicates']}   lost {r['lost']}   "
        f"http errors {r['http_errors']}",
        f"runs under way on the killed replica {r['runs_held_by_the_dead']}   tried twice {r['runs_tried_twice']}   "
        f"interrupted {r['runs_interrupted']}",
        *(f"  lost: {lost}" for lost in r["lost_runs"]),
        f"all answered after {r['seconds_until_all_answered']} s",
    ])


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=30, help="deliveries under way at once (at most)")
    parser.add_argument("--rate", type=float, default=100,
                        help="mentions a second, arriving at random (0: as fast as --concurrency allows)")
    parser.add_argument("--redeliver", type=float, default=0.1, help="share of events delivered twice")
    parser.add_argument("--lease", type=float, default=6.0, help="RFPBOT_LEASE_SECONDS of the replicas")
    parser.add_argument("--runs", type=int, default=4, help="RFPBOT_MAX_CONCURRENT_RUNS of each replica")
    parser.add_argument("--workers", type=int, default=1, help="answering processes per replica (0: in the replica)")
    parser.add_argument("--llm-latency-ms", type=float, default=200, help="the fake model's time per call (0: offline)")
    parser.add_argument("--database-url", help="an existing PostgreSQL database (default: a cluster started here)")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
