"""The Weaviate index: the same protocol as the embedded index, on a Weaviate server.

weaviate-client v4, async. Two collections: chunks (self-provided vectors, BM25 on
`search_text`, `csp` and `source_path` field-tokenised so filters are exact) and
documents (whole texts for quote checks, no vectors). Object ids are deterministic
(uuid5 of path and content), so an import that stopped half way is completed by
running it again. Writes go chunks first, the document row last: a document whose
row still carries its old hash is re-examined by the next ingest.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Sequence
from urllib.parse import urlparse

import numpy as np
import weaviate
from weaviate.classes.config import Configure, DataType, Property, Tokenization
from weaviate.classes.data import DataObject
from weaviate.classes.init import Auth
from weaviate.classes.query import Filter, HybridFusion, MetadataQuery
from weaviate.exceptions import WeaviateBaseError, WeaviateInsertManyAllFailedError

from .documents.chunking import CHUNK_NAMESPACE
from .embedding.embedders import Embedder
from .errors import DocumentNotFound, EmbedderMismatch, EmptyQuery, IndexMissing, RetrievalError
from .index import DEFAULT_ALPHA, Progress, csp_filter
from .models import Chunk, Document, DocumentChunks, IndexStats, ManifestEntry, SearchHit
from .vocabulary import Csp

EMBED_BATCH = 512
IMPORT_BATCH = 500
_CHUNK_PROPS = ("source_path", "position", "title", "url", "csp", "heading_path", "text")


class WeaviateUnreachable(RetrievalError):
    """The server at WEAVIATE_URL did not answer."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"cannot reach Weaviate at {url}: {reason}. Check WEAVIATE_URL (and "
                         "WEAVIATE_GRPC_PORT, WEAVIATE_API_KEY), or unset WEAVIATE_URL to use the embedded index")


class ImportFailed(RetrievalError):
    """Weaviate refused some objects of a batch; the message lists the first reasons."""


def document_uuid(source_path: str) -> str:
    """The id of a document's row."""
    return str(uuid.uuid5(CHUNK_NAMESPACE, "document:" + source_path))


async def connect(url: str, grpc_port: int = 50051, api_key: str | None = None) -> weaviate.WeaviateAsyncClient:
    """An open async client, or WeaviateUnreachable naming the URL."""
    parsed = urlparse(url if "://" in url else f"http://{url}")
    secure = parsed.scheme == "https"
    client = weaviate.use_async_with_custom(
        http_host=parsed.hostname or "localhost", http_port=parsed.port or (443 if secure else 8080), http_secure=secure,
        grpc_host=parsed.hostname or "localhost", grpc_port=grpc_port, grpc_secure=secure,
        auth_credentials=Auth.api_key(api_key) if api_key else None,
        # The client's own start-up checks include a request to PyPI for its latest
        # version: never wanted from a server, impossible in a closed network.
        skip_init_checks=True)
    try:
        await client.connect()
        ready = await client.is_ready()
    except (WeaviateBaseError, OSError) as exc:
        await client.close()
        raise WeaviateUnreachable(url, str(exc).splitlines()[0][:300]) from exc
    if not ready:
        await client.close()
        raise WeaviateUnreachable(url, "the server is not ready")
    return client


def _reported(method):
    """Weaviate's own errors leave this module as RetrievalError naming the server."""

    @functools.wraps(method)
    async def wrapper(self, *args, **kwargs):
        try:
            return await method(self, *args, **kwargs)
        except WeaviateBaseError as exc:
            raise RetrievalError(f"Weaviate at {self.url} failed: {str(exc).splitlines()[0][:300]}") from exc

    return wrapper


