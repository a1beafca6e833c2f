// The match page, the same for every game: whose turn, scores, the seat's board, the
// legal actions (grouped, keyboard-usable), the log, chat, live updates over the
// websocket, reconnection, spectating, hot-seat hand-offs, taking back a decision and
// replays after the end. Nothing here decides what is legal, nor what may be taken back:
// the server sends the list, the engine's verdict, and its refusals.
import { seatRating, signedIn, signedOutBy } from "./account.js";
import { api, activeSeat, catalogue, counted, dropSeat, h, heldSeats, holdSeat, playerName, presentation, seatName, seatTitle, setActiveSeat, setPlayerName, toast } from "./api.js";
import { biomeBoard } from "./boards/biome.js";
import { forestBoard } from "./boards/forest.js";
import { gridBoard } from "./boards/grid.js";
import { singaporeBoard } from "./boards/singapore.js";
import { dropFaces, faceName, facesRedrawn, legendList, nameAction, nameText, useFaces } from "./faces.js";
import { guided, guidedChooser } from "./guide.js";
import { joinWithDeck, seatToTake } from "./joindeck.js";
import { markdown } from "./markdown.js";
import { follow, listen, patchChildren } from "./morph.js";
/** @import { Board, Catalogue, ChatLine, Frame, Json, LegalAction, LogEntry, MatchInfo, Notice, Presentation, ServerMessage, Update } from "./types.js" */

/** A move on its way: chosen (offline, kept until the socket is back) or sent and not yet
 * answered. `ref` once sent on the current socket.
 * @typedef {{seat: number | null, version: number, action: Json, text: string, ref: string | null}} Move */

// The boards by the name a game's presentation gives (`board`); a game whose board is
// not here ("text") is drawn as its text picture.
/** @type {Record<string, Board>} */
const BOARDS = { forest: forestBoard, grid: gridBoard, singapore: singaporeBoard, biome: biomeBoard };

// Where a board offers the choices, a kind with more of them than this (BIOME Borneo's
// tile placements run to hundreds) is folded to its first few and a filter box, so the
// page stays short and Tab crosses the kind in a few steps; none is ever left out.
const FOLD_OVER = 12;
const FOLDED_SHOWN = 6;
const WARN_SECONDS = 10;  // said once, politely, before a bot takes this seat's move
const RETURNED_NOTE_MS = 10000;  // how long "P1 is back" stays on the page
const CLOCK_SAMPLES = 8;  // how many of the latest updates the clock's correction comes from
const REDRAW_LATEST_MS = 100;  // a draw asked for by a message happens by then, frames or not
// Reconnecting: the first try at once-ish, then each wait twice the last (with some
// jitter, so a restarted server is not met by every browser in the same instant), never
// longer than the cap; a socket silent for too long is taken for dead.
const RETRY_FIRST_MS = 500;
const RETRY_CAP_MS = 15000;
const PING_AFTER_MS = 15000;  // a quiet socket is asked for a pong after this long
const DEAD_AFTER_MS = 40000;  // ... and given up for dead after this long without a word

/**
 * Whether this seat may take back its last decision now (the update's `undo`, sent to a
 * page that says `undo: true` in its hello): the engine's undo policy and the server's.
 * @typedef {import("./types.js").UndoVerdict} UndoVerdict
 */
/**
 * A request to take back a decision, waiting for answers (the update's `undo_offer`):
 * `seat` asks to take back `step` (its log entry as this viewer may see it), made at
 * `version`; `waiting` and `accepted` are seats; `deadline` is the server's Unix time.
 * @typedef {import("./types.js").UndoOffer} UndoOffer
 */
const UNDO_NOTE_MS = 10000;  // how long "Ben said no: your decision stands" stays on the page

/** Whether two actions (their JSON forms) are the same. @param {unknown} a @param {unknown} b */
const sameAction = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// A bot to move that has not answered in this long is said to be thinking (a quick bot
// answers before anyone could read it).
const THINKING_AFTER_MS = 500;

/** A clock's time in the words of a table: "45 seconds", "2 minutes 5 seconds", "3 hours 10 minutes".
 * @param {number} seconds */
export function spokenTime(seconds) {
  const d = Math.floor(seconds / 86400), hr = Math.floor(seconds / 3600) % 24, m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  if (d) return hr ? `${counted(d, "day")} ${counted(hr, "hour")}` : counted(d, "day");
  if (hr) return m ? `${counted(hr, "hour")} ${counted(m, "minute")}` : counted(hr, "hour");
  if (m) return s ? `${counted(m, "minute")} ${counted(s, "second")}` : counted(m, "minute");
  return counted(s, "second");
}

/** The same time as a clock face: "0:45", "2:05", "3:10:00", "2 d 4 h".
 * @param {number} seconds */
export function clockFace(seconds) {
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, "0");
  const d = Math.floor(seconds / 86400), hr = Math.floor(seconds / 3600) % 24, m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  if (d) return `${d} d ${hr} h`;
  return hr ? `${hr}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

// The project's own files, which only its developers read: its rulings, documents, data,
// code and tests ("shared/RULINGS.md", "src/ecotone/games/GAME/", "test_example.py").
const PROJECT_FILE = String.raw`(?:RULINGS|\.md\b|\.toml\b|\.txt\b|\.py\b|(?<![\w/])(?:src|tests|shared|research)\/)`;
// A parenthesised reference to them, with the space (and line break) before it.
const FILE_REFERENCE = new RegExp(String.raw`[ \t]*(?:\n[ \t]*)?\([^()]*?${PROJECT_FILE}[^()]*\)`, "g");
// Words about the code itself: naming the code's or the tests' files, or with "the code"
// as their subject ("The code cites these sections (§) by name.").
const CODE_FILE = /`[^`]*(?:(?<![\w/])(?:src|tests)\/|\.py\b)[^`]*`/;
const ABOUT_THE_CODE = /^[^\p{L}]*The code\b/u;
const LIST_ITEM = /^(\s*(?:[-*+]|\d{1,9}[.)])\s+)/;

/** A sentence without what it says about the code: "" when that is all it says, else
 * without its clauses (parts after a colon or a semicolon, outside brackets and code) that
 * name the code's files ("…, designed by Ecotone; the data is `src/…`." keeps its first
 * clause). @param {string} sentence @returns {string} */
function withoutCode(sentence) {
  if (ABOUT_THE_CODE.test(sentence)) return "";
  if (!CODE_FILE.test(sentence)) return sentence;
  /** @type {string[]} clause, separator, clause, ... */
  const parts = [];
  let depth = 0, code = false, from = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i];
    if (c === "`") code = !code;
    else if (!code && c === "(") depth += 1;
    else if (!code && c === ")") depth = Math.max(0, depth - 1);
    else if (!code && !depth && (c === ";" || c === ":") && /\s/.test(sentence[i + 1] || "")) { parts.push(sentence.slice(from, i), c); from = i + 1; }
  }
  parts.push(sentence.slice(from));
  const end = /[.!?]*$/.exec(sentence)?.[0] || "";
  let kept = "";
  for (let i = 0; i < parts.length; i += 2) {
    if (CODE_FILE.test(parts[i])) continue;
    kept += kept ? `${parts[i - 1]}${parts[i]}` : parts[i].trimStart();
  }
  kept = kept.replace(/[\s.!?]+$/, "");
  return kept ? `${kept.charAt(0).toUpperCase()}${kept.slice(1)}${end}` : "";
}

/** The prose of `text` (paragraphs and list items; never code, tables or headings)
 * without what it says about the code (`withoutCode`, sentence by sentence).
 * @param {string} text @returns {string} */
function withoutCodeSentences(text) {
  /** @type {string[]} */
  const out = [];
  /** @type {string[] | null} the lines of the paragraph or list item being read */
  let unit = null;
  let fenced = false;
  const flush = () => {
    if (!unit) return;
    const marker = LIST_ITEM.exec(unit[0])?.[1] || "";
    // sentences, each with the space after it: [s0, gap0, s1, gap1, ...]
    const parts = [unit[0].slice(marker.length), ...unit.slice(1)].join("\n").split(/(?<=[.!?])(\s+)/);
    let kept = "";
    let changed = false;
    for (let i = 0; i < parts.length; i += 2) {
      const said = withoutCode(parts[i]);
      if (said !== parts[i]) changed = true;
      if (said) kept += said + (parts[i + 1] ?? "");
    }
    if (!changed) out.push(...unit);
    else if (kept.trim()) out.push(...`${marker}${kept.trimEnd()}`.split("\n"));
    unit = null;
  };
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) { flush(); fenced = !fenced; out.push(line); continue; }
    if (fenced || !line.trim() || /^\s*[|#>]/.test(line)) { flush(); out.push(line); continue; }
    if (!unit || LIST_ITEM.test(line)) { flush(); unit = [line]; } else unit.push(line);
  }
  flush();
  return out.join("\n");
}

/** A game's rules document as a player reads it: without the references to the project's
 * files that only its developers use, parenthesised ("(`tests/games/GAME/test_example.py`)",
 * "(RULINGS.md)") or as sentences about the code ("The code in `src/…` cites the sections
 * below."), nor the space such a reference leaves before a full stop; the rulings file is
 * named as what it is, Ecotone's rulings. @param {string} text @returns {string} */
export function playerRules(text) {
  const said = withoutCodeSentences(String(text).replace(/\r\n?/g, "\n").replace(FILE_REFERENCE, ""));
  return said.replace(/`?RULINGS\.md`?/g, "Ecotone's rulings").replace(/(\S)[ \t]+(?=[.,;:!?](?:\s|$))/g, "$1");
}

/** The rules document for a player (`playerRules`): its sections listed first to jump
 * to, then the text. @param {string} text @returns {HTMLElement[]} */
export function rulesDocument(text) {
  const nodes = /** @type {HTMLElement[]} */ (markdown(playerRules(text)));
  const sections = nodes.filter((n) => n.tagName === "H4");
  sections.forEach((n, i) => { n.id = `rules-s${i}`; n.tabIndex = -1; });
  const toc = sections.length > 2 ? h("nav.rules-toc", { "aria-label": "Sections of the rules" }, h("ul", {}, sections.map((n) => h("li", {},
    h("a", { href: `#${n.id}`, onclick: (ev) => { ev.preventDefault(); n.scrollIntoView({ block: "start" }); n.focus({ preventScroll: true }); } }, n.textContent))))) : null;
  return /** @type {HTMLElement[]} */ ([toc, ...nodes].filter(Boolean));
}

