"""Helpers shared by the benchmarks: percentiles, the sample questions, printing."""

from __future__ import annotations

import csv
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

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


def add_server_options(parser, timeout: float) -> None:
    """--base-url and the options of a real OpenAI-compatible server (without it: offline)."""
    parser.add_argument("--base-url", help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1 "
                                           "(without it: the offline engine)")
    parser.add_argument("--model", default="local", help="model name sent in requests (default: local)")
    parser.add_argument("--api-key", default="local")
    parser.add_argument("--context-tokens", type=int, help="the server's context window")
    parser.add_argument("--timeout", type=float, default=timeout, help="seconds per call")


def server_llm(args):
    """The model at --base-url, or None for the offline engine."""
    if not args.base_url:
        return None
    from openai import AsyncOpenAI

    from agents.llm.interface import ReplyLimits
    from agents.llm.openai_client import OpenAILLM

    return OpenAILLM(AsyncOpenAI(api_key=args.api_key, base_url=args.base_url), fast_model=args.model,
                     strong_model=args.model, timeout=args.timeout, limits=ReplyLimits(700, 1200, args.context_tokens))


# A process's peak RSS, as the kernel reports it to the parent, starts from the memory of the
# process it was forked from: measured from this benchmark (with openpyxl, aiohttp, numpy loaded)
# even `--help` "peaks" at 80 MB. So a tiny interpreter starts the command and reports on it.
_LAUNCHER = """
import json, os, sys, time
started = time.perf_counter()
pid = os.posix_spawnp(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    json.dump({"wall_s": time.perf_counter() - started, "exit": os.waitstatus_to_exitcode(status),
               "peak_rss_mb": round(usage.ru_maxrss / 1024)}, report)
"""


class Measured(NamedTuple):
    """One whole process: its wall time, exit code, peak RSS and what it printed."""

    wall_s: float
    exit: int
    peak_rss_mb: int
    stdout: str


def measured(argv: list[str], env: dict, cwd: Path = ROOT) -> Measured:
    """Run `argv` (a command line) to its end; its own wall time and peak RSS, not this process's."""
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        done = subprocess.run([sys.executable, "-c", _LAUNCHER, report.name, *argv], cwd=cwd, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        figures = json.loads(Path(report.name).read_text())
    return Measured(figures["wall_s"], figures["exit"], figures["peak_rss_mb"], done.stdout)
