"""Questionnaires in Slack: a file shared with a mention comes back filled, with its review pages."""

from __future__ import annotations

import csv
import io
import json

import pytest

from agents.pipeline import Pipeline
from tests.fakes.slack_server import SlackFault
from tests.questionnaires import (OWN_ANSWERS, assert_original_kept, column_values, password_protected, question_cells,
                                  sample_questions, security_workbook)
from tests.slack_harness import start_app

UNANSWERABLE = ["Do you support SOC 1 Type II reporting?", "Is your platform FedRAMP High authorized?"]




def text_of(messages: list[dict]) -> str:
    return "\n".join(m.get("text", "") + json.dumps(m.get("blocks", [])) for m in messages)


async def test_a_shared_workbook_comes_back_filled_with_a_summary_and_review_buttons(app, slack):
    questions = sample_questions(8) + UNANSWERABLE + [sample_questions(1)[0]]
    original = security_workbook(questions)
    file = slack.add_file("acme-security.xlsx", original)
    await app.sender.mention("please fill this in", ts="2000.1", files=[file])
    await app.settle()

    thread = slack.thread("C1", "2000.1")
    progress = thread[0]
    assert "11/11 answered" in progress["text"] and progress.get("edits", 0) >= 1
    [upload] = slack.uploaded("C1", "2000.1")
    assert upload["name"] == "acme-security-answered.xlsx"
    filled = upload["data"]
    assert_original_kept(original, filled, OWN_ANSWERS)
    rows = {q: r for r, q in question_cells(original).items()}
    answers, status = column_values(filled, "Security", "Answer"), column_values(filled, "Security", "Status")
    review = column_values(filled, "Security", "Needs review")
    assert status[rows[questions[0]]] == "Fully Supported" and "AES-256" in answers[rows[questions[0]]]
    assert review[rows[UNANSWERABLE[0]]] == "Yes"
    summary = next(m for m in thread if "batch_export" in json.dumps(m.get("blocks", [])))
    assert "11/11 questions answered" in text_of([summary]) and "1 repeated" in text_of([summary])
    assert "own answer columns: " in text_of([summary])  # its Vendor response column got the reviewed answers
    pages = [m for m in thread if "Answers to review" in json.dumps(m.get("blocks", []))]
    assert pages and "SOC 1" in text_of(pages) and "review_approve" in json.dumps(pages[0]["blocks"])
    assert slack.downloads == [file["id"]]



def button(message: dict, action_id: str) -> str:
    for block in message.get("blocks", []):
        for element in block.get("elements", []):
            if element.get("action_id") == action_id:
                return element["value"]
    raise AssertionError(f"no {action_id} button")


async def share(app, slack, questions: list[str], ts: str) -> tuple[bytes, list[dict]]:
    original = security_workbook(questions)
    await app.sender.mention("", ts=ts, files=[slack.add_file("vendor.xlsx", original)])
    await app.settle()
    return original, slack.thread("C1", ts)


async def test_review_decisions_redraw_the_page_and_export_again_applies_them(app, slack):
    # Two answers the send-or-review model is unsure of: a near-miss abstention (SOC 1 beside SOC 2) and a
    # "Fully Supported" from passages on backups kept in a second region, not on replicating data in real time.
    questions = sample_questions(1) + UNANSWERABLE[:1] + ["Do you replicate customer data across regions in real time?"]
    original, thread = await share(app, slack, questions, "2100.1")
    page = next(m for m in thread if "Answers to review" in json.dumps(m.get("blocks", [])))
    run_ids = [e["value"] for b in page["blocks"] for e in b.get("elements", []) if e.get("action_id") == "review_approve"]
    assert len(run_ids) == 2, "both unsure answers wait for review"
    approved, rejected = run_ids

    await app.sender.click("review_approve", approved, user="UREV", message_ts=page["ts"])
    await app.settle()
    redrawn = json.dumps(slack.messages["C1"][page["ts"]]["blocks"])
    assert "Approved by <@UREV>" in redrawn and redrawn.count("review_approve") == 1
    assert [e.run_id for e in await app.deps.store.library.entries()] == [approved]

    await app.sender.click("review_reject", rejected, user="UREV", message_ts=page["ts"])
    await app.settle()
    await app.sender.submit_view(slack.views[-1]["view"], {"reason": "Backups are daily, not real time: see the 2026 DR plan."}, user="UREV")
    await app.settle()
    assert "review_approve" not in json.dumps(slack.messages["C1"][page["ts"]]["blocks"])

    summary = next(m for m in thread if "batch_export" in json.dumps(m.get("blocks", [])))
    await app.sender.click("batch_export", button(summary, "batch_export"), user="U1", message_ts=summary["ts"])
    await app.settle()
    first, again = slack.uploaded("C1", "2100.1")
    assert "with the reviewers' decisions" in again["comment"]
    assert_original_kept(original, again["data"], OWN_ANSWERS)
    rows = {q: r for r, q in question_cells(original).items()}
    review, answers = column_values(again["data"], "Security", "Needs review"), column_values(again["data"], "Security", "Answer")
    reasons = column_values(again["data"], "Security", "Review reason")
    assert review[rows[UNANSWERABLE[0]]] == "Approved" and "UREV" in reasons[rows[UNANSWERABLE[0]]]
    assert review[rows[questions[-1]]] == "Rejected" and answers[rows[questions[-1]]] is None
    assert "2026 DR plan" in reasons[rows[questions[-1]]]
    assert column_values(first["data"], "Security", "Needs review")[rows[questions[-1]]] == "Yes"


