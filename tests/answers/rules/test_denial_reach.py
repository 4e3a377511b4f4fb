"""How far a denial reaches: past its first verb to the verbs joined to it, to two things denied together, to
an act said to stop, to the grant that prevails over the one asked, to what is done by hand when asked whether it is
automatic, to what is only being looked into or not allowed until later; and not to what the question asks to do
without."""

from __future__ import annotations

from pathlib import Path

from agents.rules.denial import (by_hand, contrasted, default_state, denials, every_plan, fixed_once, https_only,
                                 keeps_working, negated_verb, none_of, not_enough, only_after, part_only,
                                 preferred_instead, stopped)
from agents.rules.denial import kept_apart, none_made, said_opposite
from tests.documents import pipeline_over

_EVAL = Path(__file__).resolve().parents[3] / "eval"


def test_a_negation_reaches_the_verbs_joined_to_its_first_when_the_question_opens_with_one_of_them():
    managed = "This managed system account can't be edited or deleted manually."
    assert negated_verb("Can we delete the service account that the mesh manager creates?", managed) == \
        "can't be edited or deleted"
    assert negated_verb("Can we drop the openid scope from the request?",
                        "The `openid` scope is required and cannot be removed.") == "cannot be removed"
    # A joined verb the question does not open with: "removing someone" is its subject, "cut off" its act.
    roles = "Project Admin cannot add or remove users, manage billing, or organization-level configurations."
    assert negated_verb("Does removing someone from the organization cut off their access to every project?",
                        roles) is None


def test_two_things_denied_together_deny_a_question_asking_for_both_at_once():
    combined = "Combining both OIDC and SAML based SSO is not supported."
    assert negated_verb("Can we turn on OIDC and SAML sign-on at the same time?", combined) is not None
    assert negated_verb("Does your Okta setup work over both OIDC and SAML?", combined) is None


def test_an_act_said_to_stop_denies_a_question_asking_that_it_keep_on():
    license_ = ("If the license that the data plane node received from the control plane expires, the node stops "
                "working.")
    assert stopped("Does a disconnected data plane node keep working once its license expires?", license_) == \
        "stops working"
    assert stopped("Does a data plane node keep proxying once its license expires?", license_) is None
    assert stopped("Which nodes stop working when the license expires?", license_) is None


def test_failing_denies_a_question_asking_that_it_keep_on_unless_the_question_speaks_of_failing():
    """Turso's "any query that exceeds these limits will result in a failure", asked whether queries keep running."""
    blocked = "Any query that exceeds these limits will result in a failure, indicated by the `BLOCKED` error code."
    assert stopped("When monthly quotas are used up, do queries keep running?", blocked) == "result in a failure"
    assert stopped("Do queries keep running if a replica fails?", blocked) is None
    assert stopped("When monthly quotas are used up, do backups keep running?", blocked) is None


def test_the_grant_that_prevails_said_the_other_way_round_denies_the_one_asked():
    # Buildkite's, Dagster's and Kong's pages, each asked whether the more restrictive grant wins.
    highest = ("When a user belongs to multiple teams that have access to the same pipeline, the highest "
               "pipeline-level permission across all of those teams applies.")
    assert contrasted("When two team rights on one pipeline differ, does the more restrictive right win?", highest) == \
        "highest pipeline-level permission"
    assert contrasted("When team and individual roles conflict, does the more restrictive one win?",
                      "Dagster+ will use the **most permissive** role assigned to the user.") == "most permissive"
    more = "If two roles provide access to the same entity, the role with more access takes effect."
    assert contrasted("If two roles cover the same object, does the more restrictive one win?", more) == "more access"
    assert contrasted("If two roles cover the same object, does the one with more access win?", more) is None
    assert contrasted("Do roles with more access exist?", "Admins have the most permissive role.") is None


def test_what_the_question_asks_to_do_without_is_no_denial_when_a_passage_says_it_cannot_be_used():
    pat = ("This is more secure than basic authentication, and can be useful for organizations with CI pipelines "
           "that can't use the standard username and password authentication.")
    assert denials(pat, "Can our CI pipelines authenticate with a token instead of a username and password?") == []
    assert denials(pat, "Can our CI pipelines authenticate with a username and password?") != []


