"""Hostile clients: bad messages of every kind, tokens for the wrong seat or table, random junk.

The arena is a table in play (seats 0 and 2 held by two connections, seats 1 and 3 bots, a
clock that never runs out), a second table with a player of its own, a spectator and a
stranger. Each bad message must get an ``error`` with its reason and leave every table as it
was: the same state, seats and database rows, but for the legal moves a test made itself.
Every text each connection received is searched for a card its reader may not see and for
a game's seed; the server's log lines for tokens, seeds and cards; and the sender, and a new
connection, must still be answered.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import logging
import re
import sqlite3
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, cast

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from spades import (
    IllegalMoveError,
    NotationError,
    Ruleset,
    Suit,
    apply,
    new_game,
    observe,
    parse_move,
    records,
)
from spades.bots import fallback_move
from spades.server import ClockSettings
from spades.server._protocol import read_message

from .server_client import Connection, running

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from _pytest.mark.structures import ParameterSet
    from starlette.applications import Starlette

    from spades import State
    from spades.server._store import SeatRow

    from .server_client import Server

pytestmark = pytest.mark.timeout(120)

CARD: Final = re.compile(r"(?<![\w-])(?:[2-9TJQKA][CDHS]|[BL]J)(?![\w-])")
"""A card's notation standing alone in a text (not inside a token or a table's id), the
jokers too."""

TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{43}")
"""A token as ``secrets.token_urlsafe(32)`` writes it: 32 random bytes, 43 characters."""

FOREVER: Final = ClockSettings(move_seconds=600, extension_seconds=600)
"""A clock that runs out only when a test moves the server's clock (none here does)."""

TWO_PLAYERS: Final = ["open", "heuristic", "open", "heuristic"]
"""The arena's seats: seats 0 and 2 for this test's connections, the others bots."""

UNLIMITED: Final = {"messages_per_second": 1000.0, "burst": 10000}
"""The loosest rate limit a server takes: no test here reaches it (the limits have theirs)."""

FORGED: Final = "nobody-holds-this-token-0123456789abcdefghi"
"""A token of the right form that the server never gave."""

NO_TABLE: Final = "no-such-table"
"""A table id of the right form that names no table."""


def notation_hint() -> str:
    """The library's examples of moves, which its notation errors end with (fixed text)."""
    with pytest.raises(NotationError) as refusal:
        parse_move("?")
    return str(refusal.value).removeprefix("'?' is not a move")


HINT: Final = notation_hint()


def nothing_hidden() -> frozenset[str]:
    return frozenset()


def named_cards(frame: str) -> set[str]:
    """The cards a frame names, as sent or as its JSON strings read back (``"\\u00bf2C"``)."""
    cards = set(CARD.findall(frame))
    with contextlib.suppress(ValueError, RecursionError):
        cards.update(CARD.findall(json.dumps(json.loads(frame), ensure_ascii=False)))
    return cards


@attrs.define
class Seen(Connection):
    """A connection that keeps every text it receives, with what its reader may not see then."""

    received: list[tuple[str, frozenset[str]]] = attrs.field(factory=list, init=False)
    sent: set[str] = attrs.field(factory=set, init=False)
    hidden: Callable[[], frozenset[str]] = attrs.field(default=nothing_hidden, init=False)

    def receive(self) -> dict[str, Any]:
        message = super().receive()
        self.received.append((json.dumps(message, ensure_ascii=False), self.hidden()))
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.frame(json.dumps(message))

    def frame(self, frame: str | bytes) -> None:
        """Send a text frame, or a binary one; the cards it names may come back in errors."""
        if isinstance(frame, bytes):
            self.sent.update(named_cards(frame.decode(errors="replace")))
            self.socket.send_bytes(frame)
        else:
            self.sent.update(named_cards(frame))
            self.socket.send_text(frame)

    def error(self, frame: str | bytes) -> dict[str, Any]:
        """Send ``frame``; the error it gets (``table`` updates read past)."""
        self.frame(frame)
        reply = self.until(lambda received: received["type"] != "table")
        assert reply["type"] == "error", reply
        return reply

    def answered(self, marker: str = "still-there") -> None:
        """Check that a ``list_tables`` still gets its reply."""
        reply = self.reply({"type": "list_tables", "id": marker})
        assert reply["type"] == "tables", reply
        assert reply["reply_to"] == marker

    def leaks(self, seeds: tuple[str, ...]) -> list[str]:
        """Each card the reader may not see, and each seed, in a text it received."""
        found = []
        for text, hidden in self.received:
            shown = (set(CARD.findall(text.replace(HINT, ""))) & hidden) - self.sent
            found += [f"{card} in {text[:300]}" for card in sorted(shown)]
            found += [f"seed in {text[:300]}" for seed in seeds if seed in text]
        return found

    def forget(self) -> None:
        self.received.clear()
        self.sent.clear()


@contextlib.contextmanager
def seen(server: Server, **headers: str) -> Iterator[Seen]:
    with server.client.websocket_connect("/ws", headers=headers) as socket:
        yield Seen(socket)


def hidden_cards(state: State, reader: int | None) -> frozenset[str]:
    """The cards ``reader`` may not see (``None``: a spectator, who sees no hand)."""
    hands = [card for seat, hand in enumerate(state.hands) if seat != reader for card in hand]
    return frozenset(str(card) for card in [*hands, *state.stock])


def database_rows(path: Path, table_id: str | None = None) -> tuple[tuple[Any, ...], ...]:
    """Every row of the server's database (of the table ``table_id`` alone, if given)."""
    where = "" if table_id is None else " WHERE {} = ?"
    parameters = () if table_id is None else (table_id,)
    rows: list[tuple[Any, ...]] = []
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as database:
        for name, key, order in (
            ("tables", "id", "id"),
            ("seats", "table_id", "table_id, seat"),
            ("moves", "table_id", "table_id, ply"),
        ):
            query = f"SELECT * FROM {name}{where.format(key)} ORDER BY {order}"
            rows += [(name, *row) for row in database.execute(query, parameters)]
    return tuple(rows)


