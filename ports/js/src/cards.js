// Cards as their data text, and the library order (porting-conventions, porting-cards).
//
// A card is two characters: a rank of "23456789TJQKA", then a suit of "CDHS", in
// capitals, or a joker, "LJ" or "BJ". Only that form is a card in data ("10H", "th",
// "T♥" and "lj" are refused).

export const SUITS = 'CDHS';
export const RANKS = '23456789TJQKA';

// Library order: clubs, diamonds, hearts, spades, each from two to ace; a card's
// index is 13 × suit + (rank − 2) (porting-conventions).
export const LIBRARY = Object.freeze(
  [...SUITS].flatMap((suit) => [...RANKS].map((rank) => rank + suit)),
);

// The jokers (porting-decks, rule-decks): the little joker, index 52, and the big joker,
// index 53, after the 52 cards of library order. Both play as spades.
export const JOKERS = Object.freeze(['LJ', 'BJ']);
export const CARDS = Object.freeze([...LIBRARY, ...JOKERS]);

const INDEX = new Map(CARDS.map((card, index) => [card, index]));

// Each deck's cards in library order (porting-decks): the standard 52; Joker-Joker-Ace
// without 2C and 2D; Joker-Joker-Deuce-Deuce without 2C and 2H. Each has the jokers.
const OUT = { standard: [...JOKERS], joker_joker_ace: ['2C', '2D'], joker_joker_deuce_deuce: ['2C', '2H'] };
const DECK_CARDS = Object.fromEntries(
  Object.entries(OUT).map(([deck, out]) => [deck, Object.freeze(CARDS.filter((card) => !out.includes(card)))]),
);

// The packs three players are dealt (porting-three-players, rule-three-players): the
// standard deck without 2C, 51 cards; a joker deck whole, all 54 cards, its deuces back.
const THREE_CARDS = Object.freeze({
  standard: Object.freeze(LIBRARY.filter((card) => card !== '2C')),
  joker_joker_ace: CARDS,
  joker_joker_deuce_deuce: CARDS,
});

/**
 * The cards of `deck` (a ruleset's deck value) dealt to `players` players, in library
 * order: the deck's 52 for two and four; for three, the pack of porting-three-players.
 */
export function deckCards(deck = 'standard', players = 4) {
  const table = players === 3 ? THREE_CARDS : DECK_CARDS;
  const cards = Object.hasOwn(table, deck) ? table[deck] : undefined;
  if (cards === undefined) throw new Error(`unknown deck ${JSON.stringify(deck)}`);
  return cards;
}

/**
 * The suit letter a card plays as under `deck` (porting-decks): a joker plays as a
 * spade, and so does the 2D of Joker-Joker-Deuce-Deuce; every other card its own suit.
 */
export function playsAs(card, deck = 'standard') {
  if (JOKERS.includes(card) || (deck === 'joker_joker_deuce_deuce' && card === '2D')) return 'S';
  return card[1];
}

/** Whether `value` is a card's data text. */
export function isCard(value) {
  return typeof value === 'string' && INDEX.has(value);
}

/** The card's index in library order; throws on anything that is not a card's text. */
export function cardIndex(card) {
  const index = INDEX.get(card);
  if (index === undefined) throw new Error(`not a card: ${JSON.stringify(card)}`);
  return index;
}

/** The suit letter of a card (a joker's is "S"); for a rule, use `playsAs` with the deck. */
export function suitOf(card) {
  return JOKERS.includes(card) ? 'S' : card[1];
}

/** A copy of `cards` in library order. */
export function inLibraryOrder(cards) {
  return [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));
}

/** Whether `cards` are distinct and strictly in library order. */
export function isInLibraryOrder(cards) {
  for (let i = 1; i < cards.length; i += 1) {
    if (cardIndex(cards[i - 1]) >= cardIndex(cards[i])) return false;
  }
  return true;
}

/**
 * Reads an array of card texts; throws, naming `what`, if it is not an array of
 * distinct cards. With `ordered`, the cards must be in library order too (hands,
 * passes and exchanges are written so, porting-conventions).
 */
export function readCards(value, what, { ordered = false } = {}) {
  if (!Array.isArray(value)) throw new Error(`${what}: expected an array of cards`);
  const seen = new Set();
  for (const card of value) {
    if (!isCard(card)) throw new Error(`${what}: not a card: ${JSON.stringify(card)}`);
    if (seen.has(card)) throw new Error(`${what}: the card ${card} shows twice`);
    seen.add(card);
  }
  if (ordered && !isInLibraryOrder(value)) {
    throw new Error(`${what}: cards not in library order: ${value.join(' ')}`);
  }
  return value;
}

/** Every set of `size` cards of `cards`, in the order itertools.combinations gives. */
export function combinations(cards, size) {
  const result = [];
  const chosen = [];
  const extend = (start) => {
    if (chosen.length === size) {
      result.push([...chosen]);
      return;
    }
    for (let i = start; i <= cards.length - (size - chosen.length); i += 1) {
      chosen.push(cards[i]);
      extend(i + 1);
      chosen.pop();
    }
  };
  extend(0);
  return result;
}
