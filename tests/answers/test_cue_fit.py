"""The cue fit (`bench/cues.py`): from the prior lists, one change at a time while a change puts at least the
gain asked more statuses right, counted on the answers whose quotes use the phrase changed."""

from __future__ import annotations

from tests.answers.test_first_runs import _script

from agents.text.cues import CueLists


def _answer(cues, expected: str, negative=(), partial=()):
    return cues._Answer(vendor="v", expected=expected, answerable=True, negative=frozenset(negative),
                        partial=frozenset(partial), narrowed=False)


def test_the_fit_adds_the_denial_that_puts_statuses_right_and_drops_the_one_that_puts_them_wrong(monkeypatch):
    cues = _script(monkeypatch, "cues")
    prior = CueLists(negative=["never"], partial=["only"])
    candidates = {"negative": ["disallowed"], "partial": ["on request"]}
    answers = ([_answer(cues, "Not Supported", negative={"disallowed"}) for _ in range(3)]
               + [_answer(cues, "Fully Supported", negative={"never"}) for _ in range(2)]
               + [_answer(cues, "Partially Supported", partial={"only"}),
                  _answer(cues, "Fully Supported", partial={"on request"})])
    chosen = cues.choose(answers, prior, candidates, min_gain=2)
    assert chosen.negative == ["disallowed"] and chosen.partial == ["only"]
    # A change worth less than the gain asked is not made: "never" costs two, dropping it gains two.
    assert cues.choose(answers, prior, candidates, min_gain=4) == prior
    assert cues._right(answers, chosen) == len(answers)
