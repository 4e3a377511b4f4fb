"""`rfpbot worker [--index PATH] [--engine ...]`: answer queued questions (started by `serve`)."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from pathlib import Path

from storage import Store, open_database

from ..app import build_worker, slack_client
from ..deps import make_embedder, make_pipeline, open_index
from ..settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `worker` sub-command."""
    parser = subparsers.add_parser("worker", help="answer queued Slack questions (rfpbot serve starts these)")
    parser.add_argument("--index", type=Path, help="index file")
    parser.add_argument("--engine", choices=["offline", "openai"])
    parser.set_defaults(handler=run)


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Claim and answer until SIGTERM; the runs under way are finished first."""
    # Answering is background work: acknowledging Slack within its deadline comes first.
    os.nice(settings.worker_niceness)
    client = slack_client(settings)
    index = await open_index(settings, index_path=args.index)
    store = Store(open_database(settings.resolved_db_path()))
    embedder = make_embedder(settings)
    worker = build_worker(settings, client, store, make_pipeline(settings, index, args.engine), embedder)
    await embedder.embed(["warm-up"])
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, worker.stop)
    try:
        await worker.run_forever()
    finally:
        await worker.drain()
        await store.close()
        await index.close()
    return 0
