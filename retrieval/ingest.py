"""Ingesting folders and files into an index, idempotently."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .documents.chunking import chunk_document
from .documents.loaders import load_file
from .errors import PathNotFound, SkippedFile
from .index import Index, Progress
from .models import Document, DocumentChunks, IngestSummary, ManifestEntry

Warn = Callable[[str], None]


def _files(root: Path) -> Iterable[Path]:
    if root.is_file():
        yield root
        return
    for path in sorted(root.rglob("*")):
        hidden = any(part.startswith(".") for part in path.relative_to(root).parts)
        if path.is_file() and not hidden:
            yield path


def _roots(paths: Sequence[Path]) -> list[tuple[Path, Path]]:
    """(root, path) pairs: a folder is its own root; a file's root is its folder."""
    pairs = []
    for path in paths:
        path = Path(path).expanduser().resolve()
        if not path.exists():
            raise PathNotFound(path)
        pairs.append((path if path.is_dir() else path.parent, path))
    return pairs


def load_documents(paths: Sequence[Path], base_url: str | None, warn: Warn) -> tuple[list[Document], list[str], set[Path]]:
    """Load every supported file; returns (documents, skipped file names, folder roots)."""
    documents: list[Document] = []
    skipped: list[str] = []
    folders: set[Path] = set()
    for root, path in _roots(paths):
        if path.is_dir():
            folders.add(root)
        for file in _files(path):
            try:
                documents.append(load_file(file, root, base_url))
            except SkippedFile as exc:
                warn(str(exc))
                skipped.append(str(file))
    return documents, skipped, folders


async def ingest(
    paths: Sequence[Path],
    index: Index,
    *,
    base_url: str | None = None,
    rebuild: bool = False,
    warn: Warn = lambda message: None,
    progress: Progress | None = None,
) -> IngestSummary:
    """Bring the index in line with the files under `paths`.

    Unchanged documents are skipped, changed ones re-chunked (only new chunks are
    embedded), and documents that disappeared from an ingested folder removed. A
    file that fails to load is skipped and its earlier version kept.
    """
    started = time.perf_counter()
    documents, skipped, folders = load_documents(paths, base_url, warn)
    manifest = {} if rebuild else await index.manifest()
    summary = IngestSummary(documents=len(documents), skipped=skipped)
    changed = _changes(documents, manifest, summary)
    if changed or rebuild:
        await index.add(changed, progress, replace_all=rebuild)
    gone = _removed(manifest, documents, skipped, folders)
    if gone:
        summary.chunks_removed += await index.delete(gone)
        summary.documents_removed = len(gone)
    summary.seconds = time.perf_counter() - started
    return summary


def _changes(documents: list[Document], manifest: dict[str, ManifestEntry], summary: IngestSummary) -> list[DocumentChunks]:
    changed = []
    for document in documents:
        before = manifest.get(document.source_path)
        if before and before.hash == document.hash and before.root == document.root:
            summary.chunks_unchanged += len(before.chunk_ids)
            continue
        chunks = chunk_document(document)
        ids = {c.id for c in chunks}
        old = before.chunk_ids if before else set()
        summary.chunks_added += len(ids - old)
        summary.chunks_unchanged += len(ids & old)
        summary.chunks_removed += len(old - ids)
        changed.append(DocumentChunks(document=document, chunks=chunks))
    return changed


def _removed(manifest: dict[str, ManifestEntry], documents: list[Document], skipped: list[str], folders: set[Path]) -> list[str]:
    present = {d.source_path for d in documents}
    failed = {Path(s) for s in skipped}
    gone = []
    for source_path, entry in manifest.items():
        root = Path(entry.root)
        if root in folders and source_path not in present and (root / source_path) not in failed:
            gone.append(source_path)
    return sorted(gone)
