"""What a passage leaves out by listing it: "The backup excludes: - Log files" answers no to a question asking
whether log files are backed up, and says nothing of what the list does not name."""

from __future__ import annotations

from pathlib import Path

from agents.rules.exclusion import excluded_asked, left_out_item
from tests.documents import pipeline_over

_EVAL = Path(__file__).resolve().parents[3] / "eval"

_BACKUP = ("The backup excludes: - The `latest/` directory (your current working data) - Other backup folders "
           "(to prevent recursion) - Log files")


def test_an_item_of_a_list_of_what_is_left_out_answers_no_to_a_question_naming_it():
    assert left_out_item("Do the automatic backups include the app's log files?", _BACKUP) == "Log files"
    assert left_out_item("Do the automatic backups include our collections?", _BACKUP) is None
    assert left_out_item("Is log shipping available?", "Log files", "Backups The backup excludes:") is None
    assert left_out_item("Are log files kept?", "Log files", "Backups The backup excludes:") == "Log files"
    # An item naming two things leaves out each; a list that does not say it leaves things out is no such list.
    scope = ("The following are not covered by this policy: - The cloud platform - Third-party proxies or "
             "community forks.")
    assert left_out_item("Are community forks covered by your policy?", scope) == \
        "Third-party proxies or community forks"
    assert left_out_item("Are community forks supported?", "We support: - Community forks - Plugins") is None


async def test_hoppscotchs_backup_page_answers_no_to_log_files_and_yes_to_collections(tmp_path, index):
    corpus = _EVAL / "hoppscotch" / "corpus"
    pages = {name: (corpus / name).read_text(encoding="utf-8") for name in ("backups.mdx", "security-policy.mdx")}
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    logs = (await pipeline.run("Do the desktop client's automatic backups include its log files?")).synthesis
    collections = (await pipeline.run("Do the desktop client's automatic backups include our collections?")).synthesis
    assert logs.compliance_status == "Not Supported"
    assert "leaves it out" in logs.reasoning
    assert collections.compliance_status == "Fully Supported"


def test_an_item_under_a_heading_saying_what_is_left_out_is_left_out():
    scanner = ("Automated scanner output, AI-generated vulnerability reports, or generic security assessments that "
               "have not been validated against this document's architecture and threat model.")
    question = "Will you triage raw output from an automated scanner that nobody has checked?"
    assert left_out_item(question, scanner, "Out of scope") == scanner.rstrip(".")
    assert left_out_item(question, scanner, "In scope") is None


def test_a_short_exception_alone_naming_what_is_asked_leaves_it_out():
    """Axiom's Admin role: "Assigns administrative capabilities except for Billing capabilities, which are reserved for
    Owners"."""
    admin = "Admin: Assigns administrative capabilities except for Billing capabilities, which are reserved for Owners."
    assert excluded_asked("Can users with the Admin role manage billing?", admin) == "except for Billing capabilities"
    # Asked of what the exception is set aside from, or of nothing the exception names, it leaves nothing out.
    assert excluded_asked("Can users with the Admin role manage datasets?", admin) is None
    reports = "Reports cover every month except for billing data."
    assert excluded_asked("Can we see our billing history?", reports) is None
    # A long run past the exception (a list with no stops) names too much to set one thing aside.
    listed = ("Use one token per purpose instead of creating many single-purpose tokens - Delete unused tokens "
              "regularly - Monitor token usage to identify optimization opportunities")
    assert excluded_asked("Does the platform record when access tokens are deleted?", listed) is None
