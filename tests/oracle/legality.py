"""Which moves are legal, and why the others are not (ref-reasons, ref-move-order).

`problem` names the first rule a move breaks, in the order docs/rules.md gives, or
returns None when the move is legal; `legal_moves` lists the legal moves in the
library's fixed order. The reasons are the values of `spades.Reason` ("must_follow_suit").
Every suit and rank is the one a card plays as in the ruleset's pack (rule-decks,
rule-three-players: `pack_of`): the functions that take no ruleset take the pack's name,
"standard" unless told. Three players bid up to the cards of a hand (`hand_size`: 17 or
18), blind numbers too, and may bid blind nil before they look, as four do.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from oracle.cards import (
    BLIND,
    BLIND_NIL,
    SPADES,
    bid_value,
    card,
    cards_of,
    hand_size,
    names,
    pack_of,
    spade_cards,
    suit,
)
from oracle.seats import first_seat, next_seat, partner, side_of

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence

    from oracle.rules import Rules

KINDS_BY_PHASE = {
    "drawing": ("keep", "reject", "bid"),
    "exchanging": ("exchange",),
    "bidding": ("bid", "look"),
    "passing": ("pass",),
    "playing": ("play",),
}
"""The kinds of move each phase allows; any other kind is a wrong phase."""


def breaks_spades(played: Iterable[int], deck: str = "standard") -> bool:
    """Whether cards played to the tricks of a round have broken spades: a spade among them
    (a joker, or the 2D of Joker-Joker-Deuce-Deuce, too: rule-decks)."""
    return any(suit(each, deck) == SPADES for each in played)


LEADS = ("broken", "any_time", "after_first_trick")
"""The values of a ruleset's ``spades_lead`` (reading-spades-lead)."""


def spades_may_be_led(lead: str, *, broken: bool, tricks_played: int) -> bool:
    """Whether a player who holds a suit besides spades may lead a spade.

    ``lead`` is the ruleset's ``spades_lead`` (reading-spades-lead): "broken", only after a
    spade has been played to a trick of the round (rule-spades-broken); "any_time", always;
    "after_first_trick", after a spade has been played or once the round's first trick is
    complete (``tricks_played``, the round's completed tricks, 0 to 12, or to 17 with three
    players, is not 0).
    """
    assert lead in LEADS, lead
    assert 0 <= tricks_played <= 17, tricks_played
    if lead == "any_time" or broken:
        return True
    return lead == "after_first_trick" and tricks_played > 0


def playable_suits(
    hand: Collection[int],
    trick: Sequence[int],
    *,
    broken: bool,
    lead: str = "broken",
    tricks_played: int = 0,
    deck: str = "standard",
) -> set[int]:
    """The suits a player holding ``hand`` may play to ``trick``.

    To a trick already led: the suit led if she holds it, else any (rule-follow-suit). To
    lead: any but spades until `spades_may_be_led` says spades may be led (by default once
    spades are broken), unless she holds only spades (rule-spades-broken,
    reading-spades-lead). ``lead`` and ``tricks_played`` matter only to a lead; the suits
    are those the cards play as in the pack ``deck`` (rule-decks).
    """
    held = {suit(each, deck) for each in hand}
    if trick:
        led = suit(trick[0], deck)
        return {led} if led in held else held
    if held <= {SPADES} or spades_may_be_led(lead, broken=broken, tricks_played=tricks_played):
        return held
    return held - {SPADES}


def play_problem(
    hand: Collection[int],
    trick: Sequence[int],
    played: int,
    *,
    broken: bool,
    lead: str = "broken",
    tricks_played: int = 0,
    deck: str = "standard",
) -> str | None:
    """Why ``played`` may not be played from ``hand`` to ``trick``, or None.

    A card not held first; then, to a trick already led, not following suit; to lead, a
    spade before spades may be led (`playable_suits`).
    """
    if played not in hand:
        return "card_not_in_hand"
    suits = playable_suits(
        hand, trick, broken=broken, lead=lead, tricks_played=tricks_played, deck=deck
    )
    if suit(played, deck) in suits:
        return None
    return "must_follow_suit" if trick else "spades_not_broken"