async def test_only_the_sharer_or_a_reviewer_may_export_again(app, slack):
    _, thread = await share(app, slack, sample_questions(2), "2200.1")
    summary = next(m for m in thread if "batch_export" in json.dumps(m.get("blocks", [])))
    await app.sender.click("batch_export", button(summary, "batch_export"), user="USTRANGER", message_ts=summary["ts"])
    await app.settle()
    assert len(slack.uploaded("C1", "2200.1")) == 1
    assert slack.ephemeral[-1]["user"] == "USTRANGER" and "Only the person" in slack.ephemeral[-1]["text"]




@pytest.mark.parametrize("name, data, said", [
    ("locked.xlsx", password_protected(), "password-protected"),
    ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 1000, ".xls"),
    ("broken.xlsx", b"PK\x03\x04 this is not really a zip", "damaged"),
    ("notes.csv", "Just some notes\nnothing to answer here\n".encode(), "no column of questions"),
])
async def test_a_file_that_cannot_be_read_is_explained_in_the_thread(app, slack, name, data, said):
    await app.sender.mention("", ts="2300.1", files=[slack.add_file(name, data)])
    await app.settle()
    thread = text_of(slack.thread("C1", "2300.1"))
    assert said in thread and ":warning:" in thread
    assert not slack.uploaded("C1", "2300.1")
    [job] = [j for j in await _jobs(app)]
    assert job.status == "failed" and said in job.error


async def _jobs(app):
    rows = app.deps.store.db.query("SELECT id FROM batch_jobs")
    return [await app.deps.batches.get(r["id"]) for r in rows]


async def test_a_file_over_the_size_limit_is_refused_before_it_is_fetched(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, batch_max_bytes=2000)
    try:
        await app.sender.mention("", ts="2400.1", files=[slack.add_file("big.xlsx", security_workbook(sample_questions(5)))])
        await app.settle()
    finally:
        await app.stop()
    assert "the limit is 2 KB (RFPBOT_BATCH_MAX_BYTES)" in text_of(slack.thread("C1", "2400.1"))
    assert slack.downloads == []


async def test_a_picture_without_words_gets_told_what_files_work(app, slack):
    await app.sender.mention("", ts="2500.1", files=[slack.add_file("diagram.png", b"\x89PNG...")])
    await app.settle()
    assert "diagram.png is not one" in text_of(slack.thread("C1", "2500.1"))
    assert await _jobs(app) == []


async def test_a_question_with_a_picture_attached_is_answered_as_a_question(app, slack):
    await app.sender.mention("Are you ISO 27001 certified?", ts="2550.1", files=[slack.add_file("logo.png", b"png")])
    await app.settle()
    assert "ISO/IEC 27001" in text_of(slack.thread("C1", "2550.1"))


async def test_a_csv_shared_in_a_direct_message_is_filled_in_and_names_its_column(app, slack):
    rows = [["Ref", "Requirement text", "Notes"]] + [[f"R{n}", q, ""] for n, q in enumerate(sample_questions(3), 1)]
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    file = slack.add_file("reqs.csv", out.getvalue().encode())
    await app.sender.direct_file([file], "column B", ts="2600.1")
    await app.settle()
    [upload] = slack.uploaded("D1", "2600.1")
    filled = list(csv.reader(io.StringIO(upload["data"].decode("utf-8"))))
    assert filled[0] == rows[0] + ["Answer", "Status", "Confidence", "Sources", "Needs review", "Review reason"]
    assert [r[:3] for r in filled] == rows and all(r[3] for r in filled[1:])


async def test_a_redelivered_event_starts_one_job(app, slack):
    file = slack.add_file("vendor.xlsx", security_workbook(sample_questions(2)))
    for retry in (None, 1):
        await app.sender.mention("", ts="2700.1", files=[file], event_id="EvSame", retry_num=retry)
    await app.settle()
    assert len(await _jobs(app)) == 1 and len(slack.uploaded("C1", "2700.1")) == 1


@pytest.fixture
async def strict_app(slack, kb_index, embedder, tmp_path):
    """The app with a pipeline that sends every answer to a reviewer (threshold 100)."""
    from agents.config import PipelineConfig
    from agents.pipeline import Pipeline
    from tests.slack_harness import start_app

    running = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index, config=PipelineConfig(confidence_threshold=100)),
                              embedder, reviewers="UREV")
    yield running
    await running.stop()


