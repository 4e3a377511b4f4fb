"""The development sets (ours under eval/, and ../shared/eval/) and a way to run `rfpbot eval` on one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SET_ROOTS = (ROOT / "eval", ROOT.parent / "shared" / "eval")


def development_sets() -> dict[str, Path]:
    """Vendor name → folder, for every folder with `corpus/` and `questions.csv`."""
    found = {}
    for root in SET_ROOTS:
        for folder in sorted(p for p in root.glob("*") if (p / "corpus").is_dir() and (p / "questions.csv").is_file()):
            found.setdefault(folder.name, folder)
    return found


def evaluate(folder: Path, embedder: str = "wordllama", extra_env: dict[str, str] | None = None,
             without: tuple[str, ...] = (), code: Path = ROOT) -> dict:
    """`rfpbot eval --engine offline --json` on one set, as a separate process (the report as a dict);
    `without` names environment variables the process must not inherit; `code` is the checkout that answers
    (another commit's work tree, for a first run)."""
    env = {k: v for k, v in os.environ.items() if k not in without} | {"RFPBOT_EMBEDDER": embedder, **(extra_env or {})}
    out = subprocess.run([sys.executable, "-m", "cli", "eval", "--engine", "offline", "--corpus",
                          str(folder / "corpus"), "--questions", str(folder / "questions.csv"), "--json"],
                         cwd=code, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise SystemExit(f"rfpbot eval failed on {folder}:\n{out.stderr}")
    return json.loads(out.stdout)


def evaluate_all(embedder: str = "wordllama", extra_env: dict[str, str] | None = None,
                 without: tuple[str, ...] = (), only: tuple[str, ...] = ()) -> dict[str, dict]:
    """`evaluate` on every development set (or those `only` names), two at a time: vendor → report."""
    sets = {name: folder for name, folder in development_sets().items() if not only or name in only}
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(sets, pool.map(lambda folder: evaluate(folder, embedder, extra_env, without), sets.values())))
