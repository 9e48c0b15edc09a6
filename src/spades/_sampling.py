"""Sampling what a seat cannot see: a whole state that the seat cannot tell from the real one.

Bots that search (and programs that study a position) need the cards a player does not
see. `sample_state` deals them again from the view alone, keeping to everything the seat
knows: hand sizes, the suits a player showed void in, the cards the seat passed or drew,
the top card of the stock. The reference page states its distribution (``ref-sampling``
in ``docs/reference.md``): uniform over the deals consistent with the view.
"""

from __future__ import annotations

import math
import operator
import random
from typing import TYPE_CHECKING, Final

from spades._card_pass import passed_to_partner, passes_of
from spades._cards import Card, Suit, cards_in
from spades._deal import discards_after_exchange
from spades._errors import SpadesError, shown
from spades._history import CardExchange, CardPass, DrawTurn
from spades._keep_rule import kept_by_rule, paired_by_rule
from spades._rules import BIDS_BY_SPADES, play_order
from spades._spades_shown import last_pass_undone, pass_spades, shown_spades, spade_weights
from spades._state import FULL_DECK, SHIFT, build_state
from spades._trick import spades_open
from spades._uniform_deal import SUITS, deal_uniformly, pick
from spades._view_check import check_view

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._state import State
    from spades._view import View

__all__ = ["sample_state", "sample_state_keeping"]

_ALL_SUITS: Final = (1 << len(SUITS)) - 1
"""A set of suits as bits, by `Suit` order: every suit."""
_SPADE: Final = SUITS.index(Suit.SPADES)
_NOT_SPADES_ONLY: Final = _ALL_SUITS ^ (1 << _SPADE)


def sample_state(view: View, *, rng: random.Random) -> State:
    """A state that ``view``'s seat cannot tell from the real one, its hidden cards drawn anew.

    ``observe(sample_state(view, rng=rng), view.seat) == view`` always holds. The cards the
    seat has not seen are dealt uniformly over the deals consistent with everything it
    knows: the hand sizes, every suit a player showed void in by not following suit (a
    player who led a spade before spades were broken held nothing but spades), the cards
    its side passed, and with two players the cards it saw in the draw and its exchange.
    The state's seed is fresh, drawn from ``rng``, which is the only source of chance.

    >>> import random
    >>> from spades import CLASSIC, new_game, observe
    >>> view = observe(new_game(CLASSIC, seed=1), 2)
    >>> sampled = sample_state(view, rng=random.Random(5))
    >>> observe(sampled, 2) == view, sampled.hand(2) == view.hand, sampled.seed != 1
    (True, True, True)
    """
    _check(view, rng, "sample_state")
    if view.rules.players != 2:
        return _built(view, _dealt(view, rng), rng)
    return _built(view, _two_players(view, rng, None), rng)


def sample_state_keeping(
    view: View, *, rng: random.Random, keeps: int, first_keeps: int | None = None
) -> State:
    """Two players: `sample_state`, the other player's draw choices read by a keep rule.

    The rule: she keeps the top card when it is one of ``keeps`` (a card mask), else she
    takes the next card whatever it is. So of each two cards she saw she holds one of
    ``keeps`` whenever there was one, and the deals are weighted by the chance of her
    hand under the rule, every order of the stock being equally likely. ``first_keeps``,
    when given, is the rule of her first turn, the others' being ``keeps`` (a double nil
    declared after her first choice, reading-double-nil-timing). It applies once the
    draw is over and until she exchanges; before and after, the deal is uniform, as
    `sample_state` draws it. Raises `SpadesError` for a four-player view, and for
    ``keeps`` or ``first_keeps`` that is not a mask of cards (from 0 to ``2**54 - 1``,
    the jokers' bits included).
    """
    _check(view, rng, "sample_state_keeping")
    keeps = _card_mask(keeps, "keeps")
    first = None if first_keeps is None else _card_mask(first_keeps, "first_keeps")
    if view.rules.players != 2:
        raise SpadesError("a keep rule reads a two-player draw: this view has four players")
    return _built(view, _two_players(view, rng, (keeps, first)), rng)


