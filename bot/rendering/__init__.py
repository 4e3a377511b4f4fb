"""Block Kit and Slack text: how answers, progress and reviews look in Slack."""