@attrs.frozen
class Snapshot:
    """What a table is: its moves, its state, its seats, and its rows in the database."""

    moves: tuple[str, ...]
    state: State
    seats: tuple[SeatRow, ...]
    rows: tuple[tuple[Any, ...], ...]

    @classmethod
    def of(cls, server: Server, table_id: str) -> Snapshot:
        table = server.lobby.tables[table_id]
        return cls(
            moves=tuple(str(move) for move in table.moves),
            state=table.state,
            seats=tuple(table.seats),
            rows=database_rows(server.database, table_id),
        )


def stored_moves(server: Server, table_id: str) -> list[tuple[int, str, str]]:
    """The table's moves in the database, in order: seat, notation, by whom."""
    with contextlib.closing(sqlite3.connect(f"file:{server.database}?mode=ro", uri=True)) as db:
        query = "SELECT seat, move, by FROM moves WHERE table_id = ? ORDER BY ply"
        return list(db.execute(query, (table_id,)))


def replayed(server: Server, table_id: str) -> State:
    """The table's game as its stored moves make it, from its stored seed and dealer."""
    with contextlib.closing(sqlite3.connect(f"file:{server.database}?mode=ro", uri=True)) as db:
        query = "SELECT rules, seed, dealer FROM tables WHERE id = ?"
        rules, seed, dealer = db.execute(query, (table_id,)).fetchone()
    state = new_game(records.from_data(json.loads(rules), Ruleset), seed=int(seed), dealer=dealer)
    for seat, move, _by in stored_moves(server, table_id):
        state = apply(state, parse_move(move), seat=seat)
    return state


@attrs.define
class Arena:
    """Two tables in play, the connections around them, and how everything was."""

    server: Server
    table: str
    other: str
    creator: str
    other_creator: str
    tokens: dict[int, str]
    other_token: str
    north: Seen  # seat 0 of the table, and its creator
    south: Seen  # seat 2 of the table
    watcher: Seen  # watches the table
    stranger: Seen  # follows nothing
    holder: Seen  # seat 0 of the other table, and its creator
    before: dict[str, Snapshot] = attrs.field(factory=dict)
    summaries: list[dict[str, Any]] = attrs.field(factory=list)
    clean: bool = False

    @property
    def connections(self) -> dict[str, Seen]:
        return {
            "north": self.north,
            "south": self.south,
            "watcher": self.watcher,
            "stranger": self.stranger,
            "holder": self.holder,
        }

    @property
    def ply(self) -> int:
        """The number of moves made at the table."""
        return len(self.server.lobby.tables[self.table].moves)

    def state(self, table_id: str | None = None) -> State:
        return self.server.lobby.tables[table_id or self.table].state

    @property
    def seeds(self) -> tuple[str, ...]:
        tables = self.server.lobby.tables
        return tuple(str(tables[table_id].state.seed) for table_id in (self.table, self.other))

    def snapshot(self) -> dict[str, Snapshot]:
        return {table_id: Snapshot.of(self.server, table_id) for table_id in self.before}

    def listed(self) -> list[dict[str, Any]]:
        reply = self.stranger.reply({"type": "list_tables"})
        assert reply["type"] == "tables", reply
        tables: list[dict[str, Any]] = reply["tables"]
        return tables

    def remember(self) -> None:
        """Take how everything is now as how it must stay."""
        self.before = {self.table: Snapshot.of(self.server, self.table)}
        self.before[self.other] = Snapshot.of(self.server, self.other)
        self.summaries = self.listed()
        for connection in self.connections.values():
            connection.forget()

    def check_intact(self, caplog: pytest.LogCaptureFixture, *, every: bool = False) -> None:
        """Every table as it was, nothing hidden shown, the server serving (``every``: all)."""
        assert self.snapshot() == self.before
        assert self.listed() == self.summaries
        for name, connection in self.connections.items():
            assert connection.leaks(self.seeds) == [], name
            if every:
                connection.answered(f"{name}-answered")
        check_logs(caplog, self.seeds, [self.creator, self.other_creator, *self.tokens.values()])
        with seen(self.server) as fresh:
            fresh.answered("new-connection")
        self.clean = True


def check_logs(caplog: pytest.LogCaptureFixture, seeds: tuple[str, ...], tokens: list[str]) -> None:
    """The server's log lines name no card, no seed, no token."""
    for record in caplog.records:
        text = record.getMessage()
        assert not CARD.findall(text), text
        assert not [secret for secret in (*seeds, *tokens) if secret in text], text


def reading(arena: Arena, table_id: str, seat: int | None) -> Callable[[], frozenset[str]]:
    """What ``seat`` (``None``: a spectator) may not see at the table, whenever asked."""
    return lambda: hidden_cards(arena.state(table_id), seat)


def to_move(*seats: int, after: int = -1) -> Callable[[dict[str, Any]], bool]:
    """Whether a ``table`` message shows one of ``seats`` to move, past the ply ``after``."""
    return lambda message: message["public"]["to_move"] in seats and message["ply"] > after


def build(server: Server, stack: contextlib.ExitStack) -> Arena:
    """The arena, at seat 0's bid: seat 3 (a bot) and seat 2 have bid, and seat 1 (a bot)."""
    north, south, watcher, stranger, holder = (stack.enter_context(seen(server)) for _ in range(5))
    created = north.create(seats=TWO_PLAYERS, clock=FOREVER.data())
    table = created["table"]
    tokens = {0: north.join(table, 0)["token"], 2: south.join(table, 2)["token"]}
    watcher.send({"type": "watch", "table": table})
    watcher.table(to_move(2))
    south.send({"type": "move", "table": table, "move": "bid 3"})
    other = holder.create(clock=FOREVER.data())
    other_token = holder.join(other["table"], 0)["token"]
    holder.table(to_move(0))
    watcher.table(to_move(0))
    arena = Arena(
        server=server,
        table=table,
        other=other["table"],
        creator=created["creator_token"],
        other_creator=other["creator_token"],
        tokens=tokens,
        other_token=other_token,
        north=north,
        south=south,
        watcher=watcher,
        stranger=stranger,
        holder=holder,
    )
    for connection, table_id, seat in (
        (north, table, 0),
        (south, table, 2),
        (watcher, table, None),
        (holder, arena.other, 0),
    ):
        connection.hidden = reading(arena, table_id, seat)
    stranger.hidden = lambda: reading(arena, table, None)() | reading(arena, arena.other, None)()
    arena.remember()
    return arena


