"""Deciding which cloud (AWS, GCP, Azure) a document is about, if any."""

from __future__ import annotations

from ..vocabulary import Csp, names_in, parse_csp


def detect_csp(front_matter: str | None, source_path: str, title: str) -> Csp:
    """Front matter wins, then the path, then the title; otherwise General.

    Body text is not counted: a general page about the vendor's own hosting names
    AWS throughout without being about customers' AWS accounts.
    """
    if front_matter:
        parsed = parse_csp(front_matter)
        if parsed:
            return parsed
    for text in (source_path, title):
        named = names_in(text)
        if len(named) == 1:
            return named.pop()
    return "General"
