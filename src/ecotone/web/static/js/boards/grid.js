// Grid games (Phylo's open grid around the map board; BioMasters' grid of ready and
// exhausted cards): cards laid on lettered columns and numbered rows, hands below.
// Click a hand card, then a highlighted cell; click a highlighted cell to see and choose
// the actions there. Highlights come only from the server's legal actions.
import { counted, h } from "../api.js";
import { baseId, faceName, faceOf, glossaryMap, markUnplayable, termEl, unplayableIn } from "../faces.js";
/** @import { Attrs } from "../api.js" */
/** @import { Terms } from "../faces.js" */
/** @import { BoardProps, Catalogue, Face, Json, LegalAction } from "../types.js" */

/** The hand card picked, whose cells are lit. @type {string | null} */
let selected = null;
/** The cell whose several actions are offered. @type {string | null} */
let focusCell = null;
/** A cell's name ("b3") as its column (from 0) and row, or null for another name.
 * @param {string} cell */
const parse = (cell) => {
  const m = /^([a-zA-Z]+)(\d+)$/.exec(cell);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1].toLowerCase()) col = col * 26 + (ch.charCodeAt(0) - 96);
  return { col: col - 1, row: Number(m[2]) };
};

// What a card prints beside its name, in the order a player reads it, by the catalogue's
// field names (a field a game's faces lack is simply not there).
const CHIPS = ["trophic", "food_chain", "scale", "diet", "domain", "cost", "climates", "climate", "terrains", "terrain", "movement", "keywords", "iucn", "timing", "ability", "effect"];
// on the table, in a cell: what a neighbour is judged by (the rest is in the hand and the popover)
const CELL_CHIPS = new Set(["trophic", "food_chain", "scale", "climates", "climate", "terrains", "terrain"]);

/** The printed marks of a card as small chips, each abbreviation explained by the glossary.
 * @param {Face} c @param {Terms} terms @param {string} size */
function chips(c, terms, size) {
  const out = [];
  const seen = new Set();  // a mark printed once, though two fields hold it (a HOME's level and domain)
  for (const field of CHIPS) {
    if (size === "cell" && !CELL_CHIPS.has(field)) continue;
    const v = c[field];
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)) continue;
    if (field === "food_chain") out.push(h("span.gchip.fc", {}, termEl(terms, "FC", `FC${v}`)));
    else if (field === "scale") out.push(h("span.gchip", {}, termEl(terms, "scale", `scale ${v}`)));
    else for (const x of [v].flat()) if (!seen.has(String(x))) { seen.add(String(x)); out.push(h(`span.gchip.f-${field}`, {}, termEl(terms, String(x)))); }
  }
  return out;
}

/** A card's face: its printed code, name, latin name, points and marks (climate, terrain,
 * food chain, scale, keywords...); in the hand also its text. The fact and everything else
 * is in the face popover.
 * @param {string} id @param {Catalogue} cat @param {Terms} terms @param {Attrs} [attrs]
 * @param {string} [tag] @param {string} [size] "cell", or "hand" with its text */
function face(id, cat, terms, attrs = {}, tag = "div", size = "cell") {
  const key = baseId(id);
  const c = faceOf(cat, key) || { name: id };
  const code = /^[A-Za-z]{1,3}\d{1,3}$/.test(key) ? key : c.abbr || null;
  const label = `${faceName(cat, key)}${c.latin ? ` (${c.latin})` : ""}${c.points !== undefined ? `, ${counted(c.points, "point")}` : ""}${c.kind ? `, ${c.kind}` : ""}`
    + `${attrs["data-unplayable"] ? `. Cannot be played now: ${attrs["data-unplayable"]}` : ""}${c.text ? `. ${c.text}` : ""}${c.fact && c.fact !== c.text ? `. ${c.fact}` : ""}`;
  const locale = c.locale ? { style: `border-bottom-color:${c.locale}` } : {};
  return h(`${tag}.gcard.sz-${size}${c.locale ? ".locale" : ""}`, { title: label, "aria-label": label, "data-card": id, tabindex: tag === "button" ? null : "0", ...locale, ...attrs },
    h("span.ghead", {}, code ? h("span.gcode", {}, termEl(terms, code)) : null, c.points !== undefined ? h("span.gpts", { title: counted(c.points, "point") }, `${c.points}`) : null),
    h("span.gname", {}, c.name), c.latin ? h("span.glatin", {}, c.latin) : null,
    h("span.gchips", {}, chips(c, terms, size)),
    size === "hand" && (c.text || c.play) ? h("span.gtext", {}, c.text || c.play) : null);
}

