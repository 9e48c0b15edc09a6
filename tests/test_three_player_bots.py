"""The bots under three players, each on her own (rule-three-players).

The heuristic reads the cards three players are dealt (`Ruleset.pack`: the standard deck
without the 2♣, a joker deck whole), bids from 17 or 18 cards with its `THREE` counting
and no partner, and plays for its own contract or to set one of the other two. The search
samples the two other hands and plays its rounds out over 17 or 18 tricks, its play-outs'
bit forms held to the engine here. Duels play each deal six times, each bot alone at each
seat once; ``spades duel`` and ``spades simulate`` show them.
"""

from __future__ import annotations

import math
import pickle
import random
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from helpers import C, cards, start
from spades import (
    Bid,
    Bidding,
    Card,
    Deck,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    score_round,
    winning_card,
)
from spades import _cli as cli
from spades._cli import simulate
from spades._state import evolve_state
from spades.bots import BOTS, _duel, _rollout, duel, play_game, search_policy, seat_policies
from spades.bots import side_counts as counts_of
from spades.bots._bidding import COUNTINGS, THREE, likely_tricks
from spades.bots._equity import PACE, SPREAD, win_chance
from spades.bots._hand import SENSES, sense_of, unseen_cards
from spades.bots._heuristic import heuristic_policy
from spades.bots._playing import SET_MARGIN, Table
from spades.bots._rollout import (
    DECK_BITS,
    _beaters,
    _can_set_one,
    _winning_bit,
    counted_tricks,
    play_out,
    rollout_play,
)
from spades.bots._search import _distinct_plays, _judge
from spades.strategies import rulesets, states
from test_bots import decide, swap_hidden

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from spades import Move
    from spades.bots import BotMaker, Policy

THREE_PLAYERS = Ruleset(players=3)
PACKS = {deck: deck.for_players(3) for deck in Deck}
HEURISTIC = heuristic_policy()
FAST = search_policy(playouts=24)
DERANDOMIZED = settings(derandomize=True, max_examples=30, deadline=None)


def three(deck: Deck = Deck.STANDARD, **fields: Any) -> Ruleset:
    return attrs.evolve(Ruleset(players=3, deck=deck), **fields)


def dealt(rules: Ruleset, hands: Mapping[int, str], *, dealer: int = 0) -> State:
    """A three-player game whose first round deals ``hands`` (partial, by seat), the rest
    of the pack going round in the library's order."""
    held = {seat: cards(hands.get(seat, "")) for seat in range(3)}
    rest = [card for card in rules.pack.cards if all(card not in hand for hand in held.values())]
    for seat in range(3):
        while len(held[seat]) < rules.hand_size:
            held[seat].append(rest.pop(0))
    text = {seat: " ".join(str(card) for card in hand) for seat, hand in held.items()}
    return start(rules, text, dealer=dealer)


# --- the cards: the pack three players are dealt -------------------------------------------


@pytest.mark.parametrize("deck", list(Deck))
def test_the_unseen_cards_are_the_other_two_hands(deck: Deck) -> None:
    """Every card of the pack is dealt: she has not seen the other two hands, and nothing
    else (no 2♣ with the standard deck; a joker deck's deuces back).

    Rule: rule-three-players.
    """
    rules = three(deck)
    state = new_game(rules, seed=4)
    view = observe(state, 1)
    assert unseen_cards(view) == frozenset(state.hand(0)) | frozenset(state.hand(2))
    assert len(unseen_cards(view)) == 2 * rules.hand_size
    assert sense_of(rules) is SENSES[rules.pack]


def test_the_sense_of_a_three_player_pack_ranks_its_deuces() -> None:
    """Joker-Joker-Ace's 2♣ and 2♦ are plain, lowest of their suits; Joker-Joker-Deuce-
    Deuce's 2♦ stays the spade under the jokers, its 2♥ a plain heart.

    Rule: rule-three-players.
    """
    jja = SENSES[PACKS[Deck.JOKER_JOKER_ACE]]
    assert [jja.power(C(text)) for text in ("2C", "3C", "2D", "LJ", "BJ")] == [2, 3, 2, 15, 16]
    assert not jja.is_spade(C("2D"))
    jjdd = SENSES[PACKS[Deck.JOKER_JOKER_DEUCE_DEUCE]]
    assert jjdd.is_spade(C("2D"))
    assert [jjdd.power(C(text)) for text in ("2H", "2C", "2D", "2S", "BJ")] == [2, 2, 16, 15, 18]
    assert SENSES[PACKS[Deck.STANDARD]].power(C("2C")) == 0  # not dealt


