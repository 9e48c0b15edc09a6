// Every case of each kind this port runs, from /work/main/conformance (found from this
// file's place, so the tests work from any directory): no failure, and some cases.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runFiles } from '../src/runner.js';

const SUITE = join(import.meta.dirname, '..', '..', '..', 'conformance');
const result = runFiles([SUITE]);
const report = (failures) => failures.map(({ file, id, message }) => `${file} ${id}: ${message}`).join('\n');

test('every file of the suite has a header this port accepts', () => {
  assert.equal(report(result.failed.filter(({ id }) => id === '-')), '');
});

for (const kind of ['scoring', 'legal', 'round_deck', 'exchange_draw']) {
  test(`every ${kind} case passes`, () => {
    assert.equal(report(result.failed.filter((failure) => failure.kind === kind)), '');
    assert.ok((result.kinds[kind]?.passed ?? 0) > 0, `no ${kind} case ran`);
  });
}

test('the kinds this port does not implement are skipped, not passed', () => {
  for (const kind of ['game', 'view', 'reading']) {
    const tally = result.kinds[kind];
    if (tally) assert.equal(tally.passed, 0);
  }
});
