// Singapore Untamed: the plus-shaped board (the Ecotone in the middle; the Forest, Urban,
// Mangrove and Marine habitats around it, each a ring of eight tiles around its deck),
// the cards drawn in Evolution, the seat's own species (Food, hand, Niche, gallery and its
// decisions) and every player's public gallery. The layout and the card faces come from
// the game's catalogue; every highlight comes from the legal actions the server lists:
// a tile to migrate to, a deck to draw from (or a destroyed habitat to restore), a drawn
// Adaptation to buy, a hand card to play or discard, a Food token to pledge, and the
// seat's Survival Strategy and other yes/no decisions as buttons on its panel. When one
// click offers several actions, the second step opens as a row of choices.
import { counted, h, seatName } from "../api.js";
import { faceName, markUnplayable, nameText, unplayableIn } from "../faces.js";
import { follow, listen } from "../morph.js";
/** @import { Attrs } from "../api.js" */
/** @import { BoardProps, Catalogue, Face, LegalAction } from "../types.js" */

/** A deck's public side: how many cards, and those seen at its bottom.
 * @typedef {{cards: number, bottom: string[]}} DeckSide */

/** A habitat, as the observation has it.
 * @typedef {{status: string, destruction: number, destruction_needed: number,
 *   bounty: {single: number, shared: number} | null, deck: DeckSide}} Habitat */

/** A player, as the observation has them (`hand_cards` and `niche`: the viewer's own).
 * @typedef {object} SgPlayer
 * @property {string} tile
 * @property {string | null} region
 * @property {number} food
 * @property {Record<string, number>} adaptations
 * @property {string[]} niches
 * @property {number} evp
 * @property {number} hand
 * @property {string[]} hand_backs
 * @property {number} facedown
 * @property {number[]} dice
 * @property {number} cooperated
 * @property {number} intimidated
 * @property {boolean | null} chosen
 * @property {boolean} has_secret_niche
 * @property {string[]} [hand_cards]
 * @property {string | null} [niche] */

/** What this board reads of an observation (the game's view, its view.py).
 * @typedef {object} SingaporeObs
 * @property {string} mode
 * @property {number} round
 * @property {number} rounds
 * @property {number} first
 * @property {string} phase
 * @property {number | null} turn the seat deciding, in the phases taken in turn
 * @property {Record<string, Habitat>} habitats
 * @property {DeckSide} wild_deck
 * @property {number} destruction_drawn
 * @property {string[]} discard
 * @property {string[]} niche_display
 * @property {SgPlayer[]} players
 * @property {string[]} drawn
 * @property {string | null} drawn_from
 * @property {{extra: number, any_deck: boolean, bargain: boolean}} evolution
 * @property {{habitat: string, proposer: number, pledges: number[], needed: number} | null} recovery
 * @property {string[]} log
 * @property {string[]} last_log
 * @property {{cards: string[], final: string | null}} [my_choice] */

/** A board place's button, given its key ("tile:Fo3"), label and attributes, then children.
 * @typedef {(tag: string, key: string, label: string, attrs: Attrs, ...children: import("../api.js").Child[]) => HTMLElement} Target */

const PAWNS = ["#1f4d29", "#4b3f8f", "#8f4b1f", "#1f5d8f", "#8f1f5d", "#5d5d1f"];
/** @type {Record<string, string>} */
const PHASE = {
  migrate: "Migration", compete: "Inter-species Competition", draw: "Evolution", buy: "Evolution",
  anchor: "Destruction", restore: "Recovery", pledge: "Recovery", discard: "Hand limit", over: "The end",
};
/** @type {Record<string, string>} */
const DOING = {
  draw: "draws for Evolution", buy: "buys Adaptations", anchor: "decides whether to stay in the destroyed Mangrove",
  restore: "may offer a Recovery card", pledge: "pledges Food for the Recovery", discard: "discards down to 2 cards",
};
/** @type {Record<string, string>} */
const STATUS = { open: "open", "opening-soon": "Opening soon", destroyed: "Destroyed" };
/** @type {Record<string, [string, string]>} */
const DECISIONS = {  // the seat's yes/no decisions: their button text and what they mean
  cooperate: ["🤝 Cooperate", "Cooperate: share the Food"],
  intimidate: ["⚔ Intimidate", "Intimidate: try to take Food from the others"],
  finish: ["Return the rest", "Return the unbought cards to the bottom of the deck"],
  stay: ["⚓ Stay anchored", "Stay anchored in the destroyed Mangrove (Anchorage)"],
  leave: ["Leave for the Ecotone", "Leave the destroyed Mangrove for the centre of the Ecotone"],
  pass: ["Pass", "Offer no Recovery card"],
};
/** @type {string | null} */
let opened = null;  // the target whose several actions are shown as a second step

/** @param {string} s */
const title = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** @param {string} key */
const words = (key) => key.replace(/-/g, " ");

