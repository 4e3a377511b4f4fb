"""The compliance status the cited passages' wording decides: a denial, a limit, a gap, or none."""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval import short_cloud_names

from ..contracts import ComplianceStatus
from ..extractive import fitted
from ..rules.closed_list import (any_not_only, lower_grade, one_only, only_elsewhere, only_that, other_level,
                                 other_means, same_only)
from ..rules.custody import vendor_holds, vendor_on_request
from ..rules.denial import (by_hand, contrasted, default_state, disabled, every_plan, fixed_once, negated_verb,
                            never_done, new_ones_only, none_made, none_of, not_enough, part_only, passage_denials,
                            said_opposite, same_not_new, stopped, unaffected, undone)
from ..rules.duty import asks_vendor_act, cost_on_customer, left_to_customer, reader_does_asked
from ..rules.exclusion import excluded_asked, left_out_item
from ..rules.list_items import items_on_question
from ..rules.matrix import answered_row, cell_for_question, left_out_cell, only_other_column
from ..rules.measure import over_maximum, under_minimum, unmet_figure, unstated_figure
from ..rules.narrowing import narrowing, restricted_scope
from ..rules.opposite_scope import opposite_scope, own_scope, restricted_to_opposite
from ..rules.plans import (LOWEST_OFFERS, asked_offer_names, asked_plans, names_a_plan, plan_verdict,
                           speaks_of_offers, without_own_plan)
from ..rules.polarity import agrees_in_negative
from ..rules.requirement import reserved_to_others, reserved_to_role, unmet_requirement
from ..rules.roadmap import on_roadmap
from ..text.cues import PARTIAL_CUES, new_cues
from ..text.names import product_terms, specific_phrases
from ..text.question_form import is_yes_no
from ..text.terms import coverage, key_terms
from .quotes import Quote