export class MatchPage {
  /** @param {HTMLElement} main @param {string} id the match's @param {boolean} watch to spectate
   * @param {boolean} [replay] opened by a link to the replay */
  constructor(main, id, watch, replay = false) {
    // what each field holds (set below, or as the page goes)
    /** @type {(WebSocket & {seat: number | null}) | null} the socket, with the seat whose token it offers */
    this.ws;
    /** @type {number | null} the seat this tab plays now, null for a spectator */
    this.seat;
    /** @type {number | null} */
    this.version;
    /** @type {Update | null} */
    this.update;
    /** @type {LogEntry[]} */
    this.log;
    /** @type {ChatLine[]} */
    this.chat;
    /** @type {MatchInfo} as the server last described it (open() has it before anything draws) */
    this.info;
    /** @type {Presentation} how the match's game presents itself (board, panels), from open() */
    this.presentation;
    /** @type {Catalogue} */
    this.catalogue;
    /** @type {Frame[] | null} the replay's, once asked for */
    this.frames;
    /** @type {number | null} the seat to hand the screen to (hot-seat) */
    this.handoff;
    /** @type {Record<string, {text: string, all: boolean}>} */
    this.folds;
    /** @type {Record<string, Array<[string, unknown]>>} */
    this.guides;
    /** @type {number[]} */
    this.clockSamples;
    /** @type {Map<number, number>} */
    this.returned;
    /** @type {number | null} */
    this.warned;
    /** @type {string | null} */
    this.lost;
    /** @type {number | null} */
    this.ticker;
    /** @type {number | null} */
    this.retryAt;
    /** @type {number | null} */
    this.retryTimer;
    /** @type {number | null | undefined} */
    this.thinkingTimer;
    /** @type {Move | null} */
    this.queued;
    /** @type {Move | null} */
    this.inflight;
    /** @type {string | null} */
    this.undoRef;
    /** @type {string | null} */
    this.offerSeen;
    /** @type {{text: string, at: number, bad: boolean} | null} */
    this.undoNote;
    /** @type {{text: string, code: string} | null} the last refusal, on the page */
    this.error;
    /** @type {string | undefined} the text picture of the table */
    this.text;
    /** @type {number | null | undefined} the version `text` pictures */
    this.textVersion;
    /** @type {boolean | undefined} whether the text picture's panel beside a board is open */
    this.textOpen;
    /** @type {number | null | undefined} the chair the replay is seen from */
    this.replaySeat;
    /** @type {((ev: KeyboardEvent) => void) | null | undefined} */
    this.replayKeys;
    /** @type {boolean | undefined} whether the panels were left open, folded */
    this.keyOpen;
    /** @type {boolean | undefined} */
    this.playersOpen;
    /** @type {boolean | undefined} */
    this.choicesFolded;
    this.main = main; this.id = id; this.watch = watch;
    this.replayAsked = replay;  // opened by a link to the replay: show it once the match is known to be over
    this.ws = null; this.closed = false; this.version = null; this.update = null;
    this.log = []; this.chat = []; this.refs = 0;
    this.frames = null; this.frame = 0; this.handoff = null; this.retry = 0;
    this.folds = {};  // per kind of folded choices: {text: the filter, all: unfolded}
    this.guides = {};  // per kind of guided choices: the [field, value] picked so far
    this.skew = 0;  // the server's clock minus this browser's, in ms (from updates' `now`)
    this.clockSamples = [];  // the latest updates' `now` minus when each arrived, in ms
    this.returned = new Map();  // seat -> when its person came back from a bot's takeover
    this.warned = null;  // the deadline already warned about
    this.lost = null;  // why this browser's seat token was dropped, in words
    this.ticker = null;
    /** @type {{frame: number, timer: ReturnType<typeof setTimeout>} | null} a draw asked for, not yet done */
    this.soon = null;
    /** @type {{ws: WebSocket, msg: ServerMessage}[]} messages not yet taken (see `receive`) */
    this.inbox = [];
    // the connection: whether the server has welcomed the current socket, whether it ever
    // did, when the next try is due, the last time the server said anything
    this.online = false; this.everOnline = false; this.retryAt = null; this.retryTimer = null; this.heard = 0;
    // a move chosen while offline, or sent and not yet answered when the socket dropped:
    // {seat, version, action, text, ref} (`ref` once sent on the current socket)
    this.queued = null; this.inflight = null;
    // taking back: the ref of this page's request or answer in flight, the request whose
    // buttons already took the focus once, and the latest outcome said on the page {text, at}
    this.undoRef = null; this.offerSeen = null; this.undoNote = null;
    this.onOnline = () => { if (!this.online) this.retryNow(); };
  }

  get seats() { return this.watch ? {} : heldSeats(this.id); }
  get heldList() { return Object.keys(this.seats).map(Number).sort((a, b) => a - b); }
  get token() { return this.seat === null ? null : this.seats[this.seat]; }

  async open() {
    const held = this.heldList;
    const stored = activeSeat(this.id);
    this.seat = held.length ? (stored !== null && held.includes(stored) ? stored : held[0]) : null;
    this.main.append(h("p.muted", {}, "Connecting…"));
    try {
      this.info = await api(`/matches/${this.id}`);
      [this.catalogue, this.presentation] = await Promise.all([catalogue(this.info.game), presentation(this.info.game)]);
      useFaces({ catalogue: this.catalogue, glossary: this.presentation.glossary });
    } catch (/** @type {any} */ e) { this.main.replaceChildren(h("p.error", { role: "alert" }, e.message), h("a", { href: "#/" }, "Back to the lobby")); return; }
    this.ticker = setInterval(() => this.tick(), 1000);
    window.addEventListener("online", this.onOnline);
    this.connect();
  }

  close() {
    document.getElementById("rules-dialog")?.remove();
    this.closed = true; clearInterval(this.ticker); clearTimeout(this.retryTimer); clearTimeout(this.thinkingTimer); this.stopReplayKeys();
    window.removeEventListener("online", this.onOnline);
    dropFaces();
    if (this.ws) this.ws.close();
  }

