"""A permission or plan matrix answers for the column the question names: a "-" under it is a no."""

from __future__ import annotations

from pathlib import Path

from agents.rules.matrix import answered_row, cell_for_question, left_out_cell, only_other_column
from agents.synthesis.quotes import Quote
from agents.synthesis.status import decide_status, deciding
from agents.text.grounding import passage_for
from tests.documents import pipeline_over

_TEAM = ("# Team\n\n## User roles\n\n| Permission | Developer | Billing | Admin | Owner |\n|---|---|---|---|---|\n"
         "| View API keys | ✓ | - | ✓ | ✓ |\n| Manage API keys | - | - | ✓ | ✓ |\n| View invoices | - | ✓ | - | ✓ |\n")


def test_the_cell_under_the_column_the_question_names_answers_it():
    manage = passage_for("| Manage API keys | - | - | ✓ | ✓ |", _TEAM)
    assert cell_for_question("Can a user with only the Developer role create or delete API keys?", manage) == \
        ("Developer", "denied")
    assert cell_for_question("Can admins manage API keys?", manage) == ("Admin", "granted")
    # No column named, or two: the row does not say.
    assert cell_for_question("Can API keys be managed from the dashboard?", manage) is None
    assert cell_for_question("Can developers and admins manage API keys?", manage) is None
    # A cell that is a figure, not a mark, is read as prose.
    storage = passage_for("| Free | 24 hours | 24 hours |",
                          "## Storage\n\n| Package | Minimum | Maximum |\n|---|---|---|\n| Free | 24 hours | 24 hours |\n")
    assert cell_for_question("Is the Minimum storage on Free a day?", storage) is None


_EDITIONS = "## Editions\n\n| Self-Host | **Community Edition** (CE) | **Enterprise Edition** (EE) |\n|---|---|---|\n"


def test_a_column_named_with_its_initials_is_named_by_either_and_a_cell_may_end_in_a_period():
    editions = _EDITIONS + "| Advanced admin tools | Not included. | Audit logs, user permissions and more. |\n"
    row = passage_for("| Advanced admin tools | Not included. | Audit logs, user permissions and more. |", editions)
    assert cell_for_question("Are the advanced admin tools in the free community edition?", row) == \
        ("Community Edition (CE)", "denied")
    assert cell_for_question("Does CE come with advanced admin tools?", row) == ("Community Edition (CE)", "denied")
    assert cell_for_question("Does the Enterprise Edition have advanced admin tools?", row) is None  # prose, not a mark


def test_a_cell_without_what_another_columns_cell_of_its_kind_holds_answers_no_for_its_column():
    editions = _EDITIONS + "| Support | Community forums. | Dedicated support from the Hoppscotch team. |\n"
    row = passage_for("| Support | Community forums. | Dedicated support from the Hoppscotch team. |", editions)
    asked = "Does the free community edition come with dedicated support from your team?"
    assert only_other_column(asked, row) == ("Community Edition (CE)", "Community forums.")
    assert only_other_column("Does the enterprise edition come with dedicated support?", row) is None
    # A column named by a common word ("Plan") beside one of another kind ("Description") compares nothing.
    levels = ("## Levels\n\n| Level | Plan | Description |\n|---|---|---|\n"
              "| Code location | Pro | Roles can differ between code locations. |\n")
    level = passage_for("| Code location | Pro | Roles can differ between code locations. |", levels)
    assert only_other_column("On our plan, can roles differ between code locations?", level) is None

async def test_a_dash_under_the_asked_role_answers_no(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"team.md": _TEAM})
    billing = (await pipeline.run("Can someone with just the Billing role look at our API keys?")).synthesis
    assert billing.compliance_status == "Not Supported"
    assert any("View API keys" in c.quote for c in billing.citations)


_MATRIX = ("# Roles\n\n## Workspace administration\n\n"
           "|                 | Viewer | Editor | Admin | Organization <br/> admin |\n"
           "| --------------- | ------ | ------ | ----- | ------------------------ |\n"
           "| Manage alerts   | ❌     | ✅     | ✅    | ✅                       |\n"
           "| View audit logs | ❌     | ❌     | ❌    | ✅                       |\n")


