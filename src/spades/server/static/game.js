// Facts about seats and sides that the table and the round table both need.

/**
 * Where `seat` sits on the screen: the reader's own seat (or seat 0, for a spectator) at the
 * bottom and the partner at the top; with two players the opponent sits on top. Seats are
 * numbered to the left: the library's clockwise play goes from a seat to the one on its left.
 */
export function position(seat, you, players) {
  const bottom = you ?? 0;
  const rel = (seat - bottom + players) % players;
  return players === 2 ? ["bottom", "top"][rel] : ["bottom", "left", "top", "right"][rel];
}

/**
 * How many sides play: two (partnerships, or two players), or four when four play solo,
 * each seat a side of her own (rules.solo).
 */
export function sideCount(rules) {
  return rules.solo ? 4 : 2;
}

/** Every side's number, in order: [0, 1], or [0, 1, 2, 3] at a solo table. */
export function sides(rules) {
  return Array.from({ length: sideCount(rules) }, (_, side) => side);
}

/**
 * Who `seat` is to the reader: "You", "Partner", "Left opponent"... or "Seat N" to a
 * spectator. At a solo table nobody is a partner: "Left", "Across" and "Right".
 */
export function seatRole(seat, you, rules) {
  if (you === null) return `Seat ${seat}`;
  if (seat === you) return "You";
  if (rules.players === 2) return "Opponent";
  const roles = rules.solo
    ? { left: "Left", top: "Across", right: "Right" }
    : { left: "Left opponent", top: "Partner", right: "Right opponent" };
  return roles[position(seat, you, rules.players)];
}

/** The side `seat` plays for: her own at a solo table, else seats 0 and 2 side 0, 1 and 3 side 1. */
export function sideOf(seat, rules) {
  return rules.solo ? seat : seat % 2;
}

/** The seats of `side`: one seat at a solo table or with two players, else two partners. */
export function seatsOf(side, rules) {
  return rules.solo || rules.players === 2 ? [side] : [side, side + 2];
}

/**
 * A side as the reader calls it: her own side first in mind, or by its seats to a
 * spectator; at a solo table a side is a player, named as her seat is (seatRole).
 */
export function sideName(side, you, rules) {
  const players = rules.players;
  if (rules.solo) return seatRole(side, you, rules);
  if (you === null) return players === 2 ? `Seat ${side}` : `Seats ${side}\u00a0&\u00a0${side + 2}`;
  const ours = sideOf(you, rules) === side;
  if (players === 2) return ours ? "You" : "Opponent";
  return ours ? "Your side" : "Opponents";
}

/** A side in a narrow column: "Us" and "Them", or its seats; a player at a solo table. */
export function sideShort(side, you, rules) {
  const players = rules.players;
  if (rules.solo) return seatRole(side, you, rules);
  if (you === null) return players === 2 ? `Seat ${side}` : `${side} & ${side + 2}`;
  const ours = sideOf(you, rules) === side;
  if (players === 2) return ours ? "You" : "Opp.";
  return ours ? "Us" : "Them";
}

/** The seats that play the cards of a trick led by `leader`, in order. */
export function playOrder(rules, leader, count) {
  const step = rules.direction === "counterclockwise" ? rules.players - 1 : 1;
  return Array.from({ length: count }, (_, i) => (leader + i * step) % rules.players);
}

/** How many of this round's finished tricks each seat won. */
export function trickCounts(tricks, players) {
  const counts = new Array(players).fill(0);
  for (const trick of tricks) counts[trick.winner] += 1;
  return counts;
}
