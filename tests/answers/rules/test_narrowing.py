"""What real documentation taught the offline engine and its audit: a question about every plan or
region answered by a passage that holds for some of them only is "Partially Supported" (a leading
scope clause, a table row whose columns differ); a list holding the question only across its items
is no answer; the extractive answer's own framing and prose are not held against it; a sentence two
pages repeat is said once and cited from both; a name of the question the best passages leave out is
looked for in a passage on the question, not in any passage that names it; a passage that denies
one of the question's names outright decides its status wherever it is cited."""

from __future__ import annotations

from pathlib import Path

from agents.pipeline import Pipeline
from agents.rules.list_items import spread_over_items
from agents.rules.narrowing import narrowing, restricted_scope
from retrieval import ingest
from tests.documents import pipeline_over

_RETENTION = ("# Data retention\n\n## Retention by plan\n\n| Data type | Developer | Team | Business |\n"
              "|---|---|---|---|\n| Errors | 30 days | 90 days | 90 days |\n| Logs | 30 days | 30 days | 30 days |\n")
_PRIVACY = ("# IP addresses\n\nFor organizations using the EU cloud, IP address capture is disabled by default for all "
            "new projects.\n")


async def _pipeline(tmp_path, index) -> Pipeline:
    return await pipeline_over(tmp_path / "docs", index, {"retention.md": _RETENTION, "privacy.md": _PRIVACY})


async def test_a_value_that_differs_by_plan_only_partly_answers_every_plan(tmp_path, index):
    pipeline = await _pipeline(tmp_path, index)
    every = await pipeline.run("Are error events retained for 90 days on every plan?")
    assert every.synthesis.compliance_status == "Partially Supported"
    assert "30 days" in every.synthesis.answer


async def test_a_default_stated_for_one_region_only_partly_answers_every_region(tmp_path, index):
    pipeline = await _pipeline(tmp_path, index)
    result = await pipeline.run("Is IP address capture disabled by default for new projects in every region?")
    assert result.synthesis.compliance_status == "Partially Supported"


def test_what_narrows_and_what_does_not():
    assert narrowing("Are logs kept 30 days on every plan?", "Logs | 30 days | 30 days | 30 days") is None
    assert narrowing("Are errors kept 90 days?", "Errors | 30 days | 90 days") is None  # not asked of every plan
    assert narrowing("Is capture off by default in every EU cloud project?",
                     "For organizations using the EU cloud, capture is off by default.") is None  # the question names it
    assert narrowing("Is capture off in every region?", "For organizations using the EU cloud, capture is off.")
    assert narrowing("Is all data stored in the US?", "United States of America (US) | US2 | Las Vegas, Nevada, USA") is None
    assert narrowing("Is SSO on every plan?", "SSO | ❌ | ✅ | ✅")
    assert narrowing("Is every volume encrypted at rest?", "Use `--no-encryption` to create an unencrypted volume.")
    assert narrowing("Is the volume encrypted at rest?", "Use `--no-encryption` to create an unencrypted volume.") is None
    for opening in ("In addition", "For example", "In general", "With that out of the way", "For more information"):
        assert narrowing("Is all data encrypted at rest?", f"{opening}, all data is encrypted at rest.") is None
    # "some" of what is asked of every one (Appwrite's and Turso's first runs answered these "Fully Supported").
    limits = "Appwrite uses rate limits on some endpoints to avoid abuse or brute-force attacks against its REST API."
    assert narrowing("Is every single API endpoint rate limited?", limits) == "some endpoints"
    assert narrowing("Is every API endpoint of your cloud served over HTTPS?", limits) is None  # a passage on else
    assert narrowing("Is the login endpoint rate limited?", limits) is None  # not asked of every one


async def test_a_list_holding_the_question_only_across_its_items_is_not_an_answer(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"saml.md": (
        "# SAML\n\n## Services\n\nWe support the following SAML services:\n\n"
        "- Identity and Service Provider initiated SSO\n- Identity Provider initiated SLO (Single Logout)\n")})
    result = await pipeline.run("Does the SAML integration support single logout initiated by the service provider?")
    assert result.escalated and "different items" in (result.escalation_reason or "")
    assert spread_over_items("Do you offer daily backups and point-in-time recovery?",
                             "We offer: - Daily backups - Point-in-time recovery") is None  # two things asked, two items


