"""The OpenSpiel game under hostile parameters: the documented exception every time.

Issue 20 found that the parameter ``rules`` raised `RecursionError` on a deeply nested
value, silently took the last of a field given twice (where the records reader refuses
duplicates), and that ``max_rounds`` above about 38 million broke pyspiel's `GameInfo`,
whose ``max_game_length`` is a 32-bit int. Each is now a `SpadesError` (a `TypeError` for
a value of the wrong type) with a short message.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import spades.adapters.openspiel as os_spades  # noqa: E402
from spades import MINIOKEY, TWO_HANDED, SpadesError  # noqa: E402
from spades._errors import SHOWN_LIMIT, shown  # noqa: E402
from spades.records import ruleset_from_text  # noqa: E402

HUGE = 10**5000
LONG = "x" * 10**6
LARGEST = 2**31 - 1
"""OpenSpiel's ints, a game's parameters and its ``max_game_length``, are 32-bit."""


def short(error: BaseException) -> bool:
    """Whether an error's message is short, as `spades._errors.shown` keeps it."""
    return len(str(error)) < 4 * SHOWN_LIMIT + 300


# --- the parameter rules ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "classic;target:" + "[" * 100_000,
        "classic;target:" + "[1," * 2000 + "1" + "]" * 2000,
        "classic;target:" + '{"a":' * 5000,
    ],
    ids=["open brackets", "nested lists", "nested objects"],
)
def test_a_deeply_nested_value_is_a_spades_error_not_a_recursion_error(text: str) -> None:
    """Issue 20: ``"classic;target:" + "[" * 100000`` raised RecursionError."""
    with pytest.raises(SpadesError, match=r"value of target .* at most 40") as caught:
        ruleset_from_text(text)
    assert short(caught.value)
    with pytest.raises(SpadesError, match="at most 40 characters"):
        pyspiel.load_game("python_spades", {"rules": text})


def test_a_number_too_large_to_read_is_a_spades_error_with_a_short_message() -> None:
    """json.loads refuses more than 4,300 digits; the value is refused before it reads it."""
    for digits in (4000, 5000, 10**6):
        with pytest.raises(SpadesError, match="at most 40 characters") as caught:
            os_spades.SpadesGame({"rules": "classic;target:1" + "0" * digits})
        assert short(caught.value)
    with pytest.raises(SpadesError, match=r"rules\.target: expected a whole number") as caught:
        ruleset_from_text("classic;target:" + "9" * 40)
    assert short(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "classic;target:300;target:400",
        "classic;target:300;target:300",
        "two-handed;blind_nil:true; blind_nil :false",
    ],
)
def test_a_field_given_twice_is_refused_as_the_records_reader_refuses_it(text: str) -> None:
    """Issue 20: ``"classic;target:300;target:400"`` silently played to 400."""
    with pytest.raises(SpadesError, match="is given twice"):
        ruleset_from_text(text)


def test_every_ruleset_text_still_reads_back() -> None:
    """The valid texts keep their meaning: each field once, values of a few characters."""
    for rules in (MINIOKEY, TWO_HANDED):
        assert ruleset_from_text(os_spades.ruleset_text(rules)) == rules
    assert ruleset_from_text("classic; target : 300 ;losing_floor:-1000000000").target == 300


def test_long_or_strange_rules_text_gives_a_short_message() -> None:
    """A change that is no field, or a value of the wrong type, quoted short."""
    for text in ("classic;" + LONG, "classic;" + LONG + ":1", "classic;target:300;" + LONG):
        with pytest.raises(SpadesError, match="no change of a field") as caught:
            ruleset_from_text(text)
        assert short(caught.value)
    for wrong in ([LONG], HUGE, b"classic", None):
        with pytest.raises(TypeError, match="rules is a preset's name") as wrong_type:
            ruleset_from_text(wrong)
        assert short(wrong_type.value)


# --- max_rounds ---------------------------------------------------------------------------


