"""Perft: counts of legal move sequences from fixed deals, the engine's correctness anchor.

As python-chess checks its move generator against perft files, this checks `legal_moves`
and `apply` against ``tests/data/perft.json`` (made by ``tests/data/make_perft.py``, whose
docstring describes the format): for each position, the number of legal move sequences of
each length up to its depth, and for some, that number split by the first move.

So that the table is not merely the engine confirming itself, the tests' reference
implementation of the rules, `oracle` (written from the rules alone, stdlib only: cards
are plain numbers, `Card` is used here only to translate), walks every position beside the
engine, as an `oracle.Referee`. Four players: bidding nil to 13 (or, without nil, 1 to
13, or zero to 13 where zero is a contract), or blind nil or a look before a player who
may bid it has seen her hand; under a team minimum a side's second bidder bids at least
what her partner's bid leaves, and bids blind nil only when it leaves nothing; the pass:
each side with a blind nil, or under ``nil_pass`` a nil, in bidding order, passes its
count from its passer to her partner and back; play: follow suit; no spade lead until
spades are broken unless the leader holds only spades; the highest spade, else the highest
card of the suit led, wins; the winner leads. Two players (source C): at her turn a player
keeps the top card of the stock (the next is discarded) or rejects it (and takes the
next); at her one chance of the round, before her first choice or right after it by the
ruleset's ``double_nil_timing``, she may declare double nil, when the rules have it and
she trails by the required deficit. After the draw each double
nil bidder, the non-dealer first, exchanges none or up to ``blind_nil_exchange`` of her
cards with cards drawn from the discards (shuffled as documented, with a BLAKE2b digest of
the seed, round and seat); then the others bid, nil to 13, the non-dealer first; the
non-dealer leads tricks of two cards. At the end of a round the reference scores it from
the rules, ends the game or deals the next round from the documented shuffle, and walks on.

At every node the two must agree on the legal moves, in order, and on the phase, whose
turn it is, every hand, the stock, the discards, the draws, exchanges and passes made, the
bids and looks, the trick, the completed tricks, whether spades are broken, the tricks
taken, the round, the dealer, the scores and the bags; and the reference's counts must
match the table.

Rows marked ``"slow"`` run only with ``SPADES_PERFT_SLOW=1``. With it the reference walks
every position to its full depth (a few minutes); without it, a few plies deep.

Four players solo (rule-solo) and three players (rule-three-players) have no rows in the
table: the engine and the reference walk positions of theirs together, and must agree at
every node and on the counts. Three players' positions are dealt from the seeded shuffle
of their pack (51 or 54 cards) and reached by fixed bids and the engine's first legal
plays, which the reference checks move by move.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import pytest
from typing_extensions import NotRequired

import oracle
import spades
from oracle import BLIND_NIL, TWO_HANDED, Referee, digest_number, shuffled
from spades import Card

if TYPE_CHECKING:
    from collections.abc import Iterable

DATA = Path(__file__).parent / "data" / "perft.json"
SLOW = os.environ.get("SPADES_PERFT_SLOW") == "1"
pytestmark = pytest.mark.slow  # counts moves in volume: see tests/conftest.py

REFERENCE_BUDGET = 20_000
"""In the quick run the reference walks a position as deep as it can while each level it
expands has at most this many nodes."""


class Position(TypedDict):
    """One row of the table; see ``tests/data/make_perft.py``."""

    id: str
    comment: str
    rules: str
    overrides: dict[str, Any]
    seed: int
    dealer: int
    deck: list[str]
    moves: list[str]
    phase: str
    depth: int
    perft: list[int]
    slow: bool
    divide: NotRequired[dict[str, int]]


def _load() -> list[Position]:
    table = json.loads(DATA.read_text(encoding="utf-8"))
    assert table["format"] == "spades-perft/1"
    positions: list[Position] = table["positions"]
    return positions


POSITIONS = _load()
TWO_PLAYERS = {name for name, rules in oracle.PRESETS.items() if rules["players"] == 2}
"""The presets for two players: source C."""


def _params(positions: list[Position]) -> list[object]:
    slow = pytest.mark.skipif(not SLOW, reason="a slow perft row: set SPADES_PERFT_SLOW=1")
    return [
        pytest.param(row, id=row["id"], marks=[slow] if row["slow"] else []) for row in positions
    ]


DIVIDED = [row for row in POSITIONS if "divide" in row]

# The engine.


def _rules(row: Position) -> spades.Ruleset:
    """The row's ruleset: its preset with its overrides, which are data values."""
    data = spades.records.to_data(spades.find_ruleset(row["rules"]))
    assert isinstance(data, dict)
    return spades.records.from_data(data | row["overrides"], spades.Ruleset)


