"""The protocol's messages: reading what clients send, and what every reader may see.

A client's message is JSON text; it is read (`read_message`) against the protocol's JSON
Schema, ``protocol.schema.json`` beside this module, the same schema the documentation
shows and the tests check every message against. What a reader may see of a game is
`public_data` (everyone) or `seat_data` (one seat).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, cast

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

from spades import observe, records

if TYPE_CHECKING:
    from spades import State

__all__ = [
    "PROTOCOL_VERSION",
    "ProtocolError",
    "client_types",
    "public_data",
    "read_message",
    "schema",
    "seat_data",
]

PROTOCOL_VERSION: Final = 1
"""The protocol's version: a new number for every change an old client cannot follow."""

_MESSAGE_LIMIT: Final = 300
"""The longest error message, in characters: a message quotes the client's data."""

_PRIVATE: Final = ("type", "version", "seat", "hand", "top_card", "exchanged")
"""The fields of a view's data that belong to its seat alone."""


class ProtocolError(Exception):
    """A client's message the server refuses: ``reason`` for programs, the text for people."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@cache
def schema() -> dict[str, Any]:
    """The protocol's JSON Schema (draft 2020-12)."""
    text = resources.files("spades.server").joinpath("protocol.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(side: str, kind: str) -> Draft202012Validator:
    root = schema()
    registry: Registry[Any] = Registry().with_resource(root["$id"], Resource.from_contents(root))
    pointer = f"{side}/{kind}".replace("~", "~0").replace("/", "~1")
    return Draft202012Validator({"$ref": f"{root['$id']}#/$defs/{pointer}"}, registry=registry)


def client_types() -> frozenset[str]:
    """The types of message a client may send."""
    return frozenset(
        name.removeprefix("client/") for name in schema()["$defs"] if name.startswith("client/")
    )


def read_message(text: str) -> dict[str, Any]:
    """The client's message ``text``, checked against the schema; `ProtocolError` if not."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("malformed_json", f"the message is not JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("invalid_message", 'a message is a JSON object with a "type"')
    kind = data["type"]
    if kind not in client_types():
        raise ProtocolError("unknown_type", _cut(f"no message has the type {json.dumps(kind)}"))
    try:
        problem = best_match(_validator("client", kind).iter_errors(data))
    except RecursionError:  # nested deeper than the validator goes: no message is
        raise ProtocolError("invalid_message", f"{kind}: nested too deeply") from None
    if problem is not None:
        where = "".join(
            f"[{part!r}]" if isinstance(part, int) else f".{part}" for part in problem.absolute_path
        )
        raise ProtocolError("invalid_message", _cut(f"{kind}{where}: {problem.message}"))
    return data


def check_sent(message: dict[str, Any]) -> None:
    """Raise `jsonschema.ValidationError` if ``message`` is no server message of the schema."""
    _validator("server", message["type"]).validate(message)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is no JSON number")


def _cut(text: str) -> str:
    return text if len(text) <= _MESSAGE_LIMIT else text[: _MESSAGE_LIMIT - 1] + "…"


def public_data(state: State) -> dict[str, Any]:
    """What every seat sees of ``state``: a view's data without anything private."""
    data = cast("dict[str, Any]", records.to_data(observe(state, 0)))
    for name in _PRIVATE:
        del data[name]
    data["passes"] = [{**entry, "cards": None} for entry in data["passes"]]
    data["draws"] = [{**entry, "kept": None, "discarded": None} for entry in data["draws"]]
    return data


def seat_data(state: State, seat: int) -> tuple[dict[str, Any], list[str]]:
    """What ``seat`` sees of ``state``, as a view's data, and her legal moves as notation."""
    view = observe(state, seat)
    data = cast("dict[str, Any]", records.to_data(view))
    return data, [str(move) for move in view.legal_moves()]
