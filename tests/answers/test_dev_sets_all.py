"""Every development set (ours under eval/, and ../shared/eval/), offline: answers a person would send.

The figures of each set are in the README ("Answer quality"); here only what must
hold on every vendor: nothing ungrounded, no "Fully Supported" sent unreviewed on a
question the documents do not answer, and answer text that reads as prose.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from agents.text.grounding import answer_sentences, strip_markers
from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SETS = sorted(p for base in (ROOT / "eval", ROOT.parent / "shared" / "eval") for p in base.glob("*")
              if (p / "corpus").is_dir() and (p / "questions.csv").is_file())


@pytest.fixture(scope="module", params=SETS, ids=lambda p: p.name)
def report(request) -> dict:
    folder = request.param
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["eval", "--engine", "offline", "--corpus", str(folder / "corpus"),
                     "--questions", str(folder / "questions.csv"), "--json"])
    assert code == 0
    return {**json.loads(out.getvalue()), "set": folder.name}


def test_there_are_several_vendors():
    assert len(SETS) >= 2, "eval/ holds our own development sets"


def test_nothing_ungrounded_and_no_unreviewed_claim_on_unanswerable_questions(report):
    assert report["grounding_rate"] == 1.0
    assert report["unanswerable_fully_supported_unescalated"] == 0
    for o in report["per_question"]:
        if not o["escalated"]:
            assert o["confidence"] is not None and o["signals"] is not None, o["id"]


def test_the_sourcegraph_set_meets_its_floors(report):
    """Floors, not exact figures: a regression on real documentation shows without tying the test to one run."""
    if report["set"] != "sourcegraph":
        pytest.skip("floors are set for the Sourcegraph set")
    assert report["answerable_status_accuracy"] >= 0.75
    assert report["source_recall"] >= 0.85
    assert report["unanswerable_abstention"] >= 0.90
    for outcome in report["per_question"]:
        if not outcome["expected_sources"]:  # nothing answers it: nothing may be cited as support
            assert outcome["status"] == "Not Supported" or outcome["escalated"], outcome["id"]


def test_answers_read_as_prose(report):
    for o in report["per_question"]:
        answer = o["answer"] or ""
        for mark in ("|", "<br", "]("):
            assert mark not in answer, f"{o['id']}: {mark!r} in {answer!r}"
        assert not re.search(r"</?t[dr]\b|\*\*|\{\{[<%]|\{\{\s*[\w.]+\s*\(|\{\"[^\"{}]+\"\}|\{%|\[\^|"
                             r"(?:^|[\s;])---(?:[\s;]|$)|\s;|"
                             r"\[!(?:NOTE|TIP|WARNING|IMPORTANT|CAUTION)\]|> >|[\U0001F300-\U0001FAFF]|[:.]\s-\s|"
                             r"\{![^}]*!\}|\{[a-z_]+\|[^}]*\}|!!!|(?:^|\s)!\s+\w",
                             answer), \
            f"{o['id']}: markup in {answer!r}"
        said = [" ".join(re.findall(r"\w+", strip_markers(s).lower())) for s in answer_sentences(answer)]
        said = [s for s in said if s]
        assert len(said) == len(set(said)), f"{o['id']}: a sentence twice in {answer!r}"


def test_yes_or_no_opens_only_yes_no_questions(report):
    for o in report["per_question"]:
        if re.match(r"\s*(yes|no|partially)\.", o["answer"] or "", re.I):
            assert re.match(r"\s*((when|if|once|for|in|on|with|under|after|before|during|by|without|unless)\b"
                            r"[^,?]+,\s*)?"
                            r"(are|is|do|does|can|will|may|must|have|has)\b",
                            o["question"], re.I), o["id"]


def test_no_quote_opens_with_the_bold_mark_closing_the_sentence_before(report):
    # "**Debug logging is intentional.** The Desktop app logs…": the "**" belongs to the sentence it closes.
    for o in report["per_question"]:
        for quote in o["quotes"]:
            assert not re.match(r"(\*\*|__)\s", quote), f"{o['id']}: {quote!r}"
