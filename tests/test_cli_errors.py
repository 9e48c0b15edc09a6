"""The command line when the system says no: files that cannot be written, output that
cannot be printed, a Ray that cannot be reached. One line on stderr, exit code 1, no
traceback, and no half-written record left as if it were done."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest

from spades import SpadesError, _ray, records
from spades import _cli as cli

if TYPE_CHECKING:
    from pathlib import Path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_record_to_a_full_device_is_one_line_naming_the_file_and_the_reason() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spades", "demo", "--rules", "miniokey", "--record", "/dev/full"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "spades demo: cannot write the record to '/dev/full': No space left on device\n"
    )
    assert "The game's record" not in done.stdout  # not said to be written
    assert done.stdout.startswith("Spades demo: ")  # the game itself was shown


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_device_that_refuses_the_record_is_left_in_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(["demo", "--rules", "miniokey", "--record", "/dev/full"], capsys)
    assert code == 1
    assert err == "spades demo: cannot write the record to '/dev/full': No space left on device\n"
    assert "The game's record" not in out
    assert os.path.exists("/dev/full")  # only a regular file cut short is removed


def test_a_record_cut_short_by_the_system_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text("an older file\n", encoding="utf-8")

    def dump_half(record: records.GameRecord, file: Any, *, indent: int | None = None) -> None:
        file.write('{"version": ')
        file.flush()
        raise OSError(errno.EDQUOT, os.strerror(errno.EDQUOT))

    monkeypatch.setattr(records, "dump", dump_half)
    code, out, err = run(["demo", "--rules", "miniokey", "--record", str(path)], capsys)
    assert code == 1
    said = f"spades demo: cannot write the record to {str(path)!r}: Disk quota exceeded"
    assert " ".join(err.split()) == said  # (a long line is wrapped between words)
    assert not path.exists()  # no half-written record is left behind
    assert "The game's record" not in out


def test_the_record_path_is_checked_before_the_game_without_emptying_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing" / "game.json"
    code, out, err = run(["demo", "--record", str(missing)], capsys)
    assert (code, out) == (1, "")  # no game is played for a record that cannot be written
    said = f"spades demo: cannot write the record to {str(missing)!r}: No such file or directory"
    assert " ".join(err.split()) == said
    code, out, err = run(["demo", "--record", "nul\0byte"], capsys)
    assert (code, out) == (1, "")
    assert err == "spades demo: cannot write the record to 'nul\\x00byte': embedded null byte\n"


def test_output_that_cannot_be_written_is_one_line_on_stderr(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "out"
    errors = io.StringIO()
    with open(path, "w") as file:

        class Full(io.StringIO):
            def write(self, text: str) -> int:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            def fileno(self) -> int:
                return file.fileno()

        monkeypatch.setattr(sys, "stdout", Full())
        monkeypatch.setattr(sys, "stderr", errors)
        assert cli.main(["demo", "--rules", "miniokey"]) == 1
        os.write(file.fileno(), b"lost")  # the descriptor now leads to the null device
    assert errors.getvalue() == (
        "spades demo: cannot write to standard output: No space left on device\n"
    )
    assert path.read_text() == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "argv", [["demo", "--rules", "miniokey"], ["simulate", "--games", "1", "--target", "50"]]
)
def test_a_full_standard_output_ends_the_command_with_one_line(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "spades", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=120,
        )
    assert done.returncode == 1
    said = done.stderr.rpartition("\n\n")[2] if "\r" in done.stderr else done.stderr
    assert said.endswith(
        f"spades {argv[0]}: cannot write to standard output: No space left on device\n"
    )
    assert "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr


def test_a_ray_that_cannot_be_reached_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ray = pytest.importorskip("ray")

    def refuse(address: str, **options: object) -> None:
        raise ConnectionError("Could not find any running Ray instance.\nPlease start one.")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(SpadesError) as error, _ray.connected("auto"):
        pass  # pragma: no cover (never reached)
    assert str(error.value) == (
        "cannot connect to Ray at 'auto': Could not find any running Ray instance."
    )
    code, out, err = run(["simulate", "--games", "1", "--ray", "auto"], capsys)
    assert (code, out) == (1, "")
    assert err == (
        "spades simulate: cannot connect to Ray at 'auto': Could not find any running Ray "
        "instance.\n"
    )
    code, out, err = run(["duel", "random", "random", "--games", "1", "--ray", "x" * 200], capsys)
    assert code == 1
    assert err.startswith("spades duel: cannot connect to Ray at 'xxxxxxxxx")
    assert len(err) < 200


def test_ctrl_c_in_the_demo_is_one_line_and_code_130_and_leaves_the_record_file_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **options: object) -> object:
        raise KeyboardInterrupt

    path = tmp_path / "game.json"
    path.write_text("an older record\n", encoding="utf-8")
    monkeypatch.setattr(cli.games, "run_game", interrupted)
    code, _, err = run(["demo", "--record", str(path)], capsys)
    assert code == 130
    assert err == "Interrupted: spades demo stops.\n"
    assert path.read_text(encoding="utf-8") == "an older record\n"  # checked, not emptied


def test_other_system_errors_are_not_explained_away(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **options: object) -> object:
        raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))

    monkeypatch.setattr(cli.games, "run_game", refuse)
    with pytest.raises(OSError, match="Too many open files"):
        cli.main(["demo"])
