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

Two players (source C) have a reference of their own. The draw: at her turn a player keeps
the top card of the stock (the next is discarded) or rejects it (and takes the next); before
her first choice of the round she may declare double nil, when the rules have it and she
trails by the required deficit. After the draw each double nil bidder, the non-dealer first,
exchanges none or up to ``blind_nil_exchange`` of her cards with cards drawn from the
discards (shuffled as documented, with a BLAKE2b digest of the seed, round and seat); then
the others bid, nil to 13, the non-dealer first; the non-dealer leads tricks of two cards.
At the end of the round it scores each player from the rules and deals the next round from
the documented shuffle, the other player drawing first. Besides the moves, the two must agree
on both hands, the stock, the discards, the draws and exchanges made, the bids, the round,
the dealer and the scores.

Rows marked ``"slow"`` run only with ``SPADES_PERFT_SLOW=1``. With it the reference walks
every position to its full depth (about two minutes); without it, a few plies deep.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field, replace
from functools import cached_property
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
TWO_PLAYERS = {"two-handed"}
"""The presets for two players: source C."""
RULES_TWO: dict[str, Any] = {
    "nil": True,
    "blind_nil": True,
    "blind_nil_deficit": None,
    "blind_nil_exchange": 3,
}
"""The switches a two-player round's moves depend on, as source C has them; a row may change
these and `round_cap`. Source C's scoring (nil 100, double nil 200, every 10 bags -100 with
the rest carried, a target of 500) is written into the reference, which follows the game
into the next round, unless the row has a round cap: then it stops at the round's end."""
DOUBLE_NIL = "bid blind nil"


def _suit(card: Card) -> str:
    return SUITS[KEYS[card][0]]


def _rank(card: Card) -> int:
    return KEYS[card][1]


def _order(card: Card) -> tuple[int, int]:
    """The documented order of plays and passes: clubs, diamonds, hearts, spades; two to ace."""
    return KEYS[card]


LIBRARY_ORDER = sorted(KEYS, key=_order)
"""The deck in the documented order, which later rounds shuffle."""


def _winner(trick: list[Card]) -> int:
    """Which card wins a trick: the highest spade, else the highest of the suit led."""
    spades_played = [index for index, card in enumerate(trick) if _suit(card) == "S"]
    led = [index for index, card in enumerate(trick) if _suit(card) == _suit(trick[0])]
    return max(spades_played or led, key=lambda index: _rank(trick[index]))


