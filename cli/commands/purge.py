"""`rfpbot purge [--days N]`: delete runs older than the retention period."""

from __future__ import annotations

import argparse

from services import ConfigError, Settings, open_store


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Purge once and say what went."""
    days = args.days if args.days is not None else settings.retention_days
    if days is None or days <= 0:
        raise ConfigError("no retention period: set RFPBOT_RETENTION_DAYS or pass --days N (N > 0)")
    store = open_store(settings)
    try:
        counts = await store.purge(days)
    finally:
        await store.close()
    print(f"Deleted {counts.runs} run(s), {counts.run_events} trace row(s), {counts.reviews} review(s), "
          f"{counts.batch_jobs} questionnaire job(s) and {counts.slack_events} Slack event id(s) older than {days:g} day(s); the review log is kept.")
    return 0
