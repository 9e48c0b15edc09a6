// Scoring against the worked examples of the rules page (rule-scoring-examples,
// rule-two-scoring) and the porting guide (porting-round-scores,
// porting-zero-contract, porting-ten-for-two-hundred).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contractWorth, scoreRound } from '../src/scoring.js';
import { readRuleset } from '../src/rules.js';

// The presets of ref-rulesets, as data.
const CLASSIC = {
  players: 4, deck: 'standard', solo: false, direction: 'clockwise', nil: true, zero_contract: false, nil_value: 100,
  nil_tricks: 'count', blind_nil: false, blind_nil_value: 200, blind_nil_deficit: 100,
  nil_pass: 0, blind_nil_pass: 2, blind_nil_exchange: 0, double_nil_timing: 'before_first_choice',
  team_minimum: 0, bidding: 'open', blind_bid_minimum: 0, blind_bid_deficit: 100, spades_lead: 'broken', bag_limit: 10, bag_penalty: 100,
  bag_overflow: 'reset', ten_for_two_hundred: false, target: 500, losing_floor: null, round_cap: null,
};
const MINIOKEY = {
  ...CLASSIC, direction: 'counterclockwise', nil_tricks: 'bags', bag_overflow: 'carry',
  losing_floor: -200, round_cap: 25,
};
const TWO_HANDED = {
  ...CLASSIC, players: 2, nil_tricks: 'bags', blind_nil: true, blind_nil_deficit: null,
  blind_nil_pass: 0, blind_nil_exchange: 3, bag_overflow: 'carry',
};
const SOLO = { ...CLASSIC, solo: true, blind_nil_pass: 0 };
const bids = (...values) => values.map((v) => (typeof v === 'number' ? (v ? `bid ${v}` : 'bid nil') : v));

test('porting-round-scores: a side with a made 4 and a nil scores 141', () => {
  const score = scoreRound(CLASSIC, bids(4, 3, 0, 4), [5, 4, 0, 4]);
  assert.deepEqual(score.sides[0], {
    contract: 4, tricks: 5, made: true, contract_points: 40, overtricks: 1, nil_points: 100,
    nil_bags: 0, bag_penalty: 0, points: 141, bags: 1,
  });
});

test('rule-scoring-examples: made and missed contracts', () => {
  assert.deepEqual(scoreRound(MINIOKEY, bids(4, 2, 3, 3), [5, 2, 4, 2]).points, [72, -50]);
  assert.deepEqual(scoreRound(MINIOKEY, bids(4, 2, 3, 3), [5, 2, 4, 2]).bags, [2, 0]);
  assert.deepEqual(scoreRound(CLASSIC, bids(4, 3, 3, 2), [5, 3, 3, 2]).points, [71, 50]);
  assert.deepEqual(scoreRound(CLASSIC, bids(3, 2, 2, 3), [4, 2, 4, 3]).points, [53, 50]);
  assert.deepEqual(scoreRound(CLASSIC, bids(5, 2, 5, 2), [5, 1, 5, 2]).points, [100, -40]);
});

test('rule-scoring-examples: the bag limit, carried and reset', () => {
  const b = bids(2, 3, 2, 3);
  const t = [4, 2, 5, 2];
  const carried = scoreRound(MINIOKEY, b, t, [6, 0]);
  assert.deepEqual([carried.points, carried.bags], [[-55, -60], [1, 0]]);
  assert.deepEqual(scoreRound(CLASSIC, b, t, [6, 0]).bags, [0, 0]);
  // 9 + 13 = 22 bags: two penalties under CARRY, one under RESET.
  const score = scoreRound(MINIOKEY, bids(0, 4, 0, 4), [13, 0, 0, 0], [9, 0]);
  assert.deepEqual([score.points, score.bags], [[-187, -80], [2, 0]]);
  assert.deepEqual([score.sides[0].nil_points, score.sides[0].nil_bags, score.sides[0].bag_penalty], [0, 13, -200]);
  assert.deepEqual(scoreRound({ ...CLASSIC, nil_tricks: 'bags' }, bids(0, 4, 0, 4), [13, 0, 0, 0], [9, 0]).bags, [0, 0]);
});

test('rule-scoring-examples: the two nil modes, and blind nil', () => {
  assert.equal(scoreRound(CLASSIC, bids(0, 4, 4, 4), [1, 5, 3, 4]).points[0], -60);
  const bagged = scoreRound(MINIOKEY, bids(0, 4, 4, 4), [1, 5, 3, 4]);
  assert.deepEqual([bagged.points[0], bagged.bags[0]], [-139, 1]);
  const rules = { ...CLASSIC, blind_nil: true };
  assert.deepEqual(scoreRound(rules, bids('bid blind nil', 4, 5, 4), [0, 4, 5, 4]).points, [250, 80]);
});