def _plays(hand: list[Card], trick: list[Card], *, broken: bool) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick``, in the documented order.

    Follow the suit led if you can, else play anything; lead anything but a spade until
    spades are broken, unless you hold only spades.
    """
    if trick:
        led = _suit(trick[0])
        choices = [card for card in hand if _suit(card) == led] or hand
    elif broken or all(_suit(card) == "S" for card in hand):
        choices = hand
    else:
        choices = [card for card in hand if _suit(card) != "S"]
    return sorted(choices, key=_order)


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
        return _plays(self.hands[self.to_move], self.trick, broken=self.broken)

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


def _shuffled(text: str, items: list[Card]) -> list[Card]:
    """``items`` shuffled as documented for later rounds and the double nil exchange.

    The 512-bit BLAKE2b digest of ``text`` is read as a little-endian number ``x``; then
    Fisher-Yates from the top: for ``i`` from the last index down to 1, ``x, j = divmod(x,
    i + 1)`` and items ``i`` and ``j`` swap.
    """
    number = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=64).digest(), "little")
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        number, j = divmod(number, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _score_two(bid: str, won: int, bags: int) -> tuple[int, int]:
    """A player's points for a round of source C, and her bags after it.

    Made: 10 a bid trick and 1 an overtrick, which is a bag; missed: -10 a bid trick. Nil
    100 and double nil 200, won or lost, and every trick of theirs a bag worth 1. Every
    full 10 bags cost 100; the rest carry over.
    """
    if bid in ("bid nil", DOUBLE_NIL):
        value = 200 if bid == DOUBLE_NIL else 100
        points, extra = (value if won == 0 else -value) + won, won
    else:
        n = int(bid.split()[1])
        points, extra = (10 * n + won - n, won - n) if won >= n else (-10 * n, 0)
    bags += extra
    return points - 100 * (bags // 10), bags % 10


@dataclass(frozen=True)
class Duel:
    """Two-player Spades (source C), the naive way, from the first round at 0 to 0."""

    rules: dict[str, Any]
    seed: int
    dealer: int
    """Who draws first; the other player bids first and leads the first trick."""
    stock: list[Card]
    """The cards still to draw, top first."""
    onward: bool = True
    """Whether the reference follows the game into the next round."""
    round: int = 1
    phase: str = "drawing"
    to_move: int = 0
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    """Each player's cards, kept in the documented order."""
    discards: list[Card] = field(default_factory=list)
    draws: list[tuple[int, Card, Card]] = field(default_factory=list)
    exchanges: list[tuple[int, list[Card], list[Card]]] = field(default_factory=list)
    chosen: list[bool] = field(default_factory=lambda: [False, False])
    """Whether each player has made a draw choice this round."""
    bids: list[str | None] = field(default_factory=lambda: [None, None])
    looked: list[bool] = field(default_factory=lambda: [False, False])
    """Never true: two players have no `look`."""
    agenda: list[tuple[str, int]] = field(default_factory=list)
    """After the draw: the exchanges and bids still to come, in order, with who makes them."""
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    broken: bool = False
    taken: list[int] = field(default_factory=lambda: [0, 0])
    tricks: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0])
    bags: list[int] = field(default_factory=lambda: [0, 0])

    def plays(self) -> list[Card]:
        """The cards the player to move may play."""
        return _plays(self.hands[self.to_move], self.trick, broken=self.broken)

    def legal(self) -> list[str]:
        """The legal moves, in text notation."""
        return self.moves

    @cached_property
    def moves(self) -> list[str]:
        """The legal moves, worked out once a position."""
        seat = self.to_move
        if self.phase == "drawing":
            deficit = self.rules["blind_nil_deficit"]
            trailing_by = self.scores[1 - seat] - self.scores[seat]
            may_declare = (
                self.rules["blind_nil"]
                and self.bids[seat] is None
                and not self.chosen[seat]
                and (deficit is None or trailing_by >= deficit)
            )
            return [DOUBLE_NIL] * may_declare + ["keep", "reject"]
        if self.phase == "exchanging":
            hand = sorted(self.hands[seat], key=_order)
            return [
                " ".join(["exchange", *(TEXT[card] for card in cards)])
                for size in range(self.rules["blind_nil_exchange"] + 1)
                for cards in combinations(hand, size)
            ]
        if self.phase == "bidding":
            return ["bid nil"] * self.rules["nil"] + [f"bid {n}" for n in range(1, 14)]
        return [f"play {TEXT[card]}" for card in self.plays()]

    def apply(self, text: str) -> Duel:
        assert text in self.legal(), f"{text!r} is illegal for seat {self.to_move}"
        word, *rest = text.split()
        seat = self.to_move
        bids = list(self.bids)
        if word == "bid":
            bids[seat] = text
            if self.phase == "drawing":  # double nil: she still makes her draw choice
                return replace(self, bids=bids)
            return replace(self, bids=bids)._next(self.agenda[1:])
        hands = [list(hand) for hand in self.hands]
        if word in ("keep", "reject"):
            top, below, *stock = self.stock
            kept, discarded = (top, below) if word == "keep" else (below, top)
            hands[seat] = sorted([*hands[seat], kept], key=_order)
            chosen = list(self.chosen)
            chosen[seat] = True
            table = replace(
                self,
                stock=stock,
                hands=hands,
                discards=[*self.discards, discarded],
                draws=[*self.draws, (seat, kept, discarded)],
                chosen=chosen,
                to_move=1 - seat,
            )
            if stock:
                return table
            # The draw is over. In bidding order, the non-dealer first: the double nil
            # bidders exchange, then the others bid.
            order = [1 - self.dealer, self.dealer]
            exchanges = self.rules["blind_nil_exchange"] > 0
            agenda = [("exchanging", s) for s in order if bids[s] == DOUBLE_NIL and exchanges]
            agenda += [("bidding", s) for s in order if bids[s] is None]
            return table._next(agenda)
        if word == "exchange":
            given = [Card.parse(card) for card in rest]
            pile = _shuffled(f"{self.seed}:{self.round}:exchange:{seat}", self.discards)
            drawn = pile[: len(given)]
            keeping = [card for card in hands[seat] if card not in given]
            hands[seat] = sorted(keeping + drawn, key=_order)
            discards = [card for card in self.discards if card not in drawn] + given
            exchanged = [*self.exchanges, (seat, given, drawn)]
            table = replace(self, hands=hands, discards=discards, exchanges=exchanged)
            return table._next(self.agenda[1:])
        return self._play(Card.parse(rest[0]), hands)

    def _next(self, agenda: list[tuple[str, int]]) -> Duel:
        """The next exchange or bid; when there is none, the non-dealer leads."""
        if agenda:
            phase, seat = agenda[0]
            return replace(self, phase=phase, to_move=seat, agenda=agenda)
        first = 1 - self.dealer
        return replace(self, phase="playing", to_move=first, leader=first, agenda=[])

    def _play(self, card: Card, hands: list[list[Card]]) -> Duel:
        hands[self.to_move].remove(card)
        trick = [*self.trick, card]
        broken = self.broken or _suit(card) == "S"
        if len(trick) < 2:
            return replace(self, hands=hands, to_move=1 - self.to_move, trick=trick, broken=broken)
        winner = self.leader if _winner(trick) == 0 else 1 - self.leader
        taken = list(self.taken)
        taken[winner] += 1
        table = replace(
            self,
            hands=hands,
            to_move=winner,
            leader=winner,
            trick=[],
            broken=broken,
            taken=taken,
            tricks=self.tricks + 1,
        )
        return table if table.tricks < 13 else table._next_round()

    def _next_round(self) -> Duel:
        """Score the round; the next is dealt from the shuffle of its number, and the other
        player draws first."""
        assert self.onward, "the reference stops at the end of the round under these rules"
        scores, bags = list(self.scores), list(self.bags)
        for seat in (0, 1):
            bid = self.bids[seat]
            assert bid is not None
            points, bags[seat] = _score_two(bid, self.taken[seat], bags[seat])
            scores[seat] += points
        assert max(scores) < 500, "the reference does not follow the game to its end"
        number = self.round + 1
        dealer = 1 - self.dealer
        deck = _shuffled(f"{self.seed}:{number}", LIBRARY_ORDER)
        fresh = Duel(self.rules, self.seed, dealer, deck, round=number, to_move=dealer)
        return replace(fresh, scores=scores, bags=bags)

    def remaining(self) -> int:
        """The fewest plies left in the round, the farthest the reference may walk; with
        ``onward`` it may walk on into the next round."""
        if self.onward:
            return sys.maxsize
        plays = 2 * (13 - self.tricks) - len(self.trick)
        if self.phase != "drawing":
            return len(self.agenda) + plays
        exchange = int(self.rules["blind_nil_exchange"] > 0)
        to_come = [1 if bid is None else exchange for bid in self.bids]
        return len(self.stock) // 2 + sum(to_come) + plays

    def agree(self, state: spades.State, where: str) -> None:
        """Check what the engine's ``state`` holds beyond the mover's hand and the moves."""
        assert [list(hand) for hand in state.hands] == self.hands, where
        assert list(state.stock) == self.stock, where
        assert list(state.discards) == self.discards, where
        assert list(state.draws) == self.draws, where
        exchanges = [(seat, list(gave), list(drew)) for seat, gave, drew in state.exchanges]
        assert exchanges == self.exchanges, where
        assert [None if bid is None else str(bid) for bid in state.bids] == self.bids, where
        assert (state.round_number, state.dealer) == (self.round, self.dealer), where
        assert (list(state.scores), list(state.bags)) == (self.scores, self.bags), where