async def test_an_extractive_answer_is_not_held_for_its_own_framing_or_prose(tmp_path, index):
    """The offline answer tells its quotes as prose after "The documentation says:": neither that framing
    nor a multi-sentence quote told without its markdown is an uncited or unsupported claim."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {"retention.md": _RETENTION, "mfa.md": (
        "# Two-factor authentication\n\n## Requiring it\n\n- **Owners** can require 2FA for every member. "
        "Members without 2FA are removed until they enrol.\n- Recovery codes are shown once.\n")})
    for question in ("How long are error events kept on the Developer plan?",
                     "Can owners require two-factor authentication for every member?"):
        result = await pipeline.run(question)
        issues = " ".join(i for c in result.critic_feedback for i in c.issues)
        assert "without a citation" not in issues and "is not what its quotes say" not in issues, (question, issues)


async def test_no_evidence_is_not_taken_for_a_no_opening_an_open_question(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"retention.md": _RETENTION})
    result = await pipeline.run("What is your recovery time objective for the production service?")
    assert result.synthesis.answer.startswith("No evidence was found")
    assert all("not a yes/no question" not in (c.checks.answer_quality.issue or "") for c in result.critic_feedback)


async def test_a_sentence_two_pages_repeat_is_said_once_and_cited_from_both(tmp_path, index):
    sentence = "Deploying on your own servers is possible but we do not provide support for self-hosted instances."
    pipeline = await pipeline_over(tmp_path / "docs", index, {"gdpr.md": f"# GDPR\n\n## Deploy\n\n{sentence}\n",
                                                              "ccpa.md": f"# CCPA\n\n## Deploy\n\n{sentence}\n"})
    result = await pipeline.run("Do you offer support for self-hosted instances?")
    cited = [c.source_path for c in result.synthesis.citations if c.is_evidence]
    assert sorted(cited) == ["ccpa.md", "gdpr.md"]
    assert result.synthesis.answer.count("we do not provide support") == 1 and "[1][2]" in result.synthesis.answer


def test_a_phrase_joined_to_another_quantified_one_is_read_from_its_own_quantifier():
    """Infisical: "every configuration change and every read of secret material" is every read, not a kind of read."""
    logged = ("Management and data access events are always recorded, so the log always has every configuration "
              "change and every read of secret material.")
    assert restricted_scope("Do you log every time someone reads a secret value?", logged) is None
    assert restricted_scope("Do you log every read?", "The log has every privileged read.") == "privileged read"



def test_the_phrase_quantified_ends_where_its_verb_starts():
    """Travis CI: "Does every project get a deploy key of its own?" asks of every project, so "the SSH key" a passage
    gives each is no narrower kind of what is quantified."""
    passage = "Each project set up gets its own SSH key; you receive an email when we add the SSH key to your project."
    assert restricted_scope("Does every project get a deploy key of its own?", passage) is None
    assert restricted_scope("Does each job receive its own identity token?", "Each job gets the API token.") is None
    narrower = restricted_scope("Does every project get a key?", "Every enterprise project gets a key.")
    assert narrower == "enterprise project"

async def test_a_field_marked_optional_answers_whether_it_can_be_used_in_full(tmp_path, index):
    """"Password (optional): …" answers "Can a shared secret be protected with a password?" fully; asked whether
    a password is required, "optional" is the limit."""
    page = ("# Secret sharing\n\nShare a secret through a link that expires.\n\n"
            "- **Password (optional):** A password which will be required when viewing the secret.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"sharing.md": page})
    can = await pipeline.run("Can a shared secret be protected with a password?")
    assert can.synthesis.compliance_status == "Fully Supported"
    required = await pipeline.run("Is a password always required to view a shared secret?")
    assert required.synthesis.compliance_status != "Fully Supported"


async def test_a_step_labelled_optional_is_not_a_limit_on_what_is_offered(tmp_path, index):
    idp = ("---\ntitle: Connect single sign-on\n---\n\nDocker supports multiple IdP configurations, set up so:\n\n"
           "1. Optional. Add a default team.\n2. Repeat the connection steps for each IdP.\n")
    plans = "# SSO plans\n\nSSO is available for an organization that has a Docker Business subscription.\n"
    pipeline = await pipeline_over(tmp_path / "docs", index, {"connect.md": idp, "plans.md": plans})
    several = await pipeline.run("Is it possible to use multiple IdP configurations with SSO?")
    assert several.synthesis.compliance_status == "Fully Supported"
    every = await pipeline.run("Is SSO available for all paid subscriptions?")
    assert every.synthesis.compliance_status == "Partially Supported"



_EVAL = Path(__file__).resolve().parents[3] / "eval"


async def _over_corpus(vendor: str, index) -> Pipeline:
    await ingest([_EVAL / vendor / "corpus"], index)
    return Pipeline(index)


async def test_a_name_the_best_passages_leave_out_is_found_in_a_passage_on_the_question(index):
    # Docker's three passages on 2FA outrank the one that says how 2FA goes with SSO; none of them says "SSO".
    pipeline = await _over_corpus("docker", index)
    result = await pipeline.run("Does Docker SSO support multi-factor authentication (MFA)?")
    assert result.synthesis.compliance_status == "Fully Supported"
    assert any(c.source_path == "sso-connect.md" and "When SSO is enforced" in c.quote
               for c in result.synthesis.citations)


async def test_a_passage_brought_in_for_a_name_does_not_push_out_one_of_the_best_three(index):
    # None of the three best passages on "Does SAML SSO use Just-in-Time provisioning?" says SAML; the one
    # brought in for it is cited beside all three, so the JIT page's own passage (third) stays cited.
    pipeline = await _over_corpus("docker", index)
    result = await pipeline.run("Does SAML SSO use Just-in-Time provisioning?")
    cited = {c.source_path for c in result.synthesis.citations}
    assert "just-in-time-provisioning.md" in cited
    assert any("SAML" in c.quote for c in result.synthesis.citations)


async def test_a_passage_that_merely_names_the_missing_name_does_not_answer(index):
    # Beside Sentry's 2FA passages, the SSO page's best passage naming SSO is a provider's set-up step: it is
    # not cited. Until the floor was refitted on twenty-one sets (0.33 to 0.30) the passage on the question,
    # fifth on the 2FA page ("Require 2FA is currently not available with single sign-on"), was cited and its
    # denial decided; at 0.30 the citations stop before it, the answer reads "Fully Supported", wrong, and a
    # reviewer sees it (the fit traded this status, and others, for recall: README, "Answer quality").
    pipeline = await _over_corpus("sentry", index)
    result = await pipeline.run("Can mandatory 2FA be enforced in Sentry for an organization that signs in through SSO?")
    assert not any("Add a new SSO application" in c.quote for c in result.synthesis.citations)
    assert all(c.source_path.endswith("two-factor-authentication.md") for c in result.synthesis.citations[:3])
    assert result.escalated


async def test_a_passage_denying_a_name_of_the_question_outright_decides_it(index):
    # "Archival is not supported in Temporal Cloud" is cited second, after the passage likening Export to it.
    pipeline = await _over_corpus("temporal", index)
    result = await pipeline.run("Is Archival available in the managed cloud service?")
    assert result.synthesis.compliance_status == "Not Supported"
    assert any("Archival is not supported" in c.quote for c in result.synthesis.citations)


async def test_a_name_denied_only_under_a_condition_is_not_denied(index):
    pipeline = await _over_corpus("docker", index)
    result = await pipeline.run("Can user accounts be provisioned automatically from our identity provider using SCIM?")
    assert result.synthesis.compliance_status == "Fully Supported"


async def test_a_scope_that_leaves_out_what_is_asked_denies_it(index):
    pipeline = await _over_corpus("temporal", index)
    result = await pipeline.run("Does the yearly third-party penetration test include social engineering?")
    assert result.synthesis.compliance_status == "Not Supported"
    assert any("excluding social engineering" in c.quote for c in result.synthesis.citations)


def test_a_limit_in_a_list_item_on_something_else_is_no_limit():
    """Langfuse's first run: "… architectures where possible" limited "Which cloud provider runs the service?"."""
    from agents.rules.list_items import items_on_question
    measures = ("Technical Measures - Hosting in certified data centres by reputable cloud providers (e.g. AWS) "
                "- Using scalable architectures where possible - Backup concept")
    kept = items_on_question("Which cloud provider hosts the service?", measures)
    assert "cloud providers" in kept and "where possible" not in kept
    assert items_on_question("Are your architectures scalable?", measures).count("where possible") == 1
    assert items_on_question("Do you have a SOC 2 report?", measures) == measures


