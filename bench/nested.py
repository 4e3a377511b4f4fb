"""The whole fitting chain scored leave-one-vendor-out, nested: nothing fitted sees the vendor it is scored on.

    python bench/nested.py [--json]      # about two and a half minutes: eight vendors, each set answered eight times

`make fit-gate` fits three things in turn on every development set: the extractive floor and
bands (`bench/extractive.py`), the denial and limit wording (`bench/cues.py`) and the
send-or-review model (`bench/gate.py`). Each script reports its own step leave-one-vendor-out,
but the later steps' held-out figures are measured on answers given with the earlier steps
fitted on every vendor, the held-out one too. Here, for each vendor in turn:

1. the search depth is the one best on the other vendors (`eval/search_depth.json`), and the
   floor and bands the grid point best on them (`eval/extractive_grid.json`);
2. the wording is chosen on the other vendors' answers (the minimum gain itself chosen
   leave-one-vendor-out among them, as `bench/cues.py fit` does);
3. every set is answered again with those two (`RFPBOT_EXTRACTIVE_FILE`, `RFPBOT_CUES_FILE`);
4. the send-or-review model and its threshold are fitted on the other vendors' answers (the threshold held
   to their first runs too, `bench/first_runs.py`);

and the held-out vendor's answers are scored: share sent unreviewed, precision of those,
"Fully Supported" sent on unanswerable questions, status accuracy and source recall.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

import cues  # noqa: E402
import extractive  # noqa: E402
import gate  # noqa: E402
from agents.extractive import FILE_VARIABLE, ExtractiveModel  # noqa: E402
from _devsets import evaluate_all  # noqa: E402
from eval_dev import figures  # noqa: E402

CUES_VARIABLE = "RFPBOT_CUES_FILE"


def _wording(rows: list[dict], vendor: str) -> cues.CueLists:
    """Denial and limit wording chosen without `vendor` (its minimum gain chosen without it too)."""
    answers = [a for a in cues._answers(rows) if a.vendor != vendor]
    prior, candidates = cues._candidates()
    return cues.choose(answers, prior, candidates, cues.best_gain(cues.held_out_by_gain(answers)))


def _answers(floor_and_bands: ExtractiveModel, wording: cues.CueLists) -> dict[str, dict]:
    """Every set answered with these fitted parts: vendor → `rfpbot eval --json` report."""
    with tempfile.TemporaryDirectory() as tmp:
        model, lists = Path(tmp) / "extractive.json", Path(tmp) / "cues.json"
        model.write_text(floor_and_bands.model_dump_json())
        lists.write_text(wording.model_dump_json())
        return evaluate_all(extra_env={FILE_VARIABLE: str(model), CUES_VARIABLE: str(lists)},
                            without=(extractive.DEPTH_VARIABLE,))


def held_out(vendor: str, depths: list[dict], points: list[dict], rows: list[dict]) -> dict:
    """`vendor`'s figures with every fitted part chosen on the other vendors."""
    others = sorted(v for v in points[0]["vendors"] if v != vendor)
    depth, point = extractive.best_depth(depths, others)["search_k"], extractive.best(points, others)
    reports = _answers(ExtractiveModel(search_k=depth, floor=point["floor"], band=point["band"],
                                       status_band=point["status_band"]), _wording(rows, vendor))
    answered = [r for v, report in reports.items() for r in gate.answer_rows(v, report)]
    test = [r for r in answered if r["vendor"] == vendor]
    model, threshold = gate._fitted_without(vendor, answered, gate._load(gate.FIRST_RUN_DATA))
    scores = gate._scores(test, gate._probabilities(model, test), threshold, model)
    quality = figures(reports[vendor]["per_question"], reports[vendor]["grounding_rate"])
    return {**scores, "source_recall": quality["source_recall"], "abstention": quality["abstention"],
            "point": [depth, point["floor"], point["band"], point["status_band"]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    points = json.loads(extractive.GRID_FILE.read_text(encoding="utf-8"))
    depths = json.loads(extractive.DEPTH_FILE.read_text(encoding="utf-8"))
    rows = cues._load()
    table = {vendor: held_out(vendor, depths, points, rows) for vendor in sorted(points[0]["vendors"])}
    if args.json:
        print(json.dumps(table, indent=2))
        return
    print("nested leave-one-vendor-out: search depth, floor and bands, wording and send-or-review model all chosen "
          "without the vendor")
    print(f"  {'vendor':<13}{'sent':>6}{'share':>7}{'precision':>10}{'FS-unans':>9}{'status(ans)':>12}"
          f"{'recall':>8}{'abstain':>8}")
    for vendor, s in table.items():
        precision = f"{s['precision']:.3f}" if s["precision"] is not None else "n/a"
        print(f"  {vendor:<13}{s['sent']:>6}{s['share_sent']:>7.3f}{precision:>10}{s['fully_unanswerable_sent']:>9}"
              f"{s['status_answerable']:>12.3f}{s['source_recall']:>8.3f}{s['abstention']:>8.3f}")
    sent, right = sum(s["sent"] for s in table.values()), sum(s["right"] for s in table.values())
    questions = sum(s["questions"] for s in table.values())
    print(f"  {'pooled':<13}{sent:>6}{sent / questions:>7.3f}{right / sent if sent else 0:>10.3f}"
          f"{sum(s['fully_unanswerable_sent'] for s in table.values()):>9}")


if __name__ == "__main__":
    main()
