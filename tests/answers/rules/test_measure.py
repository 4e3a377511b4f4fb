"""A yes/no question that measures in words ("a short period") answered by a passage that measures in
figures ("20 years") goes to a reviewer: the asker's yardstick is not in the documentation. So does one
asking for a figure ("at least 30 days") that the passage's figures do not meet ("seven days")."""

from __future__ import annotations

import pytest

from agents.rules.measure import judged_measure, under_minimum, unstated_figure
from tests.documents import pipeline_over


@pytest.mark.parametrize(("question", "quote", "expected"), [
    ("Do API access tokens expire after a short period by default?", "Tokens are valid for 20 years by default.",
     ("short", "20 years")),
    ("Are backups taken regularly?", "Backups are taken daily and kept for 7 days.", ("regularly", "daily")),
    ("Do sessions expire quickly?", "Sessions expire after 24h of inactivity.", ("quickly", "24h")),
    ("Is data erased as soon as the retention period ends?", "Deletion completes within 30 days.",
     ("as soon as", "30 days")),
    ("How quickly are accounts deprovisioned?", "Accounts are deprovisioned within 40 minutes.", None),
    ("Do you keep audit logs, and how long are they retained?", "Audit logs are kept for 400 days.", None),
    ("Are sessions kept as long as the browser is open?", "Sessions expire after 24 hours.", None),
    ("Do API access tokens expire after a short period by default?", "Tokens can be given an expiry.", None),
    ("Do tokens expire after 24 hours?", "Tokens are valid for 20 years by default.", ("24 hours", "20 years")),
    ("Are connection logs kept for at least 30 days?", "Logs are retained for **seven days**.",
     ("30 days", "seven days")),
    ("Can the free plan cover a team of 20 people?", "The Free plan is for up to 5 users and 100 machines.",
     ("20 people", "5 users")),
    ("Are connection logs kept for at least 30 days?", "Logs are retained for 90 days.", None),
    ("Are audit logs kept for 90 days?", "Audit logs are kept for 3 months.", None),
    ("Will you notify us within 72 hours?", "We notify affected customers within 48 hours.", None),
    ("Are connection logs kept for at least 30 days?", "Logs are exported every 10 minutes to your bucket.",
     ("30 days", "10 minutes")),
    ("How long are connection logs kept, at least 30 days?", "Logs are retained for seven days.", None),
    # One of a unit said with the article after a bound (Travis CI's IP change notice and JWT tokens).
    ("Is at least a week's notice given before the addresses change?",
     "We will announce changes to this set of IP addresses with a 24-hour notice period.", ("a week", "24-hour")),
    ("Do tokens from the addon stay valid for more than a day?", "The JWT token is only valid for 90 minutes.",
     ("a day", "90 minutes")),
    ("Do tokens stay valid for more than a day?", "Tokens are valid for 7 days.", None),
    ("Is the report reviewed once a year?", "The report is reviewed every 6 months.", None),
    # Time without end is met by no figure (Travis CI's log scan report, "available … for 7 days").
    ("Is the report from the log scan kept indefinitely?", "The report is available to administrators for 7 days.",
     ("indefinitely", "7 days")),
    ("Is data permanently deleted after 30 days?", "Data is deleted after 30 days.", None),
])
def test_a_yardstick_in_words_against_a_figure_is_found(question, quote, expected):
    assert judged_measure(question, [quote]) == expected


_SCHEDULES = ("You can pick a schedule. - **Daily** - Backed up every 24 hours, kept for 6 days - **Weekly** - Backed "
              "up every 7 days, kept for 1 month - **Monthly** - Backed up every 30 days, kept for 3 months")


def test_in_a_list_of_figures_the_item_the_question_names_gives_the_figure():
    """"30 days" is the monthly item's interval and the weekly item's month: the daily item keeps for 6 days."""
    assert judged_measure("Are daily volume backups retained for 30 days?", [_SCHEDULES]) == ("30 days", "24 hours")
    assert judged_measure("Are monthly backups taken every 30 days?", [_SCHEDULES]) is None


def test_a_number_of_things_over_the_maximum_a_passage_allows_is_found():
    webhooks = "Up to 20 webhooks can be configured per project."
    assert judged_measure("Can we configure 50 webhooks on a single project?", [webhooks]) == (
        "50 webhooks", "Up to 20 webhooks")
    assert judged_measure("Can we configure 10 webhooks on a single project?", [webhooks]) is None
    assert judged_measure("Can we configure 50 API keys on a project?", [webhooks]) is None
    revocation = "There can be a maximum of 100 target specifiers in a single request."
    assert judged_measure("Can a single revocation request name an unlimited number of targets?", [revocation]) == (
        "an unlimited number of targets", "a maximum of 100 target")
    assert judged_measure("Can a team hold as many members as we need?", ["A team may have any number of members."]) is None


