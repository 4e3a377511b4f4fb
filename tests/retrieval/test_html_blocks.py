"""Raw HTML and Liquid includes in a markdown page are read as the page the site renders: Login.gov's developer guide
lays its parameters out in `<h4>`/`<p>` blocks, its attributes in an HTML table and its FAQ in `{% include %}` tags."""

from __future__ import annotations

from agents.text.grounding import passages
from retrieval.documents.loaders import load_file
from tests.documents import pipeline_over, write

PARAMETERS = """---
title: OpenID Connect
---
Login.gov supports OpenID Connect.

<div class="grid-row">
  <div class="grid-col-5">
    <h4 id="prompt">prompt</h4>
  </div>
  <div class="grid-col-7">
    <p>This must be <code class="language-plaintext highlighter-rouge">select_account</code></p>
    <h4 class="clearfix">nonce</h4>
    <p>A unique value, at least 22 characters in length, used to verify the integrity
    of the <code>id_token</code> and mitigate
    <a class="usa-link" href="https://en.wikipedia.org/wiki/Replay_attack">replay attacks</a>.</p>
  </div>
</div>

```html
<p>kept as code</p>
```
"""

TABLE = """# User attributes

<table>
  <thead>
    <th>Attribute</th>
    <th>OpenID Connect</th>
  </thead>
  <tbody>
    <tr>
<td markdown="1">
**Phone**<br />The user's phone number.
</td>
<td markdown="1">
`phone` (string, null)
</td>
    </tr>
  </tbody>
</table>
"""

FAQ = """# Support

## Frequently Asked Questions

{% include accordion.html id="_2-fa_"
                          accordion_id="_2fa"
                          title="Can we turn off two factor authentication?"
                          content="No."
%}

{% include accordion.html id="status"
                          title="Where can I check the status of the service?"
                          content="<p>
      The service has a public status page at <a href=\\"https://status.example.gov/\\">status.example.gov</a>.
    </p>"
%}

{% include alert.html content=deployment_warning alert_class="usa-alert--warning" %}
"""


def test_html_blocks_are_read_as_headings_and_paragraphs_without_their_tags(tmp_path):
    doc = load_file(write(tmp_path / "authorization.md", PARAMETERS), tmp_path)
    assert "#### prompt\n\nThis must be `select_account`" in doc.text
    assert ("A unique value, at least 22 characters in length, used to verify the integrity of the `id_token` and "
            "mitigate replay attacks.") in doc.text
    assert "class=" not in doc.text.split("```")[0]
    assert "<p>kept as code</p>" in doc.text  # a code block is left as it is
    nonce = next(p for p in passages(doc.text) if "22 characters" in p.quote)
    assert "nonce" in nonce.context


def test_an_html_table_is_read_as_a_pipe_table(tmp_path):
    doc = load_file(write(tmp_path / "attributes.md", TABLE), tmp_path)
    assert "| Attribute | OpenID Connect |\n| --- | --- |\n| **Phone** The user's phone number. | `phone` (string, null) |" \
        in doc.text


def test_a_div_around_markdown_keeps_its_headings_and_lines(tmp_path):
    page = ('# FAQ\n\n<div className="faq-content">\n\n### Is there a monthly request limit?\n'
            "No. There are no API limits on the self-hosted version.\n\n</div>\n")
    doc = load_file(write(tmp_path / "faq.mdx", page), tmp_path)
    assert "### Is there a monthly request limit?\nNo. There are no API limits on the self-hosted version." in doc.text
    assert "faq-content" not in doc.text


def test_an_include_shows_its_title_and_content_and_an_include_without_words_goes(tmp_path):
    doc = load_file(write(tmp_path / "support.md", FAQ), tmp_path)
    assert "#### Can we turn off two factor authentication?\n\nNo." in doc.text
    assert "#### Where can I check the status of the service?" in doc.text
    assert "The service has a public status page at status.example.gov." in doc.text
    assert "{%" not in doc.text and "accordion" not in doc.text and "usa-alert" not in doc.text


async def test_a_faq_answer_inside_an_include_answers_in_the_pipeline(tmp_path, index):
    """Login.gov's "Is there a public page showing service status?" had been "no evidence": the only passage on it was
    the include tag, read as markup."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {"support.md": FAQ})
    answer = (await pipeline.run("Is there a public page showing service status?")).synthesis
    assert answer.compliance_status == "Fully Supported"
    assert any("public status page" in c.quote for c in answer.citations)


def test_an_include_inside_a_code_block_is_left_as_code(tmp_path):
    page = ('# Docs\n\nUse the include like this:\n\n```liquid\n{% include accordion.html title="Two words" '
            'content="Shown as code." %}\n```\n')
    doc = load_file(write(tmp_path / "docs.md", page), tmp_path)
    assert '{% include accordion.html title="Two words" content="Shown as code." %}' in doc.text
    assert "#### Two words" not in doc.text


def test_a_block_left_open_ends_at_its_blank_line(tmp_path):
    page = ("# Notes\n\n<p>Backups run nightly.\n\n## Retention\n\n- Logs are kept for <b>30 days</b>.\n"
            "- Backups are kept for 7 days.\n")
    doc = load_file(write(tmp_path / "notes.md", page), tmp_path)
    assert "Backups run nightly." in doc.text and "<p>" not in doc.text
    # The page's own list after it stays a list (read as HTML, its two items had run into one line).
    assert "- Logs are kept for <b>30 days</b>.\n- Backups are kept for 7 days." in doc.text


MATRIX = """# Security overview

<table>
  <thead>
    <tr><td>Domain</td><td>Basic</td><td>Advanced</td><td>Feature</td></tr>
  </thead>
  <tbody>
    <tr>
      <td rowspan="2">Authentication</td>
      <td>✓</td>
      <td>✓</td>
      <td>Passwords
    </tr>
    <tr>
      <td>&nbsp;</td>
      <td>✓</td>
      <td>Client certificates</td>
    </tr>
    <tr>
      <td>Network</td>
      <td>&nbsp;</td>
      <td>✓</td>
      <td>Private clusters</td>
    </tr>
  </tbody>
</table>
"""


def test_a_cell_spanning_rows_stands_in_each_and_a_blank_or_unclosed_cell_keeps_its_column(tmp_path):
    doc = load_file(write(tmp_path / "security-overview.md", MATRIX), tmp_path)
    # Without the spanning cell carried down, "✓" would stand under Basic and the feature under Advanced.
    assert "| Authentication |  | ✓ | Client certificates |" in doc.text
    assert "| Authentication | ✓ | ✓ | Passwords |" in doc.text  # its cell left unclosed ends at the row's end
    assert "| Network |  | ✓ | Private clusters |" in doc.text
    assert "&nbsp;" not in doc.text
