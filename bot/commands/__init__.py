"""One module per `rfpbot` sub-command, each exposing `register(subparsers)`."""

from . import ingest, search

COMMANDS = (ingest, search)
