"""Errors raised by the retrieval package; all derive from RetrievalError."""

from __future__ import annotations

from pathlib import Path


class RetrievalError(Exception):
    """Base of every error raised by retrieval/."""


class PathNotFound(RetrievalError):
    """An ingest path does not exist."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"no such file or directory: {path}")


class SkippedFile(RetrievalError):
    """A file that cannot be ingested; ingestion warns and carries on."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"skipped {path}: {reason}")


class EmbedderMismatch(RetrievalError):
    """The index was built by another embedder than the one configured."""

    def __init__(self, location: str, built_with: str, configured: str) -> None:
        self.built_with = built_with
        self.configured = configured
        super().__init__(
            f"the index at {location} was built with the embedder '{built_with}', "
            f"but this run uses '{configured}'. Vectors of different models cannot be "
            "mixed: re-ingest with `rfpbot ingest PATH --rebuild`, or configure the "
            f"embedder '{built_with}' again (RFPBOT_EMBEDDER)."
        )


class IndexMissing(RetrievalError):
    """Search or read on an index that was never built."""

    def __init__(self, location: str | Path) -> None:
        super().__init__(f"there is no index at {location}: run `rfpbot ingest PATH` first")


class IndexUnreadable(RetrievalError):
    """The index path is not an index (another kind of file, or a damaged one)."""

    def __init__(self, location: str | Path, detail: str) -> None:
        super().__init__(f"{location} is not an rfpbot index ({detail}): point --index (or RFPBOT_INDEX) at "
                         "the index file, or ingest into a new path with `rfpbot ingest PATH --index NEW`")


class EmptyQuery(RetrievalError):
    """A search was asked for with no words in it."""

    def __init__(self) -> None:
        super().__init__("the search query is empty: give some words to search for")


class DocumentNotFound(RetrievalError):
    """read_document was asked for a path the index does not hold."""

    def __init__(self, source_path: str) -> None:
        self.source_path = source_path
        super().__init__(f"the index holds no document {source_path!r}")


class EmbeddingError(RetrievalError):
    """The embedding model could not be loaded or did not answer."""
