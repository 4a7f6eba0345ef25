"""The table server's database schema, as the newest migration leaves it (a test compares the two): the
tables and their event log (`Store`), the database's own facts, and the accounts with their sessions
(`AccountRows`)."""

from __future__ import annotations

from typing import Final

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table

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
    Column("best", Integer, nullable=True),
    Column("at_least", Integer, nullable=False, server_default="0"),
)
"""One row a club: its id, its name, the invite code its admins pass on; how its season counts: the
``best`` N events of each player (None: all of them), and tables with ``at_least`` M members."""
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
CLUB_EVENTS: Final = Table(
    "club_events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("club", String(32), ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(128), nullable=False),
    Column("game", String(KIND_LENGTH), nullable=False),
    Column("rules", JSON, nullable=False),
    Column("format", String(16), nullable=False),
    Column("sessions", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("fill", String(KIND_LENGTH), nullable=True),
    Column("ready_limit", Float, nullable=False),
    Column("away_limit", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
)
"""One row an event of a club (clubs.md, Events): its rules (a notation), format, sessions, rounds per
session, the bots that fill seats, its tables' ready and away limits, and ``registered``, ``playing`` or
``over``."""
EVENT_PLAYERS: Final = Table(
    "event_players",
    metadata,
    Column("event", String(32), ForeignKey("club_events.id", ondelete="CASCADE"), primary_key=True),
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True),
    Column("name", String(96), nullable=False),
    Column("position", Integer, nullable=False),
    Column("active", Boolean, nullable=False),
)
"""An event's players in the order they were registered; ``active`` False once removed."""
EVENT_SESSIONS: Final = Table(
    "event_sessions",
    metadata,
    Column("event", String(32), ForeignKey("club_events.id", ondelete="CASCADE"), primary_key=True),
    Column("session", Integer, primary_key=True),
    Column("status", String(16), nullable=False),
    Column("drawn", Float, nullable=False),
)
"""An event's sessions drawn so far, ``playing`` or ``over`` (the key lets one process alone draw one)."""
EVENT_TABLES: Final = Table(
    "event_tables",
    metadata,
    Column("table_id", String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("event", String(32), nullable=False, index=True),
    Column("session", Integer, nullable=False),
    Column("position", Integer, nullable=False),
    Column("seats", JSON, nullable=False),
)
"""The tables of an event's sessions: who sits at each seat (``{"seat", "account", "name"}`` or
``{"seat", "bot"}``)."""
RATINGS: Final = Table(
    "ratings",
    metadata,
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True),
    Column("game", String(KIND_LENGTH), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
)
"""Each account's rating per game (clubs.md, Ratings)."""
RATED: Final = Table(
    "rated",
    metadata,
    Column("table_id", String(ID_LENGTH), primary_key=True),
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True),
    Column("game", String(KIND_LENGTH), nullable=False),
    Column("event", String(32), nullable=True),
    Column("at", Float, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("stats", JSON, nullable=False),
)
"""Every rated match of an account: its rank there, its rating after it and what it did (the key lets a
table be rated once)."""
RESETS: Final = Table(
    "resets",
    metadata,
    Column("code", String(64), primary_key=True),
    Column("account", String(96), ForeignKey("accounts.key", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
)
"""One-time links to set a new password: the SHA-256 of the code (never the code), whose, since when."""
