// The seeded shuffles (porting-seeds, porting-exchange; rules: rule-seeded-deal,
// rule-exchange). All arithmetic on the seed and the digest is BigInt: a seed is up
// to 2^128 − 1 and the digest a 512-bit number, far past a JS Number's 2^53.

import { createHash } from 'node:crypto';
import { deckCards, inLibraryOrder } from './cards.js';

export const MAX_SEED = (1n << 128n) - 1n;

/**
 * Reads a seed from data: a decimal string of digits, 0 to 2^128 − 1, without sign,
 * leading zeros or spaces (format version 2 writes seeds as strings so that no JSON
 * number passes 2^53 − 1). It never goes through a Number.
 */
export function readSeed(value, what = 'seed') {
  if (typeof value !== 'string') {
    throw new Error(`${what}: expected a decimal string, not ${JSON.stringify(value)}`);
  }
  if (!/^(0|[1-9][0-9]*)$/.test(value)) {
    throw new Error(`${what}: not a decimal seed: ${JSON.stringify(value)}`);
  }
  const seed = BigInt(value);
  if (seed > MAX_SEED) throw new Error(`${what}: ${value} is above 2^128 - 1`);
  return seed;
}

/** The 512-bit BLAKE2b digest (64 bytes, no key) of `text` in UTF-8, read little-endian. */
export function digestNumber(text) {
  const digest = createHash('blake2b512').update(text, 'utf8').digest();
  let x = 0n;
  for (let i = digest.length - 1; i >= 0; i -= 1) x = (x << 8n) | BigInt(digest[i]);
  return x;
}

/**
 * Fisher-Yates keyed by `text` (porting-seeds): x is the digest number; for i from
 * the last position down to 1, (x, j) = divmod(x, i + 1) and the items at i and j
 * swap. Returns a shuffled copy.
 */
export function shuffleByText(items, text) {
  const pile = [...items];
  let x = digestNumber(text);
  for (let i = pile.length - 1; i >= 1; i -= 1) {
    const n = BigInt(i + 1);
    const j = Number(x % n);
    x /= n;
    [pile[i], pile[j]] = [pile[j], pile[i]];
  }
  return pile;
}

/**
 * The deck of round `round` of a game with `seed` (a BigInt): the cards `deck` deals
 * `players` players (porting-decks, porting-three-players: 52, or 51 or 54 for three) in
 * library order shuffled with the text "{seed}:{round}", for every round from 1 (format
 * version 2; version 1 dealt round 1 by CPython's Mersenne Twister instead).
 */
export function roundDeck(seed, round, deck = 'standard', players = 4) {
  return shuffleByText(deckCards(deck, players), `${seed}:${round}`);
}

/**
 * The cards a two-player double nil exchange by `seat` draws (porting-exchange): the
 * discards as they are when her exchange begins, shuffled with the text
 * "{seed}:{round}:exchange:{seat}", then the first `count` of them.
 */
export function exchangeDraw(seed, round, seat, discards, count) {
  return shuffleByText(discards, `${seed}:${round}:exchange:${seat}`).slice(0, count);
}

/**
 * The discards after that exchange (porting-exchange, step 4): the earlier discards
 * without the cards drawn, in their order, then the cards given up, in library order.
 */
export function discardsAfterExchange(discards, drawn, given) {
  const taken = new Set(drawn);
  return [...discards.filter((card) => !taken.has(card)), ...inLibraryOrder(given)];
}
