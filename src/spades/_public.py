"""Public names say where they are imported from, not the private module that defines them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["present_as_public"]


def present_as_public(namespace: dict[str, object], names: Iterable[str]) -> None:
    """Make the package of ``namespace`` the ``__module__`` of these classes and functions.

    Only names defined in the package's own submodules change, so tracebacks, reprs and the
    documentation say ``spades.IllegalMoveError``, not ``spades._errors.IllegalMoveError``.
    Doctest then finds a class's examples in the package, and only in the class's own
    docstring (a test checks that no method of a public class hides one).
    """
    home = str(namespace["__name__"])
    for name in names:
        value = namespace.get(name)
        public = isinstance(value, type) or callable(value)
        if public and getattr(value, "__module__", "").startswith(f"{home}."):
            value.__module__ = home
