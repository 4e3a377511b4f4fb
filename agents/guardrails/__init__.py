"""Before any agent sees a question: personal data redacted, planted instructions and out-of-scope
requests stopped (screen.py runs the checks)."""
