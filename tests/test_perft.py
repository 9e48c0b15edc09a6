"""Perft: counts of legal move sequences from fixed deals, the engine's correctness anchor.

As python-chess checks its move generator against perft files, this checks `legal_moves`
and `apply` against ``tests/data/perft.json`` (made by ``benchmarks/make_perft.py``, whose
docstring describes the format): for each position, the number of legal move sequences of
each length up to its depth, and for some, that number split by the first move.

So that the table is not merely the engine confirming itself, a deliberately naive
reference written here from the rules alone (``/work/shared/rules-brief.md``; plain lists
of cards, `Card` used only to read and compare notation) walks every position beside the
engine, up to the end of the round. Bidding: nil to 13, or blind nil or a look before a
player who may bid it has seen her hand. The pass: each side with a blind nil, in bidding
order, passes from the blind bidder to her partner and back. Play: follow suit; no spade
lead until spades are broken unless the leader holds only spades; the highest spade, else
the highest card of the suit led, wins; the winner leads. At every node the two must agree
on the legal moves, in order, and on whose turn it is, the hand, the trick and the tricks
taken; and the reference's counts must match the table.

Rows marked ``"slow"`` run only with ``SPADES_PERFT_SLOW=1``. With it the reference walks
every position to its full depth (about a minute); without it, a few plies deep.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any, TypedDict

import attrs
import pytest
from typing_extensions import NotRequired

import spades
from spades import Card

DATA = Path(__file__).parent / "data" / "perft.json"
SLOW = os.environ.get("SPADES_PERFT_SLOW") == "1"
REFERENCE_BUDGET = 20_000
"""In the quick run the reference walks a position as deep as it can while each level it
expands has at most this many nodes."""


class Position(TypedDict):
    """One row of the table; see ``benchmarks/make_perft.py``."""

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


def _params(positions: list[Position]) -> list[object]:
    slow = pytest.mark.skipif(not SLOW, reason="a slow perft row: set SPADES_PERFT_SLOW=1")
    return [
        pytest.param(row, id=row["id"], marks=[slow] if row["slow"] else []) for row in positions
    ]


DIVIDED = [row for row in POSITIONS if "divide" in row]


# The engine.


def _start(row: Position) -> spades.State:
    """The row's start position, reached with the engine."""
    rules = attrs.evolve(spades.find_ruleset(row["rules"]), **row["overrides"])
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
    ids = [row["id"] for row in POSITIONS]
    assert len(set(ids)) == len(ids)
    quick = [row for row in POSITIONS if not row["slow"]]
    assert {row["phase"] for row in quick} == {"bidding", "passing", "playing"}
    assert len([row for row in quick if row["phase"] == "playing"]) >= 10
    assert any(row["slow"] for row in POSITIONS)
    assert any(not row["slow"] for row in DIVIDED)
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


# The reference: a round from the rules alone, with cards as plain values.

RANKS = "23456789TJQKA"
SUITS = "CDHS"
KEYS = {
    Card.parse(rank + suit): (SUITS.index(suit), RANKS.index(rank))
    for suit in SUITS
    for rank in RANKS
}
"""Each card's suit and rank, read once from its notation."""
TEXT = {card: RANKS[rank] + SUITS[suit] for card, (suit, rank) in KEYS.items()}
STEP = {"classic": 1, "miniokey": 3}
"""Source A: the player left of the dealer starts and play runs clockwise (seat + 1);
source B: the player right of the dealer, counter-clockwise (seat + 3)."""
RULES: dict[str, Any] = {
    "nil": True,
    "blind_nil": False,
    "blind_nil_deficit": 100,
    "blind_nil_pass": 2,
}
"""The switches a round's moves depend on, as both presets have them."""
AFTER_THE_ROUND = {"round_cap"}
"""Switches that only matter once the round is over, where the reference stops."""


def _suit(card: Card) -> str:
    return SUITS[KEYS[card][0]]


def _rank(card: Card) -> int:
    return KEYS[card][1]


def _order(card: Card) -> tuple[int, int]:
    """The documented order of plays and passes: clubs, diamonds, hearts, spades; two to ace."""
    return KEYS[card]


def _winner(trick: list[Card]) -> int:
    """Which card wins a trick: the highest spade, else the highest of the suit led."""
    spades_played = [index for index, card in enumerate(trick) if _suit(card) == "S"]
    led = [index for index, card in enumerate(trick) if _suit(card) == _suit(trick[0])]
    return max(spades_played or led, key=lambda index: _rank(trick[index]))