class WeaviateIndex:
    """The Index protocol on Weaviate. Build with `await WeaviateIndex.open(...)`."""

    def __init__(self, client: weaviate.WeaviateAsyncClient, embedder: Embedder, url: str, prefix: str,
                 embed_batch: int = EMBED_BATCH) -> None:
        self.url = url
        self._embed_batch = embed_batch
        self._client = client
        self._embedder = self.embedder = embedder
        self.embedder_name = embedder.name
        self.location = f"{url} ({prefix}Chunk, {prefix}Document)"
        self._chunk_name = f"{prefix}Chunk"
        self._doc_name = f"{prefix}Document"

    @classmethod
    async def open(cls, client: weaviate.WeaviateAsyncClient, embedder: Embedder, *, url: str,
                   prefix: str = "Rfpbot", create: bool = True, rebuild: bool = False,
                   embed_batch: int = EMBED_BATCH) -> "WeaviateIndex":
        """Check (or create) the collections; refuse another embedder's unless rebuilding."""
        index = cls(client, embedder, url, prefix, embed_batch)
        try:
            await index._prepare(create, rebuild)
        except WeaviateBaseError as exc:
            raise RetrievalError(f"Weaviate at {url} refused the collections: {exc}") from exc
        return index

    async def _prepare(self, create: bool, rebuild: bool) -> None:
        exists = await self._client.collections.exists(self._chunk_name)
        if exists and rebuild:
            await self._drop()
            exists = False
        if exists:
            config = await self._client.collections.get(self._chunk_name).config.get()
            built_with = json.loads(config.description or "{}").get("embedder")
            if built_with and built_with != self.embedder_name:
                raise EmbedderMismatch(self.location, built_with, self.embedder_name)
            return
        if not create:
            raise IndexMissing(self.location)
        await self._create()

    async def _create(self) -> None:
        text = lambda name: Property(name=name, data_type=DataType.TEXT)  # noqa: E731
        exact = lambda name: Property(name=name, data_type=DataType.TEXT, tokenization=Tokenization.FIELD,  # noqa: E731
                                      index_searchable=False)
        skip = lambda name, kind=DataType.TEXT: Property(name=name, data_type=kind, skip_vectorization=True,  # noqa: E731
                                                         index_searchable=False, index_filterable=False)
        await self._client.collections.create(
            self._chunk_name, description=json.dumps({"embedder": self.embedder_name}),
            vector_config=Configure.Vectors.self_provided(),
            properties=[exact("source_path"), exact("csp"), text("search_text"), skip("text"), skip("title"),
                        skip("url"), skip("heading_path"), skip("hash"), Property(name="position", data_type=DataType.INT)])
        if not await self._client.collections.exists(self._doc_name):
            await self._client.collections.create(
                self._doc_name, vector_config=Configure.Vectors.self_provided(),
                properties=[exact("source_path"), exact("root"), skip("title"), skip("url"), exact("csp"),
                            skip("text"), skip("hash")])

    async def _drop(self) -> None:
        for name in (self._chunk_name, self._doc_name):
            if await self._client.collections.exists(name):
                await self._client.collections.delete(name)

    @property
    def _chunks(self):
        return self._client.collections.get(self._chunk_name)

    @property
    def _docs(self):
        return self._client.collections.get(self._doc_name)

    # -- writing -------------------------------------------------------------------

    @_reported
    async def manifest(self) -> dict[str, ManifestEntry]:
        out: dict[str, ManifestEntry] = {}
        async for obj in self._docs.iterator(return_properties=["source_path", "root", "hash"]):
            p = obj.properties
            out[p["source_path"]] = ManifestEntry(root=p["root"], hash=p["hash"], chunk_ids=set())
        async for obj in self._chunks.iterator(return_properties=["source_path"]):
            entry = out.get(obj.properties["source_path"])
            if entry is not None:
                entry.chunk_ids.add(str(obj.uuid))
        return out

    @_reported
    async def add(self, items: Sequence[DocumentChunks], progress: Progress | None = None, *,
                  replace_all: bool = False) -> int:
        if replace_all:
            await self._drop()
            await self._create()
        manifest = {} if replace_all else await self.manifest()
        stored = {cid for entry in manifest.values() for cid in entry.chunk_ids}
        fresh = [c for item in items for c in item.chunks if c.id not in stored]
        for start in range(0, len(fresh), self._embed_batch):
            batch = fresh[start:start + self._embed_batch]
            vectors = await self._embedder.embed([c.search_text() for c in batch])
            await self._import(self._chunks, [_chunk_object(c, v) for c, v in zip(batch, vectors)])
            if progress:
                progress(start + len(batch), len(fresh))
        await self._remove_stale(items, manifest)
        await self._import(self._docs, [_document_object(item.document) for item in items])
        return len(fresh)

    async def _remove_stale(self, items: Sequence[DocumentChunks], manifest: dict[str, ManifestEntry]) -> None:
        stale = []
        for item in items:
            before = manifest.get(item.document.source_path)
            if before:
                stale.extend(before.chunk_ids - {c.id for c in item.chunks})
        for start in range(0, len(stale), IMPORT_BATCH):
            await self._chunks.data.delete_many(where=Filter.by_id().contains_any(stale[start:start + IMPORT_BATCH]))

    async def _import(self, collection, objects: list[DataObject]) -> None:
        for start in range(0, len(objects), IMPORT_BATCH):
            batch = objects[start:start + IMPORT_BATCH]
            try:
                result = await collection.data.insert_many(batch)
            except WeaviateInsertManyAllFailedError as exc:
                reason = str(exc).split("errors: ", 1)[-1].splitlines()[0]
                raise ImportFailed(f"Weaviate refused {len(batch)} of {len(batch)} objects: {reason[:400]}") from exc
            if result.has_errors:
                reasons = sorted({e.message for e in result.errors.values()})
                raise ImportFailed(f"Weaviate refused {len(result.errors)} of {len(batch)} objects: "
                                   f"{'; '.join(reasons[:3])}")

    @_reported
    async def delete(self, source_paths: Sequence[str]) -> int:
        removed = 0
        for path in source_paths:
            result = await self._chunks.data.delete_many(where=Filter.by_property("source_path").equal(path))
            removed += result.successful
            await self._docs.data.delete_by_id(document_uuid(path))
        return removed

    # -- reading -------------------------------------------------------------------

    @_reported
    async def search(self, query: str, *, k: int = 5, csp: Csp | None = None, alpha: float = DEFAULT_ALPHA,
                     min_score: float = 0.0) -> list[SearchHit]:
        if not query.strip():
            raise EmptyQuery()
        if not 0.0 <= alpha <= 1.0:
            raise RetrievalError(f"alpha must be between 0 and 1, not {alpha}")
        vector = (await self._embedder.embed([query]))[0]
        allowed = csp_filter(csp)
        response = await self._chunks.query.hybrid(
            query=query, vector=vector.astype(float).tolist(), alpha=alpha, fusion_type=HybridFusion.RELATIVE_SCORE,
            query_properties=["search_text"], limit=k,
            filters=Filter.by_property("csp").contains_any(list(allowed)) if allowed else None,
            return_metadata=MetadataQuery(score=True), return_properties=list(_CHUNK_PROPS))
        hits = [_hit(obj) for obj in response.objects]
        return [hit for hit in hits if hit.score >= min_score]

    @_reported
    async def read_document(self, source_path: str) -> Document:
        obj = await self._docs.query.fetch_object_by_id(document_uuid(source_path))
        if obj is None:
            raise DocumentNotFound(source_path)
        return Document(**{**obj.properties, "url": obj.properties.get("url") or None})

    @_reported
    async def stats(self) -> IndexStats:
        chunks = await self._chunks.aggregate.over_all(total_count=True)
        documents = await self._docs.aggregate.over_all(total_count=True)
        by_csp = {}
        for csp in ("AWS", "GCP", "Azure", "General"):
            count = await self._chunks.aggregate.over_all(total_count=True,
                                                          filters=Filter.by_property("csp").equal(csp))
            if count.total_count:
                by_csp[csp] = count.total_count
        config = await self._chunks.config.get()
        return IndexStats(backend="weaviate", location=self.location,
                          embedder=json.loads(config.description or "{}").get("embedder"),
                          documents=documents.total_count or 0, chunks=chunks.total_count or 0, by_csp=by_csp)

    async def close(self) -> None:
        await self._client.close()
        await self.embedder.aclose()

    @_reported
    async def drop(self) -> None:
        await self._drop()


def _chunk_object(chunk: Chunk, vector: np.ndarray) -> DataObject:
    props = {"source_path": chunk.source_path, "csp": chunk.csp, "search_text": chunk.search_text(),
             "text": chunk.text, "title": chunk.title, "url": chunk.url or "", "position": chunk.position,
             "heading_path": json.dumps(chunk.heading_path), "hash": chunk.hash}
    return DataObject(properties=props, uuid=chunk.id, vector=np.asarray(vector, dtype=float).tolist())


def _document_object(document: Document) -> DataObject:
    props = document.model_dump()
    props["url"] = props["url"] or ""
    return DataObject(properties=props, uuid=document_uuid(document.source_path))


def _hit(obj) -> SearchHit:
    p = obj.properties
    return SearchHit(chunk_id=str(obj.uuid), source_path=p["source_path"], title=p["title"], url=p["url"] or None,
                     csp=p["csp"], heading_path=json.loads(p["heading_path"] or "[]"), text=p["text"],
                     score=round(float(obj.metadata.score or 0.0), 6))
