// BIOME Borneo: the seven hex platforms of the chosen formation, stacked in three layers
// (Understory at the bottom, Canopy above it, the Emergent crown on top), with the plant
// tiles placed on them; the Card Gallery, the Main Deck and the discard pile; the Global
// Bonus cards; your hand and tiles; every player's tiles, food chains and plant cards.
//
// Choosing is done on the board. An element is highlighted only when one of the server's
// legal actions uses it, and carries the indices of those actions in `data-legal`:
// elements that send an action at once have no `data-pick`; those marked `data-pick` only
// narrow the choice (a tile to place, then a cell, then how it is turned; an ability card,
// then its target; a card with several uses, then the use). Actions with no place of their
// own on the table (pass, done exchanging, end turn, confirm, withdraw...) are buttons in
// the turn panel, so every listed action can be chosen from the board. The geometry and the
// card faces come from the game's public catalogue (`/api/v1/games/{id}/catalog`).
import { counted, h } from "../api.js";
import { faceName, markUnplayable, unplayableIn } from "../faces.js";
import { listen } from "../morph.js";
/** @import { Attrs } from "../api.js" */
/** @import { BoardProps, Catalogue, LegalAction } from "../types.js" */

/** What this board reads of an observation (the game's view, its view.py).
 * @typedef {object} BiomeObs
 * @property {string} formation
 * @property {string} phase
 * @property {number} turn the seat whose turn it is
 * @property {number} round
 * @property {number[]} waiting
 * @property {BiomePlayer[]} players
 * @property {Record<string, [string, number]>} board each placed cell's tile and how it is turned
 * @property {string[]} perimeter
 * @property {number} deck_count
 * @property {string[]} discard
 * @property {string[]} gallery
 * @property {string[]} bonuses
 * @property {Record<string, number | null>} bonus_leaders
 * @property {string | null} card the card being earned
 * @property {boolean} from_gallery
 * @property {string[]} pending the cells placed for it
 * @property {string[] | number} marked_cards (the count, to the others)
 * @property {string[]} marked_tiles
 * @property {string | null} disaster
 * @property {number | null} trigger */

/** One player, as the observation has them (`hand`: the viewer's own, or every hand in a
 * replay).
 * @typedef {{hand_count: number, hand: string[] | null, known: string[], tiles: string[],
 *   chains: string[][], plants: string[], placed: number, points: number}} BiomePlayer */

/** An element's part in choosing: the legal actions it offers (`data-legal`), whether it
 * only narrows the choice (`data-pick`, `aria-pressed`) and what a click does.
 * @typedef {{"data-legal": string, "data-pick"?: string, "aria-pressed"?: string, onclick: () => void}} Use */

/** One use of a card or tile with several (`ability`: an ability card's, which then asks
 * for its target among `all`).
 * @typedef {{legal: LegalAction, text: string, ability?: string | null, all?: LegalAction[]}} Option */

const SVG = "http://www.w3.org/2000/svg";
const ROOT3 = Math.sqrt(3);
/** @type {Record<string, {title: string, lift: number}>} */
const LAYERS = {
  E: { title: "Emergent", lift: 16 },
  C: { title: "Canopy", lift: 8 },
  U: { title: "Understory", lift: 0 },
};
const BASE = 5;  // the platforms' own thickness under the lowest layer
// The board is drawn at least this many pixels per unit of its drawing: its cells' names
// (11 units) stay 11 pixels or more, on a phone too, where the board then scrolls sideways.
const BOARD_MIN_SCALE = 1;
// Plant chips: a colour per plant and the ink that reads on it (contrast >= 4.5:1).
/** @type {Record<string, [string, string]>} */
const PLANT_COLOURS = {
  "meranti-leaves": ["#2d6a2e", "#fff"], "meranti-flowers": ["#f2c94c", "#1d2a1f"],
  orchid: ["#a3418f", "#fff"], fig: ["#5e3a87", "#fff"], bromeliad: ["#c0392b", "#fff"],
  fern: ["#7bc96f", "#10210f"], vine: ["#6b4a2b", "#fff"], hibiscus: ["#f4a6b8", "#1d2a1f"],
  "broad-leaf": ["#1f6f5c", "#fff"], mango: ["#f39c3d", "#1d2a1f"], "pitcher-plant": ["#b9c34a", "#1d2a1f"],
};
/** @type {Record<string, string>} */
const PHASES = {
  react: "reaction window", exchange: "phase 1: exchanging", "mark-cards": "phase 1: choosing cards to exchange",
  "mark-tiles": "phase 1: choosing tiles to exchange", habitats: "phase 2: creating habitats", earn: "phase 2: placing tiles",
  "winds-gain": "Winds of Change: gain", "winds-sabotage": "Winds of Change: sabotage", refill: "end of turn: refilling",
  "discard-tiles": "end of turn: back to the tile limit", fire: "Forest Fire", clearing: "Palm-Oil Clearing", drought: "Drought", over: "game over",
};
/** @type {Record<string, string>} */
const LEVEL_TITLE = { primary: "Primary Consumer", secondary: "Secondary Consumer", apex: "Apex Predator" };

// What the player has narrowed the choice to, between redraws of the same position.
/** @type {{tile: string | null, cell: string | null, ability: string | null, menu: string | null}} */
const pick = { tile: null, cell: null, ability: null, menu: null };

/** Build SVG as `h` builds HTML: s("circle", {cx, cy, r}, child...).
 * @param {string} tag @param {Record<string, unknown>} [attrs] @param {...import("../api.js").Child} children */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** A hex's corner k (pointy-topped). @param {number} x @param {number} y @param {number} size @param {number} k */