def playable(
    hand: Collection[int],
    trick: Sequence[int],
    *,
    broken: bool,
    lead: str = "broken",
    tricks_played: int = 0,
    deck: str = "standard",
) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick``, in the library's order."""
    suits = playable_suits(
        hand, trick, broken=broken, lead=lead, tricks_played=tricks_played, deck=deck
    )
    return [each for each in sorted(hand) if suit(each, deck) in suits]


@dataclass
class Position:
    """What legality depends on: the phase, the seat to move, the hands and the table."""

    rules: Rules
    phase: str
    to_move: int | None
    hands: Sequence[Collection[int]]
    trick: list[int]
    spades_broken: bool
    bids: list[str | None]
    looked: list[bool]
    scores: list[int]
    drew: list[int]
    """Two players: how many draw choices each seat has made this round."""
    tricks_played: int
    """The round's completed tricks (the lead of spades may depend on them)."""
    first: int | None = None
    """Who bid first this round (the seat after the dealer); the passing phase needs it."""
    passes_made: int | None = None
    """How many card passes the round has seen; the passing phase needs it."""


def position_from(data: dict[str, Any]) -> Position:
    """A position from state data (``to_data(state)``)."""
    players = data["rules"]["players"]
    drew = [0] * players
    for draw in data["draws"]:
        drew[draw["seat"]] += 1
    return Position(
        rules=data["rules"],
        phase=data["phase"],
        to_move=data["to_move"],
        hands=[{card(text) for text in hand} for hand in data["hands"]],
        trick=[card(text) for text in data["trick"]],
        spades_broken=data["spades_broken"],
        bids=list(data["bids"]),
        looked=list(data["looked"]),
        scores=list(data["scores"]),
        drew=drew,
        tricks_played=len(data["tricks"]),
        first=first_seat(data["rules"], data["dealer"]),
        passes_made=len(data["passes"]),
    )


def card_passes(rules: Rules, bids: Sequence[str | None], first: int) -> list[tuple[int, int]]:
    """The card passes of a round's bids, in order: (seat, how many cards) (rule-card-pass).

    Four players, once all four have bid. A side passes when one of its players bid nil
    or blind nil and its count is not 0. Its passer is the first of its blind nil bidders
    in the bidding, or if it has none the first of its nil bidders; the count is
    ``blind_nil_pass`` for a blind nil passer, ``nil_pass`` for a nil one. The passer gives
    her cards to her partner, then the partner gives as many back. The side whose passer
    bid earlier passes first. ``first`` is the round's first bidder. Solo players have no
    partner to pass to, so never pass (rule-solo).
    """
    if rules["players"] != 4 or rules["solo"] or None in bids:
        return []
    bidding = [first]
    while len(bidding) < 4:
        bidding.append(next_seat(rules, bidding[-1]))
    passers = []
    for side in (0, 1):
        mine = [seat for seat in bidding if seat % 2 == side]
        blind = [seat for seat in mine if bids[seat] == BLIND_NIL]
        plain = [seat for seat in mine if bids[seat] == "bid nil"]
        count = rules["blind_nil_pass"] if blind else rules["nil_pass"]
        if (blind or plain) and count:
            passers.append(((blind or plain)[0], count))
    passers.sort(key=lambda passer: bidding.index(passer[0]))
    return [
        each for passer, count in passers for each in ((passer, count), (partner(passer), count))
    ]


def pass_size(position: Position) -> int:
    """How many cards the pass due now passes, in the passing phase (rule-card-pass)."""
    assert position.first is not None, "a passing position names its first bidder"
    assert position.passes_made is not None, "a passing position counts its passes"
    due = card_passes(position.rules, position.bids, position.first)
    assert position.passes_made < len(due), "a pass due after the round's last pass"
    seat, count = due[position.passes_made]
    assert seat == position.to_move, f"seat {position.to_move} passes, not seat {seat}"
    return count


