"""Fit and measure when the answer library reuses an answer: labelled question pairs, held out.

    python bench/library_match.py report   # precision and recall, in-sample and held out
    python bench/library_match.py fit      # choose the similarity thresholds on every pair, write them

The pairs (eval/library/pairs.csv) are questions from the development sets' and the
sample's questionnaires, paired by hand: the same thing in other words (1), or close
wording that asks something else (0: another named thing, cloud, negation, form, subject
or scope). A pair is matched when the embeddings of its questions are at least the
threshold apart and `agents.text.same_question.differences` finds nothing (the rule the
library applies). The threshold is the one with the most pairs matched while at least
98 % of the matches are right; the held-out figures fit it on four fifths of the pairs
and score the rest, over ten shuffles.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

from agents.text.same_question import FITTED, SameQuestionModel, differences  # noqa: E402
from retrieval import WordLlamaEmbedder  # noqa: E402

PAIRS = Path(__file__).resolve().parents[1] / "eval" / "library" / "pairs.csv"
TARGET = 0.98
NEAR_RECALL = 0.95  # an approved answer is shown to a reviewer from the similarity 95 % of same pairs reach
FOLDS, REPEATS = 5, 10


def load(path: Path = PAIRS) -> list[dict]:
    """The pairs with their similarity and whether the rule finds them apart."""
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    texts = sorted({t for r in rows for t in (r["first"], r["second"])})
    vectors = dict(zip(texts, WordLlamaEmbedder().embed_sync(texts)))
    for row in rows:
        row["same"] = row["same"] == "1"
        row["similarity"] = float(vectors[row["first"]] @ vectors[row["second"]])
        row["apart"] = bool(differences(row["first"], row["second"]))
    return rows


def scores(rows: list[dict], threshold: float) -> dict:
    """Matches, precision and recall of the rule at `threshold`."""
    matched = [r for r in rows if r["similarity"] >= threshold and not r["apart"]]
    right = sum(r["same"] for r in matched)
    same = sum(r["same"] for r in rows)
    return {"pairs": len(rows), "matched": len(matched), "right": right,
            "precision": round(right / len(matched), 3) if matched else None,
            "recall": round(right / same, 3) if same else None}


def choose(rows: list[dict]) -> float:
    """The threshold matching the most pairs at precision ≥ TARGET (the higher one on a tie)."""
    best, best_right = 1.0, -1
    for threshold in sorted({round(r["similarity"], 4) for r in rows}, reverse=True):
        s = scores(rows, threshold)
        if s["precision"] is not None and s["precision"] >= TARGET and s["right"] > best_right:
            best, best_right = threshold, s["right"]
    return best


def near(rows: list[dict]) -> float:
    """The similarity NEAR_RECALL of the same-question pairs reach: from there, an approved answer not
    reused is offered to the reviewer beside the fresh one."""
    same = sorted(r["similarity"] for r in rows if r["same"])
    return round(same[int((1 - NEAR_RECALL) * len(same))], 4)


def held_out(rows: list[dict]) -> dict:
    """Threshold fitted on four fifths, scored on the rest; summed over folds and shuffles."""
    matched = right = same = 0
    for seed in range(REPEATS):
        order = list(range(len(rows)))
        random.Random(seed).shuffle(order)
        for fold in range(FOLDS):
            test = [rows[i] for i in order[fold::FOLDS]]
            train = [rows[i] for i in order if i not in set(order[fold::FOLDS])]
            s = scores(test, choose(train))
            matched, right, same = matched + s["matched"], right + s["right"], same + sum(r["same"] for r in test)
    return {"precision": round(right / matched, 3) if matched else None, "recall": round(right / same, 3)}


def report(rows: list[dict]) -> None:
    """Held-out figures, then the fitted threshold's in-sample figures by kind of pair."""
    out = held_out(rows)
    print(f"{len(rows)} pairs ({sum(r['same'] for r in rows)} the same question)")
    print(f"held out ({FOLDS} folds x {REPEATS} shuffles): precision {out['precision']}, recall {out['recall']}")
    model = SameQuestionModel.model_validate_json(FITTED.read_text(encoding="utf-8"))
    s = scores(rows, model.threshold)
    print(f"fitted threshold {model.threshold} on all pairs (in-sample): precision {s['precision']}, recall {s['recall']}")
    offered = [r for r in rows if model.near <= r["similarity"] and not (r["similarity"] >= model.threshold
                                                                          and not r["apart"])]
    print(f"offered to a reviewer from {model.near}: {len(offered)} pairs not matched "
          f"({sum(r['same'] for r in offered)} of them the same question)")
    for kind in sorted({r["kind"] for r in rows}):
        of_kind = [r for r in rows if r["kind"] == kind]
        wrong = [r for r in of_kind if (r["similarity"] >= model.threshold and not r["apart"]) != r["same"]]
        print(f"  {kind:<10} {len(of_kind):>3} pairs, {len(wrong)} decided wrongly")
        for r in wrong:
            print(f"      {r['similarity']:.2f}  {r['first']}  |  {r['second']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["report", "fit"])
    args = parser.parse_args()
    rows = load()
    if args.step == "fit":
        threshold = choose(rows)
        model = SameQuestionModel(threshold=threshold, near=near(rows), fitted_on=f"{PAIRS.relative_to(PAIRS.parents[2])}, "
                                                                 f"{len(rows)} pairs")
        FITTED.write_text(json.dumps(model.model_dump(), indent=2) + "\n", encoding="utf-8")
    report(rows)


if __name__ == "__main__":
    main()
