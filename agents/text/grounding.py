"""Grounding primitives: does a quote occur in its document, which [n] markers a
sentence carries, and how documents and answers split into quotable passages.

Every passage `passages()` returns is a verbatim slice of its document (after
whitespace normalisation), so any of them can be cited as it stands.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from common import sentences
from retrieval import MarkdownLine, markdown_lines, normalize_ws

_MARKER = re.compile(r"\s*\[(\d+)\]")
_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+[.)])\s+")
_MARKS = frozenset("✓✔✅☑✗✘❌✖")
_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"\*\*|__|`|\\(?=[*_])")
_MIN_WORDS = 3


def occurs_in(quote: str, document: str) -> bool:
    """A quote occurs in a document after whitespace normalisation (and without markers)."""
    needle = normalize_ws(strip_markers(quote)).strip(" .")
    return bool(needle) and needle in normalize_ws(document)


def cited_numbers(sentence: str) -> list[int]:
    """The [n] markers in a sentence, in order."""
    return [int(n) for n in _MARKER.findall(sentence)]


def strip_markers(text: str) -> str:
    """The text without its [n] markers."""
    return _MARKER.sub("", text)


# The verdict an answer opens with is a sentence of its own.
_VERDICT = re.compile(r"(?:Yes|No)\.(?= [A-Z])")
_AFTER_MARKERS = re.compile(r"(?<=\]\.)\s+")


def split_sentences(text: str) -> list[str]:
    """Sentences of running text (pysbd), stripped; markers stay with their sentence."""
    return list(_sentences(normalize_ws(text)))


def _sentences(text: str) -> tuple[str, ...]:
    verdict = _VERDICT.match(text)
    if verdict:
        return (verdict.group(0), *sentences(text[verdict.end():].lstrip()))
    return sentences(text)


def answer_sentences(answer: str) -> list[str]:
    """Sentences of an answer, citation markers kept (a lone "[2]." joins the one before)."""
    out: list[str] = []
    # A cited sentence ends at its markers: split there first, and the pieces (mostly quotes,
    # cited again and again across a batch) are split once each (see _sentences).
    pieces = _AFTER_MARKERS.split(normalize_ws(answer))
    for sentence in (s for piece in pieces for s in split_sentences(piece)):
        if out and not strip_markers(sentence).strip(" ."):
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return out


@dataclass(frozen=True)
class Passage:
    """A quotable piece of a document.

    `quote` is verbatim; `text` is what it says, for analysis (HTML tags dropped);
    `context` is the headings above it, and for a list item the line that introduces
    the list, or for a table row the table's header row: what a terse passage is about.
    `list_head` is, for a list or one of its items, the heading it sits under and the line
    that introduces it: what the items are ("Prohibited testing and activities"), where a
    sentence of prose says that itself.
    """

    quote: str
    text: str
    context: str
    list_head: str = ""

    @functools.cached_property
    def about(self) -> str:
        """Context and text together: what the passage is about, as one string (made once: it is
        the key of cached vectors and term sets, compared with every question)."""
        return f"{self.context} {self.text}".strip()


def plain(text: str) -> str:
    """Markdown read as prose: links become their text, emphasis and code marks go."""
    return normalize_ws(_EMPHASIS.sub("", _LINK.sub(r"\1", text)))


def passages(document: str) -> tuple[Passage, ...]:
    """Every quotable passage of a markdown/text document, in order (cached per text)."""
    return _passages(document)


def passage_for(quote: str, document: str | None) -> Passage:
    """A quote as a passage of its document (read with its headings), or bare when it is not one."""
    at = _positions(document).get(quote) if document else None
    return passages(document)[at] if at is not None else Passage(quote, plain(quote), "")


def following(passage: Passage, document: str | None) -> Passage | None:
    """The passage right after `passage` in its document, under the same headings (None when there is none:
    the last of its section, or not a passage of that document)."""
    return _beside(passage, document, 1)


def preceding(passage: Passage, document: str | None) -> Passage | None:
    """The passage right before `passage` in its document, under the same headings (None when there is none)."""
    return _beside(passage, document, -1)


def _beside(passage: Passage, document: str | None, step: int) -> Passage | None:
    at = _positions(document).get(passage.quote) if document else None
    found = passages(document) if document else ()
    if at is None or not 0 <= at + step < len(found) or found[at + step].context != passage.context:
        return None
    return found[at + step]


def nearby(passage: Passage, document: str | None, reach: int = 2) -> list[Passage]:
    """The passages up to `reach` before and after `passage` in its document under the same headings, nearest
    first ([] when it is not a passage of that document)."""
    at = _positions(document).get(passage.quote) if document else None
    if at is None:
        return []
    found = passages(document)
    around = sorted((n for n in range(at - reach, at + reach + 1) if n != at and 0 <= n < len(found)),
                    key=lambda n: (abs(n - at), n < at))
    return [found[n] for n in around if found[n].context == passage.context]


@functools.lru_cache(maxsize=256)
def _positions(document: str) -> dict[str, int]:
    # Where each quote first stands among its document's passages: every quote of every question is looked up.
    positions: dict[str, int] = {}
    for n, passage in enumerate(passages(document)):
        positions.setdefault(passage.quote, n)
    return positions


@functools.lru_cache(maxsize=256)
def _passages(document: str) -> tuple[Passage, ...]:
    builder = _PassageBuilder()
    for line in markdown_lines(document):
        builder.feed(line)
    builder.flush()
    builder.close_list()
    return tuple(p for p in builder.out if len(p.text.split()) >= _MIN_WORDS and not _LINKS_ONLY.match(p.quote))


# A list of links and nothing else ("* [Set up an audit log webhook](/…) * [Audit Logs API](/…)"): a page's
# navigation ("More information", "See also"), which points to where something is said and says nothing itself; so
# does one under a bold label ("**Dev Portal audit logs:** * [Audit logging in Dev Portal](/…) * …").
_LINKS_ONLY = re.compile(r"^(?:\*\*[^*\n]{1,40}\*\*\s*)?(?:\s*(?:[-*+]|\d+[.)])?\s*\[[^\]]+\]\([^)]*\)[\s.;,]*){2,}$")


_MAX_LIST_CHARS = 900
_TAB_OPEN = re.compile(r"""^<TabItem\b[^>]*?\blabel=["']([^"']+)["'][^>]*>\s*$""")
_TAB_CLOSE = re.compile(r"^</TabItem>\s*$")


class _PassageBuilder:
    """Walks a document's lines: headings, paragraphs, list items, table rows.

    Besides each sentence and item, a short list is also one passage together with
    the sentence that introduces it: "Clients should be notified: - Within 24 hours …".
    """

    def __init__(self) -> None:
        self.out: list[Passage] = []
        self.headings: list[tuple[int, str]] = []
        self.block: list[str] = []
        self.block_kind = ""
        self.lead = ""  # the sentence just before a list, which says what the list is
        self.group: list[str] = []  # raw lines of the current list, its lead first
        self.in_list = False
        self.table_header = ""
        self.in_pipe_table = False
        self.tab = ""  # the label of the MDX tab the lines are in ("OpenSearch" of <TabItem label="OpenSearch">)

    def context(self, extra: str = "") -> str:
        return plain(" ".join([h for _, h in self.headings] + [part for part in (self.tab, extra) if part]))

    def list_head(self, lead: str = "") -> str:
        """The nearest heading and the list's lead (a list passage's own text holds its lead already)."""
        return plain(" ".join(part for part in (self.headings[-1][1] if self.headings else "", lead) if part))

    def feed(self, markdown: MarkdownLine) -> None:
        line = markdown.raw.strip()
        if markdown.kind in ("code_start", "code", "markup"):
            # A fenced code block (a JSON example, a shell command) states no policy in words; a line of markup (a
            # fence around page content, an admonition's opening line) ends the paragraph or list before it.
            if markdown.kind != "code":
                self.flush()
                self.close_list()
            return
        if markdown.heading:
            self.flush()
            self.close_list()
            level = markdown.heading[0]
            self.headings = [(lvl, h) for lvl, h in self.headings if lvl < level] + [markdown.heading]
            self.lead = ""
            return
        if not line:
            if self.block_kind != "row":
                self.flush()
            return
        if self._tab_line(line):
            return
        if self._table_line(line):
            return
        if _LIST_ITEM.match(line):
            self.flush()
            self.open_list()
            self.group.append(line)
            self.block_kind = "item"
            self.block.append(_LIST_ITEM.sub("", line))
            return
        if self.in_list and markdown.raw[:1].isspace():
            self.group.append(line)  # an item's own indented paragraph
            self.block_kind = self.block_kind or "item"
            self.block.append(line)
            return
        self.close_list()
        if not self.block:
            self.block_kind = "para"
        self.block.append(line)

    def _tab_line(self, line: str) -> bool:
        """An MDX tab's opening or closing tag: the tab's label is what the lines inside are about, as a heading is
        ("Point-in-time recovery (PITR) is not supported…" under the tab "OpenSearch", beside one on PostgreSQL)."""
        opened = _TAB_OPEN.match(line)
        if not opened and not _TAB_CLOSE.match(line):
            return False
        self.flush()
        self.close_list()
        self.tab = _TAG.sub("", opened.group(1)).strip() if opened else ""
        return True

    def _table_line(self, line: str) -> bool:
        """HTML and pipe tables: one passage per row, read with the header row."""
        if line.startswith("|"):
            self.flush()
            self.close_list()
            self._pipe_row(line)
            return True
        if self.in_pipe_table:
            self.in_pipe_table, self.table_header = False, ""
        if line.startswith("<table"):
            self.flush()
            self.close_list()
            self.table_header = ""
        if line.startswith("<tr") or line.startswith("</tr"):
            self.flush()
            self.block_kind = "row" if line.startswith("<tr") else ""
            return True
        if self.block_kind == "row" or line.startswith("<td") or line.startswith("</td"):
            self.block_kind = "row"
            self.block.append(line)
            return True
        return not _TAG.sub("", line).strip()  # a line of tags only (<table>, <tbody>)

    def open_list(self) -> None:
        if not self.in_list:
            self.in_list = True
            self.group = [self.lead] if self.lead else []

    def close_list(self) -> None:
        if self.in_list and len(self.group) >= 2:
            quote = normalize_ws(" ".join(self.group))
            if len(quote) <= _MAX_LIST_CHARS:
                self.out.append(Passage(quote, plain(quote), self.context(), self.list_head()))
        self.in_list, self.group = False, []

    def flush(self) -> None:
        if not self.block:
            self.block_kind = ""
            return
        text = " ".join(self.block)
        if self.block_kind == "row":
            self._html_row(text)
        else:
            self._sentences(text, item=self.block_kind == "item")
        self.block, self.block_kind = [], ""

    def _sentences(self, text: str, item: bool) -> None:
        found = split_sentences(text)
        for sentence in found:
            self.out.append(Passage(sentence, plain(sentence), self.context(self.lead if item else ""),
                                    self.list_head(self.lead) if item else ""))
        if not item and found:
            self.lead = found[-1]

    def _html_row(self, text: str) -> None:
        cells = [normalize_ws(_TAG.sub(" ", cell)) for cell in re.findall(r"<td[^>]*>(.*?)</td>", text)]
        if not cells:
            return
        start, end = text.find("<td"), text.rfind("</td>") + len("</td>")
        row = plain(" | ".join(c for c in cells if c))
        if not self.table_header:
            self.table_header = row
            return
        self.out.append(Passage(normalize_ws(text[start:end]), row, self.context(self.table_header)))

    def _pipe_row(self, line: str) -> None:
        self.in_pipe_table = True
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            return
        # A blank cell of a row marking its columns ("| Authentication |  |  | ✓ | OCSP |") says its column has none:
        # it keeps its place. Elsewhere a blank says nothing and goes.
        marked = any(set(c) & _MARKS for c in cells)
        text = plain(" | ".join(c for c in cells if c or marked))
        if not self.table_header:
            # A permission matrix's corner cell is often empty ("|   | Viewer | Editor |"): its bar stays, so the
            # column names still stand over their cells.
            self.table_header = f"| {text}" if cells and not cells[0] else text
            return
        self.out.append(Passage(line, text, self.context(self.table_header)))
