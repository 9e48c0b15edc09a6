"""The page in a real browser: Debian's Chromium, driven by Playwright, on a real server.

Each test starts ``spades serve`` (the ``served`` fixture), opens its page, and plays as a
person would, by clicking and by the keyboard: a whole game against three bots, a reload
in the middle, two people at one table who each see only their own hand, a clock that runs
out, a phone's width, and the screenshot of the table for the docs. The tests find the
page's parts by their ``data-testid`` hooks and wait for conditions, never for a time.
"""

from __future__ import annotations

import json
import os
import re
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final
from urllib.request import urlopen

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from spades import DECK, Bid, IllegalMoveError, Play, check_move, parse_move, records

if TYPE_CHECKING:
    from collections.abc import Sequence

    from playwright.sync_api import Page, ViewportSize, WebSocket

    from spades import State

    from .conftest import NewPage, Serve

pytestmark = [pytest.mark.system, pytest.mark.timeout(300)]

WAIT_MS: Final = 60_000
"""The longest wait for the page: a whole round of bots' moves, on a busy machine."""

CLICK_MS: Final = 10_000
"""The longest wait for a control to take a click (it may be gone: the clock moved first)."""

PHONE: Final[ViewportSize] = {"width": 360, "height": 740}
"""A small phone's viewport, in CSS pixels."""

DESKTOP: Final[ViewportSize] = {"width": 1200, "height": 800}
"""The viewport of the screenshot for the docs."""

SCREENSHOT_VARIABLE: Final = "SPADES_DOCS_SCREENSHOT"
"""Where the table's screenshot for the docs goes, when set (else it stays in tmp_path)."""

BOTS: Final = ("open", "heuristic", "heuristic", "heuristic")
"""A table of one person (seat 0) and three bots."""

CARDS: Final = frozenset(str(card) for card in DECK)
"""The 52 cards, as the library writes them ("QS")."""

_CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
_SHORT = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "spades": "S", "hearts": "H"}
_SUITS |= {"diamonds": "D", "clubs": "C"}
_RANKS = {"10": "T", "ace": "A", "king": "K", "queen": "Q", "jack": "J"}
_NAME = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b")

_MY_TURN = """(after) => {
  const root = document.documentElement.dataset;
  if (root.status === "over") return true;
  if (root.ply === undefined || Number(root.ply) <= after) return false;
  return document.querySelector('[data-testid="moves"] [data-move]') !== null
    || document.querySelector('[data-testid="hand"] [data-legal="true"]') !== null;
}"""
"""Whether the page's seat is to move at a move count above ``after``, or the game is over."""

_CHOICE = """() => {
  const moves = document.querySelector('[data-testid="moves"]');
  const bid = moves.querySelector('[data-move="bid 3"]') ?? moves.querySelector("[data-move]");
  if (bid !== null) return bid.dataset.move;
  const card = document.querySelector('[data-testid="hand"] [data-legal="true"]');
  return card === null ? "" : `play ${card.dataset.card}`;
}"""
"""The move ``move`` makes: bid 3 if it may, else another move's button, else a legal card."""

_MOVED = """([ply, message]) => {
  const root = document.documentElement.dataset;
  const shown = document.querySelector('[data-testid="message"]').textContent;
  return root.ply !== ply || root.status === "over" || (shown !== "" && shown !== message);
}"""
"""Whether the page moved on from ``ply``, or shows a new message (a refused move)."""

_PEOPLE_TO_MOVE = """([after, people]) => {
  const root = document.documentElement.dataset;
  if (root.status === "over") return {over: true};
  const ply = Number(root.ply);
  if (root.ply === undefined || ply <= after) return false;
  const panel = document.querySelector('[data-testid^="seat-"][data-to-move="true"]');
  if (panel === null) return false;
  const seat = Number(panel.dataset.testid.slice("seat-".length));
  return people.includes(seat) ? {over: false, seat, ply} : false;
}"""
"""The seat of ``people`` to move at a move count above ``after``, as the page shows it."""

