"""Gymnasium: one seat of Spades as a ``gymnasium.Env``, the other seats played by bots.

``env(rules, seat=0)`` is an environment in which the agent plays ``seat`` and
``spades.bots`` policies play every other seat: her opponents and, in partnerships, her
partner. A step is one of the agent's actions; the bots then move until it is her turn
again, or the game ends. ``pip install 'spades[gymnasium]'`` installs Gymnasium.

- **Making it by name.** Importing this module registers the environment as `ENV_ID`,
  ``"spades/Spades-v0"``. In a process that has not imported it (a ``SubprocVecEnv``
  worker, say), name the module before the id, as Gymnasium allows:
  ``gymnasium.make("spades.adapters.gymnasium:spades/Spades-v0", rules=...)`` imports it
  first. (Gymnasium 1.0 removed the plugin entry points through which a package could
  register without being imported.)
- **Observations** are the agent's view as ``spades.encoding`` encodes it: a
  float32 array in ``Box(OBSERVATION_LOW, OBSERVATION_HIGH)``, from her ``View`` alone.
- **The action mask** is in ``info["action_mask"]`` (int8, 1 = allowed, shape
  ``(ACTIONS,)``), as Gymnasium's own Taxi puts it, for ``action_space.sample(mask)``; the
  method `SpadesEnv.action_masks` returns it as booleans, as sb3-contrib's
  ``MaskablePPO`` asks. Through the wrappers of ``gymnasium.make`` it is
  ``env.get_wrapper_attr("action_masks")()``, which is how sb3-contrib's
  ``get_action_masks`` finds it. In the last step's ``info`` the mask is all 0, and
  ``action_masks()`` once the episode is over raises `spades.SpadesError`, as ``step``
  does: no action is left, and a policy must not pick one from an empty mask.
- **Actions** are ``Discrete(ACTIONS)``, the encoding's. A card pass or a double nil
  exchange is entered a card at a time, each card a step of reward 0 in which nobody else
  moves; the observation's ``selected`` slot shows the cards chosen so far.
- **Rewards** go to the agent's side. ``reward="round"`` (the default): each round's
  points, her side's less the other's (under solo, her own less the mean of the other
  three players'; with three players, less the mean of the other two's), in the step in
  which the round is scored, times ``reward_scale``, by
  default 0.01 (a round is then worth about -3 to 3). ``reward="game"``: +1 for a win,
  -1 for a loss, 0 for a draw, as the game ends (times ``reward_scale``, by default 1).
- **The end.** ``terminated`` when the game ends. A game still going after ``max_rounds``
  rounds (default 100; ``None`` for no limit) is ``truncated``, with no result reward. The
  last step's ``info`` says how the game stands: ``scores`` (side 0's first), ``winner``
  (the winning side; None for a draw or an unfinished game), ``is_success`` (whether her
  side won, which Stable-Baselines3 logs as its success rate) and ``rounds``.
- **Illegal actions.** An action of the action space that the mask refuses ends the
  episode (``terminated``) with ``illegal_reward`` (default -1, not scaled) and
  ``info["illegal"]`` set, as PettingZoo's ``TerminateIllegalWrapper`` does: Gymnasium's
  ``check_env`` steps with unmasked samples. With ``illegal_reward=None`` it raises
  ``spades.IllegalMoveError`` instead. An action outside the space always raises
  (``spades.SpadesError``, or ``TypeError`` for a value that is no whole number).
- **Solo, and three players.** Under a solo ruleset (four players each on her own,
  rule-solo) and with three players (rule-three-players) the agent's side is her seat
  alone, and every other seat is her opponent's; the game's winner is the one highest
  score.
- **The bots.** ``opponents`` is ``None`` (the heuristic bot in every opponent's seat), one
  bot for all, or a sequence of one bot for each opponent's seat in seat order
  (two in partnerships, three under solo, two with three players, one with two).
  ``partner`` is her partner's bot (``None``: the heuristic bot); two players, three
  players and solo players have none.
  A bot is a name of ``spades.bots.BOTS`` (``"heuristic"``, ``"search"``, ``"random"``,
  ``"fallback"``), for a policy made afresh at each reset by ``spades.bots.make_bot``,
  seeded from the episode's generator; or a
  ``spades.bots.Policy``, used as it is (a policy with a generator of its own keeps
  drawing from it across episodes).
- **Seeds.** ``reset(seed=s)`` deals the same game, with the same bots, for the same
  ``s``; ``reset()`` goes on with the environment's generator (``np_random``).
- **Render.** ``"ansi"`` returns the table as text (every hand shown, the agent's seat
  named "you"); ``"human"`` prints it after each reset and step. Another mode raises
  `TypeError` (on which Stable-Baselines3's ``make_vec_env``, which asks for
  ``"rgb_array"``, makes the environment without one).
- **Errors.** A bad option or seed raises `spades.SpadesError`, a `ValueError` (one of the
  wrong type: `TypeError`); ``illegal_reward`` is a finite number or None,
  ``reward_scale`` a finite number above 0 or None. ``game_state``, ``step``,
  ``action_masks`` and ``render`` before the first reset raise `spades.SpadesError` too.

>>> import spades
>>> from spades.adapters import gymnasium as spades_gymnasium
>>> game = spades_gymnasium.env(spades.CLASSIC, seat=0, partner="random")
>>> observation, info = game.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum())
((1224,), 14)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias

try:
    import gymnasium
    import numpy as np
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"spades.adapters.gymnasium needs Gymnasium and numpy ({error.name} is missing): "
        "pip install 'spades[gymnasium]'",
        name=error.name,
    ) from error

from spades._deal import new_game
from spades._engine import apply
from spades._errors import IllegalMoveError, SpadesError, shown
from spades._rules import CLASSIC, Ruleset, check_seat, side_of
from spades._rules import partner as partner_of
from spades._view import observe
from spades.adapters._common import (
    MAX_ROUNDS,
    Views,
    check_options,
    check_render_mode,
    checked_seed,
    final_info,
    finite_number,
    game_seed,
    is_truncated,
    reward_factor,
    side_rewards,
    table_lines,
)
from spades.bots import BOTS, make_bot
from spades.encoding import (
    ACTIONS,
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    action_mask,
    advance,
    observation,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._cards import Card
    from spades._state import State
    from spades.adapters._common import RewardKind
    from spades.bots import Policy

__all__ = ["ENV_ID", "BotName", "Opponent", "SpadesEnv", "env"]

ENV_ID: Final = "spades/Spades-v0"
"""The environment's id in Gymnasium's registry, for ``gymnasium.make``; in a process that
has not imported this module, ``"spades.adapters.gymnasium:spades/Spades-v0"``."""

BotName: TypeAlias = str
"""A bot by name, a key of `spades.bots.BOTS`: ``"heuristic"``, ``"random"``, ..."""
Opponent: TypeAlias = "BotName | Policy"
"""A bot for a seat: a name (made afresh and seeded at each reset) or a policy."""

Observation: TypeAlias = "npt.NDArray[np.float32]"


def env(
    rules: Ruleset = CLASSIC,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] | None = None,
    render_mode: str | None = None,
    *,
    partner: Opponent | None = None,
    reward: RewardKind = "round",
    reward_scale: float | None = None,
    max_rounds: int | None = MAX_ROUNDS,
    illegal_reward: float | None = -1.0,
) -> SpadesEnv:
    """Spades under ``rules`` for one agent at ``seat``, bots in the other seats.

    ``opponents`` and ``partner`` are the bots, ``reward`` and ``reward_scale`` what the
    agent is paid, ``max_rounds`` where a game is cut off, ``illegal_reward`` what an
    action the mask refuses costs: the module describes each. `SpadesEnv` takes the same.
    """
    return SpadesEnv(
        rules,
        seat,
        opponents,
        render_mode,
        partner=partner,
        reward=reward,
        reward_scale=reward_scale,
        max_rounds=max_rounds,
        illegal_reward=illegal_reward,
    )


class SpadesEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of Spades; the module describes the observations, actions and rewards."""

    # Gymnasium declares it an instance variable, read from the class (not a ClassVar).
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: Ruleset = CLASSIC,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        render_mode: str | None = None,
        *,
        partner: Opponent | None = None,
        reward: RewardKind = "round",
        reward_scale: float | None = None,
        max_rounds: int | None = MAX_ROUNDS,
        illegal_reward: float | None = -1.0,
    ) -> None:
        max_rounds = check_options(rules, reward, max_rounds)
        check_render_mode(render_mode, self.metadata["render_modes"])
        if illegal_reward is not None:
            illegal_reward = finite_number(illegal_reward, "illegal_reward")
        self.rules: Ruleset = rules
        """The ruleset of every game."""
        self.seat: int = check_seat(seat, rules.players)
        """The agent's seat."""
        self.render_mode = render_mode
        self.reward: RewardKind = reward
        """``"round"`` or ``"game"``: what the agent is rewarded for."""
        self.reward_scale: float = reward_factor(reward, reward_scale)
        """What each reward is multiplied by (but ``illegal_reward``)."""
        self.max_rounds: int | None = max_rounds
        """The rounds after which an unfinished game is truncated; ``None``: never."""
        self.illegal_reward: float | None = illegal_reward
        """The reward of an action the mask refuses, which ends the episode; ``None``:
        such an action raises `IllegalMoveError`."""
        self.observation_space = gymnasium.spaces.Box(
            OBSERVATION_LOW, OBSERVATION_HIGH, dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(ACTIONS)
        self._bots = _bots(rules, self.seat, opponents, partner)
        self._side = side_of(rules, self.seat)
        self._policies: dict[int, Policy] = {}
        self._state: State | None = None
        self._selected: tuple[Card, ...] = ()
        self._over = False
        self._views = Views()

    @property
    def game_state(self) -> State:
        """The game's `spades.State` now (every card in it: not for the agent's eyes).

        Before the first reset there is none: `spades.SpadesError`.
        """
        if self._state is None:
            raise SpadesError("reset() the environment before using it")
        return self._state

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards the agent has chosen so far for her pass or exchange."""
        return self._selected

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game, the bots moving up to the agent's first turn.

        The game of ``seed``, or without one the generator's next. ``options`` are
        accepted, as Gymnasium asks, and ignored: there are none.
        """
        super().reset(seed=checked_seed(seed))
        rng = self.np_random
        state = new_game(self.rules, seed=game_seed(rng))
        self._policies = {
            seat: make_bot(bot, game_seed(rng)) if isinstance(bot, str) else bot
            for seat, bot in self._bots.items()
        }
        self._state = self._bots_move(state)
        self._selected, self._over = (), False
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent takes ``action``; then the bots move up to her next turn.

        After the episode's end (or before the first reset): `spades.SpadesError`.
        """
        before = self.game_state
        if self._over:
            raise SpadesError("the episode is over: reset() the environment")
        try:
            number = action.item() if isinstance(action, np.integer) else action
            done = advance(self._views.of(before, self.seat), self._selected, number)
        except IllegalMoveError:
            if self.illegal_reward is None:
                raise
            self._over = True
            return self._observe(), self.illegal_reward, True, False, self._info(illegal=True)
        reward = 0.0
        if isinstance(done, tuple):  # a card chosen; she chooses on
            self._selected = done
        else:
            after = self._bots_move(apply(before, done, seat=self.seat))
            reward = side_rewards(before, after, self.reward)[self._side] * self.reward_scale
            self._state, self._selected = after, ()
        state = self.game_state
        terminated = state.is_over
        truncated = is_truncated(state, self.max_rounds)
        self._over = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The action mask as booleans, for sb3-contrib's ``MaskablePPO``.

        Once the episode is over no action is left: `spades.SpadesError`, as for ``step``.
        """
        self.game_state  # noqa: B018  (the check that there is a game)
        if self._over:
            raise SpadesError("the episode is over, no action is left: reset() the environment")
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``); nothing without a mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        lines = table_lines(
            self.game_state, self._selected, you=self.seat, max_rounds=self.max_rounds
        )
        text = "\n".join(lines)
        if self.render_mode == "ansi":
            return text
        print(text)  # the "human" render prints
        return None

    def _bots_move(self, state: State) -> State:
        """``state`` after the bots' moves: up to the agent's turn, the end, or the limit."""
        while (
            state.to_move is not None
            and state.to_move != self.seat
            and not is_truncated(state, self.max_rounds)
        ):
            seat = state.to_move
            state = apply(state, self._policies[seat](observe(state, seat)), seat=seat)
        return state

    def _observe(self) -> Observation:
        return observation(self._views.of(self.game_state, self.seat), self._selected)

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._over:  # a truncated game, or an illegal action, leaves her to move
            return np.zeros(ACTIONS, np.int8)
        return action_mask(self._views.of(self.game_state, self.seat), self._selected)

    def _info(self, *, illegal: bool = False) -> dict[str, Any]:
        """The step's info: the mask; at the end, `final_info` too (and ``illegal``)."""
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self._over:
            info.update(final_info(self.game_state, self._side))
        if illegal:
            info["illegal"] = True
        return info


