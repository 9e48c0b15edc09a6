"""The table as text: hands by suit, bids, tricks, source B's round table, results.

Small functions from values to lines of text, shared by the command line and the
adapters' text renders (both import it; it imports only the core).

>>> from spades import Card, Deck
>>> brief_hand([Card.parse(text) for text in "AS 7S QH 2C TC".split()])
'S: A 7  H: Q  D: -  C: T 2'
>>> brief_hand(map(Card.parse, "BJ 2D 2S AS 3D".split()), Deck.JOKER_JOKER_DEUCE_DEUCE)
'S: BJ 2D 2 A  H: -  D: 3  C: -'

A hand is shown by the pack the rules deal (`Ruleset.pack`): three players' joker packs
hold the deuces a joker deck takes out (rule-three-players).

>>> brief_hand(map(Card.parse, "2C 2D BJ".split()), Deck.JOKER_JOKER_ACE.for_players(3))
'S: BJ  H: -  D: 2  C: 2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades import (
    DECK,
    Bid,
    Bidding,
    Deck,
    DoubleNilTiming,
    Play,
    Rank,
    Suit,
    Termination,
    Trick,
    next_seat,
    partner,
    play_order,
    seats_of,
    side_of,
    trick_winner,
    winning_card,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from spades import Card, Move, Pack, RoundScore, Ruleset, State

__all__ = [
    "SUITS",
    "bid_text",
    "blind_bids_line",
    "brief_hand",
    "cards_text",
    "counted",
    "deck_line",
    "finished_trick",
    "hand_order",
    "move_words",
    "outcome_lines",
    "pack_line",
    "played_text",
    "round_header",
    "round_notes",
    "round_table",
    "rules_lines",
    "scores_text",
    "seat_name",
    "side_name",
    "trick_line",
]

SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The display order: spades (trumps) first, then hearts, diamonds and clubs."""


def counted(number: int, noun: str) -> str:
    """``1 game``, ``2 games``: ``number`` and ``noun``, plural unless it is one.

    >>> counted(1, "deal"), counted(0, "round"), counted(3, "game")
    ('1 deal', '0 rounds', '3 games')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def side_name(rules: Ruleset, side: int, you: int | None = None) -> str:
    """``side 0 (seats 0+2)``, or each on her own ``seat 0``; the person's is marked."""
    yours = you is not None and side_of(rules, you) == side
    if not rules.partnerships:
        return f"seat {side} (you)" if yours else f"seat {side}"
    seats = "+".join(map(str, seats_of(rules, side)))
    return f"side {side} (seats {seats}{', yours' if yours else ''})"


def seat_name(seat: int, you: int | None = None) -> str:
    """``seat 3``, or ``you`` for the person's own seat."""
    return "you" if seat == you else f"seat {seat}"


def hand_order(cards: Iterable[Card], deck: Pack = Deck.STANDARD) -> list[Card]:
    """``cards`` as a hand shows them: spades, hearts, diamonds, clubs, each high to low.

    A card sits with the suit it plays as under ``deck`` (the rules' pack, `Ruleset.pack`),
    at its rank there: the jokers above the ace of spades, and under Joker-Joker-Deuce-Deuce
    the 2♦ with the spades, between the little joker and the 2♠ (rule-decks).

    >>> from spades import Card
    >>> [str(card) for card in hand_order(map(Card.parse, ["2C", "AH", "3S", "KH", "TD"]))]
    ['3S', 'AH', 'KH', 'TD', '2C']
    >>> jjdd = Deck.JOKER_JOKER_DEUCE_DEUCE
    >>> [str(card) for card in hand_order(map(Card.parse, ["AS", "2D", "LJ", "2S", "3D"]), jjdd)]
    ['LJ', '2D', '2S', 'AS', '3D']
    """
    return sorted(cards, key=lambda card: (SUITS.index(deck.suit_of(card)), -deck.rank_order(card)))


