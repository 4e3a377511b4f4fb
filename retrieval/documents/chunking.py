"""Splitting a document along its headings into passages of a few hundred tokens.

Every chunk's text is a verbatim slice of the document text, so a quote taken
from a chunk can always be found again in the whole document.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from common import sentences

from ..markdown import heading, markdown_lines
from ..models import Chunk, Document
from ..text import sha256

MAX_WORDS = 220
CHUNK_NAMESPACE = uuid.UUID("6f1c2a4e-7f5b-4c1d-9a1e-5b3c2d1e0f77")


@dataclass
class _Section:
    heading_path: list[str]
    lines: list[str]


def chunk_document(document: Document, max_words: int = MAX_WORDS) -> list[Chunk]:
    """Chunks in document order; ids are deterministic from path and content."""
    pieces: list[tuple[list[str], str]] = []
    for section in _sections(document.text):
        body = "\n".join(section.lines).strip()
        if body and not heading(body):
            pieces.extend((section.heading_path, part) for part in _pack(body, max_words))
    seen: dict[str, int] = {}
    return [_make_chunk(document, n, path, text, seen) for n, (path, text) in enumerate(pieces)]


def chunk_id(source_path: str, text_hash: str) -> str:
    """A deterministic UUID for a chunk (also usable as a Weaviate object id)."""
    return str(uuid.uuid5(CHUNK_NAMESPACE, f"{source_path}\n{text_hash}"))


def _make_chunk(
    document: Document, position: int, path: list[str], text: str, seen: dict[str, int]
) -> Chunk:
    fields = [document.title, document.url or "", document.csp, *path, text]
    digest = sha256("\n".join(fields))
    # The id ignores the position so that an edit near the top of a page does not
    # re-embed everything below it; repeats of one passage are told apart by count.
    occurrence = seen[digest] = seen.get(digest, -1) + 1
    return Chunk(
        id=chunk_id(document.source_path, f"{digest}:{occurrence}"),
        source_path=document.source_path,
        position=position,
        title=document.title,
        url=document.url,
        csp=document.csp,
        heading_path=path,
        text=text,
        hash=digest,
    )


def _sections(text: str) -> list[_Section]:
    stack: list[tuple[int, str]] = []
    sections = [_Section([], [])]
    for line in markdown_lines(text):
        if line.heading:
            level, title = line.heading
            stack = [(lvl, t) for lvl, t in stack if lvl < level] + [(level, title)]
            sections.append(_Section([t for _, t in stack], [line.raw]))
        else:
            sections[-1].lines.append(line.raw)
    return sections


def _pack(body: str, max_words: int) -> list[str]:
    """Group paragraphs (or, for long ones, sentences) up to max_words each."""
    units: list[str] = []
    for paragraph in re.split(r"\n\s*\n", body):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if len(paragraph.split()) > max_words:
            units.extend(sentences(paragraph))
        else:
            units.append(paragraph)
    chunks: list[list[str]] = [[]]
    count = 0
    for unit in units:
        size = len(unit.split())
        if chunks[-1] and count + size > max_words:
            chunks.append([])
            count = 0
        chunks[-1].append(unit)
        count += size
    return ["\n\n".join(group) for group in chunks if group]