class Arenas:
    """One arena for the module's tests, built again when a test left it changed or broken."""

    def __init__(self, directory: Callable[[], Path]) -> None:
        self._directory = directory
        self._stack: contextlib.ExitStack | None = None
        self._arena: Arena | None = None

    def ready(self) -> Arena:
        arena = self._arena
        if arena is None or not arena.clean:
            self.close()
            self._stack = contextlib.ExitStack()
            server = self._stack.enter_context(
                running(self._directory() / "db.sqlite3", clock=FOREVER, **UNLIMITED)
            )
            arena = self._arena = build(server, self._stack)
        arena.clean = False
        for connection in arena.connections.values():
            connection.forget()
        return arena

    def close(self) -> None:
        if self._stack is not None:
            with contextlib.suppress(Exception):  # a server that a test broke may raise here
                self._stack.close()
        self._stack = None
        self._arena = None


@pytest.fixture(scope="module")
def arenas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arenas]:
    holder = Arenas(lambda: tmp_path_factory.mktemp("arena"))
    try:
        yield holder
    finally:
        holder.close()


@pytest.fixture
def arena(arenas: Arenas, caplog: pytest.LogCaptureFixture) -> Arena:
    caplog.set_level(logging.INFO, logger="spades.server")
    return arenas.ready()


# The bad messages


@attrs.frozen
class Bad:
    """A bad message: the frame, the reasons it may get, who sends it."""

    frame: Callable[[Arena], str | bytes]
    reasons: frozenset[str]
    sender: str = "north"
    echoed: bool = False  # whether it passes the schema, so that its error echoes its "id"


def bad(
    name: str, frame: Callable[[Arena], str | bytes], *reasons: str, sender: str = "north"
) -> ParameterSet:
    return pytest.param(Bad(frame, frozenset(reasons), sender), id=name)


def raw(frame: str | bytes) -> Callable[[Arena], str | bytes]:
    return lambda _: frame


def as_text(build: Callable[[Arena], dict[str, Any]]) -> Callable[[Arena], str | bytes]:
    return lambda arena: json.dumps(build(arena))


def refused(
    name: str, build: Callable[[Arena], dict[str, Any]], reason: str, *, sender: str = "north"
) -> ParameterSet:
    """A message the schema passes and the server refuses: its error echoes its id."""
    frame = as_text(lambda arena: {**build(arena), "id": name})
    return pytest.param(Bad(frame, frozenset({reason}), sender, echoed=True), id=name)


NOT_JSON: Final = [
    bad("open-brace", raw("{"), "malformed_json"),
    bad("unclosed-list", raw("[1,"), "malformed_json"),
    bad("empty-text", raw(""), "malformed_json"),
    bad("blank-text", raw("   "), "malformed_json"),
    bad("trailing-data", raw('{"type": "list_tables"} {"type": "list_tables"}'), "malformed_json"),
    bad("single-quotes", raw("{'type': 'list_tables'}"), "malformed_json"),
    bad("byte-order-mark", raw('\ufeff{"type": "list_tables"}'), "malformed_json"),
    bad("comment", raw('{"type": "list_tables"} // hi'), "malformed_json"),
    bad("nan", raw('{"type": "list_tables", "id": NaN}'), "malformed_json"),
    bad("infinity", raw('{"type": "list_tables", "id": Infinity}'), "malformed_json"),
    bad("minus-infinity", raw('{"type": "list_tables", "id": -Infinity}'), "malformed_json"),
    bad(
        "nan-ply",
        lambda a: f'{{"type": "move", "table": "{a.table}", "move": "bid 3", "ply": NaN}}',
        "malformed_json",
    ),
    bad("5000-digits", raw('{"type": "list_tables", "id": ' + "9" * 5000 + "}"), "malformed_json"),
    bad("16000-deep-lists-unclosed", raw("[" * 16000), "malformed_json"),
    bad("3000-deep-objects-unclosed", raw('{"a":' * 3000), "malformed_json"),
    # Python's decoders stop at different depths: read whole, a list is no message either.
    bad("5000-deep-lists", raw("[" * 5000 + "]" * 5000), "malformed_json", "invalid_message"),
    bad("binary-not-utf-8", raw(b"\xff\xfe\xfd"), "invalid_message"),
    bad("binary-json", raw(b'{"type": "list_tables"}'), "invalid_message"),
    bad("binary-empty", raw(b""), "invalid_message"),
]

NOT_AN_OBJECT: Final = [
    bad(f"not-an-object-{name}", raw(text), "invalid_message")
    for name, text in [
        ("list", "[]"),
        ("string", '"list_tables"'),
        ("null", "null"),
        ("number", "42"),
        ("float", "-0.5"),
        ("true", "true"),
        ("list-of-a-message", '[{"type": "list_tables"}]'),
    ]
]

NO_TYPE: Final = [
    bad(f"no-type-{name}", raw(text), "invalid_message")
    for name, text in [
        ("empty", "{}"),
        ("id-only", '{"id": 1}'),
        ("capital-type", '{"Type": "list_tables"}'),
        ("fields-only", '{"table": "abc", "seat": 0}'),
        ("type-given-twice-last-null", '{"type": "list_tables", "type": null}'),
    ]
]

TYPE_NOT_A_STRING: Final = [
    bad(f"type-{name}", raw(json.dumps({"type": value})), "invalid_message")
    for name, value in [
        ("int", 1),
        ("float", 1.5),
        ("null", None),
        ("true", True),
        ("list", ["list_tables"]),
        ("object", {"name": "list_tables"}),
    ]
]