/** The tile's one name, everywhere on the page: the catalogue's label (Fo3, Ec.n, Ec.c),
 * as the choices, the log and the text view print it. @param {string} tile @param {Catalogue} cat */
const short = (tile, cat) => faceName(cat, tile);

/** @param {string} tile @param {Face | undefined} t its face */
function tileWords(tile, t) {
  if (!t) return tile;
  if (t.board === "ecotone") return `Ecotone ${tile.replace("ecotone-", "")}`;
  return `${title(t.board)} ${t.ring}${t.ring === 1 ? " (gateway)" : ""}`;
}

/** @param {string} key @param {Catalogue} cat @returns {string} */
const cardName = (key, cat) => cat.cards?.[key]?.name || title(words(key));

/** A card's face in words, for screen readers and tooltips.
 * @param {string} key @param {Catalogue} cat @param {number} [count] */
function describe(key, cat, count = 0) {
  const c = cat.cards?.[key];
  if (!c) return title(words(key));
  const parts = [`${c.name}${c.kind ? `, ${c.kind} card` : ""}${c.deck ? ` (${title(c.deck)} deck)` : ""}`];
  if (count) parts.push(`${count} owned`);
  if (c.points) parts.push(`points for 1 to ${c.points.length} copies: ${c.points.join(", ")}`);
  if (c.text) parts.push(c.text);
  if (c.species) parts.push(`${c.species} (${c.latin}): ${c.fact}`);
  return `${parts.map((/** @type {string} */ p) => p.replace(/\.$/, "")).join(". ")}.`;
}

/** A species card: card name, common and latin names, points or timing, effect, fact.
 * @param {string} key @param {Catalogue} cat
 * @param {{tag?: string, attrs?: Attrs, count?: number, label?: string | null, compact?: boolean, fact?: boolean}} [how] */
function cardFace(key, cat, { tag = "div", attrs = {}, count = 0, label = null, compact = false, fact = !compact } = {}) {
  const c = cat.cards?.[key] || { name: title(words(key)) };
  const points = c.points ? h("span.sg-points", { "aria-hidden": "true" }, c.points.map((/** @type {number} */ p, /** @type {number} */ i) => h(`span${count === i + 1 || (count > c.points.length && i === c.points.length - 1) ? ".now" : ""}`, {}, p)), " EVP") : null;
  const aria = label ? `${label}. ${describe(key, cat, count)}` : describe(key, cat, count);
  return h(`${tag}.sg-cardface.sg-deck-${c.deck || c.kind || "none"}`, { title: describe(key, cat, count), "aria-label": aria, "data-card": key, tabindex: tag === "button" ? null : "0", ...attrs },
    h("span.sg-cardhead", {}, h("span.sg-cardname", {}, c.name), count ? h("span.sg-count", {}, `×${count}`) : null),
    c.species ? h("span.sg-species", {}, c.species) : null,
    c.latin ? h("span.sg-latin", {}, c.latin) : null,
    points || (c.timing ? h("span.sg-meta", {}, `${title(c.timing)} card`) : c.kind ? h("span.sg-meta", {}, `${title(c.kind)} card`) : null),
    !compact && c.text ? h("span.sg-text", {}, c.text) : null,
    fact && c.fact ? h("span.sg-fact", {}, c.fact) : null);
}

/** @param {string} key @param {Catalogue} cat @param {string} [note] */
function nicheFace(key, cat, note) {
  const n = cat.niches?.[key];
  if (!n) return h("div.sg-niche", {}, title(words(key)));
  const label = `Niche card ${n.name} (${n.latin}), 12 EVP once complete; needs ${n.needs.map((/** @type {string} */ k) => cardName(k, cat)).join(", ")}. ${n.text} ${n.fact}`;
  return h("div.sg-niche", { title: label, "aria-label": label, "data-face": key, tabindex: "0" },
    h("span.sg-cardhead", {}, h("span.sg-cardname", {}, n.name), h("span.sg-count", {}, "12 EVP")),
    h("span.sg-latin", {}, n.latin), h("span.sg-meta", {}, `Needs ${n.needs.map((/** @type {string} */ k) => cardName(k, cat)).join(" · ")}`),
    h("span.sg-text", {}, n.text), note ? h("span.sg-meta", {}, note) : null);
}

/** @param {number} s @param {(seat: number) => string} names */
function pawn(s, names) {
  return h("span.sg-pawn", { style: `background:${PAWNS[s % PAWNS.length]}`, title: names(s) }, seatName(s));
}

