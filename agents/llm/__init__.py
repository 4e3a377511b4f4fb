"""The language model: its interface and limits (interface.py), the openai client behind it, token
counting."""
