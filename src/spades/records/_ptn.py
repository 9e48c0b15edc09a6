"""Trickster Cards' PTN text records of Spades hands: read, replayed and written.

PTN is PBN's tag format as Trickster Cards exports it. A record holds one or more hands,
each opened by an ``[Event "..."]`` tag; a tag is ``[Name "value"]`` on a line of its own,
and the lines after it, up to the next tag, are its data. The tags a hand of Spades needs:

- ``GameOptionsJson``: the game's options, a JSON object (`rules_from_options`);
- ``Deal "N:<hand> <hand> <hand> <hand>"``: the dealer's seat, then every hand clockwise
  from hers, each ``spades.hearts.diamonds.clubs`` with ranks ``23456789TJQKA``, and a
  fifth group for the jokers she holds, ``H`` the big and ``L`` the little (``.HL``);
- ``Auction "E"`` and its data: the bids from that seat on, clockwise;
- ``Play "E"`` and its data: one line a trick, a card a column, the columns in seat order
  clockwise from that seat, whoever leads; a card is its suit, then its rank (``HT``),
  and the jokers are ``JH`` (big) and ``JL`` (little).

Seats are N, E, S and W, the library's seats 0 to 3, so N-S is side 0; in a solo game
(``isPartnership`` false) each seat is a side of its own (ref-ptn-format, rule-solo).

Three players (``players`` 3, each on her own, rule-three-players) sit at S, W and E, the
library's seats 0, 1 and 2, clockwise S, W, E: so Trickster's own reader of PTN numbers
them (TricksterCards/TricksterBots, ``TestBots/PTN.cs`` at commit 8d7f92a, whose table of
seats by players gives S, W, E for three and S, W, N, E for four, and which counts the
players by the hands a Deal lists, each seat the one before it plus one). So a Deal lists
three hands of 17 cards (18 with a joker deck) from the dealer's seat, an Auction three
bids (0 up to the hand size), a Play line three columns, and ``GameScores`` a seat and
three scores, each seat's own. Trickster plays such games ("Solo 3-player" in a
maintainer's note on TricksterBots issue 201, "1v1v1 Joker Joker Deuce Deuce" in issue
249; its Spades bot reads ``options.players == 3``), but no public export of one is
known: beyond the seats, this reading is ours, and `write_ptn` and `read_ptn` keep to it
exactly. Which 2 Trickster takes out of its standard deck for three is not known either:
a Deal holding the 2C under it is refused, as the library deals without it.
"""

from __future__ import annotations

import json
import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NoReturn

import attrs

from spades._cards import JOKERS, Card, Rank, Suit
from spades._deal import new_game
from spades._decks import Deck
from spades._engine import apply
from spades._errors import InvalidRecordError, shown
from spades._legal import blind_moves
from spades._moves import BLIND_BIDS, LOOK, Bid, Play
from spades._rules import (
    CLASSIC,
    Bidding,
    NilTricks,
    Ruleset,
    SpadesLead,
    check_rules,
    play_order,
)
from spades._state import Phase, State, evolve_state

if TYPE_CHECKING:
    from collections.abc import Mapping

    from spades.records._game import GameRecord

__all__ = ["PtnHand", "ptn_problem", "read_ptn", "rules_from_options", "write_ptn"]

SEATS: Final = "NESW"
"""The seat letters by seat number: seat 0 is North, and play runs N, E, S, W."""
SEATS_OF_THREE: Final = "SWE"
"""Three players' seat letters by seat number, as Trickster numbers them: S, W, E."""
_NUMBERS: Final = {2: "two", 3: "three", 4: "four"}


def _letters(players: int) -> str:
    """The seat letters of ``players`` players by seat number (N, E, S, W or S, W, E)."""
    return SEATS_OF_THREE if players == 3 else SEATS


_SUIT_GROUPS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS: Final = {rank.symbol: rank for rank in Rank}
_SUITS: Final = {suit.letter: suit for suit in Suit}
_JOKER_LETTERS: Final = {"L": JOKERS[0], "H": JOKERS[1]}
"""A joker's letter in a Deal's fifth group and after ``J`` in Play: high (big), low."""
_LETTER_OF_JOKER: Final = {card: letter for letter, card in _JOKER_LETTERS.items()}
_TAG = re.compile(r"\[(?P<name>[A-Za-z][A-Za-z0-9_]*)(?:\s+\"(?P<value>.*)\")?\s*\]?$")
MAX_PTN_SIZE: Final = 2**20
"""The longest text `read_ptn` reads: 1 MiB, a few thousand hands."""


def _fail(line: int, message: str) -> NoReturn:
    raise InvalidRecordError(f"line {line}", message)