/** @param {BoardProps} props @returns {HTMLElement} */
export function singaporeBoard(props) {
  const { legal, seat, catalogue, act, busy, names, toMove } = props;
  const obs = /** @type {SingaporeObs} */ (props.obs);
  const cat = catalogue || { cards: {} };
  const root = h("div", { id: "board", "data-board": "singapore" });
  // after opening a place's choices, the keyboard goes on to them
  const redraw = () => {
    props.redraw();
    /** @type {HTMLElement | null} */ (document.querySelector("#board .sg-step button"))?.focus();
  };

  // Every legal action, filed under the place on the table where it is chosen.
  /** @type {Map<string, LegalAction[]>} */
  const targets = new Map();
  /** @param {string} key @param {LegalAction} l */
  const file = (key, l) => { if (!targets.has(key)) targets.set(key, []); /** @type {LegalAction[]} */ (targets.get(key)).push(l); };
  for (const l of legal) {
    const a = l.action;
    if (a.type === "migrate") file(`tile:${a.tile}`, l);
    else if (a.type === "draw") file(`deck:${a.deck}`, l);
    else if (a.type === "restore") file(`deck:${a.habitat}`, l);
    else if (a.type === "buy") file(`drawn:${a.adaptation}`, l);
    else if (a.type === "play" || a.type === "discard") file(`hand:${a.card}`, l);
    else if (a.type === "pledge") file(`food:${a.food}`, l);
    else file(`decision:${a.type}`, l);
  }
  if (opened && !targets.has(opened)) opened = null;
  // While an action is on its way the targets stay focusable (aria-disabled, not
  // disabled), so a keyboard player keeps their place on the board.
  /** @param {string} key */
  const choose = (key) => {
    if (busy) return;
    const ls = /** @type {LegalAction[]} */ (targets.get(key));
    if (ls.length === 1) { opened = null; act(ls[0].action); } else { opened = key; redraw(); }
  };
  // A clickable target: a button carrying the indices of the legal actions it offers.
  /** @param {string} key @returns {Attrs} */
  const clickable = (key) => ({
    type: "button", id: `sg-${key.replace(/[^a-z0-9-]/gi, "-")}`, "data-legal": /** @type {LegalAction[]} */ (targets.get(key)).map((l) => l.index).join(" "),
    "aria-disabled": busy ? "true" : null, onclick: () => choose(key),
  });
  /** @type {Target} */
  const target = (tag, key, label, attrs, ...children) => h(`button.${tag}.target`, { ...clickable(key), "aria-label": label, ...attrs }, ...children);

  const me = seat !== null ? obs.players?.[seat] : null;
  const tiles = cat.tiles || {};
  // the tiles the migrations just played end on, each with who went there
  /** @type {Map<string, number[]>} */
  const arrived = new Map();
  for (const r of props.recent) if (r.action.type === "migrate") arrived.set(r.action.tile, [...(arrived.get(r.action.tile) || []), r.seat]);
  /** @type {Map<string, number[]>} */
  const pawns = new Map();
  (obs.players || []).forEach((p, s) => { if (!pawns.has(p.tile)) pawns.set(p.tile, []); /** @type {number[]} */ (pawns.get(p.tile)).push(s); });

  // ---- what to do now, in words
  const hint = hintText(obs, legal, me, cat, busy, toMove, names);
  const step = opened ? h("div.sg-step.give-targets", { role: "group", "aria-label": "Choose one" },
    h("strong", {}, "Choose: "),
    /** @type {LegalAction[]} */ (targets.get(opened)).map((l) => h("button", { type: "button", "data-legal": String(l.index), "aria-disabled": busy ? "true" : null, onclick: () => { if (!busy) { opened = null; act(l.action); } } }, l.text)),
    h("button.secondary", { type: "button", onclick: () => { opened = null; redraw(); } }, "Cancel")) : null;

  // ---- the plus-shaped board, laid out from the catalogue's rows and columns
  const plus = h("div.sg-plus", { role: "group", "aria-label": "The board: the Ecotone and the four habitats" });
  for (const [key, part] of Object.entries(cat.boards || {})) {
    const status = key === "ecotone" ? "open" : obs.habitats?.[key]?.status || "open";
    plus.append(h(`div.sg-frame.sg-${key}.sg-${status}`, { style: `grid-area:${part.row + 1}/${part.col + 1}/span 3/span 3`, "aria-hidden": "true" }));
  }
  plus.append(cornerInfo(obs, cat, names), cornerWild(obs, targets, target), cornerDiscard(obs, cat), cornerLegend());
  for (const [id, t] of Object.entries(tiles)) {
    const hab = t.board === "ecotone" ? null : obs.habitats?.[t.board];
    const here = pawns.get(id) || [];
    const wild = t.board === "ecotone" || t.kind === "wild";
    const cls = `.sg-${t.board}${t.kind === "wild" ? ".sg-wild" : ""}${t.kind === "start" ? ".sg-start" : ""}${hab && hab.status !== "open" ? `.sg-${hab.status}` : ""}${me && me.tile === id ? ".sg-mine" : ""}${arrived.has(id) ? ".recent" : ""}`;
    const desc = `${tileWords(id, t)}${t.kind === "wild" ? ", wild tile" : t.kind === "start" ? ", the start" : t.board === "ecotone" ? "" : ", habitat tile"}${hab && hab.status !== "open" ? ` (${STATUS[hab.status]})` : ""}`;
    const came = arrived.has(id) ? `, where ${/** @type {number[]} */ (arrived.get(id)).map(names).join(" and ")} just migrated` : "";
    const who = `${here.length ? `: ${here.map(names).join(", ")}` : ""}${came}`;
    const body = [h("span.sg-pos", {}, short(id, cat)), t.kind === "wild" ? h("span.sg-mark", { title: "Wild tile: draw from the Wild deck" }, "✱", h("span.sg-mark-word", {}, " wild")) : null,
      t.kind === "start" ? h("span.sg-mark", {}, h("span.sg-mark-word", {}, "start")) : null, h("span.sg-pawns", {}, here.map((s) => pawn(s, names)))];
    const style = `grid-row:${t.row + 1};grid-column:${t.col + 1}`;
    const drawsFrom = wild ? "draws from the Wild deck" : `draws from the ${title(t.board)} deck`;
    plus.append(targets.has(`tile:${id}`)
      ? target(`sg-tile${cls}`, `tile:${id}`, `Migrate to ${short(id, cat)}, ${desc}${who}; ${drawsFrom}`, { "data-tile": id, style, title: `${short(id, cat)}: ${desc}${who}` }, ...body)
      : h(`div.sg-tile${cls}`, { "data-tile": id, style, role: "img", "aria-label": `${short(id, cat)}, ${desc}${who}`, title: `${short(id, cat)}: ${desc}${who}` }, ...body));
  }
  for (const [key, part] of Object.entries(cat.boards || {})) {
    if (key !== "ecotone") plus.append(habitatCard(key, part, obs.habitats?.[key], cat, targets, target));
  }
  // on a narrow screen the board keeps a readable size and scrolls sideways in its frame
  const board = Object.keys(tiles).length ? h("div.sg-plus-wrap", {}, plus) : h("p.error", {}, "The board's layout could not be loaded: use the text view and the list of choices.");
  root.append(h("section.panel.sg-panel", { "aria-label": "The board" },
    h("h2", {}, `Round ${obs.round} of ${obs.rounds} · ${PHASE[obs.phase] || title(words(obs.phase))}`),
    hint ? h("p.hint", { id: "hint", role: "status" }, hint) : null, step, board));

  // ---- the cards drawn in Evolution (public: Adaptations and Destruction are shown)
  if ((obs.drawn || []).length || obs.phase === "buy") {
    const drawer = obs.turn ?? null;
    const drawnRow = h("div.sg-cards", { role: "group", "aria-label": "Cards drawn" }, (obs.drawn || []).map((k, i) => {
      const key = `drawn:${k}`;
      return targets.has(key) && obs.drawn.indexOf(k) === i
        ? cardFace(k, cat, { tag: "button", label: `Buy ${cardName(k, cat)}`, attrs: { ...clickable(key), class: "target" } })
        : cardFace(k, cat);
    }));
    const finish = targets.has("decision:finish") ? decisionButton("finish", targets, target) : null;
    root.append(h("section.panel.sg-panel", { "aria-label": "Evolution" },
      h("h2", {}, `Evolution${drawer !== null ? ` · ${names(drawer)}` : ""}${obs.drawn_from ? ` drew from the ${title(obs.drawn_from)} deck` : ""}`),
      obs.drawn?.length ? drawnRow : h("p.muted", {}, "No Adaptation left to buy."),
      // (the price is in the phase line: the game's words, a Niche's ability and a Bargain counted)
      h("p.muted", {}, "Unbought cards go to the bottom of their deck."),
      finish ? h("div.sg-decisions", {}, finish) : null));
  }

  // ---- a Recovery in progress
  if (obs.recovery) {
    const r = obs.recovery;
    const total = (r.pledges || []).reduce((a, b) => a + b, 0);
    root.append(h("section.panel.sg-panel", { "aria-label": "Recovery" }, h("h2", {}, `Recovery of the ${title(r.habitat)}`),
      h("p", {}, `${names(r.proposer)} offers a Recovery card. Pledged so far: ${total} of 10 Food`,
        r.needed !== undefined ? ` (${r.needed} still needed)` : "", "."),
      h("ul.sg-pledges", {}, (r.pledges || []).map((f, s) => h("li", {}, `${names(s)}: ${f} Food`)))));
  }

  // ---- the seat's own species
  if (me) root.append(mySpecies(obs, me, /** @type {number} */ (seat), cat, targets, target, clickable, unplayableIn(me.hand_cards || [], legal, props.unplayable)));

  // ---- every player's public side: Food, EVP, hand backs, strategies shown, gallery
  root.append(h("section.panel.sg-panel", { "aria-label": "Galleries" }, h("h2", {}, "The species at the table"),
    h("div.sg-players", {}, (obs.players || []).map((p, s) => playerBox(p, s, obs, cat, names, toMove, s === seat)))));

  if ((obs.niche_display || []).length) {
    root.append(h("section.panel.sg-panel", { "aria-label": "Niche cards on display" }, h("h2", {}, "Niche cards on display (Survival)"),
      h("div.sg-cards", {}, obs.niche_display.map((n) => nicheFace(n.replace("niche:", ""), cat)))));
  }

  // ---- the Gamemaster's account of this round (and the last), folded to its latest line
  // (tiles and cards by name, seats by who sits there)
  /** @param {string} line */
  const said = (line) => props.words(nameText(cat, line));
  const log = (obs.log || []).map(said);
  const lastLog = (obs.last_log || []).map(said);
  if (log.length || lastLog.length) {
    // the newest line in view, unless the reader scrolled back (`follow`, after each draw)
    const lines = h("ul.sg-log", { tabindex: "0", "aria-label": "The Gamemaster's account of this round", "data-follow": true }, log.map((line) => h("li", {}, line)));
    // a stage's heading ("Evolution:") stands for the lines to come: shown as the stage
    const latest = log.length ? log[log.length - 1].replace(/:$/, "") : "";
    const box = folded("gamemaster", [h("strong", {}, "The Gamemaster"), h("span.sg-latest", {}, latest ? ` · ${latest}` : "")],
      [lines, lastLog.length ? h("details", {}, h("summary", {}, "The previous round"), h("ul.sg-log", {}, lastLog.map((line) => h("li", {}, line)))) : null]);
    // and when it is opened (a folded account is not measured: that would lay the page out)
    listen(box, "toggle", (ev) => { if (/** @type {HTMLDetailsElement} */ (ev.currentTarget).open) follow(); });
    root.append(box);
  }
  return root;
}

