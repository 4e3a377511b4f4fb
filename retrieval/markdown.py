"""A markdown page's structure, line by line, as markdown-it-py reads it.

Chunking, titles and quotable passages all need the same facts about a page: which lines are
headings (ATX or underlined) and which are code (a "# comment" in a shell example is no
heading). One parser says so for all of them; the text itself is always the page's own line, so
whatever is built from it stays a verbatim slice of the page. (Passages still find list items
and table rows by their lines: read from markdown-it's blocks they changed four development
answers, one of them a near-miss then sent unreviewed; see the README.)

Indented code blocks are not read as code: MDX pages indent their prose inside components
(`<TabItem>`), and four spaces there are layout, not a code sample; MkDocs indents an admonition's body under
its opening line (`!!! warning "Store your key"`) and a content tab's under its title (`=== "Rego v1"`), and
those opening lines are markup: read as text, the sentence splitter cut "!!!" in two and answers began
"! warning Before enabling MFA…" or "Info This feature is only available…".
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Literal

LineKind = Literal["text", "heading", "code_start", "code", "markup", "rule"]

_FENCE = re.compile(r"^(`{3,}|~{3,})")
# Docusaurus's "mdx-code-block" fences hold page content, not code: only their fence lines are markup.
_MDX_CONTENT = re.compile(r"^`{3,}\s*mdx-code-block\b")
# An admonition's opening line ('!!! note', '??? tip "Title"', '???+ info') or a content tab's ('=== "Rego v1"').
_BLOCK_TITLE = re.compile(r'^\s*(?:(?:!!!|\?\?\?\+?)\s*[A-Za-z][\w-]*(?:\s+"[^"\n]*")?|===\+?\s+"[^"\n]*")\s*$')


@dataclass(frozen=True)
class MarkdownLine:
    """One line of a page and what it is: running text (lists and tables included), a heading
    (`heading` is its level and title), the fence opening a code block, a line inside one, an
    "mdx-code-block" fence (markup around content), or a line drawn under or between things (a
    heading's underline, a thematic break)."""

    raw: str
    kind: LineKind
    heading: tuple[int, str] | None = None


def markdown_lines(text: str) -> tuple[MarkdownLine, ...]:
    """Every line of the page, in order, with what it is (cached: a page is read for its chunks,
    its title and its passages)."""
    return _read(text)


def heading(line: str) -> tuple[int, str] | None:
    """A markdown heading line's level and title ("## Data retention ##" → (2, "Data retention"));
    None for anything else, several lines included."""
    if "\n" in line.strip():
        return None
    found = markdown_lines(line.strip())
    return found[0].heading if found else None


def first_title(body: str) -> str:
    """The title of the first level-1 heading of a markdown body ("" without one)."""
    return next((line.heading[1] for line in markdown_lines(body) if line.heading and line.heading[0] == 1), "")


@functools.lru_cache(maxsize=256)
def _read(text: str) -> tuple[MarkdownLine, ...]:
    raw = text.splitlines()
    markup = _mdx_fences(raw)
    # The content of an "mdx-code-block" is parsed as the page it is: its fences become blank lines.
    source = "\n".join("" if n in markup else line for n, line in enumerate(raw))
    kinds: list[LineKind] = ["markup" if n in markup else "text" for n in range(len(raw))]
    headings: dict[int, tuple[int, str]] = {}
    tokens = _parser().parse(source)
    for n, token in enumerate(tokens):
        start, end = token.map or (0, 0)
        if token.type == "fence":
            kinds[start:end] = ["code_start"] + ["code"] * (end - start - 1)
        elif token.type == "heading_open":
            kinds[start:end] = ["heading"] + ["rule"] * (end - start - 1)
            headings[start] = (int(token.tag[1]), " ".join(tokens[n + 1].content.split()))
        elif token.type == "hr":
            kinds[start] = "rule"
        elif token.type == "html_block" and token.content.lstrip().startswith("<!--"):
            # An HTML comment is not on the published page: "<!-- Temporary disabled section … -->" around steps that
            # are hidden until a feature ships.
            kinds[start:end] = ["markup"] * (end - start)
    kinds = [_block_title(line, kind) for line, kind in zip(raw, kinds)]
    return tuple(MarkdownLine(line, kinds[n], headings.get(n)) for n, line in enumerate(raw))


def _block_title(line: str, kind: LineKind) -> LineKind:
    return "markup" if kind == "text" and _BLOCK_TITLE.match(line) else kind


def _mdx_fences(lines: list[str]) -> set[int]:
    """The fence lines of every "mdx-code-block" (other fences are left to the parser)."""
    found, fence, mdx = set(), "", False
    for n, line in enumerate(line.strip() for line in lines):
        if fence:
            fence = "" if line.startswith(fence) else fence
            continue
        opening = _FENCE.match(line)
        if opening and (mdx or _MDX_CONTENT.match(line)):
            mdx = not mdx
            found.add(n)
        elif opening:
            fence = opening.group(1)
    return found


@functools.cache
def _parser():
    from markdown_it import MarkdownIt  # imported on first use: `rfpbot --help` never reads a page

    # Tables on, so that no line of one is read as a paragraph's (or a heading's underline).
    return MarkdownIt("commonmark").enable("table").disable("code")
