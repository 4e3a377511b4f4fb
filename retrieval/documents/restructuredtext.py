"""reStructuredText (Sphinx's format) read as the Markdown the rest of the loader reads.

docutils parses the page; its document tree is written back as Markdown: sections as `#` headings by depth,
lists, tables as pipe rows, admonitions as a labelled paragraph, literal blocks fenced. Sphinx's own roles
(`:doc:`, `:ref:`, `:guilabel:` …) and directives (tabs, dropdowns, `versionadded` …) are not docutils', and a
page read with docutils alone lost every sentence holding one: each role gives its words (a cross-reference its
title, or its target's last part), each unknown directive its content under its argument. What Sphinx would
fetch from elsewhere (`include`, `literalinclude`, a table of contents) is left out, as are images, comments and
docutils' own complaints.
"""

from __future__ import annotations

import re
from collections import defaultdict

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles

_ROLE = re.compile(r"(?<![\w`]):((?:[A-Za-z][\w-]*:)?[A-Za-z][\w+-]*):`")
_DIRECTIVE = re.compile(r"^\s*\.\.\s+([A-Za-z][\w:-]*)::", re.M)
_TITLED = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.S)
_LEFT_OUT = {"toctree", "index", "tabularcolumns", "highlight", "sectionauthor", "codeauthor", "literalinclude",
             "autosummary", "automodule", "autoclass", "autofunction", "contents", "include", "raw"}
_CODE = {"code", "code-block", "sourcecode"}
_ADMONITIONS = (nodes.note, nodes.warning, nodes.tip, nodes.important, nodes.caution, nodes.attention, nodes.danger,
                nodes.error, nodes.hint)
# The marks documentation sites define for their feature tables (`|checkmark|` is Mattermost's), as a table shows them.
_ICONS = {**dict.fromkeys(("check", "checkmark", "check-mark", "tick", "yes", "done", "supported"), "✅"),
          **dict.fromkeys(("cross", "x", "xmark", "x-mark", "no", "unsupported", "not-supported"), "❌")}
_SETTINGS = {"report_level": 5, "halt_level": 5, "file_insertion_enabled": False, "raw_enabled": False,
             "doctitle_xform": False, "sectsubtitle_xform": False, "syntax_highlight": "none",
             "warning_stream": False, "input_encoding": "unicode", "smart_quotes": False}


def rst_to_markdown(raw: str) -> str:
    """The page as Markdown: its headings, paragraphs, lists and tables, without markup that renders no words."""
    _register(raw)
    tree = publish_doctree(raw, settings_overrides=_SETTINGS)
    return "\n\n".join(block for block in _blocks(tree.children, 1) if block.strip()).strip() + "\n"


def _register(raw: str) -> None:
    """Give every role and directive the page uses, that docutils lacks, a reading that keeps its words."""
    for name in set(_ROLE.findall(raw)):
        if not _known_role(name):
            roles.register_local_role(name, _role_words)
    for name in set(_DIRECTIVE.findall(raw)):
        if name in _LEFT_OUT:
            directives.register_directive(name, _LeftOut)
        elif name in _CODE:
            directives.register_directive(name, _Code)
        elif not _known_directive(name):
            directives.register_directive(name, _Contents)


def _known_role(name: str) -> bool:
    return name in roles._role_registry or name in roles._roles


def _known_directive(name: str) -> bool:
    return name in directives._directive_registry or name in directives._directives


def _role_words(name, rawtext, text, lineno, inliner, options=None, content=None):  # noqa: ANN001, ANN202
    """A Sphinx role's words: a title given before its `<target>`, else the target's last part in words."""
    titled = _TITLED.match(text)
    if titled and titled.group(1):
        words = titled.group(1)
    elif name in {"doc", "ref", "any", "numref", "download"}:
        target = (titled.group(2) if titled else text).strip().lstrip("~!")
        words = re.split(r"[:/#]", target.rstrip("/"))[-1].replace("-", " ").replace("_", " ")
    else:
        words = text.lstrip("~!")
    return [nodes.literal(rawtext, words) if name in {"command", "file", "samp", "envvar", "option", "program"}
            else nodes.inline(rawtext, words)], []


