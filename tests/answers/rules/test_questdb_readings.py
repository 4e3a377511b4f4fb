"""Readings written from QuestDB's first run (eval/questdb): "stop them connecting" asks in the negative, a negated
sensitivity ("not sensitive to the underlying filesystem type") and things that do not exist yet deny nothing, "lose"
answers "keep" no, an order said the other way round answers "before" no, and a thing done without what is asked
whether it requires answers no."""

from __future__ import annotations

from agents.rules.denial import denials, said_opposite
from agents.rules.polarity import agrees_in_negative, asked_in_negative


def test_stop_before_whom_it_keeps_from_doing_is_asking_in_the_negative():
    question = "Does removing every password and token of a user stop them connecting?"
    assert asked_in_negative(question) == "stop"
    assert agrees_in_negative(question, "Removing all authentication methods effectively disables the user - they "
                                        "can no longer connect to the database.")
    assert asked_in_negative("Can we stop a running job?") is None  # stopping a thing, not keeping anyone from it
    # A passage negating the keeping itself says no: "doesn't prevent users from running privileged containers".
    assert not agrees_in_negative("Does enhanced isolation stop developers from running privileged containers?",
                                  "ECI doesn't prevent users from running privileged containers, but makes them secure.")


def test_a_negated_sensitivity_and_things_not_there_yet_deny_nothing():
    assert denials("Backup is not sensitive to the underlying filesystem type.",
                   "Can backups go to a network-attached filesystem instead of object storage?") == []
    assert denials("Checks are not specific to AWS.", "Are the checks specific to AWS?") != []  # asked as such
    assert denials("You can grant permissions on tables/columns that don't exist yet:",
                   "Can permissions be limited to particular columns of a table?") == []
    assert denials("API keys are not tied to a user.", "Is every API key bound to a particular person's account?") != []


def test_lose_answers_keep_no():
    assert said_opposite("If a group is deleted, do its members keep what they had through it?",
                         "When a group is dropped, all members lose the permissions they inherited from that group.") \
        == "lose"


def test_an_order_said_the_other_way_round_answers_before_no():
    upgrade = "When running QuestDB Enterprise with replication, **upgrade all replicas before upgrading the primary**."
    assert said_opposite("With replication, should the primary be upgraded before the replicas?", upgrade) is not None
    assert said_opposite("Should the replicas be upgraded before the primary?", upgrade) is None  # the same order


def test_done_without_what_is_asked_whether_it_requires_answers_no():
    reload = "The backup schedule settings can be modified in `server.conf` and hot-reloaded without restarting the server:"
    assert said_opposite("Does changing the backup schedule require restarting the server?", reload) == \
        "without restarting"
    both = "You can require an invitation to sign up, or let anyone join without an invitation."
    assert said_opposite("Do people need an invitation to join by default?", both) is None  # both options named
