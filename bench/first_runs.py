"""Each vendor's first run: its answers as main gave them when the set was first measured, before any rule
was written or anything fitted while looking at it.

`eval/first_runs.json` names, for every set whose first run was recorded (its README says so), the commit
of main at that moment. `collect` checks each commit out into a temporary work tree, answers the set's
current questions there offline (the labels were set before that run and never changed), and writes one row
per answer, with its signals as that code measured them, to `eval/first_run_data.jsonl`:

    .venv/bin/python bench/first_runs.py collect            # every recorded first run
    .venv/bin/python bench/first_runs.py collect aiven      # only these vendors' rows, the others kept

Answers given after rules were written for a vendor are right more often than answers on a vendor no rule
has seen (a first run sent 0.48-0.93 right while leave-one-vendor-out on the later answers said 0.97): the
send threshold is also held to its precision on these rows (`bench/gate.py`), and `bench/gate.py report`
scores each first run with the model and threshold fitted without that vendor.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _devsets import ROOT, development_sets, evaluate  # noqa: E402
from gate import FIRST_RUN_DATA, answer_rows  # noqa: E402

COMMITS = ROOT / "eval" / "first_runs.json"


def commits() -> dict[str, str]:
    """Vendor → the commit of main its first run was measured at."""
    return json.loads(COMMITS.read_text(encoding="utf-8"))


def first_run(vendor: str, commit: str, folder: Path) -> list[dict]:
    """The rows of one vendor's first run, answered by `commit`'s code in a temporary work tree."""
    with tempfile.TemporaryDirectory() as parent:
        tree = Path(parent) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), commit], check=True)
        try:
            report = evaluate(folder, code=tree)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    return [row | {"commit": commit} for row in answer_rows(vendor, report)]


def collect(data: Path = FIRST_RUN_DATA, only: tuple[str, ...] = ()) -> None:
    """Answer every recorded first run (or those `only` names) again at its commit and store the rows; the
    rows of vendors not named are kept as they were."""
    sets, recorded = development_sets(), commits()
    missing = sorted((set(recorded) | set(only)) - set(sets))
    if missing:
        raise SystemExit(f"no development set here for: {', '.join(missing)}")
    unrecorded = sorted(set(only) - set(recorded))
    if unrecorded:
        raise SystemExit(f"eval/first_runs.json records no first run for: {', '.join(unrecorded)}")
    chosen = {vendor: commit for vendor, commit in recorded.items() if not only or vendor in only}
    kept = [row for row in _rows(data) if only and row["vendor"] not in chosen]
    rows = kept + [row for vendor, commit in chosen.items() for row in first_run(vendor, commit, sets[vendor])]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} first-run answers of {len({r['vendor'] for r in rows})} vendors written to {data}")


def _rows(data: Path) -> list[dict]:
    if not data.is_file():
        return []
    return [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]


if __name__ == "__main__":
    if sys.argv[1:2] != ["collect"]:
        raise SystemExit("usage: bench/first_runs.py collect [VENDOR ...]")
    collect(only=tuple(sys.argv[2:]))
