// Source B's round table (bids, tricks, the round's points and bags, the totals and the
// points still to the target, for both sides) and the game's outcome in words.
import { h, fill } from "./dom.js";
import { bidText } from "./cards.js";
import { seatsOf, sideName, sideOf, sideShort } from "./game.js";

const HEADINGS = ["Side", "Bids", "Tricks", "Points", "Bags", "Total", "To go"];
const PLUS = "\u2009+\u2009"; // partners' bids and tricks, thin-spaced to keep the table narrow

/** One round: a heading row with its number, then a row for each side; `totals` after it. */
function roundBody(round, number, totals, rules, you) {
  return h("tbody", {},
    h("tr", { class: "round-head" },
      h("th", { scope: "rowgroup", colspan: HEADINGS.length }, `Round ${number}`)),
    [0, 1].map((side) => sideRow(round, side, totals[side], rules, you)));
}

function sideRow(round, side, total, rules, you) {
  const score = round.sides[side];
  const seats = seatsOf(side, rules.players);
  return h("tr", {},
    h("th", { scope: "row" }, sideShort(side, you, rules.players)),
    h("td", {}, seats.map((seat) => bidText(round.bids[seat])).join(PLUS)),
    h("td", {}, seats.map((seat) => round.tricks[seat]).join(PLUS)),
    h("td", { class: "num" }, String(score.points)),
    h("td", { class: "num" }, `+${score.overtricks + score.nil_bags} (${score.bags})`),
    h("td", { class: "num total" }, String(total)),
    h("td", { class: "num" }, String(Math.max(0, rules.target - total))));
}

/** Fill `table` with every round so far. */
export function renderRoundTable(table, rounds, rules, you) {
  const totals = [0, 0];
  const bodies = rounds.map((round, i) => {
    totals[0] += round.sides[0].points;
    totals[1] += round.sides[1].points;
    return roundBody(round, i + 1, [...totals], rules, you);
  });
  const head = h("thead", {}, h("tr", {}, HEADINGS.map((text) => h("th", { scope: "col" }, text))));
  fill(table, head, bodies);
}

/** Who won and why, said to the reader: "Your side wins 510 to 320, reaching the target of 500." */
export function outcomeText(outcome, scores, rules, you, roundCount) {
  if (outcome.winner === null) return `A draw at the round cap: ${scores[0]} all.`;
  const winner = outcome.winner;
  const rounds = `${roundCount} round${roundCount === 1 ? "" : "s"}`;
  const why = {
    target: `, reaching the target of ${rules.target}`,
    losing_floor: `: the other side fell to the losing floor of ${rules.losing_floor}`,
    round_cap: `, ahead after the round cap of ${rounds}`,
  }[outcome.termination] ?? "";
  const score = `${scores[winner]} to ${scores[1 - winner]}`;
  return `${winnerWords(winner, you, rules.players)} ${score}${why}.`;
}

function winnerWords(side, you, players) {
  if (you === null) return `${sideName(side, you, players)} ${players === 2 ? "wins" : "win"}`;
  if (sideOf(you) === side) return players === 2 ? "You win" : "Your side wins";
  return players === 2 ? "Your opponent wins" : "The opponents win";
}
