"""The actions: one discrete space for every move, its mask, and moves entered card by card."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, SupportsIndex, cast

import numpy as np

from spades._card_pass import pass_due
from spades._cards import DECK, JOKERS, Card
from spades._errors import IllegalMoveError, Reason, SpadesError, shown
from spades._legal import check_move
from spades._moves import BIDS, BLIND_BIDS, PLAYS, Bid, Exchange, Keep, Look, Pass, Play, Reject
from spades._moves import BLIND_NIL as _BLIND_NIL_BID
from spades._moves import KEEP as _KEEP_MOVE
from spades._moves import LOOK as _LOOK_MOVE
from spades._moves import REJECT as _REJECT_MOVE
from spades._rules import Ruleset
from spades._state import Phase
from spades._view import View
from spades._view_check import check_view

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._moves import Move

__all__ = [
    "ACTIONS",
    "BID_ACTIONS",
    "BLIND_NIL",
    "BLIND_NUMBER_ACTIONS",
    "CARD_ACTIONS",
    "END_EXCHANGE",
    "HIGH_BID_ACTIONS",
    "HIGH_BLIND_NUMBER_ACTIONS",
    "JOKER_ACTIONS",
    "KEEP",
    "LOOK",
    "REJECT",
    "action_card",
    "action_mask",
    "actions_of",
    "advance",
    "card_action",
    "checked_selection",
    "move_text",
]

CARD_ACTIONS: Final = range(52)
"""Actions 0 to 51: the card ``DECK[action]``, played, or chosen for a pass or exchange
(the jokers' are `JOKER_ACTIONS`; `card_action` gives any card's)."""
BID_ACTIONS: Final = range(52, 66)
"""Actions 52 to 65: ``Bid(action - 52)``, 0 (52: nil, or a zero contract) to 13 (65)."""
BLIND_NIL: Final = 66
"""``Bid(0, blind=True)``: blind nil, with two players double nil."""
LOOK: Final = 67
"""`Look`: look at the hand, giving up blind bids."""
KEEP: Final = 68
"""`Keep`: two players, keep the top card of the stock."""
REJECT: Final = 69
"""`Reject`: two players, discard the top card and take the next."""
END_EXCHANGE: Final = 70
"""Submit the cards chosen so far: the double nil exchange of fewer than the most."""
BLIND_NUMBER_ACTIONS: Final = range(71, 84)
"""Actions 71 to 83: ``Bid(action - 70, blind=True)``, the numbers 1 to 13 bid blind
(rule-blind-bids). They follow the older actions, which keep their numbers."""
JOKER_ACTIONS: Final = range(84, 86)
"""Actions 84 and 85: the little joker and the big joker (``JOKERS[action - 84]``),
played or chosen, as a card action (rule-decks). They follow the older actions too."""
HIGH_BID_ACTIONS: Final = range(86, 91)
"""Actions 86 to 90: ``Bid(action - 72)``, the bids 14 to 18 that a hand of 17 or 18
cards allows (rule-three-players). They follow the older actions, which keep their numbers."""
HIGH_BLIND_NUMBER_ACTIONS: Final = range(91, 96)
"""Actions 91 to 95: ``Bid(action - 77, blind=True)``, the numbers 14 to 18 bid blind
(rule-three-players, rule-blind-bids)."""
ACTIONS: Final = 96
"""How many actions there are, for every ruleset."""

_FIRST_MOVES: Final[tuple[Move, ...]] = (
    *PLAYS[:52],
    *BIDS[:14],
    _BLIND_NIL_BID,
    _LOOK_MOVE,
    _KEEP_MOVE,
    _REJECT_MOVE,
)
_MOVES: Final[dict[int, Move]] = {
    **dict(enumerate(_FIRST_MOVES)),
    **dict(zip(BLIND_NUMBER_ACTIONS, BLIND_BIDS[1:14], strict=True)),
    **dict(zip(JOKER_ACTIONS, PLAYS[52:], strict=True)),
    **dict(zip(HIGH_BID_ACTIONS, BIDS[14:], strict=True)),
    **dict(zip(HIGH_BLIND_NUMBER_ACTIONS, BLIND_BIDS[14:], strict=True)),
}
"""The move of each action but `END_EXCHANGE`: the one table the actions are read from."""
_ACTION_OF: Final[dict[Move, int]] = {move: action for action, move in _MOVES.items()}
_CARD_OF: Final[dict[int, Card]] = {
    **dict(zip(CARD_ACTIONS, DECK, strict=True)),
    **dict(zip(JOKER_ACTIONS, JOKERS, strict=True)),
}
"""The card of each card action: the one table a card's action is read from."""
_CARD_ACTION: Final[tuple[int, ...]] = tuple(
    sorted(_CARD_OF, key=lambda action: _CARD_OF[action].index)
)
"""By `Card.index`, the card's action."""
_CHOOSING: Final = (Phase.PASSING, Phase.EXCHANGING)


