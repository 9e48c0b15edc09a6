"""Many games, made as they are played, in order, stopped at once: for duels and simulations.

`played` plays a function over tasks (each a game) here, on a pool of processes or on Ray
(`on_ray`), and gives the results in the tasks' order, so that what the caller makes of
them is the same wherever they were played. The tasks are read only as they are
needed: in `chunks` of growing size, at most `WINDOW` chunks a worker at a time, so that a
run of any length takes the same memory, and the first chunks, of one game, two, four,
..., show progress from the first game.

It lies below the bots (`spades.bots.duel` runs on it) and the command line (``spades
simulate``), and imports neither. Ctrl-C stops a run at once: the pool's processes ignore
it (a terminal sends it to them too) and are ended by their parent, so that only the
caller speaks, in one line.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import multiprocessing
import signal
import threading
from typing import TYPE_CHECKING, Final, TypeVar

from spades import _ray

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Iterator, Sequence

__all__ = [
    "CHUNKS_PER_WORKER",
    "LARGEST_CHUNK",
    "WINDOW",
    "chunk_size",
    "chunks",
    "in_order",
    "on_ray",
    "play",
    "played",
]

_T = TypeVar("_T")
_R = TypeVar("_R")
_H = TypeVar("_H")

CHUNKS_PER_WORKER: Final = 8
"""About how many chunks a run makes for each worker (a process, or a CPU of Ray's), when
they are not `LARGEST_CHUNK`: few enough that the cost of handing a chunk over stays small
beside its games, enough that a slow chunk does not keep the other workers waiting at the
end."""

LARGEST_CHUNK: Final = 64
"""The most games a chunk holds: enough that handing it over costs little beside playing
it, few enough that the progress line moves every few seconds."""

WINDOW: Final = 2
"""How many chunks each worker (process or CPU) has handed to it at a time, at most: one
it plays and one waiting, so that it never waits for the next."""


def chunk_size(count: int, workers: int) -> int:
    """The largest chunk for ``count`` tasks on ``workers``, from 1 to `LARGEST_CHUNK` tasks.

    It makes `CHUNKS_PER_WORKER` chunks a worker, or more where they would be larger.

    >>> chunk_size(6, 2), chunk_size(10**18, 2), chunk_size(1000, 4)
    (1, 64, 31)
    """
    return max(1, min(LARGEST_CHUNK, count // (CHUNKS_PER_WORKER * workers)))


def chunks(tasks: Iterable[_T], largest: int) -> Iterator[list[_T]]:
    """``tasks`` in consecutive lists of one, two, four, ... tasks, then ``largest``; lazily.

    >>> [len(chunk) for chunk in chunks(range(40), 8)]
    [1, 2, 4, 8, 8, 8, 8, 1]
    >>> next(chunks(itertools.count(), 8))  # a task is read only when its chunk is made
    [0]
    """
    iterator = iter(tasks)
    size = 1
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk
        size = min(2 * size, largest)


def play(function: Callable[[_T], _R], chunk: Sequence[_T]) -> list[_R]:
    """``function`` of each task of ``chunk``, in order: what a worker does with a chunk."""
    return [function(task) for task in chunk]


def in_order(
    submit: Callable[[list[_T]], _H],
    gather: Callable[[_H], list[_R]],
    parts: Iterable[list[_T]],
    window: int,
    cancel: Callable[[_H], object] | None = None,
) -> Generator[_R, None, None]:
    """The results of each chunk of ``parts``, in order, with at most ``window`` submitted.

    ``submit`` hands a chunk over and returns its handle; ``gather`` waits for a handle's
    results. When the iterator is closed before its end, ``cancel`` (if given) is called on
    each handle not gathered.

    >>> list(in_order(lambda chunk: chunk, lambda chunk: [-n for n in chunk], [[1, 2], [3]], 1))
    [-1, -2, -3]
    """
    pending: collections.deque[_H] = collections.deque()
    try:
        for chunk in parts:
            pending.append(submit(chunk))
            if len(pending) >= window:
                yield from gather(pending.popleft())
        while pending:
            yield from gather(pending.popleft())
    finally:
        if cancel is not None:
            for handle in pending:  # none after the last result
                cancel(handle)


def _ignore_interrupts() -> None:
    """A pool process's start: Ctrl-C is for its parent, which ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C ignored for the block, in the main thread (elsewhere there is no handler).

    Processes started in the block inherit it, from their very start on.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)


@contextlib.contextmanager
def played(
    function: Callable[[_T], _R],
    tasks: Iterable[_T],
    *,
    count: int,
    workers: int = 1,
    ray: str | None = None,
) -> Iterator[Iterator[_R]]:
    """``function`` of each of the ``count`` ``tasks``, in their order, for the ``with`` block.

    On ``workers`` processes (spawned, the same on every platform) when there are more than
    one, or on the Ray at ``ray`` (`on_ray`); otherwise here, one after the
    other. ``function`` must be one that other processes can import (pickled by name).
    Leaving the block ends the pool's processes, whatever they were doing.
    """
    if ray is not None:
        with on_ray(function, tasks, count=count, address=ray) as results:
            yield results
        return
    if workers < 2 or count < 2:
        yield map(function, tasks)
        return
    processes = min(workers, count)
    context = multiprocessing.get_context("spawn")
    with _interrupts_ignored():
        pool = context.Pool(processes, initializer=_ignore_interrupts)
    try:
        yield in_order(
            lambda chunk: pool.apply_async(play, (function, chunk)),
            lambda handle: handle.get(),
            chunks(tasks, chunk_size(count, processes)),
            WINDOW * processes,
        )
    finally:
        pool.terminate()
        pool.join()


@contextlib.contextmanager
def on_ray(
    function: Callable[[_T], _R], tasks: Iterable[_T], *, count: int, address: str
) -> Iterator[Iterator[_R]]:
    """``function`` of each of the ``count`` ``tasks`` on the Ray at ``address``, in order.

    Connected for the block (`spades._ray.connected`). The tasks go to Ray as Ray
    tasks of `play` on `chunks`, the largest `chunk_size` for the cluster's CPUs, at most
    `WINDOW` chunks a CPU at a time; the results come back a chunk after the other, in the
    order of ``tasks``, each chunk when all of it is done. ``function`` must be one that
    Ray's workers can import (pickled by name). Leaving the block before the last result
    cancels the chunks not gathered yet.
    """
    with _ray.connected(address) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(play)
        results = in_order(
            lambda chunk: remote.remote(function, chunk),
            ray.get,
            chunks(tasks, chunk_size(count, cpus)),
            WINDOW * cpus,
            cancel=ray.cancel,
        )
        try:
            yield results
        finally:
            results.close()
