"""The example script plays a whole game under every preset, the same for the same seed."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from spades import PRESETS, Bid, Card, Deck

if TYPE_CHECKING:
    from types import ModuleType

EXAMPLE = Path(__file__).parent.parent / "examples" / "play_game.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("play_game", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_example_plays_a_whole_game_under_every_preset(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    play_game = _load()
    play_game.main(["--rules", name, "--seed", "2"])
    first = capsys.readouterr().out
    play_game.main(["--rules", name, "--seed", "2"])
    assert capsys.readouterr().out == first
    lines = first.splitlines()
    assert lines[0].startswith(f"Spades, rules {name!r}, seed 2")
    rounds = [line for line in lines if line.startswith("Round ")]
    assert rounds
    assert rounds[0].startswith("Round 1 ")
    assert re.fullmatch(
        r"(Side [01] wins -?\d+ to -?\d+ after \d+ rounds \(\w+\)\.|The game is drawn.*)", lines[-1]
    )
    seats_per_side = 1 if PRESETS[name].players == 2 else 2
    assert sum("(seat" in line for line in lines) == 2 * len(rounds)
    assert all(line.count(" and ") == seats_per_side - 1 for line in lines if "(seat" in line)


@pytest.mark.parametrize("deck", [deck for deck in Deck if deck.jokers])
def test_the_example_plays_a_whole_game_with_a_joker_deck(
    deck: Deck, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example takes a deck for its preset and plays it to the end (rule-decks).

    Rule: rule-decks.
    """
    play_game = _load()
    play_game.main(["--rules", "miniokey", "--seed", "3", "--deck", deck.value])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Spades, rules 'miniokey', seed 3, to 500 points"
    assert re.fullmatch(r"Side [01] wins -?\d+ to -?\d+ after \d+ rounds \(\w+\)\.", lines[-1])
    hand = tuple(map(Card.parse, ["BJ", "LJ", "2D", "2S", "AS", "KH", "3D"]))
    assert play_game.plain_bid(hand, 4, Deck.JOKER_JOKER_DEUCE_DEUCE) == Bid(6)
    assert play_game.plain_bid(hand, 4, Deck.JOKER_JOKER_ACE) == Bid(5)
