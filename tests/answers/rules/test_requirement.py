"""A requirement the question says is lacking answers no: "You must be an account admin to create access
tokens" for "Can a developer without admin rights create them?"."""

from __future__ import annotations

from pathlib import Path

from agents.rules.requirement import reserved_to_others, reserved_to_role, unmet_requirement
from tests.documents import pipeline_over

_ADMIN = "You must be an account admin to create access tokens."


def test_a_requirement_the_question_lacks_is_read_as_a_no():
    assert unmet_requirement("Can a developer without admin rights create access tokens?", _ADMIN) == \
        "must be an account admin"
    assert unmet_requirement("Can an owner who has not set up 2FA enforce it for everyone?",
                             "The account owner must already have 2FA enabled before they can enforce it.")
    # "has no … of its own" lacks it too (Mattermost's private connectivity: "Customers must own their AWS Account").
    assert unmet_requirement("Can private connectivity be set up for a customer that has no AWS account of its own?",
                             "Customers must own their AWS Account.") == "must own their AWS Account"
    # The requirement met, or something else lacking, answers nothing.
    assert unmet_requirement("Can an admin create access tokens?", _ADMIN) is None
    assert unmet_requirement("Can a customer that has no Azure tenant connect privately?",
                             "Customers must own their AWS Account.") is None
    assert unmet_requirement("Can users without SSO create access tokens?", _ADMIN) is None


