"""The offline engine on the sample questions, with a floor (the development sets are in
test_dev_sets_all.py). The figures of the current engine are in the README ("Answer quality")."""

from __future__ import annotations

import json
from pathlib import Path

from cli.main import main

KB = Path(__file__).resolve().parents[2] / "examples"


def _eval(corpus: Path, questions: Path, capsys) -> dict:
    code = main(["eval", "--engine", "offline", "--corpus", str(corpus), "--questions", str(questions), "--json"])
    assert code == 0
    return json.loads(capsys.readouterr().out)


def test_sample_questions_offline_stay_above_the_floor(capsys):
    report = _eval(KB / "kb", KB / "questions.csv", capsys)
    assert report["status_accuracy"] >= 0.90
    assert report["grounding_rate"] == 1.0
