"""Duplicate duels: two bots on the same deals, the sides swapped; a win rate with its interval.

Deal ``j`` (from 0) of a duel seeded with ``seed`` is the game seeded with `game_seed`
``(seed, j)``, played twice: first with the first bot for side 0 (seats 0 and 2; with two
players seat 0) and the second for side 1, then with the sides swapped. A round's cards
follow from the game's seed and the round's number alone (`spades.round_deck`), so every
round that both games reach is dealt alike: the cards one bot held in one game, the other
holds in the other, and the luck of the cards cancels out.

With four playing solo (rule-solo), each seat her own player, the first bot plays seats 0
and 2 and the second seats 1 and 3, then the other way round on the same deal: each bot
has two players in every game, who play against each other as well as against the other
bot's. A bot's figures add up its two players' (their totals, contracts, nils).

Three players (rule-three-players) each play alone, so a deal is played six times
(`deal_seatings`): the first bot at one seat and the second at the other two, the lone
seat 0, then 1, then 2; then the second bot alone at seat 0, 1 and 2, the first at the
other two. Each bot sits at each seat alone once and beside its other player twice, on
the same cards: with bots of equal strength it wins a third of its lone games and two
thirds of its double ones, a half in all.

A game scores 1 for the first bot when its side wins (under solo and with three players:
one of its players, by the unique highest total), 0 when the other's does, a half when
neither does (a draw, or a game stopped after ``max_rounds`` rounds of rules without a
round cap). A deal (a pair of games) scores the mean of its games: 0, 1/4, 1/2, 3/4 or
1, or in twelfths with three players. The deals are independent (the games of a deal are
not: they share their cards), so the win rate is the mean of the deals' scores (the
`DuelResult.pair_scores`) and its 95% interval is `wilson_interval` over them.

>>> from spades import Ruleset
>>> result = duel("heuristic", "random", Ruleset(round_cap=2), deals=3, seed=1)
>>> result.deals, result.games, result.win_rate > 0.5, result.interval[1] == 1.0
(3, 6, True, True)
>>> solo = duel("heuristic", "random", Ruleset(solo=True, round_cap=2), deals=3, seed=1)
>>> solo.games, solo.first.wins + solo.first.losses + solo.first.draws
(6, 6)
>>> three = duel("heuristic", "heuristic", Ruleset(players=3, round_cap=1), deals=1, seed=1)
>>> three.games, three.pair_scores
(6, (0.5,))
"""

from __future__ import annotations

import hashlib
import math
import pickle
import statistics
import time
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

import attrs

from spades import State, _runs, side_of
from spades._errors import SpadesError, shown
from spades._rules import check_seat
from spades.bots import _registry
from spades.bots._hand import is_nil
from spades.bots._play import play_game
from spades.bots._registry import BotMaker

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from spades import Move, Ruleset, View
    from spades.bots._play import Policy

__all__ = [
    "ROUND_LIMIT",
    "Bot",
    "DuelResult",
    "PolicyStats",
    "deal_seatings",
    "duel",
    "game_seed",
    "seat_policies",
    "wilson_interval",
]

Bot: TypeAlias = str | BotMaker
"""A side of a duel: a bot's name in `spades.bots.BOTS`, or a maker: from a seed, a policy."""

ROUND_LIMIT: Final = 200
"""Rounds after which a duel stops a game whose rules have no round cap (scored a half)."""

Z95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""


def game_seed(seed: int, number: int) -> int:
    """The seed derived from ``seed`` for ``number``: of a duel's deal, or a game's seat.

    Deal ``j`` of a duel seeded with ``seed`` has the seed ``game_seed(seed, j)``, and the
    bot at seat ``s`` of a game seeded with ``g`` the seed ``game_seed(g, s)``: a game is
    the same whichever process plays it and whatever was played before.

    It is the 16-byte BLAKE2b digest of ``f"{seed}:{number}"``, read little-endian:

    >>> import hashlib
    >>> game_seed(1, 0) == int.from_bytes(
    ...     hashlib.blake2b(b"1:0", digest_size=16).digest(), "little"
    ... )
    True
    """
    digest = hashlib.blake2b(f"{seed}:{number}".encode(), digest_size=16).digest()
    return int.from_bytes(digest, "little")


