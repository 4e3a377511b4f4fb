"""Embedders: wordllama read from its package's files (the default), OpenAI's API, all-MiniLM-L6-v2."""