UNKNOWN_TYPE: Final = [
    bad(f"unknown-type-{name}", raw(json.dumps({"type": value})), "unknown_type")
    for name, value in [
        ("hello", "hello"),
        ("empty", ""),
        ("capitals", "LIST_TABLES"),
        ("trailing-space", "list_tables "),
        ("leading-space", " list_tables"),
        ("dash", "list-tables"),
        ("nul", "list_tables\u0000"),
        ("fullwidth", "\uff4c\uff49\uff53\uff54_tables"),
        ("welcome", "welcome"),
        ("error", "error"),
        ("table", "table"),
        ("tables", "tables"),
        ("proto", "__proto__"),
        ("constructor", "constructor"),
        ("10000-chars", "x" * 10000),
    ]
]

BASES: Final[dict[str, Callable[[Arena], dict[str, Any]]]] = {
    "list_tables": lambda a: {"type": "list_tables"},
    "create_table": lambda a: {
        "type": "create_table",
        "preset": "miniokey",
        "target": 500,
        "round_cap": None,
        "seats": ["open", "heuristic", "heuristic", "heuristic"],
        "clock": {"move_seconds": 30, "extension_seconds": 30, "extension": "move"},
        "bot_pause": 1.0,
    },
    "join": lambda a: {"type": "join", "table": a.table, "seat": 1},
    "resume": lambda a: {"type": "resume", "table": a.table, "token": a.tokens[0]},
    "watch": lambda a: {"type": "watch", "table": a.table},
    "move": lambda a: {"type": "move", "table": a.table, "move": "bid 3", "ply": a.ply},
    "hand_to_bot": lambda a: {
        "type": "hand_to_bot",
        "table": a.table,
        "seat": 2,
        "bot": "heuristic",
        "creator_token": a.creator,
    },
    "leave": lambda a: {"type": "leave", "table": a.table},
}
"""For each type a message the schema passes: each field case changes one field of it."""

FIELDS: Final = {
    "list_tables": ("id",),
    "create_table": ("preset", "target", "round_cap", "seats", "clock", "bot_pause"),
    "join": ("table", "seat"),
    "resume": ("table", "token"),
    "watch": ("table",),
    "move": ("table", "move", "ply", "id"),
    "hand_to_bot": ("table", "seat", "bot", "creator_token"),
    "leave": ("table",),
}
"""The fields tried with wrong values, for each type ("id" is one definition for all)."""

REQUIRED: Final = {
    "join": ("table", "seat"),
    "resume": ("table", "token"),
    "watch": ("table",),
    "move": ("table", "move"),
    "hand_to_bot": ("table", "seat", "bot", "creator_token"),
    "leave": ("table",),
}

TOKEN_WRONG: Final[list[tuple[str, object]]] = [
    ("int", 1),
    ("null", None),
    ("empty", ""),
    ("15-chars", "a" * 15),
    ("129-chars", "a" * 129),
    ("10000-chars", "a" * 10000),
    ("padded", "a" * 42 + "="),
    ("plus-slash", "a+b/" * 11),
    ("newline", "a" * 43 + "\n"),
    ("list", []),
]

WRONG: Final[dict[str, list[tuple[str, object]]]] = {
    "table": [
        ("int", 1),
        ("true", True),
        ("null", None),
        ("list", []),
        ("empty", ""),
        ("33-chars", "a" * 33),
        ("10000-chars", "a" * 10000),
        ("space", "a table"),
        ("path", "../etc"),
        ("newline", "abc\n"),
        ("umlaut", "t\u00e4ble"),
    ],
    "seat": [
        ("true", True),
        ("float", 1.5),
        ("string", "1"),
        ("negative", -1),
        ("4-of-4", 4),
        ("10e400", 10**400),
        ("null", None),
        ("list", [1]),
    ],
    "token": TOKEN_WRONG,
    "creator_token": TOKEN_WRONG,
    "move": [
        ("int", 3),
        ("null", None),
        ("true", True),
        ("list", ["bid", 3]),
        ("object", {"bid": 3}),
        ("65-chars", "bid 3" + " " * 60),
        ("10000-chars", "x" * 10000),
    ],
    "ply": [
        ("negative", -1),
        ("string", "0"),
        ("false", False),
        ("float", 0.5),
        ("10e400", 10**400),
        ("null", None),
        ("beyond-i-json", 2**53),
    ],
    "bot": [("human", "human"), ("open", "open"), ("empty", ""), ("capitals", "HEURISTIC")],
    "preset": [("unknown", "poker"), ("int", 1), ("null", None), ("capitals", "MINIOKEY")],
    "target": [
        ("string", "500"),
        ("true", True),
        ("float", 500.5),
        ("zero", 0),
        ("10001", 10001),
        ("10e400", 10**400),
        ("null", None),
    ],
    "round_cap": [("string", "1"), ("zero", 0), ("1001", 1001), ("true", True), ("float", 1.5)],
    "seats": [
        ("string", "open"),
        ("empty", []),
        ("three", ["open"] * 3),
        ("five", ["open"] * 5),
        ("unknown-bot", ["open", "human", "human", "human"]),
        ("ints", [0, 1, 2, 3]),
        ("null", None),
    ],
    "clock": [
        ("string", "30"),
        ("null", None),
        ("list", [30, 30, "move"]),
        ("zero-seconds", {"move_seconds": 0}),
        ("601-seconds", {"move_seconds": 601}),
        ("string-seconds", {"move_seconds": "30"}),
        ("negative-extension", {"extension_seconds": -1}),
        ("never", {"extension": "never"}),
        ("unknown-field", {"tempo": 1}),
    ],
    "bot_pause": [("negative", -1), ("11", 11), ("string", "1"), ("true", True), ("null", None)],
    "id": [
        ("float", 1.5),
        ("true", True),
        ("null", None),
        ("list", []),
        ("object", {}),
        ("65-chars", "x" * 65),
        ("10000-chars", "x" * 10000),
        ("beyond-i-json", 2**53),
        ("below-i-json", -(2**53)),
        ("10e400", 10**400),
    ],
}
"""Values each field must not take: wrong types, out of range, overlong."""


