"""Turning files into Documents: markdown, MDX, HTML, plain text and PDF."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import SkippedFile
from ..markdown import first_title, heading
from ..models import Document
from ..text import sha256
from .csp import detect_csp
from .frontmatter import MalformedFrontMatter, split_front_matter
from .html_blocks import render_html
from .html_templates import render_template_tags
from .html_text import html_to_text
from .markdoc import render_tags

MARKDOWN = {".md", ".markdown", ".markdoc"}
MDX = {".mdx"}
HTML = {".html", ".htm"}
TEXT = {".txt", ".text"}
PDF = {".pdf"}
RESTRUCTUREDTEXT = {".rst", ".rest"}
SUPPORTED = MARKDOWN | MDX | HTML | TEXT | PDF | RESTRUCTUREDTEXT

_MDX_LINE = re.compile(r"^\s*(import|export)\s.*$|^\s*<[A-Z][\w.]*[^>]*/>\s*$", re.M)


def load_file(path: Path, root: Path, base_url: str | None = None) -> Document:
    """Load one file; raise SkippedFile with a reason a person can act on."""
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED:
        readable = ", ".join(sorted(SUPPORTED))
        raise SkippedFile(path, f"unsupported file type '{suffix or path.name}' (readable: {readable})")
    source_path = path.relative_to(root).as_posix() if path != root else path.name
    if suffix in PDF:
        title, text, meta = _read_pdf(path)
    else:
        title, text, meta = _read_textual(path, suffix)
    if not text.strip():
        raise SkippedFile(path, "the file has no text")
    title = meta.get("title") or title or _title_from_name(path)
    return Document(
        source_path=source_path,
        root=str(root),
        title=title,
        url=meta.get("url") or _url_for(base_url, source_path),
        csp=detect_csp(meta.get("csp"), source_path, title),
        text=text,
        hash=sha256(text + repr(sorted(meta.items()))),
    )


def _read_textual(path: Path, suffix: str) -> tuple[str, str, dict[str, str]]:
    raw = _read_utf8(path)
    if suffix in HTML:
        return html_to_text(render_template_tags(raw))
    if suffix in RESTRUCTUREDTEXT:  # no front matter: a heading's overline of dashes is not one
        from .restructuredtext import rst_to_markdown  # docutils (~90 ms) only for a folder that has such pages

        body = rst_to_markdown(raw).strip("\n")
        return first_title(body), body, {}
    try:
        meta, body = split_front_matter(raw)
    except MalformedFrontMatter as exc:
        raise SkippedFile(path, f"malformed front matter: {exc}") from exc
    if suffix in MDX:
        body = _MDX_LINE.sub("", body)
    if suffix in MARKDOWN | MDX:
        body = render_html(render_tags(body))
    body = body.strip("\n")
    return (first_title(body) if suffix not in TEXT else ""), _titled(body, meta.get("title", "")), meta


def _titled(body: str, title: str) -> str:
    """A page whose title lives in its front matter, read with that title as its heading, as the
    site shows it: a passage under it ("Activity logs requires a Team subscription") is read as
    about the page's subject."""
    title = " ".join(title.split())
    if not title or not body.strip() or _opens_with_title(body):
        return body
    return f"# {title}\n\n{body}"


def _opens_with_title(body: str) -> bool:
    found = heading(body.split("\n", 1)[0])
    return bool(found) and found[0] == 1


def _read_utf8(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SkippedFile(path, f"cannot be read ({exc.strerror or exc})") from exc
    if b"\x00" in data[:8192]:
        raise SkippedFile(path, "looks binary (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SkippedFile(path, f"is not UTF-8 text (byte {exc.start})") from exc


def _read_pdf(path: Path) -> tuple[str, str, dict[str, str]]:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(str(path))
        pages = [page.extract_text() or "" for page in reader.pages]
        title = (reader.metadata.title if reader.metadata else None) or ""
    except (PyPdfError, OSError, ValueError, KeyError) as exc:
        raise SkippedFile(path, f"is not a readable PDF ({exc})") from exc
    text = "\n\n".join(page.strip() for page in pages if page.strip())
    return str(title), text, {}


def _title_from_name(path: Path) -> str:
    return path.stem.replace("-", " ").replace("_", " ").strip().capitalize()


def _url_for(base_url: str | None, source_path: str) -> str | None:
    if not base_url:
        return None
    stem = re.sub(r"\.[A-Za-z]+$", "", source_path)
    return f"{base_url.rstrip('/')}/{stem}"
