"""One storage contract, both databases: the embedded SQLite file and a real PostgreSQL server.

Every test runs twice. A "replica" is a second Store opened on the same database, as a second
`serve` process (on SQLite, on the same host) or another host (on PostgreSQL) would open it.
"""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import numpy as np
import pytest

from agents.contracts import PipelineResult, SynthesisResult, TraceEntry
from storage import (BatchJob, BatchRow, BatchStore, ChannelSettingsStore, FeedbackStore, LibraryEntry,
                     LibraryEntryNotFound, RunNotFound, Store, broken_link, connect)
from storage.schema import MIGRATIONS
from storage.store import now
from services.records import outcome_of, result_of


class Databases:
    """Opens Stores on one database of a kind; every test gets its own database."""

    def __init__(self, kind: str, where) -> None:
        self.kind = kind
        self.where = where
        self.stores: list[Store] = []

    def open(self, lease_seconds: float = 60.0) -> Store:
        store = Store(connect(self.where), lease_seconds=lease_seconds)
        self.stores.append(store)
        return store


@pytest.fixture(params=["sqlite", "postgresql"])
async def databases(request, tmp_path):
    if request.param == "postgresql":
        opened = Databases("postgresql", request.getfixturevalue("postgres_server").database())
    else:
        opened = Databases("sqlite", tmp_path / "rfpbot.sqlite")
    yield opened
    for store in opened.stores:
        await store.close()


@pytest.fixture
def store(databases) -> Store:
    return databases.open()


def _answered(question: str, escalated: bool = False) -> PipelineResult:
    synthesis = SynthesisResult(answer="Yes. Data is encrypted at rest [1].", compliance_status="Fully Supported",
                                confidence_score=93)
    trace = [TraceEntry(node="synthesis", started_at=now(), duration_ms=12.5, llm_calls=0, tokens=0, summary="ok")]
    return PipelineResult(question=question, synthesis=synthesis, success=True, escalated=escalated, trace=trace)


async def test_questions_are_claimed_oldest_first_once_and_finished_by_their_holder(store):
    asked = [await store.enqueue(f"Question {n}?", asker="U1", channel="C1", thread_ts=f"{n}.0") for n in range(3)]
    first = await store.claim_next("w1", "offline")
    second = await store.claim_next("w2", "offline")
    assert [first.id, second.id] == [asked[0].id, asked[1].id]
    assert [r.id for r in await store.queued()] == [asked[2].id]
    assert (first.claimed_by, first.attempts) == ("w1#1", 1)
    assert await store.finish_run(first.id, outcome_of(_answered(first.question)), first.claimed_by)
    assert not await store.finish_run(second.id, outcome_of(_answered(second.question)), first.claimed_by), "w1 does not hold it"
    done = await store.get_run(first.id)
    assert (done.status, done.compliance_status, done.confidence) == ("done", "Fully Supported", 93)
    assert result_of(done).synthesis.answer.startswith("Yes.")
    assert [e["node"] for e in await store.events_of(first.id)] == ["synthesis"]
    assert (await store.last_answer_in_thread("C1", "0.0")).id == first.id
    with pytest.raises(RunNotFound):
        await store.get_run("nope")


async def test_a_redelivered_slack_event_queues_nothing(databases):
    store, replica = databases.open(), databases.open()
    assert await store.enqueue("Do you support SSO?", asker="U1", channel="C1", thread_ts="1.0", event_id="Ev1")
    assert await replica.enqueue("Do you support SSO?", asker="U1", channel="C1", thread_ts="1.0", event_id="Ev1") is None
    assert len(await store.queued()) == 1
    assert await replica.first_delivery("Ev2", "action") and not await store.first_delivery("Ev2", "action")


async def test_replicas_claiming_at_once_never_share_a_run(databases):
    replicas = [databases.open() for _ in range(3)]
    ids = {(await replicas[0].enqueue(f"Q{n}?", asker="U1", channel="C1", thread_ts=f"{n}.0")).id for n in range(24)}

    async def drain(store: Store, worker: str) -> list[str]:
        taken = []
        while (run := await store.claim_next(worker, "offline")) is not None:
            taken.append(run.id)
        return taken

    claimed = await asyncio.gather(*(drain(store, f"w{n}-{k}") for n, store in enumerate(replicas) for k in range(2)))
    every = [run_id for taken in claimed for run_id in taken]
    assert sorted(every) == sorted(ids), "each run claimed exactly once"


