"""Versioned schema creation: each migration runs once, in order, recorded in `meta`."""

from __future__ import annotations

import sqlite3

import sqlite_utils

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
]


def migrate(db: sqlite_utils.Database) -> int:
    """Apply the migrations this database has not had; return its schema version."""
    db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for number, script in enumerate(MIGRATIONS[_version(db):], start=_version(db) + 1):
        # One transaction per migration (triggers hold `;`, so the script runs whole).
        try:
            db.conn.executescript(f"BEGIN IMMEDIATE; {script}; "
                                  f"INSERT OR REPLACE INTO meta VALUES ('schema_version', '{number}'); COMMIT;")
        except sqlite3.OperationalError:
            db.conn.rollback()
            if _version(db) < number:  # not another process migrating at the same moment
                raise
    return len(MIGRATIONS)


def _version(db: sqlite_utils.Database) -> int:
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0
