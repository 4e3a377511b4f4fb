"""The shipped send-or-review model: fitted on every development set, one regression per kind of draft,
and its probability moves the way a reviewer would expect."""

from __future__ import annotations

from pathlib import Path

from agents.contracts import AnswerSignals
from agents.gate import load

ROOT = Path(__file__).resolve().parents[1]


def test_the_model_was_fitted_on_every_development_set_of_ours():
    ours = {p.name for p in (ROOT / "eval").glob("*") if (p / "corpus").is_dir()}
    assert ours and ours <= set(load().fitted_on)
    assert 0.5 < load().threshold < 1


def test_an_abstention_is_judged_by_how_close_the_nearest_passage_came():
    model = load()
    far = AnswerSignals(abstained=1, closest_relevance=0.15, closest_semantic=0.2)
    near = AnswerSignals(abstained=1, closest_relevance=0.6, closest_semantic=0.7)
    assert model.probability(far) > model.probability(near)
    # What an answer would be judged by does not move an abstention.
    assert model.probability(far) == model.probability(far.model_copy(update={"relevance": 0.9, "denial_cue": 1}))


def test_an_answer_whose_quote_denies_or_speaks_of_the_customer_is_less_sure():
    model = load()
    plain = AnswerSignals(relevance=0.7, fully=1)
    assert model.probability(plain) > model.probability(plain.model_copy(update={"denial_cue": 1}))
    assert model.probability(plain) > model.probability(plain.model_copy(update={"customer_question": 1}))
    assert model.probability(plain) > model.probability(plain.model_copy(update={"relevance": 0.4}))
    assert model.percent(plain) == round(100 * model.probability(plain))