DOUBLE_NIL_CHANCE = {"before_first_choice": 0, "after_first_choice": 1}
"""Two players, by the ruleset's ``double_nil_timing``: how many of her own draw choices a
player has made at the turn at which she may declare double nil (reading-double-nil-timing):
her first turn before its choice, or her second, right after her first choice."""


def zero_allowed(rules: Rules) -> bool:
    """Whether a bid of zero may be made: as nil, or as a zero contract (reading-zero-bid)."""
    return bool(rules["nil"] or rules["zero_contract"])


def lowest_bid(rules: Rules, bids: Sequence[str | None], seat: int) -> int:
    """The least ``seat`` may bid under the team minimum (rule-team-minimum).

    A partnership's two bids must add up to at least ``team_minimum``. The first of the
    two to bid may bid anything; the second must bid what her partner's bid leaves missing,
    a nil or blind nil counting as zero. No minimum (0), two players, or four solo (no
    partnership, rule-solo): 0.
    """
    minimum: int = rules["team_minimum"]
    if rules["players"] != 4 or rules["solo"] or minimum == 0:
        return 0
    partners = bids[(seat + 2) % 4]
    if partners is None:
        return 0
    number, _ = bid_value(partners)
    return max(minimum - number, 0)


BIDDINGS = ("open", "suicide", "whiz", "mirror")
"""The values of a ruleset's ``bidding`` (rule-suicide, rule-whiz, rule-mirror)."""
BY_SPADES = ("whiz", "mirror")
"""The biddings in which a bid is the bidder's number of spades (rule-whiz, rule-mirror)."""
SUICIDE_FIRST = [0, *range(4, 14)]
"""Under Suicide, the numbers the first partner of a side to bid may bid: nil, or 4 to 13."""


def spade_count(hand: Iterable[int], deck: str = "standard") -> int:
    """How many spades ``hand`` holds: her "number of spades" (rule-whiz), the jokers and
    the 2D of Joker-Joker-Deuce-Deuce counted (rule-decks)."""
    return sum(suit(each, deck) == SPADES for each in hand)


def allowed_bids(
    rules: Rules,
    bids: Sequence[str | None],
    seat: int,
    hand: Iterable[int] | None = None,
) -> list[int]:
    """The numbers ``seat`` may bid once she has looked, 0 for nil or a zero contract.

    Under Suicide (rule-suicide) each side has a nil and a contract of at least 4: the
    first partner to bid bids nil or 4 to 13; after her partner's nil a seat bids 4 to 13,
    after her partner's number, nil. Under Whiz (rule-whiz) she bids nil or her number of
    spades (``hand`` is her hand as she bids), nil alone with none; under Mirror
    (rule-mirror) her number of spades, nil with none. A zero contract's 0 takes nil's
    place in both. Open bidding: from `lowest_bid` to the cards of a hand (13, or 17 or 18
    for three players: rule-three-players), zero only where nil or a zero contract lets it
    be bid (reading-zero-bid).
    """
    assert rules["bidding"] in BIDDINGS, rules["bidding"]
    if rules["bidding"] in BY_SPADES:
        assert hand is not None, "Whiz and Mirror bids need the hand"
        count = spade_count(hand, pack_of(rules))
        if rules["bidding"] == "mirror" or count == 0:
            return [count]
        return [0, count]
    if rules["bidding"] == "suicide":
        partners = bids[partner(seat)]
        if partners is None:
            return SUICIDE_FIRST
        return list(range(4, 14)) if bid_value(partners)[0] == 0 else [0]
    lowest = lowest_bid(rules, bids, seat)
    if lowest == 0 and not zero_allowed(rules):
        lowest = 1
    return list(range(lowest, hand_size(rules) + 1))


def shown_spades(rules: Rules, bid: str | None) -> int | None:
    """The number of spades ``bid`` shows its bidder held when she bid, or None.

    Under Mirror every bid shows it (nil: none); under Whiz a number does and a nil shows
    nothing; other biddings show nothing (rule-whiz, rule-mirror).
    """
    if bid is None or rules["bidding"] not in BY_SPADES:
        return None
    number = bid_value(bid)[0]
    if rules["bidding"] == "whiz" and number == 0:
        return None
    return number


