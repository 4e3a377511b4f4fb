"""The command line as a person meets it: whole `rfpbot` processes, timed from start to exit.

    python bench/cli.py [--runs 5] [--batch-runs 2] [--rows 300] [--json]

Times `rfpbot --help`, `rfpbot search`, an offline `rfpbot ask` on examples/kb, an
offline `rfpbot batch` of a questionnaire of --rows rows (bench/batch.py's workbook) and
`rfpbot library import` of an answered questionnaire of --import-rows rows (into an empty
library each run), each as a child process over several runs: wall time min / median /
max and the highest peak RSS. The index is built once, before timing, in a throwaway data dir.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import KB, ROOT, emit, measured
from batch import bench_questions

from tests.questionnaires import security_workbook  # noqa: E402

QUESTION = "Do you encrypt customer data at rest on AWS?"


def timed(args: list[str], env: dict) -> tuple[float, int]:
    """One `python -m cli ARGS` process: wall seconds and peak RSS in MB (exit 0 or 1 expected)."""
    run = measured([sys.executable, "-m", "cli", *args], env)
    if run.exit not in (0, 1):
        raise SystemExit(f"rfpbot {' '.join(args)} failed with {run.exit}")
    return run.wall_s, run.peak_rss_mb


def series(args: list[str], env: dict, runs: int) -> dict:
    """min / median / max wall seconds and the largest peak RSS over `runs` runs."""
    walls, peaks = zip(*(timed(args, env) for _ in range(runs)))
    return {"runs": runs, "min_s": round(min(walls), 2), "median_s": round(statistics.median(walls), 2),
            "max_s": round(max(walls), 2), "peak_rss_mb": max(peaks)}


def environment(data: Path) -> dict:
    """The child processes' environment: a private data dir, the offline engine, no keys."""
    env = {**os.environ, "RFPBOT_DATA_DIR": str(data), "RFPBOT_LOG_LEVEL": "ERROR"}
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "WEAVIATE_URL", "RFPBOT_INDEX", "RFPBOT_EMBEDDER"):
        env.pop(name, None)
    return env


def answered_workbook(rows: int) -> bytes:
    """A questionnaire of `rows` distinct questions with a Yes/No and a written answer each."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["#", "Question", "Yes/No", "Response"])
    for n, question in enumerate(bench_questions(rows), start=1):
        sheet.append([n, question, "Yes" if n % 3 else "No", f"Answered for row {n}: see the security overview."])
    return save(book)


def save(book) -> bytes:
    import io

    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def imports(tmp: Path, rows: int, runs: int) -> dict:
    """`rfpbot library import` of the answered workbook, each run into an empty library."""
    workbook = tmp / "answered.xlsx"
    workbook.write_bytes(answered_workbook(rows))
    walls, peaks = [], []
    for n in range(runs):
        wall, peak = timed(["library", "import", str(workbook), "--approved-by", "bench"],
                           environment(tmp / f"library-{n}"))
        walls.append(wall)
        peaks.append(peak)
    return {"runs": runs, "min_s": round(min(walls), 2), "median_s": round(statistics.median(walls), 2),
            "max_s": round(max(walls), 2), "peak_rss_mb": max(peaks)}


def main() -> None:
    """Build the index once, time each command, print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of --help, search and ask (default 5)")
    parser.add_argument("--batch-runs", type=int, default=2, help="runs of the batch (default 2; 0 skips it)")
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--import-rows", type=int, default=400, help="rows of the imported questionnaire (0 skips it)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp) / "data")
        subprocess.run([sys.executable, "-m", "cli", "ingest", str(KB)], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        results = {"help": series(["--help"], env, args.runs),
                   "search": series(["search", "encryption at rest", "-k", "3"], env, args.runs),
                   "ask": series(["ask", QUESTION, "--engine", "offline"], env, args.runs)}
        if args.batch_runs:
            workbook = Path(tmp) / "questionnaire.xlsx"
            workbook.write_bytes(security_workbook(bench_questions(args.rows), heading_every=25))
            results[f"batch_{args.rows}"] = series(["batch", str(workbook), "--engine", "offline", "--json"], env,
                                                   args.batch_runs)
        if args.import_rows:
            results[f"import_{args.import_rows}"] = imports(Path(tmp), args.import_rows, args.batch_runs or 2)
    table = "\n".join(f"{name:<10} min {r['min_s']:>6.2f} s  median {r['median_s']:>6.2f} s  max {r['max_s']:>6.2f} s  "
                      f"peak RSS {r['peak_rss_mb']:>4} MB  ({r['runs']} runs)" for name, r in results.items())
    emit(results, args.json, table)


if __name__ == "__main__":
    main()
