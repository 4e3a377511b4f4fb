"""The Slack app and the `rfpbot` command line."""
