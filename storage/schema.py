"""Versioned schema creation: each migration runs once, in order, recorded in `meta`."""

from __future__ import annotations

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
]


def migrate(db: sqlite_utils.Database) -> int:
    """Apply the migrations this database has not had; return its schema version."""
    db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    version = int(row[0]) if row else 0
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        with db.conn:
            for statement in filter(str.strip, script.split(";")):
                db.conn.execute(statement)
            db.conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(number),))
    return len(MIGRATIONS)
