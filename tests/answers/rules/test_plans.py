"""Answers that hold on some plans only go to a reviewer unless the question says which plan it asks about."""

from __future__ import annotations

import pytest

from agents.rules.plans import (asked_offer_names, asked_plans, depends_on_plan, offered_on, plan_limit,
                                plan_verdict)
from tests.documents import pipeline_over

_LIMIT = "MFA enforcement is only available on the [Pro, Team and Enterprise plans](/pricing)."


@pytest.mark.parametrize(("quote", "plans"), [
    (_LIMIT, ["Pro", "Team", "Enterprise"]),
    ("You will need to be at least on the [Team Plan](/pricing) to sign a BAA with us.", ["Team"]),
    ("Activity logs requires a [Docker Team or Business subscription](/subscription).", ["Team", "Business"]),
    ("Automated provisioning through SCIM 2.0 is available on the Enterprise plan only.", ["Enterprise"]),
    ("We keep an Incident Response Plan and a Business Continuity Plan.", []),
    ("This feature is only available on the Starter+ plan and above.", ["Starter+"]),
    ("Organization owners can choose to enforce MFA for all team members.", []),
])
def test_the_plans_a_passage_restricts_to_are_read_from_it(quote, plans):
    assert plan_limit(quote) == plans


@pytest.mark.parametrize(("question", "plans"), [
    ("Can an organization make multi-factor authentication mandatory for its members?", ["Pro", "Team", "Enterprise"]),
    ("Can MFA be enforced on the free plan?", ["Pro", "Team", "Enterprise"]),
    ("Is organization-wide MFA enforcement offered on every plan?", []),
    ("Can every customer enforce MFA, whatever it pays for?", []),
    ("Can MFA be enforced on the Team plan?", []),
])
def test_only_a_question_that_leaves_the_plan_open_depends_on_it(question, plans):
    assert depends_on_plan(question, [_LIMIT]) == plans


_AUDIT_LOGS = ("# Audit logs\n\nAudit logs record every change that organization members make to projects and settings, "
               "such as inviting people. Audit logs are only available on the Team and Enterprise plans.\n")


