"""The agent pipeline: question in, cited and audited answer out. Knows nothing of Slack."""
