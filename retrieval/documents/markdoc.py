"""Template tags in a markdown page ({% … %}, Markdoc's and Liquid's), read as the site renders them.

A tag is markup, not the page's words: a line of tags alone is dropped (a box's title too: read as a
sentence of its own, "Querying encrypted columns" answered "Can we query encrypted columns?"), a tag
inside a line is taken out ("# Compliance {% #compliance %}" is the heading "Compliance"), and a Markdoc
`{% table %}`, whose cells are list items and whose rows are parted by `---`, becomes the pipe table it
renders as, so that its rows are read as rows ("User | Name of the user that performed the event"), not as a
list of loose words. A Liquid `{% include %}` that carries words in its attributes (a FAQ accordion's title and
content) shows them. Code blocks are left as they are.
"""

from __future__ import annotations

import re

from ..markdown import markdown_lines

_TAG = re.compile(r"\{%.*?%\}")
_TAGS_ONLY = re.compile(r"\s*(?:\{%.*?%\}\s*)+")
_TABLE_OPEN = re.compile(r"\{%\s*table\b[^%]*%\}")
_TABLE_CLOSE = re.compile(r"\{%\s*/table\s*%\}")
_ROW_RULE = re.compile(r"\s*-{3,}\s*")
_CELL = re.compile(r"\s*[-*+]\s+(.*)")


# A Liquid include given its words as attributes (Jekyll's FAQ accordions: `{% include accordion.html id="status"
# title="Where can I check the status…?" content="<p>…</p>" %}`, often over several lines) shows those words: its
# title as a heading, its content below it. Attributes of one word (ids, classes) are markup.
_INCLUDE = re.compile(r"\{%-?\s*include\s+[^\s%]+(?P<attrs>.*?)-?%\}", re.DOTALL)
_ATTRIBUTE = re.compile(r"([\w-]+)=(?:\"((?:[^\"\\]|\\.)*)\"|'([^']*)')", re.DOTALL)
_WORDED = ("content", "text")


_FENCED = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1", re.MULTILINE | re.DOTALL)


def _includes_rendered(body: str) -> str:
    """The page with each include that carries words read as them, those inside a fenced code block left."""
    fenced = [m.span() for m in _FENCED.finditer(body)]
    return _INCLUDE.sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in fenced) else _include_words(m), body)


def _include_words(match: re.Match[str]) -> str:
    parts = []
    for key, double, single in _ATTRIBUTE.findall(match.group("attrs")):
        value = (double or single).replace('\\"', '"').strip()
        if value and (key in _WORDED or len(value.split()) > 1):
            parts.append(f"#### {' '.join(value.split())}" if key == "title" else value)
    return "\n\n" + "\n\n".join(parts) + "\n\n" if parts else match.group(0)


def render_tags(body: str) -> str:
    """The page with its template tags read as rendered; a page without any is returned unchanged."""
    if "{%" not in body:
        return body
    body = _includes_rendered(body)
    parsed = markdown_lines(body)
    lines = [row.raw for row in parsed]
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if parsed[i].kind in ("code_start", "code"):
            out.append(line)
        elif _TABLE_OPEN.fullmatch(line.strip()):
            end = _table_end(lines, i + 1)
            out.extend(_pipe_table(lines[i + 1:end]))
            i = end
        elif _TAGS_ONLY.fullmatch(line):
            out.append("")
        else:
            out.append(_TAG.sub("", line).rstrip() if "{%" in line else line)
        i += 1
    return "\n".join(out)


def _table_end(lines: list[str], start: int) -> int:
    """The index of the line closing the table opened before `start` (the last line when none does)."""
    for j in range(start, len(lines)):
        if _TABLE_CLOSE.fullmatch(lines[j].strip()):
            return j
    return len(lines) - 1


def _pipe_table(lines: list[str]) -> list[str]:
    """A Markdoc table's lines as a pipe table: its first row the header."""
    return pipe_table([row for row in _rows(lines) if row])


def pipe_table(rows: list[list[str]]) -> list[str]:
    """Rows of cells as the lines of a pipe table, the first row its header, short rows padded ([] for none)."""
    if not rows:
        return []
    width = max(len(row) for row in rows)
    rendered = [_pipe_row(row + [""] * (width - len(row))) for row in rows]
    return [rendered[0], _pipe_row(["---"] * width), *rendered[1:]]


def _rows(lines: list[str]) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    for line in lines:
        if _ROW_RULE.fullmatch(line):
            rows.append([])
        elif cell := _CELL.fullmatch(line):
            rows[-1].append(_TAG.sub("", cell.group(1)).strip())
        elif line.strip() and rows[-1]:
            rows[-1][-1] = f"{rows[-1][-1]} {_TAG.sub('', line).strip()}".strip()
    return rows


def _pipe_row(cells: list[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