const corner = (x, y, size, k) => { const a = (Math.PI / 180) * (60 * k - 30); return [x + size * Math.cos(a), y + size * Math.sin(a)]; };
/** @param {number} x @param {number} y @param {number} size */
const hexPoints = (x, y, size) => [0, 1, 2, 3, 4, 5].map((k) => corner(x, y, size, k).map((v) => v.toFixed(1)).join(",")).join(" ");
// Direction d (0 east, then anticlockwise, as tile edges are numbered): the edge's middle and ends.
/** @param {number} x @param {number} y @param {number} size @param {number} d @param {number} [f] */
const edgeMid = (x, y, size, d, f = 1) => { const a = (Math.PI / 3) * d; const r = (size * ROOT3) / 2 * f; return [x + r * Math.cos(a), y - r * Math.sin(a)]; };
/** @param {number} x @param {number} y @param {number} size @param {number} d @param {number} [f] */
const edgeEnds = (x, y, size, d, f = 0.9) => [-1, 1].map((t) => { const a = (Math.PI / 180) * (60 * d + 30 * t); return [x + size * f * Math.cos(a), y - size * f * Math.sin(a)]; });

/** @param {Catalogue} cat @param {string} key @returns {string} */
function plantName(cat, key) { return cat.plants?.[key]?.name || key.replace(/-/g, " "); }
/** @param {Catalogue} cat @param {string} id */
function tileWords(cat, id) {
  const t = cat.tiles?.[id];
  if (!t) return id;
  const layers = [...t.layers].map((l) => LAYERS[l].title).join("/");
  return `${id} (${layers}: ${t.features.map((/** @type {[string, number[]]} */ [p, e]) => `${plantName(cat, p).toLowerCase()}${e.length === 3 ? " (Y-shaped)" : ""}`).join(", ")})`;
}

// A tile face at (x, y), turned `rot` steps anticlockwise: layer colours, a bar on each
// planted edge (so matching edges meet visibly) and a chip with the plant's code.
/** @param {Catalogue} cat @param {string} id @param {number} rot @param {number} x @param {number} y
 * @param {number} size @param {{label?: boolean}} [how] */
function tileFace(cat, id, rot, x, y, size, { label = true } = {}) {
  const t = cat.tiles?.[id];
  const g = s("g", { class: "bm-tile" });
  if (!t) { g.append(s("text", { x, y, class: "bm-code" }, id)); return g; }
  const layers = [...t.layers];
  g.append(s("polygon", { points: hexPoints(x, y, size * 0.9), class: `bm-face lay-${layers[0]}` }));
  if (layers.length > 1) {  // hybrid tiles: half in the second colour, turning with the tile
    const pts = [0, 1, 2, 3].map((k) => corner(x, y, size * 0.9, k - rot)).map((p) => p.map((v) => v.toFixed(1)).join(","));
    g.append(s("polygon", { points: pts.join(" "), class: `bm-face lay-${layers[1]}` }));
  }
  for (const [plant, edges] of t.features) {
    const [fill, ink] = PLANT_COLOURS[plant] || ["#777", "#fff"];
    const dirs = edges.map((/** @type {number} */ e) => (e + rot) % 6);
    for (const d of dirs) {
      const [[x1, y1], [x2, y2]] = edgeEnds(x, y, size, d, 0.84);
      g.append(s("line", { x1, y1, x2, y2, stroke: fill, class: "bm-edge" }));
      if (dirs.length === 3) { const [mx, my] = edgeMid(x, y, size, d, 0.8); g.append(s("line", { x1: x, y1: y, x2: mx, y2: my, stroke: fill, class: "bm-arm" })); }
    }
    const [cx, cy] = edgeMid(x, y, size, dirs[0], 0.6);
    g.append(s("g", {}, s("title", {}, plantName(cat, plant)),
      s("circle", { cx, cy, r: size * 0.22, fill, class: "bm-chip" }),
      s("text", { x: cx, y: cy, fill: ink, class: "bm-code", "font-size": size * 0.2 }, cat.plants?.[plant]?.code || "?")));
  }
  if (label) g.append(s("text", { x, y, class: "bm-tid", "font-size": size * 0.24 }, id));
  return g;
}

/** @param {Catalogue} cat @param {string} id @param {number} [rot] @param {number} [size] */
function miniTile(cat, id, rot = 0, size = 36) {
  const w = size * ROOT3 + 4; const hgt = size * 2 + 4;
  return s("svg", { viewBox: `${-w / 2} ${-hgt / 2} ${w} ${hgt}`, width: w, height: hgt, class: "bm-mini", "aria-hidden": "true" }, tileFace(cat, id, rot, 0, 0, size, { label: false }));
}

/** @param {Catalogue} cat @param {string[]} habitat */
function plantChips(cat, habitat) {
  return h("span.bm-needs", {}, habitat.map((p) => {
    const [fill, ink] = PLANT_COLOURS[p] || ["#777", "#fff"];
    return h("span.bm-pchip", { style: `background:${fill};color:${ink}`, title: plantName(cat, p) }, cat.plants?.[p]?.code || p);
  }));
}

/** A card in words, for its label. @param {Catalogue} cat @param {string} id */
function cardWords(cat, id) {
  const c = cat.cards?.[id] || { name: id };
  const bits = [c.name];
  if (c.latin) bits.push(`(${c.latin})`);
  const more = [];
  if (c.points) more.push(counted(c.points, "point"));
  if (c.level) more.push(`${LEVEL_TITLE[c.level]} of the ${c.home}`);
  else if (c.kind === "plant") more.push("plant card");
  else if (c.kind) more.push(c.kind);
  if (c.habitat) more.push(`needs ${c.habitat.map((/** @type {string} */ p) => plantName(cat, p).toLowerCase()).join(", ")}${c.vine_link ? " and a vine network joining Understory and Canopy" : ""}`);
  if (c.prey?.length) more.push(`eats ${c.prey.join(" or ")}`);
  return `${bits.join(" ")}${more.length ? `, ${more.join(", ")}` : ""}.${c.text ? ` ${c.text}` : ""}${c.fact ? ` ${c.fact}` : ""}`;
}

