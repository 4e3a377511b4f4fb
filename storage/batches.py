"""The questionnaire jobs and their rows, in the same database as the runs.

A job keeps the file it came from, so it can resume after a restart and write its
filled copy again once reviewers have decided. Each answered row is a run (with
`batch_id`), so reviewing, the answer library and retention treat it like any other.
"""

from __future__ import annotations

import uuid


from .errors import StorageError
from .models import BatchJob, BatchRow, Review, RowOutcome, RunOutcome, RunRecord
from .store import Store, now, outcome_columns, trace_rows


class JobNotFound(StorageError):
    """A job id that the database does not hold."""

    def __init__(self, job_id: str) -> None:
        super().__init__(f"no questionnaire job {job_id!r} in the database")


class BatchStore:
    """Typed reads and writes of `batch_jobs` and `batch_rows`, through the Store's thread and lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def create(self, job: BatchJob, *, event_id: str | None = None) -> BatchJob | None:
        """Store a new job (its file comes with `attach`); None for a redelivered Slack event."""
        def insert() -> BatchJob | None:
            with self.db.transaction():
                if event_id and not self.store.record_event(event_id, "questionnaire"):
                    return None
                self.db["batch_jobs"].insert(job.model_dump(mode="json"))
            return job

        return await self.store.call(insert)

    async def attach(self, job: BatchJob, source: bytes, rows: list[BatchRow]) -> BatchJob:
        """The job's file, how it was read and its rows, in one transaction."""
        values = {"source": source, "digest": job.digest, "questionnaire_json": job.questionnaire_json,
                  "total": len(rows)}

        def write() -> BatchJob:
            with self.db.transaction():
                self.db["batch_jobs"].update(job.id, values)
                self.db["batch_rows"].insert_all(r.model_dump(mode="json") for r in rows)
            return job.model_copy(update={"total": len(rows)})

        return await self.store.call(write)

    async def get(self, job_id: str) -> BatchJob:
        """One job (without its file), or JobNotFound."""
        def read() -> BatchJob:
            rows = list(self.db.query(f"SELECT {_JOB_COLUMNS} FROM batch_jobs WHERE id = ?", [job_id]))
            if not rows:
                raise JobNotFound(job_id)
            return BatchJob.model_validate(rows[0])

        return await self.store.call(read)

    async def source(self, job_id: str) -> bytes:
        """The file the job was made from."""
        def read() -> bytes:
            row = self.db.execute("SELECT source FROM batch_jobs WHERE id = ?", [job_id]).fetchone()
            if row is None or row[0] is None:
                raise JobNotFound(job_id)
            return bytes(row[0])

        return await self.store.call(read)

    async def latest(self, digest: str) -> BatchJob | None:
        """The newest job of this file read this way (for --resume)."""
        def read() -> BatchJob | None:
            rows = list(self.db.query(f"SELECT {_JOB_COLUMNS} FROM batch_jobs WHERE digest = ? AND channel IS NULL "
                                      "ORDER BY created_at DESC, rowid DESC LIMIT 1", [digest]))
            return BatchJob.model_validate(rows[0]) if rows else None

        return await self.store.call(read)

    async def rows(self, job_id: str) -> list[BatchRow]:
        """Every row of a job, in file order."""
        return await self.store.call(lambda: [BatchRow.model_validate(r) for r in self.db["batch_rows"].rows_where(
            "job_id = ?", [job_id], order_by="seq")])

    async def outcomes(self, job_id: str) -> list[RowOutcome]:
        """Each row's state and whether its answer went to review (cheap: for progress)."""
        def read() -> list[RowOutcome]:
            found = self.db.execute(
                "SELECT r.seq, r.same_as, r.state, COALESCE(runs.escalated, 0) FROM batch_rows r "
                "LEFT JOIN runs ON runs.id = r.run_id WHERE r.job_id = ? ORDER BY r.seq", [job_id]).fetchall()
            return [RowOutcome(seq=seq, same_as=same_as, state=state, escalated=bool(escalated))
                    for seq, same_as, state, escalated in found]

        return await self.store.call(read)

    async def row_of_run(self, run_id: str) -> BatchRow | None:
        """The row a run answered, if it answered one."""
        def read() -> BatchRow | None:
            rows = list(self.db["batch_rows"].rows_where("run_id = ?", [run_id], limit=1))
            return BatchRow.model_validate(rows[0]) if rows else None

        return await self.store.call(read)

    async def answered(self, row: BatchRow, outcome: RunOutcome, job: BatchJob) -> str:
        """Record a row's answer as a finished run of the job; returns the run's id."""
        run = RunRecord(id=uuid.uuid4().hex[:12], question=row.question, asker=job.asker, channel=job.channel,
                        thread_ts=job.thread_ts, engine=outcome.engine, status=outcome.final_status,
                        started_at=now(), finished_at=now(), use_library=False, queued_at=now(), batch_id=job.id,
                        **outcome_columns(outcome))
        events = trace_rows(run.id, outcome)

        def write() -> str:
            with self.db.transaction():
                self.db["runs"].insert(run.model_dump(mode="json"))
                if events:
                    self.db["run_events"].insert_all(events)
                self._set_row(row, state="answered", run_id=run.id, error=None)
            return run.id

        return await self.store.call(write)

    async def reused(self, row: BatchRow, library_run_id: str) -> None:
        """A row answered by an approved answer from the library."""
        await self.store.call(self._locked_set_row, row, {"state": "library", "library_run_id": library_run_id})

    async def failed(self, row: BatchRow, error: str) -> None:
        """A row that could not be answered (the rest of the job goes on)."""
        await self.store.call(self._locked_set_row, row, {"state": "failed", "error": error})

    async def set_pages(self, job_id: str, page_ts: str, seqs: list[int]) -> None:
        """Rows listed for review in the Slack message `page_ts`."""
        def write() -> None:
            with self.db.transaction():
                self.db.executemany("UPDATE batch_rows SET page_ts = ? WHERE job_id = ? AND seq = ?",
                                         [(page_ts, job_id, seq) for seq in seqs])

        await self.store.call(write)

    def _locked_set_row(self, row: BatchRow, values: dict) -> None:
        with self.db.transaction():
            self._set_row(row, **values)

    def _set_row(self, row: BatchRow, **values) -> None:
        sets = ", ".join(f"{column} = ?" for column in values)
        self.db.execute(f"UPDATE batch_rows SET {sets} WHERE job_id = ? AND seq = ?",
                             [*values.values(), row.job_id, row.seq])

    async def update(self, job_id: str, **values) -> None:
        """Change a job's status, progress message, error…"""
        values = {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in values.items()}
        await self.store.call(lambda: self.db["batch_jobs"].update(job_id, values))

    async def reviews(self, job_id: str) -> dict[str, Review]:
        """Reviewer decisions on the job's rows, by run id."""
        def read() -> dict[str, Review]:
            found = self.db.query("SELECT r.* FROM reviews r JOIN runs ON runs.id = r.run_id WHERE runs.batch_id = ?",
                                  [job_id])
            return {row["run_id"]: Review.model_validate(row) for row in found}

        return await self.store.call(read)

    async def runs(self, job_id: str) -> dict[str, RunRecord]:
        """The job's runs, by id."""
        return await self.store.call(lambda: {r["id"]: RunRecord.model_validate(r) for r in
                                              self.db["runs"].rows_where("batch_id = ?", [job_id])})

    # -- jobs in Slack: claimed by a worker, resumed after a restart ------------------

    async def waiting(self) -> int:
        """Jobs not yet taken by a worker."""
        return await self.store.call(lambda: self.db.execute(
            "SELECT COUNT(*) FROM batch_jobs WHERE status IN ('new', 'queued')").fetchone()[0])

    async def claim(self, worker: str) -> BatchJob | None:
        """Take the oldest queued job (atomically)."""
        def claim() -> BatchJob | None:
            if not self.db.execute("SELECT 1 FROM batch_jobs WHERE status = 'queued' LIMIT 1").fetchone():
                return None
            with self.db.transaction():
                row = self.db.execute(
                    "UPDATE batch_jobs SET status = 'running', claimed_by = ?, started_at = COALESCE(started_at, ?), "
                    "lease_until = ? WHERE id = (SELECT id FROM batch_jobs WHERE status = 'queued' ORDER BY rowid "
                    f"LIMIT 1{self.db.SKIP_LOCKED}) AND status = 'queued' RETURNING id",
                    [worker, now().isoformat(), (now() + self.store.lease).isoformat()]).fetchone()
            return None if row is None else BatchJob.model_validate(
                next(self.db.query(f"SELECT {_JOB_COLUMNS} FROM batch_jobs WHERE id = ?", [row[0]])))

        return await self.store.call(claim)

    async def renew(self, job_id: str, worker: str) -> bool:
        """Extend `worker`'s lease on a running job; False when it no longer holds it."""
        def write() -> bool:
            with self.db.transaction():
                cursor = self.db.execute(
                    "UPDATE batch_jobs SET lease_until = ? WHERE id = ? AND status = 'running' AND claimed_by = ?",
                    [(now() + self.store.lease).isoformat(), job_id, worker])
            return cursor.rowcount == 1

        return await self.store.call(write)

    async def requeue_stalled(self, worker: str | None = None) -> list[BatchJob]:
        """Running jobs whose worker died (lease expired, or `worker` named) go back to the queue:
        unlike a single question, a job resumes where it stopped."""
        where, params = ("claimed_by = ?", [worker]) if worker else ("lease_until IS NULL OR lease_until < ?",
                                                                   [now().isoformat()])

        def write() -> list[str]:
            with self.db.transaction():
                return [r[0] for r in self.db.execute(
                    f"UPDATE batch_jobs SET status = 'queued', claimed_by = NULL WHERE status = 'running' AND channel IS NOT NULL AND ({where}) "
                    "RETURNING id", params).fetchall()]

        return [await self.get(job_id) for job_id in await self.store.call(write)]


_JOB_COLUMNS = ", ".join(name for name in BatchJob.model_fields)
