"""``--ray``: the games of ``spades duel`` and ``spades simulate`` on Ray, and without Ray.

The first tests need no Ray: they check what a missing Ray says, and where it is installed
they make the ``ray`` module unimportable for a moment (they run first, before the module's
Ray is started). The others skip where Ray is not installed (`pytest.importorskip`): they
share one local Ray of two CPUs for the module, started through `spades._ray.connected`
(its ``"local"`` path), since a start takes seconds; `spades.bots.duel` and ``simulate``
find it connected and use it. Their games are short (to 100 points): a duel or a
simulation on Ray gives what one worker gives, the times per move aside.
"""

from __future__ import annotations

import operator
import re
import subprocess
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs
import pytest

from spades import CLASSIC, SpadesError, _ray
from spades import _cli as cli
from spades import _runs as runs
from spades._cli import simulate
from spades.bots import DuelResult, duel

if TYPE_CHECKING:
    from collections.abc import Iterator

SHORT = attrs.evolve(CLASSIC, target=100)
INSTALL = "playing on Ray needs Ray, which is not installed: pip install 'spades[ray]'"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The error message (on one line) with which ``argv`` exits with code 2."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: spades")
    return " ".join(err.split())


# --- without Ray --------------------------------------------------------------------------


def test_importing_spades_and_its_command_line_does_not_import_ray() -> None:
    code = "import sys, spades, spades._cli, spades._ray, spades.bots; print('ray' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


def test_without_ray_asking_for_it_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` finds, it fails
    with pytest.raises(SpadesError, match=f"^{re.escape(INSTALL)}$"):
        _ray.module()
    with pytest.raises(SpadesError, match="pip install 'spades"):
        duel("heuristic", "random", SHORT, deals=1, seed=1, ray="local")
    with pytest.raises(SpadesError, match="pip install 'spades"):
        simulate.simulate(
            SHORT, "classic", seed=1, games=1, workers=1, opponents="random", ray="auto"
        )
    assert capsys.readouterr().out == ""
    for command in (["simulate", "--games", "1"], ["duel", "random", "random", "--games", "1"]):
        assert f"argument --ray: {INSTALL}" in usage_error([*command, "--ray", "local"], capsys)


def test_workers_and_ray_are_one_or_the_other(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_ray, "module", lambda: ModuleType("ray"))  # as if Ray were installed
    for command in (["simulate", "--games", "1"], ["duel", "random", "random", "--games", "1"]):
        message = usage_error([*command, "--workers", "2", "--ray", "local"], capsys)
        assert "argument --ray: not allowed with argument --workers" in message


def test_a_ray_task_plays_its_chunk_in_order() -> None:
    assert runs.play(operator.neg, [3, 1, 2]) == [-3, -1, -2]
    assert runs.play(operator.neg, []) == []


# --- on Ray -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    """The `ray` module, connected to a local Ray of two CPUs for the module's tests."""
    pytest.importorskip("ray")
    with _ray.connected("local", num_cpus=2, include_dashboard=False) as module:
        assert module.is_initialized()
        yield module
    assert not module.is_initialized()


def untimed(result: DuelResult) -> DuelResult:
    """The duel's result with the milliseconds per move at 0: the only figures that vary."""
    return attrs.evolve(
        result,
        first=attrs.evolve(result.first, mean_ms=0, median_ms=0),
        second=attrs.evolve(result.second, mean_ms=0, median_ms=0),
    )


@pytest.mark.slow
def test_a_duel_on_ray_is_the_duel_on_one_worker(ray: Any) -> None:
    calls: list[tuple[int, int]] = []
    options: dict[str, Any] = {"deals": 2, "seed": 5}
    local = duel("heuristic", "random", SHORT, workers=1, **options)
    remote = duel(
        "heuristic",
        "random",
        SHORT,
        ray="local",
        progress=lambda done, total: calls.append((done, total)),
        **options,
    )
    assert untimed(remote) == untimed(local)
    assert remote.first.moves > 0
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert ray.is_initialized()  # the module's Ray, as it was: the duel did not shut it down


def test_a_simulation_on_ray_prints_the_summary_of_one_worker(
    ray: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--games", "4", "--target", "100", "--seed", "3", "--opponents", "random"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert code == 0
    code, on_ray, err = run([*argv, "--ray", "auto"], capsys)
    assert code == 0
    assert err == ""  # no progress line but on a terminal
    assert on_ray == one
    assert one.startswith("Spades simulation: 4 games, rules classic, seed 3.\n")
    assert ray.is_initialized()


@pytest.mark.parametrize("count", [0, 1, 3, 40])
def test_the_results_come_back_in_the_order_of_the_tasks(ray: Any, count: int) -> None:
    # On two CPUs, 40 tasks go in chunks of one and then two; fewer than 32, one a chunk.
    with runs.on_ray(operator.neg, range(count), count=count, address="local") as results:
        assert list(results) == [-n for n in range(count)]


def test_leaving_early_cancels_the_chunks_not_gathered(
    ray: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cancelled: list[object] = []
    monkeypatch.setattr(ray, "cancel", cancelled.append)
    with runs.on_ray(operator.neg, range(40), count=40, address="local") as results:
        assert [next(results), next(results), next(results)] == [0, -1, -2]
    # Chunks [0], [1, 2], [3, 4], [5, 6] handed over (two a CPU), [0] gathered, [7, 8]
    # handed over, [1, 2] gathered: three chunks out, and none of the other tasks.
    assert len(cancelled) == 3
    assert ray.get(cancelled[-1]) == [-7, -8]  # (not really cancelled: the spy kept them)
