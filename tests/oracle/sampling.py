"""What a view leaves open of the cards its seat does not see, by brute force; and a
chi-square goodness-of-fit check of samples against the uniform distribution.

This is the tests' own reading of what a seat knows (ref-views), written without the
library's sampler, so that ``tests/test_sampling.py`` can check `spades.sample_state`
against it. Views and states are the plain data that ``spades.records.to_data`` writes
(cards as text), as elsewhere in this package.

- `voids`: the suits each seat showed void in, from the tricks: she did not follow the suit
  led (rule-follow-suit), or she led a spade before the rules let her lead one, holding
  nothing but spades (rule-spades-broken, reading-spades-lead);
- `hidden_seats`, `known_cards`, `unseen`: whose cards the seat does not see, which of
  them she knows all the same (four players: the cards her side passed), and which cards
  she cannot place;
- `exchange_pool`: two players, the seat's discards that the other player's double nil
  exchange may have drawn into her hand;
- `deals`: every placement of the unseen cards in the hidden hands that the view allows,
  enumerated (small positions only);
- `chi_square`, `critical_value`: Pearson's statistic against the uniform distribution,
  and its critical value by the Wilson-Hilferty approximation.

A *deal* is a tuple of frozensets of cards, one per hidden seat in `hidden_seats` order.
With two players the one hidden hand is the other player's; the rest of the cards she
cannot place are her discards and the stock.
"""

from __future__ import annotations

import math
from itertools import combinations
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from oracle.cards import SPADES, card, deck_cards, pack_of, suit
from oracle.legality import spades_may_be_led

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

Deal = tuple[frozenset[int], ...]
"""The cards of each hidden hand, in `hidden_seats` order."""


def _cards(texts: Iterable[str] | None) -> list[int]:
    return [card(text) for text in texts or ()]


def play_order(view: Mapping[str, Any], leader: int) -> list[int]:
    """The seats in the order they play to a trick led by ``leader``."""
    rules = view["rules"]
    players = rules["players"]
    step = 1 if players == 2 or rules["direction"] == "clockwise" else -1
    return [(leader + offset * step) % players for offset in range(players)]


def plays(view: Mapping[str, Any]) -> list[tuple[int, int, list[int]]]:
    """Every card played this round: (seat, card, the trick's cards before it), in order."""
    tricks = [(trick["leader"], _cards(trick["cards"])) for trick in view["tricks"]]
    if view["trick"]:
        tricks.append((view["trick_leader"], _cards(view["trick"])))
    found = []
    for leader, cards in tricks:
        for seat, (index, played) in zip(play_order(view, leader), enumerate(cards), strict=False):
            found.append((seat, played, cards[:index]))
    return found


def played_by(view: Mapping[str, Any], seat: int) -> set[int]:
    """The cards ``seat`` has played this round."""
    return {played for who, played, _ in plays(view) if who == seat}


def voids(view: Mapping[str, Any]) -> list[set[int]]:
    """The suits each seat is known to hold none of, by seat.

    A player who played another suit to a trick than the suit led holds none of the suit
    led. A player who led a spade when the rules did not yet let her lead one from a hand
    with other suits (`spades_may_be_led`: no spade in an earlier trick of the round, and
    by the ruleset's ``spades_lead`` not yet open at that trick's number) held nothing but
    spades (reading-spades-lead). Both stay true: cards only leave a hand during the play.
    The suits are those the cards play as in the ruleset's pack (rule-decks): a seat void
    in spades holds no joker, nor the 2D of Joker-Joker-Deuce-Deuce.
    """
    lead, deck = view["rules"]["spades_lead"], pack_of(view["rules"])
    found: list[set[int]] = [set() for _ in range(view["rules"]["players"])]
    broken = False
    tricks = [(trick["leader"], _cards(trick["cards"])) for trick in view["tricks"]]
    if view["trick"]:
        tricks.append((view["trick_leader"], _cards(view["trick"])))
    for number, (leader, cards) in enumerate(tricks):
        led = suit(cards[0], deck)
        if led == SPADES and not spades_may_be_led(lead, broken=broken, tricks_played=number):
            found[leader].update({0, 1, 2})
        for seat, played in zip(play_order(view, leader), cards, strict=False):
            if suit(played, deck) != led:
                found[seat].add(led)
            broken = broken or suit(played, deck) == SPADES
    return found


def hidden_seats(view: Mapping[str, Any]) -> list[int]:
    """The seats whose hands the seat does not see: the others, and her own while face down."""
    seat = view["seat"]
    others = [other for other in range(view["rules"]["players"]) if other != seat]
    return sorted([*others, seat]) if view["hand"] is None else others


