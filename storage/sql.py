"""One way to run SQL on either database: SQLite (the embedded default) or PostgreSQL.

The stores write their SQL once, in SQLite's spelling with `?` placeholders, and call
`execute`, `query`, `transaction` and the table helpers here. What differs between the two
engines stays in this module and `schema.py`: placeholders, locking a queued row for a
claim (`SKIP_LOCKED`), compacting after a purge, and how a connection is held.

Both run synchronously on the store's worker threads (the stores are async at their edge).
SQLite has one connection, used one call at a time; PostgreSQL takes a connection from a
pool for each call (`session`), so calls of one process and of other replicas run at once.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .errors import DatabaseUnreachable, StorageError

# Each table's primary key, for `get`, `update` and `upsert`.
PRIMARY_KEYS = {"runs": "id", "batch_jobs": "id", "reviews": "run_id", "answer_library": "id",
                "channel_settings": "channel", "slack_events": "event_id", "meta": "key"}


class NotFound(StorageError):
    """No row with that primary key."""


class Result:
    """What a statement returned: its rows (as tuples) and how many rows it changed."""

    def __init__(self, rows: list[tuple], columns: list[str], rowcount: int) -> None:
        self._rows = rows
        self.columns = columns
        self.rowcount = rowcount

    def fetchone(self) -> tuple | None:
        """The first row, or None."""
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[tuple]:
        """Every row."""
        return list(self._rows)

    def dicts(self) -> list[dict]:
        """Every row as {column: value}."""
        return [dict(zip(self.columns, row)) for row in self._rows]


class Database:
    """The operations the stores use; `SqliteDatabase` and `PostgresDatabase` implement them."""

    dialect: str = ""
    SKIP_LOCKED = ""  # appended to the sub-select that picks the row a worker claims

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Result:
        """Run one statement (SQLite spelling, `?` placeholders)."""
        raise NotImplementedError

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement for each parameter row."""
        for params in rows:
            self.execute(sql, params)

    def query(self, sql: str, params: Iterable[Any] = ()) -> Iterator[dict]:
        """The rows of a SELECT as dicts."""
        return iter(self.execute(sql, params).dicts())

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside commits together, or not at all."""
        raise NotImplementedError
        yield

    def script(self, sql: str) -> None:
        """Run several statements (a migration), as one transaction."""
        raise NotImplementedError

    def insert_unless_seen(self, table: str, row: dict, seen_table: str, seen: dict) -> bool:
        """Add `row` to `table` only if `seen` is new to `seen_table` (its key not taken), both or
        neither; False when it was seen before."""
        with self.transaction():
            if self[seen_table].insert(seen, ignore=True) != 1:
                return False
            self[table].insert(row)
        return True

    def lock(self, name: str) -> None:
        """Inside a transaction: wait until no other process holds `name`, and hold it until the end
        (SQLite's write transactions already run one at a time)."""

    @contextmanager
    def session(self) -> Iterator[None]:
        """Hold a connection for the calls inside (a store method's work)."""
        yield

    def __getitem__(self, table: str) -> Table:
        return Table(self, table)

    def columns(self, table: str) -> list[str]:
        """A table's columns in order (PostgreSQL's `rowid` aside: it numbers rows as SQLite does)."""
        raise NotImplementedError

    def compact(self) -> None:
        """Give back the space of deleted rows (after a purge)."""

    def close(self) -> None:
        """Close the connection(s)."""
        raise NotImplementedError


class Table:
    """Row helpers over one table, the same SQL on both databases."""

    def __init__(self, db: Database, name: str) -> None:
        self.db = db
        self.name = name
        self.pk = PRIMARY_KEYS.get(name, "rowid")

    @property
    def rows(self) -> Iterator[dict]:
        """Every row."""
        return self.rows_where()

    def rows_where(self, where: str | None = None, params: Iterable[Any] = (), *, order_by: str | None = None,
                   limit: int | None = None, select: str = "*") -> Iterator[dict]:
        """The rows matching `where` (SQL with `?` placeholders)."""
        sql = f"SELECT {select} FROM {self.name}"
        if where:
            sql += f" WHERE {where}"
        if order_by:
            sql += f" ORDER BY {order_by}"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return self.db.query(sql, list(params))

    def get(self, key: Any) -> dict:
        """The row with this primary key, or NotFound."""
        rows = list(self.rows_where(f"{_quoted(self.pk)} = ?", [key], limit=1))
        if not rows:
            raise NotFound(f"no row {key!r} in {self.name}")
        return rows[0]

    def insert(self, row: dict, *, ignore: bool = False) -> int:
        """Add a row; with `ignore`, nothing happens when its key is taken. Returns rows added."""
        columns = ", ".join(_quoted(c) for c in row)
        marks = ", ".join("?" for _ in row)
        conflict = " ON CONFLICT DO NOTHING" if ignore else ""
        return self.db.execute(f"INSERT INTO {self.name} ({columns}) VALUES ({marks}){conflict}",
                               list(row.values())).rowcount

    def insert_all(self, rows: Iterable[dict]) -> None:
        """Add several rows (of the same columns)."""
        rows = list(rows)
        if rows:
            columns = ", ".join(_quoted(c) for c in rows[0])
            marks = ", ".join("?" for _ in rows[0])
            self.db.executemany(f"INSERT INTO {self.name} ({columns}) VALUES ({marks})",
                                [list(r.values()) for r in rows])

    def update(self, key: Any, values: dict) -> int:
        """Change columns of the row with this primary key. Returns rows changed."""
        if not values:
            return 0
        sets = ", ".join(f"{_quoted(c)} = ?" for c in values)
        return self.db.execute(f"UPDATE {self.name} SET {sets} WHERE {_quoted(self.pk)} = ?",
                               [*values.values(), key]).rowcount

    def upsert(self, row: dict) -> None:
        """Insert the row, or replace the columns given of the one with its primary key."""
        columns = ", ".join(_quoted(c) for c in row)
        marks = ", ".join("?" for _ in row)
        sets = ", ".join(f"{_quoted(c)} = excluded.{_quoted(c)}" for c in row if c != self.pk)
        self.db.execute(f"INSERT INTO {self.name} ({columns}) VALUES ({marks}) "
                        f"ON CONFLICT ({_quoted(self.pk)}) DO UPDATE SET {sets}", list(row.values()))


def _quoted(column: str) -> str:
    # "user" is a keyword of PostgreSQL (the current role); quoted, it is the column on both.
    return f'"{column}"'


class SqliteDatabase(Database):
    """One SQLite file through sqlite-utils (see `store.open_database`), one call at a time."""

    dialect = "sqlite"

    def __init__(self, db) -> None:  # a sqlite_utils.Database, opened by `store.open_database`
        self.conn = db.conn
        # Autocommit: a statement outside `transaction` commits itself, as sqlite-utils' writes did.
        self.conn.isolation_level = None

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Result:
        cursor = self.conn.execute(sql, list(params))
        columns = [d[0] for d in cursor.description] if cursor.description else []
        rows = cursor.fetchall() if cursor.description else []
        return Result(rows, columns, cursor.rowcount)

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        self.conn.executemany(sql, [list(r) for r in rows])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        if self.conn.in_transaction:
            yield  # inside another: it commits
            return
        # IMMEDIATE: the write lock up front, so two processes never both read then both try to write.
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def columns(self, table: str) -> list[str]:
        return [row[1] for row in self.execute(f"PRAGMA table_info({table})").fetchall()]

    def script(self, sql: str) -> None:
        # Triggers hold `;`, so the script runs whole.
        self.conn.executescript(f"BEGIN IMMEDIATE; {sql}; COMMIT;")

    def compact(self) -> None:
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # deleted rows leave the WAL file too

    def close(self) -> None:
        self.conn.close()


_PLACEHOLDER = re.compile(r"\?")


def postgres_sql(sql: str) -> str:
    """SQLite's spelling in PostgreSQL's: `%` doubled (psycopg's escape), `?` as `%s`."""
    return _PLACEHOLDER.sub("%s", sql.replace("%", "%%"))


class PostgresDatabase(Database):
    """A PostgreSQL database through psycopg 3 and a connection pool: each store call holds one
    connection (`session`) in autocommit, and `transaction` opens a transaction on it."""

    dialect = "postgresql"
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8, wait: float = 10.0) -> None:
        import psycopg
        from psycopg_pool import ConnectionPool, PoolTimeout

        try:  # once by hand first: a refused connection or a wrong password is said at once, in its words
            psycopg.connect(url, connect_timeout=int(wait)).close()
        except psycopg.Error as exc:
            raise DatabaseUnreachable(_without_password(url), str(exc).strip().splitlines()[-1]) from exc
        self.url = url
        self.pool = ConnectionPool(url, min_size=min_size, max_size=max_size, open=True,
                                   kwargs={"autocommit": True}, name="rfpbot")
        self._held = threading.local()
        try:
            self.pool.wait(timeout=wait)
        except PoolTimeout as exc:
            self.pool.close()
            raise DatabaseUnreachable(_without_password(url), f"no connection within {wait:g} s") from exc

    @contextmanager
    def session(self) -> Iterator[None]:
        if getattr(self._held, "conn", None) is not None:
            yield  # already inside one (a store call calling a helper)
            return
        with self.pool.connection() as conn:
            self._held.conn = conn
            try:
                yield
            finally:
                self._held.conn = None

    def _conn(self):
        conn = getattr(self._held, "conn", None)
        if conn is None:
            raise StorageError("a PostgreSQL statement ran outside a store session (a bug in storage/)")
        return conn

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Result:
        with self._conn().cursor() as cursor:
            cursor.execute(postgres_sql(sql), [_param(p) for p in params])
            columns = [d.name for d in cursor.description] if cursor.description else []
            rows = [tuple(r) for r in cursor.fetchall()] if cursor.description else []
            return Result(rows, columns, cursor.rowcount)

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        with self._conn().cursor() as cursor:
            cursor.executemany(postgres_sql(sql), [[_param(p) for p in r] for r in rows])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._conn().transaction():
            yield

    def script(self, sql: str) -> None:
        conn = self._conn()
        with conn.transaction():
            conn.execute(sql)  # no parameters: psycopg sends it as one simple query, several statements

    def insert_unless_seen(self, table: str, row: dict, seen_table: str, seen: dict) -> bool:
        # One statement, so one round trip where a transaction takes four: this is on the path of
        # Slack's acknowledgement.
        seen_columns, columns = ", ".join(_quoted(c) for c in seen), ", ".join(_quoted(c) for c in row)
        sql = (f"WITH seen AS (INSERT INTO {seen_table} ({seen_columns}) VALUES ({', '.join('?' for _ in seen)}) "
               f"ON CONFLICT DO NOTHING RETURNING 1) "
               f"INSERT INTO {table} ({columns}) SELECT {', '.join('?' for _ in row)} FROM seen")
        return self.execute(sql, [*seen.values(), *row.values()]).rowcount == 1

    def lock(self, name: str) -> None:
        self.execute("SELECT pg_advisory_xact_lock(hashtext(?))", [name])

    def columns(self, table: str) -> list[str]:
        found = self.execute("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                             "AND table_name = ? ORDER BY ordinal_position", [table]).fetchall()
        return [name for (name,) in found if name != "rowid"]

    def close(self) -> None:
        self.pool.close()


def _param(value: Any) -> Any:
    # The schema keeps SQLite's types on both: flags are INTEGER 0/1, as sqlite3 stores a bool.
    return int(value) if isinstance(value, bool) else value


def _without_password(url: str) -> str:
    return re.sub(r"(//[^:/@]+):[^@]*@", r"\1:***@", url)
