"""The Slack app across restarts, queueing, the answer library and failures of its collaborators."""

from __future__ import annotations

import asyncio
import json

from openai import AsyncOpenAI

from agents.config import PipelineConfig
from agents.contracts import PipelineResult
from common import RetryPolicy
from agents.llm.openai_client import OpenAILLM
from agents.pipeline import Pipeline
from bot.answering.delivery import answer_metadata
from bot.app import recover_interrupted
from bot.rendering.answer_blocks import answer_messages
from services.records import outcome_of
from tests.fakes.openai_server import FakeOpenAI, Fault
from tests.fakes.scripted_model import ScriptedModel
from tests.fakes.slack_server import SlackFault
from tests.slack_harness import start_app
from tests.slack.test_slack_app import UNANSWERABLE, answer_of, button_value


async def test_pending_review_survives_a_restart(slack, kb_index, embedder, tmp_path):
    first = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, reviewers="UREV")
    await first.sender.mention(UNANSWERABLE, ts="100.1")
    await first.settle()
    message = answer_of(slack, "C1", "100.1")
    run_id = button_value(message, "review_approve")
    await first.stop()

    second = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, reviewers="UREV")
    await second.sender.click("review_approve", run_id, user="UREV", message_ts=message["ts"])
    await second.settle()
    assert "Approved by <@UREV>" in json.dumps(slack.messages["C1"][message["ts"]]["blocks"])
    await second.stop()


async def test_a_run_cut_off_by_a_dead_process_is_tried_once_more_then_its_thread_told(slack, kb_index, embedder,
                                                                                      tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, lease_seconds=3)
    await app.worker.stop()  # nobody answers here: the run stays as the dead processes leave it
    queued = await app.deps.store.enqueue("Do you encrypt data?", asker="U1", channel="C1", thread_ts="200.1")
    run = await app.deps.store.claim_next("dead-worker", "offline")
    assert run.id == queued.id
    assert await recover_interrupted(app.deps) == 0, "a live lease may belong to another replica"
    await asyncio.sleep(3.2)  # the dead worker renews nothing
    assert await recover_interrupted(app.deps) == 0, "queued again for another worker"
    assert (await app.deps.store.get_run(run.id)).status == "queued" and slack.thread("C1", "200.1") == []
    again = await app.deps.store.claim_next("second-dead-worker", "offline")
    await asyncio.sleep(3.2)
    assert await recover_interrupted(app.deps) == 1
    assert (await app.deps.store.get_run(run.id)).status == "interrupted"
    assert "interrupted while answering" in slack.thread("C1", "200.1")[-1]["text"]
    for holder in (run.claimed_by, again.claimed_by):
        assert not await app.deps.store.finish_run(run.id, outcome_of(PipelineResult(question="x")), holder)
    await app._runner.cleanup()
    await app._session.close()
    await app.deps.store.close()


async def _dead_after_answering(slack, kb_index, embedder, tmp_path, *, posted: bool):
    """A run answered by a worker that died before recording that its answer was posted (`posted`:
    after posting it); returns the run."""
    first = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, lease_seconds=3)
    await first.worker.stop()  # the process that answers below dies
    queued = await first.deps.store.enqueue("Do you encrypt data at rest?", asker="U1", channel="C1",
                                            thread_ts="210.1")
    run = await first.deps.store.claim_next("dead-worker", "offline")
    answered = await Pipeline(kb_index).run(queued.question)
    marked = answered.synthesis.model_copy(update={"answer": "Answered before the crash: " + answered.synthesis.answer})
    answered = answered.model_copy(update={"synthesis": marked})
    progress = await first.deps.client.chat_postMessage(channel="C1", thread_ts="210.1", text="Working on it")
    await first.deps.store.set_progress_ts(run.id, progress["ts"])
    assert await first.deps.store.record_answer(run.id, outcome_of(answered), run.claimed_by)
    if posted:
        await first.deps.client.chat_postMessage(channel="C1", thread_ts="210.1", text="answer",
                                                 blocks=answer_messages(answered, run.id)[0],
                                                 metadata=answer_metadata(run.id))
    await first._runner.cleanup()
    await first._session.close()
    await first.deps.store.close()
    return run


