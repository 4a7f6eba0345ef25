"""The table server's database schema, as the newest migration leaves it (a test compares the two): the
tables and their event log (`Store`), the database's own facts, and the accounts with their sessions
(`AccountRows`)."""

from __future__ import annotations

from typing import Final

from sqlalchemy import JSON, Column, Float, ForeignKey, Integer, MetaData, String, Table

ID_LENGTH: Final = 64
"""The longest table id the schema stores."""
KIND_LENGTH: Final = 32
"""The longest event kind (and game name) the schema stores."""

metadata: Final = MetaData()
"""The schema."""
TABLES: Final = Table(
    "tables",
    metadata,
    Column("id", String(ID_LENGTH), primary_key=True),
    Column("game", String(KIND_LENGTH), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False),
    Column("finished", Float, nullable=True),
)
"""One row per table; ``version`` is its newest event's, ``finished`` the time `Store.finish` was called."""
EVENTS: Final = Table(
    "events",
    metadata,
    Column("table_id", String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("kind", String(KIND_LENGTH), nullable=False),
    Column("data", JSON, nullable=False),
)
"""The append-only log: one row per (table, version)."""
META: Final = Table(
    "meta",
    metadata,
    Column("key", String(KIND_LENGTH), primary_key=True),
    Column("value", String(128), nullable=False),
)
"""The database's own facts: ``cluster``, a random id made when the schema was created, which names the
shared state of the servers that use this database (`troef.interfaces.web.bus`)."""


ACCOUNTS: Final = Table(
    "accounts",
    metadata,
    Column("key", String(96), primary_key=True),
    Column("name", String(96), nullable=False),
    Column("password", String(255), nullable=False),
    Column("created", Float, nullable=False),
)
"""One row an account: its name's key (case-folded), the name as given, its password's Argon2id hash."""
SESSIONS: Final = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
)
"""One row a signed-in session: the SHA-256 of its token (never the token), whose account, since when."""
CLUBS: Final = Table(
    "clubs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(128), nullable=False),
    Column("invite", String(64), nullable=False),
    Column("created", Float, nullable=False),
)
"""One row a club: its id, its name, the invite code its admins pass on."""
MEMBERS: Final = Table(
    "members",
    metadata,
    Column("club", String(32), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True),
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True),
    Column("role", String(16), nullable=False),
    Column("joined", Float, nullable=False),
)
"""Who belongs to which club, as ``admin`` or ``member``."""
PRESETS: Final = Table(
    "presets",
    metadata,
    Column("club", String(32), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("created", Float, nullable=False),
)
"""A club's saved house rules: a name for a game's rules object (notation.md)."""
