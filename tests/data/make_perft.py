"""Generate ``tests/data/perft.json``: fixed deals and their perft move counts.

It lives beside the table it writes. Run from the repository root::

    python tests/data/make_perft.py > tests/data/perft.json

In the spirit of python-chess's perft files, each position is a fixed deal and the moves
that lead from it to a start position, with the number of legal move sequences of each
length from there. The file holds ``"format": "spades-perft/1"`` and ``"positions"``, a
list of objects with these fields:

``id``, ``comment``
    A unique name, and what the position is for.
``rules``, ``overrides``
    A preset name for `spades.find_ruleset` ("classic", "miniokey" or "two-handed"), and
    `spades.Ruleset` fields to change with JSON values (``{"blind_nil": true,
    "blind_nil_deficit": null}``).
``seed``, ``dealer``, ``deck``
    The arguments of `spades.new_game`: the deck is 52 cards in text notation ("AS", "TD").
    With four players it is dealt one at a time from the first player to bid, in the
    direction of play; with two it is the stock, top first, and the dealer draws first.
    The seed decides the decks of later rounds and, with two players, the cards a double
    nil exchange draws from the discards.
``moves``
    The moves from the deal to the start position, for `spades.parse_move`.
``phase``
    The phase of the start position: "drawing", "exchanging", "bidding", "passing" or
    "playing".
``depth``, ``perft``
    ``perft[k - 1]`` is perft(k), for k from 1 to depth: the number of legal move
    sequences of exactly k plies from the start position. A sequence that reaches the end
    of the game sooner is not counted, as checkmate is not counted in chess perft.
``slow``
    Whether the position has more than 600,000 sequences; the test runs it only with
    ``SPADES_PERFT_SLOW=1``.
``divide`` (some positions)
    perft(depth) split by the first move: ``str(move)`` to the count of sequences that
    start with it, in the order of `spades.legal_moves`.

The counts come from `spades.legal_moves` and `spades.apply`. ``tests/test_perft.py``
checks them against the engine and against the tests' reference implementation of the
rules, ``tests/oracle``, written from the rules alone. Change the table only on purpose:
when the rules change, regenerate it, and say in the change why the counts moved.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from typing import Any

import spades
from spades import Card, State

FORMAT = "spades-perft/1"
SLOW_LEAVES = 600_000
"""Positions with more sequences of their full depth than this are marked slow."""

Overrides = dict[str, Any]
"""Ruleset fields to change, by name: JSON values only (booleans, numbers, null)."""


@dataclass(frozen=True)
class Spec:
    """A position to count, before its counts are known."""

    id: str
    comment: str
    rules: str
    depth: int
    dealer: int = 0
    seed: int = 0
    overrides: Overrides = field(default_factory=dict)
    shuffle: int | None = None
    """Deal from the library's order shuffled by ``random.Random(shuffle).shuffle`` (what
    ``spades.round_deck(shuffle, 1)`` was before the data format's version 2, kept so that
    the table's decks stay as they were); otherwise from ``hands`` or ``stock``."""
    hands: tuple[str, str, str, str] | None = None
    """Each seat's 13 cards, seats 0 to 3, when the deal is made by hand."""
    stock: str | None = None
    """Two players: the 52 cards of the stock, top first, when it is made by hand."""
    moves: tuple[str, ...] = ()
    plays: int = 0
    """Further plies after ``moves``, chosen at random (seeded by the id) among legal moves."""
    until_broken: bool = False
    """Choose further plies at random until spades are broken, then add ``plays`` more."""
    line: str | None = None
    """The seed of those random plies; the id when None (give the same seed, get the same line)."""
    divide: bool = False


BLIND: Overrides = {"blind_nil": True, "blind_nil_deficit": None}
"""Blind nil on, whatever the score: every game starts at 0 to 0."""

ZERO: Overrides = {"nil": False, "zero_contract": True}
"""A bid of zero is an ordinary contract (reading-zero-bid)."""

BIDS = ("bid 3", "bid 4", "bid 2", "bid 3")