  /** Open a socket and say hello (`since`: the last version this page has). @param {number | null} [since] */
  connect(since) {
    if (this.closed) return;
    clearTimeout(this.retryTimer); this.retryTimer = null; this.retryAt = null;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = /** @type {WebSocket & {seat: number | null}} */ (new WebSocket(`${proto}://${location.host}/api/v1/matches/${encodeURIComponent(this.id)}/ws`));
    this.ws = ws;
    ws.seat = this.seat;  // the seat whose token this socket offers
    ws.onopen = () => {
      /** @type {{type: "hello", protocol: number, token?: string, undo?: boolean, since?: number}} */
      const hello = { type: "hello", protocol: 1 };
      if (this.token) { hello.token = this.token; hello.undo = true; }  // tell me when I may take back
      if (since !== undefined && since !== null) hello.since = since;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => { if (ws === this.ws) { this.heard = Date.now(); this.receive(ws, JSON.parse(ev.data)); } };
    ws.onclose = (ev) => {
      if (this.closed || ws !== this.ws) return;
      this.takeInbox();  // what the socket said before it closed comes first
      if (ev.code === 4403 && ws.seat !== null) { this.loseSeat(ws.seat); return; }
      this.dropped();
    };
  }

  // The socket is gone (the server stopped, the network dropped, it went silent): say so,
  // keep any move that was not answered, and try again after the back-off.
  dropped() {
    this.online = false;
    if (this.inflight) { this.queued = { ...this.inflight, ref: null }; this.inflight = null; }
    if (this.queued) this.queued.ref = null;
    const wait = Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** this.retry) * (0.8 + 0.4 * Math.random());
    this.retry += 1;
    this.retryAt = Date.now() + wait;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(this.version), wait);
    if (!this.update) {  // never connected yet: the page has nothing else to show
      this.main.replaceChildren(h("p.connection.offline", { id: "connection", role: "status" },
        `Cannot reach the server. Trying again in ${Math.ceil(wait / 1000)} s…`));
      return;
    }
    this.draw();
  }

  /** Try to reconnect now rather than at the end of the back-off. */
  retryNow() {
    if (this.closed || this.online) return;
    const old = this.ws; this.ws = null; if (old) old.close();
    this.connect(this.version);
    this.draw();
  }

  /** @param {number} seat */
  switchSeat(seat) {
    this.seat = seat; setActiveSeat(this.id, seat);
    this.log = []; this.version = null;
    this.reconnect();
  }

  // A new session with the same seat: saying hello again is also how a person whose seat
  // a bot took over (their clock ran out) takes it back (`seat/restored`).
  reconnect() {
    const old = this.ws; this.ws = null; if (old) old.close();
    this.connect(this.version);
  }

  // The server refused this browser's token for `seat` (close code 4403, or `auth/bad-token`
  // for an action): the seat was left, here or elsewhere, or the token was never good.
  // Keeping it would only fail again, so it leaves this tab and the browser's list, the
  // page says so, and goes on with another seat this tab holds, or as a spectator.
  /** @param {number} seat */
  loseSeat(seat) {
    if (!(String(seat) in this.seats)) return;  // already dropped (the error, then the close)
    dropSeat(this.id, seat);
    const rest = this.heldList;
    const then = rest.length ? `you now play ${this.seatWho(rest[0])}` : "you are watching the match instead";
    this.lost = `The server no longer accepts this browser's key to ${this.seatWho(seat)}: the seat was left, or the key is not valid. `
      + `This browser has forgotten that key, in this tab and in "My matches", and ${then}.`;
    toast(this.lost, true);
    this.error = null; this.busy = false;
    if (rest.length) { this.switchSeat(rest[0]); return; }
    this.watch = true; this.seat = null; this.log = []; this.version = null;
    this.reconnect();
  }

  /** Send a message of the protocol, when the socket is open. @param {Json} msg */
  send(msg) { if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg)); }

  /** Take a legal action (its `action`). @param {Json} action */
  act(action) {
    if (!this.update) return;
    this.error = null;
    const text = this.update.legal.find((l) => sameAction(l.action, action))?.text || (typeof action === "string" ? action : action.type);
    /** @type {Move} */
    const move = { seat: this.seat, version: this.update.version, action, text, ref: null };
    if (!this.online) {
      // Offline: the move is kept and sent when the socket is back, where the server's
      // version check decides whether it still stands. One at a time: the next choice
      // depends on what the server says to this one.
      if (this.queued) { toast(`A move is already waiting to be sent (“${this.queued.text}”): this one was not kept.`, true); return; }
      this.queued = move;
      this.busy = true; this.draw();
      return;
    }
    move.ref = `a${++this.refs}`;
    this.inflight = move;
    this.send({ type: "act", version: move.version, action, ref: move.ref });
    this.busy = true; this.draw();
  }

  /** A message from the server, taken at the next draw with any that come before it:
   * a bot's moves arrive in bursts (an ack, an update per move, the text picture), and the
   * page draws once for them all. The page's state and what it shows change together, so
   * a choice on screen is always made at the version it was offered at. A hidden tab
   * draws at once: its title says whose turn it is, and its timers are slowed.
   * @param {WebSocket} ws the socket it came on @param {ServerMessage} msg */
  receive(ws, msg) {
    this.inbox.push({ ws, msg });
    if (document.hidden) this.draw(); else this.redraw();
  }

  /** Take the messages waiting, in order; those from a socket this page has since let go
   * (another seat, the page closed) are dropped, as they would have been on arrival. */
  takeInbox() {
    if (!this.inbox.length) return;
    const waiting = this.inbox;
    this.inbox = [];
    for (const { ws, msg } of waiting) if (ws === this.ws && !this.closed) this.take(msg);
  }

  /** @param {ServerMessage} msg */
  take(msg) {
    switch (msg.type) {
      case "welcome":
        this.info = msg.match; this.chat = msg.chat;
        if (this.everOnline && !this.online) toast("Connected again.");
        this.online = true; this.everOnline = true; this.retry = 0; this.retryAt = null;
        break;
      case "update": {
        this.learnSkew(msg.now, Date.now());
        if (msg.version !== this.version) { this.folds = {}; this.guides = {}; }  // a new decision: filters and steps start afresh
        this.nameCards(msg);
        // a take-back's entry replaces the step it took back, which is no longer in play
        const gone = new Set(msg.log.filter((e) => e.took_back).map((e) => /** @type {LogEntry} */ (e.took_back).version));
        if (gone.size) this.log = this.log.filter((e) => !gone.has(e.version));
        const known = new Set(this.log.map((e) => e.version));
        for (const e of msg.log) if (!known.has(e.version)) this.log.push(e);
        this.log.sort((a, b) => a.version - b.version);
        this.update = msg; this.version = msg.version; this.busy = false; this.updatedAt = Date.now();
        if (this.info) { this.info.status = msg.status; this.info.to_move = msg.to_move; this.info.dealt = msg.dealt !== false; }
        if (this.wantsText()) this.fetchText();
        this.checkHandoff();
        if (this.replayAsked && msg.status === "over") { this.replayAsked = false; this.loadReplay(); }
        this.settleQueued(msg);
        break;
      }
      case "ack":
        // A move's ack comes before the view that follows it: until that view is here the
        // choices on the page are the old ones, so the page stays busy rather than offer them.
        this.busy = !msg.pending && this.version !== null && msg.version > this.version;
        if (this.undoRef !== null && this.undoRef === msg.ref) { this.undoRef = null; break; }  // the notice says what it did
        if (this.inflight?.ref === msg.ref) this.inflight = null;
        if (this.queued && this.queued.ref === msg.ref) { toast(`Your move “${this.queued.text}”, chosen while offline, was played.`); this.queued = null; }
        if (msg.pending) toast("Choice stored: waiting for the others.");
        break;
      case "error":
        if (msg.code === "auth/bad-token" && this.seat !== null) { this.loseSeat(this.seat); break; }
        if (this.inflight?.ref === msg.ref) this.inflight = null;
        this.busy = false;
        if (this.undoRef !== null && this.undoRef === msg.ref) this.undoRef = null;
        if (this.queued && this.queued.ref === msg.ref) {
          const why = msg.code === "match/stale" ? "the match moved on while you were offline: look again and choose" : msg.message;
          this.error = { text: `Your move “${this.queued.text}”, chosen while offline, was not played: ${why}.`, code: msg.code };
          this.queued = null;
        } else this.error = { text: `Refused: ${nameText(this.catalogue, msg.message)}`, code: msg.code };
        toast(this.error.text, true);
        break;
      case "chat": this.chat.push(msg.line); break;
      case "notice":
        // a take-back's outcome stays on the page a while (the request itself is shown
        // by its own box and line); every other notice is a toast
        if (msg.code.startsWith("undo/")) {
          if (msg.code !== "undo/asked") {
            this.undoNote = { text: this.noticeText(msg), at: Date.now(), bad: ["undo/declined", "undo/lapsed"].includes(msg.code) && msg.seat === this.seat };
            // the notice that ends a request comes before the views that follow it: its
            // box goes now, so the page never says "declined" beside "waiting to accept"
            if (this.update?.undo_offer) this.update = { ...this.update, undo_offer: null };
          }
        } else toast(this.noticeText(msg));
        if (msg.code === "seat/restored" && msg.seat !== null && msg.seat !== undefined) this.returned.set(msg.seat, Date.now());
        if (msg.code === "seat/taken-over") this.returned.delete(/** @type {number} */ (msg.seat));
        break;
      case "seats": if (this.info) this.info.seats = msg.seats; break;
      default: break;
    }
  }

  // Back online with a move kept from offline: it was played already when the socket
  // dropped after sending it (the log, or the secret choice, shows it), else it is sent
  // now, made at the version it was chosen at, and the server's version check decides.
  /** @param {Update} u */
  settleQueued(u) {
    const q = this.queued;
    if (!q || q.ref || !this.online) return;
    if (q.seat !== this.seat) {
      this.error = { text: `Your move “${q.text}”, chosen while offline for another seat, was not sent.`, code: "page/seat-changed" };
      this.queued = null;
      return;
    }
    const played = this.log.find((e) => e.version === q.version + 1 && e.seat === q.seat && e.action && sameAction(e.action, q.action));
    if ((played && u.version > q.version) || (u.my_choice && sameAction(u.my_choice, q.action))) {
      toast(`Your move “${q.text}” was played before the connection dropped.`);
      this.queued = null;
      return;
    }
    q.ref = `q${++this.refs}`;
    this.send({ type: "act", version: q.version, action: q.action, ref: q.ref });
    this.busy = true;
  }

  // A notice in the page's words, with the players' names as this page shows them; one the
  // page does not know is the server's sentence.
  /** @param {Notice} msg @returns {string} */
  noticeText(msg) {
    const seat = typeof msg.seat === "number" && Number.isInteger(msg.seat) ? msg.seat : null;
    const who = seat === null ? "" : seat === this.seat ? "You" : this.who(seat);
    switch (msg.code) {
      case "seat/restored": return seat === this.seat ? "You are back: the seat is yours again." : `${who} is back.`;
      case "seat/taken-over": return seat === this.seat ? "Your time ran out: a bot plays for you until you are back." : `${who} took too long: a bot plays for them until they are back.`;
      case "match/over": return seat === null ? "The match is over." : `${seat === this.seat ? "You" : who} resigned: the match is over.`;
      case "match/started": return "Every seat is taken: the match begins.";
      case "match/dealt": return "Every player has brought a deck: the cards are dealt.";
      case "undo/asked": return seat === this.seat ? "You asked to take back your last decision." : `${who} asks to take back their last decision.`;
      case "undo/done": return seat === this.seat ? "Your last decision is taken back: choose again." : `${who} took back their last decision.`;
      case "undo/declined": return `${seat === this.seat ? "Your" : `${who}'s`} request to take back a decision was declined: it stands.`;
      case "undo/lapsed": return `Nobody answered in time: ${seat === this.seat ? "your" : `${who}'s`} decision stands.`;
      case "undo/withdrawn": return `The match moved on: ${seat === this.seat ? "your" : `${who}'s`} request to take back a decision is withdrawn.`;
      // (its seats' labels stay: the server's notices name a seat as a place, "Ben left P2")
      default: { const said = nameText(this.catalogue, msg.message); return said.charAt(0).toUpperCase() + said.slice(1); }
    }
  }

  // Choices and the log name cards and tiles as players read them ("play Darwin's Fox
  // (B05) at v20"), from the catalogue, and seats by who sits there ("give S13 to Ben");
  // the game's own notation stays in `notation`.
  /** @param {Update} msg */
  nameCards(msg) {
    for (const l of msg.legal || []) { l.notation = l.text; l.text = this.seatWords(nameAction(this.catalogue, l.action, l.text)); }
    /** @param {LogEntry} e */
    const named = (e) => { e.notation = e.text; e.text = this.seatWords(nameAction(this.catalogue, e.action, e.text)); };
    for (const e of msg.log || []) { named(e); if (e.took_back) named(e.took_back); }
    if (msg.undo_offer?.step) named(msg.undo_offer.step);
  }

  /** Whether the text picture is on show: it is the table itself for a game with no
   * board, else a panel beside the board, fetched only while that panel is open. */
  wantsText() { return !BOARDS[this.presentation.board] || Boolean(this.textOpen); }

  async fetchText() {
    const version = this.version;
    try {
      const res = await fetch(`/api/v1/matches/${this.id}/render`, { headers: this.token ? { Authorization: `Bearer ${this.token}` } : {} });
      if (res.ok && version === this.version) { this.text = (await res.json()).text; this.textVersion = version; this.redraw(); }
    } catch { /* the text view is a convenience */ }
  }

  // The clock's deadline is the server's Unix time, and this browser's clock may be off.
  // Each update says the server's time as it was made (`now`); it arrives some time
  // later, never earlier, so `now` minus the arrival time is the gap between the clocks
  // less that delay. The largest of the latest few is the least delayed, the best guess;
  // keeping only the latest lets a clock that was set right since be believed again.
  /** @param {unknown} now the update's @param {number} got when it arrived, in ms */
  learnSkew(now, got) {
    if (typeof now !== "number" || !Number.isFinite(now)) return;
    this.clockSamples.push(now * 1000 - got);
    if (this.clockSamples.length > CLOCK_SAMPLES) this.clockSamples.shift();
    this.skew = Math.max(...this.clockSamples);
  }

  // Hot-seat: when it is another seat of this browser's turn, hide this hand first.
  checkHandoff() {
    const u = this.update;
    if (!u || u.status !== "active" || this.heldList.length < 2) return;
    if (u.waiting_for.includes(this.seat)) return;
    const next = this.heldList.find((s) => u.waiting_for.includes(s));
    if (next !== undefined) this.handoff = next;
  }

  /** The text picture of the table beside a board, folded: fetched when opened, and
   * kept up to date while it stays open. @param {Frame | null} frame the replay's step shown */
  textPanel(frame) {
    // while open, the last picture stays until the next one comes (no flicker at each
    // update); one left over from before it was folded is not shown
    const box = h("details.panel", { id: "text-panel", open: this.textOpen }, h("summary", {}, "Text view of the table"),
      h("pre.render", {}, frame ? frame.text : this.text ?? "Loading…"));
    // (a panel drawn open says so too, with a toggle event: only a change counts)
    return listen(box, "toggle", (ev) => {
      const open = /** @type {HTMLDetailsElement} */ (ev.currentTarget).open;
      if (open === Boolean(this.textOpen)) return;
      this.textOpen = open;
      if (open && this.textVersion !== this.version) { this.text = undefined; this.fetchText(); }
    });
  }

  /** Who sits at seat `s`: "Ana", "Heuristic bot", "P2 (open seat)". @param {number} s */
  title(s) { return seatTitle(this.info?.seats?.[s], s); }

  /** Who sits at seat `s`, told apart from the others: a name another seat shares (two
   * random bots) takes its seat's number, "Random bot (P2)". @param {number} s */
  who(s) {
    const title = this.title(s);
    const shared = (this.info?.seats || []).some((x) => x.seat !== s && seatTitle(x, x.seat) === title);
    return shared && !title.startsWith(seatName(s)) ? `${title} (${seatName(s)})` : title;
  }

  /** Seat `s` as the page names it to this viewer: "Ana (you)" for the viewer's own
   * seat, else who sits there. @param {number} s */
  names(s) { return s === this.seat ? `${this.who(s)} (you)` : this.who(s); }

  /** The steps a board marks as just played, those whose action this viewer was shown: for
   * a seat, the others' steps since its own last one (what the terminal lists as "since
   * your last move"); for a spectator, the last step; in a replay, the step that led to
   * the state shown.
   * @param {Frame | null} frame @returns {Array<{seat: number, action: Json}>} */
  recent(frame) {
    if (frame) return frame.last ? [frame.last] : [];
    const shown = this.log.filter((e) => e.action && !e.took_back);
    const since = this.seat === null ? shown.slice(-1) : shown.slice(shown.findLastIndex((e) => e.seat === this.seat) + 1);
    return since.map((e) => ({ seat: e.seat, action: /** @type {Json} */ (e.action) }));
  }

  /** A seat with its number first, where the number matters (a seat's label, a key, a
   * chair to watch from): "P2 · Ben", "P1 · Ana (you)". @param {number} s */
  seatLabel(s) { const title = this.title(s); return `${title.startsWith(seatName(s)) ? title : `${seatName(s)} · ${title}`}${s === this.seat ? " (you)" : ""}`; }

  /** A seat with its number, in a sentence: "P2 (Ben)". @param {number} s */
  seatWho(s) { const title = this.title(s); return title.startsWith(seatName(s)) ? title : `${seatName(s)} (${title})`; }

  /** Draw the page at the next frame, once for whatever asks for it before then (the
   * timer: for a tab hidden meanwhile, which gets no frames). */
  redraw() {
    if (this.soon) return;
    const run = () => { if (this.soon) this.draw(); };
    this.soon = { frame: requestAnimationFrame(run), timer: setTimeout(run, REDRAW_LATEST_MS) };
  }

  /** Draw the page now, the messages waiting taken first. */
  draw() {
    if (this.soon) { cancelAnimationFrame(this.soon.frame); clearTimeout(this.soon.timer); this.soon = null; }
    this.takeInbox();
    if (this.closed) return;
    const u = this.update;
    if (!u || !this.info) return;
    const active = document.activeElement;
    const focusId = active?.id;
    this.hadFocus = Boolean(active && active.closest && active.closest("#actions, #board"));
    // what is being typed survives the redraw (the chat line, a name to sit down with)
    const typing = Object.fromEntries(["chat-input", "join-name"].map((id) => [id, /** @type {HTMLInputElement | null} */ (document.getElementById(id))?.value]).filter(([, v]) => v !== undefined));
    if (this.handoff !== null) {  // hot-seat: nothing of the previous seat's view stays on screen
      this.main.replaceChildren(this.handoffOverlay());
      return;
    }
    const frame = this.frames ? this.frames[this.frame] : null;
    const obs = frame ? frame.observation : u.observation;
    const legal = frame ? [] : u.legal;
    // the tab says whose turn it is, so a player in another tab sees it come
    const yours = u.status === "active" && u.waiting_for.includes(this.seat) && this.online;
    document.title = `${yours ? "Your turn · " : u.status === "over" ? "Game over · " : ""}${this.info.title} · Ecotone`;
    const page = h("div");
    const banner = this.connectionBanner();
    if (banner) page.append(banner);
    page.append(this.header(u));
    if (u.status === "over" && !frame) page.append(this.finalPanel(u));
    if (frame) page.append(this.replayBar());
    const board = BOARDS[this.presentation.board];
    const left = h("div");
    if (u.dealt === false && !frame) {
      left.append(this.awaitingPanel());  // nothing is dealt yet: no board to draw
    } else if (board) {
      left.append(board({
        obs, legal, seat: this.seat, players: this.info.players, catalogue: this.catalogue, glossary: this.presentation.glossary,
        unplayable: frame ? {} : u.unplayable || {},
        // while seats are still open nobody is to play yet, whatever the game's first turn is
        act: (a) => this.act(a), busy: Boolean(this.busy), names: (s) => this.names(s), words: (t) => this.seatWords(t),
        toMove: frame ? frame.to_move : u.status === "open" ? [] : u.to_move,
        recent: this.recent(frame), redraw: () => this.draw(),
      }));
      if (this.presentation.panels.includes("players-table")) { const t = this.playersTable(obs, true); if (t) left.append(t); }
      left.append(this.textPanel(frame));
    } else {
      const table = this.playersTable(obs);
      if (table) left.append(table);
      left.append(h("section.panel", { "aria-label": "The table" }, h("h2", {}, "The table"),
        h("pre.render", { id: "render", tabindex: "0" }, frame ? frame.text : this.text || JSON.stringify(obs, null, 2))));
    }
    if (frame) left.append(this.revealedPanel(frame));
    const right = h("div");
    if (!frame) right.append(this.actionsPanel(legal, u));
    right.append(this.rulesPanel(u, legal), this.logPanel(), this.chatPanel());
    page.append(h("div.layout", {}, left, right));
    // the page on screen becomes the one built: what is still there stays (morph.js)
    patchChildren(this.main, page);
    for (const [id, value] of Object.entries(typing)) { const el = /** @type {HTMLInputElement | null} */ (document.getElementById(id)); if (el && el.value !== value) el.value = value; }
    follow();
    if (frame) this.centreReplayStep();
    // Keep keyboard players in place: a control still on the page keeps its focus (the
    // patch kept the element); one drawn anew takes it under the same id; else the first
    // choice (or the choices heading) when focus was on the board or the list.
    const same = focusId && /** @type {HTMLInputElement | null} */ (document.getElementById(focusId));
    const stays = active && active !== document.body && document.activeElement === active;
    if (!stays && same) {
      same.focus();
      if (same.type === "search") same.setSelectionRange(same.value.length, same.value.length);
    } else if (!stays && this.hadFocus) (/** @type {HTMLElement | null} */ (document.querySelector("#actions button[data-index]:not([disabled]):not([hidden])")) || document.getElementById("actions-h"))?.focus();
    // a request to take back a decision that waits for this seat's answer takes the focus once
    const offer = u.undo_offer;
    const ask = offer && this.askedHere(offer).length ? `${offer.seat}@${offer.version}` : null;
    if (ask && this.offerSeen !== ask) { this.offerSeen = ask; document.getElementById("undo-accept")?.focus(); }
    this.paintClock();
    this.paintThinking();
    facesRedrawn();
  }

  // -- the rules ------------------------------------------------------------------------
  // The panel says what is being decided now in a sentence (the game's `phase`, else the
  // page's own words from the choices), opens the rules document, and holds the glossary.

  /** What is being decided now, in a sentence for this viewer.
   * @param {Update} u @param {LegalAction[]} legal */
  decision(u, legal) {
    if (u.status === "over") return "The game is over.";
    if (u.dealt === false) return `${this.awaitedDecks()}: the cards are dealt once every deck is in.`;
    if (u.status === "open") return `${this.awaitedPlayers()}: the game begins once every seat is taken.`;
    if (u.phase) return this.seatWords(u.phase);
    if (legal.length) {
      const kinds = [...new Set(legal.map((l) => (l.action.type || "action").replace(/-/g, " ")))];
      const said = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}` : kinds[0];
      return `You choose one of ${legal.length} move${legal.length === 1 ? "" : "s"}: ${said}.`;
    }
    if (u.my_choice) return "Your choice is in: the others are still choosing.";
    return `${u.waiting_for.map((s) => this.who(s)).join(", ") || "The next player"} ${u.waiting_for.length > 1 ? "are" : "is"} deciding.`;
  }

  /** @param {Update} u @param {LegalAction[]} legal */
  rulesPanel(u, legal) {
    const key = h("details.key-panel", { id: "key-panel", open: this.keyOpen }, h("summary", {}, h("h3", {}, "Key: icons and abbreviations")),
      h("p.muted", {}, "Rest on a card, press it long, or move to it with the keyboard (i opens and closes it) to see its whole face."),
      h("p.muted.recent-key", {}, h("span.recent-dot", { "aria-hidden": "true" }), " A ring with a dot: where the others played since your last move."),
      legendList(this.presentation.glossary));
    listen(key, "toggle", (ev) => { this.keyOpen = /** @type {HTMLDetailsElement} */ (ev.currentTarget).open; });
    return h("section.panel.rules-panel", { id: "rules-panel", "aria-labelledby": "rules-h" },
      h("h2", { id: "rules-h" }, "Rules"),
      h("p.decision", { id: "decision" }, h("strong", {}, "Now: "), this.frames ? "the replay of the finished match." : this.decision(u, legal)),
      h("button.secondary", { type: "button", id: "rules-open", "aria-haspopup": "dialog", onclick: () => this.openRules() }, "📖 Read the rules as implemented"),
      key);
  }

  // The rules document in a side sheet beside the table (not modal: the match goes on and
  // can be played while reading), with its sections listed to jump to. Fetched once.
  async openRules() {
    let sheet = /** @type {HTMLDialogElement | null} */ (document.getElementById("rules-dialog"));
    if (!sheet) {
      const body = h("div.rules-doc", { id: "rules-doc", tabindex: "0" }, h("p.muted", {}, "Loading the rules…"));
      const close = h("button.secondary", { type: "button", id: "rules-close", onclick: () => sheet?.close() }, "Close ✕");
      sheet = h("dialog.rules-sheet", { id: "rules-dialog", "aria-labelledby": "rules-dialog-h" },
        h("div.rules-sheet-head", {}, h("h2", { id: "rules-dialog-h" }, `${this.info.title}: the rules as implemented`), close), body);
      sheet.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.preventDefault(); sheet?.close(); } });
      sheet.addEventListener("close", () => document.getElementById("rules-open")?.focus());
      document.body.append(sheet);
      try {
        const doc = await api(`/games/${encodeURIComponent(this.info.game)}/rules`);
        body.replaceChildren(...(doc.markdown ? rulesDocument(doc.markdown) : [h("p", {}, "No rules document is installed for this game.")]));
      } catch (/** @type {any} */ e) { body.replaceChildren(h("p.error", {}, `The rules could not be loaded: ${e.message}`)); }
    }
    if (!sheet.open) sheet.show();
    /** @type {HTMLElement} */ (sheet.querySelector("#rules-close")).focus();
  }

  // -- a bot thinking ----------------------------------------------------------------------

  /** The seats a bot decides for now (a bot's seat, or a person's a bot stands in for)
   * among those the match waits for. @param {Update | null} u @returns {number[]} */
  botsToMove(u) {
    if (!u || u.status !== "active") return [];
    return u.waiting_for.filter((s) => { const seat = this.info.seats[s]; return seat && (seat.kind === "bot" || seat.taken_over); });
  }

  // "Heuristic bot is thinking… 3 s": shown once a bot to move has been quiet for half a
  // second (a quick bot's move then never flashes it), and gone with the next update.
  paintThinking() {
    const el = document.getElementById("thinking");
    if (!el) return;
    const u = this.update;
    const bots = this.online ? this.botsToMove(u) : [];
    const quiet = Date.now() - (this.updatedAt || 0);
    if (!bots.length || quiet < THINKING_AFTER_MS || this.frames) {
      el.replaceChildren();
      el.hidden = true;
      if (bots.length && !this.frames) {
        clearTimeout(this.thinkingTimer);
        this.thinkingTimer = setTimeout(() => this.paintThinking(), THINKING_AFTER_MS - quiet + 20);
      }
      return;
    }
    const who = bots.map((s) => this.who(s));
    el.hidden = false;
    el.replaceChildren(h("span.thinking-dots", { "aria-hidden": "true" }, "🤖"),
      ` ${who.join(", ")} ${who.length > 1 ? "are" : "is"} thinking…`, h("span.muted", {}, ` ${Math.floor(quiet / 1000)} s`));
  }

  // -- the clock per move and bots standing in -------------------------------------------

  // Every second: the countdown moves, and a note that a person is back goes after a while.
  tick() {
    if (this.closed) return;
    this.paintClock();
    this.paintThinking();
    const when = document.getElementById("connection-when");
    if (when) when.textContent = this.retryText();
    this.heartbeat();
    const now = Date.now();
    let expired = false;
    for (const [seat, at] of this.returned) if (now - at > RETURNED_NOTE_MS) { this.returned.delete(seat); expired = true; }
    if (this.undoNote && now - this.undoNote.at > UNDO_NOTE_MS) { this.undoNote = null; expired = true; }
    const left = document.getElementById("undo-offer-left");
    if (left && this.update?.undo_offer) left.textContent = this.offerLeft(this.update.undo_offer);
    if (expired) this.draw();
  }

  // A socket can die without closing (a laptop asleep, a network gone quiet): a quiet one
  // is pinged, and one that has said nothing for too long is taken for dead.
  heartbeat() {
    if (!this.online || !this.ws) return;
    const quiet = Date.now() - this.heard;
    if (quiet > DEAD_AFTER_MS) {
      const dead = this.ws; this.ws = null; dead.close();
      this.dropped();
    } else if (quiet > PING_AFTER_MS && !this.pinged) {
      this.pinged = true;
      this.send({ type: "ping", ref: "alive" });
    }
    if (quiet < PING_AFTER_MS) this.pinged = false;
  }

  // The seats the clock runs for: people who must decide and have no bot standing in.
  /** @param {Update} u @returns {number[]} */
  clockSeats(u) {
    return u.waiting_for.filter((s) => { const seat = this.info.seats[s]; return seat && seat.kind === "human" && !seat.taken_over; });
  }

  /** @param {Update} u */
  secondsLeft(u) { return Math.max(0, Math.ceil((/** @type {number} */ (u.deadline) * 1000 - (Date.now() + this.skew)) / 1000)); }

  /** @param {Update} u */
  clockLine(u) {
    if (!u.deadline || u.status !== "active" || this.frames || !this.clockSeats(u).length) return null;
    return h("p.clock", { id: "clock", role: "timer", "aria-live": "off", "aria-atomic": "true" });
  }

  // Redraws only the clock's text (the rest of the page stays as it is, focus included).
  paintClock() {
    const el = document.getElementById("clock");
    const u = this.update;
    if (!el || !u || !u.deadline) return;
    const left = this.secondsLeft(u);
    const seats = this.clockSeats(u);
    const mine = seats.includes(this.seat);
    const others = seats.filter((s) => s !== this.seat).map((s) => this.who(s));
    const whose = mine ? (others.length ? `for your move (and ${others.join(", ")})` : "for your move") : `for ${others.join(", ")} to move`;
    el.classList.toggle("low", left <= WARN_SECONDS);
    el.classList.toggle("mine", mine);
    el.dataset.seconds = String(left);
    if (left === 0) {
      el.replaceChildren(h("span", { "aria-hidden": "true" }, "⏱ "), `Time is up ${whose}: a bot plays ${mine ? "for you" : "for them"} until ${mine ? "you are" : "they are"} back.`);
      return;
    }
    el.replaceChildren(h("span.clock-face", { "aria-hidden": "true" }, `⏱ ${clockFace(left)}`), h("span.sr-only", {}, spokenTime(left)),
      ` left ${whose}`, h("span.muted", {}, mine ? " · then a bot plays for you" : ""));
    // a clock shorter than the warning would warn at once: only a longer one is worth it
    if (mine && left <= WARN_SECONDS && (this.info.move_seconds ?? 0) > 2 * WARN_SECONDS && this.warned !== u.deadline) {
      this.warned = u.deadline;
      toast(`${spokenTime(left)} left to move: then a bot plays for you.`, true);
    }
  }

  // Who a bot is playing for now, and who has just come back: in words, on the page.
  standIns() {
    const lines = [];
    for (const s of this.info.seats) {
      if (s.taken_over) {
        const who = this.who(s.seat);
        if (s.seat === this.seat) {
          lines.push(h("p.stand-in.mine", { "data-seat": s.seat }, h("span", { "aria-hidden": "true" }, "🤖 "),
            h("strong", {}, "A bot is playing for you"), ": your time to move ran out. The seat is yours again as soon as you say so. ",
            h("button", { type: "button", id: "take-back", onclick: () => this.reconnect() }, "I'm back: let me play")));
        } else {
          const until = !s.joined ? "until someone takes the seat" : this.heldList.includes(s.seat) ? "until you play that seat again" : "until they come back";
          lines.push(h("p.stand-in", { "data-seat": s.seat }, h("span", { "aria-hidden": "true" }, "🤖 "), `A bot is playing for ${who} ${until}.`));
        }
      } else if (this.returned.has(s.seat)) {
        const who = s.seat === this.seat ? "You are" : `${this.who(s.seat)} is`;
        lines.push(h("p.stand-in.returned", { "data-seat": s.seat }, h("span", { "aria-hidden": "true" }, "✔ "), `${who} back: no bot plays for ${s.seat === this.seat ? "you" : "them"} any more.`));
      }
    }
    return lines.length ? h("div", { id: "stand-ins" }, lines) : null;
  }

  /** @param {Update} u */
  header(u) {
    const standIn = this.seat !== null && this.info.seats[this.seat]?.taken_over;
    const mine = u.status === "active" && u.waiting_for.includes(this.seat);
    // offline, "Your turn" would promise what the page cannot do now: it says so instead
    const turn = u.dealt === false ? this.awaitedDecks() : u.status === "open" ? this.awaitedPlayers() : u.status === "over" ? "The game is over"
      : mine ? (standIn ? "Your turn: a bot is playing it" : !this.online ? "Your turn, once the connection is back" : "Your turn")
        : `Waiting for ${u.waiting_for.map((s) => this.who(s)).join(", ") || "…"}`;
    const perMove = this.info.move_seconds ? ` · ${spokenTime(Math.max(1, Math.round(this.info.move_seconds)))} per move` : "";
    // the game's own score line: the standing while it runs, the scores at the end, and in
    // a replay the scores as they were at the step shown
    const scores = this.frames ? this.frames[this.frame].scores : u.scores || u.standing || null;
    // a seat's rating (a person signed in, a rated bot) comes last: a link to the profile
    /** @param {import("./types.js").SeatStatus} s */
    const rated = (s) => { const r = seatRating(s); return r ? [" · ", r] : []; };
    const chips = this.info.seats.map((s) => h(`span.seat-chip${u.to_move.includes(s.seat) && u.status === "active" ? ".turn" : ""}${s.seat === this.seat ? ".me" : ""}`,
      { "data-seat": s.seat }, `${this.seatLabel(s.seat)}${scores ? ` · ${counted(scores[s.seat], "pt")}` : ""}${s.taken_over ? " · bot playing" : ""}${s.kind === "human" && s.joined && !s.connected ? " · away" : ""}`, ...rated(s)));
    const seatSwitch = this.heldList.length > 1 ? h("span.muted", {}, ` · hot-seat: ${this.heldList.map((s) => this.who(s)).join(", ")}`) : null;
    return h("section.panel", { "aria-label": "Match" },
      h("div.match-head", {},
        h("h1", {}, this.info.title, h("span.muted", { style: "font-size:.9rem;font-weight:400" }, ` · match ${this.id} · `, h("span", { id: "turn-number", title: `${u.version} steps taken` }, `turn ${u.turn ?? u.version}`), perMove)),
        h(`span.status-line${mine && this.online ? ".you" : ""}${this.online ? "" : ".offline"}`, { id: "turn", role: "status", "aria-live": "polite" },
          this.seat === null ? `Spectating · ${turn}` : turn, seatSwitch)),
      u.phase && u.status === "active" && !this.frames ? h("p.phase", { id: "phase" }, this.seatWords(u.phase)) : null,
      h("div.seats-row", {}, h("div.seats", { "aria-label": "Seats and scores" }, chips), this.seatTools(u)),
      u.status === "active" ? this.clockLine(u) : null,
      h("p.thinking", { id: "thinking", role: "status", "aria-live": "off", hidden: true }),
      u.status === "active" ? this.standIns() : null,
      u.status === "active" && !this.frames ? this.undoOfferPanel(u) : null,
      this.undoNote && u.status === "active" && !this.frames ? h(`p.undo-note${this.undoNote.bad ? ".bad" : ""}`, { id: "undo-note", role: "status" }, this.undoNote.text) : null,
      this.seat === null && u.status !== "over" && this.info.seats.some((s) => s.kind === "human" && !s.joined) ? this.joinBar() : null,
      this.seat !== null && u.status !== "over" && !this.frames && this.openSeats().length ? this.inviteBox() : null,
      this.lost ? h("p.error", { id: "seat-lost" }, this.lost, " ", h("a", { href: "#/" }, "Back to the lobby")) : null,
      this.error ? h("p.error", { role: "alert", id: "refusal", "data-code": this.error.code, title: this.error.code }, this.error.text) : null);
  }

  // -- leaving and resigning ---------------------------------------------------------------

  // A seated player may leave the seat (a bot plays it until someone takes it) or, once
  // the match runs, resign (the match ends now, and this seat loses). Both ask first.
  /** @param {Update} u */
  seatTools(u) {
    if (this.seat === null || u.status === "over" || this.frames) return null;
    return h("div.seat-tools", { role: "group", "aria-label": "Your seat" },
      u.status === "active" ? this.undoButton(u) : null,
      u.status === "active" ? h("button.secondary.danger", { type: "button", id: "resign", onclick: () => this.askResign() }, "🏳 Resign") : null,
      h("button.secondary", { type: "button", id: "leave", onclick: () => this.askLeave() }, "Leave seat"));
  }

  // -- taking back a decision ---------------------------------------------------------------
  // The engine's undo policy decides (the update's `undo`): the button is on when it
  // allows it. Off, it stays focusable and says why, in the game's words, when hovered,
  // read or pressed. Against bots it takes back at once; with other people it asks them.

  /** @param {Update} u */
  undoButton(u) {
    /** @type {UndoVerdict | null | undefined} */
    const v = u.undo;
    if (!v) return null;  // a server that does not say: nothing to offer
    const mine = u.undo_offer?.seat === this.seat;
    const ask = v.allowed && v.ask?.length ? v.ask : null;
    const off = !v.allowed || this.busy || !this.online;
    const why = mine ? "You asked: waiting for the answers."
      : v.allowed ? (ask ? `Ask ${this.and(ask.map((s) => this.who(s)))} to let you take back your last decision.` : "Take back your last decision.")
        : this.sentence(this.undoWords(v.message));
    return h("button.secondary", {
      type: "button", id: "undo", "aria-disabled": off ? "true" : null, "data-code": v.code || null, title: why, "aria-label": `${mine ? "Undo asked" : ask ? "Ask to undo" : "Undo"}: ${why}`,
      onclick: () => this.askUndo(),
    }, mine ? "↶ Asked…" : ask ? "↶ Ask to undo" : "↶ Undo");
  }

  /** A reason the engine gives, as this page says things: cards by name, and seats
   * ("P2 has decided since") by who sits there ("Ben has decided since").
   * @param {string | null | undefined} message */
  undoWords(message) {
    return this.seatWords(nameText(this.catalogue, String(message || "not now")));
  }

  /** The game's words (the phase, a choice, a step of the log, a reason an undo is
   * refused) as this page says them: each seat's label, as `seatName` gives it and the
   * games' texts use it ("P2"), by who sits there ("Ben"), the viewer's own as
   * "Ana (you)", and the viewer's "P1's" as "your". Only a whole label of one of the
   * match's seats is a seat: never a label inside a card's id or a cell's name ("P10",
   * "P1a", "P1-x", "P1.b"), nor one beyond the seats ("P5" of a 2-player match).
   * @template {string | null | undefined} T @param {T} text @returns {T} */
  seatWords(text) {
    if (typeof text !== "string" || !this.info) return text;
    const seats = new Map(Array.from({ length: this.info.players }, (_, s) => [seatName(s), s]));
    return /** @type {T} */ (text.replace(/(?<![\p{L}\p{N}_#./-])(\p{Lu}\d+)(['’]s)?(?![\p{L}\p{N}_#/-]|\.[\p{L}\p{N}])/gu,
      (all, label, owns, at, whole) => {
        const s = seats.get(label);
        if (s === undefined) return all;
        if (s !== this.seat) return `${this.who(s)}${owns || ""}`;
        if (!owns) return this.names(s);
        return /(^|[.!?]\s+)$/.test(whole.slice(0, at)) ? "Your" : "your";
      }));
  }

  /** "Ana", "Ana and Ben", "Ana, Ben and Cy". @param {string[]} names */
  and(names) { return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0] || ""; }

  /** A reason as a sentence: a capital first, a full stop last. @param {string} text */
  sentence(text) { const t = String(text).trim(); return t ? `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? "" : "."}` : t; }

  askUndo() {
    const u = this.update;
    /** @type {UndoVerdict | null | undefined} */
    const v = u?.undo;
    if (!v || this.busy) return;
    if (!v.allowed) {
      this.error = { text: `You cannot take that back: ${this.undoWords(v.message)}.`, code: v.code || "undo" };
      this.draw();
      return;
    }
    if (!this.online) { toast("You are offline: take it back once the connection is back.", true); return; }
    this.error = null;
    this.undoRef = `u${++this.refs}`;
    this.send({ type: "undo", version: u.version, ref: this.undoRef });
    this.busy = true; this.draw();
  }

  /** The seats asked by `offer` that this browser answers for: its seat, and in
   * hot-seat the others it holds (their people are at this screen). @param {UndoOffer} offer */
  askedHere(offer) { return offer.waiting.filter((s) => s === this.seat || this.heldList.includes(s)); }

  /** Accept or decline another seat's request to take back a decision, for every seat
   * asked that this browser holds (the others' over HTTP, with their own keys).
   * @param {UndoOffer} offer @param {boolean} accept */
  async answerUndo(offer, accept) {
    if (!this.online) { toast("You are offline: answer once the connection is back.", true); return; }
    const seats = this.askedHere(offer);
    this.busy = true; this.draw();
    for (const s of seats.filter((x) => x !== this.seat)) {
      try {
        await api(`/matches/${encodeURIComponent(this.id)}/undo/reply`, { method: "POST", body: { version: offer.version, accept }, token: this.seats[s] });
      } catch (/** @type {any} */ e) { toast(`${this.who(s)}: ${e.message}`, true); }
    }
    if (seats.includes(this.seat)) {
      this.undoRef = `v${++this.refs}`;
      this.send({ type: "undo_reply", version: offer.version, accept, ref: this.undoRef });
    } else { this.busy = false; this.draw(); }
  }

  /** How long the people asked have left to answer, in words. @param {UndoOffer} offer */
  offerLeft(offer) {
    const left = Math.max(0, Math.ceil((offer.deadline * 1000 - (Date.now() + this.skew)) / 1000));
    return `${spokenTime(left)} left to answer; no answer means no.`;
  }

  /** A log entry's step in words, as this viewer may see it. @param {LogEntry} e */
  stepText(e) {
    return e.text ? e.text : e.kind ? e.kind : e.type ? `${e.type.replace(/-/g, " ")} (hidden)` : "a hidden choice";
  }

  // A request waiting for answers: to a person asked, the question with Accept and
  // Decline, kept in view wherever the page is scrolled; to everyone else, a line saying
  // who waits for whom.
  /** @param {Update} u */
  undoOfferPanel(u) {
    /** @type {UndoOffer | null | undefined} */
    const offer = u.undo_offer;
    if (!offer) return null;
    const step = offer.step;
    const what = step?.text ? `“${step.text}”` : step?.kind ? step.kind : step?.type ? `a ${step.type.replace(/-/g, " ")}` : "a hidden decision";
    const asker = this.who(offer.seat);
    const waiting = this.and(offer.waiting.map((s) => (s === this.seat ? "you" : this.who(s))));
    const left = h("span.muted", { id: "undo-offer-left" }, this.offerLeft(offer));
    const here = this.askedHere(offer);
    if (here.length) {
      const others = offer.waiting.filter((s) => !here.includes(s));
      return h("section.undo-offer.asked", { id: "undo-offer", role: "alertdialog", "aria-labelledby": "undo-offer-h", "aria-describedby": "undo-offer-text" },
        h("h2", { id: "undo-offer-h" }, `↶ ${asker} asks to take back a decision${here.includes(this.seat) ? "" : `: ${this.and(here.map((s) => this.who(s)))}, do you accept?`}`),
        h("p", { id: "undo-offer-text" }, `${asker} would like to take back ${what}: the game goes back to just before it${others.length ? `, if ${this.and(others.map((s) => this.who(s)))} accept${others.length > 1 ? "" : "s"} too` : ""}. `, left),
        h("div.confirm-buttons", {},
          h("button.secondary", { type: "button", id: "undo-decline", disabled: this.busy, onclick: () => this.answerUndo(offer, false) }, "Decline: it stands"),
          h("button", { type: "button", id: "undo-accept", disabled: this.busy, onclick: () => this.answerUndo(offer, true) }, "Accept")));
    }
    const said = offer.seat === this.seat ? `You asked to take back ${what}: waiting for ${waiting} to accept.`
      : `${asker} asks to take back ${what}: waiting for ${waiting}.`;
    return h("p.undo-offer", { id: "undo-offer", role: "status" }, "↶ ", said, " ", left);
  }

  /** Ask before something that cannot be undone: a modal dialog with `yes` and a way out;
   * `then` runs only on yes.
   * @param {{title: string, text: string, yes: string, no?: string, then: () => void}} question */
  confirm({ title, text, yes, no = "Cancel", then }) {
    document.getElementById("confirm-dialog")?.remove();
    /** @type {HTMLDialogElement} */
    const dialog = h("dialog.confirm", { id: "confirm-dialog", "aria-labelledby": "confirm-h", "aria-describedby": "confirm-text" },
      h("h2", { id: "confirm-h" }, title), h("p", { id: "confirm-text" }, text),
      h("div.confirm-buttons", {},
        h("button.secondary", { type: "button", id: "confirm-no", onclick: () => dialog.close() }, no),
        h("button.danger", { type: "button", id: "confirm-yes", onclick: () => { dialog.close(); then(); } }, yes)));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    /** @type {HTMLElement} */ (dialog.querySelector("#confirm-no")).focus();  // the safe answer is the one under Enter
  }

  askResign() {
    const others = this.info.seats.filter((s) => s.seat !== this.seat).map((s) => this.who(s.seat));
    this.confirm({
      title: "Resign this match?",
      text: `The match ends now and you lose${others.length ? `: ${others.length > 1 ? "the best of " : ""}${others.join(", ")} win${others.length > 1 ? "" : "s"}` : ""}. This cannot be undone.`,
      yes: "Resign", no: "Keep playing",
      then: () => {
        if (!this.online) { toast("You are offline: resign once the connection is back.", true); return; }
        this.send({ type: "resign", ref: `r${++this.refs}` });
      },
    });
  }

  askLeave() {
    const running = this.update?.status === "active";
    this.confirm({
      title: "Leave your seat?",
      text: `${running ? "A bot plays your seat until someone else takes it. " : "Your seat becomes free for someone else. "}This browser forgets its key: you cannot come back to this seat, only watch or take a free one.`,
      yes: "Leave seat", no: "Stay",
      then: () => this.leave(),
    });
  }

  async leave() {
    const seat = /** @type {number} */ (this.seat);  // a seated player's: seatTools offers it
    const label = this.seatWho(seat);  // before the seat is free, and named so no more
    try {
      await api(`/matches/${encodeURIComponent(this.id)}/leave`, { method: "POST", token: this.token });
    } catch (/** @type {any} */ e) { toast(`You did not leave: ${e.message}`, true); return; }
    dropSeat(this.id, seat);  // a match with no seat left here leaves "My matches"
    toast(`You left ${label} of ${this.info.title}.`);
    location.hash = "#/";
  }

  // The connection, when it is not simply up: lost (with when the next try is, and a
  // button to try now), or coming back; and the move kept meanwhile, if any.
  connectionBanner() {
    if (this.online || !this.everOnline) return null;
    const q = this.queued;
    return h("div.connection.offline", { id: "connection", role: "alert" },
      h("strong", {}, "⚠ Connection lost. "),
      h("span", { id: "connection-when" }, this.retryText()), " ",
      h("button.secondary", { type: "button", id: "retry-now", onclick: () => this.retryNow() }, "Try now"),
      q ? h("p", { id: "queued" }, `Your move “${q.text}” is kept: it is sent when the connection is back, and played if the match has not moved on.`)
        : this.update?.legal.length ? h("p", {}, "It is your turn: a move you choose now is kept and sent when the connection is back.") : null);
  }

  retryText() {
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return `Reconnecting (attempt ${this.retry + 1})…`;
    if (!this.retryAt) return "Reconnecting…";
    return `Reconnecting in ${Math.max(0, Math.ceil((this.retryAt - Date.now()) / 1000))} s (attempt ${this.retry + 1}).`;
  }

  /** The seats still free for a person to take. */
  openSeats() { return (this.info.seats || []).filter((s) => s.kind === "human" && !s.joined); }

  /** What an open match waits for, in words: "Waiting for 1 player to join". */
  awaitedPlayers() { return `Waiting for ${counted(this.openSeats().length, "player")} to join`; }

  // While seats are free, a seated player has the link to pass on: whoever opens it sees
  // the match with "Take a seat" (the join bar), or finds it among the lobby's open matches.
  inviteBox() {
    const free = this.openSeats();
    const url = `${location.origin}${location.pathname}#/match/${encodeURIComponent(this.id)}`;
    const field = h("input.invite-link", { id: "invite-link", type: "text", readonly: true, value: url, "aria-label": "Link to this match", onfocus: (ev) => /** @type {HTMLInputElement} */ (ev.currentTarget).select() });
    const copy = async () => {
      const box = /** @type {HTMLInputElement | null} */ (document.getElementById("invite-link"));
      try {
        await navigator.clipboard.writeText(url);
      } catch {  // no clipboard for this page (not a secure address): the old way, from the field
        box?.focus(); box?.select();
        if (!document.execCommand("copy")) { toast("Select the link and copy it: this browser would not copy it for the page.", true); return; }
      }
      toast("Link copied: send it to whoever you want to play with.");
    };
    const whom = free.length === 1 ? "the person you want to play with" : `the ${free.length} people you want to play with`;
    return h("div.invite", { id: "invite", role: "group", "aria-labelledby": "invite-h" },
      h("p", { id: "invite-h" }, h("strong", {}, `Send this link to ${whom}`),
        `: they open it and take ${free.length === 1 ? `the free seat (${seatName(free[0].seat)})` : "the free seats"} under their own name${free.some((x) => x.brings_deck) ? ", with their deck" : ""}. The game begins once every seat is taken.`),
      h("div.invite-row", {}, field, h("button.secondary", { type: "button", id: "invite-copy", onclick: copy }, "Copy link")));
  }

  /** Whose decks the deal waits for, in words: "Waiting for P2 to bring a deck". */
  awaitedDecks() {
    const waiting = (this.info.seats || []).filter((s) => s.brings_deck);
    const open = waiting.filter((s) => !s.joined).map((s) => (s.seat === this.seat ? "you" : seatName(s.seat)));
    if (!open.length) return "The cards are being dealt";
    return `Waiting for ${open.join(" and ")} to bring ${open.length === 1 ? "a deck" : "decks"}`;
  }

  // Before the deal (a seat's person brings the deck, and has not sat down yet) there is
  // no board: the page says what the match waits for and who has brought a deck already.
  awaitingPanel() {
    const rows = this.info.seats.filter((s) => s.brings_deck).map((s) => h("li", { "data-seat": s.seat, "data-brought": String(s.joined) },
      s.joined ? `✓ ${this.seatLabel(s.seat)} has brought a deck.` : `⌛ ${seatName(s.seat)} (open seat): whoever takes the seat brings a deck.`));
    const open = this.info.seats.some((s) => s.brings_deck && !s.joined);
    return h("section.panel.awaiting-decks", { id: "awaiting-decks", "aria-labelledby": "awaiting-h" },
      h("h2", { id: "awaiting-h" }, "Waiting for decks"),
      h("p", {}, "In this match some players bring their own decks. The cards are dealt, from the match's seed and every deck, once the last of them sits down; until then nobody sees a card."),
      h("ul", {}, rows),
      open && this.seat !== null ? h("p.muted", {}, "Whoever takes a free seat (with the link above, or from the lobby's open matches) chooses their deck as they sit down.") : null);
  }

  // Someone watching a match with a free seat (a link passed on by a friend): sit down
  // under a name, remembered like the lobby's; a seat whose person brings the deck asks
  // for the deck first (joindeck.js).
  joinBar() {
    // signed in, the account sits down under its own name (account.js)
    const me = signedIn();
    const input = h("input", { id: "join-name", maxlength: 32, value: me ? me.name : playerName(), readonly: Boolean(me), placeholder: "Your name", "aria-label": "Your name" });
    /** @param {SubmitEvent} ev */
    const sit = async (ev) => {
      ev.preventDefault();
      // the field on the page (a draw keeps it in place of the one built here)
      const field = /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (ev.currentTarget).querySelector("#join-name"));
      const name = field.value.trim();
      if (!name) { field.setAttribute("aria-invalid", "true"); field.focus(); toast("Say your name first: the other players see it at the table.", true); return; }
      if (!me) setPlayerName(name);
      const target = seatToTake(this.info);
      const bring = Boolean(target?.brings_deck);
      /** @param {Parameters<Parameters<typeof joinWithDeck>[2]>[0]} [deck] @returns {Promise<import("./types.js").Joined>} */
      const join = (deck) => api(`/matches/${encodeURIComponent(this.id)}/join`, {
        method: "POST", body: bring ? { name, seat: /** @type {import("./types.js").SeatStatus} */ (target).seat, deck } : { name }, token: me?.token,
      });
      try {
        const j = bring ? await joinWithDeck(this.info, /** @type {import("./types.js").SeatStatus} */ (target).seat, join) : await join();
        if (!j) return;  // the player gave up choosing a deck
        holdSeat(this.id, j.seat, j.token, { game: this.info.game, title: this.info.title });
        setActiveSeat(this.id, j.seat);
        this.info = j.match;
        this.watch = false; this.lost = null;
        if (location.hash.endsWith("/watch")) { location.hash = `#/match/${this.id}`; return; }  // the router opens it seated
        this.switchSeat(j.seat);
      } catch (/** @type {any} */ e) { if (!signedOutBy(e)) toast(e.message, true); else this.draw(); }
    };
    const open = this.info.seats.filter((s) => s.kind === "human" && !s.joined).length;
    const bringing = this.info.seats.some((s) => s.kind === "human" && !s.joined && s.brings_deck);
    return h("form.join-bar", { id: "join-bar", onsubmit: sit },
      h("span", {}, `${open} seat${open === 1 ? " is" : "s are"} free${bringing ? " (you bring your deck)" : ""}. `), input, h("button", { type: "submit", id: "take-seat" }, "Take a seat"));
  }

  // Any game whose observation lists its players: their public counters side by side.
  // Beside a board, which shows the counters its own way, the table is folded to its head
  // (and stays as the player left it); a tile or card in it reads by its one name.
  /** @param {Json} obs @param {boolean} [foldable] @returns {HTMLElement | null} */
  playersTable(obs, foldable = false) {
    /** @type {Json[] | null} */
    const per = Array.isArray(obs.players) && obs.players.length === this.info.players ? obs.players : null;
    if (!per || !per.every((p) => p && typeof p === "object")) return null;
    const keys = Object.keys(per[0]).filter((k) => per.every((p) => ["number", "string"].includes(typeof p[k]))).slice(0, 9);
    if (!keys.length) return null;
    /** @param {string} k */
    const title = (k) => k.replace(/_/g, " ");
    /** @param {unknown} v */
    const said = (v) => (typeof v === "string" ? faceName(this.catalogue, v) : String(v));
    const table = h("div.table-wrap", {},
      h("table.players", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Seat"), keys.map((k) => h("th", { scope: "col" }, title(k))))),
        h("tbody", {}, per.map((p, s) => h(`tr${this.update?.to_move.includes(s) ? ".turn" : ""}`, {}, h("th", { scope: "row" }, this.names(s)), keys.map((k) => h("td", {}, said(p[k]))))))));
    if (!foldable) return h("section.panel", { "aria-label": "Players" }, h("h2", {}, "Players"), table);
    const box = h("details.panel.players-panel", { id: "players-panel", open: this.playersOpen }, h("summary", {}, h("h2", {}, "Players: every counter")), table);
    return listen(box, "toggle", (ev) => { this.playersOpen = /** @type {HTMLDetailsElement} */ (ev.currentTarget).open; });
  }

  // The end: who won (in a sentence), why the game ended and what its result means (the
  // update's `ending`, the game's own words with the players' names put in), every seat's
  // score from the best down, who resigned if anyone did, and the replay. A panel above
  // the board, never over it: the board stays as the game ended, to look at.
  /** @param {Update} u */
  finalPanel(u) {
    const winners = u.winners || [];
    const scores = u.scores || [];
    /** @param {string[]} names */
    const and = (names) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0]);
    const others = winners.filter((w) => w !== this.seat).map((w) => this.who(w));
    const headline = !winners.length ? "Nobody wins this time."
      : winners.includes(this.seat) ? (others.length ? `You share the win with ${and(others)}!` : "You win!")
        : `${and(others)} win${others.length > 1 ? " together" : "s"}.`;
    const resigned = typeof u.resigned === "number" && Number.isInteger(u.resigned) ? h("p", { id: "resigned" }, `${u.resigned === this.seat ? "You" : this.who(u.resigned)} resigned: the match ended there.`) : null;
    const ranked = scores.map((sc, s) => /** @type {[number, number]} */ ([sc, s])).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    const rows = ranked.map(([sc, s]) => h(`tr${winners.includes(s) ? ".won" : ""}${s === this.seat ? ".me" : ""}`, { "data-seat": s },
      h("th", { scope: "row" }, this.seatLabel(s)),
      h("td.score", {}, counted(sc, "point")),
      h("td", {}, winners.includes(s) ? "🏆 winner" : s === u.resigned ? "resigned" : "")));
    return h("section.panel.final", { id: "final", "aria-labelledby": "final-h" },
      h("div.final-result", {},
        h("h2", { id: "final-h" }, "Final scores"),
        h("p.final-headline", { id: "final-winners" }, winners.length ? "🏆 " : "", headline),
        u.ending ? h("p.final-ending", { id: "final-ending" }, this.seatWords(u.ending)) : null,
        resigned,
        h("table.final-scores", { "aria-label": "Final scores" }, h("tbody", {}, rows)),
        this.breakdownTable(u, ranked.map(([, s]) => s), winners)),
      h("div.final-buttons", {},
        h("button", { id: "replay", type: "button", onclick: () => this.loadReplay() }, "▶ Watch the replay"),
        h("a.button.secondary", { href: `#/match/${encodeURIComponent(this.id)}/replay`, id: "replay-link", title: "A link to this match's replay, to keep or pass on" }, "Link to the replay"),
        h("a.button.secondary", { href: `/api/v1/matches/${encodeURIComponent(this.id)}/replay`, download: "", id: "replay-file" }, "Download the replay"),
        h("a.button.secondary", { href: "#/" }, "Back to the lobby")));
  }

  // How each seat's score was made, term by term as the rulebook counts it (the update's
  // `breakdown`, the game's own): a row per term, a column per seat from the best down,
  // and the totals. A game that counts its score as one number has nothing to break down.
  /** @param {Update} u @param {number[]} order the seats, from the best @param {number[]} winners */
  breakdownTable(u, order, winners) {
    const lines = u.breakdown;
    if (!Array.isArray(lines) || !lines.length) return null;
    if (lines.every((terms) => terms.length <= 1 && (!terms.length || terms[0].name === "score"))) return null;
    const names = [...new Set(lines.flat().map((t) => t.name))];
    /** @param {number} s */
    const sum = (s) => lines[s].reduce((a, t) => a + t.points, 0);
    /** @param {number} n */
    const pts = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
    /** @param {number} s */
    const seatHead = (s) => h(`th${winners.includes(s) ? ".won" : ""}${s === this.seat ? ".me" : ""}`, { scope: "col", "data-seat": s }, `${winners.includes(s) ? "🏆 " : ""}${this.names(s)}`);
    return h("div.table-wrap", {}, h("table.final-breakdown", { id: "final-breakdown" },
      h("caption", {}, "How the points were made"),
      h("thead", {}, h("tr", {}, h("td"), order.map(seatHead))),
      h("tbody", {}, names.map((name) => h("tr", { "data-term": name }, h("th", { scope: "row" }, name),
        order.map((s) => {
          const got = lines[s].filter((t) => t.name === name).reduce((a, t) => a + t.points, 0);
          return h(`td${got < 0 ? ".minus" : ""}`, { "data-seat": s }, lines[s].some((t) => t.name === name) ? pts(got) : "–");
        })))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), order.map((s) => h("td", { "data-seat": s }, pts(sum(s))))))));
  }

  // -- the replay, once the match is over -------------------------------------------------
  // The server sends every state with every hand revealed (it refuses before the end), seen
  // from one chair: this seat's, or a spectator's. Steps: the buttons, the slider, or the
  // arrow keys (Home and End for the first and the last).

  /** @param {number | null} [seat] the chair it is seen from (null: a spectator's) */
  async loadReplay(seat = this.replaySeat === undefined ? this.seat : this.replaySeat) {
    try {
      const q = seat === null ? "" : `?seat=${seat}`;
      /** @type {Frame[]} */
      const frames = (await api(`/matches/${this.id}/frames${q}`)).frames;
      const at = this.frames ? Math.min(this.frame, frames.length - 1) : 0;
      this.frames = frames; this.replaySeat = seat; this.frame = at;
      if (!this.replayKeys) {
        this.replayKeys = (ev) => this.onReplayKey(ev);
        document.addEventListener("keydown", this.replayKeys);
      }
      this.draw();
    } catch (/** @type {any} */ e) { toast(e.message, true); }
  }

  stopReplayKeys() {
    if (this.replayKeys) document.removeEventListener("keydown", this.replayKeys);
    this.replayKeys = null;
  }

  /** @param {number} n */
  goFrame(n) {
    if (!this.frames) return;
    this.frame = Math.max(0, Math.min(this.frames.length - 1, n));
    this.draw();
  }

  /** @param {KeyboardEvent} ev */
  onReplayKey(ev) {
    if (!this.frames || this.handoff !== null || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (/** @type {Element | null} */ (ev.target)?.closest?.("input, textarea, select")) return;  // the slider and chat keep their keys
    /** @type {Record<string, number>} */
    const keys = { ArrowLeft: this.frame - 1, ArrowRight: this.frame + 1, Home: 0, End: this.frames.length - 1 };
    const to = keys[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    this.goFrame(to);
  }

  replayBar() {
    const f = /** @type {Frame[]} */ (this.frames)[this.frame];
    const last = /** @type {Frame[]} */ (this.frames).length - 1;
    const slider = h("input", { type: "range", id: "replay-step", min: 0, max: last, value: this.frame, "aria-label": "Replay step" });
    listen(slider, "input", (ev) => this.goFrame(Number(/** @type {HTMLInputElement} */ (ev.currentTarget).value)));
    const chair = h("select", { id: "replay-seat", "aria-label": "Seen from" },
      h("option", { value: "", selected: this.replaySeat === null }, "a spectator's chair"),
      this.info.seats.map((s) => h("option", { value: s.seat, selected: this.replaySeat === s.seat }, this.seatLabel(s.seat))));
    chair.value = this.replaySeat === null ? "" : String(this.replaySeat);
    listen(chair, "change", (ev) => { const v = /** @type {HTMLSelectElement} */ (ev.currentTarget).value; this.loadReplay(v === "" ? null : Number(v)); });
    const said = f.last ? [h("strong", {}, `Move ${this.frame}: ${this.names(f.last.seat)}`), ` — ${this.seatWords(nameAction(this.catalogue, f.last.action, f.last_text))}`] : [h("strong", {}, "The start"), " — the cards as they were dealt"];
    const next = f.next ? `Next: ${this.names(f.next.seat)} — ${this.seatWords(nameAction(this.catalogue, f.next.action, f.next_text))}` : `The end of the game · ${(f.scores || []).map((sc, s) => `${this.who(s)} ${sc}`).join(", ")}`;
    return h("section.panel.replay", { "aria-label": "Replay" },
      h("h2", {}, "Replay · every hand revealed"),
      h("div.replay-bar", {},
        h("button", { id: "replay-first", type: "button", disabled: this.frame === 0, onclick: () => this.goFrame(0) }, "⏮ Start"),
        h("button", { id: "replay-prev", type: "button", disabled: this.frame === 0, onclick: () => this.goFrame(this.frame - 1) }, "◀ Back"),
        h("button", { id: "replay-next", type: "button", disabled: this.frame === last, onclick: () => this.goFrame(this.frame + 1) }, "Next ▶"),
        h("button", { id: "replay-last", type: "button", disabled: this.frame === last, onclick: () => this.goFrame(last) }, "End ⏭"), slider,
        h("span", { role: "status", id: "replay-at" }, `Step ${this.frame} of ${last}`),
        h("label", {}, "Seen from", chair),
        h("button.secondary", { type: "button", id: "replay-close", onclick: () => { this.frames = null; this.stopReplayKeys(); this.draw(); } }, "Close replay")),
      h("p", { id: "replay-move" }, said),
      h("p.muted", { id: "replay-next-move" }, next, h("span.keys", {}, " · keys: ← → step, Home and End jump")));
  }

  // What each seat alone could see at this step (its hand, marked cards, secret choice):
  // after the end nothing is hidden, so every seat's is shown, card names from the catalogue.
  /** @param {Frame} frame */
  revealedPanel(frame) {
    const cat = this.catalogue || {};
    /** @param {string} k */
    const words = (k) => k.replace(/_/g, " ");
    /** @param {string} id */
    const name = (id) => { const said = faceName(cat, id); return said === String(id) ? said.replace(/-/g, " ") : said; };
    /** @param {unknown} x */
    const card = (x) => (typeof x === "string" ? h("span.revealed-card", { "data-card": x, title: x }, name(x)) : h("span.revealed-card", {}, JSON.stringify(x)));
    /** @param {unknown} v @returns {import("./api.js").Child} */
    const show = (v) => (Array.isArray(v) ? (v.length ? v.map(card) : h("span.muted", {}, "none"))
      : v && typeof v === "object" ? Object.entries(v).map(([k, x]) => h("span.revealed-part", {}, `${words(k)}: `, show(x)))
        : typeof v === "string" ? card(v) : String(v));
    const rows = (frame.secrets || []).map((secret, s) => {
      const shown = new Set();
      const parts = [];
      for (const [k, v] of Object.entries(secret)) {
        // the same cards under another name (Singapore's hand keys) are said once
        if (Array.isArray(v) && v.length && v.every((x) => shown.has(x))) continue;
        if (Array.isArray(v)) v.forEach((x) => shown.add(x));
        parts.push(h("div.revealed-line", {}, h("span.muted", {}, `${words(k)}: `), show(v)));
      }
      return h("li", { "data-seat": s }, h("strong", {}, this.names(s)), parts.length ? parts : h("div.muted", {}, "nothing hidden"));
    });
    return h("section.panel", { id: "revealed", "aria-labelledby": "revealed-h" },
      h("h2", { id: "revealed-h" }, "Every hand, revealed"),
      h("p.muted", {}, "The match is over, so nothing is secret any more: what each seat alone could see at this step."),
      h("ul.revealed", {}, rows));
  }

  /** @param {LegalAction[]} legal @param {Update} u */
  actionsPanel(legal, u) {
    // On a phone this panel stays at the foot of the screen (app.css): its head jumps to
    // the seat's hand and the board, and folds the panel away to see more of the board.
    /** @param {string} id @param {string} text */
    const jump = (id, text) => h("button.secondary.jump", { type: "button", "data-jump": id, onclick: () => document.getElementById(id)?.scrollIntoView({ block: "start" }) }, text);
    const folder = h("button.secondary.jump.fold-panel", {
      type: "button", id: "choices-fold", "aria-expanded": String(!this.choicesFolded), "aria-controls": "actions",
      onclick: () => { this.choicesFolded = !this.choicesFolded; this.draw(); },
    }, this.choicesFolded ? `Show ${legal.length ? `${legal.length} ` : ""}choices ▴` : "Hide ▾");
    const head = h("div.actions-head", {}, h("h2", { id: "actions-h", tabindex: "-1" }, "Your choices"),
      h("span.jumps", {}, this.seat !== null && BOARDS[this.presentation.board] ? jump("my-hand", "Your hand") : null,
        BOARDS[this.presentation.board] ? jump("board", "Board") : null, folder));
    const box = h(`section.panel${this.choicesFolded ? ".choices-folded" : ""}`, { "aria-labelledby": "actions-h", id: "actions" }, head);
    if (this.seat === null) { box.append(h("p.muted", {}, "You are watching: only seated players choose.")); return box; }
    if (!legal.length) {
      box.append(h("p.muted", {}, u.my_choice ? "Your choice is in: waiting for the others." : u.status === "over" ? "No more choices."
        : u.status === "open" ? `${this.awaitedPlayers()}: your choices come once the game begins.` : "Not your turn."));
      return box;
    }
    if (!this.online) {
      box.append(h("p.offline-note", { id: "offline-note" }, this.queued ? `Kept, to be sent when the connection is back: “${this.queued.text}”.`
        : "Offline: the move you choose is kept and sent when the connection is back."));
    }
    /** @type {Map<string, LegalAction[]>} */
    const groups = new Map();
    for (const l of legal) {
      const t = l.action.type || "action";
      if (!groups.has(t)) groups.set(t, []);
      /** @type {LegalAction[]} */ (groups.get(t)).push(l);
    }
    const fold = Boolean(BOARDS[this.presentation.board]);
    for (const [type, items] of groups) {
      // a kind whose actions declare their steps (choose_by) is chosen field by field first;
      // the whole list stays below it, for the keyboard and for the curious
      if (guided(items)) {
        box.append(guidedChooser({
          kind: type, actions: items, picked: this.guides[type] || (this.guides[type] = []), cat: this.catalogue, busy: Boolean(this.busy),
          changed: () => this.draw(), act: (a) => this.act(a),
        }));
      }
      const buttons = items.map((l) => h("button", { type: "button", id: `act-${l.index}`, "data-index": l.index, disabled: this.busy, onclick: () => this.act(l.action) }, l.text));
      box.append(fold && items.length > FOLD_OVER ? this.foldedGroup(type, buttons)
        : h("div.actions-group", { role: "group", "aria-label": type }, h("h3", {}, type.replace(/-/g, " ")), h("div.actions", {}, buttons)));
    }
    return box;
  }

  // A kind with many choices: its first few, a filter box (each word typed must begin a
  // word of the choice, in any order: "C1 turned 5" keeps "place T35 on C1a turned 5" and
  // not "… turned 0", whose tile merely has a 5 in it) and a button that shows them all. The others stay in the page, hidden,
  // so each one is still a click or a few keys away; the board offers them all too.
  /** @param {string} type @param {HTMLButtonElement[]} buttons */
  foldedGroup(type, buttons) {
    const state = this.folds[type] || (this.folds[type] = { text: "", all: false });
    const slug = type.replace(/[^A-Za-z0-9-]/g, "_");
    const n = buttons.length;
    const words = type.replace(/-/g, " ");
    const listId = `fold-${slug}`;
    const list = h("div.actions", { id: listId }, buttons);
    const count = h("p.muted.fold-count", { id: `${listId}-count`, role: "status" });
    const filter = h("input", {
      type: "search", id: `${listId}-filter`, value: state.text, autocomplete: "off", spellcheck: "false",
      "aria-controls": listId, "aria-describedby": count.id, placeholder: `e.g. ${buttons[0].textContent.split(" ").slice(1, 2).join(" ") || "a word"}`,
    });
    const toggle = h("button.secondary.fold-toggle", { type: "button", id: `${listId}-all`, "aria-controls": listId });
    /** @param {string} text */
    const wordsOf = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // Show the choices that match in `group`: the group built here, then the one on the
    // page when the player types or asks for them all (a draw keeps that one in its place).
    /** @param {Element} group */
    const apply = (group) => {
      const wanted = wordsOf(state.text);
      let matching = 0;
      for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll(`#${listId} > button`))) {
        const hit = wanted.every((w) => wordsOf(/** @type {string} */ (b.textContent)).some((t) => t.startsWith(w)));
        if (hit) matching += 1;
        b.hidden = !hit || (!state.all && matching > FOLDED_SHOWN);
      }
      const shown = Math.min(matching, state.all ? matching : FOLDED_SHOWN);
      const said = state.text.trim() ? `${matching} of the ${n} match “${state.text.trim()}”` : `${n} choices`;
      const note = /** @type {HTMLElement} */ (group.querySelector(".fold-count"));
      note.textContent = !matching ? `None of the ${n} choices match “${state.text.trim()}”.`
        : shown === matching ? `${said}: all shown.` : `${said}: the first ${shown} shown. Type to narrow them, or show them all.`;
      const all = /** @type {HTMLElement} */ (group.querySelector(".fold-toggle"));
      all.hidden = matching <= FOLDED_SHOWN;
      all.textContent = state.all ? "Show fewer" : `Show all ${matching}`;
      all.setAttribute("aria-expanded", String(state.all));
    };
    /** @param {Event} ev @returns {Element} the group of the element the event is for */
    const groupOf = (ev) => /** @type {Element} */ (/** @type {Element} */ (ev.currentTarget).closest(".actions-group"));
    listen(filter, "input", (ev) => { state.text = /** @type {HTMLInputElement} */ (ev.currentTarget).value; apply(groupOf(ev)); });
    // Enter or ↓ in the box goes to the first choice shown: choosing stays a deliberate press
    listen(filter, "keydown", (ev) => {
      const key = /** @type {KeyboardEvent} */ (ev).key;
      if (key !== "Enter" && key !== "ArrowDown") return;
      ev.preventDefault();
      /** @type {HTMLElement | null} */ (groupOf(ev).querySelector(`#${listId} > button:not([hidden])`))?.focus();
    });
    listen(toggle, "click", (ev) => { state.all = !state.all; apply(groupOf(ev)); });
    const group = h("div.actions-group.folded", { role: "group", "aria-labelledby": `${listId}-h`, "data-kind": type },
      h("h3", { id: `${listId}-h` }, words, h("span.fold-n", {}, ` — ${n} choices`)),
      h("label.fold-filter", {}, "Find a choice", filter), count, list, toggle);
    apply(group);
    return group;
  }

  logPanel() {
    if (this.frames) return this.replayLog();
    const items = this.log.map((e) => (e.took_back
      ? h("li.took-back", { value: e.version, "data-version": e.version, "data-took-back": e.took_back.version }, `↶ ${this.who(e.seat)} took back: `, h("s", {}, this.stepText(e.took_back)))
      : h("li", { value: e.version, "data-version": e.version }, `${this.who(e.seat)}${e.by === "bot" ? " 🤖" : e.by === "takeover" ? " (bot stand-in)" : ""}: `,
        this.stepText(e))));
    // the newest step in view as steps come, unless the reader scrolled back (`follow`)
    const ol = h("ol.log", { id: "log", "aria-live": "polite", "data-follow": true }, items);
    // what the game says happened beyond the moves (a card discarded, a contest won)
    const recent = (this.update?.recent || []).slice(-4);
    const table = recent.length ? h("div.recent", {},
      h("h3", { id: "recent-h" }, "At the table, lately"),
      h("ul", { id: "recent", "aria-labelledby": "recent-h" }, recent.map((line) => h("li", {}, this.seatWords(line))))) : null;
    return h("section.panel", { "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, "What happened"), table, items.length ? ol : h("p.muted", {}, "Nothing yet."));
  }

  // The replay's log, in step with the board: every step of the match (all open once it
  // is over, from the frames), the one shown marked and scrolled into the middle of the
  // list; a click on a step goes there.
  replayLog() {
    const frames = /** @type {Frame[]} */ (this.frames);  // (drawn only in a replay)
    const items = frames.slice(1).map((f) => {
      const here = f.version === this.frame;
      return h(`li${here ? ".now" : ""}`, { value: f.version, "data-version": f.version, "aria-current": here ? "step" : null },
        h("button.log-step", { type: "button", id: `log-step-${f.version}`, title: `Go to step ${f.version}`, onclick: () => this.goFrame(f.version) },
          `${this.who(/** @type {NonNullable<Frame["last"]>} */ (f.last).seat)}: ${this.seatWords(nameAction(this.catalogue, /** @type {NonNullable<Frame["last"]>} */ (f.last).action, f.last_text))}`));
    });
    const ol = h("ol.log.replay-log", { id: "log" }, items);
    return h("section.panel", { "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, "What happened", h("span.muted", { style: "font-size:.85rem;font-weight:400" }, ` · step ${this.frame} of ${frames.length - 1}`)),
      items.length ? ol : h("p.muted", {}, "No step was taken."));
  }

  /** The replay's step shown, in the middle of its log (after each draw of a replay). */
  centreReplayStep() {
    const ol = document.getElementById("log");
    const now = /** @type {HTMLElement | null} */ (ol?.querySelector("li.now"));
    if (ol && now) ol.scrollTop += now.getBoundingClientRect().top - ol.getBoundingClientRect().top - (ol.clientHeight - now.offsetHeight) / 2;
  }

  chatPanel() {
    const lines = h("div.chat-lines", { id: "chat-lines", "data-follow": true }, this.chat.map((l) => h("div", {}, h("strong", {}, `${l.name || this.who(l.seat)}: `), l.text)));
    const input = h("input", { id: "chat-input", maxlength: 500, "aria-label": "Chat message", placeholder: this.seat === null ? "Spectators cannot chat" : "Say something at the table", disabled: this.seat === null });
    /** @param {SubmitEvent} ev */
    const say = (ev) => {
      ev.preventDefault();
      const field = /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (ev.currentTarget).querySelector("#chat-input"));
      if (field.value.trim()) { this.send({ type: "chat", text: field.value }); field.value = ""; }
    };
    const form = h("form", { onsubmit: say },
      input, h("button", { type: "submit", disabled: this.seat === null }, "Send"));
    return h("section.panel.chat", { "aria-labelledby": "chat-h" }, h("h2", { id: "chat-h" }, "Table talk"), lines, form);
  }

  handoffOverlay() {
    const next = /** @type {number} */ (this.handoff);  // (drawn only while there is one)
    const go = h("button", { id: "handoff-go", type: "button", onclick: () => { this.handoff = null; this.switchSeat(next); } }, `I am ${this.who(next)}: show my hand`);
    setTimeout(() => go.focus());
    return h("div.overlay", { role: "dialog", "aria-modal": "true", "aria-labelledby": "handoff-h" },
      h("div", {}, h("h2", { id: "handoff-h", style: "color:#fff" }, `Pass the screen to ${this.who(next)}`),
        h("p", {}, `${this.who(/** @type {number} */ (this.seat))}'s hand is hidden. Hand over, then press the button.`), go));
  }
}
