// Legal moves and reasons from a position's data, against the examples of the rules
// and reference pages (rule-follow-suit, rule-two-play, rule-exchange, ref-reasons,
// rule-blind-nil, rule-double-nil, rule-spades-broken, porting-lead,
// porting-zero-contract, porting-team-minimum, porting-card-pass,
// porting-double-nil-timing and porting-suicide).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIBRARY } from '../src/cards.js';
import {
  allowedBids, cardPasses, doubleNilChance, legalMoves, lowestBid, passDue, readPosition, reasonFor,
  spadesOpen, zeroAllowed,
} from '../src/legal.js';
import { moveText, parseMove } from '../src/moves.js';

const CLASSIC = {
  players: 4, deck: 'standard', solo: false, direction: 'clockwise', nil: true, zero_contract: false, nil_value: 100,
  nil_tricks: 'count', blind_nil: false, blind_nil_value: 200, blind_nil_deficit: 100,
  nil_pass: 0, blind_nil_pass: 2, blind_nil_exchange: 0, double_nil_timing: 'before_first_choice',
  team_minimum: 0, bidding: 'open', blind_bid_minimum: 0, blind_bid_deficit: 100, spades_lead: 'broken', bag_limit: 10, bag_penalty: 100,
  bag_overflow: 'reset', ten_for_two_hundred: false, target: 500, losing_floor: null, round_cap: null,
};
const TWO_HANDED = {
  ...CLASSIC, players: 2, nil_tricks: 'bags', blind_nil: true, blind_nil_deficit: null,
  blind_nil_pass: 0, blind_nil_exchange: 3, bag_overflow: 'carry',
};

// DECK dealt under CLASSIC with seat 0 dealing (rule-deal): seat 1 gets cards 0, 4, ...
const DEALT = [1, 2, 3, 0].map((_, seat) => LIBRARY.filter((_, i) => i % 4 === (seat + 3) % 4));
// DECK as the two-player stock, both keeping every top card (rule-draw).
const KEPT = [0, 2].map((start) => LIBRARY.filter((_, i) => i % 4 === start));
const KEPT_DISCARDS = LIBRARY.filter((_, i) => i % 2 === 1);

/** A state's data with the fields the rules read; `fields` override the rest. */
function position(rules, fields) {
  const n = rules.players;
  return readPosition({
    type: 'state', version: 3, rules, seed: '7', dealer: 0, round_number: 1,
    phase: 'bidding', to_move: 1, hands: Array(n).fill([]), bids: Array(n).fill(null),
    looked: Array(n).fill(false), passes: [], stock: [], discards: [], draws: [], exchanges: [],
    trick: [], trick_leader: null, spades_broken: false, tricks: [], scores: [0, 0], bags: [0, 0],
    rounds: [], outcome: null, ...fields,
  });
}
const texts = (pos) => legalMoves(pos).map(moveText);
const reasons = (pos, moves) => moves.map((text) => reasonFor(pos, parseMove(text)));

test('rule-deal: the DECK deal this file builds matches the rules page', () => {
  assert.equal(DEALT[0].join(' '), '5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS');
  assert.equal(DEALT[1].join(' '), '2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS');
  assert.equal(KEPT[1].join(' '), '4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS');
});

test('ref-reasons: the first bid of a CLASSIC game', () => {
  const pos = position(CLASSIC, { hands: DEALT });
  assert.deepEqual(reasons(pos, ['play 2C', 'bid 14', 'bid blind nil', 'look']),
    ['wrong_phase', 'bid_out_of_range', 'blind_nil_not_allowed', 'hand_already_seen']);
  assert.deepEqual(texts(pos), ['bid nil', ...Array.from({ length: 13 }, (_, i) => `bid ${i + 1}`)]);
});

test('rule-blind-nil: a player who may bid blind nil has two moves, then bids after looking', () => {
  const rules = { ...CLASSIC, blind_nil: true, blind_nil_deficit: null };
  const pos = position(rules, { hands: DEALT });
  assert.deepEqual(texts(pos), ['bid blind nil', 'look']);
  assert.deepEqual(reasons(pos, ['bid 4', 'bid nil']), ['hand_not_seen', 'hand_not_seen']);
  const looked = position(rules, { hands: DEALT, looked: [false, true, false, false] });
  assert.equal(texts(looked).length, 14);
  assert.deepEqual(reasons(looked, ['bid blind nil', 'look']), ['hand_already_seen', 'hand_already_seen']);
  // rule-blind-nil-eligibility: side 1 trails by 124 and may; at 64 to -60 side 0 may not.
  const rules100 = { ...CLASSIC, blind_nil: true };
  assert.deepEqual(texts(position(rules100, { hands: DEALT, to_move: 3, scores: [64, -60] })), ['bid blind nil', 'look']);
  assert.deepEqual(reasons(position(rules100, { hands: DEALT, to_move: 2, scores: [64, -60] }), ['bid blind nil']),
    ['blind_nil_not_eligible']);
});

test('rule-card-pass: 78 passes of two cards from 13, and the sizes and cards refused', () => {
  const rules = { ...CLASSIC, blind_nil: true, blind_nil_deficit: null };
  const bids = ['bid 4', 'bid blind nil', 'bid 3', 'bid 5'];
  const pos = position(rules, { phase: 'passing', hands: DEALT, bids, looked: [true, false, true, true] });
  const moves = texts(pos);
  assert.equal(moves.length, 78);
  assert.deepEqual([moves[0], moves[77]], ['pass 2C 6C', 'pass 7S JS']);
  assert.deepEqual(reasons(pos, ['pass AC KD', 'pass 2C 3C', 'pass 2C 6C TC', 'pass 3C 4C 5C']),
    [null, 'card_not_in_hand', 'wrong_pass_size', 'wrong_pass_size']);
});

