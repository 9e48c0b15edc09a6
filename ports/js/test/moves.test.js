// The canonical move texts of porting-moves and porting-move-grammar.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { moveText, parseMove } from '../src/moves.js';

test('every form of the table reads back to the same text', () => {
  for (const text of ['bid 1', 'bid 13', 'bid nil', 'bid blind nil', 'look', 'play AS', 'pass 2C 3D',
    'keep', 'reject', 'exchange 2C 3D', 'exchange', 'pass', 'bid -999', 'bid 999']) {
    assert.equal(moveText(parseMove(text)), text);
  }
  assert.deepEqual(parseMove('exchange'), { type: 'exchange', cards: [] });
  assert.deepEqual(parseMove('pass'), { type: 'pass', cards: [] });
  assert.deepEqual(parseMove('bid nil'), { type: 'bid', n: 0, blind: false });
  assert.deepEqual(parseMove('bid -1'), { type: 'bid', n: -1, blind: false });
});

// The table of porting-move-examples: each text, and whether it is a move.
const EDGES = {
  'bid 13': true, 'bid 14': true, 'bid 999': true, 'bid -1': true, 'bid 1000': false,
  'bid 0': false, 'bid 07': false, 'bid -0': false, 'bid double nil': false, 'BID 3': false,
  'bid  3': false, 'play 10H': false, 'play as': false, pass: true, 'pass 2C 3D 4H 5S': true,
  'pass 3D 2C': false, 'pass 2C 2C': false, exchange: true, 'exchange ': false, draw: false,
  'play BJ': true, 'pass AS LJ BJ': true, 'pass BJ LJ': false, 'play bj': false, 'play JL': false, 'play JH': true,
};

test('porting-move-examples: the texts at the edges of the grammar', () => {
  for (const [text, isMove] of Object.entries(EDGES)) {
    if (isMove) assert.doesNotThrow(() => parseMove(text), JSON.stringify(text));
    else assert.throws(() => parseMove(text), undefined, JSON.stringify(text));
  }
  for (const text of [' look', 'look ', 'look\n', 'bid +3', 'bid -1000', 'play', 'bid', 'Keep', 'play th']) {
    assert.throws(() => parseMove(text), undefined, JSON.stringify(text));
  }
});

test('the move texts of the reading vectors are moves exactly when they are valid', () => {
  // The reading kind is not run by this port; only its move texts are used here.
  const suite = join(import.meta.dirname, '..', '..', '..', 'conformance');
  const cases = readdirSync(suite).filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(suite, name), 'utf8')))
    .filter((doc) => doc.kind === 'reading')
    .flatMap((doc) => doc.cases.filter((c) => c.text.startsWith('"')));
  assert.ok(cases.length > 0);
  for (const c of cases) {
    const text = JSON.parse(c.text);
    let isMove = true;
    try {
      parseMove(text);
    } catch {
      isMove = false;
    }
    assert.equal(isMove, c.valid, `${c.id}: ${JSON.stringify(text)}`);
  }
});

test('porting-blind-bids: a blind number reads and writes as "bid blind 7"; "bid blind 0" is no move', () => {
  assert.deepEqual(parseMove('bid blind 7'), { type: 'bid', n: 7, blind: true });
  for (const text of ['bid blind 1', 'bid blind 13', 'bid blind 14', 'bid blind -1']) {
    assert.equal(moveText(parseMove(text)), text);
  }
  for (const text of ['bid blind 0', 'bid blind 07', 'bid blind', 'bid blind  7']) {
    assert.throws(() => parseMove(text), undefined, text);
  }
});

test('porting-move-grammar: the jokers LJ and BJ are cards of every move, last in library order', () => {
  for (const text of ['play LJ', 'play BJ', 'pass AS LJ BJ', 'exchange 2C BJ']) {
    assert.equal(moveText(parseMove(text)), text);
  }
  for (const text of ['play lj', 'play JL', 'pass BJ LJ', 'pass LJ AS', 'exchange LJ LJ']) {
    assert.throws(() => parseMove(text), undefined, text);
  }
});