_SCAN = """() => {
  const strings = [];
  const walker = document.createTreeWalker(document.documentElement,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node !== null; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) strings.push(node.data);
    else for (const attribute of node.attributes) strings.push(attribute.value);
  }
  const area = document.querySelector('[data-testid="hand"]');
  const shown = area !== null && area.getClientRects().length > 0;
  const hand = shown ? [...area.querySelectorAll("[data-card]")] : [];
  const ply = document.documentElement.dataset.ply;
  return {ply: ply === undefined ? null : Number(ply), strings,
          hand: hand.map((card) => card.dataset.card)};
}"""
"""Every text and attribute of the page, its move count and the hand it shows, at one moment."""

_CONTROLS = """() => {
  const controls = document.querySelectorAll(
    '[data-testid="hand"] button, [data-testid="moves"] [data-move]');
  return [...controls].map((control) => {
    const box = control.getBoundingClientRect();
    return {name: control.dataset.card ?? control.dataset.move, left: box.left,
            right: box.right, visible: control.checkVisibility() && box.height > 0};
  });
}"""
"""The hand's buttons and the move buttons: where each is across the page, and if it shows."""

_WATCH_CLOCK = """() => {
  window.seenClock = [];
  const note = () => {
    const clock = document.querySelector('[data-testid="clock-0"]');
    const last = document.getElementById("last-move");
    const entry = {text: clock === null ? "" : clock.textContent,
                   stage: clock === null ? "" : (clock.dataset.stage ?? ""),
                   last: last === null ? "" : last.textContent};
    const previous = window.seenClock[window.seenClock.length - 1];
    if (previous === undefined || previous.text !== entry.text || previous.stage !== entry.stage
        || previous.last !== entry.last) window.seenClock.push(entry);
  };
  new MutationObserver(note).observe(document,
    {subtree: true, childList: true, characterData: true, attributes: true});
}"""
"""Keep every change of seat 0's clock and of the last move's line in ``window.seenClock``."""


# Driving the page


def create_table(
    page: Page,
    url: str,
    *,
    seats: Sequence[str] = BOTS,
    round_cap: int = 1,
    move_seconds: float | None = None,
    extension_seconds: float | None = None,
    solo: bool = False,
    three: bool = False,
) -> str:
    """Create a table through the lobby's form (bots without a pause); the table's id.

    ``solo`` ticks the form's Solo box: the default preset, four players each on her own;
    ``three`` its Three players box: the default preset's rules for three.
    The page takes the first open seat of the table it created: this waits until it sits.
    """
    page.goto(f"{url}/")
    form = page.get_by_test_id("create-form")
    expect(page.get_by_test_id("create-table")).to_be_enabled()
    form.locator('[name="round_cap"]').fill(str(round_cap))
    form.locator('[name="bot_pause"]').fill("0")
    if move_seconds is not None:
        form.locator('[name="move_seconds"]').fill(str(move_seconds))
    if extension_seconds is not None:
        form.locator('[name="extension_seconds"]').fill(str(extension_seconds))
    if solo:
        page.get_by_test_id("solo").check()
    if three:
        page.get_by_test_id("three").check()
    for seat, kind in enumerate(seats):
        form.locator(f'[name="seat{seat}"]').select_option(kind)
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"), timeout=WAIT_MS)
    expect(page.locator("html")).to_have_attribute("data-seat", str(seats.index("open")))
    return page.url.rsplit("/", 1)[1]


def ply(page: Page) -> int:
    """The number of moves the page has seen."""
    return int(page.locator("html").get_attribute("data-ply") or "")


def over(page: Page) -> bool:
    """Whether the page shows the game over."""
    return page.locator("html").get_attribute("data-status") == "over"


def wait_turn(page: Page, after: int = -1) -> bool:
    """Wait until the page's seat is to move after move ``after``; False once the game is over."""
    page.wait_for_function(_MY_TURN, arg=after, timeout=WAIT_MS)
    return not over(page)


def hand(page: Page) -> list[str]:
    """The cards of the page's hand, as it shows them."""
    cards = page.get_by_test_id("hand").locator("[data-card]")
    return [card.get_attribute("data-card") or "" for card in cards.all()]


def message(page: Page) -> str:
    """The text of the page's message area."""
    return page.get_by_test_id("message").text_content() or ""


