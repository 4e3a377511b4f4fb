"""Key terms are the same whichever thread reads them: the offline agents run on several."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

from agents.text.terms import stem

WORDS = [f"{root}{ending}" for root in ("encrypt", "authent", "retent", "certif", "notif", "provision", "isolat",
                                         "replic", "monitor", "configur", "penetr", "vulnerab")
         for ending in ("ation", "ations", "ing", "ed", "ional", "izations", "ively", "ness", "ful", "ement")]


def test_words_stemmed_on_many_threads_at_once_get_their_own_stems():
    alone = {w: stem.__wrapped__(w) for w in WORDS}
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, inside a word's stemming
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            rounds = list(pool.map(lambda _: {w: stem.__wrapped__(w) for w in WORDS}, range(64)))
    finally:
        sys.setswitchinterval(before)
    assert all(r == alone for r in rounds)
