// Facts about seats and sides that the table and the round table both need.

/** The places round the table, by seat from the reader's own: two, three or four players. */
const PLACES = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
};

/**
 * Where `seat` sits on the screen: the reader's own seat (or seat 0, for a spectator) at the
 * bottom and the partner at the top; with two players the opponent sits on top, with three
 * the others on the left and the right. Seats are numbered to the left: the library's
 * clockwise play goes from a seat to the one on its left.
 */
export function position(seat, you, players) {
  const bottom = you ?? 0;
  const rel = (seat - bottom + players) % players;
  return PLACES[players][rel];
}

/**
 * Whether more than two play each on her own, a side a seat: four solo (rules.solo) or
 * three (rule-three-players). Two players are each on her own too, but named as two sides.
 */
export function eachAlone(rules) {
  return rules.solo || rules.players === 3;
}

/**
 * How many sides play: two (partnerships, or two players), three when three play, or four
 * when four play solo, each seat a side of her own.
 */
export function sideCount(rules) {
  return eachAlone(rules) ? rules.players : 2;
}

/** Every side's number, in order: [0, 1], [0, 1, 2] with three, or [0, 1, 2, 3] solo. */
export function sides(rules) {
  return Array.from({ length: sideCount(rules) }, (_, side) => side);
}

/**
 * Who `seat` is to the reader: "You", "Partner", "Left opponent"... or "Seat N" to a
 * spectator. At a solo table nobody is a partner: "Left", "Across" and "Right"; with three,
 * "Left" and "Right".
 */
export function seatRole(seat, you, rules) {
  if (you === null) return `Seat ${seat}`;
  if (seat === you) return "You";
  if (rules.players === 2) return "Opponent";
  const roles = eachAlone(rules)
    ? { left: "Left", top: "Across", right: "Right" }
    : { left: "Left opponent", top: "Partner", right: "Right opponent" };
  return roles[position(seat, you, rules.players)];
}

/**
 * The side `seat` plays for: her own at a solo table or with three, else seats 0 and 2
 * side 0, 1 and 3 side 1.
 */
export function sideOf(seat, rules) {
  return eachAlone(rules) ? seat : seat % 2;
}

/** The seats of `side`: one seat at a solo table, with three or two players; else partners. */
export function seatsOf(side, rules) {
  return eachAlone(rules) || rules.players === 2 ? [side] : [side, side + 2];
}

/**
 * A side as the reader calls it: her own side first in mind, or by its seats to a
 * spectator; at a solo table or with three a side is a player, named as her seat is
 * (seatRole).
 */
export function sideName(side, you, rules) {
  const players = rules.players;
  if (eachAlone(rules)) return seatRole(side, you, rules);
  if (you === null) return players === 2 ? `Seat ${side}` : `Seats ${side}\u00a0&\u00a0${side + 2}`;
  const ours = sideOf(you, rules) === side;
  if (players === 2) return ours ? "You" : "Opponent";
  return ours ? "Your side" : "Opponents";
}

/** A side in a narrow column: "Us" and "Them", or its seats; a player, each on her own. */
export function sideShort(side, you, rules) {
  const players = rules.players;
  if (eachAlone(rules)) return seatRole(side, you, rules);
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
