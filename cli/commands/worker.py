"""`rfpbot worker [--index PATH] [--engine ...]`: answer queued questions (started by `serve`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import sys
from collections.abc import Callable

from bot import build_worker, slack_client
from services import Settings, make_pipeline, open_index, open_store

from ..worker_host import READY_LINE


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Claim and answer until SIGTERM; the runs under way are finished first."""
    if args.parent_pid and not _tie_to_parent(args.parent_pid):
        return 0  # the server died while this process was starting
    # Answering is background work: acknowledging Slack within its deadline comes first.
    os.nice(settings.worker_niceness)
    client = slack_client(settings)
    index = await open_index(settings, index_path=args.index)
    store = open_store(settings)
    pipeline = make_pipeline(settings, index, args.engine)
    worker = build_worker(settings, client, store, pipeline, index.embedder,
                          opener=lambda name: open_index(settings, kb=name))
    await pipeline.warm_up()
    if args.parent_pid:
        with contextlib.suppress(OSError):  # a server gone meanwhile: the parent-death signal ends this one
            print(READY_LINE, flush=True)  # the serving process counts it ready (its /readyz)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stop)
    watch = asyncio.create_task(_watch_parent(args.parent_pid, worker.stop)) if args.parent_pid else None
    try:
        await worker.run_forever()
    finally:
        if watch:
            watch.cancel()
        await worker.drain()
        await pipeline.aclose()
        await store.close()
        await index.close()
    return 0


log = logging.getLogger(__name__)
_PR_SET_PDEATHSIG = 1


def _tie_to_parent(parent: int) -> bool:
    """Ask Linux to send SIGTERM when the parent dies, even by SIGKILL; False if it is gone already."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            log.warning("prctl(PR_SET_PDEATHSIG) is unavailable; watching the parent pid instead")
    return os.getppid() == parent


async def _watch_parent(parent: int, stop: Callable[[], None], interval: float = 1.0) -> None:
    """Stop when the parent dies: an orphan must not keep claiming runs. The parent-death
    signal does it at once on Linux; elsewhere, or if it is missed, the parent pid
    changing (re-parented) is noticed within `interval`."""
    while os.getppid() == parent:
        await asyncio.sleep(interval)
    log.warning("the serving process %s is gone; finishing the runs under way and stopping", parent)
    stop()
