"""One module per `rfpbot` sub-command, each exposing `register(subparsers)`."""

from . import ask, batch, eval, ingest, purge, review_log, search, serve, worker

COMMANDS = (ingest, search, ask, batch, eval, serve, worker, purge, review_log)