// Panels a player opens when wanted (the Gamemaster's account): folded by default, and
// kept as the player left them from one update to the next.
/** @type {Set<string>} */
const unfolded = new Set();
/** @param {string} key @param {import("../api.js").Child} summary @param {import("../api.js").Child} body */
function folded(key, summary, body) {
  const box = h("details.panel.sg-panel.sg-folded", { id: `sg-${key}`, open: unfolded.has(key) }, h("summary", {}, summary), body);
  return listen(box, "toggle", (ev) => { if (/** @type {HTMLDetailsElement} */ (ev.currentTarget).open) unfolded.add(key); else unfolded.delete(key); });
}

/** What to do now, in words (null: nothing to say).
 * @param {SingaporeObs} obs @param {LegalAction[]} legal @param {SgPlayer | null | undefined} me @param {Catalogue} cat
 * @param {boolean} busy @param {number[]} toMove @param {(seat: number) => string} names @returns {string | null} */
function hintText(obs, legal, me, cat, busy, toMove, names) {
  const types = new Set(legal.map((l) => l.action.type));
  if (!legal.length || busy) {
    if (obs.phase === "over") return "The game is over: the scores are final.";
    const doing = DOING[obs.phase];
    if (doing && obs.turn !== null && obs.turn !== undefined) return `${names(obs.turn)} ${doing}.`;
    if (obs.phase === "migrate" || obs.phase === "compete") return `${PHASE[obs.phase]}: waiting for ${toMove.map(names).join(", ") || "the reveal"} to choose in secret.`;
    return null;
  }
  const plays = legal.filter((l) => l.action.type === "play").map((l) => cardName(l.action.card, cat));
  const also = plays.length ? ` You may first play ${plays.join(", ")} from your hand.` : "";
  const withCards = obs.my_choice?.cards?.length ? ` Played with it: ${obs.my_choice.cards.map((k) => cardName(k, cat)).join(", ")}.` : "";
  switch (obs.phase) {
    case "migrate": return `Migration: you rolled ${(me?.dice || []).join(" or ")}. Choose a highlighted tile; your route stays secret until everyone has chosen.${withCards}${also}`;
    case "compete": return `Competition in the ${title(me?.region || "habitat")}: choose Cooperate or Intimidate on your panel, in secret.${withCards}${also}`;
    case "draw": {
      const ev = obs.evolution || {};
      const where = ev.any_deck ? "any highlighted deck (Seed Dispersal)" : "the highlighted deck (the deck of the tile you stand on)";
      return `Evolution: draw from ${where}${ev.extra ? `, ${ev.extra} card${ev.extra > 1 ? "s" : ""} more than usual` : ""}.${also}`;
    }
    case "buy": return types.has("buy") ? `Buy a highlighted Adaptation, or return the rest.${also}` : `Nothing more to buy: return the rest.${also}`;
    case "anchor": return "The Mangrove is destroyed: stay anchored, or leave for the Ecotone.";
    case "restore": return "Recovery: offer a Recovery card by choosing a highlighted destroyed habitat, or pass.";
    case "pledge": return "Recovery: choose how much Food to pledge (a highlighted Food token).";
    case "discard": return "Hand limit: choose a card in your hand to discard (you keep 2).";
    default: return "Choose a highlighted place on the board, or from the list.";
  }
}

