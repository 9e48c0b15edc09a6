"""A tuple-backed value: a tuple underneath, for speed, but a value of its own type outside."""

from __future__ import annotations

from typing import Any

__all__ = ["TupleValue"]


class TupleValue(tuple):  # type: ignore[type-arg]
    """A frozen record stored as a tuple: equal only to records of its own type, unordered."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def _unordered(self, other: Any) -> bool:
        raise TypeError(f"{type(self).__name__} values have no order")

    __lt__ = __le__ = __gt__ = __ge__ = _unordered