def test_a_matrix_with_an_empty_corner_cell_keeps_its_columns_over_their_cells():
    """Dagster+: "|   | Viewer | Launcher | Editor | Admin | Organization <br/> admin |": the corner cell is empty, and
    "Can Editors look at the audit log?" is answered by the Editor column, not the one beside it. "An organization
    admin" names the "Organization admin" column, not "Admin"."""
    logs = passage_for("| View audit logs | ❌     | ❌     | ❌    | ✅                       |", _MATRIX)
    assert cell_for_question("Can Editors look at the audit log?", logs) == ("Editor", "denied")
    assert cell_for_question("Can an ordinary Admin view the audit logs?", logs) == ("Admin", "denied")
    assert cell_for_question("Can an organization admin view the audit logs?", logs) == \
        ("Organization admin", "granted")


async def test_a_cross_under_the_asked_role_of_a_vendors_matrix_answers_no(tmp_path, index):
    # Dagster's own page, where the row is cited among the other tables' rows.
    page = (Path(__file__).resolve().parents[3] / "eval" / "dagster" / "corpus" / "user-roles-permissions.md")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"roles.md": page.read_text(encoding="utf-8")})
    viewer = (await pipeline.run("Can a read-only Viewer launch or re-run jobs?")).synthesis
    assert viewer.compliance_status == "Not Supported"
    assert any("Launch, re-execute" in c.quote for c in viewer.citations)


_SCOPE = ("## Scope of support\n\n| Technology | In Scope | Out of Scope |\n|---|---|---|\n"
          "| Cloud Provider | Helping configure the permissions used with a Cloud Integration | "
          "Helping architecture a cloud account |\n"
          "| IaC Tool | Helping troubleshoot a failed deployment | Helping architecture your source code |\n")


def test_a_column_of_what_is_left_out_answers_no_where_the_question_words_are():
    """Spacelift's support scope: "Will support help design the architecture of our cloud accounts?" had been
    "Fully Supported" from the row that leaves it out."""
    cloud = passage_for("| Cloud Provider | Helping configure the permissions used with a Cloud Integration | "
                        "Helping architecture a cloud account |", _SCOPE)
    iac = passage_for("| IaC Tool | Helping troubleshoot a failed deployment | Helping architecture your source code |",
                      _SCOPE)
    question = "Will support help design the architecture of our cloud accounts?"
    assert left_out_cell(question, cloud) == "Helping architecture a cloud account"
    # One word of the question in the left-out cell ("architecture"; "helping" is in every cell) is not enough.
    assert left_out_cell(question, iac) is None
    assert left_out_cell("Will support help configure permissions for a cloud integration?", cloud) is None
    assert left_out_cell(question, passage_for("| View API keys | ✓ | - | ✓ | ✓ |", _TEAM)) is None


_ANNEX = ("## Description of processing\n\n| Description | Details |\n|---|---|\n"
          "| **Categories of personal data processed / transferred:** | Name, logins, and e-mail addresses |\n"
          "| **Are sensitive data processed / transferred?** | No |\n")


def test_a_row_asking_the_same_question_answers_it():
    row = passage_for("| **Are sensitive data processed / transferred?** | No |", _ANNEX)
    assert answered_row("Do you process special categories of sensitive personal data for us?", row) == "denied"
    assert answered_row("Is personal data encrypted at rest?", row) is None
    categories = passage_for("| **Categories of personal data processed / transferred:** | Name, logins, and e-mail "
                             "addresses |", _ANNEX)
    assert answered_row("Do you process personal data?", categories) is None