def _maker(bot: Bot) -> BotMaker:
    """The maker of ``bot``; `SpadesError` for an unknown name or what is not callable."""
    known = ", ".join(_registry.BOTS)
    if isinstance(bot, str):
        maker = _registry.BOTS.get(bot)
        if maker is None:
            raise SpadesError(f"{shown(bot)} is not a bot; known: {known}")
        return maker
    if not callable(bot):
        raise SpadesError(f"{shown(bot)} is not a bot: a name ({known}) or a maker")
    return bot


def seat_policies(rules: Ruleset, seed: int, sides: tuple[Bot, ...]) -> list[Policy]:
    """A fresh policy for each seat of the game seeded with ``seed``, in seat order.

    Two bots (names in `spades.bots.BOTS` or makers): the seats of side 0 play
    ``sides[0]``, those of side 1 ``sides[1]``: the even seats and the odd ones, which with
    four playing solo (rule-solo) are four sides, and with three players
    (rule-three-players) seats 0 and 2 against seat 1. A bot for each seat: seat ``s``
    plays ``sides[s]`` (so a duel seats three players, `deal_seatings`). The bot at seat
    ``s`` is made with the seed `game_seed` ``(seed, s)``. Another number of bots raises
    `SpadesError`.

    >>> from spades import CLASSIC, Ruleset
    >>> len(seat_policies(CLASSIC, 7, ("search", "random")))
    4
    >>> len(seat_policies(Ruleset(players=3), 7, ("random", "heuristic", "heuristic")))
    3
    """
    if len(sides) not in {2, rules.players}:
        raise SpadesError(f"{rules.players} seats take two bots or one a seat, not {len(sides)}")
    makers = tuple(_maker(bot) for bot in sides)
    return [makers[seat % len(makers)](game_seed(seed, seat)) for seat in range(rules.players)]


