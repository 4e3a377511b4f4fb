"""Template tags in an HTML page (Jinja's, Nunjucks', Django's: `{% … %}`, `{{ … }}`, `{# … #}`), read for the
words the site renders from them.

A site kept as templates (GOV.UK Notify's pages are Jinja) holds its words in two places: the HTML around the
tags, and string literals inside them (a macro's table rows, a link's text, a page's date). Read as text, the
tags' code became sentences ("{{ text_field(message_status) }}") quoted in answers, and a table written as a list
of pairs read as one long line of code. Here a tag gives only its words: a pair of literals (a table row, a
dictionary entry) is a row "Delivered: The message was successfully delivered."; another literal of several
words is a paragraph; a tag inside a sentence gives its words in place (`Go to the {{ service_link(…, 'Settings')
}} page` reads "Go to the Settings page"); a variable set to a literal (`{% set page_title = 'Message status' %}`)
gives that literal where it is shown. Literals that are code (a route, a template's file name, a key) are left
out, and so is a tag without words.
"""

from __future__ import annotations

import html
import re

_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)
_TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
_LITERAL = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
_FILTERED = rf"\(?\s*{_LITERAL}\s*\)?(?:\s*\|\s*\w+)*"  # ('Not delivered', ('The provider …')|safe)
_PAIR = re.compile(rf"\(\s*({_FILTERED})\s*,\s*({_FILTERED})\s*\)|({_LITERAL})\s*:\s*({_FILTERED})")
_ANY_LITERAL = re.compile(_LITERAL)
_SET = re.compile(rf"\{{%-?\s*set\s+(\w+)\s*=\s*({_LITERAL})\s*-?%\}}")
_CODE = re.compile(r"^\W|\w\.\w")  # a single word: ".NET", "main.settings"
_MARKUP = re.compile(r"<[^>]*>")
_FILTER = re.compile(rf"\|\s*\w+\s*\((?:{_LITERAL}|[^)'\"])*\)")  # | message_count('email'): an argument, not words
_MIN_WORDS = 3  # a literal standing alone, as a paragraph: one or two words are a heading's label or a key


def render_template_tags(raw: str) -> str:
    """The page with each template tag replaced by the words it renders; a page without tags is returned as is."""
    if "{%" not in raw and "{{" not in raw:
        return raw
    raw = _COMMENT.sub("", raw)
    variables = {m.group(1): _unquoted(m.group(2)) for m in _SET.finditer(raw)}
    return _TAG.sub(lambda match: _rendered(match, raw, variables), raw)


def _rendered(match: re.Match[str], raw: str, variables: dict[str, str]) -> str:
    tag = match.group(0)
    shown = re.fullmatch(r"\{\{-?\s*(\w+)\s*-?\}\}", tag)
    if shown:
        return html.escape(variables.get(shown.group(1), ""))
    if _alone(match, raw):
        return _block(tag)
    words = [text for text in map(_unquoted, _ANY_LITERAL.findall(_FILTER.sub("", tag))) if _is_text(text, inline=True)]
    return html.escape(" ".join(words))


def _alone(match: re.Match[str], raw: str) -> bool:
    """Whether the tag stands on its own between markup (a line, an element), not inside a sentence."""
    before = re.search(r"[^\n>]*$", raw[:match.start()]).group(0)
    after = re.match(r"[^\n<]*", raw[match.end():]).group(0)
    return not _TAG.sub("", before).strip() and not _TAG.sub("", after).strip()


def _block(tag: str) -> str:
    """A tag on its own: its pairs as list items, its other literals of several words as paragraphs."""
    rows, taken = [], []
    for pair in _PAIR.finditer(tag):
        words = [_unquoted(_ANY_LITERAL.search(part).group(0)) for part in pair.groups() if part]
        words = [text for text in words if _is_text(text)]
        if words:
            rows.append(": ".join(words))
            taken.append(pair.span())
    alone = [text for m in _ANY_LITERAL.finditer(tag) if not any(a <= m.start() < b for a, b in taken)
             for text in [_unquoted(m.group(0))] if _is_text(text) and len(text.split()) >= _MIN_WORDS]
    items = "".join(f"<li>{html.escape(row)}</li>" for row in rows)
    return (f"<ul>{items}</ul>" if items else "") + "".join(f"<p>{html.escape(text)}</p>" for text in alone)


def _is_text(literal: str, inline: bool = False) -> bool:
    """Words a reader sees, not code: a route ('main.service_settings'), a file ('components/table.html') or a
    key ('email'). One word counts when capitalised ('Settings', 'Delivered'), or inside a sentence, where a
    link's text is one ('Go to the {{ service_link(…, 'dashboard') }}')."""
    literal = literal.strip()
    if not re.search(r"[A-Za-z]", literal) or re.search(r"[_/<>{}=]", literal):
        return False
    if " " not in literal:
        return (inline or bool(re.match(r"[A-Z]", literal))) and not _CODE.search(literal)
    return True


def _unquoted(literal: str) -> str:
    """A literal's words: its quotes and escapes taken off, and the HTML inside it (a link) read as its text."""
    return html.unescape(_MARKUP.sub("", re.sub(r"\\(.)", r"\1", literal[1:-1])))
