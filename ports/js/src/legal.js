// The legal moves of a position and the reason a move is illegal, computed from the
// state's data alone (porting-states) without replaying its moves: the order of
// ref-move-order and the reasons, in their order of checks, of ref-reasons.
//
// The fields read: rules, phase, to_move, dealer, hands, bids, looked, passes (how
// many), draws, trick, spades_broken, tricks (how many) and scores. Nothing here needs a
// deck or the seed.

import { combinations, playsAs, readCards } from './cards.js';
import { parseMove } from './moves.js';
import {
  DOUBLE_NIL_CHANCES, eligibleByDeficit, handSize, nextSeat, partnerOf, partnerships, readRuleset,
  sideOf, sidesOf,
} from './rules.js';

const PHASES = ['drawing', 'exchanging', 'bidding', 'passing', 'playing', 'game_over'];

/**
 * Whether a player who holds a suit besides spades may lead a spade (porting-lead,
 * rule-spades-broken): under "broken" once spades are broken; under "any_time"
 * always; under "after_first_trick" once they are broken or the round's first trick is
 * complete (`tricksPlayed`, the round's completed tricks, is 1 or more). A player who
 * holds only spades leads one whatever this says.
 */
export function spadesOpen(rules, broken, tricksPlayed) {
  switch (rules.spades_lead) {
    case 'broken': return broken;
    case 'any_time': return true;
    case 'after_first_trick': return broken || tricksPlayed >= 1;
    default: throw new Error(`unknown spades_lead ${JSON.stringify(rules.spades_lead)}`);
  }
}

/**
 * Whether a bid of zero may be made at all (porting-zero-contract): as nil, or as an
 * ordinary contract of no tricks under zero_contract. Its text is "bid nil" either way.
 */
export function zeroAllowed(rules) {
  return rules.nil || rules.zero_contract;
}

/**
 * The least the seat may bid under the ruleset's team minimum (porting-team-minimum,
 * rule-team-minimum): a partnership's bids add up to at least team_minimum, so the
 * second of the two partners to bid must bid what her partner's bid leaves missing, a
 * nil or blind nil counting as zero. The first of the two, every seat without a minimum
 * and every seat that plays on her own (two players, solo): 0. `bids` are move objects or
 * null, by seat.
 */
export function lowestBid(rules, bids, seat) {
  if (!partnerships(rules) || rules.team_minimum === 0) return 0;
  const partners = bids[partnerOf(rules, seat)];
  if (partners === null) return 0;
  return Math.max(0, rules.team_minimum - partners.n);
}

/**
 * The numbers the seat may bid once she has looked, 0 being nil (porting-suicide,
 * rule-suicide, porting-whiz-mirror). Under "suicide" each side bids a nil and a number
 * of 4 or more: the first partner to bid nil or 4 to 13, after her partner's nil 4 to 13,
 * after her partner's number nil alone. Under "whiz" nil or her number of spades in
 * `hand` (nil alone with none), under "mirror" her number of spades (nil with none).
 * Under "open" from `lowestBid` to the hand size (13, or 17 or 18 with three players,
 * porting-three-players), zero only where `zeroAllowed`. `bids` are move objects or null,
 * by seat; `hand` her cards as she bids (read under Whiz and Mirror only).
 */
export function allowedBids(rules, bids, seat, hand = null) {
  const top = handSize(rules);
  const from = (least) => Array.from({ length: top + 1 - least }, (_, i) => least + i);
  if (rules.bidding === 'whiz' || rules.bidding === 'mirror') {
    if (hand === null) throw new TypeError(`allowedBids needs the hand under ${rules.bidding}`);
    const count = hand.filter((card) => playsAs(card, rules.deck) === 'S').length;
    return rules.bidding === 'whiz' && count > 0 ? [0, count] : [count];
  }
  if (rules.bidding === 'suicide') {
    const partners = bids[partnerOf(rules, seat)];
    if (partners === null) return [0, ...from(4)];
    return partners.n === 0 ? from(4) : [0];
  }
  return from(lowestBid(rules, bids, seat) || (zeroAllowed(rules) ? 0 : 1));
}

/**
 * The round's card passes, in order, as [seat, count] pairs (porting-card-pass): per side
 * its passer, the first of its blind nil bidders in the bidding, else the first of its
 * nil bidders; her count, blind_nil_pass for a blind nil, nil_pass for a nil. A side whose
 * count is 0 does not pass; the side whose passer bid first passes first, the passer then
 * her partner. Partnerships with every bid made; else none (two players and solo have no
 * partner to pass to). `bids` are move objects or null, by seat; `first` is the round's
 * first bidder.
 */
