"""The command line: asking, evaluating, questionnaires and the answer library."""
