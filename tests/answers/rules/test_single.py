"""One only, asked of several: a passage allowing a single one of what the question asks more than one
of answers no, wherever it is cited."""

from __future__ import annotations

from agents.rules.closed_list import any_not_only, one_only, same_only
from agents.rules.denial import same_not_new
from tests.documents import pipeline_over


def test_one_only_answers_a_question_asking_for_several():
    owner = "An account can only have a single account owner."
    assert one_only("Can an account have more than one owner?", owner) == "only have a single account owner"
    domain = "Ably only recognizes one registered email domain per organization."
    assert one_only("Can one organization provision users from several email domains?", domain)
    # Several of something else, or one asked of one, is no denial.
    assert one_only("Can an account have more than one admin?", owner) is None
    assert one_only("Does every account have an owner?", owner) is None
    assert one_only("Can one person hold several roles?", "Users can be assigned multiple roles:") is None
    # A number of them asked: "two of our organisations" against "only belong to one … organisation".
    sso = "Users that log in using SSO can only belong to one Flagsmith organisation."
    assert one_only("Can one person belong to two of our Flagsmith organisations?", sso) == (
        "only belong to one Flagsmith organisation")
    assert one_only("Can one person belong to two teams?", sso) is None
    assert one_only("Can a user sign in with TLS 1.2 or higher?", sso) is None


def test_once_only_answers_a_question_asking_for_several_times():
    code = "Each recovery code can only be used once."
    assert one_only("Can a single recovery code be reused several times?", code) == "only be used once"
    assert one_only("Can a recovery code be used more than once?", code) == "only be used once"
    assert one_only("Can a recovery code be used to sign in?", code) is None


def test_the_same_one_only_answers_a_question_asking_for_another():
    backups = "Backups can only be restored into the same project + environment."
    assert same_only("Can a backup be restored into a different project?", backups) == (
        "only be restored into the same project")
    # Another of something else, or no "only", is no denial.
    assert same_only("Can a backup be restored into a different region?", backups) is None
    assert same_only("Can a backup be restored into another project?", "Backups are restored into the same project.") is None


async def test_a_single_owner_passage_cited_second_still_answers_no(tmp_path, index):
    page = ("# Team\n\n## Roles\n\nUsers can be assigned multiple roles: Developer, Billing, Admin and Owner.\n\n"
            "The user that creates an account is its owner. An account can only have a single account owner.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"team.md": page})
    answer = (await pipeline.run("Can an account have more than one owner?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("single account owner" in c.quote for c in answer.citations)


def test_what_is_asked_besides_the_one_thing_allowed_is_denied():
    from agents.rules.closed_list import only_that
    passage = "On the Free plan, members can only be assigned the `Admin` role — any other role needs a Pro plan."
    assert only_that("On the free plan, can a member get a role other than administrator?", passage) == \
        "only be assigned the `Admin` role"
    assert only_that("Can we sign in with something other than Google?", "You can only sign in with Google or GitHub.") is None
    assert only_that("Can a member get the administrator role?", passage) is None


def test_what_a_count_asks_for_ends_before_its_preposition():
    """Meilisearch: "two owners at the same time" counts owners."""
    one = "A team may only have one owner at a time."
    assert one_only("Can a team have two owners at the same time?", one) == "only have one owner at a time"
    assert one_only("Can a team have two projects at the same time?", one) is None


def test_any_of_a_kind_answers_no_to_a_question_asking_whether_it_is_one_only():
    agent = "The Agent accepting connections from any origin on `localhost:9119`."
    assert any_not_only("Does the local agent accept connections only from your own web origin?", agent) == \
        "any origin"
    # "only" bearing on another noun than the one the passage gives to any; a question asking to make it so.
    every = "Every role except User can create a personal access token that carries the same permissions."
    assert any_not_only("Do API tokens carry only the permissions of the role that created them?", every) is None
    assert any_not_only("Can we restrict the agent to only our own origin?", agent) is None


def test_not_more_than_one_answers_a_question_asking_for_two():
    """GOV.UK Pay's "Can a single service pay out into two different bank accounts?" had been "Fully Supported"."""
    banks = "You cannot send payments from one GOV.UK Pay service to more than one bank account."
    assert one_only("Can a single service pay out into two different bank accounts?", banks) == \
        "cannot send payments from one GOV.UK Pay service to more than one bank account"
    assert one_only("Can a service take payments in two currencies?", banks) is None
    assert one_only("Can a single service pay out into one bank account?", banks) is None


def test_the_same_one_answers_no_to_a_new_one_and_a_new_one_to_the_same():
    """Zulip's "They will also have the same API key", asked "Does a reactivated user get a fresh API key?"."""
    keys = "They will also have the same API key and bot API keys, but their bots will be deactivated."
    assert same_not_new("Does a reactivated user get a fresh API key?", keys) == "the same API key"
    assert same_not_new("Do reactivated users keep the same API key?", "A new API key is issued.") == "new API key"
    assert same_not_new("Do reactivated users keep the same API key?", keys) is None
    assert same_not_new("Does a reactivated user get a fresh password?", keys) is None
    # A passage giving both answers neither way.
    both = "You can send payments to: - the same bank account - different bank accounts"
    assert same_not_new("Can we pay out into different bank accounts?", both) is None

