"""Which passages an extractive answer cites: the best few, and beside them the one naming a name
they leave out, answering a facet, giving the number asked for, narrowing what is asked of all,
stating a limit for its whole page, or qualifying the best one ("However, …"); each said once, with the
same words from another page beside it."""

from __future__ import annotations

import re
from dataclasses import replace

from retrieval import Document

from ..contracts import QueryPlanResult
from ..extractive import fitted
from ..judging.support import RELEVANT, Scorer, states_the_number
from ..rules.closed_list import excluded_by
from ..rules.narrowing import restricted_scope
from ..rules.plans import offered_on, speaks_of_availability
from ..text.cues import PARTIAL_CUES, has_cue
from ..text.grounding import Passage, following, nearby, passages, preceding
from ..text.names import unsupported_phrases
from ..text.prose import distinct, spoken, told
from .quotes import MAX_CITATIONS, Quote
from .status import denies_name

_SHORT_LEAD = 4       # passages before a page's first sub-heading that can be a note on its scope


def with_names(question: str, top: list[Quote], quotes: list[Quote], absent: list[str]) -> list[Quote]:
    """The best passages, and for each name of the question they leave out ("SSO" beside three
    passages on 2FA) the best passage that mentions it and is on the question by its own words and
    meaning, as the audit requires of any cited passage (not merely for naming the name: "Add a new
    SSO application" is not on whether 2FA can be enforced under SSO). One such passage is cited beside
    the best three, not instead of the third (Docker's JIT page, third on "Does SAML SSO use
    Just-in-Time provisioning?", had made room for a SAML set-up step). When no passage naming it is
    that close in meaning, one down to the fitted floor may be, the one that uses most of the
    question's words and meaning ("Require 2FA is currently not available with single sign-on (SSO)",
    at 0.38, over the SSO page's set-up step at 0.37); it speaks to the name, so its denial counts."""
    added: list[Quote] = []
    for phrase in absent:
        naming = [q for q in quotes if q not in top and q not in added and q.relevance >= fitted().floor
                  and phrase not in unsupported_phrases(question, q.passage.about)]
        best = next((q for q in naming if q.relevance >= RELEVANT), None) or max(
            naming, key=lambda q: q.lexical + q.relevance, default=None)
        if best is not None:
            added.append(replace(best, named=True))
    room = max(1, MAX_CITATIONS + 1 - len(added))
    return [*top[:room], *added]


def with_denied_name(question: str, chosen: list[Quote], quotes: list[Quote]) -> list[Quote]:
    """A passage within the band of the best that denies a name of the question outright ("BYOK with
    Google Cloud KMS is not supported", asked "What about on GCP?") is cited even when three others
    score a hair higher: it decides the answer."""
    if any(denies_name(question, q) for q in chosen):
        return chosen
    denied = next((q for q in quotes if q.score >= quotes[0].score - fitted().band and denies_name(question, q)), None)
    return [*chosen, denied][: MAX_CITATIONS + 1] if denied else chosen


def with_facets(top: list[Quote], quotes: list[Quote], plan: QueryPlanResult, scorer: Scorer) -> list[Quote]:
    """The best passages, and for each facet they leave unanswered its own best passage."""
    chosen = list(top)
    for facet in plan.facets:
        fit, best = max(((scorer.relevance(facet.description, q.passage).score, q) for q in quotes),
                        key=lambda pair: pair[0])
        if best not in chosen and fit >= RELEVANT:
            chosen.append(best)
    return chosen[: MAX_CITATIONS + 1]


def with_number(question: str, quotes: list[Quote]) -> Quote | None:
    """For a question asking how long, how often or which version, when the best passages give no such
    thing: the best passage that does and answers the question (None when none does: the answer is then
    "no evidence", since a description of the subject says nothing of how long)."""
    return next((q for q in quotes if q.score >= fitted().floor and states_the_number(question, q.passage.about)),
                None)


def number_nearby(question: str, chosen: list[Quote], documents: dict[str, Document], scorer: Scorer) -> Quote | None:
    """For such a question, a sentence near a chosen passage, under the same heading, that gives what the question
    asks, read with the sentence before it as relevant as a passage that answers ("…sends an additional event to
    our licensing server to assist with billing. This event is triggered every 12 hours."): a figure is often said
    of what the sentence before named. None when there is none."""
    for anchor in chosen:
        text = documents[anchor.source_path].text if anchor.source_path in documents else None
        for near in nearby(anchor.passage, text):
            before = preceding(near, text)
            said_of = Passage(near.quote, f"{before.text if before else ''} {near.text}".strip(), near.context)
            if (states_the_number(question, near.text)
                    and scorer.relevance(question, said_of).score >= fitted().floor):
                return replace(anchor, passage=near, offers=())
    return None


def with_restriction(question: str, chosen: list[Quote], quotes: list[Quote]) -> list[Quote]:
    """A relevant passage that narrows what the question asks of *all* or *every* thing
    ("a postmortem for all S1 and S2 severity incidents") is cited even outside the top few."""
    if any(restricted_scope(question, q.passage.text) for q in chosen):
        return chosen
    narrowing = [q for q in quotes if q.score >= fitted().floor and restricted_scope(question, q.passage.text)]
    return [*chosen, narrowing[0]] if narrowing else chosen


