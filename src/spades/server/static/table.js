// The table: seats around it, the trick, the scores, the clock, the round table; the hand
// itself is hand.js's.
import { h, fill } from "./dom.js";
import { bidText, cardFace, moveText } from "./cards.js";
import {
  eachAlone, playOrder, position, seatRole, sideName, sides, trickCounts,
} from "./game.js";
import { HandView } from "./hand.js";
import { outcomeText, renderRoundTable } from "./rounds.js";

const CLOCK_TICK_MS = 200;
const PAST_TENSE = { play: "played", bid: "bid", pass: "passed", exchange: "exchanged",
  look: "looked at the cards", keep: "kept the top card", reject: "rejected the top card" };
const ELEMENTS = ["table-title", "table-info", "game-over", "outcome", "record-link", "felt",
  "trick", "scores", "last-move", "show-rounds", "hide-rounds", "round-table", "rounds"];

/** "0:27": whole seconds left, rounded up so a clock reads 0:00 only when the time is out. */
function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A seat's player in a few words: "heuristic bot", "open seat", "player (away)". */
function seatWho(seat) {
  if (seat.kind === "bot") return `${seat.bot} bot`;
  if (seat.kind === "open") return "open seat";
  return seat.connected ? "player" : "player (away)";
}

/** "Partner played Q♠", "You bid 4"; a pass, draw or exchange shows only to its seat. */
function lastMoveText(last, you, rules) {
  const who = seatRole(last.seat, you, rules);
  if (last.move === null) return `${who} made a move hidden from you`;
  const [verb, ...cards] = last.move.split(" ");
  const what = cards.length ? ` ${moveText(cards.join(" "))}` : "";
  const text = `${who} ${PAST_TENSE[verb] ?? verb}${what}`;
  return last.by === "clock" ? `${text} (the clock ran out)` : text;
}

/**
 * The table view. `actions` are what the page does for it: move(notation), join(seat),
 * handToBot(seat), and isCreator() (whether this browser created the table).
 */
