"""Fit the send-or-review model on every development set and report it leave-one-vendor-out.

    python bench/gate.py collect   # answer every development set offline, keep each answer's signals
    python bench/gate.py fit       # fit agents/judging/gate.json on all of them; print the held-out figures
    python bench/gate.py report    # the held-out figures only, nothing written

`collect` runs `rfpbot eval --engine offline --json` on each development set (a folder
with `corpus/` and `questions.csv`, under `eval/` here and `../shared/eval/`) and
writes one row per question to `eval/gate_data.jsonl`: the vendor, whether the answer
was right (status right, support from an expected source) and the audit's signals.
The signals do not depend on the model, so collecting once is enough.

`fit` fits the two logistic regressions (scikit-learn; abstentions and answers) on the
pooled rows, and recalibrates each on the first runs (`eval/first_run_data.jsonl`) with the
signals beside the score that predict a held-out first run best (`choose_recalibration`).
The threshold is the lowest probability at which answers sent unreviewed
were right at least 98 % of the time (TARGET), measured on out-of-fold probabilities (ten
different splits into five folds of questions, pooled; each answer scored by models
fitted without it), and above every "Fully Supported" on an unanswerable question there (the
zero asked). The figures printed are leave-one-vendor-out: for each vendor,
models *and* threshold are fitted on the others only, then that vendor is scored.

`collect --embedder minilm --data FILE` answers the sets with all-MiniLM-L6-v2 as the
index's and the relevance scorer's embedder; `report --data FILE` scores that
collection the same way (the comparison in the README).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # agents, when run as a script

from _devsets import ROOT, evaluate_all  # noqa: E402

from agents.contracts import AnswerSignals  # noqa: E402
from agents.judging.gate import GateModel, Logistic, save, shown  # noqa: E402

DATA = ROOT / "eval" / "gate_data.jsonl"
FIRST_RUN_DATA = ROOT / "eval" / "first_run_data.jsonl"  # bench/first_runs.py

# An abstention is wrong when a passage did answer in other words: whether the documents searched use the
# question's words at all and hold its specific names (a subject they speak of, missed, versus a name they
# lack). How close the nearest passage came was a feature too, until eight sets: it did not separate (wrong
# abstentions 0.28-0.54, right ones 0.10-0.69), and with five wrong abstentions among 74 its two measures
# only added noise (held out: 25.7 % sent at 0.942 with them, 31.1 % at 0.952 without). An answer is wrong
# when its passage fits the words but not the question (relevance), or denies, limits or speaks of the
# customer's side where the question did not (the cue and question-form signals). Other signals (support
# of paraphrased sentences, uncited sentences…) are constant for the offline engine's extractive answers,
# so they cannot be fitted on its development runs.
# The share of terms counts only when no name is missing (`subject_spoken_of`): the wrong abstentions all
# had every name present and 0.71-0.86 of the terms, while abstentions on a missing name were right at
# any share (a HIPAA BAA question shares 0.8 of its words with pages that never say HIPAA). Held out:
# 34.1 % sent at 0.956 with the share and the name apart, 35.6 % at 0.958 with the share counted this way.
ABSTENTION_FEATURES = ["subject_spoken_of", "names_absent"]
# `universal_fully`: a question about every case answered "Fully Supported". Without it the regression
# gave "all/every" questions one weight whatever the status, though when the audit narrowed the status
# (Partially, Not) such answers were right 7 of 7 in the held-out top, and when it said Fully, 7 of 13.
# Held out: 27.8 % sent at 0.957 without it, 37.4 % at 0.960 with it.
# `denied_fully`: a "Fully Supported" answer with a cited quote that negates something the question does not.
# On nine sets such answers were right 17 times of 32, against 143 of 173 for Fully without a cue, and a
# denial beside "Not Supported" 26 of 28: one weight for the cue whatever the status averaged the two.
# `question_terms_covered`: how much of the question's wording (rarer words weigh more) the cited quotes
# use. Relevance mixes it with meaning, and a passage close in meaning can leave out what the question
# asks of ("Can I export a list of users with their roles and privileges?" answered Fully from "Export
# Users to export a CSV file of uncaptured users": no role, no privilege), the kind of "Fully Supported"
# on an unanswerable question that went out held out.
# Held out, on the signals before the refit that brought them in: 50.0 % sent at 0.964 with one "Fully
# Supported" on an unanswerable question; with `denied_fully` and the abstention limit of `_spoken_of_limit`,
# 50.3 % at 0.969 and still one; with `question_terms_covered` too, 49.7 % at 0.984 and none. (Chosen having
# seen those held-out figures, so they are not a clean estimate; bench/nested.py fixes the features.)
ANSWER_FEATURES = ["relevance", "denial_cue", "limit_cue", "universal_question", "customer_question", "open_question",
                   "universal_fully", "denied_fully", "question_terms_covered"]
# The 95 % asked of each vendor, with a margin: a vendor sends some twenty answers, so 95 % allows one wrong;
# 97.5 % pooled is half a wrong answer a vendor. At 0.96, once the customer's own keys were read (five
# wrong answers near the threshold came right), the threshold fell to 0.83 and held out 50 % were sent at
# 0.953, with one "Fully Supported" on an unanswerable question; at 0.975, 45 % at 0.971 and none. (At
# 0.95 exactly, on eight sets, one answer turning right had moved the held-out precision from 0.952 to
# 0.929: the lowest threshold that reaches a target moves with a single answer.) Then 0.98: once the
# features below `denied_fully` came in, at 0.975 held out 49.7 % were sent at 0.984, but two wrong
# "Fully Supported" answers and one on an unanswerable question sat within 0.005 under their vendor's
# threshold; at 0.98, 48.7 % at 0.989, every vendor's threshold 0.01 higher and none of them that close
# (0.985: Supabase's threshold jumps to 0.93 and it sends 30 %, under the 35 % asked). The share sent has
# fourteen points of margin over the 35 % asked, the precision two and a half: the margin goes where it
# is thin. (Chosen having seen those held-out figures.)
TARGET = 0.98
# What a vendor no rule has seen gets: the answers each vendor's first run gave (bench/first_runs.py),
# scored by the model fitted on the later answers. On those, at the threshold the later answers chose
# (0.862), 58 of 494 were sent and 48 right (0.83); "Fully Supported" ones 20 of 29. The threshold is also
# the lowest at which the first runs' answers are right the 95 % the issue asks, with no margin: they
# are the pessimistic side (every rule written since was missing), and at 0.98 one wrong abstention at
# 0.993 (Meilisearch's API keys read as customer-managed keys, a rule since) leaves nothing to send. Each
# answer sent is itself at that probability too (`_first_run_threshold`).
FIRST_RUN_TARGET = 0.95
REPEATS = 10
MIN_RECALIBRATION = 20  # first-run answers of a kind below which its regression is left as fitted
# Signals the recalibration on first runs may weigh beside the regression's score, chosen among these by
# `choose_recalibration`. The later answers cannot teach them: rules written after each first run made the
# drafts they would have told apart right (on thirty-four sets, 208 of 209 abstentions that may be sent were
# right in the later answers, 159 of 169 in the first runs). The ten wrong first-run abstentions were on
# subjects a passage spoke of in other words (SIEM for log streaming, SDK for client libraries), and the
# passage closest to the question came nearer in meaning (0.37-0.81 against 0.17-0.59 for the right ones).
RECALIBRATION_CANDIDATES = {"abstention": ["closest_semantic", "closest_relevance", "terms_in_documents"],
                            "answer": ["semantic", "lexical", "second_relevance"]}
C = 1.0  # inverse L2 strength, for 74 and 260 answers (held out, 0.3 sent 29 % at 0.948; 1, 31 % at 0.952)


def collect(data: Path = DATA, embedder: str = "wordllama") -> None:
    """Answer every development set offline and store each answer's signals and label."""
    reports = evaluate_all(embedder)
    rows = [row for vendor, report in reports.items() for row in answer_rows(vendor, report)]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} answers from {len(reports)} development sets written to {data}")


