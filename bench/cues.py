"""Fit the wording that marks a denied or a limited capability, and report it leave-one-vendor-out.

    python bench/cues.py fit      # choose agents/text/cues.json from bench/cue_candidates.json; print held-out figures
    python bench/cues.py report   # the held-out figures only, nothing written

The offline engine's status comes from the wording of the passages it cites: a denial
("does not", "under development") makes it "Not Supported", a limit ("only", "on request")
"Partially Supported", nothing of the kind "Fully Supported". Which phrases count is
fitted here, on every development set's answers as `bench/gate.py collect` stored them
(`eval/gate_data.jsonl`: the question, the quotes cited as evidence, the facets left
without evidence). The fit starts from the prior (the hand-written lists) and makes one
change at a time, adding a candidate or dropping a prior phrase, while the best change
puts at least MIN_GAIN more statuses right; MIN_GAIN is chosen leave-one-vendor-out, the largest
within one standard error of the best (`best_gain`).

The status is recomputed from the stored quotes (`status_from`) as the engine reads them: a
denial from the cited passages whose denial counts (a yes/no question's best passage and those
about as close), a limit from those whose limit counts, a narrowed scope from any cited one.
Before, every cited quote was read, and a cue in a passage cited only as context ("never commit
tokens to source code") was dropped from the lists for what it did not do in the engine.
Leave-one-vendor-out: for each vendor, phrases chosen on the others, statuses of that one.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

from _devsets import ROOT  # noqa: E402

from agents.rules.custody import vendor_holds  # noqa: E402
from agents.rules.denial import denials  # noqa: E402
from agents.rules.exclusion import excluded_asked  # noqa: E402
from agents.rules.narrowing import restricted_scope  # noqa: E402
from agents.rules.opposite_scope import opposite_scope  # noqa: E402
from agents.rules.plans import plan_verdict, without_own_plan  # noqa: E402
from agents.text.cues import CUES_FILE, CueLists, new_cues

DATA = ROOT / "eval" / "gate_data.jsonl"
CANDIDATES = Path(__file__).with_name("cue_candidates.json")
KEEP_PRIOR = 1000  # no single change can gain that many: the prior is kept as it is
GAINS = (1, 2, 3, 4, KEEP_PRIOR)


@dataclass(frozen=True)
class _Answer:
    """One answer's status inputs: which phrases of each kind its quotes use that its question does not."""

    vendor: str
    expected: str
    answerable: bool
    negative: frozenset[str]
    partial: frozenset[str]
    narrowed: bool  # a universal question narrowed by a quote, or a facet without evidence
    excluded: bool = False  # a deciding passage leaves out by name what the question asks
    other_plan: bool = False  # a passage restricts it to plans other than the one the question names
    other_scope: bool = False  # a passage is about the opposite scope (public for private)


def _answer(row: dict, phrases: dict[str, set[str]]) -> _Answer:
    question, quotes = row["question"], row["quotes"]
    # Only the passages whose wording decides the engine's status are read for it (the best one, and
    # those about as close): a "never" in a passage cited as context decides nothing there either.
    # A list item is read for a denial with the heading or lead its list sits under, as the engine reads it.
    deciding = {"negative": row["deniable_quotes"] + [h for h in row.get("list_heads", []) if h],
                "partial": row["limiting_quotes"]}

    def hits(kind: str) -> frozenset[str]:
        found = denials if kind == "negative" else new_cues
        return frozenset(p for p in phrases[kind] if any(found(without_own_plan(question, q), question, (p,))
                                                         for q in deciding[kind]))

    narrowed = any(restricted_scope(question, q) for q in quotes) or bool(row["facets_missing"])
    # A passage leaving it out by name or giving it to the vendor; one restricting it to other plans.
    excluded = any(excluded_asked(question, q) or vendor_holds(question, q) for q in deciding["negative"])
    other_plan = any((plan_verdict(question, q) or ("",))[0] == "unmet" for q in deciding["partial"])
    other_scope = any(opposite_scope(question, q) for q in deciding["partial"])
    return _Answer(row["vendor"], row["expected_status"], row["answerable"], hits("negative"), hits("partial"),
                   narrowed, excluded, other_plan, other_scope)


def status_from(answer: _Answer, lists: CueLists) -> str:
    """The engine's status rule: a denial, else a limit (or a narrowed scope, a gap), else none."""
    if answer.excluded or answer.negative & set(lists.negative):
        return "Not Supported"
    if answer.other_scope:
        return "Partially Supported"
    if answer.other_plan:
        return "Not Supported"
    if answer.narrowed or answer.partial & set(lists.partial):
        return "Partially Supported"
    return "Fully Supported"


def _right(answers: list[_Answer], lists: CueLists) -> int:
    return sum(status_from(a, lists) == a.expected for a in answers)


def _changes(lists: CueLists, candidates: dict[str, list[str]]):
    """Every single change to the lists, in order: (the lists changed, the kind, the phrase)."""
    for kind in ("negative", "partial"):
        current = getattr(lists, kind)
        for phrase in current:
            yield lists.model_copy(update={kind: [p for p in current if p != phrase]}), kind, phrase
        for phrase in candidates[kind]:
            if phrase not in current:
                yield lists.with_phrase(kind, phrase), kind, phrase