# --- bidding from 17 or 18 cards, alone ---------------------------------------------------


def test_three_players_count_with_their_own_table() -> None:
    """Rule: rule-three-players."""
    assert COUNTINGS[3] is THREE
    assert COUNTINGS[4] is not THREE


def test_the_jokers_and_the_two_of_diamonds_count_as_top_spades() -> None:
    """A spade counts by the unseen spades above it, read in the pack: the big joker
    none, Joker-Joker-Deuce-Deuce's 2♦ the two jokers.

    Rules: rule-three-players, rule-decks.
    """
    pack = PACKS[Deck.JOKER_JOKER_DEUCE_DEUCE]
    for held, above in ((["BJ"], 0), (["2D"], 2), (["2H"], None)):
        hand = [C(text) for text in held]
        unseen = frozenset(pack.cards) - set(hand)
        worth = likely_tricks(hand, unseen, THREE, deck=pack)
        if above is None:  # a plain heart of two, with thirteen hearts above it: nothing
            expected = THREE.base + 2 * THREE.void + THREE.singleton
        else:
            expected = THREE.base + THREE.spade[above] + 3 * THREE.void
        assert worth == pytest.approx(expected)


def test_a_strong_hand_bids_past_thirteen() -> None:
    """Bids run to the hand size: every spade and the three side aces bid 17.

    Rule: rule-three-players.
    """
    spades = " ".join(f"{rank}S" for rank in "23456789TJQKA")
    state = dealt(THREE_PLAYERS, {1: f"{spades} AC AD AH KH"})
    assert state.to_move == 1
    assert HEURISTIC(observe(state, 1)) == Bid(17)


@pytest.mark.parametrize("bidding", [Bidding.WHIZ, Bidding.MIRROR])
def test_whiz_and_mirror_bid_the_spades_of_the_pack(bidding: Bidding) -> None:
    """Under Whiz (no nil hand) and Mirror she bids her number of spades, the jokers and
    Joker-Joker-Deuce-Deuce's 2♦ among them: seven here, of 18 cards.

    Rules: rule-three-players, rule-whiz, rule-mirror.
    """
    rules = three(Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=bidding)
    state = dealt(rules, {1: "BJ LJ 2D 2S AS KS QS AH KH QH AC KC QC AD KD QD JD TD"})
    assert HEURISTIC(observe(state, 1)) == Bid(7)


def test_the_search_bids_blind_only_when_trailing_and_legally() -> None:
    """Face down, a player trailing the leading other one by the deficit may bid blind:
    the search weighs every blind bid then, and never offers one to a player who does
    not trail.

    Rules: rule-three-players, rule-blind-nil-eligibility.
    """
    rules = three(blind_nil=True, blind_nil_deficit=100, blind_bid_minimum=5, blind_bid_deficit=100)
    trailing = evolve_state(new_game(rules, seed=2), scores=(40, 0, 150))
    view = observe(trailing, 1)
    legal = view.legal_moves()
    assert any(isinstance(move, Bid) and move.blind for move in legal)
    assert FAST(view) in legal
    level = observe(evolve_state(new_game(rules, seed=2), scores=(40, 0, 90)), 1)
    assert not any(isinstance(move, Bid) and move.blind for move in level.legal_moves())
    assert FAST(level) in level.legal_moves()


# --- playing alone ---------------------------------------------------------------------------


def bid_all(state: State, bids: tuple[int, ...] = (4, 4, 4)) -> State:
    while state.phase is Phase.BIDDING:
        seat = state.to_move
        assert seat is not None
        state = apply(state, Bid(bids[seat]))
    return state


def test_a_three_player_table_has_no_partner_and_two_opponents() -> None:
    """Rule: rule-three-players."""
    state = bid_all(new_game(THREE_PLAYERS, seed=5))
    seat = state.to_move
    assert seat is not None
    table = Table(observe(state, seat))
    assert table.partner is None
    assert table.opponents == tuple(other for other in range(3) if other != seat)
    assert table.unseen_count == 2 * 17