def _start(row: Position) -> spades.State:
    """The row's start position, reached with the engine."""
    rules = _rules(row)
    deck = [Card.parse(text) for text in row["deck"]]
    state = spades.new_game(rules, seed=row["seed"], dealer=row["dealer"], deck=deck)
    for text in row["moves"]:
        state = spades.apply(state, spades.parse_move(text))
    return state


def _perft(state: spades.State, depth: int) -> list[int]:
    """perft(1) to perft(depth): the legal move sequences of each length from ``state``."""
    counts = [0] * depth

    def visit(node: spades.State, level: int) -> None:
        moves = spades.legal_moves(node)
        counts[level] += len(moves)
        if level + 1 < depth:
            for move in moves:
                visit(spades.apply(node, move), level + 1)

    visit(state, 0)
    return counts


def test_perft_table_covers_every_phase_quickly() -> None:
    """Every phase, quick rows of both player counts, and the switches of the bidding, the
    pass after a nil, the double nil timing and Suicide.

    Rules: reading-zero-bid, rule-team-minimum.
    Rules: rule-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    """
    ids = [row["id"] for row in POSITIONS]
    assert len(set(ids)) == len(ids)
    quick = [row for row in POSITIONS if not row["slow"]]
    assert {row["phase"] for row in quick} == {
        "drawing",
        "exchanging",
        "bidding",
        "passing",
        "playing",
    }
    assert len([row for row in quick if row["phase"] == "playing"]) >= 10
    two = [row for row in quick if row["rules"] in TWO_PLAYERS]
    assert {row["phase"] for row in two} == {"drawing", "exchanging", "bidding", "playing"}
    assert {row["phase"] for row in quick if row["rules"] not in TWO_PLAYERS} == {
        "bidding",
        "passing",
        "playing",
    }
    assert any(row["slow"] and row["rules"] in TWO_PLAYERS for row in POSITIONS)
    assert any(row["slow"] for row in POSITIONS)
    assert any(not row["slow"] for row in DIVIDED)
    # Bidding under each rule that changes the bids (reading-zero-bid, rule-team-minimum),
    # four players and two.
    switched = {name for row in quick for name, value in row["overrides"].items() if value}
    assert {"zero_contract", "team_minimum", "nil_pass", "double_nil_timing", "bidding"} <= switched
    assert any(row["overrides"].get("zero_contract") for row in two)
    assert any(row["overrides"].get("nil_pass") == 4 for row in quick)
    for row in POSITIONS:
        assert sorted(Card.parse(text) for text in row["deck"]) == list(spades.DECK), row["id"]
        assert len(row["perft"]) == row["depth"] >= 1, row["id"]


@pytest.mark.parametrize("row", _params(POSITIONS))
def test_perft_counts_legal_move_sequences(row: Position) -> None:
    state = _start(row)
    assert state.phase.value == row["phase"]
    assert _perft(state, row["depth"]) == row["perft"]


@pytest.mark.parametrize("row", _params(DIVIDED))
def test_perft_divide_by_first_move(row: Position) -> None:
    state = _start(row)
    divide = row["divide"]
    moves = spades.legal_moves(state)
    assert list(divide) == [str(move) for move in moves]
    assert sum(divide.values()) == row["perft"][-1]
    for move in moves:
        child = spades.apply(state, move)
        count = _perft(child, row["depth"] - 1)[-1] if row["depth"] > 1 else 1
        assert count == divide[str(move)], str(move)


# The reference: `oracle`, the rules alone, with cards as plain numbers.

CARDS = [Card.parse(text) for text in oracle.CARD_NAMES]
"""The engine's card for each of the reference's, read once from its notation."""
INDEX = {each: index for index, each in enumerate(CARDS)}


def _card(card: Card | None) -> int:
    """The reference's card for the engine's (a state's history has every card)."""
    assert card is not None
    return INDEX[card]


