"""Storage on a real SQLite file and a real PostgreSQL, and its migrations."""
