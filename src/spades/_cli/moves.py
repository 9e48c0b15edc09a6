"""The moves a ruleset has, in words, and reading the moves a person types.

`spades.parse_move` reads every kind of move there is; a person playing classic Spades
should hear only of bids and plays. `read_move` reads what she typed and rejects, with
its own message, text that is no move of her ruleset, listing the ones it has.

>>> from spades import CLASSIC, TWO_HANDED
>>> forms(CLASSIC)
["'bid 3'", "'bid nil'", "'play AS'"]
>>> forms(TWO_HANDED)
["'bid 3'", "'bid nil'", "'bid blind nil'", "'play AS'", "'keep'", "'reject'", "'exchange 2C 3D'"]
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Final

from spades import Bid, Exchange, Keep, Look, NotationError, Pass, Play, Reject, parse_move
from spades._errors import quoted
from spades._table_text import counted

if TYPE_CHECKING:
    from spades import Move, Ruleset

__all__ = ["forms", "help_lines", "read_move"]

_EXAMPLE_CARDS: Final = ("2C", "3D", "4H", "5S")
_WITH_CARDS: Final[dict[str, type[object]]] = {"play": Play, "pass": Pass, "exchange": Exchange}
"""The moves that name cards: for them `parse_move` says what is wrong with a card."""


def _kinds(rules: Ruleset) -> list[tuple[type[object], str]]:
    """Each kind of move the ruleset has, with an example of its text, in `forms`' order."""
    kinds: list[tuple[type[object], str]] = [(Bid, "bid 3")]
    if rules.nil:
        kinds.append((Bid, "bid nil"))
    elif rules.zero_contract:  # zero is a contract of no tricks (reading-zero-bid)
        kinds.append((Bid, "bid 0"))
    if rules.blind_nil:
        kinds.append((Bid, "bid blind nil"))
    if rules.blind_bid_minimum:  # a number bid blind (rule-blind-bids)
        kinds.append((Bid, f"bid blind {rules.blind_bid_minimum}"))
    if rules.players != 2 and (rules.blind_nil or rules.blind_bid_minimum):
        kinds.append((Look, "look"))
    kinds.append((Play, "play AS"))
    passed = max(_pass_counts(rules).values(), default=0)
    if passed:  # the example passes the most cards a side may pass
        kinds.append((Pass, " ".join(("pass", *_EXAMPLE_CARDS[:passed]))))
    if rules.players == 2:
        kinds += [(Keep, "keep"), (Reject, "reject")]
        if rules.blind_nil and rules.blind_nil_exchange:
            kinds.append((Exchange, "exchange 2C 3D"))
    return kinds


def _pass_counts(rules: Ruleset) -> dict[str, int]:
    """The cards a side passes after each kind of nil that passes (rule-card-pass)."""
    if rules.players != 4:
        return {}
    blind = rules.blind_nil_pass if rules.blind_nil else 0
    counts = {"a nil": rules.nil_pass, "a blind nil": blind}
    return {kind: count for kind, count in counts.items() if count}


def _pass_gloss(rules: Ruleset) -> str:
    """How many cards a pass takes, after which nil: `` (2 cards, after a blind nil)``.

    >>> from spades import Ruleset
    >>> _pass_gloss(Ruleset(blind_nil=True, nil_pass=1))
    ' (1 card after a nil, 2 cards after a blind nil)'
    >>> _pass_gloss(Ruleset(nil_pass=3))
    ' (3 cards, after a nil)'
    """
    counts = _pass_counts(rules)
    said = [counted(count, "card") for count in counts.values()]
    if len(counts) == 1:
        return f" ({said[0]}, after {next(iter(counts))})"
    return f" ({said[0]} after a nil, {said[1]} after a blind nil)"


def forms(rules: Ruleset) -> list[str]:
    """An example of each kind of move under ``rules``, quoted, as a person would type it."""
    return [f"'{text}'" for _, text in _kinds(rules)]


def _listed(items: list[str]) -> str:
    """``a, b or c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def help_lines(rules: Ruleset) -> list[str]:
    """What the person may type under ``rules``: the banner's lines, and ``help``'s."""
    glosses = {
        "'bid 3'": " (or just 3)",
        "'play AS'": " (or just AS)",
        "'exchange 2C 3D'": " ('exchange' alone keeps your hand)",
        "'bid 0'": " (a contract of no tricks)",
    }
    if rules.pack.jokers:  # rule-decks
        glosses["'play AS'"] = " (or just AS; the jokers are BJ and LJ)"
    least, most = rules.blind_bid_minimum, rules.hand_size
    if least:  # rule-blind-bids; to 17 or 18 with three players (rule-three-players)
        numbers = f"{least} to {most}, " if least < most else ""
        glosses[f"'bid blind {least}'"] = f" ({numbers}before you look)"
    if rules.players == 2:  # the sources' name, once, and the input it also takes
        glosses["'bid blind nil'"] = " (double nil; 'bid double nil' works too)"
    typed = [
        form + (_pass_gloss(rules) if form.startswith("'pass") else glosses.get(form, ""))
        for form in forms(rules)
    ]
    return [
        f"Type a move: {_listed(typed)}.",
        "'help' shows this again, with your legal moves; 'quit' (or the end of input) stops "
        "the game.",
    ]


def read_move(rules: Ruleset, text: str) -> Move:
    """The move a person typed: its notation, a card alone (a play) or a bid alone.

    `NotationError` for text that is not a move of ``rules``; its message lists theirs.

    >>> from spades import CLASSIC, TWO_HANDED
    >>> [str(read_move(CLASSIC, text)) for text in ("AS", "3", "nil", "bid blind nil")]
    ['play AS', 'bid 3', 'bid nil', 'bid blind nil']
    >>> str(read_move(TWO_HANDED, "keep")), str(read_move(TWO_HANDED, "bid double nil"))
    ('keep', 'bid blind nil')
    >>> try:
    ...     read_move(CLASSIC, "keep")
    ... except NotationError as error:
    ...     print(error)
    'keep' is not a move in this game; write 'bid 3', 'bid nil' or 'play AS'
    """
    kinds = {kind for kind, _ in _kinds(rules)}
    move = _parsed(text)
    if move is not None and type(move) in kinds:
        return move
    words = text.lower().split()
    kind = _WITH_CARDS.get(words[0]) if words else None
    if move is None and kind in kinds and (kind is not Play or len(words) == 2):
        parse_move(text)  # raises, saying what is wrong with the cards she named
    raise NotationError(f"{quoted(text)} is not a move in this game; write {_listed(forms(rules))}")


def _parsed(text: str) -> Move | None:
    """``text`` read as a move, else as a bid, else as a card played; ``None`` if none."""
    for candidate in (text, f"bid {text}", f"play {text}"):
        with contextlib.suppress(NotationError):
            return parse_move(candidate)
    return None
