"""One module per `rfpbot` sub-command, each exposing `register(subparsers)`."""

from . import ask, batch, eval, feedback, ingest, purge, review_log, search, serve, worker

COMMANDS = (ingest, search, ask, batch, eval, feedback, serve, worker, purge, review_log)
