"""Versioned schema creation: each migration runs once, in order, recorded in `meta`.

One list for both databases, written in SQLite's spelling; `for_postgres` turns a migration
into PostgreSQL's (its types, an identity column where SQLite has a rowid, the review log's
append-only rule as a trigger function). Several processes may start at once: on SQLite a
migration is one IMMEDIATE transaction and a process that lost the race finds it done; on
PostgreSQL they wait in turn on an advisory lock.
"""

from __future__ import annotations

import re
import sqlite3

from .sql import Database

MIGRATIONS: list[str] = [
    """
    CREATE TABLE runs (
        id TEXT PRIMARY KEY, question TEXT NOT NULL, asker TEXT, channel TEXT, thread_ts TEXT,
        answer_ts TEXT, engine TEXT, status TEXT NOT NULL, verdict TEXT, compliance_status TEXT,
        confidence INTEGER, escalated INTEGER NOT NULL DEFAULT 0, result_json TEXT,
        started_at TEXT, finished_at TEXT, duration_ms REAL, llm_calls INTEGER DEFAULT 0,
        tokens INTEGER DEFAULT 0, error TEXT, followup INTEGER NOT NULL DEFAULT 0,
        use_library INTEGER NOT NULL DEFAULT 1, queued_at TEXT, claimed_by TEXT);
    CREATE INDEX runs_thread ON runs(channel, thread_ts);
    CREATE INDEX runs_status ON runs(status);
    CREATE TABLE run_events (
        run_id TEXT NOT NULL REFERENCES runs(id), node TEXT NOT NULL, started_at TEXT NOT NULL,
        duration_ms REAL, llm_calls INTEGER, tokens INTEGER, summary TEXT);
    CREATE INDEX run_events_run ON run_events(run_id);
    CREATE TABLE slack_events (event_id TEXT PRIMARY KEY, kind TEXT, received_at TEXT NOT NULL);
    CREATE TABLE reviews (
        run_id TEXT PRIMARY KEY REFERENCES runs(id), reviewer TEXT NOT NULL, decision TEXT NOT NULL,
        edited_answer TEXT, reason TEXT, at TEXT NOT NULL);
    CREATE TABLE answer_library (
        id INTEGER PRIMARY KEY, run_id TEXT NOT NULL UNIQUE, question TEXT NOT NULL, answer TEXT NOT NULL,
        compliance_status TEXT NOT NULL, citations_json TEXT NOT NULL, approved_by TEXT NOT NULL,
        approved_at TEXT NOT NULL, embedding BLOB);
    """,
    # 2: leases, so a run is completed only by the worker that still holds it; where an
    # approved answer was asked (its question is shown there only); an append-only,
    # hash-chained log of every reviewer action.
    """
    ALTER TABLE runs ADD COLUMN lease_until TEXT;
    ALTER TABLE answer_library ADD COLUMN channel TEXT;
    CREATE TABLE review_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, reviewer TEXT NOT NULL, action TEXT NOT NULL,
        outcome TEXT NOT NULL, reason TEXT, at TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
    CREATE TRIGGER review_log_no_update BEFORE UPDATE ON review_log
        BEGIN SELECT RAISE(ABORT, 'the review log is append-only'); END;
    CREATE TRIGGER review_log_no_delete BEFORE DELETE ON review_log
        BEGIN SELECT RAISE(ABORT, 'the review log is append-only'); END;
    """,
    # 3: replies a model cut off at max_tokens, per node.
    """
    ALTER TABLE run_events ADD COLUMN truncated INTEGER DEFAULT 0;
    """,
    # 4: questionnaires answered row by row. The file itself is kept (a job resumes and
    # re-exports from it; a Slack job fetches it when a worker takes the job); each
    # answered row is a run of its own (reviewed like any other).
    """
    CREATE TABLE batch_jobs (
        id TEXT PRIMARY KEY, filename TEXT NOT NULL, file_id TEXT, digest TEXT NOT NULL DEFAULT '', source BLOB,
        options_json TEXT NOT NULL, questionnaire_json TEXT, status TEXT NOT NULL, total INTEGER NOT NULL DEFAULT 0,
        asker TEXT, channel TEXT, thread_ts TEXT, progress_ts TEXT, error TEXT, created_at TEXT NOT NULL,
        started_at TEXT, finished_at TEXT, claimed_by TEXT, lease_until TEXT);
    CREATE INDEX batch_jobs_digest ON batch_jobs(digest);
    CREATE INDEX batch_jobs_status ON batch_jobs(status);
    CREATE TABLE batch_rows (
        job_id TEXT NOT NULL REFERENCES batch_jobs(id), seq INTEGER NOT NULL, sheet TEXT NOT NULL,
        row INTEGER NOT NULL, question TEXT NOT NULL, same_as INTEGER, state TEXT NOT NULL DEFAULT 'pending',
        run_id TEXT, library_run_id TEXT, error TEXT, page_ts TEXT, PRIMARY KEY (job_id, seq));
    CREATE INDEX batch_rows_run ON batch_rows(run_id);
    ALTER TABLE runs ADD COLUMN batch_id TEXT;
    """,
    # 5: what askers thought of answers: one vote per person per answer (a button or a reaction);
    # the question a follow-up was about (the next follow-up in the thread is about it too);
    # whether a vague question may be asked back about (not once the asker has chosen);
    # a channel's own reviewers and confidence threshold (`/rfp config`).
    """
    ALTER TABLE runs ADD COLUMN subject TEXT;
    ALTER TABLE runs ADD COLUMN clarify INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE feedback (
        run_id TEXT NOT NULL, user TEXT NOT NULL, vote INTEGER NOT NULL, reason TEXT, via TEXT NOT NULL,
        at TEXT NOT NULL, PRIMARY KEY (run_id, user));
    CREATE INDEX feedback_at ON feedback(at);
    CREATE TABLE channel_settings (
        channel TEXT PRIMARY KEY, reviewers TEXT, confidence_threshold INTEGER, updated_by TEXT NOT NULL,
        updated_at TEXT NOT NULL);
    """,
    # 6: a channel's own knowledge base (a name; see bot.knowledge)
    """
    ALTER TABLE channel_settings ADD COLUMN knowledge_base TEXT;
    """,
    # 7: where an imported library answer came from (file, sheet, row); who retired an entry, when
    """
    ALTER TABLE answer_library ADD COLUMN source TEXT;
    ALTER TABLE answer_library ADD COLUMN retired_at TEXT;
    ALTER TABLE answer_library ADD COLUMN retired_by TEXT;
    """,
    # 8: how many times a run was claimed: a run whose worker died goes back to the queue once.
    """
    ALTER TABLE runs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    """,
    # 9: the run's progress message, so that the worker taking over a dead one's run rewrites it
    # rather than leave it "working" beside a second one.
    """
    ALTER TABLE runs ADD COLUMN progress_ts TEXT;
    """,
]


