"""HTML to markdown-like text: headings become `#` lines so chunking can follow them."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCKS = {"p", "div", "section", "article", "br", "tr", "table", "ul", "ol", "pre", "blockquote"}
_SKIP = {"script", "style", "nav", "footer", "head", "noscript", "svg"}
_HEADINGS = {f"h{n}": n for n in range(1, 7)}


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.meta: dict[str, str] = {}
        self.title = ""
        self._skip_depth = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "title":
            self._in_title = True
        elif tag == "meta" and values.get("name"):
            self.meta[values["name"].lower()] = values.get("content", "")
        elif tag == "link" and "canonical" in values.get("rel", ""):
            self.meta["url"] = values.get("href", "")
        if tag in _SKIP:
            self._skip_depth += 1
        elif tag in _HEADINGS:
            self.parts.append("\n\n" + "#" * _HEADINGS[tag] + " ")
        elif tag == "li":
            self.parts.append("\n- ")
        elif tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in _SKIP and self._skip_depth:
            self._skip_depth -= 1
        elif tag in _HEADINGS or tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip_depth:
            self.parts.append(re.sub(r"[ \t\r\n]+", " ", data))


def html_to_text(raw: str) -> tuple[str, str, dict[str, str]]:
    """Return (title, text, meta) where meta holds <meta name=…> values and a canonical url."""
    parser = _Extractor()
    parser.feed(raw)
    parser.close()
    text = "".join(parser.parts)
    lines = [line.strip() for line in text.splitlines()]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return parser.title.strip(), text, parser.meta