def answer_rows(vendor: str, report: dict) -> list[dict]:
    """One row per answer the audit measured, from a vendor's `rfpbot eval --json` report."""
    return [{"vendor": vendor, "id": o["id"], "expected_status": o["expected_status"], "status": o["status"],
             "answerable": bool(o["expected_sources"]), "right": o["right"], "signals": o["signals"],
             "question": o["question"], "quotes": o["quotes"], "facets_missing": o["facets_missing"],
             "deniable_quotes": o["deniable_quotes"], "limiting_quotes": o["limiting_quotes"],
             "list_heads": o.get("list_heads", [])}
            for o in report["per_question"] if o["signals"] is not None]


def _load(data: Path = DATA) -> list[dict]:
    return [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]


def _logistic(rows: list[dict], features: list[str]) -> Logistic:
    """A regression of `right` on the features; a constant (the smoothed share right) if the rows agree."""
    from sklearn.linear_model import LogisticRegression

    x = np.array([AnswerSignals.model_validate(r["signals"]).vector(features) for r in rows], dtype=float)
    y = np.array([r["right"] for r in rows], dtype=int)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    if len(set(y)) < 2:
        share = (y.sum() + 1) / (len(y) + 2)
        coef, intercept = np.zeros(len(features)), float(np.log(share / (1 - share)))
    else:
        model = LogisticRegression(C=C, max_iter=5000).fit((x - mean) / scale, y)
        coef, intercept = model.coef_[0], float(model.intercept_[0])
    return Logistic(features=features, mean=mean.round(6).tolist(), scale=scale.round(6).tolist(),
                    coef=coef.round(6).tolist(), intercept=round(intercept, 6))


