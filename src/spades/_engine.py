"""The rules in motion: the state each legal move leads to.

Each rule is applied through its named function (`spades._trick`, `spades._scoring`,
`spades._ending`, `spades._deal`), except in `apply`'s fast path for plays and plain bids,
whose inline forms of `playable`, `may_lead_spades`, `winning_card`, `spades_broken_by`
and `next_seat` are listed in the rule table (``docs/forms-of-rules.md``) and held to them
by ``tests/test_rule_forms.py``.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

from spades._card_pass import pass_order
from spades._cards import ALL_CARDS, DECK
from spades._deal import draw_from_stock, exchange_with_discards, shuffled_bits, start_round
from spades._ending import outcome_unchecked
from spades._history import CardExchange, CardPass, DrawTurn
from spades._legal import check_move, not_a_state
from spades._moves import (
    BIDS,
    BLIND_BIDS,
    BLIND_NIL,
    Bid,
    Exchange,
    Keep,
    Look,
    Move,
    Pass,
    Play,
    Reject,
)
from spades._rules import next_seat, partner, play_order
from spades._scoring import score_unchecked
from spades._state import BIDS as BIDS_AT
from spades._state import (
    DEALER,
    FULL_DECK,
    PHASE,
    SHIFT,
    TO_MOVE,
    Phase,
    State,
    evolve_state,
    trick_counts,
)
from spades._trick import NOT_SPADES, SPADES, playable_bits, spades_open

if TYPE_CHECKING:
    from spades._cards import Card

__all__ = ["apply"]

_NEW = tuple.__new__
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after ``move`` by the seat to move; ``state`` itself is unchanged.

    Every move is checked: an illegal one raises `IllegalMoveError` with the reason, and a
    value that is not a move, or a ``state`` that is not a `State`, raises `TypeError`.
    With ``seat``, a move by any other seat than the one to move is illegal
    (`Reason.NOT_YOUR_TURN`); ``seat`` may be any integer ``operator.index`` takes (numpy's
    too), but not a bool.

    Plays and plain bids, the moves of every round, take a fast path when they are legal;
    every other move, and every illegal one, goes through `check_move`. With a joker deck
    a legal play takes ``_play_any_deck``, which reads the suits and ranks from the `Deck`.
    The fast path of the standard deck holds other forms of five rules: the follow and
    lead rule (`playable`, on masks), when spades may be led (`may_lead_spades`,
    unchecked as ``spades_open`` is: the completed tricks against
    ``SpadesLead.opens_after``), breaking spades (`spades_broken_by`: a
    spade holds a bit above ``NOT_SPADES``), the trick's winner (`winning_card`: the
    highest bit among the suit led and spades) and the next seat (`next_seat`, read from
    `Ruleset.orders_of_play`).
    """
    kind = type(move)
    if kind is Play and type(state) is State:
        # The fields stored flat, unpacked in the order `State` declares them.
        rules, phase, mover, packed, trick, leader, broken, tricks, legal, game = state
        card = move.card  # type: ignore[union-attr]
        bit = card.bit
        if bit & legal and (seat is None or (seat == mover and type(seat) is int)):
            order = rules._standard_orders  # `play_order` from each seat: `next_seat`
            if order is None:  # a joker deck
                return _play_any_deck(state, card)
            packed ^= bit << SHIFT[mover]
            broken = broken or bit > NOT_SPADES  # `spades_broken_by`: spades hold the top bits
            nxt = order[mover][1]
            if nxt != leader:  # the trick goes on
                led = trick[0].suit_bits if trick else card.suit_bits
                hand = (packed >> SHIFT[nxt]) & FULL_DECK
                legal = hand & led or hand  # `playable` once a trick is led
                trick += (card,)
                return _NEW(
                    State,
                    (rules, phase, nxt, packed, trick, leader, broken, tricks, legal, game),
                )
            # The last card: `winning_card`, inline. Spades hold the highest indices, and
            # within a suit a higher card has a higher index: the winner played the
            # highest card among the suit led and spades.
            first = trick[0]
            if len(trick) == 3:
                _, second, third = trick
                counts = (first.bit | second.bit | third.bit | bit) & (first.suit_bits | SPADES)
                top = DECK[counts.bit_length() - 1]
                best = 0 if top is first else 1 if top is second else 2 if top is third else 3
            elif len(trick) == 2:  # three players
                _, second = trick
                counts = (first.bit | second.bit | bit) & (first.suit_bits | SPADES)
                top = DECK[counts.bit_length() - 1]
                best = 0 if top is first else 1 if top is second else 2
            else:  # two players
                counts = (first.bit | bit) & (first.suit_bits | SPADES)
                best = 0 if DECK[counts.bit_length() - 1] is first else 1
            winner = order[leader][best]
            trick += (card,)
            tricks += ((leader, trick, winner),)
            if len(tricks) == rules.hand_size:
                return _end_round(state, tricks, broken=broken)
            hand = (packed >> SHIFT[winner]) & FULL_DECK
            if broken or len(tricks) >= rules.spades_lead.opens_after:  # `spades_open`
                legal = hand
            else:
                legal = hand & NOT_SPADES or hand  # `playable` for a lead
            return _NEW(
                State, (rules, phase, winner, packed, (), winner, broken, tricks, legal, game)
            )
    elif (
        kind is Bid
        and type(state) is State
        and state[PHASE] is _BIDDING
        and (seat is None or (seat == state[TO_MOVE] and type(seat) is int))
    ):
        number = move.n  # type: ignore[union-attr]
        if number in state.rules.free_bids and not move.blind:  # type: ignore[union-attr]
            return _bid(state, BIDS[number])
    if type(state) is not State:
        raise not_a_state("apply", state)
    check_move(state, move, seat=seat)
    if isinstance(move, Pass):
        return _pass(state, move)
    if isinstance(move, Look):
        return _look(state)
    if isinstance(move, (Keep, Reject)):
        return _draw(state, keep=isinstance(move, Keep))
    if isinstance(move, Exchange):
        return _exchange(state, move)
    if isinstance(move, Play):  # legal, by a seat given as another integer (numpy's)
        return apply(state, move)  # the fast path, the seat checked
    assert isinstance(move, Bid), "the move is of one of the kinds above"
    if state.phase is Phase.DRAWING:
        seat = state[TO_MOVE]
        return evolve_state(state, bids=_with_bid(state.bids, seat, BLIND_NIL))
    return _bid(state, move)