@attrs.frozen
class _Tag:
    name: str
    value: str
    line: int
    data: tuple[tuple[int, str], ...] = ()


def _tags(text: str) -> list[_Tag]:
    r"""The tags of ``text`` in order, each with its data lines and its line number.

    A line is trimmed; blank lines and ``%`` comments are skipped. A tag's value runs from
    its first quote to its last, with ``\\"`` and ``\\\\`` unescaped; a closing bracket
    missing at the end of the line is forgiven, as Trickster's own reader forgives it.
    """
    tags: list[_Tag] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if line.startswith("["):
            start, end = line.find('"'), line.rfind('"')
            name = line[1:].split(None, 1)[0].rstrip("]") if len(line) > 1 else ""
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
                _fail(number, f'a tag is [Name "value"], not {shown(line)}')
            value = line[start + 1 : end] if start < end else ""
            value = re.sub(r"\\(.)", r"\1", value)
            tags.append(_Tag(name, value, number))
        elif not tags:
            _fail(number, f"data before any tag: {shown(line)}")
        else:
            last = tags[-1]
            tags[-1] = attrs.evolve(last, data=(*last.data, (number, line)))
    return tags


# --- options ------------------------------------------------------------------------------

_VARIATIONS: Final[Mapping[object, str]] = {
    0: "classic",
    "classic": "classic",
    "acehigh": "classic",
    1: "joker_joker_ace",
    "jokerjokerace": "joker_joker_ace",
    2: "joker-joker-deuce-ace",
    "jokerjokerdeuceace": "joker-joker-deuce-ace",
    3: "joker_joker_deuce_deuce",
    "jokerjokerdeucedeuce": "joker_joker_deuce_deuce",
    "suicide": "suicide",
    "whiz": "whiz",
}


def _flag(value: object) -> bool | None:
    return value if type(value) is bool else None


def _number(value: object) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,100}", value.strip()):
        return int(value)
    return None


def _name(value: object) -> object:
    """An enum option's value: an integer, or a name compared without case."""
    return value.lower() if isinstance(value, str) else value


def rules_from_options(
    options: Mapping[str, object], *, line: int = 0
) -> tuple[Ruleset, Mapping[str, object]]:
    """The `Ruleset` Trickster's game options describe, and the options it does not know.

    Keys are read without regard to case, as Trickster reads them; an enum option may be
    its number or its name. An option whose key is known but whose value is not is
    returned with the unknown ones; a known value that this library does not play
    (Joker-Joker-Deuce-Ace, players other than 3 and 4) raises `InvalidRecordError` at
    ``line``. Options not given take `CLASSIC`'s values (ref-ptn-options);
    ``isPartnership`` false is a solo game, four players each on her own (rule-solo);
    ``players`` 3 is three players each on her own, ``isPartnership`` false or left out
    (rule-three-players).

    >>> options = {"minBid": 4, "nilOrZero": 1, "firstHandBidsItself": True}
    >>> rules, unknown = rules_from_options(options)
    >>> rules.team_minimum, rules.nil, rules.zero_contract, dict(unknown)
    (4, False, True, {'firstHandBidsItself': True})
    """
    fields: dict[str, Any] = {}
    unknown: dict[str, object] = {}
    for key, value in options.items():
        if not _option(key.lower(), value, fields, line):
            unknown[key] = value
    if fields.get("players") == 3:  # rule-three-players: each on her own, never solo
        if fields.pop("solo", True) is False:
            _fail(line, "players 3 and isPartnership true: three players play each on her own")
        fields["blind_nil_pass"] = 0  # as Ruleset(players=3) has it
    try:
        return attrs.evolve(CLASSIC, **fields), MappingProxyType(unknown)
    except (TypeError, ValueError) as error:  # a combination the rules refuse
        _fail(line, f"the game options describe no playable game: {error}")