/** @param {string} key @param {Face} part its place on the board (the catalogue's)
 * @param {Habitat | undefined} hab @param {Catalogue} cat @param {Map<string, LegalAction[]>} targets @param {Target} target */
function habitatCard(key, part, hab, cat, targets, target) {
  const style = `grid-row:${part.row + 2};grid-column:${part.col + 2}`;
  if (!hab) return h("div.sg-habcard", { style }, part.name);
  const needed = hab.destruction_needed || 0;
  const marks = h("span.sg-destruction", { "aria-hidden": "true" }, [...Array(needed).keys()].map((i) => h(`span${i < hab.destruction ? ".laid" : ""}`, {}, i < hab.destruction ? "✖" : "○")));
  const seen = hab.deck?.bottom?.length ? ` Seen at the bottom: ${hab.deck.bottom.map((k) => cardName(k, cat)).join(", ")}.` : "";
  const desc = `${part.name} habitat, ${STATUS[hab.status]}; deck ${hab.deck?.cards ?? 0} cards; ${hab.bounty ? `Nature's Bounty ${hab.bounty.single} Food alone, ${hab.bounty.shared} shared` : "no Nature's Bounty"}; Destruction ${hab.destruction} of ${needed}.${seen}`;
  const body = [h("strong", {}, part.name), h("span.sg-status", {}, STATUS[hab.status]),
    h("span", {}, `Deck ${hab.deck?.cards ?? 0}`),
    hab.bounty ? h("span.sg-bounty", {}, `🍃 ${hab.bounty.single} / ${hab.bounty.shared}`) : null, marks];
  const key2 = `deck:${key}`;
  if (targets.has(key2)) {
    const verbs = /** @type {LegalAction[]} */ (targets.get(key2)).map((l) => (l.action.type === "restore" ? `Restore the ${part.name}` : `Draw from the ${part.name} deck`));
    return target(`sg-habcard.sg-${key}.sg-${hab.status}`, key2, `${verbs.join(" or ")}. ${desc}`, { style, "data-deck": key, title: desc }, ...body);
  }
  return h(`div.sg-habcard.sg-${key}.sg-${hab.status}`, { style, "data-deck": key, role: "img", "aria-label": desc, title: desc }, ...body);
}

