"""`rfpbot migrate`: an installation's SQLite file copied into PostgreSQL, whole and verified,
and the copy goes on working (numbering and the review log's chain continue)."""

from __future__ import annotations

import asyncio

import numpy as np

from cli.main import main
from services.records import outcome_of, result_of
from storage import (BatchJob, BatchRow, BatchStore, ChannelSettingsStore, FeedbackStore, LibraryEntry, Store,
                     broken_link, connect)
from storage.schema import MIGRATIONS
from storage.store import now
from tests.storage.test_storage_contract import _answered


async def _installation(path) -> dict[str, object]:
    """A SQLite database holding some of everything; what a copy must keep."""
    store = Store(connect(path))
    try:
        runs = [await store.enqueue(f"Question {n}?", asker="U1", channel="C1", thread_ts=f"{n}.0", event_id=f"Ev{n}")
                for n in range(5)]
        for run in runs:
            claimed = await store.claim_next("w1", "offline")
            await store.finish_run(run.id, outcome_of(_answered(run.question, escalated=True)), claimed.claimed_by)
        await store.reviews.decide(runs[0].id, "UREV", "approve")
        for n in range(3):
            await store.reviews.log(runs[n].id, "UREV", "approve", "made")
        entry = LibraryEntry(run_id=runs[0].id, question="Question 0?", answer="Yes.", compliance_status="Fully Supported",
                             approved_by="UREV", approved_at=now(), channel="C1")
        await store.library.add(entry, np.array([0.5, 0.25], dtype=np.float32))
        await FeedbackStore(store).vote(runs[1].id, "U2", -1, "reaction", reason="wrong")
        await ChannelSettingsStore(store).put("C1", "UREV", 80, "UADMIN")
        job = BatchJob(id="job1", filename="v.xlsx", options_json="{}", created_at=now(), channel="C1", thread_ts="9.0")
        await BatchStore(store).create(job)
        await BatchStore(store).attach(job, b"PK\x03\x04\x00\xff", [BatchRow(job_id="job1", seq=0, sheet="S", row=2,
                                                                           question="Q?")])
        return {"runs": [r.id for r in runs], "last_hash": (await store.reviews.log_entries())[-1].hash}
    finally:
        await store.close()


async def test_migrate_copies_everything_and_the_copy_carries_on(tmp_path, postgres_server, capsys):
    source = tmp_path / "rfpbot.sqlite"
    made = await _installation(source)
    url = postgres_server.database()
    # The command runs its own event loop, as from a shell.
    assert await asyncio.to_thread(main, ["migrate", "--from", f"sqlite:{source}", "--to", url]) == 0
    printed = capsys.readouterr().out
    assert "row counts match" in printed and "3 entries chain unbroken" in printed

    copy = Store(connect(url))
    try:
        assert [r.id for r in await copy.queued()] == []
        first = await copy.get_run(made["runs"][0])
        assert first.status == "done" and first.escalated and result_of(first).synthesis.answer.startswith("Yes.")
        assert (await copy.reviews.of(first.id)).decision == "approve"
        assert [e["node"] for e in await copy.events_of(first.id)] == ["synthesis"]
        [kept] = await copy.library.entries()
        assert np.allclose(kept.embedding, [0.5, 0.25])
        assert await BatchStore(copy).source("job1") == b"PK\x03\x04\x00\xff"
        assert not await copy.first_delivery("Ev3", "question"), "delivered events stay delivered"
        # Numbering and the chain continue where the SQLite file left them.
        entry = await copy.reviews.log(first.id, "UREV", "edit", "made")
        log = await copy.reviews.log_entries()
        assert entry.seq == 4 and entry.prev_hash == made["last_hash"] and broken_link(log) is None
        second = LibraryEntry(run_id=made["runs"][1], question="Question 1?", answer="No.",
                              compliance_status="Not Supported", approved_by="UREV", approved_at=now())
        await copy.library.add(second, np.array([1.0, 0.0], dtype=np.float32))
        assert sorted(e.id for e in await copy.library.entries()) == [kept.id, kept.id + 1]
    finally:
        await copy.close()

    # Into a database that already holds an installation: refused, nothing written.
    assert await asyncio.to_thread(main, ["migrate", "--from", str(source), "--to", url]) == 2
    assert "not empty" in capsys.readouterr().err


def test_migrate_says_what_is_wrong_with_its_arguments(tmp_path, capsys):
    assert main(["migrate", "--from", str(tmp_path / "none.sqlite"), "--to", "postgresql://rfpbot@127.0.0.1:1/x"]) == 2
    assert "no database file there" in capsys.readouterr().err
    assert main(["migrate", "--from", "mysql://h/db", "--to", str(tmp_path / "b.sqlite")]) == 2
    assert "sqlite:PATH or postgresql://" in capsys.readouterr().err


def test_the_commands_record_in_postgresql_when_the_url_is_set(postgres_server, monkeypatch, capsys):
    url = postgres_server.database()
    monkeypatch.setenv("RFPBOT_DATABASE_URL", url)
    assert main(["purge", "--days", "1"]) == 0
    assert "Deleted 0 run(s)" in capsys.readouterr().out
    assert main(["review-log"]) == 0 and "0 entries; the hash chain holds" in capsys.readouterr().out
    import psycopg

    with psycopg.connect(url) as conn:  # the schema was made there, not in a SQLite file
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(len(MIGRATIONS))


def test_an_unreachable_or_malformed_database_url_is_said_plainly(monkeypatch, capsys):
    monkeypatch.setenv("RFPBOT_DATABASE_URL", "postgresql://rfpbot:secret@127.0.0.1:1/rfpbot")
    assert main(["review-log"]) == 2
    said = capsys.readouterr().err
    assert "cannot connect to the PostgreSQL database" in said and "secret" not in said and "***" in said
    monkeypatch.setenv("RFPBOT_DATABASE_URL", "mysql://h/db")
    assert main(["review-log"]) == 2
    said = capsys.readouterr().err
    assert "RFPBOT_DATABASE_URL" in said and "postgres" in said
