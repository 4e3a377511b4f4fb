"""`rfpbot serve [--http] [--port 3000] [--workers N]`: run the Slack app."""

from __future__ import annotations

import argparse
import os

from services import ConfigError, Settings, open_index

from ..worker_host import WorkerProcesses


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Spawn the workers first, so that they load while this process builds the app; then serve."""
    settings.bot_token()
    if not args.http and not settings.slack_app_token:
        raise ConfigError("Socket Mode needs SLACK_APP_TOKEN (xapp-…); or run `rfpbot serve --http` "
                          "with SLACK_SIGNING_SECRET")
    await (await open_index(settings, index_path=args.index)).close()  # fails early, with advice, if there is none
    workers = None
    if args.workers > 0:
        workers = WorkerProcesses(args.workers, ["--parent-pid", str(os.getpid()),
                                                 *(["--index", str(args.index)] if args.index else []),
                                                 *(["--engine", args.engine] if args.engine else [])])
        await workers.start()
    try:
        from ..serving import serve  # the Slack app's libraries: a second of imports the workers overlap

        await serve(args, settings, workers)
    finally:
        if workers:
            await workers.stop()
    return 0
