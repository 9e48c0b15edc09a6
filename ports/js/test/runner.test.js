// The runner's handling of files it cannot accept (porting-run-suite): a failure of
// that file, never a crash.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runDocument, runFiles } from '../src/runner.js';
import { roundDeck } from '../src/shuffle.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

test('a header of another version, type or shape is one failure of the file', () => {
  for (const doc of [
    { type: 'conformance', version: 1, kind: 'scoring', description: '', cases: [] },
    { type: 'conformance', version: 2, kind: 'scoring', description: '', cases: [] },
    { type: 'record', version: 3, kind: 'scoring', cases: [] },
    { type: 'conformance', version: '3', kind: 'scoring', cases: [] },
    { type: 'conformance', version: 3, kind: 'scoring' },
    [], null, 7,
  ]) {
    const result = runDocument('x.json', doc);
    assert.equal(result.failed.length, 1, JSON.stringify(doc));
    assert.equal(result.failed[0].id, '-');
  }
});

test('unknown kinds are skipped; a broken case fails with what is wrong', () => {
  const skipped = runDocument('x.json', { type: 'conformance', version: 3, kind: 'game', cases: [{ id: 'a' }, { id: 'b' }] });
  assert.deepEqual([skipped.passed, skipped.failed.length, skipped.skipped], [0, 0, 2]);
  const broken = runDocument('x.json', { type: 'conformance', version: 3, kind: 'round_deck', cases: [
    { id: 'big', source: '', seed: 7, round: 2, deck: [] }, // a seed must be a string
    { id: 'big', source: '', seed: '7', round: 2, deck: [] }, // and ids unique
  ] });
  assert.deepEqual(broken.failed.map(({ id }) => id), ['big', 'big']);
  assert.match(broken.failed[0].message, /decimal string/);
  assert.match(broken.failed[1].message, /not unique/);
});

test('a round_deck case deals the deck its rules_deck names, the standard one without it', () => {
  // porting-conformance-decks, porting-decks: the deck's own 52 cards, shuffled as ever
  const standard = roundDeck(7n, 1);
  const jja = roundDeck(7n, 1, 'joker_joker_ace');
  const doc = (cases) => ({ type: 'conformance', version: 3, kind: 'round_deck', cases });
  const passing = runDocument('x.json', doc([
    { id: 'a', source: '', seed: '7', round: 1, deck: standard },
    { id: 'b', source: '', seed: '7', round: 1, rules_deck: 'standard', deck: standard },
    { id: 'c', source: '', seed: '7', round: 1, rules_deck: 'joker_joker_ace', deck: jja },
  ]));
  assert.deepEqual([passing.passed, passing.failed], [3, []]);
  const failing = runDocument('x.json', doc([
    { id: 'a', source: '', seed: '7', round: 1, deck: jja },
    { id: 'b', source: '', seed: '7', round: 1, rules_deck: 'joker_joker_deuce_deuce', deck: jja },
    { id: 'c', source: '', seed: '7', round: 1, rules_deck: 'jokers', deck: jja },
    { id: 'd', source: '', seed: '7', round: 1, rules_deck: null, deck: standard },
    { id: 'e', source: '', seed: '7', round: 1, rules_deck: 'toString', deck: standard },
  ]));
  assert.equal(failing.passed, 0);
  assert.deepEqual(failing.failed.map(({ id }) => id), ['a', 'b', 'c', 'd', 'e']);
  assert.match(failing.failed[0].message, /deck differs at/);
  for (const { message } of failing.failed.slice(2)) assert.match(message, /rules_deck: expected one of standard/);
});

test('files that are not JSON, or missing, are failures of those files', () => {
  const result = runFiles([FIXTURES, join(FIXTURES, 'missing.json')]);
  assert.deepEqual(result.failed.map(({ file }) => file), ['not-json.json', 'version-1.json', 'missing.json']);
  assert.equal(result.passed, 0);
});