@dataclass(frozen=True)
class Table:
    """A round of Spades, the naive way: the first round, both sides at 0 points."""

    rules: dict[str, Any]
    step: int
    first: int
    """Who bids first and leads the first trick."""
    hands: list[list[Card]]
    phase: str = "bidding"
    to_move: int = 0
    bids: list[str | None] = field(default_factory=lambda: [None] * 4)
    looked: list[bool] = field(default_factory=lambda: [False] * 4)
    passers: list[int] = field(default_factory=list)
    """Who still passes, in order."""
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    broken: bool = False
    taken: list[int] = field(default_factory=lambda: [0] * 4)
    tricks: int = 0

    def plays(self) -> list[Card]:
        """The cards the player to move may play."""
        hand = self.hands[self.to_move]
        if self.trick:
            led = _suit(self.trick[0])
            choices = [card for card in hand if _suit(card) == led] or hand
        elif self.broken or all(_suit(card) == "S" for card in hand):
            choices = hand
        else:
            choices = [card for card in hand if _suit(card) != "S"]
        return sorted(choices, key=_order)

    def legal(self) -> list[str]:
        """The legal moves, in text notation."""
        if self.phase == "playing":
            return [f"play {TEXT[card]}" for card in self.plays()]
        if self.phase == "passing":
            hand = sorted(self.hands[self.to_move], key=_order)
            return [
                " ".join(["pass", *(TEXT[card] for card in cards)])
                for cards in combinations(hand, self.rules["blind_nil_pass"])
            ]
        deficit = self.rules["blind_nil_deficit"]
        trailing_by = 0  # the first round: both sides have 0 points
        eligible = deficit is None or trailing_by >= deficit
        if self.rules["blind_nil"] and not self.looked[self.to_move] and eligible:
            return ["bid blind nil", "look"]
        return ["bid nil"] * self.rules["nil"] + [f"bid {n}" for n in range(1, 14)]

    def apply(self, text: str) -> Table:
        assert text in self.legal(), f"{text!r} is illegal for seat {self.to_move}"
        word, *rest = text.split()
        seat = self.to_move
        if word == "look":
            looked = list(self.looked)
            looked[seat] = True
            return replace(self, looked=looked)
        if word == "bid":
            return self._bid(text)
        if word == "pass":
            hands = [list(hand) for hand in self.hands]
            for card in map(Card.parse, rest):
                hands[seat].remove(card)
                hands[(seat + 2) % 4].append(card)
            if self.passers[1:]:
                return replace(self, hands=hands, to_move=self.passers[1], passers=self.passers[1:])
            return self._start_play(hands=hands)
        return self._play(Card.parse(rest[0]))

    def _bid(self, text: str) -> Table:
        bids = list(self.bids)
        bids[self.to_move] = text
        if None in bids:
            return replace(self, bids=bids, to_move=(self.to_move + self.step) % 4)
        # Each side with a blind nil, in bidding order: its blind bidder passes to her
        # partner, and the partner passes back.
        passers: list[int] = []
        for offset in range(4):
            seat = (self.first + offset * self.step) % 4
            if bids[seat] == "bid blind nil" and seat not in passers:
                passers += [seat, (seat + 2) % 4]
        if passers and self.rules["blind_nil_pass"]:
            return replace(self, bids=bids, phase="passing", to_move=passers[0], passers=passers)
        return replace(self, bids=bids)._start_play(hands=self.hands)

    def _start_play(self, *, hands: list[list[Card]]) -> Table:
        return replace(
            self, hands=hands, phase="playing", to_move=self.first, leader=self.first, passers=[]
        )

    def _play(self, card: Card) -> Table:
        hands = [list(hand) for hand in self.hands]
        hands[self.to_move].remove(card)
        trick = [*self.trick, card]
        broken = self.broken or _suit(card) == "S"
        if len(trick) < 4:
            following = (self.to_move + self.step) % 4
            return replace(self, hands=hands, to_move=following, trick=trick, broken=broken)
        winner = (self.leader + _winner(trick) * self.step) % 4
        taken = list(self.taken)
        taken[winner] += 1
        return replace(
            self,
            hands=hands,
            to_move=winner,
            leader=winner,
            trick=[],
            broken=broken,
            taken=taken,
            tricks=self.tricks + 1,
        )

    def remaining(self) -> int:
        """The plays left in the round: how far the reference may walk before it ends."""
        return 52 - 4 * self.tricks - len(self.trick)


def _deal(row: Position) -> Table:
    """The row's start position, reached by the reference from the deck and the moves."""
    assert set(row["overrides"]) <= set(RULES) | AFTER_THE_ROUND, row["overrides"]
    step = STEP[row["rules"]]
    first = (row["dealer"] + step) % 4
    hands: list[list[Card]] = [[], [], [], []]
    for index, text in enumerate(row["deck"]):
        hands[(first + index % 4 * step) % 4].append(Card.parse(text))
    table = Table({**RULES, **row["overrides"]}, step, first, hands, to_move=first)
    for text in row["moves"]:
        table = table.apply(text)
    return table