async def test_a_developer_without_admin_rights_is_told_no(tmp_path, index):
    page = ("# Access tokens\n\nAccess tokens authenticate requests to the management API.\n\n## Create a token\n\n"
            f"{_ADMIN} To create one, open the Access tokens page and click Create.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"tokens.md": page})
    answer = (await pipeline.run("Can a developer without admin rights create access tokens?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_what_only_some_may_do_is_denied_to_others_asked_about():
    billing = "Only team owners may change a project's billing plan or update its billing information."
    assert reserved_to_others("Can regular team members change the billing plan?", billing) == "Only team owners may change"
    # Asked of those it is reserved to, or of "we" (who may be those very people), it is no denial.
    assert reserved_to_others("Can team owners change the billing plan?", billing) is None
    assert reserved_to_others("Can we change the billing plan?", billing) is None
    assert reserved_to_others("Can regular members rename the team?", billing) is None


async def test_a_question_on_what_members_may_do_is_answered_no_by_owners_only(tmp_path, index):
    page = ("# Teams\n\nTeams are groups of users who share projects.\n\n## Roles\n\n"
            "Only team owners may change a project's billing plan or update its billing information.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"teams.md": page})
    answer = (await pipeline.run("Can regular team members change the project's billing plan?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_a_role_with_a_setting_already_on_is_a_requirement():
    passage = "You must be a workspace admin with 2FA already enabled on your account to configure this setting."
    assert unmet_requirement("Can an admin who has not enabled 2FA switch on the requirement for the team?",
                             passage) == "must be a workspace admin with 2FA already enabled"
    assert unmet_requirement("Can an admin with 2FA enabled switch on the requirement?", passage) is None


async def test_a_requirement_cited_after_closer_passages_still_answers_no(tmp_path, index):
    """The requirement is the fourth passage cited, under two closer ones: the question names what it asks of."""
    page = ("# 2FA enforcement\n\nTwo-factor enforcement lets workspace admins require all members to have 2FA "
            "enabled before they open the workspace. Members without 2FA are asked to set it up.\n\n## Turning it on\n\n"
            "Open the workspace settings and switch on 2FA enforcement. You must be a workspace admin with 2FA "
            "already enabled on your account to configure this setting.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"two-factor.md": page})
    answer = (await pipeline.run("Can an admin who has not enabled 2FA on their own account switch on "
                                 "2FA enforcement for the workspace?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_a_plan_a_feature_is_available_on_is_a_requirement_asked_without_it():
    passage = "AI features for self-hosted instances are available on Enterprise plans."
    assert unmet_requirement("Are the AI features available without an Enterprise plan?", passage) == \
        "available on Enterprise plans"
    assert unmet_requirement("Are the AI features available on an Enterprise plan?", passage) is None


def test_a_setting_that_needs_another_set_up_first_is_denied_before_it():
    scim = "SCIM provisioning can only be enabled when either SAML or OIDC is setup for the organization."
    assert unmet_requirement("Can SCIM be switched on before SAML or OIDC is configured?", scim) == \
        "can only be enabled when either SAML or OIDC is setup"
    assert unmet_requirement("Can SCIM be switched on once SAML is configured?", scim) is None


def test_a_role_a_passage_requires_is_a_no_to_anyone_at_all():
    admin = "You must be a project `admin` to manage your project's IP whitelist."
    assert reserved_to_role("Can any member of a project change its IP allowlist?", admin) == \
        "must be a project `admin` to manage your project's IP whitelist"
    assert reserved_to_role("Can anyone delete a project?", "You must be an owner to delete a project.") == \
        "must be an owner to delete a project"
    # Asked of the role itself, of "we", or met by a state rather than a role ("logged in"), it is no denial.
    assert reserved_to_role("Can any admin of a project change its IP allowlist?", admin) is None
    assert reserved_to_role("Can we change the IP allowlist?", admin) is None
    assert reserved_to_role("Can any user see audit logs?", "You must be logged in to view audit logs.") is None


async def test_a_member_asked_about_a_setting_only_admins_manage_is_told_no(tmp_path, index):
    page = ("# IP allowlisting\n\nProjects can restrict client access to specific IP addresses or CIDR ranges.\n\n"
            "You must be a project admin to manage your project's IP allowlist.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"ip.md": page})
    answer = (await pipeline.run("Can any member of a project change its IP allowlist?")).synthesis
    assert answer.compliance_status == "Not Supported"


def test_a_role_said_to_be_required_for_an_act_reserves_it():
    """Dagster+: "**Organization Admin** permissions are required to manage another user's tokens" and "To manage
    agent tokens, you need to be an [Organization Admin](…)" answer a regular member no, an organization admin
    nothing."""
    note = ":::note **Organization Admin** permissions are required to manage another user's tokens. :::"
    assert reserved_to_others("Can a regular member manage another person's tokens?", note) == \
        "Organization Admin permissions are required to manage"
    assert reserved_to_others("Can an organization admin manage another person's tokens?", note) is None
    agent = "To manage agent tokens, you need to be an [Organization Admin](/rbac#reference) in Dagster+."
    assert reserved_to_others("Can an editor manage agent tokens?", agent) == \
        "To manage agent tokens, you need to be an Organization Admin"
    assert reserved_to_others("Can we manage agent tokens?", agent) is None  # asked by those very people


async def test_a_required_role_cited_below_the_best_passage_answers_no(tmp_path, index):
    page = Path(__file__).resolve().parents[3] / "eval" / "dagster" / "corpus" / "user-tokens.md"
    pipeline = await pipeline_over(tmp_path / "docs", index, {"user-tokens.md": page.read_text(encoding="utf-8")})
    answer = (await pipeline.run("Can a regular member manage another person's tokens?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert any("are required to manage" in c.quote for c in answer.citations)


def test_what_only_someone_else_may_do_or_undergo_is_reserved_in_the_passive_too():
    from agents.rules.requirement import reserved_to_others

    author = "Message content can only ever be modified by the original author."
    assert reserved_to_others("Can an organization admin rewrite the wording of a message another person wrote?",
                              author) == "can only ever be modified by the original author"
    assert reserved_to_others("Can the original author edit a message?", author) is None
    unsynced = "Only 'unsynced' users can be removed in Dagster+."
    assert reserved_to_others("With SCIM on, can a person synced from the IdP be removed in your interface?",
                              unsynced) == "Only unsynced users can be removed"
    # Being something else is not undergoing what the passage reserves.
    assert reserved_to_others("Can members be owners?", "Only admins can be removed.") is None


def test_an_act_the_subject_must_do_is_denied_to_a_question_asking_it_be_done_without():
    """Spacelift's "Can commercial workloads share the FedRAMP tenant without meeting FedRAMP standards?" had been
    "Fully Supported" from the very sentence requiring it."""
    fedramp = ("Note that with this approach, commercial workloads must meet FedRAMP standards since they are hosted "
               "there.")
    assert unmet_requirement("Can commercial workloads share the tenant without meeting FedRAMP standards?", fedramp) \
        == "must meet FedRAMP standards"
    assert unmet_requirement("Can commercial workloads share the tenant?", fedramp) is None
    assert unmet_requirement("Can we log in without a password?", "You must change the password every 90 days.") is None


def test_a_configuration_required_with_an_example_aside_is_lacking_where_the_question_says_none_is_set_up():
    """Flagsmith's "Does automated user provisioning work without any SSO set up?" had been "Fully Supported" from the
    list requiring "an SSO configuration (such as SAML) set up"."""
    sso = "You must have an SSO configuration (such as SAML) set up for your organisation."
    assert unmet_requirement("Does automated user provisioning work without any SSO set up?", sso) == \
        "must have an SSO configuration (such as SAML)"
    assert unmet_requirement("Does automated user provisioning work without a SAML licence?", sso) is None
    assert unmet_requirement("Does automated user provisioning work with SSO?", sso) is None


def test_what_a_feature_requires_is_a_no_asked_without_it():
    """Travis CI's "the usage of VM instance sizes requires credits to be available in the user's account" had
    answered "Fully Supported" to whether larger instances can be used without any credits."""
    sizes = "Please note that the usage of VM instance sizes requires credits to be available in the user's account."
    assert unmet_requirement("Can larger instances be used without any credits on the account?", sizes) is not None
    assert unmet_requirement("Can larger instances be used without a support contract?", sizes) is None
    assert unmet_requirement("Can larger instances be used?", sizes) is None


def test_an_act_the_subject_will_need_to_do_is_a_no_asked_without_it():
    """Login.gov's "Users will need to click a button to complete the logout process" had answered "Fully Supported"
    to whether the user is returned to the app without clicking anything."""
    click = "Users will need to click a button to complete the logout process."
    assert unmet_requirement("On logout, is the user returned to our app without clicking anything?", click) == \
        "will need to click"
    assert unmet_requirement("On logout, is the user returned to our app without a new session?", click) is None
    assert unmet_requirement("On logout, is the user returned to our app?", click) is None


def test_a_role_written_as_a_link_still_reserves_the_act():
    """Semaphore's "Only the [Owner](./rbac#org-owner) of an organization can delete it" had answered "Fully
    Supported" to whether an admin can delete the organization."""
    from agents.rules.requirement import reserved_to_others

    owner = "Only the [Owner](./rbac#org-owner) of an organization can delete it."
    assert reserved_to_others("Can an admin delete the organization?", owner) is not None
    assert reserved_to_others("Can the owner delete the organization?", owner) is None


def test_an_act_required_of_the_person_the_question_does_without_is_a_no():
    asked = "Can a user give the service access to an SSO-protected GitHub organization without an org admin approving?"
    assert unmet_requirement(asked, "The organization Admin has to approve the request.") == "Admin has to approve"
    assert unmet_requirement("Can members join without an owner inviting them?", "The owner must invite each member.")
    # Another person, or another act, is not what the question does without.
    assert unmet_requirement("Can members join without an owner inviting them?", "The admin must invite each member.") \
        is None
    assert unmet_requirement(asked, "The organization Admin has to review the audit log.") is None


def test_what_an_act_brings_with_it_is_lacking_where_the_question_does_without_it():
    asked = "Can our customer-managed database key be replaced without any downtime?"
    passage = "Changing the AWS KMS key in the database necessitates downtime due to AWS Aurora's encryption limits."
    assert unmet_requirement(asked, passage) == "necessitates downtime"
    assert unmet_requirement("Can we upgrade without downtime?", "The upgrade causes a brief restart of the workers.") \
        is None