// A card face: name, latin name, points, level and layer, habitat, prey and fact.
/** @param {Catalogue} cat @param {string} id
 * @param {{size?: string, tag?: string, attrs?: Attrs, note?: string | null}} [how] */
function cardFace(cat, id, { size = "full", tag = "div", attrs = {}, note = null } = {}) {
  const c = cat.cards?.[id] || { name: id, kind: "card" };
  const kind = c.level || c.kind || "card";
  const label = attrs["aria-label"] || cardWords(cat, id);
  const body = [
    h("span.bm-cname", {}, c.name, c.points ? h("span.bm-pts", { "aria-hidden": "true" }, c.points) : null),
    c.latin ? h("span.bm-latin", {}, c.latin) : null,
  ];
  if (size !== "tiny") {
    body.push(h("span.bm-kind", {}, c.level ? `${LEVEL_TITLE[c.level]} · ${c.home}` : c.kind === "plant" ? "Plant card" : c.kind === "ability" ? "Ability" : c.kind === "disaster" ? "Disaster" : ""));
    if (c.habitat) body.push(plantChips(cat, c.habitat));
    if (c.prey?.length) body.push(h("span.bm-prey", {}, `eats ${c.prey.join(", ")}`));
    if (c.vine_link) body.push(h("span.bm-prey", {}, "+ vine network Understory–Canopy"));
    if (size === "full") body.push(h("span.bm-fact", {}, c.text || c.fact || ""));
  }
  if (note) body.push(h("span.bm-note", {}, note));
  return h(`${tag}.bm-card.k-${kind}.sz-${size}`, { title: label, "aria-label": label, "data-card": id, tabindex: tag === "button" ? null : "0", ...attrs }, body);
}