def known_cards(view: Mapping[str, Any]) -> dict[int, set[int]]:
    """Cards the seat knows to be in a hidden hand: those her side passed to her partner.

    Four players: a card the seat passed to her partner is in the partner's hand unless
    the partner passed it back or has played it (rule-card-pass). Nothing else of a hidden
    hand is known; with two players, or four solo (no partner, no pass: rule-solo),
    nothing at all.
    """
    if view["rules"]["players"] != 4 or view["rules"]["solo"]:
        return {}
    seat = view["seat"]
    mate = (seat + 2) % 4
    with_mate: set[int] = set()
    for entry in view["passes"]:
        if entry["cards"] is None:
            continue
        if entry["seat"] == seat:
            with_mate |= set(_cards(entry["cards"]))
        elif entry["seat"] == mate:
            with_mate -= set(_cards(entry["cards"]))
    return {mate: with_mate - played_by(view, mate)} if with_mate else {}


def _own_draw_cards(view: Mapping[str, Any]) -> tuple[set[int], set[int]]:
    """Two players: the cards the seat kept and those she discarded in her draw turns."""
    kept, gone = set(), set()
    for entry in view["draws"]:
        if entry["kept"] is not None:
            kept.add(card(entry["kept"]))
            gone.add(card(entry["discarded"]))
    return kept, gone


def unseen(view: Mapping[str, Any]) -> set[int]:
    """The cards the seat has never seen: she cannot place them.

    Every card of the ruleset's pack (rule-decks, rule-three-players) but her own hand
    (unless face down) and the cards played; with four players, not the cards of her side's
    passes either (they are in her hand, played, or in her partner's: `known_cards`). With
    two players, not the cards she kept or discarded in her draw, the top card of the stock
    when she draws, and the cards of her own exchange. (The other player's double nil
    exchange may have taken some of the seat's discards into her hand: see `exchange_pool`.)
    """
    seen = set(_cards(view["hand"]))
    seen |= {played for _, played, _ in plays(view)}
    for entry in view["passes"]:
        seen |= set(_cards(entry["cards"]))
    if view["rules"]["players"] == 2:
        kept, gone = _own_draw_cards(view)
        seen |= kept | gone
        if view["top_card"] is not None:
            seen.add(card(view["top_card"]))
        own = view["exchanged"]
        if own is not None:
            seen |= set(_cards(own["given"])) | set(_cards(own["drawn"]))
    return set(deck_cards(pack_of(view["rules"]))) - seen


def exchange_pool(view: Mapping[str, Any]) -> tuple[set[int], int]:
    """Two players: cards the seat saw go to the discards that the other player's exchange
    may have drawn, and how many cards that exchange drew (0 if she made none).

    She drew from the discards as they were when her exchange began (rule-exchange): among
    them the seat's own discards, but for any the seat drew in an exchange of her own, and
    the cards the seat gave up, if the seat exchanged first. Those she has played since
    are no longer in the pool (they count toward the cards she drew: see `deals`).
    """
    if view["rules"]["players"] != 2:
        return set(), 0
    seat = view["seat"]
    order = [entry["seat"] for entry in view["exchanges"]]
    theirs = [entry["count"] for entry in view["exchanges"] if entry["seat"] != seat]
    if not theirs or not theirs[0]:
        return set(), 0
    _, gone = _own_draw_cards(view)
    own = view["exchanged"]
    if own is not None:
        gone -= set(_cards(own["drawn"]))
        if order.index(seat) < order.index(1 - seat):
            gone |= set(_cards(own["given"]))
    gone -= {played for _, played, _ in plays(view)}
    return gone, theirs[0]


