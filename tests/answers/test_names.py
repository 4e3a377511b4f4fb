"""A name with a version is found however the documents write it: by its initials or its words, with "version"
before the number or not; an acronym asked in the plural, a standard written short in capitals, and an own key store
are names the documents have, not gaps."""

from __future__ import annotations

from agents.text.names import unsupported_phrases
from tests.documents import pipeline_over


def test_a_versioned_acronym_is_mentioned_by_its_words_written_out():
    statement = ("The documentation is compliant with the [Web Content Accessibility Guidelines version 2.2] AA "
                 "standard.")
    assert unsupported_phrases("Does your documentation meet WCAG 2.2 at level AA?", statement) == []
    assert unsupported_phrases("Do you accept TLS 1.3?", "We accept TLS version 1.3 only.") == []
    # The acronym in brackets after the words, then "version" (GOV.UK Forms' accessibility statement).
    statement = "It is fully compliant with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA standard."
    assert unsupported_phrases("Does the platform meet WCAG 2.2 AA?", statement) == []


def test_the_words_written_out_must_be_the_initials_and_the_version_the_same():
    statement = "The documentation is compliant with the Web Content Accessibility Guidelines version 2.1."
    assert unsupported_phrases("Does your documentation meet WCAG 2.2?", statement) == ["WCAG 2.2"]
    assert unsupported_phrases("Does your documentation meet WCAG 2.2?", "We follow web content guidelines 2.2.") == \
        ["WCAG 2.2"]


async def test_a_name_the_page_writes_another_way_is_no_gap(tmp_path, index):
    """Travis CI's first run sent three "no evidence" answers, each wrong: "PCI DSS Level 1" where the page says "a PCI
    Level 1 certified payments provider", "GPUs" where it says "GPU builds", and "our own key management system" read
    as asking for customer-held encryption keys."""
    pages = {
        "security.md": "# Security\n\nTravis does not store or receive any kind of credit card data other than a "
                       "reference token that allows us to create payments with our payments provider Stripe, a PCI "
                       "Level 1 certified payments provider.\n",
        "gpu.md": "# GPU VM instance size\n\nYou can choose to run your GPU builds on various GPU sizes, with an "
                  "NVIDIA T4 or V100 attached.\n",
        "signing.md": "# Signing\n\nYou can also obtain a signing key by configuring the HashiCorp Vault access in "
                      "Travis CI and getting a signing key from the Vault, your own key management system.\n",
    }
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    for question in ("Is your payment processor certified at PCI DSS Level 1?", "Can builds run on machines with GPUs?",
                     "Can the signing key come from our own key management system?"):
        answer = (await pipeline.run(question)).synthesis
        assert answer.compliance_status == "Fully Supported", (question, answer.answer)
        assert answer.citations and "No evidence" not in answer.answer


def test_a_standard_written_short_is_only_there_in_capitals_and_an_own_key_store_is_no_key():
    assert unsupported_phrases("Are you PCI DSS compliant?", "We process card payments in compliance.") == \
        ["PCI", "DSS"]
    assert unsupported_phrases("Are you PCI DSS compliant?", "Personal client information is encrypted.") == ["DSS"]
    assert unsupported_phrases("Can we bring our own encryption keys?", "Data is encrypted with AES-256.") == \
        ["customer-managed keys"]
    assert unsupported_phrases("Can we use our own key management system?", "Keys can come from your KMS.") == []


def test_a_place_or_a_library_named_another_way_is_mentioned():
    """GOV.UK Notify's first run: its two surest answers were "no evidence … for British, Irish" and "… for SDK",
    both wrong: the pages say "data centres in the UK and Ireland" and "the client libraries"."""
    assert unsupported_phrases("Are messages held in British and Irish data centres?",
                               "AWS data centres in the UK and Ireland") == []
    assert unsupported_phrases("Are builds run inside the United States?", "Amazon EC2 in Ashburn, VA, USA.") == []
    assert unsupported_phrases("Can we call you without an SDK?", "If you cannot use the client libraries") == []
    assert unsupported_phrases("Are SMS messages encrypted?", "Text messages cannot be encrypted end to end.") == []
    assert unsupported_phrases("Are messages held in British data centres?", "Data centres in Ireland.") == ["British"]
    assert unsupported_phrases("Are builds run inside the United States?", "Hosted in us-east-1 regions.") == \
        ["United", "States"]


def test_a_numbered_name_written_by_its_initials_or_its_number_is_mentioned():
    """Mattermost's federal FAQ says "deployed in IL4, IL5, and IL6 environments" and its compliance page "compliant
    with 508": its first run answered "no evidence … Impact Level 5" at 94 % and "… Section 508" at 92 %, both
    wrong."""
    deployed = "Mattermost has been deployed in IL4, IL5, and IL6 environments."
    assert unsupported_phrases("Has your software been deployed at Impact Level 5?", deployed) == []
    assert "Level 7" in unsupported_phrases("Has your software been deployed at Impact Level 7?", deployed)
    compliant = "Yes, the platform is compliant with 508. VPATs are available."
    assert unsupported_phrases("Is the product Section 508 compliant?", compliant) == []
    assert unsupported_phrases("Is the product Section 509 compliant?", compliant) == ["Section 509"]
    # Two digits are too common to be the name: "Article 28" is not "kept 28 days".
    assert unsupported_phrases("Do you meet Article 28?", "Logs are kept 28 days.") == ["Article 28"]
