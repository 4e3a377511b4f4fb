"""Reviewers: who they are per channel, their decisions on escalated answers, the Home tab."""