def _plain(cards: Iterable[Card] | None) -> list[int]:
    """The reference's cards for the engine's, in the same order."""
    assert cards is not None
    return [INDEX[each] for each in cards]


def _advance(referee: Referee, text: str) -> None:
    """Make a move; after a round that does not end the game, deal the next."""
    referee.apply(text)
    if referee.phase == "dealing":
        referee.next_round()


def _deal(row: Position) -> Referee:
    """The row's start position, reached by the reference from the deck and the moves."""
    assert set(row["overrides"]) <= oracle.RULESET_FIELDS, row["overrides"]
    rules = oracle.PRESETS[row["rules"]] | row["overrides"]
    referee = Referee(rules=rules, seed=row["seed"], dealer=row["dealer"])
    referee.start_round([oracle.card(text) for text in row["deck"]])
    for text in row["moves"]:
        _advance(referee, text)
    return referee


def _agree(referee: Referee, state: spades.State, where: str) -> None:
    """Check that the engine's ``state`` holds what the reference holds."""
    assert state.phase.value == referee.phase, where
    assert state.to_move == referee.to_move, where
    assert [_plain(hand) for hand in state.hands] == referee.hands, where
    assert _plain(state.stock) == referee.stock, where
    assert _plain(state.discards) == referee.discards, where
    draws = [(draw.seat, _card(draw.kept), _card(draw.discarded)) for draw in state.draws]
    assert draws == referee.draws, where
    exchanges = [(turn.seat, _plain(turn.given), _plain(turn.drawn)) for turn in state.exchanges]
    assert exchanges == referee.exchanges, where
    passes = [(turn.seat, _plain(turn.cards)) for turn in state.passes]
    assert passes == referee.passes, where
    assert [None if bid is None else str(bid) for bid in state.bids] == referee.bids, where
    assert list(state.looked) == referee.looked, where
    assert _plain(state.trick) == referee.trick, where
    tricks = [(trick.leader, _plain(trick.cards), trick.winner) for trick in state.tricks]
    assert tricks == referee.tricks, where
    assert state.spades_broken is referee.spades_broken, where
    assert list(state.tricks_taken) == referee.taken, where
    assert (state.round_number, state.dealer) == (referee.round_number, referee.dealer), where
    assert (list(state.scores), list(state.bags)) == (referee.scores, referee.bags), where
    outcome = state.outcome
    ended = None if outcome is None else (outcome.winner, outcome.termination.value)
    assert ended == (None if referee.outcome is None else tuple(referee.outcome.values())), where


def _walk(referee: Referee, state: spades.State, depth: int) -> list[int]:
    """Walk ``referee`` and ``state`` together, comparing them at every node; the counts."""
    counts = [0] * depth

    def visit(referee: Referee, state: spades.State, level: int, line: tuple[str, ...]) -> None:
        where = f"after {', '.join(line) or 'the start'}"
        _agree(referee, state, where)
        moves = spades.legal_moves(state)
        expected = oracle.legal_moves(referee.position())
        if [str(move) for move in moves] != expected:
            pytest.fail(f"{where}: the engine allows {list(map(str, moves))}, the rules {expected}")
        counts[level] += len(expected)
        if level + 1 < depth:
            for move, text in zip(moves, expected, strict=True):
                child = referee.copy()
                _advance(child, text)
                visit(child, spades.apply(state, move), level + 1, (*line, text))

    visit(referee, state, 0, ())
    return counts


def _reference_depth(row: Position) -> int:
    depth = row["depth"]
    if SLOW:
        return depth
    reached = 1
    while reached < depth and row["perft"][reached - 1] <= REFERENCE_BUDGET:
        reached += 1
    return reached


@pytest.mark.parametrize("row", _params(POSITIONS))
def test_perft_reference_bids_pass_follow_suit_breaking_spades_trick_winner(row: Position) -> None:
    referee = _deal(row)
    state = _start(row)
    assert [_plain(hand) for hand in state.hands] == referee.hands
    depth = _reference_depth(row)
    assert depth >= min(2, row["depth"]), "the reference should see deeper"
    assert _walk(referee, state, depth) == row["perft"][:depth]