def _option(key: str, value: object, fields: dict[str, Any], line: int) -> bool:
    """Read one option into ``fields``; whether it was understood."""
    name = _name(value)
    if key == "variation":
        variation = _VARIATIONS.get(name)
        if variation is None:
            return False
        if variation in ("suicide", "whiz"):
            fields["bidding"] = Bidding(variation)
        elif variation in ("joker_joker_ace", "joker_joker_deuce_deuce"):
            fields["deck"] = Deck(variation)
        elif variation != "classic":
            _fail(line, f"variation {shown(value)} ({variation}) is not played by this version")
        return True
    if key == "players":
        players = _number(value)
        if players not in (3, 4):
            _fail(
                line, f"players {shown(value)}: this version reads records of 3 or 4 players only"
            )
        fields["players"] = players
        return True
    if key == "ispartnership" and (flag := _flag(value)) is not None:
        if flag:  # partnerships, which four players play by default; not three
            fields["solo"] = False
        else:  # rule-solo: four players each on her own, as Ruleset(solo=True) has it
            fields.update(solo=True, blind_nil_pass=0)
        return True
    if key == "minbid" and (number := _number(value)) is not None and 0 <= number <= 13:
        fields["team_minimum"] = number
        return True
    if key == "nilorzero":
        if name in (0, "nil"):
            return True
        if name in (1, "zero"):
            fields.update(nil=False, zero_contract=True)
            return True
        return False
    if key in ("tenfortwohundred",) and (flag := _flag(value)) is not None:
        fields["ten_for_two_hundred"] = flag
        return True
    if key == "tenbonus":
        if name in ("tenfor200", "ten_for_200"):
            fields["ten_for_two_hundred"] = True
            return True
        return False
    if key == "leadspades":
        lead = _LEADS.get(name)
        if lead is None:
            return False
        fields["spades_lead"] = lead
        return True
    if key == "nilpass" and (number := _number(value)) is not None and 0 <= number <= 4:
        fields["nil_pass"] = number
        return True
    if key == "failednilbags":
        if name == "helpsteambid":
            fields["nil_tricks"] = NilTricks.COUNT
            return True
        return False
    if key in ("gameoverscore", "playto") and (number := _number(value)) is not None:
        if number > 0:
            fields["target"] = number
            return True
        return False
    if key in ("tenbagspenalty", "bagspenalty") and value is False:
        fields["bag_penalty"] = 0
        return True
    if key == "tenbagspenalty" and value is True:
        return True
    if key == "failbidscoring" and name == 1:  # "-10x bid if set": every source's
        return True
    if key == "mercyrule" and name == 1:  # "to 350/-200" in the Event of a public record
        fields["losing_floor"] = -200
        return True
    if key == "blindnonnilbids" and _number(value) == _BLIND_OPTION:
        fields.update(blind_bid_minimum=_BLIND_RULE[0], blind_bid_deficit=_BLIND_RULE[1])
        return True
    return key in _TABLE_SETTINGS


_LEADS: Final[Mapping[object, SpadesLead]] = {
    0: SpadesLead.BROKEN,
    "broken": SpadesLead.BROKEN,
    2: SpadesLead.ANY_TIME,
    "anytime": SpadesLead.ANY_TIME,
}
_BLIND_OPTION: Final = 4
_BLIND_RULE: Final = (6, 250)
"""``blindNonNilBids`` 4 is "Blind 6+ if losing by 250" in the Event of a public record."""
_TABLE_SETTINGS: Final = frozenset({"nowatching", "nosuggestions"})
"""Options of the app's table, not of the game's rules: understood, and nothing to read."""


