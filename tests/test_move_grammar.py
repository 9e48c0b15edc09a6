"""The porting guide's move grammar against the reader of moves in data.

The guide states, in ABNF (RFC 5234, with RFC 7405's case-sensitive ``%s"..."``), which
texts are moves in data, plus one condition in prose: the cards of a pass or an exchange
are distinct and in library order. These tests hold the guide to the reader
(`spades.records.from_data` on a string): a small converter turns the ABNF block of the
docs into a regular expression, and then

- the grammar block exists and names no rule it does not define;
- every row of the guide's table of edge texts says "yes" exactly when the reader reads
  the text, and exactly when the grammar and the condition accept it;
- on texts built from tokens that sit at the edges (words in every case, cards, numbers,
  spaces, tabs, newlines) and on texts the grammar makes, the reader accepts a text
  exactly when the grammar and the condition do;
- the text of every move value the library can make is in the grammar and reads back as
  that move;
- the jokers ``LJ`` and ``BJ`` are cards of the grammar, the last two in library order;
- the JSON Schema's ``move`` (``docs/record.schema.json``) accepts every move text of the
  grammar (every bid, look, draw choice and play, every pass and exchange of up to three
  cards, of every card, and a sample of the others) and refuses the texts the grammar
  refuses.

The cards are the 54 of every deck (rule-decks): the grammar knows no ruleset.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from spades import (
    DECK,
    JOKERS,
    Bid,
    Card,
    Exchange,
    InvalidRecordError,
    Keep,
    Look,
    Pass,
    Play,
    Reject,
)
from spades.records import from_data

if TYPE_CHECKING:
    from collections.abc import Iterator

    from spades import Move

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "porting.md"


def section(anchor: str) -> str:
    """The text of the guide from the ``(anchor)=`` line to the next anchor."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(f"\n({anchor})=\n") + 1
    after = re.compile(r"^\([a-z0-9-]+\)=$", re.M).search(text, start + len(anchor) + 3)
    return text[start : after.start() if after else len(text)]


def grammar_block() -> str:
    """The ABNF block of the guide's move grammar."""
    blocks = re.findall(r"^```abnf\n(.*?)^```$", section("porting-move-grammar"), re.S | re.M)
    assert len(blocks) == 1, "the move grammar section holds one ```abnf block"
    return str(blocks[0])


# --- a converter for the subset of ABNF that the grammar uses --------------------------------

TOKEN = re.compile(
    r"""\s+|;[^\n]*                                            # space, comments: skipped
    |(?P<token>(?:%[si])?"[^"]*"                             # strings
    |%x[0-9A-Fa-f]+(?:-[0-9A-Fa-f]+|(?:\.[0-9A-Fa-f]+)+)?    # characters by their codes
    |\d*\*\d*|\d+                                            # repetitions
    |[A-Za-z][A-Za-z0-9-]*                                   # rule names
    |[/()\[\]])                                              # alternatives, groups, options
    |(?P<bad>.)""",
    re.X,
)


def rules_of(block: str) -> dict[str, str]:
    """Each rule's name (lower case: ABNF names ignore case) and its definition's text."""
    rules: dict[str, str] = {}
    name = ""
    for line in block.splitlines():
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if line[0] in " \t" and name:  # a definition goes on, indented
            rules[name] += "\n" + line
            continue
        match = re.fullmatch(r"([A-Za-z][A-Za-z0-9-]*)\s*=(?!/)(.*)", line)
        if not match or match[1].lower() in rules:
            raise ValueError(f"not a new rule's definition: {line!r}")
        name = match[1].lower()
        rules[name] = match[2]
    return rules


def tokens(definition: str) -> list[str]:
    found = []
    for match in TOKEN.finditer(definition):
        if match["bad"]:
            raise ValueError(f"not ABNF this converter reads: {match['bad']!r} in {definition!r}")
        if match["token"]:
            found.append(match["token"])
    return found


def references(definition: str) -> set[str]:
    """The names of the rules that a definition uses."""
    return {token.lower() for token in tokens(definition) if token[0].isalpha()}


def string_regex(token: str) -> str:
    prefix, _, content = token[:-1].partition('"')
    if prefix != "%s" and re.search("[A-Za-z]", content):  # "..." and %i"..." ignore case
        raise ValueError(f'{token} ignores case; the grammar writes %s"{content}"')
    return re.escape(content)


