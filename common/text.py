"""Text helpers with no knowledge of the product: clipping, and the one sentence splitter."""

from __future__ import annotations

import functools
import re
import threading

# What could end a sentence: a period between two digits ("TLS 1.2") never does. pysbd also ends one before a
# letter or roman numeral in brackets ("is (i) required by law or (ii) to a recipient"), and at a closing quote before a
# capital ('"Only running time is billed" Please note that…').
_TERMINAL = re.compile(r"[?!…]|\.(?!\d)|(?<!\d)\.|\([a-z]+\)|[\"”]\s+[A-Z]")
# A kramdown attribute list ("{:.note}", "{: .important}") marks the block after it: pysbd ends a sentence at its
# period, and the next began "note} > **Note**: …".
_ATTRIBUTE_LIST_START = re.compile(r"\{:\s*\.?$")
_local = threading.local()


def clip(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary and marked with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def sentences(text: str) -> tuple[str, ...]:
    """The sentences of running text (pysbd), stripped; cached, since the same paragraphs are split
    again and again across a batch's questions (and pysbd compiles a regular expression per sentence)."""
    return _sentences(text.strip())


@functools.lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    if not text:
        return ()
    if not _TERMINAL.search(text[:-1] if text[-1] in ".?!" else text):
        return (text,)  # nothing inside could end a sentence: most headings, list items and cells
    return mended([s.sent.strip() for s in _segmenter().segment(text) if s.sent.strip()])


def mended(pieces: list[str]) -> tuple[str, ...]:
    """pysbd's pieces of a text, with what it cut on the wrong side of a sentence end given back (a kramdown
    attribute list to the sentence it marks, the "**" closing a bold sentence to that sentence)."""
    return _closing_emphasis_given_back(_attribute_lists_joined(_dot_words_joined(pieces)))


# A period after a space opens a word (".gov", ".env", ".NET"); pysbd ended a sentence there ("All production URLs
# should have ." and "gov, ." and "mil, or a dedicated ." …), quotes users saw cut off.
_DOT_WORD_END = re.compile(r"\s\.$")


def _dot_words_joined(pieces: list[str]) -> list[str]:
    out: list[str] = []
    for piece in pieces:
        if out and _DOT_WORD_END.search(out[-1]) and piece[:1].islower():
            out[-1] += piece
        else:
            out.append(piece)
    return out


# Bold around a whole sentence ("**Debug logging is intentional.** The Desktop app logs…"): pysbd ends the
# sentence at its period and the next began "** The Desktop app…", a quote users saw with the marks.
_CLOSING_BOLD = re.compile(r"^(\*\*|__)(?=\s|$)")


def _closing_emphasis_given_back(pieces: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for piece in pieces:
        closing = _CLOSING_BOLD.match(piece)
        if closing and out and out[-1].count(closing.group(1)) % 2 == 1:
            out[-1] += closing.group(1)
            piece = piece[closing.end():].lstrip()
        if piece:
            out.append(piece)
    return tuple(out)


def _attribute_lists_joined(pieces: list[str]) -> tuple[str, ...]:
    """The sentences with a kramdown attribute list cut at its period given back whole to the sentence it marks."""
    out: list[str] = []
    carried = ""
    for piece in pieces:
        piece = carried + piece
        start = _ATTRIBUTE_LIST_START.search(piece)
        carried = piece[start.start():] if start else ""
        kept = piece[:start.start()].rstrip() if start else piece
        if kept:
            out.append(kept)
    if carried:
        out.append(carried)
    return tuple(out)


def _segmenter():
    # One per thread: a Segmenter keeps the text it is splitting on itself, so two runs
    # splitting at once on two threads got each other's sentences (and the passages
    # cached from them stayed wrong for the rest of the process).
    if not hasattr(_local, "segmenter"):
        import pysbd  # its rules load on first use

        _local.segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return _local.segmenter
