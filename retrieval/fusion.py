"""Score fusion as Weaviate's relativeScoreFusion does it.

Each result list is min-max normalised to 0..1 (a list whose scores are all equal
gives each the full 1), weighted (alpha for the vector list, 1 - alpha for the
keyword list) and summed per item; items missing from a list get nothing from it.
"""

from __future__ import annotations

from collections.abc import Mapping


def normalise(scores: Mapping[str, float]) -> dict[str, float]:
    """Min-max normalise one result list."""
    if not scores:
        return {}
    low, high = min(scores.values()), max(scores.values())
    if high == low:
        return {key: 1.0 for key in scores}
    return {key: (value - low) / (high - low) for key, value in scores.items()}


def relative_score_fusion(
    keyword: Mapping[str, float], vector: Mapping[str, float], alpha: float
) -> dict[str, float]:
    """Fused scores, highest first, for every item in either list."""
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
    fused: dict[str, float] = {}
    for weight, scores in ((1.0 - alpha, keyword), (alpha, vector)):
        if weight == 0.0:
            continue
        for key, value in normalise(scores).items():
            fused[key] = fused.get(key, 0.0) + weight * value
    return dict(sorted(fused.items(), key=lambda item: (-item[1], item[0])))
