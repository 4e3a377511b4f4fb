"""Errors of the storage package; all derive from StorageError."""


class StorageError(Exception):
    """Base of every error raised by storage/."""


class RunNotFound(StorageError):
    """A run id that the database does not hold."""

    def __init__(self, run_id: str) -> None:
        self.run_id = run_id
        super().__init__(f"no run {run_id!r} in the database")


class LibraryEntryNotFound(StorageError):
    """A library entry number that the database does not hold."""

    def __init__(self, entry_id: int) -> None:
        self.entry_id = entry_id
        super().__init__(f"no entry {entry_id} in the answer library (`rfpbot library list` shows the numbers)")


class DatabaseUnreadable(StorageError):
    """The database path is not an SQLite database (another kind of file, or a damaged one)."""

    def __init__(self, path, detail: str) -> None:
        super().__init__(f"{path} is not an rfpbot database ({detail}): point RFPBOT_DB at the database file, "
                         "or at a new path to start a fresh one")


class DatabaseUnreachable(StorageError):
    """The PostgreSQL server at RFPBOT_DATABASE_URL did not accept a connection."""

    def __init__(self, url: str, detail: str) -> None:
        super().__init__(f"cannot connect to the PostgreSQL database at {url} ({detail}): check that the server is "
                         "running and RFPBOT_DATABASE_URL's host, port, user, password and database name")
