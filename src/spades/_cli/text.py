"""Lines on the terminal: `show` prints them wrapped to `WIDTH` columns between words."""

from __future__ import annotations

import sys
import textwrap
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from typing import TextIO

__all__ = ["WIDTH", "show", "wrap"]

WIDTH: Final = 100
"""The widest line the command line prints."""


def wrap(line: str) -> list[str]:
    """``line`` in lines of at most `WIDTH` columns, broken only between words.

    A continued line is indented two columns more than the first; a word longer than a
    line stays whole, on a line of its own.

    >>> wrap("  " + "word " * 30)[1]
    '    word word word word word word word word word word word'
    >>> wrap(""), wrap("short  line  ")
    ([''], ['short  line'])
    """
    line = line.rstrip()
    if len(line) <= WIDTH:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(
        line.lstrip(),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def show(*lines: str, file: TextIO | None = None) -> None:
    """Print each of ``lines``, wrapped (`wrap`), on standard output or ``file``."""
    for line in lines:
        for part in wrap(line):
            print(part, file=sys.stdout if file is None else file)
