"""Token estimates before a call, calibrated by what servers report after it.

No tokenizer ships offline for every model a compatible server may run, so a prompt
is estimated from its length at a conservative tokens-per-character ratio, which
each reply's `usage.prompt_tokens` corrects upwards when the model's tokenizer is
denser than assumed. Budgets are then kept from estimates that do not undercount.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_CONTEXT = re.compile(r"context (?:size|length|window)[^0-9]{0,40}(\d{3,7})", re.I)


@dataclass
class TokenMeter:
    """Estimates tokens from characters; learns the ratio from real counts."""

    per_char: float = 0.3  # English runs near 0.25 for BPE tokenizers; 0.3 leaves headroom
    ceiling: float = 1.0

    def estimate(self, text: str) -> int:
        """Tokens this text probably takes, rounded up."""
        return math.ceil(len(text) * self.per_char) + 4

    def observe(self, chars: int, tokens: int) -> None:
        """A server counted `tokens` for `chars` characters: never estimate lower than that again."""
        if chars > 200 and tokens > 0:
            self.per_char = min(self.ceiling, max(self.per_char, tokens / chars))


def context_size(message: str) -> int | None:
    """The context size a server names in its error ("exceeds the available context size (8192 tokens)")."""
    match = _CONTEXT.search(message)
    return int(match.group(1)) if match else None


def fit(texts: list[str], budget: int, meter: TokenMeter) -> list[str]:
    """The leading texts whose estimates add up to at most `budget` (at least the first, if any)."""
    kept, spent = [], 0
    for text in texts:
        cost = meter.estimate(text)
        if kept and spent + cost > budget:
            break
        kept.append(text)
        spent += cost
    return kept
