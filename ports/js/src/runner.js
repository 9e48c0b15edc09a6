// The conformance runner (porting-conformance, porting-run-suite): reads the vector
// files, checks each header, and runs each case by its file's kind. This port runs
// the kinds scoring, legal, round_deck and exchange_draw; every other kind (game,
// view, reading, or one it does not know) it counts as skipped, never as passed.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readCards } from './cards.js';
import { legalMoves, readPosition, reasonFor } from './legal.js';
import { moveText, parseMove } from './moves.js';
import { DECKS, readRuleset } from './rules.js';
import { scoreRound } from './scoring.js';
import { exchangeDraw, readSeed, roundDeck } from './shuffle.js';

export const VERSION = 3; // the only format version this port reads (porting-versions)

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (value) => JSON.stringify(value);

/** A whole number in [min, max], or throws naming `what`. */
function whole(value, what, min, max) {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`${what}: expected a whole number from ${min} to ${max}, not ${show(value)}`);
  }
  return value;
}

// Each runner takes a case and returns null when it passes, else what differs.

function runScoring(c) {
  const rules = readRuleset(c.rules);
  const score = scoreRound(rules, c.bids, c.tricks, c.bags);
  const problems = [];
  if (!same(score.points, c.expected.points)) problems.push(`points ${show(score.points)}, expected ${show(c.expected.points)}`);
  if (!same(score.bags, c.expected.bags)) problems.push(`bags ${show(score.bags)}, expected ${show(c.expected.bags)}`);
  return problems.length ? problems.join('; ') : null;
}

function runLegal(c) {
  // From the position's data alone: its moves are not replayed (porting-states).
  // The seeds are read only to hold them to the form of version 2 on (porting-conventions).
  readSeed(c.seed, 'seed');
  readSeed(c.position?.seed, 'position.seed');
  if (c.position?.version !== VERSION) {
    throw new Error(`position.version: this port reads version ${VERSION}, not ${show(c.position?.version)}`);
  }
  const pos = readPosition(c.position);
  const got = legalMoves(pos).map(moveText);
  if (!same(got, c.legal)) {
    const at = got.findIndex((text, i) => text !== c.legal[i]);
    const where = at < 0 ? got.length : at;
    return `legal moves differ at ${where}: got ${show(got[where] ?? null)}, expected ${show(c.legal[where] ?? null)}`
      + ` (${got.length} moves, expected ${c.legal.length})`;
  }
  const problems = [];
  // Each legal text reads back as a move this port also finds legal.
  for (const text of c.legal) {
    const reason = reasonFor(pos, parseMove(text));
    if (reason !== null) problems.push(`${show(text)} is listed legal, but this port says ${reason}`);
  }
  for (const { move, reason } of c.illegal) {
    const got = reasonFor(pos, parseMove(move));
    if (got !== reason) problems.push(`${show(move)}: reason ${show(got)}, expected ${show(reason)}`);
  }
  return problems.length ? problems.join('; ') : null;
}

function runRoundDeck(c) {
  const seed = readSeed(c.seed);
  const round = whole(c.round, 'round', 1, Number.MAX_SAFE_INTEGER);
  // porting-conformance-decks: rules_deck, a value of the ruleset's deck; absent, the standard deck
  const deck = 'rules_deck' in c ? c.rules_deck : 'standard';
  if (!DECKS.includes(deck)) throw new Error(`rules_deck: expected one of ${DECKS.join(', ')}, not ${show(deck)}`);
  // porting-three-players: rules_players, the ruleset's players; absent, four
  const players = 'rules_players' in c ? whole(c.rules_players, 'rules_players', 2, 4) : 4;
  const got = roundDeck(seed, round, deck, players);
  if (same(got, c.deck)) return null;
  const at = got.findIndex((card, i) => card !== c.deck?.[i]);
  const where = at < 0 ? got.length : at;
  return `deck differs at ${where}: got ${show(got[where] ?? null)}, expected ${show(c.deck?.[where] ?? null)}`;
}

