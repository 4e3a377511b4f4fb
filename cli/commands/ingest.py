"""`rfpbot ingest PATH... [--index PATH | --kb NAME] [--rebuild] [--base-url URL]`"""

from __future__ import annotations

import argparse
import sys

from retrieval import PathNotFound, ingest
from services import Settings, open_index

from ..terminal import ProgressBar


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Ingest, draw progress on a terminal, print the one-line summary."""
    for path in args.paths:  # before the index is opened (or created): a typo changes nothing
        if not path.exists():
            raise PathNotFound(path)
    index = await open_index(settings, index_path=args.index, kb=args.kb, create=True, rebuild=args.rebuild)
    bar = ProgressBar("embedding")
    try:
        summary = await ingest(
            args.paths, index, base_url=args.base_url or settings.kb_base_url, rebuild=args.rebuild,
            warn=lambda message: print(f"warning: {message}", file=sys.stderr), progress=bar,
        )
    finally:
        bar.finish()
        await index.close()
    print(f"Ingested {summary.line()}")
    return 0
