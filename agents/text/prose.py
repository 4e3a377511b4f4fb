"""Quotes told as prose a person would send: markup rendered to words.

The citation keeps the verbatim quote (the audit checks it against the document);
the answer text says the same thing without table pipes, HTML tags, link syntax,
list markers, emphasis, shortcodes or callout markers, and never says one sentence twice.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from common import clip
from retrieval import normalize_ws

from .grounding import answer_sentences, occurs_in, plain, split_sentences

_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_REFERENCE_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_BREAK = re.compile(r"<br\s*/?>", re.I)
_CELL_END = re.compile(r"</t[dh]>\s*<t[dh][^>]*>", re.I)
_TAG = re.compile(r"</?[A-Za-z][^>]*>|\{/\*.*?\*/\}")
# Site-generator markup no reader sees: Hugo shortcodes ({{< tab name="Okta" >}}), Liquid tags (Jekyll's
# {% link … %}, GitBook's {% hint %}), GitHub and Docusaurus callouts ("> [!NOTE] >", ":::info"), and
# footnote markers ("[^1]").
# The same in Python-Markdown and MkDocs sites: includes ({!admin-only.md!}), macros variables ({{ support_email }}),
# directives named in snake case or with arguments after a bar ({start_tabs}, {tab|okta}), admonitions
# ('!!! warn ""', '??? note "Title"'); a placeholder in a path ("/users/{user_id}", "{id}") is left as written.
# Kramdown's attribute lists, which mark the block after them ("{:.note}", "{: .important}").
_SHORTCODE = re.compile(r"\{\{[<%].*?[%>]\}\}|\{%.*?%\}|\{![^{}\s]+!\}|\{\{\s*[\w.]+\s*\}\}|\{:[^{}\n]*\}"
                        r"|(?<![/\w=$])\{[a-z]+(?:_[a-z]+)+\}|(?<![/\w=$])\{[a-z_]+(?:\|[\w-]+)+\}")
# A JSX child given as a string expression in a Markdown page (`<DocsCard …>{"Getting started with our hobby
# deployment."}</DocsCard>`): its words, without the braces and quotes.
_JSX_STRING = re.compile(r"\{\s*(\"|')([^\"'{}]+)\1\s*\}")  # not a set of strings in code: {"Saturday", "Sunday"}
_ADMONITION = re.compile(r'(?:^|(?<=\s))(?:!!!|\?\?\?\+?)\s*[a-z]+(?:\s+"[^"]*")?', re.I)
# A Jekyll site variable that holds a name ("{{site.konnect_short_name}}", "{{site.konnect_saas}}") is told as the
# name it spells: dropped, "available for {{site.konnect_short_name}}:" read "available for :".
_SITE_NAME = re.compile(r"\{\{\s*site\.([a-z][a-z0-9_]*?)(?:_short_name|_product_name|_name|_saas)\s*\}\}")
# A passage cut at an include's "!" ("{!manage-this-user.md!}") begins or ends with its lone brace.
_STRAY_BRACE = re.compile(r"^\}\s*|\s*\{$")
_EMPTY_BRACKETS = re.compile(r"\s+\(\s*\)")  # what held only markup: "administrator ({{ support_email }})"
_FOOTNOTE = re.compile(r"\[\^[^\]\s]+\](?!:)")
_CALLOUT = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]|^:::\s*\w*", re.I)
_QUOTE_MARKS = re.compile(r"(?:^|(?<=\s))>(?:\s+>)+(?=\s)")
# A callout's decorative pictograph and title collapsed onto one line with its body ("> 📘 Enterprise plan
# feature > Pinning SSO sessions …", "📘 > If you are also …"): the title ends where its marker stood. The
# check marks and crosses of feature tables (U+2705, U+274C) say something and stay.
_PICTOGRAPH = "[\U0001F300-\U0001FAFF]\uFE0F?"
_CALLOUT_TITLE = re.compile(r"(?:^|(?<=\s))(?:>\s*)?" + _PICTOGRAPH + r"([^>]*?)\s*>(?=\s)")
_DECORATION = re.compile(_PICTOGRAPH)
_SINGLE_EMPHASIS = re.compile(r"(?<!\w)[*_](?=\w)|(?<=\w)[*_](?!\w)")
_LIST_MARKER = re.compile(r"(?:^|(?<=\s))(?:[-*+•]|\d{1,2}[.)])\s+(?=\S)")
_SEPARATOR_ROW = re.compile(r"^\|?[\s:|-]+\|?$")
_DELIMITER_CELL = re.compile(r"^:?-{3,}:?$")
_WORD = re.compile(r"\w+")
_VERDICT = re.compile(r"^\s*(?:Yes|No|Partially)\.\s+(?=\S)")
LEAD_IN = "The documentation says:"
_OPENING = re.compile(r"^\s*(?:(?:Yes|No|Partially)\.|" + re.escape(LEAD_IN) + r")\s*")
_INLINE_ITEM = re.compile(r"([.;:!?])?\s+(?:[-*•]|\d{1,2}[.)](?=\s+[A-Z\[]))\s+(?=[\w\[*_`(])")


def spoken(quote: str) -> str:
    """What a quote says, as plain prose (no trailing full stop)."""
    lines = [_line(line) for line in quote.splitlines()]
    text = _join([line for line in lines if line])
    return normalize_ws(text).strip(" ;:.")


def _site_name(match: re.Match[str]) -> str:
    return " ".join(word.upper() if len(word) <= 3 else word.capitalize() for word in match.group(1).split("_"))


def _line(line: str) -> str:
    line = line.strip()
    if _SEPARATOR_ROW.match(line) and "-" in line:
        return ""
    line = _JSX_STRING.sub(r"\2", line)
    line = _STRAY_BRACE.sub("", _ADMONITION.sub(" ", _SHORTCODE.sub(" ", _SITE_NAME.sub(_site_name, line))).strip())
    line = _EMPTY_BRACKETS.sub("", line)
    line = _CALLOUT_TITLE.sub(_titled, _CALLOUT.sub(" ", line))
    line = _QUOTE_MARKS.sub(" ", _DECORATION.sub(" ", line)).strip()
    line = _FOOTNOTE.sub("", _REFERENCE_LINK.sub(r"\1", _IMAGE.sub("", line)))
    line = _CELL_END.sub(" | ", _BREAK.sub("; ", line))
    line = html.unescape(_TAG.sub(" ", line))
    if "|" in line:
        line = _cells(line)
    # An item's own marker goes; items collapsed after it onto the same line are told apart, as after an intro.
    line = _inline_list(_LIST_MARKER.sub("", line, count=1) if _LIST_MARKER.match(line) else line)
    return _tidy(_SINGLE_EMPHASIS.sub("", plain(line.lstrip("#> "))))


# A list inside a table cell ("user. <br /> - Add members") leaves a separator after a sentence's end or
# with a space before it: "user. ; Add" reads "user. Add", "item ; next" reads "item; next".
_AFTER_END = re.compile(r"([.!?:])(?:\s*;)+")
_SPACED = re.compile(r"\s+;")


def _tidy(line: str) -> str:
    return _SPACED.sub(";", _AFTER_END.sub(r"\1", line))


def _titled(callout: re.Match) -> str:
    title = callout.group(1).strip()
    return f" {title}: " if title else " "


def _cells(row: str) -> str:
    """A table row as words: "label: value; value"."""
    cells = [normalize_ws(c) for c in row.strip().strip("|").split("|")]
    cells = [c for c in cells if c and not _DELIMITER_CELL.match(c)]  # "---", ":---:": table syntax
    if len(cells) < 2:
        return " ".join(cells)
    return f"{cells[0].rstrip(':')}: " + _join(cells[1:])


def _inline_list(line: str) -> str:
    # A list collapsed onto one line ("notified: - Within 24 hours - Within 72 hours", "app: 1. Hardware").
    return _INLINE_ITEM.sub(lambda m: (m.group(1) or ";") + " ", line)


def _join(lines: list[str]) -> str:
    out = ""
    for line in lines:
        if not out:
            out = line
        elif out.endswith((":", ".", ";", "?", "!")):
            out += " " + line
        else:
            out += "; " + line
    return out


def distinct(texts: list[str]) -> list[int]:
    """Indexes of the texts to keep: none that another says already (the same words, or a
    part of a longer one: a list item beside the whole list); the first of equal ones."""
    keys = [" " + " ".join(_WORD.findall(text.lower())) + " " for text in texts]
    keep = []
    for n, key in enumerate(keys):
        said_before = any(keys[m] == key for m in range(n))
        said_elsewhere = any(key in other and other != key for other in keys)
        if key.strip() and not said_before and not said_elsewhere:
            keep.append(n)
    return keep


def for_a_cell(answer: str, limit: int = 300) -> str:
    """A questionnaire cell: a short answer first (at most `limit` characters), then the whole answer."""
    if len(answer) <= limit:
        return answer
    short = ""
    for sentence in answer_sentences(answer):
        if len(short) + len(sentence) + 1 > limit:
            break
        short = f"{short} {sentence}".strip()
    return f"{short or clip(answer, limit)}\n\nIn full: {answer}"


def told(quotes: Iterable[str]) -> list[str]:
    """Each quote as prose, without the sentences an earlier one already said ("" when none is left)."""
    said: set[str] = set()
    out = []
    for quote in quotes:
        fresh = []
        for sentence in split_sentences(spoken(quote)):
            key = " ".join(_WORD.findall(sentence.lower()))
            if key and key not in said:
                said.add(key)
                fresh.append(sentence)
        out.append(" ".join(fresh).strip(" ;:."))
    return out


def unsettled(answer: str) -> str:
    """An answer whose "Yes." / "No." / "Partially." the evidence does not settle surely enough
    to send it alone, told instead as what the documentation says (the status line keeps the claim)."""
    if not _VERDICT.match(answer):
        return answer
    return f"{LEAD_IN} " + _VERDICT.sub("", answer, count=1)


def told_from(sentence: str, quote: str) -> bool:
    """Whether an answer's sentence repeats (part of) a quote, as the quote reads or as it is told in prose,
    the answer's own opening ("Yes.", "The documentation says:") aside."""
    bare = without_opening(sentence)
    return occurs_in(bare, quote) or occurs_in(bare, spoken(quote))


def without_opening(sentence: str) -> str:
    """A sentence without the answer's own opening ("Yes.", "The documentation says:"), which no quote says."""
    return _OPENING.sub("", sentence, count=1)