# --- hands --------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class PtnHand:
    """One hand of a PTN record: its tags, its rules, and the cards, bids and plays it lists.

    ``hands`` are by seat (N, E, S, W; three players S, W, E), each a tuple of cards, or
    ``None`` where the record hides the hand (``-``). ``bids`` are in bidding order from
    ``first_bidder``; ``tricks`` are the Play lines, each a card (or ``None`` for ``-``) by
    seat. `replay` plays them.
    """

    tags: Mapping[str, str]
    """Every tag's value by name, the first of each name."""
    rules: Ruleset
    """The rules the options describe (`rules_from_options`)."""
    unknown_options: Mapping[str, object]
    """The options the library does not know, by key as written."""
    dealer: int
    """The dealer's seat, from the Deal tag."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's cards as dealt (13, or 17 or 18 of three players), in the library's order;
    ``None`` for a hidden hand."""
    first_bidder: int | None = None
    """The Auction tag's seat; ``None`` without one."""
    bids: tuple[Bid | None, ...] = ()
    """The bids in bidding order; ``None`` for one left out (``-``)."""
    first_leader: int | None = None
    """The Play tag's seat; ``None`` without one."""
    tricks: tuple[tuple[Card | None, ...], ...] = ()
    """Each Play line's cards by seat; ``None`` for one left out (``-``)."""
    lines: Mapping[str, int] = attrs.field(factory=dict, repr=False, eq=False)
    """The line of each tag, and of each bid (``"bid 3"``) and trick (``"trick 5"``)."""

    def replay(
        self, *, scores: tuple[int, ...] | None = None, bags: tuple[int, ...] | None = None
    ) -> State:
        """The state after the hand's last card, every move played through `apply`.

        The hand starts at the sides' ``scores`` and ``bags`` (a record states neither; zeros
        when not given), one number a side, side 0's first: two, four in a solo game
        (rule-solo), three with three players (rule-three-players); with the record's dealer
        and hands. A seat that may bid blind (nil or
        a number) looks at her hand before a bid in sight. After the last
        trick the hand is scored: ``replay().rounds[-1]`` is its score. Given the
        ``scores`` before it, the replay of a whole hand checks the scores after it against
        the record's ``GameScores`` (ref-ptn-format). The first illegal move raises
        `IllegalMoveError`; a hand the record hides, a bid or card it leaves out (``-``), a
        card pass it does not list, or scores other than its ``GameScores`` raise
        `InvalidRecordError` at its line.
        """
        if any(hand is None for hand in self.hands):
            _fail(self.lines["Deal"], "a hidden hand (-) cannot be replayed")
        sides = self.rules.sides
        zeros = (0,) * sides
        start = zeros if scores is None else _by_side(scores, "scores", sides)
        state = _starting_state(
            self, start, zeros if bags is None else _by_side(bags, "bags", sides)
        )
        first = state.to_move
        assert first is not None, "a new round has a first bidder"
        letters = _letters(self.rules.players)
        for tag, seat in (("Auction", self.first_bidder), ("Play", self.first_leader)):
            if seat is not None and seat != first:
                _fail(
                    self.lines[tag],
                    f"{tag} starts at {letters[seat]}, but under these rules {letters[first]} "
                    f"(after the dealer, {letters[self.dealer]}) bids and leads first",
                )
        for number, bid in enumerate(self.bids):
            if bid is None:
                _fail(self.lines[f"bid {number + 1}"], "a bid left out (-) cannot be replayed")
            seat = state.to_move
            assert seat is not None, "the bidding has a seat to move"
            if not bid.blind and blind_moves(state, seat):
                state = apply(state, LOOK)
            state = apply(state, bid)
        if self.tricks and state.phase is not Phase.PLAYING:
            why = (
                "the record lists no card pass, which these bids need"
                if state.phase is Phase.PASSING
                else f"the play needs {_NUMBERS[self.rules.players]} bids, and the record "
                f"has {len(self.bids)}"
            )
            _fail(self.lines["Play"], why)
        for number, trick in enumerate(self.tricks):
            leader = state.to_move
            assert leader is not None, "the play has a seat to move"
            for seat in play_order(self.rules, leader):
                card = trick[seat]
                if card is None:
                    if number == len(self.tricks) - 1:
                        return state  # the record stops in the middle of its last trick
                    _fail(
                        self.lines[f"trick {number + 1}"],
                        f"{letters[seat]}'s card is left out (-)",
                    )
                state = apply(state, Play(card))
        if scores is not None and state.rounds and "GameScores" in self.tags:  # scored
            _check_game_scores(
                self.tags["GameScores"], self.lines["GameScores"], state.scores, self.rules
            )
        return state


def _check_game_scores(text: str, line: int, ended: tuple[int, ...], rules: Ruleset) -> None:
    """Check the scores a hand ended at against its ``GameScores``.

    ``GameScores`` names a seat, then each seat's score clockwise from it
    (``"S:162 527 162 527"``): partners have the same score, and in a solo game each seat
    her own (rule-solo); three players, a seat and three scores, each her own
    (``"S:120 -40 33"``, rule-three-players).
    """
    players = rules.players
    seat_text, colon, rest = text.partition(":")
    numbers = rest.split()
    if (
        not colon
        or len(numbers) != players
        or not all(re.fullmatch(r"-?\d{1,10}", n) for n in numbers)
    ):
        example = "S:120 -40 33" if players == 3 else "S:162 527 162 527"
        _fail(
            line,
            f'GameScores is a seat and {_NUMBERS[players]} scores, "{example}", not {shown(text)}',
        )
    first = _seat(seat_text, line, players)
    by_seat = [0] * players
    for offset, number in enumerate(numbers):
        by_seat[(first + offset) % players] = int(number)
    if rules.partnerships:
        if by_seat[0] != by_seat[2] or by_seat[1] != by_seat[3]:
            _fail(line, f"GameScores gives partners different scores: {shown(text)}")
        stated: tuple[int, ...] = (by_seat[0], by_seat[1])
    else:
        stated = tuple(by_seat)
    if stated != ended:
        _fail(
            line,
            f"the hand ends at {_scores_text(ended, players)}, but GameScores says "
            f"{_scores_text(stated, players)}",
        )


def _scores_text(scores: tuple[int, ...], players: int) -> str:
    """Scores by side in words: ``N-S 94, E-W 90``; ``N 1, E 2, S 3, W 4``; ``S 1, W 2, E 3``."""
    names = _letters(players) if len(scores) == players else ("N-S", "E-W")
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


