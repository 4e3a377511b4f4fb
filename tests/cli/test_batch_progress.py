"""A questionnaire job's progress: reported as rows are answered, never falling behind at the end."""

from __future__ import annotations

from agents.config import PipelineConfig
from agents.pipeline import Pipeline
from questionnaire import BatchOptions, Limits
from services.jobs import BatchRunner, create_job
from storage import BatchStore, Store, open_database
from tests.questionnaires import sample_questions, security_workbook


async def _answer(tmp_path, kb_index, progress_every: float):
    """Answer a 12-row job; the progress counts heard on the way, the final progress, the rows."""
    store = Store(open_database(tmp_path / "rfpbot.sqlite"))
    batches = BatchStore(store)
    questions = sample_questions(12)
    job, _ = await create_job(batches, "vendor.xlsx", security_workbook(questions, heading_every=50), BatchOptions(),
                              Limits())
    runner = BatchRunner(batches, Pipeline(kb_index), None, PipelineConfig(), concurrency=4,
                         progress_every=progress_every)
    heard = []

    async def on_progress(progress):
        heard.append(progress.done)

    final = await runner.run(job, on_progress)
    await store.close()
    return heard, final, len(questions)


async def test_every_answer_is_reported_when_asked_for(tmp_path, kb_index):
    heard, final, total = await _answer(tmp_path, kb_index, progress_every=0)
    assert final.done == final.total == total
    assert len(heard) == total and heard == sorted(heard) and heard[-1] == total


async def test_a_busy_job_reports_seldom_and_still_ends_complete(tmp_path, kb_index):
    # Counting progress reads every row: a 400-row job counting after each answer spent a second on it.
    heard, final, total = await _answer(tmp_path, kb_index, progress_every=3600)
    assert len(heard) == 1 and 1 <= heard[0] < total  # the first answer is shown at once
    assert final.done == final.total == total and final.failed == 0
