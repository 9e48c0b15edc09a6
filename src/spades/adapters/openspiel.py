"""OpenSpiel: Spades as a Python game of OpenSpiel, ``python_spades``, with information states.

Importing this module registers ``python_spades`` with ``pyspiel.register_game``. It plays
whole games, round after round, for every preset, with four players, three and two.

- **Parameters.** ``rules``, a preset's name as `spades.find_ruleset` reads it
  (``"classic"``, the default, ``"miniokey"``, ``"miniokey-250"``, ``"two-handed"``,
  ``"trickster-jja"``, ``"trickster-jjdd"`` or an alias), and ``max_rounds`` (default
  100): the game ends after that many rounds as a round cap would end it, the higher
  score winning and equal scores drawn. OpenSpiel needs a bounded game, and a ruleset
  without a round cap or a losing floor may go on for ever;
  this cap is the adapter's one departure from the ruleset. A ruleset's own lower round
  cap ends the game first. `SpadesGame.rules` is the ruleset as played, the cap included,
  and the observation shows it (``rules.round_cap``, ``rounds``). Any other `Ruleset` is
  a preset's name followed by the fields it changes, ``;field:value`` each, the values as
  `spades.records` writes a ruleset's (``"classic;blind_nil:true;blind_nil_deficit:null"``),
  as `spades.records.ruleset_from_text` reads it; `ruleset_text` (the records' own) writes
  that text for a ruleset. (OpenSpiel's game strings allow no comma or ``=`` in a value,
  hence not JSON.) Each field once, each value at most 40 characters: else
  `spades.SpadesError`. OpenSpiel holds ints in 32 bits, so
  ``max_rounds`` is at most ``2**31 - 1``, and the round cap as played times the most
  actions of a round (56 under the four-player presets) at most that too: 38,347,922
  rounds under classic (`spades.SpadesError` beyond, `TypeError` for no whole number).
  A solo ruleset (``"classic;solo:true"``: four players each on her own, rule-solo) is
  played too, and so are three players (``"classic;players:3"``, rule-three-players).
- **Players** are the seats: 0 to 3, side 0 being players 0 and 2, or 0 and 1; under
  solo and with three players (0 to 2) each player is her own side, of her number.
- **Chance.** Each round is dealt by a chance node a card, as many as the ruleset's pack
  holds (`spades.Ruleset.pack`: 52; with three players 51, the 2C out, or a joker deck's
  54), each uniform among the pack's cards not dealt yet (action ``i`` is the card of
  `~spades.Card.index` ``i``: ``DECK[i]``, and under a joker deck 52 the little joker and
  53 the big one; rule-decks). With three or four players the ``k``-th card goes to
  the ``k``-th seat, modulo the players, in the order of play from the first bidder; with
  two the cards make the stock, top first (`spades.new_game` and `spades.deal` read a
  deck so). The
  engine draws the cards of a double nil exchange from the discards by the game's seed
  (`spades.State.seed`), so under rules with an exchange the seed is chance's too: 16
  chance nodes of 16 outcomes each (4 bits of the 64-bit seed) open the game, and neither
  player sees them. Under other rules the seed decides nothing and is 0. Until a deal is
  complete a player's view shows no card of it.
- **Actions** are the shared encoding's `~spades.encoding.ACTIONS` (96); the legal ones
  are exactly its mask. A card pass or a double nil exchange is entered one card at a
  time, and the player stays to move until the move is complete.
- **Information state**: the player's `View` and, for the player choosing them, the cards
  chosen so far. The string is JSON, ``{"view": ..., "selected": [...], "chance": ...}``:
  the view's data as `spades.records.to_data` writes it, the cards chosen, and during a
  run of chance nodes how many of them are done (else ``null``). The tensor is the
  encoding's observation, `~spades.encoding.OBSERVATION_SIZE` float32 numbers; the
  `Observer`'s ``dict`` names its slots (``SLOTS``). A view keeps earlier rounds only as
  their scores, so the information state recalls everything within a round but not the
  cards of past ones, which cannot change the rest of the game.
- **Observation**: the same tensor; the string is the table as the player sees it, as text.
- **Returns**: at the end, +1 to each player of the winning side and -1 to the others, 0
  each for a draw; nothing before. Two sides make the game zero-sum
  (``GameType.Utility.ZERO_SUM``); under solo and with three players one winner takes +1
  and every other player -1, so that game is general-sum (``GENERAL_SUM``, no utility
  sum): `SpadesGame` gives its type by its ruleset.
- **Resampling.** `SpadesState.resample_from_infostate` deals anew what the player cannot
  see, by `spades.sample_state`, from numbers drawn from OpenSpiel's sampler. The state it
  returns starts a history of its own: it is for search, as ISMCTS uses it.

Importing this module imports OpenSpiel and numpy (``pip install 'spades[openspiel]'``).

>>> import pyspiel
>>> import spades.adapters.openspiel
>>> game = pyspiel.load_game("python_spades", {"rules": "two-handed", "max_rounds": 2})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():  # the seed, then the stock
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['bid blind nil', 'keep', 'reject'])
>>> len(state.information_state_tensor()) == spades.encoding.OBSERVATION_SIZE
True
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, Final

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"spades.adapters.openspiel needs OpenSpiel and numpy ({error.name} is missing): "
        "pip install 'spades[openspiel]'",
        name=error.name,
    ) from error

import attrs

from spades._cards import ALL_CARDS, DECK, Card
from spades._engine import apply
from spades._errors import SpadesError, shown
from spades._rules import Ruleset, check_seat, side_of, whole_number
from spades._sampling import sample_state
from spades._state import Phase, State
from spades._table_text import bid_text, brief_hand, cards_text, played_text, side_name
from spades._view import View, observe
from spades.adapters._common import MAX_ROUNDS, table_lines
from spades.adapters._openspiel_position import (
    SEED_DIGITS,
    Position,
    after_chance,
    before_the_deal,
    deal_lines,
    has_exchange,
)
from spades.encoding import (
    ACTIONS,
    OBSERVATION_SIZE,
    SLOTS,
    action_card,
    action_mask,
    advance,
    move_text,
    observation,
)
from spades.records import ruleset_from_text, ruleset_text, to_data

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["MAX_ROUNDS", "SHORT_NAME", "SpadesGame", "SpadesState", "ruleset_text"]

SHORT_NAME: Final = "python_spades"
"""The name `pyspiel.load_game` knows the game by."""
_CHOOSING: Final = (Phase.PASSING, Phase.EXCHANGING)
INT_LIMIT: Final = 2**31 - 1
"""OpenSpiel's largest int (a C++ ``int``): of a game's parameters and its length."""


def _game_type(utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    """The game's type, its utility ``utility``: the one field that differs by ruleset."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Spades",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": "classic", "max_rounds": MAX_ROUNDS},
    )