def with_scope_limit(chosen: list[Quote], documents: dict[str, Document]) -> list[Quote]:
    """A limit a page states before its first sub-heading ("…on the Enterprise plan only")
    applies to everything cited from it: cited next to the page's first quote, marked as such
    (and marked where it is cited already)."""
    out = list(chosen)
    for path in dict.fromkeys(q.source_path for q in chosen):
        limit, offers = _lead_limit(documents.get(path))
        if limit is None:
            continue
        cited = [i for i, q in enumerate(out) if q.passage.quote == limit.quote]
        if cited:
            out[cited[0]] = replace(out[cited[0]], scope=True, offers=offers)
            continue
        first = next(i for i, q in enumerate(out) if q.source_path == path)
        anchor = out[first]
        out.insert(first + 1, replace(anchor, passage=limit, scope=True, scope_only=True, offers=offers))
    return out[: MAX_CITATIONS + 1]


# A sentence that qualifies the one before it: "In SQLite, VACUUM compacts the database. However, this
# command is currently disabled."
_CONTRAST = re.compile(r"^\W*(?:however|but|that said|nevertheless|unfortunately)\b", re.IGNORECASE)


def with_caveat(chosen: list[Quote], documents: dict[str, Document]) -> list[Quote]:
    """The sentence right after the best passage, under the same heading, when it qualifies it ("However, …"):
    cited next to it, marked as such (what it denies or limits counts)."""
    best = next((i for i, q in enumerate(chosen) if not q.scope), None)
    if best is None:
        return chosen
    anchor = chosen[best]
    document = documents.get(anchor.source_path)
    after = following(anchor.passage, document.text if document else None)
    if after is None or not _CONTRAST.match(after.text) or any(q.passage.quote == after.quote for q in chosen):
        return chosen
    return [*chosen[:best + 1], replace(anchor, passage=after, caveat=True, offers=()), *chosen[best + 1:]][
        : MAX_CITATIONS + 1]


def _lead_limit(document: Document | None) -> tuple[Passage | None, tuple[str, ...]]:
    """The limit a page states for everything on it, before its first sub-heading, and the offers it
    names ((None, ()) when none)."""
    if document is None:
        return None, ()
    lead = passages(document.text.split("\n## ", 1)[0])
    # A long introduction is content, not a note on the page's scope, unless a note in it says which offer
    # the page's subject needs ("An Enterprise account is required to use organizations").
    limit = next((p for p in lead if _limits_availability(p.text)), None)
    if limit is not None and len(lead) <= _SHORT_LEAD:
        return limit, tuple(offered_on(limit.text, document.text))
    for passage in lead:
        offers = offered_on(passage.text, document.text, available=len(lead) <= _SHORT_LEAD)
        if offers:
            return passage, tuple(offers)
    return None, ()


# Where one clause ends and the next begins: a comma or semicolon, a dash, or "which"/"while" opening a new one.
_CLAUSE_BREAK = re.compile(r"[,;:]\s+|\s+[-–—]\s+|\s+(?=(?:which|while|whereas)\b)", re.IGNORECASE)


def _limits_availability(text: str) -> bool:
    """Whether one clause of `text` both limits (a partial cue) and says to whom or on what terms the thing is
    offered. Cue and availability in different clauses limit nothing for the page: "runs on shared infrastructure
    where resources are shared among multiple customers, which might affect performance" (Mattermost's Cloud Shared
    page) had made every answer from that page "Partially Supported"."""
    return any(has_cue(clause, PARTIAL_CUES) and speaks_of_availability(clause) for clause in _CLAUSE_BREAK.split(text))


def once(chosen: list[Quote]) -> list[Quote]:
    """Passages that say the same words (a sentence repeated on a page, an item beside its list) are
    cited once, and so is a passage with nothing left to say after the ones before it."""
    kept = [chosen[n] for n in distinct([spoken(q.passage.quote) for q in chosen])]
    return [q for q, text in zip(kept, told(q.passage.quote for q in kept)) if text]


def twins_of(chosen: list[Quote], quotes: list[Quote]) -> list[list[Quote]]:
    """For each chosen passage, the evidence from other documents that says the very same words
    (a policy sentence repeated on two pages): cited beside it, said once."""
    key = lambda q: " ".join(spoken(q.passage.quote).lower().split())  # noqa: E731
    out: list[list[Quote]] = []
    taken = {(q.source_path, q.passage.quote) for q in chosen}
    for q in chosen:
        same = [o for o in quotes if o.source_path != q.source_path and key(o) == key(q)
                and (o.source_path, o.passage.quote) not in taken]
        taken.update((o.source_path, o.passage.quote) for o in same)
        out.append(same[:1])
    return out


def excluding_passage(absent: list[str], top: list[Quote]) -> Quote | None:
    """A passage that lists only other versions of every version the question names and the
    passages do not (None when there is none, or nothing is absent)."""
    if not absent:
        return None
    return next((q for q in top if all(excluded_by(phrase, q.passage.text) for phrase in absent)), None)
