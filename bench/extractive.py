"""Fit the search depth, then the extractive engine's floor, citation band and status band, on
every development set, and report them leave-one-vendor-out.

    python bench/extractive.py depth    # answer every set at each depth (~2 min), choose one, write it; report
    python bench/extractive.py grid     # answer every set at each point of the grid (~100 min), keep the figures
    python bench/extractive.py grid --only infisical  # a new set only, added to the grid kept (depth, facets too)
    python bench/extractive.py facets   # answer every set at each facet threshold (~15 min), choose one; report
    python bench/extractive.py fit      # choose the point on all vendors, write agents/extractive.json; report
    python bench/extractive.py report   # the leave-one-vendor-out table only

`depth` answers every set at each search depth (chunks per query), the other three numbers as
fitted, keeps the figures in `eval/search_depth.json` and writes the depth chosen on all vendors
(ties go to the shallower search: fewer chunks to read). The grid is then run at that depth: one
pass of fitting each in turn, since a deeper search mostly adds documents and the grid decides
what to cite of them.

`facets` answers every set at each facet threshold (how closely a cited passage must fit a facet of
the question to answer it), the other numbers as fitted, keeps the figures in `eval/facet_sweep.json`
and writes the threshold chosen on all vendors (ties go to the higher: a passage counts as answering
only what it fits more closely). Run it after the grid. Its score is the status on every question,
answerable or not, counted twice, and source recall: while every answer goes to a reviewer, abstention
(Not Supported *or* reviewed) is 1 whatever is answered, and whether an unanswerable question is
answered is what this threshold decides. (Scored with abstention as the grid is, the lowest threshold
tried won; with the unanswerable questions' status a third figure, the highest, at 0.025 of
answerable status lost.)

`grid` runs `rfpbot eval --engine offline` on each development set at every (floor, band,
status band) of the grid, the status band never wider than the citation band (it applies to cited
passages only), and writes each vendor's status accuracy on answerable questions, source
recall and abstention to `eval/extractive_grid.json`. A point's score on a group of
vendors is the mean over them of those three figures' weighted mean, status counting
twice: the status is what the customer reads, the cited file what a reviewer checks.
(With the three weighed alike, floor 0.30 scored 0.0003 above 0.33 at the same band,
for recall paid with status on three vendors; the weights were set after seeing that.) `fit` chooses the best point on all vendors; `report` chooses, for each
vendor, the best point on the *other* vendors and prints that vendor's figures there.
Ties go to the narrower band, then the narrower status band, then the higher floor (fewer
citations, fewer passages deciding, fewer answers).
After a new fit, refit the send-or-review model: `make fit-gate`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

from agents.extractive import FILE_VARIABLE, MODEL_FILE, fitted  # noqa: E402
from _devsets import ROOT, evaluate_all  # noqa: E402
from eval_dev import figures  # noqa: E402

GRID_FILE = ROOT / "eval" / "extractive_grid.json"
DEPTH_FILE = ROOT / "eval" / "search_depth.json"
DEPTHS = (8, 12, 16, 20, 24, 32)
FACET_FILE = ROOT / "eval" / "facet_sweep.json"
FACET_THRESHOLDS = (0.25, 0.29, 0.31, 0.33, 0.35, 0.37)
FLOORS = (0.30, 0.33, 0.36)  # 0.27 answered exactly as 0.30 on every set (an earlier grid)
BANDS = (0.04, 0.07, 0.10, 0.13, 0.16, 0.20)
STATUS_BANDS = (0.0, 0.02, 0.04, 0.07, 0.10)
TARGETS = ("status_answerable", "source_recall", "abstention")
DEPTH_VARIABLE = "RFPBOT_SEARCH_K"  # a depth set in the environment would override the one being scored
WEIGHTS = {"status_answerable": 2.0, "source_recall": 1.0, "abstention": 1.0}
FACET_WEIGHTS = {"status": 2.0, "source_recall": 1.0}


def _figures_at(update: dict, only: tuple[str, ...], keys: tuple[str, ...]) -> dict[str, dict]:
    """Every vendor's figures named by `keys` (or those of the vendors `only` names), answered with the fitted
    numbers changed by `update`."""
    with tempfile.TemporaryDirectory() as tmp:
        model = Path(tmp) / "extractive.json"
        model.write_text(fitted().model_copy(update=update).model_dump_json())
        reports = evaluate_all(extra_env={FILE_VARIABLE: str(model)}, without=(DEPTH_VARIABLE,), only=only)
    return {v: {k: figures(r["per_question"], r["grounding_rate"])[k] for k in keys} for v, r in reports.items()}


def _write_model(update: dict) -> None:
    """agents/extractive.json with the fitted numbers changed by `update`."""
    model = fitted().model_copy(update=update)
    MODEL_FILE.write_text(json.dumps(model.model_dump(), indent=2) + "\n", encoding="utf-8")


def run_grid(only: tuple[str, ...] = ()) -> list[dict]:
    """Every vendor's figures (or those of the vendors `only` names) at every point of the grid."""
    points = []
    for floor, band, status_band in itertools.product(FLOORS, BANDS, STATUS_BANDS):
        if status_band > band:
            continue
        vendors = _figures_at({"floor": floor, "band": band, "status_band": status_band}, only, TARGETS)
        points.append({"floor": floor, "band": band, "status_band": status_band, "vendors": vendors})
        print(f"floor {floor:.2f} band {band:.2f} status band {status_band:.2f}: "
              f"{score(points[-1], list(vendors)):.4f}", file=sys.stderr)
    return points