_GAME_TYPE: Final = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
"""The type registered, and the type of a game of two sides: +1 and -1, or 0 and 0."""
_GENERAL_SUM_TYPE: Final = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""The type of a game of three or four sides (rule-solo, rule-three-players): +1 and two or
three -1 add up to -1 or -2, a draw to 0."""


def _round_length(rules: Ruleset) -> int:
    """The most decisions of one round: bids, looks, card passes, draws, exchanges, plays.

    A seat whose hand is face down (blind nil or a blind number open) may look before she
    bids: one more action each (rule-blind-bids). Three players pass no cards
    (rule-three-players).
    """
    players = rules.players
    if players != 2:
        looks = players if rules.blind_nil or rules.blind_bid_minimum else 0  # a look each
        # Two sides pass, each a pass and a pass back, of at most the larger count a card
        # an action: a blind nil's counts only where blind nil may be bid (rule-card-pass).
        most = max(rules.nil_pass, rules.blind_nil_pass if rules.blind_nil else 0)
        return players + looks + 2 * 2 * most + len(rules.pack.cards)
    # An exchange of the most cards is that many actions; one of fewer, one more to end it.
    exchanges = 2 * max(rules.blind_nil_exchange, 1) if has_exchange(rules) else 0
    return 26 + 2 + exchanges + 26  # the draw, a bid each (double nil too), plays


def _checked_max_rounds(max_rounds: object) -> int:
    """``max_rounds`` as a plain int from 1 to OpenSpiel's largest int, `INT_LIMIT`."""
    number = whole_number(max_rounds)
    if number is None:
        raise TypeError(f"max_rounds is a whole number, not {shown(max_rounds)}")
    if not 1 <= number <= INT_LIMIT:
        raise SpadesError(
            f"max_rounds is a whole number from 1 to 2**31 - 1 (OpenSpiel's int), "
            f"not {shown(number)}"
        )
    return number