def _sit_two(row: Position) -> Duel:
    """A two-player row's start position, reached by the reference from the stock and moves."""
    assert set(row["overrides"]) <= set(RULES_TWO) | AFTER_THE_ROUND, row["overrides"]
    stock = [Card.parse(text) for text in row["deck"]]
    onward = not set(row["overrides"]) & AFTER_THE_ROUND
    rules = {**RULES_TWO, **row["overrides"]}
    table = Duel(rules, row["seed"], row["dealer"], stock, onward=onward, to_move=row["dealer"])
    for text in row["moves"]:
        table = table.apply(text)
    return table


def _deal(row: Position) -> Table | Duel:
    """The row's start position, reached by the reference from the deck and the moves."""
    if row["rules"] in TWO_PLAYERS:
        return _sit_two(row)
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


def _walk(table: Table | Duel, state: spades.State, depth: int) -> list[int]:
    """Walk ``table`` and ``state`` together, comparing them at every node; the counts."""
    counts = [0] * depth

    def visit(table: Table | Duel, state: spades.State, level: int, line: tuple[str, ...]) -> None:
        where = f"after {', '.join(line) or 'the start'}"
        if isinstance(table, Duel):
            table.agree(state, where)
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


def _reference_depth(row: Position, table: Table | Duel) -> int:
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


def _duel(stock: str, **changes: Any) -> Duel:
    """A two-player reference round over a short stock, seat 0 dealing."""
    table = Duel(dict(RULES_TWO), 0, 0, _cards(stock), to_move=0)
    return replace(table, **changes)


