"""The end of a round for many games at once: the score, the end of the game, the next deal.

The same rules as `spades.score_round` (with `spades.nil_points` and `spades.bag_penalty`)
and `spades.outcome_after`, as array arithmetic; ``tests/test_rule_forms.py`` holds each
to its reference on random inputs, and the differential tests along played games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from spades._rules import BagOverflow, NilTricks
from spades.batch._codes import (
    BIDDING,
    BLIND,
    CARD_BIT,
    DEALING,
    DRAWING,
    GAME_OVER,
    LOSING_FLOOR,
    NONE,
    ROUND_CAP,
    TARGET,
    orders_of,
)
from spades.batch._shuffle import round_decks

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._rules import Ruleset
    from spades.batch._layout import Draft

__all__ = [
    "contract_worth",
    "deal_due",
    "end_round",
    "nil_bids",
    "score_sides",
    "start_rounds",
]

Ints = "npt.NDArray[np.int64]"


def score_sides(
    rules: Ruleset, bids: npt.NDArray[Any], taken: npt.NDArray[Any], bags: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each side's points for the round and its bags after it, as `score_round` counts them.

    ``bids`` are bid codes and ``taken`` tricks by seat (games by seats); ``bags`` the bag
    counters before the round (games by sides). Partners' seats add up to their side's;
    with two or three players, and when four play solo, each seat is a side
    (rule-three-players, rule-solo). Which bids
    are nil is `nil_bids`, and what a contract is worth `contract_worth`; the array forms
    of `spades.nil_points` (rule-nil-scoring), of the nil tricks (rule-nil-tricks) and of
    `spades.bag_penalty` (rule-bag-limit) are inline.
    """
    bids = bids.astype(np.int64)
    taken = taken.astype(np.int64)
    nil = nil_bids(rules, bids)
    number = np.where(bids >= BLIND, bids - BLIND, bids)
    blind = np.where(bids > BLIND, bids - BLIND, 0)  # the numbers bid blind (rule-blind-bids)
    value = np.where(bids == BLIND, rules.blind_nil_value, rules.nil_value)
    nil_points = np.where(nil, np.where(taken > 0, -value, value), 0)
    # A partner's nil tricks count toward the contract under NilTricks.COUNT; alone (two or
    # three players, or solo) a nil bidder's tricks are her bags (rule-nil-tricks,
    # rule-three-players, rule-solo).
    counts = rules.partnerships and rules.nil_tricks is NilTricks.COUNT
    counted = np.where(nil & (not counts), 0, taken)
    nil_bags = np.where(nil & (not counts), taken, 0)
    if rules.partnerships:

        def per_side(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
            return values[:, :2] + values[:, 2:]
    else:

        def per_side(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
            return values

    contract, counted, nil_points, nil_bags, blind = map(
        per_side, (number, counted, nil_points, nil_bags, blind)
    )
    made = counted >= contract
    overtricks = np.where(made, counted - contract, 0)
    worth = contract_worth(rules, contract, blind)
    contract_points = np.where(made, worth, -worth)
    after = bags + overtricks + nil_bags
    limit = rules.bag_limit
    full = after >= limit
    if rules.bag_overflow is BagOverflow.CARRY:
        penalty = -rules.bag_penalty * (after // limit)
        after = after % limit
    else:
        penalty = np.where(full, -rules.bag_penalty, 0)
        after = np.where(full, 0, after)
    points = contract_points + overtricks + nil_points + nil_bags + penalty
    return points, after


def nil_bids(rules: Ruleset, bids: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Which bid codes are nil or blind nil: scored on their own, not toward the contract.

    A bid of zero is nil (rule-nil-scoring), unless the ruleset has ``zero_contract``: then
    it is an ordinary contract of no tricks, its tricks counting toward the side's contract
    (reading-zero-bid), as `spades.nil_points` and `spades.score_round` read it.
    """
    blind: npt.NDArray[np.bool_] = bids == BLIND
    if rules.zero_contract:  # it has no nil (nor blind nil): every bid is a contract
        return blind
    nil: npt.NDArray[np.bool_] = (bids == 0) | blind
    return nil


def contract_worth(
    rules: Ruleset, contract: npt.NDArray[np.int64], blind: npt.NDArray[np.int64] | int = 0
) -> npt.NDArray[np.int64]:
    """What each side's contract wins when made and loses when set, as `score_round` says.

    Ten a trick bid (rule-contract-points), or under ``ten_for_two_hundred`` 200 for a
    contract of 10 or more (rule-ten-for-two-hundred); and ten more a trick of the
    ``blind`` part, the numbers bid blind (rule-blind-bids,
    reading-blind-ten-for-two-hundred).
    """
    worth = 10 * contract
    if rules.ten_for_two_hundred:
        worth = np.where(contract >= 10, 200, worth)
    return worth + 10 * blind


def outcomes(
    rules: Ruleset, scores: npt.NDArray[np.int64], rounds: npt.NDArray[Any]
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The winner (-1: none or a draw) and the termination code (-1: the game goes on).

    `spades.outcome_after` on arrays (rule-game-end), for each game's scores (games by
    sides: two, three, or four when four play solo, rule-solo) after ``rounds`` rounds: the
    highest total wins once it is at the target, or short of it once a total is at the
    floor, if no other side shares it; at the round cap a shared highest draws.
    """
    best = scores.max(axis=1)
    leader = scores.argmax(axis=1).astype(np.int8)  # the first side with the highest total
    alone = (scores == best[:, None]).sum(axis=1) == 1
    termination = np.full(len(scores), NONE, dtype=np.int8)
    winner = np.full(len(scores), NONE, dtype=np.int8)
    at_target = best >= rules.target
    won = at_target & alone
    termination[won] = TARGET
    if rules.losing_floor is not None:
        fell = ~at_target & (scores.min(axis=1) <= rules.losing_floor) & alone
        termination[fell] = LOSING_FLOOR
        won |= fell
    winner[won] = leader[won]
    if rules.round_cap is not None:
        capped = (termination == NONE) & (rounds >= rules.round_cap)
        termination[capped] = ROUND_CAP
        winner[capped] = np.where(alone, leader, NONE)[capped]
    return winner, termination


def end_round(d: Draft, rules: Ruleset, games: npt.NDArray[np.intp]) -> None:
    """Score the round just completed in ``games``; end each game or leave its next deal due.

    A game that ends keeps its round's ``broken``, the last card included (as
    `spades.apply` does).
    """
    players = rules.players
    winners = d["winners"][games]
    taken = np.stack([(winners == seat).sum(axis=1) for seat in range(players)], axis=1)
    bids = d["bids"][games]
    points, bags = score_sides(rules, bids, taken, d["bags"][games])
    scores = d["scores"][games] + points
    number = d["round_number"][games].astype(np.intp)  # the round just completed, from 1
    d.grow_rounds(int(number.max()))
    index = number - 1
    d.w("past_bids")[games, index] = bids
    d.w("past_taken")[games, index] = taken
    d.w("past_points")[games, index] = points
    d.w("past_bags")[games, index] = bags
    d.w("scores")[games] = scores
    d.w("bags")[games] = bags
    winner, termination = outcomes(rules, scores, number)
    over = termination != NONE
    ended = games[over]
    if ended.size:
        d.w("phase")[ended] = GAME_OVER
        d.w("to_move")[ended] = NONE
        d.w("hands")[ended] = 0
        d.w("leader")[ended] = NONE
        d.w("winner")[ended] = winner[over]
        d.w("termination")[ended] = termination[over]
    going_on = games[~over]
    if going_on.size:  # the deck is shuffled when the next round is first looked at
        orders = orders_of(rules)
        d.w("phase")[going_on] = DEALING
        d.w("dealer")[going_on] = orders[d["dealer"][going_on], 1]
        d.w("round_number")[going_on] += 1
        d.w("to_move")[going_on] = NONE


def deal_due(d: Draft, rules: Ruleset) -> None:
    """Deal every round that is due, from its game's seed (`spades.round_deck`, its pack)."""
    games = np.flatnonzero(d["phase"] == DEALING)
    seeds, numbers = d["seeds"][games].tolist(), d["round_number"][games].tolist()
    decks = round_decks(seeds, numbers, rules.pack)
    start_rounds(d, rules, games, decks)


def start_rounds(
    d: Draft, rules: Ruleset, games: npt.NDArray[np.intp], decks: npt.NDArray[np.int8]
) -> None:
    """Start the round of ``games`` (their dealer and round number set) from these decks.

    Four players (and three, rule-three-players): the cards dealt one at a time from the
    first bidder on, who then bids. Two players: the deck is the stock, and the dealer
    draws first. The same start as ``spades._deal.start_round`` (rule-deal, rule-draw).
    """
    dealers = d["dealer"][games]
    orders = orders_of(rules)
    players = rules.players
    if players != 2:
        first = orders[dealers, 1]
        hands = d.w("hands")
        for offset in range(players):
            seats = orders[first, offset]
            dealt = CARD_BIT[decks[:, offset::players]]
            hands[games, seats] = np.bitwise_or.reduce(dealt, axis=1)
        d.w("phase")[games] = BIDDING
        d.w("to_move")[games] = first
        d.w("n_passes")[games] = 0
        d.w("pass_seats")[games] = NONE
        d.w("passed")[games] = NONE
    else:
        d.w("hands")[games] = 0
        d.w("phase")[games] = DRAWING
        d.w("to_move")[games] = dealers
        d.w("deck")[games] = decks
        d.w("n_drawn")[games] = 0
        for name in ("draw_kept", "draw_discarded", "discards", "ex_seats", "ex_given", "ex_drawn"):
            d.w(name)[games] = NONE
        d.w("ex_sizes")[games] = 0
        d.w("n_exchanges")[games] = 0
    d.w("selected")[games] = 0
    d.w("bids")[games] = NONE
    d.w("looked")[games] = False
    d.w("played")[games] = NONE
    d.w("n_played")[games] = 0
    d.w("leader")[games] = NONE
    d.w("winners")[games] = NONE
    d.w("broken")[games] = False