@settings(derandomize=True, max_examples=40, deadline=None)
@given(states(rules=rulesets(players=3)), st.randoms(use_true_random=False))
def test_the_heuristic_decides_from_the_view_alone(state: State, rng: random.Random) -> None:
    """Two hidden cards swapped between the other two hands change nothing she decides.

    Rule: rule-three-players.
    """
    assume(not state.is_over)
    changed = swap_hidden(state, rng)
    assume(changed is not None)
    assert changed is not None
    seat = state.to_move
    assert seat is not None
    assert observe(changed, seat) == observe(state, seat)
    assert decide(changed) == decide(state)


def late_positions(rules: Ruleset, seeds: range) -> Iterator[State]:
    """Each position of seeded rounds (random bids, random cards) once the play has begun."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed, dealer=seed % 3)
        state = bid_all(state, tuple(rng.randint(1, 7) for _ in range(3)))
        while state.phase is Phase.PLAYING:
            yield state
            state = apply(state, rng.choice(legal_moves(state)))


def test_the_heuristic_tries_to_set_a_player_to_the_round_s_last_trick() -> None:
    """She wants tricks while her contract is short, or while another player's is short by
    no more than the tricks left of the 17, the set in reach.

    Rule: rule-three-players.
    """
    seen = set()
    for state in late_positions(THREE_PLAYERS, range(40)):
        seat = state.to_move
        assert seat is not None
        table = Table(observe(state, seat))
        left = 17 - len(state.tricks)
        needs = {other: state.bids[other].n - state.tricks_taken[other] for other in range(3)}  # type: ignore[union-attr]
        expected = needs[seat] > 0 or any(
            0 < needs[other] <= left < needs[other] + SET_MARGIN
            for other in range(3)
            if other != seat
        )
        assert table.wants_tricks() == expected
        seen.add((expected, needs[seat] > 0))
    assert seen == {(True, True), (True, False), (False, False)}


# --- the play-outs: their bit forms held to the engine ---------------------------------------


@pytest.mark.parametrize("deck", list(Deck))
def test_the_rollout_s_winner_of_a_trick_is_the_engine_s(deck: Deck) -> None:
    """`_winning_bit` and `_beaters` on the pack's bits are `winning_card`'s rule.

    Rules: rule-three-players, rule-trick-winner, rule-decks.
    """
    rules = three(deck)
    bits = DECK_BITS[rules.pack]
    rng = random.Random(deck.value)
    for _ in range(300):
        trick = rng.sample(rules.pack.cards, 3)
        best = winning_card(trick, rules=rules)
        assert _winning_bit(tuple(card.bit for card in trick), bits) == best.bit
        for other in rng.sample(rules.pack.cards, 6):
            if other not in trick:
                beats = winning_card([*trick[:2], other], rules=rules) is other
                first_two = winning_card(trick[:2], rules=rules)
                assert bool(_beaters(first_two.bit, bits) & other.bit) == beats


@pytest.mark.parametrize("deck", list(Deck))
def test_the_rollout_s_lowest_and_highest_follow_the_pack(deck: Deck) -> None:
    """Rules: rule-three-players, rule-decks."""
    pack = PACKS[deck]
    bits = DECK_BITS[pack]
    rng = random.Random(deck.value)
    for _ in range(200):
        held = rng.sample(pack.cards, rng.randint(1, 18))
        mask = sum(card.bit for card in held)

        def place(card: Card) -> tuple[int, int]:
            return pack.suit_of(card).value, pack.rank_order(card)

        assert bits.lowest(mask) == min(held, key=place).bit
        assert bits.highest(mask) == max(held, key=place).bit


def test_the_rollout_counts_a_nil_bidder_s_tricks_as_her_bags() -> None:
    """`counted_tricks` is `score_round`'s count for a player alone.

    Rules: rule-three-players, rule-nil-tricks.
    """
    bids = (Bid(5), Bid(0), Bid(4))
    taken = (6, 2, 9)
    score = score_round(THREE_PLAYERS, list(bids), list(taken))
    for seat in range(3):
        assert counted_tricks(THREE_PLAYERS, bids, taken, (seat,)) == score.sides[seat].tricks


def checked_apply(state: State, move: Move) -> State:
    assert move in legal_moves(state), (state, move)
    return apply(state, move)


@DERANDOMIZED
@given(states(rules=rulesets(players=3), phases={Phase.BIDDING, Phase.PLAYING}))
def test_play_outs_reach_the_next_round_by_legal_moves(state: State) -> None:
    """Rules: rule-three-players, rule-follow-suit, rule-spades-broken."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rollout, "apply", checked_apply)
        end = play_out(state)
    assert len(end.rounds) == len(state.rounds) + 1
    assert sum(end.rounds[-1].tricks) == state.rules.hand_size


