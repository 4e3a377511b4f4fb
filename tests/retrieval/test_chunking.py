"""Chunks follow headings, keep their heading path and quote the document verbatim."""

from __future__ import annotations

from retrieval.documents.chunking import chunk_document
from retrieval.models import Document
from retrieval.text import normalize_ws, sha256


def _doc(text: str) -> Document:
    return Document(source_path="a.md", title="Title", text=text, hash=sha256(text))


def test_chunks_follow_headings_with_their_path():
    chunks = chunk_document(_doc("# Top\n\nIntro.\n\n## Keys\n\nRotated yearly.\n\n### HSM\n\nFIPS.\n\n## Logs\n\nKept 400 days."))
    assert [c.heading_path for c in chunks] == [["Top"], ["Top", "Keys"], ["Top", "Keys", "HSM"], ["Top", "Logs"]]
    assert "Rotated yearly." in chunks[1].text and "FIPS" not in chunks[1].text


def test_heading_only_sections_make_no_chunk():
    chunks = chunk_document(_doc("# Top\n\n## Empty\n\n## Full\n\nText."))
    assert [c.heading_path for c in chunks] == [["Top", "Full"]]


def test_long_sections_are_split_and_every_chunk_is_a_verbatim_slice():
    sentences = " ".join(f"Sentence number {i} says something about encryption." for i in range(120))
    text = "# Long\n\n" + sentences + "\n\nA last paragraph."
    document = _doc(text)
    chunks = chunk_document(document, max_words=100)
    assert len(chunks) > 5
    assert all(len(c.text.split()) <= 100 for c in chunks)
    flat = normalize_ws(document.text)
    assert all(normalize_ws(c.text) in flat for c in chunks)


def test_ids_are_deterministic_and_survive_edits_elsewhere():
    first = chunk_document(_doc("# A\n\nOne.\n\n# B\n\nTwo."))
    again = chunk_document(_doc("# A\n\nOne.\n\n# B\n\nTwo."))
    edited = chunk_document(_doc("# Z\n\nNew first section.\n\n# A\n\nOne.\n\n# B\n\nTwo."))
    assert [c.id for c in first] == [c.id for c in again]
    assert {c.id for c in first} <= {c.id for c in edited}
    assert len({c.id for c in edited}) == 3


def test_a_comment_in_a_shell_example_is_no_heading():
    text = ("# Backups\n\n## Restore\n\nRestores take an hour.\n\n```bash\n# Target the environment\ncf target -s prod\n"
            "```\n\nAfter the restore, restage the app.\n")
    chunks = chunk_document(_doc(text))
    assert [c.heading_path for c in chunks] == [["Backups", "Restore"]]
    assert "restage the app" in chunks[0].text


def test_an_underlined_heading_starts_a_section():
    chunks = chunk_document(_doc("Encryption\n==========\n\nAES-256 at rest.\n\nLogging\n-------\n\nKept 90 days.\n"))
    assert [c.heading_path for c in chunks] == [["Encryption"], ["Encryption", "Logging"]]
