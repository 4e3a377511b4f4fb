"""`rfpbot feedback [--days 30] [--json]`: what askers thought of the answers (👍/👎)."""

from __future__ import annotations

import argparse

from services import FeedbackReport, Settings, feedback_report, open_store
from storage import ActivityStore, FeedbackStore

from ..errors import CliError


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Print the figures."""
    if args.days <= 0:
        raise CliError("--days must be more than 0")
    store = open_store(settings)
    try:
        report = await feedback_report(FeedbackStore(store), ActivityStore(store), args.days)
    finally:
        await store.close()
    print(report.model_dump_json(indent=2) if args.json else _text(report))
    return 0


def _text(report: FeedbackReport) -> str:
    rate = f"{report.helpful_rate:.0%}" if report.helpful_rate is not None else "—"
    lines = [f"last {report.days:g} day(s): {report.answers} answer(s), {report.votes} vote(s) from "
             f"{report.voters} person(s), helpful {rate}"]
    for title, groups in (("by status", report.by_status), ("by engine", report.by_engine)):
        if groups:
            lines.append(title)
            lines += [f"  {name:<22} 👍 {t.helpful:<4} 👎 {t.not_helpful}" for name, t in sorted(groups.items())]
    if report.not_helpful:
        lines.append("not helpful")
        for d in report.not_helpful:
            lines.append(f"  {d.not_helpful} × 👎 run {d.run_id} ({d.status or '—'}): {d.question[:100]}")
            lines += [f"      “{reason[:200]}”" for reason in d.reasons]
    return "\n".join(lines)
