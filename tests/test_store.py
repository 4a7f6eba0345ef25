"""The table server's event log (troef.interfaces.web.store) on SQLite and PostgreSQL: round trips, versions
taken once, racing writers, reopening, migrations, and a writer killed with SIGKILL losing nothing it
acknowledged."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

import troef
from troef.interfaces.web.account_rows import Account, AccountRows
from troef.interfaces.web.club_rows import ClubRows
from troef.interfaces.web.event_rows import ClubEvent, DrawnTable, EventPlayer, EventRows
from troef.interfaces.web.schema import ACCOUNTS, EVENTS, MEMBERS, TABLES, metadata
from troef.interfaces.web.store import (
    Event,
    Store,
    StoreError,
    TableRow,
    UnknownTable,
    VersionConflict,
    Writes,
    alembic_config,
    default_url,
)

pytestmark = pytest.mark.slow

POSTGRESQL: Final = os.environ.get(
    "TROEF_TEST_POSTGRESQL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
"""The PostgreSQL database the tests use when it is reachable, each test in a schema of its own."""


def postgresql_unreachable() -> str | None:
    """Why the tests cannot use `POSTGRESQL`, or None if they can."""
    try:
        engine = create_engine(POSTGRESQL, connect_args={"connect_timeout": 3})
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except OperationalError as error:
        return f"PostgreSQL is not reachable at {POSTGRESQL}: {str(error.orig).strip().splitlines()[0]}"
    return None


@pytest.fixture(scope="session")
def postgresql_skip_reason() -> str | None:
    return postgresql_unreachable()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path, postgresql_skip_reason: str | None) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'troef.sqlite3'}"
        return
    if postgresql_skip_reason:
        pytest.skip(postgresql_skip_reason)
    schema = f"troef_test_{secrets.token_hex(6)}"
    admin = create_engine(POSTGRESQL)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{POSTGRESQL}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    with Store(url) as opened:
        yield opened


def row(table_id: str = "t1", created: float = 1_700_000_000.5) -> TableRow:
    return TableRow(
        id=table_id,
        game="rikken",
        rules={"preset": "standard", "options": {"rounds": 8}},
        players=4,
        settings={"seats": ["human", "normal", "normal", "open"], "ready_limit": 30, "invite": "ab12"},
        created=created,
    )


def acts(first: int, count: int, kind: str = "act") -> list[Event]:
    return [
        Event(v, kind, {"seat": v % 4, "action": f"play {v}", "cards": ["AS", "10H"]})
        for v in range(first, first + count)
    ]


def test_a_created_table_loads_as_it_was_stored(store: Store) -> None:
    first = [Event(1, "seat", {"seat": 0, "name": "Anna"}), Event(2, "ready", {"seat": 0, "seed": "ff"})]
    store.create_table(row(), first)
    assert store.load("t1") == (row(), first)
    assert store.load("elsewhere") is None


def test_a_table_without_events_is_at_version_zero_and_its_first_event_is_version_one(store: Store) -> None:
    store.create_table(row())
    assert store.load("t1") == (row(), [])
    with pytest.raises(VersionConflict, match="at version 0"):
        store.append("t1", acts(2, 1))
    store.append("t1", acts(1, 1))
    assert store.load("t1") == (row(), acts(1, 1))


def test_appended_events_come_back_in_version_order(store: Store) -> None:
    store.create_table(row(), acts(1, 2))
    store.append("t1", acts(3, 1))
    store.append("t1", acts(4, 5))
    store.append("t1", acts(9, 1))
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded[1] == acts(1, 9)


def test_a_taken_version_raises_and_stores_nothing_of_its_batch(store: Store) -> None:
    store.create_table(row(), acts(1, 3))
    with pytest.raises(VersionConflict, match="'t1' is at version 3: a batch from version 3"):
        store.append("t1", [Event(3, "act", {"other": True}), Event(4, "act", {}), Event(5, "act", {})])
    assert store.load("t1") == (row(), acts(1, 3))
    store.append("t1", acts(4, 1))
    assert store.load("t1") == (row(), acts(1, 4))


def test_a_gap_after_the_stored_version_is_a_conflict_too(store: Store) -> None:
    store.create_table(row(), acts(1, 2))
    with pytest.raises(VersionConflict, match="at version 2: a batch from version 4"):
        store.append("t1", acts(4, 2))
    assert store.load("t1") == (row(), acts(1, 2))


def test_a_taken_table_id_is_a_conflict_and_leaves_the_stored_table_alone(store: Store) -> None:
    store.create_table(row(), acts(1, 2))
    with pytest.raises(VersionConflict, match="'t1' is already stored"):
        store.create_table(row(created=5.0), acts(1, 7))
    assert store.load("t1") == (row(), acts(1, 2))


def test_appending_to_an_unknown_table_raises(store: Store) -> None:
    with pytest.raises(UnknownTable, match="no table 'nope'"):
        store.append("nope", acts(1, 1))
    with pytest.raises(UnknownTable):
        store.finish("nope")
    assert store.table_ids() == []


@pytest.mark.parametrize(
    ("batch", "message"),
    [
        (acts(2, 1) + acts(4, 1), r"count up by one from [12]: got \[2, 4\]"),
        (acts(0, 2), r"count up by one from 1: got \[0, 1\]"),
        ([Event(1, "", {})], "an event kind has 1 to 32 characters"),
        ([Event(1, "k" * 33, {})], "an event kind has 1 to 32 characters"),
    ],
)
def test_a_malformed_batch_raises_a_store_error(store: Store, batch: list[Event], message: str) -> None:
    store.create_table(row("t2"))
    with pytest.raises(StoreError, match=message):
        store.append("t2", batch)
    with pytest.raises(StoreError, match=message):
        store.create_table(row("t3"), batch)
    assert store.load("t2") == (row("t2"), []) and store.load("t3") is None


@pytest.mark.parametrize("table_id", ["", "x" * 65])
def test_a_table_id_the_schema_cannot_store_raises_a_store_error(store: Store, table_id: str) -> None:
    with pytest.raises(StoreError, match="a table id has 1 to 64 characters"):
        store.create_table(row(table_id))
    assert store.table_ids() == []


def test_an_empty_batch_changes_nothing(store: Store) -> None:
    store.create_table(row(), acts(1, 1))
    store.append("t1", [])
    assert store.load("t1") == (row(), acts(1, 1))


def test_a_group_commit_stores_every_batch_that_follows_and_names_the_others(store: Store) -> None:
    for table_id in ("a", "b", "c"):
        store.create_table(row(table_id), acts(1, 2))
    failed = store.append_many({"a": acts(3, 2), "b": acts(2, 1), "c": acts(3, 1), "x": acts(1, 1), "d": []})
    assert {table_id: type(error) for table_id, error in failed.items()} == {
        "b": VersionConflict,
        "x": UnknownTable,
    }
    assert [store.load(t) for t in ("a", "b", "c")] == [
        (row("a"), acts(1, 4)),
        (row("b"), acts(1, 2)),
        (row("c"), acts(1, 3)),
    ]


def test_one_group_commit_creates_appends_and_finishes_and_names_each_refused_table(store: Store) -> None:
    store.create_table(row("a"), acts(1, 2))
    store.create_table(row("taken"), acts(1, 1))
    failed = store.write(
        Writes(
            created=[row("new", created=7.0), row("taken", created=9.0)],
            appended={"a": acts(3, 1), "new": acts(1, 2), "taken": acts(1, 3)},
            finished=["a", "gone"],
        )
    )
    assert {table_id: str(error) for table_id, error in failed.items()} == {
        "gone": "no table 'gone' is stored",
        "taken": "a table with id 'taken' is already stored",
    }
    assert store.load("a") == (row("a"), acts(1, 3))
    assert store.load("new") == (row("new", created=7.0), acts(1, 2))
    assert store.load("taken") == (row("taken"), acts(1, 1))  # neither its new row nor its batch
    assert store.table_ids(unfinished=True) == ["new", "taken"]


def test_a_group_commit_without_conflicts_stores_everything_at_once(store: Store) -> None:
    store.create_table(row("a"))
    assert (
        store.write(Writes(created=[row("b", created=2e9)], appended={"a": acts(1, 1)}, finished=["a"])) == {}
    )
    assert store.table_ids() == ["a", "b"] and store.table_ids(unfinished=True) == ["b"]
    assert store.load("a") == (row("a"), acts(1, 1))


def test_table_ids_lists_every_table_oldest_first_or_only_the_unfinished(store: Store) -> None:
    store.create_table(row("late", created=300.0))
    store.create_table(row("early", created=100.0))
    store.create_table(row("middle", created=200.0), acts(1, 1))
    store.finish("middle")
    assert store.table_ids() == ["early", "middle", "late"]
    assert store.table_ids(unfinished=True) == ["early", "late"]


def test_two_stores_racing_for_the_same_versions_store_each_version_once(url: str) -> None:
    """Two writers (as two server processes would) append the same version at the same moment, 20
    times: each time exactly one wins, and the log holds the winner's event."""
    rounds = 20
    stores = [Store(url), Store(url)]
    stores[0].create_table(row())
    start = threading.Barrier(2)
    won: list[list[int]] = [[], []]
    lost: list[list[int]] = [[], []]

    def writer(index: int) -> None:
        for version in range(1, rounds + 1):
            start.wait()
            try:
                stores[index].append("t1", [Event(version, "act", {"writer": index})])
            except VersionConflict:
                lost[index].append(version)
            else:
                won[index].append(version)

    threads = [threading.Thread(target=writer, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(won[0] + won[1]) == list(range(1, rounds + 1))
    assert sorted(lost[0] + lost[1]) == list(range(1, rounds + 1))
    loaded = stores[1].load("t1")
    assert loaded is not None
    assert [(e.version, e.data["writer"]) for e in loaded[1]] == sorted(
        [(v, 0) for v in won[0]] + [(v, 1) for v in won[1]]
    )
    for opened in stores:
        opened.close()


def test_group_commits_of_two_stores_sharing_tables_never_deadlock(url: str) -> None:
    """Two writers group-commit batches of the same two tables, listed in opposite orders, at the same
    moment, 30 times: each time each table's version is stored once, and no transaction fails."""
    rounds = 30
    stores = [Store(url), Store(url)]
    for table_id in ("t1", "t2"):
        stores[0].create_table(row(table_id))
    start = threading.Barrier(2)
    refused: list[list[str]] = [[], []]
    errors: list[BaseException] = []

    def writer(index: int) -> None:
        order = ("t1", "t2") if index == 0 else ("t2", "t1")
        for version in range(1, rounds + 1):
            try:
                start.wait()
                failed = stores[index].append_many({t: acts(version, 1) for t in order})
            except Exception as error:  # a deadlock: the test fails
                errors.append(error)
                start.abort()
                return
            refused[index] += sorted(failed)

    threads = [threading.Thread(target=writer, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
    assert sorted(refused[0] + refused[1]) == sorted(["t1", "t2"] * rounds)
    assert stores[1].versions(["t1", "t2"]) == {"t1": rounds, "t2": rounds}
    for opened in stores:
        opened.close()


def test_a_reopened_store_keeps_everything(url: str) -> None:
    with Store(url) as first:
        first.create_table(row("a"), acts(1, 3))
        first.create_table(row("b", created=2e9))
        first.append("a", acts(4, 2))
        first.finish("a")
    with Store(url) as again:
        assert again.load("a") == (row("a"), acts(1, 5))
        assert again.load("b") == (row("b", created=2e9), [])
        assert again.table_ids() == ["a", "b"] and again.table_ids(unfinished=True) == ["b"]
        again.append("a", acts(6, 1))


def stores_opened_at_once(url: str, count: int) -> list[Store]:
    """``count`` stores opened on ``url`` by as many threads at the same moment (each migrates)."""
    opened: list[Store] = []
    start = threading.Barrier(count)

    def open_store() -> None:
        start.wait()
        opened.append(Store(url))

    threads = [threading.Thread(target=open_store) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(opened) == count
    return opened


def test_migrations_run_again_or_at_once_are_harmless_and_match_the_schema(url: str) -> None:
    with Store(url) as first:
        first.create_table(row(), acts(1, 2))
        first.migrate()
    opened = stores_opened_at_once(url, 3)
    assert opened[0].load("t1") == (row(), acts(1, 2))
    for store in opened:
        store.close()
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    engine = create_engine(url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() == head == "0007"
        assert compare_metadata(context, metadata) == []
    engine.dispose()


def test_the_migrations_run_only_on_the_connection_a_store_hands_over() -> None:
    with pytest.raises(StoreError, match="on a connection"):
        command.upgrade(alembic_config(), "head")


def test_a_new_revision_follows_the_newest_as_a_module_alembic_reads(tmp_path: Path) -> None:
    """The revision template and file names: a schema change made as the migrations' docstring says."""
    config = alembic_config()
    shipped = ScriptDirectory.from_config(config).dir
    shutil.copytree(shipped, tmp_path / "migrations", ignore=shutil.ignore_patterns("__pycache__"))
    config.set_main_option("script_location", str(tmp_path / "migrations"))
    newest = ScriptDirectory.from_config(config).get_current_head()
    assert newest is not None
    following = f"{int(newest) + 1:04d}"
    command.revision(config, "add a column", rev_id=following)
    written = tmp_path / "migrations" / "versions" / f"r{following}_add_a_column.py"
    compile(written.read_text(encoding="utf-8"), str(written), "exec")
    script = ScriptDirectory.from_config(config)
    assert script.get_current_head() == following
    revision = script.get_revision(following)
    assert revision is not None and revision.down_revision == newest


def test_rikken_tables_stored_before_0_8_keep_the_rules_they_were_made_under(url: str) -> None:
    """Migration 0003: a Rikken table stored by troef 0.7 gets 0.7's values of the options 0.8 added,
    so its rounds replay and resume as they were played; other games' tables are left alone."""
    stored = {
        "k": (row("k"), "kampioenschap"),
        "b": (row("b"), {"preset": "bsg", "open_after_trick": 3}),
        "h": (TableRow("h", "hoogjassen", "standaard", 4, {}, 1.0), "standaard"),
    }
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0002")
        for table_row, rules in stored.values():
            connection.execute(
                TABLES.insert().values(
                    id=table_row.id,
                    game=table_row.game,
                    rules=rules,
                    players=4,
                    settings={},
                    created=1.0,
                    version=0,
                )
            )
    engine.dispose()
    with Store(url) as store:
        loaded = {table_id: store.load(table_id) for table_id in stored}
    rules = {table_id: found[0].rules for table_id, found in loaded.items() if found is not None}
    legacy = {
        "open_misere_bidder_leads": True,
        "praatje_all_open": True,
        "forced_fourth_after_pass": False,
        "alleen_as_rik": False,
    }
    assert rules == {
        "k": {"preset": "kampioenschap", **legacy, "open_after_trick_two": 5},
        "b": {"preset": "bsg", "open_after_trick": 3, **legacy, "open_after_trick_two": 3},
        "h": "standaard",
    }
    old_k = troef.load_game("rikken", rules["k"]).rules
    assert (
        old_k["open_misere_bidder_leads"] and old_k["praatje_all_open"] and old_k["open_after_trick_two"] == 5
    )


def test_a_database_holding_tables_gains_accounts_and_keeps_its_tables(url: str) -> None:
    """Migration 0005 (issue 34): accounts and sessions join a database that already holds tables."""
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0004")
        values = {"id": "t1", "game": "rikken", "rules": "kampioenschap", "players": 4, "settings": {}}
        connection.execute(TABLES.insert().values(**values, created=1.0, version=0))
    engine.dispose()
    with Store(url) as store:
        assert store.load("t1") == (TableRow("t1", "rikken", "kampioenschap", 4, {}, 1.0), [])
        rows = AccountRows(store)
        assert rows.add(Account("ann", "Ann", "$argon2id$..."), now=2.0)
        rows.open_session("s" * 64, "ann", now=3.0, kept=2, since=0.0)
        assert rows.session("s" * 64) == ("Ann", 3.0) and rows.find("ANN".casefold()) is not None
        assert not rows.add(Account("ann", "ANN", "$argon2id$..."), now=4.0)  # the key is taken
        rows.open_session("t" * 64, "ann", now=5.0, kept=2, since=0.0)
        rows.open_session("u" * 64, "ann", now=6.0, kept=2, since=0.0)  # ends the oldest of three
        assert rows.session("s" * 64) is None and rows.session("t" * 64) == ("Ann", 5.0)
        rows.open_session("v" * 64, "ann", now=9.0, kept=2, since=5.5)  # ends those begun by 5.5
        assert rows.session("t" * 64) is None and rows.session("u" * 64) == ("Ann", 6.0)


def test_a_database_holding_tables_and_clubs_gains_events_and_ratings(url: str) -> None:
    """Migration 0007 (issue 34): a club made before keeps its members and counts its season plainly (every
    event, every table); events, their tables and ratings join the tables already there."""
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0006")
        values = {"id": "t1", "game": "rikken", "rules": "kampioenschap", "players": 4, "settings": {}}
        connection.execute(TABLES.insert().values(**values, created=1.0, version=0))
        connection.execute(
            ACCOUNTS.insert().values(key="ann", name="Ann", password="$argon2id$...", created=1.0)
        )
        connection.execute(
            text("INSERT INTO clubs (id, name, invite, created) VALUES ('c1', 'De Troef', 'x', 1.0)")
        )
        connection.execute(MEMBERS.insert().values(club="c1", account="ann", role="admin", joined=1.0))
    engine.dispose()
    with Store(url) as store:
        clubs = ClubRows(store)
        assert clubs.season("c1") == (None, 0) and clubs.members("c1") == [{"name": "Ann", "role": "admin"}]
        event = ClubEvent(
            "e1", "c1", "Rikavond", "rikken", "kampioenschap", "draw", 2, 4, None, 30.0, 60.0, "playing", 2.0
        )
        rows = EventRows(store)
        rows.create(event, [EventPlayer("ann", "Ann", True)])
        seats = [{"seat": 0, "account": "ann", "name": "Ann"}]
        assert rows.add_session("e1", 1, [DrawnTable("t1", 1, 0, seats, False)], now=3.0)
        assert not rows.add_session("e1", 1, [], now=4.0)  # drawn once, whichever process comes second
        assert rows.tables("e1") == [DrawnTable("t1", 1, 0, seats, False)]
        assert store.load("t1") == (TableRow("t1", "rikken", "kampioenschap", 4, {}, 1.0), [])


def test_rematch_invites_stored_before_0_8_are_stripped(url: str) -> None:
    """Migration 0004 (issue 32): a rematch event no longer holds the rematch's invite link, which was
    shown to anyone in the old table's info; the other events are left as they were."""
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0003")
        connection.execute(
            TABLES.insert().values(
                id="t1", game="rififi", rules="standaard", players=3, settings={}, created=1.0, version=2
            )
        )
        connection.execute(
            EVENTS.insert(),
            [
                {"table_id": "t1", "version": 1, "kind": "act", "data": {"seat": 0, "action": "bid 1"}},
                {
                    "table_id": "t1",
                    "version": 2,
                    "kind": "rematch",
                    "data": {"table": "t2", "invite": "/join/t2/c"},
                },
            ],
        )
    engine.dispose()
    with Store(url) as store:
        loaded = store.load("t1")
    assert loaded is not None
    assert [e.data for e in loaded[1]] == [{"seat": 0, "action": "bid 1"}, {"table": "t2"}]


def test_fresh_databases_started_at_once_all_migrate(url: str) -> None:
    opened = stores_opened_at_once(url, 3)
    opened[1].create_table(row(), acts(1, 1))
    assert opened[2].load("t1") == (row(), acts(1, 1))
    for store in opened:
        store.close()


WRITER: Final = """
import sys
from troef.interfaces.web.store import Event, Store
store = Store(sys.argv[1])
version = 0
while True:
    version += 1
    store.append("t1", [Event(version, "act", {"n": version})])
    print(version, flush=True)
"""
"""A writer that acknowledges (prints) each version once `append` has returned."""


def test_a_writer_killed_mid_loop_loses_no_acknowledged_version(url: str) -> None:
    with Store(url) as store:
        store.create_table(row())
    with subprocess.Popen([sys.executable, "-c", WRITER, url], stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        acknowledged = [int(child.stdout.readline()) for _ in range(40)]
        child.send_signal(signal.SIGKILL)
        acknowledged += [int(line) for line in child.stdout.read().split()]
    assert child.returncode == -signal.SIGKILL
    assert acknowledged == list(range(1, len(acknowledged) + 1))
    with Store(url) as store:
        loaded = store.load("t1")
        assert loaded is not None
        stored = [e.version for e in loaded[1]]
        assert stored == list(range(1, len(stored) + 1))
        assert set(acknowledged) <= set(stored) and len(stored) <= len(acknowledged) + 1
        assert [e.data["n"] for e in loaded[1]] == stored
        store.append("t1", [Event(len(stored) + 1, "act", {"n": len(stored) + 1})])


def test_a_sqlite_store_writes_ahead_to_a_log(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with Store(f"sqlite:///{path}") as store:
        store.create_table(row())
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()


def test_an_in_memory_store_is_one_database_for_every_thread() -> None:
    with Store("sqlite://") as store:
        tables = [f"t{n}" for n in range(4)]
        for table_id in tables:
            store.create_table(row(table_id))

        def writer(table_id: str) -> None:
            for version in range(1, 31):
                store.append(table_id, acts(version, 1))

        threads = [threading.Thread(target=writer, args=(table_id,)) for table_id in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [store.load(table_id) for table_id in tables] == [(row(t), acts(1, 30)) for t in tables]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("no url", "not a database URL: 'no url'"),
        ("nosuchdb://host/db", "cannot use the database nosuchdb://host/db: Can't load plugin"),
        (
            "sqlite:////nonexistent/folder/t.sqlite3",
            "cannot open the database sqlite:////nonexistent/folder/t",
        ),
        (
            "postgresql+psycopg://me:secret@127.0.0.1:1/test",
            r"cannot open the database postgresql\+psycopg://me:\*\*\*@",
        ),
    ],
)
def test_a_database_the_store_cannot_open_raises_a_store_error(url: str, message: str) -> None:
    with pytest.raises(StoreError, match=message) as raised:
        Store(url)
    assert "secret" not in str(raised.value)


def test_the_default_database_is_a_file_in_the_users_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_url() == f"sqlite:///{tmp_path / 'xdg' / 'troef' / 'troef.sqlite3'}"
    assert (tmp_path / "xdg" / "troef").is_dir()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_url() == f"sqlite:///{tmp_path / 'home' / '.local' / 'share' / 'troef' / 'troef.sqlite3'}"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert (
        default_url()
        == f"sqlite:///{tmp_path / 'home' / 'Library' / 'Application Support' / 'troef' / 'troef.sqlite3'}"
    )
    with Store(default_url()) as store:
        store.create_table(row())
    assert (tmp_path / "home" / "Library" / "Application Support" / "troef" / "troef.sqlite3").is_file()
