"""A passage about the opposite scope (public for private, cloud-hosted for self-hosted) answers part of
the question at most; one saying the opposite of what is asked (hidden where shown is asked, destroyed where
persisting is, mandatory where opting out is, no longer where still is, only with consent where without it is) answers
it no."""

from __future__ import annotations

from agents.rules.denial import (done_unannounced, gone_after, hidden_from, kept_apart, mandatory, no_longer,
                                 only_with_consent)
from agents.rules.opposite_scope import opposite_scope, restricted_to_opposite
from agents.rules.denial import denials, said_opposite
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


async def test_the_opposite_of_what_is_asked_is_answered_no(tmp_path, index):
    """Travis CI's first run had answered each of these "Fully Supported" from the sentence saying the opposite."""
    pages = {
        "variables.md": "# Variables in settings\n\nBy default, the value of these new environment variables is hidden "
                        "from the `export` line in the logs.\n",
        "scopes.md": "# Email\n\nYour email address can be hidden from the GitHub profile, which also hides it from "
                     "us.\n",
        "sbom.md": "# Deploying\n\nPlease remember that build job environments are ephemeral, and once the build job "
                   "is finished, the environment is destroyed.\n",
        "legacy.md": "# Legacy site\n\nStarting June 2021 the legacy site is disabled and therefore no longer "
                     "supported.\n",
        "security.md": "# Access to code\n\nWe only manually access your code when explicitly requested by you and "
                       "only in explicit consent with you, and only to debug build issues.\n",
    }
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    for question in ("Are values of variables from settings printed on the export line of logs by default?",
                     "If a user hides their email address on GitHub, can you still see it?",
                     "Does a build environment persist after the job so files can be collected later?",
                     "Is the legacy site still supported?",
                     "Will your staff look at our code without our consent?"):
        answer = (await pipeline.run(question)).synthesis
        assert answer.compliance_status == "Not Supported", (question, answer.answer, answer.reasoning)


def test_each_opposite_needs_the_question_s_own_words_and_form():
    shown = "By default, the value of these variables is hidden from the `export` line in the logs."
    assert hidden_from("Are the values printed on the export line of the logs?", shown) is not None
    assert hidden_from("Can we choose to show the values on the export line of the logs?", shown) is None
    assert hidden_from("Are the values hidden from the export line?", shown) is None
    assert hidden_from("Are the values printed in the audit trail?", shown) is None
    gone = "Build job environments are ephemeral, and once the job is finished, the environment is destroyed."
    assert gone_after("Does a build environment persist after the job?", gone) is not None
    assert gone_after("Do logs persist after the environment is destroyed?", gone) is None
    assert gone_after("Do uploaded caches persist between runs?", gone) is None
    scan = "Travis CI has also enabled a mandatory post-job log scan to find leaked secrets."
    assert mandatory("Can a repository opt out of the scan for leaked credentials?", scan) == "mandatory"
    assert mandatory("Can we opt out of email notifications?", scan) is None
    assert mandatory("Is the log scan mandatory, or can we opt out?", scan) is None
    legacy = "Starting June 2021 the legacy site is disabled and therefore no longer supported."
    assert no_longer("Is the legacy site still supported?", legacy) == "no longer supported"
    assert no_longer("Is the legacy site supported?", legacy) is None
    assert no_longer("Is the new site still supported?", "The plugin is no longer maintained.") is None
    consent = "We only access your code when explicitly requested by you."
    assert only_with_consent("Will your staff look at our code without our consent?", consent) is not None
    assert only_with_consent("Will your staff look at our code?", consent) is None
    invoices = "We only send invoices on request."
    assert only_with_consent("Do you share billing data without our approval?", invoices) is None


