"""Which messages in a thread lean on its earlier question."""

from __future__ import annotations

import pytest

from agents.followup import is_follow_up


@pytest.mark.parametrize("message", ["What about on GCP?", "and on AWS?", "Azure too?", "Is it encrypted too?",
                                     "What about backups?", "Does this apply to the EU region?",
                                     "Is that available on the Enterprise plan?", "On Google Cloud?"])
def test_messages_that_lean_on_the_earlier_question(message):
    assert is_follow_up(message)


@pytest.mark.parametrize("message", ["Do you support SCIM provisioning?", "How long are backups kept?",
                                     "Can we bring our own key from Google Cloud KMS?", "Is MFA enforced?",
                                     "Do you encrypt customer data at rest on AWS?"])
def test_questions_that_stand_on_their_own(message):
    assert not is_follow_up(message)