def code_regex(token: str) -> str:
    codes = [chr(int(code, 16)) for code in re.split("[-.]", token[2:])]
    if "-" in token:
        return f"[{re.escape(codes[0])}-{re.escape(codes[1])}]"
    return "".join(map(re.escape, codes))


def repeat_regex(token: str) -> str:
    low, star, high = token.partition("*")
    return f"{{{low}}}" if not star else f"{{{low or 0},{high}}}"


def regex_of(rules: dict[str, str], name: str, outer: tuple[str, ...] = ()) -> str:
    """The rule ``name`` as a Python regular expression, the rules it uses expanded."""
    if name not in rules:
        raise ValueError(f"rule {name!r} is used but not defined")
    if name in outer:
        raise ValueError(f"rule {name!r} is recursive: {' -> '.join((*outer, name))}")
    todo = tokens(rules[name])
    todo.reverse()

    def peek() -> str | None:
        return todo[-1] if todo else None

    def take(expected: str | None = None) -> str:
        if not todo or (expected and todo[-1] != expected):
            raise ValueError(f"in rule {name!r}: expected {expected or 'more'}, not {peek()!r}")
        return todo.pop()

    def alternation() -> str:
        choices = [concatenation()]
        while peek() == "/":
            take()
            choices.append(concatenation())
        return "|".join(choices)

    def concatenation() -> str:
        parts = [repetition()]
        while peek() not in {None, "/", ")", "]"}:
            parts.append(repetition())
        return "".join(parts)

    def repetition() -> str:
        token = peek() or ""
        if re.fullmatch(r"\d*\*\d*|\d+", token):
            take()
            return f"(?:{element()}){repeat_regex(token)}"
        return element()

    def element() -> str:
        token = take()
        if token == "(":
            inner = alternation()
            take(")")
            return f"(?:{inner})"
        if token == "[":
            inner = alternation()
            take("]")
            return f"(?:{inner})?"
        if token.startswith("%x"):
            return code_regex(token)
        if token.endswith('"'):
            return string_regex(token)
        if token[0].isalpha():
            return f"(?:{regex_of(rules, token.lower(), (*outer, name))})"
        raise ValueError(f"in rule {name!r}: unexpected {token!r}")

    regex = alternation()
    if todo:
        raise ValueError(f"in rule {name!r}: unexpected {peek()!r}")
    return regex


@functools.cache
def grammar() -> re.Pattern[str]:
    """The guide's ``move`` rule as a regular expression.

    It is made when first needed, so that a broken block fails the tests that use it and
    not the collection of this file.
    """
    return re.compile(regex_of(rules_of(grammar_block()), "move"))


LIBRARY_ORDER = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"] + ["LJ", "BJ"]
"""The guide's library order (porting-decks): by suit, then two to ace; then the little
joker and the big joker."""


def in_library_order(card_texts: list[str]) -> bool:
    """Whether cards are distinct and in library order, the one condition outside the ABNF."""
    places = [LIBRARY_ORDER.index(text) for text in card_texts]
    return all(first < second for first, second in itertools.pairwise(places))


def guide_accepts(text: str) -> bool:
    """Whether the guide says ``text`` is a move: in the grammar, and under the condition."""
    if not grammar().fullmatch(text):
        return False
    verb, *rest = text.split(" ")
    return verb not in {"pass", "exchange"} or in_library_order(rest)


def reader_accepts(text: str) -> bool:
    """Whether the reader reads ``text`` as a move; it raises nothing but its own error."""
    try:
        from_data(text)
    except InvalidRecordError:
        return False
    return True


# --- the grammar block and the table of edge texts -------------------------------------------


def test_the_grammar_block_defines_every_rule_it_uses() -> None:
    rules = rules_of(grammar_block())
    assert "move" in rules
    used = {name for definition in rules.values() for name in references(definition)}
    assert used - rules.keys() == set(), "rules used but not defined"
    assert rules.keys() - used == {"move"}, "rules defined but not used"
    assert grammar().pattern == regex_of(rules, "move")
    assert "distinct and in library order" in " ".join(section("porting-move-grammar").split())


def test_the_converter_fails_loudly() -> None:
    with pytest.raises(ValueError, match="used but not defined"):
        regex_of(rules_of('a = "-" b'), "a")
    with pytest.raises(ValueError, match="recursive"):
        regex_of(rules_of('a = "-" [ a ]'), "a")
    with pytest.raises(ValueError, match="ignores case"):
        regex_of(rules_of('a = "bid"'), "a")
    with pytest.raises(ValueError, match="not ABNF"):
        regex_of(rules_of("a = %d32"), "a")
    assert re.fullmatch(regex_of(rules_of('a = 2( "-" / %x41-42 ) *1%s"x"'), "a"), "-Bx")


