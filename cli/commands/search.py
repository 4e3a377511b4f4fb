"""`rfpbot search "QUERY" [--csp AWS|GCP|Azure] [-k 5] [--alpha 0.5] [--json]`"""

from __future__ import annotations

import argparse
import json
import textwrap

from retrieval import DEFAULT_ALPHA, EmptyQuery, SearchHit
from services import Settings, open_index

_KEYS = ("title", "source_path", "csp", "score", "text", "url", "heading_path")


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Print ranked chunks; exit 1 when nothing matched."""
    if not args.query.strip():
        raise EmptyQuery()
    index = await open_index(settings, index_path=args.index, kb=args.kb)
    try:
        hits = await index.search(args.query, k=args.k, csp=args.csp, alpha=DEFAULT_ALPHA if args.alpha is None else args.alpha, min_score=args.min_score)
    finally:
        await index.close()
    if args.json:
        print(json.dumps([hit.model_dump(include=set(_KEYS)) for hit in hits], indent=2))
    else:
        print(_render(hits) if hits else "No results.")
    return 0 if hits else 1


def _render(hits: list[SearchHit]) -> str:
    blocks = []
    for rank, hit in enumerate(hits, start=1):
        where = " > ".join(hit.heading_path) or hit.title
        body = textwrap.shorten(" ".join(hit.text.split()), 400, placeholder=" …")
        blocks.append(
            f"{rank}. {hit.title}  [{hit.csp}]  score {hit.score:.3f}\n"
            f"   {hit.source_path} · {where}\n"
            + textwrap.indent(textwrap.fill(body, 96), "   ")
        )
    return "\n\n".join(blocks)