def merged(kept: list[dict], new: list[dict], keys: tuple[str, ...] = ("floor", "band", "status_band")) -> list[dict]:
    """The grid (or depth sweep) kept, with the vendors of `new` (the same points) put in or replaced at each point."""
    at = {tuple(p[k] for k in keys): p["vendors"] for p in new}
    if set(at) != {tuple(p[k] for k in keys) for p in kept}:
        raise SystemExit("the sweep or grid kept has other points than the one run: run the step on every set")
    return [{**p, "vendors": {**p["vendors"], **at[tuple(p[k] for k in keys)]}} for p in kept]


def _stored(path: Path, new: list[dict], keys: tuple[str, ...], only: tuple[str, ...]) -> list[dict]:
    """`new` written to `path`; when it holds only the sets `only` names, the sweep or grid kept there with their
    figures put in (`merged`)."""
    if only:
        new = merged(json.loads(path.read_text(encoding="utf-8")), new, keys)
    path.write_text(json.dumps(new, indent=1) + "\n", encoding="utf-8")
    return new


def run_sweep(key: str, values: tuple, only: tuple[str, ...] = (), weights: dict[str, float] = WEIGHTS) -> list[dict]:
    """Every vendor's figures (or those of the vendors `only` names) at each of `values` of one fitted number
    (`key`: search_k, facet_covered), the other numbers as fitted; each value's score by `weights` shown."""
    points = []
    for value in values:
        vendors = _figures_at({key: value}, only, (*TARGETS, *FACET_WEIGHTS))
        points.append({key: value, "vendors": vendors})
        print(f"{key} {value}: {score(points[-1], list(vendors), weights):.4f}", file=sys.stderr)
    return points


# Depths scoring within this of the best are as good: on sixteen vendors one answerable question's status moves
# the score by about 0.0005, and a deeper search costs every question time (32 beat 20 by 0.0005 and 24 by
# 0.0002 on sixteen sets; the batch bench took 12 % longer at 32).
DEPTH_TOLERANCE = 0.001


def best_depth(points: list[dict], vendors: list[str]) -> dict:
    """The shallowest depth scoring within DEPTH_TOLERANCE of the highest on `vendors`."""
    top = max(score(p, vendors) for p in points)
    return min((p for p in points if score(p, vendors) >= top - DEPTH_TOLERANCE), key=lambda p: p["search_k"])


def report_depths(points: list[dict]) -> None:
    """Leave-one-vendor-out: each vendor at the depth chosen on the others."""
    vendors = sorted(points[0]["vendors"])
    on_all = best_depth(points, vendors)
    print(f"depth fitted on all {len(vendors)} vendors: {on_all['search_k']} (score {score(on_all, vendors):.4f})")
    _held_out_table(points, best_depth, ("search_k",))


def best_facet_threshold(points: list[dict], vendors: list[str]) -> dict:
    """The highest facet threshold scoring (by FACET_WEIGHTS) within GRID_TOLERANCE of the best on `vendors`."""
    top = max(score(p, vendors, FACET_WEIGHTS) for p in points)
    return max((p for p in points if score(p, vendors, FACET_WEIGHTS) >= top - GRID_TOLERANCE),
               key=lambda p: p["facet_covered"])


def report_facets(points: list[dict]) -> None:
    """Leave-one-vendor-out: each vendor at the facet threshold chosen on the others."""
    vendors = sorted(points[0]["vendors"])
    on_all = best_facet_threshold(points, vendors)
    print(f"facet threshold fitted on all {len(vendors)} vendors: {on_all['facet_covered']} "
          f"(score {score(on_all, vendors, FACET_WEIGHTS):.4f})")
    _held_out_table(points, best_facet_threshold, ("facet_covered",), ("status", "status_answerable", "source_recall"))