def test_can_set_one_counts_each_other_player_alone() -> None:
    """A set is in reach of one player who is short by no more than the tricks left, not
    of the other two's bids together.

    Rule: rule-three-players.
    """
    bids = (Bid(3), Bid(5), Bid(5))
    taken = (3, 7, 2)  # seat 1 made hers; seat 2 needs 3
    assert not _can_set_one(THREE_PLAYERS, bids, taken, (1, 2), 2)
    assert _can_set_one(THREE_PLAYERS, bids, taken, (1, 2), 3)
    assert not _can_set_one(THREE_PLAYERS, bids, (3, 7, 5), (1, 2), 3)  # both made


def test_the_play_out_takes_while_a_set_is_in_reach_to_the_last_trick() -> None:
    """Each card of a play-out: take when her contract is short or one of the others is
    short by no more than the tricks left of the 17, else duck (nils aside).

    Rule: rule-three-players.
    """
    calls: list[str] = []
    take, duck = _rollout._take, _rollout._duck

    def taking(*args: object) -> int:
        calls.append("take")
        return take(*args)  # type: ignore[arg-type]

    def ducking(*args: object) -> int:
        calls.append("duck")
        return duck(*args)  # type: ignore[arg-type]

    seen = set()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rollout, "_take", taking)
        patch.setattr(_rollout, "_duck", ducking)
        for state in late_positions(THREE_PLAYERS, range(30)):
            calls.clear()
            rollout_play(state)
            if not calls:
                continue  # one card
            seat = state.to_move
            assert seat is not None
            left = 17 - sum(state.tricks_taken)
            needs = [
                bid.n - got  # type: ignore[union-attr]
                for bid, got in zip(state.bids, state.tricks_taken, strict=True)
            ]
            wants = needs[seat] > 0 or any(
                0 < needs[other] <= left for other in range(3) if other != seat
            )
            assert calls[0] == ("take" if wants else "duck")
            seen.add((wants, needs[seat] > 0, left < 13))
    assert (True, False, True) in seen  # a set sought in the last tricks
    assert (False, False, True) in seen


# --- the search -----------------------------------------------------------------------------


@pytest.mark.parametrize("deck", list(Deck))
def test_every_bot_plays_three_player_games_to_their_end(deck: Deck) -> None:
    """Rule: rule-three-players."""
    for name in BOTS:
        rules = three(deck, round_cap=1 if name == "search" else 2)
        policies = [FAST] * 3 if name == "search" else [BOTS[name](seat) for seat in range(3)]
        state = play_game(rules, policies, seed=3)
        assert state.is_over
        assert len(state.scores) == 3
        assert all(sum(score.tricks) == rules.hand_size for score in state.rounds)


def test_the_search_judges_its_points_against_the_mean_of_the_other_two() -> None:
    """The trace of points: her gain less the mean of the other two players' gains.

    Rule: rule-three-players.
    """
    begun = new_game(THREE_PLAYERS, seed=1)
    end = evolve_state(begun, scores=(60, 30, -30))
    assert _judge(end, 0, begun) == pytest.approx(win_chance(end, 0) + 1e-6 * 60)
    assert _judge(end, 2, begun) == pytest.approx(win_chance(end, 2) - 1e-6 * 75)