def draws(pattern: str) -> tuple[str, ...]:
    """Two players' draw turns, one letter each: "k" keeps the top card of the stock, "r"
    rejects it."""
    return tuple({"k": "keep", "r": "reject"}[letter] for letter in pattern)


DRAW = draws("krrkkrkrkkrrkrkkrrkrkrrkkr")
"""The 26 turns of a whole draw."""
DOUBLE_NIL_DRAW = ("bid blind nil", *DRAW)
"""The dealer declares double nil, then the whole draw."""
BOTH_DOUBLE_NIL_DRAW = ("bid blind nil", DRAW[0], "bid blind nil", *DRAW[1:])
"""Both players declare double nil at their first turns, then the whole draw."""
ONLY_SPADES_STOCK = " ".join(
    f"{low}H {low}C {high}S {high}D"
    for low, high in zip("23456789TJQKA", "AKQJT98765432", strict=True)
)
"""A stock in which the dealer, keeping every top card, gets the hearts, and the other
player the spades; the clubs and the diamonds are discarded."""

SPECS = (
    # The bidding phase.
    Spec(
        id="classic-bidding",
        comment="The first bids of a round: nil to 13 each, then the first lead.",
        rules="classic",
        shuffle=11,
        depth=5,
    ),
    Spec(
        id="no-nil-bidding",
        comment="Without nil the bids are 1 to 13.",
        rules="classic",
        overrides={"nil": False},
        shuffle=12,
        dealer=2,
        depth=4,
    ),
    Spec(
        id="zero-contract-bidding",
        comment="Without nil a bid of zero is a contract: the bids are zero to 13, as with nil.",
        rules="classic",
        overrides=ZERO,
        shuffle=71,
        dealer=3,
        depth=4,
    ),
    Spec(
        id="team-minimum-bidding",
        comment="A team minimum of 4: a side's second bidder bids at least what her partner's "
        "bid leaves, from nil when it reaches 4.",
        rules="classic",
        overrides={"team_minimum": 4},
        shuffle=72,
        dealer=1,
        depth=5,
        divide=True,
    ),
    Spec(
        id="team-minimum-blind-nil-bidding",
        comment="Blind nil under a team minimum of 5: closed to a second bidder whose partner's "
        "bid leaves something missing (her hand is in view), open to one whose partner's bid "
        "reaches it; passes follow a blind nil.",
        rules="classic",
        overrides={**BLIND, "team_minimum": 5},
        shuffle=73,
        depth=5,
    ),
    Spec(
        id="suicide-bidding",
        comment="Suicide: a side's first bidder bids nil or 4 to 13, her partner the other "
        "part (4 to 13 after a nil, nil after a number); then the first lead.",
        rules="classic",
        overrides={"bidding": "suicide"},
        shuffle=75,
        dealer=1,
        depth=5,
        divide=True,
    ),
    Spec(
        id="suicide-bidding-counterclockwise",
        comment="Suicide counterclockwise, from the second bid: each side's pairs in the "
        "reversed bidding order.",
        rules="miniokey",
        overrides={"bidding": "suicide"},
        shuffle=76,
        dealer=2,
        moves=("bid nil",),
        depth=3,
    ),
    Spec(
        id="zero-contract-team-minimum-bidding",
        comment="Zero contracts under a team minimum of 13: a second bidder makes up the rest, "
        "the first bids zero to 13.",
        rules="miniokey",
        overrides={**ZERO, "team_minimum": 13},
        shuffle=74,
        dealer=2,
        depth=4,
    ),
    Spec(
        id="blind-nil-bidding",
        comment="With blind nil each bidder first bids it or looks; a blind bid leads to passes.",
        rules="classic",
        overrides=BLIND,
        shuffle=13,
        dealer=1,
        depth=6,
    ),
    Spec(
        id="miniokey-blind-nil-bidding",
        comment="Blind nil under source B's rules, counter-clockwise, from the last two bids.",
        rules="miniokey",
        overrides=BLIND,
        shuffle=14,
        dealer=3,
        moves=("look", "bid 4", "bid blind nil"),
        depth=4,
    ),
    Spec(
        id="blind-nil-without-pass",
        comment="Blind nil with no card pass: the last bid goes straight to the first lead.",
        rules="classic",
        overrides={**BLIND, "blind_nil_pass": 0},
        shuffle=15,
        moves=("bid blind nil", "look", "bid 5", "look", "bid 2"),
        depth=5,
    ),
    # The blind nil card pass.
    Spec(
        id="blind-nil-pass",
        comment="The blind nil bidder passes 2 of 13 cards, her partner 2 of 15, then play.",
        rules="classic",
        overrides=BLIND,
        shuffle=21,
        moves=("bid blind nil", "look", "bid 4", "look", "bid 3", "look", "bid 4"),
        depth=3,
        divide=True,
    ),
    Spec(
        id="both-sides-blind-nil-pass-1",
        comment="Both sides bid blind nil and pass one card each way, side by side.",
        rules="classic",
        overrides={**BLIND, "blind_nil_pass": 1},
        shuffle=22,
        dealer=2,
        moves=("look", "bid 4", "bid blind nil", "look", "bid 5", "bid blind nil"),
        depth=5,
    ),
    Spec(
        id="miniokey-blind-nil-pass-3",
        comment="Counter-clockwise, three cards each way: 3 of 13, then 3 of 16.",
        rules="miniokey",
        overrides={**BLIND, "blind_nil_pass": 3},
        shuffle=23,
        dealer=1,
        moves=("look", "bid 4", "bid blind nil", "look", "bid 5", "look", "bid 3"),
        depth=2,
    ),
    Spec(
        id="nil-pass-last-bid",
        comment="A nil pass of 2: the last bid, then the nil side's passes, 2 of 13 and 2 of "
        "15 (a nil by the last bidder makes her side pass after them).",
        rules="classic",
        overrides={"nil_pass": 2},
        shuffle=76,
        moves=("bid nil", "bid 3", "bid 4"),
        depth=3,
    ),
    Spec(
        id="nil-pass-4-beside-blind-nil-pass-1",
        comment="Nil passes of 4 and blind nil passes of 1: after the first bidder's 4 cards "
        "her partner passes back 4 of 17; then the other side, whose nil came before its "
        "blind nil, passes 1 each way from its blind nil bidder.",
        rules="classic",
        overrides={**BLIND, "nil_pass": 4, "blind_nil_pass": 1},
        shuffle=77,
        moves=("look", "bid nil", "look", "bid nil", "look", "bid 4", "bid blind nil"),
        plays=1,
        depth=3,
    ),
    # The playing phase.
    Spec(
        id="classic-opening",
        comment="Classic, after the bids: the first two tricks.",
        rules="classic",
        shuffle=1,
        moves=BIDS,
        depth=8,
        divide=True,
    ),
    Spec(
        id="classic-opening-deep",
        comment="The same, to 10 plies.",
        rules="classic",
        shuffle=1,
        moves=BIDS,
        depth=10,
    ),
    Spec(
        id="miniokey-opening",
        comment="Source B after the bids: counter-clockwise from the right of the dealer.",
        rules="miniokey",
        shuffle=2,
        dealer=2,
        moves=BIDS,
        depth=8,
    ),
    Spec(
        id="miniokey-opening-deep",
        comment="The same, to 10 plies.",
        rules="miniokey",
        shuffle=2,
        dealer=2,
        moves=BIDS,
        depth=10,
    ),
    Spec(
        id="classic-dealer-2-opening",
        comment="Classic with seat 2 dealing: seat 3 leads.",
        rules="classic",
        shuffle=8,
        dealer=2,
        moves=("bid nil", "bid 5", "bid 1", "bid 6"),
        depth=8,
    ),
    Spec(
        id="miniokey-dealer-0-opening",
        comment="Source B with seat 0 dealing: seat 3 leads, then seat 2.",
        rules="miniokey",
        shuffle=9,
        moves=("bid 2", "bid nil", "bid 4", "bid 4"),
        depth=8,
    ),
    Spec(
        id="classic-mid-trick",
        comment="Two cards into the first trick.",
        rules="classic",
        shuffle=3,
        dealer=3,
        moves=BIDS,
        plays=2,
        depth=8,
    ),
    Spec(
        id="classic-mid-trick-deep",
        comment="Two cards into the first trick, to 11 plies.",
        rules="classic",
        shuffle=3,
        dealer=3,
        moves=BIDS,
        plays=2,
        line="classic-mid-trick",
        depth=11,
    ),
    Spec(
        id="classic-spades-broken",
        comment="A trick after the one that broke spades: spades may be led.",
        rules="classic",
        shuffle=4,
        dealer=1,
        moves=BIDS,
        until_broken=True,
        depth=8,
    ),
    Spec(
        id="classic-spades-broken-deep",
        comment="Spades broken, to 12 plies.",
        rules="classic",
        shuffle=4,
        dealer=1,
        moves=BIDS,
        until_broken=True,
        line="classic-spades-broken",
        depth=12,
    ),
    Spec(
        id="miniokey-spades-broken-mid-trick",
        comment="Spades broken, one card into a trick, counter-clockwise.",
        rules="miniokey",
        shuffle=5,
        moves=BIDS,
        until_broken=True,
        plays=5,
        depth=8,
    ),
    Spec(
        id="only-spades-leader",
        comment="The first leader holds all 13 spades, so she must lead one, unbroken or not.",
        rules="classic",
        hands=(
            "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "9C TC JC QC KC AC 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ),
        moves=BIDS,
        depth=5,
    ),
    Spec(
        id="only-spades-mid-round",
        comment="After three club tricks the leader holds only spades, unbroken: she leads one.",
        rules="classic",
        hands=(
            "2C 3C 4C 5C QS 2D 3D 4D 5D 6D 7D 8D 9D",
            "AC KC QC 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
            "6C 7C 8C KS TD JD QD KD AD 2H 3H 4H 5H",
            "9C TC JC AS 6H 7H 8H 9H TH JH QH KH AH",
        ),
        moves=BIDS,
        plays=12,
        depth=8,
    ),
    Spec(
        id="void-trump",
        comment="The second player has no clubs: she may trump a club lead, breaking spades.",
        rules="classic",
        hands=(
            "2D 5D 8D JD AD 3H 6H 9H QH 4S 7S TS KS",
            "2C 4C 6C 8C TC QC AC 3D 7D 2H 5H TH JS",
            "4D 6D 9D TD QD KD 7H KH 3S 6S 9S QS AS",
            "3C 5C 7C 9C JC KC 4H 8H JH AH 2S 5S 8S",
        ),
        moves=BIDS,
        depth=6,
    ),
    Spec(
        id="blind-nil-after-pass",
        comment="Play after a blind nil and its pass: the passed cards have changed hands.",
        rules="classic",
        overrides=BLIND,
        shuffle=31,
        moves=("look", "bid 4", "bid blind nil", "look", "bid 3", "look", "bid 5"),
        plays=2,
        depth=8,
    ),
    Spec(
        id="classic-last-tricks",
        comment="The last two tricks of a round, then the first bids of the next.",
        rules="classic",
        shuffle=6,
        dealer=3,
        moves=BIDS,
        plays=44,
        depth=10,
    ),
    Spec(
        id="classic-last-trick-to-next-round",
        comment="The last trick of a round, then the next round: its bids and first lead.",
        rules="classic",
        shuffle=6,
        dealer=3,
        seed=6,
        moves=BIDS,
        plays=48,
        depth=9,
    ),
    Spec(
        id="round-cap-game-over",
        comment="A one-round cap: the game ends with the last trick, so nothing follows it.",
        rules="miniokey",
        overrides={"round_cap": 1},
        shuffle=7,
        dealer=1,
        moves=BIDS,
        plays=44,
        depth=9,
    ),
    # Two players (source C): the draw from the stock.
    Spec(
        id="two-handed-draw",
        comment="The start of the draw: each player may declare double nil before her first "
        "choice, then keeps or rejects the top card.",
        rules="two-handed",
        shuffle=41,
        depth=8,
        divide=True,
    ),
    Spec(
        id="two-handed-draw-deficit",
        comment="Double nil only for a player 100 points behind: at 0 to 0 nobody may declare it.",
        rules="two-handed",
        overrides={"blind_nil_deficit": 100},
        shuffle=42,
        dealer=1,
        depth=8,
    ),
    Spec(
        id="two-handed-late-double-nil-draw",
        comment="Double nil declared right after the first draw choice: at each player's "
        "second turn to draw, not her first or third.",
        rules="two-handed",
        overrides={"double_nil_timing": "after_first_choice"},
        shuffle=78,
        depth=8,
    ),
    Spec(
        id="two-handed-mid-draw",
        comment="Mid-draw, after the other player declared double nil at her first turn.",
        rules="two-handed",
        shuffle=43,
        dealer=1,
        moves=("keep", "bid blind nil", *draws("rkkrkrrkrkr")),
        depth=8,
    ),
    Spec(
        id="two-handed-draw-to-exchange",
        comment="The last three draw turns, then the dealer's double nil exchange: no card, "
        "or 1 to 3 of 13.",
        rules="two-handed",
        shuffle=44,
        moves=DOUBLE_NIL_DRAW[:-3],
        depth=4,
    ),
    Spec(
        id="two-handed-no-double-nil-draw-to-bidding",
        comment="Without double nil: the last four draw turns, then the bids, the dealer's second.",
        rules="two-handed",
        overrides={"blind_nil": False},
        shuffle=45,
        dealer=1,
        moves=DRAW[:-4],
        depth=6,
    ),
    Spec(
        id="two-handed-both-double-nil-no-exchange-draw",
        comment="Both declared double nil and the rules have no exchange: after the last draw "
        "turn the play starts at once.",
        rules="two-handed",
        overrides={"blind_nil_exchange": 0},
        shuffle=46,
        moves=BOTH_DOUBLE_NIL_DRAW[:-1],
        depth=5,
    ),
    # Two players: the double nil exchange with the discards.
    Spec(
        id="two-handed-exchange",
        comment="The other player's double nil exchange, then the dealer's bid.",
        rules="two-handed",
        shuffle=47,
        dealer=1,
        moves=(DRAW[0], "bid blind nil", *DRAW[1:]),
        depth=2,
    ),
    Spec(
        id="two-handed-exchange-2",
        comment="An exchange of at most two cards: no card, or 1 or 2 of 13; then the "
        "dealer's bid and the other's lead.",
        rules="two-handed",
        overrides={"blind_nil_exchange": 2},
        shuffle=60,
        dealer=1,
        moves=(DRAW[0], "bid blind nil", *DRAW[1:]),
        depth=3,
    ),
    Spec(
        id="two-handed-exchange-deep",
        comment="The same, to 5 plies.",
        rules="two-handed",
        shuffle=47,
        dealer=1,
        moves=(DRAW[0], "bid blind nil", *DRAW[1:]),
        depth=5,
    ),
    Spec(
        id="two-handed-both-double-nil-exchange",
        comment="Both declared double nil: two exchanges of up to three cards, then the first "
        "lead.",
        rules="two-handed",
        shuffle=48,
        moves=BOTH_DOUBLE_NIL_DRAW,
        depth=3,
    ),
    Spec(
        id="two-handed-exchange-1-both-double-nil",
        comment="An exchange of at most one card each, both players: the second draws from "
        "the discards the first changed.",
        rules="two-handed",
        overrides={"blind_nil_exchange": 1},
        shuffle=49,
        dealer=1,
        moves=BOTH_DOUBLE_NIL_DRAW,
        depth=4,
        divide=True,
    ),
    # Two players: the bidding.
    Spec(
        id="two-handed-bidding",
        comment="After the draw: the other player bids first, nil to 13, then the dealer.",
        rules="two-handed",
        shuffle=50,
        moves=DRAW,
        depth=4,
    ),
    Spec(
        id="two-handed-no-nil-bidding",
        comment="Without nil (so without double nil) the bids are 1 to 13.",
        rules="two-handed",
        overrides={"nil": False, "blind_nil": False},
        shuffle=51,
        dealer=1,
        moves=DRAW,
        depth=3,
    ),
    Spec(
        id="two-handed-double-nil-no-exchange-bidding",
        comment="The dealer declared double nil without an exchange: only the other bids.",
        rules="two-handed",
        overrides={"blind_nil_exchange": 0},
        shuffle=52,
        moves=DOUBLE_NIL_DRAW,
        depth=4,
    ),
    # Two players: the play, tricks of two cards.
    Spec(
        id="two-handed-opening",
        comment="After the bids: the other player leads the first trick.",
        rules="two-handed",
        shuffle=53,
        moves=(*DRAW, "bid 4", "bid 5"),
        depth=6,
        divide=True,
    ),
    Spec(
        id="two-handed-opening-deep",
        comment="The same, to 9 plies.",
        rules="two-handed",
        shuffle=53,
        moves=(*DRAW, "bid 4", "bid 5"),
        depth=9,
    ),
    Spec(
        id="two-handed-mid-trick",
        comment="One card into the third trick, seat 1 dealing.",
        rules="two-handed",
        shuffle=54,
        dealer=1,
        moves=(*DRAW, "bid 3", "bid nil"),
        plays=5,
        depth=6,
    ),
    Spec(
        id="two-handed-spades-broken",
        comment="A trick after the one that broke spades: spades may be led.",
        rules="two-handed",
        shuffle=55,
        moves=(*DRAW, "bid 6", "bid 2"),
        until_broken=True,
        line="two-handed-spades-broken-10",
        depth=6,
    ),
    Spec(
        id="two-handed-double-nil-play",
        comment="Play after the dealer's double nil and a random exchange and bid.",
        rules="two-handed",
        shuffle=56,
        moves=DOUBLE_NIL_DRAW,
        plays=3,
        depth=6,
    ),
    Spec(
        id="two-handed-only-spades-leader",
        comment="The first leader holds all 13 spades, so she must lead one, unbroken or not.",
        rules="two-handed",
        stock=ONLY_SPADES_STOCK,
        moves=(*draws("k" * 26), "bid 13", "bid nil"),
        depth=3,
    ),
    Spec(
        id="two-handed-last-tricks",
        comment="The last two tricks, then the next round's draw: the other player draws "
        "first and either may declare double nil.",
        rules="two-handed",
        shuffle=57,
        moves=(*DRAW, "bid 4", "bid 4"),
        plays=22,
        depth=8,
    ),
    Spec(
        id="two-handed-double-nil-last-trick",
        comment="The last trick of a round with a double nil, its exchange and the other's bid "
        "at random; then the next round's draw.",
        rules="two-handed",
        shuffle=61,
        dealer=1,
        moves=(DRAW[0], "bid blind nil", *DRAW[1:]),
        plays=26,
        depth=5,
    ),
    Spec(
        id="two-handed-zero-contract-bidding",
        comment="Two players without nil: a bid of zero is a contract, so each bids zero to 13.",
        rules="two-handed",
        overrides={**ZERO, "blind_nil": False},
        shuffle=75,
        moves=DRAW,
        depth=4,
    ),
    Spec(
        id="two-handed-last-trick-deficit",
        comment="Double nil only 100 points behind: after the last trick the player far "
        "behind may declare it in the next round, the other may not.",
        rules="two-handed",
        overrides={"blind_nil_deficit": 100},
        shuffle=58,
        dealer=1,
        moves=(*DRAW, "bid 13", "bid 1"),
        plays=24,
        depth=6,
    ),
    Spec(
        id="two-handed-round-cap-game-over",
        comment="A one-round cap: the game ends with the last trick, so nothing follows it.",
        rules="two-handed",
        overrides={"round_cap": 1},
        shuffle=59,
        moves=(*DRAW, "bid 2", "bid 3"),
        plays=22,
        depth=6,
    ),
)