def move(page: Page, how: str = "click") -> str:
    """Make a legal move (a bid, else a card) and wait for the table to take it; the move.

    ``how`` is ``"click"`` or ``"keyboard"`` (a card found with Tab and the arrows, played
    with Enter). A move the clock made first is fine: the page moves on all the same.
    """
    before, shown = ply(page), message(page)
    made: str
    if how == "keyboard":
        made = f"play {play_by_keyboard(page)}"
    else:
        made = page.evaluate(_CHOICE)  # "": the turn is gone already (the clock moved)
        if made.startswith("play "):
            target = page.get_by_test_id("hand").locator(f'[data-card="{made[5:]}"]')
        else:
            target = page.get_by_test_id("moves").locator(f'[data-move="{made}"]')
        try:
            if made:
                target.click(timeout=CLICK_MS)
        except PlaywrightTimeoutError:
            if ply(page) == before:  # not the clock's move meanwhile: a real failure
                raise
    page.wait_for_function(_MOVED, arg=[str(before), shown], timeout=WAIT_MS)
    if ply(page) == before and not over(page):
        pytest.fail(f"the page's move {made!r} was refused: {message(page)}")
    return made


def play_by_keyboard(page: Page) -> str:
    """Tab into the hand, walk it with the arrows to a legal card, press Enter; the card."""
    page.evaluate("() => document.activeElement?.blur()")
    in_hand = "() => document.activeElement?.closest('[data-testid=\"hand\"]') != null"
    for _ in range(60):
        if page.evaluate(in_hand):
            break
        page.keyboard.press("Tab")
    else:
        pytest.fail("Tab never reached the hand")
    page.keyboard.press("Home")
    for _ in range(18):
        if page.evaluate("() => document.activeElement.dataset.legal") == "true":
            break
        page.keyboard.press("ArrowRight")
    else:
        pytest.fail("the arrows never reached a legal card")
    card: str = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    return card


def play_to_end(page: Page) -> None:
    """Make the page's seat's moves by clicking until the game is over."""
    after = -1
    while wait_turn(page, after):
        after = ply(page)
        move(page)


def scores(page: Page) -> list[int]:
    """Every side's score as the page's score table shows it."""
    rows = page.locator("#scores tbody tr")
    return [int(row.locator("td").first.text_content() or "") for row in rows.all()]


def record_of(url: str, table: str) -> records.GameRecord:
    """The finished game's record, as the server gives it."""
    with urlopen(f"{url}/api/tables/{table}/record", timeout=30) as answer:
        return records.loads(answer.read().decode())


# What a reader may see


def collect_frames(page: Page) -> list[str]:
    """Every WebSocket frame the page will receive, as text, from now on."""
    frames: list[str] = []

    def follow(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode()
            ),
        )

    page.on("websocket", follow)
    return frames


def cards_named(text: str) -> set[str]:
    """The cards ``text`` names: as the library writes them, with symbols, or in words."""
    found = set(_CODE.findall(text))
    found |= {_RANKS.get(rank, rank) + _SUITS[suit] for rank, suit in _SHORT.findall(text)}
    found |= {_RANKS.get(rank, rank) + _SUITS[suit] for rank, suit in _NAME.findall(text)}
    return found & CARDS


def frame_cards(data: object) -> set[str]:
    """The cards a message's data names, outside its tokens, table ids and links."""
    found: set[str] = set()
    if isinstance(data, dict):
        for name, value in data.items():
            if name not in {"token", "creator_token", "table", "record"}:
                found |= frame_cards(value)
    elif isinstance(data, list):
        for value in data:
            found |= frame_cards(value)
    elif isinstance(data, str):
        found = cards_named(data)
    return found


def played(moves: Sequence[Any], count: int) -> set[str]:
    """The cards played in the first ``count`` moves."""
    return {str(made.card) for made in moves[:count] if isinstance(made, Play)}


def hand_at(states: Sequence[State], count: int, seat: int) -> set[str]:
    """The server's hand of ``seat`` after ``count`` moves."""
    return {str(card) for card in states[count].hands[seat]}


# The tests


