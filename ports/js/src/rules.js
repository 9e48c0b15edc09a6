// Rulesets as data, and the seats and sides they imply (porting-rulesets,
// porting-conventions, ref-rulesets).

const FIELDS = [
  'players', 'deck', 'solo', 'direction', 'nil', 'zero_contract', 'nil_value', 'nil_tricks',
  'blind_nil', 'blind_nil_value', 'blind_nil_deficit', 'nil_pass', 'blind_nil_pass', 'blind_nil_exchange',
  'double_nil_timing', 'team_minimum', 'bidding', 'blind_bid_minimum', 'blind_bid_deficit',
  'spades_lead', 'bag_limit', 'bag_penalty',
  'bag_overflow', 'ten_for_two_hundred', 'target', 'losing_floor', 'round_cap',
];

/** The values of deck (porting-rulesets, porting-decks). */
export const DECKS = ['standard', 'joker_joker_ace', 'joker_joker_deuce_deuce'];

/** The values of spades_lead (porting-lead): when a spade may be led by a player holding another suit. */
export const SPADES_LEADS = ['broken', 'any_time', 'after_first_trick'];

/**
 * The values of bidding: open bidding, Suicide's nil and 4 or more a side
 * (porting-suicide), and Whiz's and Mirror's number of spades (porting-whiz-mirror).
 */
export const BIDDINGS = ['open', 'suicide', 'whiz', 'mirror'];

/**
 * The values of double_nil_timing (porting-double-nil-timing), each with its chance: how
 * many of her own draw choices a two-player seat has made at the one turn at which she
 * may declare double nil.
 */
export const DOUBLE_NIL_CHANCES = Object.freeze({ before_first_choice: 0, after_first_choice: 1 });

const LIMIT = 10 ** 9; // every number of a ruleset lies between −10⁹ and 10⁹

/**
 * Checks a ruleset (without type and version) against the table of porting-rulesets:
 * the twenty-seven fields of version 3 data, no others, each of its type and range, in the
 * combinations the table allows. Returns it unchanged. Under solo (porting-solo,
 * rule-solo) four players play each on her own, so what needs a partner is refused.
 */
export function readRuleset(data, what = 'rules') {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`${what}: expected a ruleset object`);
  }
  for (const key of Object.keys(data)) {
    if (!FIELDS.includes(key)) throw new Error(`${what}: unknown field '${key}'`);
  }
  for (const key of FIELDS) {
    if (!(key in data)) throw new Error(`${what}: missing field '${key}'`);
  }
  const fail = (key, why) => new Error(`${what}.${key}: ${why}, not ${JSON.stringify(data[key])}`);
  const whole = (key, min, max = LIMIT, nullable = false) => {
    const value = data[key];
    if (nullable && value === null) return;
    if (!Number.isInteger(value) || value < Math.max(min, -LIMIT) || value > max) {
      throw fail(key, `expected a whole number from ${min} to ${max}${nullable ? ' or null' : ''}`);
    }
  };
  const bool = (key) => {
    if (typeof data[key] !== 'boolean') throw fail(key, 'expected true or false');
  };
  const oneOf = (key, values) => {
    if (!values.includes(data[key])) throw fail(key, `expected one of ${values.join(', ')}`);
  };
  const two = data.players === 2;
  const three = data.players === 3; // porting-three-players: each on her own, no partner
  oneOf('players', [4, 3, 2]);
  bool('solo');
  if (data.solo && data.players !== 4) throw fail('solo', 'solo is four players each on her own');
  oneOf('direction', two ? ['clockwise'] : ['clockwise', 'counterclockwise']);
  bool('nil');
  bool('zero_contract');
  // porting-zero-contract: a bid of zero is nil or a contract, never both
  if (data.zero_contract && data.nil) throw fail('zero_contract', 'a zero contract needs nil false');
  whole('nil_value', 0);
  oneOf('nil_tricks', two ? ['bags'] : ['count', 'bags']);
  bool('blind_nil');
  if (data.blind_nil && !data.nil) throw fail('blind_nil', 'blind nil needs nil');
  oneOf('deck', DECKS);
  whole('blind_nil_value', 0);
  whole('blind_nil_deficit', 0, LIMIT, true);
  // porting-card-pass: four players pass 0 to 4 cards; a nil pass needs nil
  whole('nil_pass', 0, two ? 0 : 4);
  if (data.nil_pass && !data.nil) throw fail('nil_pass', 'a nil pass needs nil');
  whole('blind_nil_pass', 0, two ? 0 : 4);
  whole('blind_nil_exchange', 0, two ? 3 : 0);
  // porting-double-nil-timing: the two-player draw's; four players keep the first value
  const timings = Object.keys(DOUBLE_NIL_CHANCES);
  oneOf('double_nil_timing', two ? timings : timings.slice(0, 1));
  whole('team_minimum', 0, two ? 0 : 13); // porting-team-minimum: partnerships only
  // porting-suicide: four players, nil, no blind nil and no team minimum
  oneOf('bidding', BIDDINGS);
  if (data.bidding === 'suicide' && (two || three || !data.nil || data.blind_nil || data.team_minimum)) {
    throw fail('bidding', 'Suicide needs four players, nil, no blind nil and no team minimum');
  }
  // porting-whiz-mirror: three or four players, no blind nil, no team minimum, nil or a zero contract
  const bySpades = data.bidding === 'whiz' || data.bidding === 'mirror';
  if (bySpades && (two || data.blind_nil || data.team_minimum || !(data.nil || data.zero_contract))) {
    throw fail('bidding', `${data.bidding} needs three or four players, no blind nil, no team minimum, and nil or a zero contract`);
  }
  // porting-blind-bids: three or four players, open bidding (10-for-200 too), up to the hand size
  whole('blind_bid_minimum', 0, handSize(data));
  whole('blind_bid_deficit', 0, LIMIT, true);
  oneOf('spades_lead', SPADES_LEADS);
  whole('bag_limit', 1);
  whole('bag_penalty', 0);
  oneOf('bag_overflow', ['reset', 'carry']);
  bool('ten_for_two_hundred');
  whole('target', 1);
  whole('losing_floor', -LIMIT, -1, true);
  whole('round_cap', 1, LIMIT, true);
  if (data.blind_bid_minimum && (two || data.bidding !== 'open')) {
    throw fail('blind_bid_minimum', 'blind numbers need three or four players and open bidding');
  }
  // porting-solo, porting-three-players: what needs a partner has no place when each
  // plays on her own
  if (data.solo || three) {
    for (const key of ['team_minimum', 'nil_pass', ...(data.blind_nil ? ['blind_nil_pass'] : [])]) {
      if (data[key]) throw fail(key, `${three ? 'three' : 'solo'} players have no partner, so it must be 0`);
    }
    if (data.bidding === 'suicide') throw fail('bidding', 'Suicide needs partnerships, not solo');
  }
  return data;
}