async def test_many_answers_to_review_are_paged_within_block_kit_limits(strict_app, slack):
    app = strict_app
    names = ["Zorblax", "Quintara", "Velmor", "Ostrava", "Pellucid", "Garnet", "Halcyon", "Ibex"]
    questions = [f"Do you hold the {names[n % 8]} {n} assurance certification for {names[(n + 3) % 8]} workloads?"
                 for n in range(80)]
    _, thread = await share(app, slack, questions, "2800.1")
    pages = [m for m in thread if "Answers to review" in json.dumps(m.get("blocks", []))]
    assert len(pages) == 5 and all(len(p["blocks"]) <= 50 for p in pages)
    listed = sum(json.dumps(p["blocks"]).count("review_approve") for p in pages)
    assert listed == 75
    assert "page 5/6" in json.dumps(pages[-1]["blocks"])
    more = next(m for m in thread if "5 more answer(s) to review" in m["text"])
    assert "<@UREV>" in json.dumps(pages[0]["blocks"]), "the reviewers are told"

    await app.sender.click("batch_more_reviews", button(more, "batch_more_reviews"), user="UREV", message_ts=more["ts"])
    await app.settle()
    thread = slack.thread("C1", "2800.1")
    pages = [m for m in thread if "Answers to review" in json.dumps(m.get("blocks", []))]
    assert len(pages) == 6 and "page 6/6" in json.dumps(pages[-1]["blocks"])
    assert json.dumps(pages[-1]["blocks"]).count("review_approve") == 5
    assert "batch_more_reviews" not in json.dumps(slack.messages["C1"][more["ts"]]["blocks"]), "the button went"
    last = button(pages[-1], "review_approve")
    await app.sender.click("review_approve", last, user="UREV", message_ts=pages[-1]["ts"])
    await app.settle()
    redrawn = json.dumps(slack.messages["C1"][pages[-1]["ts"]]["blocks"])
    assert "page 6/6" in redrawn and "Approved by <@UREV>" in redrawn


@pytest.mark.parametrize("text, sheet, column", [
    ("please fill this in, the questions are in column C.", None, "C"),
    ('sheet "Access Control" column "Requirement text"', "Access Control", "Requirement text"),
    ("tab: 'SIG Lite' column 3", "SIG Lite", "3"),
    ("fill in the answer column please", None, None),
    ("can you do the whole sheet?", None, None),
])
def test_the_message_may_say_where_the_questions_are(text, sheet, column):
    from bot.questionnaires.queue import options_from_text

    options = options_from_text(text)
    assert (options.sheet, options.question_column) == (sheet, column)


async def test_an_upload_slack_refuses_leaves_the_summary_and_export_again_posts_it_later(app, slack):
    slack.fail_next("files.getUploadURLExternal", SlackFault(error="missing_scope"))
    _, thread = await share(app, slack, sample_questions(2), "2900.1")
    assert not slack.uploaded("C1", "2900.1")
    summary = next(m for m in thread if "batch_export" in json.dumps(m.get("blocks", [])))
    assert "lacks the files:write scope" in json.dumps(summary["blocks"])
    await app.sender.click("batch_export", button(summary, "batch_export"), user="U1", message_ts=summary["ts"])
    await app.settle()
    [upload] = slack.uploaded("C1", "2900.1")
    assert upload["name"] == "vendor-answered.xlsx"


async def test_a_file_deleted_before_it_is_read_is_explained(app, slack):
    slack.fail_next("files.info", SlackFault(error="file_not_found"))
    await app.sender.mention("", ts="2950.1", files=[slack.add_file("gone.xlsx", security_workbook(["Is MFA on?"]))])
    await app.settle()
    assert "deleted (or is not shared with me)" in text_of(slack.thread("C1", "2950.1"))


def answered_csv() -> bytes:
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(["Question", "Yes/No", "Response"])
    writer.writerow(["Do you hold a SOC 2 Type II report?", "Yes", "Our SOC 2 Type II report is shared under NDA."])
    writer.writerow(["Will you sign a HIPAA business associate agreement?", "", "TBD"])
    return text.getvalue().encode()


async def test_a_reviewer_shares_an_answered_questionnaire_to_import_it(app, slack):
    file = slack.add_file("sig-2025.csv", answered_csv())
    await app.sender.mention("import this into the library", ts="2600.1", user="UNOBODY", files=[file])
    await app.settle()
    assert "Only reviewers can import" in slack.thread("C1", "2600.1")[-1]["text"]
    assert await app.deps.store.library.entries() == [] and slack.downloads == []

    await app.sender.mention("import this into the library", ts="2700.1", user="UREV", files=[file])
    await app.settle()
    said = slack.thread("C1", "2700.1")[-1]["text"]
    assert "1 answers from sig-2025.csv added to the library" in said and "1 rows without an answer" in said
    [entry] = await app.deps.store.library.entries()
    assert entry.approved_by == "UREV" and entry.answer.startswith("Yes. Our SOC 2 Type II report")
    assert entry.source == "sig-2025.csv, sheet sig-2025, row 2"
    assert not slack.uploaded("C1", "2700.1")  # imported, not filled in
    log = [(e.reviewer, e.action, e.outcome) for e in await app.deps.store.reviews.log_entries()]
    assert log == [("UNOBODY", "import", "not_a_reviewer"), ("UREV", "import", "1 answers imported")]