/** @param {BoardProps} args @returns {HTMLElement} */
export function biomeBoard(args) {
  const { legal, seat, players, catalogue: cat, act, busy, names, toMove } = args;
  const obs = /** @type {BiomeObs} */ (args.obs);
  // The turn, the table, the Gallery's column, the seat's hand and tiles, the players: each
  // a panel of the grid `.bm-root` (app.css) places, beside each other on a wide screen;
  // on a phone the hand comes just after the table, before the Gallery's column.
  const root = h("div.bm-root", { id: "board", "data-board": "biome" });
  // Redraw after narrowing a choice; keyboard focus moves on to where the next step is
  // (`then`: a selector), else stays on the same control.
  /** @param {string | null} [then] */
  const redraw = (then) => {
    const focused = document.activeElement?.id;
    args.redraw();
    const board = document.getElementById("board");
    const onward = then && board?.querySelector(then);
    const again = focused && document.getElementById(focused);
    /** @type {HTMLElement | null | undefined} */ (onward || again || board?.querySelector("[aria-pressed='true']"))?.focus();
  };
  const live = busy ? [] : legal;
  /** @param {string} type */
  const of = (type) => live.filter((l) => l.action.type === type);
  /** @type {Set<number>} */
  const used = new Set();  // indices some element of the board offers
  const me = seat !== null ? obs.players[seat] : null;
  /** @param {string} id */
  const byKey = (id) => cat.cards?.[id] ? id.replace(/-\d+$/, "") : id;

  // Forget narrowed choices the position no longer allows.
  const places = of("place");
  if (pick.tile && !places.some((l) => l.action.tile === pick.tile)) pick.tile = null;
  if (!pick.tile) { const ts = new Set(places.map((l) => l.action.tile)); if (ts.size === 1) [pick.tile] = ts; }
  if (pick.cell && !places.some((l) => l.action.tile === pick.tile && l.action.cell === pick.cell)) pick.cell = null;
  if (pick.ability && !of(pick.ability).length) pick.ability = null;

  // Buttons: `direct` sends one legal action; `picker` narrows the choice and redraws.
  /** @param {LegalAction} l @returns {Use} */
  const direct = (l) => { used.add(l.index); return { "data-legal": String(l.index), onclick: () => { pick.tile = pick.cell = pick.ability = pick.menu = null; act(l.action); } }; };
  /** @param {LegalAction[]} ls @param {boolean} pressed @param {() => void} onpick
   * @param {string} [then] @returns {Use} */
  const picker = (ls, pressed, onpick, then = ".bm-menu button") => {
    ls.forEach((l) => used.add(l.index));
    return { "data-legal": ls.map((l) => l.index).join(" "), "data-pick": "", "aria-pressed": String(pressed), onclick: () => { onpick(); redraw(pressed ? null : then); } };
  };
  const NEXT_TARGET = ".bm-cell.target, #board .target:not([data-pick])";
  // An element with several uses opens a small menu of them.
  /** @param {string} key @param {Option[]} options @returns {Partial<Use>} */
  const choices = (key, options) => {
    if (!options.length) return {};
    if (options.length === 1) return direct(options[0].legal);
    return picker(options.flatMap((o) => o.all || [o.legal]), pick.menu === key, () => { pick.menu = pick.menu === key ? null : key; });
  };
  /** @type {Map<string, {title: string, options: Option[]}>} */
  const menus = new Map();
  /** @param {string} key @param {string} title @param {Option[]} options */
  const offer = (key, title, options) => { if (options.length > 1) menus.set(key, { title, options }); return choices(key, options); };

  // ---- the board: hex platforms in three layers ----
  const form = cat.formations?.[obs.formation];
  const boardBox = h("div.bm-boardbox");
  // The chosen tile shown on the chosen cell, turned as the rotation button under the pointer
  // or the keyboard says, before it is placed: drawn into the ghost built here, then, as a
  // button is hovered or focused, into the one on the page (a draw keeps that one).
  /** @type {(rot: number, into?: Element | null) => void} */
  let preview = () => {};
  /** @type {SVGGElement | null} */
  let ghost = null;
  if (form) {
    const size = 40;
    const cells = Object.entries(form.cells).map(([name, [q, r, layer]]) => ({ name, q, r, layer, x: size * ROOT3 * (q + r / 2), y: size * 1.5 * r }));
    const xs = cells.map((c) => c.x); const ys = cells.map((c) => c.y);
    const pad = size + 6;
    const minX = Math.min(...xs) - pad; const minY = Math.min(...ys) - pad - LAYERS.E.lift; const w = Math.max(...xs) + pad - minX; const hgt = Math.max(...ys) + pad + BASE + 4 - minY;
    // on a phone never narrower than its own units, scrolled sideways in its frame
    // (app.css `.bm-boardscroll`), so the cells' names stay readable
    const svg = s("svg", { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`, class: "bm-board", role: "group", "aria-label": `The board: ${form.name} formation`,
      style: `--bm-min-width:${Math.round(w * BOARD_MIN_SCALE)}px` });
    const pending = new Set(obs.pending || []);
    // the cells the steps just played name (a tile placed there, a tile blighted from it)
    /** @type {Map<string, number>} */
    const recent = new Map(args.recent.filter((r) => r.action.cell).map((r) => [r.action.cell, r.seat]));
    const platformAt = new Map(cells.map((c) => [`${c.q},${c.r}`, c.name.slice(0, 2)]));
    const AXIAL = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
    const blights = pick.ability === "blight" ? new Map(of("blight").map((l) => [l.action.cell, l])) : new Map();
    const burns = new Map(of("burn").map((l) => [l.action.platform, l]));
    /** @type {Map<string, LegalAction[]>} */
    const placeHere = new Map();
    for (const l of places) if (l.action.tile === pick.tile) { if (!placeHere.has(l.action.cell)) placeHere.set(l.action.cell, []); /** @type {LegalAction[]} */ (placeHere.get(l.action.cell)).push(l); }
    cells.sort((a, b) => a.y - b.y || a.x - b.x);  // back to front, so nearer platforms overlap
    for (const c of cells) {
      const lay = LAYERS[c.layer];
      const y = c.y - lay.lift;
      const depth = lay.lift + BASE;
      const here = obs.board?.[c.name];
      const [a, b, d] = [corner(c.x, y, size, 1), corner(c.x, y, size, 2), corner(c.x, y, size, 3)];
      /** @param {number[]} p */
      const down = (p) => [p[0], p[1] + depth];
      /** @param {number[][]} ps */
      const poly = (ps) => ps.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
      const g = s("g", { class: `bm-cell lay-${c.layer}`, "data-cell": c.name, id: `bm-cell-${c.name}` });
      g.append(s("polygon", { points: poly([a, b, down(b), down(a)]), class: "bm-side right" }),
        s("polygon", { points: poly([b, d, down(d), down(b)]), class: "bm-side left" }),
        s("polygon", { points: hexPoints(c.x, y, size), class: "bm-top" }));
      for (let dir = 0; dir < 6; dir++) {  // the platform's rim: where another platform, or nothing, is beside it
        if (platformAt.get(`${c.q + AXIAL[dir][0]},${c.r + AXIAL[dir][1]}`) === c.name.slice(0, 2)) continue;
        const [[x1, y1], [x2, y2]] = edgeEnds(c.x, y, size, dir, 1);
        g.append(s("line", { x1, y1, x2, y2, class: "bm-rim" }));
      }
      let label = `${c.name}, ${lay.title}${here ? `: tile ${tileWords(cat, here[0])}, turned ${here[1]}` : ": empty"}`;
      if (here) g.append(tileFace(cat, here[0], here[1], c.x, y, size));
      // each cell by the game's own name for it, as the choices and the log say it ("C1a")
      else g.append(s("text", { x: c.x, y: y + 4, class: `bm-cellname${c.name.endsWith("a") ? " centre" : ""}` }, c.name));
      if (pending.has(c.name)) { g.classList.add("pending"); label += ", placed for the card being earned"; }
      if (recent.has(c.name)) {
        g.classList.add("recent"); label += `, ${names(/** @type {number} */ (recent.get(c.name)))}'s last move`;
        const [dx, dy] = corner(c.x, y, size * 0.8, 5);  // a dot by the top corner: more than a colour
        g.append(s("circle", { cx: dx.toFixed(1), cy: dy.toFixed(1), r: 5, class: "bm-recent" }));
      }
      /** @type {Use | null} */
      let attrs = null;
      const spots = placeHere.get(c.name);
      if (spots) {
        const rotations = spots.length;
        attrs = rotations === 1 ? direct(spots[0])
          : picker(spots, pick.cell === c.name, () => { pick.cell = pick.cell === c.name ? null : c.name; });
        label = `Place ${pick.tile} on ${label}${rotations > 1 ? ` (${rotations} ways to turn it)` : ""}`;
      } else if (blights.has(c.name)) {
        attrs = direct(/** @type {LegalAction} */ (blights.get(c.name))); label = `Blight: take the tile on ${label}`;
      } else if (burns.has(c.name.slice(0, 2))) {
        attrs = direct(/** @type {LegalAction} */ (burns.get(c.name.slice(0, 2)))); label = `Burn platform ${c.name.slice(0, 2)} (${label})`;
      }
      if (attrs) {
        g.classList.add("target");
        if (attrs["aria-pressed"] === "true") g.classList.add("chosen");
        g.setAttribute("role", "button"); g.setAttribute("tabindex", "0");
        const use = attrs;
        for (const [k, v] of Object.entries(use)) if (k !== "onclick") g.setAttribute(k, /** @type {string} */ (v));
        listen(g, "click", use.onclick);
        listen(g, "keydown", (ev) => { const key = /** @type {KeyboardEvent} */ (ev).key; if (key === "Enter" || key === " ") { ev.preventDefault(); use.onclick(); } });
      } else g.setAttribute("role", "img");
      g.setAttribute("aria-label", label);
      g.prepend(s("title", {}, label));
      svg.append(g);
    }
    const spot = pick.tile && pick.cell && cells.find((c) => c.name === pick.cell);
    if (spot) {
      ghost = /** @type {SVGGElement} */ (s("g", { class: "bm-ghost", id: "bm-ghost", "aria-hidden": "true" }));
      svg.append(ghost);
      preview = (rot, into = document.getElementById("bm-ghost")) => into?.replaceChildren(tileFace(cat, /** @type {string} */ (pick.tile), rot, spot.x, spot.y - LAYERS[spot.layer].lift, size));
    }
    boardBox.append(h("div.bm-boardscroll", { id: "bm-boardscroll" }, svg));
    const legend = h("div.bm-legend", { "aria-hidden": "true" }, ["E", "C", "U"].map((l) => h("span", {}, h(`span.bm-swatch.lay-${l}`), LAYERS[l].title)),
      h("span", {}, `${form.name}: ${form.summary}`));
    boardBox.append(legend);
  } else {
    boardBox.append(h("p.muted", {}, "The board's layout is not available."));
  }

  // ---- rotations for the chosen cell ----
  let turnChooser = null;
  if (pick.tile && pick.cell) {
    const spots = places.filter((l) => l.action.tile === pick.tile && l.action.cell === pick.cell);
    // turned as the game's notation counts it ("turned 2", in sixths of a turn, as the
    // choices say it), the degrees beside it
    turnChooser = h("div.bm-menu", { role: "group", "aria-label": `Turn ${pick.tile} on ${pick.cell}` }, h("strong", {}, `Place ${pick.tile} on ${pick.cell}:`),
      spots.map((l) => h("button.bm-turn", { type: "button", id: `bm-turn-${l.action.rotation}`, "aria-label": `Place ${pick.tile} on ${pick.cell} turned ${l.action.rotation} (${l.action.rotation * 60} degrees)`,
        onmouseenter: () => preview(l.action.rotation), onfocus: () => preview(l.action.rotation), ...direct(l) },
        miniTile(cat, /** @type {string} */ (pick.tile), l.action.rotation, 30), h("span", {}, `turned ${l.action.rotation}`), h("span.bm-deg", {}, `${l.action.rotation * 60}°`))),
      h("button.secondary", { type: "button", onclick: () => { const back = `bm-cell-${pick.cell}`; pick.cell = null; redraw(`#${back}`); } }, "Another cell"));
    if (spots.length) preview(spots[0].action.rotation, ghost);
  }

  // ---- Gallery, deck, discard pile, Global Bonus cards ----
  const side = h("section.panel.bm-side-col", { "aria-label": "The Card Gallery, the piles and the Global Bonuses" });
  const galleryRow = h("div.bm-cards", { role: "group", "aria-label": "The Card Gallery" }, (obs.gallery || []).map((id) => {
    /** @type {Option[]} */
    const opts = [
      ...of("earn").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Earn it" })),
      ...of("take-gallery").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Take it into your hand" })),
      ...of("gain").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Gain it" })),
    ];
    const attrs = offer(`g-${id}`, `${cat.cards?.[id]?.name || id} (Gallery)`, opts);
    const target = opts.length ? { class: `target${attrs["aria-pressed"] === "true" ? " selected" : ""}`, type: "button", id: `bm-gallery-${id}`, "aria-label": `${opts.map((o) => o.text).join(" or ")}: ${cardWords(cat, id)}`, ...attrs } : {};
    return cardFace(cat, id, { size: "mid", tag: opts.length ? "button" : "div", attrs: target });
  }));
  side.append(h("section.bm-block", { "aria-label": "Card Gallery" }, h("h3", {}, "Card Gallery"), obs.gallery?.length ? galleryRow : h("p.muted", {}, "Empty.")));
  const draw = of("draw-deck")[0];
  const deck = draw
    ? h("button.bm-pile.target", { type: "button", id: "bm-deck", "aria-label": `Draw from the Main Deck: ${obs.deck_count} cards`, ...direct(draw) }, h("strong", {}, "Main Deck"), h("span", {}, counted(obs.deck_count, "card")), h("span.bm-note", {}, "draw"))
    : h("div.bm-pile", { "aria-label": `Main Deck: ${obs.deck_count} cards` }, h("strong", {}, "Main Deck"), h("span", {}, counted(obs.deck_count, "card")));
  const perimeter = h("div.bm-pile.perimeter", { "aria-label": `Perimeter: ${obs.perimeter.length} face-down tiles` }, h("strong", {}, "Perimeter"), h("span", {}, counted(obs.perimeter.length, "tile")));
  const discard = obs.discard || [];
  const gains = of("gain").filter((l) => !(obs.gallery || []).includes(l.action.card));
  const discardPile = h("div.bm-pile.discard", { "aria-label": `Discard pile: ${discard.length} cards${discard.length ? `, ${cat.cards?.[discard[discard.length - 1]]?.name} on top` : ""}` },
    h("strong", {}, "Discards"), h("span", {}, counted(discard.length, "card")), discard.length ? h("span.bm-note", {}, cat.cards?.[discard[discard.length - 1]]?.name) : null);
  side.append(h("section.bm-block", { "aria-label": "Deck and tiles" }, h("div.bm-piles", {}, deck, discardPile, perimeter)));
  if (gains.length) {
    side.append(h("section.bm-block", { "aria-label": "Cards to gain from the discard pile" }, h("h3", {}, "Gain from the discard pile"),
      h("div.bm-cards.small", {}, gains.map((l) => cardFace(cat, l.action.card, { size: "tiny", tag: "button", attrs: { type: "button", class: "target", id: `bm-discard-${l.action.card}`, "aria-label": `Gain ${cardWords(cat, l.action.card)}`, ...direct(l) } })))));
  }
  const leaders = obs.bonus_leaders || {};
  side.append(h("section.bm-block", { "aria-label": "Global Bonus cards" }, h("h3", {}, "Global Bonuses · 5 points each"),
    h("ul.bm-bonuses", {}, (obs.bonuses || []).map((b) => h("li", {}, h("strong", {}, cat.bonuses?.[b]?.name || b), " ", h("span", {}, cat.bonuses?.[b]?.text || ""),
      h("span.bm-note", {}, leaders[b] === null || leaders[b] === undefined ? " · nobody leads" : ` · ${names(leaders[b])} leads`))))));

  // ---- the card being earned ----
  let earning = null;
  if (obs.card) {
    const who = obs.turn;
    earning = h("section.bm-block.bm-earning", { "aria-label": "The card being earned" }, h("h3", {}, `${who === seat ? "You are" : `${names(who)} is`} earning${obs.from_gallery ? " (from the Gallery)" : ""}`),
      cardFace(cat, obs.card, { size: "mid" }),
      h("p.bm-note", {}, obs.pending?.length ? `Tiles placed for it: ${obs.pending.join(", ")}` : "No tile placed for it yet."));
  }

  // ---- the turn panel: what is happening, what to do, the choices without a place ----
  /** @type {HTMLElement[]} */
  const turnButtons = [];
  /** @type {Record<string, string>} */
  const plain = { pass: "Pass", "no-exchange": "No exchange", "done-exchanging": "Done exchanging", "end-turn": "End turn", confirm: "Confirm: earn the card", withdraw: "Withdraw this habitat", "gain-nothing": "Gain nothing", "sabotage-nobody": "Sabotage nobody" };

  // ---- your hand and your tiles ----
  let mine = null;
  if (me) {
    const hand = me.hand || [];
    const marked = Array.isArray(obs.marked_cards) ? obs.marked_cards : [];
    const cannot = unplayableIn(hand, legal, args.unplayable);
    const handRow = h("div.bm-cards", { role: "group", "aria-label": "Your hand" }, hand.map((id) => {
      const key = byKey(id);
      /** @type {Option[]} */
      const opts = [
        ...of("earn").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Earn it" })),
        ...of("exchange-card").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Exchange it" })),
        ...of("discard-card").filter((l) => l.action.card === id).map((l) => ({ legal: l, text: "Discard it" })),
        ...(key === "winds-of-change" ? of("winds").map((l) => ({ legal: l, text: "Play Winds of Change" })) : []),
      ];
      const abil = key === "blight" ? "blight" : key === "opportunist" ? "opportunist" : null;
      const abilActs = abil ? of(abil) : [];
      /** @type {Partial<Use>} */
      let attrs = {};
      if (abilActs.length && !opts.length) {
        attrs = picker(abilActs, pick.ability === abil, () => { pick.ability = pick.ability === abil ? null : abil; pick.tile = pick.cell = pick.menu = null; }, NEXT_TARGET);
      } else {
        if (abilActs.length) opts.push({ legal: abilActs[0], text: abil === "blight" ? "Play Blight (then choose a tile on the board)" : "Play Opportunist (then choose a tile of an opponent)", ability: abil, all: abilActs });
        attrs = offer(`h-${id}`, cat.cards?.[id]?.name || id, opts);
      }
      const can = opts.length || abilActs.length;
      const pressed = attrs["aria-pressed"] === "true";
      const note = marked.includes(id) ? "chosen for exchange" : null;
      const what = opts.length ? opts.map((o) => o.text).join(" or ") : abil ? `Play ${cat.cards?.[id]?.name}` : "";
      return markUnplayable(cardFace(cat, id, { size: "full", tag: can ? "button" : "div", note, attrs: can ? { type: "button", id: `bm-hand-${id}`, class: `target${pressed ? " selected" : ""}${note ? " marked" : ""}`, "aria-label": `${what}: ${cardWords(cat, id)}`, ...attrs } : { class: note ? "marked" : "" } }), cannot.get(id));
    }));
    const tileRow = h("div.bm-tiles", { role: "group", "aria-label": "Your tiles" }, me.tiles.map((id) => {
      /** @type {Option[]} */
      const opts = [
        ...of("exchange-tile").filter((l) => l.action.tile === id).map((l) => ({ legal: l, text: "Exchange it" })),
        ...of("return-tile").filter((l) => l.action.tile === id).map((l) => ({ legal: l, text: "Return it to the perimeter" })),
      ];
      const pl = places.filter((l) => l.action.tile === id);
      /** @type {Partial<Use>} */
      let attrs = {};
      if (pl.length) {
        attrs = picker(pl, pick.tile === id, () => { pick.tile = pick.tile === id ? null : id; pick.cell = null; pick.ability = null; }, ".bm-cell.target");
        opts.forEach((o) => used.add(o.legal.index));  // exchange and placing never coincide
      } else attrs = offer(`t-${id}`, id, opts);
      const can = pl.length || opts.length;
      const isMarked = (obs.marked_tiles || []).includes(id);
      const what = pl.length ? `Place ${id}: then choose a highlighted cell` : opts.map((o) => o.text).join(" or ");
      const label = `${can ? `${what}: ` : ""}tile ${tileWords(cat, id)}${isMarked ? ", chosen for exchange" : ""}`;
      const pressed = attrs["aria-pressed"] === "true";
      return h(`${can ? "button" : "div"}.bm-tilebox${can ? ".target" : ""}${pressed ? ".selected" : ""}${isMarked ? ".marked" : ""}`,
        { ...(can ? { type: "button", id: `bm-tile-${id}` } : { tabindex: "0" }), "aria-label": label, title: label, "data-tile": id, "data-face": id, ...attrs },
        miniTile(cat, id), h("span", {}, id), h("span.bm-note", {}, [...(cat.tiles?.[id]?.layers || "")].map((l) => LAYERS[l].title).join("/")));
    }));
    mine = h("section.panel.bm-mine", { "aria-label": "Your hand and tiles", id: "my-hand" },
      h("h2", {}, `Your hand · ${hand.length} cards`, h("span.bm-score", {}, counted(me.points, "point"))), hand.length ? handRow : h("p.muted", {}, "Empty."),
      h("h3", {}, `Your tiles · ${me.tiles.length}`), me.tiles.length ? tileRow : h("p.muted", {}, "None."));
  }

  // ---- every player: score, hand size, tiles, food chains, plant cards ----
  const order = seat === null ? [...Array(players).keys()] : [seat, ...[...Array(players).keys()].filter((x) => x !== seat)];
  const preys = new Map(of("confirm-prey").map((l) => [l.action.prey, l]));
  const sabotage = new Map(of("sabotage").map((l) => [l.action.seat, l]));
  const opport = new Map(of("opportunist").map((l) => [l.action.tile, l]));
  const table = h("div.bm-players");
  for (const x of order) {
    const p = obs.players[x];
    const turn = toMove.includes(x) && obs.phase !== "over";
    const badge = turn ? "to play" : obs.turn === x && obs.phase !== "over" ? "their turn" : null;
    const chains = p.chains.map((ch, i) => h("li.bm-chain", { "aria-label": `Food chain ${i + 1}: ${ch.map((id) => cat.cards?.[id]?.name || id).join(" eaten by ")}` },
      ch.flatMap((id, k) => {
        const l = preys.get(id);
        const face = l ? cardFace(cat, id, { size: "tiny", tag: "button", attrs: { type: "button", class: "target", id: `bm-prey-${id}`, "aria-label": `Earn ${cat.cards?.[/** @type {string} */ (obs.card)]?.name} eating ${cardWords(cat, id)}`, ...direct(l) } })
          : cardFace(cat, id, { size: "tiny" });
        return k ? [h("span.bm-arrow", { "aria-hidden": "true", title: "eaten by" }, "▲"), face] : face;
      })));
    const theirTiles = h("div.bm-tiles.small", {}, p.tiles.map((id) => {
      const l = opport.get(id);
      const label = `${l ? "Opportunist: take " : ""}tile ${tileWords(cat, id)}`;
      return l && x !== seat
        ? h("button.bm-tilebox.target", { type: "button", id: `bm-opp-${id}`, "aria-label": label, title: label, "data-tile": id, ...direct(l) }, miniTile(cat, id, 0, 28), h("span", {}, id))
        : h("div.bm-tilebox", { "aria-label": label, title: label, "data-tile": id }, miniTile(cat, id, 0, 28), h("span", {}, id));
    }));
    // In a replay after the end every hand is open: show it; otherwise what is known of it.
    const open = x !== seat && Array.isArray(p.hand) ? h("div.bm-cards.small", { role: "group", "aria-label": `${names(x)}'s hand` }, h("span.bm-note", {}, "Hand:"), p.hand.map((id) => cardFace(cat, id, { size: "tiny" }))) : null;
    const known = x !== seat && !open && p.known?.length ? h("p.bm-note", {}, `Known in hand: ${p.known.map((id) => cat.cards?.[id]?.name || id).join(", ")}`) : null;
    const sab = sabotage.get(x);
    table.append(h(`section.bm-player${turn ? ".turn" : ""}${x === seat ? ".me" : ""}`, { "aria-label": `${names(x)}: ${counted(p.points, "point")}` },
      h("h3", {}, h("span", {}, names(x), badge ? h(`span.bm-badge${turn ? ".now" : ""}`, {}, badge) : null), h("span.bm-score", {}, counted(p.points, "pt"))),
      h("p.bm-stats", {}, `${counted(p.hand_count, "card")} in hand · ${counted(p.tiles.length, "tile")} · ${p.placed} placed on the board · ${counted(p.chains.length, "food chain")} · ${counted(p.plants.length, "plant card")}`),
      sab ? h("button.target.bm-sabotage", { type: "button", id: `bm-sabotage-${x}`, "aria-label": `Sabotage ${names(x)}: a random card of their hand is discarded`, ...direct(sab) }, `Sabotage ${names(x)}`) : null,
      open, known, p.tiles.length ? theirTiles : null,
      p.chains.length ? h("ol.bm-chains", {}, chains) : null,
      p.plants.length ? h("div.bm-cards.small", { "aria-label": "Plant cards" }, p.plants.map((id) => cardFace(cat, id, { size: "tiny" }))) : null));
  }

  // ---- the menu of a card or tile with several uses ----
  let menu = null;
  if (pick.menu && menus.has(pick.menu)) {
    const m = /** @type {{title: string, options: Option[]}} */ (menus.get(pick.menu));
    menu = h("div.bm-menu", { role: "group", "aria-label": `Choices for ${m.title}` }, h("strong", {}, `${m.title}:`),
      m.options.map((o) => (o.ability
        ? h("button", { type: "button", id: `bm-use-${o.ability}`, ...picker(/** @type {LegalAction[]} */ (o.all), false, () => { pick.ability = /** @type {string} */ (o.ability); pick.menu = null; }, NEXT_TARGET) }, o.text)
        : h("button", { type: "button", id: `bm-use-${o.legal.index}`, ...direct(o.legal) }, o.text))),
      h("button.secondary", { type: "button", onclick: () => { pick.menu = null; redraw(); } }, "Cancel"));
  } else pick.menu = null;

  for (const l of live) {
    if (used.has(l.index)) continue;
    const label = l.action.type === "confirm" && obs.card ? `Confirm: earn ${cat.cards?.[obs.card]?.name || obs.card}` : plain[l.action.type] || l.text;
    turnButtons.push(h(`button${["withdraw", "pass", "no-exchange", "gain-nothing", "sabotage-nobody"].includes(l.action.type) ? ".secondary" : ""}`, { type: "button", id: `bm-do-${l.action.type}`, ...direct(l) }, label));
  }

  const myTurn = live.length > 0;
  const waiting = (obs.waiting?.length ? obs.waiting : toMove) || [];
  const phase = PHASES[obs.phase] || obs.phase;
  // the viewer's own move made (on its way, or kept while the connection is down): never
  // "waiting for" themselves
  const others = waiting.filter((x) => x !== seat);
  const hint = myTurn ? hintFor(obs, cat, pick, places.length > 0, of) : obs.phase === "over" ? "The game is over."
    : seat !== null && waiting.includes(seat) ? `Your choice is made: it is played as soon as the server has it.${others.length ? ` Waiting for ${others.map(names).join(", ")} too.` : ""}`
      : `Waiting for ${waiting.map(names).join(", ") || "…"}.`;
  const status = [`Round ${obs.round}`, obs.turn === seat ? "your turn" : `${names(obs.turn)}'s turn`, phase];
  if (obs.disaster) status.push(`Disaster: ${cat.cards?.[obs.disaster]?.name || obs.disaster}`);
  if (obs.trigger !== null && obs.trigger !== undefined) status.push(`final round: ${obs.trigger === seat ? "you" : names(obs.trigger)} took the last perimeter tile`);
  root.append(h("section.panel.bm-turnpanel", { "aria-label": "This turn" },
    h("p.bm-status", {}, status.join(" · ")),
    h(`p.hint${myTurn ? ".mine" : ""}`, { id: "hint", role: "status" }, hint),
    menu, turnChooser, turnButtons.length ? h("div.bm-turnbuttons", { role: "group", "aria-label": "Other choices" }, turnButtons) : null));
  root.append(h("section.panel.bm-table", { "aria-label": "The table" }, boardBox, earning), side);
  if (mine) root.append(mine);
  root.append(h("section.panel.bm-players-panel", { "aria-label": "Players" }, h("h2", {}, "Players"), table));
  return root;
}

