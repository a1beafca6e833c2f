// Talking to the Ecotone server (docs/protocol.md) and remembering seat tokens.
// A tab plays with the seats in its sessionStorage (per tab, survives a reload). This
// browser's list of matches, tokens included, is also kept in localStorage so every tab
// and the next visit can list and resume them. A token never goes into a URL or a log:
// only into the websocket hello and Authorization headers.
import { listen } from "./morph.js";
/** @import { Catalogue, GameInfo, Presentation } from "./types.js" */

/** A call of the server's HTTP API: its answer's JSON (whose shape the route decides,
 * docs/protocol.md), or a rejection with the server's words and code (`ApiError`).
 * @param {string} path under /api/v1
 * @param {{method?: string, body?: unknown, token?: string | null}} [options]
 * @returns {Promise<any>} */
export async function api(path, { method = "GET", body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/v1${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data?.error?.message || `request failed (${res.status})`);
    throw Object.assign(err, { code: String(data?.error?.code || `http/${res.status}`) });
  }
  return data;
}

/** @param {string} id */
const key = (id) => `ecotone.seats.${id}`;

/** Seat tokens by seat number (a JSON object's keys are the seats' numbers as text).
 * @typedef {Record<string, string>} SeatTokens */

/** A match of this browser's list (localStorage): what it is and the seats held.
 * @typedef {{game?: string, title?: string, seats: SeatTokens, at: number}} MineEntry */

/** The seats this tab holds in match `id`: {seat: token}.
 * @param {string} id @returns {SeatTokens} */
export function heldSeats(id) {
  try { return JSON.parse(sessionStorage.getItem(key(id)) || "{}"); } catch { return {}; }
}

/** This tab takes `seat` of match `id`; the browser's list remembers it too (`meta`: {game, title}).
 * @param {string} id @param {number} seat @param {string} token
 * @param {{game?: string, title?: string}} [meta] */
export function holdSeat(id, seat, token, meta = {}) {
  const seats = heldSeats(id);
  seats[seat] = token;
  sessionStorage.setItem(key(id), JSON.stringify(seats));
  rememberMatch(id, { [seat]: token }, meta);
}

/** @param {string} id */
export function dropSeats(id) { sessionStorage.removeItem(key(id)); }

// -- this browser's matches (localStorage) ---------------------------------------------
const MINE = "ecotone.mine";
const MINE_KEEP = 100;  // the newest ones; a browser rarely has more worth resuming