class _AnyOption(defaultdict):
    """Options of a directive docutils does not know, taken as they are (none of them are words)."""

    def __init__(self) -> None:
        super().__init__(lambda: directives.unchanged)


class _Contents(Directive):
    """An unknown directive (a tab, a dropdown, a card): its argument as a label, its content as the page's."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOption()

    def run(self) -> list[nodes.Node]:
        box = nodes.container()
        label = " ".join(self.arguments).strip()
        if re.search(r"[A-Za-z]{2}", label):
            box += nodes.paragraph(label, "", nodes.strong(label, label))
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


class _Code(Directive):
    """A code block (Sphinx's `code-block`): its lines as they are, fenced."""

    optional_arguments = 1
    has_content = True
    option_spec = _AnyOption()

    def run(self) -> list[nodes.Node]:
        text = "\n".join(self.content)
        return [nodes.literal_block(text, text)]


class _LeftOut(_Contents):
    """What Sphinx fills from elsewhere (a table of contents, an included file): nothing here to read."""

    def run(self) -> list[nodes.Node]:
        return []


def _blocks(children: list[nodes.Node], depth: int) -> list[str]:
    out: list[str] = []
    for child in children:
        out.extend(_block(child, depth))
    return out


def _block(node: nodes.Node, depth: int) -> list[str]:
    if isinstance(node, nodes.section):
        title = next((c for c in node.children if isinstance(c, nodes.title)), None)
        rest = [c for c in node.children if c is not title]
        heading = [f"{'#' * min(depth, 6)} {_inline(title)}"] if title is not None else []
        return heading + _blocks(rest, depth + 1)
    if isinstance(node, (nodes.paragraph, nodes.rubric, nodes.line_block, nodes.caption)):
        text = _inline(node) if not isinstance(node, nodes.line_block) else " ".join(_inline(c) for c in node.children)
        text = " ".join(text.split("\n"))  # a paragraph's lines wrapped in the source are one paragraph
        return [f"**{text}**" if isinstance(node, nodes.rubric) else text]
    if isinstance(node, (nodes.bullet_list, nodes.enumerated_list)):
        return ["\n".join(_list_items(node))]
    if isinstance(node, nodes.definition_list):
        return [_definition(item) for item in node.children if isinstance(item, nodes.definition_list_item)]
    if isinstance(node, nodes.field_list):
        # A field without a body (Sphinx's `:orphan:`, `:nosearch:`) is an instruction to the build, not words.
        return [f"{_inline(f[0])}: {' '.join(_blocks(f[1].children, depth))}" for f in node.children
                if isinstance(f, nodes.field) and len(f.children) == 2 and f[1].astext().strip()]
    if isinstance(node, nodes.table):
        return [_table(node)]
    if isinstance(node, (nodes.literal_block, nodes.doctest_block)):
        return [f"```\n{node.astext()}\n```"]
    if isinstance(node, _ADMONITIONS) or isinstance(node, nodes.admonition):
        return _admonition(node, depth)
    if isinstance(node, (nodes.image, nodes.comment, nodes.target, nodes.substitution_definition,
                         nodes.system_message, nodes.transition, nodes.raw, nodes.footnote, nodes.citation,
                         nodes.docinfo)):
        return []
    if isinstance(node, nodes.figure):
        return [_inline(c) for c in node.children if isinstance(c, nodes.caption)]
    if isinstance(node, nodes.Element):  # block_quote, container, compound, topic, sidebar, glossary …
        return _blocks(node.children, depth)
    return [node.astext()]


def _list_items(node: nodes.Element, indent: str = "") -> list[str]:
    lines = []
    for number, item in enumerate((c for c in node.children if isinstance(c, nodes.list_item)), start=1):
        marker = f"{number}." if isinstance(node, nodes.enumerated_list) else "-"
        texts, nested = _item_parts(item.children, indent)
        lines.append(f"{indent}{marker} {' '.join(t.replace(chr(10), ' ') for t in texts)}".rstrip())
        lines.extend(nested)
    return lines


def _item_parts(parts: list[nodes.Node], indent: str) -> tuple[list[str], list[str]]:
    """A list item's own words, and the lines of the lists inside it. An item whose text is followed by indented
    lines is a term and its definition in reStructuredText ("- Per-service keys" over "    - Keys need not be
    unique"): the term is the item's words, a list in the definition its sub-items."""
    texts: list[str] = []
    nested: list[str] = []
    for part in parts:
        if isinstance(part, (nodes.bullet_list, nodes.enumerated_list)):
            nested.extend(_list_items(part, indent + "  "))
        elif isinstance(part, nodes.definition_list):
            for entry in (c for c in part.children if isinstance(c, nodes.definition_list_item)):
                texts.extend(_inline(c) for c in entry.children if isinstance(c, nodes.term))
                for body in (c for c in entry.children if isinstance(c, nodes.definition)):
                    more, deeper = _item_parts(body.children, indent)
                    texts.extend(more)
                    nested.extend(deeper)
        else:
            texts.extend(t for t in _block(part, 7) if t.strip())
    return texts, nested


def _definition(item: nodes.definition_list_item) -> str:
    term = " ".join(_inline(c) for c in item.children if isinstance(c, nodes.term))
    body = " ".join(t for c in item.children if isinstance(c, nodes.definition) for t in _blocks(c.children, 7))
    return f"**{term}**: {body}" if body else f"**{term}**"


def _table(table: nodes.table) -> str:
    rows = [[" ".join(t.replace("\n", " ") for t in _blocks(entry.children, 7)).replace("|", "/")
             for entry in row.children if isinstance(entry, nodes.entry)]
            for row in table.findall(nodes.row)]
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    lines = [f"| {' | '.join(rows[0])} |", f"|{'---|' * width}"]
    lines += [f"| {' | '.join(r)} |" for r in rows[1:]]
    title = next((_inline(c) for c in table.children if isinstance(c, nodes.title)), "")
    return (f"**{title}**\n\n" if title else "") + "\n".join(lines)


def _admonition(node: nodes.Element, depth: int) -> list[str]:
    title = next((c for c in node.children if isinstance(c, nodes.title)), None)
    label = _inline(title) if title is not None else node.tagname.capitalize()
    body = _blocks([c for c in node.children if c is not title], depth)
    if not body:
        return []
    if re.match(r"\s*(?:[-*+]|\d+\.)\s", body[0]):  # a list keeps its lines: the label stands above it
        return [f"**{label}:**", *body]
    return [f"**{label}:** {body[0]}", *body[1:]]


def _inline(node: nodes.Node) -> str:
    if isinstance(node, nodes.Text):
        return node.astext()
    if isinstance(node, (nodes.image, nodes.footnote_reference, nodes.citation_reference, nodes.target,
                         nodes.system_message, nodes.substitution_definition, nodes.raw)):
        return ""
    text = "".join(_inline(c) for c in node.children)
    substitution = re.fullmatch(r"\|([^|]+)\|_{0,2}", text) if isinstance(node, nodes.problematic) else None
    if substitution:  # one Sphinx defines in its configuration, not in the page: an icon, a yes or a no in a table
        return _ICONS.get(substitution.group(1).strip().lower().replace("_", "-"), "")
    if isinstance(node, nodes.strong):
        return f"**{text}**" if text.strip() else text
    if isinstance(node, nodes.emphasis):
        return f"*{text}*" if text.strip() else text
    if isinstance(node, nodes.literal):
        return f"`{text}`" if text.strip() else text
    return text
