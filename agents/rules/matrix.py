"""A table row read for the column the question names: "Can a Billing user view our API keys?" against a
permission matrix ("Permission | Developer | Billing | Admin | Owner" over "View API keys | ✓ | - | ✓ | ✓").
The row holds the question's words for every column; only the cell under the role, plan or edition the
question names answers it, and a "-" or "✗" there is a no. A table whose column says what is left out ("In
Scope | Out of Scope") answers no where the question's words are in that column's cell; a row asking a question
of its own and answering it ("Are sensitive data processed / transferred? | No") answers the same question asked.
"""

from __future__ import annotations

import re
from collections import Counter

from ..text.grounding import Passage, plain
from ..text.terms import key_terms, matches

_GRANTED = frozenset({"✓", "✔", "✔️", "✅", "☑", "yes", "y", "included"})
_DENIED = frozenset({"-", "–", "—", "✗", "✘", "❌", "✖", "no", "not included"})


def _cells(row: str) -> list[str]:
    # "Organization <br/> admin" is the column "Organization admin".
    return [" ".join(re.sub(r"<[^>]*>", " ", plain(cell)).split()) for cell in row.strip().strip("|").split("|")]


def _header_and_row(passage: Passage) -> tuple[list[str], list[str]] | None:
    # The column names (the corner cell left out) and the row's cells under them, for a table row read with its header.
    if "|" not in passage.text or not passage.about.endswith(passage.text):
        return None
    names, row = _cells(passage.about[: -len(passage.text)])[1:], _cells(passage.text)[1:]
    return (names, row) if names and len(names) == len(row) else None


# A column of what is left out: "Out of Scope", "Not included", "Excluded", "Unsupported".
_LEFT_OUT = re.compile(r"^(?:out[\s-]+of[\s-]+scope|not\s+(?:in\s+scope|included|covered|supported|allowed|permitted)|"
                       r"excluded|exclusions?|unsupported|prohibited|ineligible|not\s+eligible)$", re.IGNORECASE)


def left_out_cell(question: str, passage: Passage) -> str | None:
    """The cell of a left-out column ("Out of Scope") holding more of the question's words than any other cell of
    its row, at least two that no other cell has ("Helping architecture a cloud account", asked "Will support
    help design the architecture of our cloud accounts?"); None otherwise."""
    table = _header_and_row(passage)
    if table is None or not any(_LEFT_OUT.match(name) for name in table[0]):
        return None
    asked = key_terms(question)
    found = [{term for term in asked if matches(term, set(key_terms(cell)))} for cell in table[1]]
    # A word every cell shares ("Helping … | Helping …") tells the columns apart no more than the row's label does.
    held = [len(terms - set().union(*(other for j, other in enumerate(found) if j != i)))
            for i, terms in enumerate(found)]
    best = max(held)
    winners = [i for i, count in enumerate(held) if count == best]
    if best < 2 or len(winners) != 1 or not _LEFT_OUT.match(table[0][winners[0]]):
        return None
    return table[1][winners[0]]


# A column named with its initials in brackets, "Community Edition (CE)", is named by either.
_INITIALS = re.compile(r"^(.+?)\s*\(([A-Za-z][\w-]*)\)$")


def _named(question: str, names: list[str]) -> list[int]:
    """The columns the question names, by their name or the initials bracketed after it; else by the words that
    tell a column from the others ("Stored for Apple Pay payments?" beside "Stored for Google Pay payments?" is
    named by "Apple Pay")."""
    named = [i for i, name in enumerate(names) if any(_says(question, said) for said in _said(name))]
    return named or [i for i, own in enumerate(_distinct(names)) if own and _says(question, own)]


def _says(question: str, name: str) -> bool:
    return bool(re.search(rf"\b{re.escape(name)}s?\b", question, re.IGNORECASE))


