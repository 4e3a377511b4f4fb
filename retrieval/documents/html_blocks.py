"""Raw HTML inside a markdown page (Jekyll's kramdown pages, Docusaurus and MDX pages), read as the page it renders as.

A site's markdown may lay a page out in HTML: a parameter's name in an `<h4>` and what it must be in the `<p>` after
it, a FAQ in `<dl>`, a table of attributes in `<table>`. Left as markup, the tags and their attributes are words of
the passage ("class", "usa", "clearfix") and its sentences run across the elements. Each block of HTML (from a line
opening a block element to the line that closes it) is rendered as the markdown it shows as: a heading as a heading,
a paragraph or a block as a paragraph, a list item as an item, a table as a pipe table; inline elements keep their
words (`<code>` its backticks), images go. The page's markdown around the blocks, and code blocks, are left as they
are, and a page without a block of HTML is returned unchanged.
"""

from __future__ import annotations

import re
import textwrap

from ..markdown import markdown_lines
from .markdoc import pipe_table

_BLOCK_NAMES = ("div|p|table|thead|tbody|tfoot|tr|td|th|dl|dt|dd|section|article|aside|header|footer|nav|main|ul|ol|"
                "li|details|summary|figure|figcaption|blockquote|h[1-6]")
_OPENS_BLOCK = re.compile(rf"^\s*<(?:{_BLOCK_NAMES})\b", re.IGNORECASE)
_OPEN = re.compile(rf"<({_BLOCK_NAMES})\b[^>]*?(/?)>", re.IGNORECASE)
_CLOSE = re.compile(rf"</({_BLOCK_NAMES})\s*>", re.IGNORECASE)

_DROPPED = re.compile(r"<!--.*?-->|<svg\b.*?</svg>|<(?:img|use|source|input|hr)\b[^>]*>", re.IGNORECASE | re.DOTALL)
_HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1\s*>", re.IGNORECASE | re.DOTALL)
_TABLE = re.compile(r"<table\b[^>]*>(.*?)</table\s*>", re.IGNORECASE | re.DOTALL)
_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr\s*>", re.IGNORECASE | re.DOTALL)
_HEAD = re.compile(r"<thead\b[^>]*>(.*?)</thead\s*>", re.IGNORECASE | re.DOTALL)
# A cell ends at its closing tag, or where HTML lets it end unclosed: at the next cell or the row's end.
_CELL = re.compile(r"<t[dh]\b([^>]*)>(.*?)(?:</t[dh]\s*>|(?=<t[dh]\b)|\Z)", re.IGNORECASE | re.DOTALL)
_ROWSPAN = re.compile(r"\browspan\s*=\s*[\"']?(\d+)", re.IGNORECASE)
_NO_BREAK_SPACE = re.compile(r"&nbsp;|&#160;|&#xa0;", re.IGNORECASE)  # a cell holding only one shows as empty
_ITEM = re.compile(r"<li\b[^>]*>", re.IGNORECASE)
_CODE = re.compile(r"<code\b[^>]*>(.*?)</code\s*>", re.IGNORECASE | re.DOTALL)
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_BLOCK_TAG = re.compile(rf"</?(?:{_BLOCK_NAMES})\b[^>]*>", re.IGNORECASE)
_ANY_TAG = re.compile(r"</?[a-zA-Z][\w-]*(?:\s[^<>]*)?/?>")


def render_html(body: str) -> str:
    """The page with each block of raw HTML rendered as markdown; unchanged when it has none."""
    if "<" not in body:
        return body
    lines = body.splitlines()
    kinds = [row.kind for row in markdown_lines(body)]
    out: list[str] = []
    i = 0
    while i < len(lines):
        if kinds[i] not in ("code_start", "code") and _OPENS_BLOCK.match(lines[i]):
            end = _block_end(lines, kinds, i)
            out.extend(_rendered("\n".join(lines[i:end + 1])))
            i = end + 1
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def _block_end(lines: list[str], kinds: list[str], start: int) -> int:
    """The index of the line on which the block of HTML opened at `start` closes; a block never closed (a `<p>`
    left open, as HTML allows) ends at its first blank line, and before a code block in any case."""
    depth = 0
    blank = None
    for j in range(start, len(lines)):
        if kinds[j] in ("code_start", "code"):
            return j - 1 if blank is None else blank - 1
        if blank is None and not lines[j].strip():
            blank = j
        depth += sum(1 for m in _OPEN.finditer(lines[j]) if not m.group(2)) - len(_CLOSE.findall(lines[j]))
        if depth <= 0:
            return j
    return len(lines) - 1 if blank is None else blank - 1