def test_a_maximum_after_the_noun_it_counts_is_read():
    """Appwrite's first run: "up to a maximum of 20" remembered passwords answered "any of their last 30
    passwords" "Fully Supported"."""
    history = "You can choose how many previous passwords to remember, up to a maximum of 20, and block users."
    assert judged_measure("Can we stop people reusing any of their last 30 passwords?", [history]) == (
        "30 passwords", "passwords to remember, up to a maximum of 20")
    assert judged_measure("Can we prevent reuse of a user's 5 most recent passwords?", [history]) is None
    # A maximum with a noun of its own counts that noun, not the one before it.
    assert judged_measure("Can we keep 30 passwords?", ["Passwords are kept for up to 20 days."]) is None


_TOKENS = ("# API tokens\n\nAccess tokens authenticate API requests and expire according to their validity period. "
           "Tokens are valid for 20 years by default, unless an expiry is given when one is created.\n")


_LOGS = ("# Traffic events\n\nTraffic events record every connection between peers.\n\n## Log retention\n\n"
         "Traffic event logs are retained for seven days.\n")


@pytest.mark.parametrize(("docs", "question", "asked", "given"), [
    ({"tokens.md": _TOKENS}, "Do API access tokens expire after a short period by default?", "short", "20 years"),
    ({"traffic.md": _LOGS}, "Are traffic event logs retained for at least 30 days?", "30 days", "seven days"),
])
async def test_the_asker_s_measure_against_the_documentation_s_figure_is_left_to_a_reviewer(
        tmp_path, index, docs, question, asked, given):
    pipeline = await pipeline_over(tmp_path / "docs", index, docs)
    result = await pipeline.run(question)
    assert result.escalated
    assert f'"{asked}"' in result.escalation_reason and f'"{given}"' in result.escalation_reason
    assert result.critic_feedback[-1].signals.judged_measure == 1.0


async def test_a_question_asking_for_the_figure_gets_it_without_that_review(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"tokens.md": _TOKENS})
    result = await pipeline.run("How long are API access tokens valid by default?")
    assert "20 years" in result.synthesis.answer
    assert result.critic_feedback[-1].yardstick == []
    assert "customer's measure" not in (result.escalation_reason or "")


async def test_a_figure_the_documentation_does_not_meet_answers_not_supported(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"traffic.md": _LOGS})
    result = await pipeline.run("Are traffic event logs retained for at least 30 days?")
    assert result.synthesis.compliance_status == "Not Supported"
    assert "seven days" in result.synthesis.answer


async def test_a_figure_the_documentation_meets_is_not_denied(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"traffic.md": _LOGS})
    result = await pipeline.run("Are traffic event logs retained for at least 5 days?")
    assert result.synthesis.compliance_status != "Not Supported"


async def test_a_word_measure_is_left_to_a_reviewer_not_denied(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"tokens.md": _TOKENS})
    result = await pipeline.run("Do API access tokens expire after a short period by default?")
    assert result.synthesis.compliance_status != "Not Supported"
    assert result.escalated


def test_a_full_year_is_a_period_and_once_a_year_a_frequency():
    from agents.text.quantities import amounts
    assert [(a.text, a.value) for a in amounts("Are audit logs kept for a full year?")] == [("a full year", 8760.0)]
    assert amounts("Is access reviewed once a year?") == []


def test_how_far_ahead_asked_is_the_least_allowed():
    """GOV.UK Notify: "Can we schedule messages a month ahead?" was answered "Fully Supported" from "You can schedule
    messages up to one week in advance"."""
    from agents.rules.measure import unmet_figure
    week = "You can schedule messages up to one week in advance."
    assert unmet_figure("Can we schedule messages a month ahead?", [week]) == ("a month", "one week")
    assert unmet_figure("Can we schedule messages a month ahead?", ["Schedule up to 90 days in advance."]) is None
    assert unmet_figure("Do you give 30 days' notice in advance?", ["We give 60 days notice in advance."]) is None
    from agents.text.quantities import amounts
    assert [(a.text, a.bound) for a in amounts("Is there at least a week in advance?")] == [("a week", "at least")]