async def test_an_answer_that_holds_on_some_plans_goes_to_a_reviewer_who_knows_the_customers_plan(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit-logs.md": _AUDIT_LOGS})
    result = await pipeline.run("Are changes made by organization members kept in audit logs?")
    assert result.synthesis.compliance_status == "Partially Supported"
    assert result.escalated
    assert "Team and Enterprise plans" in result.escalation_reason
    assert "customer's plan" in result.escalation_reason


async def test_a_question_about_every_plan_is_answered_without_that_review(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit-logs.md": _AUDIT_LOGS})
    result = await pipeline.run("Are audit logs available on every plan?")
    assert result.synthesis.compliance_status == "Partially Supported"
    assert result.critic_feedback[-1].plans == []
    assert "customer's plan" not in (result.escalation_reason or "")


_PROVIDERS = ("Acme supports these SSO providers: - [Okta](/sso/okta) (Pro and Enterprise plans) - [ADFS](/sso/adfs) "
              "(Enterprise plan only) - [Microsoft Entra ID](/sso/entra) (Enterprise plan only)")


@pytest.mark.parametrize(("question", "verdict"), [
    ("Can we connect Okta for single sign-on on the Pro plan?", "met"),
    ("Can we use Microsoft Entra ID for sign-in on the Pro plan?", "unmet"),
    ("Can we use Microsoft Entra ID for sign-in on the Enterprise plan?", "met"),
    ("Can we use Microsoft Entra ID for sign-in?", None),
    ("Can we use Microsoft Entra ID for sign-in on a paid plan?", None),
])
def test_a_plan_the_question_names_is_read_against_the_item_naming_its_product(question, verdict):
    """Buildkite's providers list gives each provider's plans in its item: Okta on Pro is yes, Entra ID
    on Pro no, where reading the whole list found "only" and said "Partially" to both."""
    assert (plan_verdict(question, _PROVIDERS) or (None,))[0] == verdict


async def test_the_plan_the_question_names_is_no_limit_and_another_plan_is_a_denial(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, {
        "session-pinning.md": "# Session pinning\n\n> 📘 Enterprise plan feature\n> Pinning sessions to IP addresses "
                              "is only available to Acme customers on the [Enterprise](/pricing) plan.\n"})
    own = await pipeline.run("On the Enterprise plan, can sessions be pinned to IP addresses?")
    assert own.synthesis.compliance_status == "Fully Supported"
    other = await pipeline.run("On the Pro plan, can sessions be pinned to IP addresses?")
    assert other.synthesis.compliance_status == "Not Supported" and other.escalated


@pytest.mark.parametrize(("text", "page", "offers"), [
    ("An [Enterprise](/docs/pricing/enterprise) account is required to use organizations.",
     "Production may need an **Enterprise** package.", ["Enterprise"]),
    ("If you're an [Ably Enterprise](https://ably.com/pricing) customer, then you can create a custom endpoint.", "",
     ["Enterprise"]),
    ('Features <a id="features"/> Enterprise packages can include features such as:', "", ["Enterprise"]),
    ("Pro package users also have access to the following features:", "", ["Pro"]),
    # A banner saying what the thing is available on: an offer named as one, or a link to the offer's own page.
    ("2FA Enforcement is available on the [Pro plan](/pricing/plans) and above.", "", ["Pro"]),
    ("SAML SSO is available on Railway Enterprise.", "SAML SSO is available on [Railway Enterprise](/enterprise).",
     ["Enterprise"]),
    # A sentence saying what the one before is: "This is an Enterprise feature", "… as part of an Enterprise plan".
    ("This is an Enterprise feature that requires dedicated infrastructure setup.", "", ["Enterprise"]),
    ("Contact sales to set this up as part of an Enterprise plan.", "", ["Enterprise"]),
    # A login an account names is no offer, nor is every plan, nor a vendor named before its customers, nor a
    # name that links elsewhere.
    ("A GitHub account is required to sign in.", "Sign in with GitHub.", []),
    ("The audit log is only available to Acme customers on the Enterprise plan.", "Acme subscriptions vary.", []),
    ("The CLI is available on GitHub.", "The CLI is available on [GitHub](https://github.com/acme/cli).", []),
    ("Every Temporal Cloud plan includes support, and the plan you choose sets the response time.", "", []),
])
def test_the_offer_a_page_note_or_a_list_lead_gives_something_to_is_read(text, page, offers):
    assert offered_on(text, page) == offers


async def test_a_feature_from_an_offers_own_list_holds_for_some_customers(tmp_path, index):
    """An item of "Enterprise packages can include features such as:" answers a question that names no
    plan for some customers only; naming the plan makes it a plain yes."""
    page = ("# Enterprise package\n\nCustom packages for your business.\n\n## Features\n\n"
            "Enterprise packages can include features such as:\n\n"
            "* **PrivateLink**: reach the service from your VPC without using the public internet via AWS PrivateLink.\n"
            "* **Custom domains**: use your own domain for your endpoints.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"enterprise.md": page})
    open_plan = (await pipeline.run("Can our servers reach you over AWS PrivateLink instead of the public internet?"))
    assert open_plan.synthesis.compliance_status == "Partially Supported"
    named = await pipeline.run("On an Enterprise package, can our servers reach you over AWS PrivateLink?")
    assert named.synthesis.compliance_status == "Fully Supported"


async def test_a_banner_giving_a_feature_to_one_offer_makes_an_open_question_partial(tmp_path, index):
    """A page whose note says the feature "is available on" an offer: a question naming no plan is answered
    for some customers; a denial on the page still answers no, though the short note scores first."""
    page = ("# Environment RBAC\n\n<Banner>\nEnvironment RBAC is available on [Acme Enterprise](/enterprise).\n"
            "</Banner>\n\nEnvironment RBAC lets you restrict access to sensitive environments like production.\n\n"
            "## Deployer\n\nDeployers can still trigger deployments via git push. Deployers cannot view variables or "
            "logs in restricted environments.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"environment-rbac.md": page})
    open_plan = await pipeline.run("Can we restrict access to sensitive environments like production with RBAC?")
    assert open_plan.synthesis.compliance_status == "Partially Supported"
    denied = await pipeline.run("With environment RBAC, can a Deployer view variables in restricted environments?")
    assert denied.synthesis.compliance_status == "Not Supported"


async def test_the_sentence_after_the_answer_may_give_it_to_one_offer(tmp_path, index):
    """"…Acme supports multi-region replication. This is an Enterprise feature…": the sentence after the
    one that answers says who gets it, so a question naming no plan is answered for some customers."""
    page = ("# Regions\n\nAcme runs in nine regions.\n\n## Multi-region replication\n\nFor workloads that need "
            "data replicated across several regions for disaster recovery, Acme supports multi-region replication. "
            "This is an Enterprise feature that requires dedicated infrastructure setup.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"regions.md": page})
    answer = (await pipeline.run("Can data be replicated across several regions for disaster recovery?")).synthesis
    assert answer.compliance_status == "Partially Supported"


async def test_availability_said_in_a_long_introduction_is_content_not_a_page_note(tmp_path, index):
    """"BYOK encryption is available on Pro, and Enterprise plans", deep in a page's introduction, limits BYOK,
    not the at-rest encryption every plan has (Turso's first run: five such answers became Partially)."""
    page = ("# BYOK Encryption\n\nAll databases are encrypted at rest at the volume level in Acme Cloud.\n\n"
            "For Pro and Enterprise customers, there is the option to encrypt databases with a key that you provide. "
            "BYOK encryption happens at the server level. Different databases can use different keys. "
            "Each database page is encrypted individually. BYOK encryption is available on Pro, and Enterprise plans.\n\n"
            "## Ciphers\n\nAcme supports AES-256-GCM and ChaCha20-Poly1305.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"encryption.md": page})
    answer = (await pipeline.run("Are all databases encrypted at rest at the volume level?")).synthesis
    assert answer.compliance_status == "Fully Supported"


def test_the_free_plan_is_below_every_plan_a_passage_requires():
    """Supabase's "Can a BAA be signed on the free plan?" had been "Fully Supported" from "at least on the Team
    Plan": a plan named in lower case is no vendor's name, but the free one is below every paid one."""
    team = "You will need to be at least on the Team Plan to sign a BAA with us."
    assert plan_verdict("Can a BAA be signed on the free plan?", team) == ("unmet", ["at least on the Team Plan"])
    assert plan_verdict("Can a BAA be signed on the cheapest plan?", team) is None
    assert plan_verdict("Can a BAA be signed on the Team plan?", team)[0] == "met"


@pytest.mark.parametrize(("question", "status"), [
    ("Is SAML SSO included in the Pro plan?", "Not Supported"),
    ("Is SAML SSO included on the free plan?", "Not Supported"),
    ("Is SAML SSO included in the Enterprise plan?", "Fully Supported"),
])
async def test_a_page_given_to_enterprise_only_answers_no_for_another_plan(tmp_path, index, question, status):
    """Enterprise is the top of a vendor's offers and the free plan the bottom: a page given to Enterprise only
    answers a question naming another plan with no, whatever the order of the plans between."""
    page = ("# SAML SSO\n\nSAML SSO is available on [Acme Enterprise](/enterprise).\n\n## Set up\n\n"
            "Once configured, users can log in using SAML SSO with their organization email. Workspace admins can "
            "enforce SAML SSO so that every member signs in through your identity provider.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"saml.md": page})
    answer = (await pipeline.run(question)).synthesis
    assert answer.compliance_status == status


async def test_a_page_note_for_another_plan_denies_what_another_page_says_of_the_free_plan(tmp_path, index):
    """Spacelift's "Is the audit trail included in the free plan?" had been "Partially Supported": the best passage
    was a billing page's sentence naming the Free plan, and the audit page's own note ("only available to Enterprise
    plan"), cited as the page's scope, was not read against the plan the question names."""
    pages = {"audit-trail.md": "# Audit trail\n\n!!! Info\n    This feature is only available to Enterprise plan.\n\n"
                               "Spacelift supports auditing all operations that change Spacelift resources.\n\n"
                               "## Retention\n\nLogs are kept for 30 days.\n",
             "faq.md": "# FAQ\n\n## Billing\n\nWhen the trial period ends, your account automatically switches to the "
                       "Free plan. You'll retain access to your existing configurations, but your account will be "
                       "subject to the limitations of the Free plan.\n"}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    answer = (await pipeline.run("Is the audit trail included in the free plan?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("Enterprise plan" in c.quote for c in answer.citations)


def test_offers_named_as_the_lowest_of_several_deny_only_the_free_plan():
    """"The Team plan and above": Enterprise, the top of a vendor's offers, is above it; the free plan below;
    whether Business is above Team is the vendor's order, for a reviewer (it had been "unmet")."""
    above = "Audit logs are available on the Team plan and above."
    assert plan_verdict("Can admins view audit logs on the Enterprise plan?", above)[0] == "met"
    assert plan_verdict("Can admins view audit logs on the free plan?", above)[0] == "unmet"
    assert plan_verdict("Can admins view audit logs on the Business plan?", above) is None


def test_an_entry_offer_is_below_the_lowest_of_several_paid_ones():
    above = "2FA Enforcement is available on the Pro plan and above."
    assert plan_verdict("On the Hobby plan, can we require 2FA for every member?", above)[0] == "unmet"
    assert plan_verdict("On the Starter plan, can we require 2FA?", "2FA is available on the Starter plan and above.")[0] == "met"
    assert plan_verdict("On the Hobby plan, can we require 2FA?", "2FA is available on the Starter plan and above.") is None


def test_and_up_to_a_figure_is_no_order_of_plans():
    only = "Audit logs are available on the Pro plan only, and up to 5 members can export them."
    assert plan_verdict("Are audit logs available on the Team plan?", only)[0] == "unmet"
    assert plan_verdict("Are audit logs available on the Enterprise plan?", "Available on the Pro plan and up.")[0] == "met"


def test_a_plan_that_is_a_document_is_no_offer():
    """Langfuse's first run: "Our Incident Response Plan provides …" read as an offer named "Response"
    made "report suspected events within 24 hours" an answer for some customers only."""
    assert offered_on("Our Incident Response Plan provides a structured framework.") == []
    assert plan_limit("Required by our Business Continuity Plan and only on the Team plan.") == ["Team"]
    assert offered_on("The Enterprise plan provides SAML SSO.") == ["Enterprise"]


async def test_a_duty_in_an_incident_response_plan_is_answered_for_everyone(tmp_path, index):
    page = ("# Incident & Breach\n\n## Incident Response Plan\n\nOur Incident Response Plan provides a structured "
            "framework, requiring all personnel to report any suspected event within 24 hours.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"incident.md": page})
    answer = (await pipeline.run("Must your staff report suspected security events within 24 hours?")).synthesis
    assert answer.compliance_status == "Fully Supported"


def test_an_entry_offer_named_a_word_before_its_plan_is_asked_and_unmet_by_paid_plans_only():
    """Zulip: "message retention policies are available on the Zulip Cloud Standard and Zulip Cloud Plus plans"
    answers "…on the free cloud plan…?" no: the free plan is asked though "cloud" stands before "plan"."""
    question = "Can an organization on the free cloud plan set a message retention policy?"
    assert asked_plans(question) == {"free", "cloud"}
    retention = ("In Zulip Cloud, message retention policies are available on the Zulip Cloud Standard and Zulip "
                 "Cloud Plus [plans](https://zulip.com/plans/).")
    assert plan_verdict(question, retention)[0] == "unmet"
    assert plan_verdict("Can an organization on the Plus plan set a retention policy?", retention)[0] == "met"


async def test_an_offer_named_beside_the_one_asked_is_no_limit(tmp_path, index):
    """Turso: "Pro and Enterprise customers can use their own S3 buckets" answers "Can Pro customers keep their
    data in S3 buckets of their own?" in full; asked of the free plan's customers, Enterprise is still a limit."""
    assert asked_offer_names("Can Pro customers keep their data in S3 buckets of their own?") == {"Pro"}
    assert asked_offer_names("On a Pro subscription, can admins force two-factor authentication?") == {"Pro"}
    page = ("# Storage\n\nPro and Enterprise customers can use their own S3 buckets, guaranteeing that data lives "
            "inside their infrastructure.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"storage.md": page})
    asked = (await pipeline.run("Can Pro customers keep their data in S3 buckets of their own?")).synthesis
    assert asked.compliance_status == "Fully Supported"
    open_question = (await pipeline.run("Can customers keep their data in S3 buckets of their own?")).synthesis
    assert open_question.compliance_status == "Partially Supported"


async def test_a_page_note_on_who_gets_it_does_not_limit_the_fact_an_open_question_asks(tmp_path, index):
    """PostHog's "How long are events kept on the free plan?" had been "Partially Supported" from the page's note on
    which plans get it; the figure asked is stated."""
    page = ("# Audit trail\n\n!!! Info\n    This feature is only available to Enterprise plan.\n\n"
            "Spacelift supports auditing all operations that change Spacelift resources.\n\n"
            "## Retention\n\nAudit logs are kept for 30 days.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit-trail.md": page})
    answer = (await pipeline.run("How long are audit logs kept?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    assert "30 days" in answer.answer
    asked = (await pipeline.run("Do you keep an audit log of changes?")).synthesis
    assert asked.compliance_status == "Partially Supported"


async def test_a_hedge_beside_the_customers_in_a_page_lead_limits_nothing_on_the_page(tmp_path, index):
    """"…resources are shared among multiple customers, which might affect performance during peak times" opens
    Mattermost's Cloud Shared page: "might" and "customers" sit in different clauses, so it says nothing of who gets
    what the page lists (its first run had made 14 of that page's answers "Partially Supported")."""
    page = ("# Cloud Shared\n\nAcme Cloud Shared is a managed service for small companies.\n\nYour deployment is "
            "isolated, is fully hosted by Acme, and runs on shared infrastructure where resources are shared among "
            "multiple Acme customers, which might affect performance during peak times.\n\n## Backups\n\n"
            "Daily backups of the database and object storage are retained for 30 days.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"cloud-shared.md": page})
    answer = (await pipeline.run("Are daily backups of the database kept for 30 days?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    limited = page.replace("which might affect performance during peak times", "available to Enterprise customers only")
    pipeline = await pipeline_over(tmp_path / "limited", index, {"cloud-shared.md": limited})
    answer = (await pipeline.run("Are daily backups of the database kept for 30 days?")).synthesis
    assert answer.compliance_status == "Partially Supported"


def test_a_plan_named_before_the_kind_of_offer_is_the_plan():
    """Aiven's "On the Basic support tier, can we get a custom SLA?" had been "Fully Supported" from "Custom service
    level agreements are available for the Premium support tier": "support" stood between the name and "tier"."""
    premium = "Custom [service level agreements](https://aiven.io/sla) are available for the Premium support tier."
    assert plan_limit(premium) == [] and plan_limit(premium, kinds=True) == ["Premium"]
    assert plan_verdict("On the Basic support tier, can we get a custom SLA?", premium)[0] == "unmet"
    assert plan_verdict("On the Premium support tier, can we get a custom SLA?", premium)[0] == "met"
