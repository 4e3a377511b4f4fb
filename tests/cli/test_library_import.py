"""`rfpbot library import` as a team starting from last year's answered questionnaires runs it."""

from __future__ import annotations

import csv
import io
import json

from openpyxl import Workbook

from cli.main import main
from tests.conftest import KB
from tests.questionnaires import column_values, question_cells, security_workbook

ROWS = [  # question, Yes/No, vendor response
    ("Do you encrypt customer data at rest?", "Yes", "All customer data is encrypted at rest with AES-256."),
    ("Do you hold a SOC 2 Type II report?", "Yes", "Yes, our SOC 2 Type II report is shared under NDA."),
    ("Do you run a paid bug bounty program?", "No", ""),
    ("Will you sign a HIPAA business associate agreement?", "", "TBD"),
    ("Do you offer an on-premises deployment?", "", ""),
    ("How long are audit logs retained?", "", "Audit logs are retained for 400 days."),
]


def answered_workbook() -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = "Security"
    sheet.append(["Vendor security questionnaire (answered 2025)"])
    sheet.append(["#", "Question", "Yes/No", "Vendor response"])
    for n, row in enumerate(ROWS, start=1):
        sheet.append([n, *row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _import(path, *extra) -> dict:
    return main(["library", "import", str(path), "--approved-by", "Dana Reyes", "--json", *extra])


def test_an_answered_workbook_becomes_library_entries_once(tmp_path, capsys):
    source = tmp_path / "acme-2025.xlsx"
    source.write_bytes(answered_workbook())
    assert _import(source) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["columns"] == {"Security": "questions in B (Question), answers in D (Vendor response), "
                                             "Yes/No in C (Yes/No)"}
    assert (report["imported"], report["already_there"], report["unanswered"]) == (4, 0, 2)
    assert _import(source) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["imported"], again["already_there"]) == (0, 4)

    assert main(["library", "list", "--json"]) == 0
    entries = {e["question"]: e for e in json.loads(capsys.readouterr().out)}
    assert len(entries) == 4 and "Will you sign a HIPAA business associate agreement?" not in entries
    encrypted = entries["Do you encrypt customer data at rest?"]
    assert encrypted["answer"] == "Yes. All customer data is encrypted at rest with AES-256."
    assert encrypted["compliance_status"] == "Fully Supported" and encrypted["approved_by"] == "Dana Reyes"
    assert encrypted["source"] == "acme-2025.xlsx, sheet Security, row 3"
    assert entries["Do you hold a SOC 2 Type II report?"]["answer"].startswith("Yes, our SOC 2")  # no "Yes. Yes,"
    assert entries["Do you run a paid bug bounty program?"]["answer"] == "No."
    assert entries["Do you run a paid bug bounty program?"]["compliance_status"] == "Not Supported"
    assert entries["How long are audit logs retained?"]["compliance_status"] == ""  # no Yes/No: no status claimed


def test_rfpbots_own_filled_copy_imports_only_what_a_reviewer_passed(tmp_path, capsys):
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(["Question", "Answer", "Status", "Confidence", "Sources", "Needs review", "Review reason"])
    writer.writerow(["Do you support SAML 2.0 single sign-on?", "Yes. SAML 2.0 SSO is supported [1].",
                     "Fully Supported", 90, "sso.md", "No", ""])
    writer.writerow(["Do you support SCIM provisioning?", "SCIM is available on request [1].", "Partially Supported",
                     60, "scim.md", "Yes", "low confidence"])
    source = tmp_path / "vendor-answered.csv"
    source.write_text(text.getvalue(), encoding="utf-8")
    assert _import(source) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["imported"], report["unreviewed"]) == (1, 1)
    assert main(["library", "list", "--json"]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert entry["compliance_status"] == "Fully Supported" and entry["question"].startswith("Do you support SAML")


def test_a_file_without_answers_says_so_and_how_to_name_the_column(tmp_path, capsys):
    bare = tmp_path / "bare.csv"
    bare.write_text("Question,Owner\nDo you encrypt customer data at rest?,Dana\nDo you support SAML SSO?,Lee\n")
    assert _import(bare) == 2
    err = capsys.readouterr().err
    assert "no column of answers" in err and "--answer-column" in err
    blank = tmp_path / "blank.xlsx"
    blank.write_bytes(security_workbook(["Do you encrypt customer data at rest?", "Do you support SSO with SAML?"]))
    assert _import(blank) == 2
    assert "every answer cell is empty" in capsys.readouterr().err
    answered = tmp_path / "acme-2025.xlsx"
    answered.write_bytes(answered_workbook())
    assert _import(answered, "--answer-column", "Our answer") == 2  # named, not there: the Yes/No alone is not taken
    assert "has no column 'Our answer'" in capsys.readouterr().err
    assert _import(tmp_path / "missing.xlsx") == 2
    assert "missing.xlsx does not exist" in capsys.readouterr().err
    assert main(["library", "list"]) == 0
    assert "0 entries." in capsys.readouterr().out


def test_a_reworded_question_in_a_batch_gets_the_imported_answer(tmp_path, capsys):
    assert main(["ingest", str(KB)]) == 0
    source = tmp_path / "acme-2025.xlsx"
    source.write_bytes(answered_workbook())
    assert _import(source) == 0
    capsys.readouterr()
    asked = tmp_path / "new.xlsx"
    asked.write_bytes(security_workbook(["Do you have a SOC 2 Type II report?", "Do you hold a SOC 1 Type II report?"]))
    assert main(["batch", str(asked), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["from_library"] == 1
    filled = (tmp_path / "new-answered.xlsx").read_bytes()
    rows = {q: r for r, q in question_cells(filled).items()}
    answers = column_values(filled, "Security", "Answer")
    assert answers[rows["Do you have a SOC 2 Type II report?"]] == "Yes, our SOC 2 Type II report is shared under NDA."
    assert "SOC 2 Type II report is shared" not in str(answers[rows["Do you hold a SOC 1 Type II report?"]])
    reasons = column_values(filled, "Security", "Review reason")
    assert "approved answer reused (by Dana Reyes" in reasons[rows["Do you have a SOC 2 Type II report?"]]


def test_a_reused_imported_answer_in_slack_names_its_approver_and_claims_no_status():
    from datetime import datetime, timezone

    from bot.rendering.answer_blocks import library_blocks
    from storage import LibraryEntry

    entry = LibraryEntry(run_id="import:1", question="How long are audit logs retained?", answer="400 days.",
                         compliance_status="", approved_by="Dana <Reyes>", approved_at=datetime(2026, 1, 5, tzinfo=timezone.utc),
                         source="acme-2025.xlsx, sheet Security, row 8")
    shown = json.dumps(library_blocks(entry, "run-1", "C1"))
    assert "Approved by Dana &lt;Reyes&gt;" in shown and "<@Dana" not in shown
    assert "imported from a past questionnaire" in shown and "acme-2025.xlsx" not in shown  # the file may name a customer
    assert "Supported" not in shown


def test_entries_are_shown_exported_and_retired_with_a_line_in_the_review_log(tmp_path, capsys):
    source = tmp_path / "acme-2025.xlsx"
    source.write_bytes(answered_workbook())
    assert _import(source) == 0
    capsys.readouterr()
    assert main(["library", "list", "--json"]) == 0
    ids = {e["question"]: e["id"] for e in json.loads(capsys.readouterr().out)}
    encrypted = ids["Do you encrypt customer data at rest?"]
    assert main(["library", "show", str(encrypted)]) == 0
    shown = capsys.readouterr().out
    assert "Yes. All customer data is encrypted at rest with AES-256." in shown
    assert "Approved by Dana Reyes" in shown and "acme-2025.xlsx, sheet Security, row 3" in shown
    exported = tmp_path / "library.csv"
    assert main(["library", "export", "-o", str(exported)]) == 0
    rows = list(csv.DictReader(io.StringIO(exported.read_text(encoding="utf-8-sig"))))
    assert len(rows) == 4 and {r["approved_by"] for r in rows} == {"Dana Reyes"}
    capsys.readouterr()

    assert main(["library", "retire", str(encrypted), "--by", "Lee", "--reason", "superseded by the 2026 SIG"]) == 0
    assert main(["library", "retire", str(encrypted), "--by", "Lee"]) == 0  # once is enough: no second log line
    assert main(["library", "retire", "999", "--by", "Lee"]) == 2
    assert "no entry 999" in capsys.readouterr().err
    assert main(["library", "list"]) == 0
    assert "[retired" in capsys.readouterr().out
    assert main(["review-log"]) == 0
    log = capsys.readouterr().out
    assert "1 entries; the hash chain holds" in log and "Lee          retire" in log and "superseded by the 2026 SIG" in log


async def test_retired_and_too_old_entries_are_not_reused(tmp_path):
    from datetime import datetime, timedelta, timezone

    from retrieval import WordLlamaEmbedder
    from services.library import AnswerLibrary
    from storage import LibraryEntry, Store, open_database

    store, embedder = Store(open_database(tmp_path / "db.sqlite")), WordLlamaEmbedder()
    question = "Do you hold a SOC 2 Type II report?"
    old = datetime.now(timezone.utc) - timedelta(days=400)
    await store.library.add(LibraryEntry(run_id="r1", question=question, answer="Yes.", compliance_status="Fully Supported",
                                            approved_by="UREV", approved_at=old), (await embedder.embed([question]))[0])
    try:
        assert await AnswerLibrary(store, embedder).match(question) is not None
        assert await AnswerLibrary(store, embedder, max_age_days=365).match(question) is None
        [entry] = await store.library.entries()
        await store.library.retire(entry.id, "Lee")
        assert await AnswerLibrary(store, embedder).match(question) is None
    finally:
        await store.close()