def score(point: dict, vendors: list[str], weights: dict[str, float] = WEIGHTS) -> float:
    """The mean over `vendors` of the weighted mean of their target figures (`weights` names them)."""
    total = sum(weights.values())
    return statistics.fmean(sum(w * point["vendors"][v][k] for k, w in weights.items()) / total for v in vendors)


# Grid points scoring within this of the best are as good: on nineteen vendors one answerable question's status
# moves the score by about 0.0004, and 0.30 beat 0.33 as the floor by 0.00005 there (a part of a source's recall).
GRID_TOLERANCE = 0.0002


def best(points: list[dict], vendors: list[str]) -> dict:
    """Of the points scoring within GRID_TOLERANCE of the highest on `vendors`, the one with the narrower band,
    then the narrower status band, then the higher floor."""
    top = max(score(p, vendors) for p in points)
    tied = [p for p in points if score(p, vendors) >= top - GRID_TOLERANCE]
    return max(tied, key=lambda p: (-p["band"], -p["status_band"], p["floor"]))


def report(points: list[dict]) -> None:
    """Leave-one-vendor-out: each vendor at the point fitted on the others, beside the point fitted on all."""
    vendors = sorted(points[0]["vendors"])
    on_all = best(points, vendors)
    print(f"fitted on all {len(vendors)} vendors: floor {on_all['floor']}, band {on_all['band']}, "
          f"status band {on_all['status_band']} (score {score(on_all, vendors):.4f})")
    _held_out_table(points, best, ("floor", "band", "status_band"))


_LABELS = {"search_k": "depth", "floor": "floor", "band": "band", "status_band": "status", "facet_covered": "facet"}


def _held_out_table(points: list[dict], choose: Callable[[list[dict], list[str]], dict],
                    fitted: tuple[str, ...], targets: tuple[str, ...] = TARGETS) -> None:
    """Each vendor's figures (`targets`) at the point `choose` picks on the other vendors (its `fitted` numbers
    shown), and their mean."""
    vendors = sorted(points[0]["vendors"])
    print(f"{'held out':<14}" + "".join(f"{_LABELS[f]:>7}" for f in fitted) + "".join(f"{k:>20}" for k in targets))
    held: dict[str, list[float]] = {k: [] for k in targets}
    for vendor in vendors:
        chosen = choose(points, [v for v in vendors if v != vendor])
        row = chosen["vendors"][vendor]
        for k in targets:
            held[k].append(row[k])
        print(f"{vendor:<14}" + "".join(f"{chosen[f]:>7}" for f in fitted) + "".join(f"{row[k]:>20}" for k in targets))
    print(f"{'mean':<{14 + 7 * len(fitted)}}" + "".join(f"{statistics.fmean(held[k]):>20.3f}" for k in targets))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["depth", "grid", "facets", "fit", "report"])
    parser.add_argument("--only", default="", help="depth, grid, facets: answer these sets (comma-separated) and "
                                                   "add their figures to the sweep or grid kept, the other sets' as "
                                                   "they are")
    args = parser.parse_args()
    only = tuple(args.only.split(",")) if args.only else ()
    if args.step == "facets":
        sweep = _stored(FACET_FILE, run_sweep("facet_covered", FACET_THRESHOLDS, only, weights=FACET_WEIGHTS),
                        ("facet_covered",), only)
        _write_model({"facet_covered": best_facet_threshold(sweep, sorted(sweep[0]["vendors"]))["facet_covered"]})
        report_facets(sweep)
        return
    if args.step == "depth":
        depths = _stored(DEPTH_FILE, run_sweep("search_k", DEPTHS, only), ("search_k",), only)
        _write_model({"search_k": best_depth(depths, sorted(depths[0]["vendors"]))["search_k"]})
        report_depths(depths)
        return
    if args.step == "grid":
        _stored(GRID_FILE, run_grid(only), ("floor", "band", "status_band"), only)
    points = json.loads(GRID_FILE.read_text(encoding="utf-8"))
    if args.step == "fit":
        vendors = sorted(points[0]["vendors"])
        chosen = best(points, vendors)
        _write_model({"floor": chosen["floor"], "band": chosen["band"], "status_band": chosen["status_band"],
                      "fitted_on": vendors})
    if args.step == "report" and DEPTH_FILE.is_file():
        report_depths(json.loads(DEPTH_FILE.read_text(encoding="utf-8")))
    if args.step == "report" and FACET_FILE.is_file():
        report_facets(json.loads(FACET_FILE.read_text(encoding="utf-8")))
    report(points)


if __name__ == "__main__":
    main()
