"""One cloud vocabulary: documents, questions, term analysis and follow-ups agree on it."""

from agents.classifier import classify_offline
from agents.conversation.followup import is_follow_up
from agents.text.terms import key_terms
from retrieval.documents.csp import detect_csp
from retrieval.vocabulary import clouds_mentioned, parse_csp


def test_a_cloud_is_recognised_by_any_of_its_names_and_services():
    assert clouds_mentioned("Do you integrate with Amazon Web Services GuardDuty?") == ["AWS"]
    assert clouds_mentioned("Findings from Security Command Center on GKE") == ["GCP"]
    assert clouds_mentioned("Is the key held in Key Vault or in AWS KMS?") == ["AWS", "Azure"]


def test_a_word_that_contains_a_service_name_is_not_that_service():
    # "centralized" contains "entra" and "s3x" contains "s3": neither is about a cloud.
    assert classify_offline("Is audit logging centralized?").variants() == {}
    assert classify_offline("Do you scan the s3x firmware?").variants() == {}
    assert classify_offline("Do you support Entra ID for SSO?").variants() == {"Azure": "Do you support Entra ID for SSO?"}


def test_front_matter_and_paths_use_the_same_spellings():
    assert parse_csp("  Google   Cloud Platform ") == "GCP"
    assert parse_csp("none") == "General"
    assert parse_csp("oracle") is None
    assert detect_csp("Microsoft Azure", "x.md", "t") == "Azure"
    assert detect_csp(None, "docs/amazon-web-services/keys.md", "Keys") == "AWS"
    assert detect_csp(None, "docs/aws/keys.md", "Keys") == "AWS"
    assert detect_csp(None, "docs/general.md", "AWS and GCP") == "General"  # two clouds: about neither


def test_a_cloud_is_one_term_however_it_is_written():
    assert key_terms("Google Cloud Platform") == key_terms("GCP") == ["gcp"]
    assert key_terms("Amazon  Web Services buckets") == key_terms("AWS buckets")


def test_naming_only_another_cloud_continues_the_thread():
    assert is_follow_up("Google Cloud?")
    assert is_follow_up("Azure too?")
    assert not is_follow_up("Do you support SCIM provisioning on Azure?")