def _play_any_deck(state: State, card: Card) -> State:
    """The state after a legal play of ``card``, under any deck.

    It is `apply`'s fast path with the suits (`Pack.suit_bits`, `Pack.spades`) and the
    trick's winner (`Pack.winning_bit`) read from the ruleset's pack (rule-decks), so it
    holds the same forms of five rules: the follow and lead rule (`playable`, through
    `playable_bits`), when spades may be led (`may_lead_spades`, as ``spades_open``),
    breaking spades (`spades_broken_by`: a card of the deck's spades), the trick's winner
    (`winning_card`) and the next to play (`next_seat`, from the orders of play).
    """
    rules, phase, mover, packed, trick, leader, broken, tricks, _, game = state
    deck = rules.pack
    packed ^= card.bit << SHIFT[mover]
    broken = broken or bool(card.bit & deck.spades)  # `spades_broken_by`
    order = rules.orders_of_play
    trick += (card,)
    following = order[mover][1]
    if following != leader:
        hand = (packed >> SHIFT[following]) & FULL_DECK
        allowed = playable_bits(deck, hand, trick, True)
        return _NEW(
            State, (rules, phase, following, packed, trick, leader, broken, tricks, allowed, game)
        )
    played = sum(played.bit for played in trick)
    top = deck.winning_bit(played, deck.suit_bits[trick[0].index])  # `winning_card`
    winner = order[leader][trick.index(ALL_CARDS[top.bit_length() - 1])]
    tricks += ((leader, trick, winner),)
    if len(tricks) == rules.hand_size:
        return _end_round(state, tricks, broken=broken)
    hand = (packed >> SHIFT[winner]) & FULL_DECK
    allowed = playable_bits(deck, hand, (), spades_open(rules, broken, len(tricks)))
    return _NEW(State, (rules, phase, winner, packed, (), winner, broken, tricks, allowed, game))


def _end_round(
    state: State, tricks: tuple[tuple[int, tuple[Card, ...], int], ...], *, broken: bool
) -> State:
    """Score the round; then deal the next one, or end the game.

    A finished game keeps the round's last position, its last card included: ``broken``
    is whether a spade was played in it (rule-spades-broken).
    """
    rules = state.rules
    bids: tuple[Bid, ...] = state.bids  # type: ignore[assignment]  # every seat has bid
    score = score_unchecked(rules, bids, trick_counts(tricks, rules.players), state.bags)
    points = score.points
    scores = tuple(map(add, state.scores, points))
    rounds = (*state.rounds, score)
    outcome = outcome_unchecked(rules, scores, len(rounds))
    if outcome is None:
        number = state.round_number + 1
        return start_round(
            rules,
            rules.orders_of_play[state.dealer][1],  # `next_seat`, unchecked
            number,
            shuffled_bits(state.seed, number, rules.pack),
            seed=state.seed,
            scores=scores,
            bags=score.bags,
            rounds=rounds,
        )
    return evolve_state(
        state,
        phase=Phase.GAME_OVER,
        to_move=None,
        _packed_hands=0,
        trick=(),
        trick_leader=None,
        spades_broken=broken,
        _tricks=tricks,
        scores=scores,
        bags=score.bags,
        rounds=rounds,
        outcome=outcome,
    )