def brief_hand(cards: Iterable[Card], deck: Pack = Deck.STANDARD) -> str:
    """The cards by suit, spades first, each suit high to low: ``S: A 7  H: Q  D: -``.

    Each card is its rank, in the row of the suit it plays as under ``deck`` (the rules'
    pack, `Ruleset.pack`); a card of
    another suit there is written whole: the jokers ``BJ`` and ``LJ`` first among the
    spades, the 2♦ of Joker-Joker-Deuce-Deuce ``2D`` after them (rule-decks).
    """
    ordered = hand_order(cards, deck)
    parts = []
    for suit in SUITS:
        ranks = " ".join(
            card.rank.symbol if card.suit is suit and card.rank <= Rank.ACE else card.text
            for card in ordered
            if deck.suit_of(card) is suit
        )
        parts.append(f"{suit.letter}: {ranks or '-'}")
    return "  ".join(parts)


def bid_text(bid: Bid, rules: Ruleset | None = None) -> str:
    """``3``, ``nil`` or ``blind nil`` (with two players also called double nil).

    Under a ruleset whose bid of zero is a contract of no tricks (``zero_contract``,
    reading-zero-bid), zero is ``0``, not nil.

    >>> from spades import CLASSIC, Bid, Ruleset
    >>> bid_text(Bid(0), CLASSIC), bid_text(Bid(0), Ruleset(nil=False, zero_contract=True))
    ('nil', '0')
    """
    if bid.n == 0 and rules is not None and rules.zero_contract:
        return "0"
    return str(bid).removeprefix("bid ")


def move_words(rules: Ruleset, move: Move) -> str:
    """A move as the table says it: its notation, but ``bid 0`` for a zero contract.

    >>> from spades import Bid, Ruleset
    >>> move_words(Ruleset(nil=False, zero_contract=True), Bid(0)), move_words(Ruleset(), Bid(0))
    ('bid 0', 'bid nil')
    """
    if isinstance(move, Bid):
        return f"bid {bid_text(move, rules)}"
    return str(move)


def trick_line(rules: Ruleset, number: int, trick: Trick) -> str:
    """One trick: seat and card in playing order, ``*`` on the winning card, the winner."""
    best = winning_card(trick.cards, rules=rules)
    cards = "  ".join(
        f"{seat}:{card}{'*' if card == best else ' '}"
        for seat, card in zip(play_order(rules, trick.leader), trick.cards, strict=True)
    )
    return f"  {number:2}  {cards}  seat {trick.winner} wins"


def played_text(rules: Ruleset, leader: int, cards: Sequence[Card], you: int) -> str:
    """The cards of a trick in playing order, each after its seat: ``seat 1 KS, you 2S``."""
    seats = play_order(rules, leader)[: len(cards)]
    return ", ".join(
        f"{seat_name(seat, you)} {card}" for seat, card in zip(seats, cards, strict=True)
    )


def round_table(
    rules: Ruleset,
    number: int,
    score: RoundScore,
    totals: tuple[int, ...],
    you: int | None = None,
) -> list[str]:
    """Source B's round summary: per side its bids, tricks, round points, bags and total.

    And the points still to win (``reached`` at or past the target). At most 78 columns,
    so that an 80-column terminal shows it unbroken.
    """
    names = [side_name(rules, side, you) for side in range(rules.sides)]
    width = max(len(f"After round {number}"), *map(len, names))
    lines = [
        f"  {f'After round {number}':<{width}}  {'bids':<14} tricks points bags total to target"
    ]
    for side, name in enumerate(names):
        seats = seats_of(rules, side)
        bids = " + ".join(bid_text(score.bids[seat], rules) for seat in seats)
        tricks = sum(score.tricks[seat] for seat in seats)
        left = rules.target - totals[side]
        lines.append(
            f"  {name:<{width}}  {bids:<14} {tricks:6} {score.points[side]:+6}"
            f" {score.bags[side]:4} {totals[side]:5} {left if left > 0 else 'reached':>9}"
        )
    return lines