/** @param {SingaporeObs} obs @param {Map<string, LegalAction[]>} targets @param {Target} target */
function cornerWild(obs, targets, target) {
  const style = "grid-area:1/1/span 3/span 3";
  const seen = obs.wild_deck?.bottom?.length || 0;
  const body = [h("strong", {}, "Wild deck"), h("span", {}, `${obs.wild_deck?.cards ?? 0} cards`),
    h("span.sg-meta", {}, "Drawn on wild tiles ✱ and in the Ecotone: Wild Adaptations, Action and Recovery cards."),
    seen ? h("span.sg-meta", {}, `${seen} returned to the bottom`) : null];
  const desc = `Wild deck, ${obs.wild_deck?.cards ?? 0} cards`;
  return targets.has("deck:wild")
    ? target("sg-corner.sg-wilddeck", "deck:wild", `Draw from the Wild deck. ${desc}`, { style, "data-deck": "wild" }, ...body)
    : h("div.sg-corner.sg-wilddeck", { style, "data-deck": "wild", role: "img", "aria-label": desc }, ...body);
}

/** @param {SingaporeObs} obs @param {Catalogue} cat @param {(seat: number) => string} names */
function cornerInfo(obs, cat, names) {
  const first = obs.first ?? 0;
  return h("div.sg-corner.sg-info", { style: "grid-area:1/7/span 3/span 3" },
    h("strong", {}, `Round ${obs.round} of ${obs.rounds}`),
    h("span", {}, PHASE[obs.phase] || words(obs.phase)),
    h("span", {}, `First player: ${names(first)}`),
    h("span", {}, `Game: ${title(obs.mode || "standard")}`),
    h("span.sg-meta", {}, `Destruction cards drawn: ${obs.destruction_drawn ?? 0} (the Urban opens at 3)`));
}

/** @param {SingaporeObs} obs @param {Catalogue} cat */
function cornerDiscard(obs, cat) {
  const pile = obs.discard || [];
  return h("div.sg-corner.sg-discard", { style: "grid-area:7/1/span 3/span 3" },
    h("strong", {}, "Discard pile"), h("span", {}, counted(pile.length, "card")),
    h("span.sg-meta", {}, pile.slice(-6).map((k) => cardName(k, cat)).join(", ") || "empty"));
}

