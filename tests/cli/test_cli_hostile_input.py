"""The command line given files it cannot use, run twice at once, and asked to forget:
a clear message and an exit code, never a traceback, nothing lost."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import timedelta

from cli.main import main
from questionnaire import BatchOptions
from services.jobs import new_job
from storage import BatchStore, Store, open_database
from storage.store import now
from tests.conftest import KB, ROOT


def test_a_questions_file_that_is_not_utf8_is_named_and_explained(capsys, tmp_path):
    bad = tmp_path / "questions.csv"
    bad.write_bytes("id,question,expected_status\nq1,Do you support café SSO?,Fully Supported\n".encode("cp1252"))
    assert main(["eval", "--questions", str(bad), "--corpus", str(KB)]) == 2
    err = capsys.readouterr().err
    assert "is not UTF-8 text" in err and "Traceback" not in err


def test_an_index_path_that_is_not_an_index_is_refused_and_left_unchanged(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not an index\n")
    assert main(["ask", "Do you support SSO?", "--index", str(notes)]) == 2
    assert main(["ingest", str(KB), "--index", str(notes)]) == 2
    err = capsys.readouterr().err
    assert err.count("is not an rfpbot index") == 2
    assert notes.read_text() == "my notes, not an index\n"
    assert main(["ask", "Do you support SSO?", "--index", str(tmp_path)]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_two_ingests_into_a_new_index_at_once_both_succeed(tmp_path):
    index = tmp_path / "new.sqlite"
    command = [sys.executable, "-m", "cli", "ingest", str(KB), "--index", str(index)]
    runs = [subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outcomes = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    assert [code for code, _ in outcomes] == [0, 0], outcomes
    with sqlite3.connect(index) as db:
        chunks = db.execute("SELECT count(*) FROM chunks").fetchone()[0]
        fts = db.execute("SELECT count(*) FROM chunks_fts").fetchone()[0]
        documents = db.execute("SELECT count(*) FROM documents").fetchone()[0]
    assert documents == 27 and chunks == fts > 0


def test_purge_deletes_old_runs_and_keeps_recent_ones_and_the_review_log(tmp_path, capsys):
    path = tmp_path / "data" / "rfpbot.sqlite"

    async def seed() -> None:
        store = Store(open_database(path))
        old = await store.enqueue("old question", asker="U1", channel="C1", thread_ts="1.1")
        recent = await store.enqueue("recent question", asker="U1", channel="C1", thread_ts="2.1")
        store.db["runs"].update(old.id, {"status": "done", "finished_at": (now() - timedelta(days=40)).isoformat()})
        store.db["runs"].update(recent.id, {"status": "done", "finished_at": now().isoformat()})
        await store.reviews.log(old.id, "UREV", "approve", "made")
        batches = BatchStore(store)
        for days, name in ((40, "old-vendor.xlsx"), (1, "new-vendor.xlsx")):
            job = await batches.create(new_job(name, BatchOptions(), status="running"))
            await batches.attach(job, b"old secret workbook bytes" if days > 1 else b"new bytes", [])
            store.db["batch_jobs"].update(job.id, {"created_at": (now() - timedelta(days=days)).isoformat()})
        await store.close()

    asyncio.run(seed())
    assert main(["purge"]) == 2 and "RFPBOT_RETENTION_DAYS" in capsys.readouterr().err
    assert main(["purge", "--days", "30"]) == 0
    assert "Deleted 1 run(s)" in capsys.readouterr().out
    db = sqlite3.connect(path)
    assert [r[0] for r in db.execute("SELECT question FROM runs")] == ["recent question"]
    assert [r[0] for r in db.execute("SELECT filename FROM batch_jobs")] == ["new-vendor.xlsx"]
    assert db.execute("SELECT count(*) FROM review_log").fetchone()[0] == 1
    db.close()
    stored = b"".join(p.read_bytes() for p in path.parent.glob("rfpbot.sqlite*"))
    assert b"old question" not in stored and b"old secret workbook" not in stored
    assert main(["review-log"]) == 0 and "the hash chain holds" in capsys.readouterr().out