def shown_count_problem(rules: Rules, bids: Sequence[str | None]) -> bool:
    """Whether a round's bids show spade counts no deal gives (rule-whiz, rule-mirror).

    The deck's spades are all dealt (13, or 15 or 16 with jokers: rule-decks; the same to
    three players, rule-three-players): the counts shown add up to that many or fewer, and
    to that many exactly when every bid shows one (every round under Mirror).
    """
    spades = len(spade_cards(pack_of(rules)))
    counts = [shown_spades(rules, bid) for bid in bids]
    total = sum(count for count in counts if count is not None)
    return total > spades or (None not in counts and total != spades)


def hand_at_bidding(view: dict[str, Any]) -> list[int]:
    """The hand a view's seat held when she bid: the cards of her hand and those she
    played, with the card passes of her side undone from the last (rule-card-pass)."""
    rules, seat = view["rules"], view["seat"]
    held = set(cards_of(view["hand"] or []))
    for trick in [*view["tricks"], {"leader": view["trick_leader"], "cards": view["trick"]}]:
        player = trick["leader"]
        for text in trick["cards"]:
            if player == seat:
                held.add(card(text))
            player = next_seat(rules, player)
    for entry in reversed(view["passes"]):
        if entry["cards"] is None:
            continue
        passed = set(cards_of(entry["cards"]))
        held = held | passed if entry["seat"] == seat else held - passed
    return sorted(held)


def spades_shown_breaker(view: dict[str, Any]) -> str | None:
    """Where a view's bids break Whiz or Mirror, or None (rule-whiz, rule-mirror): four
    players' or three's (rule-three-players).

    ``"bids[s]"`` when the seat's own bid is not one her hand allowed when she bid; else
    ``"bids"`` when the other bids show more spades than her hand left to them of the
    deck's (13, 15 or 16: rule-decks), or, showing all of them, fewer. Only a ``bidding``
    of "whiz" or "mirror" asks anything.
    """
    rules, seat = view["rules"], view["seat"]
    if rules["bidding"] not in BY_SPADES:
        return None
    hand = hand_at_bidding(view)
    own = view["bids"][seat]
    if own is not None and bid_value(own)[0] not in allowed_bids(rules, [], seat, hand):
        return f"bids[{seat}]"
    others = [shown_spades(rules, bid) for other, bid in enumerate(view["bids"]) if other != seat]
    spades = len(spade_cards(pack_of(rules)))
    total = spade_count(hand, pack_of(rules)) + sum(count for count in others if count is not None)
    if total > spades or (None not in others and total != spades):
        return "bids"
    return None


def suicide_breaker(rules: Rules, bids: Sequence[str | None], first: int) -> int | None:
    """The seat whose bid breaks a side's Suicide pair in ``bids``, or None (rule-suicide).

    What a view or state may not show: a first partner's bid other than nil or 4 to 13, or
    a second partner's bid that does not do the other part. ``first`` is the round's first
    bidder; only the ruleset's ``bidding`` of "suicide" asks anything.
    """
    if rules["bidding"] != "suicide":
        return None
    order = [first]
    while len(order) < 4:
        order.append(next_seat(rules, order[-1]))
    made: list[str | None] = [None] * 4
    for seat in order:
        bid = bids[seat]
        if bid is None:
            continue
        if bid_value(bid)[0] not in allowed_bids(rules, made, seat):
            return seat
        made[seat] = bid
    return None


def trails_enough(
    rules: Rules, scores: Sequence[int], seat: int, deficit: str = "blind_nil_deficit"
) -> bool:
    """Whether ``seat``'s side trails by the blind nil deficit, or there is none.

    The other side's score minus her side's must be the deficit or more
    (rule-blind-nil-eligibility); with two players each seat is her own side, and four
    solo trail the highest of the three other scores (rule-solo), three players the higher
    of the two others' (rule-three-players). ``deficit``
    names the ruleset's field: "blind_bid_deficit" for blind numbers (rule-blind-bids).
    """
    least = rules[deficit]
    if least is None:
        return True
    side = side_of(rules, seat)
    leading = max(score for other, score in enumerate(scores) if other != side)
    trailing: bool = leading - scores[side] >= least
    return trailing


