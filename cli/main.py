"""The `rfpbot` command line: one place turns errors into messages and exit codes.

Only the command that runs is imported (with what it uses): `rfpbot --help` and a
mistyped argument load neither the pipeline nor pydantic.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Sequence

from agents import AgentError
from bot import BotError
from questionnaire import QuestionnaireError
from retrieval import RetrievalError
from services import ServiceError
from storage import StorageError

from .commands.arguments import build_parser
from .errors import CliError

EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    from pydantic import ValidationError

    from services import Settings, setting_of

    try:
        settings = Settings()
        # Some dependencies (wordllama) switch the root logger to INFO on import.
        logging.basicConfig(level=settings.log_level, force=True)
        command = importlib.import_module(f"{__package__}.commands.{args.module}")
        return asyncio.run(command.run(args, settings))
    except ValidationError as exc:
        error = exc.errors()[0]
        return _fail(f"invalid configuration: {setting_of(error['loc'])}: {error['msg']}")
    except (RetrievalError, AgentError, StorageError, ServiceError, QuestionnaireError, BotError, CliError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return _fail("interrupted", code=130)


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"rfpbot: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
