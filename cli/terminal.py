"""Terminal output: ingestion's progress drawn by tqdm, on a real terminal only."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    """An ingestion progress callback (`done`, `total` chunks) drawn as a tqdm bar on stderr; silent
    when the stream is not a terminal."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self._label = label
        self._stream = stream or sys.stderr
        self._bar = None

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        if self._bar is None:
            from tqdm import tqdm  # only when something is embedded

            self._bar = tqdm(total=total, desc=self._label, unit="chunk", file=self._stream, disable=None,
                             dynamic_ncols=True)
        self._bar.total = total
        self._bar.update(done - self._bar.n)

    def finish(self) -> None:
        """Close the bar (its line ends) so later output starts on a fresh line."""
        if self._bar is not None:
            self._bar.close()
