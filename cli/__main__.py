"""`python -m cli ARGS`: the `rfpbot` command (how the serving process starts its workers)."""

from .main import main

raise SystemExit(main())
