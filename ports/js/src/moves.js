// Moves as their canonical text (porting-moves, porting-move-grammar). Data holds the
// canonical text only: lower-case words separated by single spaces, cards in their
// data form, the cards of a pass or an exchange distinct and in library order.
// Anything else is "not a move" and refused here, although the Python library reads
// looser spellings for people (ref-notation). A text the grammar accepts may still be
// illegal where it stands (`bid 14`, `bid -1`, `pass`): that is legal.js's business.
//
// A move is a plain object:
//   {type: 'bid', n, blind}  'bid 1', 'bid -999'..'bid 999' (never 0), 'bid nil' (n 0),
//                            'bid blind nil' (n 0, blind), 'bid blind 7' (n 7, blind)
//   {type: 'look'} {type: 'keep'} {type: 'reject'}
//   {type: 'play', card}
//   {type: 'pass', cards}      'pass' alone, or 'pass 2C 3D': 0 to 54 cards
//   {type: 'exchange', cards}  'exchange' alone, or 'exchange 2C 3D': 0 to 54 cards
// A card is one of the 52 or a joker, LJ or BJ (porting-decks), whatever the ruleset's deck.
// It never says who made it: that is always the seat to move.

import { isCard, isInLibraryOrder } from './cards.js';

// tricks = [ "-" ] nonzero 0*2digit: -999 to 999 but never 0, no leading zero, no "+".
const TRICKS = /^-?[1-9][0-9]{0,2}$/;

/**
 * Reads a move's canonical text by the grammar of porting-move-grammar; throws on any
 * text that is not a move.
 */
export function parseMove(text) {
  if (typeof text !== 'string') throw new Error(`a move is a string, not ${JSON.stringify(text)}`);
  const refuse = (why) => new Error(`${JSON.stringify(text)} is not a move's canonical text: ${why}`);
  // SP is one space between words: none before, after or doubled.
  const words = text.split(' ');
  if (words.some((word) => word === '')) throw refuse('words are separated by single spaces');
  const [head, ...rest] = words;
  switch (head) {
    case 'look':
    case 'keep':
    case 'reject':
      if (rest.length > 0) throw refuse(`'${head}' stands alone`);
      return { type: head };
    case 'bid':
      if (rest.length === 1 && rest[0] === 'nil') return { type: 'bid', n: 0, blind: false };
      if (rest.length === 2 && rest[0] === 'blind' && rest[1] === 'nil') {
        return { type: 'bid', n: 0, blind: true };
      }
      if (rest.length === 1 && TRICKS.test(rest[0])) return { type: 'bid', n: Number(rest[0]), blind: false };
      if (rest.length === 2 && rest[0] === 'blind' && TRICKS.test(rest[1])) {
        return { type: 'bid', n: Number(rest[1]), blind: true }; // a blind number (porting-blind-bids)
      }
      throw refuse("write 'bid 3' (-999 to 999, not 0), 'bid nil', 'bid blind nil' or 'bid blind 7'");
    case 'play':
      if (rest.length !== 1 || !isCard(rest[0])) throw refuse("write 'play AS'");
      return { type: 'play', card: rest[0] };
    case 'pass':
    case 'exchange':
      // *54( SP card ), the cards distinct and in library order, LJ and BJ last (so at most 54 anyway)
      if (!rest.every(isCard)) throw refuse('cards are written like 2C, TH, AS, LJ');
      if (!isInLibraryOrder(rest)) throw refuse('the cards are distinct and in library order');
      return { type: head, cards: rest };
    default:
      throw refuse(`unknown move '${head}'`);
  }
}

export function moveText(move) {
  switch (move.type) {
    case 'bid':
      if (move.blind) return move.n === 0 ? 'bid blind nil' : `bid blind ${move.n}`;
      return move.n === 0 ? 'bid nil' : `bid ${move.n}`; // a negative n prints its '-'
    case 'play':
      return `play ${move.card}`;
    case 'pass':
    case 'exchange':
      return [move.type, ...move.cards].join(' ');
    default:
      return move.type;
  }
}
