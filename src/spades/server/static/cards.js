// Cards and moves as the page shows them. The library writes a card as rank then suit
// ("QS", "TH"), a joker of a joker deck as "LJ" or "BJ"; the page keeps that text in
// data-card and shows symbols.
import { h } from "./dom.js";

// The jokers (rule-decks): spades above the ace, shown as a star with a word.
const JOKERS = {
  LJ: { rank: "Little", name: "little joker", red: false },
  BJ: { rank: "Big", name: "big joker", red: true },
};

const SUITS = {
  S: { symbol: "♠", name: "spades", red: false },
  H: { symbol: "♥", name: "hearts", red: true },
  D: { symbol: "♦", name: "diamonds", red: true },
  C: { symbol: "♣", name: "clubs", red: false },
};
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };

/** The rank as printed on a card: "10" for the library's "T"; a joker's word. */
function rankText(card) {
  if (card in JOKERS) return JOKERS[card].rank;
  const rank = card.slice(0, -1);
  return rank === "T" ? "10" : rank;
}

/** The suit's symbol on a card: a star for a joker. */
function symbolOf(card) {
  return card in JOKERS ? "★" : SUITS[card.slice(-1)].symbol;
}

function isRed(card) {
  return (JOKERS[card] ?? SUITS[card.slice(-1)]).red;
}

/** "queen of spades", "big joker": what a screen reader says for a card. */
function cardName(card) {
  if (card in JOKERS) return JOKERS[card].name;
  const rank = card.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${SUITS[card.slice(-1)].name}`;
}

/** "Q♠", "BJ★": a card in running text. */
export function cardShort(card) {
  return card in JOKERS ? `${card}★` : rankText(card) + symbolOf(card);
}

/** The face of a card: rank above suit, red for hearts, diamonds and the big joker. */
function face(card) {
  return [
    h("span", { class: "rank", "aria-hidden": "true" }, rankText(card)),
    h("span", { class: "suit", "aria-hidden": "true" }, symbolOf(card)),
  ];
}

function cardClass(card, extra = "") {
  const joker = card in JOKERS ? " joker" : "";
  return `card ${isRed(card) ? "red" : "black"}${joker} ${extra}`.trim();
}

/** A card on the table (in a trick, or a drawn top card): not a control. */
export function cardFace(card, props = {}) {
  return h("span", { ...props, class: cardClass(card, props.class), "data-card": card,
    role: "img", "aria-label": cardName(card) }, face(card));
}

/** A card in the hand: a button. */
export function cardButton(card, props = {}) {
  return h("button", { ...props, type: "button", class: cardClass(card, props.class),
    "data-card": card, "aria-label": cardName(card) }, face(card));
}

/** The back of a card (a face-down hand). */
export function cardBack() {
  return h("span", { class: "card back", "aria-hidden": "true" });
}

/** A bid in the move notation ("bid 3", "bid nil") as a short word: "3", "nil". */
export function bidText(bid) {
  return bid === null || bid === undefined ? "–" : bid.replace(/^bid /, "");
}

/** A move's notation for reading: card texts become symbols ("play QS" -> "play Q♠"). */
export function moveText(move) {
  return move.replace(/\b([2-9TJQKA][SHDC]|LJ|BJ)\b/g, (card) => cardShort(card));
}

/** A button's label for a move that is not a card: a bid, look, keep, reject. */
export function moveLabel(move) {
  const labels = { "bid nil": "Nil", "bid blind nil": "Blind nil", look: "Look at my cards",
    keep: "Keep", reject: "Reject" };
  return labels[move] ?? move.replace(/^bid /, "");
}
