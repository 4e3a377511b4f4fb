"""Three more ways a passage narrows a question asked of *all*, *every* or *any* thing.

- A leading scope clause: "For organizations using PostHog Cloud EU, IP capture is disabled by
  default" answers "…in every hosting region?" for one region only.
- A table row whose columns differ: "| Errors | 30 days | 90 days | 90 days |" answers "retained
  for 90 days on every plan?" for some plans only.
- A way to turn it off: "Use `--no-encryption` to create an unencrypted volume" answers "encrypted on
  every volume?" for those left as they are by default.

Each makes the answer "Partially Supported" (the first unless the question names that scope itself).
"""

from __future__ import annotations

import re

from .terms import is_universal, key_terms, matches

# Who a scope clause is about says nothing of which ones: "For organizations using the EU cloud" is the EU cloud.
_WHO = frozenset({"organiz", "use", "custom", "user", "account", "team", "tenant", "client", "member", "peopl", "anyon"})
# Openings that link sentences, not scopes: "In addition, all data is encrypted" holds for all data.
_DISCOURSE = re.compile(r"(?:addition|general|example|instance|practice|short|summary|fact|contrast|turn|other words|"
                        r"the meantime|the end|the past|this case|that case|more information|more details?|details?|"
                        r"reference|convenience|simplicity|now|the most part|top of that|that out of the way|"
                        r"particular|brief|total|sum|essence|theory|principle|any case|either case|both cases)\s*$",
                        re.IGNORECASE)
_WAY_OUT = re.compile(r"--no-[\w-]+|\b(?:opt(?:s|ed)? out|opt-out|turn(?:ed|s)? (?:it |them )?off|"
                      r"switch(?:ed|es)? (?:it |them )?off)\b", re.IGNORECASE)
_LEADING_SCOPE = re.compile(r"^\W*(?:for|on|in|with|under|within)\s+([^,.;:]{3,80}),", re.IGNORECASE)


def narrowing(question: str, text: str) -> str | None:
    """The phrase that narrows a universally asked question, or None."""
    if not is_universal(question):
        return None
    return _leading_scope(question, text) or _uneven_row(text) or _way_out(text)


def _way_out(text: str) -> str | None:
    """A way to turn the thing off ("Use `--no-encryption` to create an unencrypted volume"): it holds by
    default, not for every one."""
    match = _WAY_OUT.search(text)
    return match.group(0) if match else None


def _leading_scope(question: str, text: str) -> str | None:
    match = _LEADING_SCOPE.match(text)
    if not match or _DISCOURSE.match(match.group(1)):
        return None
    asked = set(key_terms(question))
    scope = [t for t in key_terms(match.group(1)) if t not in _WHO]
    return match.group(0).rstrip(",") if any(not matches(t, asked) for t in scope) else None


def _uneven_row(text: str) -> str | None:
    if "\n" in text.strip() or text.count("|") < 2:
        return None
    cells = [c.strip() for c in text.strip().strip("|").split("|")]
    values = [c for c in cells[1:] if c]  # the first cell names the row
    return text.strip() if len(values) >= 2 and len(set(values)) > 1 and _alike(values) else None


def _alike(values: list[str]) -> bool:
    """Cells that give one thing for several columns (plans, tiers): all numbers, or all yes/no marks.
    A row of different attributes ("US | Iowa, USA") is not one value varying."""
    if all(any(ch.isdigit() for ch in v) for v in values):
        return True
    return all(v.strip("*_ ").lower() in _MARKS for v in values)


_MARKS = frozenset({"yes", "no", "✓", "✗", "✔", "✘", "✅", "❌", "true", "false", "n/a", "none", "full", "partial",
                    "limited", "available", "not available", "included", "not included", "supported", "not supported"})