# Solo (rule-solo): the four-player rows the reference may play solo, walked solo by the
# engine and the reference together. The table holds no solo counts: the two must agree at
# every node and on the counts, as deep as the engine's count of a level stays small.

SOLO_BUDGET = 5_000
"""A solo walk goes as deep as it can while each level it expands has at most this many
nodes (and 8 levels at most)."""
SOLO: dict[str, Any] = {"solo": True, "blind_nil_pass": 0}
"""What a row's overrides take to be played solo: no blind nil pass (rule-solo)."""
SOLO_BLIND: dict[str, Any] = {
    "blind_nil_deficit": 1,
    "blind_bid_minimum": 4,
    "blind_bid_deficit": 1,
}
"""Solo with blind nil (where nil is on) and blind numbers from 4 open to a player 1 point
behind the leading other player: nobody in the first round, some in the next."""


def _solo_variants(row: Position) -> list[dict[str, Any]]:
    """The row's overrides played solo, and, where the row bids in sight, with blind bids
    too; none when the row needs a partner (its moves pass, or its rules are refused)."""
    if row["slow"] or row["rules"] in TWO_PLAYERS or row["phase"] == "passing":
        return []
    if any(move.startswith("pass") for move in row["moves"]):
        return []
    solo = row["overrides"] | SOLO
    if oracle.solo_problem(oracle.PRESETS[row["rules"]] | solo) is not None:
        return []
    if "blind_nil" in row["overrides"]:
        return [solo]
    nil = (oracle.PRESETS[row["rules"]] | solo)["nil"]
    return [solo, solo | SOLO_BLIND | {"blind_nil": nil}]


SOLO_ROWS = [
    pytest.param(row, overrides, id=f"{row['id']}-solo{'-blind' if index else ''}")
    for row in POSITIONS
    for index, overrides in enumerate(_solo_variants(row))
]


@pytest.mark.parametrize(("row", "overrides"), SOLO_ROWS)
def test_perft_solo_engine_and_reference_walk_together(
    row: Position, overrides: dict[str, Any]
) -> None:
    """Four players each on her own: the bids, no pass, the play, a round's score by player
    and the game's end, blind bids against the leading other player, node by node.

    Rule: rule-solo.
    """
    solo: Position = {**row, "overrides": overrides}
    state = _start(solo)
    assert state.rules.solo
    depth = 1
    while depth < 8 and _perft(state, depth)[-1] <= SOLO_BUDGET:
        depth += 1
    assert _walk(_deal(solo), state, depth) == _perft(state, depth)


def test_perft_solo_rows_reach_the_next_round_and_the_end_of_a_game() -> None:
    """The solo walks cross a round's end into the next bidding, and a capped game's end.

    Rule: rule-solo.
    """
    ids = {param.id for param in SOLO_ROWS}
    assert {
        "classic-last-trick-to-next-round-solo-blind",
        "round-cap-game-over-solo",
        "blind-nil-bidding-solo",
    } <= ids


# Three players (rule-three-players): positions of their own, walked by the engine and the
# reference together; no counts in the table, but a few pinned below.

THREE_BUDGET = 5_000
"""A three-player walk goes as deep as it can while each level it expands has at most this
many nodes (and 8 levels at most)."""
THREE: dict[str, Any] = {"players": 3, "blind_nil_pass": 0, "team_minimum": 0}
"""What a four-player preset takes to be played by three: nothing that needs a partner."""
BLIND_FOR_THREE: dict[str, Any] = {
    "blind_nil": True,
    "blind_nil_deficit": None,
    "blind_bid_minimum": 5,
    "blind_bid_deficit": None,
}
"""Blind nil and blind numbers from 5, open to every player before she looks."""


class ThreeSpec(TypedDict):
    """A three-player position: a preset played by three, its seed and dealer, and how to
    reach it: every player bids ``bid`` (a blind bid if ``blind``, after a look otherwise),
    then ``plays`` cards are played, each the first legal one (-1: to the last trick)."""

    id: str
    rules: str
    overrides: dict[str, Any]
    seed: int
    dealer: int
    bids: list[str]
    plays: int