def changed(kind: str, **fields: object) -> Callable[[Arena], dict[str, Any]]:
    return lambda arena: {**BASES[kind](arena), **fields}


def without(kind: str, field: str) -> Callable[[Arena], dict[str, Any]]:
    return lambda arena: {
        name: value for name, value in BASES[kind](arena).items() if name != field
    }


def field_cases() -> list[ParameterSet]:
    """Each message with a field missing, a field's value wrong, or a field too many."""
    cases = [
        bad(f"{kind}-without-{field}", as_text(without(kind, field)), "invalid_message")
        for kind, fields in REQUIRED.items()
        for field in fields
    ]
    for kind, fields in FIELDS.items():
        cases += [
            bad(
                f"{kind}-{field}-{name}",
                as_text(changed(kind, **{field: value})),
                "invalid_message",
            )
            for field in fields
            for name, value in WRONG[field]
        ]
        cases += [
            bad(f"{kind}-extra-field", as_text(changed(kind, extra=1)), "invalid_message"),
            bad(f"{kind}-proto-field", as_text(changed(kind, __proto__={})), "invalid_message"),
            bad(
                f"{kind}-with-a-seat-and-a-token",
                as_text(changed(kind, seat=0, token=FORGED)),
                "invalid_message",
            )
            if kind in {"move", "list_tables", "watch", "leave"}
            else bad(f"{kind}-you-field", as_text(changed(kind, you=2)), "invalid_message"),
        ]
    two_handed = changed("create_table", preset="two-handed")
    cases.append(bad("create_table-two-handed-four-seats", as_text(two_handed), "invalid_message"))
    return cases


def one_off(token: str) -> str:
    """``token`` with its first character changed."""
    return ("B" if token[0] == "A" else "A") + token[1:]


SEMANTIC: Final = [
    # Moves from a connection that holds no seat at the table.
    refused("move-by-the-spectator", BASES["move"], "not_seated", sender="watcher"),
    refused("move-by-a-stranger", BASES["move"], "not_seated", sender="stranger"),
    refused("move-by-another-table-s-player", BASES["move"], "not_seated", sender="holder"),
    refused(
        "move-at-a-table-not-seated-at",
        lambda a: {"type": "move", "table": a.other, "move": "bid 3"},
        "not_seated",
    ),
    # Tables that do not exist.
    *(
        refused(f"{kind}-no-such-table", changed(kind, table=NO_TABLE), "no_such_table")
        for kind in ("join", "resume", "watch", "move", "hand_to_bot", "leave")
    ),
    # Seats that are taken.
    refused("join-a-bot-s-seat", changed("join", seat=1), "seat_taken", sender="stranger"),
    refused("join-a-player-s-seat", changed("join", seat=2), "seat_taken", sender="stranger"),
    refused(
        "spectator-joins-a-taken-seat", changed("join", seat=0), "seat_taken", sender="watcher"
    ),
    refused(
        "join-another-table-s-taken-seat",
        lambda a: {"type": "join", "table": a.other, "seat": 0},
        "seat_taken",
        sender="stranger",
    ),
    # Tokens that hold no seat at the table.
    refused(
        "resume-with-the-creator-token",
        lambda a: {**BASES["resume"](a), "token": a.creator},
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-with-a-forged-token",
        changed("resume", token=FORGED),
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-with-another-table-s-seat-token",
        lambda a: {**BASES["resume"](a), "token": a.other_token},
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-with-another-table-s-creator-token",
        lambda a: {**BASES["resume"](a), "token": a.other_creator},
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-a-seat-token-at-another-table",
        lambda a: {"type": "resume", "table": a.other, "token": a.tokens[0]},
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-with-a-token-one-character-off",
        lambda a: {**BASES["resume"](a), "token": one_off(a.tokens[0])},
        "bad_token",
        sender="stranger",
    ),
    refused(
        "resume-with-a-token-cut-short",
        lambda a: {**BASES["resume"](a), "token": a.tokens[0][:-1]},
        "bad_token",
        sender="stranger",
    ),
    # Seats handed to a bot without the creator's token.
    refused(
        "hand_to_bot-with-the-seat-s-own-token",
        lambda a: {**BASES["hand_to_bot"](a), "creator_token": a.tokens[2]},
        "not_creator",
        sender="south",
    ),
    refused(
        "hand_to_bot-with-another-seat-s-token",
        lambda a: {**BASES["hand_to_bot"](a), "creator_token": a.tokens[0]},
        "not_creator",
    ),
    refused(
        "hand_to_bot-with-another-table-s-creator-token",
        lambda a: {**BASES["hand_to_bot"](a), "creator_token": a.other_creator},
        "not_creator",
        sender="holder",
    ),
    refused(
        "hand_to_bot-with-a-forged-token",
        changed("hand_to_bot", creator_token=FORGED),
        "not_creator",
        sender="stranger",
    ),
    refused(
        "hand_to_bot-at-another-table",
        lambda a: {**BASES["hand_to_bot"](a), "table": a.other, "seat": 0},
        "not_creator",
    ),
    refused("hand_to_bot-a-bot-s-seat", changed("hand_to_bot", seat=1), "seat_taken"),
    # Moves for a ply gone by, or one to come.
    refused("move-for-a-ply-gone-by", lambda a: changed("move", ply=a.ply - 1)(a), "stale_ply"),
    refused("move-for-a-ply-to-come", lambda a: changed("move", ply=a.ply + 1)(a), "stale_ply"),
    refused("move-for-the-first-ply", changed("move", ply=0), "stale_ply"),
    refused("move-for-the-last-ply", changed("move", ply=2**53 - 1), "stale_ply"),
]
"""Messages the schema passes and the server refuses for what they ask."""