def _walk(table: Table, state: spades.State, depth: int) -> list[int]:
    """Walk ``table`` and ``state`` together, comparing them at every node; the counts."""
    counts = [0] * depth

    def visit(table: Table, state: spades.State, level: int, line: tuple[str, ...]) -> None:
        where = f"after {', '.join(line) or 'the start'}"
        assert state.phase.value == table.phase, where
        assert state.to_move == table.to_move, where
        hand = sorted(table.hands[table.to_move], key=_order)
        assert list(state.hand(table.to_move)) == hand, where
        moves = spades.legal_moves(state)
        if table.phase == "playing":
            assert list(state.trick) == table.trick, where
            assert state.spades_broken is table.broken, where
            assert list(state.tricks_taken) == table.taken, where
            plays = [move.card if isinstance(move, spades.Play) else move for move in moves]
            cards = table.plays()
            if plays != cards:
                pytest.fail(f"{where}: the engine allows {plays}, the rules {cards}")
            expected = [f"play {TEXT[card]}" for card in cards]
        else:
            assert [None if bid is None else str(bid) for bid in state.bids] == table.bids, where
            assert list(state.looked) == table.looked, where
            expected = table.legal()
            if [str(move) for move in moves] != expected:
                pytest.fail(
                    f"{where}: the engine allows {list(map(str, moves))}, the rules {expected}"
                )
        counts[level] += len(expected)
        if level + 1 < depth:
            for move, text in zip(moves, expected, strict=True):
                visit(table.apply(text), spades.apply(state, move), level + 1, (*line, text))

    visit(table, state, 0, ())
    return counts


def _reference_depth(row: Position, table: Table) -> int:
    depth = min(row["depth"], table.remaining())
    if SLOW:
        return depth
    reached = 1
    while reached < depth and row["perft"][reached - 1] <= REFERENCE_BUDGET:
        reached += 1
    return reached


@pytest.mark.parametrize("row", _params(POSITIONS))
def test_perft_reference_bids_pass_follow_suit_breaking_spades_trick_winner(row: Position) -> None:
    table = _deal(row)
    state = _start(row)
    assert [list(hand) for hand in state.hands] == [
        sorted(hand, key=_order) for hand in table.hands
    ]
    depth = _reference_depth(row, table)
    assert depth >= min(2, row["depth"], table.remaining()), "the reference should see deeper"
    assert _walk(table, state, depth) == row["perft"][:depth]


def _cards(text: str) -> list[Card]:
    return [Card.parse(card) for card in text.split()]


def test_reference_winner_highest_spade_else_highest_of_suit_led() -> None:
    assert _winner(_cards("5H AH 3S KH")) == 2
    assert _winner(_cards("5H AD 2C KH")) == 3
    assert _winner(_cards("2S AH 3S KS")) == 3
    assert _winner(_cards("TD 9D 8D 7D")) == 0


def test_reference_lead_and_follow_rules() -> None:
    def plays(hand: str, trick: str = "", *, broken: bool = False) -> list[str]:
        table = Table(RULES, 1, 0, [_cards(hand)] * 4, phase="playing")
        table = replace(table, trick=_cards(trick), broken=broken)
        return [TEXT[card] for card in table.plays()]

    assert plays("AS 2H 3C") == ["3C", "2H"]
    assert plays("AS 2H 3C", broken=True) == ["3C", "2H", "AS"]
    assert plays("AS 2S") == ["2S", "AS"]
    assert plays("AS 2H 3H 3C", "KH") == ["2H", "3H"]
    assert plays("AS 3C", "KH") == ["3C", "AS"]


def test_reference_blind_nil_bids_and_pass_order() -> None:
    rules = {**RULES, "blind_nil": True, "blind_nil_deficit": None}
    table = Table(rules, 3, 2, [[], _cards("2C 3C 4C"), [], []], to_move=2)
    assert table.legal() == ["bid blind nil", "look"]
    for text in ["look", "bid 4", "bid blind nil", "bid blind nil", "look", "bid 2"]:
        table = table.apply(text)
    # Counter-clockwise from seat 2: seat 1 is the first blind bidder, then seat 0.
    assert (table.phase, table.to_move, table.passers) == ("passing", 1, [1, 3, 0, 2])
    table = table.apply("pass 2C 3C")
    assert (table.to_move, table.hands[1], table.hands[3]) == (3, _cards("4C"), _cards("2C 3C"))
    assert Table(RULES, 1, 0, [[], [], [], []]).legal()[:2] == ["bid nil", "bid 1"]