async def test_kongs_pages_answer_no_to_a_combination_they_deny_and_yes_to_a_token_instead_of_a_password(
        tmp_path, index):
    corpus = _EVAL / "kong" / "corpus"
    pages = {name: (corpus / name).read_text(encoding="utf-8")
             for name in ("single-sign-on.md", "authentication.md", "personal-access-tokens.md", "sessions.md")}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    both = (await pipeline.run("Can we turn on OIDC and SAML sign-on at the same time?")).synthesis
    token = (await pipeline.run("Can our CI pipelines authenticate with a token instead of a username and "
                                "password?")).synthesis
    assert both.compliance_status == "Not Supported"
    assert any("Combining both OIDC and SAML" in c.quote for c in both.citations)
    assert token.compliance_status == "Fully Supported"
    assert any("CI pipelines" in c.quote for c in token.citations)


def test_never_set_against_what_is_kept_is_a_contrast():
    """Spacelift's "Do you keep copies of the ID documents used for identity checks?" had been "Fully Supported" from
    "only store verification results, never the ID documents themselves"."""
    stored = "Spacelift and their vendors only store verification results, never the ID documents themselves."
    assert contrasted("Do you keep copies of the ID documents used for identity checks?", stored) == ", never the ID"
    assert contrasted("Do you keep the verification results?", stored) is None


def test_negations_that_describe_or_set_a_condition_deny_nothing():
    """Spacelift: "permissions that are not needed" had denied "Can API keys be limited to just the permissions they
    need?", and "If you can't find your SAML provider in the list above, don't worry" had denied "Do you support SAML
    2.0 single sign-on?"."""
    assert denials("Instead of giving an API key full Writer access (which includes many permissions that are not "
                   "needed), you can create a custom role with just these permissions.",
                   "Can API keys be limited to just the permissions they need?") == []
    assert denials("If you can't find your SAML provider in the list above, don't worry - we do support all SAML 2.0 "
                   "providers.", "Do you support SAML 2.0 single sign-on?") == []
    # The main clause after a condition, and a "which" clause adding a fact of its own, still deny.
    assert denials("If SCIM is enabled, users cannot be invited by email.", "Can users be invited by email?")
    assert denials("Third party failures (which are not taken into account to calculate the uptime) happen.",
                   "Do outages caused by third parties count toward the uptime figure?")


def test_a_result_clause_about_less_of_the_question_is_no_denial():
    """Spacelift's "Can we bring our own encryption keys so that you cannot decrypt our data?" had been "Not
    Supported" from "…, so Spacelift does not hold the decryption key"."""
    byok = ("Separate customer-managed encryption keys (Bring Your Own Key / BYOK) per worker pool or per integration "
            "for data-level separation, so Spacelift does not hold the decryption key.")
    assert denials(byok, "Can we bring our own encryption keys so that you cannot decrypt our data?") == []
    assert denials("Keys are rotated yearly, so old keys are not kept.", "Are old keys kept after rotation?")


