"""A whole game followed move by move, every move checked with `problem` (rule-play).

Four players, and three (rule-three-players): the deck is dealt from the first bidder in
the direction of play; each player bids once, in turn; then each side with a blind nil, or
under ``nil_pass`` a nil, passes in bidding order from its passer to her partner and back
(rule-card-pass, `card_passes`; solo players and three players have no partner and never
pass, rule-solo); the first bidder leads; the winner of each trick leads the next. Two
players: the dealer draws first from the stock, keeping the top card (the next is
discarded) or rejecting it (and taking the next); a double nil may be declared at one
turn of her draw, before or right after her first draw choice by the ruleset's
``double_nil_timing``; after the draw each double nil bidder, the non-dealer first,
exchanges, then the others bid, the non-dealer first, and the non-dealer leads. After the
last trick (the thirteenth, or with three players the 17th or 18th: `hand_size`) the round
is scored with `score_sides` (two sides, three, or four solo), and the game ends with
`outcome` or the deal passes on; `next_round` deals the documented later deck.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from oracle.cards import (
    card,
    cards_of,
    check_canonical,
    deck_cards,
    hand_size,
    name,
    names,
    pack_of,
)
from oracle.data import VERSION, seed_text
from oracle.legality import Position, breaks_spades, card_passes, problem
from oracle.rules import RULESET_ORDER, Rules
from oracle.scoring import SideScore, outcome, score_sides
from oracle.seats import deal, first_seat, next_seat, partner, side_count, trick_winner
from oracle.shuffle import exchange_draw, round_deck


@dataclass
class Referee:
    """A game in progress: its totals, and the round being played."""

    rules: Rules
    seed: int
    dealer: int
    round_number: int = 0
    scores: list[int] = field(default_factory=list)
    """The totals by side (two sides, three for three players, or four solo: rule-solo);
    zeros when not given."""
    bags: list[int] = field(default_factory=list)
    """The bag counters by side; zeros when not given."""
    outcome: dict[str, Any] | None = None
    summaries: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[tuple[list[str], list[int], list[SideScore]]] = field(default_factory=list)
    phase: str = "dealing"
    to_move: int | None = None
    first: int = 0
    """Who bids first and leads the first trick (two players: the non-dealer)."""
    hands: list[list[int]] = field(default_factory=list)
    """Each player's cards, kept in the library's order."""
    bids: list[str | None] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    passes: list[tuple[int, list[int]]] = field(default_factory=list)
    agenda: list[tuple[str, int]] = field(default_factory=list)
    """The passes, or after the draw the exchanges and bids, still to come: (phase, seat)."""
    stock: list[int] = field(default_factory=list)
    """Two players: the cards still to draw, top first."""
    discards: list[int] = field(default_factory=list)
    draws: list[tuple[int, int, int]] = field(default_factory=list)
    """Two players: each draw choice, as (seat, kept, discarded)."""
    drew: list[int] = field(default_factory=list)
    """Two players: how many draw choices each seat has made this round."""
    exchanges: list[tuple[int, list[int], list[int]]] = field(default_factory=list)
    """Two players: each exchange, as (seat, given, drawn)."""
    trick: list[int] = field(default_factory=list)
    trick_leader: int | None = None
    spades_broken: bool = False
    tricks: list[tuple[int, list[int], int]] = field(default_factory=list)
    """The completed tricks of the round, as (leader, cards, winner)."""
    taken: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        sides = side_count(self.rules)
        self.scores = self.scores or [0] * sides
        self.bags = self.bags or [0] * sides

    @property
    def players(self) -> int:
        players: int = self.rules["players"]
        return players

    def copy(self) -> Referee:
        """An independent copy, to walk a tree of moves (the totals' history is shared)."""
        return replace(
            self,
            scores=list(self.scores),
            bags=list(self.bags),
            summaries=list(self.summaries),
            rounds=list(self.rounds),
            hands=[list(hand) for hand in self.hands],
            bids=list(self.bids),
            looked=list(self.looked),
            passes=list(self.passes),
            agenda=list(self.agenda),
            stock=list(self.stock),
            discards=list(self.discards),
            draws=list(self.draws),
            drew=list(self.drew),
            exchanges=list(self.exchanges),
            trick=list(self.trick),
            tricks=list(self.tricks),
            taken=list(self.taken),
        )

    def start_round(self, deck: list[int]) -> None:
        """Deal the next round: three or four players one card at a time from the first
        bidder in the direction of play; two players take ``deck`` as the stock, top first.
        ``deck`` holds the cards of the ruleset's pack, each once (rule-decks,
        rule-three-players)."""
        assert self.outcome is None, "a round dealt after the end of the game"
        assert sorted(deck) == deck_cards(pack_of(self.rules)), "not the ruleset's pack's cards"
        if self.round_number:
            self.dealer = next_seat(self.rules, self.dealer)
        self.round_number += 1
        players = self.players
        self.first = first_seat(self.rules, self.dealer)
        self.bids = [None] * players
        self.looked = [False] * players
        self.passes, self.agenda, self.draws, self.exchanges = [], [], [], []
        self.drew, self.taken = [0] * players, [0] * players
        self.discards, self.trick, self.tricks = [], [], []
        self.trick_leader, self.spades_broken = None, False
        if players == 2:
            self.hands = [[], []]
            self.stock = list(deck)
            self.phase, self.to_move = "drawing", self.dealer
        else:
            self.hands = deal(self.rules, self.dealer, deck)
            self.stock = []
            self.phase, self.to_move = "bidding", self.first

    def next_round(self) -> None:
        """After a round that did not end the game: deal the next from the seed's shuffle."""
        assert self.phase == "dealing", self.phase
        self.start_round(round_deck(self.seed, self.round_number + 1, rules=self.rules))

    def position(self) -> Position:
        return Position(
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            hands=self.hands,
            trick=self.trick,
            spades_broken=self.spades_broken,
            bids=self.bids,
            looked=self.looked,
            scores=self.scores,
            drew=self.drew,
            tricks_played=len(self.tricks),
            first=self.first,
            passes_made=len(self.passes),
        )

    def apply(self, move: str) -> None:
        assert self.phase != "dealing", f"{move!r} after the end of the round"
        check_canonical(move)
        why = problem(self.position(), move)
        seat = self.to_move
        assert why is None, f"{move!r} by seat {seat} is illegal: {why}"
        assert seat is not None
        words = move.split(" ")
        kind = words[0]
        if kind == "play":
            self.play(seat, card(words[1]))
        elif kind == "look":
            self.looked[seat] = True
        elif kind == "bid":
            self.bid(seat, move)
        elif kind == "pass":
            self.pass_cards(seat, cards_of(words[1:]))
        elif kind == "exchange":
            self.exchange(seat, cards_of(words[1:]))
        else:
            self.draw(seat, keep=kind == "keep")

    def bid(self, seat: int, move: str) -> None:
        self.bids[seat] = move
        if self.phase == "drawing":
            return  # a double nil declaration: she still makes her draw choice
        if self.players == 2:
            self.next_on_agenda()
            return
        following = next_seat(self.rules, seat)
        if following != self.first:
            self.to_move = following
            return
        # Each side with a nil or blind nil whose count is not 0, in bidding order: its
        # passer passes to her partner, and the partner passes back.
        self.agenda = [
            ("passing", passer) for passer, _ in card_passes(self.rules, self.bids, self.first)
        ]
        self.next_on_agenda(start=True)

    def next_on_agenda(self, *, start: bool = False) -> None:
        """Drop the pass, exchange or bid just made (unless ``start``); then the next one,
        or when there is none the first bidder leads."""
        if not start:
            self.agenda.pop(0)
        if self.agenda:
            self.phase, self.to_move = self.agenda[0]
        else:
            self.phase = "playing"
            self.to_move = self.trick_leader = self.first

    def pass_cards(self, seat: int, given: list[int]) -> None:
        receiver = partner(seat)
        self.hands[seat] = [held for held in self.hands[seat] if held not in given]
        self.hands[receiver] = sorted(self.hands[receiver] + given)
        self.passes.append((seat, given))
        self.next_on_agenda()

    def draw(self, seat: int, *, keep: bool) -> None:
        top, under = self.stock[:2]
        kept, discarded = (top, under) if keep else (under, top)
        insort(self.hands[seat], kept)
        self.discards.append(discarded)
        self.draws.append((seat, kept, discarded))
        self.drew[seat] += 1
        del self.stock[:2]
        if self.stock:
            self.to_move = 1 - seat
            return
        # The draw is over. In bidding order, the non-dealer first: the double nil
        # bidders exchange (when the rules have an exchange), then the others bid.
        order = (self.first, self.dealer)
        if self.rules["blind_nil_exchange"]:
            self.agenda = [("exchanging", s) for s in order if self.bids[s] is not None]
        self.agenda += [("bidding", s) for s in order if self.bids[s] is None]
        self.next_on_agenda(start=True)

    def exchange(self, seat: int, given: list[int]) -> None:
        drawn = exchange_draw(self.seed, self.round_number, seat, self.discards)[: len(given)]
        kept = [held for held in self.hands[seat] if held not in given]
        self.hands[seat] = sorted(kept + drawn)
        self.discards = [pile for pile in self.discards if pile not in drawn] + given
        self.exchanges.append((seat, given, drawn))
        self.next_on_agenda()

    def play(self, seat: int, played: int) -> None:
        self.hands[seat].remove(played)
        self.trick.append(played)
        self.spades_broken = self.spades_broken or breaks_spades([played], pack_of(self.rules))
        if len(self.trick) < self.players:
            self.to_move = next_seat(self.rules, seat)
            return
        leader = self.trick_leader
        assert leader is not None
        winner = trick_winner(self.rules, leader, self.trick)
        self.tricks.append((leader, self.trick, winner))
        self.taken[winner] += 1
        self.trick = []
        self.to_move = self.trick_leader = winner
        if len(self.tricks) == hand_size(self.rules):
            self.end_round()

    def end_round(self) -> None:
        assert not any(self.hands), "hands left after the last trick"
        bids = [bid for bid in self.bids if bid is not None]
        assert len(bids) == self.players
        sides = score_sides(self.rules, bids, self.taken, self.bags)
        points = [side.points for side in sides]
        self.bags = [side.bags for side in sides]
        self.scores = [total + won for total, won in zip(self.scores, points, strict=True)]
        self.rounds.append((bids, list(self.taken), sides))
        self.summaries.append(
            {
                "tricks": list(self.taken),
                "points": points,
                "bags": list(self.bags),
                "scores": list(self.scores),
            }
        )
        self.outcome = outcome(self.rules, self.scores, self.round_number)
        self.phase, self.to_move, self.trick_leader = "dealing", None, None
        if self.outcome is not None:
            self.phase = "game_over"

    def state_data(self) -> dict[str, Any]:
        """The state as state data (porting-states): every field, in the documented order,
        with the format's version and the seed as a decimal string."""
        in_round = self.phase not in ("dealing", "game_over")
        return {
            "type": "state",
            "version": VERSION,
            "rules": {key: self.rules[key] for key in RULESET_ORDER},
            "seed": seed_text(self.seed),
            "dealer": self.dealer,
            "round_number": self.round_number,
            "phase": self.phase,
            "to_move": self.to_move,
            "hands": [names(hand) for hand in self.hands],
            "bids": list(self.bids),
            "looked": list(self.looked),
            "passes": [{"seat": seat, "cards": names(given)} for seat, given in self.passes],
            "stock": names(self.stock),
            "discards": names(self.discards),
            "draws": [
                {"seat": seat, "kept": name(kept), "discarded": name(discarded)}
                for seat, kept, discarded in self.draws
            ],
            "exchanges": [
                {"seat": seat, "given": names(given), "drawn": names(drawn)}
                for seat, given, drawn in self.exchanges
            ],
            "trick": names(self.trick),
            "trick_leader": self.trick_leader if in_round else None,
            "spades_broken": self.spades_broken,
            "tricks": [
                {"leader": leader, "cards": names(cards), "winner": winner}
                for leader, cards, winner in self.tricks
            ],
            "scores": list(self.scores),
            "bags": list(self.bags),
            "rounds": [
                {"bids": bids, "tricks": tricks, "sides": [asdict(side) for side in sides]}
                for bids, tricks, sides in self.rounds
            ],
            "outcome": self.outcome,
        }