async def test_a_cited_row_answering_no_decides_wherever_it_is_cited(tmp_path, index):
    """Spacelift's DPA annex: the row was cited second, after a closer one on the categories processed, and the
    answer had been "Fully Supported"."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {"dpa.md": "# Data Processing Agreement\n\n" + _ANNEX})
    answer = (await pipeline.run("Do you process special categories of sensitive personal data for us?")).synthesis
    assert answer.compliance_status == "Not Supported"


_WALLETS = ("## Stored cardholder information\n\n| Cardholder information | Stored for standard payments? | "
            "Stored for Apple Pay payments? | Stored for Google Pay payments? |\n|---|---|---|---|\n"
            "| Cardholder name | Yes | No | Yes, but it may not match |\n| Card brand | Yes | Yes | Yes |\n")


def test_a_column_is_named_by_the_words_that_tell_it_from_the_others():
    name = passage_for("| Cardholder name | Yes | No | Yes, but it may not match |", _WALLETS)
    brand = passage_for("| Card brand | Yes | Yes | Yes |", _WALLETS)
    assert cell_for_question("Is the cardholder's name kept when someone pays using Apple Pay?", name) == \
        ("Stored for Apple Pay payments?", "denied")
    assert cell_for_question("Do you keep the card brand for Apple Pay payments?", brand) == \
        ("Stored for Apple Pay payments?", "granted")
    assert cell_for_question("Is the cardholder name stored for standard payments?", name) == \
        ("Stored for standard payments?", "granted")
    # "Pay" alone is in two columns' own words: naming no whole one names none; a cell that is prose is no mark.
    assert cell_for_question("Is the cardholder name kept when users pay by phone?", name) is None
    assert cell_for_question("Is the cardholder name kept for Google Pay payments?", name) is None


_PLANS = ("# Security overview\n\n"
          "| Domain | CockroachDB Basic | CockroachDB Standard | CockroachDB Advanced | Feature |\n"
          "|---|---|---|---|---|\n| Authentication |  |  | ✓ | OCSP certificate revocation |\n"
          "| Authentication | ✓ | ✓ | ✓ | SCRAM-SHA-256 password authentication |\n")


def test_a_blank_cell_beside_marked_ones_is_a_no_for_its_plan_named_without_the_words_the_plans_share():
    ocsp = passage_for("| Authentication |  |  | ✓ | OCSP certificate revocation |", _PLANS)
    assert cell_for_question("Does OCSP revocation checking come with the Standard plan?", ocsp) == \
        ("CockroachDB Standard", "denied")
    assert cell_for_question("Is OCSP revocation checking part of the Advanced plan?", ocsp) == \
        ("CockroachDB Advanced", "granted")
    scram = passage_for("| Authentication | ✓ | ✓ | ✓ | SCRAM-SHA-256 password authentication |", _PLANS)
    assert cell_for_question("Is SCRAM-SHA-256 offered on the Basic tier?", scram) == ("CockroachDB Basic", "granted")
    # A blank in a table marking nothing says nothing.
    storage = passage_for("| Free |  | 24 hours |",
                          "## Storage\n\n| Package | Minimum | Maximum |\n|---|---|---|\n| Free |  | 24 hours |\n")
    assert cell_for_question("Is there a Minimum storage on Free?", storage) is None


def _cited(text: str, document: str | None, score: float, lexical: float) -> Quote:
    return Quote("team.md", "Team", None, passage_for(text, document), score, lexical)


def test_a_row_marking_the_asked_column_no_decides_the_status_from_below_the_best_passage():
    best = _cited("Team members manage API keys from the Settings page of the project.", None, 0.70, 0.60)
    row = _cited("| Manage API keys | - | - | ✓ | ✓ |", _TEAM, 0.50, 0.20)
    developer = "Can a user with the Developer role manage API keys from the project settings?"
    deniable, on_point = deciding(developer, [best, row])
    assert row in deniable
    assert decide_status(developer, [best, row], [], deniable, on_point, [developer]) == \
        ("Not Supported", "the table marks it not for Developer")
    # The same row, asked of a column it marks yes, decides nothing from down there.
    admin = "Can a user with the Admin role manage API keys from the project settings?"
    deniable, on_point = deciding(admin, [best, row])
    assert row not in deniable
    assert decide_status(admin, [best, row], [], deniable, on_point, [admin])[0] == "Fully Supported"