async def _taken_over(slack, kb_index, embedder, tmp_path, run):
    """Another process takes the dead worker's run over once its lease expired; its answers in the thread."""
    second = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, lease_seconds=3)
    for _ in range(100):  # its worker finds the lease expired at a sweep
        if (await second.deps.store.get_run(run.id)).status == "done":
            break
        await asyncio.sleep(0.1)
    await second.settle()
    done = await second.deps.store.get_run(run.id)
    await second.stop()
    return done, [m for m in slack.thread("C1", "210.1") if "confidence" in json.dumps(m.get("blocks", []))]


async def test_an_answer_its_dead_worker_recorded_but_never_posted_is_posted_by_another(slack, kb_index, embedder,
                                                                                       tmp_path):
    run = await _dead_after_answering(slack, kb_index, embedder, tmp_path, posted=False)
    done, answers = await _taken_over(slack, kb_index, embedder, tmp_path, run)
    assert len(answers) == 1 and "Answered before the crash" in json.dumps(answers[0]["blocks"]), \
        "the recorded answer, not a new one"
    assert (done.status, done.answer_ts, done.attempts) == ("done", answers[0]["ts"], 2)
    progress = [m for m in slack.thread("C1", "210.1") if ("Working on it" in m["text"] or "Done" in m["text"])
                and "confidence" not in json.dumps(m.get("blocks", []))]
    assert len(progress) == 1 and progress[0]["text"].startswith(":white_check_mark: Done"), \
        "the dead worker's progress message says how it ended"


async def test_a_run_answered_again_after_its_worker_died_rewrites_the_first_progress_message(
        slack, kb_index, embedder, tmp_path):
    first = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, lease_seconds=3)
    await first.worker.stop()
    queued = await first.deps.store.enqueue("Do you encrypt data at rest?", asker="U1", channel="C1",
                                            thread_ts="220.1")
    run = await first.deps.store.claim_next("dead-worker", "offline")
    progress = await first.deps.client.chat_postMessage(channel="C1", thread_ts="220.1", text="Working on it")
    await first.deps.store.set_progress_ts(queued.id, progress["ts"])  # then the worker died mid-answer
    await first._runner.cleanup()
    await first._session.close()
    await first.deps.store.close()

    second = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, lease_seconds=3)
    for _ in range(100):
        if (await second.deps.store.get_run(run.id)).status == "done":
            break
        await asyncio.sleep(0.1)
    await second.settle()
    await second.stop()
    thread = slack.thread("C1", "220.1")
    answers = [m for m in thread if "confidence" in json.dumps(m.get("blocks", []))]
    progress_messages = [m for m in thread if m not in answers]
    assert len(answers) == 1 and len(progress_messages) == 1, "one progress message, rewritten"
    assert progress_messages[0]["ts"] == progress["ts"] and progress_messages[0]["text"].startswith(
        ":white_check_mark: Done")


async def test_an_answer_posted_just_before_its_worker_died_is_not_posted_twice(slack, kb_index, embedder, tmp_path):
    run = await _dead_after_answering(slack, kb_index, embedder, tmp_path, posted=True)
    done, answers = await _taken_over(slack, kb_index, embedder, tmp_path, run)
    assert len(answers) == 1, "the thread already had it"
    assert (done.status, done.answer_ts) == ("done", answers[0]["ts"])


async def test_without_the_history_scope_a_possibly_posted_answer_is_posted_again_rather_than_lost(
        slack, kb_index, embedder, tmp_path):
    run = await _dead_after_answering(slack, kb_index, embedder, tmp_path, posted=True)
    slack.fail_next("conversations.replies", SlackFault(error="missing_scope"))
    done, answers = await _taken_over(slack, kb_index, embedder, tmp_path, run)
    assert len(answers) == 2 and done.status == "done"


async def test_approved_answer_is_reused_and_can_be_rerun(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, reviewers="UREV")
    await app.sender.mention(UNANSWERABLE, ts="300.1")
    await app.settle()
    message = answer_of(slack, "C1", "300.1")
    await app.sender.click("review_approve", button_value(message, "review_approve"), user="UREV", message_ts=message["ts"])
    await app.settle()

    await app.sender.mention("Do you support SOC 1 Type II reporting?", ts="301.1")
    await app.settle()
    reused = slack.thread("C1", "301.1")
    assert len(reused) == 1, "answered at once, without the pipeline's progress message"
    blocks = json.dumps(reused[0]["blocks"])
    assert "Approved answer" in blocks and "Approved by <@UREV>" in blocks

    await app.sender.mention("Do you hold SOC 2 Type II certification?", ts="302.1")
    await app.settle()
    assert "Approved answer" not in json.dumps(slack.thread("C1", "302.1"))

    await app.sender.click("run_anyway", button_value(reused[0], "run_anyway"), user="U1", message_ts=reused[0]["ts"])
    await app.settle()
    assert any("Needs review" in json.dumps(m.get("blocks", [])) for m in slack.thread("C1", "301.1"))
    await app.stop()


