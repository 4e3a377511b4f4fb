"""The database of runs, their traces and Slack events; reviews (`reviews.py`) and the answer library
(`library.py`) are in it too, reached as `store.reviews` and `store.library`.

One SQLite file in WAL mode through sqlite-utils (the default), or a PostgreSQL database
(`RFPBOT_DATABASE_URL`, see `storage.sql`). Both drivers are synchronous, so every public
method runs on a worker thread, off the event loop: one at a time on SQLite's single
connection, at once on PostgreSQL's pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

import sqlite_utils

from common import private_file

from .errors import DatabaseUnreadable, RunNotFound
from .library import LibraryStore
from .models import PurgeCounts, RunOutcome, RunRecord, final_status, now
from .reviews import ReviewStore
from .schema import migrate
from .sql import Database, NotFound, SqliteDatabase

T = TypeVar("T")


def open_database(path: Path) -> SqliteDatabase:
    """The SQLite database on a file only its owner can read, usable from worker threads, in WAL mode."""
    if path.is_dir():
        raise DatabaseUnreadable(path, "it is a folder")
    db = sqlite_utils.Database(sqlite3.connect(private_file(path), check_same_thread=False, timeout=30))
    try:
        _enable_wal(db)
        # WAL with synchronous=NORMAL survives a crash of the process without an fsync per commit.
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA secure_delete=ON")  # purged questions are overwritten, not left in free pages
    except sqlite3.DatabaseError as exc:
        db.conn.close()
        raise DatabaseUnreadable(path, str(exc)) from exc
    return SqliteDatabase(db)


def _enable_wal(db: sqlite_utils.Database, tries: int = 100) -> None:
    # Switching a new file to WAL while another process does the same can fail at once with
    # "database is locked", the busy timeout notwithstanding: replicas starting together try again.
    for attempt in range(tries):
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == tries - 1:
                raise
            time.sleep(0.05)


def connect(where: str | Path) -> Database:
    """The database at a postgresql:// URL, or the SQLite file at a path."""
    if isinstance(where, str) and where.startswith(("postgresql://", "postgres://")):
        from .sql import PostgresDatabase

        return PostgresDatabase(where)
    return open_database(Path(where))


