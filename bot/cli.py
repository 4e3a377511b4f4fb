"""The `rfpbot` command line: one place turns errors into messages and exit codes."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from agents.errors import AgentError
from retrieval import RetrievalError
from storage import StorageError

from .commands import COMMANDS
from .errors import BotError
from .settings import Settings

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(prog="rfpbot", description="Answer RFP questions from your documentation.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    try:
        settings = Settings()
        # Some dependencies (wordllama) switch the root logger to INFO on import.
        logging.basicConfig(level=settings.log_level, force=True)
        return asyncio.run(args.handler(args, settings))
    except ValidationError as exc:
        return _fail(f"invalid configuration: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}")
    except (RetrievalError, AgentError, StorageError, BotError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return _fail("interrupted", code=130)


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"rfpbot: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
