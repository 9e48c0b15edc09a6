"""Text for the command line: hands by suit, bids, tricks, source B's round table, results.

Small functions from values to lines of text; `spades._cli` prints them.

>>> from spades import Card
>>> brief_hand([Card.parse(text) for text in "AS 7S QH 2C TC".split()])
'S: A 7  H: Q  D: -  C: T 2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from spades._cards import Suit
from spades._moves import Play
from spades._state import Termination, Trick

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spades._cards import Card
    from spades._moves import Bid, Move
    from spades._rules import Ruleset
    from spades._scoring import RoundScore
    from spades._state import State

__all__ = [
    "bid_text",
    "brief_hand",
    "cards_text",
    "finished_trick",
    "outcome_text",
    "play_order",
    "round_header",
    "round_notes",
    "round_table",
    "rules_text",
    "seat_name",
    "seats_of",
    "side_name",
    "summary",
    "trick_line",
]

COUNTERS: Final = (
    "nil bids",
    "nils made",
    "blind nil bids",
    "blind nils made",
    "contracts",
    "contracts made",
    "bags",
    "bag penalties",
    "penalty points",
)
"""What `GameResult` counts for each side over a game's rounds."""


class GameResult(NamedTuple):
    """One simulated game: who won, how it ended, its rounds, each side's score and counts."""

    winner: int | None
    ending: str
    """The `Termination` value, or ``"stopped"`` after `ROUND_LIMIT` rounds."""
    rounds: int
    scores: tuple[int, int]
    counts: tuple[tuple[int, ...], tuple[int, ...]]
    """For each side, the `COUNTERS` in order."""


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The display order: spades (trumps) first, then hearts, diamonds and clubs."""


def seats_of(rules: Ruleset, side: int) -> tuple[int, ...]:
    """The seats of ``side``: ``side`` and ``side + 2``, or with two players ``side`` alone."""
    return (side, side + 2) if rules.players == 4 else (side,)


def side_name(rules: Ruleset, side: int, you: int | None = None) -> str:
    """``side 0 (seats 0+2)``, or with two players ``seat 0``; the person's is marked."""
    yours = you is not None and you % 2 == side
    if rules.players == 2:
        return f"seat {side} (you)" if yours else f"seat {side}"
    return f"side {side} (seats {side}+{side + 2}{', yours' if yours else ''})"


def seat_name(seat: int, you: int | None = None) -> str:
    """``seat 3``, or ``you`` for the person's own seat."""
    return "you" if seat == you else f"seat {seat}"


def play_order(rules: Ruleset, leader: int) -> tuple[int, ...]:
    """The seats in the order they play to a trick led by ``leader``."""
    step = rules.direction.step if rules.players == 4 else 1
    return tuple((leader + i * step) % rules.players for i in range(rules.players))


def brief_hand(cards: Iterable[Card]) -> str:
    """The cards by suit, spades first, each suit high to low: ``S: A 7  H: Q  D: -``."""
    ordered = sorted(cards, reverse=True)
    parts = []
    for suit in SUITS:
        ranks = " ".join(card.rank.symbol for card in ordered if card.suit is suit)
        parts.append(f"{suit.letter}: {ranks or '-'}")
    return "  ".join(parts)


def bid_text(rules: Ruleset, bid: Bid) -> str:
    """``3``, ``nil``, ``blind nil``; with two players a blind nil is ``double nil``."""
    if bid.blind and rules.players == 2:
        return "double nil"
    return str(bid).removeprefix("bid ")


def trick_line(rules: Ruleset, number: int, trick: Trick) -> str:
    """One trick: seat and card in playing order, ``*`` on the winning card, the winner."""
    cards = "  ".join(
        f"{seat}:{card}{'*' if seat == trick.winner else ' '}"
        for seat, card in zip(play_order(rules, trick.leader), trick.cards, strict=True)
    )
    return f"  {number:2}  {cards}  seat {trick.winner} wins"


def round_table(
    rules: Ruleset,
    number: int,
    score: RoundScore,
    totals: tuple[int, int],
    you: int | None = None,
) -> list[str]:
    """Source B's round summary: per side its bids, tricks, round points, bags and total.

    And the points still to win (``reached`` at or past the target).
    """
    names = [side_name(rules, side, you) for side in (0, 1)]
    width = max(len(f"After round {number}"), *map(len, names))
    lines = [
        f"  {f'After round {number}':<{width}}  {'bids':<14} tricks  points  bags  total  to target"
    ]
    for side, name in enumerate(names):
        seats = seats_of(rules, side)
        bids = " + ".join(bid_text(rules, score.bids[seat]) for seat in seats)
        tricks = sum(score.tricks[seat] for seat in seats)
        left = rules.target - totals[side]
        lines.append(
            f"  {name:<{width}}  {bids:<14} {tricks:6}  {score.points[side]:+6}"
            f"  {score.bags[side]:4}  {totals[side]:5}  {left if left > 0 else 'reached':>9}"
        )
    return lines


def round_notes(rules: Ruleset, score: RoundScore) -> list[str]:
    """A line for each nil bid of the round (made or not, and its points) and each penalty."""
    notes = []
    for seat, bid in enumerate(score.bids):
        if bid.n == 0:
            taken = score.tricks[seat]
            value = rules.blind_nil_value if bid.blind else rules.nil_value
            result = f"made it (+{value})" if taken == 0 else f"took {taken} (-{value})"
            notes.append(f"  seat {seat}'s {bid_text(rules, bid)}: {result}")
    for side, detail in enumerate(score.sides):
        if detail.bag_penalty:
            notes.append(f"  {side_name(rules, side)}: bag penalty {detail.bag_penalty}")
    return notes


