"""Deciding which cloud (AWS, GCP, Azure) a document is about, if any."""

from __future__ import annotations

import re

from .models import Csp

_ALIASES: dict[str, Csp] = {
    "aws": "AWS", "amazon": "AWS", "amazon web services": "AWS",
    "gcp": "GCP", "google cloud": "GCP", "google cloud platform": "GCP",
    "azure": "Azure", "microsoft azure": "Azure",
    "general": "General", "all": "General", "none": "General", "": "General",
}



def parse_csp(value: str) -> Csp | None:
    """Map a user- or front-matter-supplied cloud name to its canonical form."""
    return _ALIASES.get(value.strip().lower())


_NAMED = re.compile(r"(?<![a-z])(aws|amazon web services|gcp|google cloud|azure)(?![a-z])", re.I)


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
        named = {parse_csp(m) for m in _NAMED.findall(text)}
        if len(named) == 1:
            return named.pop() or "General"
    return "General"
