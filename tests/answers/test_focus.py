"""The question inside a message: a preamble of greetings, introductions and thanks
changes nothing about the answer."""

from __future__ import annotations

import pytest

from agents.conversation.focus import focus, small_talk
from agents.pipeline import Pipeline


@pytest.mark.parametrize("message, question", [
    ("Hi, I am Sam from Acme Corp. Do you support SCIM provisioning?", "Do you support SCIM provisioning?"),
    ("We are evaluating vendors for our bank. Do you encrypt data at rest?", "Do you encrypt data at rest?"),
    ("Good morning! Our security team is reviewing vendors. Is MFA enforced for all employees? Thanks, Sam",
     "Is MFA enforced for all employees?"),
    ("I am the security lead for a fintech. Do you support SSO?", "Do you support SSO?"),
    ("Hi team, do you support SCIM?", "do you support SCIM?"),
    ("Describe your incident response process. Thanks, Sam", "Describe your incident response process."),
])
def test_courtesy_is_set_aside(message, question):
    assert focus(message) == question


@pytest.mark.parametrize("message", [
    "We store PHI in AWS. Will you sign a BAA?",           # context that names a cloud and a kind of data
    "I am curious whether you support SSO. Also MFA?",   # not an introduction
    "Is data encrypted? We use e.g. Okta for SSO.",
    "Hello",                                              # nothing else: kept as asked
    "We use Okta. Thank you for confirming whether data is encrypted at rest.",  # thanks that is a request
    "We are evaluating whether you support SSO. Our IdP is Okta.",              # the evaluation is the question
])
def test_anything_that_may_carry_a_fact_is_kept(message):
    assert focus(message) == message


@pytest.mark.parametrize("bare", ["Do you support SCIM provisioning?", "Is MFA enforced for all employees?"])
async def test_a_preamble_does_not_change_the_answer(kb_index, bare):
    pipeline = Pipeline(kb_index)
    plain = await pipeline.run(bare)
    padded = await pipeline.run(f"Hi, I'm Sam from Acme Corp. We are evaluating vendors this quarter. {bare} Thanks!")
    assert padded.synthesis.compliance_status == plain.synthesis.compliance_status
    assert [c.quote for c in padded.synthesis.citations] == [c.quote for c in plain.synthesis.citations]
    assert padded.escalated == plain.escalated
    assert padded.question.startswith("Hi, I'm Sam")  # the thread shows what was asked


@pytest.mark.parametrize("message, kind", [
    ("hi there", "greeting"), ("Good morning!", "greeting"), ("Thank you so much, that helps.", "thanks"),
    ("what can you do?", "about"), ("Hello, how does this bot work?", "about"), ("help me", "about"),
])
def test_small_talk_is_recognised(message, kind):
    assert small_talk(message) == kind


@pytest.mark.parametrize("message", ["Hi, do you support SCIM?", "Thanks. Do you encrypt data at rest?",
                                     "How does encryption work?", "How does it work?", "What are your RPO and RTO?"])
def test_a_message_that_asks_something_is_not_small_talk(message):
    assert small_talk(message) is None
