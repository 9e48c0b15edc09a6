"""The server page's examples are messages of the protocol, and its schema is the package's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from spades.server._protocol import _validator, client_types, schema

DOCS = Path(__file__).parents[2] / "docs" / "server.md"

pytestmark = pytest.mark.timeout(60)


def _examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(), re.DOTALL)
    found = [json.loads(block) for block in blocks]
    return [example for example in found if isinstance(example, dict) and "type" in example]


def test_the_schema_is_a_valid_json_schema() -> None:
    """(server-schema): draft 2020-12, and every message type has its definition."""
    Draft202012Validator.check_schema(schema())
    assert client_types() == {
        "list_tables",
        "create_table",
        "join",
        "resume",
        "watch",
        "move",
        "hand_to_bot",
        "leave",
    }


def test_every_example_on_the_server_page_is_a_valid_message() -> None:
    """(server-protocol): each JSON example of a message passes the schema, both ways."""
    examples = _examples()
    assert len(examples) >= 10
    for example in examples:
        kind = str(example["type"])
        side = "client" if kind in client_types() else "server"
        _validator(side, kind).validate(example)
