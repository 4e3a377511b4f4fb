"""One module per `rfpbot` sub-command, each exposing `run(args, settings)`; their
arguments are declared in `arguments`, so that parsing imports none of them."""