/** @returns {Record<string, MineEntry>} */
function readMine() {
  try {
    const all = JSON.parse(localStorage.getItem(MINE) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch { return {}; }
}

/** @param {Record<string, MineEntry>} all */
function writeMine(all) {
  const keep = Object.entries(all).sort((a, b) => (b[1].at || 0) - (a[1].at || 0)).slice(0, MINE_KEEP);
  try { localStorage.setItem(MINE, JSON.stringify(Object.fromEntries(keep))); } catch { /* storage full or off: the tab still plays */ }
}

/** This browser's matches, newest first: [{id, game, title, seats: {seat: token}, at}].
 * @returns {Array<{id: string, game: string, title: string, seats: SeatTokens, at: number}>} */
export function myMatches() {
  return Object.entries(readMine()).map(([id, m]) => ({ id, game: m.game || "", title: m.title || "", seats: m.seats || {}, at: m.at || 0 }))
    .sort((a, b) => b.at - a.at);
}

/** Add seats (and what the match is) to this browser's list.
 * @param {string} id @param {SeatTokens} seats @param {{game?: string, title?: string}} [meta] */
export function rememberMatch(id, seats, meta = {}) {
  const all = readMine();
  const old = all[id] || { seats: {}, at: Date.now() };
  all[id] = { ...old, ...Object.fromEntries(Object.entries(meta).filter(([, v]) => v)), seats: { ...old.seats, ...seats } };
  writeMine(all);
}

/** Forget match `id` in this browser: the list and this tab's seats. @param {string} id */
export function forgetMatch(id) {
  const all = readMine();
  delete all[id];
  writeMine(all);
  dropSeats(id);
  sessionStorage.removeItem(`ecotone.active.${id}`);
}

/** The server refused this browser's token for `seat` of match `id` (the seat was left, or
 * the token was never valid): forget it in this tab and in the browser's list. A match
 * with no seat left here leaves the list, since there is nothing in it to resume.
 * @param {string} id @param {number} seat */
export function dropSeat(id, seat) {
  const seats = heldSeats(id);
  delete seats[seat];
  if (Object.keys(seats).length) sessionStorage.setItem(key(id), JSON.stringify(seats));
  else { dropSeats(id); sessionStorage.removeItem(`ecotone.active.${id}`); }
  const all = readMine();
  if (!all[id]) return;
  const kept = { ...(all[id].seats || {}) };
  delete kept[seat];
  if (Object.keys(kept).length) all[id] = { ...all[id], seats: kept };
  else delete all[id];
  writeMine(all);
}

/** Let this tab play the seats this browser holds in `id` (if it holds none of them yet).
 * @param {string} id */
export function resumeMatch(id) {
  const mine = readMine()[id];
  if (!mine || Object.keys(heldSeats(id)).length) return;
  sessionStorage.setItem(key(id), JSON.stringify(mine.seats));
}

/** Seats this tab held before the browser kept a list: add them to it, once per tab
 * (so a match forgotten in another tab does not come back from this one). */
export function adoptTabSeats() {
  if (sessionStorage.getItem("ecotone.adopted")) return;
  sessionStorage.setItem("ecotone.adopted", "1");
  for (let i = 0; i < sessionStorage.length; i++) {
    const k = sessionStorage.key(i);
    if (k && k.startsWith("ecotone.seats.")) rememberMatch(k.slice("ecotone.seats.".length), heldSeats(k.slice("ecotone.seats.".length)));
  }
}

export const MINE_KEY = MINE;

/** The seat this tab plays in match `id` now, or null. @param {string} id @returns {number | null} */
export function activeSeat(id) {
  const v = sessionStorage.getItem(`ecotone.active.${id}`);
  return v === null ? null : Number(v);
}
/** @param {string} id @param {number} seat */
export function setActiveSeat(id, seat) { sessionStorage.setItem(`ecotone.active.${id}`, String(seat)); }

/** The element a tag such as "button.secondary" makes: a known tag's own element type.
 * @template {string} T
 * @typedef {T extends `${infer N extends keyof HTMLElementTagNameMap}.${string}` ? HTMLElementTagNameMap[N]
 *   : T extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[T] : HTMLElement} ElementOf */

/** An element's attributes for `h`: `on<event>` handlers (given the event's own type), the
 * class to add (`class`), its text (`text`), and any attribute (true: present; false,
 * null or undefined: left out; anything else as text).
 * @typedef {{[K in keyof HTMLElementEventMap as `on${K}`]?: (event: HTMLElementEventMap[K]) => unknown}
 *   & Record<string, unknown>} Attrs */

/** A child for `h`: a node, or text (a number is written as text); null, undefined and
 * false are left out. `h` takes them one by one or in lists.
 * @typedef {Node | string | number | boolean | null | undefined} ChildItem */
/** @typedef {ChildItem | ChildItem[]} Child */

/** Build DOM: h("button.secondary", {onclick}, "text", child...).
 * @template {string} T
 * @param {T} tag the element's name, then its classes, each after a dot ("div" when empty)
 * @param {Attrs | null} [attrs] @param {...Child} children
 * @returns {ElementOf<T>} */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) listen(el, k.slice(2), /** @type {EventListener} */ (v));  // a redraw hands it on (morph.js)
    else if (k === "class") el.className += ` ${v}`;
    else if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return /** @type {ElementOf<T>} */ (el);
}

/** A passing message at the foot of the page (`bad`: a refusal, shown longer).
 * @param {string} text @param {boolean} [bad] */
export function toast(text, bad = false) {
  const box = /** @type {HTMLElement} */ (document.getElementById("toast"));
  const line = h(bad ? "div.bad" : "div", {}, text);
  box.append(line);
  setTimeout(() => line.remove(), bad ? 7000 : 3500);
}