async def test_a_run_whose_lease_expires_is_queued_again_once_and_its_late_holder_cannot_finish(databases):
    store, replica = databases.open(lease_seconds=0.3), databases.open(lease_seconds=0.3)
    run = await store.enqueue("Is data encrypted?", asker="U1", channel="C1", thread_ts="1.0")
    first = await store.claim_next("w1", "offline")
    assert first.id == run.id and await store.renew(run.id, first.claimed_by) and not await store.renew(run.id, "w2#1")
    await asyncio.sleep(0.5)
    assert await replica.expire_leases() == [], "queued again for another worker, nobody told"
    second = await replica.claim_next("w1", "offline")  # the same worker name, claiming anew
    assert (second.id, second.attempts, second.claimed_by) == (run.id, 2, "w1#2")
    assert not await store.finish_run(run.id, outcome_of(_answered(run.question)), first.claimed_by), "the lost attempt"
    assert not await store.renew(run.id, first.claimed_by)
    await asyncio.sleep(0.5)
    assert [r.id for r in await replica.expire_leases()] == [run.id], "a second death: interrupted, thread told"
    assert (await store.get_run(run.id)).status == "interrupted"
    assert not await replica.finish_run(run.id, outcome_of(_answered(run.question)), second.claimed_by)


async def test_an_answer_recorded_but_not_posted_goes_back_to_the_queue_with_it(databases):
    store, replica = databases.open(lease_seconds=0.3), databases.open(lease_seconds=0.3)
    run = await store.enqueue("Is data encrypted?", asker="U1", channel="C1", thread_ts="1.0")
    first = await store.claim_next("w1", "offline")
    assert await store.record_answer(run.id, outcome_of(_answered(run.question)), first.claimed_by)
    recorded = await store.get_run(run.id)
    assert (recorded.status, recorded.compliance_status) == ("running", "Fully Supported"), "not done until posted"
    assert await store.renew(run.id, first.claimed_by), "the lease is kept while the answer is posted"
    await asyncio.sleep(0.5)  # the worker died before posting
    assert await replica.expire_leases() == []
    again = await replica.claim_next("w2", "offline")
    assert again.id == run.id and result_of(again).synthesis.answer.startswith("Yes."), "the answer comes with it"
    assert not await store.posted(run.id, first.claimed_by, True, "9.9"), "the dead attempt"
    assert await replica.posted(run.id, again.claimed_by, True, "5.5")
    done = await store.get_run(run.id)
    assert (done.status, done.answer_ts) == ("done", "5.5")
    assert (await store.last_answer_in_thread("C1", "1.0")).id == run.id


async def test_a_decision_is_recorded_once_and_every_action_is_chained_in_an_append_only_log(databases):
    store, replica = databases.open(), databases.open()
    run = await store.enqueue("Do you hold SOC 2?", asker="U1", channel="C1", thread_ts="1.0")
    first, made = await store.reviews.decide(run.id, "UREV", "approve")
    again, made_again = await replica.reviews.decide(run.id, "UREV2", "reject", reason="late")
    assert made and not made_again and again.decision == "approve" and again.reviewer == "UREV"
    assert (await replica.reviews.of(run.id)).decision == "approve"
    await asyncio.gather(*(s.reviews.log(run.id, f"U{n}", "approve", "made") for n, s in
                           enumerate([store, replica] * 4)))
    log = await store.reviews.log_entries()
    assert len(log) == 8 and broken_link(log) is None, "concurrent appends from two replicas keep one chain"
    for statement in ("UPDATE review_log SET reviewer = 'UX'", "DELETE FROM review_log"):
        with pytest.raises(Exception, match="append-only"):
            await store.call(store.db.execute, statement)
    assert len(await store.reviews.log_entries()) == 8


async def test_the_answer_library_keeps_vectors_and_retires_entries(store):
    entry = LibraryEntry(run_id="r1", question="Do you hold SOC 2?", answer="Yes.", compliance_status="Fully Supported",
                         approved_by="UREV", approved_at=now(), channel="C1")
    vector = np.array([0.25, -0.5, 1.0], dtype=np.float32)
    await store.library.add(entry, vector)
    await store.library.add(entry, vector)  # once per run
    [kept] = await store.library.entries()
    assert kept.answer == "Yes." and np.allclose(kept.embedding, vector) and kept.retired_at is None
    retired = await store.library.retire(kept.id, "UREV", "outdated")
    assert retired.retired_by == "UREV" and (await store.library.entries())[0].retired_at is not None
    assert [e.action for e in await store.reviews.log_entries()] == ["retire"]
    with pytest.raises(LibraryEntryNotFound):
        await store.library.retire(9999, "UREV")


