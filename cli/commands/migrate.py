"""`rfpbot migrate --from sqlite:PATH --to postgresql://…`: copy an installation's database, verified."""

from __future__ import annotations

import argparse
from pathlib import Path

from services import Settings

from ..errors import CliError


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """Copy every table, check row counts and the review log's chain, and say so."""
    from storage import Store, connect, copy_database

    source_where, target_where = where(args.source), where(args.target)
    if isinstance(source_where, Path) and not source_where.is_file():
        raise CliError(f"--from {args.source}: no database file there")
    if source_where == target_where:
        raise CliError("--from and --to name the same database")
    source = Store(connect(source_where))
    try:
        target = Store(connect(target_where))
        try:
            report = await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    for table, count in report.rows.items():
        print(f"  {table:<18}{count:>8}")
    print(f"Copied {sum(report.rows.values())} rows in {report.seconds:g} s; row counts match, and the review log's "
          f"{report.review_log_entries} entries chain unbroken to the same last hash.")
    return 0


def where(database: str) -> str | Path:
    """A postgresql:// URL as it is; `sqlite:PATH` or a bare path as the file's path."""
    if database.startswith(("postgresql://", "postgres://")):
        return database
    if "://" in database:
        raise CliError(f"{database}: a database is sqlite:PATH or postgresql://user@host/dbname")
    return Path(database.removeprefix("sqlite:")).expanduser()