def decide_status(question: str, chosen: list[Quote], missing: list[str], deniable: list[Quote],
                  on_point: list[Quote], covered: list[str]) -> tuple[ComplianceStatus, str]:
    """From the wording of the passages that answer (those `deciding` names): a denial, a limit,
    a gap (Partially when some facet of the question is `covered`, Not when none is), or none of these."""
    for quote in deniable:
        # A page's note on its own scope is read below, as a limit, when it was cited for that or names the offers
        # the page is for; found for the question itself and naming none ("GraphQL … are not supported for
        # collaboration in shared workspaces"), what it denies is denied.
        if quote.scope and (quote.scope_only or quote.offers or speaks_of_offers(quote.passage.text)):
            continue
        planned = on_roadmap(question, quote.passage)
        if planned:
            return "Not Supported", f'a passage is on the roadmap, not had yet ("{planned}")'
        excluded = (excluded_asked(question, quote.passage.text)
                    or left_out_item(question, quote.passage.text, quote.passage.list_head))
        if excluded:
            return "Not Supported", f'a passage leaves it out ("{excluded}")'
        cell = cell_for_question(question, quote.passage)
        if cell and cell[1] == "denied":
            return "Not Supported", f'the table marks it not for {cell[0]}'
        other = only_other_column(question, quote.passage)
        if other:
            return "Not Supported", f'the table gives it to another column, not {other[0]} ("{other[1]}")'
        left_out = left_out_cell(question, quote.passage)
        if left_out:
            return "Not Supported", f'a table lists it as left out ("{left_out}")'
        grade = lower_grade(question, quote.passage.text)
        if grade:
            return "Not Supported", f'a passage gives a lower grade ("{grade}")'
        opposite = restricted_to_opposite(question, quote.passage.text)
        if opposite:
            return "Not Supported", f'a passage restricts it to the opposite scope ("{opposite}")'
        if answered_row(question, quote.passage) == "denied":
            return "Not Supported", f'a table row asks the same and answers no ("{quote.passage.text}")'
        reserved = reserved_to_others(question, quote.passage.text)
        if reserved:
            return "Not Supported", f'a passage reserves it to others than those asked about ("{reserved}")'
        single = (one_only(question, quote.passage.text) or same_only(question, quote.passage.text)
                  or only_that(question, quote.passage.text) or any_not_only(question, quote.passage.text)
                  or other_means(question, quote.passage.text) or only_elsewhere(question, quote.passage.text)
                  or other_level(question, quote.passage.text))
        if single:
            return "Not Supported", f'a passage allows one only ("{single}")'
        denied = None if agrees_in_negative(question, quote.passage.text) else passage_denials(quote.passage, question)
        denial = (next(iter(denied or []), None) or undone(question, quote.passage.text)
                  or unaffected(question, quote.passage.text) or disabled(question, quote.passage.text)
                  or contrasted(question, quote.passage.text) or none_of(question, quote.passage.text)
                  or fixed_once(question, quote.passage.text) or never_done(question, quote.passage.text)
                  or stopped(question, quote.passage.text) or by_hand(question, quote.passage.text)
                  or part_only(question, quote.passage.text) or every_plan(question, quote.passage.text)
                  or default_state(question, quote.passage.text) or not_enough(question, quote.passage.text)
                  or same_not_new(question, quote.passage.text) or new_ones_only(question, quote.passage.text)
                  or none_made(question, quote.passage.text) or _opposite(question, quote))
        if denial:
            return "Not Supported", f'a passage denies it ("{denial.strip()}")'
        duty = ((left_to_customer(quote.passage.text) or reader_does_asked(question, quote.passage.text))
                if asks_vendor_act(question) else None) or cost_on_customer(
            question, quote.passage.text)
        if duty:
            return "Not Supported", f'a passage leaves it to the customer ("{duty}")'
        held = vendor_holds(question, quote.passage.text)
        if held:
            return "Not Supported", f'a passage gives it to the vendor ("{held}")'
        requested = vendor_on_request(question, quote.passage.text)
        if requested:
            return "Not Supported", f'a passage has the vendor do it on request ("{requested}")'
    figure = _unmet_figure(question, chosen) if deniable else None
    if figure:
        return "Not Supported", f'the passages give {figure[1]}, not {figure[0]}'
    unstated = unstated_figure(question, _unscoped_quotes(chosen)) if deniable else None
    if unstated:
        return "Not Supported", f'the passages say "{unstated[1]}", no figure: {unstated[0]} is not stated'
    # The question names what its subject lacks ("an admin who has not enabled 2FA"), or asks it of anyone at all
    # ("Can any member…") where a passage requires a role: a requirement is specific enough to answer wherever
    # it is cited, not only in a passage whose denial counts.
    unmet = _first(chosen, lambda text: unmet_requirement(question, text)) if deniable else None
    if unmet:
        return "Not Supported", f'a passage requires what the question says is lacking ("{unmet}")'
    role = _first(chosen, lambda text: reserved_to_role(question, text)) if deniable else None
    if role:
        return "Not Supported", f'a passage requires a role of whoever does it ("{role}")'
    for quote in chosen:
        other = opposite_scope(question, quote.passage.text)
        if other and not quote.scope and not any(own_scope(question, q.passage.text) for q in chosen):
            return "Partially Supported", f'a cited passage is about another scope ("{other}")'
        if _for_some_offers(question, quote, _primary(chosen)):
            return "Partially Supported", f'its page or list gives it to some offers only ({", ".join(quote.offers)})'
        if _for_higher_offers(question, quote, _primary(chosen)):
            return "Not Supported", f'its page or list gives it to {", ".join(quote.offers)} only, not the plan asked'
        verdict = plan_verdict(question, quote.passage.text) if quote in on_point else None
        if verdict and verdict[0] == "unmet":
            return "Not Supported", f'a passage limits it to other plans ("{verdict[1][0]}")'
        narrowed = restricted_scope(question, quote.passage.text) or narrowing(question, quote.passage.text)
        wording = items_on_question(question, _STEP_LABEL.sub(" ", without_own_plan(question, quote.passage.text)))
        # A page's note on who gets it ("only available to Enterprise plan") limits whether it is had, not the fact
        # an open question asks ("How long are audit logs kept?").
        fact_asked = quote.scope and not is_yes_no(question)
        limit = [narrowed] if narrowed else _limits(wording, question) if quote in on_point and not fact_asked else []
        if limit:
            return "Partially Supported", f'a cited passage limits it ("{limit[0].strip()}")'
    if missing and not covered:
        # No facet is answered (most questions have one, the question itself): the passages are near it, not on it,
        # and support no part of it. "Partially" would claim a part; on 32 sets 66 of 113 such were Not, 5 Partially.
        return "Not Supported", f"no passage answers any part of it: {'; '.join(missing)}"
    if missing:
        return "Partially Supported", f"no passage answers: {'; '.join(missing)}"
    return "Fully Supported", "the passages state it without a limit"


