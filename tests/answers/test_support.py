"""The support scorer on hand-made pairs: a passage that answers, one that does not; a faithful claim, a stretched one."""

from __future__ import annotations

import pytest

from agents.judging.support import RELEVANT, SUPPORTED, Scorer, Semantics, asks_for_a_number, states_the_number
from agents.text.grounding import Passage

POOL = [
    "Encryption keys are rotated every 365 days.",
    "Backups are taken daily and retained for 7 days.",
    "Access to production systems is removed within 48 hours of an employee leaving.",
    "Multi-factor authentication will be enforced whenever possible.",
    "Our office has a kitchen with free coffee for employees.",
    "The security team reviews vendor contracts before signing.",
]

ANSWERS = [  # (question, passage that answers it)
    ("How often are encryption keys rotated?", POOL[0]),
    ("How long are backups kept?", POOL[1]),
    ("When staff leave, how quickly is their access revoked?", POOL[2]),
    ("Is multi-factor authentication (MFA) enforced?", POOL[3]),
]
NOT_ANSWERS = [  # (question, a passage that does not answer it)
    ("How often are encryption keys rotated?", POOL[4]),
    ("Do you carry cyber liability insurance?", POOL[5]),
    ("How long are backups kept?", POOL[4]),
    ("Can customers run their own penetration tests?", POOL[4]),
]
SUPPORTED_CLAIMS = [
    ("Keys are rotated yearly, every 365 days.", [POOL[0]]),
    ("Backups are made every day and kept for seven days [1].", [POOL[1]]),
]
UNSUPPORTED_CLAIMS = [
    ("Keys are rotated daily in a hardware security module.", [POOL[1]]),
    ("Customers may run their own penetration tests at any time [1].", [POOL[5]]),
]


@pytest.fixture
async def scorer(embedder):
    semantics = Semantics(embedder)
    texts = POOL + [q for q, _ in ANSWERS + NOT_ANSWERS] + [c for c, _ in SUPPORTED_CLAIMS + UNSUPPORTED_CLAIMS]
    await semantics.prepare(texts)
    await semantics.prepare([c.replace(" [1]", "") for c, _ in SUPPORTED_CLAIMS + UNSUPPORTED_CLAIMS])
    return Scorer(semantics, POOL)


@pytest.mark.parametrize("question,text", ANSWERS)
async def test_a_passage_that_answers_is_relevant(scorer, question, text):
    assert scorer.relevance(question, Passage(text, text, "")).score >= RELEVANT


@pytest.mark.parametrize("question,text", NOT_ANSWERS)
async def test_a_passage_that_does_not_answer_is_not_relevant(scorer, question, text):
    assert scorer.relevance(question, Passage(text, text, "")).score < RELEVANT


@pytest.mark.parametrize("claim,quotes", SUPPORTED_CLAIMS)
async def test_a_faithful_claim_is_supported(scorer, claim, quotes):
    assert scorer.support(claim, quotes) >= SUPPORTED


@pytest.mark.parametrize("claim,quotes", UNSUPPORTED_CLAIMS)
async def test_a_stretched_claim_is_not_supported(scorer, claim, quotes):
    rare, missing = scorer.rare_terms_missing(claim, quotes)
    assert scorer.support(claim, quotes) < SUPPORTED or 2 * len(missing) > rare


async def test_without_an_embedder_terms_alone_decide():
    lexical_only = Scorer(Semantics(None), POOL)
    passage = Passage(POOL[0], POOL[0], "")
    assert lexical_only.relevance("How often are encryption keys rotated?", passage).semantic == 0.0
    assert lexical_only.relevance("How often are encryption keys rotated?", passage).lexical > 0.5


async def test_texts_a_run_uses_again_are_not_the_ones_evicted(embedder):
    # The cache is shared by every run of a process: what a run prepares last is used
    # next, so the least recently *used* texts go first, not the first ever embedded.
    semantics = Semantics(embedder, capacity=4)
    await semantics.prepare(["data at rest", "tls 1.2", "scim", "saml"])
    await semantics.prepare(["data at rest", "okta"])  # a later run needs one of the oldest again
    assert semantics.similarity("data at rest", "data at rest") > 0.99
    assert semantics.similarity("tls 1.2", "tls 1.2") == 0.0, "the least recently used text went"


