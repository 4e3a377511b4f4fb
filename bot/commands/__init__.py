"""One module per `rfpbot` sub-command, each exposing `register(subparsers)`."""

from . import ask, eval, ingest, search, serve, worker

COMMANDS = (ingest, search, ask, eval, serve, worker)