def _kind(rows: list[dict], kind: str) -> list[dict]:
    return [r for r in rows if bool(r["signals"]["abstained"]) == (kind == "abstention")]


_FEATURES = {"abstention": ABSTENTION_FEATURES, "answer": ANSWER_FEATURES}


def _fit(rows: list[dict], first: list[dict] = (), extras: dict[str, list[str]] | None = None) -> GateModel:
    """Both regressions fitted on `rows`, each recalibrated on the first-run answers of its kind in `first`,
    weighing the `extras` of its kind beside its score (`choose_recalibration`)."""
    extras = extras or {}
    abstained = _kind(rows, "abstention")
    abstention, answer = (_recalibrated(_logistic(_kind(rows, kind), _FEATURES[kind]), _kind(first, kind),
                                        extras.get(kind, [])) for kind in ("abstention", "answer"))
    return GateModel(abstention=abstention, answer=answer, threshold=1.0, spoken_of_limit=_spoken_of_limit(abstained),
                     fitted_on=sorted({r["vendor"] for r in rows}), precision_target=TARGET)


def _recalibrated(model: Logistic, first: list[dict], extras: list[str] = ()) -> Logistic:
    """The regression with its score reweighted so that its probability matches how often the first runs'
    answers were right (a logistic regression on the score: Platt scaling, with `extras` beside it). Rules
    written after a vendor's first run make its later answers right more often, and a vendor the bot is
    deployed on is one no rule has seen: the confidence shown should say how often such answers are right."""
    y = np.array([r["right"] for r in first], dtype=int)
    if len(first) < MIN_RECALIBRATION or len(set(y)) < 2:
        return model
    platt = _platt(_recalibration_inputs(model, first, extras), y)
    slope = float(platt.coef_[0][0])
    if slope <= 0:  # a score that does not rank the first runs at all: keep the regression as it was
        return model
    return model.model_copy(update={"slope": round(slope, 6), "shift": round(float(platt.intercept_[0]), 6),
                                    "recalibration": list(extras),
                                    "recalibration_coef": [round(float(c), 6) for c in platt.coef_[0][1:]]})


def _recalibration_inputs(model: Logistic, rows: list[dict], extras: list[str]) -> np.ndarray:
    signals = [AnswerSignals.model_validate(r["signals"]) for r in rows]
    return np.array([[model.score(s)] + s.vector(extras) for s in signals], dtype=float)


def _platt(x: np.ndarray, y: np.ndarray):
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=1e4, max_iter=5000).fit(x, y)