def choose(answers: list[_Answer], prior: CueLists, candidates: dict[str, list[str]], min_gain: int) -> CueLists:
    """From the prior, the best single change while it puts at least `min_gain` more statuses right (the first
    of equals, in `_changes`' order)."""
    # A change of one phrase moves only the answers whose quotes use it: the gain is counted over those alone
    # (the same choice as recounting every answer, and fast enough to refit on thirty-six sets in minutes).
    using = {kind: {} for kind in ("negative", "partial")}
    for answer in answers:
        for kind in using:
            for phrase in getattr(answer, kind):
                using[kind].setdefault(phrase, []).append(answer)
    chosen = prior
    while True:
        best, gain = chosen, None
        for trial, kind, phrase in _changes(chosen, candidates):
            moved = using[kind].get(phrase, [])
            trial_gain = _right(moved, trial) - _right(moved, chosen)
            if gain is None or trial_gain > gain:
                best, gain = trial, trial_gain
        if gain is None or gain < min_gain:
            return chosen
        chosen = best


def _load() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _candidates() -> tuple[CueLists, dict[str, list[str]]]:
    data = json.loads(CANDIDATES.read_text(encoding="utf-8"))
    return CueLists(**data["prior"]), {"negative": data["negative"], "partial": data["partial"]}


def _answers(rows: list[dict]) -> list[_Answer]:
    """The status inputs of every answer that cites evidence (an abstention has no wording to read)."""
    prior, candidates = _candidates()
    phrases = {kind: {*getattr(prior, kind), *candidates[kind]} for kind in ("negative", "partial")}
    return [_answer(row, phrases) for row in rows if row["quotes"]]


def _held_out(answers: list[_Answer], min_gain: int) -> dict[str, tuple[int, int]]:
    """Vendor → (right statuses, answered answerable questions) with phrases chosen on the other vendors."""
    prior, candidates = _candidates()
    table = {}
    for vendor in sorted({a.vendor for a in answers}):
        lists = choose([a for a in answers if a.vendor != vendor], prior, candidates, min_gain)
        held = [a for a in answers if a.vendor == vendor and a.answerable]
        table[vendor] = (_right(held, lists), len(held))
    return table


def report(rows: list[dict]) -> int:
    """Held-out right statuses for each MIN_GAIN (the prior last); returns the MIN_GAIN that did best."""
    answers = _answers(rows)
    vendors = sorted({a.vendor for a in answers})
    print("leave-one-vendor-out: right statuses of answered, answerable questions (phrases chosen on the others)")
    print(f"  {'min gain':<10}" + "".join(f"{v:>14}" for v in vendors) + f"{'pooled':>14}")
    tables = held_out_by_gain(answers)
    for gain, table in tables.items():
        right, total = sum(r for r, _ in table.values()), sum(n for _, n in table.values())
        label = "prior" if gain == KEEP_PRIOR else str(gain)
        print(f"  {label:<10}" + "".join(f"{f'{r} of {n}':>14}" for r, n in table.values()) + f"{f'{right} of {total}':>14}")
    return best_gain(tables)


def held_out_by_gain(answers: list[_Answer]) -> dict[int, dict[str, tuple[int, int]]]:
    """For each MIN_GAIN (the prior last), vendor → held-out (right statuses, answered answerable)."""
    return {gain: _held_out(answers, gain) for gain in GAINS}


def best_gain(tables: dict[int, dict[str, tuple[int, int]]]) -> int:
    """The largest MIN_GAIN (the fewest changes to the prior) whose held-out statuses right are within one
    standard error of the best gain's: a difference smaller than that is noise, and every phrase added
    moves the audit's denial and limit signals too. (On nine sets *g* = 1 held out 214 of 271 against
    212 for every other choice, adding "not" and "without" as denials and dropping five limits; the
    send-or-review model fitted on those signals sent 24.5 % held out at 0.947, against 28.6 % at 0.945
    on the lists before.)"""
    totals = {gain: (sum(r for r, _ in table.values()), sum(n for _, n in table.values())) for gain, table in tables.items()}
    best_right, answered = max(totals.values())
    share = best_right / answered if answered else 0.0
    error = math.sqrt(share * (1 - share) / answered) * answered if answered else 0.0
    return max(gain for gain, (right, _) in totals.items() if right >= best_right - error)


def fit() -> None:
    """Choose MIN_GAIN held out, then the phrases on every vendor; write agents/text/cues.json."""
    rows = _load()
    gain = report(rows)
    prior, candidates = _candidates()
    lists = choose(_answers(rows), prior, candidates, gain).model_copy(
        update={"fitted_on": sorted({r["vendor"] for r in rows})})
    CUES_FILE.write_text(json.dumps(lists.model_dump(), indent=2) + "\n", encoding="utf-8")
    added = {k: sorted(set(getattr(lists, k)) - set(getattr(prior, k))) for k in ("negative", "partial")}
    dropped = {k: sorted(set(getattr(prior, k)) - set(getattr(lists, k))) for k in ("negative", "partial")}
    print(f"\nagents/text/cues.json (min gain: {'prior kept' if gain == KEEP_PRIOR else gain}): "
          f"added {added}; dropped {dropped}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["fit", "report"])
    step = parser.parse_args().step
    if step == "fit":
        fit()
    else:
        report(_load())


if __name__ == "__main__":
    main()