test('rule-follow-suit and rule-spades-broken: the first trick of the DECK deal', () => {
  const lead = position(CLASSIC, { phase: 'playing', hands: DEALT, bids: Array(4).fill('bid 3'), trick_leader: 1 });
  assert.equal(reasonFor(lead, parseMove('play 3S')), 'spades_not_broken');
  const follow = position(CLASSIC, {
    phase: 'playing', to_move: 2, hands: DEALT.map((hand, s) => (s === 1 ? hand.slice(1) : hand)),
    bids: Array(4).fill('bid 3'), trick: ['2C'], trick_leader: 1,
  });
  assert.deepEqual(texts(follow), ['play 3C', 'play 7C', 'play JC']);
  assert.deepEqual(reasons(follow, ['play 2D', 'play 2C']), ['must_follow_suit', 'card_not_in_hand']);
  // A leader holding only spades may lead one before spades are broken.
  const spades = position(CLASSIC, { phase: 'playing', hands: [[], LIBRARY.slice(39), [], []], trick_leader: 1 });
  assert.equal(texts(spades).length, 13);
});

test('rule-two-play: seat 1 leads anything but a spade, seat 0 follows clubs', () => {
  const bids = ['bid 5', 'bid 4'];
  const lead = position(TWO_HANDED, { phase: 'playing', hands: KEPT, bids, trick_leader: 1 });
  assert.deepEqual(texts(lead), ['play 4C', 'play 8C', 'play QC', 'play 3D', 'play 7D', 'play JD',
    'play 2H', 'play 6H', 'play TH', 'play AH']);
  const follow = position(TWO_HANDED, {
    phase: 'playing', to_move: 0, hands: [KEPT[0], KEPT[1].slice(1)], bids, trick: ['4C'], trick_leader: 1,
  });
  assert.deepEqual(texts(follow), ['play 2C', 'play 6C', 'play TC', 'play AC']);
});

test('rule-double-nil: declared before the first draw choice only (by default), and once', () => {
  const start = position(TWO_HANDED, { phase: 'drawing', to_move: 0 });
  assert.deepEqual(texts(start), ['bid blind nil', 'keep', 'reject']);
  const draw = (seat, kept, discarded) => ({ seat, kept, discarded });
  const declared = position(TWO_HANDED, {
    phase: 'drawing', to_move: 1, hands: [['2C'], []], bids: [null, 'bid blind nil'],
    draws: [draw(0, '2C', '3C')], discards: ['3C'],
  });
  assert.deepEqual(texts(declared), ['keep', 'reject']);
  assert.deepEqual(reasons(declared, ['bid blind nil', 'bid 3', 'look']), ['already_bid', 'wrong_phase', 'wrong_phase']);
  const later = position(TWO_HANDED, {
    phase: 'drawing', to_move: 0, hands: [['2C'], ['5C']], bids: [null, 'bid blind nil'],
    draws: [draw(0, '2C', '3C'), draw(1, '5C', '4C')], discards: ['3C', '4C'],
  });
  assert.deepEqual(reasons(later, ['bid blind nil']), ['already_drawn']);
  // With a deficit of 100 nobody trails at the start of a game.
  assert.deepEqual(texts(position({ ...TWO_HANDED, blind_nil_deficit: 100 }, { phase: 'drawing', to_move: 0 })),
    ['keep', 'reject']);
});

test('ref-reasons: the two-player bidding after a draw that kept every top card', () => {
  const pos = position(TWO_HANDED, { hands: KEPT, discards: KEPT_DISCARDS,
    draws: KEPT_DISCARDS.map((card, t) => ({ seat: t % 2, kept: LIBRARY[2 * t], discarded: card })) });
  assert.deepEqual(reasons(pos, ['keep', 'exchange', 'look', 'bid blind nil', 'bid 14']),
    ['wrong_phase', 'wrong_phase', 'hand_already_seen', 'already_drawn', 'bid_out_of_range']);
  assert.equal(texts(pos).length, 14);
});

test('rule-exchange: 378 exchanges from 13 cards with a limit of 3, in order', () => {
  const pos = position(TWO_HANDED, { phase: 'exchanging', to_move: 0, hands: KEPT, bids: ['bid blind nil', null] });
  const moves = texts(pos);
  assert.equal(moves.length, 378);
  assert.deepEqual(moves.slice(0, 3), ['exchange', 'exchange 2C', 'exchange 6C']);
  assert.equal(moves[377], 'exchange 3S 7S JS');
  assert.deepEqual(reasons(pos, ['exchange KD QH JS', 'exchange 2C 6C TC AC', 'exchange 3C']),
    [null, 'too_many_exchanged', 'card_not_in_hand']);
});

test('a finished game has no moves, and every move is game_over', () => {
  const pos = position(CLASSIC, { phase: 'game_over', to_move: null, outcome: { winner: 0, termination: 'target' } });
  assert.deepEqual(texts(pos), []);
  assert.deepEqual(reasons(pos, ['play AS', 'bid 3', 'look']), ['game_over', 'game_over', 'game_over']);
});

