// Where a player's own decks are kept. Decks belong to the player's identity: signed in
// (account.js), the account's decks on the server (`/api/v1/account/decks/<game>`), so
// they follow the player to any browser; otherwise this browser's localStorage, under
// the name it plays with ("guest" before it has one). Every page reads and writes decks
// through this module only, and never asks where they are.
// A deck here is {name, summary, cards: {cardId: copies}, updated}: the same record the
// server's deck routes check (`POST /games/{id}/decks/check`).
// On signing in, the decks this browser kept before are offered to the account: copied
// there (a name the account uses already for other cards gets " (this browser)"), then
// dropped here, or left where they are.
import { signedIn, signedOutBy } from "./account.js";
import { api, h, playerName, toast } from "./api.js";
/** @import { Deck } from "./types.js" */

const PREFIX = "ecotone.decks";
const KEEP = 200;  // decks per game and player in a browser; the oldest go first

/** @param {unknown} a @param {unknown} b */
const sameName = (a, b) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
/** @param {Deck} a @param {Deck} b */
const newestFirst = (a, b) => (b.updated || 0) - (a.updated || 0);

/** Whose decks these are: the account signed in, else the name this browser plays
 * under, else its guest. */
export function deckOwner() {
  return signedIn()?.name || playerName() || "guest";
}

/** Where the decks are kept now, in words a page can show: "account" (on the server,
 * for every browser signed in) or "browser" (this one only). */
export function deckHome() {
  return signedIn() ? "account" : "browser";
}

// -- this browser ----------------------------------------------------------------------------

/** @param {string} game @param {string} owner */
const storageKey = (game, owner) => `${PREFIX}.${owner}.${game}`;

/** @param {string} key @returns {Deck[]} */
function readKey(key) {
  try {
    const all = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(all) ? all.filter((d) => d && typeof d.name === "string" && d.cards && typeof d.cards === "object") : [];
  } catch { return []; }
}

// Decks built before this browser had a name to play under were kept as the guest's: the
// first name it plays under takes them (a deck of its own of the same name wins).
/** @param {string} game @param {string} [owner] @returns {Deck[]} */
function readLocal(game, owner = deckOwner()) {
  const own = readKey(storageKey(game, owner));
  if (owner === "guest" || signedIn()) return own;
  const guest = readKey(storageKey(game, "guest"));
  if (!guest.length) return own;
  const adopted = [...own, ...guest.filter((g) => !own.some((d) => sameName(d.name, g.name)))];
  if (writeLocal(game, adopted, owner)) writeLocal(game, [], "guest");
  return adopted;
}

/** @param {string} game @param {Deck[]} decks @param {string} [owner] @returns {boolean} */
function writeLocal(game, decks, owner = deckOwner()) {
  const kept = [...decks].sort(newestFirst).slice(0, KEEP);
  try {
    if (kept.length) localStorage.setItem(storageKey(game, owner), JSON.stringify(kept));
    else localStorage.removeItem(storageKey(game, owner));
    return true;
  } catch { return false; }  // storage full or switched off
}

/** The decks this browser keeps for `owner` (a name, or "guest"), by game: {game: [deck]}.
 * @param {string} owner @returns {Record<string, Deck[]>} */
export function localDecks(owner) {
  /** @type {Record<string, Deck[]>} */
  const out = {};
  const prefix = `${PREFIX}.${owner}.`;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const game = key && key.startsWith(prefix) ? key.slice(prefix.length) : "";
      if (!game || game.includes(".")) continue;  // another owner's ("a.b" is not "a")
      const decks = readLocal(game, owner);
      if (decks.length) out[game] = decks;
    }
  } catch { /* storage off: nothing kept here */ }
  return out;
}

// -- the account -----------------------------------------------------------------------------

/** A call of the account's deck routes; null when the account's key no longer works.
 * @param {string} path @param {{method?: string, body?: unknown}} [options] @returns {Promise<any>} */
async function remote(path, options = {}) {
  const me = signedIn();
  try {
    return await api(`/account/decks/${path}`, { ...options, token: /** @type {{token: string}} */ (me).token });  // the callers are signed in
  } catch (/** @type {any} */ e) {
    if (signedOutBy(e)) return null;  // the key no longer works: back to this browser's decks
    throw e;
  }
}

// -- what the pages use ----------------------------------------------------------------------

/** This player's decks for `game`, newest first.
 * @param {string} game @returns {Promise<Deck[]>} */
export async function listDecks(game) {
  if (signedIn()) {
    const res = await remote(encodeURIComponent(game));
    if (res) return res.decks;
  }
  return readLocal(game).sort(newestFirst);
}

/** The deck called `name` (any letter case), or null.
 * @param {string} game @param {string} name @returns {Promise<Deck | null>} */
export async function getDeck(game, name) {
  return (await listDecks(game)).find((d) => sameName(d.name, name)) || null;
}