/** @param {BoardProps} props @returns {HTMLElement} */
export function gridBoard(props) {
  const { obs, legal, seat, catalogue: cat, act, busy, names, toMove, redraw } = props;
  // the cells the steps just played name (a card played there or moved from there, an
  // event played on it, a card exhausted), each with the seat that played it
  /** @type {Map<string, number>} */
  const recent = new Map(props.recent.filter((r) => r.action.cell).map((r) => [r.action.cell, r.seat]));
  const terms = glossaryMap(props.glossary);
  const root = h("div", { id: "board", "data-board": "grid" });
  const withCard = legal.filter((l) => l.action.card && l.action.cell);
  // a card's uses that need no cell (an event played, a card dropped or discarded...)
  const loose = legal.filter((l) => l.action.card && !l.action.cell);
  const playable = new Set([...withCard, ...loose].map((l) => l.action.card));
  // the hand names a card's copy ("baobab#1a") where actions may name the card ("baobab")
  /** @param {string} id */
  const cardOf = (id) => (playable.has(id) ? id : baseId(id));
  if (selected && !playable.has(selected)) selected = null;
  /** @type {Map<string, LegalAction[]>} */
  const cellActions = new Map();  // cell -> actions there (for the selected card, or card-less)
  /** @param {string} cell @param {LegalAction} l */
  const add = (cell, l) => { if (!cellActions.has(cell)) cellActions.set(cell, []); /** @type {LegalAction[]} */ (cellActions.get(cell)).push(l); };
  for (const l of legal) {
    if (!l.action.cell) continue;
    if (l.action.card) { if (l.action.card === selected) add(l.action.cell, l); } else add(l.action.cell, l);
  }
  /** @type {Json[]} the cards on the table, each at its cell */
  const placed = obs.table || obs.cells || [];
  const mapCells = new Set(obs.map || []);
  const cells = [...placed.map((p) => p.cell), ...mapCells, ...cellActions.keys(), ...withCard.map((l) => l.action.cell)];
  const pos = /** @type {Array<{col: number, row: number}>} */ (cells.map(parse).filter(Boolean));
  let minC = Math.min(...pos.map((p) => p.col)), maxC = Math.max(...pos.map((p) => p.col));
  let minR = Math.min(...pos.map((p) => p.row)), maxR = Math.max(...pos.map((p) => p.row));
  if (obs.rows && obs.cols) { minC = 0; maxC = obs.cols - 1; minR = 1; maxR = obs.rows; }
  if (!pos.length) { minC = 0; maxC = 3; minR = 1; maxR = 3; }
  const byCell = new Map(placed.map((p) => [p.cell, p]));
  const grid = h("div.grid", { role: "grid", "aria-label": "The table", style: `grid-template-columns: 2rem repeat(${maxC - minC + 1}, minmax(${maxC - minC > 6 ? 66 : 92}px, 1fr))` });
  /** @param {number} c */
  const colName = (c) => { let s = ""; let n = c + 1; while (n > 0) { const r = (n - 1) % 26; s = String.fromCharCode(97 + r) + s; n = Math.floor((n - 1) / 26); } return s; };
  const upper = (obs.cells !== undefined);
  grid.append(h("div"));
  for (let c = minC; c <= maxC; c++) grid.append(h("div.gaxis", {}, upper ? colName(c).toUpperCase() : colName(c)));
  for (let r = minR; r <= maxR; r++) {
    const row = h("div.grow", { role: "row", style: "display:contents" }, h("div.gaxis", {}, String(r)));
    for (let c = minC; c <= maxC; c++) {
      const name = `${upper ? colName(c).toUpperCase() : colName(c)}${r}`;
      const here = byCell.get(name);
      const acts = cellActions.get(name);
      const cls = `${here ? `.owner${here.owner}` : ""}${mapCells.has(name) ? ".map" : ""}${acts ? ".target" : ""}${here && here.ready === false ? ".exhausted" : ""}${here?.incompatible ? ".incompatible" : ""}${focusCell === name ? ".focus" : ""}${recent.has(name) ? ".recent" : ""}`;
      // the card's owner by name, as everywhere on the page (the seat's label is the game's notation)
      const owner = here ? `${names(here.owner)}${here.ready === false ? " · exhausted" : here.ready ? " · ready" : ""}` : "";
      const content = here ? [face(here.card, cat, terms), h("span.gowner", { title: owner, "data-owner": here.owner }, owner)]
        : mapCells.has(name) ? [h("span.gmap", {}, "Map")] : [];
      const just = recent.has(name) ? `, ${names(/** @type {number} */ (recent.get(name)))}'s last move` : "";
      const label = `${name}${here ? "" : mapCells.has(name) ? ": map board" : ": empty"}${just}`;
      const attrs = { role: "gridcell", "data-cell": name, "aria-label": acts ? `${label}: ${counted(acts.length, "choice")}` : label };
      row.append(acts
        ? h(`button.gcell${cls}`, { ...attrs, type: "button", disabled: busy, onclick: () => {
          if (acts.length === 1) { selected = null; focusCell = null; act(acts[0].action); } else { focusCell = name; redraw(); }
        } }, h("span.gpos", {}, name), ...content)
        : h(`div.gcell${cls}`, attrs, h("span.gpos", {}, name), ...content));
    }
    grid.append(row);
  }
  const chooser = focusCell && cellActions.get(focusCell)
    ? h("div.give-targets", { role: "group", "aria-label": `Choices at ${focusCell}` }, h("strong", {}, `At ${focusCell}: `),
      /** @type {LegalAction[]} */ (cellActions.get(focusCell)).map((l) => h("button", { type: "button", onclick: () => { selected = null; focusCell = null; act(l.action); } }, l.text)))
    : null;
  const uses = selected ? loose.filter((l) => l.action.card === selected) : [];
  const onBoard = selected ? withCard.some((l) => l.action.card === selected) : false;
  let hint = null;
  if (legal.length && !busy && selected && !onBoard) hint = `${faceName(cat, selected)}: choose what to do with it, under your hand.`;
  else if (legal.length && !busy) hint = selected ? `Play ${faceName(cat, selected)}: choose a highlighted cell${uses.length ? ", or another use under your hand" : ""}.` : playable.size ? "Choose a card from your hand, or a highlighted cell, or an action from the list." : cellActions.size ? "Choose a highlighted cell, or an action from the list." : null;
  root.append(h("section.panel", { "aria-label": "The table" }, h("h2", {}, "The table"), hint ? h("p.hint", { id: "hint", role: "status" }, hint) : null, h("div.grid-wrap", {}, grid), chooser));

  /** @type {Json[]} */
  const hands = obs.hands || [];
  if (seat !== null && hands[seat]?.cards) {
    const marks = unplayableIn(hands[seat].cards, legal, props.unplayable);
    const row = h("div.hand", { role: "group", "aria-label": "Your hand" }, hands[seat].cards.map((/** @type {string} */ id) => {
      const card = cardOf(id);
      const on = selected === card;
      return markUnplayable(playable.has(card)
        ? face(id, cat, terms, { type: "button", class: `playable${on ? " selected" : ""}`, "aria-pressed": String(on), onclick: () => { selected = on ? null : card; focusCell = null; redraw(); } }, "button", "hand")
        : face(id, cat, terms, {}, "div", "hand"), marks.get(id));
    }));
    // the picked card's uses that need no cell, as buttons under the hand
    const useRow = uses.length ? h("div.give-targets.card-uses", { role: "group", "aria-label": `Uses of ${faceName(cat, selected)}` },
      h("strong", {}, `${faceName(cat, selected)}: `),
      uses.map((l) => h("button", { type: "button", "data-legal": String(l.index), disabled: busy, onclick: () => { selected = null; act(l.action); } }, l.text))) : null;
    root.append(h("section.panel", { "aria-label": "Your hand", id: "my-hand" }, h("h2", {}, "Your hand"), row, useRow));
  }
  const others = hands.map((hd, s) => (s === seat ? null : h("li", {}, `${names(s)}: ${counted(hd.count, "card")} in hand${toMove.includes(s) ? " · to play" : ""}`))).filter(Boolean);
  if (others.length) root.append(h("section.panel", { "aria-label": "Other players" }, h("h2", {}, "Other players"), h("ul", {}, others)));
  return root;
}

/** A card face as the grid draws it in a hand (for pages that show cards outside a match). */
export { face as cardFace };