def test_the_search_keeps_one_of_a_run_of_the_pack_s_cards() -> None:
    """Joker-Joker-Ace deals three players its 2♣: with the 3♣ beside it, one is played.

    Rules: rule-three-players, rule-decks.
    """
    rules = three(Deck.JOKER_JOKER_ACE)
    state = bid_all(dealt(rules, {1: "2C 3C 9C AH", 2: "4C 5C 6C", 0: "7C 8C TC"}))
    view = observe(state, 1)
    kept = _distinct_plays(view, view.legal_moves())
    clubs = [move.card for move in kept if isinstance(move, Play) and move.card.suit.letter == "C"]
    assert clubs == [C("2C"), C("9C")]


def test_win_chance_under_three_players() -> None:
    """A half each at the start; a lead raced against the strongest other player, spread
    as three players' rounds are.

    Rule: rule-three-players.
    """
    state = new_game(THREE_PLAYERS, seed=1)
    assert [win_chance(state, seat) for seat in range(3)] == [0.5] * 3
    ahead = evolve_state(state, scores=(100, 0, 0))
    assert win_chance(ahead, 0) > 0.5 > win_chance(ahead, 1) == win_chance(ahead, 2)
    rounds = (500 - 100) / PACE
    expected = 0.5 * (1 + math.erf(100 / (SPREAD[3] * math.sqrt(rounds) * math.sqrt(2))))
    assert win_chance(ahead, 0) == pytest.approx(expected)


# --- duels and the command line -------------------------------------------------------------


def test_a_deal_is_played_six_times_each_bot_alone_at_each_seat() -> None:
    """Rule: rule-three-players."""
    seatings = _duel.deal_seatings(THREE_PLAYERS)
    assert len(seatings) == len(set(seatings)) == 6
    for bot in (0, 1):
        alone = [seating.index(bot) for seating in seatings if seating.count(bot) == 1]
        assert alone == [0, 1, 2]
    tasks = list(_duel.game_tasks(THREE_PLAYERS, ("a", "b"), seed=1, deals=2, limit=None))
    assert len(tasks) == 12
    assert tasks[0][2] == ("a", "b", "b")
    assert tasks[4][2] == ("a", "b", "a")
    assert {task[1] for task in tasks[:6]} == {_duel.game_seed(1, 0)}


def test_seat_policies_seat_two_bots_or_one_a_seat() -> None:
    """Rule: rule-three-players."""
    made: list[tuple[str, int]] = []

    def named(name: str) -> BotMaker:
        def maker(seed: int) -> Policy:
            made.append((name, seed))
            return HEURISTIC

        return maker

    seat_policies(THREE_PLAYERS, 9, (named("a"), named("b")))
    assert [name for name, _ in made] == ["a", "b", "a"]
    made.clear()
    seat_policies(THREE_PLAYERS, 9, (named("a"), named("b"), named("c")))
    assert made == [(name, _duel.game_seed(9, seat)) for seat, name in enumerate("abc")]
    with pytest.raises(SpadesError, match="3 seats take two bots or one a seat, not 4"):
        seat_policies(THREE_PLAYERS, 9, ("random",) * 4)


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_bot_against_itself_scores_exactly_a_half_in_every_deal(bot: str) -> None:
    """Each seat is the first bot's in three of a deal's six games.

    Rule: rule-three-players.
    """
    result = duel(bot, bot, three(round_cap=1), deals=3, seed=4)
    assert result.pair_scores == (0.5,) * 3
    assert (result.games, result.games_per_deal) == (18, 6)


def test_the_heuristic_beats_random_under_three_players() -> None:
    """Rule: rule-three-players."""
    result = duel("heuristic", "random", three(round_cap=2), deals=6, seed=2)
    assert result.interval[0] > 0.5
    assert result.first.wins + result.first.losses + result.first.draws == 36
    assert result.first.contracts_made > result.second.contracts_made


def counts(**values: int) -> tuple[int, ...]:
    return tuple(values.get(name.replace(" ", "_"), 0) for name in _duel.COUNTERS)


