"""Starting a game and dealing a round: where randomness enters, and only through a seed."""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar, cast

from spades._cards import ALL_CARDS, Card
from spades._errors import SpadesError, shown
from spades._rules import CLASSIC, Ruleset, check_rules, whole_number
from spades._state import SHIFT, Phase, State

if TYPE_CHECKING:
    from spades._decks import Pack

__all__ = [
    "deal",
    "discards_after_exchange",
    "draw_from_stock",
    "exchange_with_discards",
    "new_game",
    "round_deck",
]

SEED_LIMIT = 2**128
"""Seeds are whole numbers below this: 0 to ``2**128 - 1``."""
ROUND_LIMIT: Final = 2**63
"""Round numbers are below this, so that any language holds one in a 64-bit integer."""
_T = TypeVar("_T")
_NO_BIDS: Final = {players: (None,) * players for players in (2, 3, 4)}
_NOT_LOOKED: Final = {players: (False,) * players for players in (2, 3, 4)}


def round_deck(seed: int, round_number: int, *, rules: Ruleset = CLASSIC) -> tuple[Card, ...]:
    """The deck order the game with this seed deals in round ``round_number``.

    Every round ``r``, the first included, takes the 512-bit BLAKE2b digest of the text
    ``f"{seed}:{r}"`` as a little-endian integer ``x`` and shuffles the ruleset's cards
    (`Pack.cards` of `Ruleset.pack`: `DECK` for the standard deck, without the 2♣ for three
    players) with it, Fisher-Yates from the top: for ``i`` from the number of cards less one
    down to 1, ``x, j = divmod(x, i + 1)`` and cards ``i`` and ``j`` swap.
    It needs only BLAKE2b and a division of big numbers, so any language reproduces it;
    the conformance suite pins it. A seed is a whole number from 0 to ``2**128 - 1``;
    rounds count from 1 to ``2**63 - 1``. Both may be any integer ``operator.index``
    takes (numpy's too), but not a bool.

    >>> len(set(round_deck(7, 2))), round_deck(7, 2) == round_deck(7, 2) != round_deck(7, 3)
    (52, True)
    """
    deck = check_rules(rules, "round_deck").pack
    seed = check_seed(seed)
    number = whole_number(round_number)
    if number is None:
        raise TypeError(f"a round number is a whole number, not {shown(round_number)}")
    if not 1 <= number < ROUND_LIMIT:
        raise SpadesError(f"rounds count from 1 to 2**63 - 1, not {shown(number)}")
    order = list(deck.cards)
    shuffle(seed, number, order)
    return tuple(order)


@functools.cache
def fisher_yates_runs(length: int, limit: int = 2**63) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices ``length`` down to 2 in runs whose product is below ``limit``, with it.

    Dividing the big number by a run's product once, then taking the run's digits from
    the small remainder, gives the same digits as dividing the big number every time.
    """
    runs: list[tuple[int, tuple[int, ...]]] = []
    run: list[int] = []
    product = 1
    for radix in range(length, 1, -1):
        if product * radix >= limit:
            runs.append((product, tuple(run)))
            run, product = [], 1
        run.append(radix)
        product *= radix
    runs.append((product, tuple(run)))
    return tuple(runs)


def _digest_number(text: str) -> int:
    """The 512-bit BLAKE2b digest of ``text`` (UTF-8), read as a little-endian number."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=64).digest(), "little")


def _fisher_yates(number: int, items: list[_T]) -> None:
    """Shuffle ``items`` in place with the digits of ``number``, Fisher-Yates from the top.

    For ``i`` from ``len(items) - 1`` down to 1: ``number, j = divmod(number, i + 1)``,
    then items ``i`` and ``j`` swap.
    """
    for product, radices in fisher_yates_runs(len(items)):
        number, rest = divmod(number, product)
        for radix in radices:
            j = rest % radix
            rest //= radix
            items[radix - 1], items[j] = items[j], items[radix - 1]


def shuffle(seed: int, round_number: int, items: list[_T]) -> None:
    """Shuffle ``items`` (as many as a pack's cards) in place as `round_deck` shuffles them."""
    _fisher_yates(_digest_number(f"{seed}:{round_number}"), items)


def exchange_draw(
    seed: int, round_number: int, seat: int, discards: Sequence[Card], count: int
) -> tuple[Card, ...]:
    """The ``count`` cards a double nil exchange by ``seat`` draws from ``discards``.

    The discards, in the order they were discarded, are shuffled like a later round's
    deck in `round_deck`, with the text ``f"{seed}:{round_number}:exchange:{seat}"``; she
    draws the first ``count``.
    """
    pile = list(discards)
    _fisher_yates(_digest_number(f"{seed}:{round_number}:exchange:{seat}"), pile)
    return tuple(pile[:count])


