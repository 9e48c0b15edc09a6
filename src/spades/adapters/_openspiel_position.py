"""What a state of ``python_spades`` is: the game, and the seed and the deal chance draws."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

import attrs

from spades._cards import ALL_CARDS, Card
from spades._deal import deal, new_game
from spades._errors import SpadesError
from spades._rules import Ruleset, play_order
from spades._table_text import brief_hand, cards_text, side_name

if TYPE_CHECKING:
    from spades._state import State

__all__ = [
    "SEED_DIGITS",
    "Position",
    "after_chance",
    "before_the_deal",
    "deal_lines",
    "has_exchange",
]

SEED_DIGITS: Final = 16
"""Chance nodes for the seed, under rules with an exchange: 4 bits each, 64 in all."""


def has_exchange(rules: Ruleset) -> bool:
    """Whether a double nil exchange can happen: then the seed decides what it draws."""
    return rules.players == 2 and rules.blind_nil and rules.blind_nil_exchange > 0


@attrs.frozen
class Position:
    """Everything a `SpadesState` is, as one frozen value (OpenSpiel clones and pickles it)."""

    rules: Ruleset
    seed: tuple[int, ...] = ()
    """The seed's digits drawn so far, under rules with an exchange."""
    deck: tuple[Card, ...] | None = ()
    """The cards of the deal in progress, in order; None when no deal is in progress."""
    state: State | None = None
    """The game; None until the first deal is complete."""
    selected: tuple[Card, ...] = ()
    """The cards chosen so far for the pass or exchange of the player to move."""

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self  # immutable: OpenSpiel's Clone deep-copies every attribute

    @property
    def seeding(self) -> bool:
        """Whether the next chance node draws a digit of the seed."""
        return len(self.seed) < SEED_DIGITS * has_exchange(self.rules)


@functools.lru_cache(maxsize=16)
def before_the_deal(rules: Ruleset) -> State:
    """A state at the start of the first round, for the views before its deal is complete."""
    return new_game(rules, seed=0)


def after_chance(position: Position, action: int) -> Position:
    """``position`` after the chance outcome ``action``: a digit of the seed, or a card.

    A card is dealt as its index, ``ALL_CARDS[action]``: the jokers are 52 and 53, and a
    card the ruleset's pack lacks is no outcome (rule-decks; with three players the pack
    of three, rule-three-players).
    """
    if position.seeding:
        if not 0 <= action < 16:
            raise SpadesError(f"a digit of the seed is 0 to 15, not {action}")
        return attrs.evolve(position, seed=(*position.seed, action))
    assert position.deck is not None
    cards = position.rules.pack.cards
    if (
        not 0 <= action < len(ALL_CARDS)
        or ALL_CARDS[action] not in cards
        or ALL_CARDS[action] in position.deck
    ):
        raise SpadesError(f"{action} is not a card left to deal")
    deck = (*position.deck, ALL_CARDS[action])
    if len(deck) < len(cards):
        return attrs.evolve(position, deck=deck)
    if position.state is None:
        seed = sum(digit << 4 * place for place, digit in enumerate(position.seed))
        return attrs.evolve(
            position, deck=None, state=new_game(position.rules, seed=seed, deck=deck)
        )
    return attrs.evolve(position, deck=None, state=deal(position.state, deck))


def deal_lines(position: Position) -> list[str]:
    """A deal in progress: the round, the scores, the cards dealt so far to each seat."""
    rules, deck = position.rules, position.deck
    assert deck is not None
    start = position.state or before_the_deal(rules)
    cards = len(rules.pack.cards)
    lines = [f"Round {start.round_number}, dealing: {len(deck)} of {cards} cards dealt"]
    if has_exchange(rules):
        lines.append(f"Seed: {len(position.seed)} of {SEED_DIGITS} digits drawn")
    lines.append(
        "Scores: "
        + ", ".join(f"{side_name(rules, side)} {start.scores[side]}" for side in range(rules.sides))
    )
    if rules.players == 2:
        return [*lines, f"  stock, top first: {cards_text(deck)}"]
    seats = play_order(rules, play_order(rules, start.dealer)[1])
    for offset, seat in enumerate(seats):
        lines.append(f"  seat {seat}: {brief_hand(deck[offset :: rules.players], rules.pack)}")
    return lines