def _rendered(block: str) -> list[str]:
    """One block of HTML as markdown lines, a blank line before and after it. A part of it between blank lines
    with no tag at all is markdown the block holds (an MDX `<div>` around a FAQ's headings and answers): it keeps
    its lines, only its indentation goes."""
    out = [""]
    for part in re.split(r"\n\s*\n", block):
        if _ANY_TAG.search(part) or _DROPPED.search(part):
            out.extend(_html(part)[1:])
        elif part.strip():
            out.extend([*textwrap.dedent(part).strip("\n").split("\n"), ""])
    return out


def _html(html: str) -> list[str]:
    """A part of a block of HTML as markdown lines: its headings, paragraphs, items and tables."""
    text = _DROPPED.sub(" ", html)
    text = _TABLE.sub(lambda m: "\n\n" + "\n".join(_html_table(m.group(1))) + "\n\n", text)
    text = _HEADING.sub(lambda m: f"\n\n{'#' * int(m.group(1))} {_inline(m.group(2))}\n\n", text)
    text = _ITEM.sub("\n\n- ", text)
    text = _BLOCK_TAG.sub("\n\n", text)
    paragraphs = [_inline(part) for part in re.split(r"\n\s*\n", text)]
    out = [""]
    for paragraph in paragraphs:
        if paragraph:
            out.extend([paragraph, ""])
    return out


def _inline(html: str) -> str:
    """Inline markup's words on one line: a pipe table's rows and a heading's marks kept, code in backticks."""
    if html.lstrip().startswith("|"):
        return "\n".join(line.strip() for line in html.strip().split("\n") if line.strip())
    text = _CODE.sub(lambda m: f"`{_ANY_TAG.sub('', m.group(1)).strip()}`", html)
    text = _BREAK.sub(" ", text)
    return " ".join(_ANY_TAG.sub("", text).split())


def _html_table(table: str) -> list[str]:
    """An HTML table's rows as a pipe table (its header row first, from `<thead>` or its first row)."""
    head = _HEAD.search(table)
    header = [_cell(c) for _, c in _CELL.findall(head.group(1))] if head else []
    body = _HEAD.sub(" ", table)
    rows = [row for row in _spanned([_CELL.findall(row) for row in _ROW.findall(body)]) if any(row)]
    return pipe_table([header, *rows] if header else rows)


def _spanned(rows: list[list[tuple[str, str]]]) -> list[list[str]]:
    """Each row's cells in their columns: a cell spanning rows (`rowspan="8"`, a matrix's "Authentication" beside
    eight features) stands in each of them, so the cells after it stay under their own headings."""
    carried: dict[int, tuple[str, int]] = {}  # column → the spanning cell's text, the rows below it still covers
    out = []
    for cells in rows:
        pending, row = list(cells), []
        while pending or any(column >= len(row) for column in carried):
            column = len(row)
            if column in carried:
                text, left = carried.pop(column)
                carried.update({column: (text, left - 1)} if left > 1 else {})
                row.append(text)
            elif pending:
                attributes, html = pending.pop(0)
                row.append(_cell(html))
                span = _ROWSPAN.search(attributes)
                if span and int(span.group(1)) > 1:
                    carried[column] = (row[-1], int(span.group(1)) - 1)
            else:
                row.append("")
        out.append(row)
    return out


def _cell(html: str) -> str:
    return _inline(_NO_BREAK_SPACE.sub(" ", _BLOCK_TAG.sub(" ", _DROPPED.sub(" ", html))))
