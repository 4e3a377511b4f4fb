"""Each loader turns its format into a Document; bad files are refused with a reason."""

from __future__ import annotations

import pytest

from agents.text.grounding import passages
from retrieval.documents.loaders import load_file
from retrieval.errors import SkippedFile
from retrieval.text import normalize_ws
from tests.documents import minimal_pdf, write


def test_markdown_front_matter_gives_title_url_and_csp(tmp_path):
    path = write(tmp_path / "kb/cloud/notes.md", "---\ntitle: GuardDuty notes\nurl: https://x.example/g\ncsp: aws\n---\n\n# Heading\n\nBody text.\n")
    doc = load_file(path, tmp_path / "kb")
    assert (doc.title, doc.url, doc.csp, doc.source_path) == ("GuardDuty notes", "https://x.example/g", "AWS", "cloud/notes.md")
    assert doc.text.startswith("# Heading") and "title:" not in doc.text


def test_front_matter_as_documentation_sites_write_it_is_read_not_refused(tmp_path):
    """Folded lines and lists (Docusaurus, Hugo): a page that uses them used to be skipped whole."""
    text = ("---\ntitle: SOC2 Report & ISO 27001 Certificate\nsidebar_order: 2\ndescription: >-\n  Where to find the\n"
            "  latest SOC2 report.\ntags:\n  - security\n  - compliance\n---\n\nYou can find a copy of the SOC2 report.\n")
    doc = load_file(write(tmp_path / "soc2.mdx", text), tmp_path)
    assert doc.title == "SOC2 Report & ISO 27001 Certificate"
    assert doc.text.startswith("# SOC2 Report & ISO 27001 Certificate\n\nYou can find a copy")
    assert "sidebar_order" not in doc.text


def test_a_title_kept_in_front_matter_heads_the_page_as_the_site_shows_it(tmp_path):
    """Passages of a documentation page are read under its title: "Activity logs requires a Team
    subscription" is about activity logs even though no heading in the body says so."""
    doc = load_file(write(tmp_path / "logs.md", "---\ntitle: Activity logs\n---\n\nThis requires a Team plan.\n"),
                    tmp_path)
    assert doc.text == "# Activity logs\n\nThis requires a Team plan."
    assert passages(doc.text)[0].about == "Activity logs This requires a Team plan."
    titled = load_file(write(tmp_path / "own.md", "---\ntitle: Logs\n---\n# Event logs\n\nKept a year.\n"), tmp_path)
    assert titled.text == "# Event logs\n\nKept a year."


def test_markdown_without_front_matter_uses_first_heading_and_base_url(tmp_path):
    path = write(tmp_path / "security/keys.md", "Intro line.\n\n# Key management\n\nKeys rotate yearly.\n")
    doc = load_file(path, tmp_path, base_url="https://docs.example/")
    assert doc.title == "Key management"
    assert doc.url == "https://docs.example/security/keys"
    assert doc.csp == "General"


def test_csp_read_from_path_then_title(tmp_path):
    assert load_file(write(tmp_path / "azure/setup.md", "# Setup\n\nText."), tmp_path).csp == "Azure"
    assert load_file(write(tmp_path / "x.md", "# The GCP connector\n\nText."), tmp_path).csp == "GCP"
    # A general page that names AWS in its body is not AWS-specific.
    assert load_file(write(tmp_path / "y.md", "# Hosting\n\nWe run on AWS, AWS, AWS."), tmp_path).csp == "General"


def test_mdx_drops_imports_and_components(tmp_path):
    path = write(tmp_path / "p.mdx", "import Tabs from '@theme/Tabs'\n\n# SSO\n\n<Callout type=\"note\" />\n\nSAML 2.0 is supported.\n")
    doc = load_file(path, tmp_path)
    assert "import" not in doc.text and "<Callout" not in doc.text
    assert "SAML 2.0 is supported." in doc.text and doc.title == "SSO"


def test_markdoc_tags_are_read_as_the_site_renders_them(tmp_path):
    """Appwrite writes its pages in Markdoc: a box's tags, a heading's id and a table whose cells are list items."""
    page = ("---\ntitle: Audit logs\n---\n\n# Format {% #format %}\n\n{% info title=\"Querying\" %}\n"
            "Encrypted columns cannot be queried.\n{% /info %}\n\n{% table %}\n- Column\n- Description\n---\n"
            "- IP\n- The IP of the user\n  when they acted.\n---\n- Date\n- The date of the event.\n{% /table %}\n\n"
            "```liquid\n{% raw %}kept as code{% endraw %}\n```\n")
    doc = load_file(write(tmp_path / "audit.markdoc", page), tmp_path)
    assert doc.title == "Audit logs" and "# Format\n" in doc.text
    assert "{% info" not in doc.text and "Querying" not in doc.text and "Encrypted columns cannot be queried." in doc.text
    assert "| Column | Description |\n| --- | --- |\n| IP | The IP of the user when they acted. |\n" in doc.text
    assert "{% raw %}kept as code{% endraw %}" in doc.text
    rows = [p.text for p in passages(doc.text)]
    assert any("IP" in row and "when they acted" in row for row in rows)