def _capped(rules: Ruleset, max_rounds: int) -> Ruleset:
    """``rules`` with a round cap of at most ``max_rounds``, if OpenSpiel can count its game.

    OpenSpiel holds a game's length, the most actions of a game, in a 32-bit int: the
    round cap as played times the most actions of a round must be at most `INT_LIMIT`.
    """
    length = _round_length(rules)
    cap = max_rounds if rules.round_cap is None else min(rules.round_cap, max_rounds)
    if cap * length > INT_LIMIT:
        raise SpadesError(
            f"max_rounds is at most {INT_LIMIT // length:,} under these rules, not "
            f"{max_rounds:,}: OpenSpiel counts a game's actions ({length} a round at most) "
            "in a 32-bit int"
        )
    return rules if cap == rules.round_cap else attrs.evolve(rules, round_cap=cap)


class SpadesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """The game ``python_spades``: ``params`` as `pyspiel.load_game` passes them."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"rules": "classic", "max_rounds": MAX_ROUNDS, **(params or {})}
        name = params["rules"]
        max_rounds = _checked_max_rounds(params["max_rounds"])
        rules = _capped(ruleset_from_text(name), max_rounds)
        assert rules.round_cap is not None
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=len(ALL_CARDS) if rules.deck.jokers else len(DECK),
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if rules.sides == 2 else None,
            max_game_length=rules.round_cap * _round_length(rules),
        )
        game_type = _GAME_TYPE if rules.sides == 2 else _GENERAL_SUM_TYPE
        super().__init__(game_type, info, {"rules": name, "max_rounds": max_rounds})
        self.rules: Final = rules
        """The ruleset as played: the preset, its round cap at most ``max_rounds``."""
        self.max_rounds: Final = max_rounds
        """The parameter ``max_rounds``."""

    def new_initial_state(self) -> SpadesState:
        """The state before the first card is dealt."""
        return SpadesState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes of a game: a card of the pack each round, and the seed's."""
        rules = self.rules
        assert rules.round_cap is not None
        return rules.round_cap * len(rules.pack.cards) + SEED_DIGITS * has_exchange(rules)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """An observer of one player: perfect recall for the information state, or not."""
        if params:
            raise SpadesError(f"python_spades observers take no parameters, not {shown(params)}")
        if not iig_obs_type:  # OpenSpiel's default: the observation
            return Observer(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "python_spades observes for one player what she sees: public and her own "
                f"private information, not {iig_obs_type}"
            )
        return Observer(perfect_recall=iig_obs_type.perfect_recall)


