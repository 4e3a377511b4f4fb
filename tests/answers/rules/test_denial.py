"""A negation in a clause that says why the main clause holds is no denial of the question,
unless that clause is what the question is about; a scope that leaves out by name what the question
asks ("excluding social engineering") is one; a negation in one of several listed facts that shares
no word with the question is about something else; an item listed under a roadmap heading is not had yet."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.rules.denial import (contrasted, denials, disabled, fixed_once, negated_verb, never_done, new_ones_only,
                                 none_of, unaffected, undone)
from agents.rules.exclusion import excluded_asked
from tests.documents import pipeline_over

_EVAL = Path(__file__).resolve().parents[3] / "eval"


def test_a_purpose_clause_about_something_else_does_not_deny_the_question():
    passage = ("Enterprise customers can reach the API through AWS PrivateLink, so that API traffic from "
               "their VPCs does not cross the public internet.")
    assert denials(passage, "Can we reach the API privately through AWS PrivateLink?") == []


def test_a_purpose_clause_about_the_question_s_own_subject_still_denies_it():
    passage = "PostHog can discard IP addresses, ensuring raw IP addresses are not retained in your data."
    assert "are not" in denials(passage, "Do you store raw IP addresses?")


def test_a_main_clause_after_a_leading_purpose_clause_still_denies():
    passage = ("To ensure that data stays in your region, generative AI features are not available "
               "for EU region customers.")
    assert "are not" in denials(passage, "Are generative AI features available for EU region customers?")


def test_a_plain_denial_is_a_denial():
    assert denials("Customer-managed encryption keys are not supported.",
                   "Do you support customer-managed encryption keys?")[:1] == ["not supported"]


def test_can_not_in_two_words_is_a_denial_and_can_not_only_is_none():
    assert "cannot" in denials("Viewers can not make deploys or see environment variables.",
                               "Can a project Viewer see environment variables?")
    assert denials("Admins can not only view variables but also edit them.", "Can admins view variables?") == []


def test_the_goal_of_an_instruction_does_not_deny_the_question():
    passage = "Maintain the allowlist regularly: remove unused registries. Ensure development workflows aren't disrupted."
    assert denials(passage, "Is registry allowlisting available on every plan?") == []
    assert "are not" in denials("Make sure that tokens are not shared.", "Are tokens shared with third parties?")


async def test_the_passages_whose_wording_decides_the_status_are_named(tmp_path, index):
    """The cue fitting reads only these (bench/cues.py): a denial in a passage cited as context
    decides nothing in the engine, so it must not count against the phrase there either."""
    docs = {"tokens.md": "# Tokens\n\nThe default creates a token that does not expire.\n\n"
                         "Store tokens safely and never commit them to source code.\n"}
    pipeline = await pipeline_over(tmp_path / "docs", index, docs)
    asked = (await pipeline.run("Do access tokens expire by default?")).synthesis
    assert asked.compliance_status == "Not Supported"
    assert asked.deniable_quotes == ["The default creates a token that does not expire."]
    assert set(asked.limiting_quotes) <= {c.quote for c in asked.citations}
    open_question = (await pipeline.run("How long are access tokens valid by default?")).synthesis
    assert open_question.deniable_quotes == [] and open_question.limiting_quotes


def test_a_passage_leaving_out_what_the_question_asks_by_name_excludes_it():
    pentest = "Temporal contracts with a third party for an annual full-scope pentest, excluding social engineering."
    assert excluded_asked("Does the yearly penetration test include social engineering?", pentest) == \
        "excluding social engineering"
    assert excluded_asked("Is the platform penetration tested every year?", pentest) is None
    assert excluded_asked("Are all plans covered?", "All plans, except for the Free plan, are covered.") is None
    # A name set aside in brackets or after "but not" (Buildkite's webhook IP filtering list).
    providers = "IP filtering is available for: - GitHub - Bitbucket Server (not Bitbucket Cloud) - GitLab Community"
    assert excluded_asked("Is source-address filtering of webhooks offered for Bitbucket Cloud?", providers) == \
        "(not Bitbucket Cloud)"
    assert excluded_asked("Is webhook filtering offered for Bitbucket Server?", providers) is None
    assert excluded_asked("Do you support GitLab?", "We support GitHub but not GitLab.") == "but not GitLab"
    # One way set aside for another ("rather than", "instead of"): a question asking for that way is answered no.
    firewall = "Configure firewall rules by domain name (FQDN) rather than by IP address."
    assert excluded_asked("Can our firewall allow the service by a fixed list of IP addresses?", firewall) == \
        "rather than by IP address"
    assert excluded_asked("Can our firewall allow the service by domain name?", firewall) is None
    assert excluded_asked("Are webhooks signed?", "Use a signing secret instead of a shared token.") is None


def test_a_negation_in_a_listed_fact_the_question_does_not_ask_about_denies_nothing():
    listed = ("All access is logged, shared accounts are not allowed, and every production system requires "
              "SSO with MFA.")
    assert denials(listed, "Is access by your staff to production systems protected with SSO and MFA?") == []
    assert "are not" in denials(listed, "Are shared accounts permitted on production systems?")
    provider = "As a service provider, Ory does not store, process, or transmit account data."
    assert "does not" in denials(provider, "Do you store or process cardholder account data?")
    # A clause ending on a preposition runs on past the comma: the negation is the question's own.
    parenthetical = ("It is not designed for, nor effective at, protecting against malicious actors with commit "
                     "access to your repositories.")
    asked = "Does disabling command evaluation protect us against a malicious developer with commit rights?"
    assert "is not" in denials(parenthetical, asked)


@pytest.mark.parametrize(("heading", "status"), [("Prohibited testing and activities", "Not Supported"),
                                                 ("Permitted testing activities", "Fully Supported")])
async def test_a_list_item_is_read_with_the_heading_it_sits_under(tmp_path, index, heading, status):
    """A list item says what it is only with its heading: "Denial of Service (DoS) testing." under
    "Prohibited testing and activities" answers "is DoS testing allowed?" with no; under "Permitted
    testing activities", with yes."""
    page = ("# Security testing\n\n## Targets\n\n- The project's own REST API.\n- The project's own database.\n\n"
            f"## {heading}\n\n- Denial of Service (DoS) and Distributed Denial of Service testing.\n"
            "- Request flooding against the shared API gateway.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"testing.md": page})
    answer = (await pipeline.run("Is denial-of-service testing allowed when customers test their projects?")).synthesis
    assert answer.compliance_status == status
    assert any("Denial of Service" in c.quote for c in answer.citations)


def test_a_list_lead_that_negates_a_verb_of_its_own_does_not_deny_the_items():
    lead = ("Domain audit can't identify: - Users who access Docker Desktop without authenticating "
            "- Users who authenticate using an account that doesn't have a verified domain")
    question = "Is it possible to force users of Docker Desktop to authenticate?"
    assert denials(lead, question) == []
    assert "not supported" in denials("The following are not supported: - Forcing users of Docker Desktop to "
                                      "authenticate", question)
    assert "cannot" in denials("Administrators cannot force: - Users of Docker Desktop to authenticate", question)


def test_a_negation_describing_an_item_under_a_lead_that_states_the_question_denies_nothing():
    flags = ("Ory issues HTTP cookies with the following flags for the highest level of security: - secure: The "
             "cookie is only sent over HTTPS connection. - httpOnly: The cookie is not available to JavaScript code "
             "to protect against XSS.")
    assert denials(flags, "Are session cookies issued with the Secure, HttpOnly and SameSite attributes?") == []
    plans = "The following features are available: - Audit logs of every change on the Free plan: not available"
    assert "not available" in denials(plans, "Are audit logs of every change kept on the Free plan?")



def test_an_item_speaking_of_a_word_of_the_question_its_lead_does_not_keeps_its_negation():
    """Langfuse's first run: under "AI features are powered by models hosted on AWS Bedrock:", the item "…
    does not train on your data" answers "Is data … used to train the underlying models?"."""
    bedrock = ("Langfuse's AI features are powered by models hosted on AWS Bedrock: - We use models in the same AWS "
               "region as your data region. - Amazon Bedrock has a zero data retention policy and does not train on "
               "your data.")
    assert "does not" in denials(bedrock, "Is data sent to the AI features used to train the underlying models?")
    assert denials(bedrock, "Are the AI features powered by hosted models?") == []


def test_what_a_check_looks_for_and_a_deferral_deny_nothing():
    """Buildkite: "verify that the steps it runs haven't been tampered with" is the capability to find
    tampering; "their account won't be created until it's required" says when, not whether."""
    checked = "This allows the agent to verify that the steps it runs haven't been tampered with."
    assert denials(checked, "Can an agent refuse to run a step that was tampered with after upload?") == []
    deferred = "Their account won't be created until it's required, typically upon their first login attempt."
    assert denials(deferred, "Are accounts created automatically the first time a person logs in?") == []
    assert "are not" in denials("Accounts are not created automatically.", "Are accounts created automatically?")


def test_what_an_integrity_check_is_for_denies_nothing():
    """Infisical: "integrity verification to ensure data has not been altered" is the check, not a denial."""
    checked = ("Each decryption operation includes integrity verification to ensure data has not been altered or "
               "tampered with.")
    assert denials(checked, "Is the integrity of data checked when it is decrypted, so tampering is caught?") == []
    assert "has not" in denials("Data has not been verified.", "Is the integrity of data verified?")


def test_a_prohibition_lifted_by_what_the_question_asks_about_is_a_requirement():
    """"…prohibited without explicit customer approval" says approval is required: asked of the approval,
    it is a yes; asked of the change, or of the case without it, the prohibition still denies."""
    rule = "Moreover, any changes to sensitive customer data is prohibited without explicit customer approval."
    assert denials(rule, "Do you get our explicit approval before altering sensitive data of ours?") == []
    assert denials(rule, "Do you change sensitive customer data?") == ["prohibited"]
    consent = "We do not use customer data to train models without consent."
    assert "do not" in denials(consent, "Will you train models on our data without our consent?")


def test_what_holds_by_default_does_not_deny_that_it_can_be_made_otherwise():
    """"By default, … configured to not trust emails" answers whether it trusts them, not whether we can make it."""
    default = "By default, the cloud is configured to not trust emails from external identity providers."
    assert "to not" in denials(default, "Does your cloud trust the email address our IdP asserts?")
    assert denials(default, "On our own install, can we make it trust emails sent by our IdP?") == []
    also = default + " Emails from an IdP cannot be trusted on the Free plan."
    assert denials(also, "Can we make it trust emails from our IdP on the Free plan?") == ["cannot"]


def test_work_on_support_still_to_come_is_a_denial():
    soon = "We're actively working on building support for other forms of identification via an authenticator app."
    assert denials(soon, "Can users use an authenticator app for their second factor?") == ["working on"]


def test_what_cannot_be_changed_or_had_back_once_done_is_denied():
    """Meilisearch and GrowthBook: a region or a role's name "cannot be changed" after it is created; a token
    "only displayed once" cannot be looked up again. Said of something else, it denies nothing."""
    region = "Regions cannot be changed after a project is created."
    assert fixed_once("Can a project be moved to another region after it is created?", region) == "cannot be changed"
    role = "Once created, the name of a custom role cannot be changed."
    assert fixed_once("Can a custom role be renamed after it is saved?", role) == "cannot be changed"
    token = "The full token is only displayed once and cannot be retrieved later."
    assert fixed_once("Can the value of an access token be looked up again later?", token) == "only displayed once"
    assert fixed_once("Can we change the project name?", "The project ID cannot be changed.") is None
    assert fixed_once("Can a token be renamed?", token) is None  # changing is not having back
    assert fixed_once("Which region is a project in?", region) is None  # not a yes/no question



def test_a_choice_fixed_once_made_is_the_one_the_sentence_before_names():
    passage = ("When you create a new project in the console, you are given a choice of personal data storage location "
               "for your new project. Note that this choice is permanent for that project.")
    asked = "Can a project's personal data storage region be changed by the customer after the project is created?"
    assert fixed_once(asked, passage) == "is permanent"
    # A region chosen for a project says nothing of the project's name; "This ID" names its own thing.
    region = "You pick a region for the project. This choice is permanent."
    assert fixed_once("Can we change the project name?", region) is None
    assert fixed_once("Can we change the project name?", "The project ID is set once. This ID is permanent.") is None


def test_given_to_new_ones_only_answers_no_of_the_existing_ones():
    passage = ("From v10.11, gossip encryption is enabled by default for new deployments while existing deployments "
               "maintain their current configuration.")
    asked = "After an existing deployment is upgraded, is gossip encryption switched on automatically?"
    assert new_ones_only(asked, passage) == "existing deployments maintain"
    assert new_ones_only(asked, "The change applies only to new deployments.") == "only to new deployments"
    # For new ones alone, or for both, or asked of new ones: no denial.
    assert new_ones_only(asked, "Gossip encryption is enabled by default for new deployments.") is None
    assert new_ones_only(asked, "Gossip encryption is enabled for new and existing deployments.") is None
    assert new_ones_only("Is gossip encryption on for new deployments?", passage) is None


async def test_a_region_that_cannot_be_changed_answers_no_where_cited(tmp_path, index):
    page = ("# Regions\n\nTo move to a different region, create a new project in the target region and re-index "
            "your documents. Regions cannot be changed after a project is created.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"regions.md": page})
    answer = (await pipeline.run("Can a project be moved to another region after it is created?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_the_questions_own_word_negated_by_un_is_a_denial_when_said_of_the_subject():
    said = "Other attributes of messages, such as event `name` and `clientId` remain un-encrypted."
    assert undone("Are event names and client identifiers encrypted together with the payload?", said) == \
        "remain un-encrypted"
    # An attribute names a threat, not a state; a question asking with the word itself is not denied by it.
    assert undone("Can access be limited to protected devices?", "It keeps unprotected devices out.") is None
    assert undone("Are unencrypted connections refused?", "Connections that are unencrypted are refused.") is None



def test_what_holds_whether_or_not_the_asked_thing_is_there_is_not_changed_by_it():
    tokens = ("Workspace tokens can reach every project in the workspace, whether or not access groups are enabled.")
    assert unaffected("Do access groups also restrict what a workspace token can reach?", tokens) == (
        "whether or not access groups are enabled")
    # Another cause, or a question that asks no effect, is no denial.
    assert unaffected("Do guardrails restrict what a workspace token can reach?", tokens) is None
    assert unaffected("Can workspace tokens reach every project?", tokens) is None


async def test_a_question_on_an_effect_is_answered_no_by_whether_or_not(tmp_path, index):
    page = ("# Access groups\n\nAccess groups control which projects members can see.\n\n## Tokens\n\n"
            "Workspace tokens can reach every project in the workspace, whether or not access groups are enabled.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"access-groups.md": page})
    answer = (await pipeline.run("Do access groups also restrict which projects a workspace token can reach?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_a_disabled_or_read_only_state_denies_use_or_change():
    assert disabled("Can we run VACUUM?", "However, this command is currently disabled in Acme.") == (
        "is currently disabled")
    assert disabled("Can we write PRAGMA user_version?", "user_version: Read-only on Acme Cloud.") == "Read-only"
    # Read-only denies no reading; a question using the word itself is asking about the state.
    assert disabled("Can we read PRAGMA user_version?", "user_version: Read-only on Acme Cloud.") is None
    assert disabled("Is 2FA disabled by default?", "2FA is disabled by default.") is None


async def test_a_however_after_the_best_passage_is_cited_and_counts(tmp_path, index):
    """"In SQLite, VACUUM compacts the database. However, … this command is currently disabled": the
    sentence after the one that answers takes it back, so it is cited and decides the status."""
    page = ("# Usage\n\n## Total storage\n\nStorage is measured in 4 KB pages.\n\n"
            "In SQLite, the VACUUM command is a common tool for optimizing storage by compacting the database. "
            "However, it's important to note that this command is currently disabled in Acme.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"usage.md": page})
    answer = (await pipeline.run("Can we run the VACUUM command to compact our database storage?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("currently disabled" in c.quote for c in answer.citations)


@pytest.mark.parametrize(("lead", "status"), [("Encryption features in development", "Not Supported"),
                                              ("Encryption features available today", "Fully Supported")])
async def test_what_a_list_says_is_still_in_development_is_not_there_yet(tmp_path, index, lead, status):
    """A feature listed under "in development" or on a roadmap is not one a customer can use today."""
    page = ("# Encryption\n\nDatabases can be encrypted at rest with a key you supply.\n\n## Next\n\n"
            f"{lead}:\n\n- **Key rotation**: update the encryption key of a database in place.\n"
            "- **Encrypt existing databases**: migrate an unencrypted database to an encrypted one.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"encryption.md": page})
    answer = (await pipeline.run("Can we rotate the encryption key of a database in place?")).synthesis
    assert answer.compliance_status == status
    assert any("Key rotation" in c.quote for c in answer.citations)


def test_a_name_set_against_what_is_done_instead_is_denied():
    passage = "In Azure, register an Application, instead of Enterprise, as we use OpenID Connect, not SAML."
    assert contrasted("Is SAML supported for single sign-on?", passage) == ", not SAML"
    assert contrasted("Is OpenID Connect supported for single sign-on?", passage) is None
    assert contrasted("Do you support SAML?", "We use SAML rather than WS-Federation.") is None
    assert contrasted("Do you offer an SLA?", "We publish our objectives in lieu of an SLA.") == "in lieu of an SLA"


def test_non_negates_the_question_s_own_word():
    passage = "The runtime image runs as a **non-root user (uid 1000)** and contains no shell."
    assert undone("Does the self-hosted container run as root?", passage) == "non-root"
    assert undone("Does the container run as a non-root user?", passage) is None
    # Dagster+: a scope naming another group says nothing of the one asked.
    assert undone("On Pro, can someone get a stronger role for one code location?",
                  "For non-Pro users, users will have the same level of access for all code locations.") is None


async def test_a_contrast_answers_no_in_the_pipeline(tmp_path, index):
    page = ("# Single sign-on\n\nSingle sign-on works with Okta, Google and Azure AD.\n\n## Azure AD\n\n"
            "In Azure, register an application for single sign-on, as we use OpenID Connect, not SAML.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"sso.md": page})
    answer = (await pipeline.run("Is SAML supported for single sign-on?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_no_opening_the_subject_denies_a_thing_of_the_question():
    """Langfuse's first run: "no data will be lost" answered "Will any data be lost …?" "Fully Supported"."""
    passage = "During this process, no data will be lost, all project settings will be transferred."
    assert none_of("Will any data be lost when a project is moved?", passage) == "no data will"
    assert none_of("Will project settings be transferred?", passage) is None
    assert none_of("Can we move a project with no data lost?", passage) is None


def test_there_is_no_denies_a_thing_of_the_question():
    """Appwrite's first run: "There's no automatic purging or TTL" answered "Is our data automatically purged
    …?" "Fully Supported"."""
    passage = "There's no automatic purging or TTL unless you configure it that way in your application logic."
    assert none_of("Is our data automatically purged after a fixed period?", passage) == "There's no automatic purging or"
    assert none_of("Can we configure our application logic?", passage) is None
    assert none_of("There is no TTL, is there?", passage) is None
    fees = "There’s also no monthly charge, no setup fee and no procurement cost."  # GOV.UK Notify's pricing page
    assert none_of("Do you charge a setup fee?", fees) == none_of("Is there a procurement cost?", fees) == fees[:-1]
    assert none_of("Is there a free trial?", fees) is None


async def test_no_data_lost_answers_no_in_the_pipeline(tmp_path, index):
    page = ("# Transfer a project\n\nOnly owners can transfer a project to another organization. During this "
            "process, no data will be lost, all project settings and data will be transferred.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"transfer.md": page})
    answer = (await pipeline.run("Will any data be lost when a project is transferred to another organization?"))
    assert answer.synthesis.compliance_status == "Not Supported"


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
    corpus = Path(__file__).resolve().parents[3] / "eval" / "zulip" / "corpus"
    pages = {name: (corpus / name).read_text(encoding="utf-8") for name in
             ("roles-and-permissions.md", "deactivate-or-reactivate-a-user.md", "invite-new-users.md")}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    answer = (await pipeline.run("Can an organization administrator deactivate an owner?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("cannot deactivate organization owners" in c.quote for c in answer.citations)


def test_a_deferral_answers_a_question_asking_whether_it_happens_at_once():
    """Zulip's retention policies: "changes … won't have any effect until the next time the daily job runs" says
    when, which is the answer to "…the moment we save it?"; asked whether it happens at all, it denies nothing."""
    daily = ("Retention policies are processed in a daily job; so changes in the policy won't have any effect "
             "until the next time the daily job runs.")
    at_once = "Does a shorter retention period start deleting messages the moment we save it?"
    assert "will not" in denials(daily, at_once)
    assert denials(daily, "Does a shorter retention period delete old messages?") == []


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


def test_a_deferral_denies_a_thing_asked_of_while_what_holds_it_back_still_holds():
    """GrowthBook: "cannot be archived until those references are removed" answers "Can a saved group that a flag
    still uses be archived?" no; asked without the hold ("Can a saved group be archived?"), it says when."""
    held = ("A Saved Group with active references from Feature Flags cannot be archived until those references "
            "are removed.")
    assert denials(held, "Can a saved group that a flag still uses be archived?")
    assert denials(held, "Can a saved group be archived?") == []


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


_ROADMAP_PAGE = ("# What is coming\n\nThis page lists what the team builds next. It is a guide and things may move.\n\n"
                 "## Later this year\n\n- Letting people save their progress through a form and come back to it\n"
                 "- Custom branding so forms can match your organisation's colours\n\n"
                 "## Things we have done\n\n- Welsh versions of forms\n"
                 "- Declarations people agree to before they submit\n")
_FEATURES_PAGE = "# Features\n\nForms can ask for a name, an email address, a date or a file.\n"


async def test_an_item_listed_under_a_roadmap_heading_is_not_had_yet(tmp_path, index):
    pages = {"roadmap.md": _ROADMAP_PAGE, "features.md": _FEATURES_PAGE}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    later = await pipeline.run("Can people save a half-finished form and return to it another day?")
    assert later.synthesis.compliance_status == "Not Supported"
    assert "on the roadmap" in later.synthesis.reasoning and "Later this year" in later.synthesis.reasoning
    done = await pipeline.run("Can forms be offered in Welsh?")
    assert done.synthesis.compliance_status == "Fully Supported"
    for asked_of_plans in ("Do you plan to let people save their progress through a form?",
                           "Will you add custom branding so forms match our colours?"):
        assert "on the roadmap" not in (await pipeline.run(asked_of_plans)).synthesis.reasoning
    vendor_act = await pipeline.run("Will you offer custom branding so forms match our organisation's colours?")
    assert vendor_act.synthesis.compliance_status == "Not Supported"
    assert "on the roadmap" in vendor_act.synthesis.reasoning


def test_an_item_that_is_no_and_a_thing_denies_that_thing():
    """Mattermost's free edition: "with the following server-wide limitations and omissions: - … - No High
    Availability (cluster-based deployment, horizontal scale, Enterprise search)"."""
    omissions = ("Entry has all features of Enterprise Advanced with the following limitations and omissions: - 10,000 "
                 "messages of history - No Compliance features (compliance monitoring, exports, legal hold, data "
                 "retention) - No High Availability (cluster-based deployment, horizontal scale) - Community support "
                 "only.")
    assert none_of("Does the free Entry edition support high availability clustering?", omissions).startswith(
        "No High Availability")
    assert none_of("Can the Entry edition apply data retention policies?", omissions).startswith("No Compliance")
    # An item naming nothing asked, or "No" opening a sentence with its verb, is no such item.
    assert none_of("Does Entry include custom emoji?", omissions) is None
    assert none_of("Is a credit card needed?", "- No problem: we support all cards.") is None


async def test_a_negation_in_a_condition_closing_the_sentence_denies_nothing_unless_only_comes_first(tmp_path, index):
    """"will restrict you from saving changes if the IP address … is not within the ranges" is what the console does;
    "You can only leave a workspace if you are not the owner" denies leaving to the owner."""
    restrict = ("The System Console will restrict you from saving changes if the IP address you are accessing your "
                "workspace on is not within the ranges you have specified.")
    asked = "Does the console stop admins from saving IP rules that would shut out their own address?"
    assert denials(restrict, asked) == []
    assert denials("You can only leave a workspace if you are not the owner of the workspace.",
                   "Can the owner of a workspace simply leave it?") == ["are not"]
    page = f"# IP filtering\n\nIP filtering limits access to approved ranges.\n\n## Add a range\n\n{restrict}\n"
    pipeline = await pipeline_over(tmp_path / "docs", index, {"ip-filtering.md": page})
    answer = (await pipeline.run("Does the console stop admins from saving IP rules that would shut out their own "
                                 "address?")).synthesis
    assert answer.compliance_status != "Not Supported"


def test_a_denial_of_versions_before_a_release_is_not_one_of_the_product_now():
    """"In v1.4 and earlier of the mobile apps, messages and files are not cleared from local storage" sits beside
    "In v1.5 and later … are deleted from local storage": asked of current apps, it denies nothing."""
    old = "In v1.4 and earlier of the mobile apps, messages and files are not cleared from local storage."
    assert denials(old, "Do current mobile apps clear expired messages from local storage?") == []
    assert denials("Prior to v5.20, audits were not kept. SSO is not supported.", "Is SSO supported?") == \
        ["not supported", "is not"]
    # A question naming a version asks of it.
    assert denials(old, "Do mobile apps v1.4 clear expired messages from local storage?") == ["are not"]