def _by_side(value: object, name: str, sides: int) -> tuple[int, ...]:
    """``value`` checked as one whole number a side, side 0's first."""
    if not (
        isinstance(value, tuple)
        and len(value) == sides
        and all(type(number) is int for number in value)
    ):
        count = "a pair of" if sides == 2 else _NUMBERS[sides]
        raise TypeError(
            f"{name} is {count} whole numbers, one a side, side 0's first, not {shown(value)}"
        )
    return value


def _starting_state(hand: PtnHand, scores: tuple[int, ...], bags: tuple[int, ...]) -> State:
    """The round as the record deals it: each seat's cards, dealt from the first bidder."""
    rules = hand.rules
    order = play_order(rules, rules.orders_of_play[hand.dealer][1])
    held = [sorted(cards or ()) for cards in hand.hands]
    deck = [held[seat][index] for index in range(rules.hand_size) for seat in order]
    state = new_game(rules, seed=0, dealer=hand.dealer, deck=deck)
    return evolve_state(state, scores=scores, bags=bags)


def _seat(text: str, line: int, players: int) -> int:
    letters = _letters(players)
    seat = letters.find(text.strip().upper())
    if len(text.strip()) != 1 or seat < 0:
        names = ", ".join(letters[:-1]) + " or " + letters[-1]
        _fail(line, f"a seat is {names}, not {shown(text)}")
    return seat


def _deal(tag: _Tag, rules: Ruleset) -> tuple[int, tuple[tuple[Card, ...] | None, ...]]:
    """The dealer and each seat's hand (``None`` if hidden) of a Deal.

    The hands are checked against the rules: one a player, each of the hand size, of cards
    of the rules' pack.
    """
    players, size, pack = rules.players, rules.hand_size, rules.pack
    seat_text, colon, rest = tag.value.partition(":")
    if not colon:
        form = ":".join([_letters(players)[0], " ".join(["<hand>"] * players)])
        _fail(tag.line, f'a deal is "{form}", not {shown(tag.value)}')
    dealer = _seat(seat_text, tag.line, players)
    texts = rest.split()
    if len(texts) != players:
        _fail(tag.line, f"a deal lists {players} hands, not {len(texts)}")
    letters = _letters(players)
    hands: list[tuple[Card, ...] | None] = [None] * players
    seen: set[Card] = set()
    for offset, text in enumerate(texts):
        seat = (dealer + offset) % players
        if text == "-":
            continue
        groups = text.split(".")
        if len(groups) not in (4, 5):
            _fail(
                tag.line,
                f"a hand is spades.hearts.diamonds.clubs, and .jokers, not {shown(text)}",
            )
        cards: list[Card] = []
        for suit, group in zip(_SUIT_GROUPS, groups, strict=False):
            for letter in group.upper():
                rank = _RANKS.get(letter)
                if rank is None:
                    _fail(tag.line, f"{shown(letter)} in {shown(text)} is no rank")
                cards.append(Card(rank, suit))
        for letter in groups[4].upper() if len(groups) == 5 else "":
            if letter not in _JOKER_LETTERS:
                _fail(
                    tag.line,
                    f"{shown(letter)} in {shown(text)} is no joker: the jokers are H (big) "
                    "and L (little)",
                )
            cards.append(_JOKER_LETTERS[letter])
        for card in cards:
            if card in seen:
                _fail(tag.line, f"{card} is dealt twice")
            seen.add(card)
        if len(cards) != size:
            _fail(tag.line, f"{letters[seat]}'s hand holds {len(cards)} cards, not {size}")
        hands[seat] = tuple(sorted(cards))
    for held in hands:
        for card in held or ():
            if not card.bit & pack.mask:
                where = "" if players == 3 else " of these rules"
                _fail(tag.line, f"{pack.described}{where} has no {card}")
    return dealer, tuple(hands)


def _bid(token: str, line: int, most: int) -> Bid | None:
    """A bid of the Auction, 0 to ``most`` (the hand size) or blind 1 to ``most``."""
    word = token.lower().replace(" ", "")
    if word == "-":
        return None
    if word == "nil":
        return Bid(0)
    if word in ("blindnil", "doublenil"):
        return Bid(0, blind=True)
    if _DIGITS.fullmatch(word) and int(word) <= most:
        return Bid(int(word))
    number = word.removeprefix("blind")
    if number != word and _DIGITS.fullmatch(number) and 1 <= int(number) <= most:
        return BLIND_BIDS[int(number)]
    _fail(line, f"a bid is 0 to {most}, Nil, BlindNil or Blind 1 to {most}, not {shown(token)}")