test('porting-lead: spadesOpen under each value of spades_lead, after 0 to 12 tricks', () => {
  const open = (lead, broken) => Array.from({ length: 13 }, (_, n) => spadesOpen({ spades_lead: lead }, broken, n));
  assert.deepEqual(open('broken', false), Array(13).fill(false));
  assert.deepEqual(open('any_time', false), Array(13).fill(true));
  assert.deepEqual(open('after_first_trick', false), [false, ...Array(12).fill(true)]);
  for (const lead of ['broken', 'any_time', 'after_first_trick']) assert.deepEqual(open(lead, true), Array(13).fill(true));
  assert.throws(() => spadesOpen({ spades_lead: 'sometimes' }, false, 0), /unknown spades_lead/);
});

// Seat 1 to lead the first trick of the DECK deal: she may lead her clubs, diamonds and
// hearts, and her spades 3S, 7S, JS where a spade may be led.
const BIDS = Array(4).fill('bid 3');
const AT_LEAD = { phase: 'playing', hands: DEALT, bids: BIDS, trick_leader: 1 };
const plays = (hand) => hand.map((card) => `play ${card}`);
const NO_SPADES = plays(DEALT[1].filter((card) => !card.endsWith('S')));
// The first trick: seats 1, 2, 3, 0 play their lowest clubs 2C, 3C, 4C, 5C and seat 0's
// 5C wins it, spades unbroken; she leads the second from 4D 8D ... and 2S 6S TS AS.
const SECOND = {
  phase: 'playing', to_move: 0, hands: DEALT.map((hand) => hand.slice(1)), bids: BIDS,
  tricks: [{ leader: 1, cards: ['2C', '3C', '4C', '5C'], winner: 0 }], trick_leader: 0,
};
const SECOND_NO_SPADES = plays(DEALT[0].slice(1).filter((card) => !card.endsWith('S')));

test('rule-spades-broken, porting-lead: the first lead under each value', () => {
  const lead = (value, fields = {}) => position({ ...CLASSIC, spades_lead: value }, { ...AT_LEAD, ...fields });
  assert.deepEqual(texts(lead('broken')), NO_SPADES);
  assert.deepEqual(texts(lead('any_time')), plays(DEALT[1]));
  assert.deepEqual(texts(lead('after_first_trick')), NO_SPADES);
  assert.deepEqual(reasons(lead('after_first_trick'), ['play 3S', 'play 2C']), ['spades_not_broken', null]);
  assert.deepEqual(reasons(lead('broken'), ['play 3S']), ['spades_not_broken']);
});

test('rule-spades-broken, porting-lead: the second lead, spades unbroken, under each value', () => {
  const lead = (value) => position({ ...CLASSIC, spades_lead: value }, SECOND);
  assert.deepEqual(texts(lead('broken')), SECOND_NO_SPADES);
  assert.deepEqual(reasons(lead('broken'), ['play AS']), ['spades_not_broken']);
  assert.deepEqual(texts(lead('any_time')), plays(DEALT[0].slice(1)));
  assert.deepEqual(texts(lead('after_first_trick')), plays(DEALT[0].slice(1)));
  // The same data with spades_broken true, as if a spade had been played: every value allows one.
  for (const value of ['broken', 'any_time', 'after_first_trick']) {
    const broken = position({ ...CLASSIC, spades_lead: value }, { ...SECOND, spades_broken: true });
    assert.deepEqual(reasons(broken, ['play AS', 'play 2S']), [null, null], value);
  }
});

test('porting-lead: a hand of only spades leads one, and a trick already led is followed, under each value', () => {
  for (const value of ['broken', 'any_time', 'after_first_trick']) {
    const rules = { ...CLASSIC, spades_lead: value };
    const spades = position(rules, { phase: 'playing', hands: [[], LIBRARY.slice(39), [], []], trick_leader: 1 });
    assert.equal(texts(spades).length, 13, value);
    const follow = position(rules, {
      phase: 'playing', to_move: 2, hands: DEALT.map((hand, s) => (s === 1 ? hand.slice(1) : hand)),
      bids: Array(4).fill('bid 3'), trick: ['2C'], trick_leader: 1,
    });
    assert.deepEqual(texts(follow), ['play 3C', 'play 7C', 'play JC'], value);
  }
});

test('porting-lead: two players, the first lead and the second under after_first_trick', () => {
  const rules = { ...TWO_HANDED, spades_lead: 'after_first_trick' };
  const fields = { phase: 'playing', hands: KEPT, bids: ['bid 5', 'bid 4'], trick_leader: 1 };
  assert.deepEqual(texts(position(rules, fields)).filter((text) => text.endsWith('S')), []);
  // Seat 1 leads 4C, seat 0 follows with 2C: seat 1 wins and leads again.
  const second = position(rules, {
    ...fields, hands: KEPT.map((hand) => hand.slice(1)), tricks: [{ leader: 1, cards: ['4C', '2C'], winner: 1 }],
  });
  assert.deepEqual(texts(second).filter((text) => text.endsWith('S')), ['play 5S', 'play 9S', 'play KS']);
  const anyTime = position({ ...TWO_HANDED, spades_lead: 'any_time' }, fields);
  assert.deepEqual(texts(anyTime).filter((text) => text.endsWith('S')), ['play 5S', 'play 9S', 'play KS']);
});