def test_one_person_plays_a_whole_game_by_clicking(
    served: Serve, page: Page, tmp_path: Path
) -> None:
    """A person plays a short game against three bots, to its record.

    Once, a card she may not play is clicked: the page shows the library's reason and the
    table stays as it was. One card is played with the keyboard alone.
    """
    create_table(page, served().url)
    illegal: tuple[int, str, str] | None = None
    typed: tuple[int, str] | None = None
    after = -1
    while wait_turn(page, after):
        after = ply(page)
        cards = page.get_by_test_id("hand")
        playing = cards.locator('[data-legal="true"]').count() > 0
        refused = cards.locator('[data-legal="false"]')
        if playing and illegal is None and refused.count():
            card = refused.first.get_attribute("data-card") or ""
            refused.first.click()
            expect(page.get_by_test_id("message")).not_to_have_text("")
            expect(page.locator("html")).to_have_attribute("data-ply", str(after))
            assert card in hand(page)
            illegal = (after, card, message(page))
        if playing and typed is None:
            made = move(page, "keyboard")
            typed = (after, made)
            expect(cards.locator(f'[data-card="{made.split()[1]}"]')).to_have_count(0)
        else:
            move(page)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    expect(page.get_by_test_id("round-table")).to_be_visible()
    shown = scores(page)
    for score in shown:  # the round's points are the game's: one round
        expect(page.get_by_test_id("round-table")).to_contain_text(str(score))
        expect(page.get_by_test_id("game-over")).to_contain_text(str(score))
    with page.expect_download() as download:
        page.get_by_test_id("record-link").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    with path.open() as file:
        record = records.load(file)
    assert record.final_state.is_over
    assert list(record.final_state.scores) == shown
    assert len(record.moves) == ply(page)
    assert illegal is not None, "no turn had a card that may not be played"
    at, card, text = illegal
    with pytest.raises(IllegalMoveError) as refusal:
        check_move(list(record)[at], parse_move(f"play {card}"), seat=0)
    assert text == str(refusal.value)
    assert typed is not None
    assert str(record.moves[typed[0]]) == typed[1]


def test_a_reload_keeps_the_seat(served: Serve, page: Page) -> None:
    """After a reload the page holds its seat again, with the same hand."""
    create_table(page, served().url)
    assert wait_turn(page)
    assert move(page).startswith("bid ")
    before, cards = ply(page), hand(page)
    assert len(cards) == 13
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-seat", "0")
    expect(page.get_by_test_id("hand").locator("[data-card]")).to_have_count(13)
    assert hand(page) == cards
    assert ply(page) >= before
    play_to_end(page)
    expect(page.get_by_test_id("game-over")).to_be_visible()


def test_two_people_each_see_only_their_own_hand(
    served: Serve, page: Page, new_page: NewPage
) -> None:
    """Two pages at one table (seats 0 and 2): no card of another hand reaches either.

    Neither page's text and attributes nor any WebSocket frame it receives names a card
    its reader may not see: only her own hand and the cards played so far.
    """
    server = served()
    second = new_page()
    pages = {0: page, 2: second}
    frames = {seat: collect_frames(shown) for seat, shown in pages.items()}
    table = create_table(page, server.url, seats=("open", "heuristic", "open", "heuristic"))
    second.goto(f"{server.url}/tables/{table}")
    second.get_by_test_id("sit-2").click()
    expect(second.locator("html")).to_have_attribute("data-seat", "2")
    scans: dict[int, list[dict[str, Any]]] = {0: [], 2: []}
    after = -1
    while True:
        for seat, shown in pages.items():
            scans[seat].append(shown.evaluate(_SCAN))
        turn = page.wait_for_function(_PEOPLE_TO_MOVE, arg=[after, [0, 2]], timeout=WAIT_MS)
        whose = turn.json_value()
        if whose["over"]:
            break
        after = whose["ply"]
        mover = pages[whose["seat"]]
        assert wait_turn(mover, after - 1)
        move(mover)
    expect(second.get_by_test_id("game-over")).to_be_visible()
    for seat, shown in pages.items():
        scans[seat].append(shown.evaluate(_SCAN))
    record = record_of(server.url, table)
    states = list(record)
    for seat in pages:
        assert any(scan["hand"] for scan in scans[seat])
        for scan in scans[seat]:
            count = scan["ply"]
            own = hand_at(states, count, seat)
            assert sorted(scan["hand"]) == sorted(own), (seat, count)
            seen: set[str] = set()
            for text in scan["strings"]:
                seen |= cards_named(text.replace(table, ""))
            assert own <= seen  # the scan finds the cards the page shows
            assert seen <= own | played(record.moves, count), (seat, count)
        assert frames[seat]
        for frame in frames[seat]:
            data = json.loads(frame)
            allowed: set[str] = set()
            if data["type"] == "table":
                count = data["ply"]
                allowed = played(record.moves, count)
                if data["you"] is not None:
                    assert data["you"] == seat
                    own = hand_at(states, count, seat)
                    assert set(data["view"]["hand"]) == own
                    assert own <= frame_cards(data)  # the scan finds the cards sent
                    allowed |= own
            assert frame_cards(data) <= allowed, (seat, data["type"])


