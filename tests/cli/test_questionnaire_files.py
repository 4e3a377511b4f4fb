"""Reading questionnaires as customers send them, and writing the filled copy without touching the original."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from openpyxl import Workbook, load_workbook

from questionnaire import (BatchOptions, Limits, NoQuestionColumn, Questionnaire, RowAnswer, TooManyQuestions,
                           UnreadableFile, read_questionnaire)
from questionnaire.models import ADDED_COLUMNS
from questionnaire.writing import filled_copy
from services.jobs.creation import near_question_key, same_question_key
from tests.questionnaires import OWN_ANSWERS, assert_original_kept, column_values, password_protected, security_workbook

QUESTIONS = ["Do you encrypt customer data at rest?", "Do you support SAML single sign-on?",
             "Describe how administrator access is reviewed.", "Is MFA enforced for all employees?",
             "Do you support SCIM provisioning?", "Are backups encrypted and tested?"]


def read(name: str, data: bytes, **options) -> Questionnaire:
    return read_questionnaire(name, data, BatchOptions(**options), Limits())


def workbook(rows: list[list], title: str = "Sheet") -> bytes:
    book = Workbook()
    book.active.title = title
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_question_column_is_found_under_its_header_and_headings_are_set_aside():
    q = read("acme.xlsx", security_workbook(QUESTIONS))
    [layout] = q.layouts
    assert (layout.name, layout.header_row, layout.question_column, layout.last_column) == ("Security", 3, 2, 4)
    assert [x.question for x in q.questions] == QUESTIONS
    assert {s.reason for s in q.skipped} == {"a heading (merged cells)"} and len(q.skipped) == 2


def test_an_id_column_named_question_is_not_taken_for_the_questions():
    rows = [["Question #", "Question text", "Answer"]] + [[f"Q{n}", text, None] for n, text in enumerate(QUESTIONS)]
    assert read("q.xlsx", workbook(rows)).layouts[0].question_column == 2


def test_without_a_known_header_the_column_that_reads_like_questions_wins():
    rows = [["Ref", "Item", "Owner"], ["1", "Access", "IT"]] + [[f"{n}", text, "Sam"] for n, text in enumerate(QUESTIONS)]
    q = read("q.xlsx", workbook(rows))
    assert q.layouts[0].question_column == 2 and len(q.questions) == len(QUESTIONS)
    assert any(s.row == 2 and "not a question" in s.reason for s in q.skipped)


@pytest.mark.parametrize("column", ["Requirement", "requirement", "C", "3"])
def test_the_question_column_may_be_named_by_header_letter_or_number(column):
    rows = [["ID", "Area", "Requirement"]] + [[n, "Security", text] for n, text in enumerate(QUESTIONS)]
    q = read("q.csv", _csv(rows), question_column=column)
    assert q.layouts[0].question_column == 3 and q.layouts[0].header_row == 1
    assert [x.question for x in q.questions] == QUESTIONS


def test_a_column_that_does_not_exist_is_named_in_the_error():
    with pytest.raises(NoQuestionColumn, match="no column 'Z' with questions"):
        read("q.xlsx", security_workbook(QUESTIONS), question_column="Z")


def test_an_unknown_sheet_lists_the_sheets_there_are():
    with pytest.raises(NoQuestionColumn, match="no sheet named 'SIG'.*'Instructions', 'Security'"):
        read("q.xlsx", security_workbook(QUESTIONS), sheet="SIG")


def test_a_file_without_questions_says_how_to_name_the_column():
    with pytest.raises(NoQuestionColumn, match="--question-column"):
        read("numbers.csv", _csv([["a", "b"], ["1", "2"], ["3", "4"]]))


def test_every_sheet_with_questions_is_read():
    book = Workbook()
    book.active.title = "Access"
    for sheet, questions in (("Access", QUESTIONS[:3]), ("Data", QUESTIONS[3:])):
        ws = book[sheet] if sheet in book.sheetnames else book.create_sheet(sheet)
        ws.append(["Question", "Response"])
        for text in questions:
            ws.append([text])
    out = io.BytesIO()
    book.save(out)
    q = read("two.xlsx", out.getvalue())
    assert [layout.name for layout in q.layouts] == ["Access", "Data"] and len(q.questions) == 6
    assert [x.question for x in read("two.xlsx", out.getvalue(), sheet="data").questions] == QUESTIONS[3:]


def test_a_formula_without_a_saved_value_is_set_aside_with_the_reason():
    rows = [["Question"], *[[text] for text in QUESTIONS[:2]], ["=A2"]]
    q = read("f.xlsx", workbook(rows))
    assert len(q.questions) == 2 and "formula whose value was never saved" in q.skipped[0].reason




@pytest.mark.parametrize("name, data, message", [
    ("locked.xlsx", password_protected(), "password-protected. Save a copy without the password"),
    ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "old Excel 97–2003 (.xls) format. Save it as .xlsx"),
    ("cut.xlsx", security_workbook(QUESTIONS)[:900], "damaged"),
    ("fake.xlsx", b"hello, I am text", "not a valid .xlsx file"),
    ("empty.csv", b"", "empty"),
    ("slides.pdf", b"%PDF-1.7", "send a .csv or .xlsx file"),
])
def test_unreadable_files_are_refused_with_what_to_do(name, data, message):
    with pytest.raises(UnreadableFile, match=message.replace(".", r"\.").replace("(", r"\(").replace(")", r"\)")):
        read(name, data)


def test_a_zip_bomb_is_refused_before_it_is_unpacked():
    out = io.BytesIO()
    import zipfile
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
        z.writestr("xl/worksheets/sheet1.xml", b"\0" * 5_000_000)
    with pytest.raises(UnreadableFile, match="unpacks to"):
        read_questionnaire("bomb.xlsx", out.getvalue(), BatchOptions(), Limits(max_bytes=100_000))


def test_limits_on_size_and_questions():
    data = security_workbook(QUESTIONS)
    with pytest.raises(UnreadableFile, match=r"the limit is 1 KB \(RFPBOT_BATCH_MAX_BYTES\)"):
        read_questionnaire("q.xlsx", data, BatchOptions(), Limits(max_bytes=1000))
    with pytest.raises(TooManyQuestions, match="has 6 questions; one batch takes at most 5"):
        read_questionnaire("q.xlsx", data, BatchOptions(), Limits(max_rows=5))


def _csv(rows: list[list], delimiter: str = ",") -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode()


def test_a_windows_1252_csv_with_semicolons_is_read_and_written_back_in_kind():
    rows = [["Nº", "Question", "Réponse"], ["1", "Chiffrez-vous les données au repos ?", ""],
            ["2", "Prenez-vous en charge l'authentification unique (SSO) ?", ""]]
    text = "\r\n".join(";".join(r) for r in rows) + "\r\n"
    data = text.encode("cp1252")
    q = read("fr.csv", data)
    assert q.encoding == "cp1252"
    assert q.questions[0].question == "Chiffrez-vous les données au repos ?"
    answers = {(q.layouts[0].name, 2): RowAnswer(answer="Oui, AES-256.", status="Fully Supported", confidence=90)}
    filled = filled_copy("fr.csv", data, q, answers).decode(q.encoding)
    lines = filled.split("\r\n")
    assert lines[0] == "Nº;Question;Réponse;Answer;Status;Confidence;Sources;Needs review;Review reason"
    assert lines[1].startswith("1;Chiffrez-vous les données au repos ?;;Oui, AES-256.;Fully Supported;90")
    assert lines[2] == "2;Prenez-vous en charge l'authentification unique (SSO) ?;;;;;;;"
    russian = "Вопрос;Ответ\r\nШифруете ли вы данные клиентов?;\r\n".encode("cp1251")
    assert read("ru.csv", russian).questions[0].question == "Шифруете ли вы данные клиентов?"


def test_answers_that_look_like_formulas_stay_text():
    data = security_workbook(QUESTIONS)
    q = read("q.xlsx", data)
    first = q.questions[0]
    hostile = RowAnswer(answer="=HYPERLINK(\"http://evil.example\",\"click\")", status="Not Supported")
    filled = filled_copy("q.xlsx", data, q, {(first.sheet, first.row): hostile})
    cell = load_workbook(io.BytesIO(filled))["Security"].cell(first.row, 5)
    assert cell.data_type == "s" and cell.value.startswith("=HYPERLINK")
    csv_data = _csv([["Question"], [QUESTIONS[0]]])
    cq = read("q.csv", csv_data)
    out = filled_copy("q.csv", csv_data, cq, {(cq.layouts[0].name, 2): hostile}).decode()
    assert "'=HYPERLINK" in out


def test_the_filled_copy_keeps_every_original_cell_and_adds_the_answer_columns():
    data = security_workbook(QUESTIONS)
    q = read("q.xlsx", data)
    answers = {(x.sheet, x.row): RowAnswer(answer=f"Answer {n}", status="Fully Supported", confidence=80 + n,
                                           sources="[1] Doc", needs_review="No") for n, x in enumerate(q.questions)}
    filled = filled_copy("q.xlsx", data, q, answers)
    assert_original_kept(data, filled, OWN_ANSWERS)
    got = column_values(filled, "Security", "Answer")
    assert [got[x.row] for x in q.questions] == [f"Answer {n}" for n in range(len(QUESTIONS))]
    confidence = column_values(filled, "Security", "Confidence")
    assert confidence[q.questions[0].row] == 80, "numbers stay numbers"
    ws = load_workbook(io.BytesIO(filled))["Security"]
    assert ws.cell(3, 5).font.b, "the added headers look like the file's own"
    assert ws["D5"].value == "=COUNTA(B:B)", "formulas stay formulas"


@pytest.mark.parametrize("first, second", [
    ("1.2 Do you encrypt data at rest?", "Do you encrypt data at rest"),
    ("Q12: Do you support SSO?", "do you support  SSO?"),
    ("a) Is MFA enforced?", "(b) Is MFA enforced?"),
])
def test_the_same_question_numbered_or_spelled_differently_is_asked_once(first, second):
    assert same_question_key(first) == same_question_key(second)


def test_different_questions_are_not_merged():
    assert same_question_key("Do you encrypt data at rest?") != same_question_key("Do you encrypt data in transit?")
    assert same_question_key("I have a question about SSO") != same_question_key("have a question about SSO")


@pytest.mark.parametrize("first, second", [
    ("Is customer data encrypted at rest?", "Do you encrypt your customer data at rest?"),
    ("How long are audit logs retained?", "How long do you retain audit logs?"),
])
def test_the_same_question_in_other_words_is_asked_once(first, second):
    assert near_question_key(first) == near_question_key(second) is not None


@pytest.mark.parametrize("first, second", [
    ("Do you encrypt customer data at rest?", "Do you encrypt customer data at rest on AWS?"),
    ("Is TLS 1.2 supported?", "Is TLS 1.3 supported?"),
    ("Are audit logs retained?", "How long are audit logs retained?"),
    ("Do you store card numbers?", "Do you never store card numbers?"),
    ("Describe how customer data is encrypted at rest.", "Is customer data encrypted at rest?"),
])
def test_questions_that_differ_in_what_they_ask_are_not_merged(first, second):
    assert near_question_key(first) != near_question_key(second)


def test_questions_merged_across_columns_for_width_are_still_questions():
    book = Workbook()
    ws = book.active
    ws.append(["ID", "Question", None, "Answer"])
    ws.append([None, "Data protection"])
    ws.merge_cells("B2:C2")
    for n, text in enumerate(QUESTIONS[:3], start=3):
        ws.append([n, text])
        ws.merge_cells(f"B{n}:C{n}")
    ws.append([6, "The vendor shall describe how encryption keys are rotated and who approves it"])
    ws.merge_cells("B6:C6")
    out = io.BytesIO()
    book.save(out)
    q = read("merged.xlsx", out.getvalue())
    assert [x.row for x in q.questions] == [3, 4, 5, 6]
    assert [(s.row, s.reason) for s in q.skipped] == [(2, "a heading (merged cells)")]


def test_a_csvs_own_answer_and_yes_no_columns_are_filled_and_stay_inert():
    from questionnaire.writing import OwnColumns

    data = _csv([["Question", "Answer", "Yes/No"], [QUESTIONS[0], "", ""], [QUESTIONS[1], "Earlier text", "N"]])
    q = read("own.csv", data)
    assert (q.layouts[0].answer_column, q.layouts[0].yes_no_column) == (2, 3)
    answers = {(q.layouts[0].name, 2): RowAnswer(answer="Yes. AES-256 at rest [1].", needs_review="No"),
               (q.layouts[0].name, 3): RowAnswer(answer="=cmd|' /C calc'!A0", needs_review="No")}
    own = OwnColumns()
    rows = list(csv.reader(io.StringIO(filled_copy("own.csv", data, q, answers, own).decode())))
    assert rows[1][:3] == [QUESTIONS[0], "Yes. AES-256 at rest [1].", "Yes"]
    assert rows[2][:3] == [QUESTIONS[1], "'=cmd|' /C calc'!A0", "N"]  # inert; no Yes/No in the answer: kept
    assert (own.written, own.kept) == (2, 0)
    kept = OwnColumns(keep_answers=True)
    rows = list(csv.reader(io.StringIO(filled_copy("own.csv", data, q, answers, kept).decode())))
    assert rows[2][1] == "Earlier text" and (kept.written, kept.kept) == (1, 1)


@pytest.mark.parametrize("header, written", [("Vendor response", True), ("Answer", True), ("Réponse", True),
                                             ("Comments", False), ("Follow-Up Inquiries/Responses", False),
                                             ("Response time", False)])
def test_only_an_answer_label_is_written_into_though_any_answer_header_is_read(header, written):
    from questionnaire.answers import find_answer_columns
    from questionnaire.reading import read_grids

    data = _csv([["Question", header], [QUESTIONS[0], "Yes, with AES-256."], [QUESTIONS[1], ""]])
    q = read("labels.csv", data)
    assert (q.layouts[0].answer_column == 2) is written
    grid = read_grids("labels.csv", data, Limits())[1][0]
    assert find_answer_columns(grid, q.layouts[0]).answer == 2  # for import, any header naming answers


def test_rfpbots_own_needs_review_column_is_never_taken_for_the_answers_yes_no():
    from questionnaire.answers import find_answer_columns
    from questionnaire.reading import read_grids

    rows = [["Question", *ADDED_COLUMNS]] + [[q, f"Answer {n}.", "Fully Supported", 80, "doc.md", "No" if n % 2 else "Yes",
                                             ""] for n, q in enumerate(QUESTIONS)]
    data = _csv(rows)
    q = read("again.csv", data)
    columns = find_answer_columns(read_grids("again.csv", data, Limits())[1][0], q.layouts[0])
    assert (columns.answer, columns.yes_no, columns.needs_review) == (2, None, 6)
    assert q.layouts[0].yes_no_column is None


def test_a_reviewer_approved_answer_goes_into_the_own_columns_and_a_pending_one_does_not():
    from questionnaire.writing import OwnColumns

    data = _csv([["Question", "Response", "Y/N"], [QUESTIONS[0], "", ""], [QUESTIONS[1], "", ""], [QUESTIONS[3], "", ""]])
    q = read("reviewed.csv", data)
    name = q.layouts[0].name
    answers = {(name, 2): RowAnswer(answer="Yes. AES-256 [1].", needs_review="Approved"),
               (name, 3): RowAnswer(answer="No. Not documented.", needs_review="Yes"),
               (name, 4): RowAnswer(answer="", needs_review="Rejected")}
    own = OwnColumns()
    rows = list(csv.reader(io.StringIO(filled_copy("reviewed.csv", data, q, answers, own).decode())))
    assert rows[1][1:3] == ["Yes. AES-256 [1].", "Yes"] and rows[2][1:3] == ["", ""] and rows[3][1:3] == ["", ""]
    assert (own.written, own.left_for_review) == (1, 1)


def test_answer_labels_repeated_on_each_sections_row_stand_for_a_header():
    # As HECVAT lays its sheets out: no header row names the answers; each section's heading
    # row does, beside the section's name.
    from questionnaire.writing import OwnColumns

    # Its "Solution Description" row (a field to fill, with its ID) must not pass for a header row.
    data = workbook([["Solution Provider Response - Security"], ["Instructions: answer every question."],
                     ["GNRL-03", "Solution Description"],
                     [" Application Security", None, "Answer", "Additional Information"],
                     ["APPL-01", QUESTIONS[0]], ["APPL-02", QUESTIONS[1]],
                     [" Authentication", None, "Answer", "Additional Information"],
                     ["AAAI-01", QUESTIONS[3]], ["AAAI-02", QUESTIONS[4]]], title="Product")
    q = read("hecvat.xlsx", data)
    [layout] = q.layouts
    assert (layout.header_row, layout.question_column, layout.answer_column) == (None, 2, 3)
    assert [x.row for x in q.questions] == [5, 6, 8, 9]
    answers = {("Product", 5): RowAnswer(answer="Yes. AES-256 at rest [1].", needs_review="No"),
               ("Product", 8): RowAnswer(answer="Yes. MFA is enforced [1].", needs_review="Yes")}
    own = OwnColumns()
    filled = filled_copy("hecvat.xlsx", data, q, answers, own)
    sheet = load_workbook(io.BytesIO(filled))["Product"]
    assert sheet["C5"].value == "Yes. AES-256 at rest [1]." and sheet["C8"].value is None
    assert [sheet.cell(row, 5).value for row in (3, 4, 7)] == [None] + [ADDED_COLUMNS[0]] * 2  # beside each section's
    assert (own.written, own.left_for_review) == (1, 1)
    assert_original_kept(data, filled, {"Product": {3}})


def test_a_header_row_naming_the_answers_wins_over_section_rows():
    data = workbook([["Question", "Vendor response", "Notes"], [" Encryption", "Notes", "Answer"],
                     [QUESTIONS[0]], [QUESTIONS[1]]])
    assert read("both.xlsx", data).layouts[0].answer_column == 2


def _with_extension_dropdown(data: bytes, sqref: str, source: str) -> bytes:
    """The workbook with a list dropdown on `sqref` of its first sheet, stored as Excel 2010+ stores
    one whose list is on another sheet (as HECVAT does), which openpyxl cannot read."""
    extension = ('<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/'
                 'office/spreadsheetml/2009/9/main" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
                 '<x14:dataValidations count="1"><x14:dataValidation type="list" allowBlank="1">'
                 f'<x14:formula1><xm:f>{source}</xm:f></x14:formula1><xm:sqref>{sqref}</xm:sqref>'
                 '</x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>')
    original, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w") as copy:
        for item in original.infolist():
            body = original.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = body.replace(b"</worksheet>", extension.encode())
            copy.writestr(item, body)
    return out.getvalue()


def _with_lists_sheet(rows: list[list], options: list[str]) -> bytes:
    book = Workbook()
    book.active.title = "Product"
    for row in rows:
        book.active.append(row)
    lists = book.create_sheet("Lists")
    for value in options:
        lists.append([value])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_what_the_filled_copy_cannot_keep_is_named():
    from questionnaire.files import workbook_losses

    plain = workbook([["Question", "Answer"], [QUESTIONS[0]]])
    assert workbook_losses(plain) == []
    dropdown = _with_extension_dropdown(plain, "B2", "Lists!$A$1:$A$2")
    assert workbook_losses(dropdown) == ["dropdown lists stored as an Excel extension"]


def test_an_answer_column_whose_cells_offer_only_yes_and_no_is_the_yes_no_column():
    # HECVAT's "Answer" cells are Yes/No dropdowns kept in an Excel extension, their list on another sheet.
    rows = [[" Data", None, "Answer", "Additional Information"]] + [[f"DATA-0{n}", q] for n, q in enumerate(QUESTIONS)]
    data = _with_extension_dropdown(_with_lists_sheet(rows, ["Yes", "No", "N/A"]), "C2:C4 C5:C7",
                                    "'Lists'!$A$1:$A$3")
    q = read("hecvat.xlsx", data)
    [layout] = q.layouts
    assert (layout.answer_column, layout.yes_no_column) == (None, 3)
    answers = {("Product", 2): RowAnswer(answer="Yes. AES-256 at rest [1].", needs_review="No"),
               ("Product", 3): RowAnswer(answer="No. SAML is not offered [1].", needs_review="No"),
               ("Product", 4): RowAnswer(answer="No evidence was found in the documentation for this question.",
                                         needs_review="No")}
    filled = load_workbook(io.BytesIO(filled_copy("hecvat.xlsx", data, q, answers)))["Product"]
    assert (filled["C2"].value, filled["C3"].value, filled["D2"].value) == ("Yes", "No", None)
    assert filled["C4"].value is None, "finding no evidence says neither yes nor no"
    assert filled["E1"].value == ADDED_COLUMNS[0]  # the added columns named on the section's row


def test_a_dropdown_that_offers_more_than_yes_and_no_is_no_yes_no_column():
    rows = [["Question", "Hosting"]] + [[q] for q in QUESTIONS]
    data = _with_extension_dropdown(_with_lists_sheet(rows, ["AWS", "Azure", "GCP"]), "B2:B7", "Lists!$A$1:$A$3")
    assert read("hosting.xlsx", data).layouts[0].yes_no_column is None


def test_a_column_labelled_as_answers_is_never_taken_for_the_questions_however_long_its_cells():
    # rfpbot's own copy of a sheet without a header row, whose questions are formulas (HECVAT's
    # look-ups): the copy keeps no formula values, and its answers, longer sentences than any
    # question, sit in columns labelled on the sections' rows. They are no questions to import.
    long = "The documentation says: customer data is encrypted at rest with AES-256 and keys rotate yearly [1]."
    rows = [[" Data", None, "Answer", *ADDED_COLUMNS]]
    rows += [[f"DATA-0{n}", f'="{q}"', "Yes", long, "Fully Supported", 90, "[1] security.md: " + long, "No", ""]
             for n, q in enumerate(QUESTIONS)]
    with pytest.raises(NoQuestionColumn):
        read("again.xlsx", workbook(rows))


def test_an_extension_that_cannot_be_read_safely_is_left_out_not_fatal():
    from questionnaire.dropdowns import extension_dropdowns

    rows = [["Question", "Answer"]] + [[q] for q in QUESTIONS]
    good = _with_extension_dropdown(_with_lists_sheet(rows, ["Yes", "No"]), "B2:B7", "Lists!$A$1:$A$2")
    assert [d.formula for d in extension_dropdowns(good)["Product"]] == ["Lists!$A$1:$A$2"]
    unreadable = _with_extension_dropdown(_with_lists_sheet(rows, ["Yes", "No"]), "not a range", "Lists!$A$1:$A$2")
    assert extension_dropdowns(unreadable).get("Product") == []
    source, out = zipfile.ZipFile(io.BytesIO(good)), io.BytesIO()
    with zipfile.ZipFile(out, "w") as copy:  # entity declarations: Excel never writes one
        for item in source.infolist():
            body = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = b'<!DOCTYPE worksheet [<!ENTITY x "Yes">]>' + body.split(b"?>", 1)[-1]
            copy.writestr(item, body)
    assert "Product" not in extension_dropdowns(out.getvalue())