_DIGITS: Final = re.compile(r"[0-9]{1,3}")
"""A number as a record writes one: ASCII digits, few enough to read at once."""


def _bid_tokens(line: str) -> list[str]:
    """A line's bids: ``Blind`` (or ``Double``) and the word after it are one bid."""
    tokens: list[str] = []
    for token in line.split():
        if tokens and tokens[-1].lower() in ("blind", "double"):
            tokens[-1] += " " + token
        else:
            tokens.append(token)
    return tokens


def _card(token: str, line: int) -> Card | None:
    text = token.upper()
    if len(text) != 2:
        if text.strip("-"):
            _fail(line, f"a card is its suit then its rank (HT), or -, not {shown(token)}")
        return None
    if text[0] == "J":
        joker = _JOKER_LETTERS.get(text[1])
        if joker is None:
            _fail(line, f"a joker is JH (big) or JL (little), not {shown(token)}")
        return joker
    suit, rank = _SUITS.get(text[0]), _RANKS.get(text[1])
    if suit is None or rank is None:
        _fail(line, f"a card is its suit then its rank (HT), not {shown(token)}")
    return Card(rank, suit)


def _options(tag: _Tag) -> dict[str, object]:
    try:
        options = json.loads(tag.value)
    except ValueError:
        _fail(tag.line, f"GameOptionsJson is no JSON object: {shown(tag.value)}")
    if not isinstance(options, dict):
        _fail(tag.line, f"GameOptionsJson is no JSON object: {shown(tag.value)}")
    return options


def _hand(block: list[_Tag]) -> PtnHand | None:
    """The hand of one block of tags (from an Event to the next), or None without a Deal."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    for tag in block:
        values.setdefault(tag.name, tag.value)
        lines.setdefault(tag.name, tag.line)
    found = {tag.name: tag for tag in reversed(block)}  # the first of each name
    if "Deal" not in found:
        return None
    unknown: Mapping[str, object] = MappingProxyType({})
    if "SpadesRuleset" in found:
        rules = _our_rules(found["SpadesRuleset"])
    elif "GameOptionsJson" in found:
        options = found["GameOptionsJson"]
        rules, unknown = rules_from_options(_options(options), line=options.line)
    else:
        rules = CLASSIC
    players = rules.players
    if players == 2:  # only our SpadesRuleset tag says so
        _fail(found["SpadesRuleset"].line, "PTN records three or four players, not two")
    dealer, hands = _deal(found["Deal"], rules)
    first_bidder = first_leader = None
    bids: list[Bid | None] = []
    tricks: list[tuple[Card | None, ...]] = []
    if (auction := found.get("Auction")) is not None:
        first_bidder = _seat(auction.value, auction.line, players)
        for number, line in auction.data:
            for token in _bid_tokens(line):
                bids.append(_bid(token, number, rules.hand_size))
                lines[f"bid {len(bids)}"] = number
        if len(bids) > players:
            _fail(
                auction.line,
                f"{_NUMBERS[players]} players bid once each, not {len(bids)} times",
            )
    if (play := found.get("Play")) is not None:
        first_leader = _seat(play.value, play.line, players)
        for number, line in play.data:
            tokens = line.split()
            if len(tokens) > players:
                _fail(number, f"a trick is {players} cards, not {len(tokens)}")
            columns = [_card(token, number) for token in tokens]
            columns += [None] * (players - len(tokens))
            tricks.append(
                tuple(columns[(seat - first_leader) % players] for seat in range(players))
            )
            lines[f"trick {len(tricks)}"] = number
        if len(tricks) > rules.hand_size:
            _fail(play.line, f"a hand has {rules.hand_size} tricks, not {len(tricks)}")
    return PtnHand(
        tags=MappingProxyType(values),
        rules=rules,
        unknown_options=unknown,
        dealer=dealer,
        hands=hands,
        first_bidder=first_bidder,
        bids=tuple(bids),
        first_leader=first_leader,
        tricks=tuple(tricks),
        lines=MappingProxyType(lines),
    )


def _our_rules(tag: _Tag) -> Ruleset:
    from spades.records import from_data  # noqa: PLC0415  (records imports this module)

    try:
        rules = from_data(json.loads(tag.value))
    except (ValueError, InvalidRecordError) as error:
        _fail(tag.line, f"SpadesRuleset is no ruleset: {error}")
    if not isinstance(rules, Ruleset):
        _fail(tag.line, "SpadesRuleset is no ruleset")
    return rules


def read_ptn(text: str) -> tuple[PtnHand, ...]:
    r"""Every hand of a PTN record (or its older PBN-headed form), in order.

    A hand starts at each ``[Event]`` tag and is read from its ``Deal``, ``Auction`` and
    ``Play`` tags and its rules from ``GameOptionsJson`` (``SpadesRuleset``, written by
    `write_ptn`, wins over it); other tags are kept in `PtnHand.tags`. A block without a
    deal is skipped. Bad text raises `InvalidRecordError` whose path is ``line N``.

    >>> hand, = read_ptn('''
    ... [Event "A hand"]
    ... [GameOptionsJson "{\\"minBid\\":4}"]
    ... [Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
    ... [Auction "E"]
    ... 0 13 0 13
    ... ''')
    >>> hand.rules.team_minimum, [str(bid) for bid in hand.bids]
    (4, ['bid nil', 'bid 13', 'bid nil', 'bid 13'])
    """
    if not isinstance(text, str):
        raise TypeError(f"read_ptn takes the record's text, not {type(text).__name__}")
    if len(text) > MAX_PTN_SIZE:
        _fail(0, f"the record is longer than {MAX_PTN_SIZE} characters")
    blocks: list[list[_Tag]] = []
    for tag in _tags(text):
        if tag.name == "Event" or not blocks:
            blocks.append([])
        blocks[-1].append(tag)
    return tuple(hand for block in blocks if (hand := _hand(block)) is not None)


# --- writing --------------------------------------------------------------------------------


def _options_of(rules: Ruleset) -> dict[str, object]:
    """Trickster's options for the fields it has; the rest travel in ``SpadesRuleset``."""
    options: dict[str, object] = {"gameOverScore": rules.target}
    if rules.players == 3:  # rule-three-players: Trickster's three each on her own
        options.update(players=3, isPartnership=False)
    if rules.solo:  # rule-solo: Trickster's four players each on her own
        options["isPartnership"] = False
    if rules.bidding in (Bidding.SUICIDE, Bidding.WHIZ):
        options["variation"] = rules.bidding.name.title()
    elif rules.deck is not Deck.STANDARD:  # ptn_problem refuses a deck beside a mode
        options["variation"] = _DECK_VARIATIONS[rules.deck]
    if rules.team_minimum:
        options["minBid"] = rules.team_minimum
    if rules.zero_contract:
        options["nilOrZero"] = 1
    if rules.ten_for_two_hundred:
        options["tenForTwoHundred"] = True
    if rules.spades_lead is SpadesLead.ANY_TIME:
        options["leadSpades"] = 2
    if rules.nil_pass:
        options["nilPass"] = rules.nil_pass
    if rules.bag_penalty == 0:
        options["tenBagsPenalty"] = False
    if rules.blind_bid_minimum:  # from 6 trailing by 250: ptn_problem refuses the others
        options["blindNonNilBids"] = _BLIND_OPTION
    return options