def _whose(rules: Ruleset, seat: int, you: int | None) -> str:
    """``seat 3's``, or for the person ``your``, and ``your partner's`` for her partner."""
    if seat == you:
        return "your"
    if you is not None and seat == partner(rules, you):
        return "your partner's"
    return f"seat {seat}'s"


def round_notes(rules: Ruleset, score: RoundScore, you: int | None = None) -> list[str]:
    """A line for each nil bid of the round (made or not, and its points) and each penalty.

    And one for each number bid blind: its side's contract made or set, and what the
    number's tricks were worth, 20 points each (rule-blind-bids), or 10 each on top of the
    200 of a contract of 10 or more under 10-for-200 (reading-blind-ten-for-two-hundred).
    With ``you``, the
    person's seat, her own bids are ``your`` and her partner's ``your partner's``. A zero
    contract is no nil: it has no line.
    """
    notes = []
    for seat, bid in enumerate(score.bids):
        if bid.blind and bid.n:
            mine = score.sides[side_of(rules, seat)]
            big = rules.ten_for_two_hundred and mine.contract >= 10
            each, worth = (10, "10 more a trick on top of the 200") if big else (20, "20 a trick")
            sign = "+" if mine.made else "-"
            result = f"{'made' if mine.made else 'set'}, {worth} ({sign}{each * bid.n})"
            notes.append(f"  {_whose(rules, seat, you)} {bid_text(bid)}: {result}")
        elif bid.n == 0 and rules.nil:
            taken = score.tricks[seat]
            value = rules.blind_nil_value if bid.blind else rules.nil_value
            result = f"made it (+{value})" if taken == 0 else f"took {taken} (-{value})"
            notes.append(f"  {_whose(rules, seat, you)} {bid_text(bid)}: {result}")
    for side, detail in enumerate(score.sides):
        if detail.bag_penalty:
            notes.append(f"  {side_name(rules, side, you)}: bag penalty {detail.bag_penalty}")
    return notes


def outcome_lines(state: State, limit: int | None = None) -> list[str]:
    """How the game ended, or that it was stopped after ``limit`` rounds; the scores last.

    The winner's total comes first, then the others' in side order: ``wins 508 to 306 and
    365`` among three players (rule-three-players).
    """
    rules, scores, rounds = state.rules, state.scores, len(state.rounds)
    outcome = state.outcome
    if outcome is None:
        return [
            "These rules have no round cap: the command plays at most "
            f"{counted(limit or 0, 'round')}.",
            f"Stopped after {counted(rounds, 'round')} without a winner, scores "
            f"{scores_text(scores)}.",
        ]
    if outcome.winner is None:
        if rules.sides == 2:
            drawn = f"{scores[0]} all"
        else:
            drawn = f"{scores_text(scores)}, the highest shared,"
        return [f"The game is drawn {drawn} after the round cap of {counted(rounds, 'round')}."]
    winner = outcome.winner
    why = {
        Termination.TARGET: f"it reached the target of {rules.target}",
        Termination.LOSING_FLOOR: (
            f"the other fell to the losing floor of {rules.losing_floor}"
            if rules.sides == 2
            else f"a player fell to the losing floor of {rules.losing_floor}, and its score is "
            "the highest"
        ),
        Termination.ROUND_CAP: (
            "the higher score at the round cap"
            if rules.sides == 2
            else "the highest score at the round cap"
        ),
    }[outcome.termination]
    name = side_name(rules, winner)
    others = _listed([str(score) for side, score in enumerate(scores) if side != winner])
    return [
        f"{name[0].upper()}{name[1:]} wins {scores[winner]} to {others} "
        f"after {counted(rounds, 'round')}: {why}."
    ]


def scores_text(scores: Iterable[int]) -> str:
    """``120 to 80``, or with more sides ``120, 80 and -40``: the totals in side order.

    One total is itself: ``80`` (the other side's, after ``wins 120 to``).

    >>> scores_text([120, 80]), scores_text([120, 80, -40]), scores_text([80])
    ('120 to 80', '120, 80 and -40', '80')
    """
    texts = [str(score) for score in scores]
    if len(texts) <= 2:
        return " to ".join(texts)
    return _listed(texts)