export class TableView {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.el = Object.fromEntries(ELEMENTS.map((id) => [id, root.querySelector(`#${id}`)]));
    this.hand = new HandView(root.querySelector("#hand-area"), actions.move);
    this.message = null;
    this.roundsSeen = null;
    this.clock = null;
    this.el["show-rounds"].addEventListener("click",
      () => this.showRounds(this.el["round-table"].hidden));
    this.el["hide-rounds"].addEventListener("click", () => this.showRounds(false));
    document.addEventListener("keydown", (event) => {
      const modified = event.altKey || event.ctrlKey || event.metaKey;
      if (!root.hidden && !modified) this.hand.keydown(event);
    });
    setInterval(() => this.tick(), CLOCK_TICK_MS);
  }

  /** Forget the last table (the page left it). */
  reset() {
    this.message = null;
    this.clock = null;
    this.roundsSeen = null;
    this.showRounds(false);
    this.el["game-over"].hidden = true;
  }

  /** Show a table message. */
  render(message) {
    const focused = this.focusedKey();
    this.message = message;
    this.clock = message.clock && {
      seat: message.clock.seat,
      stage: message.clock.stage,
      deadline: performance.now() + message.clock.remaining_ms,
    };
    // The reader's view when she has a seat, else what every seat sees.
    const data = message.view ?? message.public;
    this.renderHead(data);
    this.renderSeats(data);
    this.renderTrick(data);
    this.hand.render(message, data);
    this.renderScores(data);
    this.renderRounds(data);
    this.renderGameOver(data);
    this.tick();
    this.restoreFocus(focused);
  }

  get players() {
    return this.message.rules.players;
  }

  renderHead(data) {
    const { message } = this;
    const role = message.you === null ? "watching" : `you sit in seat ${message.you}`;
    const round = message.status === "over"
      ? "" : ` · round ${data.round_number}, ${data.phase.replace("_", " ")}`;
    this.el["table-title"].textContent = `Table ${message.table}`;
    // A solo or three-player table names its ruleset as text ("classic;players:3"); the
    // others their preset.
    const name = eachAlone(message.rules) ? message.rules_text : message.preset;
    this.el["table-info"].textContent = `${name} · target ${message.rules.target}${round} · ${role}`;
  }

  renderSeats(data) {
    const counts = trickCounts(data.tricks, this.players);
    this.el.felt.querySelectorAll(".seat").forEach((panel) => panel.remove());
    for (const seat of this.message.seats) {
      this.el.felt.append(this.seatPanel(seat, data, counts[seat.seat]));
    }
  }

  seatPanel(seat, data, tricks) {
    const { message, players } = this;
    const n = seat.seat;
    const you = message.you;
    const playing = message.status === "playing";
    const toMove = playing && data.to_move === n;
    const canSit = playing && you === null && seat.kind === "open";
    // The creator may give a bot a seat nobody plays: open, or left by its player.
    const canHand = playing && you !== n && this.actions.isCreator()
      && (seat.kind === "open" || (seat.kind === "player" && !seat.connected));
    const role = seatRole(n, you, message.rules);
    const mark = n === you ? " mine" : role === "Partner" ? " partner" : "";
    const stat = (label, value) => h("div", {}, h("dt", {}, label), h("dd", {}, value));
    return h("section", {
      class: `seat pos-${position(n, you, players)}${mark}`,
      "data-testid": `seat-${n}`,
      "data-to-move": toMove ? "true" : null,
      "aria-label": `${role}, seat ${n}${toMove ? ", to move" : ""}`,
    },
      h("div", { class: "seat-role" }, role,
        you !== null && h("span", { class: "seat-number" }, ` · seat ${n}`)),
      h("div", { class: "seat-who" }, n === you ? "" : seatWho(seat)),
      h("dl", { class: "seat-stats" },
        stat("Bid", bidText(data.bids[n])),
        stat("Tricks", String(tricks)),
        stat("Cards", String(data.hand_sizes[n]))),
      h("div", { class: "clock", "data-testid": `clock-${n}`, "data-seat": n }),
      canSit && h("button", { type: "button", class: "primary", "data-testid": `sit-${n}`,
        onclick: () => this.actions.join(n) }, "Sit here"),
      canHand && h("button", { type: "button", onclick: () => this.actions.handToBot(n) },
        "Hand to a bot"));
  }

  /** The trick being played; between tricks the last finished one, its winner marked. */
  renderTrick(data) {
    const { message, players } = this;
    const finished = data.trick.length === 0 && data.tricks.length > 0;
    const { leader, cards, winner } = finished
      ? data.tricks[data.tricks.length - 1]
      : { leader: data.trick_leader, cards: data.trick, winner: null };
    const seats = cards.length ? playOrder(message.rules, leader, cards.length) : [];
    const number = data.tricks.length + (finished ? 0 : 1);
    let caption = cards.length ? `Trick ${number}` : "";
    if (finished) caption += `: ${seatRole(winner, message.you, message.rules)} won`;
    this.el.trick.dataset.complete = String(finished);
    fill(this.el.trick,
      cards.map((card, i) => h("div", {
        class: `trick-card pos-${position(seats[i], message.you, players)}`,
      }, cardFace(card, { "data-seat": seats[i], class: seats[i] === winner ? "winner" : "" }))),
      h("p", { class: "trick-caption" }, caption));
  }

  /** A row a side: two, or one a player: three with three players, four at a solo table. */
  renderScores(data) {
    const { message } = this;
    const { rules } = message;
    const target = rules.target;
    const headings = ["", "Score", "Bags", "To target"];
    fill(this.el.scores,
      h("thead", {}, h("tr", {}, headings.map((text) => h("th", { scope: "col" }, text)))),
      h("tbody", {}, sides(rules).map((side) => h("tr", {},
        h("th", { scope: "row" }, sideName(side, message.you, rules)),
        h("td", { class: "num" }, String(data.scores[side])),
        h("td", { class: "num" }, String(data.bags[side])),
        h("td", { class: "num" }, String(Math.max(0, target - data.scores[side])))))));
    this.el["last-move"].textContent = message.last_move
      ? `Last move: ${lastMoveText(message.last_move, message.you, rules)}` : "";
  }

  /**
   * The round table. It opens by itself when a round is scored, and on arrival at a finished
   * game; once closed it stays closed until the next round (its button opens it again).
   */
  renderRounds(data) {
    const rounds = data.rounds;
    renderRoundTable(this.el.rounds, rounds, this.message.rules, this.message.you);
    this.el["show-rounds"].disabled = rounds.length === 0;
    const scored = this.roundsSeen !== null && rounds.length > this.roundsSeen;
    const arrivedAtEnd = this.roundsSeen === null && this.message.status === "over";
    if ((scored || arrivedAtEnd) && rounds.length > 0) this.showRounds(true);
    this.roundsSeen = rounds.length;
  }

  showRounds(shown) {
    this.el["round-table"].hidden = !shown;
    this.el["show-rounds"].setAttribute("aria-expanded", String(shown));
  }

  renderGameOver(data) {
    const { message } = this;
    const over = message.status === "over" && data.outcome !== null;
    this.el["game-over"].hidden = !over;
    if (!over) return;
    this.el.outcome.textContent =
      outcomeText(data.outcome, data.scores, message.rules, message.you, data.rounds.length);
    this.el["record-link"].href = message.record;
    this.el["record-link"].setAttribute("download", `spades-${message.table}.json`);
  }

  /** Count the clock down between messages, from the time left when the message came. */
  tick() {
    for (const el of this.el.felt.querySelectorAll(".clock")) {
      const clock = this.clock?.seat === Number(el.dataset.seat) ? this.clock : null;
      const left = clock && `${clockText(clock.deadline - performance.now())} left`;
      el.textContent = clock ? (clock.stage === "extension" ? `extension: ${left}` : left) : "";
      el.dataset.stage = clock ? clock.stage : "";
    }
  }

  /** What the focused control shows, so the same control gets the focus back after a render. */
  focusedKey() {
    const el = document.activeElement;
    if (!el || !this.root.contains(el)) return null;
    const name = ["data-card", "data-move", "data-testid"].find((attr) => el.hasAttribute(attr));
    return name ? `[${name}="${el.getAttribute(name)}"]` : null;
  }

  /**
   * Give the focus back to the control that had it. When that control is gone (the card just
   * played), or when the reader's turn comes and nothing has the focus, the hand gets it, so
   * the keyboard stays where the game is.
   */
  restoreFocus(key) {
    let target = key ? this.root.querySelector(key) : null;
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (!target && lost && (key || this.message.legal.length)) target = this.hand.firstChoice();
    target?.focus({ preventScroll: true });
  }
}
