// Three players (porting-three-players, rule-three-players): the pack each deck deals
// them, the hand size, seats modulo 3, three sides, bids to the hand size, and what a
// ruleset of three players refuses.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CARDS, LIBRARY, deckCards } from '../src/cards.js';
import { allowedBids, blindNumbers, legalMoves, readPosition, reasonFor } from '../src/legal.js';
import { moveText, parseMove } from '../src/moves.js';
import { handSize, nextSeat, partnerOf, readRuleset, sideOf, sidesOf } from '../src/rules.js';
import { scoreRound } from '../src/scoring.js';
import { roundDeck } from '../src/shuffle.js';

const THREE = {
  players: 3, deck: 'standard', solo: false, direction: 'clockwise', nil: true, zero_contract: false, nil_value: 100,
  nil_tricks: 'count', blind_nil: false, blind_nil_value: 200, blind_nil_deficit: 100,
  nil_pass: 0, blind_nil_pass: 0, blind_nil_exchange: 0, double_nil_timing: 'before_first_choice',
  team_minimum: 0, bidding: 'open', blind_bid_minimum: 0, blind_bid_deficit: 100, spades_lead: 'broken', bag_limit: 10, bag_penalty: 100,
  bag_overflow: 'reset', ten_for_two_hundred: false, target: 500, losing_floor: null, round_cap: null,
};
const JJA = { ...THREE, deck: 'joker_joker_ace' };
const JJDD = { ...THREE, deck: 'joker_joker_deuce_deuce' };
const bids = (...values) => values.map((v) => (v ? `bid ${v}` : 'bid nil'));

/** A three-player state's data in the bidding, seat 1 to bid; `fields` override the rest. */
function position(rules, fields = {}) {
  return readPosition({
    type: 'state', version: 3, rules, seed: '7', dealer: 0, round_number: 1,
    phase: 'bidding', to_move: 1, hands: [[], [], []], bids: [null, null, null],
    looked: [false, false, false], passes: [], stock: [], discards: [], draws: [], exchanges: [],
    trick: [], trick_leader: null, spades_broken: false, tricks: [], scores: [0, 0, 0], bags: [0, 0, 0],
    rounds: [], outcome: null, ...fields,
  });
}
const reasons = (pos, moves) => moves.map((text) => reasonFor(pos, parseMove(text)));

test('rule-three-players: the standard deck without 2C, 51 cards; a joker deck whole, 54', () => {
  assert.deepEqual(deckCards('standard', 3), LIBRARY.filter((card) => card !== '2C'));
  for (const deck of ['joker_joker_ace', 'joker_joker_deuce_deuce']) {
    assert.deepEqual(deckCards(deck, 3), CARDS);
    assert.equal(deckCards(deck, 4).length, 52);
  }
  assert.deepEqual([THREE, JJA, JJDD].map(handSize), [17, 18, 18]);
  assert.equal(handSize({ ...THREE, players: 4 }), 13);
});

test('rule-three-players: a round deck shuffles the pack, the same as the four-player deck is shuffled', () => {
  const seed = 7n;
  const three = roundDeck(seed, 1, 'standard', 3);
  assert.equal(three.length, 51);
  assert.ok(!three.includes('2C'));
  assert.deepEqual([...three].sort(), [...deckCards('standard', 3)].sort());
  assert.equal(roundDeck(seed, 2, 'joker_joker_ace', 3).length, 54);
  assert.notDeepEqual(roundDeck(seed, 1, 'standard', 4).filter((card) => card !== '2C'), three);
});

test('rule-three-players: seats modulo 3 both ways, three sides, no partner', () => {
  const rules = readRuleset(THREE);
  assert.deepEqual([0, 1, 2].map((seat) => nextSeat(rules, seat)), [1, 2, 0]);
  const back = readRuleset({ ...THREE, direction: 'counterclockwise' });
  assert.deepEqual([0, 1, 2].map((seat) => nextSeat(back, seat)), [2, 0, 1]);
  assert.equal(sidesOf(rules), 3);
  assert.deepEqual([0, 1, 2].map((seat) => sideOf(rules, seat)), [0, 1, 2]);
  assert.equal(partnerOf(rules, 1), null);
});

