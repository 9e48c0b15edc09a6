// Source B's round table (bids, tricks, the round's points and bags, the totals and the
// points still to the target, for every side) and the game's outcome in words.
import { h, fill } from "./dom.js";
import { bidText } from "./cards.js";
import { eachAlone, seatRole, seatsOf, sideName, sideOf, sideShort, sides } from "./game.js";

const HEADINGS = ["Side", "Bids", "Tricks", "Points", "Bags", "Total", "To go"];
const PLUS = "\u2009+\u2009"; // partners' bids and tricks, thin-spaced to keep the table narrow

/** What each cell of a side's round says: a row of a side, or a column of a solo player. */
function sideCells(round, side, total, rules) {
  const score = round.sides[side];
  const seats = seatsOf(side, rules);
  return [
    seats.map((seat) => bidText(round.bids[seat])).join(PLUS),
    seats.map((seat) => round.tricks[seat]).join(PLUS),
    String(score.points),
    `+${score.overtricks + score.nil_bags} (${score.bags})`,
    String(total),
    String(Math.max(0, rules.target - total)),
  ];
}

const NUMERIC = [false, false, true, true, true, true]; // which of sideCells are numbers
const TOTAL = 4; // the cell of the total, in bold

function cell(text, index) {
  const cls = [NUMERIC[index] && "num", index === TOTAL && "total"].filter(Boolean).join(" ");
  return h("td", { class: cls || null }, text);
}

/** One round: a heading row with its number, then a row for each side. */
function roundBody(round, number, totals, rules, you) {
  return h("tbody", {},
    h("tr", { class: "round-head" },
      h("th", { scope: "rowgroup", colspan: HEADINGS.length }, `Round ${number}`)),
    [0, 1].map((side) => h("tr", {},
      h("th", { scope: "row" }, sideShort(side, you, rules)),
      sideCells(round, side, totals[side], rules).map(cell))));
}

/**
 * One round of a solo game, or of three players: a heading row with its number, then a row
 * for each of bids, tricks, points, bags, total and to go, with a column a player.
 */
function soloRoundBody(round, number, totals, rules) {
  const columns = sides(rules).map((side) => sideCells(round, side, totals[side], rules));
  return h("tbody", {},
    h("tr", { class: "round-head" },
      h("th", { scope: "rowgroup", colspan: columns.length + 1 }, `Round ${number}`)),
    HEADINGS.slice(1).map((heading, index) => h("tr", {},
      h("th", { scope: "row" }, heading),
      columns.map((cells) => cell(cells[index], index)))));
}

/**
 * Fill `table` with every round so far: a row a side, or each on her own (solo, or three
 * players) a column a player.
 */
export function renderRoundTable(table, rounds, rules, you) {
  const totals = sides(rules).map(() => 0);
  const bodies = rounds.map((round, i) => {
    round.sides.forEach((score, side) => { totals[side] += score.points; });
    return eachAlone(rules)
      ? soloRoundBody(round, i + 1, [...totals], rules)
      : roundBody(round, i + 1, [...totals], rules, you);
  });
  const headings = eachAlone(rules)
    ? ["", ...sides(rules).map((side) => sideShort(side, you, rules))] : HEADINGS;
  const head = h("thead", {}, h("tr", {}, headings.map((text) => h("th", { scope: "col" }, text))));
  fill(table, head, bodies);
}

/**
 * Who won and why, said to the reader: "Your side wins 510 to 320, reaching the target of
 * 500."; each on her own (solo, or three players) the highest total against the others',
 * or who share it in a draw.
 */
export function outcomeText(outcome, scores, rules, you, roundCount) {
  if (outcome.winner === null) {
    if (!eachAlone(rules)) return `A draw at the round cap: ${scores[0]} all.`;
    const best = Math.max(...scores);
    const sharing = sides(rules).filter((side) => scores[side] === best)
      .map((side) => sideName(side, you, rules));
    return `A draw at the round cap: ${listed(sharing)} share the highest total, ${best}.`;
  }
  const winner = outcome.winner;
  const rounds = `${roundCount} round${roundCount === 1 ? "" : "s"}`;
  const fell = eachAlone(rules) ? "a player" : "the other side";
  const why = {
    target: `, reaching the target of ${rules.target}`,
    losing_floor: `: ${fell} fell to the losing floor of ${rules.losing_floor}`,
    round_cap: `, ahead after the round cap of ${rounds}`,
  }[outcome.termination] ?? "";
  const others = sides(rules).filter((side) => side !== winner)
    .map((side) => scores[side]).sort((a, b) => b - a);
  const score = `${scores[winner]} to ${listed(others.map(String))}`;
  return `${winnerWords(winner, you, rules)} ${score}${why}.`;
}

/** "a", "a and b", "a, b and c". */
function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function winnerWords(side, you, rules) {
  const players = rules.players;
  if (eachAlone(rules)) {
    if (you === null) return `${sideName(side, you, rules)} wins`;
    if (side === you) return "You win";
    const who = { Left: "on your left", Across: "across", Right: "on your right" };
    return `The player ${who[seatRole(side, you, rules)]} wins`;
  }
  if (you === null) return `${sideName(side, you, rules)} ${players === 2 ? "wins" : "win"}`;
  if (sideOf(you, rules) === side) return players === 2 ? "You win" : "Your side wins";
  return players === 2 ? "Your opponent wins" : "The opponents win";
}
