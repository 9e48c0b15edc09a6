"""The command line: ``spades demo``, ``spades play``, ``spades simulate`` and ``spades duel``.

``python -m spades`` and the ``spades`` console script both run `main`. Everything is
reproducible from ``--seed``; the bots are `spades.bots.BOTS`, by name (``--bots``; heuristic
by default). The commands live in their own modules (`demo`, `terminal` for ``play``,
`simulate`, `duel`), their text in `text`, `moves` and `screen`; every line they print fits the
terminal, and `text.WIDTH` columns at most (`text.width`).
"""

from __future__ import annotations

import argparse
import errno
import os
import shutil
import sys
from typing import TYPE_CHECKING, Final

import attrs

import spades
import spades._ray as ray_runner
import spades.bots
from spades import PRESETS, SpadesError, records
from spades._cli import bots, demo, duel, games, serve, simulate, terminal
from spades._cli.text import WIDTH, show, width, wrap
from spades._deal import SEED_LIMIT
from spades._errors import quoted
from spades._rules import MAX_NUMBER

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import NoReturn

__all__ = ["MAX_GAMES", "MAX_INDENT", "MAX_WORKERS", "main"]

MAX_INDENT: Final = 16
"""The widest indent ``demo --indent`` takes for the record's JSON."""

MAX_GAMES: Final = 10**18
"""The most games ``simulate --games`` plays, and deals ``duel --games`` plays twice: they
are made as they are played, so a run of any length takes the same memory."""