export function cardPasses(rules, bids, first) {
  if (!partnerships(rules) || bids.includes(null)) return [];
  const order = [first];
  while (order.length < 4) order.push(nextSeat(rules, order.at(-1)));
  const passers = [];
  for (const side of [0, 1]) {
    const mine = order.filter((seat) => seat % 2 === side);
    const blind = mine.filter((seat) => bids[seat].n === 0 && bids[seat].blind);
    const plain = mine.filter((seat) => bids[seat].n === 0 && !bids[seat].blind);
    if (blind.length) passers.push([blind[0], rules.blind_nil_pass]);
    else if (plain.length) passers.push([plain[0], rules.nil_pass]);
  }
  return passers
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .flatMap(([seat, count]) => [[seat, count], [partnerOf(rules, seat), count]]);
}

/**
 * The pass due in the position, as [seat, count]: entry `passes.length` of cardPasses,
 * the first bidder being the seat after the dealer; null when none is due.
 */
export function passDue(pos) {
  const due = cardPasses(pos.rules, pos.bids, nextSeat(pos.rules, pos.dealer));
  return due[pos.passesMade] ?? null;
}

/**
 * Two players: how many of her own draw choices a seat has made at her one chance to
 * declare double nil (porting-double-nil-timing): 0 before her first choice, 1 right
 * after it.
 */
export function doubleNilChance(rules) {
  return DOUBLE_NIL_CHANCES[rules.double_nil_timing];
}

/**
 * Reads the fields of a state's data that the rules below need, checking their
 * types; returns a position {rules, phase, seat, dealer, hand, bids, looked, passesMade,
 * chosen, trick, spadesBroken, tricksPlayed, scores}. `bids` are move objects or null,
 * by seat.
 */
export function readPosition(data) {
  if (data === null || typeof data !== 'object') throw new Error('position: expected a state object');
  if (data.type !== 'state') throw new Error(`position.type: expected "state", not ${JSON.stringify(data.type)}`);
  const rules = readRuleset(data.rules, 'position.rules');
  const players = rules.players;
  const bySeat = (key) => {
    if (!Array.isArray(data[key]) || data[key].length !== players) {
      throw new Error(`position.${key}: expected an array of ${players}, by seat`);
    }
    return data[key];
  };
  if (!PHASES.includes(data.phase)) throw new Error(`position.phase: unknown phase ${JSON.stringify(data.phase)}`);
  const over = data.phase === 'game_over';
  const seat = data.to_move;
  if (over ? seat !== null : !(Number.isInteger(seat) && seat >= 0 && seat < players)) {
    throw new Error(`position.to_move: ${JSON.stringify(seat)} is not the seat to move in ${data.phase}`);
  }
  const hands = bySeat('hands').map((hand, s) => readCards(hand, `position.hands[${s}]`, { ordered: true }));
  const bids = bySeat('bids').map((text) => (text === null ? null : parseMove(text)));
  const looked = bySeat('looked');
  if (!(Number.isInteger(data.dealer) && data.dealer >= 0 && data.dealer < players)) {
    throw new Error(`position.dealer: expected a seat, not ${JSON.stringify(data.dealer)}`);
  }
  if (!Array.isArray(data.passes) || data.passes.length > 4) throw new Error('position.passes: expected an array of at most 4');
  if (!Array.isArray(data.draws)) throw new Error('position.draws: expected an array');
  // Two players: how many draw choices each seat has made this round (state.draws).
  const chosen = Array(players).fill(0);
  for (const turn of data.draws) {
    if (!(Number.isInteger(turn?.seat) && turn.seat >= 0 && turn.seat < players)) {
      throw new Error('position.draws: each turn names a seat');
    }
    chosen[turn.seat] += 1;
  }
  const sides = sidesOf(rules);
  if (!Array.isArray(data.scores) || data.scores.length !== sides || !data.scores.every(Number.isSafeInteger)) {
    throw new Error(`position.scores: expected ${sides} whole numbers, by side`);
  }
  if (typeof data.spades_broken !== 'boolean') throw new Error('position.spades_broken: expected a boolean');
  const size = handSize(rules);
  if (!Array.isArray(data.tricks) || data.tricks.length > size) throw new Error(`position.tricks: expected an array of at most ${size}`);
  return {
    rules,
    phase: data.phase,
    seat,
    dealer: data.dealer,
    hand: over ? [] : hands[seat],
    bids,
    looked,
    // four players: the passes made this round, which say which pass is due
    passesMade: data.passes.length,
    chosen,
    trick: readCards(data.trick, 'position.trick'),
    spadesBroken: data.spades_broken,
    // the round's completed tricks: the lead of spades may depend on them (porting-lead)
    tricksPlayed: data.tricks.length,
    scores: data.scores,
  };
}

const blindNil = { type: 'bid', n: 0, blind: true };