def choose_recalibration(rows: list[dict], first: list[dict]) -> dict[str, list[str]]:
    """Per kind of draft, the signals (none, one or two of RECALIBRATION_CANDIDATES) its recalibration weighs
    beside the score: those whose recalibration, fitted on every first-run vendor but one, sent that vendor's
    first run best (`_held_out_sending`, summed over the vendors in turn); among equals, the lowest log-loss
    (the confidence shown should mean what it says below the threshold too). No signal is kept unless it
    does better.

    The choice was made on log-loss alone until thirty-six sets, and log-loss is fitted over every answer,
    while what a team gets from the recalibration is which answers reach FIRST_RUN_TARGET: on thirty-six sets
    it chose the share of the question's terms (held out, 35 first-run abstentions sent, 34 right) over the
    closest passage's meaning (57 sent, 57 right), and a "no evidence … SIEM" beside an audit-forwarding page
    went out alone again."""
    chosen, gate = {}, _fit(rows)
    for kind, candidates in RECALIBRATION_CANDIDATES.items():
        kept = _kind(first, kind)
        if len(kept) < MIN_RECALIBRATION:  # too few to recalibrate at all (`_recalibrated`)
            chosen[kind] = []
            continue
        model = gate.abstention if kind == "abstention" else gate.answer
        sendable = np.array([_sendable(r, gate) for r in kept])
        subsets = [[]] + [[c] for c in candidates] + [list(p) for p in itertools.combinations(candidates, 2)]
        inputs = _recalibration_inputs(model, kept, candidates)
        columns = {name: i + 1 for i, name in enumerate(candidates)}
        ranks = []
        for subset in subsets:
            x = inputs[:, [0] + [columns[c] for c in subset]]
            ranks.append((-_held_out_sending(x, kept, sendable), _held_out_loss(x, kept)))
        chosen[kind] = subsets[min(range(len(subsets)), key=ranks.__getitem__)]
    return chosen


def _held_out(x: np.ndarray, rows: list[dict]) -> tuple[np.ndarray, np.ndarray] | None:
    """Each row's probability from a recalibration fitted without its vendor, and the labels (None when one
    cannot be fitted)."""
    y = np.array([r["right"] for r in rows], dtype=int)
    vendors = np.array([r["vendor"] for r in rows])
    p = np.zeros(len(rows))
    for vendor in sorted(set(vendors)):
        out = vendors == vendor
        if len(set(y[~out])) < 2:
            return None
        p[out] = _platt(x[~out], y[~out]).predict_proba(x[out])[:, 1]
    return p, y


def _held_out_sending(x: np.ndarray, rows: list[dict], sendable: np.ndarray) -> float:
    """What sending at FIRST_RUN_TARGET is worth held out: each right answer sent counts one, each wrong one
    as many as the target allows right ones for it (19 at 0.95: zero at exactly the precision asked), and a
    "Fully Supported" on an unanswerable question sent rules the signals out (the zero asked)."""
    held = _held_out(x, rows)
    if held is None:
        return -math.inf
    p, y = held
    sent = [i for i in range(len(rows)) if sendable[i] and shown(float(p[i])) >= FIRST_RUN_TARGET]
    if any(_fully_unanswerable(rows[i]) for i in sent):
        return -math.inf
    wrong = sum(1 for i in sent if not y[i])
    return len(sent) - wrong - wrong * FIRST_RUN_TARGET / (1 - FIRST_RUN_TARGET)


