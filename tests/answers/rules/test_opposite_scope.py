"""A passage about the opposite scope (public for private, cloud-hosted for self-hosted) answers part of
the question at most."""

from __future__ import annotations

from agents.rules.opposite_scope import opposite_scope, restricted_to_opposite
from tests.documents import pipeline_over


def test_the_opposite_scope_is_read_only_when_the_passage_does_not_name_the_asked_one():
    asked = "Are tokens found in our private repositories revoked automatically as well?"
    assert opposite_scope(asked, "Tokens leaked on _public_ repositories will be automatically revoked.") == "public"
    assert opposite_scope(asked, "GitHub scans these _private_ or _public_ repositories and notifies you.") is None
    assert opposite_scope("Can a self-hosted installation stream events?",
                          "The cloud-hosted version streams events to SIEM systems.") == "cloud-hosted"
    assert opposite_scope("Are public repositories scanned?", "Tokens in public repositories are revoked.") is None


async def test_a_yes_from_the_opposite_scope_is_not_sent_as_fully_supported(tmp_path, index):
    """Buildkite's "…private repositories revoked automatically?" had gone out alone as "Yes." from the
    sentence on public repositories."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {
        "tokens.md": "# Token security\n\nAPI tokens leaked on _public_ repositories are automatically revoked and "
                     "their owners notified.\n"})
    result = await pipeline.run("Are API tokens leaked in our private repositories automatically revoked?")
    assert result.synthesis.compliance_status == "Partially Supported" and result.escalated
    public = await pipeline.run("Are API tokens leaked in public repositories automatically revoked?")
    assert public.synthesis.compliance_status == "Fully Supported"


def test_a_restriction_to_the_opposite_scope_is_a_no():
    """Spacelift's "Can the VCS agent be used together with your shared public workers?" had been "Partially
    Supported" from "VCS agents are only supported when using private worker pools"."""
    only_private = "VCS agents are only supported when using private worker pools."
    assert restricted_to_opposite("Can the VCS agent be used with your shared public workers?", only_private) == \
        "only supported when using private"
    assert restricted_to_opposite("Can the VCS agent be used with private workers?", only_private) is None
    # Another scope named without "only" is a passage about another scope, not a restriction.
    assert restricted_to_opposite("Can public workers reach our VCS?",
                                  "Private workers reach your VCS directly.") is None