def move_text(action: SupportsIndex) -> str:
    """What ``action`` does, for a render: a card action both plays and chooses its card.

    >>> move_text(5), move_text(55), move_text(BLIND_NIL), move_text(77)
    ('play 7C / choose 7C', 'bid 3', 'bid blind nil', 'bid blind 7')
    >>> move_text(END_EXCHANGE), move_text(85), move_text(90), move_text(95)
    ('submit the chosen cards', 'play BJ / choose BJ', 'bid 18', 'bid blind 18')
    """
    number = _action(action)
    card = _CARD_OF.get(number)
    if card is not None:
        return f"play {card} / choose {card}"
    if number == END_EXCHANGE:
        return "submit the chosen cards"
    return str(_MOVES[number])


def actions_of(move: Move, rules: Ruleset) -> tuple[int, ...]:
    """The actions that enter ``move`` under ``rules``, in order; `advance` reads them back.

    A `Pass` or an `Exchange` is its cards in the library's order, then `END_EXCHANGE`
    unless it has the most cards the move takes (or when it has none): a pass takes all
    its cards, so only a pass of none ends so. Any other move is one action. A pass of a
    size no side passes under the rules (``blind_nil_pass`` or ``nil_pass``),
    an exchange of more cards than they allow or a bid above the hand size (13, or 17
    or 18 with three players, rule-three-players) has no actions: `SpadesError`.

    >>> from spades import TWO_HANDED, Bid, Card, Exchange, Ruleset
    >>> actions_of(Bid(4), TWO_HANDED), actions_of(Exchange([Card.parse("3C")]), TWO_HANDED)
    ((56,), (1, 70))
    >>> actions_of(Bid(17), Ruleset(players=3)), actions_of(Bid(14, blind=True), Ruleset(players=3))
    ((89,), (91,))
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"actions_of takes a Ruleset, not {type(rules).__name__}")
    if isinstance(move, (Pass, Exchange)):
        return _choice_actions(move, rules)
    if not isinstance(move, (Bid, Look, Play, Keep, Reject)):
        raise TypeError(f"{shown(move)} is not a move, but {type(move).__name__}")
    if move not in _ACTION_OF or (isinstance(move, Bid) and move.n > rules.hand_size):
        raise SpadesError(
            f"'{move}' has no action under these rules: the bids are 0 to {rules.hand_size}"
        )
    return (_ACTION_OF[move],)


def _choice_actions(move: Pass | Exchange, rules: Ruleset) -> tuple[int, ...]:
    """The card actions of a pass or an exchange, then `END_EXCHANGE` where it needs one."""
    size = len(move.cards)
    if isinstance(move, Pass):
        sizes = _pass_sizes(rules)
        if size not in sizes:
            named = " or ".join(map(str, sizes))
            raise SpadesError(
                f"'{move}' has no actions: under these rules a pass is exactly {named} cards"
            )
        most = size
    else:
        most = rules.blind_nil_exchange
        if size > most:
            raise SpadesError(
                f"'{move}' has no actions: under these rules an exchange is at most {most} cards"
            )
    cards = tuple(card_action(card) for card in move.cards)
    return cards if cards and size == most else (*cards, END_EXCHANGE)


def _pass_sizes(rules: Ruleset) -> tuple[int, ...]:
    """The sizes of the passes ``rules`` may ask for, each count above zero (rule-card-pass).

    A side with a blind nil passes ``blind_nil_pass`` cards, one with a nil ``nil_pass``;
    ``(0,)`` where both are zero.
    """
    counts = sorted({rules.blind_nil_pass, rules.nil_pass} - {0})
    return tuple(counts) or (0,)


def _most_chosen(view: View) -> int:
    """How many cards the move in progress in ``view`` takes at most.

    The pass due (`spades.card_passes`), or the double nil exchange's most.
    """
    if view.phase is Phase.PASSING:
        return pass_due(view)[1]
    return view.rules.blind_nil_exchange


def action_mask(view: View, selected: Sequence[Card] = ()) -> npt.NDArray[np.int8]:
    """Which actions the view's seat may take: 1 where allowed, shape ``(ACTIONS,)``.

    Zero everywhere unless the seat is to move. For a move of one action, exactly its
    legal moves (`View.legal_moves`). In the pass and the exchange, after the cards
    ``selected`` so far, exactly the actions that lead on to a legal move: a card of her
    hand not chosen yet, while fewer than the most are chosen, and `END_EXCHANGE` where
    the cards chosen are a whole move.

    >>> from spades import CLASSIC, new_game, observe
    >>> state = new_game(CLASSIC, seed=1)  # seat 1 bids first
    >>> int(action_mask(observe(state, 1)).sum()), int(action_mask(observe(state, 0)).sum())
    (14, 0)
    """
    chosen = checked_selection(view, selected)
    mask = np.zeros(ACTIONS, dtype=np.int8)
    if view.phase not in _CHOOSING:
        mask[[_ACTION_OF[move] for move in view.legal_moves()]] = 1
    elif view.to_move == view.seat:  # fewer cards are chosen than the move takes
        mask[[card_action(card) for card in view.hand or () if card not in chosen]] = 1
        if view.phase is Phase.EXCHANGING:  # a pass takes all its cards, an exchange not
            mask[END_EXCHANGE] = 1
    return mask


def advance(view: View, selected: Sequence[Card], action: SupportsIndex) -> Move | tuple[Card, ...]:
    """The move ``action`` completes after the cards ``selected``, or the longer selection.

    Nothing is changed: the caller keeps the selection and starts from ``()`` after each
    move. An action the mask refuses raises `IllegalMoveError` (see the module's notes).

    >>> from spades import Bid, Card, Look, Ruleset, apply, new_game, observe
    >>> state = new_game(Ruleset(blind_nil=True, blind_nil_deficit=None), seed=3)
    >>> state = apply(state, Bid(0, blind=True))  # seat 1
    >>> for _ in range(3):
    ...     state = apply(apply(state, Look()), Bid(3))
    >>> view = observe(state, 1)  # she passes two cards to her partner: 2C, then 2S
    >>> advance(view, (), 0)
    (Card.parse('2C'),)
    >>> advance(view, (Card.parse("2C"),), 39)
    Pass(cards=(Card.parse('2C'), Card.parse('2S')))
    >>> advance(view, (Card.parse("2C"),), 0)
    Traceback (most recent call last):
    ...
    spades.IllegalMoveError: action 0: 'choose 2C' by seat 1 is illegal: you have already chosen 2C
    """
    chosen = checked_selection(view, selected)
    number = _action(action)
    if not action_mask(view, chosen)[number]:
        raise _refusal(view, chosen, number)
    if view.phase not in _CHOOSING:
        return _MOVES[number]
    cards = chosen if number == END_EXCHANGE else (*chosen, _CARD_OF[number])
    if number != END_EXCHANGE and len(cards) < _most_chosen(view):
        return cards
    return Pass(cards) if view.phase is Phase.PASSING else Exchange(cards)


def card_action(card: Card) -> int:
    """The action that plays ``card``, or chooses it for a pass or an exchange.

    A card's index (`Card.index`) for the 52 cards; 84 for the little joker and 85 for
    the big one (`JOKER_ACTIONS`, rule-decks).

    >>> from spades import Card
    >>> card_action(Card.parse("AS")), card_action(Card.parse("LJ")), card_action(Card.parse("BJ"))
    (51, 84, 85)
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_action takes a Card, not {shown(card)}")
    return _CARD_ACTION[card.index]


def action_card(action: SupportsIndex) -> Card | None:
    """The card ``action`` plays or chooses (`card_action` read back); ``None`` for others.

    >>> action_card(0), action_card(84), action_card(52)
    (Card.parse('2C'), Card.parse('LJ'), None)
    """
    return _CARD_OF.get(_action(action))


def _action(action: object) -> int:
    """``action`` as a number of `ACTIONS`; numpy's integers are accepted, bools are not."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(_not_an_action(action))
    try:
        number = operator.index(cast("SupportsIndex", action))
    except TypeError:
        raise TypeError(_not_an_action(action)) from None
    if not 0 <= number < ACTIONS:
        raise SpadesError(f"{shown(number)} is not an action: the actions are 0 to {ACTIONS - 1}")
    return number


def _not_an_action(action: object) -> str:
    return (
        f"an action is a whole number from 0 to {ACTIONS - 1}, not {shown(action)} "
        f"({type(action).__name__})"
    )


def checked_selection(view: object, selected: object) -> tuple[Card, ...]:
    """``selected`` checked as the cards chosen so far in ``view``'s pass or exchange.

    Only the seat to move chooses cards, in the pass or the exchange: distinct cards of
    her hand, fewer than the move takes (the last one completes it). The view must be
    well formed (`spades._view_check.form_problem`): `SpadesError` otherwise, `TypeError`
    for a field of the wrong type. Whether some game gives it is not checked: the mask
    and `advance`'s refusals read the view as it is, as `View.legal_moves` and
    `spades.check_move` do.
    """
    if not isinstance(view, View):
        raise TypeError(f"the encoding reads a View (see observe), not {type(view).__name__}")
    if isinstance(selected, (str, Card)) or not isinstance(selected, Sequence):
        raise TypeError(
            f"the cards selected are a sequence of cards, not {type(selected).__name__}"
        )
    check_view(view, "the encoding", whole=False)
    chosen = tuple(selected)
    if not chosen:
        return chosen
    for card in chosen:
        if not isinstance(card, Card):
            raise TypeError(f"the cards selected are cards, not {shown(card)}")
    named = " ".join(map(str, chosen))
    if view.phase not in _CHOOSING or view.to_move != view.seat:
        raise SpadesError(f"no choice of cards is in progress for seat {view.seat}: {named}")
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(view.hand or ()):
        raise SpadesError(f"the cards selected are distinct cards of the hand, not {named}")
    if len(chosen) >= _most_chosen(view):
        raise SpadesError(f"{named} is a whole move already, not a selection in progress")
    return chosen


def _refusal(view: View, chosen: tuple[Card, ...], number: int) -> IllegalMoveError:
    """Why the seat may not take action ``number``: the engine's reason for its move.

    The view is asked (`spades.check_move` takes a view), so no hidden state is dealt.
    """
    card = _CARD_OF.get(number)
    choosing = view.phase in _CHOOSING and view.to_move == view.seat
    if choosing and card is not None and (card in chosen or card not in (view.hand or ())):
        cards = {*chosen, card}
        move: Move = Pass(cards) if view.phase is Phase.PASSING else Exchange(cards)
        why = "you have already chosen" if card in chosen else "you do not hold"
        text = f"action {number}: 'choose {card}' by seat {view.seat} is illegal: {why} {card}"
        return IllegalMoveError(Reason.CARD_NOT_IN_HAND, view.seat, move, text)
    move = _move_of(view, chosen, number)
    try:  # the view judges its seat's move as the state does
        check_move(view, move)
    except IllegalMoveError as error:
        return IllegalMoveError(error.reason, view.seat, move, f"action {number}: {error}")
    raise AssertionError(f"the mask refused {move}, a legal move")  # pragma: no cover  (they agree)


def _move_of(view: View, chosen: tuple[Card, ...], number: int) -> Move:
    """The whole move action ``number`` stands for in ``view``'s phase."""
    if number == END_EXCHANGE:
        return Pass(chosen) if view.phase is Phase.PASSING else Exchange(chosen)
    if number in _CARD_OF and view.phase in _CHOOSING:
        cards = (*chosen, _CARD_OF[number])
        return Pass(cards) if view.phase is Phase.PASSING else Exchange(cards)
    return _MOVES[number]
