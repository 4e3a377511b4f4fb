"""reStructuredText pages (Sphinx documentation) are read as the words a reader of the built site sees."""

from __future__ import annotations

from agents.text.grounding import passages
from retrieval.documents.loaders import load_file
from tests.documents import write

PAGE = """:orphan:
:nosearch:

.. This comment is for the site's editors.

.. include:: ../_static/badges/ent-cloud.rst
  :start-after: :nosearch:

Cloud data residency
====================

Cloud resides in the ``us-east-1`` region. Data is stored with
:doc:`encryption at rest </deployment-guide/encryption-options>` and
:ref:`IP filtering <manage/cloud-ip-filtering:configure ip filtering>` is available.
Select the **Product** |product-list| menu.

.. image:: ../images/architecture.png
  :alt: An architecture diagram.

Backups
-------

- Daily backups are retained for 30 days.
- Logs are kept for
  one year.

.. note::
   SCIM is not supported.

.. warning::
   - Deleted messages persist in the database.
   - Permanent deletion is irreversible.

.. tab:: Cloud Dedicated

   Dedicated customers get a single-tenant cluster.

.. code-block:: bash

   mmctl user delete --all

.. list-table::
   :header-rows: 1

   * - Plan
     - SSO
   * - Professional
     - SAML
   * - Free
     - No
"""


def test_a_sphinx_page_reads_as_its_headings_and_sentences(tmp_path):
    doc = load_file(write(tmp_path / "cloud/residency.rst", PAGE), tmp_path)
    assert doc.title == "Cloud data residency"
    assert doc.text.startswith("# Cloud data residency\n\nCloud resides in the `us-east-1` region.")
    assert "## Backups" in doc.text
    # Sphinx's roles give their words: a title given, the rest of the sentence kept.
    assert "Data is stored with encryption at rest and IP filtering is available." in doc.text
    assert "- Daily backups are retained for 30 days.\n- Logs are kept for one year." in doc.text


def test_what_renders_no_words_is_left_out(tmp_path):
    text = load_file(write(tmp_path / "p.rst", PAGE), tmp_path).text
    for code in ("orphan", "nosearch", "editors", "badges", "architecture", "|product-list|", "include::", ".. "):
        assert code not in text, code
    assert "Select the **Product**  menu." in text


def test_admonitions_tabs_code_and_tables_keep_their_words(tmp_path):
    text = load_file(write(tmp_path / "p.rst", PAGE), tmp_path).text
    assert "**Note:** SCIM is not supported." in text
    assert "**Warning:**\n\n- Deleted messages persist in the database." in text
    assert "**Cloud Dedicated**\n\nDedicated customers get a single-tenant cluster." in text
    assert "```\nmmctl user delete --all\n```" in text
    assert "| Plan | SSO |\n|---|---|\n| Professional | SAML |\n| Free | No |" in text


def test_a_sentence_of_an_rst_page_is_read_under_its_heading(tmp_path):
    doc = load_file(write(tmp_path / "p.rst", PAGE), tmp_path)
    backups = next(p for p in passages(doc.text) if "30 days" in p.text)
    assert "Backups" in backups.about


def test_a_heading_overlined_with_dashes_is_not_taken_for_front_matter(tmp_path):
    doc = load_file(write(tmp_path / "o.rst", "-----\nTitle\n-----\n\nSSO is supported.\n"), tmp_path)
    assert (doc.title, doc.text) == ("Title", "# Title\n\nSSO is supported.")


def test_broken_markup_keeps_the_text_around_it(tmp_path):
    page = "Title\n=====\n\nAn *unclosed emphasis and `a link <x>`_ stay.\n"
    doc = load_file(write(tmp_path / "b.rst", page), tmp_path)
    assert "unclosed emphasis" in doc.text and "stay." in doc.text


def test_an_item_over_indented_lines_keeps_them_as_its_sub_items(tmp_path):
    """reStructuredText reads indented lines under an item as a definition: they are the item's sub-items."""
    text = ("Keys\n====\n\n- One key for all services\n- Per-service keys\n    - Keys need not be unique.\n"
            "    - All services are encrypted.\n")
    doc = load_file(write(tmp_path / "k.rst", text), tmp_path)
    assert "- Per-service keys\n  - Keys need not be unique.\n  - All services are encrypted." in doc.text


def test_a_table_marked_with_the_sites_check_marks_reads_yes_where_marked(tmp_path):
    """`|checkmark|` is defined in the site's configuration, not the page: it shows as a tick, and a blank cell as
    none; read as nothing, every row of a comparison table looked alike."""
    table = ("Offers\n======\n\n+-----------+-------------+-------------+\n| Resource  | Dedicated   | Shared      |\n"
             "+===========+=============+=============+\n| BYOK      | |checkmark| |             |\n"
             "+-----------+-------------+-------------+\n| Filtering | |checkmark| | |checkmark| |\n"
             "+-----------+-------------+-------------+\n")
    text = load_file(write(tmp_path / "t.rst", table), tmp_path).text
    assert "| BYOK | ✅ |  |\n| Filtering | ✅ | ✅ |" in text