/** Keep `deck` under its name (a deck of the same name, in any letter case, is replaced).
 * Resolves to false when the browser would not store it; rejects with the server's words
 * when the account cannot keep it (too many decks, a name it cannot take).
 * @param {string} game @param {Partial<Deck>} deck @returns {Promise<boolean>} */
export async function saveDeck(game, deck) {
  const name = String(deck.name || "").trim();
  if (!name) throw new Error("A deck needs a name to be saved.");
  const cards = Object.fromEntries(Object.entries(deck.cards || {}).filter(([, n]) => n > 0));
  const record = { name, summary: deck.summary || "", cards };
  if (signedIn()) {
    const res = await remote(encodeURIComponent(game), { method: "POST", body: { deck: record } });
    if (res) return true;
  }
  const others = readLocal(game).filter((d) => !sameName(d.name, name));
  return writeLocal(game, [...others, { ...record, updated: Date.now() }]);
}

/** Forget the deck called `name`. @param {string} game @param {string} name @returns {Promise<boolean>} */
export async function deleteDeck(game, name) {
  if (signedIn()) {
    const res = await remote(`${encodeURIComponent(game)}?name=${encodeURIComponent(String(name).trim())}`, { method: "DELETE" });
    if (res) return res.deleted;
  }
  return writeLocal(game, readLocal(game).filter((d) => !sameName(d.name, name)));
}

/** @param {Record<string, number>} a @param {Record<string, number>} b */
const sameCards = (a, b) => {
  const ka = Object.keys(a).filter((k) => a[k] > 0).sort();
  const kb = Object.keys(b).filter((k) => b[k] > 0).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
};

/** Copy the decks this browser keeps for `owner` into the account signed in, then drop
 * them here. A deck the account holds already (same name, same cards) is not copied
 * twice; one whose name the account uses for other cards is saved as "NAME (this
 * browser)". Resolves to the number of decks copied.
 * @param {string} owner */
export async function copyLocalDecks(owner) {
  if (!signedIn()) throw new Error("Sign in first: the decks go to your account.");
  let copied = 0;
  for (const [game, decks] of Object.entries(localDecks(owner))) {
    const theirs = await listDecks(game);
    for (const deck of [...decks].sort(newestFirst).reverse()) {  // the newest saved last: newest first there too
      const held = theirs.find((d) => sameName(d.name, deck.name));
      if (held && sameCards(held.cards, deck.cards)) continue;
      let name = deck.name;
      for (let n = 1; theirs.some((d) => sameName(d.name, name)); n++) {
        name = `${deck.name.slice(0, 42)} (this browser${n > 1 ? ` ${n}` : ""})`;  // 60 characters at most
      }
      await saveDeck(game, { ...deck, name });
      theirs.push({ ...deck, name });
      copied += 1;
    }
    writeLocal(game, [], owner);
  }
  return copied;
}

// On signing in (account.js says who played here before), offer this browser's decks to
// the account, in a small dialog: copy them, or leave them in this browser.
document.addEventListener("ecotone-signed-in", (ev) => {
  const { detail } = /** @type {CustomEvent<{before: string, account: string} | null>} */ (ev);
  const before = /** @type {string[]} */ ([...new Set([detail?.before, "guest"].filter(Boolean))]);
  const owners = before.filter((o) => Object.keys(localDecks(o)).length);
  if (owners.length) offerLocalDecks(owners);
});

/** The dialog that offers `owners`' decks in this browser to the account signed in.
 * @param {string[]} owners @returns {HTMLDialogElement} */
export function offerLocalDecks(owners) {
  const count = owners.reduce((n, o) => n + Object.values(localDecks(o)).reduce((m, ds) => m + ds.length, 0), 0);
  document.getElementById("deck-offer")?.remove();
  const problem = h("p.error", { id: "deck-offer-error", role: "alert", hidden: true });
  const dialog = h("dialog.deck-offer", { id: "deck-offer", "aria-labelledby": "deck-offer-h" },
    h("h2", { id: "deck-offer-h" }, "Your decks in this browser"),
    h("p", {}, `This browser keeps ${count} deck${count === 1 ? "" : "s"} you made before signing in. `,
      "Copied into your account, they follow you to any browser you sign in from."),
    problem,
    h("div.dialog-buttons", {},
      h("button", { type: "button", id: "deck-offer-copy", onclick: async (ev) => {
        const button = /** @type {HTMLButtonElement} */ (ev.target);
        button.disabled = true;
        try {
          let copied = 0;
          for (const o of owners) copied += await copyLocalDecks(o);
          dialog.close(); dialog.remove();
          toast(`${copied} deck${copied === 1 ? "" : "s"} copied into your account.`);
          document.dispatchEvent(new CustomEvent("ecotone-decks"));
        } catch (/** @type {any} */ e) {
          problem.textContent = e.message; problem.hidden = false; button.disabled = false;
        }
      } }, "Copy them into my account"),
      h("button.secondary", { type: "button", id: "deck-offer-keep", onclick: () => { dialog.close(); dialog.remove(); } }, "Not now")),
    h("p.muted", {}, "Not now: they stay in this browser, yours again whenever you play here signed out."));
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
