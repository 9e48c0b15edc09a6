"""Plain data for states: written field by field, read back only if the position is reachable.

Reading a state rebuilds the start of its round from the cards it shows (the hands, the
tricks, the stock and the draws, with passes undone), replays the round's moves through
`apply`, and accepts the data only if the replay arrives at exactly that data. The
completed rounds before it are checked against `score_round`. So a state read from data is
one that legal play reaches, never a half-built one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spades._deal import start_round
from spades._ending import outcome_after
from spades._engine import apply
from spades._errors import IllegalMoveError
from spades._legal import bid_moves, trails_by, trails_enough
from spades._moves import BLIND_NIL, KEEP, LOOK, Bid, Exchange, Move, Pass, Play
from spades._rules import Bidding, next_seat, play_order
from spades._scoring import score_round
from spades._spades_shown import history_problem
from spades._state import Phase, State
from spades.records._plain import (
    Data,
    boolean,
    card_from,
    card_list,
    cards_data,
    enum_data,
    enum_value,
    fail,
    integer,
    items,
    optional_bid,
    optional_seat,
    outcome_data,
    outcome_from,
    record_fields,
    ruleset_data,
    ruleset_from,
    seed_data,
    seed_from,
    side_numbers,
    trick_data,
    tricks_from,
)
from spades.records._round_scores import round_score_data, round_scores_from

if TYPE_CHECKING:
    from spades._cards import Card
    from spades._rules import Ruleset
    from spades._scoring import RoundScore

__all__ = ["STATE_FIELDS", "state_data", "state_from"]

STATE_FIELDS = (
    "rules",
    "seed",
    "dealer",
    "round_number",
    "phase",
    "to_move",
    "hands",
    "bids",
    "looked",
    "passes",
    "stock",
    "discards",
    "draws",
    "exchanges",
    "trick",
    "trick_leader",
    "spades_broken",
    "tricks",
    "scores",
    "bags",
    "rounds",
    "outcome",
)


def state_data(state: State) -> dict[str, Data]:
    """Every field of ``state`` as plain data, in `STATE_FIELDS` order."""
    return {
        "rules": ruleset_data(state.rules),
        "seed": seed_data(state.seed),
        "dealer": state.dealer,
        "round_number": state.round_number,
        "phase": enum_data(state.phase),
        "to_move": state.to_move,
        "hands": [cards_data(hand) for hand in state.hands],
        "bids": [None if bid is None else str(bid) for bid in state.bids],
        "looked": list(state.looked),
        "passes": [{"seat": seat, "cards": cards_data(cards)} for seat, cards in state.passes],
        "stock": cards_data(state.stock),
        "discards": cards_data(state.discards),
        "draws": [
            {"seat": seat, "kept": str(kept), "discarded": str(discarded)}
            for seat, kept, discarded in state.draws
        ],
        "exchanges": [
            {"seat": seat, "given": cards_data(given), "drawn": cards_data(drawn)}
            for seat, _, given, drawn in state.exchanges
        ],
        "trick": cards_data(state.trick),
        "trick_leader": state.trick_leader,
        "spades_broken": state.spades_broken,
        "tricks": [trick_data(trick) for trick in state.tricks],
        "scores": list(state.scores),
        "bags": list(state.bags),
        "rounds": [round_score_data(score) for score in state.rounds],
        "outcome": outcome_data(state.outcome),
    }


def state_from(data: dict[str, Any], version: int) -> State:
    """The state ``data`` (`to_data`'s, without its type and ``version``) describes."""
    found = record_fields(data, "$", STATE_FIELDS)
    rules = ruleset_from(found["rules"], "$.rules", version)
    players = rules.players
    seed = seed_from(found["seed"], "$.seed", version)
    dealer = integer(found["dealer"], "$.dealer", 0, players - 1)
    rounds = round_scores_from(found["rounds"], "$.rounds", rules)
    over = enum_value(found["phase"], "$.phase", Phase) is Phase.GAME_OVER
    totals = check_history(rules, rounds, "$.rounds", ended=over, dealer=dealer)
    # The round this state is in (the last completed one, once the game is over) starts
    # with the history before it.
    played = rounds[:-1] if over else rounds
    start_scores, start_bags = totals[len(played)]
    integer(found["round_number"], "$.round_number", len(played) + 1, len(played) + 1)
    positions = _positions(found, rules)
    start = start_round(
        rules,
        dealer,
        len(played) + 1,
        [card.bit for card in _round_deck(rules, dealer, positions)],
        seed=seed,
        scores=start_scores,
        bags=start_bags,
        rounds=played,
    )
    state = start
    for move, seat, path in _round_moves(rules, dealer, positions):
        try:
            state = apply(state, move, seat=seat)
        except IllegalMoveError as error:
            fail(path, f"not a legal move here ({error})")
        if state.round_number != start.round_number and not state.is_over:
            fail(path, "the round ended before this move")
    replayed = state_data(state)
    for field in STATE_FIELDS[2:]:  # the rules and the seed were read as they are
        if replayed[field] != found[field]:
            fail(
                f"$.{field}",
                "does not follow from the moves the rest shows, which lead to "
                + _brief(replayed[field]),
            )
    return state


def check_history(
    rules: Ruleset, rounds: tuple[RoundScore, ...], path: str, *, ended: bool, dealer: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The totals and bags before each of ``rounds`` and after the last, checked as it goes.

    Every round must score as `score_round` says, every bid must have been allowed by the
    rules and the scores before its round, each side's bids must reach the team minimum
    and, under Suicide, be a nil and a number of 4 or more, the spades Whiz and Mirror bids
    show must add up (`history_problem`), and the game must go on after
    every round but, when it ``ended``, the last. ``dealer`` is the dealer of the round the
    game is in (of the last of ``rounds``, when it ``ended``): the deal passes on every
    round, so it tells each round's bidding order.
    """
    scores = bags = (0,) * rules.sides
    totals = [(scores, bags)]
    dealers = _dealers(rules, len(rounds) - 1 if ended else len(rounds), dealer)
    for index, score in enumerate(rounds):
        here = f"{path}[{index}]"  # the reader held the bids to the players (round_scores_from)
        for seat, bid in enumerate(score.bids):
            _check_bid(rules, bid, seat, scores, f"{here}.bids[{seat}]")
        _check_team_minimum(rules, score.bids, dealers[index], f"{here}.bids")
        _check_suicide(rules, score.bids, dealers[index], f"{here}.bids")
        problem = history_problem(rules, score.bids)
        if problem is not None:  # Whiz and Mirror (rule-whiz, rule-mirror)
            fail(f"{here}.bids", problem)
        expected = score_round(rules, score.bids, score.tricks, bags)
        if expected != score:
            fail(f"{here}.sides", "does not follow from the bids, the tricks and the rules")
        points = score.points
        scores = tuple(total + won for total, won in zip(scores, points, strict=True))
        bags = score.bags
        totals.append((scores, bags))
        last = index == len(rounds) - 1
        if outcome_after(rules, scores, index + 1) is not None and not (ended and last):
            fail(here, "the game ended with this round")
    if ended and not rounds:
        fail(path, "a game that is over has played at least one round")
    if ended and outcome_after(rules, scores, len(rounds)) is None:
        fail(path, "the game goes on after these rounds, yet the state says it is over")
    return totals


def _check_bid(rules: Ruleset, bid: Bid, seat: int, scores: tuple[int, ...], path: str) -> None:
    if bid.n == 0 and not rules.nil and not rules.zero_contract:
        fail(path, "the rules do not allow nil")
    if bid.blind and not bid.n and not (rules.blind_nil and trails_enough(rules, scores, seat)):
        fail(path, "blind nil was not allowed to this seat in this round")
    least = rules.blind_bid_minimum
    if bid.blind and bid.n and not (least and trails_by(rules.blind_bid_deficit, scores, seat)):
        fail(path, "a blind number was not allowed to this seat in this round")
    if bid.blind and 0 < bid.n < least:
        fail(path, f"a blind number is from {least} to {rules.hand_size}")


def _dealers(rules: Ruleset, rounds: int, dealer: int) -> list[int]:
    """The dealers of the ``rounds`` rounds before the one ``dealer`` deals, and hers."""
    dealers = [dealer]
    for _ in range(rounds):
        dealers.append(rules.orders_of_play[dealers[-1]][-1])  # the seat the deal passed from
    return dealers[::-1]


def _check_team_minimum(rules: Ruleset, bids: tuple[Bid, ...], dealer: int, path: str) -> None:
    """Each side's bids reach the team minimum, nil counting as zero (rule-team-minimum).

    The side's second bidder is the one who had to make up what was missing: a shortfall
    is refused at her bid.
    """
    minimum = rules.team_minimum
    if not minimum:
        return
    for seat in play_order(rules, next_seat(rules, dealer))[2:]:  # each side's second bidder
        total = bids[seat].n + bids[(seat + 2) % 4].n
        if total < minimum:
            fail(
                f"{path}[{seat}]",
                f"the side's bids add up to {total}, less than the team minimum of {minimum}",
            )


def _check_suicide(rules: Ruleset, bids: tuple[Bid, ...], dealer: int, path: str) -> None:
    """Under Suicide each side bid a nil and a number of 4 or more (rule-suicide).

    The first partner to bid chose her part, so a bid that breaks the pair is refused at
    the first bid, in bidding order, that Suicide did not allow.
    """
    if rules.bidding is not Bidding.SUICIDE:
        return
    made: list[Bid | None] = [None] * 4
    for seat in play_order(rules, next_seat(rules, dealer)):
        if bids[seat] not in bid_moves(rules, made, seat):
            fail(
                f"{path}[{seat}]",
                "under Suicide one partner of a side bids nil and the other 4 or more",
            )
        made[seat] = bids[seat]


class _Positions:
    """The fields of a state that place cards and moves, type-checked."""

    def __init__(self, found: dict[str, Any], rules: Ruleset) -> None:
        players = rules.players

        def seats(name: str) -> list[Any]:
            return items(found[name], f"$.{name}", players, players)

        self.hands = [
            card_list(hand, f"$.hands[{seat}]", 26, ordered=True)
            for seat, hand in enumerate(seats("hands"))
        ]
        self.bids = [
            optional_bid(bid, f"$.bids[{seat}]", rules.hand_size)
            for seat, bid in enumerate(seats("bids"))
        ]
        self.looked = [
            boolean(flag, f"$.looked[{seat}]") for seat, flag in enumerate(seats("looked"))
        ]
        self.passes = [
            _seat_and(entry, f"$.passes[{index}]", players, ("seat", "cards"), most=4)
            for index, entry in enumerate(items(found["passes"], "$.passes", 4))
        ]
        self.stock = card_list(found["stock"], "$.stock")
        self.discards = card_list(found["discards"], "$.discards")
        self.draws = [
            _seat_and(entry, f"$.draws[{index}]", players, ("seat", "kept", "discarded"))
            for index, entry in enumerate(items(found["draws"], "$.draws", 26))
        ]
        self.exchanges = [
            _seat_and(entry, f"$.exchanges[{index}]", players, ("seat", "given", "drawn"))
            for index, entry in enumerate(items(found["exchanges"], "$.exchanges", 2))
        ]
        self.trick = card_list(found["trick"], "$.trick", players - 1)
        self.trick_leader = optional_seat(found["trick_leader"], "$.trick_leader", players)
        boolean(found["spades_broken"], "$.spades_broken")
        self.tricks = tricks_from(found["tricks"], "$.tricks", players, rules.hand_size)
        optional_seat(found["to_move"], "$.to_move", players)
        outcome_from(found["outcome"], "$.outcome", rules.sides)
        side_numbers(found["scores"], "$.scores", rules.sides)
        side_numbers(found["bags"], "$.bags", rules.sides)


def _positions(found: dict[str, Any], rules: Ruleset) -> _Positions:
    positions = _Positions(found, rules)
    _check_every_card_once(positions, rules)
    return positions


def _seat_and(
    data: object, path: str, players: int, fields: tuple[str, ...], *, most: int = 3
) -> dict[str, Any]:
    """An entry of a seat and some cards: the seat checked, each card or list of cards read.

    A list holds at most ``most`` cards: a pass at most 4 (rule-card-pass), an exchange 3.
    """
    found = record_fields(data, path, fields)
    entry: dict[str, Any] = {"seat": integer(found["seat"], f"{path}.seat", 0, players - 1)}
    for name in fields[1:]:
        here = f"{path}.{name}"
        single = name in {"kept", "discarded"}
        entry[name] = card_from(found[name], here) if single else card_list(found[name], here, most)
    return entry


def _check_every_card_once(positions: _Positions, rules: Ruleset) -> None:
    """Each card of the pack lies in one place: a hand, a trick, the stock or discards.

    A card the pack lacks lies nowhere (rule-decks): a joker outside a joker deck, the 2♣
    of a standard deck dealt to three players (rule-three-players).
    """
    deck = rules.pack
    where: dict[Card, str] = {}
    places: list[tuple[str, tuple[Card, ...]]] = [
        *((f"$.hands[{seat}]", hand) for seat, hand in enumerate(positions.hands)),
        *(
            (f"$.tricks[{index}].cards", trick.cards)
            for index, trick in enumerate(positions.tricks)
        ),
        ("$.trick", positions.trick),
        ("$.stock", positions.stock),
        ("$.discards", positions.discards),
    ]
    for path, cards in places:
        for index, card in enumerate(cards):
            if card in where:
                fail(f"{path}[{index}]", f"{card} is also in {where[card]}")
            if not card.bit & deck.mask:
                fail(f"{path}[{index}]", f"{deck.described} has no {card}")
            where[card] = path
    missing = [str(card) for card in deck.cards if card not in where]
    if missing:
        fail("$", f"cards missing from the hands, tricks, stock and discards: {' '.join(missing)}")


def _round_deck(rules: Ruleset, dealer: int, positions: _Positions) -> list[Card]:
    """A deck that deals the round's start: three or four players' hands, two players' stock."""
    if rules.players == 2:
        stock = [card for draw in positions.draws for card in (draw["kept"], draw["discarded"])]
        deck = [*stock, *positions.stock]
        if len(deck) != 52 or len(set(deck)) != 52:
            fail("$.draws", "the cards drawn and the stock are not the 52 cards of a deck")
        return deck
    hands = [set(hand) for hand in positions.hands]
    for trick in [*positions.tricks, (positions.trick_leader, positions.trick, None)]:
        leader, cards = trick[0], trick[1]
        seats = play_order(rules, leader if leader is not None else 0)
        for seat, card in zip(seats, cards, strict=False):
            hands[seat].add(card)
    for index, entry in reversed(list(enumerate(positions.passes))):
        seat = entry["seat"]
        receiver = (seat + 2) % 4  # her partner
        for card in entry["cards"]:
            if card not in hands[receiver]:
                fail(f"$.passes[{index}].cards", f"{card} is not with seat {receiver}, who got it")
            hands[receiver].discard(card)
            hands[seat].add(card)
    size = rules.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            fail(
                f"$.hands[{seat}]",
                f"these cards give seat {seat} {len(hand)} cards at the deal, not {size}",
            )
    dealt = [sorted(hands[seat]) for seat in play_order(rules, next_seat(rules, dealer))]
    return [dealt[offset][index] for index in range(size) for offset in range(rules.players)]


def _round_moves(rules: Ruleset, dealer: int, positions: _Positions) -> list[tuple[Move, int, str]]:
    """The moves of the round so far, each with its seat and the path it comes from."""
    bidders = play_order(rules, next_seat(rules, dealer))
    moves: list[tuple[Move, int, str]] = []
    if rules.players == 2:
        # A double nil is declared at its one chance (rule-double-nil): at the seat's turn
        # to draw after as many draw choices of hers as the timing says; a declaration
        # whose chance has not come is replayed last, where the engine refuses it.
        declared = {
            seat for seat in bidders if (bid := positions.bids[seat]) is not None and bid.blind
        }
        chosen = [0, 0]
        for index, draw in enumerate(positions.draws):
            seat = draw["seat"]
            if seat in declared and chosen[seat] == rules.double_nil_timing.choices_before:
                moves.append((BLIND_NIL, seat, f"$.bids[{seat}]"))
                declared.discard(seat)
            moves.append((KEEP, seat, f"$.draws[{index}]"))
            chosen[seat] += 1
        moves += [(BLIND_NIL, seat, f"$.bids[{seat}]") for seat in sorted(declared)]
        for index, entry in enumerate(positions.exchanges):
            moves.append((Exchange(entry["given"]), entry["seat"], f"$.exchanges[{index}]"))
    for seat in bidders:
        bid = positions.bids[seat]
        if positions.looked[seat]:
            moves.append((LOOK, seat, f"$.looked[{seat}]"))
        if bid is not None and not (rules.players == 2 and bid.blind):
            moves.append((bid, seat, f"$.bids[{seat}]"))
    for index, entry in enumerate(positions.passes):
        moves.append((Pass(entry["cards"]), entry["seat"], f"$.passes[{index}]"))
    tricks = [
        (trick.leader, trick.cards, f"$.tricks[{index}].cards")
        for index, trick in enumerate(positions.tricks)
    ]
    if positions.trick:
        tricks.append(
            (
                positions.trick_leader if positions.trick_leader is not None else 0,
                positions.trick,
                "$.trick",
            )
        )
    for leader, cards, path in tricks:
        for offset, (seat, card) in enumerate(zip(play_order(rules, leader), cards, strict=False)):
            moves.append((Play(card), seat, f"{path}[{offset}]"))
    return moves


def _brief(data: object) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."