def test_a_timeout_plays_the_fallback_move(served: Serve, page: Page) -> None:
    """The clock counts down, gives the extension, then bids 1 for the seat.

    The server's clock options are the form's defaults: the table gets 3 s, then 2 s more.
    """
    server = served("--move-seconds", "3", "--extension-seconds", "2")
    page.add_init_script(f"({_WATCH_CLOCK})()")
    table = create_table(page, server.url)
    page.wait_for_function(
        "() => window.seenClock.some((seen) => /clock/i.test(seen.last))", timeout=WAIT_MS
    )
    seen: list[dict[str, str]] = page.evaluate("() => window.seenClock")
    stages = [entry["stage"] for entry in seen]
    assert "extension" in stages, seen
    extension = stages.index("extension")
    counting = [entry["text"] for entry in seen[:extension] if entry["stage"] == "move"]
    seconds = [clock_seconds(text) for text in counting]
    assert len(set(seconds)) >= 2, counting
    assert seconds == sorted(seconds, reverse=True), counting
    assert re.search("extension", seen[extension]["text"], re.IGNORECASE), seen[extension]
    assert 0 < clock_seconds(seen[extension]["text"]) <= 2, seen[extension]
    by_clock = next(i for i, entry in enumerate(seen) if re.search("clock", entry["last"], re.I))
    assert by_clock > extension
    assert re.search(r"\bbid 1\b", seen[by_clock]["last"]), seen[by_clock]
    play_to_end(page)
    record = record_of(server.url, table)
    first = next(i for i, state in enumerate(record) if state.to_move == 0)
    assert record.moves[first] == Bid(1)


def test_the_page_fits_a_phone(served: Serve, page: Page) -> None:
    """At 360 CSS pixels the hand and the moves are on screen and answer clicks."""
    page.set_viewport_size(PHONE)
    create_table(page, served().url)
    made: set[str] = set()
    after = -1
    while made != {"bid", "play"} and wait_turn(page, after):
        after = ply(page)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1
        controls: list[dict[str, Any]] = page.evaluate(_CONTROLS)
        assert controls
        for control in controls:
            assert control["visible"], control
            assert 0 <= control["left"] < control["right"] <= PHONE["width"] + 1, control
        made.add(move(page).split()[0])  # a click: Playwright checks that nothing covers it
    assert made == {"bid", "play"}


def test_the_table_screenshot(served: Serve, page: Page, tmp_path: Path) -> None:
    """The table at 1200x800 during play, a trick showing: the docs' screenshot.

    With SPADES_DOCS_SCREENSHOT set to a path the picture goes there (the docs' copy,
    docs/_static/server-table.png); else to tmp_path, which still checks that the page draws.
    """
    page.set_viewport_size(DESKTOP)
    create_table(page, served().url)
    after = -1
    while wait_turn(page, after):
        after = ply(page)
        playing = page.get_by_test_id("hand").locator('[data-legal="true"]').count()
        if playing and page.get_by_test_id("trick").locator("[data-card]").count():
            break
        move(page)
    else:
        pytest.fail("the game ended before a trick showed on the player's turn")
    path = Path(os.environ.get(SCREENSHOT_VARIABLE) or tmp_path / "server-table.png")
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=path)
    assert png_size(path.read_bytes()) == (DESKTOP["width"], DESKTOP["height"])