class SpadesState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A state of ``python_spades``: a `spades.State`, the deal or choice in progress."""

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        self._position = Position(game.rules)

    @property
    def game_state(self) -> State | None:
        """The `spades.State` of the game; ``None`` until the first deal is complete.

        During a later round's deal it is the round's start, its cards not dealt yet.
        """
        return self._position.state

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards chosen so far for the pass or exchange of the player to move."""
        return self._position.selected

    def view(self, player: int) -> View:
        """What ``player`` sees: her `View`, showing no card of a deal in progress."""
        position = self._position
        rules = position.rules
        player = check_seat(player, rules.players, what="player")
        state = position.state
        if position.deck is None:
            assert state is not None, "a game is dealt"
            return observe(state, player)
        start = observe(state or before_the_deal(rules), player)
        return attrs.evolve(
            start,
            to_move=None,
            hand=(),
            hand_sizes=(0,) * rules.players,
            stock_size=0,
            top_card=None,
        )

    def _seen_by(self, player: int) -> tuple[View, tuple[Card, ...], int | None]:
        """``player``'s view, the cards she has chosen so far, and the chance nodes done.

        The last is how many of a run of chance nodes in progress (the seed's, the deal's)
        are done; ``None`` at a player's turn or at the end.
        """
        position = self._position
        deck = position.deck
        chance = None if deck is None else len(position.seed) + len(deck)
        return self.view(player), self._chosen_by(player), chance

    def _chosen_by(self, player: int) -> tuple[Card, ...]:
        """The cards chosen so far, for their chooser alone."""
        position = self._position
        state = position.state
        return position.selected if state is not None and state.to_move == player else ()

    # --- OpenSpiel's API ------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        position = self._position
        if position.deck is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert position.state is not None
        if position.state.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return position.state.to_move

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        state = self._position.state
        return state is not None and state.is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The actions the mask allows ``player``, the player to move, in order."""
        mask = action_mask(self.view(player), self._chosen_by(player))
        return [int(action) for action in np.flatnonzero(mask)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next digit of the seed, or the next card of the deal, each as likely."""
        position = self._position
        if position.seeding:
            return [(digit, 1 / 16) for digit in range(16)]
        assert position.deck is not None, "chance deals"
        left = [card.index for card in position.rules.pack.cards if card not in position.deck]
        return [(card, 1 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        """Apply ``action``: a chance outcome, or a player's action of the encoding."""
        position = self._position
        if position.deck is not None:
            self._position = after_chance(position, action)
            return
        state = position.state
        assert state is not None
        assert state.to_move is not None
        result = advance(observe(state, state.to_move), position.selected, action)
        if isinstance(result, tuple):  # a card of a pass or exchange: more to come
            self._position = attrs.evolve(position, selected=result)
            return
        after = apply(state, result)
        dealing = after.round_number != state.round_number and not after.is_over
        self._position = attrs.evolve(
            position, state=after, selected=(), deck=() if dealing else None
        )

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome (``deal 7C``, ``seed digit a``), or what a player's action does."""
        if player == pyspiel.PlayerId.CHANCE:
            if self._position.seeding:
                return f"seed digit {action:x}"
            return f"deal {ALL_CARDS[action]}"
        state = self._position.state
        card = action_card(action)
        if card is not None:
            verb = "choose" if state is not None and state.phase in _CHOOSING else "play"
            return f"{verb} {card}"
        return move_text(action)

    def returns(self) -> list[float]:
        """+1 to each player of the winning side and -1 to the others at the end; else 0.

        Under solo and with three players the winning side is one player (rule-solo,
        rule-three-players).
        """
        position = self._position
        rules = position.rules
        state = position.state
        if state is None or state.outcome is None or state.outcome.winner is None:
            return [0.0] * rules.players
        winner = state.outcome.winner
        return [1.0 if side_of(rules, seat) == winner else -1.0 for seat in range(rules.players)]

    def rewards(self) -> list[float]:
        """What the last action earned: the returns, all given at the end."""
        return self.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SpadesState:
        """A state ``player_id`` cannot tell from this one, what she cannot see dealt anew.

        `spades.sample_state` deals it (uniformly over the deals consistent with her view),
        with a `random.Random` seeded from two numbers of ``probability_sampler``, a
        callable returning a number from 0 to 1 (``pyspiel.UniformProbabilitySampler``).
        The cards another player has chosen so far, and a deal in progress, are drawn
        anew too. The state's history starts with it.
        """
        position = self._position
        rules = position.rules
        player_id = check_seat(player_id, rules.players, what="player")
        rng = random.Random(
            int(probability_sampler() * 2**53) << 53 | int(probability_sampler() * 2**53)
        )
        state = position.state
        if state is not None:
            state = sample_state(observe(state, player_id), rng=rng)
        selected = position.selected
        if selected and state is not None and state.to_move != player_id:
            assert state.to_move is not None
            selected = tuple(rng.sample(state.hand(state.to_move), len(selected)))
        deck = position.deck
        if deck is not None:
            deck = tuple(rng.sample(rules.pack.cards, len(deck)))
        seed = tuple(rng.randrange(16) for _ in position.seed)
        sampled: SpadesState = self.get_game().new_initial_state()
        sampled._position = Position(rules, seed, deck, state, selected)
        return sampled

    def __str__(self) -> str:
        """The table, every hand shown; during a deal, the cards dealt so far."""
        position = self._position
        if position.deck is None:
            assert position.state is not None
            return "\n".join(table_lines(position.state, position.selected))
        return "\n".join(deal_lines(position))


# --- what a player observes ----------------------------------------------------------------


class Observer:
    """OpenSpiel's Python observer of one player: `tensor`, its slots in `dict`, a string.

    OpenSpiel asks the game for an observer of each kind it needs (the information state,
    with perfect recall, and the observation, without) and writes its tensors and strings
    through it. Both tensors are the encoding's observation of the player's view; the
    information state string is the view's data as JSON, the observation string the table
    as the player sees it.
    """

    def __init__(self, *, perfect_recall: bool) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        """The last observation `set_from` wrote."""
        self.dict = {slot.name: self.tensor[slot.start : slot.stop] for slot in SLOTS}
        """The slots of `tensor` by name (``SLOTS``), as views of it."""
        self._perfect_recall = perfect_recall

    def set_from(self, state: SpadesState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into `tensor` (and so `dict`)."""
        view, chosen, _ = state._seen_by(player)
        self.tensor[:] = observation(view, chosen)

    def string_from(self, state: SpadesState, player: int) -> str:
        """``player``'s information state string, or her observation string."""
        view, chosen, chance = state._seen_by(player)
        if self._perfect_recall:
            return information_text(view, chosen, chance)
        return observation_text(view, chosen)


def information_text(view: View, chosen: tuple[Card, ...], chance: int | None) -> str:
    """The information state string: the view's data, the cards chosen, the chance run."""
    data = {"view": to_data(view), "selected": [str(card) for card in chosen], "chance": chance}
    return json.dumps(data, separators=(",", ":"))


def observation_text(view: View, chosen: tuple[Card, ...]) -> str:
    """The observation string: the table as the view's seat sees it, a few lines of text."""
    rules, seat = view.rules, view.seat
    turn = "dealing" if view.to_move is None and not view.is_over else view.phase.value
    if view.to_move is not None:
        turn += f", seat {view.to_move} to move"
    lines = [
        f"Seat {seat}, round {view.round_number}: {turn}",
        "Scores: "
        + ", ".join(
            f"{side_name(rules, side, seat)} {view.scores[side]} ({view.bags[side]} bags)"
            for side in range(rules.sides)
        ),
        "Hand: face down" if view.hand is None else f"Hand: {brief_hand(view.hand, rules.pack)}",
        "Bids: "
        + ", ".join(
            f"seat {other} {'-' if bid is None else bid_text(bid, rules)}"
            for other, bid in enumerate(view.bids)
        ),
    ]
    if view.tricks:
        taken = view.tricks_taken
        lines.append(
            "Tricks taken: "
            + ", ".join(f"seat {other} {count}" for other, count in enumerate(taken))
        )
    if view.trick:
        assert view.trick_leader is not None, "a trick in progress has a leader"
        lines.append(f"Trick: {played_text(rules, view.trick_leader, view.trick, seat)}")
    if view.top_card is not None:
        lines.append(f"Top of the stock: {view.top_card}")
    if chosen:
        lines.append(f"Chosen so far: {cards_text(chosen)}")
    return "\n".join(lines)


pyspiel.register_game(_GAME_TYPE, SpadesGame)
