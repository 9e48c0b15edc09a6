#!/usr/bin/env node
// The command line of the runner (porting-run-suite):
//   node ports/js/run.js [--by-kind] conformance/ [more directories or files]
// prints "FAIL <file> <id>: <what differs>" for each failed case, then the total,
// and exits with 0 only when no case failed and at least one passed. --by-kind also
// prints the counts of each kind before the total.

import { runFiles } from './src/runner.js';

const args = process.argv.slice(2);
const byKind = args.includes('--by-kind');
const paths = args.filter((arg) => arg !== '--by-kind');
if (paths.length === 0) {
  console.error('usage: node run.js [--by-kind] <directory or file>...');
  process.exit(2);
}
const { passed, failed, skipped, kinds } = runFiles(paths);
for (const { file, id, message } of failed) console.log(`FAIL ${file} ${id}: ${message}`);
if (byKind) {
  for (const [kind, t] of Object.entries(kinds)) {
    console.log(`  ${kind}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
  }
}
console.log(`${passed} passed, ${failed.length} failed, ${skipped} skipped`);
process.exit(passed > 0 && failed.length === 0 ? 0 : 1);