def test_days_written_short_in_a_table_are_a_period_and_3d_secure_is_not():
    """Langfuse's first run: "Postgres: 7d retention" asked "at least 30 days" was no figure at all."""
    from agents.text.quantities import amounts
    assert [(a.text, a.value) for a in amounts("Postgres: 7d retention. S3: 14d versioning.")] == [
        ("7d", 168.0), ("14d", 336.0)]
    assert amounts("Payments use 3D Secure.") == []
    backups = "Backup Layers: Postgres: 7d retention. Clickhouse: 6-hourly backups (4d retention)."
    assert judged_measure("Are database backups kept for at least 30 days?", [backups]) == ("30 days", "7d")
    assert judged_measure("Are database backups kept for at least 3 days?", [backups]) is None


async def test_a_figure_from_a_table_row_not_the_first_passage_still_answers(tmp_path, index):
    page = ("# Audit logs\n\nAudit logs are retained for different periods depending on your plan:\n\n"
            "| Plan | Retention |\n|---|---|\n| Hobby | 7 days |\n| Pro | 30 days |\n| Enterprise | 90 days |\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit.md": page})
    result = await pipeline.run("On the Pro plan, are audit logs retained for a full year?")
    assert result.synthesis.compliance_status == "Not Supported"
    assert result.escalated


def test_how_often_a_passage_does_it_must_be_as_often_as_asked():
    """Langfuse's first run: "every quarter" against "annual external penetration tests" was read as a scope
    ("every" thing) and answered "Partially Supported"; the passage does it less often than asked."""
    from agents.text.question_form import is_universal
    from agents.text.quantities import intervals
    annual = "As part of this commitment, we undergo **annual external penetration tests**."
    assert judged_measure("Do you have a penetration test done every quarter?", [annual]) == ("every quarter", "annual")
    assert judged_measure("Is a penetration test done at least once a year?", [annual]) is None
    assert judged_measure("Is a penetration test done once a year?", ["Tests run quarterly."]) is None
    assert [(a.text, a.value) for a in intervals("twice a year, every other week, every 90 days")] == [
        ("twice a year", 4380.0), ("every other week", 336.0), ("every 90 days", 2160.0)]
    assert not is_universal("Do you have a penetration test done every quarter?")
    assert is_universal("Is every incident reviewed within a year?")