def test_a_three_player_duel_adds_up_each_bot_s_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's game reports by seat; the duel adds up each bot's seats, by the seating.

    Rule: rule-three-players.
    """
    games: list[_duel.DuelGame] = []
    for number in range(6):  # seat 1 wins each game, with 10 points a seat and a contract
        games.append(
            _duel.DuelGame(
                1,
                False,
                1,
                (10 * number, 20, 30),
                (counts(contracts=1), counts(contracts=1, contracts_made=1), counts()),
                ((0.001,), (0.002,), (0.003,)),
            )
        )
    tasks: list[_duel.Task] = []

    def fake(task: _duel.Task) -> _duel.DuelGame:
        tasks.append(task)
        return games[len(tasks) - 1]

    monkeypatch.setattr(_duel, "duel_game", fake)
    result = duel("heuristic", "random", THREE_PLAYERS, deals=1, seed=5)
    # seat 1 is the first bot's in games 1, 3 and 5 of the seatings
    assert [task[2][1] for task in tasks] == ["random", "heuristic"] * 3
    assert result.pair_scores == (0.5,)
    a, b = result.first, result.second
    assert (a.wins, a.losses, b.wins, b.losses) == (3, 3, 3, 3)
    # A: seat 0 in games 0, 4, 5; seat 1 in 1, 3, 5; seat 2 in 2, 3, 4
    assert a.points == (0 + 40 + 50) + 3 * 20 + 3 * 30
    assert (a.contracts, a.contracts_made) == (6, 3)
    assert (a.their_contracts, a.sets) == (6, 3)
    assert a.moves == b.moves == 9


def test_side_counts_under_three_players_count_a_seat() -> None:
    """Rule: rule-three-players."""
    state = play_game(three(round_cap=1), [HEURISTIC] * 3, seed=2)
    score = state.rounds[0]
    for seat in range(3):
        got = dict(zip(_duel.COUNTERS, counts_of(state, seat), strict=True))
        bid = score.bids[seat]
        assert bid is not None
        assert got["contracts"] == (bid.n > 0)
        assert got["contracts made"] == (bid.n > 0 and score.tricks[seat] >= bid.n)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(argv)
    out, _ = capsys.readouterr()
    return code, out


def test_spades_duel_plays_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    """Rule: rule-three-players."""
    argv = ["duel", "heuristic", "random", "--rules", "classic;players:3;round_cap:1"]
    code, out = run([*argv, "--games", "2", "--seed", "3"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == (
        "Each deal is played six times (12 games): A alone at seats 0, 1, 2 in turn, then B "
        "alone at each."
    )
    assert lines[2].startswith("Three players, each on her own")
    assert lines[-2].startswith("  deals: 2, scoring for A ")
    twelfths = lines[-2].split("scoring for A ")[1]
    assert sum(int(part.split(": ")[1]) for part in twelfths.split(", ")) == 2


def test_spades_simulate_has_a_column_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """Rule: rule-three-players."""
    argv = ["simulate", "--rules", "classic;players:3;round_cap:1", "--games", "2"]
    code, out = run([*argv, "--opponents", "random"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Heuristic bots (seats 0 and 2) against random bots (seat 1)."
    header = next(line for line in lines if "seat 0" in line)
    assert header.split() == ["seat", "0", "seat", "1", "seat", "2"]


def test_four_players_keep_two_games_a_deal() -> None:
    """Four players keep their two games a deal (rule-three-players)."""
    assert _duel.deal_seatings(Ruleset()) == ((0, 1), (1, 0))
    assert _duel.deal_seatings(Ruleset(solo=True)) == ((0, 1), (1, 0))


def test_a_three_player_duel_is_the_same_on_worker_processes() -> None:
    """A worker gets its ruleset pickled: made afresh, it deals the pack itself.

    Rule: rule-three-players.
    """
    rules = three(round_cap=1)
    here = duel("heuristic", "random", rules, deals=2, seed=3)
    there = duel("heuristic", "random", rules, deals=2, seed=3, workers=2)
    assert there.pair_scores == here.pair_scores
    assert there.first.points == here.first.points
    assert there.second.contracts == here.second.contracts


def test_a_simulated_game_takes_a_pickled_three_player_ruleset() -> None:
    """Rule: rule-three-players."""
    rules = three(round_cap=1)
    sent = pickle.loads(pickle.dumps(rules))
    task = (sent, 5, ("heuristic", "random"), None)
    assert simulate.simulate_game(task) == simulate.simulate_game((rules, 5, task[2], None))
