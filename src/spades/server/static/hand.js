// The reader's hand and her moves: cards to play, cards to pick for a pass or an exchange,
// and a button for every other legal move (bids, look, keep, reject).
import { h, fill } from "./dom.js";
import { cardBack, cardButton, cardFace, cardShort, moveLabel } from "./cards.js";

const DIGIT_PAUSE_MS = 1000;
const SELECT_VERBS = ["pass", "exchange"];
const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** The first word of a move: "play", "bid", "pass"... */
function verbOf(move) {
  return move.split(" ")[0];
}

/** The cards a move names ("pass 2C 3C" -> ["2C", "3C"]). */
function cardsOf(move) {
  return move.split(" ").slice(1);
}

/** The same cards in one order, to compare a pick with a legal move. */
function cardSet(cards) {
  return [...cards].sort().join(" ");
}

/**
 * The hand area of the table. `move(notation)` sends a move; every card and move is a
 * button, so Tab, Enter and Space work, and the arrow keys walk along a row.
 */
export class HandView {
  constructor(area, move) {
    this.area = area;
    this.move = move;
    this.title = area.querySelector("#hand-title");
    this.topCard = area.querySelector("#top-card");
    this.hand = area.querySelector("#hand");
    this.moves = area.querySelector("#moves");
    this.selected = new Set();
    this.selectedAt = null;
    this.digits = "";
    this.digitsTimer = null;
  }

  /** Show the hand of `data` (the reader's view) with the moves of `message.legal`. */
  render(message, data) {
    this.message = message;
    this.data = data;
    // Picked cards belong to one turn: a new move anywhere drops them.
    if (this.selectedAt !== message.ply) {
      this.selected.clear();
      this.selectedAt = message.ply;
    }
    this.area.hidden = message.you === null || message.status === "over";
    if (this.area.hidden) {
      // Nothing stays behind a hidden hand: no card of a seat left, no button to press.
      for (const part of [this.topCard, this.hand, this.moves]) fill(part, null);
      return;
    }
    const myTurn = message.legal.length > 0;
    this.area.classList.toggle("your-turn", myTurn);
    this.title.textContent = myTurn ? "Your hand · your turn" : "Your hand";
    this.renderTopCard();
    const verb = SELECT_VERBS.find((word) => message.legal.some((move) => verbOf(move) === word));
    if (verb) this.renderSelecting(verb);
    else this.renderPlaying();
  }

  /** Two-handed drawing: the top card of the stock, which the reader keeps or rejects. */
  renderTopCard() {
    const card = this.data.top_card ?? null;
    fill(this.topCard, card === null ? null : [
      h("span", {}, `Top of the stock (${this.data.stock_size} left):`), cardFace(card)]);
  }

  /** Cards played by a click. Illegal ones are sent too: the server's error says why not. */
  renderPlaying() {
    const { message, data } = this;
    const plays = message.legal.filter((move) => verbOf(move) === "play");
    const legal = new Set(plays.map((move) => cardsOf(move)[0]));
    // Mark and dim the cards only when one is to be played now.
    this.hand.classList.toggle("choosing", legal.size > 0);
    if (data.hand === null) {
      fill(this.hand, Array.from({ length: data.hand_sizes[message.you] }, cardBack),
        h("p", { class: "hint" }, "Your cards are face down."));
    } else {
      fill(this.hand, data.hand.map((card) => cardButton(card, {
        class: legal.has(card) ? "legal" : "illegal",
        "data-legal": String(legal.has(card)),
        onclick: () => this.move(`play ${card}`),
      })));
    }
    this.renderMoves(message.legal.filter((move) => verbOf(move) !== "play"), null);
  }

