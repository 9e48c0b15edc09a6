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
    ruleset listed and required, ``spades_lead`` by its names; a ruleset of version 2,
    without the fields of version 3, is no message's.

    Rule: reading-spades-lead.
    """
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
    old = {name: value for name, value in _ruleset_data(Ruleset()).items() if name not in NEW_IN_3}
    assert list(
        validator.iter_errors({**welcome, "preset_rules": {"classic": {**old, "version": 2}}})
    )


NEW_IN_3 = ("zero_contract", "team_minimum", "spades_lead", "ten_for_two_hundred")
"""The ruleset fields of the records' version 3 (``tests/test_record_versions.py``)."""


@pytest.mark.parametrize(
    "changes",
    [
        {"nil": False, "zero_contract": True},
        {"team_minimum": 4},
        {"team_minimum": 13},
        {"ten_for_two_hundred": True},
        {"nil": False, "zero_contract": True, "team_minimum": 4, "ten_for_two_hundred": True},
    ],
    ids=lambda changes: ",".join(f"{name}={value}" for name, value in changes.items()),
)
def test_the_schema_s_rulesets_carry_the_switches_of_version_3(changes: dict[str, Any]) -> None:
    """(server-versions): a ruleset and its data with each switch on are valid messages'
    parts; each field is required, and holds only what the library writes.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    definitions = schema()["$defs"]
    for name in NEW_IN_3:
        assert name in definitions["ruleset"]["required"]
        assert name in definitions["rulesetData"]["required"]
    welcome = next(example for example in _examples() if example["type"] == "welcome")
    validator = _validator("server", "welcome")
    rules = {
        name: _ruleset_data(attrs.evolve(preset, **changes))
        for name, preset in PRESETS.items()
        if preset.players == 4  # a team minimum is a partnership's
    }
    validator.validate({**welcome, "preset_rules": rules})
    classic = rules["classic"]
    assert {name: classic[name] for name in changes} == changes
    for name, bad in (
        ("zero_contract", 0),
        ("team_minimum", 14),
        ("team_minimum", -1),
        ("team_minimum", True),
        ("ten_for_two_hundred", "true"),
    ):
        wrong = {**classic, name: bad}
        assert list(validator.iter_errors({**welcome, "preset_rules": {"classic": wrong}}))
    for name in NEW_IN_3:
        missing = {key: value for key, value in classic.items() if key != name}
        assert list(validator.iter_errors({**welcome, "preset_rules": {"classic": missing}}))
