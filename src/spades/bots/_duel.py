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

A game scores 1 for the first bot when its side wins (under solo: one of its players, by
the unique highest total), 0 when the other's does, a half when neither does (a draw, or
a game stopped after ``max_rounds`` rounds of rules without a round cap). A pair scores
the mean of its two games: 0, 1/4, 1/2, 3/4 or 1. The pairs are independent (the two
games of a pair are not: they share their cards), so the win rate is the mean of the
pair scores and its 95% interval is `wilson_interval` over them.

>>> from spades import Ruleset
>>> result = duel("heuristic", "random", Ruleset(round_cap=2), deals=3, seed=1)
>>> result.deals, result.games, result.win_rate > 0.5, result.interval[1] == 1.0
(3, 6, True, True)
>>> solo = duel("heuristic", "random", Ruleset(solo=True, round_cap=2), deals=3, seed=1)
>>> solo.games, solo.first.wins + solo.first.losses + solo.first.draws
(6, 6)
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


def seat_policies(rules: Ruleset, seed: int, sides: tuple[Bot, Bot]) -> list[Policy]:
    """A fresh policy for each seat of the game seeded with ``seed``, in seat order.

    The seats of side 0 play ``sides[0]``, those of side 1 ``sides[1]`` (names in
    `spades.bots.BOTS` or makers): the even seats and the odd ones, which with four playing
    solo (rule-solo) are four sides. The bot at seat ``s`` is made with the seed
    `game_seed` ``(seed, s)``.

    >>> from spades import CLASSIC
    >>> len(seat_policies(CLASSIC, 7, ("search", "random")))
    4
    """
    makers = (_maker(sides[0]), _maker(sides[1]))
    return [makers[seat % 2](game_seed(seed, seat)) for seat in range(rules.players)]


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
    """The first bot's score in each pair, in deal order: 0, 0.25, 0.5, 0.75 or 1."""
    rounds: int
    """The rounds of all the games."""
    stopped: int
    """Games stopped without a winner after ``limit`` rounds."""
    limit: int | None
    """The rounds after which a game was stopped; ``None`` when the rules' round cap ends it."""
    first: PolicyStats
    second: PolicyStats

    @property
    def deals(self) -> int:
        """How many deals were played twice."""
        return len(self.pair_scores)

    @property
    def games(self) -> int:
        """How many games were played: two a deal."""
        return 2 * self.deals

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

    Each figure is by bot: 0 the bot of the even seats (the task's first), 1 that of the
    odd seats. With partnerships or two players a bot is a side; under solo it is two
    (rule-solo), whose figures are added up.
    """

    winner: int | None
    """The bot whose side won, or None (a draw, or a stopped game)."""
    stopped: bool
    rounds: int
    scores: tuple[int, ...]
    """For each bot, its sides' final scores added up."""
    counts: tuple[tuple[int, ...], tuple[int, ...]]
    """For each bot, the `COUNTERS` of its sides over the game's rounds, added up."""
    times: tuple[tuple[float, ...], tuple[float, ...]]
    """For each bot, the seconds its policies took over each of their moves, in order."""


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


Task: TypeAlias = "tuple[Ruleset, int, tuple[Bot, Bot], int | None]"
"""A game of a duel: its rules, its seed, the bots of the even and the odd seats (sides 0
and 1 unless solo), its round limit."""


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


def duel_game(task: Task) -> DuelGame:
    """Play the game of ``task`` (what a worker does): rules, seed, sides' bots, round limit.

    Its figures are by bot (`bot_of`): under solo each bot's two players' are added up.
    """
    rules, seed, sides, limit = task
    times: tuple[list[float], list[float]] = ([], [])
    policies = [
        _timed(policy, times[bot_of(side_of(rules, seat))])
        for seat, policy in enumerate(seat_policies(rules, seed, sides))
    ]
    state = play_game(rules, policies, seed=seed, max_rounds=limit)
    outcome = state.outcome
    scores = [0, 0]
    counts = [[0] * len(COUNTERS), [0] * len(COUNTERS)]
    for side, score in enumerate(state.scores):
        scores[bot_of(side)] += score
        mine = counts[bot_of(side)]
        for key, value in enumerate(side_counts(state, side)):
            mine[key] += value
    return DuelGame(
        winner=None if outcome is None or outcome.winner is None else bot_of(outcome.winner),
        stopped=outcome is None,
        rounds=len(state.rounds),
        scores=(scores[0], scores[1]),
        counts=(tuple(counts[0]), tuple(counts[1])),
        times=(tuple(times[0]), tuple(times[1])),
    )


def game_tasks(
    rules: Ruleset, sides: tuple[Bot, Bot], *, seed: int, deals: int, limit: int | None
) -> Iterator[Task]:
    """The tasks of the games of ``deals`` deals, made when asked: two a deal, sides swapped.

    >>> import itertools
    >>> from spades import CLASSIC
    >>> tasks = game_tasks(CLASSIC, ("search", "random"), seed=1, deals=10**18, limit=None)
    >>> [task[1:3] for task in itertools.islice(tasks, 2)] == [
    ...     (game_seed(1, 0), ("search", "random")),
    ...     (game_seed(1, 0), ("random", "search")),
    ... ]
    True
    """
    first, second = sides
    for deal in range(deals):
        seed_ = game_seed(seed, deal)
        yield rules, seed_, (first, second), limit
        yield rules, seed_, (second, first), limit


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
    added up.

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
    played: list[DuelGame] = []
    tasks = game_tasks(rules, sides, seed=seed, deals=deals, limit=limit)
    with _runs.played(duel_game, tasks, count=2 * deals, workers=workers, ray=ray) as games:
        for game in games:  # in game order, whatever the worker count
            played.append(game)
            if progress is not None:
                progress(len(played), 2 * deals)
    scores = [_score(game, number % 2) for number, game in enumerate(played)]
    pair_scores = tuple((scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores), 2))
    low, high = wilson_interval(pair_scores)
    their_low, their_high = wilson_interval([1 - score for score in pair_scores])
    rate = statistics.fmean(pair_scores)
    return DuelResult(
        seed=seed,
        pair_scores=pair_scores,
        rounds=sum(game.rounds for game in played),
        stopped=sum(game.stopped for game in played),
        limit=limit,
        first=_stats(_name(first), played, 0, (rate, low, high)),
        second=_stats(_name(second), played, 1, (1 - rate, their_low, their_high)),
    )


def _score(game: DuelGame, bot: int) -> float:
    """What a game scores for ``bot`` (0 or 1): 1 for a win, 0 for a loss, a half otherwise."""
    if game.winner is None:
        return 0.5
    return 1.0 if game.winner == bot else 0.0


def _stats(
    name: str, played: Sequence[DuelGame], first: int, rate: tuple[float, float, float]
) -> PolicyStats:
    """The figures of the bot that is bot ``first`` (`bot_of`) in the first game of each pair."""
    count = dict.fromkeys(COUNTERS, 0)
    their = dict.fromkeys(COUNTERS, 0)
    wins = losses = draws = points = 0
    times: list[float] = []
    for number, game in enumerate(played):
        bot = (first + number) % 2
        wins += game.winner == bot
        losses += game.winner == 1 - bot
        draws += game.winner is None and not game.stopped
        points += game.scores[bot]
        times.extend(game.times[bot])
        for key, mine, theirs in zip(COUNTERS, game.counts[bot], game.counts[1 - bot], strict=True):
            count[key] += mine
            their[key] += theirs
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
