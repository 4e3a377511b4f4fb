"""A yes/no question's own act negated in a cited sentence denies it, wherever the sentence is cited: its verb or the
act in other words after a negation, its subject not implemented, nothing of it undergoing the act, the act done "at no
point"."""

from __future__ import annotations

from pathlib import Path

from agents.rules.denial import denials, none_of
from agents.rules.negated_act import negated_verb, never_done
from tests.documents import pipeline_over

_EVAL = Path(__file__).resolve().parents[3] / "eval"


def test_a_negation_before_the_questions_own_verb_denies_it_where_the_sentence_names_more_of_it():
    """Zulip: "Organization administrators cannot deactivate organization owners." answers "Can an organization
    administrator deactivate an owner?" no, cited below the best passage or not. A negation describing whom the
    sentence is about ("users who don't authenticate", "a key that never expires") denies nothing."""
    owners = "Organization administrators cannot deactivate organization owners."
    assert negated_verb("Can an organization administrator deactivate an owner?", owners) == "cannot deactivate"
    assert negated_verb("Can an admin deactivate a bot?", "We cannot deactivate it.") is None  # the verb alone
    assert negated_verb("Does Docker SSO support authenticating through the command line?",
                        "To invite users who don't authenticate through your identity provider, sign in.") is None
    assert negated_verb("Can API keys be made to expire automatically?",
                        "Setting `expiresAt` to `null` creates a key that never expires.") is None
    assert negated_verb("Which roles can deactivate an owner?", owners) is None  # not a yes/no question
    # What a sentence's subject says is not implemented, when the question names it.
    limits = "Zulip's SCIM integration has the following limitations: * Provisioning Groups is not yet implemented."
    assert negated_verb("Can SCIM create and keep groups in step with our identity provider?", limits) == \
        "Provisioning Groups is not yet implemented"
    assert negated_verb("Is data stored in the EU region?", "We disable AI features for EU customers, where data "
                        "storage in the EU region is not available.") is None


async def test_a_denial_cited_below_the_best_passage_answers_no_when_it_negates_the_questions_verb(tmp_path, index):
    # Zulip's own pages, where "Organization owners can do anything that an organization administrator can do"
    # is the best passage and the denial is cited third.
    corpus = _EVAL / "zulip" / "corpus"
    pages = {name: (corpus / name).read_text(encoding="utf-8") for name in
             ("roles-and-permissions.md", "deactivate-or-reactivate-a-user.md", "invite-new-users.md")}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    answer = (await pipeline.run("Can an organization administrator deactivate an owner?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("cannot deactivate organization owners" in c.quote for c in answer.citations)


def test_is_not_before_the_questions_own_word_denies_it_but_not_when_said_of_some_only():
    # Railway: "responses are not guaranteed for these tiers" answers "Can free-plan users expect a guaranteed
    # reply from Railway staff?" no; Docker: "These scenarios aren't restricted by Registry Access Management"
    # lists exceptions to what is restricted, a limit.
    support = "While Railway employees may participate in community discussions, responses are not guaranteed."
    assert negated_verb("Can free-plan users expect a guaranteed reply from Railway staff?", support) == \
        "are not guaranteed"
    scenarios = "These scenarios aren't restricted by Registry Access Management: - Docker buildx with Kubernetes"
    assert negated_verb("Can administrators restrict which registries developers pull images from?", scenarios) is None
    assert negated_verb("Are all SQLite pragmas supported in the cloud?",
                        "Some SQLite pragma statements are not supported in the cloud.") is None


def test_a_negated_verb_denies_the_questions_act_said_in_other_words():
    """PostHog's "customer data is never sold" answers "Do you sell customer data…?" no: one act in other words or
    another form ("sold", "modify" for "change", "not allowed to delete"); a verb the question names only in a
    condition ("after we remove them") or asks to keep from happening ("stop … from writing") is no denial."""
    sold = "We don't access end-user data, and customer data is never sold to third parties."
    assert negated_verb("Do you sell customer data to other companies?", sold) == "never sold"
    assert negated_verb("Can an organization admin rewrite a message another person wrote?",
                        "Administrators cannot edit a message to delete its content.") == "cannot edit"
    assert negated_verb("Can we delete one of the built-in roles?", "As we do not support the ability for an "
                        "organization to delete a standard role, we added deactivation.") is not None
    assert negated_verb("Are flag requests from your SDKs throttled per second?",
                        "Requests made by our SDKs are _not_ rate limited, by design.") is not None
    assert negated_verb("Are a person's earlier builds kept after we remove them from the organization?",
                        "Builds created by the user will not be deleted.") is None
    assert negated_verb("Can we stop browser-side SDKs from writing user traits?",
                        "Turning it off will not allow client-side SDKs to write traits.") is None
    assert negated_verb("Can users decrypt the payload?", "Users cannot encrypt the payload.") is None  # an opposite


def test_nothing_of_the_questions_subject_undergoing_its_act_is_a_denial():
    """"No PII is stored or transferred" answers a question on personally identifiable information transferred,
    by its initials; "No security SLA is provided" one on getting a security SLA; not what the question itself
    says no to, nor nothing of another subject."""
    pii = "No PII is stored or transferred to GrowthBook with the experimentation reports."
    question = "Is personally identifiable information transferred to you as part of experiment reporting?"
    assert negated_verb(question, pii) == "No PII is stored or transferred"
    assert none_of(question, pii) is not None
    sla = "Security SLA: No security Service Level Agreement (SLA) is provided."
    assert negated_verb("Do users of the free open-source edition get a security SLA?", sla) is not None
    assert negated_verb("Is there no SLA for the free edition?", sla) is None
    assert negated_verb("Are audit logs transferred to you?", pii) is None


async def test_a_denial_in_other_words_answers_no_on_the_vendors_own_pages(tmp_path, index):
    # GrowthBook's and PostHog's own pages, where the denial is cited below a passage that affirms.
    pages = {"security.md": (_EVAL / "posthog" / "corpus" / "security.md").read_text(encoding="utf-8"),
             "security.mdx": (_EVAL / "growthbook" / "corpus" / "security.mdx").read_text(encoding="utf-8")}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    sold = (await pipeline.run("Do you sell customer data to other companies?")).synthesis
    pii = (await pipeline.run("Is personally identifiable information transferred to you as part of experiment "
                              "reporting?")).synthesis
    assert sold.compliance_status == "Not Supported"
    assert any("never sold" in c.quote for c in sold.citations)
    assert pii.compliance_status == "Not Supported"
    assert any("No PII" in c.quote for c in pii.citations)


def test_an_act_done_at_no_point_is_denied_and_emphasis_hides_no_negation():
    """Railway: "at no point will a Railway team member modify your application…" answers "Can Railway employees
    change our application code…?" no; Flagsmith's "are _not_ rate limited" reads as "not"."""
    railway = ("Railway may remove offending workloads but at no point will a Railway team member modify your "
               "application without your expressed permission.")
    assert never_done("Can Railway employees change our application code without asking us?", railway) == \
        "at no point will a Railway team member modify"
    assert never_done("Can Railway employees read our logs?", railway) is None  # another act
    assert denials("Requests made by our SDKs are _not_ rate limited, by design.",
                   "Are flag requests from your SDKs rate limited per second?")