THREE_SPECS: list[ThreeSpec] = [
    {"id": "three-classic-bidding", "rules": "classic", "overrides": {}, "seed": 1, "dealer": 0,
     "bids": [], "plays": 0},
    {"id": "three-classic-opening", "rules": "classic", "overrides": {}, "seed": 2, "dealer": 1,
     "bids": ["bid 5", "bid 6", "bid 4"], "plays": 0},
    {"id": "three-miniokey-counterclockwise-mid-trick", "rules": "miniokey", "overrides": {},
     "seed": 3, "dealer": 2, "bids": ["bid 5", "bid nil", "bid 6"], "plays": 4},
    {"id": "three-jja-opening", "rules": "trickster-jja", "overrides": {}, "seed": 4,
     "dealer": 0, "bids": ["bid 6", "bid 5", "bid 4"], "plays": 0},
    {"id": "three-jjdd-mid-round", "rules": "trickster-jjdd", "overrides": {}, "seed": 5,
     "dealer": 1, "bids": ["bid 5", "bid 6", "bid 7"], "plays": 20},
    {"id": "three-jjdd-blind-bidding", "rules": "classic",
     "overrides": {"deck": "joker_joker_deuce_deuce", **BLIND_FOR_THREE}, "seed": 6,
     "dealer": 2, "bids": [], "plays": 0},
    {"id": "three-blind-after-a-blind-number", "rules": "miniokey",
     "overrides": BLIND_FOR_THREE, "seed": 7, "dealer": 0, "bids": ["bid blind 6"],
     "plays": 0},
    {"id": "three-whiz-bidding", "rules": "classic", "overrides": {"bidding": "whiz"},
     "seed": 8, "dealer": 0, "bids": [], "plays": 0},
    {"id": "three-mirror-jja-bidding", "rules": "trickster-jja",
     "overrides": {"bidding": "mirror"}, "seed": 9, "dealer": 1, "bids": [], "plays": 0},
    {"id": "three-after-first-trick-lead", "rules": "classic",
     "overrides": {"spades_lead": "after_first_trick"}, "seed": 10, "dealer": 0,
     "bids": ["bid 5", "bid 5", "bid 5"], "plays": 3},
    {"id": "three-last-trick-to-next-round", "rules": "classic", "overrides": {}, "seed": 11,
     "dealer": 0, "bids": ["bid 5", "bid 5", "bid 5"], "plays": -1},
    {"id": "three-jja-round-cap-game-over", "rules": "trickster-jja",
     "overrides": {"round_cap": 1}, "seed": 12, "dealer": 2, "bids": ["bid 6", "bid 6", "bid 6"],
     "plays": -1},
]  # fmt: skip
"""The three-player positions: every deck, both directions, blind bids, Whiz and Mirror,
the lead of spades after the first trick, a round's end into the next and a game's end."""


def _three_row(spec: ThreeSpec) -> Position:
    """A table row for a three-player position, its moves found with the engine."""
    overrides = THREE | spec["overrides"]
    row: Position = {
        "id": spec["id"],
        "comment": "",
        "rules": spec["rules"],
        "overrides": overrides,
        "seed": spec["seed"],
        "dealer": spec["dealer"],
        "deck": [],
        "moves": [],
        "phase": "",
        "depth": 0,
        "perft": [],
        "slow": False,
    }
    rules = _rules(row)
    row["deck"] = [str(card) for card in spades.round_deck(spec["seed"], 1, rules=rules)]
    state = _start(row)
    moves: list[str] = []
    for text in spec["bids"]:
        state = spades.apply(state, spades.parse_move(text))
        moves.append(text)
    plays = spec["plays"] if spec["plays"] >= 0 else 3 * (rules.hand_size - 1)
    for _ in range(plays):
        while state.phase is spades.Phase.BIDDING:  # the bids not given: look, then 5
            move: spades.Move = (
                spades.Look() if spades.Look() in spades.legal_moves(state) else (spades.Bid(5))
            )
            state = spades.apply(state, move)
            moves.append(str(move))
        move = spades.legal_moves(state)[0]
        state = spades.apply(state, move)
        moves.append(str(move))
    row["moves"], row["phase"] = moves, state.phase.value
    return row


THREE_POSITIONS = {spec["id"]: _three_row(spec) for spec in THREE_SPECS}
THREE_ROWS = [pytest.param(row, id=name) for name, row in THREE_POSITIONS.items()]


