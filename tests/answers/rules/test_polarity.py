"""A yes/no question asked in the negative goes to a reviewer when passages answer it: "Yes." and "No."
swap meaning, and a negation in the passage may be the very thing asked."""

from __future__ import annotations

import pytest

from agents.rules.polarity import agrees_in_negative, asked_in_negative
from tests.documents import pipeline_over


@pytest.mark.parametrize(("question", "negation"), [
    ("Does the client work without any inbound firewall ports being opened?", "without"),
    ("Is there a role that can see all configuration but change none of it?", "none"),
    ("Can we block database clients that do not use SSL?", "not"),
    ("Doesn't the relay see our traffic?", "doesn't"),
    ("Is MFA available on every plan?", None),
    ("Are logs kept for no more than 30 days?", None),  # a bound, not a negation
    ("Is encryption not limited to data at rest?", None),
    ("Can our people log in with Google accounts at no cost?", None),  # "free", not a negation
    ("Which ports must not be blocked?", None),  # not a yes/no question
    ("Is one tenant prevented from degrading the performance of another tenant's workloads?", "prevented"),
    ("Does someone removed from a team immediately lose what that team could access?", "lose"),
    ("Can pinned posts be spared when retention deletes old messages?", "spared"),
    ("Are backup recovery codes issued in case a user loses their second-factor device?", None),  # a condition
    ("Can a blocked fork be approved by editing a comment?", None),  # "blocked" names the fork
])
def test_the_question_s_own_negation_is_found(question, negation):
    assert asked_in_negative(question) == negation


_FAQ = ("# FAQ\n\n## Which firewall ports must be opened?\n\n"
        "The client doesn't require any incoming port to be open. It connects out to the management service "
        "over port 443.\n")


async def test_a_passage_s_negation_does_not_answer_no_to_a_question_asked_in_the_negative(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"faq.md": _FAQ})
    result = await pipeline.run("Does the client work without any incoming firewall port being opened?")
    assert result.escalated
    assert 'asked in the negative ("without")' in result.escalation_reason
    assert result.critic_feedback[-1].signals.asked_in_negative == 1.0


async def test_the_same_passage_answers_a_question_asked_the_plain_way_without_that_review(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"faq.md": _FAQ})
    result = await pipeline.run("Which firewall ports does the client need?")
    assert result.critic_feedback[-1].negation is None
    assert "asked in the negative" not in (result.escalation_reason or "")


def test_a_negation_negating_what_the_question_negates_agrees_with_it():
    impossible = ("Even on the cloud, it is physically impossible for employees to view the values of secrets if users "
                  "have not granted access.")
    assert agrees_in_negative("On the cloud service, are your employees unable to see the values of our secrets?",
                              impossible)
    assert agrees_in_negative("Once written, can audit log entries no longer be changed?",
                              "We do not update log entries after they've been created.")
    assert agrees_in_negative("Does the client work without any inbound firewall ports being opened?",
                              "The client doesn't require any incoming port to be open.")
    # What the question negates is the asker's own doing or a condition: the passage's negation may deny it.
    assert not agrees_in_negative("Can we delete the default teams we never use?",
                                  "The default teams can't be modified or deleted.")
    assert not agrees_in_negative("Will you use our data to train models without our consent?",
                                  "We do not use customer data to train models.")
    assert not agrees_in_negative("Are audit logs kept for a year?", "Audit logs are not kept for a year.")


def test_keeping_a_thing_out_is_asking_in_the_negative():
    """Spacelift's "Can values passed to workers be kept out of the run logs?" had been "Not Supported" from
    "…passed to the workers but should never appear in the logs", the very thing asked."""
    question = "Can values passed to workers be kept out of the run logs?"
    assert asked_in_negative(question) == "kept out"
    assert agrees_in_negative(question, "Comma-delimited list of environment variables that are passed to the workers "
                                        "but should never appear in the logs.")
    assert not agrees_in_negative(question, "API tokens cannot be rotated by hand.")


def test_a_passage_s_condition_agreeing_with_the_question_s_negation_leaves_its_answer_to_deny():
    """Travis CI's "If the team member has not triggered the build during the billing period, Travis CI will not charge
    you for that user": the condition names whom the question asks about; the main clause answers no."""
    charge = ("If the team member has not triggered the build during the billing period, Travis CI will not charge you "
              "for that user.")
    assert not agrees_in_negative("Are we charged for team members who triggered no build during the month?", charge)
    assert agrees_in_negative("Do members who trigger no build go uncharged?", "Members without a build are not "
                              "charged for.")


def test_without_negates_only_what_follows_it():
    """Semaphore's "Do self-hosted agents come with cache storage without extra setup?" had been "Fully Supported" from
    "Self-hosted agents do not provide cache storage … out of the box": the words before "without" are what is asked,
    not what it negates."""
    question = "Do self-hosted agents come with cache storage without extra setup?"
    assert not agrees_in_negative(question, "Self-hosted agents do not provide cache storage out of the box.")
    assert agrees_in_negative(question, "Cache storage works with no extra setup needed.")


def test_a_passage_negating_the_questions_own_keeping_away_says_no_to_it():
    asked = "To comply with GDPR, must message contents be hidden from email notifications?"
    passage = ("Based on our interpretation of GDPR, it is not required to hide message contents in email "
               "notifications to remain compliant. Every user decides whether or not they want information sent via "
               "email.")
    assert asked_in_negative(asked) == "hidden"  # a yes/no question after its leading "To …," clause
    assert asked_in_negative("To what extent, are secrets not hidden?") is None  # asks how far, not yes or no
    assert not agrees_in_negative(asked, passage)
    # A negation of what is hidden, not of the hiding, still agrees with the question.
    assert agrees_in_negative("Are secret values hidden from the build logs?",
                              "Secret values never appear in the build logs.")


def test_a_passage_negating_what_a_keeping_verb_keeps_away_agrees_and_one_negating_the_verb_does_not():
    prevented = "Is one tenant prevented from degrading the performance of another tenant's workloads?"
    assert agrees_in_negative(prevented, "A traffic spike in one Namespace cannot affect the performance of another.")
    lose = "Does someone removed from a team immediately lose what that team could access?"
    assert agrees_in_negative(lose, "When the member is removed from the team, they will no longer have access.")
    assert not agrees_in_negative("Do we lose data when a node fails?", "Data is never lost when a node fails.")


def test_a_refusing_word_in_the_question_agrees_with_cannot():
    question = "Are passwords that contain the user's email address refused?"
    assert asked_in_negative(question) == "refused"
    assert agrees_in_negative(question, "Password rules: - Cannot contain your name or email address")


def test_stop_before_whom_it_keeps_from_doing_is_asking_in_the_negative():
    question = "Does removing every password and token of a user stop them connecting?"
    assert asked_in_negative(question) == "stop"
    assert agrees_in_negative(question, "Removing all authentication methods effectively disables the user - they "
                                        "can no longer connect to the database.")
    assert asked_in_negative("Can we stop a running job?") is None  # stopping a thing, not keeping anyone from it
    # A passage negating the keeping itself says no: "doesn't prevent users from running privileged containers".
    assert not agrees_in_negative("Does enhanced isolation stop developers from running privileged containers?",
                                  "ECI doesn't prevent users from running privileged containers, but makes them "
                                  "secure.")