/**
 * Three and four players: whether the seat to move may still bid blind nil (rule-blind-nil,
 * ref-move-order): blind nil is on, she has neither looked nor bid this round, no team
 * minimum asks her for more than zero (a blind nil counts as zero), and her side is
 * eligible by the deficit. Her hand is face down until then.
 */
function mayBidBlindNil(pos) {
  const { rules, seat } = pos;
  return rules.players !== 2 && rules.blind_nil && !pos.looked[seat] && pos.bids[seat] === null
    && lowestBid(rules, pos.bids, seat) === 0
    && eligibleByDeficit(rules, pos.scores, sideOf(rules, seat));
}

/**
 * Three and four players: the numbers the seat to move may still bid blind, before she
 * looks (porting-blind-bids): with a blind_bid_minimum, while she has not looked and her
 * side trails by blind_bid_deficit (null: at any score), from the minimum, or the least a
 * team minimum leaves her if more, up to the hand size (13, or 17 or 18 with three).
 */
export function blindNumbers(pos) {
  const { rules, seat } = pos;
  const least = rules.blind_bid_minimum;
  if (rules.players === 2 || !least || pos.looked[seat] || pos.bids[seat] !== null) return [];
  if (!eligibleByDeficit(rules, pos.scores, sideOf(rules, seat), rules.blind_bid_deficit)) return [];
  const numbers = [];
  const top = handSize(rules);
  for (let n = Math.max(least, lowestBid(rules, pos.bids, seat)); n <= top; n += 1) numbers.push(n);
  return numbers;
}

/** The blind bids open to the seat to move: blind nil first, then the blind numbers. */
function blindBids(pos) {
  const numbers = blindNumbers(pos).map((n) => ({ type: 'bid', n, blind: true }));
  return mayBidBlindNil(pos) ? [blindNil, ...numbers] : numbers;
}

/**
 * Why a blind number may not be bid, or null (porting-blind-bids): out of 1 to the hand size; no
 * blind numbers or below the minimum; after a look; below the team minimum's least;
 * her side does not trail enough.
 */
function blindNumberReason(pos, move) {
  const { rules, seat } = pos;
  if (blindNumbers(pos).includes(move.n)) return null;
  if (move.n < 1 || move.n > handSize(rules)) return 'bid_out_of_range';
  if (!rules.blind_bid_minimum || move.n < rules.blind_bid_minimum) return 'blind_bid_not_allowed';
  if (pos.looked[seat]) return 'hand_already_seen';
  if (move.n < lowestBid(rules, pos.bids, seat)) return 'below_team_minimum';
  return 'blind_bid_not_eligible';
}

/**
 * Two players: whether the seat to move may declare double nil now (rule-double-nil,
 * porting-double-nil-timing): double nil is on, she has not declared it, this is her
 * chance (she has made exactly doubleNilChance draw choices this round), and she is
 * eligible by the deficit.
 */
function mayDeclareDoubleNil(pos) {
  const { rules, seat } = pos;
  return rules.players === 2 && rules.blind_nil && pos.bids[seat] === null
    && pos.chosen[seat] === doubleNilChance(rules) && eligibleByDeficit(rules, pos.scores, seat);
}

// The kinds of move each phase can take (ref-notation's phase column; rule-draw: in
// the draw the only bid is blind nil, so a numbered bid or nil there is a wrong phase).
function fitsPhase(phase, move) {
  switch (phase) {
    case 'bidding': return move.type === 'bid' || move.type === 'look';
    case 'drawing': return move.type === 'keep' || move.type === 'reject' || (move.type === 'bid' && move.blind);
    case 'passing': return move.type === 'pass';
    case 'exchanging': return move.type === 'exchange';
    case 'playing': return move.type === 'play';
    default: return false;
  }
}

/**
 * The reason `move` is illegal for the seat to move, or null when it is legal: the
 * first rule that fails, in the order of ref-reasons (porting-reasons gives the values).
 */
