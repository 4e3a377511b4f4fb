"""Judging a draft: relevance and support, the critic's audit, what it measures, the fitted
send-or-review model, escalation."""
