"""Play one whole game of Spades between simple bots and print it round by round.

    python examples/play_game.py [--rules classic|miniokey|two-handed|trickster-jjdd|...]
        [--seed N] [--deck standard|joker_joker_ace|joker_joker_deuce_deuce]

The bots are deliberately plain: each bids its aces, its kings (and jokers) and its
spades beyond the third, as the deck makes them spades, never bids blind or double nil,
draws and plays at random. Everything goes through the public API: `new_game`,
`legal_moves`, `apply`; the game is the same for the same seed. Random play may never reach
a target, so rules without a round cap end after `ROUND_CAP` rounds, as a round cap ends
a game.
"""

from __future__ import annotations

import argparse
import random

import attrs

import spades
from spades import Bid, Deck, Phase, Play, Rank, State

BLIND_NIL = Bid(0, blind=True)
ROUND_CAP = 100


def plain_bid(hand: tuple[spades.Card, ...], players: int, deck: Deck) -> Bid:
    """Aces, kings and jokers, and spades beyond the third: at least 1; three more with two
    players, who share the thirteen tricks between them. The deck says which cards are
    spades (the jokers, and Joker-Joker-Deuce-Deuce's 2D)."""
    high = sum(card.rank >= Rank.KING for card in hand)
    long_spades = max(0, sum(card.bit & deck.spades != 0 for card in hand) - 3)
    extra = 3 if players == 2 else 0
    return Bid(max(1, min(13, high + long_spades + extra)))


def describe_round(state: State, before: State) -> str:
    """Bids, tricks and points of the round that just ended, for both sides."""
    score = state.rounds[-1]
    lines = [f"Round {len(state.rounds)} (dealer: seat {before.dealer})"]
    for side in (0, 1):
        seats = (side, side + 2) if state.rules.players == 4 else (side,)
        bids = " + ".join(str(score.bids[seat]).removeprefix("bid ") for seat in seats)
        tricks = sum(score.tricks[seat] for seat in seats)
        detail = score.sides[side]
        who = " and ".join(map(str, seats))
        lines.append(
            f"  side {side} (seat{'s' if len(seats) > 1 else ''} {who}): bids {bids}, "
            f"tricks {tricks}, points {detail.points:+d}, bags {detail.bags}, "
            f"total {state.scores[side]}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", help="a preset name (default: classic)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default: 1)")
    parser.add_argument(
        "--deck",
        choices=[deck.value for deck in Deck],
        help="play the preset with this deck (default: the preset's)",
    )
    args = parser.parse_args(argv)

    rules = spades.find_ruleset(args.rules)
    if args.deck is not None:
        rules = attrs.evolve(rules, deck=Deck(args.deck))
    if rules.round_cap is None:
        rules = attrs.evolve(rules, round_cap=ROUND_CAP)
    rng = random.Random(args.seed)
    state = spades.new_game(rules, seed=args.seed)
    start = state
    print(f"Spades, rules {args.rules!r}, seed {args.seed}, to {rules.target} points")
    while not state.is_over:
        if state.phase is Phase.BIDDING and state.to_move is not None:
            move: spades.Move = plain_bid(state.hand(state.to_move), rules.players, rules.deck)
            if not spades.is_legal(state, move):
                move = rng.choice(spades.legal_moves(state))
        else:
            legal = spades.legal_moves(state)
            move = rng.choice([move for move in legal if move != BLIND_NIL] or legal)
        after = spades.apply(state, move)
        if isinstance(move, Play) and len(after.rounds) > len(state.rounds):
            print(describe_round(after, start))
            start = after
        state = after
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        print(f"The game is drawn {state.scores[0]} to {state.scores[1]}.")
    else:
        print(
            f"Side {outcome.winner} wins {max(state.scores)} to {min(state.scores)} "
            f"after {len(state.rounds)} rounds ({outcome.termination.value})."
        )


if __name__ == "__main__":
    main()
