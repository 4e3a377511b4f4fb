"""`rfpbot review-log`: every reviewer action, and whether the log's hash chain holds."""

from __future__ import annotations

import argparse

from services import Settings, open_store
from storage import broken_link

EXIT_TAMPERED = 3


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Print each entry; exit 3 when an entry was altered outside rfpbot."""
    store = open_store(settings)
    try:
        entries = await store.reviews.log_entries()
    finally:
        await store.close()
    for e in entries:
        reason = f" · {e.reason}" if e.reason else ""
        print(f"{e.seq:>5} {e.at:%Y-%m-%d %H:%M:%S} {e.reviewer:<12} {e.action:<8} {e.outcome:<16} run {e.run_id}{reason}")
    broken = broken_link(entries)
    if broken is not None:
        print(f"The log was altered: entry {broken} does not match its hash chain.")
        return EXIT_TAMPERED
    print(f"{len(entries)} entries; the hash chain holds.")
    return 0
