"""The typed records that move through retrieval: documents, chunks, hits, reports."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .vocabulary import Csp


class Document(BaseModel):
    """One source file as loaded: the text quotes are checked against."""

    source_path: str
    root: str = ""
    title: str
    url: str | None = None
    csp: Csp = "General"
    text: str
    hash: str


class Chunk(BaseModel):
    """A heading-bounded passage of a document; `text` is a verbatim slice of it."""

    id: str
    source_path: str
    position: int
    title: str
    url: str | None = None
    csp: Csp = "General"
    heading_path: list[str] = Field(default_factory=list)
    text: str
    hash: str

    def search_text(self) -> str:
        """What is embedded and keyword-indexed: title and headings give context."""
        heading = " > ".join([self.title, *self.heading_path])
        return f"{heading}\n{self.text}"


class DocumentChunks(BaseModel):
    """A document with the complete set of chunks the index should hold for it."""

    document: Document
    chunks: list[Chunk]


class ManifestEntry(BaseModel):
    """What the index already holds of one document (for idempotent re-ingest)."""

    root: str
    hash: str
    chunk_ids: set[str]


class SearchHit(BaseModel):
    """One ranked chunk. `score` is the fused 0–1 score; the raw signals ride along."""

    chunk_id: str
    source_path: str
    title: str
    url: str | None = None
    csp: Csp = "General"
    heading_path: list[str] = Field(default_factory=list)
    text: str
    score: float
    keyword_score: float | None = None
    vector_score: float | None = None


class IndexStats(BaseModel):
    """Size and provenance of an index."""

    backend: str
    location: str
    embedder: str | None
    documents: int
    chunks: int
    by_csp: dict[str, int] = Field(default_factory=dict)


class IngestSummary(BaseModel):
    """The outcome of one ingest run."""

    documents: int = 0
    chunks_added: int = 0
    chunks_unchanged: int = 0
    chunks_removed: int = 0
    documents_removed: int = 0
    skipped: list[str] = Field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        """The one-line report printed at the end of `rfpbot ingest`."""
        skipped = f", {len(self.skipped)} files skipped" if self.skipped else ""
        return (
            f"{self.documents} documents: {self.chunks_added} chunks added, "
            f"{self.chunks_unchanged} unchanged, {self.chunks_removed} removed "
            f"({self.documents_removed} documents removed{skipped}) "
            f"in {self.seconds:.2f} s"
        )