export function reasonFor(pos, move) {
  const { rules, seat, hand } = pos;
  if (pos.phase === 'game_over') return 'game_over';
  // not_your_turn needs a seat named with the move; a move's data never names one.
  if (!fitsPhase(pos.phase, move)) return 'wrong_phase';
  const holds = (card) => hand.includes(card);
  switch (move.type) {
    case 'keep':
    case 'reject':
      return null; // legal whenever the phase allows them (ref-reasons)
    case 'look':
      // a look by a player whose hand is already in view: she looked, may bid nothing
      // blind, or plays the two-player game
      return blindBids(pos).length ? null : 'hand_already_seen';
    case 'bid':
      if (move.blind && move.n !== 0) return blindNumberReason(pos, move);
      if (move.blind) {
        // blind nil: not allowed; then four players already seen, two players
        // already bid then not yet drawn or already drawn (before or after her
        // chance); then below the team minimum (it counts as zero); then not eligible
        if (!rules.blind_nil) return 'blind_nil_not_allowed';
        if (rules.players !== 2) {
          if (pos.looked[seat]) return 'hand_already_seen';
        } else {
          if (pos.bids[seat] !== null) return 'already_bid';
          const drawing = pos.phase === 'drawing';
          const chance = doubleNilChance(rules);
          if (drawing && pos.chosen[seat] < chance) return 'not_yet_drawn';
          // In the bidding she has necessarily made her draw choices.
          if (!drawing || pos.chosen[seat] > chance) return 'already_drawn';
        }
        if (lowestBid(rules, pos.bids, seat) > 0) return 'below_team_minimum';
        if (!eligibleByDeficit(rules, pos.scores, sideOf(rules, seat))) return 'blind_nil_not_eligible';
        return null;
      }
      // another bid: out of range, then a zero the rules do not allow (nil not
      // allowed), then below the team minimum, then not what Suicide, Whiz or Mirror
      // allows her (bidding mode), then hand not seen
      if (move.n < 0 || move.n > handSize(rules)) return 'bid_out_of_range';
      if (move.n === 0 && !zeroAllowed(rules)) return 'nil_not_allowed';
      if (move.n < lowestBid(rules, pos.bids, seat)) return 'below_team_minimum';
      if (!allowedBids(rules, pos.bids, seat, hand).includes(move.n)) return 'bidding_mode';
      if (blindBids(pos).length) return 'hand_not_seen';
      return null;
    case 'pass':
      // its size, the count of the pass due, before its cards (porting-card-pass)
      if (move.cards.length !== (passDue(pos)?.[1] ?? 0)) return 'wrong_pass_size';
      return move.cards.every(holds) ? null : 'card_not_in_hand';
    case 'exchange':
      // its size (too many exchanged) before its cards (rule-exchange)
      if (move.cards.length > rules.blind_nil_exchange) return 'too_many_exchanged';
      return move.cards.every(holds) ? null : 'card_not_in_hand';
    case 'play': {
      // card not in hand before the follow and lead rules
      if (!holds(move.card)) return 'card_not_in_hand';
      // porting-decks: each card by the suit it plays as under the deck
      const suitOf = (card) => playsAs(card, rules.deck);
      const suit = suitOf(move.card);
      if (pos.trick.length > 0) {
        // rule-follow-suit: follow the suit led when you hold it
        const led = suitOf(pos.trick[0]);
        if (suit !== led && hand.some((card) => suitOf(card) === led)) return 'must_follow_suit';
        return null;
      }
      // rule-spades-broken, porting-lead: lead a spade only once the ruleset's
      // spades_lead allows it, or holding nothing else
      if (suit === 'S' && !spadesOpen(rules, pos.spadesBroken, pos.tricksPlayed)
        && hand.some((card) => suitOf(card) !== 'S')) {
        return 'spades_not_broken';
      }
      return null;
    }
    default:
      throw new Error(`unknown move type ${move.type}`);
  }
}

/** The legal moves of the position, as move objects in the order of ref-move-order. */
export function legalMoves(pos) {
  const { rules, hand } = pos;
  switch (pos.phase) {
    case 'bidding': {
      // face down while a blind bid is open: blind nil, the blind numbers, then look
      const blind = blindBids(pos);
      if (blind.length) return [...blind, { type: 'look' }];
      // the allowed bids in order: under open bidding from the lowest bid up to 13,
      // zero (nil or a zero contract) when allowed and no team minimum asks for more
      return allowedBids(rules, pos.bids, pos.seat, hand)
        .map((n) => ({ type: 'bid', n, blind: false }));
    }
    case 'drawing': {
      const draws = [{ type: 'keep' }, { type: 'reject' }];
      return mayDeclareDoubleNil(pos) ? [blindNil, ...draws] : draws;
    }
    case 'passing': {
      // every set of the due pass's count of cards, in itertools.combinations order
      const due = passDue(pos);
      return due === null ? [] : combinations(hand, due[1]).map((cards) => ({ type: 'pass', cards }));
    }
    case 'exchanging': {
      // no card, then every set of one card, of two, ... up to blind_nil_exchange
      const moves = [];
      for (let size = 0; size <= rules.blind_nil_exchange; size += 1) {
        for (const cards of combinations(hand, size)) moves.push({ type: 'exchange', cards });
      }
      return moves;
    }
    case 'playing':
      // the playable cards in library order (the hand is in library order)
      return hand.filter((card) => reasonFor(pos, { type: 'play', card }) === null)
        .map((card) => ({ type: 'play', card }));
    default:
      return []; // a finished game
  }
}