def exchange_with_discards(
    discards: Sequence[Card], given: Sequence[Card], *, seed: int, round_number: int, seat: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A double nil exchange by ``seat``: the cards she draws, and the discards after it.

    She gives up the cards ``given`` and draws as many from the ``discards`` as they are
    when her exchange begins, by `exchange_draw`; the discards then lose the cards drawn
    and gain the cards given (`discards_after_exchange`; rule-exchange).
    """
    drawn = exchange_draw(seed, round_number, seat, discards, len(given))
    return drawn, discards_after_exchange(discards, given=given, drawn=drawn)


def discards_after_exchange(
    discards: Sequence[Card], *, given: Sequence[Card], drawn: Sequence[Card]
) -> tuple[Card, ...]:
    """The discards after an exchange: without the cards ``drawn``, then those ``given``.

    The earlier discards keep their order; the cards given up follow in the library's
    order (rule-exchange).
    """
    taken = set(drawn)
    return (*(card for card in discards if card not in taken), *sorted(given))


def draw_from_stock(stock: Sequence[Card], *, keep: bool) -> tuple[Card, Card]:
    """A two-player draw turn: the card she keeps and the card she discards, in that order.

    She handles the top two cards of the stock: keeping the top card discards the one
    under it; rejecting the top card discards it and keeps the one under it (rule-draw).

    >>> from spades import DECK
    >>> draw_from_stock(DECK, keep=True), draw_from_stock(DECK, keep=False)
    ((Card.parse('2C'), Card.parse('3C')), (Card.parse('3C'), Card.parse('2C')))
    """
    given: object = stock  # what the caller passed, whatever the annotation says
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise TypeError(f"a stock is a sequence of cards, not {type(given).__name__}")
    if type(keep) is not bool:
        raise TypeError(f"keep is True or False, not {shown(keep)}")
    if len(stock) < 2:
        raise SpadesError(f"a draw turn takes two cards off the stock, which has {len(stock)}")
    top, below = stock[0], stock[1]
    if not all(isinstance(card, Card) for card in (top, below)):
        raise TypeError(f"a stock holds cards, not {shown(top)} and {shown(below)}")
    return (top, below) if keep else (below, top)


def check_seed(seed: object) -> int:
    """``seed`` as a plain `int` when it is a seed (numpy's integers too, bools not)."""
    number = whole_number(seed)
    if number is None:
        raise TypeError(f"a seed is a whole number, not {shown(seed)}")
    if not 0 <= number < SEED_LIMIT:
        raise SpadesError("a seed is a whole number from 0 to 2**128 - 1")
    return number


def pack_hands(bits: Sequence[int], order: Sequence[int]) -> int:
    """The hands, 54 bits a seat, dealt from cards given by their bits in deck order.

    One card at a time, to the seats in ``order`` (every seat), round and round.
    """
    packed = 0
    players = len(order)
    for offset, seat in enumerate(order):
        packed |= sum(bits[offset::players]) << SHIFT[seat]
    return packed


def checked_deck(deck: object, rules: Ruleset) -> Sequence[Card]:
    """``deck`` when it is an order of the ruleset's cards (`Ruleset.pack`); else raise."""
    size = len(rules.pack.cards)
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise TypeError(f"a deck is a sequence of {size} cards, not {type(deck).__name__}")
    for card in deck:
        if not isinstance(card, Card):
            raise TypeError(f"a deck holds cards, not {shown(card)}")
    if len(deck) != size or len(set(deck)) != size:
        raise SpadesError(
            f"a deck is {size} distinct cards; this one has {len(set(deck))} of {len(deck)}"
        )
    outside = [card for card in deck if not card.bit & rules.pack.mask]
    if outside:
        raise SpadesError(f"{rules.pack.described} has no {outside[0]}: deal its own {size} cards")
    return cast("Sequence[Card]", deck)


def new_game(
    rules: Ruleset,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Sequence[Card] | None = None,
) -> State:
    """The state at the start of the first round, its cards dealt.

    With ``deck`` the cards are dealt in that order one at a time, from the first player to
    bid in the direction of play; with two players ``deck`` is the stock, top first.
    Otherwise the deck is `round_deck` of the seed. Later rounds deal from `round_deck`,
    or from a deck the caller gives to `deal`. Without a seed a fresh one is drawn from
    the operating system and kept in `State.seed`. The dealer is a seat; with two players
    she draws first. The seed and the dealer may be any integer ``operator.index`` takes
    (numpy's too), but not a bool; the state holds them as plain ints.

    >>> from spades import CLASSIC, TWO_HANDED
    >>> state = new_game(CLASSIC, seed=1)
    >>> state.to_move, [len(hand) for hand in state.hands]
    (1, [13, 13, 13, 13])
    >>> state = new_game(TWO_HANDED, seed=1)
    >>> state.phase.value, state.to_move, len(state.stock)
    ('drawing', 0, 52)
    """
    dealer = check_start(rules, dealer, "new_game")
    seed = random.SystemRandom().getrandbits(64) if seed is None else check_seed(seed)
    bits = (
        shuffled_bits(seed, 1, rules.pack)
        if deck is None
        else [card.bit for card in checked_deck(deck, rules)]
    )
    zeros = (0,) * rules.sides
    return start_round(rules, dealer, 1, bits, seed=seed, scores=zeros, bags=zeros, rounds=())


def check_start(rules: object, dealer: object, doing: str) -> int:
    """The checks of a new game's ruleset and dealer; ``doing`` names the caller.

    The dealer comes back as a plain `int` (it may be numpy's, as a seat may).
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"{doing} takes a Ruleset, not {type(rules).__name__}")
    seat = whole_number(dealer)
    if seat is None:
        raise TypeError(f"the dealer is a seat number, not {shown(dealer)}")
    if not 0 <= seat < rules.players:
        raise SpadesError(f"the dealer is a seat from 0 to {rules.players - 1}, not {shown(seat)}")
    return seat


def shuffled_bits(seed: int, round_number: int, deck: Pack) -> list[int]:
    """The bits of `round_deck`'s cards, in its order."""
    bits = list(deck.card_bits)
    shuffle(seed, round_number, bits)
    return bits


def start_round(
    rules: Ruleset,
    dealer: int,
    round_number: int,
    bits: Sequence[int],
    *,
    seed: int,
    scores: tuple[int, ...],
    bags: tuple[int, ...],
    rounds: tuple[object, ...],
) -> State:
    """The state at the start of a round, from its cards' bits in deck order.

    Three and four players: the cards dealt and the first bidder to move. Two players: the
    cards are the stock, and the dealer draws first.
    """
    two = rules.players == 2
    orders = rules.orders_of_play  # `play_order` from each seat (the seats are valid here)
    first = dealer if two else orders[dealer][1]  # two players: the dealer draws first
    return State._build(  # type: ignore[no-any-return]
        rules=rules,
        phase=Phase.DRAWING if two else Phase.BIDDING,
        to_move=first,
        _packed_hands=0 if two else pack_hands(bits, orders[first]),
        trick=(),
        trick_leader=None,
        spades_broken=False,
        _tricks=(),
        _playable=0,  # no seat plays before the bids are in
        bids=_NO_BIDS[rules.players],
        dealer=dealer,
        round_number=round_number,
        scores=scores,
        bags=bags,
        rounds=rounds,
        outcome=None,
        seed=seed,
        looked=_NOT_LOOKED[rules.players],
        passes=(),
        stock=tuple(ALL_CARDS[bit.bit_length() - 1] for bit in bits) if two else (),
        discards=(),
        draws=(),
        exchanges=(),
    )


def deal(state: State, deck: Sequence[Card]) -> State:
    """Replace the current round's cards with a deal from ``deck``, before its first move.

    For a server that shuffles with its own generator (`secrets.SystemRandom`, say): after
    a round ends, deal the next one from your deck before anyone moves.

    >>> from spades import CLASSIC, DECK
    >>> deal(new_game(CLASSIC, seed=1), DECK).hand(1)[:3]
    (Card.parse('2C'), Card.parse('6C'), Card.parse('TC'))
    """
    if type(state) is not State:
        raise TypeError(f"deal takes a State, not {type(state).__name__}")
    first_phase = Phase.DRAWING if state.rules.players == 2 else Phase.BIDDING
    if state.phase is not first_phase or any(state.bids) or any(state.looked) or state.draws:
        raise SpadesError("a round can be dealt again only before its first move")
    return start_round(
        state.rules,
        state.dealer,
        state.round_number,
        [card.bit for card in checked_deck(deck, state.rules)],
        seed=state.seed,
        scores=state.scores,
        bags=state.bags,
        rounds=state.rounds,
    )
