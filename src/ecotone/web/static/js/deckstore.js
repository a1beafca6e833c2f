// Where a player's own decks are kept. Decks belong to the player's identity: today the
// name this browser plays under (or "guest" before it has one), in this browser's
// localStorage. Every page reads and writes decks through this module only, so that
// keeping them on the server (with players' accounts) changes this file and no page.
// A deck here is {name, summary, cards: {cardId: copies}, updated}: the same record the
// server's deck routes check (`POST /games/{id}/decks/check`).
import { playerName } from "./api.js";

const PREFIX = "ecotone.decks";
const KEEP = 200;  // decks per game and player; the oldest go first

/** Whose decks these are: the remembered name, else the guest of this browser. */
export function deckOwner() {
  return playerName() || "guest";
}

const storageKey = (game, owner = deckOwner()) => `${PREFIX}.${owner}.${game}`;

function readAll(game) {
  try {
    const all = JSON.parse(localStorage.getItem(storageKey(game)) || "[]");
    return Array.isArray(all) ? all.filter((d) => d && typeof d.name === "string" && d.cards && typeof d.cards === "object") : [];
  } catch { return []; }
}

function writeAll(game, decks) {
  const kept = [...decks].sort((a, b) => (b.updated || 0) - (a.updated || 0)).slice(0, KEEP);
  try {
    localStorage.setItem(storageKey(game), JSON.stringify(kept));
    return true;
  } catch { return false; }  // storage full or switched off
}

/** This player's decks for `game`, newest first.
 * @param {string} game @returns {Promise<Array<{name: string, summary: string, cards: Object<string, number>, updated: number}>>} */
export async function listDecks(game) {
  return readAll(game).sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

/** The deck called `name` (any letter case), or null. */
export async function getDeck(game, name) {
  const wanted = String(name).trim().toLowerCase();
  return readAll(game).find((d) => d.name.trim().toLowerCase() === wanted) || null;
}

/** Keep `deck` under its name (a deck of the same name, in any letter case, is replaced).
 * Resolves to false when the browser would not store it. */
export async function saveDeck(game, deck) {
  const name = String(deck.name || "").trim();
  if (!name) throw new Error("A deck needs a name to be saved.");
  const others = readAll(game).filter((d) => d.name.trim().toLowerCase() !== name.toLowerCase());
  const cards = Object.fromEntries(Object.entries(deck.cards || {}).filter(([, n]) => n > 0));
  return writeAll(game, [...others, { name, summary: deck.summary || "", cards, updated: Date.now() }]);
}

/** Forget the deck called `name`. */
export async function deleteDeck(game, name) {
  const wanted = String(name).trim().toLowerCase();
  return writeAll(game, readAll(game).filter((d) => d.name.trim().toLowerCase() !== wanted));
}
