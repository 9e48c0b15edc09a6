// Scoring a round (rule-scoring and its subsections, rule-two-scoring; the fields of
// porting-round-scores). A side is two partners in partnerships, one player with two or
// three players (porting-three-players) and under solo (porting-solo).

import { parseMove } from './moves.js';
import { handSize, partnerships, seatsOf, sidesOf } from './rules.js';

/**
 * What a side's contract wins when made and loses when set (rule-contract-points): ten a
 * trick bid, or under ten_for_two_hundred 200 for a contract of 10 or more, however far
 * above 10 (porting-ten-for-two-hundred); and, on top of either, ten more for each of the
 * `blind` tricks bid as blind numbers (porting-blind-bids).
 */
export function contractWorth(rules, contract, blind = 0) {
  return (rules.ten_for_two_hundred && contract >= 10 ? 200 : 10 * contract) + 10 * blind;
}

/**
 * Scores one side's round. `bids` are move objects by seat, `tricks` numbers by seat,
 * `bagsBefore` the side's bag counter before the round. Returns the ten fields of a
 * side in porting-round-scores.
 */
function scoreSide(rules, side, bids, tricks, bagsBefore) {
  // A nil bidder alone on her side (two or three players, solo) has no partner's contract to
  // count her tricks toward: they are always bags (reading-two-nil-bags, porting-solo).
  const nilTricksCount = partnerships(rules) && rules.nil_tricks === 'count';
  let contract = 0;
  let blind = 0; // the tricks bid as blind numbers, which count twice (porting-blind-bids)
  let counted = 0;
  let nilPoints = 0;
  let nilBags = 0;
  for (const seat of seatsOf(rules, side)) {
    const bid = bids[seat];
    const taken = tricks[seat];
    if (bid.n > 0 || rules.zero_contract) {
      // rule-contract: the contract is the sum of the non-nil bids, and their
      // bidders' tricks count toward it; a bid of zero under zero_contract is such a
      // bid, of no tricks (porting-zero-contract).
      contract += bid.n;
      if (bid.blind) blind += bid.n;
      counted += taken;
      continue;
    }
    // rule-nil-scoring: each nil (blind nil, double nil) on its own, won with no
    // trick and lost with one or more.
    const value = bid.blind ? rules.blind_nil_value : rules.nil_value;
    nilPoints += taken === 0 ? value : -value;
    // rule-nil-tricks: COUNT, toward the contract; BAGS, a bag and a point each.
    if (nilTricksCount) counted += taken;
    else nilBags += taken;
  }
  // rule-contract-points, rule-bags: a zero contract is always made; overtricks and
  // their bags only on a made contract (reading-overtricks).
  const made = counted >= contract;
  const worth = contractWorth(rules, contract, blind);
  const contractPoints = made ? worth : -worth;
  const overtricks = made ? counted - contract : 0;
  // rule-bag-limit: add the round's bags, then at the limit RESET pays the penalty
  // once and starts from zero, CARRY pays it per full limit and keeps the rest
  // (reading-bag-overflow).
  let bags = bagsBefore + overtricks + nilBags;
  let bagPenalty = 0;
  if (bags >= rules.bag_limit) {
    if (rules.bag_overflow === 'reset') {
      bagPenalty = -rules.bag_penalty;
      bags = 0;
    } else {
      const limits = Math.floor(bags / rules.bag_limit);
      bagPenalty = -limits * rules.bag_penalty;
      bags -= limits * rules.bag_limit;
    }
  }
  return {
    contract,
    tricks: counted,
    made,
    contract_points: contractPoints,
    overtricks,
    nil_points: nilPoints,
    nil_bags: nilBags,
    bag_penalty: bagPenalty,
    points: contractPoints + overtricks + nilPoints + nilBags + bagPenalty,
    bags,
  };
}

/**
 * Scores a round like score_round: `rules` a checked ruleset, `bids` move texts by
 * seat, `tricks` by seat, `bags` each side's counter before the round (by side: two, or
 * four under solo; zeros when left out). Returns {points, bags, sides}, points and bags
 * by side.
 */
export function scoreRound(rules, bidTexts, tricks, bags = Array(sidesOf(rules)).fill(0)) {
  const players = rules.players;
  if (!Array.isArray(bidTexts) || bidTexts.length !== players) {
    throw new Error(`bids: expected ${players} move texts`);
  }
  // porting-three-players: a round has as many tricks as a hand has cards, 13 or 17 or 18
  const size = handSize(rules);
  const bids = bidTexts.map((text) => {
    const move = parseMove(text);
    if (move.type !== 'bid' || move.n < 0 || move.n > size) throw new Error(`bids: not a bid of a round: ${text}`);
    return move;
  });
  if (!Array.isArray(tricks) || tricks.length !== players
      || !tricks.every((t) => Number.isInteger(t) && t >= 0 && t <= size)
      || tricks.reduce((a, b) => a + b, 0) !== size) {
    throw new Error(`tricks: expected ${players} counts from 0 to ${size} adding up to ${size}`);
  }
  const count = sidesOf(rules);
  if (!Array.isArray(bags) || bags.length !== count || !bags.every((b) => Number.isSafeInteger(b) && b >= 0)) {
    throw new Error(`bags: expected ${count} bag counters, 0 or more, by side`);
  }
  const sides = bags.map((before, side) => scoreSide(rules, side, bids, tricks, before));
  return { points: sides.map((s) => s.points), bags: sides.map((s) => s.bags), sides };
}