test('rule-three-players: what needs a partner is refused; Whiz, Mirror and blind numbers to the hand', () => {
  for (const key of ['team_minimum', 'nil_pass']) {
    assert.throws(() => readRuleset({ ...THREE, [key]: 1 }), new RegExp(`rules\\.${key}: three players have no partner`));
  }
  assert.equal(readRuleset({ ...THREE, blind_nil_pass: 2 }).blind_nil_pass, 2); // no blind nil: no effect
  assert.throws(() => readRuleset({ ...THREE, blind_nil: true, blind_nil_pass: 2 }), /rules\.blind_nil_pass: three/);
  assert.throws(() => readRuleset({ ...THREE, bidding: 'suicide' }), /rules\.bidding: Suicide needs/);
  assert.throws(() => readRuleset({ ...THREE, solo: true }), /rules\.solo: solo is four players/);
  assert.throws(() => readRuleset({ ...THREE, blind_nil_exchange: 1 }), /rules\.blind_nil_exchange/);
  assert.throws(() => readRuleset({ ...THREE, players: 5 }), /rules\.players: expected one of 4, 3, 2/);
  assert.equal(readRuleset({ ...THREE, bidding: 'mirror' }).bidding, 'mirror');
  assert.equal(readRuleset({ ...THREE, blind_bid_minimum: 17 }).blind_bid_minimum, 17);
  assert.throws(() => readRuleset({ ...THREE, blind_bid_minimum: 18 }), /blind_bid_minimum: expected a whole number from 0 to 17/);
  assert.equal(readRuleset({ ...JJA, blind_bid_minimum: 18 }).blind_bid_minimum, 18);
});

test('rule-three-players: the rules page example scores 51, -99 and 82, bags 1, 1 and 2', () => {
  // seat 1's nil takes a trick, her bag whatever nil_tricks says
  for (const nilTricks of ['count', 'bags']) {
    const score = scoreRound({ ...THREE, nil_tricks: nilTricks }, bids(5, 0, 8), [6, 1, 10]);
    assert.deepEqual([score.points, score.bags], [[51, -99, 82], [1, 1, 2]]);
  }
  assert.deepEqual(scoreRound(JJA, bids(18, 0, 0), [18, 0, 0]).points, [180, 100, 100]);
  assert.throws(() => scoreRound(THREE, bids(5, 0, 8), [6, 1, 11]), /adding up to 17/);
  assert.throws(() => scoreRound(THREE, bids(18, 0, 0), [17, 0, 0]), /not a bid of a round: bid 18/);
  assert.throws(() => scoreRound(THREE, bids(5, 0, 8), [6, 1, 10], [0, 0]), /3 bag counters/);
});

test('rule-three-players: bids run to the hand size, blind numbers too; one past is out of range', () => {
  const standard = position(THREE);
  assert.deepEqual(allowedBids(standard.rules, standard.bids, 1), Array.from({ length: 18 }, (_, i) => i));
  assert.deepEqual(reasons(standard, ['bid 17', 'bid 18']), [null, 'bid_out_of_range']);
  const jokers = position(JJA);
  assert.deepEqual(reasons(jokers, ['bid 18', 'bid 19']), [null, 'bid_out_of_range']);
  assert.equal(legalMoves(jokers).map(moveText).at(-1), 'bid 18');
  const blind = position({ ...THREE, blind_nil: true, blind_nil_deficit: null, blind_bid_minimum: 16, blind_bid_deficit: null });
  assert.deepEqual(blindNumbers(blind), [16, 17]);
  assert.deepEqual(legalMoves(blind).map(moveText), ['bid blind nil', 'bid blind 16', 'bid blind 17', 'look']);
  assert.deepEqual(reasons(blind, ['bid blind 18', 'bid 3']), ['bid_out_of_range', 'hand_not_seen']);
});

test('rule-three-players: blind nil goes to a player who trails the leading other player', () => {
  const rules = { ...THREE, blind_nil: true, blind_nil_deficit: 100 };
  // seat 1 trails seat 2 by 50 and seat 0 by 150: the leader decides
  assert.equal(reasonFor(position(rules, { scores: [200, 50, 100] }), parseMove('bid blind nil')), null);
  assert.equal(reasonFor(position(rules, { scores: [100, 50, 140] }), parseMove('bid blind nil')),
    'blind_nil_not_eligible');
});
