"""Lines on the terminal: `show` prints them wrapped between words to the terminal's width.

On a terminal, the lines fit its width (`width`), never wider than `WIDTH`; written to a
file or a pipe, they are `WIDTH` columns wide.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from typing import TextIO

__all__ = ["NARROWEST", "WIDTH", "show", "width", "wrap"]

WIDTH: Final = 100
"""The widest line the command line prints."""

NARROWEST: Final = 40
"""The narrowest width the lines are wrapped to, however narrow the terminal."""


def width(file: TextIO | None = None) -> int:
    """The columns of the lines written to ``file`` (standard output by default).

    On a terminal, its width (`shutil.get_terminal_size`, which reads ``COLUMNS`` first)
    from `NARROWEST` to `WIDTH`; elsewhere (a file, a pipe) `WIDTH`.
    """
    stream = sys.stdout if file is None else file
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return WIDTH
    columns = shutil.get_terminal_size((WIDTH, 24)).columns
    return max(NARROWEST, min(WIDTH, columns))


def wrap(line: str, columns: int = WIDTH) -> list[str]:
    """``line`` in lines of at most ``columns`` columns, broken only between words.

    A continued line is indented two columns more than the first; a word longer than a
    line stays whole, on a line of its own.

    >>> wrap("  " + "word " * 30)[1]
    '    word word word word word word word word word word word'
    >>> wrap(""), wrap("short  line  ")
    ([''], ['short  line'])
    """
    line = line.rstrip()
    if len(line) <= columns:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(
        line.lstrip(),
        columns,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def show(*lines: str, file: TextIO | None = None) -> None:
    """Print each of ``lines`` on standard output or ``file``, wrapped to its `width`."""
    stream = sys.stdout if file is None else file
    columns = width(stream)
    for line in lines:
        for part in wrap(line, columns):
            print(part, file=stream)