def examples() -> list[tuple[str, bool]]:
    """The rows of the guide's table of edge texts: the exact text, and whether a move."""
    rows = [line for line in section("porting-move-examples").splitlines() if line[:1] == "|"]
    assert rows[:2] == ["| text | a move? | why |", "|---|---|---|"]
    found = []
    for row in rows[2:]:
        match = re.fullmatch(r"\| `([^`]*)` \| (yes|no) \| .* \|", row)
        assert match, f"a row of the table that is not `text` | yes or no | why: {row!r}"
        found.append((match[1], match[2] == "yes"))
    return found


EXAMPLES = examples()


def test_the_table_holds_the_edges() -> None:
    texts = [text for text, _ in EXAMPLES]
    assert len(texts) >= 15
    assert len(set(texts)) == len(texts)
    assert "exchange " in texts  # the trailing space inside the backticks is kept


@pytest.mark.parametrize(("text", "move"), EXAMPLES, ids=[repr(text) for text, _ in EXAMPLES])
def test_each_edge_text_is_a_move_as_the_table_says(text: str, move: bool) -> None:
    assert reader_accepts(text) is move
    assert guide_accepts(text) is move


# --- the reader against the grammar -------------------------------------------------------

WORDS = ["bid", "nil", "blind", "double", "look", "play", "pass", "keep", "reject", "exchange"]
VERBS = [form for word in WORDS for form in (word, word.upper(), word.title())]
ALL_CARDS = (*DECK, *JOKERS)
"""Every card of every deck, in library order: the 52 and the two jokers (rule-decks)."""
CARDS = [str(card) for card in ALL_CARDS]
NUMBERS = ["0", "00", "07", "1", "3", "13", "14", "99", "999", "-999", "1000", "-1", "-0", "+3"]
NOT_CARDS = ["10H", "10h", "Ts", "Lj", "JL", "JB", "J", "LJS"]
"""Near misses: ten as 10, mixed case, a joker as a PTN record writes it (``JL``)."""
TOKENS = [*VERBS, *CARDS, *(card.lower() for card in CARDS), *NOT_CARDS, *NUMBERS]
GAPS = [" ", " ", " ", " ", "  ", "\t", "\n", ""]
EDGES = ["", "", "", "", " ", "  ", "\t", "\n"]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """Texts from tokens at the edges, joined by a space mostly, sometimes by other gaps.

    Half of them are a verb and cards, in library order or as drawn, to reach the passes
    and exchanges that the grammar takes.
    """
    if draw(st.booleans()):
        words = draw(st.lists(st.sampled_from(TOKENS), max_size=6))
    else:
        cards = draw(st.lists(st.sampled_from(CARDS), max_size=5))
        in_order = draw(st.booleans())
        verb = draw(st.sampled_from(["pass", "exchange", "play", *VERBS]))
        words = [verb, *(sorted(cards, key=CARDS.index) if in_order else cards)]
    body = ""
    for index, word in enumerate(words):
        body += (draw(st.sampled_from(GAPS)) if index else "") + word
    return draw(st.sampled_from(EDGES)) + body + draw(st.sampled_from(EDGES))


@given(st.one_of(texts(), st.deferred(lambda: st.from_regex(grammar(), fullmatch=True))))
def test_the_reader_accepts_exactly_what_the_grammar_does(text: str) -> None:
    assert reader_accepts(text) is guide_accepts(text)


def check_move(move: Move) -> None:
    text = str(move)
    assert grammar().fullmatch(text), text
    assert guide_accepts(text), text
    assert from_data(text) == move


def test_every_bid_play_and_plain_move_is_in_the_grammar_and_reads_back() -> None:
    assert str(Bid(0)) == "bid nil"
    moves: list[Move] = [Bid(n) for n in range(-999, 1000)]
    moves += [Bid(0, blind=True), Look(), Keep(), Reject(), *map(Play, ALL_CARDS)]
    moves += [Pass([]), Exchange([]), Pass(ALL_CARDS), Exchange(ALL_CARDS)]  # none, all 54
    for move in moves:
        check_move(move)