test('porting-rulesets: spades_lead is required and one of its three values', () => {
  const { spades_lead: _, ...without } = CLASSIC;
  assert.throws(() => position(without, {}), /missing field 'spades_lead'/);
  assert.throws(() => position({ ...CLASSIC, spades_lead: 'ANY_TIME' }, {}), /spades_lead: expected one of/);
  assert.throws(() => position({ ...CLASSIC, spades_lead: null }, {}), /spades_lead: expected one of/);
});

// Bids from `from` to 13, as texts ("bid nil" for zero).
const bidsFrom = (from) => Array.from({ length: 14 - from }, (_, i) => (from + i ? `bid ${from + i}` : 'bid nil'));
// Seat 3 to bid after seats 1 and 2; her partner is seat 1.
const partnerBid = (rules, bid, fields = {}) => position(rules, {
  hands: DEALT, to_move: 3, bids: [null, bid, 'bid 3', null], ...fields,
});

test('porting-team-minimum: the first bidder of a side bids freely, the second makes up the rest', () => {
  const rules = { ...CLASSIC, team_minimum: 4 };
  assert.deepEqual(texts(position(rules, { hands: DEALT })), bidsFrom(0));
  assert.deepEqual(texts(position(rules, { hands: DEALT, to_move: 2, bids: [null, 'bid 1', null, null] })), bidsFrom(0));
  const second = partnerBid(rules, 'bid 1');
  assert.deepEqual(texts(second), bidsFrom(3));
  assert.deepEqual(reasons(second, ['bid nil', 'bid 2', 'bid 3', 'bid 14']),
    ['below_team_minimum', 'below_team_minimum', null, 'bid_out_of_range']);
  // At or above the minimum, nil is hers again.
  assert.deepEqual(texts(partnerBid(rules, 'bid 4')), bidsFrom(0));
  assert.deepEqual(texts(partnerBid(rules, 'bid 9')), bidsFrom(0));
});

test('porting-team-minimum: a nil and a blind nil count as zero; a minimum of 13', () => {
  const rules = { ...CLASSIC, team_minimum: 4, blind_nil: true, blind_nil_deficit: null };
  assert.deepEqual(texts(partnerBid(rules, 'bid nil', { looked: [false, false, true, false] })), bidsFrom(4));
  // After a partner's blind nil she may not bid blind nil: her hand is in view, and she bids.
  const blind = partnerBid(rules, 'bid blind nil');
  assert.deepEqual(texts(blind), bidsFrom(4));
  assert.deepEqual(reasons(blind, ['bid blind nil', 'look', 'bid nil', 'bid 4']),
    ['below_team_minimum', 'hand_already_seen', 'below_team_minimum', null]);
  // A partner's bid that reaches the minimum leaves her blind nil open.
  assert.deepEqual(texts(partnerBid(rules, 'bid 5')), ['bid blind nil', 'look']);
  assert.deepEqual(texts(partnerBid({ ...rules, team_minimum: 13 }, 'bid blind nil')), ['bid 13']);
  // blind nil refused for the rule that comes first: already seen, then the minimum
  const seen = partnerBid(rules, 'bid 1', { looked: [false, false, false, true] });
  assert.deepEqual(reasons(seen, ['bid blind nil']), ['hand_already_seen']);
});

test('porting-team-minimum: lowestBid counts the partner alone, and only with four players', () => {
  const bid = (n, blind = false) => ({ type: 'bid', n, blind });
  const rules = { ...CLASSIC, team_minimum: 5 };
  assert.equal(lowestBid(rules, [bid(2), null, null, null], 2), 3);
  assert.equal(lowestBid(rules, [bid(0, true), null, null, null], 2), 5);
  assert.equal(lowestBid(rules, [bid(7), null, null, null], 2), 0);
  assert.equal(lowestBid(rules, [bid(2), bid(1), null, null], 3), 4);
  assert.equal(lowestBid(rules, [bid(2), null, null, null], 1), 0);
  assert.equal(lowestBid(CLASSIC, [bid(0), null, null, null], 2), 0);
  assert.equal(lowestBid({ ...TWO_HANDED, team_minimum: 0 }, [bid(0), null], 1), 0);
});

test('porting-zero-contract: a bid of zero is a contract where there is no nil', () => {
  const zero = { ...CLASSIC, nil: false, zero_contract: true };
  assert.deepEqual([zeroAllowed(zero), zeroAllowed(CLASSIC), zeroAllowed({ ...CLASSIC, nil: false })], [true, true, false]);
  const pos = position(zero, { hands: DEALT });
  assert.deepEqual(texts(pos), bidsFrom(0));
  assert.deepEqual(reasons(pos, ['bid nil', 'bid blind nil']), [null, 'blind_nil_not_allowed']);
  // Under a minimum the zero contract is a bid of zero like any other.
  const short = partnerBid({ ...zero, team_minimum: 4 }, 'bid 3');
  assert.deepEqual(texts(short), bidsFrom(1));
  assert.deepEqual(reasons(short, ['bid nil']), ['below_team_minimum']);
  // With neither nil nor a zero contract, zero is refused as nil first, then the minimum.
  const neither = partnerBid({ ...CLASSIC, nil: false, team_minimum: 4 }, 'bid 1');
  assert.deepEqual(reasons(neither, ['bid nil', 'bid 2']), ['nil_not_allowed', 'below_team_minimum']);
  assert.deepEqual(texts(position({ ...CLASSIC, nil: false }, { hands: DEALT })), bidsFrom(1));
  const two = { ...TWO_HANDED, nil: false, zero_contract: true, blind_nil: false };
  assert.deepEqual(texts(position(two, { hands: KEPT, to_move: 1 })), bidsFrom(0));
});

