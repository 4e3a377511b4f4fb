"""Copy an installation's database into another (`rfpbot migrate`): SQLite to PostgreSQL, or back.

Both sides are brought to the latest schema first (opening a Store migrates it). The target
must hold nothing yet. Tables are copied in the order their references need, each row with
its own keys (library entry numbers and review-log sequence numbers stay what they were), in
insertion order. Then the copy is checked: the same number of rows in every table, and the
review log's hash chain unbroken and ending on the same hash as the source's.
"""

from __future__ import annotations

import time

from pydantic import BaseModel

from .errors import StorageError
from .models import ReviewLogEntry, broken_link
from .sql import Database
from .store import Store

# Referenced tables before the tables referring to them; `meta` is each side's own.
TABLES = ["runs", "run_events", "slack_events", "reviews", "answer_library", "review_log", "batch_jobs", "batch_rows",
          "feedback", "channel_settings"]
# How each table's rows are read in the order they were added.
_ORDER = {"runs": "rowid", "run_events": "rowid", "batch_jobs": "rowid", "review_log": "seq", "answer_library": "id",
          "batch_rows": "job_id, seq"}
# Numbered by the database: after rows are copied with their numbers, the next number follows them.
_IDENTITIES = {"answer_library": "id", "review_log": "seq"}
_CHUNK = 500


class CopyFailed(StorageError):
    """The copy could not start or did not verify."""


class CopyReport(BaseModel):
    """What was copied and how the copy was checked."""

    rows: dict[str, int]
    review_log_entries: int
    last_hash: str
    seconds: float


async def copy_database(source: Store, target: Store) -> CopyReport:
    """Copy every table of `source` into the empty `target`, then verify the copy."""
    started = time.perf_counter()
    held = {t: n for t, n in (await target.call(_counts, target.db)).items() if n}
    if held:
        raise CopyFailed(f"the target database is not empty ({', '.join(f'{n} in {t}' for t, n in held.items())}): "
                         "copy into a new, empty database")
    rows = {}
    for table in TABLES:
        columns = await target.call(target.db.columns, table)
        read = await source.call(_read, source.db, table, columns)
        await target.call(_write, target.db, table, columns, read)
        rows[table] = len(read)
    report = await _verify(source, target, rows)
    return report.model_copy(update={"seconds": round(time.perf_counter() - started, 2)})


def _counts(db: Database) -> dict[str, int]:
    return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def _read(db: Database, table: str, columns: list[str]) -> list[tuple]:
    names = ", ".join(f'"{c}"' for c in columns)
    order = f" ORDER BY {_ORDER[table]}" if table in _ORDER else ""
    return db.execute(f"SELECT {names} FROM {table}{order}").fetchall()


def _write(db: Database, table: str, columns: list[str], rows: list[tuple]) -> None:
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    with db.transaction():
        for start in range(0, len(rows), _CHUNK):
            db.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows[start:start + _CHUNK])
        if db.dialect == "postgresql" and table in _IDENTITIES and rows:
            column = _IDENTITIES[table]
            db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                       f"(SELECT MAX({column}) FROM {table}))")


async def _verify(source: Store, target: Store, rows: dict[str, int]) -> CopyReport:
    counted = await target.call(_counts, target.db)
    wrong = {t: (rows[t], n) for t, n in counted.items() if n != rows[t]}
    if wrong:
        raise CopyFailed(f"row counts differ after the copy (source, target): {wrong}")
    copied: list[ReviewLogEntry] = await target.reviews.log_entries()
    original: list[ReviewLogEntry] = await source.reviews.log_entries()
    broken = broken_link(copied)
    if broken is not None:
        raise CopyFailed(f"the copied review log's hash chain breaks at entry {broken}")
    last = copied[-1].hash if copied else ""
    if last != (original[-1].hash if original else ""):
        raise CopyFailed("the copied review log does not end on the source's last hash")
    return CopyReport(rows=rows, review_log_entries=len(copied), last_hash=last, seconds=0.0)