def clock_seconds(text: str) -> int:
    """The seconds a clock's text shows ("0:27 left", "extension: 1:05 left")."""
    shown = re.search(r"(\d+):(\d\d)", text)
    assert shown is not None, text
    return int(shown[1]) * 60 + int(shown[2])


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


_JOKER_FACES = """async () => {
  const cards = await import("/static/cards.js");
  const shown = {};
  for (const card of ["BJ", "LJ", "AS", "2D"]) {
    const face = cards.cardFace(card);
    document.body.append(face);
    const box = face.getBoundingClientRect();
    const rank = face.querySelector(".rank").getBoundingClientRect();
    shown[card] = { label: face.getAttribute("aria-label"), text: face.textContent,
      red: face.classList.contains("red"), fits: rank.width <= box.width,
      short: cards.cardShort(card), move: cards.moveText(`play ${card}`) };
  }
  return shown;
}"""


def test_the_page_shows_the_jokers(served: Serve, page: Page) -> None:
    """The page's cards module draws a joker as a card whose word fits it, says its name
    to a screen reader and writes it in moves, beside the other cards.

    Rule: rule-decks.
    """
    page.goto(f"{served().url}/")
    shown: dict[str, dict[str, Any]] = page.evaluate(_JOKER_FACES)
    assert shown["BJ"] == {
        "label": "big joker",
        "text": "Big★",
        "red": True,
        "fits": True,
        "short": "BJ★",
        "move": "play BJ★",
    }
    assert shown["LJ"]["label"] == "little joker"
    assert (shown["LJ"]["red"], shown["LJ"]["fits"], shown["LJ"]["move"]) == (
        False,
        True,
        "play LJ★",
    )
    assert shown["AS"]["label"] == "ace of spades"
    assert shown["2D"]["move"] == "play 2♦"


def solo_outcome(scores: Sequence[int], winner: int | None) -> str:
    """What the page says of a solo game's end at its round cap of one round, to seat 0."""
    if winner is None:
        best = max(scores)
        names = [name for name, score in zip(SOLO_NAMES, scores, strict=True) if score == best]
        return (
            f"A draw at the round cap: {', '.join(names[:-1])} and {names[-1]} share the "
            f"highest total, {best}."
        )
    words = (
        "You win",
        "The player on your left wins",
        "The player across wins",
        "The player on your right wins",
    )
    others = sorted((score for seat, score in enumerate(scores) if seat != winner), reverse=True)
    against = f"{others[0]}, {others[1]} and {others[2]}"
    return f"{words[winner]} {scores[winner]} to {against}, ahead after the round cap of 1 round."


SOLO_NAMES: Final = ("You", "Left", "Across", "Right")
"""The players of a solo table, to seat 0: nobody is her partner."""


def test_a_solo_table_shows_four_players_and_their_scores(served: Serve, page: Page) -> None:
    """A person ticks Solo and plays a round against three bots: four sides, one a player
    (You, Left, Across, Right), four scores and bags, the round table a column a player,
    the outcome in words from the highest total, and four scores in the lobby's row.

    Rule: rule-solo.
    """
    server = served()
    table = create_table(page, server.url, solo=True)
    expect(page.locator("#table-info")).to_contain_text("miniokey;solo:true")
    rows = page.locator("#scores tbody tr")
    expect(rows.locator("th")).to_have_text(list(SOLO_NAMES))
    expect(rows.locator("td")).to_have_text(["0", "0", "500"] * 4)
    for seat, name in enumerate(SOLO_NAMES):
        expect(page.get_by_test_id(f"seat-{seat}").locator(".seat-role")).to_contain_text(name)
    play_to_end(page)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    record = record_of(server.url, table)
    final = record.final_state
    assert record.rules.solo
    assert scores(page) == list(final.scores)
    expect(rows.locator("td:nth-child(3)")).to_have_text([str(bags) for bags in final.bags])
    rounds = page.locator("#rounds")
    expect(rounds.locator("thead th")).to_have_text(["", *SOLO_NAMES])
    total = rounds.locator("tbody tr", has=page.locator("th", has_text="Total"))
    expect(total.locator("td")).to_have_text([str(score) for score in final.scores])
    assert final.outcome is not None
    expect(page.locator("#outcome")).to_have_text(solo_outcome(final.scores, final.outcome.winner))
    page.get_by_role("link", name="← Lobby").click()
    row = page.get_by_test_id("table-row")
    expect(row).to_contain_text("miniokey solo to 500")
    expect(row).to_contain_text("score " + "\u2013".join(str(score) for score in final.scores))


