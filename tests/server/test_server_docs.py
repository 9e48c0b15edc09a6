"""The server page's examples are messages of the protocol, and its schema is the package's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator

from spades import PRESETS, Ruleset, SpadesLead, records
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


def _ruleset_data(rules: Ruleset) -> dict[str, Any]:
    data = records.to_data(rules)
    assert isinstance(data, dict)
    return data


def test_the_schema_s_rulesets_and_views_are_the_data_the_library_writes() -> None:
    """(server-versions): rulesets and views of the records' version (3), every field of a
    ruleset listed and required, ``spades_lead`` by its names (reading-spades-lead)."""
    definitions = schema()["$defs"]
    fields = list(_ruleset_data(Ruleset()))
    assert fields[:2] == ["type", "version"]
    ruleset, data = definitions["ruleset"], definitions["rulesetData"]
    assert list(ruleset["properties"]) == ruleset["required"] == fields[2:]
    assert list(data["properties"]) == data["required"] == fields
    assert records.VERSION == 3
    for name in ("rulesetData", "view"):
        assert definitions[name]["properties"]["version"] == {"const": records.VERSION}
    names = [_ruleset_data(Ruleset(spades_lead=lead))["spades_lead"] for lead in SpadesLead]
    assert names == ["broken", "any_time", "after_first_trick"]
    assert ruleset["properties"]["spades_lead"] == {"enum": names}
    welcome = next(example for example in _examples() if example["type"] == "welcome")
    validator = _validator("server", "welcome")
    for lead in SpadesLead:
        rules = {
            name: _ruleset_data(attrs.evolve(PRESETS[name], spades_lead=lead)) for name in PRESETS
        }
        validator.validate({**welcome, "preset_rules": rules})
    old = {name: value for name, value in _ruleset_data(Ruleset()).items() if name != "spades_lead"}
    assert list(
        validator.iter_errors({**welcome, "preset_rules": {"classic": {**old, "version": 2}}})
    )