test('porting-rulesets: the fields of version 3, their types and their combinations', () => {
  for (const field of ['zero_contract', 'team_minimum', 'ten_for_two_hundred']) {
    const { [field]: _, ...without } = CLASSIC;
    assert.throws(() => position(without, {}), new RegExp(`missing field '${field}'`));
  }
  assert.throws(() => position({ ...CLASSIC, zero_contract: true }, {}), /zero_contract: a zero contract needs nil false/);
  assert.throws(() => position({ ...CLASSIC, zero_contract: 1 }, {}), /zero_contract: expected true or false/);
  assert.throws(() => position({ ...CLASSIC, team_minimum: 14 }, {}), /team_minimum: expected a whole number from 0 to 13/);
  assert.throws(() => position({ ...CLASSIC, team_minimum: true }, {}), /team_minimum/);
  assert.throws(() => position({ ...TWO_HANDED, team_minimum: 4 }, {}), /team_minimum: expected a whole number from 0 to 0/);
  assert.throws(() => position({ ...CLASSIC, ten_for_two_hundred: 'yes' }, {}), /ten_for_two_hundred: expected true or false/);
  assert.equal(position({ ...CLASSIC, team_minimum: 13, ten_for_two_hundred: true }, {}).rules.team_minimum, 13);
});

const bid = (text) => parseMove(text);
const passBids = (...texts) => texts.map(bid);

test('porting-card-pass: the passer and count of each side, in bidding order', () => {
  const rules = { ...CLASSIC, blind_nil: true, blind_nil_deficit: null, nil_pass: 3, blind_nil_pass: 1 };
  // The guide's example: seat 1 bids first and nil; seat 2 blind nil, seat 0 nil.
  assert.deepEqual(cardPasses(rules, passBids('bid nil', 'bid nil', 'bid blind nil', 'bid 4'), 1),
    [[1, 3], [3, 3], [2, 1], [0, 1]]);
  // A side with both kinds passes as a blind nil side, though its nil came first.
  assert.deepEqual(cardPasses(rules, passBids('bid blind nil', 'bid 4', 'bid nil', 'bid 4'), 1),
    [[0, 1], [2, 1]]);
  // A count of 0: that kind's side does not pass, the other does.
  assert.deepEqual(cardPasses({ ...rules, blind_nil_pass: 0 }, passBids('bid blind nil', 'bid nil', 'bid nil', 'bid 4'), 1),
    [[1, 3], [3, 3]]);
  assert.deepEqual(cardPasses({ ...rules, nil_pass: 0 }, passBids('bid nil', 'bid 4', 'bid 4', 'bid blind nil'), 1),
    [[3, 1], [1, 1]]);
  // Both nils of a side: the first to bid passes; counterclockwise, seat 1 bids after seat 2.
  const both = passBids('bid nil', 'bid 4', 'bid nil', 'bid 4');
  assert.deepEqual(cardPasses(rules, both, 1), [[2, 3], [0, 3]]);
  assert.deepEqual(cardPasses({ ...rules, direction: 'counterclockwise' }, both, 3), [[2, 3], [0, 3]]);
  assert.deepEqual(cardPasses({ ...rules, direction: 'counterclockwise' }, both, 0), [[0, 3], [2, 3]]);
  // Nothing before the last bid, nor with two players, nor without a nil.
  assert.deepEqual(cardPasses(rules, [bid('bid nil'), null, null, null], 1), []);
  assert.deepEqual(cardPasses({ ...TWO_HANDED }, passBids('bid blind nil', 'bid 3'), 1), []);
  assert.deepEqual(cardPasses(rules, passBids('bid 1', 'bid 2', 'bid 3', 'bid 4'), 1), []);
});

test('porting-card-pass: the pass due sets the size of the legal passes, 1 to 4 cards', () => {
  const rules = { ...CLASSIC, nil_pass: 4, blind_nil_pass: 2 };
  const bids = ['bid nil', 'bid 4', 'bid 3', 'bid 5'];
  const first = position(rules, { phase: 'passing', to_move: 0, dealer: 3, hands: DEALT, bids });
  assert.deepEqual(passDue(first), [0, 4]);
  assert.equal(texts(first).length, 715);
  assert.deepEqual(reasons(first, ['pass 5C 9C', 'pass 5C 9C KC 4D', 'pass 2C 6C TC AC']),
    ['wrong_pass_size', null, 'card_not_in_hand']);
  // After seat 0's pass seat 2 holds 17 cards and passes 4 of them back.
  const held = [...DEALT[2], ...DEALT[0].slice(0, 4)].sort((a, b) => LIBRARY.indexOf(a) - LIBRARY.indexOf(b));
  const back = position(rules, {
    phase: 'passing', to_move: 2, dealer: 3, hands: [DEALT[0].slice(4), DEALT[1], held, DEALT[3]], bids,
    passes: [{ seat: 0, cards: DEALT[0].slice(0, 4) }],
  });
  assert.deepEqual(passDue(back), [2, 4]);
  assert.equal(texts(back).length, 2380);
  // No pass is due once the passes are made, nor outside the passes.
  const done = { phase: 'playing', dealer: 3, hands: DEALT, bids, passes: [{ seat: 0, cards: [] }, { seat: 2, cards: [] }] };
  assert.equal(passDue(position(rules, done)), null);
});