def test_the_jokers_are_cards_of_the_grammar_last_in_library_order() -> None:
    """``LJ`` and ``BJ`` are cards of every move text, after the 52 (porting-move-grammar):
    a pass or an exchange lists them last, the little joker first; no other spelling is
    one.

    Rule: rule-decks.
    """
    assert LIBRARY_ORDER == CARDS
    for text in ["play LJ", "play BJ", "pass LJ", "pass AS LJ BJ", "exchange 2C BJ"]:
        assert guide_accepts(text), text
        assert reader_accepts(text), text
        assert schema_accepts(text), text
    for text in ["play lj", "play Bj", "play JL", "play JH LJ", "pass BJ LJ", "pass LJ AS"]:
        assert not guide_accepts(text), text
        assert not reader_accepts(text), text
        assert not schema_accepts(text), text
    assert guide_accepts("pass " + " ".join(CARDS))
    assert not grammar().fullmatch("pass " + " ".join([*CARDS, "BJ"]))  # 55 cards


@given(st.sets(st.sampled_from(ALL_CARDS)), st.sampled_from([Pass, Exchange]))
def test_every_pass_and_exchange_is_in_the_grammar_and_reads_back(
    cards: set[Card], kind: type[Pass | Exchange]
) -> None:
    check_move(kind(cards))


def test_the_reading_vectors_hold_every_edge_text_with_its_verdict() -> None:
    """A port that runs the conformance suite meets every row of the table there."""
    vectors = GUIDE.parent.parent / "conformance" / "data-limits.json"
    cases = json.loads(vectors.read_text(encoding="utf-8"))["cases"]
    verdicts = {json.loads(case["text"]): case["valid"] for case in cases if case["text"][0] == '"'}
    for text, move in EXAMPLES:
        assert verdicts.get(text) is move, text


# --- the JSON Schema against the grammar ----------------------------------------------------

SCHEMA = json.loads((GUIDE.parent / "record.schema.json").read_text(encoding="utf-8"))
MOVE_SCHEMA = Draft202012Validator(
    {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/move"}
)
"""The schema's ``move`` on its own, as a record's moves are checked."""


def schema_accepts(text: str) -> bool:
    return bool(MOVE_SCHEMA.is_valid(text))


def grammar_texts() -> Iterator[str]:
    """Move texts of the grammar: every bid number, nil and blind nil, the words alone, every
    play, every pass and exchange of none to two cards, every 37th of three cards (each
    card in some), and of all 54. (The schema takes about a millisecond a text: all the
    passes and exchanges of three cards would take a minute.)"""
    yield from (f"bid {number}" for number in range(-999, 1000) if number)
    yield from ["bid nil", "bid blind nil", "look", "keep", "reject"]
    yield from (f"play {card}" for card in CARDS)
    for verb in ("pass", "exchange"):
        for size in range(3):
            for chosen in itertools.combinations(CARDS, size):
                yield " ".join([verb, *chosen])
        for chosen in itertools.islice(itertools.combinations(CARDS, 3), 0, None, 37):
            yield " ".join([verb, *chosen])
        yield " ".join([verb, *CARDS])


def test_the_schema_accepts_every_move_text_of_the_grammar() -> None:
    """The schema's move is the grammar's: a bid of 14 or -1 and a pass of four cards are
    moves, illegal in every position but refused by the replay, not by their shape
    (porting-move-grammar)."""
    count = 0
    for text in grammar_texts():
        assert guide_accepts(text), text
        assert schema_accepts(text), text
        count += 1
    assert count == 1998 + 5 + 54 + 2 * (1 + 54 + 1431 + 671 + 1)


@given(st.sets(st.sampled_from(CARDS)), st.sampled_from(["pass", "exchange"]))
def test_the_schema_accepts_a_pass_or_exchange_of_any_cards_in_order(
    cards: set[str], verb: str
) -> None:
    text = " ".join([verb, *sorted(cards, key=CARDS.index)])
    assert guide_accepts(text)
    assert schema_accepts(text)


@given(st.one_of(texts(), st.deferred(lambda: st.from_regex(grammar(), fullmatch=True))))
def test_the_schema_refuses_exactly_what_the_grammar_refuses(text: str) -> None:
    assert schema_accepts(text) is guide_accepts(text)


@pytest.mark.parametrize(("text", "move"), EXAMPLES, ids=[repr(text) for text, _ in EXAMPLES])
def test_the_schema_takes_each_edge_text_as_the_table_says(text: str, move: bool) -> None:
    assert schema_accepts(text) is move
