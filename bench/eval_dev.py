"""Answer quality on every development set, offline: one row per vendor and the pooled figures.

    python bench/eval_dev.py [--json] [--embedder minilm]      (what `make eval-dev` runs)

The send-or-review model in agents/judging/gate.json was fitted on these same sets, so the
"sent" and "right" columns here are in-sample; `python bench/gate.py report` gives
them leave-one-vendor-out. Status, recall, abstention and grounding do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

from _devsets import evaluate_all  # noqa: E402

COLUMNS = ("questions", "status_answerable", "source_recall", "abstention", "fully_unanswerable_sent",
           "grounding", "sent", "right_of_sent")


def figures(outcomes: list[dict], grounding: float) -> dict:
    """The row of one vendor (or of all), from its per-question outcomes."""
    answerable = [o for o in outcomes if o["expected_sources"]]
    unanswerable = [o for o in outcomes if not o["expected_sources"]]
    recall = [len(set(o["expected_sources"]) & set(o["cited_sources"])) / len(o["expected_sources"]) for o in answerable]
    sent = [o for o in outcomes if not o["escalated"]]
    return {"questions": len(outcomes),
            "status_answerable": _share([o["correct"] for o in answerable]),
            "source_recall": round(statistics.fmean(recall), 3) if recall else 1.0,
            "abstention": _share([o["status"] == "Not Supported" or o["escalated"] for o in unanswerable]),
            "status": _share([o["correct"] for o in outcomes]),
            "fully_unanswerable_sent": sum(o["status"] == "Fully Supported" and not o["escalated"] for o in unanswerable),
            "grounding": grounding, "sent": _share([not o["escalated"] for o in outcomes]),
            "right_of_sent": _share([o["right"] for o in sent]) if sent else None}


def _share(flags: list[bool]) -> float:
    return round(sum(flags) / len(flags), 3) if flags else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--embedder", choices=["wordllama", "minilm"], default="wordllama",
                        help="the index's and the relevance scorer's embedder (minilm: the comparison in the README)")
    args = parser.parse_args()
    reports = evaluate_all(args.embedder)
    rows = {vendor: figures(r["per_question"], r["grounding_rate"]) for vendor, r in reports.items()}
    rows["pooled"] = figures([o for r in reports.values() for o in r["per_question"]],
                             min(r["grounding_rate"] for r in reports.values()))
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'vendor':<14}" + "".join(f"{c:>24}" if c == "fully_unanswerable_sent" else f"{c:>18}" for c in COLUMNS))
    for vendor, row in rows.items():
        cells = [row[c] if row[c] is not None else "n/a" for c in COLUMNS]
        print(f"{vendor:<14}" + "".join(f"{v:>24}" if c == "fully_unanswerable_sent" else f"{v:>18}"
                                         for c, v in zip(COLUMNS, cells)))


if __name__ == "__main__":
    main()