async def test_a_list_item_limit_on_something_else_leaves_the_answer_full(tmp_path, index):
    page = ("# Measures\n\n## Availability\n\n- Hosting in certified data centres by reputable cloud providers (e.g. "
            "AWS)\n- Using highly available and horizontally scalable architectures where possible\n- Backup concept\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"toms.md": page})
    answer = (await pipeline.run("Is the service hosted in certified data centres?")).synthesis
    assert answer.compliance_status == "Fully Supported"


def test_all_team_members_are_all_members():
    # Supabase and Railway: "enforce MFA for all team members" answers "…for all of its members?" in full; a
    # role named in place of the members asked about still narrows.
    assert restricted_scope("Can an organization make MFA mandatory for all of its members?",
                            "Organization owners can choose to enforce MFA for all team members.") is None
    assert restricted_scope("Can an organization make MFA mandatory for all of its members?",
                            "Owners can choose to enforce MFA for all billing members.") == "billing members"


def test_sparing_the_session_that_made_the_change_is_no_limit():
    """Spacelift: "Do edits to a login policy end existing sessions?" had been "Partially Supported" from "will
    invalidate all active sessions except the session making the change" (three such answers)."""
    from agents.text.cues import cue_phrases

    # The cue itself, whether or not the fitted list holds it this time: how it is read is what is tested.
    spared = "Changes invalidate all active sessions except the session making the change."
    assert cue_phrases(spared, ("except",)) == []
    current = "After enforcement, existing sessions except for the current one are invalidated."
    assert cue_phrases(current, ("except",)) == []
    assert cue_phrases("Sessions in all regions except Tokyo are invalidated.", ("except",)) == ["except"]


def test_a_passage_saying_the_scope_asked_besides_another_does_not_narrow_it():
    """Firezone: "to encrypt all data plane traffic and TLS to encrypt all control plane traffic" says all data plane
    traffic is encrypted; the control plane is another scope said beside it, not a narrower one."""
    both = ("Firezone uses WireGuard to encrypt all data plane traffic and TLS to encrypt all control plane "
            "traffic.")
    assert restricted_scope("Is all data plane traffic encrypted end to end?", both) is None
    assert restricted_scope("Is all data plane traffic encrypted end to end?",
                            "We encrypt all control plane traffic with TLS.") == "control plane traffic"


async def test_a_maximum_on_request_body_size_is_no_limit_on_when_it_is_given(tmp_path, index):
    """Prefect's "What is the biggest request body the API will accept?" had been "Partially Supported": its answer's
    "on request body size" was read as "on request" (given when asked)."""
    from agents.text.cues import cue_phrases

    assert cue_phrases("Reports are shared on request.", ("on request",)) == ["on request"]
    assert cue_phrases("a 5 MiB maximum on request body size", ("on request",)) == []
    page = ("# Limits\n\nThe service enforces a **5 MiB** maximum on request body size for all API endpoints.\n\n"
            "Every HTTP call counts as one request toward the rate limit bucket.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"limits.md": page})
    answer = (await pipeline.run("What is the biggest request body the API will accept?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    assert "5 MiB" in answer.answer


def test_what_a_list_is_not_and_an_example_lead_are_no_cues():
    """Login.gov's "This isn't a comprehensive list" had denied every issue its support lists as one it can help with,
    and "A request … might look like:" had limited the example it leads."""
    from agents.text.cues import NEGATIVE_CUES, PARTIAL_CUES, cue_phrases

    assert cue_phrases("This isn't a comprehensive list but questions in these categories are answered.",
                       NEGATIVE_CUES) == []
    assert "not supported" in cue_phrases("This is not supported.", NEGATIVE_CUES)
    assert "might" not in cue_phrases("A proofed identity request with phishing-resistant MFA might look like:",
                                      PARTIAL_CUES)
    assert "might" in cue_phrases("The request might fail.", PARTIAL_CUES)


async def test_a_restriction_to_what_the_question_asks_of_limits_nothing(tmp_path, index):
    """Travis CI's "makes encrypted variables and data available only to pull requests coming from the same
    repository" had answered "Partially Supported" to whether secrets reach pull requests from the same repository."""
    page = ("# Pull requests and security\n\nTravis CI makes encrypted variables and data available only to pull "
            "requests coming from the same repository (internal pull requests).\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"pull-requests.md": page})
    same = (await pipeline.run("Are secrets available to pull requests opened from the same repository?")).synthesis
    assert same.compliance_status == "Fully Supported", same.reasoning
    forks = (await pipeline.run("Are secrets available to pull requests?")).synthesis
    assert forks.compliance_status != "Fully Supported", forks.reasoning


def test_on_top_of_adds_to_what_it_names():
    assert narrowing("For Kafka, are the replicas of each partition placed in different availability zones?",
                     "On top of spreading service's nodes across the availability zones of a cloud region, Aiven "
                     "automatically balances replicas of your Apache Kafka partitions into different AZs.") is None
    assert narrowing("Are all backups encrypted?", "For PostgreSQL services, backups are encrypted.") is not None
