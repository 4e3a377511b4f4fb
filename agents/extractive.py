"""The extractive engine's fitted numbers: how many chunks each search returns, under which
relevance no passage answers the question, how far below the best passage others are still cited
beside it, how far below it a cited passage's denial or limit still decides the status, and how
closely a cited passage must fit a facet of the question (for most questions its only facet, the
question itself) to answer it; with no facet answered the passages support nothing (Not Supported).
The last is the audit's too, for either engine's drafts.

The search depth is research's (the LLM engine reads the same sources), fitted with the offline
engine because that is the engine whose answers the development sets can score without a model.
A shallow search lets one long page on the subject fill every slot ("How are user passwords
stored?": eight chunks of the password-policy page, none of the GDPR page's "salted bcrypt").

The last two are apart because they answer different questions: a wider citation band finds
the right file more often, but a limit in a passage cited only as context ("…except on the
free plan" on the SSO page, beside the MFA passage) must not turn a plain answer Partial.

Fitted by `bench/extractive.py` on every development set (the depth first, at the numbers
fitted before; then a grid of floor and bands at that depth; then the facet threshold; each point
scored by status accuracy, source recall and abstention, averaged over vendors) and reported
leave-one-vendor-out; stored in `agents/extractive.json`. RFPBOT_EXTRACTIVE_FILE names
another file: the fitting script scores each point of its grid with it.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from pydantic import BaseModel, Field

MODEL_FILE = Path(__file__).with_name("extractive.json")
FILE_VARIABLE = "RFPBOT_EXTRACTIVE_FILE"


class ExtractiveModel(BaseModel):
    """How deep research searches, where the offline engine stops answering, and how wide it cites."""

    search_k: int = Field(ge=1, description="chunks each search query returns")
    floor: float = Field(ge=0, le=1, description="best relevance under which no passage answers (abstain)")
    band: float = Field(ge=0, le=1, description="passages within this of the best one are cited beside it")
    status_band: float = Field(ge=0, le=1, description="cited passages within this of the best one decide the status too")
    facet_covered: float = Field(0.33, ge=0, le=1, description="a facet of the question is answered by a cited passage "
                                                               "scoring this for the facet's own wording")
    fitted_on: list[str] = Field(default_factory=list, description="the development sets it was fitted on")


@functools.cache
def fitted() -> ExtractiveModel:
    """The fitted numbers (read once)."""
    path = Path(os.environ.get(FILE_VARIABLE) or MODEL_FILE)
    return ExtractiveModel.model_validate_json(path.read_text(encoding="utf-8"))
