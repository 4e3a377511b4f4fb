"""A questionnaire half of whose questions the library already answers: are those rows answered
from it, and is no row answered from an entry that asks something else?

    python bench/library_batch.py [--json]

The library is imported (`rfpbot library import`) from a workbook of every other sample
question (examples/questions*.csv), each answered "LIBRARY ANSWER <n>". The sample holds
near misses side by side (BYOK with AWS, Google Cloud and Azure keys; hosting in the EU and
in Australia; SOC 2 and SOC 1; GuardDuty and its Azure and Google counterparts), so half of
each such family is in the library and half is not. Then `rfpbot batch` answers bench/batch.py's
300-row workbook (every sample question in six wordings) offline, and each row answered from
the library is checked against the question it was asked for.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from openpyxl import Workbook, load_workbook

from _common import KB, ROOT, emit
from batch import bench_questions
from cli import environment

from tests.questionnaires import security_workbook  # noqa: E402

ROWS = 300


def base_questions() -> list[str]:
    """The sample questions bench_questions words six ways, in its order (row i asks base i mod n)."""
    bases = []
    for name in ("questions.csv", "questions_holdout.csv"):
        with (ROOT / "examples" / name).open(newline="", encoding="utf-8") as f:
            bases += [row["question"] for row in csv.DictReader(f)]
    return bases


def library_workbook(bases: list[str]) -> bytes:
    """Every other base question, answered with its number."""
    book = Workbook()
    sheet = book.active
    sheet.append(["#", "Question", "Response"])
    for n, question in enumerate(bases):
        if n % 2 == 0:
            sheet.append([n, question, f"LIBRARY ANSWER {n}"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def rfpbot(args: list[str], env: dict) -> str:
    done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"rfpbot {' '.join(args[:2])} failed: {done.stderr[-500:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    questions = bench_questions(ROWS)
    bases = base_questions()
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp) / "data")
        rfpbot(["ingest", str(KB)], env)
        library = Path(tmp) / "library.xlsx"
        library.write_bytes(library_workbook(bases))
        rfpbot(["library", "import", str(library), "--approved-by", "bench"], env)
        workbook = Path(tmp) / "questionnaire.xlsx"
        workbook.write_bytes(security_workbook(questions, heading_every=25))
        summary = json.loads(rfpbot(["batch", str(workbook), "--engine", "offline", "--json"], env))
        sheet = load_workbook(Path(tmp) / "questionnaire-answered.xlsx")["Security"]
        header = {sheet.cell(3, c).value: c for c in range(1, sheet.max_column + 1)}
        asked = set(questions)
        rows = [r for r in range(4, sheet.max_row + 1) if sheet.cell(r, 2).value in asked]
        wrong, reused, should = [], 0, 0
        for r in rows:
            question = sheet.cell(r, 2).value
            base = questions.index(question) % len(bases)
            answer = str(sheet.cell(r, header["Answer"]).value or "")
            should += base % 2 == 0
            if answer.startswith("LIBRARY ANSWER"):
                reused += 1
                if int(answer.split()[-1]) != base:
                    wrong.append({"asked": question, "reused_for": bases[int(answer.split()[-1])]})
    result = {"rows": len(rows), "rows_whose_question_is_in_the_library": should, "answered_from_library": reused,
              "from_library_per_summary": summary["from_library"], "answered_from_an_entry_asking_something_else": len(wrong),
              "wrong": wrong}
    emit(result, args.json, "\n".join([
        f"{result['rows']} rows, {should} asking a question the library holds (in one of six wordings)",
        f"answered from the library: {reused} ({summary['from_library']} in the batch summary)",
        f"answered from an entry that asks something else: {len(wrong)}",
        *[f"  {w['asked']}  ←  {w['reused_for']}" for w in wrong]]))


if __name__ == "__main__":
    main()