def ruleset(spec: Spec) -> spades.Ruleset:
    """The preset with the overrides, read as the data format reads a ruleset's fields."""
    data = spades.records.to_data(spades.find_ruleset(spec.rules))
    assert isinstance(data, dict)
    rules = spades.records.from_data(data | spec.overrides, spades.Ruleset)
    assert isinstance(rules, spades.Ruleset)
    return rules


def first_seat(rules: spades.Ruleset, dealer: int) -> int:
    return (dealer + rules.direction.step) % 4


def deck_of(spec: Spec, rules: spades.Ruleset) -> tuple[Card, ...]:
    """The deck to deal: shuffled from a seed, or the hands put in dealing order."""
    if spec.shuffle is not None:
        shuffled = list(spades.DECK)
        random.Random(spec.shuffle).shuffle(shuffled)
        return tuple(shuffled)
    if spec.stock is not None:
        stock = tuple(Card.parse(text) for text in spec.stock.split())
        assert sorted(stock) == list(spades.DECK), spec.id
        return stock
    assert spec.hands is not None, spec.id
    deck: list[Card | None] = [None] * 52
    first = first_seat(rules, spec.dealer)
    for offset in range(4):
        seat = (first + offset * rules.direction.step) % 4
        cards = [Card.parse(text) for text in spec.hands[seat].split()]
        deck[offset::4] = cards
    cards_only = [card for card in deck if card is not None]
    assert sorted(cards_only) == list(spades.DECK), spec.id
    return tuple(cards_only)


