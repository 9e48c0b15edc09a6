"""Games on Ray, for ``--ray ADDRESS`` of ``spades simulate`` and ``spades duel``.

Ray is optional (``pip install 'spades[ray]'``): ``import spades``, and the command line
without ``--ray``, never import it; `module` does, when asked. `mapped` hands the games to
Ray as remote tasks, a chunk of games a task, and gives their results back in the games'
order, so that what its caller makes of them is the same as without Ray.

Ray's workers import `spades` themselves: on a cluster it must be installed on every node
(as Ray's own documentation says of any library its tasks use).
"""

from __future__ import annotations

import collections
import contextlib
import importlib
from typing import TYPE_CHECKING, Any, Final, TypeVar

from spades import SpadesError
from spades._errors import quoted

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from types import ModuleType

__all__ = ["CHUNKS_PER_CPU", "INSTALL", "connected", "mapped", "module", "play"]

_T = TypeVar("_T")
_R = TypeVar("_R")

INSTALL: Final = "pip install 'spades[ray]'"
"""The command that installs Ray for `spades`: its extra ``ray``."""

CHUNKS_PER_CPU: Final = 8
"""About how many Ray tasks `mapped` makes for each of the cluster's CPUs (see there): few
enough that Ray's overhead per task stays small beside the games, enough that a slow chunk
does not keep the other CPUs waiting at the end. The process pools of `spades._cli.duel`
and `spades._cli.simulate` choose their ``chunksize`` in the same way."""


def module() -> ModuleType:
    """The `ray` module, imported; `SpadesError` if it is not installed, saying how to."""
    try:
        # By name: mypy then reads this module alike with or without Ray installed.
        return importlib.import_module("ray")
    except ImportError:
        raise SpadesError(f"playing on Ray needs Ray, which is not installed: {INSTALL}") from None


@contextlib.contextmanager
def connected(address: str, **options: Any) -> Iterator[ModuleType]:
    """`ray`, connected to the Ray at ``address`` for the ``with`` block.

    ``address`` is `ray.init`'s: ``"local"`` starts a new Ray on this machine, ``"auto"``
    connects to the one already running (``ray start``, or the environment variable
    ``RAY_ADDRESS``), and anything else is a cluster's address, ``HOST:PORT`` or Ray
    Client's ``ray://HOST:PORT``. ``options`` go to `ray.init` too. The block's end shuts
    Ray down: the connection closes, and a Ray started here stops. A process already
    connected (`ray.is_initialized`) stays so, as it was: ``address`` and ``options`` are
    then not used. A Ray that cannot be reached is a `SpadesError` saying why, in a line.
    """
    ray = module()
    if ray.is_initialized():
        yield ray
        return
    try:
        ray.init(address=address, **options)
    except Exception as error:  # Ray's own errors, which it does not document
        reason = str(error).partition("\n")[0]
        raise SpadesError(f"cannot connect to Ray at {quoted(address)}: {reason}") from error
    try:
        yield ray
    finally:
        ray.shutdown()


def play(function: Callable[[_T], _R], chunk: Sequence[_T]) -> list[_R]:
    """``function`` of each task of ``chunk``, in order: what one Ray task does."""
    return [function(task) for task in chunk]


@contextlib.contextmanager
def mapped(
    function: Callable[[_T], _R], tasks: Sequence[_T], *, address: str
) -> Iterator[Iterator[_R]]:
    """``function`` of each of ``tasks`` on the Ray at ``address`` (`connected`), in order.

    The tasks go to Ray at once, as Ray tasks of `play` on consecutive chunks of
    ``len(tasks) // (CHUNKS_PER_CPU * cpus)`` tasks (one at least), for the ``cpus`` of
    the cluster when it is connected: from `CHUNKS_PER_CPU` to twice as many chunks for
    each CPU, or one for each task where they are fewer. The results come back a chunk
    after the other, in the order of ``tasks``, each chunk when all of it is done.
    ``function`` must be one that Ray's workers can import (pickled by name): a function
    at the top level of a module. Leaving the block before the last result cancels the
    chunks not gathered yet.
    """
    with connected(address) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, len(tasks) // (CHUNKS_PER_CPU * cpus))
        remote = ray.remote(play)
        pending = collections.deque(
            remote.remote(function, tasks[start : start + size])
            for start in range(0, len(tasks), size)
        )

        def gather() -> Iterator[_R]:
            while pending:
                yield from ray.get(pending.popleft())

        try:
            yield gather()
        finally:
            for chunk in pending:  # none after the last result
                ray.cancel(chunk)
