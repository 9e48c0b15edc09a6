"""Tuple-backed values: a tuple underneath, for speed, but a value of its own type outside.

A subclass declares its fields once, in its body, as ``name: Type = field("doc")``, in
the order they are stored. That one declaration gives the type checker the attributes and
the keyword constructor (through `typing_extensions.dataclass_transform`), the runtime
its properties, and the documentation their docstrings. Fields from the one named by
``nested_from`` on are stored together in one inner tuple at the end, so that a value
whose first fields change often (a `State` in play) is copied cheaply.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar

from typing_extensions import Self, dataclass_transform

from spades._errors import shown

__all__ = ["TupleValue", "field"]


class _Field:
    """A field's place holder in a class body, until the class turns it into a property."""

    __slots__ = ("doc",)

    def __init__(self, doc: str) -> None:
        self.doc = doc


def field(doc: str) -> Any:
    """Declare a field of a `TupleValue`, with its docstring."""
    return _Field(doc)


def _nested_getter(outer: int, inner: int) -> Any:
    """A getter for field ``inner`` of the inner tuple at ``outer``.

    Unannotated, like `operator.itemgetter`, so that the docs show no type for either.
    """
    return lambda value: value[outer][inner]


def _constructors(cls: type, names: tuple[str, ...], flat: int, *, kw_only: bool) -> Any:
    """``__new__`` and ``_build`` for ``cls``, from its fields, written out as attrs does it.

    ``_build`` is ``__new__`` with the class given, for classes whose constructor is private.
    """
    stored = list(names)
    if flat < len(names):
        stored = [*names[:flat], f"({''.join(name + ', ' for name in names[flat:])})"]
    signature = ("*, " if kw_only else "") + ", ".join(names)
    values = f"({', '.join(stored)},)"
    source = (
        f"def __new__(klass, {signature}):\n    return new(klass, {values})\n"
        f"def _build({signature}):\n    return new(cls, {values})\n"
    )
    namespace: dict[str, Any] = {"new": tuple.__new__, "cls": cls}
    exec(source, namespace)
    for name in ("__new__", "_build"):
        namespace[name].__qualname__ = f"{cls.__qualname__}.{name}"
        namespace[name].__module__ = cls.__module__
    namespace["__new__"].__doc__ = f"A `{cls.__name__}` from its fields."
    return namespace["__new__"], namespace["_build"]


def _rebuild(cls: type[TupleValue], fields: tuple[object, ...]) -> TupleValue:
    return tuple.__new__(cls, fields)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class TupleValue(tuple):  # type: ignore[type-arg]
    """A frozen record stored as a tuple: equal only to records of its own type, unordered."""

    __slots__ = ()

    fields: ClassVar[tuple[str, ...]] = ()
    """The names of the fields, in the order they are declared."""
    _flat: ClassVar[int] = 0
    """How many fields are stored flat; the others sit in one inner tuple after them."""
    _build: ClassVar[Any]
    """The value from its fields (by name, or by position where not ``kw_only``), without
    the checks a class may add to its constructor."""

    def __init_subclass__(
        cls, *, kw_only: bool = True, init: bool = True, nested_from: str | None = None
    ) -> None:
        super().__init_subclass__()
        names = tuple(name for name, value in vars(cls).items() if isinstance(value, _Field))
        flat = names.index(nested_from) if nested_from is not None else len(names)
        for index, name in enumerate(names):
            getter = itemgetter(index) if index < flat else _nested_getter(flat, index - flat)
            setattr(cls, name, property(getter, doc=vars(cls)[name].doc))
        cls.fields = names
        cls._flat = flat
        new, build = _constructors(cls, names, flat, kw_only=kw_only)
        cls._build = staticmethod(build)
        if init:
            cls.__new__ = staticmethod(new)  # type: ignore[method-assign]

    @classmethod
    def _position(cls, name: str) -> int:
        """Where field ``name`` is stored: in the tuple, or (if nested) in the inner tuple."""
        index = cls.fields.index(name)
        return index if index < cls._flat else index - cls._flat

    def _replace(self, **changes: object) -> Self:
        """A copy with some fields changed, by name."""
        values = dict(zip(self.fields, self._values(), strict=True))
        for name in changes:
            if name not in values:
                raise TypeError(f"{type(self).__name__} has no field {shown(name)}")
        return self._build(**{**values, **changes})  # type: ignore[no-any-return]

    def _values(self) -> tuple[object, ...]:
        flat = self._flat
        if flat == len(self.fields):
            return tuple(self)
        return (*self[:flat], *self[flat])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def _unordered(self, other: Any) -> bool:
        raise TypeError(f"{type(self).__name__} values have no order")

    __lt__ = __le__ = __gt__ = __ge__ = _unordered

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.fields, self._values(), strict=True)
        )
        return f"{type(self).__name__}({parts})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), tuple(self)))