def start(spec: Spec) -> tuple[State, tuple[str, ...], tuple[Card, ...]]:
    """The start position, the moves that lead to it, and the deck."""
    rules = ruleset(spec)
    deck = deck_of(spec, rules)
    state = spades.new_game(rules, seed=spec.seed, dealer=spec.dealer, deck=deck)
    moves = list(spec.moves)
    for text in moves:
        state = spades.apply(state, spades.parse_move(text))
    rng = random.Random(spec.id if spec.line is None else spec.line)
    while spec.until_broken and not (state.spades_broken and not state.trick):
        move = rng.choice(spades.legal_moves(state))
        moves.append(str(move))
        state = spades.apply(state, move)
    for _ in range(spec.plays):
        move = rng.choice(spades.legal_moves(state))
        moves.append(str(move))
        state = spades.apply(state, move)
    return state, tuple(moves), deck


def perft(state: State, depth: int) -> list[int]:
    """perft(1) to perft(depth) of ``state``."""
    counts = [0] * depth

    def visit(node: State, level: int) -> None:
        moves = spades.legal_moves(node)
        counts[level] += len(moves)
        if level + 1 < depth:
            for move in moves:
                visit(spades.apply(node, move), level + 1)

    visit(state, 0)
    return counts


def row(spec: Spec) -> dict[str, object]:
    state, moves, deck = start(spec)
    counts = perft(state, spec.depth)
    fields: dict[str, object] = {
        "id": spec.id,
        "comment": spec.comment,
        "rules": spec.rules,
        "overrides": spec.overrides,
        "seed": spec.seed,
        "dealer": spec.dealer,
        "deck": [str(card) for card in deck],
        "moves": list(moves),
        "phase": state.phase.value,
        "depth": spec.depth,
        "perft": counts,
        "slow": counts[-1] > SLOW_LEAVES,
    }
    if spec.divide:
        fields["divide"] = {
            str(move): perft(spades.apply(state, move), spec.depth - 1)[-1] if spec.depth > 1 else 1
            for move in spades.legal_moves(state)
        }
    return fields


def dump(rows: list[dict[str, object]]) -> str:
    """The table as JSON, one field of a position per line, so that diffs stay readable."""
    about = (
        "perft(1..depth) of fixed Spades deals; see tests/data/make_perft.py for the format "
        "and tests/test_perft.py for the checks"
    )
    lines = ["{", f'  "format": {json.dumps(FORMAT)},', f'  "about": {json.dumps(about)},']
    lines.append('  "positions": [')
    for index, fields in enumerate(rows):
        body = ",\n".join(
            f"      {json.dumps(key)}: {json.dumps(value)}" for key, value in fields.items()
        )
        comma = "," if index < len(rows) - 1 else ""
        lines.append("    {\n" + body + "\n    }" + comma)
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    sys.stdout.write(dump([row(spec) for spec in SPECS]))


if __name__ == "__main__":
    main()
