"""The Slack app over real HTTP against a fake Slack, and the serving process."""