def outcome_text(state: State, limit: int | None = None) -> str:
    """How the game ended, or that it was stopped after ``limit`` rounds without an end."""
    rules, scores, rounds = state.rules, state.scores, len(state.rounds)
    outcome = state.outcome
    if outcome is None:
        return (
            f"Stopped after {rounds} rounds without a winner: these rules have no round cap "
            f"and the command plays at most {limit} rounds. Scores {scores[0]} to {scores[1]}."
        )
    if outcome.winner is None:
        return f"The game is drawn {scores[0]} all after the round cap of {rounds} rounds."
    winner = outcome.winner
    why = {
        Termination.TARGET: f"it reached the target of {rules.target}",
        Termination.LOSING_FLOOR: f"the other fell to the losing floor of {rules.losing_floor}",
        Termination.ROUND_CAP: f"the higher score at the round cap of {rules.round_cap} rounds",
    }[outcome.termination]
    name = side_name(rules, winner)
    return (
        f"{name[0].upper()}{name[1:]} wins {scores[winner]} to {scores[1 - winner]} "
        f"after {rounds} rounds: {why}."
    )


def rules_text(rules: Ruleset) -> str:
    """Who plays with whom, which way, and how the game ends, in a sentence or two."""
    if rules.players == 4:
        way = "clockwise" if rules.direction.step == 1 else "counter-clockwise"
        text = (
            "Four players: seats 0 and 2 (side 0) against seats 1 and 3 (side 1); play runs "
            f"{way}. Game to {rules.target} points"
        )
    else:
        text = (
            "Two players, seat 0 against seat 1, each drawing 13 cards from the stock. "
            f"Game to {rules.target} points"
        )
    if rules.losing_floor is not None:
        text += f"; a side at {rules.losing_floor} or below loses"
    if rules.round_cap is not None:
        text += f"; at most {rules.round_cap} rounds"
    return text + "."


def round_header(rules: Ruleset, number: int, dealer: int) -> str:
    """``Round 3: seat 2 deals; seat 3 bids and leads first``."""
    first = play_order(rules, dealer)[1]
    deals = "deals" if rules.players == 4 else "draws first"
    return f"Round {number}: seat {dealer} {deals}; seat {first} bids and leads first"


def cards_text(cards: Iterable[Card]) -> str:
    """``2C 3D``, or ``no card``."""
    return " ".join(map(str, cards)) or "no card"


def finished_trick(before: State, move: Move, after: State) -> Trick | None:
    """The trick that ``move`` (from ``before`` to ``after``) completed, or ``None``."""
    if not isinstance(move, Play) or len(before.trick) < before.rules.players - 1:
        return None
    leader = before.trick_leader
    assert leader is not None, "a trick in progress has a leader"
    if len(after.rounds) > len(before.rounds):  # the round's last trick
        taken = after.rounds[-1].tricks
        winner = next(seat for seat, won in enumerate(before.tricks_taken) if won < taken[seat])
    else:
        winner = after.tricks[-1].winner
    return Trick(leader, (*before.trick, move.card), winner)


def summary(rules: Ruleset, results: list[GameResult], limit: int | None) -> list[str]:
    """The simulation's summary from its games' results, in game order."""
    games = len(results)
    rounds = sum(result.rounds for result in results)
    names = [side_name(rules, side) for side in (0, 1)]

    def share(part: int, whole: int) -> str:
        return f"{whole}, {part} ({100 * part / whole:.1f}%)" if whole else "0"

    def percent(part: int) -> str:
        return f"{part} ({100 * part / games:.1f}%)"

    def row(label: str, values: Iterable[str]) -> str:
        return f"  {label:<24}" + "".join(f"{value:>22}" for value in values)

    count = [dict.fromkeys(COUNTERS, 0), dict.fromkeys(COUNTERS, 0)]
    for result in results:
        for side in (0, 1):
            for name, value in zip(COUNTERS, result.counts[side], strict=True):
                count[side][name] += value
    blind = "double nil" if rules.players == 2 else "blind nil"
    endings = dict.fromkeys((*(t.value for t in Termination), "stopped"), 0)
    for result in results:
        endings[result.ending] += 1
    lines = [
        row("", names),
        row("wins", (percent(sum(r.winner == side for r in results)) for side in (0, 1))),
        row(
            "mean points per round",
            (f"{sum(r.scores[side] for r in results) / rounds:+.2f}" for side in (0, 1)),
        ),
        row("nil bids, made", (share(c["nils made"], c["nil bids"]) for c in count)),
        row(
            f"{blind} bids, made", (share(c["blind nils made"], c["blind nil bids"]) for c in count)
        ),
        row("contracts, made", (share(c["contracts made"], c["contracts"]) for c in count)),
        row("bags per round", (f"{c['bags'] / rounds:.2f}" for c in count)),
        row(
            "bag penalties, points", (f"{c['bag penalties']}, {c['penalty points']}" for c in count)
        ),
    ]
    draws = sum(r.winner is None and r.ending != "stopped" for r in results)
    lines.append(f"  draws: {percent(draws)}; rounds: {rounds}, {rounds / games:.1f} a game")
    ended = ", ".join(f"{ending.replace('_', ' ')} {n}" for ending, n in endings.items())
    lines.append(f"  endings: {ended}")
    if endings["stopped"]:
        lines.append(f"  stopped: no winner after {limit} rounds in {endings['stopped']} of them")
    return lines
