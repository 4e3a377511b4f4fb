"""`rfpbot batch` as a user runs it: a questionnaire in, the filled copy out, resumable."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from agents.pipeline import Pipeline
from cli.main import main
from services.library import AnswerLibrary
from services.records import outcome_of
from services.settings import Settings
from services.wiring import open_store
from tests.conftest import KB, ROOT
from tests.questionnaires import (OWN_ANSWERS, answered_rows, assert_original_kept, column_values, question_cells,
                                  sample_questions, security_workbook)
from tests.slack_harness import REVIEW_THRESHOLD

UNANSWERABLE = "Do you support SOC 1 Type II reporting?"  # a near-miss: SOC 2 is documented, SOC 1 is not; it goes to a reviewer
# ...at the review threshold an operator sets (see REVIEW_THRESHOLD): the fitted one moves with every refit.




def batch_runs(data_dir) -> int:
    with sqlite3.connect(data_dir / "rfpbot.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM runs WHERE batch_id IS NOT NULL").fetchone()[0]


@pytest.fixture
def ingested(capsys, tmp_path):
    assert main(["ingest", str(KB)]) == 0
    capsys.readouterr()
    return tmp_path / "data"


def test_batch_fills_every_question_once_and_keeps_the_original(ingested, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RFPBOT_CONFIDENCE_THRESHOLD", str(REVIEW_THRESHOLD))
    questions = sample_questions(6) + [UNANSWERABLE, "6.  " + sample_questions(1)[0].upper()]
    source = tmp_path / "vendor.xlsx"
    source.write_bytes(security_workbook(questions))
    original = source.read_bytes()
    assert main(["batch", str(source), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["questions"] == 8 and summary["answered"] == 8 and summary["repeated"] == 1
    assert summary["needs_review"] >= 1 and sum(summary["by_status"].values()) == 8
    assert summary["output"] == str(tmp_path / "vendor-answered.xlsx") and summary["skipped"] == 2
    assert batch_runs(ingested) == 7, "the repeated question was asked once"
    assert source.read_bytes() == original
    filled = (tmp_path / "vendor-answered.xlsx").read_bytes()
    assert_original_kept(original, filled, OWN_ANSWERS)
    rows = {q: r for r, q in question_cells(original).items()}
    status, sources = column_values(filled, "Security", "Status"), column_values(filled, "Security", "Sources")
    review = column_values(filled, "Security", "Needs review")
    assert status[rows[questions[0]]] == "Fully Supported" and "AES-256" in sources[rows[questions[0]]]
    assert status[rows[questions[-1]]] == status[rows[questions[0]]], "the repeat got the same answer"
    assert review[rows[UNANSWERABLE]] == "Yes"
    assert column_values(filled, "Security", "Review reason")[rows[UNANSWERABLE]]


def test_one_bad_row_never_sinks_the_batch(ingested, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RFPBOT_MAX_QUESTION_CHARS", "150")
    long_one = "Please describe, in detail, " + "how every part of the platform protects customer data, " * 4 + "today?"
    source = tmp_path / "q.csv"
    with open(source, "w", newline="") as f:
        csv.writer(f).writerows([["Question"], [sample_questions(1)[0]], [long_one], [sample_questions(3)[2]]])
    assert main(["batch", str(source), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["answered"], summary["failed"]) == (2, 1) and summary["needs_review"] >= 1
    with open(tmp_path / "q-answered.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[2][1] == "" and rows[2][5] == "Yes" and "characters long" in rows[2][6]
    assert rows[1][2] == "Fully Supported" and rows[3][1]


def test_a_file_that_cannot_be_read_exits_2_and_writes_nothing(ingested, tmp_path, capsys):
    source = tmp_path / "notes.csv"
    source.write_text("a,b\n1,2\n")
    assert main(["batch", str(source)]) == 2
    err = capsys.readouterr().err
    assert "no column of questions in notes.csv" in err and "--question-column" in err
    assert not (tmp_path / "notes-answered.csv").exists()
    assert main(["batch", str(tmp_path / "missing.xlsx")]) == 2
    assert "missing.xlsx does not exist" in capsys.readouterr().err
    assert main(["batch", str(source), "-o", str(source), "--question-column", "A"]) == 2
    assert "would overwrite" in capsys.readouterr().err
    with sqlite3.connect(ingested / "rfpbot.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM batch_jobs").fetchone()[0] == 0


def test_approved_answers_are_used_first(ingested, tmp_path, capsys):
    async def approve() -> None:
        from retrieval import WordLlamaEmbedder
        store = open_store(Settings())
        run = await store.enqueue(UNANSWERABLE, asker="U1", channel="C1", thread_ts="1.1")
        from services.wiring import open_index
        index = await open_index(Settings())
        result = await Pipeline(index).run(UNANSWERABLE)
        await store.finish_run(run.id, outcome_of(result))
        review, _ = await store.reviews.decide(run.id, "UREV", "edit", edited_answer="No; we hold CSA STAR Level 1 only.")
        await AnswerLibrary(store, WordLlamaEmbedder()).remember(run.id, result, review, "C1")
        await index.close()
        await store.close()

    asyncio.run(approve())
    source = tmp_path / "q.xlsx"
    source.write_bytes(security_workbook([UNANSWERABLE, sample_questions(1)[0]]))
    assert main(["batch", str(source), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["from_library"] == 1
    filled = (tmp_path / "q-answered.xlsx").read_bytes()
    row = {q: r for r, q in question_cells(filled).items()}[UNANSWERABLE]
    assert column_values(filled, "Security", "Answer")[row] == "No; we hold CSA STAR Level 1 only."
    assert "approved answer reused (by UREV" in column_values(filled, "Security", "Review reason")[row]


def test_an_approved_answer_past_its_review_by_date_goes_to_the_reviewer_beside_a_fresh_one(
        ingested, tmp_path, capsys, monkeypatch):
    async def approve_long_ago() -> None:
        from datetime import datetime, timedelta, timezone

        from retrieval import WordLlamaEmbedder
        from storage import LibraryEntry
        store = open_store(Settings())
        entry = LibraryEntry(run_id="r-2024", question=UNANSWERABLE, answer="No; we hold CSA STAR Level 1 only.",
                             compliance_status="Not Supported", approved_by="UREV",
                             approved_at=datetime.now(timezone.utc) - timedelta(days=400))
        await store.library.add(entry, (await WordLlamaEmbedder().embed([UNANSWERABLE]))[0])
        await store.close()

    asyncio.run(approve_long_ago())
    monkeypatch.setenv("RFPBOT_LIBRARY_MAX_AGE_DAYS", "365")
    source = tmp_path / "q.xlsx"
    source.write_bytes(security_workbook([UNANSWERABLE]))
    assert main(["batch", str(source), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["from_library"] == 0
    filled = (tmp_path / "q-answered.xlsx").read_bytes()
    row = {q: r for r, q in question_cells(filled).items()}[UNANSWERABLE]
    reason = column_values(filled, "Security", "Review reason")[row]
    assert "past its review-by date" in reason and "No; we hold CSA STAR Level 1 only." in reason
    assert column_values(filled, "Security", "Answer")[row] != "No; we hold CSA STAR Level 1 only."


def test_an_interrupted_batch_resumes_where_it_stopped(ingested, tmp_path):
    # Enough distinct questions that the batch is still running when it is interrupted, even when
    # this test waits for the CPU beside the rest of the suite (480 were once all answered first; 1,000 at most).
    questions = [f"{q.rstrip('?')} (item {n})?" for n in range(24) for q in sample_questions()]
    source = tmp_path / "big.xlsx"
    source.write_bytes(security_workbook(questions, heading_every=50))
    env = {**os.environ, "RFPBOT_DATA_DIR": str(ingested)}
    command = [sys.executable, "-m", "cli", "batch", str(source), "--concurrency", "2", "--json"]
    # Ctrl-C as a person at a terminal sends it: a suite started in the background (nohup, `&`) ignores SIGINT,
    # and a child inherits that, so the batch would never be interrupted; the child gets the default back.
    first = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and answered_rows(ingested) < 20:
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130, err
    assert "run the same command with --resume" in err
    stopped_at = answered_rows(ingested)
    assert 20 <= stopped_at < len(questions), "interrupted part-way"
    assert not (tmp_path / "big-answered.xlsx").exists()

    second = subprocess.run(command + ["--resume"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stderr
    summary = json.loads(second.stdout)
    assert summary["answered"] == len(questions) and summary["pending"] == 0
    with sqlite3.connect(ingested / "rfpbot.sqlite") as db:
        distinct = db.execute("SELECT COUNT(*) FROM batch_rows WHERE same_as IS NULL").fetchone()[0]
    assert batch_runs(ingested) == distinct, "no question was answered twice"
    with sqlite3.connect(ingested / "rfpbot.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM batch_jobs").fetchone()[0] == 1
    answers = column_values((tmp_path / "big-answered.xlsx").read_bytes(), "Security", "Answer")
    assert sum(1 for v in answers.values() if v) == len(questions)




def test_an_output_path_that_cannot_work_is_refused_before_any_answer(ingested, tmp_path, capsys):
    source = tmp_path / "q.xlsx"
    source.write_bytes(security_workbook(sample_questions(2)))
    assert main(["batch", str(source), "-o", str(tmp_path / "nowhere" / "q.xlsx")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert main(["batch", str(source), "-o", str(tmp_path / "q.csv")]) == 2
    assert "keeps the format of q.xlsx: name it with .xlsx" in capsys.readouterr().err
    assert not (ingested / "rfpbot.sqlite").exists(), "nothing was started"


def test_without_an_index_no_job_is_left_behind(tmp_path, capsys):
    source = tmp_path / "q.xlsx"
    source.write_bytes(security_workbook(sample_questions(2)))
    assert main(["batch", str(source)]) == 2
    assert "rfpbot ingest" in capsys.readouterr().err
    assert not (tmp_path / "data" / "rfpbot.sqlite").exists(), "no job was left behind"


def test_the_openai_engine_without_a_key_is_refused_before_any_job(ingested, tmp_path, capsys):
    source = tmp_path / "q.xlsx"
    source.write_bytes(security_workbook(sample_questions(2)))
    assert main(["batch", str(source), "--engine", "openai"]) == 2
    assert "OPENAI_API_KEY is not set" in capsys.readouterr().err
    assert not (ingested / "rfpbot.sqlite").exists(), "no job was left behind"


OWN = {"q01": "Do you encrypt customer data at rest?", "q29": "Are you FedRAMP authorized?",
       "q05": "Can we bring our own encryption key from Google Cloud KMS?",
       "q04": "Do you support customer-managed encryption keys (BYOK) with AWS KMS?"}


def customers_workbook() -> bytes:
    """A customer's questionnaire with its own Yes/No (a Y/N dropdown) and Response columns."""
    from openpyxl import Workbook
    from openpyxl.worksheet.datavalidation import DataValidation

    book = Workbook()
    sheet = book.active
    sheet.title = "Vendor"
    sheet.append(["Ref", "Question", "Yes/No", "Response"])
    for n, question in enumerate(OWN.values(), start=1):
        sheet.append([f"V-{n}", question, None, "See our FedRAMP letter." if "FedRAMP" in question else None])
    dropdown = DataValidation(type="list", formula1='"Y,N,N/A"', allow_blank=True)
    sheet.add_data_validation(dropdown)
    dropdown.add("C2:C5")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _own_cells(data: bytes) -> dict[str, tuple]:
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(data))["Vendor"]
    return {sheet.cell(r, 2).value: (sheet.cell(r, 3).value, sheet.cell(r, 4).value) for r in range(2, 6)}


