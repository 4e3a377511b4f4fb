"""The `rfpbot` command line's grammar: every sub-command's arguments, declared without
importing what the commands use, so that `--help` and a parse error cost nothing.

Each sub-command's behaviour is `run(args, settings)` in `cli.commands.<module>`,
imported only when that command runs (`cli.main`).
"""

from __future__ import annotations

import argparse
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(prog="rfpbot", description="Answer RFP questions from your documentation.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for declare in (_ingest, _search, _ask, _batch, _library, _eval, _feedback, _serve, _worker, _purge, _review_log,
                    _migrate):
        declare(subparsers)
    return parser


def _ingest(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ingest", help="ingest documentation into the index")
    parser.add_argument("paths", nargs="+", type=Path, help="folders or files to ingest")
    parser.add_argument("--index", type=Path, help="index file (default: RFPBOT_INDEX or the data dir)")
    parser.add_argument("--kb", metavar="NAME", help="build a named knowledge base, for channels to choose in `/rfp config`")
    parser.add_argument("--rebuild", action="store_true", help="start the index afresh (e.g. a new embedder)")
    parser.add_argument("--base-url", help="base URL for documents whose front matter has no url")
    parser.set_defaults(module="ingest")


def _search(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("search", help="search the index")
    parser.add_argument("query", help="what to search for")
    parser.add_argument("--csp", choices=["AWS", "GCP", "Azure"], help="only this cloud (plus general documents)")
    parser.add_argument("-k", type=int, default=5, help="number of results (default 5)")
    parser.add_argument("--alpha", type=float,
                        help="0 = keywords only, 1 = vectors only (default 0.5)")
    parser.add_argument("--min-score", type=float, default=0.0, help="drop results under this fused score")
    _knowledge_base(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    parser.set_defaults(module="search")


def _ask(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="answer one question from the index")
    parser.add_argument("question", help="the question, in quotes")
    parser.add_argument("--engine", choices=["offline", "openai"], help="default: openai when OPENAI_API_KEY is set")
    _knowledge_base(parser)
    parser.add_argument("--json", action="store_true", help="print the whole PipelineResult as JSON")
    parser.set_defaults(module="ask")


def _library(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("library", help="the answer library: import past answered questionnaires, list it")
    actions = parser.add_subparsers(dest="action", required=True)
    imported = actions.add_parser("import", help="add the answered rows of a CSV or XLSX questionnaire")
    imported.add_argument("file", type=Path, help="an answered questionnaire (.csv or .xlsx), rfpbot's filled copies too")
    imported.add_argument("--sheet", help="only this sheet (default: every sheet with questions and answers)")
    imported.add_argument("--question-column", help="the questions' column: its header text, letter (C) or number (3)")
    imported.add_argument("--answer-column", help="the answers' column: its header text, letter (D) or number (4)")
    imported.add_argument("--source", help="the name shown as the answers' origin (default: the file's name)")
    imported.add_argument("--approved-by", required=True, metavar="NAME",
                          help="who approved these answers (shown whenever one is reused)")
    imported.add_argument("--json", action="store_true", help="print the report as JSON")
    listed = actions.add_parser("list", help="every entry: question, status, who approved it, where it came from")
    listed.add_argument("--json", action="store_true", help="print a JSON list")
    shown = actions.add_parser("show", help="one entry in full: its answer, sources and history")
    shown.add_argument("id", type=int, help="the entry's number (from `library list`)")
    exported = actions.add_parser("export", help="every entry as CSV (question, answer, status, approval, origin)")
    exported.add_argument("-o", "--output", type=Path, help="the CSV file (default: print it)")
    retired = actions.add_parser("retire", help="take an entry out of use (kept, listed, never reused; logged)")
    retired.add_argument("id", type=int, help="the entry's number (from `library list`)")
    retired.add_argument("--by", required=True, metavar="NAME", help="who retires it (in the review log)")
    retired.add_argument("--reason", help="why (in the review log)")
    parser.set_defaults(module="library")


def _batch(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("batch", help="answer every question of a CSV or XLSX questionnaire")
    parser.add_argument("file", type=Path, help="the questionnaire (.csv or .xlsx)")
    parser.add_argument("-o", "--output", type=Path, help="the filled copy (default: FILE-answered.xlsx beside it)")
    parser.add_argument("--sheet", help="only this sheet (default: every sheet with a question column)")
    parser.add_argument("--question-column", help="the questions' column: its header text, letter (C) or number (3)")
    parser.add_argument("--keep-answer-columns", action="store_true",
                        help="leave the questionnaire's own answer cells that already hold something as they are")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="questions answered at once (default RFPBOT_BATCH_CONCURRENCY, 4); up to twice as many "
                             "model calls may then run at once (RFPBOT_LLM_CALLS_PER_MINUTE still caps the rate)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the last batch of this file where it stopped (an interrupted one)")
    parser.add_argument("--engine", choices=["offline", "openai"])
    _knowledge_base(parser)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(module="batch")


def _eval(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("eval", help="answer a question set over a corpus and score the answers")
    parser.add_argument("--corpus", type=Path, required=True, help="folder of documentation")
    parser.add_argument("--questions", type=Path, required=True, help="CSV or JSONL: id, question, expected_status, expected_sources")
    parser.add_argument("--engine", choices=["offline", "openai"])
    parser.add_argument("--concurrency", type=int, default=4, help="questions answered at once (default 4)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.set_defaults(module="eval")


def _feedback(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("feedback", help="askers' votes on answers over a period")
    parser.add_argument("--days", type=float, default=30, help="the period, in days back from now (default 30)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(module="feedback")


def _serve(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run the Slack app (Socket Mode, or HTTP with --http)")
    parser.add_argument("--http", action="store_true", help="HTTP mode: Slack posts to /slack/events")
    parser.add_argument("--host", default="0.0.0.0", help="HTTP mode: address to listen on")
    parser.add_argument("--port", type=int, default=3000,
                        help="port (default 3000): Slack's requests in HTTP mode, /healthz in both modes")
    parser.add_argument("--workers", type=int, default=1,
                        help="answering processes (default 1); 0 answers inside this process")
    parser.add_argument("--index", type=Path, help="index file")
    parser.add_argument("--engine", choices=["offline", "openai"])
    parser.set_defaults(module="serve")


def _worker(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("worker", help="answer queued Slack questions (rfpbot serve starts these)")
    parser.add_argument("--index", type=Path, help="index file")
    parser.add_argument("--engine", choices=["offline", "openai"])
    parser.add_argument("--parent-pid", type=int,
                        help="stop when this process (the `rfpbot serve` that started this one) dies")
    parser.set_defaults(module="worker")


def _purge(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("purge", help="delete runs, traces and reviews older than RFPBOT_RETENTION_DAYS")
    parser.add_argument("--days", type=float, help="retention in days (default: RFPBOT_RETENTION_DAYS)")
    parser.set_defaults(module="purge")


def _review_log(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("review-log", help="print the append-only log of reviewer actions and verify it")
    parser.set_defaults(module="review_log")


def _migrate(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("migrate", help="copy an installation's database into another (SQLite to PostgreSQL)")
    parser.add_argument("--from", dest="source", required=True, metavar="DATABASE",
                        help="sqlite:PATH (or a path) or postgresql://… : the database to copy")
    parser.add_argument("--to", dest="target", required=True, metavar="DATABASE",
                        help="postgresql://… (or sqlite:PATH): an empty database to copy into")
    parser.set_defaults(module="migrate")


def _knowledge_base(parser: argparse.ArgumentParser) -> None:
    """--index or --kb: which index a command reads."""
    parser.add_argument("--index", type=Path, help="index file")
    parser.add_argument("--kb", metavar="NAME", help="a named knowledge base (built with `rfpbot ingest --kb NAME`)")