_DECK_VARIATIONS: Final = {Deck.JOKER_JOKER_ACE: 1, Deck.JOKER_JOKER_DEUCE_DEUCE: 3}
"""Trickster's ``variation`` numbers of the joker decks (rule-decks)."""


def _hand_text(cards: list[Card]) -> str:
    """A Deal's hand: four groups by natural suit, then one of its jokers, if any.

    The 2D of Joker-Joker-Deuce-Deuce is written among the diamonds, as Trickster does;
    the jokers' group holds H (big) before L (little).
    """
    ordered = sorted(cards, reverse=True)
    groups = [
        "".join(card.rank.symbol for card in ordered if card.suit is suit and card not in JOKERS)
        for suit in _SUIT_GROUPS
    ]
    jokers = "".join(_LETTER_OF_JOKER[card] for card in ordered if card in JOKERS)
    return ".".join([*groups, jokers] if jokers else groups)


def _card_text(card: Card) -> str:
    """A Play card: its suit, then its rank (``HT``); a joker ``JH`` (big) or ``JL``."""
    if card in JOKERS:
        return "J" + _LETTER_OF_JOKER[card]
    return f"{card.suit.letter}{card.rank.symbol}"


def ptn_problem(rules: Ruleset) -> str | None:
    """Why PTN cannot hold games under ``rules``, or ``None``.

    PTN records four players playing clockwise, in partnerships or each on her own (solo,
    Trickster's ``isPartnership: false``, rule-solo), or three playing clockwise
    (``players: 3``, rule-three-players), and Trickster has no Mirror bidding;
    of blind numbers it holds ``blindNonNilBids`` 4 only, from 6 by a side trailing by 250.
    Its one ``variation`` names a joker deck or Suicide or Whiz, so not a joker deck
    beside either (rule-decks).
    `write_ptn` refuses games under such rules, and ``spades demo --record x.ptn`` does
    before it plays. `TypeError` for ``rules`` that is not a `Ruleset`.

    >>> from spades import CLASSIC, MINIOKEY
    >>> ptn_problem(CLASSIC) is None, ptn_problem(MINIOKEY)
    (True, 'PTN records three or four players playing clockwise')
    """
    rules = check_rules(rules, "ptn_problem")
    if rules.players == 2 or rules.orders_of_play[0][1] != 1:
        return "PTN records three or four players playing clockwise"
    if rules.bidding is Bidding.MIRROR:
        return "PTN records no Mirror bidding: Trickster offers none"
    if rules.deck.jokers and rules.bidding is not Bidding.OPEN:
        return (
            f"PTN's variation names a joker deck or {rules.bidding.name.title()} bidding, not both"
        )
    blind = (rules.blind_bid_minimum, rules.blind_bid_deficit)
    if rules.blind_bid_minimum and blind != _BLIND_RULE:
        return (
            "PTN records blind numbers only from 6 by a side trailing by 250 "
            "(Trickster's blindNonNilBids 4), not from {} {}".format(
                blind[0], "at any score" if blind[1] is None else f"trailing by {blind[1]}"
            )
        )
    return None