/** A count and its noun, as said: "1 card", "3 cards" (`many`: the plural when not
 * the noun and an s). @param {number} n @param {string} one @param {string} [many] */
export const counted = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A seat as players count them: seat 0 is "P1". @param {number} s */
export const seatName = (s) => `P${s + 1}`;

// -- players' names ------------------------------------------------------------------------
const NAME = "ecotone.name";
const NAME_MAX = 32;  // the server keeps this many characters of a name

/** The name this browser plays under (asked on creating or joining a match, kept in
 * localStorage), or "" when it has none yet. */
export function playerName() {
  try { return (localStorage.getItem(NAME) || "").trim().slice(0, NAME_MAX); } catch { return ""; }
}

/** Remember the name this browser plays under. @param {string} name */
export function setPlayerName(name) {
  try { localStorage.setItem(NAME, String(name).trim().slice(0, NAME_MAX)); } catch { /* storage off: asked again next time */ }
}

// How a bot's kind reads; another kind is its name with a capital (as the server says it).
/** @type {Record<string, string>} */
const BOT_KINDS = { ismcts: "ISMCTS" };

/** A bot in words, from its spec: "heuristic" is "Heuristic bot", "ismcts:iterations=300"
 * "ISMCTS bot (300 iterations)". The server names bot seats the same way.
 * @param {string | null | undefined} spec @returns {string} */
export function botTitle(spec) {
  const [kind, rest = ""] = String(spec || "random").split(/:(.*)/s);
  const title = `${BOT_KINDS[kind] || kind.charAt(0).toUpperCase() + kind.slice(1)} bot`;
  const said = rest.split(",").map((item) => item.split("=").map((x) => x.trim())).filter(([k]) => k)
    .map(([k, v = ""]) => (/^\d+(\.\d+)?$/.test(v) ? `${v} ${k.replace(/_/g, " ")}` : `${k} ${v}`.trim()));
  return said.length ? `${title} (${said.join(", ")})` : title;
}

/** Who sits at a seat, in words (`status`: the seat's public status from the server):
 * the person's name, the bot by its kind and strength, or "open seat". Never "You": the
 * page adds "(you)" to the viewer's own seat.
 * @param {import("./types.js").SeatStatus | null | undefined} status @param {number} s @returns {string} */
export function seatTitle(status, s) {
  if (!status) return seatName(s);
  if (status.kind === "bot") return status.name && status.name !== status.bot ? status.name : botTitle(status.bot);
  if (!status.joined) return `${seatName(s)} (open seat)`;
  return status.name || seatName(s);
}

/** @type {Promise<GameInfo[]> | null} */
let gameList = null;
/** Every game this server hosts, as `GET /games` describes it (id, title, summary, player
 * counts, variants, options with their labels, bots, presentation), fetched once.
 * @returns {Promise<GameInfo[]>} */
export function games() {
  if (!gameList) gameList = api("/games").then((r) => r.games).catch((e) => { gameList = null; throw e; });
  return gameList;
}

/** What a game unknown to this page is drawn with: its text picture, plain colours.
 * @type {Presentation} */
const PLAIN = { board: "text", picture: "🎲", colours: ["#3b5b4a", "#a9c2a0"], panels: [], glossary: [] };

/** How `game` presents itself (`ecotone.core.presentation`): the board that draws it,
 * its picture and colours, the extra panels it asks for, its glossary. A page never
 * decides these from a game's id: every game says them, and a new game needs no change here.
 * @param {string} game the game's id
 * @returns {Promise<Presentation>} */
export async function presentation(game) {
  const entry = (await games().catch(() => [])).find((g) => g.id === game);
  return { ...PLAIN, ...(entry?.presentation || {}) };
}

/** @type {Record<string, Promise<Catalogue>>} */
const catalogues = {};
/** A game's public card catalogue (names, latin names, facts), fetched once.
 * @param {string} game @returns {Promise<Catalogue>} */
export async function catalogue(game) {
  if (!catalogues[game]) catalogues[game] = api(`/games/${game}/catalog`).catch(() => ({ cards: {}, species: {} }));
  return catalogues[game];
}
