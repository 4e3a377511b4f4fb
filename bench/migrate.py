"""Migrate benchmark: `rfpbot migrate` of a SQLite installation with 10,000 runs into PostgreSQL.

The SQLite file is made here: every run finished with a stored result (an answer with three
citations, as the offline engine stores one) and a trace of five nodes; a tenth reviewed, with
their review-log entries; 200 library entries with vectors. PostgreSQL is a cluster started
here with initdb/pg_ctl, or --database-url (an empty database). The command runs as a process,
as an operator would run it; the figure is its wall time, verification included.

    python bench/migrate.py [--runs 10000] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _common import ROOT, emit

sys.path.insert(0, str(ROOT))
from agents.contracts import Citation, PipelineResult, SynthesisResult, TraceEntry  # noqa: E402
from storage import LibraryEntry, Store, connect  # noqa: E402
from storage.store import now  # noqa: E402
from tests.postgres_server import PostgresServer  # noqa: E402

_NODES = ["guardrails", "classifier", "planner", "research", "synthesis"]


def _result(n: int) -> PipelineResult:
    quote = "Customer data is encrypted at rest with AES-256 and in transit with TLS 1.2 or later. " * 2
    citations = [Citation(source_path=f"security/page-{k}.md", source_title=f"Security page {k}", quote=quote)
                 for k in range(3)]
    synthesis = SynthesisResult(answer=f"Yes. Data is encrypted at rest [1] (question {n}).",
                                compliance_status="Fully Supported", confidence_score=91, citations=citations)
    trace = [TraceEntry(node=node, started_at=now(), duration_ms=3.5, summary="ok") for node in _NODES]
    return PipelineResult(question=f"Question {n}: is data encrypted?", synthesis=synthesis, success=True,
                          escalated=n % 10 == 0, trace=trace)


async def make_installation(path: Path, runs: int) -> None:
    """A SQLite database as a busy installation leaves it."""
    store = Store(connect(path))
    try:
        rows, events = [], []
        for n in range(runs):
            result = _result(n)
            run_id = f"run{n:06d}"
            rows.append([run_id, result.question, "U1", "C1", f"{n}.1", "offline", "done", "PASS", "Fully Supported",
                         91, int(result.escalated), result.model_dump_json(), now().isoformat(), now().isoformat(),
                         now().isoformat(), 1, "w#1"])
            events += [[run_id, t.node, t.started_at.isoformat(), t.duration_ms, 0, 0, 0, t.summary]
                       for t in result.trace]

        def write() -> None:
            with store.db.transaction():
                store.db.executemany(
                    "INSERT INTO runs (id, question, asker, channel, thread_ts, engine, status, verdict, "
                    "compliance_status, confidence, escalated, result_json, started_at, finished_at, queued_at, "
                    "attempts, claimed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
                store.db.executemany("INSERT INTO run_events (run_id, node, started_at, duration_ms, llm_calls, "
                                     "tokens, truncated, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", events)

        await store.call(write)
        for n in range(0, runs, 10):
            await store.reviews.decide(f"run{n:06d}", "UREV", "approve")
            await store.reviews.log(f"run{n:06d}", "UREV", "approve", "made")
        vector = np.random.default_rng(1).random(256).astype(np.float32)
        for n in range(0, min(runs, 2000), 10):
            entry = LibraryEntry(run_id=f"run{n:06d}", question=f"Question {n}?", answer="Yes.",
                                 compliance_status="Fully Supported", approved_by="UREV", approved_at=now())
            await store.library.add(entry, vector)
    finally:
        await store.close()


def run(args) -> dict:
    """Make the installation, migrate it as a process, report."""
    folder = Path(tempfile.mkdtemp(prefix="rfpbot-migrate-"))
    cluster = Path(tempfile.mkdtemp(prefix="rfpbot-migrate-pg-"))  # its own: as root, the cluster's owner must reach it
    server = None
    try:
        source = folder / "rfpbot.sqlite"
        asyncio.run(make_installation(source, args.runs))
        size = source.stat().st_size / 1e6
        if args.database_url:
            url = args.database_url
        else:
            server = PostgresServer.start(cluster)
            url = server.database()
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "cli", "migrate", "--from", f"sqlite:{source}", "--to", url],
                              cwd=ROOT, capture_output=True, text=True, env=dict(os.environ))
        seconds = time.perf_counter() - started
        if done.returncode:
            raise RuntimeError(f"rfpbot migrate failed: {done.stderr}")
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(cluster, ignore_errors=True)
    return {"runs": args.runs, "source_mb": round(size, 1), "seconds": round(seconds, 1), "verified": "row counts match" in done.stdout,
            "output": done.stdout.strip().splitlines()}


def table(r: dict) -> str:
    """The human-readable summary."""
    return "\n".join([*r["output"], f"rfpbot migrate of {r['runs']} runs ({r['source_mb']} MB): {r['seconds']} s "
                                    f"({'verified' if r['verified'] else 'NOT verified'})"])


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: a cluster started here)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args)
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