MAX_WORKERS: Final = 61
"""The most processes ``--workers`` starts: the most Python's process pools take on
Windows, so that the option means the same everywhere."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); the exit code.

    Argument errors, an unknown ruleset name or a number out of range among them, exit
    with the command's usage message and code 2 (`SystemExit`); ``--help`` and
    ``--version`` exit with 0. What the system refuses (a record or standard output that
    cannot be written, a Ray that cannot be reached) is a line on stderr and code 1, Ctrl-C
    a line and code 130.
    """
    parser, commands = _parsers()
    args = parser.parse_args(argv)
    command = f"spades {args.command}"
    try:
        return _run(commands[args.command], args)
    except KeyboardInterrupt:  # Ctrl-C, where the command does not stop by itself
        show(f"Interrupted: {command} stops.", file=sys.stderr)
        return 130
    except SpadesError as error:  # what the system refused: a Ray that cannot be reached
        show(f"{command}: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        if not isinstance(error, BrokenPipeError) and error.errno not in _OUTPUT_ERRORS:
            raise
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit's flush fails no more
        if not isinstance(error, BrokenPipeError):  # (the reader has gone: ``| head``)
            reason = error.strerror or str(error)
            show(f"{command}: cannot write to standard output: {reason}", file=sys.stderr)
        return 1


_OUTPUT_ERRORS: Final = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""The errors of an output that cannot be written, besides a closed pipe: a full disk or
quota, a file too large, a device that fails. Other system errors are not the command's to
explain."""


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the command that ``parser`` (its own subparser) read into ``args``."""
    if args.command == "serve":
        return serve.serve(
            host=args.host,
            port=args.port,
            db=args.db,
            bot_pause=args.bot_pause,
            bot_workers=args.bot_workers,
            move_seconds=args.move_seconds,
            extension_seconds=args.extension_seconds,
            extension=args.extension,
            allowed_origins=tuple(args.allow_origin),
            allowed_hosts=tuple(args.allow_host),
        )
    rules = records.ruleset_from_text(args.rules)
    if args.target is not None:
        rules = attrs.evolve(rules, target=args.target)
    if args.command == "demo":
        if args.indent is not None and args.record is None:
            parser.error("argument --indent: indents the record: give --record FILE too")
        if demo.is_ptn(args.record):
            if args.indent is not None:
                parser.error("argument --indent: indents JSON; a .ptn record is PTN text")
            from spades.records import ptn_problem  # noqa: PLC0415  (PTN records only)

            problem = ptn_problem(rules)
            if problem is not None:
                parser.error(f"argument --record: {problem}")
        return demo.demo(
            rules, args.rules, args.seed, record=args.record, indent=args.indent, bots=args.bots
        )
    if args.command == "play":
        if args.seat >= rules.players:
            parser.error(
                f"argument --seat: '{args.seat}' is not a seat: a whole number from 0 to "
                f"{rules.players - 1}"
            )
        return terminal.play(rules, args.rules, args.seed, args.seat, bots=args.bots)
    if args.command == "duel":
        return duel.command(
            rules,
            args.rules,
            args.a,
            args.b,
            seed=args.seed,
            games=args.games,
            workers=args.workers,
            ray=args.ray,
        )
    return simulate.simulate(
        rules,
        args.rules,
        seed=args.seed,
        games=args.games,
        workers=args.workers,
        opponents=args.opponents,
        bots=args.bots,
        ray=args.ray,
    )


class _Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as the terminal but never wider than `text.WIDTH`."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=min(WIDTH, shutil.get_terminal_size().columns - 2))


class _Parser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose error message is wrapped to stderr's `text.width`."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` on stderr, wrapped; exit with code 2."""
        self.print_usage(sys.stderr)
        lines = wrap(f"{self.prog}: error: {message}", width(sys.stderr))
        self.exit(2, "\n".join(lines) + "\n")


def _bots_option(parser: argparse.ArgumentParser, flag: str, whose: str) -> None:
    """The option that names bots (``--bots``, ``--opponents``), for ``whose`` seats."""
    names = ", ".join(spades.bots.BOTS)
    parser.add_argument(
        flag,
        choices=tuple(spades.bots.BOTS),
        default=bots.DEFAULT,
        metavar="NAME",
        help=f"{whose}: {names} (default: {bots.DEFAULT})",
    )


def _where_options(parser: argparse.ArgumentParser) -> None:
    """Where the games are played: ``--workers N`` processes here, or ``--ray ADDRESS``."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=_workers, default=1, help=f"processes, 1 to {MAX_WORKERS} (default: 1)"
    )
    where.add_argument(
        "--ray",
        type=_ray_address,
        metavar="ADDRESS",
        help="play on Ray instead, which needs spades[ray] installed (on a cluster's every "
        "node too): 'local' starts a Ray on this machine, 'auto' connects to the one "
        "running (ray start, RAY_ADDRESS), another ADDRESS is a cluster's, HOST:PORT or "
        "ray://HOST:PORT",
    )


def _parsers() -> tuple[argparse.ArgumentParser, Mapping[str, argparse.ArgumentParser]]:
    """The top-level parser, and each command's subparser by name."""
    parser = _Parser(
        prog="spades",
        description="Spades on the terminal: watch bots, play them, simulate; and in a "
        "browser (spades serve).",
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"spades {spades.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    common = _Parser(add_help=False)
    common.add_argument(
        "--rules",
        type=_rules_text,
        default="classic",
        metavar="RULES",
        help=f"the rules: a preset ({', '.join(PRESETS)}) or an alias, then any fields it "
        "changes, ';field:value' each, as in 'classic;bidding:whiz;target:300' "
        "(default: classic)",
    )
    common.add_argument(
        "--target", type=_target, metavar="N", help="play to N points (default: the rules')"
    )
    limit = f"A game of rules without a round cap stops after {games.ROUND_LIMIT} rounds."
    names = tuple(spades.bots.BOTS)
    known = f"The bots: {bots.HELP}."
    demo_ = commands.add_parser(
        "demo",
        parents=[common],
        formatter_class=_Formatter,
        help="bots play a whole game, printed round by round",
        description=f"Bots play a whole game, printed round by round. {known} {limit}",
    )
    demo_.add_argument("--seed", type=_seed, default=1, help="the game's seed (default: 1)")
    _bots_option(demo_, "--bots", "the bots in every seat")
    demo_.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game's record to FILE as JSON, or as Trickster Cards' PTN "
        "text when FILE ends in .ptn (see spades.records)",
    )
    demo_.add_argument(
        "--indent",
        type=_indent,
        metavar="N",
        help=f"with --record: indent the JSON by N spaces a level, 0 to {MAX_INDENT} "
        "(default: compact JSON)",
    )
    play_ = commands.add_parser(
        "play",
        parents=[common],
        formatter_class=_Formatter,
        help="play one seat against bots",
        description="Play one seat against bots (with four players, one is your partner). Type "
        "moves like 'bid 3' or 'play AS'; a card alone plays it, a number alone bids it; "
        f"'help' lists the moves of the rules, and 'quit' stops. {known}",
    )
    play_.add_argument("--seed", type=_seed, help="the game's seed (default: a fresh one)")
    play_.add_argument("--seat", type=_seat, default=0, help="your seat (default: 0)")
    _bots_option(play_, "--bots", "the bots in the other seats")
    simulate_ = commands.add_parser(
        "simulate",
        parents=[common],
        formatter_class=_Formatter,
        help="bots play many games; a summary",
        description="Bots play many games; a summary of the results. Seats 0 and 2 play as "
        "--bots says, seats 1 and 3 as --opponents says (both heuristic by default; two "
        "players: seat 0 and seat 1), partners or each on her own. Game i (from 0) "
        "has the seed int.from_bytes(blake2b(f'{seed}:{i}'.encode(), digest_size=16).digest(), "
        "'little'), and a random or search bot at seat s the seed derived in the same way from "
        "that seed and s; the summary is the same whatever the number of workers, and on Ray. "
        f"{known} {limit}",
    )
    simulate_.add_argument(
        "--games", type=_games, required=True, help="how many games, up to 10**18"
    )
    simulate_.add_argument("--seed", type=_seed, default=1, help="the seed (default: 1)")
    _where_options(simulate_)
    _bots_option(simulate_, "--bots", "the bots of seats 0 and 2 (two players: seat 0)")
    _bots_option(
        simulate_, "--opponents", "the bots of seats 1 and 3 (two and three players: seat 1)"
    )
    duel_ = commands.add_parser(
        "duel",
        parents=[common],
        formatter_class=_Formatter,
        help="two bots play each deal twice, the sides swapped; a comparison",
        description="Two bots play in duplicate: deal j (from 0) has the seed simulate gives "
        "game j, and is played twice, A at seats 0 and 2 and then B there (two players: seat "
        "0), so that the luck of the cards cancels out; three players play it six times, each "
        "bot alone at each seat once; solo and three players, a game is a bot's when one of "
        "its players wins it. The win rate's 95% confidence interval is over the deals, "
        "each scoring for A the mean of its games (a win 1, a draw or a stopped game a "
        "half): Wilson's score interval, which stays honest at 0% and 100%. The figures are "
        "the same whatever the number of workers, and on Ray, the times per move aside. "
        f"{known} {limit}",
    )
    duel_.add_argument("a", choices=names, metavar="A", help=f"a bot: {', '.join(names)}")
    duel_.add_argument("b", choices=names, metavar="B", help="the other bot (the same or not)")
    duel_.add_argument(
        "--games", type=_deals, required=True, help="how many deals (each twice), up to 10**18"
    )
    duel_.add_argument("--seed", type=_seed, default=1, help="the seed (default: 1)")
    _where_options(duel_)
    serve_ = commands.add_parser(
        "serve",
        formatter_class=_Formatter,
        help="the online table: play in a browser against bots and people",
        description="Run the reference server (it needs spades[server]): open the URL it "
        "prints, create a table, sit down and play; free seats are bots. Every accepted move "
        "is stored in the database first, and a restarted server takes up the unfinished "
        "tables. The clock options are the defaults of new tables.",
    )
    serve_.add_argument("--host", default="127.0.0.1", help="the address (default: 127.0.0.1)")
    serve_.add_argument("--port", type=_port, default=8000, help="the port (default: 8000)")
    serve_.add_argument(
        "--db",
        default="spades-server.sqlite3",
        metavar="PATH",
        help="the SQLite database file, made if missing (default: spades-server.sqlite3)",
    )
    serve_.add_argument(
        "--bot-pause",
        type=_seconds(0, 10),
        default=1.0,
        metavar="SECONDS",
        help="how long bots wait before they move, so people can follow (default: 1)",
    )
    serve_.add_argument(
        "--bot-workers",
        type=_number("a number of workers", 0, MAX_WORKERS),
        default=1,
        metavar="N",
        help="processes for the bots' thinking; 0: threads of the server (default: 1)",
    )
    serve_.add_argument(
        "--move-seconds",
        type=_seconds(1, 600),
        default=30.0,
        metavar="SECONDS",
        help="the time for a move (default: 30, as source B)",
    )
    serve_.add_argument(
        "--extension-seconds",
        type=_seconds(0, 600),
        default=30.0,
        metavar="SECONDS",
        help="the extra time once the move time is out, 0 for none (default: 30)",
    )
    serve_.add_argument(
        "--extension",
        choices=("move", "game"),
        default="move",
        help="an extension every move, or one per seat per game (default: move)",
    )
    serve_.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also let pages from ORIGIN (such as https://example.org) connect; repeatable",
    )
    serve_.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests to NAME (such as example.org, or * for any): by default "
        "only this machine's names and --host; repeatable",
    )
    return parser, {
        "demo": demo_,
        "play": play_,
        "simulate": simulate_,
        "duel": duel_,
        "serve": serve_,
    }