# PostgreSQL's spelling of the append-only rule of migration 2 (SQLite's triggers use RAISE(ABORT)).
_APPEND_ONLY = """
    CREATE FUNCTION review_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the review log is append-only'; END; $$;
    CREATE TRIGGER review_log_no_update BEFORE UPDATE ON review_log
        FOR EACH ROW EXECUTE FUNCTION review_log_append_only();
    CREATE TRIGGER review_log_no_delete BEFORE DELETE ON review_log
        FOR EACH ROW EXECUTE FUNCTION review_log_append_only();
    CREATE TRIGGER review_log_no_truncate BEFORE TRUNCATE ON review_log
        FOR EACH STATEMENT EXECUTE FUNCTION review_log_append_only();
"""
_SQLITE_TRIGGERS = re.compile(r"CREATE TRIGGER .*?END;", re.S)
# Tables read in the order rows were added (ORDER BY rowid): SQLite numbers every row, PostgreSQL
# gets a column of that name.
_NUMBERED = ("runs", "run_events", "batch_jobs")
_TYPES = [(re.compile(p), t) for p, t in (
    (r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (r"\bid INTEGER PRIMARY KEY\b", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (r"\bBLOB\b", "BYTEA"), (r"\bREAL\b", "DOUBLE PRECISION"),
    (r"(?<![\w\"])user(?=\s+TEXT\b|\))", '"user"'))]


def for_postgres(script: str) -> str:
    """A migration in PostgreSQL's spelling."""
    if _SQLITE_TRIGGERS.search(script):
        script = _SQLITE_TRIGGERS.sub("", script) + _APPEND_ONLY
    for pattern, spelled in _TYPES:
        script = pattern.sub(spelled, script)
    for table in _NUMBERED:
        script = script.replace(f"CREATE TABLE {table} (",
                                f"CREATE TABLE {table} (rowid BIGINT GENERATED ALWAYS AS IDENTITY, ")
    return script


def migrate(db: Database) -> int:
    """Apply the migrations this database has not had; return its schema version."""
    meta = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
    if db.dialect == "postgresql":
        with db.transaction():
            db.lock("rfpbot schema")  # before `meta` too: two IF NOT EXISTS at once can both try to create it
            db.execute(meta)
            done = _version(db)
            for number, script in enumerate(MIGRATIONS[done:], start=done + 1):
                db.script(for_postgres(script))
                _record(db, number)
        return len(MIGRATIONS)
    db.execute(meta)
    # The version is read once: read twice, another process's migration landing in between numbered the
    # scripts one off, and "duplicate column" was taken for a migration of this process's own that failed.
    done = _version(db)
    for number, script in enumerate(MIGRATIONS[done:], start=done + 1):
        try:
            db.script(f"{script}; INSERT OR REPLACE INTO meta VALUES ('schema_version', '{number}')")
        except sqlite3.OperationalError:
            db.conn.rollback()
            if _version(db) < number:  # not another process migrating at the same moment
                raise
    return len(MIGRATIONS)


def _record(db: Database, number: int) -> None:
    db.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [str(number)])


def _version(db: Database) -> int:
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0