def _bots(
    rules: Ruleset,
    seat: int,
    opponents: Opponent | Sequence[Opponent] | None,
    partner: Opponent | None,
) -> dict[int, Opponent]:
    """The bot of each seat but ``seat``, in seat order, checked."""
    side = side_of(rules, seat)
    rivals = [other for other in range(rules.players) if side_of(rules, other) != side]
    if opponents is None:
        opponents = "heuristic"
    if isinstance(opponents, str) or callable(opponents):
        bots: dict[int, Opponent] = dict.fromkeys(rivals, opponents)
    elif isinstance(opponents, Sequence):
        if len(opponents) != len(rivals):
            hint = " (her partner's is the partner option)" if rules.partnerships else ""
            raise SpadesError(
                f"opponents has one bot for each opponent's seat: {len(rivals)}, not "
                f"{len(opponents)}{hint}"
            )
        bots = dict(zip(rivals, opponents, strict=True))
    else:
        raise TypeError(
            f"opponents is a bot, a sequence of bots or None, not {type(opponents).__name__}"
        )
    seat_across = partner_of(rules, seat)
    if seat_across is not None:
        bots[seat_across] = "heuristic" if partner is None else partner
    elif partner is not None:
        who = {
            2: "two players",
            3: "three players (rule-three-players)",
            4: "solo players (rule-solo)",
        }[rules.players]
        raise SpadesError(f"{who} have no partner: partner is None, not {shown(partner)}")
    for bot in bots.values():
        if isinstance(bot, str) and bot not in BOTS:
            raise SpadesError(f"{shown(bot)} is not a bot; known: {', '.join(BOTS)}")
        if not isinstance(bot, str) and not callable(bot):
            raise TypeError(f"a bot is a name or a policy (a callable), not {shown(bot)}")
    return dict(sorted(bots.items()))


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SpadesEnv")