def _rules_text(text: str) -> str:
    """``text`` (a preset or alias, then ``;field:value`` each) as `ruleset_text` writes it."""
    try:
        return records.ruleset_text(records.ruleset_from_text(text))
    except SpadesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _ray_address(text: str) -> str:
    """``text``, once Ray is known to be installed: `ray.init` reads the address."""
    try:
        ray_runner.module()
    except SpadesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _number(what: str, low: int, high: int, most: str | None = None) -> Callable[[str], int]:
    """The type of an option that takes a whole number from ``low`` to ``high``: ``what``.

    Its digits are read only when there are few enough for ``high`` (`int` refuses more than
    4,300 of them); any other text is an argument error whose message shows it cut short.
    ``most`` writes ``high`` in the message (its digits by default).
    """

    def read(text: str) -> int:
        digits = text.lstrip("0")
        if (
            text.isascii()
            and text.isdecimal()
            and len(digits) <= len(str(high))
            and low <= int(text) <= high
        ):
            return int(text)
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not {what}: a whole number from {low} to {most or high}"
        )

    read.__name__ = what  # what argparse would name it
    return read


def _seconds(low: float, high: float) -> Callable[[str], float]:
    """The type of an option that takes seconds from ``low`` to ``high``."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if low <= value <= high:  # not NaN
            return value
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not a time: seconds from {low:g} to {high:g}"
        )

    read.__name__ = "seconds"
    return read


_port = _number("a port", 0, 65535)
_target = _number("a target", 1, MAX_NUMBER)
_games = _number("a number of games", 1, MAX_GAMES, "10**18")
_deals = _number("a number of deals", 1, MAX_GAMES, "10**18")
_workers = _number("a number of workers", 1, MAX_WORKERS)
_seed = _number("a seed", 0, SEED_LIMIT - 1, "2**128 - 1")
_seat = _number("a seat", 0, 3)
_indent = _number("an indent", 0, MAX_INDENT)
