"""The SQLite database of runs, traces, Slack events, reviews and the answer library."""
