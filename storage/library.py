"""The answer library: approved answers, with their question's embedding, until retired."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .errors import LibraryEntryNotFound
from .models import LibraryEntry, now

if TYPE_CHECKING:
    from .store import Store


class LibraryStore:
    """Approved answers in the store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def add(self, entry: LibraryEntry, embedding: np.ndarray) -> None:
        """Keep an approved answer (once per run)."""
        row = entry.model_dump(mode="json", exclude={"id"})
        row["embedding"] = np.asarray(embedding, dtype=np.float32).tobytes()
        await self.store.call(lambda: self.db["answer_library"].insert(row, ignore=True))

    async def retire(self, entry_id: int, by: str, reason: str | None = None) -> LibraryEntry:
        """Take an entry out of use and log who did it; LibraryEntryNotFound when there is none."""
        def retire() -> tuple[LibraryEntry, bool]:
            with self.db.transaction():
                cursor = self.db.execute(
                    "UPDATE answer_library SET retired_at = ?, retired_by = ? WHERE id = ? AND retired_at IS NULL",
                    (now().isoformat(), by, entry_id))
            rows = list(self.db["answer_library"].rows_where("id = ?", [entry_id]))
            if not rows:
                raise LibraryEntryNotFound(entry_id)
            row = rows[0]
            row.pop("embedding", None)
            return LibraryEntry(**row), cursor.rowcount == 1

        entry, changed = await self.store.call(retire)
        if changed:
            await self.store.reviews.log(entry.run_id, by, "retire", "retired from the answer library", reason)
        return entry

    async def entries(self) -> list[LibraryEntry]:
        """Every approved answer with its embedding."""
        def read() -> list[LibraryEntry]:
            entries = []
            for row in self.db["answer_library"].rows:
                vector = np.frombuffer(row.pop("embedding") or b"", dtype=np.float32)
                entries.append(LibraryEntry(**row, embedding=vector.tolist()))
            return entries

        return await self.store.call(read)
