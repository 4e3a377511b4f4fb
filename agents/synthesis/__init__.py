"""Synthesis: the answer, written only from verified quotes, with a compliance status
and a confidence. Offline it is extractive (offline.py: which passages to cite, choosing.py; the
status their wording decides, status.py); with a model it is written by the strong model (node.py)."""

from .node import synthesize

__all__ = ["synthesize"]
