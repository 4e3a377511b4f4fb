"""When the answer library reuses an approved answer: the same question in other words, never
one that names another thing, is negated, or asks for a fact instead of a yes or no."""

from __future__ import annotations

import csv
from datetime import datetime, timedelta, timezone

import pytest

from agents.contracts import PipelineResult, SynthesisResult
from agents.text.same_question import differences, same_question, same_question_rule
from retrieval import WordLlamaEmbedder
from services.library import AnswerLibrary, Lookup, Offer, offered
from storage import LibraryEntry, Store, open_database
from tests.conftest import ROOT

PAIRS = ROOT / "eval" / "library" / "pairs.csv"


@pytest.fixture(scope="module")
def embedder() -> WordLlamaEmbedder:
    return WordLlamaEmbedder()


def test_the_labelled_pairs_are_matched_at_the_targets(embedder):
    # A guard on the fitted rule (bench/library_match.py reports it held out): a wrong reuse is a
    # wrong answer sent, so precision comes first.
    rows = list(csv.DictReader(PAIRS.open(encoding="utf-8")))
    assert len(rows) >= 100 and {r["same"] for r in rows} == {"0", "1"}
    texts = sorted({t for r in rows for t in (r["first"], r["second"])})
    vectors = dict(zip(texts, embedder.embed_sync(texts)))
    matched = [r for r in rows if same_question(r["first"], r["second"], float(vectors[r["first"]] @ vectors[r["second"]]))]
    right = sum(r["same"] == "1" for r in matched)
    assert right / len(matched) >= 0.98
    assert right / sum(r["same"] == "1" for r in rows) >= 0.7


@pytest.mark.parametrize("first, second, why", [
    ("Do you hold a SOC 2 Type II report?", "Do you hold a SOC 1 Type II report?", "name different things"),
    ("Is your service authorized at the FedRAMP High baseline?", "Is your service authorized at the FedRAMP "
     "Moderate baseline?", "name different things"),
    ("Is customer data used to train AI models?", "Is customer data never used to train AI models?", "negated"),
    ("Is customer data encrypted at rest?", "Is any customer data stored unencrypted at rest?", "negated"),
    ("Are encryption keys rotated?", "How often are encryption keys rotated?", "asks for a fact"),
    ("Are user access rights reviewed quarterly?", "Are user access rights reviewed annually?", "different times"),
    ("Is security training mandatory every year?", "Is security training required at onboarding and "
     "repeated annually?", "different times"),
    ("Are access reviews performed semi-annually?", "Are access reviews performed annually?", "different times"),
])
def test_close_wordings_that_ask_something_else_are_told_apart(first, second, why):
    assert any(why in d for d in differences(first, second))
    assert not same_question(first, second, similarity=1.0)


@pytest.mark.parametrize("first, second", [
    ("Will you sign a HIPAA business associate agreement?", "Will you sign a HIPAA BAA?"),
    ("Can our data be hosted in the European Union?", "Can our data be hosted in the EU?"),
    ("Do you hold a SOC2 Type II report?", "Do you have a SOC 2 Type 2 report?"),
])
def test_an_acronym_or_another_spelling_of_a_name_is_the_same_name(first, second):
    assert differences(first, second) == []


@pytest.mark.parametrize("first, second", [
    ("Do you perform annual security awareness training?", "Is security awareness training done every year?"),
    ("Are vulnerability scans run monthly?", "Do you scan for vulnerabilities every month?"),
    ("Do new hires receive security training?", "Do employees receive security training at onboarding?"),
])
def test_the_same_time_in_other_words_is_the_same_time(first, second):
    assert differences(first, second) == []


async def test_the_library_reuses_the_closest_entry_nothing_tells_apart(tmp_path, embedder):
    store = Store(open_database(tmp_path / "library.sqlite"))
    library = AnswerLibrary(store, embedder)
    approved = datetime(2026, 11, 1, tzinfo=timezone.utc)
    for n, (question, answer) in enumerate([("Do you hold a SOC 1 Type II report?", "No SOC 1."),
                                           ("Are you SOC 2 Type II audited?", "Yes, yearly.")]):
        entry = LibraryEntry(run_id=f"r{n}", question=question, answer=answer, compliance_status="Fully Supported",
                             approved_by="UREV", approved_at=approved)
        await store.library.add(entry, (await embedder.embed([question]))[0])
    try:
        reused = await library.match("Do you hold a SOC 2 Type II report?")
        assert reused is not None and reused.answer == "Yes, yearly."
        assert await library.match("Do you hold a SOC 3 report?") is None
        assert await library.match("How often is customer data backed up?") is None
    finally:
        await store.close()