@pytest.mark.parametrize("row", THREE_ROWS)
def test_perft_three_players_engine_and_reference_walk_together(row: Position) -> None:
    """Three players each on her own: the pack dealt, bids to the hand size, blind bids
    against the leading other player, tricks of three cards, a round's score by player and
    the game's end, node by node.

    Rule: rule-three-players.
    """
    state = _start(row)
    assert (state.rules.players, state.phase.value) == (3, row["phase"])
    referee = _deal(row)
    assert [_plain(hand) for hand in state.hands] == referee.hands
    depth = 1
    while depth < 8 and _perft(state, depth)[-1] <= THREE_BUDGET:
        depth += 1
    assert _walk(referee, state, depth) == _perft(state, depth)


def test_perft_three_player_positions_reach_every_phase_and_the_ends() -> None:
    """The three-player walks bid, play, cross a round's end into the next bidding, and end
    a capped game.

    Rule: rule-three-players.
    """
    rows = THREE_POSITIONS
    assert {row["phase"] for row in rows.values()} == {"bidding", "playing"}
    for name in ("three-last-trick-to-next-round", "three-jja-round-cap-game-over"):
        state = _start(rows[name])
        assert len(state.tricks) == state.rules.hand_size - 1
        assert [len(hand) for hand in state.hands] == [1, 1, 1]
    last = _start(rows["three-jja-round-cap-game-over"])
    for _ in range(3):
        assert not last.is_over
        last = spades.apply(last, spades.legal_moves(last)[0])
    assert last.is_over
    assert len(last.scores) == 3
    decks = {_start(row).rules.deck for row in rows.values()}
    assert decks == set(spades.Deck)


def test_perft_three_player_counts_are_pinned() -> None:
    """A few counts of three-player positions, as the rules give them: 17 bids (nil to 17,
    or 18 with a joker deck) each, blind bids and a look before she looks, one card each to
    a trick led.

    Rule: rule-three-players.
    """
    rows = THREE_POSITIONS
    assert _perft(_start(rows["three-classic-bidding"]), 3) == [18, 18 * 18, 18**3]
    blind = _start(rows["three-jjdd-blind-bidding"])
    # Blind nil, blind 5 to 18, and a look; after a look, nil to 18.
    assert len(spades.legal_moves(blind)) == 1 + 14 + 1
    assert _perft(blind, 2)[1] == 15 * 16 + 19
    opening = _start(rows["three-classic-opening"])
    assert opening.to_move is not None
    hand = _plain(opening.hand(opening.to_move))
    assert len(spades.legal_moves(opening)) == len(oracle.playable(hand, [], broken=False))


_cards = oracle.cards


def _legal(referee: Referee) -> list[str]:
    return oracle.legal_moves(referee.position())


def _plays(referee: Referee) -> list[int]:
    """The cards the player to move may play."""
    assert referee.to_move is not None
    hand = referee.hands[referee.to_move]
    return oracle.playable(hand, referee.trick, broken=referee.spades_broken)


def _table(rules: oracle.Rules, dealer: int, hands: list[list[int]]) -> Referee:
    """A four-player reference round at its first bid, with the given (short) hands."""
    first = oracle.first_seat(rules, dealer)
    return Referee(
        rules=rules,
        seed=0,
        dealer=dealer,
        round_number=1,
        phase="bidding",
        to_move=first,
        first=first,
        hands=[sorted(hand) for hand in hands],
        bids=[None] * 4,
        looked=[False] * 4,
        drew=[0] * 4,
        taken=[0] * 4,
    )


def test_reference_winner_highest_spade_else_highest_of_suit_led() -> None:
    assert oracle.winning_index(_cards("5H AH 3S KH")) == 2
    assert oracle.winning_index(_cards("5H AD 2C KH")) == 3
    assert oracle.winning_index(_cards("2S AH 3S KS")) == 3
    assert oracle.winning_index(_cards("TD 9D 8D 7D")) == 0


def test_reference_lead_and_follow_rules() -> None:
    def plays(hand: str, trick: str = "", *, broken: bool = False) -> list[str]:
        return oracle.names(oracle.playable(_cards(hand), _cards(trick), broken=broken))

    assert plays("AS 2H 3C") == ["3C", "2H"]
    assert plays("AS 2H 3C", broken=True) == ["3C", "2H", "AS"]
    assert plays("AS 2S") == ["2S", "AS"]
    assert plays("AS 2H 3H 3C", "KH") == ["2H", "3H"]
    assert plays("AS 3C", "KH") == ["3C", "AS"]


