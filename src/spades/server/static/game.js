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

/** Who `seat` is to the reader: "You", "Partner", "Left opponent"... or "Seat N" to a spectator. */
export function seatRole(seat, you, players) {
  if (you === null) return `Seat ${seat}`;
  if (seat === you) return "You";
  if (players === 2) return "Opponent";
  const roles = { left: "Left opponent", top: "Partner", right: "Right opponent" };
  return roles[position(seat, you, players)];
}

/** The side `seat` plays for: seats 0 and 2 are side 0, seats 1 and 3 side 1. */
export function sideOf(seat) {
  return seat % 2;
}

/** The seats of `side`. */
export function seatsOf(side, players) {
  return players === 2 ? [side] : [side, side + 2];
}

/** A side as the reader calls it: her own side first in mind, or by its seats to a spectator. */
export function sideName(side, you, players) {
  if (you === null) return players === 2 ? `Seat ${side}` : `Seats ${side}\u00a0&\u00a0${side + 2}`;
  const ours = sideOf(you) === side;
  if (players === 2) return ours ? "You" : "Opponent";
  return ours ? "Your side" : "Opponents";
}

/** A side in a narrow column: "Us" and "Them", or its seats to a spectator. */
export function sideShort(side, you, players) {
  if (you === null) return players === 2 ? `Seat ${side}` : `${side} & ${side + 2}`;
  const ours = sideOf(you) === side;
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