def _between_q04_and_q05(tmp_path, capsys, monkeypatch) -> tuple[str, list[str], list[str]]:
    """An operator's threshold between q04's confidence and q05's, both read off a run that sends nothing, with
    the probes that go out alone under it and those a reviewer sees: q01 and q29 go out too, whatever order a
    refit puts q04 and q05 in (the 36-set refits showed them at 60 and 60, then 58 and 59). Shown alike, both go
    out (a reviewer's empty cells are the default test's below)."""
    monkeypatch.setenv("RFPBOT_CONFIDENCE_THRESHOLD", "100")
    probe = tmp_path / "probe" / "customer.xlsx"
    probe.parent.mkdir()
    probe.write_bytes(customers_workbook())
    assert main(["batch", str(probe)]) == 0
    capsys.readouterr()
    confidence = column_values((probe.parent / "customer-answered.xlsx").read_bytes(), "Vendor", "Confidence")
    shown = {key: int(str(confidence[row]).rstrip("%")) for row, key in enumerate(OWN, start=2)}
    assert min(shown["q01"], shown["q29"]) >= max(shown["q04"], shown["q05"]), shown
    if shown["q04"] == shown["q05"]:
        return str(shown["q04"]), ["q04", "q05"], []
    sent, reviewed = sorted(("q04", "q05"), key=lambda key: -shown[key])
    return str((shown["q04"] + shown["q05"] + 1) // 2), [sent], [reviewed]


# What the customer's own columns get for a probe sent alone: a "Partially." claims no Yes/No, a "No." claims N.
_SENT_CELLS = {"q04": (None, "Partially."), "q05": ("N", "No.")}


def test_the_customers_own_columns_get_the_reviewed_answers_in_the_dropdowns_values(ingested, tmp_path, capsys, monkeypatch):
    threshold, sent, reviewed = _between_q04_and_q05(tmp_path, capsys, monkeypatch)
    monkeypatch.setenv("RFPBOT_CONFIDENCE_THRESHOLD", threshold)
    monkeypatch.setenv("RFPBOT_REVIEW_LIMITS", "false")  # the "No." and the "Partially." go out unreviewed too
    source = tmp_path / "customer.xlsx"
    source.write_bytes(customers_workbook())
    assert main(["batch", str(source), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    own = _own_cells((tmp_path / "customer-answered.xlsx").read_bytes())
    yes_no, response = own[OWN["q01"]]
    assert yes_no == "Y" and response.startswith("Yes. All customer data stored by Cirrolock is encrypted at rest")
    assert own[OWN["q29"]][0] == "N" and own[OWN["q29"]][1].startswith("No. Cirrolock is not FedRAMP authorized")
    for key in sent:
        mark, opening = _SENT_CELLS[key]
        assert own[OWN[key]][0] == mark and own[OWN[key]][1].startswith(opening)
    for key in reviewed:
        assert own[OWN[key]] == (None, None)  # needs review: left for the reviewer
    assert summary["own_columns"] == {"written": 2 + len(sent), "kept": 0, "left_for_review": len(reviewed),
                                      "not_offered": 0}
    assert column_values((tmp_path / "customer-answered.xlsx").read_bytes(), "Vendor", "Sources")  # added columns kept


def test_keep_answer_columns_leaves_what_the_customer_file_already_says(ingested, tmp_path, capsys, monkeypatch):
    threshold, sent, reviewed = _between_q04_and_q05(tmp_path, capsys, monkeypatch)
    monkeypatch.setenv("RFPBOT_CONFIDENCE_THRESHOLD", threshold)
    monkeypatch.setenv("RFPBOT_REVIEW_LIMITS", "false")  # the "No." and the "Partially." go out unreviewed too
    source = tmp_path / "customer.xlsx"
    source.write_bytes(customers_workbook())
    assert main(["batch", str(source), "--keep-answer-columns"]) == 0
    out = capsys.readouterr().out
    assert f"{1 + len(sent)} filled, {len(reviewed)} left empty until reviewed, 1 kept as they were" in out
    own = _own_cells((tmp_path / "customer-answered.xlsx").read_bytes())
    assert own[OWN["q29"]] == ("N", "See our FedRAMP letter.")


def test_by_default_a_no_or_a_partly_waits_for_a_reviewer_in_the_customers_columns(ingested, tmp_path, capsys,
                                                                                   monkeypatch):
    monkeypatch.setenv("RFPBOT_CONFIDENCE_THRESHOLD", "70")
    source = tmp_path / "customer.xlsx"
    source.write_bytes(customers_workbook())
    assert main(["batch", str(source), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    own = _own_cells((tmp_path / "customer-answered.xlsx").read_bytes())
    assert own[OWN["q01"]][0] == "Y"  # a "Yes." from the documentation still goes out
    assert own[OWN["q29"]] == (None, "See our FedRAMP letter.")  # not written over until reviewed
    assert own[OWN["q04"]] == (None, None)
    assert summary["own_columns"] == {"written": 1, "kept": 0, "left_for_review": 3, "not_offered": 0}