def blind_numbers(position: Position, seat: int) -> list[int]:
    """The numbers ``seat`` may still bid blind, before she looks (rule-blind-bids).

    Three or four players with a ``blind_bid_minimum`` (0: none): while she has not looked
    and her side trails by ``blind_bid_deficit`` (or there is none), from the minimum, or
    the least a team minimum leaves her if more (rule-team-minimum), up to the cards of a
    hand (13, or 17 or 18 for three: rule-three-players).
    """
    rules = position.rules
    least = rules["blind_bid_minimum"]
    if rules["players"] == 2 or not least or position.looked[seat]:
        return []
    if not trails_enough(rules, position.scores, seat, "blind_bid_deficit"):
        return []
    return list(range(max(least, lowest_bid(rules, position.bids, seat)), hand_size(rules) + 1))


def blind_bids(position: Position, seat: int) -> list[str]:
    """Every blind bid ``seat`` may still make, in order: blind nil (`may_bid_blind`), then
    the blind numbers ascending (`blind_numbers`). While there is one, her hand is face
    down and she may look (rule-blind-nil, rule-blind-bids)."""
    nil = [BLIND_NIL] if may_bid_blind(position, seat) else []
    return nil + [f"{BLIND}{number}" for number in blind_numbers(position, seat)]


def blind_number_problem(position: Position, move: str) -> str | None:
    """Why a blind number may not be bid by the seat to move, or None (rule-blind-bids).

    Open to her (`blind_numbers`): legal. Otherwise the first of: out of 1 to the cards of a
    hand (`hand_size`); the rules
    have no blind numbers, or it is below their minimum (blind bid not allowed); she has
    looked (hand already seen); below what a team minimum leaves her; her side does not
    trail enough (blind bid not eligible).
    """
    seat = position.to_move
    assert seat is not None
    rules = position.rules
    number, blind = bid_value(move)
    assert blind, move
    assert number, move
    if number in blind_numbers(position, seat):
        return None
    if not 0 < number <= hand_size(rules):
        return "bid_out_of_range"
    if not rules["blind_bid_minimum"] or number < rules["blind_bid_minimum"]:
        return "blind_bid_not_allowed"
    if position.looked[seat]:
        return "hand_already_seen"
    if number < lowest_bid(rules, position.bids, seat):
        return "below_team_minimum"
    return "blind_bid_not_eligible"


def may_bid_blind(position: Position, seat: int) -> bool:
    """Whether ``seat`` may still bid blind nil (two players: declare double nil).

    Three and four players: before she looks, and not when a team minimum asks more of her than
    zero (a blind nil counts as zero, rule-team-minimum). Two players: during the draw,
    at her one chance of the round (`DOUBLE_NIL_CHANCE`: before her first draw choice, or
    right after it) and before any bid of hers. Both: when her side is eligible.
    """
    rules = position.rules
    if not rules["blind_nil"]:
        return False
    if rules["players"] == 2:
        if position.phase != "drawing" or position.bids[seat] is not None:
            return False
        if position.drew[seat] != DOUBLE_NIL_CHANCE[rules["double_nil_timing"]]:
            return False
    elif position.looked[seat] or lowest_bid(rules, position.bids, seat) > 0:
        return False
    return trails_enough(rules, position.scores, seat)


