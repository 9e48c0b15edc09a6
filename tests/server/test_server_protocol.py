"""The protocol through Starlette's test client: every message, every reply, every refusal.

The server runs in this process (`running`), with a clock that moves only when a test moves
it. Tables whose every seat is held by this test's connections move only when the test
moves, so that what each connection sees is known move by move; the state a message shows
is recomputed from the table's moves at the message's ply, so that the cards a reader may
not see (another seat's hand, the stock, the discards) can be looked for in the whole text
of every message.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from typing import TYPE_CHECKING, Any, Final, cast

import attrs
import pytest
from starlette.websockets import WebSocketDisconnect

import spades
from spades import (
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    IllegalMoveError,
    Play,
    Reason,
    Ruleset,
    View,
    check_move,
    observe,
    parse_move,
    records,
)
from spades.bots import fallback_move
from spades.server import ClockSettings, _session

from .server_client import Connection, running

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from spades import State
    from spades.server._tables import Table

    from .server_client import Server

pytestmark = pytest.mark.timeout(120)

CARD: Final = re.compile(r"(?<![\w-])(?:[2-9TJQKA][CDHS]|[BL]J)(?![\w-])")
"""A card's notation standing alone in a text (not inside a token or a table's id), the
jokers too."""

FOUR_OPEN: Final = ["open", "open", "open", "open"]
"""A table every seat of which this test's connections hold: nothing moves by itself."""