function runExchangeDraw(c) {
  const seed = readSeed(c.seed);
  const round = whole(c.round, 'round', 1, Number.MAX_SAFE_INTEGER);
  const seat = whole(c.seat, 'seat', 0, 1);
  const discards = readCards(c.discards, 'discards');
  const count = whole(c.count, 'count', 0, discards.length);
  const got = exchangeDraw(seed, round, seat, discards, count);
  return same(got, c.drawn) ? null : `drew ${show(got)}, expected ${show(c.drawn)}`;
}

const RUNNERS = {
  scoring: runScoring,
  legal: runLegal,
  round_deck: runRoundDeck,
  exchange_draw: runExchangeDraw,
};

/** The *.json files named by `paths` (directories or files), each directory's in name order. */
export function vectorFiles(paths) {
  return paths.flatMap((path) => {
    let directory = false;
    try {
      directory = statSync(path).isDirectory();
    } catch {
      return [path]; // reading it fails, and is reported as a failure of that file
    }
    return directory
      ? readdirSync(path).filter((name) => name.endsWith('.json')).sort().map((name) => join(path, name))
      : [path];
  });
}

/**
 * Checks a parsed file's header (porting-run-suite): "type": "conformance", the
 * version this port reads, a kind and an array of cases. Returns null when it is
 * acceptable, else what is wrong.
 */
export function headerProblem(doc) {
  const ok = doc !== null && typeof doc === 'object' && doc.type === 'conformance'
    && doc.version === VERSION && typeof doc.kind === 'string' && Array.isArray(doc.cases);
  return ok ? null : `not a version ${VERSION} conformance file: type ${show(doc?.type)}, `
    + `version ${show(doc?.version)}, kind ${show(doc?.kind)}`;
}

/** A new, empty result: {passed, failed: [{file, id, message, kind}], skipped, kinds}. */
export function emptyResult() {
  return { passed: 0, failed: [], skipped: 0, kinds: {}, ids: new Set() };
}

/**
 * Runs the cases of one parsed file into `result`. A header this port cannot accept
 * is one failure with the id "-"; a case that cannot be run (a field missing or out
 * of range) fails with what was wrong. Nothing here throws.
 */
export function runDocument(file, doc, result = emptyResult()) {
  const kind = typeof doc?.kind === 'string' ? doc.kind : null;
  const problem = headerProblem(doc);
  if (problem) {
    result.failed.push({ file, id: '-', message: problem, kind });
    return result;
  }
  const tally = (result.kinds[kind] ??= { passed: 0, failed: 0, skipped: 0 });
  const run = RUNNERS[kind];
  for (const c of doc.cases) {
    const id = typeof c?.id === 'string' ? c.id : '?';
    let message;
    if (result.ids.has(id)) {
      message = 'the id is not unique across the files';
    } else if (!run) {
      result.ids.add(id);
      result.skipped += 1;
      tally.skipped += 1;
      continue;
    } else {
      result.ids.add(id);
      try {
        message = run(c);
      } catch (error) {
        message = `cannot run the case: ${error.message}`;
      }
    }
    if (message === null) {
      result.passed += 1;
      tally.passed += 1;
    } else {
      result.failed.push({ file, id, message, kind });
      tally.failed += 1;
    }
  }
  return result;
}

/**
 * Runs the files named by `paths` (directories or files); see emptyResult for what it
 * returns. A file that is not JSON is one failure with the id "-".
 */
export function runFiles(paths) {
  const result = emptyResult();
  for (const path of vectorFiles(paths)) {
    const file = basename(path);
    let doc;
    try {
      doc = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      result.failed.push({ file, id: '-', message: `cannot read the file: ${error.message}`, kind: null });
      continue;
    }
    runDocument(file, doc, result);
  }
  return result;
}
