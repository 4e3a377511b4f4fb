"""The App Home tab: the answers waiting for a reviewer (with the buttons), your recent questions, figures."""

from __future__ import annotations

from datetime import timedelta

from slack_sdk.models.views import View
from slack_sdk.web.async_client import AsyncWebClient

from services import result_of
from storage import ActivityStore, Figures, RunRecord, now

from ..rendering.answer_blocks import STATUS_EMOJI, review_actions
from ..rendering.block_kit import context as _context
from ..rendering.block_kit import divider
from ..rendering.block_kit import header as _header
from ..rendering.block_kit import section as _section
from ..rendering.slack_text import escape
from .reviewers import Reviewers

QUEUE_SHOWN = 20
RECENT_SHOWN = 8
_HOME_BLOCK_LIMIT = 100


class HomeTab:
    """Publishes a person's Home tab; reviewers see the queue first."""

    def __init__(self, client: AsyncWebClient, activity: ActivityStore, reviewers: Reviewers) -> None:
        self._client = client
        self._activity = activity
        self._reviewers = reviewers

    async def publish(self, user: str) -> dict:
        """Build and publish the Home tab of `user`; returns the view."""
        waiting, total = await self._activity.waiting_review(QUEUE_SHOWN)
        week = await self._activity.figures(now() - timedelta(days=7))
        month = await self._activity.figures(now() - timedelta(days=30))
        # Only named reviewers see the queue: without RFPBOT_REVIEWERS anyone may review an
        # answer in its thread, but the queue gathers every channel's questions in one place.
        reviewer = self._reviewers.configured and await self._reviewers.can_review(user, None)
        view = home_view(waiting, total, await self._activity.recent(user, RECENT_SHOWN), week, month, reviewer)
        await self._client.views_publish(user_id=user, view=view)
        return view


def _figures(label: str, f: Figures) -> str:
    rate = f"{f.helpful_rate:.0%}" if f.helpful_rate is not None else "—"
    return (f"*{label}:* {f.answered} answered · {f.escalated} sent for review · {f.approved} approved · "
            f"{f.rejected} rejected · 👍 {rate} ({f.helpful + f.not_helpful} votes)")


def _where(run: RunRecord) -> str:
    return f"<#{run.channel}>" if run.channel and run.channel.startswith("C") else "a direct message"


def _waiting(run: RunRecord) -> list[dict]:
    result = result_of(run)
    s = result.synthesis if result else None
    status = f"{STATUS_EMOJI.get(s.compliance_status, '')} {s.compliance_status} · {s.confidence_score}%" if s else ""
    reason = escape((result.escalation_reason or "") if result else "")[:400]
    asked = f"{run.finished_at:%Y-%m-%d %H:%M} UTC" if run.finished_at else ""
    origin = "a questionnaire row" if run.batch_id else _where(run)
    return [_section(f"*{escape(run.question[:300])}*\n{status}\n:eyes: {reason}"),
            _context(f"asked in {origin} · {asked} · run `{run.id}`"), {**review_actions(run.id), "block_id": f"home-{run.id}"}]


def home_view(waiting: list[RunRecord], total: int, recent: list[RunRecord], week: Figures, month: Figures,
              reviewer: bool) -> dict:
    """The Home tab: queue (for reviewers), figures, recent answers; within Slack's 100 blocks."""
    blocks = [_header("rfpbot"), _section(_figures("Last 7 days", week)), _section(_figures("Last 30 days", month))]
    if reviewer:
        blocks += [divider(), _header(f"Waiting for review ({total})")]
        if not waiting:
            blocks.append(_context("Nothing is waiting. :tada:"))
        for run in waiting:
            blocks += _waiting(run)
        if total > len(waiting):
            blocks.append(_context(f"…and {total - len(waiting)} more, oldest first."))
    blocks += [divider(), _header("Your recent questions")]
    for run in recent:
        status = run.compliance_status or ("approved answer reused" if run.status == "reused" else "—")
        blocks.append(_context(f"{STATUS_EMOJI.get(run.compliance_status or '', '')} *{escape(status)}* · "
                               f"{escape(run.question[:200])} · {_where(run)}"))
    if not recent:
        blocks.append(_context("No answers yet: mention me with a question in a channel."))
    return View(type="home", blocks=blocks[:_HOME_BLOCK_LIMIT]).to_dict()