@attrs.define
class Seen(Connection):
    """A connection that keeps every message it receives."""

    messages: list[dict[str, Any]] = attrs.field(factory=list, init=False)

    def receive(self) -> dict[str, Any]:
        message = super().receive()
        self.messages.append(message)
        return message

    def error(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message``; the error it gets."""
        reply = self.reply(message)
        assert reply["type"] == "error", reply
        return reply


@contextlib.contextmanager
def seen(server: Server) -> Iterator[Seen]:
    with server.client.websocket_connect("/ws") as socket:
        yield Seen(socket)


def states_of(table: Table) -> list[State]:
    """The table's state after each of its moves so far, from the deal on."""
    record = table.record()
    state = spades.new_game(table.rules, seed=table.state.seed, dealer=record.dealer)
    states = [state]
    for made in record.moves:
        state = spades.apply(state, made)
        states.append(state)
    return states


def hidden_cards(state: State, reader: int | None) -> set[str]:
    """The cards ``reader`` (``None``: a spectator) may not see in ``state``."""
    cards = [card for seat, hand in enumerate(state.hands) if seat != reader for card in hand]
    if reader is None:
        cards += [*state.stock, *state.discards]
    return {str(card) for card in cards}


def view_data(view: View) -> dict[str, Any]:
    return cast("dict[str, Any]", records.to_data(view))


def shown_cards(message: dict[str, Any]) -> set[str]:
    return set(CARD.findall(json.dumps(message)))


def assert_nothing_hidden_shown(table: Table, reader: int | None, connection: Seen) -> None:
    """No message ``connection`` received shows a card ``reader`` may not see then.

    A seat's ``table`` messages show its own hand: the search finds cards where they are.
    """
    ply = 0
    states = states_of(table)
    for message in connection.messages:
        if message["type"] == "table":
            assert message["table"] == table.id
            ply = message["ply"]
            own = None if reader is None else observe(states[ply], reader).hand
            if own is not None:  # face down while she may bid blind (rule-blind-bids)
                assert {str(card) for card in own} <= shown_cards(message)
        leaked = shown_cards(message) & hidden_cards(states[ply], reader)
        assert not leaked, (leaked, message)


def database_moves(server: Server, table_id: str) -> list[tuple[int, int, str, str]]:
    with contextlib.closing(sqlite3.connect(server.database)) as database:
        rows = database.execute(
            "SELECT ply, seat, move, by FROM moves WHERE table_id = ? ORDER BY ply", (table_id,)
        ).fetchall()
    return [(int(ply), int(seat), str(move), str(by)) for ply, seat, move, by in rows]


def move(connection: Connection, table_id: str, text: str, **extra: Any) -> None:
    connection.send({"type": "move", "table": table_id, "move": text, **extra})


def at_ply(connection: Connection, ply: int) -> dict[str, Any]:
    """The ``table`` message at ``ply``."""
    return connection.table(lambda message: message["ply"] == ply)


@attrs.define
class Players:
    """Connections holding every seat of one table: the test moves for each in turn."""

    server: Server
    table_id: str
    seats: list[Seen]

    @property
    def table(self) -> Table:
        return self.server.table(self.table_id)

    @property
    def ply(self) -> int:
        return len(self.table.moves)

    def play(self, text: str) -> None:
        """Make ``text`` for the seat to move; every seat hears of it."""
        ply = self.ply
        mover = self.table.state.to_move
        assert mover is not None
        move(self.seats[mover], self.table_id, text, ply=ply)
        for connection in self.seats:
            at_ply(connection, ply + 1)

    def first_legal(self) -> str:
        state = self.table.state
        return str(spades.legal_moves(state)[0])


@contextlib.contextmanager
def players(server: Server, preset: str = "miniokey", **options: Any) -> Iterator[Players]:
    """A table of ``preset`` whose every seat a connection of this test holds."""
    count = PRESETS[preset].players
    with contextlib.ExitStack() as stack:
        seats = [stack.enter_context(seen(server)) for _ in range(count)]
        table_id = seats[0].new_table(preset=preset, seats=["open"] * count, **options)
        for seat, connection in enumerate(seats):
            connection.join(table_id, seat)
        for connection in seats:
            connection.table(lambda message: all(row["connected"] for row in message["seats"]))
        yield Players(server, table_id, seats)


def settled(connection: Connection, table_id: str) -> dict[str, Any]:
    """The table's message once only a person or the clock can move it (or it is over).

    Tests stop their server then, so that nothing moves on its own while it stops.
    """
    connection.send({"type": "watch", "table": table_id})
    return connection.table(
        lambda message: message["status"] == "over" or message["clock"] is not None
    )


def play_seat_to_the_end(connection: Connection, table_id: str, seat: int) -> dict[str, Any]:
    """Play ``seat`` with the fallback move of each view received; the last ``table`` message."""
    message = connection.table()
    while message["status"] != "over":
        if message["legal"]:
            view = records.from_data(message["view"], View)
            assert view.seat == seat
            chosen = str(fallback_move(view))
            assert chosen in message["legal"]
            move(connection, table_id, chosen, ply=message["ply"])
        message = connection.table()
    return message


# Welcome and the lobby


def test_the_welcome_names_the_protocol_its_choices_and_limits(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        assert connection.welcome == {
            "type": "welcome",
            "protocol": 1,
            "server": f"spades {spades.__version__}",
            "presets": [
                "classic",
                "miniokey",
                "miniokey-250",
                "two-handed",
                "trickster-jja",
                "trickster-jjdd",
            ],
            "preset_rules": {name: records.to_data(rules) for name, rules in PRESETS.items()},
            "bots": ["heuristic", "search", "random"],
            "defaults": {
                "preset": "miniokey",
                "clock": {"move_seconds": 30, "extension_seconds": 30, "extension": "move"},
                "bot_pause": 0.0,
            },
            "limits": {"max_message_bytes": 16384, "messages_per_second": 20, "burst": 40},
        }


def test_the_welcome_shows_the_server_s_own_settings(tmp_path: Path) -> None:
    clock = ClockSettings(move_seconds=10, extension_seconds=0, extension="game")
    settings: dict[str, Any] = {"preset": "classic", "clock": clock, "bot_pause": 0.5}
    limits: dict[str, Any] = {"max_message_bytes": 4096, "messages_per_second": 5, "burst": 7}
    with (
        running(tmp_path / "db.sqlite3", **settings, **limits) as server,
        server.connect() as connection,
    ):
        assert connection.welcome["defaults"] == {
            "preset": "classic",
            "clock": {"move_seconds": 10, "extension_seconds": 0, "extension": "game"},
            "bot_pause": 0.5,
        }
        assert connection.welcome["limits"] == limits


def test_list_tables_lists_every_table_with_its_summary(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        assert connection.reply({"type": "list_tables"}) == {"type": "tables", "tables": []}
        first = connection.new_table(seats=FOUR_OPEN)
        second = connection.new_table(preset="two-handed", target=250, seats=["open", "open"])
        listed = connection.reply({"type": "list_tables", "id": 7})
        assert listed["reply_to"] == 7
        assert listed["tables"] == [
            {
                "table": first,
                "preset": "miniokey",
                "rules_text": "miniokey",
                "target": 500,
                "players": 4,
                "status": "playing",
                "round_number": 1,
                "scores": [0, 0],
                "seats": [
                    {"seat": seat, "kind": "open", "bot": None, "connected": False}
                    for seat in range(4)
                ],
            },
            {
                "table": second,
                "preset": "two-handed",
                "rules_text": "two-handed;target:250",
                "target": 250,
                "players": 2,
                "status": "playing",
                "round_number": 1,
                "scores": [0, 0],
                "seats": [
                    {"seat": seat, "kind": "open", "bot": None, "connected": False}
                    for seat in range(2)
                ],
            },
        ]
        connection.join(first, 2)
        (summary, _) = connection.reply({"type": "list_tables"})["tables"]
        assert summary["seats"][2] == {"seat": 2, "kind": "player", "bot": None, "connected": True}


# Creating tables


def test_create_table_defaults_to_the_welcome_s_choices(tmp_path: Path) -> None:
    """Preset miniokey, its target and round cap, seat 0 open, the others heuristic bots."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        created = connection.reply({"type": "create_table", "id": "new"})
        assert created["type"] == "created"
        assert created["reply_to"] == "new"
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", created["creator_token"])
        table_id = created["table"]
        connection.send({"type": "watch", "table": table_id})
        # The bots bid until seat 0, open, is to move, on the default clock.
        message = connection.table(lambda message: message["public"]["to_move"] == 0)
        assert message["preset"] == "miniokey"
        assert records.from_data(message["rules"], Ruleset) == MINIOKEY
        assert message["rules"]["target"] == 500
        assert message["rules"]["round_cap"] == 25
        assert [(row["kind"], row["bot"]) for row in message["seats"]] == [
            ("open", None),
            ("bot", "heuristic"),
            ("bot", "heuristic"),
            ("bot", "heuristic"),
        ]
        assert message["clock"] == {
            "seat": 0,
            "stage": "move",
            "remaining_ms": 30000,
            "extension_available": True,
        }
        assert [row[1] for row in database_moves(server, table_id)] == [3, 2, 1]


@pytest.mark.parametrize(
    ("options", "target", "round_cap"),
    [
        ({"target": 250}, 250, 25),
        ({"round_cap": 3}, 500, 3),
        ({"round_cap": None}, 500, None),
        ({"preset": "miniokey-250"}, 250, 25),
        ({"preset": "classic", "target": 300, "round_cap": 1000}, 300, 1000),
        ({"preset": "two-handed", "seats": ["open", "open"], "round_cap": 2}, 500, 2),
    ],
)
def test_create_table_takes_a_target_and_a_round_cap(
    tmp_path: Path, options: dict[str, Any], target: int, round_cap: int | None
) -> None:
    preset = options.get("preset", "miniokey")
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(**options)
        rules = attrs.evolve(PRESETS[preset], target=target, round_cap=round_cap)
        assert server.table(table_id).rules == rules
        message = settled(connection, table_id)
        assert message["preset"] == preset
        assert records.from_data(message["rules"], Ruleset) == rules
        (summary,) = connection.reply({"type": "list_tables"})["tables"]
        assert summary["target"] == target


def test_a_table_of_bots_plays_to_the_end_with_nobody_seated(tmp_path: Path) -> None:
    seats = ["heuristic", "random", "heuristic", "random"]
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(seats=seats, round_cap=1)
        connection.send({"type": "watch", "table": table_id})
        over = connection.table(lambda message: message["status"] == "over")
        assert [(row["kind"], row["bot"]) for row in over["seats"]] == [
            ("bot", bot) for bot in seats
        ]
        assert over["ply"] == 56  # 4 bids, 52 cards: one round
        assert over["public"]["outcome"] is not None
        assert over["record"] == f"/api/tables/{table_id}/record"
        assert over["clock"] is None
        stored = database_moves(server, table_id)
        assert len(stored) == 56
        assert {by for _, _, _, by in stored} == {"bot"}


def test_the_two_handed_preset_seats_two(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(preset="two-handed", seats=["open", "random"])
        message = settled(connection, table_id)
        assert records.from_data(message["rules"], Ruleset) == TWO_HANDED
        assert [(row["kind"], row["bot"]) for row in message["seats"]] == [
            ("open", None),
            ("bot", "random"),
        ]
        assert message["public"]["hand_sizes"] == [0, 0]  # the draw deals the hands


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "two-handed", "seats": ["open"] * 4},
        {"preset": "two-handed", "seats": ["open"] * 3},
        {"preset": "miniokey", "seats": ["open", "open"]},
        {"seats": ["open", "open"]},
        {"preset": "classic", "seats": ["open"] * 5},
    ],
)
def test_seats_of_the_wrong_length_are_refused(tmp_path: Path, options: dict[str, Any]) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        error = connection.reply({"type": "create_table", **options})
        assert error["type"] == "error"
        assert error["reason"] == "invalid_message"
        assert "seats" in error["message"]
        assert connection.reply({"type": "list_tables"})["tables"] == []


def test_seats_are_counted_by_the_server_s_default_preset(tmp_path: Path) -> None:
    """A server whose default is two-handed refuses four seats for it."""
    with (
        running(tmp_path / "db.sqlite3", preset="two-handed") as server,
        server.connect() as connection,
    ):
        error = connection.reply({"type": "create_table", "seats": ["open"] * 4})
        assert error["reason"] == "invalid_message"
        assert "two-handed" in error["message"]
        table_id = connection.new_table()
        assert server.table(table_id).rules == TWO_HANDED
        assert [row.kind for row in server.table(table_id).seats] == ["open", "bot"]
        settled(connection, table_id)


def test_two_seats_for_a_two_handed_default_are_taken(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3", preset="two-handed") as server,
        server.connect() as connection,
    ):
        table_id = connection.new_table(seats=["open", "open"])
        assert server.table(table_id).rules == TWO_HANDED


# Rules as text, and solo tables


SOLO_TEXT: Final = "classic;solo:true;target:300"
"""A solo ruleset as one line of text: four players each on her own, to 300."""


def test_create_table_takes_a_ruleset_as_text(tmp_path: Path) -> None:
    """A table of "rules" text: its ruleset, the preset the text is nearest to, four seats
    by default, and four scores in the lobby and on the table.

    Rule: rule-solo.
    """
    solo = records.ruleset_from_text(SOLO_TEXT)
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(rules=SOLO_TEXT, seats=FOUR_OPEN)
        assert server.table(table_id).rules == solo
        message = settled(connection, table_id)
        assert message["preset"] == "classic"
        assert message["rules_text"] == SOLO_TEXT
        assert records.from_data(message["rules"], Ruleset) == solo
        assert message["public"]["scores"] == [0, 0, 0, 0]
        assert message["public"]["bags"] == [0, 0, 0, 0]
        (summary,) = connection.reply({"type": "list_tables"})["tables"]
        assert (summary["preset"], summary["rules_text"]) == ("classic", SOLO_TEXT)
        assert (summary["target"], summary["players"]) == (300, 4)
        assert summary["scores"] == [0, 0, 0, 0]
        defaulted = connection.new_table(rules="miniokey;solo:true", target=250, round_cap=3)
        rules = server.table(defaulted).rules
        solo_miniokey = attrs.evolve(MINIOKEY, solo=True, target=250, round_cap=3)
        assert rules == attrs.evolve(solo_miniokey, blind_nil_pass=0)  # solo's default
        assert [row.kind for row in server.table(defaulted).seats] == ["open"] + ["bot"] * 3
        assert server.table(defaulted).preset == "miniokey"
        settled(connection, defaulted)


@pytest.mark.parametrize(
    ("options", "reason", "message"),
    [
        (
            {"preset": "classic", "rules": SOLO_TEXT},
            "preset_and_rules",
            "create_table: give a preset or rules, not both (rules name their preset first)",
        ),
        (
            {"rules": "classic;solo:maybe"},
            "bad_rules",
            "create_table.rules: rules.solo: expected true or false, not a string",
        ),
        (
            {"rules": "bogus;solo:true"},
            "bad_rules",
            "create_table.rules: 'bogus' is not a ruleset name; known: classic, miniokey, "
            "miniokey-250, trickster-jja, trickster-jjdd, two-handed",
        ),
        (
            {"rules": "trickster-jja;solo:true"},
            "bad_rules",
            "create_table.rules: rules.team_minimum: team_minimum is a partnership's two bids: "
            "solo players have no partner, so it must be 0",
        ),
        (
            {"rules": "two-handed;target:300", "seats": FOUR_OPEN},
            "invalid_message",
            "create_table.seats: two-handed;target:300 seats 2 players",
        ),
        (
            {"rules": "x" * 2001},
            "invalid_message",
            "create_table.rules: 'xxxxxxxxxx",
        ),
    ],
)
def test_rules_text_is_refused_with_the_reader_s_message(
    tmp_path: Path, options: dict[str, Any], reason: str, message: str
) -> None:
    """Rules with a preset, rules the library does not read, or seats the rules do not
    have: an error with its reason (the reader's message for bad text), and no table.

    Rule: rule-solo.
    """
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        error = connection.reply({"type": "create_table", **options})
        assert error["type"] == "error"
        assert error["reason"] == reason
        assert error["message"].startswith(message)
        assert connection.reply({"type": "list_tables"})["tables"] == []
        assert not server.lobby.tables


def test_a_solo_table_plays_a_game_with_bots_to_its_record(tmp_path: Path) -> None:
    """A person and three bots at a solo table: four sides, one a seat, from the round's
    scores to the outcome, the highest total winning, and the record of the same game.

    Rule: rule-solo.
    """
    seats = ["open", "heuristic", "random", "heuristic"]
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(rules="classic;solo:true;round_cap:1", seats=seats)
        connection.join(table_id, 0)
        over = play_seat_to_the_end(connection, table_id, 0)
        public = over["public"]
        assert over["status"] == "over"
        (round_score,) = public["rounds"]
        assert len(round_score["sides"]) == 4
        assert len(public["scores"]) == len(public["bags"]) == 4
        assert public["scores"] == [side["points"] for side in round_score["sides"]]
        outcome = public["outcome"]
        best = max(public["scores"])
        if public["scores"].count(best) == 1:
            assert outcome == {"winner": public["scores"].index(best), "termination": "round_cap"}
        else:
            assert outcome == {"winner": None, "termination": "round_cap"}
        assert {seat for _, seat, _, by in database_moves(server, table_id) if by == "bot"} == {
            1,
            2,
            3,
        }
        record = records.loads(server.client.get(over["record"]).text)
        assert record.rules == records.ruleset_from_text("classic;solo:true;round_cap:1")
        assert list(record.final_state.scores) == public["scores"]
        assert over["view"] == records.to_data(observe(record.final_state, 0))
        (summary,) = connection.reply({"type": "list_tables"})["tables"]
        assert summary["scores"] == public["scores"]


def test_a_solo_player_is_offered_the_blind_bids_the_library_allows(tmp_path: Path) -> None:
    """At a solo table with blind nil and blind numbers open to every player who does not
    lead, the first bidder's legal moves are the library's, blind bids first, and her
    blind bid is everyone's to see.

    Rule: rule-solo.
    """
    text = "classic;solo:true;blind_nil:true;blind_nil_pass:0;blind_nil_deficit:0"
    text += ";blind_bid_minimum:5;blind_bid_deficit:0"
    seats = ["heuristic", "open", "heuristic", "heuristic"]
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(rules=text, seats=seats)
        connection.join(table_id, 1)
        message = connection.table(lambda message: bool(message["legal"]))
        view = records.from_data(message["view"], View)
        assert message["legal"] == [str(legal) for legal in view.legal_moves()]
        assert message["legal"][:3] == ["bid blind nil", "bid blind 5", "bid blind 6"]
        move(connection, table_id, "bid blind 5", ply=message["ply"])
        after = at_ply(connection, message["ply"] + 1)
        assert after["public"]["bids"][1] == "bid blind 5"
        settled(connection, table_id)


# Three players


THREE_TEXT: Final = "classic;players:3;target:300"
"""Three players each on her own, to 300, as one line of text (rule-three-players)."""


def test_a_table_for_three_players_has_three_seats_and_three_scores(tmp_path: Path) -> None:
    """A table of three-player rules text: three seats (seat 0 open, bots in the others by
    default), three scores, bag counters and hands of 17 cards; a fourth seat, or four
    seats asked for, are refused.

    Rule: rule-three-players.
    """
    three = Ruleset(players=3, target=300)
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id = connection.new_table(rules=THREE_TEXT)
        table = server.table(table_id)
        assert table.rules == records.ruleset_from_text(THREE_TEXT) == three
        assert [row.kind for row in table.seats] == ["open", "bot", "bot"]
        error = connection.reply({"type": "join", "table": table_id, "seat": 3})
        assert (error["reason"], error["message"]) == ("no_such_seat", "this table has no seat 3")
        connection.join(table_id, 0)
        message = connection.table()
        assert (message["preset"], message["rules_text"]) == ("classic", THREE_TEXT)
        assert records.from_data(message["rules"], Ruleset) == three
        public = message["public"]
        assert public["scores"] == public["bags"] == [0, 0, 0]
        assert public["hand_sizes"] == [17, 17, 17]
        assert len(message["view"]["hand"]) == 17
        assert [row["seat"] for row in message["seats"]] == [0, 1, 2]
        (summary,) = connection.reply({"type": "list_tables"})["tables"]
        assert (summary["players"], summary["scores"], len(summary["seats"])) == (3, [0] * 3, 3)
        error = connection.reply({"type": "create_table", "rules": THREE_TEXT, "seats": FOUR_OPEN})
        assert error["reason"] == "invalid_message"
        assert error["message"] == f"create_table.seats: {THREE_TEXT} seats 3 players"
        settled(connection, table_id)


@pytest.mark.parametrize(
    "text",
    [
        "classic;players:3;round_cap:1",
        "classic;players:3;deck:joker_joker_ace;blind_nil:true;blind_nil_deficit:null;"
        "blind_bid_minimum:6;blind_bid_deficit:null;round_cap:1",
        "classic;players:3;deck:joker_joker_deuce_deuce;direction:counterclockwise;round_cap:1",
    ],
    ids=["standard", "jja-blind", "jjdd-counterclockwise"],
)
def test_a_three_player_table_plays_a_game_with_bots_to_its_record(
    tmp_path: Path, text: str
) -> None:
    """A person at seat 1 and two bots: 17 or 18 tricks of three cards, every message
    showing her own hand and no other, every move kept, three sides scored, the highest
    total winning, and the record of the same game; a spectator sees no hand.

    Rule: rule-three-players.
    """
    rules = records.ruleset_from_text(text)
    seats = ["heuristic", "open", "random"]
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(rules=text, seats=seats)
        connection.join(table_id, 1)
        over = play_seat_to_the_end(connection, table_id, 1)
        table = server.table(table_id)
        assert_nothing_hidden_shown(table, 1, connection)
        public = over["public"]
        (round_score,) = public["rounds"]
        assert len(round_score["sides"]) == len(public["scores"]) == len(public["bags"]) == 3
        assert sum(round_score["tricks"]) == rules.hand_size
        assert public["scores"] == [side["points"] for side in round_score["sides"]]
        best = max(public["scores"])
        winner = public["scores"].index(best) if public["scores"].count(best) == 1 else None
        assert public["outcome"] == {"winner": winner, "termination": "round_cap"}
        kept = database_moves(server, table_id)
        assert {seat for _, seat, _, by in kept if by == "bot"} == {0, 2}
        assert {seat for _, seat, _, by in kept if by == "player"} == {1}
        record = records.loads(server.client.get(over["record"]).text)
        assert record.rules == rules
        assert [str(made) for made in record.moves] == [made for _, _, made, _ in kept]
        assert (
            len(record.moves)
            == over["ply"]
            == 3 * rules.hand_size + 3 + sum(made == "look" for _, _, made, _ in kept)
        )
        assert list(record.final_state.scores) == public["scores"]
        assert over["view"] == records.to_data(observe(record.final_state, 1))
    with running(tmp_path / "db.sqlite3") as server, seen(server) as watcher:
        table_id = watcher.new_table(rules=text, seats=["heuristic"] * 3)
        watcher.send({"type": "watch", "table": table_id})
        last = watcher.table(lambda message: message["status"] == "over")
        assert last["view"] is None
        assert last["you"] is None
        assert_nothing_hidden_shown(server.table(table_id), None, watcher)


@pytest.mark.parametrize(
    "clock",
    [{"move_seconds": 0.5}, {"move_seconds": 601}, {"extension_seconds": -1}, {"extension": "x"}],
)
def test_the_clock_settings_refuse_what_the_protocol_refuses(clock: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(clock))):
        ClockSettings(**clock)


def test_the_page_its_files_and_the_health_check(tmp_path: Path) -> None:
    """(server-http) The page at / and at a table's address; the health check."""
    with running(tmp_path / "db.sqlite3") as server:
        page = server.client.get("/")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "<html" in page.text.lower()
        table_page = server.client.get("/tables/Ab_9-z")
        assert table_page.status_code == 200
        assert table_page.text == page.text
        script = server.client.get("/static/app.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        assert server.client.get("/static/nonesuch.js").status_code == 404
        health = server.client.get("/api/health")
        assert health.status_code == 200
        assert health.json() == {"status": "ok", "protocol": 1}


def test_a_full_server_is_busy_until_a_finished_table_leaves(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", max_tables=1) as server, server.connect() as connection:
        table_id = connection.new_table(seats=["heuristic"] * 4, round_cap=1)
        error = connection.reply({"type": "create_table", "id": "more"})
        assert error["reason"] == "server_busy"
        assert error["reply_to"] == "more"
        assert list(server.lobby.tables) == [table_id]
        connection.send({"type": "watch", "table": table_id})
        connection.table(lambda message: message["status"] == "over")
        # Over, but followed: it stays, and the server stays full.
        assert connection.reply({"type": "create_table"})["reason"] == "server_busy"
        assert connection.reply({"type": "leave", "table": table_id})["type"] == "left"
        another = connection.new_table()
        assert list(server.lobby.tables) == [another]
        settled(connection, another)


# Joining, watching, resuming


def test_join_gives_a_token_and_the_seat_s_view_alone(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, players(server) as table:
        for seat, connection in enumerate(table.seats):
            joined = next(message for message in connection.messages if message["type"] == "joined")
            assert joined["table"] == table.table_id
            assert joined["seat"] == seat
            assert re.fullmatch(r"[A-Za-z0-9_-]{43}", joined["token"])
        for _ in range(12):  # the bids, then two tricks
            table.play(table.first_legal())
        for seat, connection in enumerate(table.seats):
            message = [item for item in connection.messages if item["type"] == "table"][-1]
            state = table.table.state
            assert message["ply"] == 12
            assert message["you"] == seat
            view = observe(state, seat)
            assert message["view"] == records.to_data(view)
            assert message["legal"] == [str(legal) for legal in view.legal_moves()]
            assert (message["legal"] != []) == (state.to_move == seat)
            assert {str(card) for card in state.hands[seat]} <= shown_cards(message)
            assert_nothing_hidden_shown(table.table, seat, connection)
            assert all(row["kind"] == "player" for row in message["seats"])


def test_a_player_never_sees_another_seat_s_hand_in_a_whole_game(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(round_cap=1)
        connection.join(table_id, 0)
        over = play_seat_to_the_end(connection, table_id, 0)
        assert over["ply"] == 56
        table = server.table(table_id)
        assert_nothing_hidden_shown(table, 0, connection)
        tables = [message for message in connection.messages if message["type"] == "table"]
        assert all(message["you"] == 0 for message in tables)
        assert all(message["view"]["seat"] == 0 for message in tables)


def drawn_to_the_exchange(table: Players) -> None:
    """The first seat bids blind nil, both keep every card, and the first seat exchanges."""
    first = table.table.state.to_move
    assert first is not None
    table.play("bid blind nil")
    while table.table.state.phase.value == "drawing":
        table.play("keep" if table.ply % 2 else "reject")
    assert table.table.state.to_move == first
    hand = table.table.state.hands[first]
    table.play(f"exchange {hand[0]} {hand[1]} {hand[2]}")


def test_a_spectator_sees_what_every_seat_sees_and_nothing_more(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3") as server,
        players(server) as table,
        seen(server) as spectator,
    ):
        watching = spectator.reply({"type": "watch", "table": table.table_id})
        assert watching == {"type": "watching", "table": table.table_id}
        assert spectator.table()["ply"] == 0
        for _ in range(7):  # the bids, then three cards of the first trick
            table.play(table.first_legal())
        at_ply(spectator, 7)
        private = {"type", "version", "seat", "hand", "top_card", "exchanged"}
        fields = set(view_data(observe(table.table.state, 0))) - private
        for message in spectator.messages[2:]:
            assert message["you"] is None
            assert message["view"] is None
            assert message["legal"] == []
            assert set(message["public"]) == fields
            for name in ("hand", "top_card", "exchanged"):
                assert f'"{name}":' not in json.dumps(message)
        assert_nothing_hidden_shown(table.table, None, spectator)
        public = spectator.messages[-1]["public"]
        assert public["bids"] == [str(made) for made in table.table.state.bids]
        assert public["trick"] == [str(card) for card in table.table.state.trick]
        assert len(public["trick"]) == 3
        assert public["hand_sizes"] == [13, 12, 12, 12]


def test_draws_and_exchanges_show_to_their_seat_alone(tmp_path: Path) -> None:
    """In a two-handed game, keep, reject and exchange show to the mover alone.

    The other seat and a spectator see that a seat drew or exchanged, never which cards.
    """
    with (
        running(tmp_path / "db.sqlite3") as server,
        players(server, "two-handed") as table,
        seen(server) as spectator,
    ):
        spectator.send({"type": "watch", "table": table.table_id})
        spectator.table()
        drawn_to_the_exchange(table)
        table.play(table.first_legal())  # a bid
        at_ply(spectator, table.ply)
        for reader, connection in [
            (0, table.seats[0]),
            (1, table.seats[1]),
            (None, spectator),
        ]:
            told = {
                message["ply"]: message["last_move"]
                for message in connection.messages
                if message["type"] == "table" and message["ply"] > 0
            }
            assert sorted(told) == list(range(1, table.ply + 1))
            for ply, (seat, made) in enumerate(
                zip(
                    (row[1] for row in database_moves(server, table.table_id)),
                    table.table.moves,
                    strict=True,
                )
            ):
                last = told[ply + 1]
                assert last["seat"] == seat
                assert last["by"] == "player"
                public = isinstance(made, (spades.Bid, spades.Look, Play))
                assert last["move"] == (str(made) if public or reader == seat else None)
        kinds = {type(made) for made in table.table.moves}
        assert {spades.Bid, spades.Keep, spades.Reject, spades.Exchange} <= kinds
        # The spectator sees the draws and the exchange happen, not their cards.
        public = spectator.messages[-1]["public"]
        assert len(public["draws"]) == 26
        assert all(entry["kept"] is entry["discarded"] is None for entry in public["draws"])
        exchanger = next(
            seat
            for _, seat, text, _ in database_moves(server, table.table_id)
            if text.startswith("exchange")
        )
        assert public["exchanges"] == [{"seat": exchanger, "count": 3}]
        assert '"exchanged":' not in json.dumps(spectator.messages)
        assert '"top_card":' not in json.dumps(spectator.messages)
        assert_nothing_hidden_shown(table.table, None, spectator)


def test_resume_with_a_token_from_another_connection_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as spectator:
        with seen(server) as first:
            table_id = first.new_table(seats=FOUR_OPEN)
            token = first.join(table_id, 2)["token"]
            first.table()
        spectator.send({"type": "watch", "table": table_id})
        assert spectator.table()["seats"][2] == {
            "seat": 2,
            "kind": "player",
            "bot": None,
            "connected": False,
        }
        with seen(server) as second:  # the same person, after a reload
            joined = second.reply({"type": "resume", "table": table_id, "token": token, "id": 3})
            assert joined == {
                "type": "joined",
                "table": table_id,
                "seat": 2,
                "token": token,
                "reply_to": 3,
            }
            message = second.table()
            assert message["you"] == 2
            assert message["view"] == records.to_data(observe(server.table(table_id).state, 2))
            assert message["seats"][2]["connected"]
            assert spectator.table()["seats"][2]["connected"]


def test_a_token_for_another_table_or_seat_is_a_bad_token(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        here = connection.create(seats=FOUR_OPEN)
        there = connection.new_table(seats=FOUR_OPEN)
        token = connection.join(there, 1)["token"]
        altered = token[:-1] + ("A" if token[-1] != "A" else "B")
        wrong = [token, here["creator_token"], "A" * 43, altered]
        with seen(server) as other:
            for guess in wrong:
                error = other.error({"type": "resume", "table": here["table"], "token": guess})
                assert error["reason"] == "bad_token"
                assert guess not in error["message"]
            error = other.error({"type": "move", "table": here["table"], "move": "bid 3"})
            assert error["reason"] == "not_seated"
            assert server.table(here["table"]).followers == {}
            # The token holds its own seat at its own table.
            joined = other.reply({"type": "resume", "table": there, "token": token})
            assert (joined["type"], joined["seat"]) == ("joined", 1)


# Moves


def test_a_legal_move_is_told_to_every_follower(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3") as server,
        players(server) as table,
        seen(server) as spectator,
    ):
        spectator.send({"type": "watch", "table": table.table_id})
        assert spectator.table()["ply"] == 0
        mover = table.table.state.to_move
        assert mover is not None
        move(table.seats[mover], table.table_id, "bid 4")
        for reader, connection in [*enumerate(table.seats), (None, spectator)]:
            message = at_ply(connection, 1)
            assert message["last_move"] == {"seat": mover, "move": "bid 4", "by": "player"}
            assert message["public"]["bids"][mover] == "bid 4"
            assert message["you"] == reader
        assert database_moves(server, table.table_id) == [(0, mover, "bid 4", "player")]


def refused(table: Players, seat: int, text: str, **extra: Any) -> dict[str, Any]:
    """The error of seat's ``text``, once sure that it changed nothing."""
    before, ply = table.table.state, table.ply
    stored = database_moves(table.server, table.table_id)
    error = table.seats[seat].error(
        {"type": "move", "table": table.table_id, "move": text, "id": text, **extra}
    )
    assert error["reply_to"] == text
    assert table.table.state is before
    assert table.ply == ply
    assert database_moves(table.server, table.table_id) == stored
    return error


def library_error(state: State, seat: int, text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        check_move(state, parse_move(text), seat=seat)
    return caught.value


def test_an_illegal_move_gets_the_library_s_reason_and_changes_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, players(server) as table:
        state = table.table.state
        mover = state.to_move
        assert mover is not None
        other = (mover + 1) % 4
        cases = [(other, "bid 3"), (mover, "bid 14"), (mover, "play 2C"), (mover, "look")]
        for seat, text in cases:
            error = refused(table, seat, text)
            expected = library_error(state, seat, text)
            assert error["reason"] == expected.reason.value
            assert error["message"] == str(expected)
        assert refused(table, other, "bid 3")["reason"] == "not_your_turn"
        while table.table.state.phase.value == "bidding":
            table.play("bid 3")
        # Play on until the seat to move holds a card that would not follow suit.
        while True:
            state = table.table.state
            mover = state.to_move
            assert mover is not None
            seat = mover
            wrong = [
                card
                for card in state.hands[seat]
                if not spades.is_legal(state, Play(card), seat=seat)
                and library_error(state, seat, f"play {card}").reason is Reason.MUST_FOLLOW_SUIT
            ]
            if wrong:
                break
            table.play(table.first_legal())
        error = refused(table, seat, f"play {wrong[0]}")
        assert error["reason"] == "must_follow_suit"
        assert error["message"] == str(library_error(state, seat, f"play {wrong[0]}"))


@pytest.mark.parametrize("text", ["dance", "bid", "play 1X", "play QS QS", "bid thirteen", ""])
def test_a_move_the_notation_does_not_read_is_bad_notation(tmp_path: Path, text: str) -> None:
    with running(tmp_path / "db.sqlite3") as server, players(server) as table:
        mover = table.table.state.to_move
        assert mover is not None
        error = refused(table, mover, text)
        assert error["reason"] == "bad_notation"
        with pytest.raises(spades.NotationError) as caught:
            parse_move(text)
        assert error["message"] == str(caught.value)


def test_a_move_for_a_ply_gone_by_is_stale(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, players(server) as table:
        table.play("bid 3")
        mover = table.table.state.to_move
        assert mover is not None
        for ply in (0, 2, 10**6):
            error = refused(table, mover, "bid 3", ply=ply)
            assert error["reason"] == "stale_ply"
            assert "1" in error["message"]
        move(table.seats[mover], table.table_id, "bid 3", ply=1)
        assert at_ply(table.seats[mover], 2)["last_move"]["seat"] == mover


def test_a_move_without_a_seat_is_refused(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3") as server,
        players(server) as table,
        seen(server) as stranger,
    ):
        request = {"type": "move", "table": table.table_id, "move": "bid 3", "id": 9}
        error = stranger.error(request)
        assert error["reason"] == "not_seated"
        assert error["reply_to"] == 9
        stranger.send({"type": "watch", "table": table.table_id})
        stranger.table()
        assert stranger.error(request)["reason"] == "not_seated"
        assert table.ply == 0


def test_a_taken_seat_cannot_be_joined(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as first:
        table_id = first.new_table(seats=["open", "heuristic", "open", "random"])
        token = first.join(table_id, 0)["token"]
        with seen(server) as second:
            for seat in (0, 1, 3):
                error = second.error({"type": "join", "table": table_id, "seat": seat})
                assert error["reason"] == "seat_taken"
            assert second.join(table_id, 2)["token"] != token
        seats = server.table(table_id).seats
        assert [row.kind for row in seats] == ["player", "bot", "player", "bot"]
        first.table(lambda message: message["clock"] is not None)


def test_one_connection_holds_one_seat_a_table(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(seats=FOUR_OPEN)
        connection.join(table_id, 0)
        error = connection.error({"type": "join", "table": table_id, "seat": 1, "id": "again"})
        assert error["reason"] == "already_seated"
        assert error["reply_to"] == "again"
        assert [row.kind for row in server.table(table_id).seats] == ["player"] + ["open"] * 3
        other = connection.new_table(seats=FOUR_OPEN)
        assert connection.join(other, 1)["seat"] == 1  # another table: another seat


@pytest.mark.parametrize(
    "request_",
    [
        {"type": "join", "seat": 0},
        {"type": "watch"},
        {"type": "resume", "token": "A" * 43},
        {"type": "move", "move": "bid 3"},
        {"type": "leave"},
        {"type": "hand_to_bot", "seat": 0, "bot": "random", "creator_token": "A" * 43},
    ],
)
def test_a_table_that_does_not_exist(tmp_path: Path, request_: dict[str, Any]) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        connection.new_table(seats=FOUR_OPEN)
        error = connection.error({**request_, "table": "nonesuch", "id": 5})
        assert error == {
            "type": "error",
            "reason": "no_such_table",
            "message": "there is no table nonesuch",
            "reply_to": 5,
        }


def test_a_seat_that_does_not_exist(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        created = connection.create(preset="two-handed", seats=["open", "open"])
        table_id, creator = created["table"], created["creator_token"]
        for seat in (2, 3):
            error = connection.error({"type": "join", "table": table_id, "seat": seat})
            assert error["reason"] == "no_such_seat"
            handed = {"seat": seat, "bot": "random", "creator_token": creator}
            error = connection.error({"type": "hand_to_bot", "table": table_id, **handed})
            assert error["reason"] == "no_such_seat"
        assert [row.kind for row in server.table(table_id).seats] == ["open", "open"]


def test_leave_stops_the_updates(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3") as server,
        players(server) as table,
        seen(server) as spectator,
    ):
        mover = table.table.state.to_move
        assert mover is not None
        leaver = (mover + 1) % 4
        gone = table.seats[leaver]
        staying = [connection for connection in table.seats if connection is not gone]
        spectator.send({"type": "watch", "table": table.table_id})
        spectator.table()
        left = spectator.reply({"type": "leave", "table": table.table_id, "id": 1})
        assert left == {"type": "left", "table": table.table_id, "reply_to": 1}
        left = gone.reply({"type": "leave", "table": table.table_id})
        assert left == {"type": "left", "table": table.table_id}
        for connection in staying:
            message = connection.table(lambda message: not message["seats"][leaver]["connected"])
            assert message["seats"][leaver]["kind"] == "player"  # the seat stays hers
        move(table.seats[mover], table.table_id, "bid 3")
        for connection in staying:
            at_ply(connection, 1)
        # Neither heard of it: the next thing each hears is the answer to its next message.
        for connection in (gone, spectator):
            assert connection.reply({"type": "list_tables"})["type"] == "tables"
            assert [m["ply"] for m in connection.messages if m["type"] == "table"][-1] == 0
        error = gone.error({"type": "move", "table": table.table_id, "move": "bid 3"})
        assert error["reason"] == "not_seated"
        assert list(table.table.followers.values()) == [seat for seat in range(4) if seat != leaver]


def test_the_creator_hands_a_seat_to_a_bot(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as creator:
        created = creator.create(seats=FOUR_OPEN)
        table_id = created["table"]
        with seen(server) as player, seen(server) as stranger:
            # Counterclockwise from the dealer, seat 0: seat 3 bids first, then 2, 1, 0.
            assert server.table(table_id).state.to_move == 3
            token = player.join(table_id, 3)["token"]
            player.table()
            handed = {
                "type": "hand_to_bot",
                "table": table_id,
                "seat": 3,
                "bot": "random",
                "creator_token": created["creator_token"],
            }
            error = stranger.error({**handed, "creator_token": token, "id": "mine"})
            assert error["reason"] == "not_creator"
            assert error["reply_to"] == "mine"
            player.send({"type": "list_tables"})  # nothing else came meanwhile
            assert player.receive()["type"] == "tables"
            stranger.send(handed)
            # The old connection now watches, and the bot makes the seat's move.
            message = player.table()
            assert message["you"] is None
            assert message["view"] is None
            assert message["seats"][3] == {
                "seat": 3,
                "kind": "bot",
                "bot": "random",
                "connected": False,
            }
            message = at_ply(player, 1)
            assert message["last_move"]["seat"] == 3
            assert message["last_move"]["by"] == "bot"
            assert message["you"] is None
            error = player.error({"type": "move", "table": table_id, "move": "bid 3"})
            assert error["reason"] == "not_seated"
            error = player.error({"type": "resume", "table": table_id, "token": token})
            assert error["reason"] == "bad_token"
            error = stranger.error(handed)
            assert error["reason"] == "seat_taken"
            # An open seat nobody holds, not to move, is handed over too.
            stranger.send({**handed, "seat": 0, "bot": "heuristic"})
            message = player.table(lambda message: message["seats"][0]["kind"] == "bot")
            assert message["seats"][0]["bot"] == "heuristic"
            rows = server.table(table_id).seats
            assert [(row.kind, row.bot, row.token_hash) for row in rows] == [
                ("bot", "heuristic", None),
                ("open", None, None),
                ("open", None, None),
                ("bot", "random", None),
            ]


def test_replies_and_errors_echo_the_message_s_id(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        assert connection.reply({"type": "list_tables", "id": "a"})["reply_to"] == "a"
        created = connection.reply({"type": "create_table", "seats": FOUR_OPEN, "id": -2})
        assert created["reply_to"] == -2
        table_id = created["table"]
        joined = connection.reply({"type": "join", "table": table_id, "seat": 0, "id": 0})
        assert joined == {
            "type": "joined",
            "table": table_id,
            "seat": 0,
            "token": joined["token"],
            "reply_to": 0,
        }
        watching = connection.reply({"type": "watch", "table": table_id, "id": "w" * 64})
        assert watching["reply_to"] == "w" * 64
        assert connection.reply({"type": "leave", "table": table_id, "id": 2**53 - 1}) == {
            "type": "left",
            "table": table_id,
            "reply_to": 2**53 - 1,
        }
        assert "reply_to" not in connection.error({"type": "join", "table": "x", "seat": 0})
        assert "reply_to" not in connection.reply({"type": "list_tables"})


def test_a_client_too_far_behind_is_disconnected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session holds a bounded number of messages for its client; past it, it closes."""
    with running(tmp_path / "db.sqlite3") as server, seen(server) as creator:
        table_id = creator.new_table(seats=FOUR_OPEN)
        monkeypatch.setattr(_session, "OUTBOX_SIZE", 1)  # for the next connection
        with server.client.websocket_connect("/ws") as socket:
            assert socket.receive_json()["type"] == "welcome"
            socket.send_json({"type": "watch", "table": table_id})  # "watching", "table"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1008
            creator.join(table_id, 0)  # told to every follower but the one closing
            socket.send_json({"type": "list_tables"})
        creator.table()
        table = server.table(table_id)
        assert list(table.followers.values()) == [0]
        assert [row.kind for row in table.seats] == ["player", "open", "open", "open"]


# The record


def test_the_record_waits_for_the_game_s_end(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, players(server) as table:
        table.play("bid 3")
        response = server.client.get(f"/api/tables/{table.table_id}/record")
        assert response.status_code == 409
        assert response.json()["reason"] == "game_not_over"
        assert isinstance(response.json()["message"], str)
        assert not CARD.search(response.text)
        assert str(table.table.state.seed) not in response.text
        response = server.client.get("/api/tables/nonesuch/record")
        assert response.status_code == 404
        assert response.json() == {
            "reason": "no_such_table",
            "message": "there is no table nonesuch",
        }
        for name in ("a.b", "x" * 33, "%C3%A9t%C3%A9", "a%20b"):
            response = server.client.get(f"/api/tables/{name}/record")
            assert response.status_code == 404
            assert response.json()["reason"] == "no_such_table"
            assert name not in response.text


def test_a_whole_game_against_three_bots_and_its_record(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(round_cap=1)
        connection.join(table_id, 0)
        over = play_seat_to_the_end(connection, table_id, 0)
        assert over["status"] == "over"
        assert over["public"]["outcome"]["termination"] == "round_cap"
        assert over["record"] == f"/api/tables/{table_id}/record"
        assert over["legal"] == []
        assert over["clock"] is None
        stored = database_moves(server, table_id)
        assert {(seat, by) for _, seat, _, by in stored} == {
            (0, "player"),
            (1, "bot"),
            (2, "bot"),
            (3, "bot"),
        }
        response = server.client.get(over["record"])
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/json"
        assert response.headers["content-disposition"] == (
            f'attachment; filename="spades-{table_id}.json"'
        )
        record = records.loads(response.text)
        with contextlib.closing(sqlite3.connect(server.database)) as database:
            seed, dealer = database.execute(
                "SELECT seed, dealer FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        replayed = records.GameRecord.from_moves(
            attrs.evolve(MINIOKEY, round_cap=1),
            [parse_move(text) for _, _, text, _ in stored],
            seed=int(seed),
            dealer=dealer,
        )
        assert record == replayed
        # The record is the game the clients saw.
        final = record.final_state
        assert list(final.scores) == over["public"]["scores"]
        assert over["view"] == records.to_data(observe(final, 0))
        assert over["ply"] == len(record.moves)
        # Nobody heard the seed before the end; the record holds it.
        assert str(seed) in response.text
        for message in connection.messages:
            assert seed not in json.dumps(message)


def play_seat_to_the_end_with_the_clock_at(
    server: Server, connection: Seen, open_seat: int
) -> None:
    """Play the connection's seat with fallback moves, and let the clock play ``open_seat``."""
    timed: set[int] = set()
    message = connection.table()
    while message["status"] != "over":
        if message["legal"]:
            view = records.from_data(message["view"], View)
            move(connection, message["table"], str(fallback_move(view)), ply=message["ply"])
        elif message["public"]["to_move"] == open_seat and message["ply"] not in timed:
            timed.add(message["ply"])  # the seat's time runs out once
            server.clock.advance(1)
        message = connection.table()


def test_moves_and_joins_after_the_end_are_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, seen(server) as connection:
        table_id = connection.new_table(
            round_cap=1,
            seats=["open", "random", "random", "open"],
            clock={"move_seconds": 1, "extension_seconds": 0},
        )
        connection.join(table_id, 0)
        play_seat_to_the_end_with_the_clock_at(server, connection, 3)
        error = connection.error({"type": "move", "table": table_id, "move": "bid 3"})
        assert error["reason"] == "game_over"
        with seen(server) as late:
            error = late.error({"type": "join", "table": table_id, "seat": 3})
            assert error["reason"] == "game_over"
            late.send({"type": "watch", "table": table_id})
            assert late.table()["status"] == "over"