BAD: Final = [
    *NOT_JSON,
    *NOT_AN_OBJECT,
    *NO_TYPE,
    *TYPE_NOT_A_STRING,
    *UNKNOWN_TYPE,
    *field_cases(),
    *SEMANTIC,
]


def test_each_field_case_changes_a_message_the_schema_passes(
    arena: Arena, caplog: pytest.LogCaptureFixture
) -> None:
    for kind, base in BASES.items():
        message = base(arena)
        assert read_message(json.dumps(message)) == message
        assert set(FIELDS[kind]) - {"id"} <= set(message)
    arena.check_intact(caplog)


@pytest.mark.parametrize("case", BAD)
def test_a_bad_message_gets_its_reason_and_changes_nothing(
    arena: Arena, case: Bad, caplog: pytest.LogCaptureFixture
) -> None:
    sender = arena.connections[case.sender]
    frame = case.frame(arena)
    error = sender.error(frame)
    assert error["reason"] in case.reasons, error
    assert len(error["message"]) <= 400  # the client's data is quoted cut short
    assert error.get("reply_to") == (json.loads(frame)["id"] if case.echoed else None)
    sender.answered()
    arena.check_intact(caplog)


def test_every_bad_message_at_once_each_answered_in_turn(
    arena: Arena, caplog: pytest.LogCaptureFixture
) -> None:
    """The bad messages sent back to back from every connection, then their errors read."""
    cases = [cast("Bad", param.values[0]) for param in BAD]
    for case in cases:
        arena.connections[case.sender].frame(case.frame(arena))
    for name, connection in arena.connections.items():
        mine = [case for case in cases if case.sender == name]
        errors = [connection.until(lambda message: message["type"] != "table") for _ in mine]
        wrong = [
            error
            for error, case in zip(errors, mine, strict=True)
            if error.get("reason") not in case.reasons
        ]
        assert wrong == [], name
    arena.check_intact(caplog, every=True)


def test_a_second_seat_at_the_same_table_is_refused(
    arena: Arena, caplog: pytest.LogCaptureFixture
) -> None:
    error = arena.north.error(json.dumps({"type": "join", "table": arena.table, "seat": 2}))
    assert error["reason"] == "already_seated"
    arena.north.answered()
    arena.check_intact(caplog)


# Moves: the library's reasons

MOVES: Final = [
    # Seat 2 (south) moves while seat 0 is to bid.
    ("south", "bid 3"),
    ("south", "bid nil"),
    ("south", "play {south}"),
    # Seat 0 (north), to bid, makes a move the rules refuse.
    ("north", "bid 14"),
    ("north", "bid -1"),
    ("north", "bid blind nil"),
    ("north", "look"),
    ("north", "play {north}"),
    ("north", "play {south}"),
    ("north", "pass 2C 3C"),
    ("north", "exchange"),
    ("north", "keep"),
    ("north", "reject"),
    # Text the notation does not read, with Unicode tricks among it.
    ("north", ""),
    ("north", "hello"),
    ("north", "bid"),
    ("north", "play"),
    ("north", "bid three"),
    ("north", "bid 3.0"),
    ("north", "bid +3"),
    ("north", "bid 1_0"),
    ("north", "bid 99999999999999999999999999999"),
    ("north", "bid \uff13"),  # a fullwidth 3
    ("north", "bid \u0663"),  # an Arabic-Indic 3: int() reads it, the notation must not
    ("north", "bid \u00b3"),  # a superscript 3
    ("north", "\u202ebid 3"),  # a right-to-left override
    ("north", "play \uff31\uff33"),  # a fullwidth QS
    ("north", "play QS\u200b"),  # a zero-width space
    ("north", "play Q\u0301S"),  # a combining accent
    ("north", "play 1S"),
    ("north", "play \x00"),
    ("south", "play \U0001f0a1"),  # a playing card's emoji
]


def library_reason(state: State, seat: int, text: str) -> str:
    """The library's reason to refuse ``text`` from ``seat``: the notation's, or a rule's."""
    try:
        move = parse_move(text)
    except NotationError:
        return "bad_notation"
    with pytest.raises(IllegalMoveError) as refusal:
        apply(state, move, seat=seat)
    return refusal.value.reason.value