def write_ptn(record: GameRecord, *, event: str = "spades") -> str:
    """PTN text of every round of ``record``, one hand a round, that `read_ptn` reads back.

    Each hand has Trickster's tags (``Event``, ``GameOptionsJson`` for the options it has,
    ``Dealer``, ``Deal``, ``Auction``, ``Play``) and the library's own ``SpadesRuleset``
    (the ruleset as `spades.records.to_data` writes it), which Trickster ignores and
    `read_ptn` prefers. The Event is ``event`` and the hand's number, never the options,
    which ``GameOptionsJson`` states (a solo game's ``isPartnership: false`` too, and
    three players' ``players: 3``, their hands written from seat S, W or E). Rules
    PTN holds (`ptn_problem`) and rounds without a card pass only: other records raise
    `SpadesError`.
    """
    from spades._errors import SpadesError  # noqa: PLC0415
    from spades.records import to_data  # noqa: PLC0415  (records imports this module)

    rules = record.rules
    problem = ptn_problem(rules)
    if problem is not None:
        raise SpadesError(problem)
    players, letters = rules.players, _letters(rules.players)
    blocks: list[str] = []
    states = iter(record)
    state = next(states)
    for number, played in enumerate(record.rounds, start=1):
        dealer = state.dealer
        hands = [list(state.hand(seat)) for seat in range(players)]
        bids: list[str] = []
        plays: list[Card] = []
        first = rules.orders_of_play[dealer][1]
        for move in played.moves:
            if isinstance(move, Bid):
                bids.append(_bid_text(move))
            elif isinstance(move, Play):
                plays.append(move.card)
            elif move != LOOK:
                raise SpadesError(f"PTN lists no {type(move).__name__.lower()}: round {number}")
        for _ in played.moves:
            state = next(states)
        lines = [
            f'[Event "{event}, hand {number}"]',
            f'[GameOptionsJson "{_escape(json.dumps(_options_of(rules), separators=(",", ":")))}"]',
            f'[SpadesRuleset "{_escape(json.dumps(to_data(rules), separators=(",", ":")))}"]',
            f'[Dealer "{letters[dealer]}"]',
            '[Deal "{}:{}"]'.format(
                letters[dealer],
                " ".join(_hand_text(hands[order]) for order in rules.orders_of_play[dealer]),
            ),
        ]
        if bids:
            lines += [f'[Auction "{letters[first]}"]', " ".join(bids)]
        if plays:
            lines += [f'[Play "{letters[first]}"]', *_play_lines(rules, first, plays)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _bid_text(bid: Bid) -> str:
    """A bid as Trickster writes it: ``BlindNil``, ``Blind 7`` or the number."""
    if not bid.blind:
        return str(bid.n)
    return f"Blind {bid.n}" if bid.n else "BlindNil"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _play_lines(rules: Ruleset, first: int, plays: list[Card]) -> list[str]:
    """The Play tag's lines: each trick's cards in columns by seat from ``first``."""
    from spades._trick import trick_winner  # noqa: PLC0415

    lines: list[str] = []
    leader = first
    players = rules.players
    for start in range(0, len(plays), players):
        cards = plays[start : start + players]
        order = play_order(rules, leader)
        by_seat: dict[int, Card] = dict(zip(order, cards, strict=False))
        lines.append(
            " ".join(
                _card_text(card) if (card := by_seat.get(seat)) else "-"
                for seat in rules.orders_of_play[first]
            )
        )
        if len(cards) == players:
            leader = trick_winner(rules, leader, cards)
    return lines
