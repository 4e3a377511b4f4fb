"""Send or review: the probability that an answer is right, from a fitted model.

"Right" means the compliance status is the one a person would give and the cited
quotes are the ones that answer the question. The model is two logistic regressions
over the audit's signals (`AnswerSignals`): one for abstentions ("no evidence was
found"), whose risk is a passage that did answer after all, and one for answers, whose
risk is a passage that fits the words but denies, limits or speaks of someone else.
Both are fitted by `bench/gate.py` on every development set and stored in
`agents/judging/gate.json` with the threshold it chose: the lowest probability at which the
answers that may be sent were still right 98 % of the time (or more: a margin over the 95 % asked), and
above every "Fully Supported" sent on a question the documents do not answer, on probabilities from
models that had not seen those answers (ten splits into five folds). The 98 % is a choice; the rest is
fitted.

Those answers were given after rules had been written for their vendors; a deployment is always on a
vendor no rule has seen. Each regression is therefore recalibrated (`slope`, `shift`) on the vendors'
first runs (`bench/first_runs.py`: the answers main gave before anything was written while looking at
them), so that the confidence shown says how often such answers are right, and the threshold is also the
lowest at which those first runs' answers were right 95 % of the time. The recalibration may weigh a
signal or two beside the score (`recalibration`): what told the first runs' wrong drafts from their right
ones, which the later answers no longer show (an abstention whose closest passage came near the question
in meaning had missed an answer in other words); `bench/gate.py` chooses them leave-one-vendor-out.

Only a "Fully Supported" answer or an abstention may go out unreviewed (`limit_or_denial`): a limit
or a denial drawn from a passage goes to a reviewer whatever its probability.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

from pydantic import BaseModel, Field

from ..contracts import AnswerSignals

MODEL_FILE = Path(__file__).with_name("gate.json")


class Logistic(BaseModel):
    """A fitted logistic regression over named signals (standardised by the mean and scale it was fitted with)."""

    features: list[str]
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    slope: float = Field(1.0, description="the weight of the regression's score once recalibrated on first runs")
    shift: float = Field(0.0, description="its offset: how much less often answers on a vendor no rule had seen "
                         "were right than answers like them once rules were written (bench/first_runs.py)")
    recalibration: list[str] = Field(default_factory=list, description=(
        "signals the recalibration weighs beside the score: what told the first runs' wrong drafts from their right "
        "ones once the later answers, made right by rules, no longer showed it"))
    recalibration_coef: list[float] = Field(default_factory=list, description="their weights, in the signals' units")

    def score(self, signals: AnswerSignals) -> float:
        """The regression's linear score (log-odds before recalibration)."""
        values = signals.vector(self.features)
        return self.intercept + sum(c * (v - m) / s for c, v, m, s in zip(self.coef, values, self.mean, self.scale))

    def probability(self, signals: AnswerSignals) -> float:
        """P(right | signals), recalibrated."""
        extra = sum(c * v for c, v in zip(self.recalibration_coef, signals.vector(self.recalibration)))
        z = self.slope * self.score(signals) + self.shift + extra
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class GateModel(BaseModel):
    """The fitted send-or-review model: one regression for abstentions, one for answers, and the send threshold."""

    abstention: Logistic = Field(description="P(right) of a draft that cites no evidence")
    answer: Logistic = Field(description="P(right) of a draft that cites evidence")
    threshold: float = Field(ge=0, le=1, description="probability at or above which an answer is sent unreviewed")
    spoken_of_limit: float = Field(1.01, description=(
        "an abstention whose subject_spoken_of reaches this goes to a reviewer whatever its probability: the "
        "lowest share of the question's words at which a fitted set's abstention missed an answer in other words"))
    fitted_on: list[str] = Field(default_factory=list, description="the development sets it was fitted on")
    first_runs: list[str] = Field(default_factory=list, description="the sets whose first runs (answers given "
                                  "before any rule was written for them) the threshold was also held to")
    precision_target: float = 0.95

    def probability(self, signals: AnswerSignals) -> float:
        """P(answer right | signals), from the regression of the draft's kind."""
        return (self.abstention if signals.abstained else self.answer).probability(signals)

    def doubts_abstention(self, signals: AnswerSignals) -> bool:
        """An abstention on a subject the documents speak of as much as one that missed an answer did."""
        return bool(signals.abstained) and signals.subject_spoken_of >= self.spoken_of_limit

    @staticmethod
    def limit_or_denial(signals: AnswerSignals) -> bool:
        """A "Partially Supported" or "Not Supported" answer drawn from passages: a person confirms it.

        The offline engine reads limits and denials by cue words and patterns, and those came from the
        vendors they were written on: on a tenth vendor no rule had seen (NetBird), such answers at a
        held-out probability of 0.8 or more were right 2 times of 7 ("can't modify anything" read as
        "No." to a read-only role, "For the combined setup, …" as a limit), while "Fully Supported"
        answers were right 5 of 7 and abstentions 5 of 5; on the nine sets the rules were written on,
        25 of 26 (held out by vendor). A "No." or an "only partly" is also the answer a customer acts on
        against the vendor. An abstention ("no evidence was found") claims nothing of the documents and
        stays with the model."""
        return not signals.abstained and not signals.fully

    def percent(self, signals: AnswerSignals) -> int:
        """The probability in whole percent, rounded down and at most 99: the confidence users see. A fitted
        probability is never certainty, and a threshold of 100 must keep meaning "a reviewer sees every
        answer". Rounded down, a confidence at the threshold in percent (rounded up) is always a
        probability at the fitted threshold or over it: rounded to the nearest, 86.6 % would show as 87
        and go out under a threshold of 0.8697."""
        return round(100 * shown(self.probability(signals)))

    @property
    def threshold_percent(self) -> int:
        """The send threshold in percent (rounded up, so a shown confidence at it is sent)."""
        return int(math.ceil(100 * self.threshold - 1e-9))


def shown(probability: float) -> float:
    """A probability as users see it (`GateModel.percent`, as a fraction): rounded down to a whole percent, at
    most 0.99. Whether an answer is sent is decided on this, so the threshold is fitted on it too: fitted on the
    probabilities themselves, it fell between two answers showing the same percent (0.9572 on twenty-one sets,
    where the first runs' surest answers were all at 0.95721, shown 95 against a threshold shown 96), and the
    answers it was chosen for were not sent."""
    return min(99, math.floor(100 * probability + 1e-9)) / 100


@functools.lru_cache(maxsize=4)
def load(path: Path = MODEL_FILE) -> GateModel:
    """The fitted model shipped with the package (read once)."""
    return GateModel.model_validate_json(path.read_text(encoding="utf-8"))


def save(model: GateModel, path: Path = MODEL_FILE) -> None:
    """Write a fitted model (what `bench/gate.py fit` does)."""
    path.write_text(json.dumps(model.model_dump(), indent=2) + "\n", encoding="utf-8")
    load.cache_clear()


def send_threshold(configured: int | None) -> int:
    """The confidence (percent) an answer needs to go out unreviewed: the configured one, else the fitted one."""
    return configured if configured is not None else load().threshold_percent
