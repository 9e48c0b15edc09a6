"""One reference implementation of the rules, for the tests: stdlib only, no ``spades``.

It is an independent reading of docs/rules.md, so that it can catch the engine's bugs, and
the tests' only one: the perft walk (``test_perft.py``), the conformance oracle
(``test_conformance_vectors.py``), and through ``helpers.py`` the property tests, the
stateful machine and the deal's tests all check the engine against it; no test module keeps
a copy of a rule of its own. It imports nothing of ``spades``. Cards are plain
numbers in the library's order (`card`, `name`; the jokers 52 and 53), moves their
canonical text, rulesets dictionaries with the fields of the record format (`PRESETS`).

- `cards`: card and move notation, and the move grammar; the decks (rule-decks) and the
  packs they deal (`pack_of`: three players are dealt 51 or 54 cards, rule-three-players):
  which cards each holds (`deck_cards`), its spades in rank order (`spade_cards`), the
  suit and rank each card plays as (`suit`, `rank`), which every rule here reads, and the
  cards of a hand (`hand_size`: 13, or 17 or 18);
- `rules`: the ruleset fields and the three presets, and the combinations the bidding
  modes, blind numbers, solo (rule-solo) and three players (rule-three-players) refuse;
- `seats`: seats, sides (two, three for three players, or four solo: each seat her own
  side, rule-solo), the direction of play, the deal and who wins a trick;
- `legality`: which moves are legal, in order, and why the others are not; when spades
  may be led; the blind bids open to a seat (blind nil, blind numbers); the least a seat
  may bid under a team minimum and the bids Suicide, Whiz
  and Mirror allow (which seat of a view's bids breaks a Suicide pair, the spades Whiz and
  Mirror bids show and where a view's bids break them); who passes how many cards
  after the bidding; when two players may declare double nil;
- `scoring`: a round's points and bags by side (zero contracts, blind numbers,
  10-for-200 and solo too), and the end of the game (the highest total alone wins);
- `shuffle`: the documented shuffle of later rounds and of the double nil exchange;
- `referee`: a whole game followed move by move, two players' draw and exchange included;
- `views`: what each player may see of a state, as view data;
- `data`: the data format's limits: the range of numbers, seeds as decimal strings, the
  problems of a text that a reader refuses at ``$``, and paths into the data.

The tests import it as ``import oracle`` or ``from oracle import ...``: pytest puts
``tests/`` on ``sys.path``, and mypy finds it beside the test modules.
"""

from __future__ import annotations

from oracle.cards import (
    BIG_JOKER,
    BLIND,
    BLIND_NIL,
    CARD_NAMES,
    DECKS,
    FOR_THREE,
    IN_ORDER,
    LIBRARY_DECK,
    LITTLE_JOKER,
    PACKS,
    RANKS,
    SPADES,
    SUITS,
    bid_value,
    card,
    cards,
    cards_of,
    check_canonical,
    deck_cards,
    hand_size,
    is_move,
    name,
    names,
    pack_of,
    rank,
    spade_cards,
    suit,
)
from oracle.data import (
    MAX_SAFE,
    PATH,
    READABLE_VERSIONS,
    VERSION,
    is_number,
    parse_strict,
    resolve,
    seed_of,
    seed_problem,
    seed_text,
    text_problem,
    walk,
)
from oracle.legality import (
    BIDDINGS,
    BY_SPADES,
    DOUBLE_NIL_CHANCE,
    KINDS_BY_PHASE,
    LEADS,
    Position,
    allowed_bids,
    blind_bids,
    blind_number_problem,
    blind_numbers,
    breaks_spades,
    card_passes,
    hand_at_bidding,
    legal_moves,
    lowest_bid,
    may_bid_blind,
    pass_size,
    play_problem,
    playable,
    playable_suits,
    position_from,
    problem,
    shown_count_problem,
    shown_spades,
    spade_count,
    spades_may_be_led,
    spades_shown_breaker,
    suicide_breaker,
    trails_enough,
    zero_allowed,
)
from oracle.referee import Referee
from oracle.rules import (
    CLASSIC,
    MINIOKEY,
    MINIOKEY_250,
    PRESETS,
    RULESET_FIELDS,
    RULESET_ORDER,
    SOURCES,
    TWO_HANDED,
    Rules,
    bidding_problem,
    blind_bid_problem,
    solo_problem,
    three_players_problem,
)
from oracle.scoring import SideScore, contract_worth, outcome, score, score_side, score_sides
from oracle.seats import (
    deal,
    first_seat,
    next_seat,
    partner,
    side_count,
    side_of,
    sides_of,
    step,
    trick_winner,
    winning_index,
)
from oracle.shuffle import digest_number, exchange_draw, round_deck, shuffled
from oracle.views import PUBLIC, VIEW_FIELDS, face_down, same_side, view_of

__all__ = [
    "BIDDINGS",
    "BIG_JOKER",
    "BLIND",
    "BLIND_NIL",
    "BY_SPADES",
    "CARD_NAMES",
    "CLASSIC",
    "DECKS",
    "DOUBLE_NIL_CHANCE",
    "FOR_THREE",
    "IN_ORDER",
    "KINDS_BY_PHASE",
    "LEADS",
    "LIBRARY_DECK",
    "LITTLE_JOKER",
    "MAX_SAFE",
    "MINIOKEY",
    "MINIOKEY_250",
    "PACKS",
    "PATH",
    "PRESETS",
    "PUBLIC",
    "RANKS",
    "READABLE_VERSIONS",
    "RULESET_FIELDS",
    "RULESET_ORDER",
    "SOURCES",
    "SPADES",
    "SUITS",
    "TWO_HANDED",
    "VERSION",
    "VIEW_FIELDS",
    "Position",
    "Referee",
    "Rules",
    "SideScore",
    "allowed_bids",
    "bid_value",
    "bidding_problem",
    "blind_bid_problem",
    "blind_bids",
    "blind_number_problem",
    "blind_numbers",
    "breaks_spades",
    "card",
    "card_passes",
    "cards",
    "cards_of",
    "check_canonical",
    "contract_worth",
    "deal",
    "deck_cards",
    "digest_number",
    "exchange_draw",
    "face_down",
    "first_seat",
    "hand_at_bidding",
    "hand_size",
    "is_move",
    "is_number",
    "legal_moves",
    "lowest_bid",
    "may_bid_blind",
    "name",
    "names",
    "next_seat",
    "outcome",
    "pack_of",
    "parse_strict",
    "partner",
    "pass_size",
    "play_problem",
    "playable",
    "playable_suits",
    "position_from",
    "problem",
    "rank",
    "resolve",
    "round_deck",
    "same_side",
    "score",
    "score_side",
    "score_sides",
    "seed_of",
    "seed_problem",
    "seed_text",
    "shown_count_problem",
    "shown_spades",
    "shuffled",
    "side_count",
    "side_of",
    "sides_of",
    "solo_problem",
    "spade_cards",
    "spade_count",
    "spades_may_be_led",
    "spades_shown_breaker",
    "step",
    "suicide_breaker",
    "suit",
    "text_problem",
    "three_players_problem",
    "trails_enough",
    "trick_winner",
    "view_of",
    "walk",
    "winning_index",
    "zero_allowed",
]