async def test_purge_deletes_old_finished_runs_and_keeps_the_log_and_the_library(store):
    old = await store.enqueue("Old question?", asker="U1", channel="C1", thread_ts="1.0", event_id="EvOld")
    kept = await store.enqueue("New question?", asker="U1", channel="C1", thread_ts="2.0")
    for run in (old, kept):
        claimed = await store.claim_next("w1", "offline")
        await store.finish_run(run.id, outcome_of(_answered(run.question)), claimed.claimed_by)
    await store.reviews.decide(old.id, "UREV", "approve")
    await store.reviews.log(old.id, "UREV", "approve", "made")
    long_ago = (now() - timedelta(days=40)).isoformat()
    await store.call(store.db["runs"].update, old.id, {"finished_at": long_ago})
    await store.call(store.db.execute, "UPDATE slack_events SET received_at = ?", [long_ago])
    counts = await store.purge(30)
    assert (counts.runs, counts.run_events, counts.reviews, counts.slack_events) == (1, 1, 1, 1)
    with pytest.raises(RunNotFound):
        await store.get_run(old.id)
    assert (await store.get_run(kept.id)).status == "done" and len(await store.reviews.log_entries()) == 1


async def test_votes_channel_settings_and_questionnaire_jobs(databases):
    store, replica = databases.open(), databases.open()
    run = await store.enqueue("Is data encrypted?", asker="U1", channel="C1", thread_ts="1.0")
    votes = FeedbackStore(store)
    await votes.vote(run.id, "U2", 1, "button")
    await FeedbackStore(replica).vote(run.id, "U2", -1, "reaction", reason="wrong region")
    assert await votes.explain(run.id, "U2", "it is the EU page") and not await votes.explain(run.id, "U9", "x")
    [vote] = await votes.of(run.id)
    assert (vote.user, vote.vote, vote.reason, vote.via) == ("U2", -1, "it is the EU page", "reaction")
    assert [(f.user, r.id) for f, r in await votes.since(now() - timedelta(hours=1))] == [("U2", run.id)]
    assert await votes.withdraw(run.id, "U2", -1) and await votes.of(run.id) == []

    channels = ChannelSettingsStore(store)
    await channels.put("C1", "UREV", 80, "UADMIN", knowledge_base="eu")
    await ChannelSettingsStore(replica).put("C1", "UREV,S1", 75, "UADMIN", knowledge_base="eu")
    settings = await channels.get("C1")
    assert (settings.reviewers, settings.confidence_threshold) == ("UREV,S1", 75)
    assert await channels.knowledge_bases() == {"C1": "eu"} and await channels.get("C2") is None

    jobs, other = BatchStore(store), BatchStore(replica)
    job = BatchJob(id="job1", filename="vendor.xlsx", options_json="{}", status="queued", created_at=now(),
                   channel="C1", thread_ts="3.0")
    assert await jobs.create(job, event_id="EvJob") and await other.create(job, event_id="EvJob") is None
    rows = [BatchRow(job_id="job1", seq=n, sheet="Security", row=n + 2, question=f"Q{n}?") for n in range(3)]
    await jobs.attach(job, b"\x50\x4b\x03\x04 file bytes \x00\xff", rows)
    assert await other.source("job1") == b"\x50\x4b\x03\x04 file bytes \x00\xff"
    claimed = await other.claim("w2")
    assert claimed.id == "job1" and await jobs.claim("w1") is None and await other.renew("job1", "w2")
    run_id = await other.answered(rows[0], outcome_of(_answered("Q0?", escalated=True)), claimed)
    await other.failed(rows[1], "timed out")
    outcomes = await jobs.outcomes("job1")
    assert [(o.state, o.escalated) for o in outcomes] == [("answered", True), ("failed", False), ("pending", False)]
    assert (await jobs.row_of_run(run_id)).seq == 0 and list(await jobs.runs("job1")) == [run_id]
    assert [j.id for j in await jobs.requeue_stalled("w2")] == ["job1"] and (await jobs.get("job1")).status == "queued"


async def test_the_schema_is_made_once_by_replicas_starting_together(databases):
    stores: list[Store] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            stores.append(Store(connect(databases.where)))
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    databases.stores.extend(stores)
    assert errors == [] and len(stores) == 4
    version = await stores[0].call(stores[0].db.execute, "SELECT value FROM meta WHERE key = 'schema_version'")
    assert version.fetchone()[0] == str(len(MIGRATIONS))
