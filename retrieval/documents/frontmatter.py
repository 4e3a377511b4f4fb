"""Front matter: the `---` fenced YAML block at the top of a markdown file.

Read as YAML (PyYAML's safe loader), so what documentation sites write there (folded
`description: >-` lines, lists of tags, dates) is read, not taken for a broken file.
"""

from __future__ import annotations

from ..errors import RetrievalError


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
            return _parse("".join(lines[1:end])), "".join(lines[end + 1 :])
    raise MalformedFrontMatter("front matter opened with '---' is never closed")


def _parse(block: str) -> dict[str, str]:
    import yaml  # only files with front matter pay for it

    try:
        data = yaml.safe_load(block) if block.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        raise MalformedFrontMatter(f"front matter is not valid YAML{where}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise MalformedFrontMatter("front matter is not a list of 'key: value' lines")
    return {str(key).strip().lower(): _text(value) for key, value in data.items() if value is not None}


def _text(value: object) -> str:
    """A metadata value as text: lists joined ("tags: [a, b]" → "a, b"), the rest as written."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_text(item)}" for key, item in value.items())
    return str(value).strip()
