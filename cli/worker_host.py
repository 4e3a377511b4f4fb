"""Where the answering worker runs: a background loop of this process, or child processes."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from services import BackgroundLoop

if TYPE_CHECKING:
    from bot import QuestionWorker

log = logging.getLogger(__name__)
READY_LINE = "rfpbot worker ready"  # what a worker process prints once it has loaded and can answer


class InProcessWorker:
    """The worker on a background loop of the serving process (`--workers 0`, tests).

    The worker and everything it uses are built on that loop: async clients such as
    Weaviate's are tied to the loop they were opened on.
    """

    def __init__(self, background: BackgroundLoop, worker: QuestionWorker,
                 cleanup: Callable[[], Awaitable[None]] | None) -> None:
        self.worker = worker
        self._background = background
        self._cleanup = cleanup
        self._future = background.submit(worker.run_forever())

    @classmethod
    async def start(cls, build: Callable[[], Awaitable[QuestionWorker]],
                    cleanup: Callable[[], Awaitable[None]] | None = None) -> "InProcessWorker":
        """Build the worker on a new background loop and start it there."""
        background = BackgroundLoop()
        worker = await asyncio.wrap_future(background.submit(build()))
        return cls(background, worker, cleanup)

    def notify(self) -> None:
        """Wake the worker (callable from any thread)."""
        self._background.loop.call_soon_threadsafe(self.worker.wake)

    def busy(self) -> bool:
        """Whether a run is being answered right now."""
        return self.worker.busy()

    async def stop(self) -> None:
        """Stop claiming, let the runs under way finish, stop the loop."""
        self._background.loop.call_soon_threadsafe(self.worker.stop)
        await asyncio.wrap_future(self._future)
        await asyncio.wrap_future(self._background.submit(self.worker.drain()))
        if self._cleanup:
            await asyncio.wrap_future(self._background.submit(self._cleanup()))
        self._background.stop()


class WorkerProcesses:
    """`rfpbot worker` child processes, restarted if one dies.

    `start` spawns them at once, so that they load while the serving process does;
    `watch` restarts any that dies, once the server can tell the threads it left; `stop` ends them.
    Each says on its standard output when it has loaded (`ready`); anything else it prints is passed on."""

    def __init__(self, count: int, arguments: list[str]) -> None:
        self._count = count
        self._arguments = arguments
        self._children: list[asyncio.subprocess.Process] = []
        self._loaded: set[int] = set()
        self._readers: list[asyncio.Task] = []

    def ready(self) -> tuple[int, int]:
        """How many workers are running and loaded, of how many there should be."""
        return sum(c.returncode is None and c.pid in self._loaded for c in self._children), self._count

    async def start(self) -> None:
        """Spawn the workers."""
        self._children = [await self._spawn() for _ in range(self._count)]

    async def watch(self, on_death: Callable[[str], Awaitable[None]]) -> None:
        """Restart a worker that exits (after `on_death` of its name), until cancelled."""
        while True:
            await asyncio.sleep(1.0)
            for n, child in enumerate(self._children):
                if child.returncode is not None:
                    log.error("worker %s exited with %s; restarting it", child.pid, child.returncode)
                    await on_death(f"{socket.gethostname()}:{child.pid}")
                    self._children[n] = await self._spawn()

    async def _spawn(self) -> asyncio.subprocess.Process:
        child = await asyncio.create_subprocess_exec(sys.executable, "-m", "cli", "worker", *self._arguments,
                                                     stdout=asyncio.subprocess.PIPE)
        self._readers.append(asyncio.create_task(self._read(child)))
        return child

    async def _read(self, child: asyncio.subprocess.Process) -> None:
        # Read to the end whatever comes: a child whose pipe fills up would block on its next print.
        while True:
            try:
                line = await child.stdout.readline()
            except ValueError:  # a line over the reader's limit: dropped, the reading goes on
                continue
            if not line:
                return
            if line.decode(errors="replace").strip() == READY_LINE:
                self._loaded.add(child.pid)
            else:
                sys.stdout.buffer.write(line)
                sys.stdout.flush()

    async def stop(self) -> None:
        """Terminate the workers (each finishes the runs under way first), killing any that hangs."""
        for child in self._children:
            if child.returncode is None:
                child.terminate()
        for child in self._children:
            try:
                await asyncio.wait_for(child.wait(), 30)
            except TimeoutError:
                child.kill()
        for reader in self._readers:
            reader.cancel()
        await asyncio.gather(*self._readers, return_exceptions=True)
