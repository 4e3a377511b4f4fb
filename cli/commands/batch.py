"""`rfpbot batch FILE [-o OUT] [--sheet NAME] [--question-column COL] [--concurrency N] [--resume] [--json]`"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from tqdm import tqdm

from questionnaire import BatchOptions
from services import (BatchRunner, BatchSummary, Settings, create_job, digest, export, limits_of, make_library,
                      make_pipeline, open_index, open_store, output_name)
from storage import BatchJob, BatchStore, Store, now

from ..errors import CliError


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Answer the file's questions, write the filled copy, print the summary."""
    data = _read(args.file)
    output = _output_path(args.file, args.output)
    options = BatchOptions(sheet=args.sheet, question_column=args.question_column,
                           keep_answers=args.keep_answer_columns)
    concurrency = settings.batch_concurrency if args.concurrency is None else args.concurrency
    if concurrency < 1:
        raise CliError("--concurrency must be 1 or more")
    # A question makes some of its model calls side by side: N questions at once need room
    # for more than N calls, or they queue behind each other.
    settings = settings.model_copy(update={"llm_concurrency": max(settings.llm_concurrency, 2 * concurrency)})
    # A missing index or model key is said before any job exists.
    index = await open_index(settings, index_path=args.index, kb=args.kb)
    try:
        pipeline = make_pipeline(settings, index, args.engine)
        try:
            store = open_store(settings)
            try:
                library = make_library(settings, store, index.embedder)
                runner = BatchRunner(BatchStore(store), pipeline, library, settings.pipeline, concurrency)
                summary = await _batch(runner, store, args, data, options, settings, output)
            finally:
                await store.close()
        finally:
            await pipeline.aclose()
    finally:
        await index.close()
    print(summary.model_dump_json(indent=2) if args.json else _text(summary))
    return 0


async def _batch(runner: BatchRunner, store: Store, args, data: bytes, options: BatchOptions, settings: Settings,
                 output: Path) -> BatchSummary:
    """Make (or resume) the job, answer it, write the filled copy."""
    batches = BatchStore(store)
    job = await _job(batches, args, data, options, settings)
    await _answer(runner, job)
    await batches.update(job.id, status="done", finished_at=now())
    return await _write(batches, store, job, output)


def _output_path(source: Path, wanted: Path | None) -> Path:
    """Where the filled copy goes: checked before any question is answered."""
    output = wanted or source.with_name(output_name(source.name))
    if output.resolve() == source.resolve():
        raise CliError(f"the filled copy would overwrite {source}: choose another path with -o")
    if output.suffix.lower() != source.suffix.lower():
        raise CliError(f"the filled copy keeps the format of {source.name}: name it with {source.suffix or '.csv'}")
    if not output.parent.is_dir():
        raise CliError(f"{output.parent} is not a folder: create it, or choose another path with -o")
    return output


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a folder: give the questionnaire file") from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None


async def _job(batches: BatchStore, args, data: bytes, options: BatchOptions, settings: Settings) -> BatchJob:
    earlier = await batches.latest(digest(data, options))
    if args.resume and earlier is not None:
        await batches.update(earlier.id, status="running")
        return earlier
    if args.resume:
        print(f"nothing to resume for {args.file.name}: starting a new batch", file=sys.stderr)
    elif earlier is not None and earlier.status != "done":
        print("note: an earlier batch of this file stopped before the end; --resume continues it "
              "(this one starts over)", file=sys.stderr)
    job, questionnaire = await create_job(batches, args.file.name, data, options, limits_of(settings))
    if questionnaire.skipped:
        print(f"{len(questionnaire.skipped)} row(s) set aside as headings or labels", file=sys.stderr)
    return job


async def _answer(runner: BatchRunner, job: BatchJob) -> None:
    start = await runner.progress(job)
    bar = tqdm(total=start.total, initial=start.done, unit="q", desc="answering", file=sys.stderr, disable=None)

    async def advance(progress) -> None:
        bar.n = progress.done
        bar.set_postfix_str(f"{progress.needs_review} need review", refresh=True)

    try:
        await advance(await runner.run(job, advance))
    except asyncio.CancelledError:
        print(f"\nstopped at {bar.n}/{start.total}: the answers so far are kept; run the same command with "
              "--resume to continue", file=sys.stderr)
        raise
    finally:
        bar.close()


async def _write(batches: BatchStore, store: Store, job: BatchJob, output: Path) -> BatchSummary:
    filled = await export(batches, store, await batches.get(job.id))
    # Written beside the target and renamed: an interrupted write never leaves half a file.
    try:
        fd, temporary = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.", suffix=".tmp")
    except OSError as exc:
        raise CliError(f"cannot write in {output.parent} ({exc.strerror}); the answers are kept: run again with "
                       "--resume and another -o") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(filled.data)
        os.replace(temporary, output)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise CliError(f"cannot write {output} ({exc.strerror}); the answers are kept: run again with --resume "
                       "and another -o") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    summary = filled.summary
    summary.output = str(output)
    return summary


def _text(summary: BatchSummary) -> str:
    statuses = ", ".join(f"{n} {status}" for status, n in sorted(summary.by_status.items()))
    lines = [f"{summary.answered}/{summary.questions} questions answered ({statuses or 'none'}); "
             f"{summary.needs_review} need review.",
             f"{summary.repeated} repeated question(s) answered once, {summary.from_library} from approved answers, "
             f"{summary.failed} not answered, {summary.skipped} row(s) set aside as headings.",
             *filter(None, [summary.own_columns_note()]),
             f"Filled copy: {summary.output}"]
    lines += [f"warning: {w}" for w in summary.warnings]
    return "\n".join(lines)