def deals(view: Mapping[str, Any]) -> list[Deal]:
    """Every placement of the hidden hands that the view allows, by brute force.

    Each hidden hand holds as many cards as ``hand_sizes`` says, the cards known to be in
    it (`known_cards`) and none of a suit she showed void in (`voids`). With two players
    the other player's hand comes from the cards the seat cannot place (`unseen`) and, if
    she exchanged, the seat's discards she may have drawn (`exchange_pool`): at most as
    many of those, counting the ones she has played, as her exchange drew.
    """
    seats = hidden_seats(view)
    deck = pack_of(view["rules"])
    void = voids(view)
    known = known_cards(view)
    sizes = view["hand_sizes"]
    free = unseen(view)
    if view["rules"]["players"] == 2:
        pool, drawn = exchange_pool(view)
        (other,) = seats
        taken = len(played_by(view, other) & pool)
        candidates = sorted(card for card in free | pool if suit(card, deck) not in void[other])
        return [
            (frozenset(hand),)
            for hand in combinations(candidates, sizes[other])
            if taken + len(pool.intersection(hand)) <= drawn
        ]
    found: list[Deal] = []

    def fill(index: int, left: frozenset[int], placed: list[frozenset[int]]) -> None:
        if index == len(seats):
            if not left:
                found.append(tuple(placed))
            return
        seat = seats[index]
        fixed = known.get(seat, set())
        allowed = sorted(card for card in left if suit(card, deck) not in void[seat])
        for chosen in combinations(allowed, sizes[seat] - len(fixed)):
            fill(index + 1, left - set(chosen), [*placed, frozenset(chosen) | fixed])

    fill(0, frozenset(free), [])
    return found


def weight(view: Mapping[str, Any], deal: Deal) -> int:
    """How likely ``deal`` is, up to a common factor: the chances of what led to it.

    Four players, and two players without an exchange by the other player: every deal the
    view allows comes about in as many ways, so all weigh 1. After her double nil exchange
    of k cards (rule-exchange), which drew k of the discards uniformly, a hand in which
    she holds j of the seat's cards (counting those she played) needs her draw to have
    taken them and k - j of her own: with her 13 cards held after the exchange, and her
    cards then in the discards, it comes about in C(13 - j, k - j) * C(those, k) ways
    (which of her own she drew back, which she gave up), the deal and her choices being
    uniform.
    """
    if view["rules"]["players"] != 2:
        return 1
    pool, drawn = exchange_pool(view)
    if not drawn:
        return 1
    seat = view["seat"]
    (other,) = hidden_seats(view)
    (hand,) = deal
    held = len(hand) + len(played_by(view, other))
    taken = len(played_by(view, other) & pool) + len(pool & hand)
    # Her 2 x 13 cards of the draw; those the seat drew from the discards before her
    # exchange were no longer there.
    hers = 2 * sum(entry["seat"] == other for entry in view["draws"])
    order = [entry["seat"] for entry in view["exchanges"]]
    own = view["exchanged"]
    if own is not None and order.index(seat) < order.index(other):
        _, gone = _own_draw_cards(view)
        hers -= len(set(_cards(own["drawn"])) - gone)
    in_pile = hers - (held - taken)
    return math.comb(held - taken, drawn - taken) * math.comb(in_pile, drawn)


def critical_value(df: int, p: float = 0.001) -> float:
    """The chi-square value that ``df`` degrees of freedom exceed with probability ``p``.

    The Wilson-Hilferty approximation: (X / k) ** (1/3) is nearly normal with mean
    1 - 2 / (9k) and variance 2 / (9k), so the upper ``p`` point is about
    ``k * (1 - 2 / (9k) + z * sqrt(2 / (9k))) ** 3``, ``z`` the normal upper ``p`` point
    (3.0902 for p = 0.001). For p = 0.001 it errs high, which makes a test a little
    lenient: by 3 % at 1 degree of freedom (11.16 against 10.83), by under 1 % from 10
    on and under 0.1 % from 50 on.
    """
    assert df >= 1, df
    z = NormalDist().inv_cdf(1 - p)
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def chi_square(
    samples: Sequence[Deal], cells: Sequence[Deal], weights: Sequence[int] | None = None
) -> tuple[float, int]:
    """Pearson's statistic of ``samples`` against the distribution on ``cells`` in
    proportion to ``weights`` (uniform without), and its degrees of freedom. Every sample
    must be one of the cells."""
    counts = dict.fromkeys(cells, 0)
    assert len(counts) == len(cells), "the cells are distinct"
    for sample in samples:
        assert sample in counts, f"a sample the view does not allow: {sorted(map(sorted, sample))}"
        counts[sample] += 1
    shares = [1] * len(cells) if weights is None else list(weights)
    total = sum(shares)
    statistic = 0.0
    for cell, share in zip(cells, shares, strict=True):
        expected = len(samples) * share / total
        statistic += (counts[cell] - expected) ** 2 / expected
    return statistic, len(cells) - 1


def fits_uniform(samples: Sequence[Deal], cells: Sequence[Deal], p: float = 0.001) -> bool:
    """Whether ``samples`` pass the chi-square test of uniformity over ``cells`` at ``p``."""
    statistic, df = chi_square(samples, cells)
    return statistic <= critical_value(df, p)
