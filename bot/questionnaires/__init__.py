"""The Slack side of questionnaire jobs: the file shared, the queue, the job's worker, its messages."""