function cornerLegend() {
  return h("div.sg-corner.sg-legend", { style: "grid-area:7/7/span 3/span 3" },
    h("strong", {}, "Key"),
    h("span", {}, h("span.sg-key.sg-wild", {}), " ✱ wild tile: draw from the Wild deck"),
    h("span", {}, h("span.sg-key.sg-habtile", {}), " habitat tile: draw from its habitat's deck"),
    h("span", {}, h("span.sg-key.sg-targetkey", {}), " a place you can choose now"),
    h("span", {}, h("span.sg-key.sg-recentkey", {}), " where the others went since your last move"),
    h("span.sg-meta", {}, "Habitats step clockwise from the gateway (1); the Ecotone in any direction. 🍃 Bounty: alone / shared."));
}

/** @param {string} type @param {Map<string, LegalAction[]>} targets @param {Target} target */
function decisionButton(type, targets, target) {
  const [text, label] = DECISIONS[type] || [title(type), title(type)];
  return target(`sg-decision.sg-${type}`, `decision:${type}`, label, { "data-decision": type }, text);
}

/** The seat's own species: its decisions, Food, hand, secret Niche and Adaptations.
 * @param {SingaporeObs} obs @param {SgPlayer} me @param {number} seat @param {Catalogue} cat
 * @param {Map<string, LegalAction[]>} targets @param {Target} target @param {(key: string) => Attrs} clickable
 * @param {Map<string, string>} marks the hand cards that cannot be played now, with why */
function mySpecies(obs, me, seat, cat, targets, target, clickable, marks) {
  const box = h("section.panel.sg-panel.sg-me", { "aria-label": "Your species", id: "my-hand" });
  box.append(h("h2", {}, `Your species · ${seatName(seat)}`));
  // the seat's decisions: strategy, anchorage, recovery pass (the Evolution finish is by the drawn cards)
  const decisions = Object.keys(DECISIONS).filter((t) => t !== "finish" && targets.has(`decision:${t}`)).map((t) => decisionButton(t, targets, target));
  const other = [...targets.keys()].filter((k) => k.startsWith("decision:") && !(k.slice(9) in DECISIONS));
  other.forEach((k) => decisions.push(target("sg-decision", k, /** @type {LegalAction[]} */ (targets.get(k))[0].text, {}, /** @type {LegalAction[]} */ (targets.get(k))[0].text)));
  if (decisions.length) box.append(h("div.sg-decisions", { role: "group", "aria-label": "Your decision" }, decisions));
  if (obs.my_choice?.final) box.append(h("p.sg-chosen", {}, `Your secret choice: ${words(obs.my_choice.final)}${obs.my_choice.cards?.length ? `, with ${obs.my_choice.cards.map((k) => cardName(k, cat)).join(", ")}` : ""}.`));

  // Food, as tokens; pledging picks a token
  const pledges = [...targets.keys()].filter((k) => k.startsWith("food:")).map((k) => Number(k.slice(5))).sort((a, b) => a - b);
  const tokens = h("div.sg-food", { role: "group", "aria-label": `Food: ${me.food}` },
    h("span.sg-foodcount", {}, `🍃 ${me.food} Food`),
    pledges.length
      ? pledges.map((n) => target("sg-token", `food:${n}`, n ? `Pledge ${n} Food` : "Pledge no Food", {}, String(n)))
      : [...Array(Math.min(me.food, 30)).keys()].map(() => h("span.sg-token", { "aria-hidden": "true" })));
  box.append(h("div.sg-stats", {},
    h("span", {}, h("strong", {}, `${me.evp} EVP`)),
    me.tile ? h("span", { title: tileWords(me.tile, cat.tiles?.[me.tile]) }, `on ${short(me.tile, cat)}`) : h("span", {}, "on —"),
    me.dice?.length ? h("span", {}, `🎲 ${me.dice.join(" / ")}`) : null,
    h("span", {}, `shown: Cooperate ${me.cooperated} · Intimidate ${me.intimidated}`)), tokens);
  if (pledges.length) box.append(h("p.sg-meta", {}, "Pledge: choose a number of Food tokens (0 pledges nothing)."));

  // the hand: Action and Recovery cards, clickable when they may be played or discarded
  const hand = me.hand_cards || [];
  const handVerbs = new Set(hand.flatMap((k) => (targets.get(`hand:${k}`) || []).map((l) => l.action.type)));
  const handHint = handVerbs.has("discard") ? ": choose one to discard" : handVerbs.has("play") ? ": highlighted cards may be played now" : "";
  // the hand, the secret Niche and the gallery side by side, so the page stays short; each
  // card's fact (and an Adaptation's effect) is in its face popover
  const handCol = h("div.sg-col.sg-handcol", {}, h("h3", {}, `Your hand (${hand.length})${handHint}`),
    hand.length ? h("div.sg-cards", { role: "group", "aria-label": "Your hand" }, hand.map((k, i) => {
      const key = `hand:${k}`;
      if (!targets.has(key) || hand.indexOf(k) !== i) return markUnplayable(cardFace(k, cat, { fact: false }), marks.get(k));
      const verbs = /** @type {LegalAction[]} */ (targets.get(key)).map((l) => (l.action.type === "discard" ? "Discard" : "Play"));
      return markUnplayable(cardFace(k, cat, { fact: false, tag: "button", label: `${verbs.join(" or ")} ${cardName(k, cat)}`, attrs: { ...clickable(key), class: "target" } }), marks.get(k));
    })) : h("p.muted", {}, "No cards in hand."),
    me.facedown ? h("p.sg-meta", {}, `${counted(me.facedown, "card")} face down, to be announced at the end of the round.`) : null);
  const columns = h("div.sg-mine-cols", {}, handCol);
  // the secret Niche card
  if (me.niche) {
    /** @type {string[]} */
    const needs = cat.niches?.[me.niche]?.needs || [];
    const have = needs.filter((k) => (me.adaptations || {})[k]).length;
    columns.append(h("div.sg-col", {}, h("h3", {}, "Your secret Niche"), h("div.sg-cards", {}, nicheFace(me.niche, cat, `You own ${have} of its 3 Adaptations.`))));
  }
  // the gallery: Adaptations owned, with their points
  const gallery = Object.entries(me.adaptations || {});
  columns.append(h("div.sg-col.sg-gallerycol", {}, h("h3", {}, `Your Adaptations (${gallery.reduce((a, [, n]) => a + n, 0)})`), gallery.length
    ? h("ul.sg-mygallery", { "aria-label": "Your Adaptations" }, gallery.map(([k, n]) => {
      const c = cat.cards?.[k] || {};
      return h(`li.sg-deck-${c.deck || "none"}`, { "data-card": k, tabindex: "0", title: describe(k, cat, n), "aria-label": describe(k, cat, n) },
        h("strong", {}, `${cardName(k, cat)} ×${n}`), c.species ? h("span.sg-meta", {}, ` ${c.species}`) : null,
        c.points ? h("span.sg-points", { "aria-hidden": "true" }, c.points.map((/** @type {number} */ p, /** @type {number} */ i) => h(`span${n === i + 1 || (n > c.points.length && i === c.points.length - 1) ? ".now" : ""}`, {}, p))) : null);
    }))
    : h("p.muted", {}, "None yet: buy them with Food in Evolution."),
  (me.niches || []).map((n) => h("div.sg-cards", {}, nicheFace(n.replace("niche:", ""), cat, "Completed: 12 EVP")))));
  box.append(columns);
  return box;
}