def test_reference_blind_nil_bids_and_pass_order() -> None:
    rules = oracle.MINIOKEY | {"blind_nil": True, "blind_nil_deficit": None}
    table = _table(rules, 3, [[], _cards("2C 3C 4C"), [], []])
    assert (table.first, table.to_move) == (2, 2)
    assert _legal(table) == ["bid blind nil", "look"]
    for text in ["look", "bid 4", "bid blind nil", "bid blind nil", "look", "bid 2"]:
        table.apply(text)
    # Counter-clockwise from seat 2: seat 1 is the first blind bidder, then seat 0.
    assert (table.phase, table.to_move) == ("passing", 1)
    assert table.agenda == [("passing", seat) for seat in (1, 3, 0, 2)]
    table.apply("pass 2C 3C")
    assert (table.to_move, table.hands[1], table.hands[3]) == (3, _cards("4C"), _cards("2C 3C"))
    assert _legal(_table(oracle.CLASSIC, 0, [[], [], [], []]))[:2] == ["bid nil", "bid 1"]


def _duel(stock: str, **changes: Any) -> Referee:
    """A two-player reference round over a short stock, seat 0 dealing."""
    table = Referee(
        rules=dict(TWO_HANDED),
        seed=0,
        dealer=0,
        round_number=1,
        phase="drawing",
        to_move=0,
        first=1,
        hands=[[], []],
        stock=_cards(stock),
        bids=[None, None],
        looked=[False, False],
        drew=[0, 0],
        taken=[0, 0],
    )
    return replace(table, **changes)


def test_reference_two_players_draw_keep_reject_double_nil_before_the_first_choice() -> None:
    table = _duel("2C 3C 4C 5C")
    assert _legal(table) == ["bid blind nil", "keep", "reject"]
    table.apply("bid blind nil")
    assert (table.to_move, _legal(table)) == (0, ["keep", "reject"])
    table.apply("keep")  # the dealer keeps 2C; 3C is discarded
    assert (table.hands, table.discards, table.stock) == (
        [_cards("2C"), []],
        _cards("3C"),
        _cards("4C 5C"),
    )
    assert (table.to_move, _legal(table)) == (1, ["bid blind nil", "keep", "reject"])
    table.apply("reject")  # 4C is discarded; the other player takes 5C
    assert (table.hands, table.discards) == ([_cards("2C"), _cards("5C")], _cards("3C 4C"))
    assert table.draws == [(0, *_cards("2C 3C")), (1, *_cards("5C 4C"))]
    # The draw is over: the dealer's double nil exchange, then the other player's bid.
    assert (table.phase, table.to_move, table.agenda) == (
        "exchanging",
        0,
        [("exchanging", 0), ("bidding", 1)],
    )
    assert _legal(table) == ["exchange", "exchange 2C"]
    table.apply("exchange")
    assert (table.phase, table.to_move, _legal(table)[:2]) == ("bidding", 1, ["bid nil", "bid 1"])
    table.apply("bid 1")
    assert (table.phase, table.to_move, table.trick_leader) == ("playing", 1, 1)
    assert _plays(table) == _cards("5C")


def test_reference_two_players_double_nil_only_when_trailing_by_the_deficit() -> None:
    rules = {**TWO_HANDED, "blind_nil_deficit": 100}
    assert _legal(_duel("2C 3C", rules=rules)) == ["keep", "reject"]
    behind = _duel("2C 3C", rules=rules, scores=[-40, 60])
    assert _legal(behind) == ["bid blind nil", "keep", "reject"]
    assert _legal(replace(behind, to_move=1)) == ["keep", "reject"]
    assert _legal(_duel("2C 3C", rules={**TWO_HANDED, "blind_nil": False})) == ["keep", "reject"]


