"""Global middleware: Slack's redeliveries of an event are acknowledged and dropped."""

from __future__ import annotations

from slack_bolt.response import BoltResponse

from storage import Store


def dedupe(store: Store):
    """Middleware that lets each event id through once (recorded in the database)."""

    async def middleware(body: dict, next) -> BoltResponse | None:
        if body.get("type") == "event_callback" and body.get("event_id"):
            kind = body.get("event", {}).get("type", "")
            if not await store.first_delivery(body["event_id"], kind):
                return BoltResponse(status=200, body="")
        return await next()

    return middleware
