"""Terminal output helpers: a progress bar that only draws on a real terminal."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    """A one-line `[#####.....] 120/480 chunks` bar on stderr; silent when not a TTY."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self._label = label
        self._stream = stream or sys.stderr
        self._width = width
        self._active = self._stream.isatty()
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self._active or total <= 0:
            return
        filled = int(self._width * done / total)
        bar = "#" * filled + "." * (self._width - filled)
        self._stream.write(f"\r{self._label} [{bar}] {done}/{total}")
        self._stream.flush()
        self._drawn = True

    def finish(self) -> None:
        """End the bar's line so later output starts on a fresh one."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
