"""PettingZoo: Spades as an AEC environment, shaped like PettingZoo's classic games.

``env(rules)`` is the environment wrapped as PettingZoo's classic games wrap theirs
(`raw_env` is the bare one). The agents are ``player_0`` to ``player_3`` (``player_1``
with two players, ``player_2`` with three), the seats of the same number;
``agent_selection`` is the seat to move.

- **Observations** are ``{"observation": ..., "action_mask": ...}``: the seat's view as
  `spades.encoding` encodes it (float32, within ``OBSERVATION_LOW`` and
  ``OBSERVATION_HIGH``) and the mask of its ``ACTIONS`` actions (int8, 1 = allowed; all 0
  for an agent not to move, and for every agent once she is terminated or truncated).
  Both come from the agent's `View` alone.
- **Actions** are the encoding's. A card pass (after a nil or a blind nil) or a double nil
  exchange is entered a card at a time: the environment keeps the cards chosen so far, the
  same agent stays selected until the move is complete, and the observation's
  ``selected`` slot shows them to her alone.
- **Rewards**, the same for both partners, each agent her side's:
  ``reward="round"`` (the default) gives, as each round is scored, that round's points,
  the side's less the other's, times ``reward_scale`` (by default 0.01: a round is then
  worth about -3 to 3); ``reward="game"`` gives +1 to the winners and -1 to the losers as
  the game ends, 0 each for a draw (times ``reward_scale``, by default 1). Under solo
  (four players each on her own, rule-solo) and with three players (rule-three-players)
  each agent is a side: a round gives her points less the mean of the others' (the
  rewards add up to 0), and the game +1 to the one highest score and -1 to each other.
- **The end.** The game's end terminates every agent. A game still going after
  ``max_rounds`` rounds (default 100; ``None`` for no limit) is truncated instead, with no
  result reward: without a round cap or a losing floor a game may go on as long as the
  players keep it level. A ruleset's round cap of ``max_rounds`` or fewer ends every game
  first. At the end each agent's ``infos`` entry says how the game stands for her side
  (``scores``, ``winner``, ``is_success``, ``rounds``), as in the Gymnasium adapter; not
  after an illegal action, whose end PettingZoo's wrapper makes (`env`).
- **Illegal actions.** `env` ends the game with -1 for the agent that made it (PettingZoo's
  ``TerminateIllegalWrapper``, as in its classic games); `raw_env` raises
  `spades.IllegalMoveError`.
- **Seeds.** ``reset(seed=s)`` deals the same game for the same ``s``; ``reset()`` deals the
  next game of the environment's generator (``np_random``), which a first ``reset()`` seeds
  from the operating system.
- **Render.** ``"ansi"`` returns the table as text, every hand shown; ``"human"`` prints it
  after each reset and step. Another mode raises `TypeError`.
- **Errors.** A bad option, seed or agent raises `spades.SpadesError`, a `ValueError` (a
  value of the wrong type: `TypeError`; ``reward_scale`` is a finite number above 0 or
  None); so does what is no action (a value that is no whole number: `TypeError`),
  checked by `env` as by `raw_env`. Every call of `raw_env`
  before the first reset (``step``, ``last``, ``observe``, ``render``, ``game_state``)
  raises `spades.SpadesError`; `env`'s ``OrderEnforcingWrapper`` refuses them first.

Importing this module imports PettingZoo (``pip install 'spades[pettingzoo]'``).

>>> import spades
>>> from spades.adapters import pettingzoo as spades_pettingzoo
>>> game = spades_pettingzoo.env(spades.CLASSIC)
>>> game.reset(seed=1)
>>> game.agent_selection, int(game.observe("player_1")["action_mask"].sum())
('player_1', 14)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeAlias, cast

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"spades.adapters.pettingzoo needs PettingZoo and numpy ({error.name} is missing): "
        "pip install 'spades[pettingzoo]'",
        name=error.name,
    ) from error

from spades._deal import new_game
from spades._engine import apply
from spades._errors import SpadesError, shown
from spades._rules import CLASSIC, side_of
from spades.adapters._common import (
    MAX_ROUNDS,
    Views,
    check_options,
    check_render_mode,
    checked_seed,
    final_info,
    game_seed,
    is_truncated,
    reward_factor,
    side_rewards,
    table_lines,
)
from spades.encoding import (
    ACTIONS,
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    action_mask,
    advance,
    move_text,
    observation,
)

if TYPE_CHECKING:
    from spades._cards import Card
    from spades._rules import Ruleset
    from spades._state import State
    from spades.adapters._common import RewardKind

__all__ = ["env", "raw_env"]

Observation: TypeAlias = dict[str, Any]
"""An agent's observation: ``{"observation": float32 array, "action_mask": int8 array}``."""
Action: TypeAlias = "int | None"
"""An action of ``Discrete(ACTIONS)``; ``None`` for an agent that is done, as PettingZoo asks."""
ILLEGAL_REWARD: Final = -1.0
"""What `env` gives the agent whose action the mask refused, as the game ends."""