def _listed(texts: Sequence[str]) -> str:
    """``80``, ``80 and -40``, ``120, 80 and -40``."""
    return ", ".join(texts[:-1]) + f" and {texts[-1]}" if len(texts) > 1 else texts[0]


def rules_lines(rules: Ruleset) -> list[str]:
    """Who plays with whom and which way; the switches that are on; how the game ends.

    With three players, the cards dealt, a hand and the highest bid (`pack_line`). The
    switches said are the deck with jokers (`deck_line`), and the bidding and scoring
    ones beyond the sources: a zero contract,
    a team minimum, Suicide, Whiz, Mirror, blind numbers, the pass after a nil and
    10-for-200; and the
    original text's reading of when double nil is declared (reading-double-nil-timing).
    """
    way = "clockwise" if rules.direction.step == 1 else "counter-clockwise"
    if rules.solo:  # rule-solo
        who = f"Four players, each on her own: seats 0, 1, 2 and 3; play runs {way}."
    elif rules.players == 3:  # rule-three-players
        who = f"Three players, each on her own: seats 0, 1 and 2; play runs {way}."
    elif rules.players == 4:
        who = (
            f"Four players: seats 0 and 2 (side 0) against seats 1 and 3 (side 1); play runs {way}."
        )
    else:
        who = "Two players, seat 0 against seat 1, each drawing 13 cards from the stock."
    lines = [who]
    if rules.players == 3:  # rule-three-players
        lines.append(pack_line(rules))
    if rules.pack.jokers:  # rule-decks
        lines.append(deck_line(rules.pack))
    if rules.zero_contract:
        lines.append("No nil: a bid of 0 is a contract of no tricks; its tricks count.")
    if rules.team_minimum:
        lines.append(f"A side's two bids must add up to at least {rules.team_minimum}.")
    if rules.bidding is Bidding.SUICIDE:  # rule-suicide
        lines.append(
            "Suicide: in each side one partner bids nil and the other 4 or more; "
            "the first of the two to bid chooses."
        )
    zero = "nil" if rules.nil else "0"
    if rules.bidding is Bidding.WHIZ:  # rule-whiz
        lines.append(f"Whiz: each player bids her number of spades, or {zero}.")
    if rules.bidding is Bidding.MIRROR:  # rule-mirror
        lines.append(f"Mirror: each player bids her number of spades, {zero} with none.")
    if rules.blind_bid_minimum:  # rule-blind-bids
        lines.append(blind_bids_line(rules))
    if rules.nil_pass:  # rule-card-pass
        count = counted(rules.nil_pass, "card")
        lines.append(f"After a nil, the nil bidder and her partner pass {count} each way.")
    if rules.blind_nil and rules.double_nil_timing is DoubleNilTiming.AFTER_FIRST_CHOICE:
        lines.append("Double nil is declared at a player's second turn to draw, not her first.")
    if rules.ten_for_two_hundred:
        lines.append("A contract of 10 or more wins 200 when made and loses 200 when set.")
    end = f"Game to {rules.target} points"
    if rules.losing_floor is not None:
        end += f"; a side at {rules.losing_floor} or below loses"
    if rules.round_cap is not None:
        end += f"; at most {rules.round_cap} rounds"
    return [*lines, end + "."]


def deck_line(deck: Pack) -> str:
    """A joker deck's missing deuces and its spades, highest first (rule-decks).

    ``deck`` is the pack the rules deal (`Ruleset.pack`): three players are dealt a joker
    deck whole, its deuces back (rule-three-players).

    >>> deck_line(Deck.JOKER_JOKER_ACE)
    'Joker-Joker-Ace deck: no 2C or 2D; its spades, highest first: BJ, LJ, AS, KS ... 2S.'
    >>> deck_line(Deck.JOKER_JOKER_ACE.for_players(3))
    'Joker-Joker-Ace deck, every card: its spades, highest first: BJ, LJ, AS, KS ... 2S.'
    """
    removed = " or ".join(card.text for card in DECK if not card.bit & deck.mask)
    name = "-".join(word.title() for word in deck.deck.name.split("_"))
    top = [card.text for card in reversed(deck.spade_cards)]
    order = f"{', '.join(top[: top.index('AS') + 1])}, KS ... {top[-1]}"
    which = f": no {removed};" if removed else ", every card:"
    return f"{name} deck{which} its spades, highest first: {order}."