/** @param {SgPlayer} p @param {number} s @param {SingaporeObs} obs @param {Catalogue} cat
 * @param {(seat: number) => string} names @param {number[]} toMove @param {boolean} mine the viewer's */
function playerBox(p, s, obs, cat, names, toMove, mine) {
  const turn = toMove.includes(s) && obs.phase !== "over";
  const status = p.chosen === true ? "has chosen" : turn ? (p.chosen === false ? "to choose" : "to play") : "";
  const gallery = Object.entries(p.adaptations || {});
  const backs = (p.hand_backs || []).map((d) => h(`span.sg-back.sg-deck-${d}`, { title: `${title(d)} deck card` }, title(d).charAt(0)));
  return h(`div.sg-player${turn ? ".turn" : ""}${mine ? ".me" : ""}`, { "data-seat": s, role: "group", "aria-label": `${names(s)}: ${p.food} Food, ${p.evp} EVP, on ${short(p.tile, cat)}` },
    h("div.sg-playerhead", {}, pawn(s, names), h("strong", {}, names(s)), status ? h("span.sg-badge", {}, status) : null),
    h("div.sg-stats", {},
      h("span", {}, h("strong", {}, `${p.evp} EVP`)), h("span", {}, `🍃 ${p.food} Food`), h("span", { title: tileWords(p.tile, cat.tiles?.[p.tile]) }, `on ${short(p.tile, cat)}`),
      p.dice?.length ? h("span", {}, `🎲 ${p.dice.join(" / ")}`) : null),
    h("div.sg-stats", {},
      h("span", {}, `Hand ${p.hand}`, backs.length ? " " : "", backs),
      p.facedown ? h("span", {}, `${p.facedown} face down`) : null,
      h("span", { title: "Survival Strategy cards shown so far" }, `🤝 ${p.cooperated} · ⚔ ${p.intimidated}`),
      p.has_secret_niche ? h("span", {}, "secret Niche") : null),
    gallery.length
      ? h("ul.sg-gallery", { "aria-label": `${names(s)}'s Adaptations` }, gallery.map(([k, n]) => {
        const c = cat.cards?.[k];
        return h(`li.sg-deck-${c?.deck || "none"}`, { title: describe(k, cat, n), "data-card": k, tabindex: "0" }, h("strong", {}, `${cardName(k, cat)} ×${n}`));
      }))
      : h("p.sg-meta", {}, "No Adaptations yet."),
    (p.niches || []).length ? h("p.sg-meta", {}, `Niches: ${p.niches.map((n) => cat.niches?.[n.replace("niche:", "")]?.name || n).join(", ")} (12 EVP each)`) : null);
}
