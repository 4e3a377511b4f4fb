"""A table row read for the column the question names: "Can a Billing user view our API keys?" against a
permission matrix ("Permission | Developer | Billing | Admin | Owner" over "View API keys | ✓ | - | ✓ | ✓").
The row holds the question's words for every column; only the cell under the role, plan or edition the
question names answers it, and a "-" or "✗" there is a no.
"""

from __future__ import annotations

import re

from ..text.grounding import Passage, plain

_GRANTED = frozenset({"✓", "✔", "✔️", "✅", "☑", "yes", "y", "included"})
_DENIED = frozenset({"-", "–", "—", "✗", "✘", "❌", "✖", "no", "not included"})


def _cells(row: str) -> list[str]:
    # "Organization <br/> admin" is the column "Organization admin".
    return [" ".join(re.sub(r"<[^>]*>", " ", plain(cell)).split()) for cell in row.strip().strip("|").split("|")]


def cell_for_question(question: str, passage: Passage) -> tuple[str, str] | None:
    """(column, "granted" or "denied") for the one column of the passage's table the question names, when
    the row's cell there is a mark; None for prose, for a question naming no column or several, or a cell
    that is not a mark ("24 hours")."""
    if "|" not in passage.text or not passage.about.endswith(passage.text):
        return None
    header = passage.about[: -len(passage.text)]
    names, row = _cells(header)[1:], _cells(passage.text)[1:]
    if len(names) != len(row) or not names:
        return None
    asked = [i for i, name in enumerate(names)
             if name and re.search(rf"\b{re.escape(name)}s?\b", question, re.IGNORECASE)]
    # "an organization admin" names the "Organization admin" column, not the "Admin" one beside it.
    asked = [i for i in asked if not any(j != i and names[i].lower() in names[j].lower() for j in asked)]
    if len(asked) != 1:
        return None
    mark = row[asked[0]].lower()
    if mark in _GRANTED:
        return names[asked[0]], "granted"
    if mark in _DENIED:
        return names[asked[0]], "denied"
    return None