def test_how_long_something_is_kept_is_answered_by_a_period_of_keeping_it():
    question = "How long are workflow histories kept after a workflow closes?"
    assert not states_the_number(question, "Allow up to 24 hours for a closed Workflow to appear in the exported file.")
    assert not states_the_number(question, "Export to cloud object storage (AWS S3 or GCP GCS), enabling audits.")
    assert states_the_number(question, "Closed Workflow histories are retained for 30 days, then deleted.")
    assert states_the_number("How often are backups taken?", "Backups run every 24 hours.")
    # A period written in words is a period (NetBird's traffic logs "are retained for **seven days**").
    assert states_the_number(question, "While in experimental mode, logs are retained for **seven days**.")
    assert not states_the_number(question, "One of the logs is retained for audits.")


def test_a_version_written_against_its_name_is_a_version():
    question = "Which TLS protocol versions does your edge proxy accept?"
    assert states_the_number(question, "The Fly proxy only supports TLSv1.2 and TLSv1.3 with strong ciphers.")
    assert states_the_number(question, "Connections use TLS 1.3.")
    assert not states_the_number(question, "Fly Proxy provides TLS termination by default for web apps.")


def test_a_thing_that_never_ends_says_how_long_it_lasts():
    question = "How long are access tokens valid by default?"
    for stated in ("The default creates a token that does not expire.", "Tokens don't expire.",
                   "Personal access tokens never expire unless revoked."):
        assert states_the_number(question, stated), stated
    assert not states_the_number(question, "Store tokens safely and never commit them to source code.")
    assert not states_the_number("How often are backups taken?", "Backups are never deleted.")


def test_a_question_asking_which_algorithm_is_answered_only_by_a_passage_naming_one():
    question = "Which encryption algorithm protects data at rest?"
    assert asks_for_a_number(question) and not asks_for_a_number("Is data encrypted at rest, and with what algorithm?")
    assert not states_the_number(question, "Data is encrypted at rest and in transit by Supabase.")
    assert not states_the_number(question, "Complying with encryption requirements in the HIPAA Security Rule.")
    for named in ("Volumes are encrypted with AES-XTS.", "Stored data is encrypted with AES-256.",
                  "Disks use AES encryption.", "Streams use ChaCha20."):
        assert states_the_number(question, named), named


def test_how_often_is_answered_by_a_frequency_and_a_bound_asked_openly_by_a_figure():
    # Zulip: "How often do you back up cloud data?" is not answered by "After a few minutes, you'll be able to
    # download the export"; "What is the minimum password length?" asks a figure, "Do you enforce one?" whether.
    question = "How often do you back up cloud data?"
    assert not states_the_number(question, "After a few minutes, you'll be able to download the export.")
    for stated in ("Backups are taken daily.", "We snapshot every 6 hours.", "Data is backed up continuously.",
                   "Backups run twice a day."):
        assert states_the_number(question, stated), stated
    assert asks_for_a_number("What is the minimum password length?")
    assert not asks_for_a_number("Do you enforce a minimum password length?")


def test_a_percentage_asked_is_answered_only_by_a_percentage():
    # Railway: "What monthly uptime percentage does the SLA guarantee?" is not answered by "a monthly summary on
    # the uptime" beside "1 hour response times".
    question = "What monthly uptime percentage does the SLA guarantee?"
    assert asks_for_a_number("What uptime percentage does your service level agreement guarantee?")
    assert not states_the_number(question, "We provide a monthly summary on the uptime; 1 hour response times.")
    assert states_the_number(question, "We guarantee 99.9% monthly uptime.")
    assert states_the_number(question, "Availability of 99.95 percent each month.")


async def test_a_short_sentence_giving_the_figure_asked_answers_it(tmp_path, index):
    """Spacelift's "How long are audit entries kept inside the product?" had found no evidence: "Logs are kept for 30
    days.", six words under a "Retention" heading, scored as a label would, and "kept" was not "keep"."""
    from agents.text.terms import stem
    from tests.documents import pipeline_over

    assert stem("kept") == stem("keep") and stem("held") == stem("hold")
    page = ("# Audit trail\n\nSpacelift supports auditing all operations that change Spacelift resources. We provide a "
            "built-in audit log as well as webhook functionality to store your audit logs in a third party system.\n\n"
            "## Built-in logs\n\nAs an admin, you can view audit trail logs in the account settings.\n\n"
            "### Retention\n\nLogs are kept for 30 days.\n\n## Webhook setup\n\nProvide an endpoint and a secret.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit-trail.md": page})
    answer = (await pipeline.run("How long are audit entries kept inside the product?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    assert "30 days" in answer.answer