class Store:
    """Typed reads and writes of every table; takes a `storage.sql.Database` (SQLite or PostgreSQL)."""

    # A run whose worker died (a killed replica, a lost lease) is queued again for another worker,
    # once: a question that takes down its worker twice is declared interrupted, its thread told.
    MAX_ATTEMPTS = 2

    def __init__(self, db: Database, lease_seconds: float = 60.0) -> None:
        self.db = db
        self.lease = timedelta(seconds=lease_seconds)
        # SQLite's one connection serves one call at a time; PostgreSQL's pool gives each call its own.
        self._lock = threading.Lock() if db.dialect == "sqlite" else contextlib.nullcontext()
        with self._lock, db.session():
            migrate(db)

    @functools.cached_property
    def reviews(self) -> ReviewStore:
        """Reviewers' decisions and the review log."""
        return ReviewStore(self)

    @functools.cached_property
    def library(self) -> LibraryStore:
        """The answer library."""
        return LibraryStore(self)

    async def _run(self, fn: Callable[..., T], *args) -> T:
        def locked() -> T:
            with self._lock, self.db.session():
                return fn(*args)

        return await asyncio.to_thread(locked)

    async def call(self, fn: Callable[..., T], *args) -> T:
        """Run `fn(*args)` on a worker thread under the store's lock (for the other tables' stores)."""
        return await self._run(fn, *args)

    # -- runs ------------------------------------------------------------------------

    async def enqueue(self, question: str, *, asker: str | None, channel: str | None, thread_ts: str | None,
                      followup: bool = False, use_library: bool = True, event_id: str | None = None,
                      clarify: bool = True) -> RunRecord | None:
        """Queue a question: the run row exists before any work starts, and survives a restart.

        With a Slack `event_id`, a redelivered event queues nothing and returns None: the
        event is recorded and the run queued in one transaction.
        """
        record = RunRecord(id=uuid.uuid4().hex[:12], question=question, asker=asker, channel=channel,
                           thread_ts=thread_ts, status="queued", followup=followup, use_library=use_library,
                           queued_at=now(), clarify=clarify)

        def insert() -> RunRecord | None:
            row = record.model_dump(mode="json")
            if not event_id:
                self.db["runs"].insert(row)
            elif not self.db.insert_unless_seen("runs", row, "slack_events", _event(event_id, "question")):
                return None
            return record

        return await self._run(insert)

    async def claim_next(self, worker: str, engine: str) -> RunRecord | None:
        """Take the oldest queued run for `worker` (atomically, so two workers never share one).

        The run's `claimed_by` is `worker#attempt`: the holder names it in every later call, so a
        worker that lost a run which then came back to it (queued again, claimed anew) cannot
        finish the old attempt beside the new one."""
        def claim() -> RunRecord | None:
            # Look before taking the write lock: an idle worker polls, and other
            # processes' writes should not queue behind its empty claims.
            if not self.db.execute("SELECT 1 FROM runs WHERE status = 'queued' LIMIT 1").fetchone():
                return None
            with self.db.transaction():
                row = self.db.execute(
                    "UPDATE runs SET status = 'running', claimed_by = ?, engine = ?, started_at = ?, lease_until = ?, "
                    "attempts = attempts + 1 "
                    f"WHERE id = (SELECT id FROM runs WHERE status = 'queued' ORDER BY rowid LIMIT 1{self.db.SKIP_LOCKED}) "
                    "AND status = 'queued' RETURNING id",
                    (f"{worker}#", engine, now().isoformat(), (now() + self.lease).isoformat())).fetchone()
                if row:
                    self.db.execute("UPDATE runs SET claimed_by = claimed_by || attempts WHERE id = ?", [row[0]])
            return RunRecord.model_validate(self.db["runs"].get(row[0])) if row else None

        return await self._run(claim)

    async def queued(self) -> list[RunRecord]:
        """Runs waiting for a worker, oldest first."""
        return await self._run(lambda: [RunRecord.model_validate(r) for r in
                                        self.db["runs"].rows_where("status = 'queued'", order_by="rowid")])

    async def renew(self, run_id: str, worker: str) -> bool:
        """Extend `worker`'s lease on a running run; False when it no longer holds it."""
        return await self._run(self._held_update, run_id, worker, {"lease_until": (now() + self.lease).isoformat()})

    async def mark_reused(self, run_id: str, worker: str) -> bool:
        """A run answered from the library; False (nothing changed) when `worker` no longer holds it."""
        return await self._run(self._held_update, run_id, worker,
                               {"status": "reused", "engine": "library", "finished_at": now().isoformat()})

    def _held_update(self, run_id: str, worker: str, values: dict) -> bool:
        sets = ", ".join(f"{column} = ?" for column in values)
        with self.db.transaction():
            cursor = self.db.execute(
                f"UPDATE runs SET {sets} WHERE id = ? AND status = 'running' AND claimed_by = ?",
                [*values.values(), run_id, worker])
        return cursor.rowcount == 1

    async def expire_leases(self) -> list[RunRecord]:
        """Running runs whose holder stopped renewing (a dead process) are queued again for another
        worker, or (tried MAX_ATTEMPTS times) become `interrupted`; returns the interrupted ones."""
        return await self._interrupt("lease_until IS NULL OR lease_until < ?", [now().isoformat()])

    async def finish_run(self, run_id: str, outcome: RunOutcome, worker: str | None = None) -> bool:
        """Record how the run ended: its result and its trace.

        With `worker`, only while that worker still holds the run: False (nothing written)
        when the run was declared interrupted or taken over meanwhile.
        """
        return await self._run(self._write_result, run_id, outcome, worker, outcome.final_status)

    async def record_answer(self, run_id: str, outcome: RunOutcome, worker: str) -> bool:
        """Record the result of a run `worker` holds, before its answer is posted; False when it no
        longer holds it.

        The run stays `running` (its lease renewed) until `posted`: a worker that dies in between
        leaves a run whose lease expires and which goes back to the queue with its result, for the
        next worker to post rather than answer anew."""
        return await self._run(self._write_result, run_id, outcome, worker, "running")

    async def posted(self, run_id: str, worker: str, succeeded: bool, answer_ts: str | None = None) -> bool:
        """The recorded answer is in its thread (`answer_ts`: the message carrying it): the run is
        done (failed, when the pipeline did not succeed); False when `worker` no longer holds it."""
        values = {"status": final_status(succeeded), **({"answer_ts": answer_ts} if answer_ts else {})}
        return await self._run(self._held_update, run_id, worker, values)

    def _write_result(self, run_id: str, outcome: RunOutcome, worker: str | None, status: str) -> bool:
        values = {"status": status, "finished_at": now().isoformat(), **outcome_columns(outcome)}
        events = trace_rows(run_id, outcome)
        with self.db.transaction():
            if worker is not None:
                held = self.db.execute("SELECT 1 FROM runs WHERE id = ? AND status = 'running' AND claimed_by = ?",
                                       (run_id, worker)).fetchone()
                if not held:
                    return False
            self.db["runs"].update(run_id, values)
            if events:
                self.db["run_events"].insert_all(events)
        return True

    async def fail_run(self, run_id: str, error: str, worker: str) -> bool:
        """Mark a run failed when it broke outside the pipeline (Slack refusing the answer and the like);
        False when `worker` no longer holds it (it was declared interrupted)."""
        def update() -> bool:
            with self.db.transaction():
                cursor = self.db.execute(
                    "UPDATE runs SET status = 'failed', finished_at = ?, error = ? "
                    "WHERE id = ? AND claimed_by = ? AND status IN ('running', 'done')",
                    (now().isoformat(), error, run_id, worker))
            return cursor.rowcount == 1

        return await self._run(update)

    async def ask_back(self, run_id: str, worker: str) -> bool:
        """A run whose question was asked back about (it waits for the asker's choice); False when
        `worker` no longer holds it."""
        return await self._run(self._held_update, run_id, worker,
                               {"status": "clarifying", "engine": "clarify", "finished_at": now().isoformat()})

    async def close_clarification(self, run_id: str) -> bool:
        """The asker chose: True for the first choice only (a second click changes nothing)."""
        def update() -> bool:
            with self.db.transaction():
                cursor = self.db.execute("UPDATE runs SET status = 'clarified' WHERE id = ? AND status = 'clarifying'",
                                              (run_id,))
            return cursor.rowcount == 1

        return await self._run(update)

    async def set_progress_ts(self, run_id: str, ts: str) -> None:
        """Remember the run's progress message."""
        await self._run(lambda: self.db["runs"].update(run_id, {"progress_ts": ts}))

    async def set_subject(self, run_id: str, subject: str) -> None:
        """Remember what a follow-up was about."""
        await self._run(lambda: self.db["runs"].update(run_id, {"subject": subject}))

    async def get_run(self, run_id: str) -> RunRecord:
        """One run, or RunNotFound."""
        def read() -> RunRecord:
            try:
                return RunRecord.model_validate(self.db["runs"].get(run_id))
            except NotFound as exc:
                raise RunNotFound(run_id) from exc

        return await self._run(read)

    async def last_answer_in_thread(self, channel: str, thread_ts: str) -> RunRecord | None:
        """The latest finished run of a thread (for follow-up questions)."""
        def read() -> RunRecord | None:
            rows = list(self.db["runs"].rows_where(
                "channel = ? AND thread_ts = ? AND status = 'done' AND batch_id IS NULL", [channel, thread_ts],
                order_by="rowid DESC", limit=1))
            return RunRecord.model_validate(rows[0]) if rows else None

        return await self._run(read)

    async def interrupt_claimed(self, worker: str) -> list[RunRecord]:
        """Runs a dead worker had claimed are queued again, or become `interrupted` (see
        `expire_leases`); returns the interrupted ones."""
        return await self._interrupt("claimed_by = ? OR substr(claimed_by, 1, ?) = ?", [worker, len(worker) + 1,
                                                                                       f"{worker}#"])

    async def _interrupt(self, where: str, params: list) -> list[RunRecord]:
        """Running runs matching `where` go back to the queue or become `interrupted`, atomically: of
        several processes sweeping at once, each interrupted run is returned to one (whose thread it tells)."""
        def mark() -> list[RunRecord]:
            with self.db.transaction():
                self.db.execute(
                    "UPDATE runs SET status = 'queued', claimed_by = NULL, lease_until = NULL "
                    f"WHERE status = 'running' AND attempts < ? AND ({where})", [self.MAX_ATTEMPTS, *params])
                rows = self.db.execute(
                    f"UPDATE runs SET status = 'interrupted', finished_at = ? WHERE status = 'running' AND ({where}) "
                    "RETURNING id", [now().isoformat(), *params]).fetchall()
            return [RunRecord.model_validate(self.db["runs"].get(row[0])) for row in rows]

        return await self._run(mark)

    async def purge(self, older_than_days: float) -> PurgeCounts:
        """Delete finished runs (their traces and reviews) and Slack event ids older than the cutoff.

        The review log is kept (it is append-only and holds no question text); so is the
        answer library (approved answers, their questions redacted when asked).
        """
        cutoff = (now() - timedelta(days=older_than_days)).isoformat()

        def delete() -> PurgeCounts:
            old = "SELECT id FROM runs WHERE status NOT IN ('queued', 'running') AND COALESCE(finished_at, queued_at) < ?"
            with self.db.transaction():
                events = self.db.execute(f"DELETE FROM run_events WHERE run_id IN ({old})", (cutoff,)).rowcount
                reviews = self.db.execute(f"DELETE FROM reviews WHERE run_id IN ({old})", (cutoff,)).rowcount
                self.db.execute(f"DELETE FROM feedback WHERE run_id IN ({old})", (cutoff,))
                runs = self.db.execute(f"DELETE FROM runs WHERE id IN ({old})", (cutoff,)).rowcount
                slack = self.db.execute("DELETE FROM slack_events WHERE received_at < ?", (cutoff,)).rowcount
                # A command-line job stopped part-way and never resumed is as old as it was made.
                old_jobs = ("SELECT id FROM batch_jobs WHERE (status IN ('done', 'failed') OR channel IS NULL) "
                            "AND COALESCE(finished_at, created_at) < ?")
                self.db.execute(f"DELETE FROM batch_rows WHERE job_id IN ({old_jobs})", (cutoff,))
                jobs = self.db.execute(f"DELETE FROM batch_jobs WHERE id IN ({old_jobs})", (cutoff,)).rowcount
            self.db.compact()
            return PurgeCounts(runs=runs, run_events=events, reviews=reviews, slack_events=slack, batch_jobs=jobs)

        return await self._run(delete)

    async def events_of(self, run_id: str) -> list[dict]:
        """The trace rows of a run, in order."""
        return await self._run(lambda: list(self.db["run_events"].rows_where("run_id = ?", [run_id], order_by="rowid")))

    # -- Slack events ------------------------------------------------------------------

    async def first_delivery(self, event_id: str, kind: str) -> bool:
        """True the first time an event id is seen; False for Slack's redeliveries."""
        def insert() -> bool:
            with self.db.transaction():
                return self.record_event(event_id, kind)

        return await self._run(insert)

    def record_event(self, event_id: str, kind: str) -> bool:
        """Record a Slack event id inside the caller's transaction (on the store's thread); False when seen."""
        return self.db["slack_events"].insert(_event(event_id, kind), ignore=True) == 1

    async def close(self) -> None:
        """Close the database."""
        def close() -> None:
            with self._lock:  # not while a call is using the connection
                self.db.close()

        await asyncio.to_thread(close)


def outcome_columns(outcome: RunOutcome) -> dict:
    """The columns of a run's row that say how it ended (one mapping for every store writing them)."""
    return {"verdict": outcome.verdict, "compliance_status": outcome.compliance_status,
            "confidence": outcome.confidence, "escalated": int(outcome.escalated), "result_json": outcome.result_json,
            "duration_ms": outcome.duration_ms, "llm_calls": outcome.llm_calls, "tokens": outcome.tokens,
            "error": outcome.error}


def trace_rows(run_id: str, outcome: RunOutcome) -> list[dict]:
    """A run's trace as rows of run_events."""
    return [{"run_id": run_id, **event.model_dump(mode="json")} for event in outcome.trace]


def _event(event_id: str, kind: str) -> dict:
    return {"event_id": event_id, "kind": kind, "received_at": now().isoformat()}