# A question asking whether something can be done ("Can a shared secret be protected with a password?") is
# answered in full by a step or field marked optional ("Password (optional): …"): that one may is what it asks.
# Asked whether it is required, enforced or always so, "optional" is the limit.
_ASKS_IF_ABLE = re.compile(r"^\s*(?:can|could|may)\b|\b(?:is it possible|able to)\b", re.IGNORECASE)
_ASKS_IF_BOUND = re.compile(r"\b(?:require[ds]?|mandatory|enforced?|always|default|every|all|each)\b", re.IGNORECASE)
_OPTIONAL = frozenset({"optional", "optionally"})


# A cue naming an offer ("enterprise customers", "on the enterprise plan") is no limit on a question asking of an
# offer the same words name beside it: "Pro and Enterprise customers can use their own S3 buckets" answers "Can Pro
# customers keep their data in S3 buckets of their own?" in full.
_OFFER_CUE = re.compile(r"\b(?:enterprise|plans?|customers?|tiers?|subscriptions?)\b", re.IGNORECASE)


# Asked whether it is required ("Is a password always required…?"), not whether it can be made so ("Can we make SSO
# mandatory?"), a passage marking it optional ("Password (optional)") says it is not: a rule of meaning, whatever the
# fitted cue lists hold.
_ASKS_IF_REQUIRED = re.compile(r"\b(?:require[ds]?|mandatory|enforced?|always|compulsory|obligatory)\b", re.IGNORECASE)
_MARKED_OPTIONAL = re.compile(r"\boptional(?:ly)?\b", re.IGNORECASE)
_ASKS_TO_MAKE = re.compile(r"\b(?:can|could|may)\b", re.IGNORECASE)


def _limits(wording: str, question: str) -> list[str]:
    cues = new_cues(wording, question, PARTIAL_CUES)
    if (_ASKS_IF_REQUIRED.search(question) and not _ASKS_TO_MAKE.search(question)
            and _MARKED_OPTIONAL.search(wording) and not _MARKED_OPTIONAL.search(question) and "optional" not in cues):
        cues = [*cues, "optional"]
    if any(re.search(rf"\b{re.escape(name)}\b", wording) for name in asked_offer_names(question)):
        cues = [cue for cue in cues if not _OFFER_CUE.search(cue)]
    cues = [cue for cue in cues if not _only_what_is_asked(cue, wording, question)]
    if _ASKS_IF_ABLE.search(question) and not _ASKS_IF_BOUND.search(question):
        return [cue for cue in cues if cue not in _OPTIONAL]
    return cues


def _only_what_is_asked(cue: str, wording: str, question: str) -> bool:
    # A restriction to what the question asks of ("makes encrypted variables … available only to pull requests coming
    # from the same repository", asked of pull requests from the same repository) limits nothing asked: most of the
    # words it restricts to, two at least, are the question's.
    if "only" not in cue.split():
        return False
    asked = set(key_terms(question))
    scopes = [set(key_terms(found.group(1))) for found in
              re.finditer(rf"\b{re.escape(cue)}\b\s+((?:[\w'’-]+\s+){{0,7}}[\w'’-]+)", wording, re.IGNORECASE)]
    return bool(scopes) and all(len(scope & asked) >= 2 and len(scope & asked) * 3 >= len(scope) * 2
                                for scope in scopes)


