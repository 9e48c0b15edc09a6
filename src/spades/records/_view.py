"""Plain data for views: every field of a `View`, read back only if some game gives it.

A view hides cards, so it cannot be replayed like a state. Reading one checks every field's
type and range; then that the view is one a position legal play reaches shows
(`spades._view_check.view_problem`: the phase, the turns, the tricks, the hand and the
counts); that its completed rounds score as `score_round` says and add up to its scores;
and that a deal of the cards its seat has not seen keeps every void the plays show (the
sampler finds one).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from spades._ending import outcome_after
from spades._errors import SpadesError
from spades._history import CardExchange, CardPass, DrawTurn
from spades._sampling import sample_state
from spades._state import Phase
from spades._view import View
from spades._view_check import form_problem, is_dealing, view_problem
from spades.records._plain import (
    MAX_ROUNDS,
    Data,
    boolean,
    card_list,
    cards_data,
    enum_data,
    enum_value,
    fail,
    integer,
    items,
    optional_bid,
    optional_card,
    optional_seat,
    outcome_data,
    outcome_from,
    record_fields,
    ruleset_data,
    ruleset_from,
    side_numbers,
    trick_data,
    tricks_from,
)
from spades.records._round_scores import round_score_data, round_scores_from
from spades.records._state import check_history

if TYPE_CHECKING:
    from spades._cards import Card

__all__ = ["VIEW_FIELDS", "view_data", "view_from"]

VIEW_FIELDS = (
    "rules",
    "seat",
    "phase",
    "to_move",
    "dealer",
    "round_number",
    "hand",
    "hand_sizes",
    "bids",
    "looked",
    "trick",
    "trick_leader",
    "tricks",
    "spades_broken",
    "scores",
    "bags",
    "rounds",
    "outcome",
    "passes",
    "stock_size",
    "top_card",
    "draws",
    "exchanges",
    "exchanged",
)


def view_data(view: View) -> dict[str, Data]:
    """Every field of ``view`` as plain data, in `VIEW_FIELDS` order."""
    own = [entry for entry in view.exchanges if entry.given is not None]
    return {
        "rules": ruleset_data(view.rules),
        "seat": view.seat,
        "phase": enum_data(view.phase),
        "to_move": view.to_move,
        "dealer": view.dealer,
        "round_number": view.round_number,
        "hand": None if view.hand is None else cards_data(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "bids": [None if bid is None else str(bid) for bid in view.bids],
        "looked": list(view.looked),
        "trick": cards_data(view.trick),
        "trick_leader": view.trick_leader,
        "tricks": [trick_data(trick) for trick in view.tricks],
        "spades_broken": view.spades_broken,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "rounds": [round_score_data(score) for score in view.rounds],
        "outcome": outcome_data(view.outcome),
        "passes": [
            {"seat": seat, "cards": None if cards is None else cards_data(cards)}
            for seat, cards in view.passes
        ],
        "stock_size": view.stock_size,
        "top_card": None if view.top_card is None else str(view.top_card),
        "draws": [
            {
                "seat": seat,
                "kept": None if kept is None else str(kept),
                "discarded": None if discarded is None else str(discarded),
            }
            for seat, kept, discarded in view.draws
        ],
        "exchanges": [{"seat": entry.seat, "count": entry.size} for entry in view.exchanges],
        "exchanged": {
            "given": cards_data(own[0].given or ()),
            "drawn": cards_data(own[0].drawn or ()),
        }
        if own
        else None,
    }


def view_from(data: dict[str, Any], version: int) -> View:
    """The view ``data`` (`to_data`'s, without its type and ``version``) describes.

    Views hold no seed, so versions 1 and 2 write them alike; version 3 adds the ruleset's
    fields of that version (``zero_contract``, ``nil_pass``, ``double_nil_timing``,
    ``team_minimum``, ``bidding``, ``spades_lead``, ``ten_for_two_hundred``) and passes of
    4 cards.
    """
    found = record_fields(data, "$", VIEW_FIELDS)
    rules = ruleset_from(found["rules"], "$.rules", version)
    players = rules.players

    def per_seat(name: str) -> list[Any]:
        return items(found[name], f"$.{name}", players, players)

    seat = integer(found["seat"], "$.seat", 0, players - 1)
    hand = None if found["hand"] is None else card_list(found["hand"], "$.hand", 26, ordered=True)
    sizes = tuple(
        integer(size, f"$.hand_sizes[{index}]", 0, 26)
        for index, size in enumerate(per_seat("hand_sizes"))
    )
    if hand is not None and len(hand) != sizes[seat]:
        fail("$.hand", f"holds {len(hand)} cards, but hand_sizes says {sizes[seat]}")
    view = View(
        rules=rules,
        seat=seat,
        phase=enum_value(found["phase"], "$.phase", Phase),
        to_move=optional_seat(found["to_move"], "$.to_move", players),
        dealer=integer(found["dealer"], "$.dealer", 0, players - 1),
        round_number=integer(found["round_number"], "$.round_number", 1, MAX_ROUNDS + 1),
        hand=hand,
        hand_sizes=sizes,
        bids=tuple(
            optional_bid(bid, f"$.bids[{index}]", rules.hand_size)
            for index, bid in enumerate(per_seat("bids"))
        ),
        looked=tuple(
            boolean(flag, f"$.looked[{index}]") for index, flag in enumerate(per_seat("looked"))
        ),
        trick=card_list(found["trick"], "$.trick", players - 1),
        trick_leader=optional_seat(found["trick_leader"], "$.trick_leader", players),
        tricks=tricks_from(found["tricks"], "$.tricks", players, rules.hand_size),
        spades_broken=boolean(found["spades_broken"], "$.spades_broken"),
        scores=side_numbers(found["scores"], "$.scores", rules.sides),
        bags=side_numbers(found["bags"], "$.bags", rules.sides),
        rounds=round_scores_from(found["rounds"], "$.rounds", rules),
        outcome=outcome_from(found["outcome"], "$.outcome", rules.sides),
        passes=tuple(
            _pass_from(entry, f"$.passes[{index}]", players)
            for index, entry in enumerate(items(found["passes"], "$.passes", 4))
        ),
        stock_size=integer(found["stock_size"], "$.stock_size", 0, 52),
        top_card=optional_card(found["top_card"], "$.top_card"),
        draws=tuple(
            _draw_from(entry, f"$.draws[{index}]", players)
            for index, entry in enumerate(items(found["draws"], "$.draws", 26))
        ),
        exchanges=_exchanges_from(found["exchanges"], found["exchanged"], seat, players),
    )
    _check_shown_once(view)
    _check_possible(view)
    return view


def _check_possible(view: View) -> None:
    """Refuse a view that no game gives: its facts, its history and its hidden cards.

    A view of a deal in progress (`is_dealing`: the OpenSpiel adapter's chance nodes) is
    read too, its history checked: it shows no card and nothing done in its round.
    """
    dealing = is_dealing(view)
    problem = form_problem(view) if dealing else view_problem(view)
    if problem is not None:
        field, message = problem
        fail(_data_path(field), message)
    over = view.phase is Phase.GAME_OVER
    totals = check_history(view.rules, view.rounds, "$.rounds", ended=over, dealer=view.dealer)
    scores, bags = totals[-1]
    if view.scores != scores:
        fail("$.scores", f"the completed rounds add up to {list(scores)}")
    if view.bags != bags:
        fail("$.bags", f"the completed rounds leave {list(bags)}")
    if over and view.outcome != outcome_after(view.rules, scores, len(view.rounds)):
        fail("$.outcome", "is not how the completed rounds end the game")
    if dealing:
        return
    try:
        sample_state(view, rng=random.Random(0))
    except SpadesError as error:
        fail("$.tricks", f"the voids these tricks show leave no deal of the hidden cards ({error})")


def _data_path(field: str) -> str:
    """The path in the data of ``field`` of a view (`view_problem`'s), from ``$``.

    The data names an exchange's size ``count``, and puts the seat's own exchange's cards
    in ``exchanged``.
    """
    path = re.sub(r"^exchanges\[\d+\]\.size", lambda found: found[0][:-4] + "count", field)
    path = re.sub(r"^exchanges\[\d+\]\.(given|drawn)", r"exchanged.\1", path)
    return f"$.{path}"


def _pass_from(data: object, path: str, players: int) -> CardPass:
    found = record_fields(data, path, ("seat", "cards"))
    cards = found["cards"]
    return CardPass(
        integer(found["seat"], f"{path}.seat", 0, players - 1),
        None if cards is None else card_list(cards, f"{path}.cards", 4),
    )


def _draw_from(data: object, path: str, players: int) -> DrawTurn:
    found = record_fields(data, path, ("seat", "kept", "discarded"))
    return DrawTurn(
        integer(found["seat"], f"{path}.seat", 0, players - 1),
        optional_card(found["kept"], f"{path}.kept"),
        optional_card(found["discarded"], f"{path}.discarded"),
    )


def _exchanges_from(
    data: object, exchanged: object, seat: int, players: int
) -> tuple[CardExchange, ...]:
    """The exchanges, each with its size; the view's own seat's with the cards in ``exchanged``."""
    own = _exchanged_from(exchanged, "$.exchanged")
    entries = []
    for index, entry in enumerate(items(data, "$.exchanges", 2)):
        path = f"$.exchanges[{index}]"
        found = record_fields(entry, path, ("seat", "count"))
        who = integer(found["seat"], f"{path}.seat", 0, players - 1)
        size = integer(found["count"], f"{path}.count", 0, 3)
        if who != seat:
            entries.append(CardExchange(who, size, None, None))
            continue
        if own is None:
            fail("$.exchanged", f"seat {seat} exchanged, so the view shows her cards")
        if len(own[0]) != size:
            fail(f"{path}.count", f"seat {seat} exchanged {len(own[0])} cards, not {size}")
        entries.append(CardExchange(who, size, *own))
    if own is not None and not any(entry.seat == seat for entry in entries):
        fail("$.exchanged", f"seat {seat} has not exchanged")
    return tuple(entries)


def _exchanged_from(data: object, path: str) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    if data is None:
        return None
    found = record_fields(data, path, ("given", "drawn"))
    given = card_list(found["given"], f"{path}.given", 3)
    drawn = card_list(found["drawn"], f"{path}.drawn", 3)
    if len(given) != len(drawn):
        fail(
            path, f"an exchange draws as many cards as it gives, not {len(drawn)} for {len(given)}"
        )
    return (given, drawn)


def _check_shown_once(view: View) -> None:
    """No card the view shows lies in two places: the hand, the top of the stock, the tricks."""
    where: dict[Card, str] = {}
    places = [
        ("$.hand", view.hand or ()),
        ("$.trick", view.trick),
        *((f"$.tricks[{index}].cards", trick.cards) for index, trick in enumerate(view.tricks)),
    ]
    for path, cards in places:
        for index, card in enumerate(cards):
            if card in where:
                fail(f"{path}[{index}]", f"{card} is also in {where[card]}")
            where[card] = path
    if view.top_card in where:
        fail("$.top_card", f"{view.top_card} is also in {where[view.top_card]}")