def problem(position: Position, move: str) -> str | None:
    """The reason ``move`` by the seat to move is illegal, or None (ref-reasons).

    When several rules fail the first in the documented order wins: game over; wrong phase;
    a card not held before following and leading; a pass's size before its cards; an
    exchange's size before its cards; for blind nil: not allowed, then with three or four
    players already seen, with two already bid then not yet drawn (before her chance) or
    already drawn (after it), then below the team minimum, then not eligible; for a blind
    number `blind_number_problem`; a look: already seen (no blind bid open); another bid:
    out of range (above the cards of a hand), a zero the rules do not allow (nil not
    allowed), below the team minimum, not what Suicide, Whiz or Mirror asks of her (bidding
    mode, rule-suicide, rule-whiz, rule-mirror), then hand not seen (a blind bid is open to
    her, rule-blind-bids).
    """
    if position.phase == "game_over":
        return "game_over"
    words = move.split(" ")
    kind = words[0]
    if kind not in KINDS_BY_PHASE[position.phase]:
        return "wrong_phase"
    seat = position.to_move
    assert seat is not None, "a position in play has a seat to move"
    rules = position.rules
    hand = position.hands[seat]
    if kind == "play":
        return play_problem(
            hand,
            position.trick,
            card(words[1]),
            broken=position.spades_broken,
            lead=rules["spades_lead"],
            tricks_played=position.tricks_played,
            deck=pack_of(rules),
        )
    if kind == "pass":
        chosen = cards_of(words[1:])
        if len(chosen) != pass_size(position):
            return "wrong_pass_size"
        return None if set(chosen) <= set(hand) else "card_not_in_hand"
    if kind == "exchange":
        chosen = cards_of(words[1:])
        if len(chosen) > rules["blind_nil_exchange"]:
            return "too_many_exchanged"
        return None if set(chosen) <= set(hand) else "card_not_in_hand"
    if kind in ("keep", "reject"):
        return None
    may = may_bid_blind(position, seat)
    face_down = bool(blind_bids(position, seat))
    if kind == "look":
        return None if face_down else "hand_already_seen"
    if move.startswith(BLIND) and move != BLIND_NIL:
        return blind_number_problem(position, move)
    if move == BLIND_NIL:
        if may:
            return None
        if not rules["blind_nil"]:
            return "blind_nil_not_allowed"
        if rules["players"] == 2:
            if position.bids[seat] is not None:
                return "already_bid"
            chance = DOUBLE_NIL_CHANCE[rules["double_nil_timing"]]
            drawing = position.phase == "drawing"
            if drawing and position.drew[seat] < chance:
                return "not_yet_drawn"
            if not drawing or position.drew[seat] > chance:
                return "already_drawn"
        elif position.looked[seat]:
            return "hand_already_seen"
        if lowest_bid(rules, position.bids, seat) > 0:
            return "below_team_minimum"
        return "blind_nil_not_eligible"
    if position.phase == "drawing":
        return "wrong_phase"
    number, _ = bid_value(move)
    if not 0 <= number <= hand_size(rules):
        return "bid_out_of_range"
    if number == 0 and not zero_allowed(rules):
        return "nil_not_allowed"
    if number < lowest_bid(rules, position.bids, seat):
        return "below_team_minimum"
    if number not in allowed_bids(rules, position.bids, seat, hand):
        return "bidding_mode"
    return "hand_not_seen" if face_down else None


def legal_moves(position: Position) -> list[str]:
    """The legal moves in the library's fixed order (ref-move-order)."""
    phase = position.phase
    if phase == "game_over":
        return []
    seat = position.to_move
    assert seat is not None
    rules = position.rules
    hand = sorted(position.hands[seat])
    if phase == "playing":
        cards = playable(
            hand,
            position.trick,
            broken=position.spades_broken,
            lead=rules["spades_lead"],
            tricks_played=position.tricks_played,
            deck=pack_of(rules),
        )
        return [f"play {text}" for text in names(cards)]
    if phase == "bidding":
        blind = blind_bids(position, seat)
        if blind:
            return [*blind, "look"]
        numbers = allowed_bids(rules, position.bids, seat, hand)
        return [("bid nil" if n == 0 else f"bid {n}") for n in numbers]
    if phase == "drawing":
        blind = [BLIND_NIL] if may_bid_blind(position, seat) else []
        return [*blind, "keep", "reject"]
    if phase == "passing":
        return [
            " ".join(["pass", *names(list(cards))])
            for cards in combinations(hand, pass_size(position))
        ]
    assert phase == "exchanging", phase
    return [
        " ".join(["exchange", *names(list(cards))])
        for size in range(rules["blind_nil_exchange"] + 1)
        for cards in combinations(hand, size)
    ]
