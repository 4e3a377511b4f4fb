"""The offline engine on the real-world development set (Sourcegraph handbook), with floors.

Floors, not exact figures: they catch a regression in answer quality on real
documentation without tying the test to one run's numbers. The figures of the
current engine are in the README ("Answer quality").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main

DEV_SET = Path(__file__).resolve().parents[2] / "shared" / "eval" / "sourcegraph"
KB = Path(__file__).resolve().parents[1] / "examples"


def _eval(corpus: Path, questions: Path, capsys) -> dict:
    code = main(["eval", "--engine", "offline", "--corpus", str(corpus), "--questions", str(questions), "--json"])
    assert code == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.skipif(not DEV_SET.is_dir(), reason="the development set lives in ../shared beside the repository")
def test_dev_set_offline_meets_the_floors(capsys):
    report = _eval(DEV_SET / "corpus", DEV_SET / "questions.csv", capsys)
    assert report["answerable_status_accuracy"] >= 0.75
    assert report["source_recall"] >= 0.85
    assert report["unanswerable_abstention"] >= 0.90
    assert report["unanswerable_fully_supported_unescalated"] == 0
    assert report["grounding_rate"] == 1.0
    for outcome in report["per_question"]:
        if not outcome["expected_sources"]:  # nothing answers it: nothing may be cited as support
            assert outcome["status"] == "Not Supported" or outcome["escalated"], outcome["id"]


def test_sample_questions_offline_stay_above_the_floor(capsys):
    report = _eval(KB / "kb", KB / "questions.csv", capsys)
    assert report["status_accuracy"] >= 0.90
    assert report["grounding_rate"] == 1.0
