// The seeded shuffles against the guide's own examples (porting-seeds, porting-exchange,
// rule-exchange).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIBRARY, deckCards } from '../src/cards.js';
import { discardsAfterExchange, exchangeDraw, readSeed, roundDeck } from '../src/shuffle.js';

test('the deck of "7:2" starts 6H 9C 5C KC 6D 2C (porting-seeds)', () => {
  const deck = roundDeck(7n, 2);
  assert.deepEqual(deck.slice(0, 6), ['6H', '9C', '5C', 'KC', '6D', '2C']);
  assert.deepEqual([...deck].sort(), [...LIBRARY].sort());
});

test('a joker deck shuffles its own 52 cards as the standard deck is shuffled (porting-decks)', () => {
  // The guide's example: the card at each place is the deck's card of the same index in
  // library order as the standard deck's card there.
  for (const deck of ['joker_joker_ace', 'joker_joker_deuce_deuce']) {
    const own = deckCards(deck);
    assert.deepEqual(own.slice(0, 2), ['3C', '4C']);
    assert.deepEqual(own.slice(-2), ['LJ', 'BJ']);
    assert.deepEqual(roundDeck(7n, 1, deck), roundDeck(7n, 1).map((card) => own[LIBRARY.indexOf(card)]));
  }
  assert.deepEqual(deckCards('joker_joker_ace').slice(23, 26), ['AD', '2H', '3H']);
  assert.deepEqual(deckCards('joker_joker_deuce_deuce').slice(11, 14), ['AC', '2D', '3D']);
});

test('the exchange of rule-exchange draws AS 9H 8S, and the discards take KD QH JS', () => {
  // DECK as the stock, both players keeping every top card: the discards are the
  // cards at the odd positions of the stock, in order.
  const discards = LIBRARY.filter((_, i) => i % 2 === 1);
  const drawn = exchangeDraw(7n, 1, 0, discards, 3);
  assert.deepEqual(drawn, ['AS', '9H', '8S']);
  // Giving up fewer cards draws the beginning of the same order.
  assert.deepEqual(exchangeDraw(7n, 1, 0, discards, 1), ['AS']);
  const after = discardsAfterExchange(discards, drawn, ['JS', 'KD', 'QH']);
  assert.equal(after.length, 26);
  assert.deepEqual(after.slice(-3), ['KD', 'QH', 'JS']);
});

test('seeds are decimal strings up to 2^128 - 1, read without a Number', () => {
  assert.equal(readSeed('340282366920938463463374607431768211455'), (1n << 128n) - 1n);
  assert.equal(readSeed('0'), 0n);
  for (const bad of [7, '340282366920938463463374607431768211456', '07', '-1', ' 7', '7.0', '']) {
    assert.throws(() => readSeed(bad), undefined, JSON.stringify(bad));
  }
  // The largest seed shuffles like any other: the text is its full decimal form.
  const deck = roundDeck(readSeed('340282366920938463463374607431768211455'), 3);
  assert.deepEqual([...deck].sort(), [...LIBRARY].sort());
});