def test_the_fitted_threshold_says_what_it_was_fitted_on():
    model = same_question_rule()
    assert 0 < model.near < model.threshold < 1 and "pairs.csv" in model.fitted_on


async def _library_of(tmp_path, embedder, entries: list[tuple[str, str, datetime]]) -> Store:
    store = Store(open_database(tmp_path / "library.sqlite"))
    for n, (question, answer, approved) in enumerate(entries):
        entry = LibraryEntry(run_id=f"r{n}", question=question, answer=answer, compliance_status="Fully Supported",
                             approved_by="UREV", approved_at=approved, channel="C1")
        await store.library.add(entry, (await embedder.embed([question]))[0])
    return store


async def test_a_close_question_that_asks_something_else_is_offered_not_reused(tmp_path, embedder):
    recent = datetime.now(timezone.utc)
    store = await _library_of(tmp_path, embedder, [("Do you hold a SOC 1 Type II report?", "Yes, SOC 1.", recent)])
    try:
        found = await AnswerLibrary(store, embedder).lookup("Do you hold a SOC 2 Type II report?")
        assert found.match is None and found.offer is not None
        assert found.offer.entry.answer == "Yes, SOC 1." and "may ask something else" in found.offer.why
        unrelated = await AnswerLibrary(store, embedder).lookup("How often is customer data backed up?")
        assert unrelated == Lookup()
    finally:
        await store.close()


async def test_the_same_question_past_its_review_by_date_is_offered_and_a_fresh_entry_wins(tmp_path, embedder):
    question = "Do you hold a SOC 2 Type II report?"
    old = datetime.now(timezone.utc) - timedelta(days=400)
    store = await _library_of(tmp_path, embedder, [(question, "Yes (2024 report).", old)])
    try:
        found = await AnswerLibrary(store, embedder, max_age_days=365).lookup(question)
        assert found.match is None and found.offer.entry.answer == "Yes (2024 report)."
        assert f"approved on {old:%Y-%m-%d}, past its review-by date" in found.offer.why
        fresh = LibraryEntry(run_id="r9", question="Are you SOC 2 Type II audited?", answer="Yes (2026 report).",
                             compliance_status="Fully Supported", approved_by="UREV", approved_at=datetime.now(timezone.utc))
        await store.library.add(fresh, (await embedder.embed([fresh.question]))[0])
        again = await AnswerLibrary(store, embedder, max_age_days=365).lookup(question)
        assert again.match is not None and again.match.answer == "Yes (2026 report)." and again.offer is None
    finally:
        await store.close()


def _escalated_result(reason: str | None) -> PipelineResult:
    synthesis = SynthesisResult(answer="Yes. We hold a SOC 2 Type II report [1].", compliance_status="Fully Supported",
                                confidence_score=97)
    return PipelineResult(question="Do you hold a SOC 2 Type II report?", synthesis=synthesis, success=True,
                          escalated=reason is not None, escalation_reason=reason)


@pytest.mark.parametrize("reason", [None, "confidence 60% is under 80%"])
def test_an_offered_answer_sends_the_fresh_answer_to_a_reviewer_with_it_beside(reason):
    entry = LibraryEntry(run_id="r1", question="Do you hold a SOC 1 Type II report?", answer="Yes, SOC 1.",
                         compliance_status="Fully Supported", approved_by="UREV",
                         approved_at=datetime(2026, 1, 5, tzinfo=timezone.utc), channel="C1")
    offer = Offer(entry, "for a close question that may ask something else")
    here = offered(_escalated_result(reason), offer, "C1")
    assert here.escalated and "Yes, SOC 1." in here.escalation_reason and "by UREV" in here.escalation_reason
    assert '("Do you hold a SOC 1 Type II report?")' in here.escalation_reason
    # The pipeline's own reason for review, when it had one, stays first.
    assert here.escalation_reason.startswith(f"{reason}; the answer library has" if reason else "the answer library has")
    elsewhere = offered(_escalated_result(reason), offer, "C2")
    assert "SOC 1 Type II report?" not in elsewhere.escalation_reason  # asked in another conversation: not shown
