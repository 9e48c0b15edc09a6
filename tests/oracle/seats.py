"""Seats, sides, the direction of play and who wins a trick (rule-seats, rule-direction).

Four players: seats 0 to 3 clockwise, side ``seat % 2``, partner ``(seat + 2) % 4``; play
runs clockwise (+1) or counter-clockwise (-1) from the player beside the dealer. Four
players solo (rule-solo): the same seats, deal and play, but each seat is a side of its
own, numbered as the seat, and nobody has a partner. Three players (rule-three-players):
seats 0 to 2, each her own side; play runs clockwise (+1) or counter-clockwise (-1, which is
+2) modulo 3. Two players: each seat is her own side, and the turn simply alternates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.cards import SPADES, pack_of, rank, suit

if TYPE_CHECKING:
    from collections.abc import Sequence

    from oracle.rules import Rules


def step(rules: Rules) -> int:
    """+1 clockwise, -1 counter-clockwise, modulo the number of players; two players
    simply alternate (+1)."""
    if rules["players"] == 2:
        return 1
    return 1 if rules["direction"] == "clockwise" else -1


def next_seat(rules: Rules, seat: int) -> int:
    """The seat after ``seat`` in the direction of play."""
    result: int = (seat + step(rules)) % rules["players"]
    return result


def first_seat(rules: Rules, dealer: int) -> int:
    """Who bids first and leads the first trick: the player after the dealer.

    With two players that is the non-dealer, who did not draw first.
    """
    return next_seat(rules, dealer)


def partner(seat: int) -> int:
    """A four-player seat's partner, who sits opposite (partnerships only: no solo
    player has one, rule-solo)."""
    return (seat + 2) % 4


def sides_of(players: int, *, solo: bool = False) -> list[list[int]]:
    """The seats of each side: 0 and 2 against 1 and 3, or each seat on her own (two
    players, three (rule-three-players), or four ``solo``: four sides, rule-solo)."""
    if players == 4 and not solo:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def side_count(rules: Rules) -> int:
    """How many sides play: 2, or 3 for three players (rule-three-players), or 4 when four
    play solo (rule-solo)."""
    return len(sides_of(rules["players"], solo=rules["solo"]))


def side_of(rules: Rules, seat: int) -> int:
    """The side ``seat`` plays for: her own (numbered as the seat) when each plays on her
    own, else ``seat % 2``."""
    return next(
        side
        for side, seats in enumerate(sides_of(rules["players"], solo=rules["solo"]))
        if seat in seats
    )


def deal(rules: Rules, dealer: int, deck: Sequence[int]) -> list[list[int]]:
    """The hands a deck deals, by seat, each in the library's order (rule-deal): four, or
    three (rule-three-players).

    One card at a time, the first to the first bidder, the next to the next player in the
    direction of play, and so on round the table.
    """
    players: int = rules["players"]
    assert players in (3, 4), "two players draw their hands"
    first = first_seat(rules, dealer)
    hands: list[list[int]] = [[] for _ in range(players)]
    for index, dealt in enumerate(deck):
        hands[(first + (index % players) * step(rules)) % players].append(dealt)
    return [sorted(hand) for hand in hands]


def winning_index(trick: Sequence[int], deck: str = "standard") -> int:
    """Which card of a trick wins: the highest spade, else the highest of the suit led.

    Suits and ranks as the pack ``deck`` has them (rule-decks): a joker, and the 2D of
    Joker-Joker-Deuce-Deuce, is a spade of its rank there.
    """
    suits = [suit(played, deck) for played in trick]
    trumps = [index for index, each in enumerate(suits) if each == SPADES]
    led = [index for index, each in enumerate(suits) if each == suits[0]]
    return max(trumps or led, key=lambda index: rank(trick[index], deck))


def trick_winner(rules: Rules, leader: int, trick: Sequence[int]) -> int:
    """The seat that wins a complete trick led by ``leader`` (rule-trick-winner)."""
    seat: int = (leader + winning_index(trick, pack_of(rules)) * step(rules)) % rules["players"]
    return seat