  /** A pass or an exchange: cards are picked (toggled), then one button sends them. */
  renderSelecting(verb) {
    const { message } = this;
    const hand = this.data.hand ?? [];
    const entries = message.legal.filter((move) => verbOf(move) === verb);
    const usable = new Set(entries.flatMap(cardsOf));
    this.hand.classList.add("choosing");
    fill(this.hand, hand.map((card) => cardButton(card, {
      class: [usable.has(card) ? "legal" : "illegal", this.selected.has(card) && "selected"]
        .filter(Boolean).join(" "),
      "data-legal": String(usable.has(card)),
      "aria-pressed": String(this.selected.has(card)),
      onclick: () => this.toggle(card),
    })));
    const picked = hand.filter((card) => this.selected.has(card));
    // The legal move with exactly these cards, in the library's order; else the cards as
    // picked, and the server says what is wrong with them.
    const entry = entries.find((move) => cardSet(cardsOf(move)) === cardSet(picked));
    const others = message.legal.filter((move) => !SELECT_VERBS.includes(verbOf(move)));
    this.renderMoves(others, entry ?? [verb, ...picked].join(" "));
  }

  toggle(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else this.selected.add(card);
    this.render(this.message, this.data);
    this.hand.querySelector(`[data-card="${card}"]`)?.focus();
  }

  /** A button for each move that is not a card; `confirm` (or null) sends the picked cards. */
  renderMoves(moves, confirm) {
    const button = (move, label, cls = "") => h("button", {
      type: "button", class: `move ${cls}`.trim(), "data-move": move,
      onclick: () => this.move(move),
    }, label);
    const bids = moves.filter((move) => verbOf(move) === "bid");
    const rest = moves.filter((move) => verbOf(move) !== "bid");
    const confirmLabel = confirm && `${verbOf(confirm) === "pass" ? "Pass" : "Exchange"} ${
      cardsOf(confirm).map(cardShort).join(" ") || "nothing"}`;
    fill(this.moves,
      bids.length > 0 && h("div", { class: "move-group", role: "group", "aria-label": "Your bid" },
        h("span", { class: "move-label" }, "Your bid:"),
        bids.map((move) => button(move, moveLabel(move), move === "bid blind nil" ? "blind" : ""))),
      rest.length > 0 && h("div", { class: "move-group", role: "group", "aria-label": "Moves" },
        rest.map((move) => button(move, moveLabel(move)))),
      confirm !== null && h("div", { class: "move-group" },
        h("span", { class: "move-label" }, "Pick cards, then:"),
        button(confirm, confirmLabel, "primary")));
  }

  /** The control to focus when the reader's turn comes and nothing has the focus. */
  firstChoice() {
    return this.moves.querySelector("button") ?? this.hand.querySelector('[data-legal="true"]')
      ?? this.hand.querySelector("button");
  }

  /** Arrow keys, Home and End walk the hand or the moves; digits and n pick a bid. */
  keydown(event) {
    const row = event.target.closest?.("#hand, #moves");
    if (row && (event.key in STEPS || event.key === "Home" || event.key === "End")) {
      const buttons = [...row.querySelectorAll("button")];
      const at = buttons.indexOf(event.target);
      const last = buttons.length - 1;
      const next = event.key === "Home" ? 0 : event.key === "End" ? last
        : Math.min(last, Math.max(0, at + STEPS[event.key]));
      buttons[next]?.focus();
      event.preventDefault();
    } else if (/^[0-9n]$/.test(event.key)) {
      this.typeBid(event.key);
    }
  }

  /** Focus the bid typed: digits within a second make one number ("1", "2" is 12), n is nil. */
  typeBid(key) {
    clearTimeout(this.digitsTimer);
    const bidButton = (text) => this.moves.querySelector(`[data-move="bid ${text}"]`);
    const longer = key !== "n" && /^\d+$/.test(this.digits) ? this.digits + key : null;
    this.digits = longer !== null && bidButton(longer) ? longer : key === "n" ? "nil" : key;
    bidButton(this.digits)?.focus();
    this.digitsTimer = setTimeout(() => { this.digits = ""; }, DIGIT_PAUSE_MS);
  }
}