/** What to do now, in words. @param {BiomeObs} obs @param {Catalogue} cat @param {typeof pick} pk
 * @param {boolean} placing @param {(type: string) => LegalAction[]} of @returns {string} */
function hintFor(obs, cat, pk, placing, of) {
  /** @param {string | null} id the card being earned (there is one in these phases) */
  const name = (id) => cat.cards?.[/** @type {string} */ (id)]?.name || id;
  switch (obs.phase) {
    case "react": return "Another player's turn begins: play an Opportunist (click it in your hand, then a highlighted tile of an opponent), or pass.";
    case "exchange": return "Phase 1: click a card or a tile to start exchanging (cards or tiles, not both), or choose no exchange.";
    case "mark-cards": return "Choose more cards to exchange (highlighted), then Done exchanging.";
    case "mark-tiles": return "Choose more tiles to exchange (highlighted), then Done exchanging.";
    case "habitats":
      if (pk.ability === "blight") return "Blight: click a highlighted tile on the board to take it.";
      if (pk.ability === "opportunist") return "Opportunist: click a highlighted tile of an opponent.";
      return of("earn").length ? "Phase 2: click a highlighted card (your hand or the Gallery) to earn it, play an ability, or end your turn." : "Phase 2: nothing more to earn: end your turn (or play an ability).";
    case "earn": {
      if (pk.ability === "blight") return "Blight: click a highlighted tile on the board to take it.";
      if (of("confirm-prey").length) return `The habitat of ${name(obs.card)} is complete: click the prey it eats (highlighted in your food chains).`;
      if (of("confirm").length) return `The habitat of ${name(obs.card)} is complete: confirm to earn it.`;
      if (!placing) return `No tile can help ${name(obs.card)} now: withdraw it.`;
      if (!pk.tile) return `Earning ${name(obs.card)}: click one of your highlighted tiles, then a highlighted cell.`;
      if (!pk.cell) return `Place ${faceName(cat, pk.tile)}: click a highlighted cell of the board (or another tile).`;
      return `Place ${faceName(cat, pk.tile)} on ${pk.cell}: choose how it is turned.`;
    }
    case "winds-gain": return "Winds of Change: click a highlighted card to gain it (the Gallery or the discard pile), or gain nothing.";
    case "winds-sabotage": return "Winds of Change: sabotage a highlighted player (a random card of their hand is discarded), or nobody.";
    case "refill": return "Refill your hand: click the Main Deck or a card of the Gallery.";
    case "discard-tiles": return "Too many tiles: click one of yours to return it to the perimeter.";
    case "fire": return "Forest Fire: click a highlighted Understory platform: its tiles return to the perimeter.";
    case "clearing": return "Palm-Oil Clearing: click one of your tiles to return it to the perimeter.";
    case "drought": return "Drought: click a card of your hand to discard it.";
    default: return "Choose a highlighted card, tile or cell.";
  }
}