def _first(chosen: list[Quote], found: Callable[[str], str | None]) -> str | None:
    # What `found` reads in the first unscoped cited passage that has it.
    return next((hit for q in chosen if not q.scope for hit in [found(q.passage.text)] if hit), None)


def _unmet_figure(question: str, chosen: list[Quote]) -> tuple[str, str] | None:
    # The cited passages give figures of the kind the question asks ("Pro: 30 days" asked "a full year") and
    # none meets it; a page's scope is no figure of the question's.
    quotes = _unscoped_quotes(chosen)
    return unmet_figure(question, quotes) or over_maximum(question, quotes) or under_minimum(question, quotes)


def _unscoped_quotes(chosen: list[Quote]) -> list[str]:
    return [q.passage.quote for q in chosen if not q.scope]


# A step or section labelled "Optional." / "Optional:" is one a reader may skip, not a limit on what
# the product does ("6. Optional. Enforce sign-in.", "Optional: Configure multiple IdPs").
_STEP_LABEL = re.compile(r"\bOptional[.:](?=\s)")


def deciding(question: str, chosen: list[Quote]) -> tuple[list[Quote], list[Quote]]:
    """The cited passages whose wording decides the status: those whose denial counts, and those
    whose limit counts (the best passage, one about as close in the same words, a page's limit)."""
    primary = _primary(chosen)
    on_point = [q for q in chosen if q is primary or q.scope or q.caveat or _on_point(q, primary)]
    # A question that asks for a fact ("How long…", "Which…") is answered by the passage stating it;
    # a "not" in that passage is part of the fact, not a denial of the question. A passage allowing one
    # only of what the question asks several of ("can only have a single account owner") speaks to it
    # wherever it is cited, as one denying a name of the question does, or negating its own verb ("Organization
    # administrators cannot deactivate organization owners", asked "Can an … administrator deactivate an owner?"), or
    # reserving its act to a role the question does not ask of ("Organization Admin permissions are required to
    # manage another user's tokens", asked of a regular member), or a table row asking the same question of its own
    # or leaving the question's thing out.
    if not is_yes_no(question):
        return [], on_point
    return [q for q in chosen if q in on_point or _speaks_wherever_cited(question, q, primary)], on_point


def _speaks_wherever_cited(question: str, q: Quote, primary: Quote) -> bool:
    text = q.passage.text
    return bool(q.named or _names_more(question, q, primary) or denies_name(question, q) or one_only(question, text)
                or same_only(question, text) or only_that(question, text) or contrasted(question, text)
                or _disables_name(question, q) or default_state(question, text) or fixed_once(question, text)
                or not_enough(question, text) or same_not_new(question, text) or _opposite(question, q)
                or negated_verb(question, text)
                or reserved_to_others(question, text) or answered_row(question, q.passage)
                or left_out_cell(question, q.passage) or only_other_column(question, q.passage)
                or _marked_no(question, q)
                or restricted_to_opposite(question, text) or vendor_holds(question, text)
                or lower_grade(question, text) or other_means(question, text) or only_elsewhere(question, text)
                or other_level(question, text))


def _marked_no(question: str, quote: Quote) -> bool:
    # A table row marking the column the question names with a no ("| Set up SSO | ✅ | ❌ |", asked of the second
    # column's role) answers it wherever the row is cited. Counted below the best passage on the development sets:
    # 5 statuses right and none wrong, on four vendors (a sixth, wrong before, stays wrong).
    cell = cell_for_question(question, quote.passage)
    return bool(cell) and cell[1] == "denied"


def _opposite(question: str, quote: Quote) -> str | None:
    """The passage's phrase saying the opposite of what is asked (HTTPS required, still working, the other one
    preferred, hidden, destroyed, mandatory, no longer: `rules.denial.opposites`)."""
    return said_opposite(question, quote.passage.text, quote.passage.list_head)


