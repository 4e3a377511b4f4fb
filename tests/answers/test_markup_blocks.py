"""Markup around text (MkDocs admonitions and content tabs, a bold sentence's closing marks) is no sentence of the
page: its body is. An HTML comment is no part of the published page."""

from __future__ import annotations

from agents.text.grounding import passages
from agents.text.prose import spoken
from common import sentences
from retrieval import markdown_lines

PAGE = """# Multi-Factor Authentication

!!! Info
    This feature is only available to Enterprise plan. It is available only when SSO is enabled.

Admins can delete security keys for any user.

!!! warning "Store your private key"
    Save your key file in a secure location.

=== "Rego v1"
    Login policies are evaluated on every login.
"""


def test_admonition_and_tab_titles_are_markup():
    kinds = {line.raw.strip(): line.kind for line in markdown_lines(PAGE)}
    assert kinds["!!! Info"] == "markup"
    assert kinds['!!! warning "Store your private key"'] == "markup"
    assert kinds['=== "Rego v1"'] == "markup"
    assert kinds["Admins can delete security keys for any user."] == "text"


def test_an_admonition_body_is_quoted_and_told_without_its_title():
    quotes = [p.quote for p in passages(PAGE)]
    assert "This feature is only available to Enterprise plan." in quotes
    assert "Save your key file in a secure location." in quotes
    assert "Login policies are evaluated on every login." in quotes
    assert not any("!" in quote or "Info" in quote or "Rego" in quote for quote in quotes), quotes
    told = [spoken(q) for q in quotes if q.startswith("This feature")]
    assert told == ["This feature is only available to Enterprise plan"]


def test_a_list_before_an_admonition_does_not_take_its_body():
    page = "Give workers access to:\n\n- the registry\n- the bucket\n\n!!! tip\n    Allow both regions.\n"
    quotes = [p.quote for p in passages(page)]
    assert "Allow both regions." in quotes
    assert not any("bucket" in q and "regions" in q for q in quotes), quotes


def test_a_bold_sentence_keeps_its_closing_mark_and_the_next_starts_with_its_words():
    text = "**Debug logging is intentional.** The app logs at debug level. Then **one more."
    assert sentences(text) == ("**Debug logging is intentional.**", "The app logs at debug level.", "Then **one more.")
    assert sentences("**How far back do checks run?**") == ("**How far back do checks run?**",)


async def test_a_passage_that_is_all_template_tag_is_no_answer_and_no_crash(tmp_path, index):
    """Login.gov's support page holds its FAQ inside Liquid tags spanning lines: a question whose closest passage
    was such a tag, with no words of its own once its markup was read, had stopped the pipeline (IndexError)."""
    from tests.documents import pipeline_over

    page = ("# Support\n\n{% include status.html\n   public_status_page incident_notifications email sms slack rss\n"
            "   where_to_check_the_status %}\n\nTickets are answered on working days.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"support.md": page})
    answer = (await pipeline.run("Is there a public status page with incident notifications?")).synthesis
    assert answer.compliance_status == "Not Supported"
    assert answer.answer.startswith("No evidence was found")


def test_a_period_opening_a_word_ends_no_sentence():
    """Login.gov's "All production URLs should have .gov, .mil, or a dedicated .com address" had been quoted as "All
    production URLs should have ." (the splitter ended a sentence at each period before a domain)."""
    text = "All production URLs should have .gov, .mil, or a dedicated .com address. Logos are required."
    assert sentences(text) == ("All production URLs should have .gov, .mil, or a dedicated .com address.",
                               "Logos are required.")
    assert sentences("Add a .env file. Then run it.") == ("Add a .env file.", "Then run it.")


def test_an_html_comment_is_not_quoted():
    """Semaphore's user page hides the self-service steps for changing an email address in a comment until the feature
    ships; its first run had quoted "To change your Semaphore email address, follow these steps" from there."""
    page = ("# Profile\n\nTo change your email address, please contact support.\n\n<!--\n\n## Hidden section\n\n"
            "To change your email address, follow these steps:\n\n1. Open Profile settings\n\n-->\n\n"
            "You can reset your API token.\n")
    quotes = [p.quote for p in passages(page)]
    assert "To change your email address, please contact support." in quotes
    assert "You can reset your API token." in quotes
    assert not any("follow these steps" in q or "Profile settings" in q or "Hidden" in q for q in quotes), quotes


def test_a_jsx_string_child_is_told_as_its_words():
    """highlight.io's Markdown pages give a card's text as a JSX string expression; its first run quoted
    '{"Getting started with our hobby deployment."}' in an answer."""
    assert spoken('{"Getting started with our hobby deployment."}') == "Getting started with our hobby deployment"
    assert spoken('Set {"a": 1} in the config file.') == 'Set {"a": 1} in the config file'
    assert spoken('weekend := {"Saturday", "Sunday"}') == 'weekend := {"Saturday", "Sunday"}'


def test_an_mdx_tab_s_label_is_what_its_lines_are_about():
    """Aiven's "When OpenSearch is restored from a secondary-region backup, can we recover to a point in time?" had
    been "Fully Supported" from the PostgreSQL tab's sentence on point-in-time recovery, the OpenSearch tab's denial
    beside it not counted: nothing said which tab each was in."""
    page = ("## Limitations\n\n<Tabs groupId=\"group1\">\n"
            "<TabItem value=\"sql\" label=\"PostgreSQL & MySQL\" default>\n\n"
            "- Point-in-time recovery works from the oldest replicated base backup.\n\n</TabItem>\n"
            "<TabItem value=\"search\" label=\"OpenSearch\">\n\n- Point-in-time recovery (PITR) is not supported for "
            "restoring from an additional backup.\n\n</TabItem>\n</Tabs>\n\nBackups are copied to a second region.\n")
    found = {p.text: p.context for p in passages(page)}
    assert found["Point-in-time recovery works from the oldest replicated base backup."] == \
        "Limitations PostgreSQL & MySQL"
    assert found["Point-in-time recovery (PITR) is not supported for restoring from an additional backup."] == \
        "Limitations OpenSearch"
    assert found["Backups are copied to a second region."] == "Limitations"  # after the tabs, the heading alone
    assert all("<TabItem" not in p.quote for p in passages(page))
