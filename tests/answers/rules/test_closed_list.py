"""A version left out of a passage's closed list is denied by it; a list that is not closed,
or that includes the version, denies nothing."""

from __future__ import annotations

import pytest

from agents.rules.closed_list import excluded_by

FLY = "The Fly proxy only supports TLSv1.2 and TLSv1.3 with strong ciphers."


@pytest.mark.parametrize("phrase, text", [
    ("TLS 1.0", FLY),
    ("SAML 1.1", "We only support SAML 2.0 for single sign-on."),
    ("TLS 1.1", "Connections use only TLS 1.2 or later."),
])
def test_a_version_the_closed_list_leaves_out_is_excluded(phrase, text):
    assert excluded_by(phrase, text)


@pytest.mark.parametrize("phrase, text", [
    ("TLS 1.2", FLY),                                          # in the list
    ("TLS 1.3", "Connections use only TLS 1.2 or later."),     # "or later" takes it in
    ("TLS 1.0", "We support TLS 1.2 and TLS 1.3."),            # not said to be the only ones
    ("SOC 1", "The SOC 2 report is shared only under NDA."),   # "only" limits something else
    ("TLS 1.0", "Only administrators can change the cipher settings."),  # no version of it at all
])
def test_a_list_that_is_open_or_holds_the_version_excludes_nothing(phrase, text):
    assert not excluded_by(phrase, text)


def test_a_lower_grade_of_the_standard_asked_is_a_no():
    """Spacelift's "Is your government environment authorized at the FedRAMP High baseline?" had been "Fully
    Supported" from "a FedRAMP Moderate Authorized environment"."""
    from agents.rules.closed_list import lower_grade

    moderate = "Spacelift provides a FedRAMP Moderate Authorized environment for U.S. government agencies."
    assert lower_grade("Is the environment authorized at the FedRAMP High baseline?", moderate) == "moderate"
    assert lower_grade("Is the environment FedRAMP Moderate?", moderate) is None
    assert lower_grade("Is the environment FedRAMP Low?", moderate) is None  # a higher grade meets a lower one
    assert lower_grade("Do you hold a SOC 2 Type 2 report?", "We hold a SOC2 Type I report.") == "type 1"
    assert lower_grade("Do you hold a SOC 2 Type 2 report?", "SOC2 Type II Certified") is None
    assert lower_grade("Is it FedRAMP High?", "Our SOC 2 Type 1 report is shared under NDA.") is None


def test_anyone_doing_it_answers_no_to_only_some_people():
    """Travis CI's "anyone (including those without push access to your repository) can encrypt data" had answered
    "Fully Supported" to whether only people with push rights can encrypt values."""
    from agents.rules.closed_list import any_not_only

    anyone = ("Once the public key is available, anyone (including those without push access to your repository) can "
              "encrypt data which can only be decrypted by Travis CI.")
    assert any_not_only("Can only people with push rights encrypt values for our repository?", anyone) is not None
    assert any_not_only("Can only people with push rights delete the key?", anyone) is None
    assert any_not_only("Can only the repository owner encrypt values?", anyone) is None


def test_every_one_answers_no_to_limited_to_a_single_one():
    """Travis CI's signing key "can be used under every repository owned by this entity", asked whether it is limited
    to a single repository."""
    from agents.rules.closed_list import any_not_only

    every = "The key uploaded under an organization account can be used under every repository owned by this entity."
    assert any_not_only("Is a signing key uploaded to an organization limited to a single repository?", every) == \
        "every repository"
    assert any_not_only("Is a signing key limited to a few hours of use?", every) is None


def test_exactly_one_or_one_means_only_answers_no_to_several_or_another():
    """Semaphore's "A group can have exactly one role directly assigned" and "Status checks can only be configured
    using the [Semaphore Command Line](…)" had answered "Fully Supported" to several roles and to the web interface."""
    from agents.rules.closed_list import one_only, other_means

    assert one_only("Can a group be given several roles directly?",
                    "A group can have exactly one role directly assigned.") == "exactly one role directly assigned"
    cli = "Status checks can only be configured using the [Semaphore Command Line](../reference/semaphore-cli)."
    assert other_means("Can status checks be configured in the web interface?", cli) is not None
    assert other_means("Can status checks be configured from the command line?", cli) is None
    assert other_means("Can status checks be configured?", cli) is None


def test_put_only_somewhere_else_is_a_no_to_where_the_question_asks():
    from agents.rules.closed_list import only_elsewhere

    asked = "Are uploaded files included in the daily CSV digest?"
    passage = ("You can get a daily CSV file of all submissions. If your form has any file upload questions, the "
               "uploaded files will only be attached to the individual submissions.")
    assert only_elsewhere(asked, passage) == "will only be attached to the individual submissions"
    assert only_elsewhere("Is data stored in the EU?", "Customer data is only stored in the US.") == \
        "is only stored in the US"
    # The same place, a named place that may lie inside the other, or another thing put there: no denial.
    same = "Customer data is only stored in the EU."
    assert only_elsewhere("Is customer data stored in the EU region?", same) is None
    assert only_elsewhere("Is data stored in Frankfurt?", "Data is only stored in the EU.") is None
    assert only_elsewhere("Are invoices sent to the billing contact?", "Receipts are only sent to the account owner.") \
        is None


def test_allowed_at_one_level_only_is_a_no_to_another_level():
    from agents.rules.closed_list import other_level

    cluster = "Users with the Cluster Admin role are only allowed to manage role assignments at the cluster scope."
    assert other_level("Can a Cluster Admin manage role assignments for the whole organization?", cluster) == \
        "only allowed to manage role assignments at the cluster scope"
    assert other_level("Can a Cluster Admin manage role assignments at the organization level?", cluster)
    # The level allowed, no level asked, a whole thing that is no level, or another thing limited: no denial.
    assert other_level("Can a Cluster Admin manage role assignments at the cluster scope?", cluster) is None
    assert other_level("Can a Cluster Admin manage role assignments?", cluster) is None
    assert other_level("Is the whole database encrypted?", "Encryption is only applied at the storage level.") is None
    assert other_level("Can billing be managed for the entire organization?", cluster) is None