def test_reference_two_players_draw_keep_reject_double_nil_before_the_first_choice() -> None:
    table = _duel("2C 3C 4C 5C")
    assert table.legal() == ["bid blind nil", "keep", "reject"]
    table = table.apply("bid blind nil")
    assert (table.to_move, table.legal()) == (0, ["keep", "reject"])
    table = table.apply("keep")  # the dealer keeps 2C; 3C is discarded
    assert (table.hands, table.discards, table.stock) == (
        [_cards("2C"), []],
        _cards("3C"),
        _cards("4C 5C"),
    )
    assert (table.to_move, table.legal()) == (1, ["bid blind nil", "keep", "reject"])
    table = table.apply("reject")  # 4C is discarded; the other player takes 5C
    assert (table.hands, table.discards) == ([_cards("2C"), _cards("5C")], _cards("3C 4C"))
    assert table.draws == [(0, *_cards("2C 3C")), (1, *_cards("5C 4C"))]
    # The draw is over: the dealer's double nil exchange, then the other player's bid.
    assert (table.phase, table.to_move, table.agenda) == (
        "exchanging",
        0,
        [("exchanging", 0), ("bidding", 1)],
    )
    assert table.legal() == ["exchange", "exchange 2C"]
    table = table.apply("exchange")
    assert (table.phase, table.to_move, table.legal()[:2]) == ("bidding", 1, ["bid nil", "bid 1"])
    table = table.apply("bid 1")
    assert (table.phase, table.to_move, table.leader) == ("playing", 1, 1)
    assert table.plays() == _cards("5C")


def test_reference_two_players_double_nil_only_when_trailing_by_the_deficit() -> None:
    rules = {**RULES_TWO, "blind_nil_deficit": 100}
    assert _duel("2C 3C", rules=rules).legal() == ["keep", "reject"]
    behind = _duel("2C 3C", rules=rules, scores=[-40, 60])
    assert behind.legal() == ["bid blind nil", "keep", "reject"]
    assert replace(behind, to_move=1).legal() == ["keep", "reject"]
    assert _duel("2C 3C", rules={**RULES_TWO, "blind_nil": False}).legal() == ["keep", "reject"]


def test_reference_two_players_exchange_choices_and_the_discards() -> None:
    hand = _cards("2C 5C 8C JC AC 3D 6D 9D QD 4H 7H TH KH")
    table = _duel("", phase="exchanging", hands=[hand, []], bids=[DOUBLE_NIL, "bid 3"])
    table = replace(table, agenda=[("exchanging", 0)])
    moves = table.legal()
    assert len(moves) == 1 + 13 + 78 + 286 == 378
    assert moves[:3] == ["exchange", "exchange 2C", "exchange 5C"]
    assert moves[14:16] == ["exchange 2C 5C", "exchange 2C 8C"]
    assert moves[-1] == "exchange 7H TH KH"
    one = replace(table, rules={**RULES_TWO, "blind_nil_exchange": 1})
    assert one.legal() == ["exchange", *(f"exchange {TEXT[card]}" for card in hand)]
    discards = _cards("2S 3S 4S 5S 6S")
    table = replace(table, discards=discards).apply("exchange 2C AC")
    drawn = _shuffled("0:1:exchange:0", discards)[:2]
    assert table.exchanges == [(0, _cards("2C AC"), drawn)]
    assert sorted(table.hands[0], key=_order) == table.hands[0]
    assert set(table.hands[0]) == set(hand) - set(_cards("2C AC")) | set(drawn)
    assert table.discards == [card for card in discards if card not in drawn] + _cards("2C AC")
    assert (table.phase, table.to_move) == ("playing", 1)  # the other has bid already


def test_reference_two_players_trick_of_two_and_next_leader() -> None:
    table = _duel("", phase="playing", hands=[_cards("2H AS"), _cards("KH 3D")], to_move=1)
    table = replace(table, leader=1)
    assert [TEXT[card] for card in table.plays()] == ["3D", "KH"]
    table = table.apply("play KH")
    assert [TEXT[card] for card in table.plays()] == ["2H"]  # she must follow suit
    table = table.apply("play 2H")
    assert (table.taken, table.to_move, table.leader, table.trick) == ([0, 1], 1, 1, [])
    table = table.apply("play 3D").apply("play AS")  # a spade wins; it breaks spades
    assert (table.taken, table.to_move, table.broken) == ([1, 1], 0, True)


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


def test_reference_shuffle_is_the_documented_later_round_deck() -> None:
    for seed, number in [(0, 2), (7, 2), (2**64 + 5, 9)]:
        assert _shuffled(f"{seed}:{number}", LIBRARY_ORDER) == list(spades.round_deck(seed, number))


def test_reference_rules_are_the_presets() -> None:
    for name in ("classic", "miniokey"):
        rules = attrs.asdict(spades.find_ruleset(name), recurse=False)
        assert {key: rules[key] for key in RULES} == RULES
    rules = attrs.asdict(spades.find_ruleset("two-handed"), recurse=False)
    assert rules["players"] == 2
    assert {key: rules[key] for key in RULES_TWO} == RULES_TWO
    assert (rules["nil_value"], rules["blind_nil_value"], rules["target"]) == (100, 200, 500)
    assert (rules["bag_limit"], rules["bag_penalty"], rules["bag_overflow"].value) == (
        10,
        100,
        "carry",
    )