def test_max_rounds_is_bounded_by_what_opensplels_game_length_holds() -> None:
    """Issue 20: ``max_rounds`` past 38,347,922 (2**31 - 1 over a round's 56 actions) broke
    ``pyspiel.GameInfo``; now a SpadesError that says the limit, before pyspiel sees it."""
    most = LARGEST // 56
    assert most == 38_347_922
    game = os_spades.SpadesGame({"max_rounds": most})
    assert game.max_game_length() == most * 56 <= LARGEST
    for over in (most + 1, 10**9, LARGEST):
        with pytest.raises(SpadesError, match="max_rounds is at most 38,347,922 under these rules"):
            os_spades.SpadesGame({"max_rounds": over})
    two = LARGEST // 60  # two players: 26 draws, 2 bids, 6 exchange actions, 26 plays
    os_spades.SpadesGame({"rules": "two-handed", "max_rounds": two})
    with pytest.raises(SpadesError, match=f"at most {two:,} under these rules"):
        os_spades.SpadesGame({"rules": "two-handed", "max_rounds": two + 1})


def test_a_rulesets_own_lower_cap_keeps_a_large_max_rounds_playable() -> None:
    """The game's length is that of the cap as played: miniokey's 25 rounds, whatever the
    parameter, up to OpenSpiel's largest int."""
    for max_rounds in (10**9, LARGEST):
        game = os_spades.SpadesGame({"rules": "miniokey", "max_rounds": max_rounds})
        assert game.rules.round_cap == 25
        assert game.max_rounds == max_rounds


@pytest.mark.parametrize("max_rounds", [LARGEST + 1, 2**63, HUGE, -HUGE, 0, -1], ids=shown)
def test_max_rounds_out_of_range_is_a_spades_error_with_a_short_message(max_rounds: int) -> None:
    """Past OpenSpiel's int (2**31 - 1) or below 1; a huge number is described."""
    for rules in ("classic", "miniokey"):
        with pytest.raises(SpadesError, match="max_rounds is a whole number from 1") as caught:
            os_spades.SpadesGame({"rules": rules, "max_rounds": max_rounds})
        assert short(caught.value)


def test_max_rounds_of_the_wrong_type_is_a_type_error_and_numpy_ints_count() -> None:
    """As everywhere: a wrong type is a TypeError; numpy's integers are whole numbers."""
    for wrong in (True, 1.5, "5", None, [5], np.float64(5)):
        with pytest.raises(TypeError, match="max_rounds is a whole number, not"):
            os_spades.SpadesGame({"max_rounds": wrong})
    game = os_spades.SpadesGame({"max_rounds": np.int64(7)})
    assert game.max_rounds == 7
    assert type(game.max_rounds) is int
    assert game.get_parameters()["max_rounds"] == 7


# --- players and observers ----------------------------------------------------------------


def test_a_player_that_is_no_seat_gives_the_documented_exception() -> None:
    """Issue 20: ``view(10**5000)`` raised Python's ValueError writing the number; a text
    raised a bare comparison error; ``resample_from_infostate(1.5)`` was taken."""
    state = os_spades.SpadesGame({"max_rounds": 2}).new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    calls: list[Any] = [state.view, lambda p: state.resample_from_infostate(p, sampler)]
    for call in calls:
        for player in (HUGE, -HUGE, 4, -1):
            with pytest.raises(SpadesError, match="player is a number from 0 to 3") as caught:
                call(player)
            assert short(caught.value)
        for other in ("1", None, 1.5, True, [LONG]):
            with pytest.raises(TypeError, match="player is a number from 0 to 3") as wrong_type:
                call(other)
            assert short(wrong_type.value)
    assert state.view(np.int64(1)) == state.view(1)


def test_observer_parameters_are_refused_with_a_short_message() -> None:
    game = os_spades.SpadesGame({"max_rounds": 2})
    with pytest.raises(SpadesError, match="take no parameters") as caught:
        game.make_py_observer(None, {"x": LONG})
    assert short(caught.value)