/**
 * The cards of a hand, and so the tricks of a round (porting-three-players): 13, or
 * with three players 17 (the standard deck, 51 cards) or 18 (a joker deck, 54).
 */
export function handSize(rules) {
  if (rules.players !== 3) return 13;
  return rules.deck === 'standard' ? 17 : 18;
}

/**
 * Whether the seats play in two partnerships: four players, not solo (rule-seats,
 * porting-solo). Two players, and four solo, play each on her own.
 */
export function partnerships(rules) {
  return rules.players === 4 && !rules.solo;
}

/**
 * The number of sides (porting-conventions): 2 partnerships, else one a player (two,
 * three, or four under solo).
 */
export function sidesOf(rules) {
  return partnerships(rules) ? 2 : rules.players;
}

/**
 * The seat after `seat` in the direction of play (porting-deal): +1 clockwise, −1
 * counterclockwise, round the table of four or three (porting-three-players); two
 * players take turns.
 */
export function nextSeat(rules, seat) {
  const step = rules.players !== 2 && rules.direction === 'counterclockwise' ? -1 : 1;
  return (seat + step + rules.players) % rules.players;
}

/** A seat's partner, opposite her, in partnerships; null with two or three players and under solo. */
export function partnerOf(rules, seat) {
  return partnerships(rules) ? (seat + 2) % 4 : null;
}

/**
 * A seat's side (porting-conventions): seat % 2 in partnerships, the seat itself with
 * two players and under solo.
 */
export function sideOf(rules, seat) {
  return partnerships(rules) ? seat % 2 : seat;
}

/** The seats of a side: s and s + 2 in partnerships, s alone with two players and under solo. */
export function seatsOf(rules, side) {
  return partnerships(rules) ? [side, side + 2] : [side];
}

/**
 * Whether a side may bid blind nil (two players: declare double nil) by the deficit
 * (rule-blind-nil-eligibility): it trails the leading other side, the highest score
 * among the others (the one other side unless solo, porting-solo), by at least the
 * deficit, in the scores at the start of the round; a null deficit makes every side
 * eligible. `deficit` is blind_bid_deficit for blind numbers (porting-blind-bids).
 */
export function eligibleByDeficit(rules, scores, side, deficit = rules.blind_nil_deficit) {
  if (deficit === null) return true;
  const leader = Math.max(...scores.filter((_, other) => other !== side));
  return leader - scores[side] >= deficit;
}