def _look(state: State) -> State:
    looked = list(state.looked)
    looked[state.to_move] = True  # type: ignore[index]
    return evolve_state(state, looked=tuple(looked))


def _bid(state: State, bid: Bid) -> State:
    rules, phase, seat, packed, trick, leader, broken, tricks, _, game = state
    changed = list(game)
    bids = changed[BIDS_AT] = _with_bid(
        game[BIDS_AT], seat, BLIND_BIDS[bid.n] if bid.blind else BIDS[bid.n]
    )
    order = rules.orders_of_play  # `next_seat`, unchecked: seats here are valid
    following = order[seat][1]
    game = tuple(changed)
    if bids[following] is None:
        return _NEW(
            State, (rules, phase, following, packed, trick, leader, broken, tricks, 0, game)
        )
    if rules.blind_nil_pass or rules.nil_pass:
        passers = pass_order(rules, bids, following)
        if passers:
            return evolve_state(state, bids=bids, phase=Phase.PASSING, to_move=passers[0][0])
    first = order[game[DEALER]][1]  # the first bidder leads
    led_freely = spades_open(rules, False, 0)
    allowed = playable_bits(rules.pack, (packed >> SHIFT[first]) & FULL_DECK, (), led_freely)
    return _NEW(State, (rules, _PLAYING, first, packed, (), first, False, (), allowed, game))


def _with_bid(bids: tuple[Bid | None, ...], seat: int, bid: Bid) -> tuple[Bid | None, ...]:
    """``bids`` with ``seat``'s bid made."""
    changed = list(bids)
    changed[seat] = bid
    return tuple(changed)


def _first_lead(state: State, **changes: object) -> State:
    """The state once every bid is in (and every card passed): the first bidder leads."""
    first = next_seat(state.rules, state.dealer)
    return evolve_state(
        state, **changes, phase=_PLAYING, to_move=first, trick_leader=first, spades_broken=False
    )


def _pass(state: State, move: Pass) -> State:
    seat = state.to_move
    assert seat is not None, "a seat to move passes"
    rules = state.rules
    receiver = partner(rules, seat)
    assert receiver is not None, "four players pass cards"
    packed = state._packed_hands
    for card in move.cards:
        packed ^= (card.bit << SHIFT[seat]) | (card.bit << SHIFT[receiver])
    passes = (*state.passes, CardPass(seat, move.cards))
    order = pass_order(rules, state.bids, next_seat(rules, state.dealer))
    if len(passes) < len(order):
        following = order[len(passes)][0]
        return evolve_state(state, _packed_hands=packed, passes=passes, to_move=following)
    return _first_lead(state, _packed_hands=packed, passes=passes)


def _draw(state: State, *, keep: bool) -> State:
    """Two players: keep the top card of the stock or reject it; the other is discarded."""
    seat = state.to_move
    assert seat is not None, "a seat to move draws"
    kept, discarded = draw_from_stock(state.stock, keep=keep)
    rest = state.stock[2:]
    changes: dict[str, object] = {
        "_packed_hands": state._packed_hands | kept.bit << SHIFT[seat],
        "stock": rest,
        "discards": (*state.discards, discarded),
        "draws": (*state.draws, DrawTurn(seat, kept, discarded)),
    }
    if rest:
        return evolve_state(state, **changes, to_move=next_seat(state.rules, seat))
    return _after_draw(evolve_state(state, **changes))


def _after_draw(state: State) -> State:
    """Two players, after the draw or an exchange: who exchanges, bids or leads next.

    The next double nil bidder exchanges; else the next player without a bid bids; else
    the first bidder leads.
    """
    exchanged = {exchange.seat for exchange in state.exchanges}
    order = play_order(state.rules, next_seat(state.rules, state.dealer))  # the bidding order
    if state.rules.blind_nil_exchange:
        for seat in order:
            bid = state.bids[seat]
            if bid is not None and bid.blind and seat not in exchanged:
                return evolve_state(state, phase=Phase.EXCHANGING, to_move=seat)
    for seat in order:
        if state.bids[seat] is None:
            return evolve_state(state, phase=_BIDDING, to_move=seat)
    return _first_lead(state)


def _exchange(state: State, move: Exchange) -> State:
    """Two players: a double nil bidder gives cards and draws as many from the discards."""
    seat = state.to_move
    assert seat is not None, "a seat to move exchanges"
    drawn, discards = exchange_with_discards(
        state.discards,
        move.cards,
        seed=state.seed,
        round_number=state.round_number,
        seat=seat,
    )
    packed = state._packed_hands
    for given, taken in zip(move.cards, drawn, strict=True):
        packed ^= (given.bit | taken.bit) << SHIFT[seat]
    exchange = CardExchange(seat, len(move.cards), move.cards, drawn)
    return _after_draw(
        evolve_state(
            state,
            _packed_hands=packed,
            discards=discards,
            exchanges=(*state.exchanges, exchange),
        )
    )