@pytest.mark.parametrize(("sender", "text"), MOVES, ids=[ascii(text) for _, text in MOVES])
def test_a_refused_move_gets_the_library_s_reason_and_changes_nothing(
    arena: Arena, sender: str, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    state = arena.state()
    seat = {"north": 0, "south": 2}[sender]
    move = text.format(north=state.hands[0][0], south=state.hands[2][0])
    reason = library_reason(state, seat, move)
    frame = json.dumps({"type": "move", "table": arena.table, "move": move, "id": 7})
    error = arena.connections[sender].error(frame)
    assert (error["reason"], error["reply_to"]) == (reason, 7)
    arena.connections[sender].answered()
    arena.check_intact(caplog)


def test_seat_2_moving_while_seat_0_is_to_move_is_not_your_turn(
    arena: Arena, caplog: pytest.LogCaptureFixture
) -> None:
    assert arena.state().to_move == 0
    error = arena.south.error(json.dumps({"type": "move", "table": arena.table, "move": "bid 4"}))
    assert error["reason"] == "not_your_turn"
    arena.check_intact(caplog)


# Play: cards not held, suits not followed, turns not one's own, with legal play between


def attempts(
    state: State, seat: int, people: dict[int, Seen], impostor: Seen
) -> list[tuple[Seen, int, str]]:
    """Moves the rules refuse while ``seat`` is to play: who sends each, for which seat."""
    other = 2 - seat
    hand = state.hands[seat]
    tried = [
        (people[other], other, f"play {state.hands[other][0]}"),  # out of turn
        (people[seat], seat, f"play {state.hands[other][0]}"),  # a card another seat holds
    ]
    if seat == 2:  # the connection that resumed seat 0's token acts for seat 0 alone
        tried.append((impostor, 0, f"play {hand[0]}"))
    if state.trick:
        led = state.trick[0].suit
        others = [card for card in hand if card.suit != led]
        if others and len(others) < len(hand):
            tried.append((people[seat], seat, f"play {others[0]}"))
    elif not state.spades_broken:
        spades = [card for card in hand if card.suit is Suit.SPADES]
        if spades and len(spades) < len(hand):
            tried.append((people[seat], seat, f"play {spades[0]}"))
    return tried


WANTED: Final = frozenset({"not_your_turn", "card_not_in_hand", "must_follow_suit"})
"""The library's reasons the play test must see."""


def test_illegal_cards_change_nothing_while_legal_play_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        impostor = stack.enter_context(seen(server))
        impostor.hidden = reading(arena, arena.table, 0)
        joined = impostor.reply({"type": "resume", "table": arena.table, "token": arena.tokens[0]})
        assert (joined["type"], joined["seat"]) == ("joined", 0)
        people = {0: arena.north, 2: arena.south}
        played: list[tuple[int, str, str]] = []
        reasons: set[str] = set()
        impostor_refused = 0
        ply = arena.ply
        while True:
            state, seat = arena.state(), arena.state().to_move
            assert seat in people
            before = Snapshot.of(server, arena.table)
            for sender, sender_seat, text in attempts(state, seat, people, impostor):
                reason = library_reason(state, sender_seat, text)
                frame = json.dumps({"type": "move", "table": arena.table, "move": text})
                error = sender.error(frame)
                assert error["reason"] == reason, text
                reasons.add(error["reason"])
                impostor_refused += sender is impostor
                assert Snapshot.of(server, arena.table) == before
            if len(state.hands[seat]) <= 2 or reasons >= WANTED:
                break
            legal = str(fallback_move(observe(state, seat)))
            played.append((seat, legal, "player"))
            people[seat].send({"type": "move", "table": arena.table, "move": legal, "ply": ply})
            ply = arena.watcher.table(to_move(*people, after=ply))["ply"]
        assert reasons >= WANTED
        assert impostor_refused > 0
        assert arena.state().round_number == 1
        assert replayed(server, arena.table) == arena.state()
        people_moves = [move for move in stored_moves(server, arena.table) if move[0] in people]
        assert people_moves == [(2, "bid 3", "player"), *played]
        for connection in [*arena.connections.values(), impostor]:
            assert connection.leaks(arena.seeds) == []
        check_logs(caplog, arena.seeds, [arena.creator, *arena.tokens.values()])
        # The search was not idle: the players' texts named their own cards.
        assert any(CARD.search(text) for text, _ in arena.north.received)
        assert any(CARD.search(text) for text, _ in arena.south.received)


def test_a_finished_table_refuses_every_move_and_stays_as_it_ended(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server,
        seen(server) as north,
        seen(server) as stranger,
    ):
        created = north.create(round_cap=1, clock=FOREVER.data())
        table = created["table"]
        north.join(table, 0)
        ply = -1
        while (message := north.table(over_or(to_move(0, after=ply))))["status"] != "over":
            ply = message["ply"]
            move = str(fallback_move(observe(server.lobby.tables[table].state, 0)))
            north.send({"type": "move", "table": table, "move": move, "ply": ply})
        before = Snapshot.of(server, table)
        for sender, message, reason in [
            (north, {"type": "move", "table": table, "move": "bid 3"}, "game_over"),
            (north, {"type": "move", "table": table, "move": "play 2C"}, "game_over"),
            (north, {"type": "move", "table": table, "move": "bid 3", "ply": 0}, "stale_ply"),
            (stranger, {"type": "move", "table": table, "move": "bid 3"}, "not_seated"),
            (stranger, {"type": "join", "table": table, "seat": 0}, "seat_taken"),
            (stranger, {"type": "resume", "table": table, "token": FORGED}, "bad_token"),
            (stranger, {**handing_seat_0(table), "creator_token": FORGED}, "not_creator"),
        ]:
            assert sender.error(json.dumps(message))["reason"] == reason, message
        assert Snapshot.of(server, table) == before
        record = server.client.get(f"/api/tables/{table}/record")
        assert record.status_code == 200
        loaded = records.loads(record.text)
        assert isinstance(loaded, records.GameRecord)
        assert loaded.final_state == before.state
        check_logs(caplog, (), [created["creator_token"]])


def over_or(wanted: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], bool]:
    """Whether a ``table`` message shows the game over, or is ``wanted``."""
    return lambda message: message["status"] == "over" or wanted(message)


def handing_seat_0(table: str) -> dict[str, Any]:
    """A ``hand_to_bot`` of seat 0 at ``table``."""
    return {"type": "hand_to_bot", "table": table, "seat": 0, "bot": "random"}


# Tokens


def test_a_seat_handed_to_a_bot_takes_its_token_with_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        handed = {**BASES["hand_to_bot"](arena), "seat": 2}
        arena.north.send(handed)
        arena.watcher.table(lambda message: message["seats"][2]["kind"] == "bot")
        # Seat 0 bids, the play begins, and the bot now at seat 2 plays its cards.
        ply = arena.ply
        arena.north.send({"type": "move", "table": arena.table, "move": "bid 3"})
        arena.watcher.table(to_move(0, after=ply))
        assert (2, "bot") in {(seat, by) for seat, _, by in stored_moves(server, arena.table)}
        resume = {"type": "resume", "table": arena.table, "token": arena.tokens[2]}
        with seen(server) as returning:
            assert returning.error(json.dumps(resume))["reason"] == "bad_token"
        assert arena.south.error(json.dumps(resume))["reason"] == "bad_token"
        south_move = {"type": "move", "table": arena.table, "move": "bid 3"}
        assert arena.south.error(json.dumps(south_move))["reason"] == "not_seated"
        # Seat 0's token still holds seat 0, and seat 2's row holds no token's hash any more.
        joined = arena.stranger.reply({**resume, "token": arena.tokens[0]})
        assert (joined["type"], joined["seat"]) == ("joined", 0)
        rows = database_rows(server.database, arena.table)
        seat_2 = next(row for row in rows if row[0] == "seats" and row[2] == 2)
        assert seat_2[3:6] == ("bot", "heuristic", None)
        for connection in arena.connections.values():
            assert connection.leaks(arena.seeds) == []
        check_logs(caplog, arena.seeds, [arena.creator, *arena.tokens.values()])


