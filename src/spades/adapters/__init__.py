"""Adapters: `spades` as the game of reinforcement-learning and game-AI frameworks.

`spades.encoding` turns a player's `View` into fixed-size arrays (an observation
and an action mask over one discrete action space) and actions back into moves; every
adapter uses it. It needs numpy, which each adapter's optional extra brings in
(``pip install 'spades[pettingzoo]'``, ``'spades[gymnasium]'``, ``'spades[openspiel]'``).

Each adapter module imports its framework, and numpy, only when it is imported itself:
``import spades`` and ``import spades.adapters`` import neither numpy nor any framework.
The docs page "Spades for reinforcement learning" (``docs/rl.md``) describes the encoding
slot by slot.
"""