test('porting-double-nil-timing: one chance, before or right after the first draw choice', () => {
  const late = { ...TWO_HANDED, double_nil_timing: 'after_first_choice' };
  assert.deepEqual([doubleNilChance(TWO_HANDED), doubleNilChance(late)], [0, 1]);
  const draw = (seat, kept, discarded) => ({ seat, kept, discarded });
  const turns = [draw(0, '2C', '3C'), draw(1, '4C', '5C'), draw(0, '6C', '7C'), draw(1, '8C', '9C')];
  const at = (rules, made, fields = {}) => position(rules, {
    phase: 'drawing', to_move: made % 2, draws: turns.slice(0, made), ...fields,
  });
  // Each player's first, second and third turns under each timing.
  const verdicts = (rules) => [0, 1, 2, 3, 4].map((made) => reasons(at(rules, made), ['bid blind nil'])[0]);
  assert.deepEqual(verdicts(TWO_HANDED), [null, null, 'already_drawn', 'already_drawn', 'already_drawn']);
  assert.deepEqual(verdicts(late), ['not_yet_drawn', 'not_yet_drawn', null, null, 'already_drawn']);
  assert.deepEqual(texts(at(late, 0)), ['keep', 'reject']);
  assert.deepEqual(texts(at(late, 2)), ['bid blind nil', 'keep', 'reject']);
  // Declared at her chance: her next turn is already_bid; the bidding is already_drawn.
  assert.deepEqual(reasons(at(late, 2, { bids: ['bid blind nil', null] }), ['bid blind nil']), ['already_bid']);
  const bidding = position(late, { to_move: 1, draws: turns });
  assert.deepEqual(reasons(bidding, ['bid blind nil']), ['already_drawn']);
  // The timing comes before the deficit: not yet drawn, then not eligible at the chance.
  const deficit = { ...late, blind_nil_deficit: 100 };
  assert.deepEqual([0, 2].map((made) => reasons(at(deficit, made), ['bid blind nil'])[0]),
    ['not_yet_drawn', 'blind_nil_not_eligible']);
});

test('porting-rulesets: nil_pass, blind_nil_pass and double_nil_timing, their ranges and combinations', () => {
  for (const field of ['nil_pass', 'double_nil_timing']) {
    const { [field]: _, ...without } = CLASSIC;
    assert.throws(() => position(without, {}), new RegExp(`missing field '${field}'`));
  }
  assert.equal(position({ ...CLASSIC, nil_pass: 4, blind_nil_pass: 4 }, {}).rules.nil_pass, 4);
  assert.throws(() => position({ ...CLASSIC, nil_pass: 5 }, {}), /nil_pass: expected a whole number from 0 to 4/);
  assert.throws(() => position({ ...CLASSIC, blind_nil_pass: 5 }, {}), /blind_nil_pass: expected a whole number from 0 to 4/);
  assert.throws(() => position({ ...CLASSIC, nil: false, nil_pass: 2 }, {}), /nil_pass: a nil pass needs nil/);
  assert.throws(() => position({ ...TWO_HANDED, nil_pass: 1 }, {}), /nil_pass: expected a whole number from 0 to 0/);
  assert.throws(() => position({ ...CLASSIC, double_nil_timing: 'after_first_choice' }, {}), /double_nil_timing: expected one of/);
  assert.throws(() => position({ ...TWO_HANDED, double_nil_timing: 'AFTER_FIRST_CHOICE' }, {}), /double_nil_timing: expected one of/);
  assert.equal(position({ ...TWO_HANDED, double_nil_timing: 'after_first_choice' }, {}).rules.double_nil_timing,
    'after_first_choice');
});

test('porting-suicide: the first partner bids nil or 4 to 13, her partner the other part', () => {
  const rules = { ...CLASSIC, bidding: 'suicide' };
  const first = ['bid nil', ...bidsFrom(4)];
  assert.deepEqual(texts(position(rules, { hands: DEALT })), first);
  // The other side's first bidder is free too; her partner's seat has not bid.
  assert.deepEqual(texts(position(rules, { hands: DEALT, to_move: 2, bids: [null, 'bid 5', null, null] })), first);
  const afterNil = partnerBid(rules, 'bid nil', { bids: [null, 'bid nil', 'bid 5', null] });
  assert.deepEqual(texts(afterNil), bidsFrom(4));
  assert.deepEqual(reasons(afterNil, ['bid nil', 'bid 3', 'bid 4', 'bid 14', 'bid -1']),
    ['bidding_mode', 'bidding_mode', null, 'bid_out_of_range', 'bid_out_of_range']);
  const afterNumber = partnerBid(rules, 'bid 6', { bids: [null, 'bid 6', 'bid nil', null] });
  assert.deepEqual(texts(afterNumber), ['bid nil']);
  assert.deepEqual(reasons(afterNumber, ['bid nil', 'bid 1', 'bid 4', 'bid 13']),
    [null, 'bidding_mode', 'bidding_mode', 'bidding_mode']);
  assert.deepEqual(reasons(position(rules, { hands: DEALT }), ['bid 1', 'bid 3', 'bid 4', 'look']),
    ['bidding_mode', 'bidding_mode', null, 'hand_already_seen']);
});

