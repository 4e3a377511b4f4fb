"""Run an aiohttp application on 127.0.0.1 in a thread of its own.

A thread (with its own event loop) lets the same fake serve async tests and
synchronous ones that call `rfpbot` commands, which start their own loop.
"""

from __future__ import annotations

import asyncio
import socket
import threading

from aiohttp import web


def free_ports(count: int = 1) -> list[int]:
    """Loopback ports free right now (held together while choosing, so all differ)."""
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


class ThreadedServer:
    """Start with `with`, read `.url`; the server stops when the block ends."""

    def __init__(self, app: web.Application, port: int = 0) -> None:
        self._app = app
        self._port = port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None
        self.url = ""

    def __enter__(self):
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=10)
        return self

    def __exit__(self, *exc) -> None:
        asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    async def _start(self) -> None:
        self._runner = web.AppRunner(self._app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self._port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
