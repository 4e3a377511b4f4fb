"""The serving process once its workers are spawned: the Slack app, its health check, the
retention purge, and the supervision of the workers (see `cli.commands.serve`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal

from aiohttp import web

from bot import (EVENTS_PATH, build_app, build_deps, build_worker, health_app, recover_interrupted, slack_client,
                 tell_interrupted, warm_up, web_app)
from services import Settings, make_embedder, make_pipeline, open_index, open_store
from storage import BatchStore, Store

from .worker_host import InProcessWorker, WorkerProcesses

log = logging.getLogger(__name__)


async def serve(args: argparse.Namespace, settings: Settings, workers: WorkerProcesses | None) -> None:
    """Build the app, warm it, and serve until SIGTERM/SIGINT; `workers` are already running."""
    client = slack_client(settings)
    store = open_store(settings)
    embedder = make_embedder(settings)
    local = await _local_worker(args, settings, client, store, embedder) if workers is None else None
    deps = build_deps(settings, client, store, embedder, notify=local.notify if local else lambda: None)
    app = build_app(settings, deps, verify_requests=args.http)
    await warm_up(deps, embedder)
    interrupted = await recover_interrupted(deps)
    if interrupted:
        log.warning("%d run(s) were interrupted by the last stop; their threads were told", interrupted)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    purging = asyncio.create_task(_purge_daily(store, settings.retention_days)) if settings.retention_days else None

    async def on_death(worker: str) -> None:
        await tell_interrupted(client, await store.interrupt_claimed(worker))
        await BatchStore(store).requeue_stalled(worker)  # its questionnaire job resumes elsewhere

    watching = asyncio.create_task(workers.watch(on_death)) if workers else None
    try:
        ready = workers.ready if workers else None
        serving = (_serve_http(app, settings.slack_signing_secret, args.host, args.port, stop, ready) if args.http
                   else _serve_socket(app, settings.slack_app_token, stop, args.host, args.port, ready))
        await serving
    finally:
        if purging:
            purging.cancel()
        if watching:
            watching.cancel()
            await asyncio.gather(watching, return_exceptions=True)
        if local:
            await local.stop()
        await store.close()


async def _purge_daily(store: Store, days: float) -> None:
    """RFPBOT_RETENTION_DAYS: purge at start, then once a day."""
    while True:
        try:
            counts = await store.purge(days)
            log.info("retention purge: %s", counts)
        except Exception:  # a busy database: tomorrow's purge catches up
            log.exception("the retention purge failed")
        await asyncio.sleep(24 * 3600)


async def _local_worker(args, settings: Settings, client, store: Store, embedder) -> InProcessWorker:
    """`--workers 0`: answer on a background loop of this process, with an index opened there."""
    opened = []

    async def build():
        index = await open_index(settings, index_path=args.index)
        pipeline = make_pipeline(settings, index, args.engine)
        opened.append((index, pipeline))
        await pipeline.warm_up()
        return build_worker(settings, client, store, pipeline, embedder,
                            opener=lambda name: open_index(settings, kb=name))

    async def cleanup():
        for index, pipeline in opened:
            await pipeline.aclose()
            await index.close()

    return await InProcessWorker.start(build, cleanup)


async def _listen(application: web.Application, host: str, port: int) -> web.AppRunner:
    runner = web.AppRunner(application)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


async def _serve_http(app, signing_secret: str, host: str, port: int, stop: asyncio.Event, ready) -> None:
    runner = await _listen(web_app(app, signing_secret, ready), host, port)
    print(f"rfpbot listening on http://{host}:{port}{EVENTS_PATH}", flush=True)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


async def _serve_socket(app, app_token: str, stop: asyncio.Event, host: str, port: int, ready) -> None:
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

    handler = AsyncSocketModeHandler(app, app_token)
    await handler.connect_async()
    health = await _listen(health_app(ready), host, port)  # the same /healthz as HTTP mode, for health checks
    print(f"rfpbot connected in Socket Mode (health on http://{host}:{port}/healthz)", flush=True)
    try:
        await stop.wait()
    finally:
        await health.cleanup()
        await handler.close_async()