def deal_seatings(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """The games of a duel's deal: in each, the bot of each seat (0 the first, 1 the second).

    Two and four players, two games: the first bot's side 0 (its even seats), then its side
    1 (a bot a seat's parity; under solo, two players a bot). Three players
    (rule-three-players), six games: the first bot alone at seat 0, 1, then 2, the second
    at the other two; then the second alone at each seat in turn.

    >>> from spades import CLASSIC, Ruleset
    >>> deal_seatings(CLASSIC)
    ((0, 1), (1, 0))
    >>> deal_seatings(Ruleset(players=3))
    ((0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))
    """
    if rules.players != 3:
        return ((0, 1), (1, 0))
    return tuple(
        tuple(lone if seat == alone else 1 - lone for seat in range(3))
        for lone in (0, 1)
        for alone in range(3)
    )


def wilson_interval(scores: Sequence[float], *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the mean of ``scores``, independent and each in [0, 1].

    The values of ``p`` whose distance from the mean ``m`` of the ``n`` scores is at most
    ``z`` standard errors, the standard error taken at ``p`` itself as ``sqrt(p(1 - p)/n)``:
    the largest a mean of scores in [0, 1] can have. It never shrinks to a point: all
    scores 1 give ``[n / (n + z**2), 1]``. No score gives [0, 1].

    >>> low, high = wilson_interval([1.0] * 50)
    >>> round(low, 3), high
    (0.929, 1.0)
    >>> [round(end, 3) for end in wilson_interval([0.5, 0.5, 0.5, 0.5])]
    [0.15, 0.85]
    >>> wilson_interval([])
    (0.0, 1.0)
    """
    n = len(scores)
    if not n:
        return 0.0, 1.0
    mean = statistics.fmean(scores)
    shrink = 1 + z * z / n
    centre = (mean + z * z / (2 * n)) / shrink
    half = z / shrink * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n))
    low = 0.0 if mean == 0 else max(0.0, centre - half)  # (exactly, not within a rounding)
    high = 1.0 if mean == 1 else min(1.0, centre + half)
    return low, high


@attrs.frozen(kw_only=True)
class PolicyStats:
    """What one bot of a duel did over all its games, from its own side of the table."""

    name: str
    """The bot's name, or its maker's (``__name__``, else ``repr``)."""
    win_rate: float
    """Its score over the games: a win 1, a loss 0, a draw or a stopped game a half."""
    low: float
    """The lower end of the win rate's 95% interval (`wilson_interval` over the pairs)."""
    high: float
    """The upper end of the win rate's 95% interval."""
    wins: int
    """Games its side won (under solo, one of its two players: rule-solo)."""
    losses: int
    """Games the other bot's side won."""
    draws: int
    """Drawn games (stopped games are neither wins, losses nor draws)."""
    points: int
    """Its sides' final scores added up: under solo, each game's two players' totals together
    (half of it is one player's)."""
    contracts: int
    """Its sides' contracts: rounds in which a side's non-nil bids added up to one or more
    (under solo, each player's own bid)."""
    contracts_made: int
    contracts_exact: int
    """Contracts made with exactly the tricks bid, no bag."""
    their_contracts: int
    """The contracts of the other bot's sides."""
    sets: int
    """The opponents' contracts that failed."""
    nil_bids: int
    nils_made: int
    blind_nil_bids: int
    blind_nils_made: int
    blind_bids: int
    """Numbers bid blind by its seats (rule-blind-bids)."""
    blind_bids_made: int
    """Those whose side made its contract: their tricks counted double for it."""
    bags: int
    bag_penalties: int
    penalty_points: int
    moves: int
    mean_ms: float
    """Milliseconds per move, the mean."""
    median_ms: float
    """Milliseconds per move, the median."""


@attrs.frozen(kw_only=True)
class DuelResult:
    """A duel's outcome: the first bot's pair scores, the games' length, each bot's figures."""

    seed: int
    pair_scores: tuple[float, ...]
    """The first bot's score in each deal, in deal order, the mean of the deal's games: 0,
    0.25, 0.5, 0.75 or 1; with three players (rule-three-players) of its six games, in
    twelfths."""
    rounds: int
    """The rounds of all the games."""
    stopped: int
    """Games stopped without a winner after ``limit`` rounds."""
    limit: int | None
    """The rounds after which a game was stopped; ``None`` when the rules' round cap ends it."""
    first: PolicyStats
    second: PolicyStats
    games_per_deal: int = 2
    """How many times each deal was played (`deal_seatings`): two, or six with three players."""

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.pair_scores)

    @property
    def games(self) -> int:
        """How many games were played: two a deal, or six with three players."""
        return self.games_per_deal * self.deals

    @property
    def win_rate(self) -> float:
        """The first bot's win rate: the mean of its pair scores."""
        return self.first.win_rate

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval (low, high) of the first bot's win rate (`wilson_interval`)."""
        return self.first.low, self.first.high


class DuelGame(NamedTuple):
    """One game of a duel, as a worker sends it back: what `DuelResult` adds up.

    Each figure is by the task's bot (`slot_of`): with two of them 0 the bot of the even
    seats (the task's first), 1 that of the odd seats. With partnerships or two players a
    bot is a side; under solo it is two (rule-solo), whose figures are added up. With
    three players (rule-three-players) the task has a bot a seat, and the figures are by
    seat; the duel adds up those of each bot's seats.
    """

    winner: int | None
    """The task's bot whose side won, or None (a draw, or a stopped game)."""
    stopped: bool
    rounds: int
    scores: tuple[int, ...]
    """For each of the task's bots, its sides' final scores added up."""
    counts: tuple[tuple[int, ...], ...]
    """For each of the task's bots, the `COUNTERS` of its sides over the game's rounds, added up."""
    times: tuple[tuple[float, ...], ...]
    """For each of the task's bots, the seconds its policies took over its moves, in order."""


COUNTERS: Final = (
    "nil bids",
    "nils made",
    "blind nil bids",
    "blind nils made",
    "blind bids",
    "blind bids made",
    "contracts",
    "contracts made",
    "contracts exact",
    "bags",
    "bag penalties",
    "penalty points",
)
"""What `side_counts` counts for a side over a game's rounds, in order: its duels' figures
(`PolicyStats`) and the summary of ``spades simulate`` add these up."""


def side_counts(state: State, side: int) -> tuple[int, ...]:
    """The `COUNTERS` of ``side`` over the completed rounds of ``state``'s game, in order.

    A nil or blind nil counts as made when its bidder took no trick; a number bid blind
    when her side made its contract (rule-blind-bids); a side's contract is
    its numbered bids added up, counted when above zero; bags are its overtricks and the
    nil tricks that became bags; penalties are each time the bag limit cost points. Under a
    zero contract (reading-zero-bid) a bid of zero is no nil: every round is a contract of
    the side's bids, zero too.

    >>> from spades import CLASSIC
    >>> from spades.bots import heuristic_policy, play_game
    >>> state = play_game(CLASSIC, [heuristic_policy()] * 4, seed=1, max_rounds=2)
    >>> counts = dict(zip(COUNTERS, side_counts(state, 0)))
    >>> counts["contracts"] <= len(state.rounds)
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"side_counts takes a State, not {type(state).__name__}")
    rules = state.rules
    side = check_seat(side, rules.sides, what="side")
    counts = dict.fromkeys(COUNTERS, 0)
    for score in state.rounds:
        for seat, bid in enumerate(score.bids):
            if side_of(rules, seat) == side and is_nil(rules, bid):
                kind = "blind nil" if bid.blind else "nil"
                counts[f"{kind} bids"] += 1
                counts[f"{kind}s made"] += score.tricks[seat] == 0
        detail = score.sides[side]
        blind = sum(
            bid.blind and bid.n > 0
            for seat, bid in enumerate(score.bids)
            if side_of(rules, seat) == side
        )
        counts["blind bids"] += blind
        counts["blind bids made"] += blind * detail.made
        if detail.contract or rules.zero_contract:
            counts["contracts"] += 1
            counts["contracts made"] += detail.made
            counts["contracts exact"] += detail.tricks == detail.contract
        counts["bags"] += detail.overtricks + detail.nil_bags
        if detail.bag_penalty:
            counts["bag penalties"] += -detail.bag_penalty // rules.bag_penalty
            counts["penalty points"] += detail.bag_penalty
    return tuple(counts.values())


def _timed(policy: Policy, times: list[float]) -> Policy:
    """``policy``, adding the seconds of each of its decisions to ``times``."""

    def move(view: View) -> Move:
        start = time.perf_counter()
        chosen = policy(view)
        times.append(time.perf_counter() - start)
        return chosen

    return move


Task: TypeAlias = "tuple[Ruleset, int, tuple[Bot, ...], int | None]"
"""A game of a duel: its rules, its seed, the bots of the even and the odd seats (sides 0
and 1 unless solo; with three players a bot a seat, `seat_policies`), its round limit."""


def bot_of(side: int) -> int:
    """The bot of a duel's game that plays ``side``: 0 for the even seats, 1 for the odd ones.

    `seat_policies` gives the even seats the first bot and the odd seats the second. A
    side of two partners is seats ``side`` and ``side + 2``, a player on her own (two
    players, or solo: rule-solo) the seat ``side``: either way its seats' parity is the
    side's.

    >>> [bot_of(side) for side in range(4)]
    [0, 1, 0, 1]
    """
    return side % 2


def slot_of(side: int, bots: int) -> int:
    """Which of a task's ``bots`` bots plays ``side``: `bot_of` for two, the side's seat for three.

    A side's seats are those of the bot ``side % bots`` (`seat_policies`); with three
    players (rule-three-players) the side is the seat.

    >>> [slot_of(side, 2) for side in range(4)], [slot_of(side, 3) for side in range(3)]
    ([0, 1, 0, 1], [0, 1, 2])
    """
    return side % bots


def duel_game(task: Task) -> DuelGame:
    """Play the game of ``task`` (what a worker does): rules, seed, sides' bots, round limit.

    Its figures are by the task's bot (`slot_of`): under solo each bot's two players' are
    added up; with three players (rule-three-players) they are by seat.
    """
    rules, seed, sides, limit = task
    slots = len(sides)
    times: tuple[list[float], ...] = tuple([] for _ in range(slots))
    policies = [
        _timed(policy, times[slot_of(side_of(rules, seat), slots)])
        for seat, policy in enumerate(seat_policies(rules, seed, sides))
    ]
    state = play_game(rules, policies, seed=seed, max_rounds=limit)
    outcome = state.outcome
    scores = [0] * slots
    counts = [[0] * len(COUNTERS) for _ in range(slots)]
    for side, score in enumerate(state.scores):
        scores[slot_of(side, slots)] += score
        mine = counts[slot_of(side, slots)]
        for key, value in enumerate(side_counts(state, side)):
            mine[key] += value
    won = None if outcome is None or outcome.winner is None else slot_of(outcome.winner, slots)
    return DuelGame(
        winner=won,
        stopped=outcome is None,
        rounds=len(state.rounds),
        scores=tuple(scores),
        counts=tuple(map(tuple, counts)),
        times=tuple(map(tuple, times)),
    )


def game_tasks(
    rules: Ruleset, sides: tuple[Bot, Bot], *, seed: int, deals: int, limit: int | None
) -> Iterator[Task]:
    """The tasks of the games of ``deals`` deals, made when asked: two a deal, sides swapped.

    With three players (rule-three-players) six a deal, a bot a seat (`deal_seatings`).

    >>> import itertools
    >>> from spades import CLASSIC
    >>> tasks = game_tasks(CLASSIC, ("search", "random"), seed=1, deals=10**18, limit=None)
    >>> [task[1:3] for task in itertools.islice(tasks, 2)] == [
    ...     (game_seed(1, 0), ("search", "random")),
    ...     (game_seed(1, 0), ("random", "search")),
    ... ]
    True
    """
    seatings = deal_seatings(rules)
    for deal in range(deals):
        seed_ = game_seed(seed, deal)
        for seating in seatings:
            yield rules, seed_, tuple(sides[bot] for bot in seating), limit


def _name(bot: Bot) -> str:
    """A bot's name, or its maker's ``__name__``, else its ``repr``."""
    return bot if isinstance(bot, str) else str(getattr(bot, "__name__", repr(bot)))


def _check_pickles(bot: Bot) -> None:
    """`SpadesError` if the maker ``bot`` cannot be sent to a worker process."""
    try:
        pickle.dumps(bot)
    except Exception as error:  # pickle raises several kinds, undocumented
        raise SpadesError(
            f"the maker {_name(bot)} cannot be sent to worker processes (it must pickle, as a "
            f"function defined at the top of a module does): {error}"
        ) from None


def duel(
    first: Bot,
    second: Bot,
    rules: Ruleset,
    *,
    deals: int,
    seed: int = 0,
    workers: int = 1,
    ray: str | None = None,
    max_rounds: int = ROUND_LIMIT,
    progress: Callable[[int, int], object] | None = None,
) -> DuelResult:
    """``first`` against ``second`` under ``rules``, in duplicate: ``deals`` deals twice each.

    Each bot is a name in `spades.bots.BOTS` or a maker, from a seed a fresh policy (the bot at seat
    ``s`` of a game seeded with ``g`` is made with ``game_seed(g, s)``). The games run here,
    on ``workers`` processes (spawned: a maker must then pickle, which a function defined
    at the top of a module does and a lambda does not), or, if ``ray`` is given, as Ray
    tasks on the Ray at that address (``"local"`` starts one for the duel, ``"auto"``
    connects to the one running, anything else is a cluster's address for ``ray.init``;
    ``workers`` is then not used). The games are made as they are played and gathered in
    game order, so the result, the times per move aside, is the same for any ``workers``
    and on Ray. Games of rules without a round cap stop after ``max_rounds`` rounds.
    ``progress`` (if given) is called with the games played and the games in all after
    each game. A duel keeps each game's times per move (for their median): its memory
    grows with its games.

    With four playing solo (rule-solo) the first bot plays seats 0 and 2 and the second
    seats 1 and 3, then the other way round; a game is a bot's when one of its players
    wins it (the unique highest total), and a bot's points are its two players' totals
    added up. With three players (rule-three-players) each deal is played six times, each
    bot alone at each seat once and at the two others once (`deal_seatings`), a game again
    a bot's when one of its players wins it; its figures add up its players' over the six.

    Raises `SpadesError` (a `ValueError`) for an unknown bot, a maker that does not pickle
    on workers, fewer than one deal, worker or round, or ``ray`` without Ray installed or
    out of reach.
    """
    sides = (first, second)
    for bot in sides:
        _maker(bot)
        if workers > 1 and ray is None and not isinstance(bot, str):
            _check_pickles(bot)
    if deals < 1 or workers < 1 or max_rounds < 1:
        raise SpadesError(
            "a duel needs a deal, a worker and a round at least, not "
            f"{shown(deals)}, {shown(workers)} and {shown(max_rounds)}"
        )
    limit = None if rules.round_cap is not None else max_rounds
    seatings = deal_seatings(rules)
    per = len(seatings)
    played: list[DuelGame] = []
    tasks = game_tasks(rules, sides, seed=seed, deals=deals, limit=limit)
    with _runs.played(duel_game, tasks, count=per * deals, workers=workers, ray=ray) as games:
        for game in games:  # in game order, whatever the worker count
            played.append(game)
            if progress is not None:
                progress(len(played), per * deals)
    seated = [(game, seatings[number % per]) for number, game in enumerate(played)]
    scores = [_score(game, seating) for game, seating in seated]
    pair_scores = tuple(statistics.fmean(scores[i : i + per]) for i in range(0, len(scores), per))
    low, high = wilson_interval(pair_scores)
    their_low, their_high = wilson_interval([1 - score for score in pair_scores])
    rate = statistics.fmean(pair_scores)
    return DuelResult(
        seed=seed,
        pair_scores=pair_scores,
        rounds=sum(game.rounds for game in played),
        stopped=sum(game.stopped for game in played),
        limit=limit,
        first=_stats(_name(first), seated, 0, (rate, low, high)),
        second=_stats(_name(second), seated, 1, (1 - rate, their_low, their_high)),
        games_per_deal=per,
    )


def _score(game: DuelGame, seating: tuple[int, ...]) -> float:
    """What a game scores for the first bot: 1 for a win, 0 for a loss, a half otherwise.

    ``seating`` is the game's bot (0 the first, 1 the second) of each of its task's bots.
    """
    if game.winner is None:
        return 0.5
    return 1.0 if seating[game.winner] == 0 else 0.0


def _stats(
    name: str,
    seated: Sequence[tuple[DuelGame, tuple[int, ...]]],
    bot: int,
    rate: tuple[float, float, float],
) -> PolicyStats:
    """The figures of bot ``bot`` (0 the first, 1 the second) over the games and seatings.

    Each game's figures of the task's bots that are ``bot`` are added up, the others' as
    theirs.
    """
    count = dict.fromkeys(COUNTERS, 0)
    their = dict.fromkeys(COUNTERS, 0)
    wins = losses = draws = points = 0
    times: list[float] = []
    for game, seating in seated:
        if game.winner is not None:
            wins += seating[game.winner] == bot
            losses += seating[game.winner] != bot
        draws += game.winner is None and not game.stopped
        for slot, owner in enumerate(seating):
            if owner == bot:
                points += game.scores[slot]
                times.extend(game.times[slot])
            for key, value in zip(COUNTERS, game.counts[slot], strict=True):
                (count if owner == bot else their)[key] += value
    return PolicyStats(
        name=name,
        win_rate=rate[0],
        low=rate[1],
        high=rate[2],
        wins=wins,
        losses=losses,
        draws=draws,
        points=points,
        contracts=count["contracts"],
        contracts_made=count["contracts made"],
        contracts_exact=count["contracts exact"],
        their_contracts=their["contracts"],
        sets=their["contracts"] - their["contracts made"],
        nil_bids=count["nil bids"],
        nils_made=count["nils made"],
        blind_nil_bids=count["blind nil bids"],
        blind_nils_made=count["blind nils made"],
        blind_bids=count["blind bids"],
        blind_bids_made=count["blind bids made"],
        bags=count["bags"],
        bag_penalties=count["bag penalties"],
        penalty_points=count["penalty points"],
        moves=len(times),
        mean_ms=1000 * statistics.fmean(times),
        median_ms=1000 * statistics.median(times),
    )
