"""Starting and stopping a real server binary for the tests: wait for its health URL, stop with SIGTERM."""

from __future__ import annotations

import signal
import subprocess
import time
import urllib.request
from pathlib import Path


def wait_ready(process: subprocess.Popen, health_url: str, timeout: float, log: Path, name: str,
               unavailable: type[Exception]) -> None:
    """Return once `health_url` answers 200; raise `unavailable` (with the log's tail) if the
    process exits first or the timeout passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise unavailable(f"{name} exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(health_url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise unavailable(f"{name} was not ready within {timeout:.0f} s: {log.read_text()[-2000:]}")


def stop_process(process: subprocess.Popen | None, log) -> None:
    """SIGTERM, then wait (SIGKILL after 30 s); close the log file."""
    if process and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if log:
        log.close()
