"""Answering a question in its Slack thread: the worker that runs it, its progress message, the post."""