def env(
    rules: Ruleset = CLASSIC,
    render_mode: str | None = None,
    *,
    reward: RewardKind = "round",
    reward_scale: float | None = None,
    max_rounds: int | None = MAX_ROUNDS,
) -> AECEnv[str, Observation, Action]:
    """Spades under ``rules`` as a PettingZoo AEC environment, wrapped as the classic games.

    An illegal action ends the game, -1 to its agent (``TerminateIllegalWrapper``); an
    action outside the action space raises as in `raw_env` (`CheckedActions`, in place of
    PettingZoo's ``AssertOutOfBoundsWrapper``, whose assertion ``python -O`` skips); a
    call out of order fails an assertion (``OrderEnforcingWrapper``). See the module for
    the rest.
    """
    environment: AECEnv[str, Observation, Action] = raw_env(
        rules, render_mode, reward=reward, reward_scale=reward_scale, max_rounds=max_rounds
    )
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=ILLEGAL_REWARD)
    environment = CheckedActions(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class CheckedActions(wrappers.BaseWrapper[str, Observation, Action]):
    """Refuses what is no action before the wrappers inside see it, as `raw_env` does.

    The agent to move takes a whole number from 0 to ``ACTIONS - 1`` (numpy's integers
    too): `TypeError` for a value that is no whole number, `SpadesError` for one out of
    range; an agent that is done takes only ``None`` (`SpadesError`).
    """

    def step(self, action: Action) -> None:
        """Check ``action``, then step the environment inside."""
        _check_action(self.unwrapped, action)  # type: ignore[arg-type]
        super().step(action)


def _check_action(environment: raw_env, action: object) -> None:
    """Raise unless ``action`` is an action of the selected agent: None once she is done."""
    agent = environment.agent_selection
    if environment.terminations[agent] or environment.truncations[agent]:
        if action is not None:
            raise SpadesError(f"{agent} is done: her only action is None, not {shown(action)}")
    elif action is None:
        raise TypeError(f"{agent} is to move: None is an action only once she is done")
    else:
        move_text(action)  # type: ignore[arg-type]  # the encoding's check of an action


class raw_env(AECEnv[str, Observation, Action]):  # noqa: N801  (PettingZoo's name for it)
    """The bare environment: `env` without its wrappers; an illegal action raises.

    ``rules``, ``render_mode``, ``reward``, ``reward_scale`` and ``max_rounds`` as for `env`.
    """

    # PettingZoo declares it an instance variable, read from the class (not a ClassVar).
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "spades_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Ruleset = CLASSIC,
        render_mode: str | None = None,
        *,
        reward: RewardKind = "round",
        reward_scale: float | None = None,
        max_rounds: int | None = MAX_ROUNDS,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # PettingZoo's is unannotated
        max_rounds = check_options(rules, reward, max_rounds)
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.rules: Ruleset = rules
        """The ruleset of every game."""
        self.render_mode = render_mode
        self.reward: RewardKind = reward
        """``"round"`` or ``"game"``: what the agents are rewarded for."""
        self.reward_scale: float = reward_factor(reward, reward_scale)
        """What each reward is multiplied by."""
        self.max_rounds: int | None = max_rounds
        """The rounds after which an unfinished game is truncated; ``None``: never."""
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        OBSERVATION_LOW, OBSERVATION_HIGH, dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        # Discrete samples numpy integers, which `step` takes as well as ints (and None).
        self.action_spaces = {
            agent: cast("gymnasium.spaces.Space[Action]", gymnasium.spaces.Discrete(ACTIONS))
            for agent in self.possible_agents
        }
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._state: State | None = None
        self._selected: tuple[Card, ...] = ()
        self._np_random: np.random.Generator | None = None
        self._views = Views()

    @property
    def game_state(self) -> State:
        """The game's `spades.State` now (every card in it: not for the agents' eyes).

        Before the first reset there is none: `spades.SpadesError`.
        """
        if self._state is None:
            raise SpadesError("reset() the environment before using it")
        return self._state

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards the agent to move has chosen so far for her pass or exchange."""
        return self._selected

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space, ``Discrete(ACTIONS)`` (the same object on every call)."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` when it is one of ``possible_agents``; else `TypeError` or `SpadesError`."""
        if not isinstance(agent, str):
            raise TypeError(f"an agent is a name like 'player_0', not {shown(agent)}")
        if agent not in self._seats:
            raise SpadesError(
                f"{shown(agent)} is no agent: the agents are {', '.join(self.possible_agents)}"
            )
        return agent

    @property
    def np_random(self) -> np.random.Generator:
        """The environment's generator, which deals the games that ``reset()`` starts."""
        if self._np_random is None:
            self._np_random, _ = gymnasium.utils.seeding.np_random()
        return self._np_random

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the one of ``seed``, or without one the generator's next.

        ``options`` are accepted, as PettingZoo asks, and ignored: there are none.
        """
        number = checked_seed(seed)
        if number is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(number)
        state = new_game(self.rules, seed=game_seed(self.np_random))
        self._state, self._selected = state, ()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        assert state.to_move is not None, "a new game has a seat to move"
        self.agent_selection = self.possible_agents[state.to_move]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its view encoded, and its action mask.

        The mask is all 0 once the agent is done (terminated or truncated, or removed from
        ``agents``), though a truncated game or an illegal action (`env`) leaves a seat to
        move in the state.
        """
        state = self.game_state
        view = self._views.of(state, self._seats[self._agent(agent)])
        selected = self._selected if agent == self.agent_selection else ()
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        return {
            "observation": observation(view, selected),
            "action_mask": np.zeros(ACTIONS, np.int8) if done else action_mask(view, selected),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The selected agent takes ``action`` (``None`` once she is done, as PettingZoo asks).

        Before the first reset: `SpadesError`. What is no action raises as `CheckedActions`
        says; an action the mask refuses raises `spades.IllegalMoveError`.
        """
        before = self.game_state
        agent = self.agent_selection
        _check_action(self, action)
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(None)
            return
        seat = self._seats[agent]
        done = advance(self._views.of(before, seat), self._selected, action)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if isinstance(done, tuple):  # a card chosen; the same agent chooses on
            self._selected = done
        else:
            after = apply(before, done, seat=seat)
            self._state, self._selected = after, ()
            sides = side_rewards(before, after, self.reward)
            for other, other_seat in self._seats.items():
                self.rewards[other] = sides[side_of(self.rules, other_seat)] * self.reward_scale
            if after.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
                self._tell_the_end(after)
            elif is_truncated(after, self.max_rounds):
                self.truncations = dict.fromkeys(self.agents, True)
                self._tell_the_end(after)
            else:
                assert after.to_move is not None, "a game that goes on has a seat to move"
                self.agent_selection = self.possible_agents[after.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _tell_the_end(self, state: State) -> None:
        """Each agent's info at the end: how the game stands for her side (`final_info`)."""
        for agent, seat in self._seats.items():
            self.infos[agent] = final_info(state, side_of(self.rules, seat))

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, ends and info.

        Before the first reset: `spades.SpadesError`.
        """
        self.game_state  # noqa: B018  (the check that there is a game)
        return super().last(observe)

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or printed (``"human"``); nothing without a mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        text = "\n".join(table_lines(self.game_state, self._selected, max_rounds=self.max_rounds))
        if self.render_mode == "ansi":
            return text
        print(text)  # the "human" render prints
        return None

    def close(self) -> None:
        """Nothing to release: the render is text."""