def test_reference_two_players_exchange_choices_and_the_discards() -> None:
    hand = _cards("2C 5C 8C JC AC 3D 6D 9D QD 4H 7H TH KH")
    table = _duel("", phase="exchanging", hands=[hand, []], bids=[BLIND_NIL, "bid 3"])
    table = replace(table, agenda=[("exchanging", 0)])
    moves = _legal(table)
    assert len(moves) == 1 + 13 + 78 + 286 == 378
    assert moves[:3] == ["exchange", "exchange 2C", "exchange 5C"]
    assert moves[14:16] == ["exchange 2C 5C", "exchange 2C 8C"]
    assert moves[-1] == "exchange 7H TH KH"
    one = replace(table, rules={**TWO_HANDED, "blind_nil_exchange": 1})
    assert _legal(one) == ["exchange", *(f"exchange {text}" for text in oracle.names(hand))]
    discards = _cards("2S 3S 4S 5S 6S")
    table = replace(table, discards=discards)
    table.apply("exchange 2C AC")
    drawn = shuffled(digest_number("0:1:exchange:0"), discards)[:2]
    assert table.exchanges == [(0, _cards("2C AC"), drawn)]
    assert sorted(table.hands[0]) == table.hands[0]
    assert set(table.hands[0]) == set(hand) - set(_cards("2C AC")) | set(drawn)
    assert table.discards == [each for each in discards if each not in drawn] + _cards("2C AC")
    assert (table.phase, table.to_move) == ("playing", 1)  # the other has bid already


def test_reference_two_players_trick_of_two_and_next_leader() -> None:
    table = _duel("", phase="playing", hands=[_cards("2H AS"), _cards("3D KH")], to_move=1)
    table = replace(table, trick_leader=1)
    assert oracle.names(_plays(table)) == ["3D", "KH"]
    table.apply("play KH")
    assert oracle.names(_plays(table)) == ["2H"]  # she must follow suit
    table.apply("play 2H")
    assert (table.taken, table.to_move, table.trick_leader, table.trick) == ([0, 1], 1, 1, [])
    table.apply("play 3D")
    table.apply("play AS")  # a spade wins; it breaks spades
    assert (table.taken, table.to_move, table.spades_broken) == ([1, 1], 0, True)


def _score_two(bid: str, won: int, bags: int) -> tuple[int, int]:
    """A player's points for a round of source C, and her bags after it, by the reference."""
    side = oracle.score_side(TWO_HANDED, [bid], [won], [0], bags)
    return side.points, side.bags


def test_source_c_reference_scoring_bid_7_takes_8_and_bags_carry() -> None:
    assert _score_two("bid 7", 8, 0) == (71, 1)
    # Bids 4, 3, 4 win 7, 6, 9: 3 + 3 + 5 bags reach 11, -100, and 1 bag carries.
    assert _score_two("bid 4", 7, 0) == (43, 3)
    assert _score_two("bid 3", 6, 3) == (33, 6)
    assert _score_two("bid 4", 9, 6) == (45 - 100, 1)
    assert _score_two("bid 5", 4, 2) == (-50, 2)
    assert _score_two("bid nil", 0, 0) == (100, 0)
    assert _score_two("bid nil", 2, 9) == (-100 + 2 - 100, 1)
    assert _score_two("bid blind nil", 0, 0) == (200, 0)
    assert _score_two("bid blind nil", 1, 0) == (-199, 1)


def test_reference_shuffle_is_the_documented_round_deck() -> None:
    for seed, number in [(0, 1), (0, 2), (7, 1), (7, 2), (2**64 + 5, 9), (2**128 - 1, 1)]:
        deck = oracle.round_deck(seed, number)
        assert deck == shuffled(digest_number(f"{seed}:{number}"), list(range(52)))
        assert [CARDS[index] for index in deck] == list(spades.round_deck(seed, number))


def test_reference_rules_are_the_presets() -> None:
    assert set(oracle.PRESETS) == set(spades.PRESETS)
    for name, rules in oracle.PRESETS.items():
        data = spades.records.to_data(spades.find_ruleset(name))
        assert isinstance(data, dict)
        assert {key: value for key, value in data.items() if key not in {"type", "version"}} == (
            rules
        ), name
    rules = oracle.PRESETS["two-handed"]
    assert rules["players"] == 2
    assert (rules["nil_value"], rules["blind_nil_value"], rules["target"]) == (100, 200, 500)
    assert (rules["bag_limit"], rules["bag_penalty"], rules["bag_overflow"]) == (10, 100, "carry")
