"""relativeScoreFusion against scores computed by hand."""

from __future__ import annotations

import pytest

from retrieval.fusion import normalise, relative_score_fusion


def test_min_max_normalisation():
    assert normalise({"a": 10.0, "b": 5.0, "c": 0.0}) == {"a": 1.0, "b": 0.5, "c": 0.0}
    assert normalise({"a": 3.0, "b": 3.0}) == {"a": 1.0, "b": 1.0}
    assert normalise({}) == {}


def test_fusion_by_hand():
    keyword = {"a": 12.0, "b": 6.0, "c": 2.0}  # normalised: a 1.0, b 0.4, c 0.0
    vector = {"b": 0.9, "c": 0.8, "d": 0.4}  # normalised: b 1.0, c 0.8, d 0.0
    fused = relative_score_fusion(keyword, vector, alpha=0.75)
    # a: .25*1.0 = .25 · b: .25*.4 + .75*1.0 = .85 · c: 0 + .75*.8 = .6 · d: 0
    assert list(fused) == ["b", "c", "a", "d"]
    assert fused["b"] == pytest.approx(0.85)
    assert fused["c"] == pytest.approx(0.6)
    assert fused["a"] == pytest.approx(0.25)
    assert fused["d"] == pytest.approx(0.0)


def test_alpha_extremes_use_one_signal_only():
    keyword = {"a": 2.0, "b": 1.0}
    vector = {"b": 0.9, "c": 0.1}
    assert relative_score_fusion(keyword, vector, alpha=0.0) == {"a": 1.0, "b": 0.0}
    assert relative_score_fusion(keyword, vector, alpha=1.0) == {"b": 1.0, "c": 0.0}


def test_alpha_out_of_range_is_refused():
    with pytest.raises(ValueError, match="alpha"):
        relative_score_fusion({}, {}, alpha=1.5)