async def test_a_test_done_less_often_than_asked_answers_not_supported(tmp_path, index):
    page = ("# Penetration Testing\n\nWe are committed to security. As part of this commitment, we undergo annual "
            "external penetration tests.\n\n## Contact\n\nFor questions regarding our penetration testing program, "
            "please contact security@example.com.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"pentest.md": page})
    result = await pipeline.run("Do you have a penetration test done every quarter?")
    assert result.synthesis.compliance_status == "Not Supported"
    assert result.escalated


def test_a_figure_the_passages_only_put_in_words_is_not_stated():
    """Appwrite's first run: "Are penetration tests done at least every quarter?" answered "Fully Supported"
    from "These penetration tests … are performed periodically"."""
    tests = "These penetration tests and vulnerability assessments are performed periodically."
    assert unstated_figure("Are penetration tests done at least every quarter?", [tests]) == ("every quarter", "periodically")
    assert unstated_figure("Do you notify us of a breach within 24 hours?", ["We notify users promptly."]) == (
        "24 hours", "promptly")
    # A figure given, met or not, is the other rule's; a number of people is no frequency; an open question asks.
    assert unstated_figure("Are tests done every quarter?", ["Tests are performed periodically, every 90 days."]) is None
    assert unstated_figure("Can one user review it regularly?", ["Reviews happen regularly."]) is None
    assert unstated_figure("How often, at least every quarter, are tests done?", [tests]) is None


async def test_a_figure_put_in_words_answers_not_supported_in_the_pipeline(tmp_path, index):
    page = ("# Penetration tests\n\nWe undertake regular penetration testing by third-party agencies. These tests "
            "are performed periodically.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"pentest.md": page})
    answer = await pipeline.run("Are penetration tests done by outside firms at least every quarter?")
    assert answer.synthesis.compliance_status == "Not Supported" and answer.escalated


def test_when_the_item_the_question_names_gives_no_period_the_other_items_do():
    from agents.rules.measure import unmet_figure

    # Kong's list: the question's "personal token" is named by the limit on their number, its period by another item.
    pat = ("Before you generate a PAT, keep the following in mind: * A PAT is granted all of the permissions the user "
           "has. * The PAT has a maximum duration of 12 months. * There is a limit of 10 personal access tokens per "
           "user. * Unused tokens are deleted and revoked after 12 months of inactivity.")
    assert unmet_figure("Can a user's personal token stay valid for two years?", [pat]) == ("two years", "12 months")
    assert unmet_figure("Can a user's personal token stay valid for one year?", [pat]) is None


def test_fewer_than_the_least_a_passage_allows_is_a_figure_not_met():
    """Login.gov's "at least 22 characters" and "The shortest value allowed … is 30 days" had answered "Fully
    Supported" to "shorter than 22 characters?" and "more often than every 30 days?"."""
    state = ["A unique value, at least 22 characters in length, used for maintaining state."]
    assert under_minimum("May the state value be shorter than 22 characters?", state) == (
        "shorter than 22 characters", "at least 22 characters")
    assert under_minimum("Can we ask for reverification more often than every 30 days?",
                         ["The shortest value allowed for this parameter is 30 days (`30d`)."]) == (
        "more often than every 30 days", "shortest value allowed for this parameter is 30 days")
    assert under_minimum("May the state value be shorter than 40 characters?", state) is None  # 22 to 39 will do
    assert under_minimum("May the state value be shorter than 22 words?", state) is None


async def test_a_value_below_the_minimum_is_answered_no(tmp_path, index):
    page = ("# Authorization\n\n## state\n\nA unique value, at least 22 characters in length, used for maintaining "
            "state between the request and the callback.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"authorization.md": page})
    short = (await pipeline.run("May the state value be shorter than 22 characters?")).synthesis
    assert short.compliance_status == "Not Supported"
    assert "at least 22 characters" in short.reasoning


def test_a_contract_s_doubled_number_more_than_and_several_times_are_read():
    """Axiom's first run answered "Fully Supported" to each: "within sixty (60) days" was no period, "more than three
    days" was met by three days, "several times a day" was no frequency, "with no time limit" no length."""
    from agents.rules.measure import unmet_figure
    from agents.text.quantities import amounts, intervals
    assert [a.text for a in amounts("within sixty (60) days, or ten (10) calendar days")] == [
        "sixty (60) days", "ten (10) calendar days"]
    assert unmet_figure("Is personal data erased within 30 days after termination?",
                        ["Company will delete all remaining copies within sixty (60) days following termination."]) == (
        "30 days", "sixty (60) days")
    three = ["By default, you can query the audit log for the previous three days."]
    assert unmet_figure("Can we look back more than three days in the audit log?", three) == (
        "three days", "three days")
    assert unmet_figure("Can we look back at least three days in the audit log?", three) is None
    assert unmet_figure("Is it kept no more than three days?", three) is None
    once = ["You can only vacuum fields once per day for each dataset."]
    assert unmet_figure("Can fields be vacuumed several times a day?", once) == ("several times a day", "once per day")
    assert unmet_figure("Can fields be vacuumed several times a week?", once) is None
    # "no more than once a year" caps how often; it is no "more than once".
    assert [a.text for a in intervals("requested no more than once a year")] == ["once a year"]
    sessions = ["After signing a BAA, user sessions time out after 24 hours."]
    assert unmet_figure("Do user sessions stay open with no time limit?", sessions) == (
        "with no time limit", "24 hours")


async def test_a_cap_on_how_often_answers_no_through_the_pipeline(tmp_path, index):
    page = ("# Vacuum fields\n\nVacuuming fields rebuilds the schema of a dataset from its current events. You "
            "can only vacuum fields once per day for each dataset.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"vacuum.md": page})
    often = (await pipeline.run("Can the fields of a dataset be vacuumed several times a day?")).synthesis
    assert often.compliance_status == "Not Supported", often.reasoning
    daily = (await pipeline.run("Can the fields of a dataset be vacuumed once a day?")).synthesis
    assert daily.compliance_status == "Fully Supported", daily.reasoning


def test_not_more_than_is_a_cap_and_more_than_is_strict():
    from agents.text.quantities import amounts
    bounds = [(a.text, a.bound) for a in amounts("not more than 30 days, no longer than 2 days, more than 5 days")]
    assert bounds == [("30 days", "at most"), ("2 days", "at most"), ("5 days", "over")]


def test_a_figure_in_a_passage_on_something_else_does_not_meet_the_question():
    """Axiom's "…erased within 30 days after termination?" had been met by "a generous 30 days of retention" cited
    beside "delete all remaining copies … within sixty (60) days following termination"."""
    from agents.rules.measure import unmet_figure
    deletion = ("Company will delete all remaining copies of Customer Personal Data within sixty (60) days following "
                "termination.")
    retention = "The free forever Personal plan provides a generous 30 days of retention."
    question = "Is our personal data erased within 30 days after termination?"
    assert unmet_figure(question, [deletion, retention]) == ("30 days", "sixty (60) days")
    assert unmet_figure("Is data on the Personal plan retained for 30 days?", [deletion, retention]) is None