def test_tokens_hold_256_random_bits_and_only_their_hashes_are_stored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Seat and creator tokens: ``secrets.token_urlsafe(32)``, distinct, never stored."""
    caplog.set_level(logging.INFO, logger="spades.server")
    with running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server:
        creators: list[str] = []
        seat_tokens: list[str] = []
        with seen(server) as player:
            for _ in range(8):
                created = player.create(seats=["open"] * 4, clock=FOREVER.data())
                creators.append(created["creator_token"])
                for seat in range(4):
                    seat_tokens.append(player.join(created["table"], seat)["token"])
                    player.reply({"type": "leave", "table": created["table"]})
        tokens = creators + seat_tokens
        assert all(TOKEN.fullmatch(token) for token in tokens)
        assert len(set(tokens)) == len(tokens) == 40
        bits = "".join(
            f"{byte:08b}" for token in tokens for byte in base64.urlsafe_b64decode(token + "=")
        )
        assert len(bits) == 40 * 256
        assert 0.45 < bits.count("1") / len(bits) < 0.55  # 10 standard deviations either way
        stored = b"".join(path.read_bytes() for path in tmp_path.iterdir())
        assert [token for token in tokens if token.encode() in stored] == []
        rows = database_rows(server.database)
        hashes = {row[9] for row in rows if row[0] == "tables"}
        hashes |= {row[5] for row in rows if row[0] == "seats"}
        assert hashes == {hashlib.sha256(token.encode()).hexdigest() for token in tokens}
        check_logs(caplog, (), tokens)


URL_SINKS: Final = re.compile(
    r"location|href|\bURL\b|searchParams|pushState|replaceState|fetch|WebSocket|open\("
)
"""What a page's script puts a text into a URL with."""


def test_the_page_never_puts_a_token_into_a_url() -> None:
    """No line of the page's files both names a token and builds or opens a URL."""
    static = resources.files("spades.server").joinpath("static")
    files = [entry for entry in static.iterdir() if entry.name.endswith((".js", ".html"))]
    assert {"app.js", "protocol.js", "index.html"} <= {entry.name for entry in files}
    lines = [
        f"{entry.name}: {line.strip()}"
        for entry in files
        for line in entry.read_text("utf-8").splitlines()
        if not line.strip().startswith(("//", "*", "<!--"))
    ]
    named = [line for line in lines if re.search("token", line, re.IGNORECASE)]
    assert named  # the page keeps tokens: where it does, no URL is made
    assert [line for line in named if URL_SINKS.search(line)] == []
    sockets = [line for line in lines if "/ws" in line]
    assert sockets
    assert all(re.search(r"/ws`", line) for line in sockets)  # no query string after /ws


def test_the_server_takes_no_token_from_a_url(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        app = cast("Starlette", server.client.app)
        paths = [getattr(route, "path", "") for route in app.routes]
        assert "/ws" in paths
        assert [path for path in paths if "token" in path] == []
    sources = resources.files("spades.server")
    for name in ("_app.py", "_session.py", "_tables.py"):
        text = sources.joinpath(name).read_text("utf-8")
        assert "query_params" not in text
        assert 'path_params["token' not in text


# Random messages

JSON_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
"""Any JSON value (and NaN and the infinities, which JSON lacks)."""


def typed_messages(arena: Arena) -> st.SearchStrategy[dict[str, Any]]:
    """Objects of a client message's type with fields of the protocol's names, or others."""
    names = sorted({field for fields in FIELDS.values() for field in fields})
    values = JSON_VALUES | st.sampled_from(
        [
            *(arena.table, arena.other, NO_TABLE, FORGED),
            *(0, 1, 2, 3, 4, -1, 2**53),
            *("bid 3", "play QS", "open", "miniokey", "two-handed", [], {}),
        ]
    )
    fields = st.dictionaries(st.sampled_from(names) | st.text(max_size=8), values, max_size=5)
    kinds = st.sampled_from(sorted(BASES))
    return st.builds(lambda kind, more: {**more, "type": kind}, kinds, fields)


def check_random(arena: Arena, frame: str, marker: str) -> list[dict[str, Any]]:
    """Send ``frame``, then a ``list_tables``: the messages up to its reply, each checked."""
    stranger = arena.stranger
    start = len(stranger.received)
    stranger.frame(frame)
    stranger.send({"type": "list_tables", "id": marker})
    stranger.until(lambda message: message.get("reply_to") == marker)
    assert arena.snapshot() == arena.before
    return [json.loads(text) for text, _ in stranger.received[start:-1]]


def test_random_json_values_get_errors_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        probes = iter(range(10**6))

        @settings(max_examples=50, deadline=None)
        @given(JSON_VALUES)
        def random_value(value: object) -> None:
            replies = check_random(arena, json.dumps(value), f"probe-{next(probes)}")
            assert [reply["type"] for reply in replies] == ["error"]

        random_value()
        for connection in arena.connections.values():
            assert connection.leaks(arena.seeds) == []
        check_logs(caplog, arena.seeds, [arena.creator, *arena.tokens.values()])


def test_random_messages_of_each_type_get_schema_valid_replies_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **UNLIMITED) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        probes = iter(range(10**6))

        @settings(max_examples=50, deadline=None)
        @given(typed_messages(arena))
        @example({"type": "join", "\U000d9f503¿2C": 1})  # a card the sender wrote, escaped
        def random_message(message: dict[str, Any]) -> None:
            replies = check_random(arena, json.dumps(message), f"probe-{next(probes)}")
            assert replies  # an answer, an error, or the table watched

        random_message()
        for connection in arena.connections.values():
            assert connection.leaks(arena.seeds) == []
        check_logs(caplog, arena.seeds, [arena.creator, *arena.tokens.values()])