test('porting-suicide: allowedBids under each bidding, counterclockwise too', () => {
  const bid = (n) => ({ type: 'bid', n, blind: false });
  const rules = { ...CLASSIC, bidding: 'suicide', direction: 'counterclockwise' };
  assert.deepEqual(allowedBids(rules, [null, null, null, null], 3), [0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  assert.deepEqual(allowedBids(rules, [null, bid(0), null, null], 3), [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  assert.deepEqual(allowedBids(rules, [bid(9), null, null, null], 2), [0]);
  assert.deepEqual(allowedBids(rules, [bid(9), null, null, null], 1), [0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  // Open bidding: lowestBid up to 13, from 1 without a bid of zero.
  assert.deepEqual(allowedBids({ ...CLASSIC, team_minimum: 5 }, [bid(2), null, null, null], 2), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  assert.deepEqual(allowedBids({ ...CLASSIC, nil: false }, [null, null, null, null], 1).slice(0, 2), [1, 2]);
});

test('porting-rulesets: bidding is required, one of its four values, and Suicide combines as the guide says', () => {
  const { bidding: _, ...without } = CLASSIC;
  assert.throws(() => position(without, {}), /missing field 'bidding'/);
  for (const value of ['SUICIDE', 'Whiz', 'whist', null, 1]) {
    assert.throws(() => position({ ...CLASSIC, bidding: value }, {}), /bidding: expected one of open, suicide, whiz, mirror/);
  }
  const suicide = { ...CLASSIC, bidding: 'suicide' };
  assert.equal(position(suicide, {}).rules.bidding, 'suicide');
  for (const change of [{ ...TWO_HANDED, blind_nil: false }, { nil: false }, { blind_nil: true }, { team_minimum: 4 }]) {
    assert.throws(() => position({ ...suicide, ...change, bidding: 'suicide' }, {}), /bidding: Suicide needs four players/);
  }
});

const VOID = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC'];
// A hand without spades, for seat 1.

test('porting-whiz-mirror: under Whiz her number of spades or nil, nil alone with none', () => {
  const rules = { ...CLASSIC, bidding: 'whiz' };
  const pos = position(rules, { hands: DEALT }); // seat 1 holds 3S 7S JS
  assert.deepEqual(texts(pos), ['bid nil', 'bid 3']);
  assert.deepEqual(reasons(pos, ['bid nil', 'bid 2', 'bid 3', 'bid 4', 'bid 13', 'bid 14', 'look']),
    [null, 'bidding_mode', null, 'bidding_mode', 'bidding_mode', 'bid_out_of_range', 'hand_already_seen']);
  const none = position(rules, { hands: [[], VOID, [], []] });
  assert.deepEqual(texts(none), ['bid nil']);
  assert.deepEqual(reasons(none, ['bid nil', 'bid 1']), [null, 'bidding_mode']);
  // A zero contract takes nil's place.
  const zero = { ...rules, nil: false, zero_contract: true };
  assert.deepEqual(texts(position(zero, { hands: DEALT })), ['bid nil', 'bid 3']);
});

test('porting-whiz-mirror: under Mirror her number of spades, nil with none', () => {
  const rules = { ...CLASSIC, bidding: 'mirror' };
  const pos = position(rules, { hands: DEALT });
  assert.deepEqual(texts(pos), ['bid 3']);
  assert.deepEqual(reasons(pos, ['bid nil', 'bid 2', 'bid 3', 'bid 4', 'bid -1']),
    ['bidding_mode', 'bidding_mode', null, 'bidding_mode', 'bid_out_of_range']);
  assert.deepEqual(texts(position(rules, { hands: [[], VOID, [], []] })), ['bid nil']);
  assert.deepEqual(texts(position(rules, { hands: DEALT, to_move: 0 })), ['bid 4']);
});

test('porting-whiz-mirror: allowedBids reads the hand under Whiz and Mirror only', () => {
  const none = [null, null, null, null];
  assert.deepEqual(allowedBids({ ...CLASSIC, bidding: 'whiz' }, none, 0, DEALT[0]), [0, 4]);
  assert.deepEqual(allowedBids({ ...CLASSIC, bidding: 'whiz' }, none, 1, VOID), [0]);
  assert.deepEqual(allowedBids({ ...CLASSIC, bidding: 'mirror' }, none, 0, DEALT[0]), [4]);
  assert.deepEqual(allowedBids({ ...CLASSIC, bidding: 'mirror' }, none, 1, VOID), [0]);
  assert.throws(() => allowedBids({ ...CLASSIC, bidding: 'mirror' }, none, 1), /needs the hand under mirror/);
  assert.equal(allowedBids(CLASSIC, none, 1, VOID).length, 14);
});

test('porting-rulesets: Whiz and Mirror combine as the guide says', () => {
  for (const bidding of ['whiz', 'mirror']) {
    const mode = { ...CLASSIC, bidding };
    assert.equal(position(mode, {}).rules.bidding, bidding);
    assert.equal(position({ ...mode, nil: false, zero_contract: true }, {}).rules.bidding, bidding);
    assert.equal(position({ ...mode, nil_pass: 2 }, {}).rules.nil_pass, 2);
    for (const change of [{ ...TWO_HANDED, blind_nil: false }, { nil: false }, { blind_nil: true }, { team_minimum: 4 }]) {
      assert.throws(() => position({ ...mode, ...change, bidding }, {}), new RegExp(`bidding: ${bidding} needs three or four players`));
    }
  }
});

test('porting-blind-bids: face down with blind numbers, each reason of a blind number, and after a look', () => {
  const rules = { ...CLASSIC, blind_bid_minimum: 6, blind_bid_deficit: null };
  const pos = position(rules, { hands: DEALT });
  const numbers = [6, 7, 8, 9, 10, 11, 12, 13].map((n) => `bid blind ${n}`);
  assert.deepEqual(texts(pos), [...numbers, 'look']);
  assert.deepEqual(reasons(pos, ['bid 7', 'bid blind 5', 'bid blind 14', 'bid blind 7']),
    ['hand_not_seen', 'blind_bid_not_allowed', 'bid_out_of_range', null]);
  const withNil = { ...rules, blind_nil: true, blind_nil_deficit: null };
  assert.deepEqual(texts(position(withNil, { hands: DEALT })), ['bid blind nil', ...numbers, 'look']);
  const looked = position(rules, { hands: DEALT, looked: [false, true, false, false] });
  assert.deepEqual(reasons(looked, ['bid blind 7', 'look']), ['hand_already_seen', 'hand_already_seen']);
  assert.equal(texts(looked)[0], 'bid nil');
  const trailing = { ...rules, blind_bid_deficit: 100 };
  assert.deepEqual(texts(position(trailing, { hands: DEALT, scores: [100, 0] })), [...numbers, 'look']);
  const level = position(trailing, { hands: DEALT, scores: [99, 0] });
  assert.deepEqual(reasons(level, ['bid blind 7', 'look']), ['blind_bid_not_eligible', 'hand_already_seen']);
  const minimum = { ...rules, team_minimum: 10 };
  const second = position(minimum, { hands: DEALT, to_move: 3, bids: [null, 'bid 2', null, null] });
  assert.deepEqual(texts(second).slice(0, 2), ['bid blind 8', 'bid blind 9']);
  assert.deepEqual(reasons(second, ['bid blind 7']), ['below_team_minimum']);
  assert.deepEqual(reasons(position(CLASSIC, { hands: DEALT }), ['bid blind 7']), ['blind_bid_not_allowed']);
});

test('rule-solo: blind bids go to a player trailing the leading other player by the deficit', () => {
  const solo = { ...CLASSIC, solo: true, blind_nil: true, blind_nil_pass: 0 };
  const at = (seat, scores, rules = solo) => position(rules, { hands: DEALT, to_move: seat, scores, bags: [0, 0, 0, 0] });
  // Seat 0 trails seat 2, the leader, by 150; the seats beside her lead her by nothing.
  assert.deepEqual(texts(at(0, [0, 0, 150, 0])), ['bid blind nil', 'look']);
  // Seat 1 trails the leader by 60 only, though she leads seat 3 by 100; the leader herself may not.
  assert.deepEqual(reasons(at(1, [100, 40, 30, -60]), ['bid blind nil', 'look']), ['blind_nil_not_eligible', 'hand_already_seen']);
  assert.deepEqual(reasons(at(0, [100, 40, 30, -60]), ['bid blind nil']), ['blind_nil_not_eligible']);
  assert.deepEqual(texts(at(3, [100, 40, 30, -60])), ['bid blind nil', 'look']);
  // Blind numbers by blind_bid_deficit, the same way (porting-blind-bids).
  const numbers = { ...solo, blind_nil: false, blind_bid_minimum: 10 };
  assert.deepEqual(texts(at(3, [100, 40, 30, -60], numbers)), ['bid blind 10', 'bid blind 11', 'bid blind 12', 'bid blind 13', 'look']);
  assert.deepEqual(reasons(at(1, [100, 40, 30, -60], numbers), ['bid blind 10']), ['blind_bid_not_eligible']);
  // Four scores, by side.
  assert.throws(() => position(solo, { hands: DEALT, scores: [0, 0] }), /position\.scores: expected 4 whole numbers/);
  assert.throws(() => position(CLASSIC, { hands: DEALT, scores: [0, 0, 0, 0] }), /position\.scores: expected 2 whole numbers/);
});

test('rule-solo: no partner: no team minimum and no card pass; each bids from nil to 13', () => {
  const solo = { ...CLASSIC, solo: true, blind_nil_pass: 4 };
  // seats 1 to 3 have bid (seat 0 deals); seat 0 bids last, her opposite's nil beside her
  const bids = [null, 'bid nil', 'bid nil', 'bid 2'].map((text) => (text === null ? null : parseMove(text)));
  assert.equal(lowestBid(solo, bids, 0), 0);
  const pos = position(solo, { hands: DEALT, to_move: 0, bids: bids.map((bid) => bid && moveText(bid)), scores: [0, 0, 0, 0] });
  assert.deepEqual(texts(pos), ['bid nil', ...Array.from({ length: 13 }, (_, i) => `bid ${i + 1}`)]);
  const all = ['bid blind nil', 'bid nil', 'bid blind nil', 'bid 2'].map(parseMove);
  assert.deepEqual(cardPasses(solo, all, 1), []);
  // in partnerships the same bids pass cards: seat 1's nil side first, then the blind nil side
  assert.deepEqual(cardPasses({ ...solo, solo: false, nil_pass: 3 }, all, 1), [[1, 3], [3, 3], [2, 4], [0, 4]]);
  // after the bidding, the play: nothing to pass
  const played = position(solo, { phase: 'playing', to_move: 1, hands: DEALT, scores: [0, 0, 0, 0],
    bids: ['bid nil', 'bid 3', 'bid nil', 'bid 2'] });
  assert.equal(passDue(played), null);
  assert.deepEqual(reasons(played, ['pass 2C']), ['wrong_phase']);
});