async def test_queued_askers_are_told_their_place(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, max_concurrent_runs=1)
    await asyncio.gather(*(app.sender.mention("Do you support SCIM?", ts=f"40{n}.1") for n in range(3)))
    await app.settle()
    queued = [m["text"] for n in range(3) for m in slack.thread("C1", f"40{n}.1") if "in the queue" in m["text"]]
    assert sorted(queued) == [":hourglass: Busy with other questions: yours is number 1 in the queue.",
                              ":hourglass: Busy with other questions: yours is number 2 in the queue."]
    assert all(answer_of(slack, "C1", f"40{n}.1") for n in range(3))
    await app.stop()


async def test_language_model_down_ends_with_a_message_in_the_thread(slack, kb_index, embedder, tmp_path):
    fake = FakeOpenAI(chat=ScriptedModel())
    fake.fail_next(*[Fault(status=503)] * 100)
    with fake.serve() as server:
        client = AsyncOpenAI(api_key="k", base_url=server.url + "/v1")
        llm = OpenAILLM(client, retry=RetryPolicy(attempts=2, base_delay=0.0))
        pipeline = Pipeline(kb_index, llm, PipelineConfig(llm_fallback=False))
        app = await start_app(slack, slack.url, tmp_path, pipeline, embedder)
        await app.sender.mention("Do you support SCIM?", ts="500.1")
        await app.settle()
        await app.stop()
        await client.close()
    last = slack.thread("C1", "500.1")[-1]["text"]
    assert "I couldn't answer this" in last and "HTTP 503" in last


async def test_slack_refusing_the_command_post_is_explained_privately(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
    slack.fail_next("chat.postMessage", SlackFault(error="not_in_channel"))
    await app.sender.command("Do you support SCIM?", channel="CPRIVATE", response_url=slack.url + "/response/1")
    await app.settle()
    assert slack.responses and "/invite @rfpbot" in slack.responses[-1]["text"]
    assert slack.responses[-1]["response_type"] == "ephemeral"
    await app.stop()


async def test_slack_refusing_the_answer_still_ends_with_a_message(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
    slack.fail_next("chat.postMessage", SlackFault(error="invalid_blocks"), after=1)  # the progress post goes through
    await app.sender.mention("Are you FedRAMP authorized?", ts="600.1")
    await app.settle()
    thread = slack.thread("C1", "600.1")
    assert thread[-1]["text"].startswith(":warning: I couldn't answer this: something went wrong on my side")
    runs = list(app.deps.store.db["runs"].rows)
    assert [r["status"] for r in runs] == ["failed"] and "invalid_blocks" in runs[0]["error"]
    await app.stop()


async def test_a_question_is_queued_once_acknowledged_and_its_redelivery_adds_nothing(slack, kb_index, embedder,
                                                                                      tmp_path):
    # Slack never delivers an acknowledged event again: a replica killed right after acknowledging
    # must already have queued the question, for another replica to answer it. (In one process the
    # listener after the acknowledgement usually wins the race too; bench/replicas.py kills one.)
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
    await app.worker.stop()  # nobody answers: the run stays as the acknowledgement left it
    response = await app.sender.mention("Do you encrypt data at rest?", ts="300.1", event_id="EvEarly")
    assert response.status == 200
    queued = await app.deps.store.queued()  # at once: no settling, no background task given a turn
    assert [(r.question, r.thread_ts) for r in queued] == [("Do you encrypt data at rest?", "300.1")]
    await app.sender.mention("Do you encrypt data at rest?", ts="300.1", event_id="EvEarly", retry_num=1)
    await asyncio.sleep(0.3)  # the listener, after the acknowledgement, finds the event id taken
    assert len(await app.deps.store.queued()) == 1
    await app._runner.cleanup()
    await app._session.close()
    await app.deps.store.close()
