"""The bots at the tables: a view in, a move out, computed away from the event loop.

A bot sees what a person in its seat would see, its `View`, and answers with a move that
goes through the same checks as a person's. The search bot thinks for a tenth of a second
or more; it runs in worker processes, so that no table waits for another's bot.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Final

from spades import CLASSIC, new_game, observe, parse_move
from spades.bots import BOTS as REGISTRY
from spades.bots import make_bot

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Move, View

__all__ = ["BOTS", "BotRunner", "bot_move"]

BOTS: Final = tuple(name for name in REGISTRY if name != "fallback")
"""The bots a table may seat, by name (`spades.bots.BOTS`): heuristic, search and random.

Source B's fallback move is the clock's, for a person who does not answer in time, not a
player of its own."""


_FIRST_VIEW: Final = observe(new_game(CLASSIC, seed=0), 0)
"""A view for the workers' first move, which they make as they start."""


def bot_move(bot: str, view: View, seed: int) -> str:
    """The move of the bot named ``bot`` in ``view``, in move notation (from a worker)."""
    return str(make_bot(bot, seed)(view))


PARENT_CHECK_SECONDS: Final = 1.0
"""How often a bot worker checks that the server that started it still runs."""


def _follow_parent(parent: int) -> None:
    """Make this worker end when the server ends, even one killed with ``kill -9``.

    A killed server closes nothing: its workers would wait for work for ever.
    """
    threading.Thread(target=watch_parent, args=(parent,), name="follow-parent", daemon=True).start()


def watch_parent(parent: int, end: Callable[[int], object] = os._exit) -> None:
    """Wait while the process ``parent`` is this one's parent, then ``end`` this one."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    end(0)


class BotRunner:
    """Computes bots' moves in ``workers`` processes (0: in threads of this process)."""

    def __init__(self, workers: int) -> None:
        self._pool = None
        if workers:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self._pool = ProcessPoolExecutor(
                workers, mp_context=context, initializer=_follow_parent, initargs=(os.getpid(),)
            )
            for _ in range(workers):  # the workers start (and import) while the server does
                self._pool.submit(bot_move, "heuristic", _FIRST_VIEW, 0)

    async def move(self, bot: str, view: View) -> Move:
        """The move of the bot named ``bot`` in ``view``, each time with fresh randomness."""
        seed = secrets.randbits(64)
        if self._pool is None:
            text = await asyncio.to_thread(bot_move, bot, view, seed)
        else:
            loop = asyncio.get_running_loop()
            text = await loop.run_in_executor(self._pool, bot_move, bot, view, seed)
        return parse_move(text)

    def close(self) -> None:
        """Stop the workers, dropping what they had still to do."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
