"""Helpers shared by the benchmarks: percentiles, the sample questions, printing."""

from __future__ import annotations

import csv
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
KB = ROOT / "examples" / "kb"
QUESTIONS = ROOT / "examples" / "questions.csv"


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (pct in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def questions() -> list[dict]:
    """The sample questions with their expected sources as lists."""
    with QUESTIONS.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        row["expected_sources"] = [s for s in row["expected_sources"].split(";") if s]
    return rows


def emit(result: dict, as_json: bool, table: str) -> None:
    """Print the JSON object or the human table."""
    print(json.dumps(result, indent=2) if as_json else table)


def mean(values: list[float]) -> float:
    """Mean, 0 for an empty list."""
    return statistics.fmean(values) if values else 0.0
