"""The progress line of ``simulate`` and ``duel``: on a terminal only, with the time left.

The line is rewritten in place (a carriage return before it), so it is written only to a
terminal: a log or a pipe gets no progress at all, not a run of carriage returns. It says
the games played of all, and the time left at the pace so far.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from spades._table_text import counted

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO

__all__ = ["Progress", "duration", "show_progress"]


def show_progress(done: int, total: int) -> bool:
    """Whether the progress line shows ``done`` games of ``total``.

    Every hundredth of them (so about a hundred updates), the last, and below the first
    hundredth the games 1, 2, 4, 8, ..., so that a long run shows progress at once.

    >>> [done for done in range(1, 301) if show_progress(done, 300)][:5]
    [1, 2, 3, 6, 9]
    >>> [done for done in range(1, 10**4) if show_progress(done, 10**6)]
    [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]
    """
    step = max(1, total // 100)
    return done % step == 0 or done == total or (done < step and done & (done - 1) == 0)


def duration(seconds: float) -> str:
    """``seconds`` in words a person reads at a glance, to the second, minute or hour.

    >>> duration(4.4), duration(59.6), duration(125), duration(3 * 3600 + 59), duration(10**9)
    ('4 s', '1 min 0 s', '2 min 5 s', '3 h 0 min', '277777 h 46 min')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


class Progress:
    """``what: 3/300 games, 2 min 5 s left``, rewritten in place on a terminal, else nothing.

    Call it with the games played and the games in all after each game (`spades.bots.duel`'s
    ``progress``); `end` closes the line. ``clock`` gives the seconds (`time.monotonic`).
    """

    def __init__(
        self,
        what: str,
        *,
        file: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.file = sys.stderr if file is None else file
        self.clock = clock
        self.start = clock()
        self.on_terminal = bool(getattr(self.file, "isatty", lambda: False)())
        self.shown = 0
        """The length of the line last shown; 0 before the first."""

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` games are played, when `show_progress` says so."""
        if not self.on_terminal or not show_progress(done, total):
            return
        elapsed = self.clock() - self.start
        line = f"{self.what}: {done}/{counted(total, 'game')}"
        if done < total:
            line += f", {duration(elapsed * (total - done) / done)} left"
        else:
            line += f" in {duration(elapsed)}"
        padded = f"\r{line:<{self.shown}}"  # over the whole of the line before
        self.shown = len(line)  # (first: Ctrl-C may come as soon as the line is out)
        print(padded, end="", file=self.file, flush=True)

    def end(self) -> None:
        """End the line, if one was shown, so that what follows starts on a line of its own."""
        if self.shown:
            print(file=self.file, flush=True)
            self.shown = 0
