"""The model engine over real HTTP (a fake server or a local llama-server), guardrails and conversation."""