async def test_a_page_note_found_for_the_question_denies_what_it_denies_and_a_plan_note_stays_a_limit(tmp_path, index):
    """Hoppscotch's workspace page opens with a note: GraphQL "not supported for collaboration in shared workspaces".
    Found for a question on sharing GraphQL, it had been read as the page's scope, a limit ("available only")."""
    workspaces = (_EVAL / "hoppscotch" / "corpus" / "workspaces.mdx").read_text(encoding="utf-8")
    sso = ("# Single sign-on\n\nSAML SSO is only available on the Enterprise plan, not on the Free plan.\n\n"
           "## Set up SSO\n\nSign-on through your SAML identity provider is set up in the organization settings.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"workspaces.mdx": workspaces, "sso.md": sso})
    graphql = (await pipeline.run("Can GraphQL collections be shared with our team in a shared workspace?")).synthesis
    # The note limits GraphQL by where it is available, not by who buys what: it is no limit on the rest of the page.
    owner = (await pipeline.run("Can a workspace be handed to another user as its new owner?")).synthesis
    saml = (await pipeline.run("Can sign-on go through our SAML identity provider?")).synthesis
    assert graphql.compliance_status == "Not Supported"
    assert "denies" in graphql.reasoning
    assert saml.compliance_status == "Partially Supported"
    assert not any("GraphQL" in c.quote for c in owner.citations) and owner.compliance_status != "Partially Supported"


def test_things_described_as_no_longer_needed_deny_nothing():
    pat = ("This capability ensures compliance with security protocols and allows for the removal of tokens that are "
           "no longer necessary or have expired.")
    assert denials(pat, "Can enterprise admins revoke tokens that other users created?") == []
    assert denials("Legacy tokens are no longer supported.", "Are legacy tokens supported?") == ["no longer"]


def test_nothing_of_several_things_named_together_is_given():
    analytics = "No request content, credentials, or per-user data is included."
    question = "Does the self-hosted server's optional analytics include the content of our requests?"
    assert negated_verb(question, analytics) == "No request content, credentials, or per-user data is included"
    assert negated_verb("Does the analytics include the instance version?", analytics) is None


def test_a_prohibition_with_a_condition_says_how_it_can_be_done_to_a_question_asking_whether_it_can():
    terms = "We will not charge you for the app or its services without making it clear what you are paying for."
    assert denials(terms, "Can you start charging for the app later on?") == []
    assert denials(terms, "Do you charge for the app?") != []  # asked whether it is done: still a no, unless told


def test_done_by_hand_denies_a_question_asking_whether_it_is_automatic_for_the_name_it_is_said_of():
    wallets = ("If your PSP is Worldpay, Apple Pay is turned on by default, but you'll need to turn on Google Pay "
               "manually.")
    assert by_hand("Is Google Pay switched on by default for services using Worldpay?", wallets) == \
        "you'll need to turn on Google Pay manually."
    # The clause is about Google Pay: Apple Pay is not denied ("Pay" alone does not name it).
    assert by_hand("Is Apple Pay switched on by default for services using Worldpay?", wallets) is None
    # Not asked whether it is unaided, or asked of doing it by hand: nothing is denied.
    assert by_hand("Can we accept Google Pay with Worldpay?", wallets) is None
    assert by_hand("Do we turn on Google Pay manually by default?", wallets) is None


async def test_a_wallet_turned_on_by_hand_is_answered_no_to_on_by_default(tmp_path, index):
    page = ("# Take payments with Apple Pay and Google Pay\n\nYour users can make payments with Google Pay and Apple "
            "Pay.\n\nIf your PSP is Worldpay, Apple Pay is turned on by default, but you'll need to turn on Google Pay "
            "manually.\n\nYou can turn off Apple Pay and Google Pay in the admin tool.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"digital-wallets.md": page})
    google = (await pipeline.run("Is Google Pay switched on by default for services using Worldpay?")).synthesis
    apple = (await pipeline.run("Is Apple Pay switched on by default for services using Worldpay?")).synthesis
    assert google.compliance_status == "Not Supported"
    assert any("manually" in c.quote for c in google.citations)
    assert apple.compliance_status == "Fully Supported"


def test_a_negation_in_an_item_of_an_asterisk_list_describes_the_item_as_in_a_dash_list():
    """GOV.UK Pay's lists are written with asterisks: "a significant number of users cannot make a payment" is one of
    the cases for out-of-hours support, not a denial of the one asked about."""
    cases = ("Only contact out of hours support if: * no one in your team can log in * a significant number of users "
             "cannot make a payment * you believe sensitive data has been leaked")
    asked = "Should we call out of hours support if we believe sensitive data has leaked?"
    assert denials(cases, asked) == []
    assert denials(cases.replace(" * ", " - "), asked) == []
    # An item speaking of more of the question than an affirming lead keeps its negation; under a lead ending on a
    # condition ("…if:") the items are the cases it covers and deny nothing.
    known = cases.replace("Only contact out of hours support if:", "Known problems today:")
    assert denials(known, "Can a significant number of users make a payment out of hours?") == ["cannot"]
    assert denials(cases, "Can a significant number of users make a payment out of hours?") == []


def test_a_negated_verb_reaches_the_question_s_verb_said_in_other_words():
    """GOV.UK Pay: "does not add the `payment_id` or outcome to your `return_url`" answers "Do you append…?"."""
    added = ("For security reasons, GOV.UK Pay does not add the `payment_id` or outcome to your `return_url` as "
             "parameters.")
    assert negated_verb("Do you append the payment identifier or outcome to our return address?", added) == \
        "does not add"
    assert negated_verb("Do you remove the outcome from our return address?", added) is None


def test_reach_come_back_and_stop_are_read_as_access_rejoin_and_prevent_and_no_way_to_as_cannot():
    """Axiom's "You aren’t able to access the data after deleting the org", Zulip's "will not be able to rejoin",
    Docker's "ECI doesn't prevent users from running privileged containers", Flagsmith's "there is no way to delete a
    feature from just one environment"."""
    deleted = "You aren’t able to access the data after deleting the org."
    assert negated_verb("Can we still reach our data after deleting our organization?", deleted) == \
        "aren’t able to access"
    assert negated_verb("Can we still export our data after deleting our organization?", deleted) is None
    rejoin = "If a user is deactivated, this user will not be able to rejoin with the same email account."
    assert negated_verb("Can a deactivated person come back with the same email?", rejoin) == \
        "will not be able to rejoin"
    eci = "ECI doesn't prevent users from running privileged containers, but makes them secure by containing them."
    assert negated_verb("Does enhanced isolation stop developers from running privileged containers?", eci) == \
        "doesn't prevent"
    assert negated_verb("Does enhanced isolation log privileged containers?", eci) is None
    one_environment = "Note that there is no way to delete a feature from just one environment."
    assert negated_verb("Can a feature be removed from the development environment only?", one_environment) == \
        "no way to delete"
    assert negated_verb("Can a feature be renamed in the development environment only?", one_environment) is None


def test_a_common_verb_negated_denies_the_question_saying_it_with_two_more_of_its_words():
    """Semaphore's "Unregistered agents cannot run any jobs": "run" is no key term, but the question says it."""
    unregistered = "Unregistered agents cannot run any jobs."
    assert negated_verb("Can an agent that failed to register still run jobs?", unregistered) == "cannot run"
    assert negated_verb("Can a build that failed to register still run?", unregistered) is None
    # After "is not" the word is a state, of a subject the pronoun may hide.
    assert negated_verb("Is the engine available for self-hosted instances on a cloud plan?",
                        "It is not available on self-hosted instances or non-enterprise Cloud plans.") is None


def test_a_list_of_subjects_denied_and_none_there_of_a_thing_named_deny_it():
    """Semaphore's secret names ("Dashes, underscores, hyphens, and spaces are not allowed"), Flagsmith's webhooks
    ("There are no webhooks for individual User/Identity events")."""
    characters = "Dashes, underscores, hyphens, and spaces are not allowed."
    assert negated_verb("May secret names contain underscores?", characters) == characters.rstrip(".")
    assert negated_verb("May secret names contain digits?", characters) is None
    webhooks = "There are no webhooks for individual User/Identity events."
    assert negated_verb("Can we get a webhook every time a single end user's identity changes?", webhooks) == \
        "There are no webhooks for individual"
    # The thing named, but nothing else of the question said of it.
    assert negated_verb("Can we get a webhook every time a flag changes?", webhooks) is None


def test_a_part_only_answers_no_to_a_question_asking_for_the_whole():
    """GOV.UK Pay's confirmation page shows "card number - last 4 digits only": not the whole card number."""
    shown = ("The payment confirmation page shows what your user entered for their: * card number - last 4 digits only "
             "* card expiry date * name from their card")
    assert part_only("Does the confirmation step show the payer their whole card number?", shown) == \
        "last 4 digits only"
    # The part is the card number's, not the expiry date's.
    assert part_only("Does the confirmation step show the whole expiry date?", shown) is None
    assert part_only("Does the confirmation step show the last four digits of the card number?", shown) is None
    assert part_only("Does the confirmation page show the card number?", shown) is None  # the whole not asked


async def test_the_confirmation_page_showing_the_last_digits_is_answered_no_to_the_whole_number(tmp_path, index):
    page = ("# How payments work\n\n## Your user confirms payment\n\nThe payment confirmation page shows what your "
            "user entered for their:\n\n* card number - last 4 digits only\n* card expiry date\n"
            "* name from their card\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"payment-flow.md": page})
    whole = (await pipeline.run("Does the confirmation step show the payer their whole card number?")).synthesis
    assert whole.compliance_status == "Not Supported"
    assert any("last 4 digits only" in c.quote for c in whole.citations)


def test_no_subject_with_examples_denies_a_question_naming_an_example():
    """Firezone's sub-processors: "No sensitive data such as IP addresses or email addresses are collected"."""
    analytics = ("Used to evaluate feature flags. No sensitive data such as IP addresses or email addresses are "
                 "collected.")
    assert none_of("Does your product analytics vendor collect end users' IP addresses?", analytics) == \
        "No sensitive data such as IP addresses or email addresses are"
    assert none_of("Does your analytics vendor evaluate feature flags?", analytics) is None


def test_given_to_every_plan_answers_no_to_kept_to_one():
    available = ("High availability is achieved through failover and load balancing, both of which are available on "
                 "all plans.")
    assert every_plan("Are failover and load balancing limited to the Enterprise plan?", available) == "on all plans"
    assert every_plan("Is failover only on the Team tier?", available) == "on all plans"
    assert every_plan("Do you offer failover and load balancing?", available) is None


def test_what_is_not_needed_or_gives_nothing_is_denied():
    """Firezone's gateways "operate without the need for persistent storage", and cores past four "provide no
    benefit"."""
    storage = "Gateways operate without the need for persistent storage; they only require a few environment variables."
    assert denials(storage, "Do gateways need persistent disk storage?") == ["without the need for"]
    cores = "Gateways scale with CPU cores up to 4 cores, beyond which additional cores provide no benefit."
    assert denials(cores, "Does a gateway benefit from more than eight CPU cores?") == ["provide no"]
    lightweight = "This feature acts as a lightweight device check without requiring a full-fledged MDM system."
    assert denials(lightweight, "Does device verification need a full MDM system?") == ["without requiring"]


def test_no_subject_of_four_words_denies():
    """Firezone: "therefore no backup and restore procedures are necessary"."""
    kept = ("All critical configuration is kept in the Admin portal and therefore no backup and restore procedures are "
            "necessary.")
    assert none_of("Do we need to run backups of our configuration?", kept) == "no backup and restore procedures are"


def test_ways_still_being_investigated_deny_that_it_is_done():
    exposed = "We're investigating ways to make sure that publicly exposed keys are revoked quickly."
    asked = "Are credentials that get exposed on the public internet revoked automatically by your platform today?"
    assert denials(exposed, asked) == ["investigating ways"]
    # A finding under investigation is a report's state, not a capability still to come.
    assert denials("We are investigating the report and will reply.", "Do you investigate reports?") == []


def test_not_until_answers_a_question_asking_whether_it_may_be_done_before():
    """GOV.UK Pay's security page: "Do not disclose … until it has been fixed" says when, and so answers no to
    whether it may be disclosed before the fix; asked whether it is disclosed at all, it says when, not whether."""
    wait = "Do not disclose the details of a suspected breach publicly until it has been fixed."
    assert "do not" in denials(wait, "May we announce a suspected breach publicly before it has been remediated?")
    assert denials(wait, "Are the details of a suspected breach ever disclosed publicly?") == []


def test_what_holds_the_other_way_round_by_default_answers_no_to_a_question_on_the_default():
    """GrowthBook's logs are "supported but disabled by default" and its usage tracking "enabled by default": both had
    been "Fully Supported" to a question asking the other way round."""
    logs = "Logs collection is supported but disabled by default."
    tracking = "We do have anonymous usage tracking enabled by default, but this can be disabled."
    assert default_state("Are logs gathered through OpenTelemetry out of the box?", logs) == "disabled by default"
    assert default_state("Is usage tracking off unless we opt in?", tracking) == "enabled by default"
    assert default_state("Is usage tracking disabled by default?", tracking) == "enabled by default"
    # Asked the same way round, of something else, or not of the default: nothing is denied.
    assert default_state("Is usage tracking on unless we switch it off?", tracking) is None
    assert default_state("Is usage tracking enabled by default?", tracking) is None
    assert default_state("Are traces gathered out of the box?", logs) is None
    assert default_state("Can we collect logs?", logs) is None


async def test_logs_disabled_by_default_cited_below_the_best_passage_answer_no_out_of_the_box(tmp_path, index):
    page = ("# Observability\n\n## OpenTelemetry\n\nThe API is instrumented with OpenTelemetry to publish metrics, "
            "traces, and logs.\n\n### OpenTelemetry logs\n\nLogs collection is supported but disabled by default.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"observability.md": page})
    logs = (await pipeline.run("Are logs gathered through OpenTelemetry out of the box?")).synthesis
    metrics = (await pipeline.run("Are metrics published through OpenTelemetry?")).synthesis
    assert logs.compliance_status == "Not Supported"
    assert any("disabled by default" in c.quote for c in logs.citations)
    assert metrics.compliance_status == "Fully Supported"


def test_shown_once_said_of_it_is_said_of_the_thing_named_before_it():
    """Firezone's "Copy and store the token somewhere safe -- it will only be shown once" had answered "Fully
    Supported" to whether the token can be viewed again."""
    token = "Copy and store the token somewhere safe -- it will only be shown once"
    assert fixed_once("Can a service account token be viewed again after creation?", token) == "only be shown once"
    assert fixed_once("Can the audit log be viewed again after export?", token) is None
    assert fixed_once("Can the project ID be viewed again?", "The project ID will only be shown once.") == \
        "only be shown once"
    assert fixed_once("Can the secret be viewed again?", "The project ID will only be shown once.") is None


def test_a_thing_not_enough_on_its_own_denies_it_and_more_needed_denies_it_by_itself():
    """Infisical's "Being a Server Admin alone does not grant permission to use this bypass feature" and Kong's
    "members must also be assigned to the Admin or Maintainer roles" had both been "Fully Supported"."""
    alone = "Being a **Server Admin** alone does not grant permission to use this bypass feature."
    assert not_enough("Can a server administrator get around SSO for an organisation?", alone) == \
        "Being a Server Admin alone does not grant permission to use this bypass feature"
    assert not_enough("Can an organisation admin get around SSO?", alone) is None  # not every word of it asked
    also = "To manage app registration requests, members must also be assigned to the Admin or Maintainer roles."
    assert not_enough("Does the Portal Admin team by itself let members handle app registration requests?", also) == \
        "must also be assigned to the Admin or Maintainer roles"
    assert not_enough("Does the Portal Admin team let members handle app registration requests?", also) is None


async def test_a_server_admin_alone_is_told_no_where_the_passage_is_cited_below_the_best(tmp_path, index):
    page = ("# SSO bypass\n\nThis **Organization Admin** role is independent of **Server Admin** status.\n\n"
            "Being a **Server Admin** alone does not grant permission to use this bypass feature.\n\n"
            "To bypass SSO for an organization, you must be an **Organization Admin** for that specific "
            "organization.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"sso-bypass.md": page})
    answer = (await pipeline.run("Can a server administrator get around SSO for an organisation?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("alone does not grant" in c.quote for c in answer.citations)


def test_the_opposite_of_what_is_asked_denies_it():
    """Login.gov's and GOV.UK Pay's HTTPS requirements, integrations that "continue to function" with an expired
    certificate, and OIDC recommended "over SAML" had been "Fully Supported" to the question asked the other way."""
    assert https_only("Can production redirect URIs use plain HTTP?",
                      "Your redirect URIs must be secure (HTTPS) in order to be deployed to production.") == \
        "must be secure (HTTPS"
    assert https_only("Can our endpoint use plain HTTP?", "Be publicly accessible with HTTPS,", "The URL must:") == \
        "with HTTPS"
    assert https_only("Can our endpoint use plain HTTP?", "Be publicly accessible with HTTPS,") is None
    assert https_only("Can our endpoint use HTTPS?", "The URL must use HTTPS.") is None
    expired = "Login.gov takes no action, and integrations with expired certificates continue to function."
    assert keeps_working("Does an integration stop working once its certificate expires?", expired) == \
        "integrations with expired certificates continue to function"
    assert keeps_working("Does a webhook stop working after ten failures?", expired) is None
    oidc = "We strongly recommend choosing OpenID Connect (OIDC) over SAML due to its modern design."
    assert preferred_instead("Do you recommend SAML over OIDC for new integrations?", oidc) == \
        "recommend choosing OpenID Connect (OIDC) over SAML due to its modern design"
    assert preferred_instead("Do you recommend OIDC over SAML for new integrations?", oidc) is None


async def test_an_endpoint_that_must_use_https_is_answered_no_to_plain_http(tmp_path, index):
    page = ("# Security events\n\n## Configuration\n\nTo receive notifications, you must supply a URL. "
            "The URL must:\n\n"
            "* Be publicly accessible with HTTPS,\n* Allow POST requests,\n* Must use port 443.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"security-events.md": page})
    question = "Can our endpoint for receiving security event notifications use plain HTTP?"
    answer = (await pipeline.run(question)).synthesis
    assert answer.compliance_status == "Not Supported"


def test_a_clause_pointing_back_to_the_question_keeps_its_negation():
    """Login.gov's "…have provided some support for automated testing in the past, as of 09/20/2023, will no longer be
    able to provide assistance in this area" had been read as about something else than automated testing."""
    text = ("While partner support channels have provided some support for automated testing in the past, as of "
            "09/20/2023, will no longer be able to provide assistance in this area.")
    assert "no longer" in denials(text, "Do you still help partners set up automated testing?")
    listed = "All access is logged, shared accounts are not allowed, and every production system requires SSO."
    assert denials(listed, "Is all access to production systems logged?") == []


def test_only_once_it_is_done_answers_no_to_before_it_is_done():
    """Turso's "Commits are only acknowledged once data is safely stored" had answered "Fully Supported" to whether a
    write is confirmed before it is durably stored."""
    commits = "Commits are only acknowledged once data is safely stored in either S3 or S3-express."
    assert only_after("Is a write confirmed to our application before it is durably stored?", commits) == \
        "only acknowledged once data is safely stored in either S3 or S3-express"
    assert only_after("Is a write confirmed before it is replicated?", commits) is None
    assert only_after("Is a write confirmed once it is stored?", commits) is None


def test_an_exception_after_a_negation_affirms_what_it_names():
    card = ("Travis does not store or receive any kind of credit card data other than a reference token that allows us "
            "to create payments with our payments provider Stripe, a PCI Level 1 certified payments provider.")
    assert denials(card, "Is your payment processor certified at PCI Level 1?") == []
    assert denials(card, "Do you store our credit card data?") != []


def test_a_list_of_conditions_denies_nothing_but_its_lead_still_does():
    """Semaphore's "A deploy key can be invalidated if: - … - the repository's original owner no longer has access to
    it" had denied that revoking the authorization removes access; Pay's "We will not apply a surcharge if: - we cannot
    tell if a card is prepaid" still denies a surcharge."""
    invalidated = ("A deploy key can be invalidated if: - OAuth permissions were revoked - the repository's original "
                   "owner no longer has access to it")
    assert denials(invalidated, "Does revoking the authorization remove the service's access to our repositories?") \
        == []
    surcharge = "We will not apply a surcharge if: - we cannot tell if a card is prepaid or not"
    assert denials(surcharge, "Is a surcharge added when you cannot tell whether a card is prepaid?") != []


def test_a_denial_reaches_across_examples_set_off_by_commas():
    """Cirrolock's holdout: "Is the service available in a Canadian hosting region?" answered "Fully Supported" from a
    sentence denying it, its examples read as clauses of their own and the denial as about none of the question."""
    regions = "Hosting in other regions, such as Australia, Canada or the United Kingdom, is not currently available."
    assert denials(regions, "Is the service available in a Canadian hosting region?") != []
    assert denials("All access is logged, shared accounts are not allowed, and production requires SSO.",
                   "Is all access logged in production?") == []


# Readings written from Aiven's first run (eval/aiven).
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
    common = ("Unsuccessful intrusion attempts (e.g., port scans, failed log-ins) are commonplace and do not require "
              "notice.")
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
    both = ("Aiven applies some maintenance updates automatically and lets you decide when to apply major version "
            "upgrades.")
    assert said_opposite("Are major version upgrades applied automatically in the maintenance window?", both) == \
        "lets you decide when"
    assert said_opposite("Are maintenance updates applied automatically?", both) is None  # the automatic part
