"""Keeping a claim (a run's or a job's lease) while the work under it goes on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


async def keep_lease(renew: Callable[[], Awaitable[bool]], every: float, working: asyncio.Task, what: str) -> None:
    """Renew every `every` seconds; when the claim is lost (someone else took it over), stop `working`.

    A failed renewal (a busy database) is retried at the next turn: the lease has slack for it.
    """
    while True:
        await asyncio.sleep(every)
        try:
            held = await renew()
        except Exception:  # the keeper's boundary: the next turn tries again
            log.exception("renewing the lease of %s failed", what)
            continue
        if not held:
            log.warning("%s is no longer ours; stopping it", what)
            working.cancel()
            return
