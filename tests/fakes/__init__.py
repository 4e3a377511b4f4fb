"""Stand-ins for external services, run as real servers on 127.0.0.1."""