async def test_a_passage_on_the_scope_asked_is_not_limited_by_one_on_the_opposite_scope(tmp_path, index):
    """Travis CI's "Private repositories have debug mode enabled by default" had been answered "Partially Supported"
    because "…not available by default on public repositories" was cited beside it."""
    page = ("# Debug mode\n\n## Enable debug mode\n\nPrivate repositories have debug mode enabled by default, and no "
            "changes need to be made.\n\nFor public repositories, debug mode is enabled by default on request only, "
            "repository by repository.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"debug.md": page})
    answer = (await pipeline.run("Is debug mode switched on by default for private repositories?")).synthesis
    assert answer.compliance_status == "Fully Supported", answer.reasoning


def test_turned_off_taken_away_or_told_first_answers_no():
    """Travis CI's self-signed certificates ("you must disable SSL certificate validation"), suspended users ("removes
    the user's build-triggering access"), subprocessors ("only after informing the Client in writing") and audits
    ("announced … at least 2 weeks in advance")."""
    from agents.rules.denial import must_turn_off

    certificates = "In all cases of using self-signed certificates, you must disable SSL certificate validation."
    assert must_turn_off("Can we use self-signed certificates and still keep certificate verification turned on?",
                         certificates) == "must disable SSL certificate validation"
    assert must_turn_off("Can we keep two-factor sign-in turned on?", certificates) is None
    assert must_turn_off("Can we use self-signed certificates?", certificates) is None
    suspended = "Suspending a user's repository access removes the user's build-triggering access."
    assert no_longer("After we suspend someone's access, can they still start builds?", suspended) is not None
    assert no_longer("After we suspend someone, can they still read the logs?", suspended) is None
    informed = "Travis-CI shall use any sub-processor only after informing the Client in writing."
    assert only_with_consent("Might you bring on a new subprocessor without telling us?", informed) is not None
    audit = "Such audit or inspection is announced to Travis-CI at least 2 weeks in advance in writing."
    assert only_with_consent("Can we run an audit of your systems with no advance notice?", audit) == "in advance"
    assert only_with_consent("Can we run an audit of your systems?", audit) is None
    # Being told first is no consent: notice answers a question on notice only.
    notice = "We tell customers in advance of any change to how their data is shared."
    assert only_with_consent("Do you change how our data is shared without telling us?", notice) == "in advance"
    assert only_with_consent("Do you share our data without our consent?", notice) is None
    # Supabase: done without notice where being told first is asked.
    patches = "Critical security patches are applied automatically without notification."
    assert done_unannounced("Will we be told in advance before critical security fixes are installed?", patches) == \
        "without notification"
    assert done_unannounced("Will we be told in advance before our plan changes?", patches) is None
    assert done_unannounced("Are critical security fixes installed automatically?", patches) is None


def test_kept_where_switching_off_is_asked_answers_no():
    """Spacelift's "Once MFA is enforced, all users must maintain at least one security key" had answered "Fully
    Supported" to whether users can switch MFA off for themselves once it is mandatory."""
    from agents.rules.denial import must_keep

    kept = "Once MFA is enforced, all users must maintain at least one security key."
    assert must_keep("Once MFA is mandatory, can users switch it off for themselves?", kept) == "must maintain"
    assert must_keep("Can users switch off email alerts?", kept) is None
    assert must_keep("Once MFA is mandatory, must users keep a security key?", kept) is None


def test_later_sometimes_instead_off_by_default_free_and_the_other_prevailing_answer_no():
    """Semaphore's first run had answered each of these "Fully Supported" from the sentence saying the reverse."""
    from agents.rules.denial.reversals import (at_no_cost, done_instead, later, off_by_default, only_sometimes,
                                               other_prevails)

    daily = "Audit logs are streamed to the bucket once per day."
    assert later("Are audit logs streamed to our bucket in real time?", daily) == "once per day"
    assert later("Are audit logs streamed to our bucket?", daily) is None
    assert later("Are invoices emailed in real time?", daily) is None  # a sentence about something else
    assert later("Is the spending shown in the app updated in real time?",
                 "Please note that spending data may take up to 24 hours to update.") == "may take up to 24 hours"
    faster = "You may notice that identical jobs sometimes complete faster than previous runs."
    assert only_sometimes("Will identical jobs always take the same time to run?", faster) == "sometimes"
    assert only_sometimes("Do identical jobs take the same time to run?", faster) is None
    merge = ("Instead of pushing the HEAD commit to the pull request, Semaphore uses the MERGE commit between the "
             "source and the upstream branch.")
    assert done_instead("Do pull request builds run the exact head commit of the branch?", merge) is not None
    # Advice, or a passage doing in its place what is asked, answers nothing of the kind.
    assert done_instead("Are access tokens created or deleted by the platform?",
                        "- Reuse tokens across similar use cases instead of creating many single-purpose tokens") is None
    assert done_instead("Can our own cloud KMS wrap the keys for a project?",
                        "Instead of the Internal KMS Root Key decrypting the project data key, the encrypted data key "
                        "is sent to the external KMS provider for decryption.") is None
    setting = "- `disconnect-after-job` (default=false): when true the agent disconnects after running a job"
    assert off_by_default("Do agents disconnect after each job by default?", setting) == "default=false"
    assert off_by_default("Is disconnecting after each job off by default?", setting) is None
    free = "Contact support so we can enable the MCP server in your organization at no cost."
    assert at_no_cost("Is there a charge for enabling the MCP server?", free) == "at no cost"
    assert at_no_cost("Is the MCP server free?", free) is None
    wins = "- Environment credentials always take precedence - Project secrets win over organization secrets"
    question = "When an organization secret and a project secret share a name, does the organization one win?"
    assert other_prevails(question, wins) == "Project secrets win over organization secrets"
    assert other_prevails("When they share a name, does the project one win?", wins) is None


async def test_the_reverse_said_in_a_page_is_a_no_through_the_pipeline(tmp_path, index):
    pages = {
        "audit.md": "# Audit logs\n\nAudit logs can be exported as CSV or streamed to an S3-compatible bucket. Audit "
                    "logs are streamed to the bucket once per day.\n",
        "pulls.md": "# Pull requests\n\nInstead of pushing the HEAD commit to the pull request, the service uses the "
                    "MERGE commit between the source and the upstream branch.\n",
    }
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    for question in ("Are audit logs streamed to our bucket in real time?",
                     "Do pull request builds run the exact head commit of the branch?"):
        answer = (await pipeline.run(question)).synthesis
        assert answer.compliance_status == "Not Supported", (question, answer.reasoning)
    export = (await pipeline.run("Can audit logs be streamed to an S3-compatible bucket?")).synthesis
    assert export.compliance_status == "Fully Supported", export.reasoning


def test_deleted_where_staying_no_longer_visible_where_seeing_after_and_case_sensitive_where_ignored_answer_no():
    """Semaphore's Okta integration ("all the users created during the integration are deleted"), secrets ("its content
    is no longer visible to users") and invitations ("Usernames are case-sensitive") had each answered "Fully
    Supported"."""
    from agents.rules.denial.reversals import case_kept

    deleted = "If you remove the integration, all the users created during the integration are deleted from the app."
    assert gone_after("If we remove the integration, do the accounts it created stay?", deleted) == "are deleted from"
    # Asked whether it is kept for a time, deleted after it is no denial.
    assert gone_after("Are the accounts it created kept for 30 days?", deleted) is None
    hidden = "Once a secret is created, its content is no longer visible to users."
    assert no_longer("Can users view what a secret contains after it has been saved?", hidden) == "no longer visible"
    assert no_longer("Can users view what a secret contains?", hidden) is None
    sensitive = "Usernames are case-sensitive and all characters are considered."
    asked = "Are usernames matched without regard to case when inviting people?"
    assert case_kept(asked, sensitive) == "case-sensitive"
    assert case_kept("Are usernames matched exactly?", sensitive) is None
    assert case_kept("Are passwords matched regardless of case?", sensitive) is None


def test_an_act_deleting_it_where_surviving_is_asked_and_kept_where_wiped_is_asked_answer_no():
    """Railway's "Wiping a volume deletes all backups"; Flagsmith's "The user's data (audit log entries, change request
    history) is preserved" where the audit history being wiped is asked."""
    wiping = "Wiping a volume deletes all backups."
    assert gone_after("Do backups survive if the volume is wiped?", wiping) == "deletes all backups"
    assert gone_after("Do our environment variables survive if the volume is wiped?", wiping) is None
    preserved = "The user's data (audit log entries, change request history) is preserved."
    assert gone_after("When a user is deprovisioned, is their audit history wiped as well?", preserved) == \
        "is preserved"
    # Kept for a time says how long; a deletion in the question's condition is not what it asks.
    assert gone_after("When a user is deprovisioned, is their audit history wiped?",
                      "Audit history is kept for 30 days.") is None
    assert gone_after("Once a message is deleted, does its text still turn up in exports?",
                      "Deleted messages are preserved temporarily in a special archive.") is None


def test_kept_a_while_where_deleted_at_once_is_asked_answers_no():
    """GOV.UK Notify's privacy notice, asked whether a closed account's records are erased straight away."""
    kept = "We’ll keep your email address and IP addresses for 1 year before we delete them."
    asked = "When an account is closed, are its email and IP address records erased straight away?"
    assert gone_after(asked, kept) == "keep your email address and IP addresses for 1 year before"
    assert gone_after("Are closed accounts deleted immediately?", "We delete closed accounts within 30 days.") == \
        "delete closed accounts within 30 days"
    assert gone_after("Are email addresses erased when an account is closed?", kept) is None  # not asked "at once"


def test_separate_where_shared_is_asked_answers_no():
    """Login.gov's "…production account and Login.gov sandbox (test environment) accounts are separate"."""
    separate = ("Your Login.gov production account and Login.gov sandbox (test environment) accounts are separate.")
    assert kept_apart("Is one account shared between your production and test environments?", separate) == \
        "are separate"
    assert kept_apart("Is one account shared between our teams?", separate) is None
    assert kept_apart("Do we need a production account and a test account?", separate) is None


def test_deleted_at_once_where_kept_an_add_on_where_included_and_a_verb_in_ly_answer_no():
    """Axiom's first run answered "Fully Supported" from "Axiom immediately deletes all data older than the new period",
    "…are available as add-ons on the Axiom Cloud plan" and "token limits don't apply to them"."""
    from agents.rules.denial import negated_verb
    from agents.rules.denial.reversals import charged_extra

    lowered = "When you lower the default, Axiom immediately deletes all data older than the new period."
    assert gone_after("If we lower the default retention, is older data in existing datasets kept?", lowered) == (
        "immediately deletes")
    dated = "Older data in existing datasets is automatically deleted after 30 days."
    assert gone_after("Is older data in existing datasets kept?", dated) is None  # says how long it is kept
    addon = "SAML-based SSO and role-based access control are available as add-ons on the Cloud plan."
    assert charged_extra("Is SAML single sign-on part of the Cloud plan at no extra cost?", addon) == (
        "available as add-ons")
    assert charged_extra("Is SAML single sign-on available on the Cloud plan?", addon) is None
    oauth = ("If your agents connect through the remote MCP Server, they authenticate with OAuth, so token limits "
             "don’t apply to them.")
    assert negated_verb("Do API token limits apply to agents that use the remote MCP server?", oauth) == "don’t apply"
    direct = "Agents cannot directly query the store."
    assert negated_verb("Can agents query the store directly?", direct) == "cannot directly query"


def test_the_opposite_word_of_what_is_asked_is_a_no():
    """Excludes for includes, prohibits for permits, outside for inside the same place (Mattermost's first run had
    answered each "Fully Supported")."""
    from agents.rules.denial.reversals import said_antonym
    assert said_antonym("Do the prices on your website include VAT?",
                        "Prices on our website are exclusive of sales tax or VAT.") == "exclusive of"
    assert said_antonym("Does the commercial licence permit reverse engineering of the binary?",
                        "It is offered under a commercial license that prohibits reverse engineering.") == "prohibits"
    assert said_antonym("Does personal data we give your support team stay inside the EU?",
                        "Regardless of where the agent is, the personal data will be hosted outside of the EU.") == \
        "outside of the EU"
    # Outside another thing, or possibly outside, or included as asked: no denial.
    assert said_antonym("In the hybrid model, does our code stay inside our own environment?",
                        "Environment variables are key-value pairs configured outside your source code.") is None
    assert said_antonym("Is submission data kept inside the United Kingdom?",
                        "Your personal data may be transferred outside the United Kingdom while processed.") is None
    assert said_antonym("Does the plan include SSO?", "SSO is included in every plan.") is None


def test_a_soft_delete_keeps_what_the_question_asks_whether_is_removed():
    soft = "Messages deleted by users are removed from the user interface, but persist in the database."
    assert gone_after("When a user deletes a message, is it removed from the database by default?", soft) == "persist in"
    assert gone_after("Is a deleted message removed from the database?", "Deleted messages are purged nightly.") is None


def test_said_to_be_for_the_cloud_only_is_a_no_for_self_hosted():
    """Mattermost's editions page: "99.9% uptime SLA guarantee (Cloud only, via dedicated virtual secure Cloud add-on
    option)", asked whether the SLA applies to self-hosted deployments."""
    sla = "99.9% uptime SLA guarantee (Cloud only, via dedicated virtual secure Cloud add-on option)."
    assert restricted_to_opposite("Does the 99.9% uptime SLA apply to self-hosted deployments?", sla) == "Cloud only"
    assert restricted_to_opposite("Does the uptime SLA apply to the cloud?", sla) is None
    # "Cloud" that is not the only scope, or a passage naming self-hosting too, restricts nothing.
    assert restricted_to_opposite("Is SSO available self-hosted?",
                                  "Self-hosted SSO works only with the cloud identity provider.") is None


def test_billed_where_spared_is_asked_and_as_many_as_wanted_where_a_limit_is_asked_answer_no():
    from agents.rules.denial.reversals import said_reversed

    exempt = "Are external partner users exempt from licence charges?"
    billed = ("External partners can be added as guest accounts. They count towards licensing and are billed at the "
              "standard end user rate.")
    assert said_reversed(exempt, billed) == "count towards licensing"
    assert said_reversed("Are guest users exempt from licence charges?", "Seats are billed monthly.") is None
    limit = "Is there any upper limit on the number of seats we can buy?"
    assert said_reversed(limit, "You can buy as many user seats as needed.") == "as many user seats as needed"
    assert said_reversed("Is there a limit on the number of projects?", "Seats are unlimited on every plan.") is None


def test_out_of_a_rules_scope_is_a_no_where_covered_by_it_is_asked():
    from agents.rules.denial.reversals import said_antonym

    row = ("| Mattermost Team Edition | Not subject to the U.S. Export Administration Regulations (EAR) given software "
           "is publicly available |")
    assert said_antonym("Is the open-source Team Edition covered by the EAR export rules?", row) == "Not subject to"
    assert said_antonym("Is the Enterprise Edition covered by the EAR?", "Team Edition is subject to the EAR.") is None


# Readings written from QuestDB's first run (eval/questdb).



def test_a_negated_sensitivity_and_things_not_there_yet_deny_nothing():
    assert denials("Backup is not sensitive to the underlying filesystem type.",
                   "Can backups go to a network-attached filesystem instead of object storage?") == []
    assert denials("Checks are not specific to AWS.", "Are the checks specific to AWS?") != []  # asked as such
    assert denials("You can grant permissions on tables/columns that don't exist yet:",
                   "Can permissions be limited to particular columns of a table?") == []
    assert denials("API keys are not tied to a user.", "Is every API key bound to a particular person's account?") != []


def test_lose_answers_keep_no():
    assert said_opposite("If a group is deleted, do its members keep what they had through it?",
                         "When a group is dropped, all members lose the permissions they inherited from that group.") \
        == "lose"


def test_an_order_said_the_other_way_round_answers_before_no():
    upgrade = "When running QuestDB Enterprise with replication, **upgrade all replicas before upgrading the primary**."
    assert said_opposite("With replication, should the primary be upgraded before the replicas?", upgrade) is not None
    assert said_opposite("Should the replicas be upgraded before the primary?", upgrade) is None  # the same order


def test_done_without_what_is_asked_whether_it_requires_answers_no():
    reload = ("The backup schedule settings can be modified in `server.conf` and hot-reloaded without restarting the "
              "server:")
    assert said_opposite("Does changing the backup schedule require restarting the server?", reload) == \
        "without restarting"
    both = "You can require an invitation to sign up, or let anyone join without an invitation."
    assert said_opposite("Do people need an invitation to join by default?", both) is None  # both options named