def _distinct(names: list[str]) -> list[str]:
    """Each column's name without the words its kind's names all have ("" where nothing is left); all "" when there
    is one column or no word is shared by more than half of the names. The kind is every column when a word is
    in every name, else the columns holding the words most names share ("CockroachDB Basic | CockroachDB Standard |
    CockroachDB Advanced | Feature": the three plans, the feature column outside them)."""
    words = [re.findall(r"[\w'’-]+", name) for name in names]
    lowered = [{w.lower() for w in own} for own in words]
    counts = Counter(w for own in lowered for w in own)
    most = max(counts.values(), default=0)
    if len(words) < 2 or most < 2 or 2 * most <= len(words):
        return ["" for _ in names]
    kind = {w for w, n in counts.items() if n == most}
    return [" ".join(w for w in own if w.lower() not in kind) if kind <= seen else ""
            for own, seen in zip(words, lowered)]


def _said(name: str) -> list[str]:
    bracketed = _INITIALS.match(name)
    return [bracketed.group(1), bracketed.group(2)] if bracketed else [name] if name else []


def cell_for_question(question: str, passage: Passage) -> tuple[str, str] | None:
    """(column, "granted" or "denied") for the one column of the passage's table the question names, when
    the row's cell there is a mark; None for prose, for a question naming no column or several, or a cell
    that is not a mark ("24 hours")."""
    table = _header_and_row(passage)
    if table is None:
        return None
    names, row = table
    named = _named(question, names)
    # "an organization admin" names the "Organization admin" column, not the "Admin" one beside it.
    asked = [i for i in named if not any(j != i and names[i].lower() in names[j].lower() for j in named)]
    if len(asked) != 1:
        return None
    mark = _mark(row[asked[0]])
    if mark in _GRANTED:
        return names[asked[0]], "granted"
    # A blank cell in a row marking other columns with ✓ is what the column does not get, as a "-" is.
    if mark in _DENIED or not mark and any(_mark(cell) in _GRANTED for cell in row):
        return names[asked[0]], "denied"
    return None


def _mark(cell: str) -> str:
    # "Not included." is the mark "not included".
    return cell.lower().rstrip(".")


def only_other_column(question: str, passage: Passage) -> tuple[str, str] | None:
    """(column asked, its cell) when the question names one column of a comparison table's row and another column of
    its kind holds at least two of the question's words that the asked column's cell has none of ("Support | Community
    forums. | Dedicated support from the team…", asked "Does the community edition come with dedicated support?");
    None otherwise."""
    table = _header_and_row(passage)
    if table is None:
        return None
    names, row = table
    asked = _named(question, names)
    if len(asked) != 1 or not row[asked[0]]:
        return None
    terms = key_terms(question)
    own = {t for t in terms if matches(t, set(key_terms(row[asked[0]])))}
    kind = set(key_terms(names[asked[0]]))
    for j, cell in enumerate(row):
        # Columns of one kind ("Community Edition", "Enterprise Edition"), alternatives the table compares: not a
        # "Plan" column beside a "Description" one.
        alike = j != asked[0] and kind & set(key_terms(names[j]))
        held = {t for t in terms if matches(t, set(key_terms(cell)))} - kind
        if alike and len(held) >= 2 and not held & own:
            return names[asked[0]], row[asked[0]]
    return None


def answered_row(question: str, passage: Passage) -> str | None:
    """"granted" or "denied" for a two-cell row whose label is a question and whose value is a bare mark ("Are
    sensitive data processed / transferred? | No"), when the question asked has at least two of the label's words and
    half of them; None otherwise."""
    cells = [cell for cell in _cells(passage.text) if cell]
    if len(cells) != 2 or not cells[0].rstrip(" *:").endswith("?"):
        return None
    label, asked = key_terms(cells[0]), set(key_terms(question))
    shared = sum(matches(term, asked) for term in label)
    if shared < 2 or shared < len(label) / 2:
        return None
    mark = cells[1].lower().rstrip(".")
    return "granted" if mark in _GRANTED else "denied" if mark in _DENIED else None