test('rule-two-scoring: source C examples', () => {
  assert.deepEqual(scoreRound(TWO_HANDED, bids(7, 5), [8, 5]).points, [71, 50]);
  assert.deepEqual(scoreRound(TWO_HANDED, bids(9, 4), [8, 5]).points, [-90, 41]);
  // 3 + 3 + 5 = 11 bags over three rounds: the third costs 100 and 1 bag carries.
  let bags = [0, 0];
  const seen = [];
  for (const [b, t] of [[[4, 6], [7, 6]], [[3, 7], [6, 7]], [[4, 4], [9, 4]]]) {
    const score = scoreRound(TWO_HANDED, bids(...b), t, bags);
    bags = score.bags;
    seen.push([score.points[0], bags[0], score.sides[0].bag_penalty]);
  }
  assert.deepEqual(seen, [[43, 3, 0], [33, 6, 0], [-55, 1, -100]]);
  const nil = scoreRound(TWO_HANDED, bids(0, 5), [2, 11]);
  assert.deepEqual([nil.points, nil.bags, nil.sides[0].nil_bags], [[-98, 56], [2, 6], 2]);
  assert.deepEqual(scoreRound(TWO_HANDED, bids('bid blind nil', 5), [0, 13]).points, [200, 58]);
  assert.deepEqual(scoreRound(TWO_HANDED, bids('bid blind nil', 5), [1, 12]).points, [-199, 57]);
});

const ZERO = { ...CLASSIC, nil: false, zero_contract: true };
const TEN = { ...CLASSIC, ten_for_two_hundred: true };

test('porting-zero-contract: a bid of zero is a contract, its tricks counted, no bonus nor penalty', () => {
  const score = scoreRound(ZERO, bids(0, 3, 4, 3), [2, 3, 3, 5]);
  assert.deepEqual([score.points, score.bags], [[41, 62], [1, 2]]);
  assert.deepEqual([score.sides[0].contract, score.sides[0].tricks, score.sides[0].nil_points], [4, 5, 0]);
  // The same round with nil: -100 for the nil, and 3 of 4 contract tricks.
  assert.deepEqual(scoreRound(CLASSIC, bids(0, 3, 4, 3), [2, 3, 3, 5]).points, [-59, 62]);
  // A side of two zero contracts: made, each trick a bag; none taken: nothing.
  assert.deepEqual(scoreRound(ZERO, bids(0, 5, 0, 6), [1, 5, 0, 7]).points, [1, 111]);
  assert.deepEqual(scoreRound(ZERO, bids(0, 6, 0, 6), [0, 6, 0, 7]).points, [0, 121]);
  // Even under nil_tricks "bags" its tricks count toward the contract: there is no nil.
  const bagged = scoreRound({ ...ZERO, nil_tricks: 'bags' }, bids(0, 2, 2, 2), [4, 3, 2, 4]);
  assert.deepEqual([bagged.points, bagged.sides[0].nil_bags], [[24, 43], 0]);
  const two = { ...CLASSIC, players: 2, nil: false, zero_contract: true, nil_tricks: 'bags' };
  assert.deepEqual(scoreRound(two, bids(0, 5), [3, 10]).points, [3, 55]);
});

test('porting-ten-for-two-hundred: 200 for a contract of 10 or more, won or lost', () => {
  assert.deepEqual([contractWorth(TEN, 9), contractWorth(TEN, 10), contractWorth(TEN, 13)], [90, 200, 200]);
  assert.equal(contractWorth(CLASSIC, 13), 130);
  const made = scoreRound(TEN, bids(6, 1, 4, 2), [6, 2, 5, 0]);
  assert.deepEqual([made.points, made.bags, made.sides[0].contract_points], [[201, -30], [1, 0], 200]);
  assert.deepEqual(scoreRound(TEN, bids(6, 1, 4, 2), [5, 3, 4, 1]).points, [-200, 31]);
  assert.deepEqual(scoreRound(TEN, bids(5, 2, 4, 2), [5, 2, 5, 1]).points, [91, -40]);
  assert.deepEqual(scoreRound(TEN, bids(13, 0, 0, 0), [13, 0, 0, 0]).points, [300, 200]);
  // A nil on the side counts zero toward the 10; bags still cost their penalty.
  assert.deepEqual(scoreRound(TEN, bids(0, 1, 10, 1), [0, 1, 11, 1], [9, 0]).points, [201, 20]);
  const two = { ...CLASSIC, players: 2, nil_tricks: 'bags', ten_for_two_hundred: true };
  assert.deepEqual(scoreRound(two, bids(10, 2), [11, 2]).points, [201, 20]);
  assert.deepEqual(scoreRound(two, bids(11, 2), [10, 3]).points, [-200, 21]);
});

test('porting-blind-bids: a blind number counts twice, made or set; overtricks are bags', () => {
  const rules = { ...CLASSIC, blind_bid_minimum: 6, blind_bid_deficit: null };
  const blind = ['bid 3', 'bid blind 7', 'bid 4', 'bid 2'];
  const made = scoreRound(rules, blind, [2, 6, 1, 4]);
  assert.equal(made.sides[1].contract_points, 160);
  assert.deepEqual(made.points, [-70, 161]);
  assert.equal(scoreRound(rules, blind, [4, 5, 1, 3]).sides[1].contract_points, -160);
  assert.equal(contractWorth(rules, 9, 7), 160);
  assert.equal(contractWorth(rules, 9), 90);
});

