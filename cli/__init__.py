"""The `rfpbot` command line: one module a command (commands/), imported when it runs; the serving
process and the worker processes it hosts."""