THREE_NAMES: Final = ("You", "Left", "Right")
"""The players of a three-player table, to seat 0: the next seat clockwise on her left."""


def test_a_three_player_table_shows_three_players_and_their_scores(
    served: Serve, page: Page
) -> None:
    """A person ticks Three players and plays a round against two bots: three seats (You at
    the bottom, Left and Right), a hand of 17 cards, three scores and bags, the round table
    a column a player, the outcome in words from the highest total, and the lobby's row
    for three with three scores. Solo is no choice beside it.

    Rule: rule-three-players.
    """
    server = served()
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("create-table")).to_be_enabled()
    page.get_by_test_id("solo").check()
    page.get_by_test_id("three").check()
    expect(page.get_by_test_id("solo")).to_be_disabled()
    expect(page.get_by_test_id("solo")).not_to_be_checked()
    expect(page.locator('[name="seat3"]')).to_be_hidden()
    expect(page.locator("#seats-hint")).to_contain_text("Three seats, each playing for herself.")
    table = create_table(page, server.url, seats=("open", "heuristic", "random"), three=True)
    expect(page.locator("#table-info")).to_contain_text("miniokey;players:3")
    rows = page.locator("#scores tbody tr")
    expect(rows.locator("th")).to_have_text(list(THREE_NAMES))
    expect(rows.locator("td")).to_have_text(["0", "0", "500"] * 3)
    places = ("bottom", "left", "right")
    for seat, (name, place) in enumerate(zip(THREE_NAMES, places, strict=True)):
        panel = page.get_by_test_id(f"seat-{seat}")
        expect(panel.locator(".seat-role")).to_contain_text(name)
        expect(panel).to_have_class(re.compile(rf"\bpos-{place}\b"))
    expect(page.get_by_test_id("seat-3")).to_have_count(0)
    assert wait_turn(page)
    assert len(hand(page)) == 17
    play_to_end(page)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    record = record_of(server.url, table)
    final = record.final_state
    assert record.rules.players == 3
    assert scores(page) == list(final.scores)
    expect(rows.locator("td:nth-child(3)")).to_have_text([str(bags) for bags in final.bags])
    rounds = page.locator("#rounds")
    expect(rounds.locator("thead th")).to_have_text(["", *THREE_NAMES])
    total = rounds.locator("tbody tr", has=page.locator("th", has_text="Total"))
    expect(total.locator("td")).to_have_text([str(score) for score in final.scores])
    assert final.outcome is not None
    expect(page.locator("#outcome")).to_have_text(three_outcome(final.scores, final.outcome.winner))
    page.get_by_role("link", name="← Lobby").click()
    row = page.get_by_test_id("table-row")
    expect(row).to_contain_text("miniokey for three to 500")
    expect(row).to_contain_text("score " + "\u2013".join(str(score) for score in final.scores))


def three_outcome(scores: Sequence[int], winner: int | None) -> str:
    """What the page says of a three-player game's end at its round cap of one round, to
    seat 0."""
    if winner is None:
        best = max(scores)
        names = [name for name, score in zip(THREE_NAMES, scores, strict=True) if score == best]
        shared = f"{', '.join(names[:-1])} and {names[-1]}"
        return f"A draw at the round cap: {shared} share the highest total, {best}."
    words = ("You win", "The player on your left wins", "The player on your right wins")
    others = sorted((score for seat, score in enumerate(scores) if seat != winner), reverse=True)
    against = f"{others[0]} and {others[1]}"
    return f"{words[winner]} {scores[winner]} to {against}, ahead after the round cap of 1 round."
