"""A small front-matter reader: `---` fenced `key: value` lines at the top of a file."""

from __future__ import annotations

from .errors import RetrievalError


class MalformedFrontMatter(RetrievalError):
    """The file opens a front-matter block that never closes or cannot be read."""


def split_front_matter(raw: str) -> tuple[dict[str, str], str]:
    """Return (metadata, body). Files without front matter give ({}, raw)."""
    if not raw.startswith("---"):
        return {}, raw
    lines = raw.splitlines(keepends=True)
    if lines[0].strip() != "---":
        return {}, raw
    for end, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            meta = _parse_pairs(lines[1:end])
            return meta, "".join(lines[end + 1 :])
    raise MalformedFrontMatter("front matter opened with '---' is never closed")


def _parse_pairs(lines: list[str]) -> dict[str, str]:
    meta: dict[str, str] = {}
    for number, line in enumerate(lines, start=2):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or stripped.startswith("- "):
            continue
        key, sep, value = stripped.partition(":")
        if not sep or not key.strip():
            raise MalformedFrontMatter(f"front matter line {number} is not 'key: value'")
        meta[key.strip().lower()] = value.strip().strip("'\"")
    return meta
