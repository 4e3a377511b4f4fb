"""One module per `rfpbot` sub-command, each exposing `register(subparsers)`."""

from . import ask, eval, ingest, purge, review_log, search, serve, worker

COMMANDS = (ingest, search, ask, eval, serve, worker, purge, review_log)