def _held_out_loss(x: np.ndarray, rows: list[dict]) -> float:
    """The log-loss of recalibrations fitted without each vendor, on that vendor (inf when one cannot be fitted)."""
    held = _held_out(x, rows)
    if held is None:
        return math.inf
    p, y = held
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return -float(np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _spoken_of_limit(abstained: list[dict]) -> float:
    """The lowest `subject_spoken_of` of an abstention on a question the documents answer: from there up,
    abstentions go to a reviewer.

    The regression is fitted mostly on abstentions right because a name is missing (HIPAA, FedRAMP), and
    it put those on a subject the documents speak of at 0.87-0.95, over the send threshold; the wrong
    ones (activity logs for an audit trail, a Namespace for a tenant) had every name present and 0.71-0.86
    of the words. An abstention on a question the documents answer "no" in other words ("Do personal API
    tokens expire by default?": expiry is optional) is right by its status and the same kind: the
    documents held the answer. Counting those too, the limit rests on six abstentions instead of two
    (with Docker held out it was 0.857, from Temporal's tenant alone, and Docker's audit trail at 0.714
    went out). Like the zero "Fully Supported" on an unanswerable question, it is set by the cases seen."""
    held = [AnswerSignals.model_validate(r["signals"]).subject_spoken_of for r in abstained if r["answerable"]]
    held = [w for w in held if w > 0]
    return math.floor(min(held) * 1000) / 1000 if held else 1.01


def _probabilities(model: GateModel, rows: list[dict]) -> list[float]:
    # As users see them (`shown`): what the send decision, and so the threshold, is made on.
    return [shown(model.probability(AnswerSignals.model_validate(r["signals"]))) for r in rows]


def _out_of_fold(rows: list[dict], seed: int, first: list[dict] = (), folds: int = 5,
                 extras: dict[str, list[str]] | None = None) -> list[float]:
    """Each row's probability from a model fitted without it (5 folds of questions, shuffled by `seed`),
    recalibrated on `first` with `extras`."""
    from sklearn.model_selection import StratifiedKFold

    probs = [0.0] * len(rows)
    labels = [r["right"] for r in rows]
    for train, test in StratifiedKFold(folds, shuffle=True, random_state=seed).split(rows, labels):
        model = _fit([rows[i] for i in train], first, extras)
        for i in test:
            probs[i] = shown(model.probability(AnswerSignals.model_validate(rows[i]["signals"])))
    return probs


def choose_threshold(probs: list[float], right: list[bool], target: float = TARGET) -> float:
    """The lowest probability at which the answers at or above it are right `target` of the time or more."""
    ranked = sorted(zip(probs, right), key=lambda pair: -pair[0])
    best, hits = 1.0, 0
    for n, (p, ok) in enumerate(ranked, start=1):
        hits += ok
        if hits / n >= target and (n == len(ranked) or ranked[n][0] < p):
            best = p
    return best


def _threshold_for(rows: list[dict], model: GateModel, first: list[dict] = (),
                   extras: dict[str, list[str]] | None = None) -> float:
    # Out-of-fold probabilities of REPEATS different fold splits, pooled: with a few dozen answers near
    # the top, one split's threshold moves with which fold each answer happened to fall in.
    runs = [_out_of_fold(rows, seed, first, extras=extras) for seed in range(REPEATS)]
    probs = [p for run in runs for p in run]
    rights = [r["right"] for r in rows] * REPEATS
    # A draft the audit blocks goes to a reviewer whatever its probability: only the others can be sent.
    kept = [(p, ok) for p, ok, r in zip(probs, rights, rows * REPEATS) if _sendable(r, model)]
    precise = choose_threshold([p for p, _ in kept], [ok for _, ok in kept])
    # Before agents/rules/subject_page.py, on ten sets, held out 34.9 % were sent at 0.987 without the second
    # term against 19.9 % at 0.977 with it: NetBird's "Can we download the audit log as a CSV file…?",
    # answered "Yes." from invoices downloaded as CSV, was at 0.93 out of fold and set every vendor's
    # threshold there. It was kept all the same: without it the model fitted on all ten would send that
    # answer on its own development set, the zero asked of every set. (The rule now leaves it to a reviewer.)
    return max(precise, _above_fully_unanswerable(rows, runs, model), _first_run_threshold(first, model))


def _first_run_threshold(first: list[dict], model: GateModel) -> float:
    """The lowest probability, FIRST_RUN_TARGET or over, at which the first runs' sendable answers at that
    probability or over are right FIRST_RUN_TARGET of the time (1.0 when none is), and above any of them
    that was "Fully Supported" on a question the documents do not answer."""
    scored = [(p, r) for p, r in zip(_probabilities(model, first), first) if _sendable(r, model)]
    if not scored:
        return 0.0
    # Only answers whose own probability, recalibrated on the first runs, is the 95 % asked count: the lowest
    # threshold at which the first runs' answers are right 95 % together had fallen to 0.790 on twenty sets,
    # the surest "no evidence" answers (51 of 54 right) carrying "Fully Supported" ones right about four times
    # in five (0.80-0.90: 0.79 right); held out, 56 first-run answers went out at 0.911, two of the five wrong
    # such answers (Railway's, at 0.78 and 0.79). An answer itself one in five wrong goes to a person, whatever
    # the answers above it; and the answers over 95 % are sent only if they are right 95 % of the time.
    sure = [(p, r) for p, r in scored if p >= FIRST_RUN_TARGET]
    precise = choose_threshold([p for p, _ in sure], [r["right"] for _, r in sure], FIRST_RUN_TARGET) if sure else 1.0
    wrong = [p for p, r in scored if _fully_unanswerable(r)]
    return max([precise, FIRST_RUN_TARGET] + [p + 1e-4 for p in wrong])


def _above_fully_unanswerable(rows: list[dict], runs: list[list[float]], model: GateModel) -> float:
    """Just above the highest out-of-fold probability (its mean over the splits) of a "Fully Supported"
    on a question the documents do not answer: the zero asked is kept, like the precision, on answers
    the model had not seen. (Fly.io's "Can customers bring their own keys…?", answered Fully from "…is
    encrypted with LUKS", came out at 0.873 with the model fitted on all eight, over a threshold of 0.870
    chosen for precision alone.)"""
    means = np.mean(runs, axis=0)
    wrong = [m for m, r in zip(means, rows) if _sendable(r, model) and _fully_unanswerable(r)]
    return float(max(wrong)) + 1e-4 if wrong else 0.0


def _fully_unanswerable(row: dict) -> bool:
    return not row["answerable"] and row["status"] == "Fully Supported"


def _sendable(row: dict, model: GateModel) -> bool:
    """Not blocked by a failed audit check (a quote not in its source, a claim its quotes do not make…), nor
    left to a reviewer because it holds on some plans only (`agents.rules.plans`), measures in figures what the
    question measures in words or falls short of its figure (`agents.rules.measure`), answers a question asked in
    the negative (`agents.rules.polarity`), leaves uncited a found page on the question's subject
    (`agents.rules.subject_page`), states a limit or a denial (`GateModel.limit_or_denial`), or is an
    abstention the model doubts (`GateModel.doubts_abstention`)."""
    signals = AnswerSignals.model_validate(row["signals"])
    return (not signals.blocking and not signals.plan_dependent and not signals.judged_measure
            and not signals.asked_in_negative and not signals.subject_page_uncited
            and not model.limit_or_denial(signals)
            and not model.doubts_abstention(signals))


def _scores(rows: list[dict], probs: list[float], threshold: float, model: GateModel) -> dict:
    sent = [r for r, p in zip(rows, probs) if p >= threshold and _sendable(r, model)]
    unanswerable_fully = sum(1 for r in sent if _fully_unanswerable(r))
    answerable = [r for r in rows if r["answerable"]]
    return {"questions": len(rows), "sent": len(sent), "right": sum(r["right"] for r in sent),
            "share_sent": round(len(sent) / len(rows), 3),
            "precision": round(sum(r["right"] for r in sent) / len(sent), 3) if sent else None,
            "fully_unanswerable_sent": unanswerable_fully,
            "status_answerable": round(sum(r["status"] == r["expected_status"] for r in answerable) / len(answerable), 3),
            "threshold": round(threshold, 3)}


def _fitted_without(vendor: str, rows: list[dict], first: list[dict]) -> tuple[GateModel, float]:
    """The model and threshold fitted on every vendor but `vendor` (their later answers and first runs; the
    recalibration's signals chosen on those first runs too)."""
    train = [r for r in rows if r["vendor"] != vendor]
    others = [r for r in first if r["vendor"] != vendor]
    extras = choose_recalibration(train, others)
    model = _fit(train, others, extras)
    return model, _threshold_for(train, model, others, extras)


def leave_one_vendor_out(rows: list[dict], first: list[dict] = (),
                         fits: dict[str, tuple[GateModel, float]] | None = None
                         ) -> tuple[dict[str, dict], list[float], list[bool]]:
    """Per vendor: model and threshold fitted on the others, figures on that vendor; each row's held-out
    probability, and whether the held-out model would let it be sent. `fits` collects each vendor's fit."""
    fits = {} if fits is None else fits
    table, held_out, sendable = {}, [0.0] * len(rows), [False] * len(rows)
    for vendor in sorted({r["vendor"] for r in rows}):
        if vendor not in fits:
            fits[vendor] = _fitted_without(vendor, rows, first)
        model, threshold = fits[vendor]
        at = [i for i, r in enumerate(rows) if r["vendor"] == vendor]
        test = [rows[i] for i in at]
        probs = _probabilities(model, test)
        table[vendor] = _scores(test, probs, threshold, model)
        for i, p in zip(at, probs):
            held_out[i], sendable[i] = p, _sendable(rows[i], model)
    return table, held_out, sendable


def first_runs_held_out(rows: list[dict], first: list[dict],
                        fits: dict[str, tuple[GateModel, float]] | None = None
                        ) -> tuple[dict[str, dict], list[tuple[float, dict, bool]]]:
    """Per vendor with a recorded first run: the model fitted on the other vendors' later answers, the
    threshold on those and their first runs, scored on this vendor's first run (what a vendor no rule has
    seen gets), and each first-run answer's held-out probability and whether that model lets it be sent at
    all. `fits` holds the fits `leave_one_vendor_out` made already (the same for a vendor in both)."""
    fits = {} if fits is None else fits
    table, held_out = {}, []
    for vendor in sorted({r["vendor"] for r in first}):
        model, threshold = fits.get(vendor) or _fitted_without(vendor, rows, first)
        test = [r for r in first if r["vendor"] == vendor]
        probs = _probabilities(model, test)
        table[vendor] = _scores(test, probs, threshold, model)
        held_out += [(p, r, _sendable(r, model)) for p, r in zip(probs, test)]
    return table, held_out


def _print_table(table: dict[str, dict], questions: int) -> None:
    print(f"  {'vendor':<14}{'questions':>10}{'sent':>6}{'share':>7}{'precision':>10}{'FS-unans':>9}"
          f"{'status(ans)':>12}{'threshold':>10}")
    for vendor, s in table.items():
        precision = f"{s['precision']:.3f}" if s["precision"] is not None else "n/a"
        print(f"  {vendor:<14}{s['questions']:>10}{s['sent']:>6}{s['share_sent']:>7.3f}{precision:>10}"
              f"{s['fully_unanswerable_sent']:>9}{s['status_answerable']:>12.3f}{s['threshold']:>10.3f}")
    sent = sum(s["sent"] for s in table.values())
    right = sum(s["right"] for s in table.values())
    print(f"  {'pooled':<14}{questions:>10}{sent:>6}{sent / questions:>7.3f}"
          f"{(right / sent if sent else 0):>10.3f}{sum(s['fully_unanswerable_sent'] for s in table.values()):>9}")


def _print_report(rows: list[dict], first: list[dict]) -> None:
    fits: dict[str, tuple[GateModel, float]] = {}
    table, held_out, sendable = leave_one_vendor_out(rows, first, fits)
    print("leave-one-vendor-out (model and threshold fitted on the other vendors)")
    _print_table(table, len(rows))
    _print_curve("later answers", rows, held_out, sendable)
    _print_calibration("later answers", rows, held_out)
    if first:
        print("\nfirst runs held out (each vendor's answers before any rule was written for it; model, "
              "recalibration and threshold fitted without it)")
        first_table, scored = first_runs_held_out(rows, first, fits)
        _print_table(first_table, len(first))
        probs, answers, sendable = (list(column) for column in zip(*scored))
        _print_curve("first runs", answers, probs, sendable)
        _print_calibration("first runs", answers, probs)


def _print_curve(name: str, rows: list[dict], probs: list[float], sendable: list[bool]) -> None:
    print(f"\nprecision / automation on held-out probabilities ({name}, pooled)")
    for cut in (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95):
        chosen = [r for r, p, ok in zip(rows, probs, sendable) if p >= cut and ok]
        if chosen:
            print(f"  p ≥ {cut:.2f}: sent {len(chosen) / len(rows):.3f}, right {sum(r['right'] for r in chosen) / len(chosen):.3f}")


def _print_calibration(name: str, rows: list[dict], probs: list[float]) -> None:
    print(f"\ncalibration of held-out probabilities ({name}: band → share right)")
    for low, high in ((0, .5), (.5, .7), (.7, .8), (.8, .9), (.9, .95), (.95, 1.01)):
        inside = [r for r, p in zip(rows, probs) if low <= p < high]
        if inside:
            print(f"  {low:.2f}–{min(high, 1):.2f}: {len(inside):>3} answers, "
                  f"{sum(r['right'] for r in inside) / len(inside):.2f} right")


def fit() -> None:
    """Fit on every vendor, choose the threshold on held-out probabilities, write agents/judging/gate.json."""
    rows, first = _load(), _load(FIRST_RUN_DATA)
    _print_report(rows, first)
    extras = choose_recalibration(rows, first)
    model = _fit(rows, first, extras)
    model = model.model_copy(update={"threshold": round(_threshold_for(rows, model, first, extras), 4),
                                     "first_runs": sorted({r["vendor"] for r in first})})
    save(model)
    print(f"\nagents/judging/gate.json: fitted on {', '.join(model.fitted_on)}; send at p ≥ {model.threshold:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["collect", "fit", "report"])
    parser.add_argument("--embedder", choices=["wordllama", "minilm"], default="wordllama",
                        help="collect: the embedder of the index and of relevance (minilm: the comparison in the README)")
    parser.add_argument("--data", type=Path, default=DATA, help="collect writes, report reads (default %(default)s)")
    args = parser.parse_args()
    if args.step == "collect":
        collect(args.data, args.embedder)
    elif args.step == "fit":
        fit()
    else:
        _print_report(_load(args.data), _load(FIRST_RUN_DATA))


if __name__ == "__main__":
    main()