def pack_line(rules: Ruleset) -> str:
    """Three players' cards: the pack, a hand and the highest bid (rule-three-players).

    The standard deck without the 2♣, 51 cards, or a joker deck whole, all 54; a hand is
    a third of it, and a round has as many tricks.

    >>> from spades import Ruleset
    >>> pack_line(Ruleset(players=3))
    '51 cards, the 2C out: 17 each, 17 tricks a round; bids up to 17.'
    >>> pack_line(Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE))
    'All 54 cards: 18 each, 18 tricks a round; bids up to 18.'
    """
    pack, hand = rules.pack, rules.hand_size
    removed = " and ".join(card.text for card in DECK if not card.bit & pack.mask)
    cards = (
        f"{len(pack.cards)} cards, the {removed} out" if removed else f"All {len(pack.cards)} cards"
    )
    return f"{cards}: {hand} each, {hand} tricks a round; bids up to {hand}."


def blind_bids_line(rules: Ruleset) -> str:
    """Who may bid a number blind, from what, and what it is worth (rule-blind-bids).

    The numbers run to the hand size: 13, or 17 or 18 with three players, who trail the
    leading other player (rule-three-players), as four solo do (rule-solo).

    >>> from spades import Ruleset
    >>> line = blind_bids_line(Ruleset(blind_bid_minimum=6))
    >>> line[line.index("a player") : line.index(" blind,")]
    'a player whose side trails by 100 points or more may bid 6 to 13'
    >>> line = blind_bids_line(Ruleset(players=3, blind_bid_minimum=6))
    >>> line[line.index("a player") : line.index(" blind,")]
    'a player who trails the leading other player by 100 points or more may bid 6 to 17'
    """
    least, most = rules.blind_bid_minimum, rules.hand_size
    numbers = f"{least} to {most}" if least < most else str(most)
    deficit = rules.blind_bid_deficit
    trails = "who trails the leading other player" if rules.sides > 2 else "whose side trails"
    who = (
        "a player"
        if deficit is None
        else f"a player {trails} by {counted(deficit, 'point')} or more"
    )
    return (
        f"Blind bids: before looking at her hand, {who} may bid {numbers} blind, "
        f"for {blind_worth(rules)}."
    )


def blind_worth(rules: Ruleset) -> str:
    """What a number bid blind is worth, in words.

    20 points a trick, made or set (rule-blind-bids); under 10-for-200, 10 a trick on top
    of the 200 in a contract of 10 or more (reading-blind-ten-for-two-hundred).
    """
    worth = "20 points a trick, made or set"
    if rules.ten_for_two_hundred:
        worth += " (in a contract of 10 or more, 10 a trick on top of the 200)"
    return worth


def round_header(rules: Ruleset, number: int, dealer: int) -> str:
    """``Round 3: seat 2 deals; seat 3 bids and leads first``; two players draw instead."""
    deals = "draws first" if rules.players == 2 else "deals"
    first = next_seat(rules, dealer)
    return f"Round {number}: seat {dealer} {deals}; seat {first} bids and leads first"


def cards_text(cards: Iterable[Card]) -> str:
    """``2C 3D``, or ``no card``."""
    return " ".join(map(str, cards)) or "no card"


def finished_trick(before: State, move: Move) -> Trick | None:
    """The trick that ``move``, made in ``before``, completes; ``None`` if it completes none."""
    rules = before.rules
    if not isinstance(move, Play) or len(before.trick) < rules.players - 1:
        return None
    leader = before.trick_leader
    assert leader is not None, "a trick in progress has a leader"
    cards = (*before.trick, move.card)
    return Trick(leader, cards, trick_winner(rules, leader, cards))
