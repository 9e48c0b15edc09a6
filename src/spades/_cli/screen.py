"""What the person playing ``spades play`` sees, said to her in the second person.

Her turn, her hand, her legal moves, and the news of each move: only what her seat may
know (`spades.observe`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import (
    Bid,
    Bidding,
    Exchange,
    Keep,
    Pass,
    Phase,
    Play,
    Reject,
    blind_numbers,
    lowest_bid,
    may_bid_blind,
    observe,
    partner,
    side_of,
    winning_card,
)
from spades._card_pass import pass_due
from spades._table_text import (
    SUITS,
    bid_text,
    blind_worth,
    cards_text,
    counted,
    finished_trick,
    hand_order,
    move_words,
    played_text,
    round_header,
    round_notes,
    round_table,
    seat_name,
    side_name,
)

if TYPE_CHECKING:
    from spades import Move, State, View

__all__ = ["legal_text", "news_lines", "turn_lines"]


def turn_lines(view: View) -> list[str]:
    """What the person sees at her turn."""
    rules, you = view.rules, view.seat
    lines = [
        "",
        f"-- Your turn (seat {you}): round {view.round_number}, {view.phase.value} --",
        "Scores: "
        + ", ".join(f"{side_name(rules, s, you)} {view.scores[s]}" for s in range(rules.sides)),
        "Bids: "
        + ", ".join(
            f"{seat_name(seat, you)}: {'-' if bid is None else bid_text(bid, rules)}"
            for seat, bid in enumerate(view.bids)
        ),
    ]
    if view.phase is Phase.PLAYING:
        won = view.tricks_taken
        lines.append(
            "Tricks won: " + ", ".join(f"{seat_name(seat, you)}: {n}" for seat, n in enumerate(won))
        )
        number = len(view.tricks) + 1
        if view.trick:
            assert view.trick_leader is not None
            cards = played_text(rules, view.trick_leader, view.trick, you)
            lines.append(f"Trick {number} so far: {cards}")
        else:
            lines.append(f"You lead trick {number}.")
    if view.phase is Phase.DRAWING:
        lines.append(f"Top of the stock: {view.top_card} ({view.stock_size} cards left).")
        lines.append("'keep' takes it and discards the next; 'reject' discards it, takes the next.")
    if view.hand is None:
        lines.extend(_face_down_lines(view))
    else:
        lines.extend(_hand(view))
    lines.append(f"Legal moves: {legal_text(view)}")
    return lines


def _face_down_lines(view: View) -> list[str]:
    """Her cards are face down: the blind bids open to her, and why she may bid a number.

    Blind nil where she may bid it (rule-blind-nil); the numbers from the least she may bid
    blind to the hand size (13; 17 or 18 with three players), worth 20 a trick made or set
    (`blind_worth`), because her side trails by the rules' deficit, or at any score, and
    from more than the rules' minimum under a team minimum (rule-blind-bids). A player on
    her own trails the leading other player (rule-solo, rule-three-players).
    """
    rules, you = view.rules, view.seat
    numbers = blind_numbers(view, you)
    nil = rules.blind_nil and may_bid_blind(view, you)
    most = rules.hand_size
    span = f"{numbers[0]} to {most}" if numbers and numbers[0] < most else str(most)
    choices = " or ".join((["blind nil"] if nil else []) + ([f"blind {span}"] if numbers else []))
    lines = [f"Your cards are face down: bid {choices} now, or look at them first."]
    if not numbers:
        return lines
    deficit = rules.blind_bid_deficit
    if deficit is None:
        why = "these rules allow it at any score"
    else:
        mine = side_of(rules, you)
        best = max(score for side, score in enumerate(view.scores) if side != mine)
        behind = counted(best - view.scores[mine], "point")
        trails = "you trail the leading other player" if rules.sides > 2 else "your side trails"
        why = f"{trails} by {behind} ({deficit} or more allows it)"
    lines.append(f"A number bid blind counts {blind_worth(rules)}: {why}.")
    if numbers[0] > rules.blind_bid_minimum:  # rule-team-minimum
        lines.append(
            f"You bid blind {span}, not from {rules.blind_bid_minimum}: your side's bids must "
            f"add up to at least {rules.team_minimum}."
        )
    return lines


def _hand(view: View) -> list[str]:
    """The person's hand, a line a suit, high to low; in the play, her legal cards in [ ].

    A card sits in the line of the suit it plays as in the rules' pack (`hand_order`): the
    jokers, and the 2♦ of Joker-Joker-Deuce-Deuce, in the spades' (rule-decks).
    """
    hand, deck = view.hand or (), view.rules.pack
    legal = {move.card for move in view.legal_moves() if isinstance(move, Play)}
    mark = " (the cards you may play in [brackets])" if view.phase is Phase.PLAYING else ""
    lines = [f"Your hand{mark}:" if hand else "Your hand: no card yet."]
    for suit in SUITS if hand else ():
        cards = [card for card in hand_order(hand, deck) if deck.suit_of(card) is suit]
        shown = " ".join(f"[{card}]" if card in legal else f" {card} " for card in cards)
        lines.append(f"  {suit.name.lower():<9}{shown or ' -'}".rstrip())
    return lines


def legal_text(view: View) -> str:
    """The legal moves in words; the first is always one to type as it is.

    The cards she may play are listed in the order her hand shows them (`hand_order`). Her
    bids start at nil, at a zero contract's ``bid 0`` or at the lowest number she may bid:
    under a team minimum, what her partner's bid leaves missing (rule-team-minimum); under
    Suicide they say what it asks of her (rule-suicide), and under Whiz and Mirror how many
    spades she holds (rule-whiz, rule-mirror).
    """
    moves, rules = view.legal_moves(), view.rules
    if view.phase is Phase.PLAYING:
        cards = hand_order((move.card for move in moves if isinstance(move, Play)), rules.pack)
        return ", ".join(f"play {card}" for card in cards)
    if view.phase is Phase.BIDDING and view.hand is not None:
        return _bids_text(view, [move for move in moves if isinstance(move, Bid)])
    if view.phase is Phase.BIDDING:  # face down: blind nil, the blind numbers, a look
        words = [str(move) for move in moves if not (isinstance(move, Bid) and move.n)]
        numbers = [move.n for move in moves if isinstance(move, Bid) and move.n]
        if len(numbers) > 1:
            words.insert(-1, f"bid blind {numbers[0]} to bid blind {numbers[-1]}")
        elif numbers:
            words.insert(-1, f"bid blind {numbers[0]}")
        return ", ".join(words)
    if view.phase is Phase.PASSING:
        count = pass_due(view)[1]  # her side's count (rule-card-pass)
        other = f"any other {count}" if count > 1 else "any other"
        return f"{moves[0]}, or {other} of your cards"
    if view.phase is Phase.EXCHANGING:
        most = rules.blind_nil_exchange
        return f"exchange (keeps your hand), or up to {most} of your cards, like {moves[-1]}"
    return ", ".join(map(str, moves))  # blind nil and look; or blind nil, keep and reject


def _bids_text(view: View, bids: list[Bid]) -> str:
    """``bid nil, bid 1 to bid 13 (or just the number)``; a minimum's lowest bid, and why.

    The numbers run to the hand size: 13, or 17 or 18 with three players
    (rule-three-players). Under Suicide, nil alone after her partner's number, and what
    Suicide asks of her (rule-suicide).
    """
    rules = view.rules
    if rules.bidding in (Bidding.WHIZ, Bidding.MIRROR):
        return _spades_bids_text(view, bids)
    words = [move_words(rules, bid) for bid in bids if bid.n == 0]
    numbers = [bid.n for bid in bids if bid.n]
    if len(numbers) > 1:
        words.append(f"bid {numbers[0]} to bid {numbers[-1]} (or just the number)")
    elif numbers:
        words.append(f"bid {numbers[0]}")
    text = ", ".join(words)
    if rules.bidding is Bidding.SUICIDE:
        seat = partner(rules, view.seat)
        mate = None if seat is None else view.bids[seat]
        if mate is None:
            return text + ": under Suicide one partner bids nil and the other 4 or more"
        if mate.n == 0:
            return text + ": under Suicide you bid 4 or more after your partner's nil"
        return text + f" (under Suicide you bid nil after your partner's {mate.n})"
    if lowest_bid(rules, view.bids, view.seat):
        text += f": your side's bids must add up to at least {rules.team_minimum}"
    return text


def _spades_bids_text(view: View, bids: list[Bid]) -> str:
    """``bid nil, bid 3 (you hold 3 spades: under Whiz you bid 3 or nil)``.

    Her bids under Whiz and Mirror, and why: the number of spades she holds, in the words
    of the refusal of any other bid (rule-whiz, rule-mirror).
    """
    rules = view.rules
    mode = rules.bidding.name.title()
    count = sum(card.bit & rules.pack.spades != 0 for card in view.hand or ())  # rule-decks
    text = ", ".join(move_words(rules, bid) for bid in bids)
    zero = bid_text(Bid(0), rules)
    if not count:
        return f"{text} (you hold no spades: under {mode} you bid {zero})"
    asked = f"{count} or {zero}" if rules.bidding is Bidding.WHIZ else str(count)
    return f"{text} (you hold {counted(count, 'spade')}: under {mode} you bid {asked})"


def news_lines(before: State, move: Move, after: State, you: int) -> list[str]:
    """What the person learns from ``move``: only what her seat may see."""
    rules, seat = before.rules, before.to_move
    assert seat is not None
    who, seen = seat_name(seat, you), observe(after, you)
    lines = []
    if isinstance(move, (Keep, Reject)):
        if seat == you:
            draw = seen.draws[-1]
            lines.append(f"you keep {draw.kept} and discard {draw.discarded}")
    elif isinstance(move, Pass):
        passed = seen.passes[-1].cards
        given = counted(len(move.cards), "card") if passed is None else cards_text(passed)
        mate = partner(rules, seat)
        assert mate is not None, "card passes are between partners"
        to = "your partner" if seat == you else seat_name(mate, you)
        lines.append(f"{who}: pass {given} to {to}")
    elif isinstance(move, Exchange):
        exchange = seen.exchanges[-1]
        if exchange.given is not None and exchange.drawn is not None:  # her own
            gave, drew = cards_text(exchange.given), cards_text(exchange.drawn)
            lines.append(f"you give {gave}, draw {drew}")
        else:
            lines.append(f"{who}: exchange {len(move.cards)} cards with the discards")
    else:  # bids, looks and plays are public
        lines.append(f"{who}: {move_words(rules, move)}")
    trick = finished_trick(before, move)
    if trick is not None:
        number = len(before.tricks) + 1
        winner = seat_name(trick.winner, you)
        wins = "win" if trick.winner == you else "wins"
        cards = played_text(rules, trick.leader, trick.cards, you)
        best = winning_card(trick.cards, rules=rules)
        lines.append(f"  Trick {number}: {cards}; {winner} {wins} it with {best}.")
    if len(after.rounds) > len(before.rounds):
        score = after.rounds[-1]
        lines.append("")
        lines.extend(round_table(rules, len(after.rounds), score, after.scores, you))
        lines.extend(round_notes(rules, score, you))
        if after.outcome is None:
            lines.extend(("", round_header(rules, after.round_number, after.dealer)))
    return lines