async def test_a_markdoc_table_row_answers_in_the_pipeline(tmp_path, index):
    """The row of a `{% table %}` is quoted as a row, without tags, and answers the question on its column."""
    from tests.documents import pipeline_over

    page = ("---\ntitle: Audit logs\n---\n\nAll products provide detailed audit logs.\n\n# Format {% #format %}\n\n"
            "Audit log entries have the following structure.\n\n{% table %}\n- Column\n- Description\n---\n"
            "- User\n- Name of the user that performed the event.\n---\n- IP\n- The IP address of the user when they "
            "performed the event.\n{% /table %}\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"audit-logs.markdoc": page})
    answer = (await pipeline.run("Do audit log entries record the IP address of the user?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    assert any("The IP address of the user when they performed the event." in c.quote for c in answer.citations)
    assert "{%" not in answer.answer and all("{%" not in c.quote for c in answer.citations)


def test_html_headings_become_markdown_and_meta_is_read(tmp_path):
    html = (
        "<html><head><title>Backups</title><meta name='csp' content='GCP'>"
        "<link rel='canonical' href='https://d.example/backups'><style>p{}</style></head>"
        "<body><nav>menu</nav><h1>Backups</h1><p>Daily &amp; encrypted.</p>"
        "<h2>Retention</h2><ul><li>35 days</li></ul><script>x()</script></body></html>"
    )
    doc = load_file(write(tmp_path / "b.html", html), tmp_path)
    assert doc.title == "Backups" and doc.csp == "GCP" and doc.url == "https://d.example/backups"
    assert "# Backups" in doc.text and "## Retention" in doc.text and "- 35 days" in doc.text
    assert "Daily & encrypted." in doc.text
    assert "menu" not in doc.text and "x()" not in doc.text


def test_plain_text_title_from_file_name(tmp_path):
    doc = load_file(write(tmp_path / "incident-response.txt", "We notify within 72 hours."), tmp_path)
    assert doc.title == "Incident response" and doc.text == "We notify within 72 hours."


def test_pdf_text_and_title(tmp_path):
    path = write(tmp_path / "soc2.pdf", minimal_pdf(["SOC 2 Type II report", "Renewed every year."], title="SOC 2 summary"))
    doc = load_file(path, tmp_path)
    assert doc.title == "SOC 2 summary"
    assert "Renewed every year." in normalize_ws(doc.text)


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("image.png", b"\x89PNG", r"unsupported file type '\.png' \(readable: .*\.markdoc, \.markdown, \.md, \.mdx"),
        ("blob.md", b"abc\x00def", "binary"),
        ("latin.txt", "caf\xe9".encode("latin-1"), "not UTF-8"),
        ("empty.md", "---\ntitle: Empty\n---\n\n   \n", "no text"),
        ("open.md", "---\ntitle: never closed\n\n# Body\n", "front matter"),
        ("pairs.md", "---\njust words here\n---\n# Body\n", "front matter"),
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "PDF"),
    ],
)
def test_bad_files_are_refused_with_the_reason(tmp_path, name, content, reason):
    path = write(tmp_path / name, content)
    with pytest.raises(SkippedFile, match=reason) as caught:
        load_file(path, tmp_path)
    assert name in str(caught.value)


def test_a_jinja_page_is_read_for_the_words_it_renders_not_its_code(tmp_path):
    """GOV.UK Notify's pages are Jinja templates: their code was quoted in answers ("{{ text_field(description) }}"),
    and a status table written as a macro's list of pairs read as one line of code."""
    page = ("{% extends \"content_template.html\" %}\n{% set page_title = 'Message status' %}\n"
            "{# a comment #}\n<h1>{{ page_title }}</h1>\n"
            "<p>Use the {{ service_link(current_service, 'main.service_dashboard', 'dashboard') }} to check a status."
            "</p>\n{% call mapping_table(caption='Message statuses – emails', field_headings=['Status']) %}\n"
            "{% for status, description in [\n  ('Delivered', 'The message was delivered.'),\n"
            "  ('Technical failure', ('Your message was not sent. <a href=\"/x\">Try again</a>.')|safe),\n] %}\n"
            "{% call row() %}{{ text_field(status) }}{% endcall %}{% endfor %}{% endcall %}\n"
            "<p>There’s a daily limit of {{ limit | message_count('email') }}.</p>\n")
    doc = load_file(write(tmp_path / "status.html", page), tmp_path)
    assert doc.text == ("# Message status\n\nUse the dashboard to check a status.\n\nMessage statuses – emails\n\n"
                        "- Delivered: The message was delivered.\n- Technical failure: Your message was not sent. "
                        "Try again.\n\nThere’s a daily limit of .")
    plain = "<p>Prices {from} 5 {{ to }} 9.</p>"
    assert load_file(write(tmp_path / "plain.html", plain), tmp_path).text == "Prices {from} 5 9."
