"""Services that never touch Slack: what the Slack app and the command line share."""