def _primary(chosen: list[Quote]) -> Quote:
    # The best passage that answers: a page's note on who gets it ("SAML SSO is available on Railway
    # Enterprise") may score first, being short and naming the subject, but it is the page's scope.
    return next((q for q in chosen if not q.scope), chosen[0])


def _page_offers(question: str, quote: Quote, primary: Quote) -> set[str]:
    # The offers (lower-cased) the best passage's page or list gives what it says to ("An Enterprise account is
    # required to use organizations", "Enterprise packages can include…"), when the question is yes/no and names
    # none of them; else none. Another page's note decides nothing, nor does a fact asked for.
    if not (quote.offers and quote.source_path == primary.source_path and is_yes_no(question)):
        return set()
    return set() if names_a_plan(question, list(quote.offers)) else {o.lower() for o in quote.offers}


def _for_some_offers(question: str, quote: Quote, primary: Quote) -> bool:
    # Offers on the page and no plan in the question: answered for some customers only.
    return bool(_page_offers(question, quote, primary)) and not asked_plans(question)


def _for_higher_offers(question: str, quote: Quote, primary: Quote) -> bool:
    # The page gives it to Enterprise only, and the question names another plan; or to paid offers, and the
    # question asks of an entry offer (free, hobby). Enterprise is the top of a vendor's offers and the entry
    # offer the bottom, whatever the others' order (which a reviewer knows, the bot not).
    offers, asked = _page_offers(question, quote, primary), asked_plans(question)
    if not (offers and asked):
        return False
    return bool(asked & LOWEST_OFFERS and not offers & LOWEST_OFFERS) or offers == {"enterprise"}


def _disables_name(question: str, quote: Quote) -> bool:
    # A passage on a name of the question ("| `user_version` | Read-only on Turso Cloud." under "Pragma") that
    # says it is disabled, or read-only to a question asking to change it, speaks to it wherever it is cited.
    return bool(disabled(question, quote.passage.text)) and any(
        re.search(rf"\b{re.escape(name)}\b", quote.passage.about, re.I) for name in specific_phrases(question))


def denies_name(question: str, quote: Quote) -> bool:
    """Whether the passage denies a name of the question outright (see below)."""
    # A passage that denies a name of the question outright ("Archival is not supported in Temporal
    # Cloud") speaks to it, however far its other words are from the question's; so does one that denies
    # it for another name the question asks about ("BYOK with Google Cloud KMS is not supported", asked
    # about BYOK on GCP; asked about BYOK alone, that is a limit). A condition ("If SCIM is not
    # enabled, …") denies nothing.
    names = specific_phrases(short_cloud_names(question))
    text = short_cloud_names(quote.passage.text)
    for name in names:
        for denied in re.finditer(rf"(?<!\bif )(?<!\bwhen )(?<!\bunless )(?<!\bonce )\b{re.escape(name)}"
                                  rf"((?:\s+(?:with|on|in|for|via|through|using)(?:\s+[\w-]+){{1,4}}?)?)\s+"
                                  rf"(?:is|are|was|were|does|do|will|can)(?:\s+not\b|n[o']t\b)", text, re.I):
            qualifier = denied.group(1)
            if not qualifier or any(re.search(rf"\b{re.escape(other)}\b", qualifier, re.I)
                                    for other in names if other != name):
                return True
    return False


def _names_more(question: str, quote: Quote, primary: Quote) -> bool:
    # A close passage that names more of what the question names specifically (its
    # cloud, product or standard) speaks to the question more precisely.
    named = product_terms(question)
    return bool(named) and quote.score >= primary.score - fitted().status_band and (
        coverage(named, quote.passage.about) > coverage(named, primary.passage.about))


def _on_point(quote: Quote, primary: Quote) -> bool:
    # A passage nearly as relevant that uses as much of the question's rarer wording
    # speaks to the same thing: its denial or limit counts.
    return quote.score >= primary.score - fitted().status_band and quote.lexical >= 0.9 * primary.lexical