test('porting-blind-bids: under 10-for-200 each trick bid blind adds ten to the 200 or ten a trick', () => {
  const rules = { ...CLASSIC, blind_bid_minimum: 6, blind_bid_deficit: null, ten_for_two_hundred: true };
  assert.equal(readRuleset(rules), rules);
  assert.throws(() => readRuleset({ ...rules, bidding: 'whiz', nil: true }), /four players and open bidding/);
  assert.deepEqual([contractWorth(rules, 11, 7), contractWorth(rules, 10, 6), contractWorth(rules, 9, 6)], [270, 260, 150]);
  const blind = ['bid blind 7', 'bid 3', 'bid 4', 'bid 2'];
  const made = scoreRound(rules, blind, [7, 1, 5, 0]);
  assert.deepEqual([made.points, made.bags, made.sides[0].contract_points], [[271, -50], [1, 0], 270]);
  assert.deepEqual(scoreRound(rules, blind, [6, 3, 4, 0]).points, [-270, -50]);
});

test('rule-decks: a ruleset reads each deck, and no other', () => {
  for (const deck of ['standard', 'joker_joker_ace', 'joker_joker_deuce_deuce']) {
    assert.equal(readRuleset({ ...CLASSIC, deck }).deck, deck);
  }
  assert.throws(() => readRuleset({ ...CLASSIC, deck: 'jokers' }), /deck: expected one of standard/);
});

test('rule-solo: solo is a boolean of every ruleset; true needs four players and no partner', () => {
  assert.equal(readRuleset({ ...CLASSIC }).solo, false);
  assert.throws(() => readRuleset({ ...CLASSIC, solo: 'no' }), /solo: expected true or false/);
  const { solo, ...without } = CLASSIC;
  assert.equal(solo, false);
  assert.throws(() => readRuleset(without), /missing field 'solo'/);
  assert.equal(readRuleset(SOLO).solo, true);
  // blind_nil_pass means nothing without blind nil
  assert.equal(readRuleset({ ...SOLO, blind_nil_pass: 2 }).blind_nil_pass, 2);
  assert.throws(() => readRuleset({ ...TWO_HANDED, solo: true }), /rules\.solo: solo is four players/);
  for (const key of ['team_minimum', 'nil_pass']) {
    assert.throws(() => readRuleset({ ...SOLO, [key]: 1 }), new RegExp(`rules\\.${key}: solo players have no partner`));
  }
  assert.throws(() => readRuleset({ ...SOLO, blind_nil: true, blind_nil_pass: 2 }), /rules\.blind_nil_pass: solo/);
  assert.throws(() => readRuleset({ ...SOLO, bidding: 'suicide' }), /rules\.bidding: Suicide needs partnerships/);
  assert.equal(readRuleset({ ...SOLO, bidding: 'whiz' }).bidding, 'whiz');
});

test('rule-solo: four sides, each player scored alone; her nil tricks are bags whatever nil_tricks says', () => {
  // the rules page's example: seat 1's nil takes a trick, which is her bag
  const score = scoreRound(SOLO, bids(3, 0, 4, 5), [4, 1, 4, 4]);
  assert.deepEqual([score.points, score.bags], [[31, -99, 40, -50], [1, 1, 0, 0]]);
  assert.deepEqual(score.sides[1], {
    contract: 0, tricks: 0, made: true, contract_points: 0, overtricks: 0, nil_points: -100,
    nil_bags: 1, bag_penalty: 0, points: -99, bags: 1,
  });
  for (const nilTricks of ['count', 'bags']) {
    assert.deepEqual(scoreRound({ ...SOLO, nil_tricks: nilTricks }, bids(3, 0, 4, 5), [4, 1, 4, 4], [0, 9, 0, 0]).points,
      [31, -199, 40, -50]);
  }
  // in partnerships the same round is two sides, the nil's trick counting toward her partner's 5
  assert.deepEqual(scoreRound(CLASSIC, bids(3, 0, 4, 5), [4, 1, 4, 4]).points, [71, -50]);
  // four bag counters, by side; two are refused, and so are four under partnerships
  assert.throws(() => scoreRound(SOLO, bids(3, 0, 4, 5), [4, 1, 4, 4], [0, 0]), /bags: expected 4 bag counters/);
  assert.throws(() => scoreRound(CLASSIC, bids(3, 0, 4, 5), [4, 1, 4, 4], [0, 0, 0, 0]), /bags: expected 2 bag counters/);
  // 10-for-200 is a player's own bid of 10 or more
  const ten = { ...SOLO, ten_for_two_hundred: true };
  assert.deepEqual(scoreRound(ten, bids(10, 1, 1, 1), [10, 1, 1, 1]).points, [200, 10, 10, 10]);
});
