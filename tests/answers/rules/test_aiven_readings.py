"""Readings written from Aiven's first run (eval/aiven): a negated second predicate of the same subject is about that
predicate, the question's own verb before "no" denies, a word of the opposite sense denies (changes for stays the
same, revokes for survives, inaccessible for reachable, must match for different, dedicated to one for shared, the
same as for higher than, after the current month for right away), a
refusing word in the question agrees with "cannot", and "On top of …" adds to what it names."""

from __future__ import annotations

from agents.rules.denial import denials, kept_apart, none_made, said_opposite
from agents.rules.narrowing import narrowing
from agents.rules.polarity import agrees_in_negative, asked_in_negative
from tests.documents import pipeline_over


def test_a_negated_second_predicate_is_about_that_predicate_only():
    encrypted = "Backups are encrypted and not available for download, but you can create your own backups."
    assert denials(encrypted, "Are MySQL backups encrypted?") == []
    assert denials(encrypted, "Can we download our backups?") == ["not available"]
    automatic = "During service upgrades, maintenance updates are applied automatically and do not require your action."
    assert denials(automatic, "Can we pick the hour when maintenance updates are applied to a service?") == []


def test_a_negated_second_predicate_that_speaks_of_the_question_still_denies():
    hosted = "Signed pipelines can be enabled on self-hosted agents and are not available on Buildkite hosted agents."
    assert "not available" in denials(hosted, "Can we use pipeline signing on the agents you host for us?")
    # The first predicate shares only the subject's words: the negated one is what is said of it.
    common = "Unsuccessful intrusion attempts (e.g., port scans, failed log-ins) are commonplace and do not require notice."
    assert denials(common, "Will you tell us about every failed login or port scan?") != []


def test_the_question_s_own_verb_before_no_denies_it():
    assert none_made("Does Aiven create NAT gateways in a compliance cloud by default?",
                     "Aiven creates no NAT gateways by default.") == "creates no NAT gateways"
    assert none_made("Does the agent need root access?", "The agent needs no root access.") == "needs no root access"
    assert none_made("Does it keep audit logs?", "It creates no NAT gateways.") is None  # another act
    assert none_made("Does Aiven create NAT gateways?", "Aiven creates no firewall rules.") is None  # another thing


def test_a_word_of_the_opposite_sense_denies():
    assert said_opposite("Do a service's IP addresses stay the same through maintenance?",
                         "The DNS name stays the same, but the underlying IP addresses change during maintenance.") \
        == "change during"
    assert said_opposite("Do personal tokens made with a password login survive turning 2FA on?",
                         "Enabling and disabling two-factor authentication revokes personal tokens.") == "revokes"
    assert said_opposite("Will our Dragonfly data still be reachable after its end-of-life date?",
                         "After the end-of-life date, services are deleted, making data from these services "
                         "inaccessible.") == "inaccessible"
    assert said_opposite("Can the secondary backup region be with a different cloud provider than the service?",
                         "The cloud provider for your additional backup region must match the cloud provider for your "
                         "service.") == "must match"
    assert kept_apart("Is a virtual machine that runs our service ever shared with another tenant?",
                      "Service-providing virtual machines (VMs) are dedicated to a single customer.") \
        == "are dedicated to a single"
    assert said_opposite("If we cancel our paid support contract, does it end right away?",
                         "Your paid support will end after the current month.") == "after the current month"
    assert said_opposite("Are services in a compliance environment priced higher than the same services elsewhere?",
                         "The cost of a compliance environment is exactly the same as a standard deployment.") \
        == "is exactly the same as"
    # "still work" is too common to read "revoke" against: a passage on rotating keys says nothing of it.
    assert said_opposite("Will our existing API keys still work after we change processor?",
                         "You should revoke API keys that staff who left had access to.") is None


def test_a_refusing_word_in_the_question_agrees_with_cannot():
    question = "Are passwords that contain the user's email address refused?"
    assert asked_in_negative(question) == "refused"
    assert agrees_in_negative(question, "Password rules: - Cannot contain your name or email address")


def test_on_top_of_adds_to_what_it_names():
    assert narrowing("For Kafka, are the replicas of each partition placed in different availability zones?",
                     "On top of spreading service's nodes across the availability zones of a cloud region, Aiven "
                     "automatically balances replicas of your Apache Kafka partitions into different AZs.") is None
    assert narrowing("Are all backups encrypted?", "For PostgreSQL services, backups are encrypted.") is not None


async def test_a_coordinated_negation_no_longer_turns_a_yes_into_no(tmp_path, index):
    """Aiven's "Are MySQL backups encrypted?" had been "Not Supported" from "Backups are encrypted and not available
    for download"."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {
        "backups.md": "# Service backups\n\nBackups are encrypted and not available for download, but you can create "
                      "your own backups with the appropriate tooling.\n"})
    result = await pipeline.run("Are our database backups encrypted?")
    assert result.synthesis.compliance_status == "Fully Supported"
    download = await pipeline.run("Can we download our database backups?")
    assert download.synthesis.compliance_status == "Not Supported"


def test_a_moment_left_to_the_customer_is_no_automatic():
    both = "Aiven applies some maintenance updates automatically and lets you decide when to apply major version upgrades."
    assert said_opposite("Are major version upgrades applied automatically in the maintenance window?", both) == \
        "lets you decide when"
    assert said_opposite("Are maintenance updates applied automatically?", both) is None  # the automatic part