def _card_mask(value: object, name: str) -> int:
    """``value``, a mask of cards (any whole number but a bool), or the error naming ``name``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} is a mask of cards, a whole number, not {type(value).__name__}")
    mask = operator.index(value)
    if not 0 <= mask <= FULL_DECK:
        raise SpadesError(f"{name} is a mask of cards, from 0 to 2**54 - 1, not {shown(mask)}")
    return mask


def _check(view: View, rng: random.Random, name: str) -> None:
    """`TypeError` unless ``view`` is a `View` and ``rng`` a `random.Random`.

    Then `SpadesError` for a view that no game gives (`check_view`).
    """
    from spades._view import View  # noqa: PLC0415  (_view imports the state; no cycle here)

    if not isinstance(view, View):
        raise TypeError(f"{name} takes a View, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng is a random.Random, not {type(rng).__name__}")
    check_view(view, name)


def _built(view: View, hidden: dict[str, object], rng: random.Random) -> State:
    """The state of ``view`` with the ``hidden`` parts it does not show."""
    return build_state(
        rules=view.rules,
        phase=view.phase,
        to_move=view.to_move,
        trick=view.trick,
        trick_leader=view.trick_leader,
        spades_broken=view.spades_broken,
        _tricks=tuple(tuple(trick) for trick in view.tricks),
        bids=view.bids,
        dealer=view.dealer,
        round_number=view.round_number,
        scores=view.scores,
        bags=view.bags,
        rounds=view.rounds,
        outcome=view.outcome,
        seed=rng.getrandbits(64),
        looked=view.looked,
        **hidden,
    )


# --- what the plays show -------------------------------------------------------------------


def played_and_voids(view: View) -> tuple[list[int], list[int]]:
    """Each seat's played cards (a mask) and the suits it has shown void in (a suit set).

    A seat that did not follow the suit led holds none of it (rule-follow-suit); a seat
    that led a spade while the ruleset forbade her that lead held nothing but spades
    (rule-spades-broken, read trick by trick through `spades_open`; spades are broken once a
    card of the pack's spades, `Pack.spades`, is played, as `spades_broken_by` reads them).
    """
    players = view.rules.players
    played, voids = [0] * players, [0] * players
    broken = False
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick and view.trick_leader is not None:  # a trick in progress has a leader
        tricks.append((view.trick_leader, view.trick))
    suit_of = view.rules.pack.suit_numbers  # the suit each card plays as (rule-decks)
    spades, seen = view.rules.pack.spades, 0
    for number, (leader, cards) in enumerate(tricks):
        led = suit_of[cards[0].index]
        if led == _SPADE and not spades_open(view.rules, broken, number):
            voids[leader] |= _NOT_SPADES_ONLY
        for seat, card in zip(play_order(view.rules, leader), cards, strict=False):
            played[seat] |= card.bit
            seen |= card.bit
            if suit_of[card.index] != led:
                voids[seat] |= 1 << led
        broken = bool(seen & spades)  # every card played so far this round
    return played, voids


def _choose(pool: int, count: int, rng: random.Random) -> tuple[Card, ...]:
    """``count`` cards of ``pool`` (a mask), uniformly, in the library's order."""
    return tuple(sorted(rng.sample(cards_in(pool), count)))


def _packed(hands: Sequence[int]) -> int:
    return sum(hand << SHIFT[seat] for seat, hand in enumerate(hands))


# --- three and four players: a deal ------------------------------------------------------


def _dealt(view: View, rng: random.Random) -> dict[str, object]:
    """The hands and the card passes of a view of a dealt game (three or four players)."""
    me = view.seat
    seats = range(view.rules.players)
    played, voids = played_and_voids(view)
    known = [0 for _ in seats]  # the cards the seat passed her partner, where she saw them go
    if view.rules.partnerships:
        known[_partner_of(me)] = passed_to_partner(view, played)
    own = 0 if view.hand is None else sum(card.bit for card in view.hand)
    seen = own | sum(played) | sum(known)
    hidden = [seat for seat in seats if seat != me or view.hand is None]
    sizes = [view.hand_sizes[seat] - known[seat].bit_count() for seat in hidden]
    weigh = None
    if view.rules.bidding in BIDS_BY_SPADES:  # the bids show spade counts (rule-whiz)
        shown = [played[seat] | known[seat] | (own if seat == me else 0) for seat in seats]
        weigh = spade_weights(view, played, shown, hidden)
    unseen = view.rules.pack.mask ^ seen
    voided = [voids[seat] for seat in hidden]
    dealt = deal_uniformly(unseen, sizes, voided, rng, weigh, suit_masks=view.rules.pack.suit_masks)
    hands = [own if seat == me else known[seat] for seat in seats]
    for seat, cards in zip(hidden, dealt, strict=True):
        hands[seat] |= cards
    return {
        "_packed_hands": _packed(hands),
        "passes": _passes(view, hands, played, rng),
        "stock": (),
        "discards": (),
        "draws": (),
        "exchanges": (),
    }


def _passes(
    view: View, hands: Sequence[int], played: Sequence[int], rng: random.Random
) -> tuple[CardPass, ...]:
    """The round's card passes, those the seat did not see filled in.

    Going back from what each seat holds and played, a pass hands its cards back to the
    giver; a hidden pass takes its cards uniformly from what its receiver then held.
    """
    if not view.passes:
        return ()
    counts = [count for _, count in passes_of(view)]
    held = [hand | cards for hand, cards in zip(hands, played, strict=True)]
    shown = view.rules.bidding in BIDS_BY_SPADES
    spades = view.rules.pack.spades
    steps = pass_spades(view)
    targets = tuple(shown_spades(view.rules, bid) for bid in view.bids)
    filled: list[CardPass] = []
    for index in reversed(range(len(view.passes))):
        entry = view.passes[index]
        taker = _partner_of(entry.seat)
        cards = entry.cards
        if cards is None and shown:  # as many spades as a history the bids allow has
            counted = tuple((mask & spades).bit_count() for mask in held)
            sizes = tuple(mask.bit_count() for mask in held)
            (moved,) = pick(last_pass_undone(steps[: index + 1], counted, sizes, targets), rng)
            cards = tuple(
                sorted(
                    _choose(held[taker] & spades, moved, rng)
                    + _choose(held[taker] & ~spades, counts[index] - moved, rng)
                )
            )
        elif cards is None:
            cards = _choose(held[taker], counts[index], rng)
        mask = sum(card.bit for card in cards)
        held[taker] &= ~mask
        held[entry.seat] |= mask
        filled.append(CardPass(entry.seat, cards))
    return tuple(reversed(filled))


# --- two players ----------------------------------------------------------------------------


def _two_players(
    view: View, rng: random.Random, rules: tuple[int, int | None] | None
) -> dict[str, object]:
    """The other player's hand and draws, the stock, the discards and her exchange.

    ``rules``: her keep rule and her first turn's (`sample_state_keeping`), or None.

    The cards the seat has not seen are split uniformly between her hand (keeping her
    voids), the stock and the discards; her draw turns pair the cards she kept with those
    she discarded at random. After her double nil exchange she may also hold cards the
    seat discarded: the number of them is drawn with the weight of the ways it could have
    come about, her exchange being a uniform draw from the discards.
    """
    me = view.seat
    her = 1 - me
    played, voids = played_and_voids(view)
    own = sum(card.bit for card in view.hand or ())
    mine_kept = mine_discarded = 0
    for turn in view.draws:
        if turn.kept and turn.discarded:  # her own turns, which show their cards
            mine_kept |= turn.kept.bit
            mine_discarded |= turn.discarded.bit
    order = [entry.seat for entry in view.exchanges]
    mine_drawn = mine_given = 0
    if me in order:
        entry = view.exchanges[order.index(me)]  # her own exchange shows its cards
        mine_drawn = _mask(entry.drawn or ())
        mine_given = _mask(entry.given or ())
    hers_discarded = mine_drawn & ~mine_discarded  # drawn from the pile, and not the seat's
    top = 0 if view.top_card is None else view.top_card.bit
    deck = view.rules.pack
    unseen = deck.mask ^ (own | sum(played) | mine_kept | mine_discarded | mine_drawn | top)
    size, exchanged = view.hand_sizes[her], 0
    reachable = 0  # the seat's cards that were in the discards when she exchanged
    later = 0  # her cards the seat drew in an exchange after hers: she may have given them
    if her in order:
        exchanged = view.exchanges[order.index(her)].size
        reachable = mine_discarded & ~mine_drawn
        if me in order and order.index(me) < order.index(her):
            reachable |= mine_given
        elif me in order:
            later = hers_discarded
    allowed = deck.mask & ~sum(
        deck.suit_masks[index] for index in range(len(SUITS)) if voids[her] >> index & 1
    )
    forced = reachable & played[her]  # the seat's discards she has played: she drew them
    options, free = reachable & ~played[her] & allowed, unseen & allowed
    held = size + played[her].bit_count()  # what she held after her exchange
    weighted = [
        (
            math.comb(options.bit_count(), extra)
            * math.comb(free.bit_count(), size - extra)
            * math.comb(held - forced.bit_count() - extra, exchanged - forced.bit_count() - extra)
            * math.comb(unseen.bit_count() - size + extra + later.bit_count(), exchanged),
            (extra,),
        )
        for extra in range(min(exchanged - forced.bit_count(), options.bit_count(), size) + 1)
    ]
    if not sum(weight for weight, _ in weighted):
        raise SpadesError("no deal is consistent with this view: a void cannot be kept")
    (extra,) = pick(weighted, rng)
    from_seat = _mask(rng.sample(cards_in(options), extra))
    ruled = None
    if rules is not None and not exchanged and not view.stock_size:
        keeps, first = rules
        pool = deck.mask & ~(mine_kept | mine_discarded)  # the cards of her draw turns
        ruled = kept_by_rule(
            pool & keeps,
            pool & ~keeps,
            played=played[her],
            free=free,
            size=size,
            rng=rng,
            first=first,
        )
    from_unseen = _mask(rng.sample(cards_in(free), size - extra)) if ruled is None else ruled
    hand = from_seat | from_unseen
    rest = list(cards_in(unseen & ~from_unseen))
    rng.shuffle(rest)
    stock_left = view.stock_size - (1 if top else 0)
    stock, pile = rest[:stock_left], _mask(rest[stock_left:])
    # Her exchange, undone: the seat's cards she holds or played came from the discards,
    # with more of her own; she gave up cards that now lie among the unseen discards.
    drawn: tuple[Card, ...] = ()
    given: tuple[Card, ...] = ()
    if her in order:
        own_part = (hand | played[her]) & ~reachable
        more = exchanged - (forced | from_seat).bit_count()
        drawn_cards = [*cards_in(forced | from_seat), *rng.sample(cards_in(own_part), more)]
        rng.shuffle(drawn_cards)
        drawn = tuple(drawn_cards)
        given = _choose(pile | later, exchanged, rng)
    drawn_mask, given_mask = _mask(drawn), _mask(given)
    kept = list(cards_in(((hand | played[her]) & ~drawn_mask) | given_mask))
    discarded = list(cards_in(((pile | hers_discarded) & ~given_mask) | (drawn_mask & ~reachable)))
    rng.shuffle(kept)
    rng.shuffle(discarded)
    if ruled is not None and rules is not None:  # outside the rule only when both were
        kept, discarded = paired_by_rule(kept, discarded, rng, *rules)
    draws: list[DrawTurn] = []
    for turn in view.draws:
        if turn.seat == her:
            turn = DrawTurn(her, kept.pop(), discarded.pop())  # noqa: PLW2901
        draws.append(turn)
    exchanges = tuple(
        CardExchange(her, entry.size, given, drawn) if entry.seat == her else entry
        for entry in view.exchanges
    )
    hands = [0, 0]
    hands[me], hands[her] = own, hand
    top_cards = (view.top_card,) if view.top_card is not None else ()
    return {
        "_packed_hands": _packed(hands),
        "passes": (),
        "stock": (*top_cards, *stock),
        "discards": _discards(draws, exchanges),
        "draws": tuple(draws),
        "exchanges": exchanges,
    }


def _partner_of(seat: int) -> int:
    """Four players: the partner of ``seat`` (a seat the view check has passed)."""
    return (seat + 2) % 4


def _mask(cards: Sequence[Card]) -> int:
    return sum(card.bit for card in cards)


def _discards(draws: Sequence[DrawTurn], exchanges: Sequence[CardExchange]) -> tuple[Card, ...]:
    """The discard pile the draws and the exchanges leave (`discards_after_exchange`)."""
    pile = tuple(turn.discarded for turn in draws if turn.discarded is not None)
    for entry in exchanges:  # every exchange has its cards here
        pile = discards_after_exchange(pile, given=entry.given or (), drawn=entry.drawn or ())
    return pile
