// Card and tile faces as the game's catalogue gives them, for every board and panel: the
// name a player reads for an id, card ids in the game's notation replaced by those names,
// the glossary's meanings on abbreviations, a legend of the glossary, and the face popover
// (every printed field, the species' fact, where the card comes from, and why it cannot be
// played now), opened by hovering, by a long press or a tap, or from the keyboard.
// Nothing here names a game: it reads the catalogue (`GET /games/{id}/catalog`) and the
// glossary of the game's presentation.
import { h } from "./api.js";
/** @import { Catalogue, Face, GlossaryTerm, LegalAction } from "./types.js" */

/** The glossary as a map from term to meaning. @typedef {Map<string, string>} Terms */

/** An id as the catalogue files it: an observation's instance of a card ("baobab#1a")
 * is the card ("baobab"), and so is a seat's own copy of it from the deck that seat
 * brought ("P2:B19" is "B19"). @param {unknown} id */
export const baseId = (id) => String(id).split("#")[0].replace(/^P\d+:/, "");

/** Whether an id is a printed code players use ("B05", "G01", "T13"), worth keeping
 * beside the name; a word-like key ("lantern-bug-1", "baobab") is not. @param {string} id */
const codeLike = (id) => /^[A-Za-z]{1,3}\d{1,3}[a-z]?$/.test(id);

/** The face of `id` in any group of the catalogue (cards first), or null.
 * @param {Catalogue | null | undefined} cat the game's catalogue @param {unknown} id
 * @returns {Face | null} */
export function faceOf(cat, id) {
  if (!cat || id === null || id === undefined) return null;
  const key = baseId(id);
  if (cat.cards?.[key] && typeof cat.cards[key] === "object") return cat.cards[key];
  for (const [group, faces] of Object.entries(cat)) {
    if (group === "cards" || !faces || typeof faces !== "object" || Array.isArray(faces)) continue;
    const face = faces[key];
    if (face && typeof face === "object" && !Array.isArray(face)) return face;
  }
  return null;
}

// How many faces of the catalogue share each name ("Emergent tile" is the name of fifteen
// tiles), worked out once per catalogue.
/** @type {WeakMap<Catalogue, Map<string, number>>} */
const shared = new WeakMap();
/** @param {Catalogue} cat @param {string} name */
function sharing(cat, name) {
  if (!shared.has(cat)) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const faces of Object.values(cat)) {
      if (!faces || typeof faces !== "object" || Array.isArray(faces)) continue;
      for (const [key, face] of Object.entries(faces)) {
        if (face && typeof face.name === "string" && codeLike(key)) counts.set(face.name, (counts.get(face.name) || 0) + 1);
      }
    }
    shared.set(cat, counts);
  }
  return /** @type {Map<string, number>} */ (shared.get(cat)).get(name) || 0;
}

/** The one name players read for `id` everywhere: the face's `label` where the game gives
 * one ("Fo4", "G01 Agouti"); else its name with the printed code after it when the id is
 * one ("Darwin's Fox (B05)"), or the code alone when the name is that of a whole kind
 * (fifteen "Emergent tile"s are T01 to T15); else the name; the id itself for what the
 * catalogue lacks. @param {Catalogue} cat @param {unknown} id @returns {string} */
export function faceName(cat, id) {
  const face = faceOf(cat, id);
  if (!face) return String(id);
  if (typeof face.label === "string" && face.label) return face.label;
  if (typeof face.name !== "string" || !face.name) return String(id);
  const key = baseId(id);
  if (!codeLike(key) || face.name.includes(key)) return face.name;
  return sharing(cat, face.name) > 1 ? key : `${face.name} (${key})`;
}

/** The name of `id` without its code (for places where the code is printed beside it).
 * @param {Catalogue} cat @param {unknown} id @returns {string} */
export function plainName(cat, id) {
  const face = faceOf(cat, id);
  return face?.name || face?.label || String(id);
}

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** @param {string} id */
const boundary = (id) => new RegExp(`(^|[^\\w#-])${escapeRe(id)}(?=$|[^\\w#-])`);

/** An action's notation with every card or tile id among its fields replaced by the name
 * players read: "play B05 at v20" is "play Darwin's Fox (B05) at v20".
 * @template {string | null | undefined} T
 * @param {Catalogue} cat @param {import("./types.js").Json | null | undefined} action the action's JSON
 * @param {T} text its notation @returns {T} */
export function nameAction(cat, action, text) {
  if (typeof text !== "string" || !action || typeof action !== "object") return text;
  /** @type {string} */
  let out = text;
  for (const [field, value] of Object.entries(action)) {
    if (field === "type" || typeof value !== "string") continue;
    const name = faceName(cat, value);
    if (name === value) continue;
    out = out.replace(boundary(value), (_, before) => before + name);
  }
  return /** @type {T} */ (out);
}

/** Free text (a refusal, a line of the game's own log) with the cards and tiles it
 * mentions named: only words shaped like ids are looked up (a printed code, "B05", or a
 * hyphenated key, "forest-4"), so ordinary words stay as they are.
 * @template {string | null | undefined} T
 * @param {Catalogue} cat @param {T} text @returns {T} */
export function nameText(cat, text) {
  if (typeof text !== "string") return text;
  return /** @type {T} */ (text.replace(/(^|[^\w#-])([A-Za-z]{1,3}\d{1,3}[a-z]?|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=$|[^\w#-])/g, (all, before, id) => {
    const face = faceOf(cat, id);
    return face && (face.name || face.label) ? before + faceName(cat, id) : all;
  }));
}

// -- the glossary ----------------------------------------------------------------------------

/** The glossary as a map from term to meaning (exact terms first, then any case).
 * @param {GlossaryTerm[] | null | undefined} glossary @returns {Terms} */
export function glossaryMap(glossary) {
  /** @type {Terms} */
  const map = new Map();
  for (const t of glossary || []) if (t && typeof t.term === "string") map.set(t.term, t.meaning);
  return map;
}

/** @param {Terms | null | undefined} terms @param {unknown} value @returns {string | null | undefined} */
function meaningOf(terms, value) {
  if (!terms || typeof value !== "string") return null;
  if (terms.has(value)) return terms.get(value);
  const lower = value.toLowerCase();
  for (const [term, meaning] of terms) if (term.toLowerCase() === lower) return meaning;
  return null;
}

/** `shown` as an abbreviation whose meaning (from the glossary) is its tooltip, or as
 * plain text when the glossary does not have `value`.
 * @param {Terms | null | undefined} terms @param {unknown} value @param {unknown} [shown] */
export function termEl(terms, value, shown = value) {
  const meaning = meaningOf(terms, String(value));
  return meaning ? h("abbr.term", { title: `${value}: ${meaning}` }, String(shown)) : String(shown);
}

/** The legend: every icon, abbreviation and term of the game's glossary with its meaning.
 * @param {GlossaryTerm[] | null | undefined} glossary */
export function legendList(glossary) {
  if (!glossary?.length) return h("p.muted", {}, "This game has no glossary.");
  return h("dl.legend", { id: "legend" }, glossary.flatMap((t) => [h("dt", {}, t.term), h("dd", {}, t.meaning)]));
}

// -- the face, field by field ---------------------------------------------------------------

// Fields about the card rather than printed on it (shown under "Where it comes from"), and
// fields only the boards' drawing uses.
const ABOUT = new Set(["provenance", "links", "note", "sources", "source", "designed", "printed_latin"]);
const DRAWING = new Set(["name", "latin", "fact", "text", "label", "key", "row", "col", "features", "cells", "species_key"]);
/** @param {string} key */
const words = (key) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** A field's value in words: one (another face by its name, numbers joined) or a list of them.
 * @typedef {string | string[]} FieldWords */

/** A field's value in words (other faces by their names, lists joined), or null when empty.
 * @param {Catalogue} cat @param {unknown} value @returns {FieldWords | null} */
function valueWords(cat, value) {
  if (value === null || value === undefined || value === "" || value === false) return null;
  if (value === true) return "yes";
  if (Array.isArray(value)) {
    // (a list of lists would be a list of lists of words: no face has one)
    const parts = /** @type {string[]} */ (value.map((v) => valueWords(cat, v)).filter((v) => v !== null));
    if (!parts.length) return null;
    return value.every((v) => typeof v === "number") ? parts.join(" / ") : parts;
  }
  if (typeof value === "object") return null;
  if (typeof value === "string" && faceOf(cat, value) && faceOf(cat, value)?.name) return faceOf(cat, value)?.name;
  return String(value);
}

/** The printed fields of a face, in the catalogue's order: [[label, words or list]].
 * @param {Catalogue} cat @param {Face | null | undefined} face @returns {Array<[string, FieldWords]>} */
export function printedFields(cat, face) {
  /** @type {Array<[string, FieldWords]>} */
  const out = [];
  for (const [key, value] of Object.entries(face || {})) {
    if (ABOUT.has(key) || DRAWING.has(key) || key.endsWith("_keys")) continue;
    const said = valueWords(cat, value);
    if (said === null || (Array.isArray(said) && !said.length)) continue;
    if (said === face?.name) continue;
    out.push([words(key), said]);
  }
  return out;
}

/** Where a face comes from: its provenance, the notes on its links, its note and sources.
 * @param {Face} face @returns {string[]} */
function aboutLines(face) {
  /** @type {string[]} */
  const lines = [];
  if (face.provenance) lines.push(`Provenance: ${face.provenance}.`);
  if (face.links && typeof face.links === "object") {
    for (const [what, note] of Object.entries(face.links)) lines.push(`${words(what)}: ${note}`);
  }
  if (face.note) lines.push(`Note: ${face.note}`);
  if (face.sources) lines.push(`Sources: ${face.sources}`);
  if (face.source) lines.push(`Source: ${face.source}`);
  return lines;
}

/** The whole face of `id` as the popover shows it (`unplayable`: why it cannot be played now).
 * @param {Catalogue} cat @param {string} id @param {Terms | null | undefined} terms
 * @param {string | null} [unplayable] */
export function faceDetails(cat, id, terms, unplayable = null) {
  const face = faceOf(cat, id) || { name: String(id) };
  const key = baseId(id);
  const title = face.name || face.label || key;
  const code = face.label || (codeLike(key) ? key : face.abbr || null);  // what the card prints as its code
  const fields = printedFields(cat, face);
  /** @param {FieldWords} said @returns {import("./api.js").Child} */
  const show = (said) => (Array.isArray(said) ? said.flatMap((v, i) => [i ? ", " : "", termEl(terms, v)]) : termEl(terms, said));
  const about = aboutLines(face);
  return [
    h("div.pop-head", {}, h("strong.pop-name", {}, title), code && code !== title ? h("span.pop-code", {}, termEl(terms, code)) : null),
    face.latin ? h("em.pop-latin", {}, face.latin) : null,
    unplayable ? h("p.pop-unplayable", { "data-reason": "" }, h("strong", {}, "Cannot be played now: "), unplayable) : null,
    fields.length ? h("dl.pop-fields", {}, fields.flatMap(([label, said]) => [h("dt", {}, termEl(terms, label.toLowerCase(), label)), h("dd", {}, show(said))])) : null,
    face.text && face.text !== face.fact ? h("p.pop-text", {}, face.text) : null,
    face.fact && face.fact !== face.text ? h("p.pop-fact", {}, h("span.pop-label", {}, "Fact: "), face.fact) : face.fact ? h("p.pop-text", {}, face.fact) : null,
    about.length ? h("details.pop-about", {}, h("summary", {}, "Where it comes from"), about.map((line) => h("p", {}, line))) : null,
  ];
}

// -- the popover ---------------------------------------------------------------------------
// One popover for the page. A mouse opens it by resting on a face, a finger by a long press
// (or a tap on a face that does nothing else), the keyboard by moving to a face and
// pressing "i" (or "?"); Escape, a tap elsewhere or moving away closes it. The face gets
// `aria-describedby` while it is open, so a screen reader reads it too.

const FACE = "[data-card], [data-face]";
const HOVER_MS = 350;
const PRESS_MS = 450;
/** @type {{catalogue: Catalogue, terms: Terms} | null} */
let context = null;
/** @type {HTMLElement | null} */
let pop = null;
/** @type {Element | null} */
let owner = null;
/** @type {number | null} */
let hoverTimer = null;
/** @type {number | null} */
let pressTimer = null;
/** @type {{el: Element, x: number, y: number} | null} */
let pressed = null;
let swallowClick = false;
let lastInput = "mouse";  // how the player last pointed or typed: "mouse", "touch", "pen" or "keyboard"

/** @param {EventTarget | null} node @returns {Element | null} */
const faceEl = (node) => (node instanceof Element ? node.closest(FACE) : null);
/** @param {Element} el */
const idOf = (el) => el.getAttribute("data-face") || el.getAttribute("data-card");

/** Show the popover for face element `el`. @param {Element | null} el */
export function showFace(el) {
  if (!context || !el || !el.isConnected) return;
  const id = idOf(el);
  if (!id || !faceOf(context.catalogue, id)) return;
  if (!pop) {
    pop = h("div.face-pop", { id: "face-pop", role: "tooltip" });
    pop.addEventListener("pointerleave", () => { if (context) hoverTimer = setTimeout(hideFace, 150); });
    pop.addEventListener("pointerenter", () => clearTimeout(hoverTimer));
  }
  if (!pop.isConnected) document.body.append(pop);
  if (owner && owner !== el) owner.removeAttribute("aria-describedby");
  owner = el;
  pop.replaceChildren(.../** @type {HTMLElement[]} */ (faceDetails(context.catalogue, id, context.terms, el.getAttribute("data-unplayable")).filter(Boolean)));
  pop.dataset.card = id;
  pop.hidden = false;
  el.setAttribute("aria-describedby", "face-pop");
  place(el);
}

/** @param {Element} el */
function place(el) {
  const box = /** @type {HTMLElement} */ (pop);  // showFace made it
  const r = el.getBoundingClientRect();
  const width = Math.min(340, document.documentElement.clientWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8));
  const below = window.innerHeight - r.bottom;
  const height = box.offsetHeight;
  const top = below >= height + 8 || r.top < height + 8 ? r.bottom + 6 : r.top - height - 6;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${Math.max(window.scrollY + 4, top + window.scrollY)}px`;
}

/** Close the popover. */
export function hideFace() {
  clearTimeout(hoverTimer);
  if (owner) owner.removeAttribute("aria-describedby");
  owner = null;
  if (pop) pop.hidden = true;
}

/** Whether the popover is open (for the page's own keys). */
export const faceShown = () => Boolean(pop && !pop.hidden);

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (!context) return;
  if (ev.key === "Tab" || ev.key.startsWith("Arrow")) lastInput = "keyboard";
  if (ev.key === "Escape" && faceShown()) { hideFace(); return; }
  if ((ev.key === "i" || ev.key === "?") && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    const el = faceEl(document.activeElement);
    if (!el || /** @type {Element | null} */ (ev.target)?.closest?.("input, textarea, select")) return;
    ev.preventDefault();
    if (owner === el && faceShown()) hideFace(); else showFace(el);
  }
}

/** @param {PointerEvent} ev */
function onPointerDown(ev) {
  if (!context) return;
  lastInput = ev.pointerType || "mouse";
  const el = faceEl(ev.target);
  if (pop && !pop.hidden && !pop.contains(/** @type {Node | null} */ (ev.target)) && el !== owner) hideFace();
  clearTimeout(pressTimer);
  if (ev.pointerType !== "mouse" && el) {
    pressed = { el, x: ev.clientX, y: ev.clientY };
    pressTimer = setTimeout(() => { swallowClick = true; showFace(el); }, PRESS_MS);
  }
}

/** @param {PointerEvent} ev */
function onPointerMove(ev) {
  if (pressed && Math.hypot(ev.clientX - pressed.x, ev.clientY - pressed.y) > 10) { clearTimeout(pressTimer); pressed = null; }
}

function onPointerEnd() { clearTimeout(pressTimer); pressed = null; }

/** @param {MouseEvent} ev */
function onClick(ev) {
  if (!context) return;
  if (swallowClick) {  // the long press opened the popover: the card is not also chosen
    swallowClick = false;
    ev.preventDefault(); ev.stopPropagation();
    return;
  }
  const el = faceEl(ev.target);
  // a face that does nothing when clicked shows itself instead (a tap again closes it)
  if (el && !/** @type {Element} */ (ev.target).closest("button, a, input, select, label, summary")) {
    if (owner === el && faceShown() && lastInput !== "mouse") hideFace(); else showFace(el);
  }
}

// Moving to a face with the keyboard shows it, as a tooltip does; leaving it closes it.
/** @param {FocusEvent} ev */
function onFocusIn(ev) {
  if (!context || lastInput !== "keyboard") return;
  const el = faceEl(ev.target);
  if (el && el === ev.target) showFace(el);
  else if (faceShown() && !(pop && pop.contains(/** @type {Node | null} */ (ev.target)))) hideFace();
}

/** @param {PointerEvent} ev */
function onOver(ev) {
  if (!context || ev.pointerType !== "mouse") return;
  const el = faceEl(ev.target);
  if (!el) return;
  clearTimeout(hoverTimer);
  if (el === owner && faceShown()) return;
  hoverTimer = setTimeout(() => showFace(el), HOVER_MS);
}

/** @param {PointerEvent} ev */
function onOut(ev) {
  if (!context || ev.pointerType !== "mouse") return;
  const el = faceEl(ev.target);
  const to = /** @type {Node | null} */ (ev.relatedTarget);
  if (!el || el.contains(to)) return;
  clearTimeout(hoverTimer);
  if (pop && pop.contains(to)) return;
  if (owner === el) hoverTimer = setTimeout(hideFace, 150);
}

let installed = false;
/** Let the faces of this page open the popover, with this game's catalogue and glossary.
 * @param {{catalogue: Catalogue | null | undefined, glossary: GlossaryTerm[] | null | undefined}} game */
export function useFaces({ catalogue, glossary }) {
  context = { catalogue: catalogue || {}, terms: glossaryMap(glossary) };
  if (installed) return;
  installed = true;
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerdown", onPointerDown, true);
  document.addEventListener("pointermove", onPointerMove, true);
  document.addEventListener("pointerup", onPointerEnd, true);
  document.addEventListener("pointercancel", onPointerEnd, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("pointerover", onOver);
  document.addEventListener("pointerout", onOut);
  document.addEventListener("contextmenu", (ev) => { if (context && swallowClick) ev.preventDefault(); });
}

/** The page was redrawn: a popover whose face is gone closes; one whose face is still on
 * the page (a draw keeps what is still there, morph.js) shows what that face holds now, where
 * it is now, and is named by it again (the draw took off the `aria-describedby` it had). */
export function facesRedrawn() {
  if (!owner) return;
  if (!owner.isConnected) hideFace();
  else if (faceShown()) {
    showFace(owner);
    if (pop?.dataset.card !== idOf(owner)) hideFace();  // it holds no face now
  }
}

/** This page no longer shows a game: the popover closes and faces do nothing. */
export function dropFaces() { hideFace(); context = null; }

// -- cards that cannot be played now ----------------------------------------------------------

/** What the page says of a hand card no legal action uses, where the game gives no reason. */
export const NO_MOVE = "no legal move uses this card now";

/** The cards of `hand` this seat cannot play now, each with why: the game's reason where the
 * server sends one (`unplayable` of the update, the game's `state.unplayable(seat)`), else,
 * while this decision is one of playing hand cards (some legal action names one), every
 * hand card no legal action names, with NO_MOVE. Nothing while the seat is not deciding.
 * @param {string[]} hand the hand as the observation names it
 * @param {LegalAction[] | null | undefined} legal @param {Record<string, string> | null} [reasons]
 * @returns {Map<string, string>} */
export function unplayableIn(hand, legal, reasons = {}) {
  /** @type {Map<string, string>} */
  const marks = new Map();
  if (!legal?.length || !Array.isArray(hand)) return marks;
  /** @type {Set<string>} */
  const named = new Set();
  for (const l of legal) {
    for (const [field, value] of Object.entries(l.action || {})) if (field !== "type" && typeof value === "string") named.add(value);
  }
  /** @param {string} card */
  const uses = (card) => named.has(card) || named.has(baseId(card));
  const playing = hand.some(uses);
  for (const card of hand) {
    const reason = reasons?.[card] ?? reasons?.[baseId(card)];
    if (reason) marks.set(card, reason);
    else if (playing && !uses(card)) marks.set(card, NO_MOVE);
  }
  return marks;
}

/** Mark a hand card's element as not playable now: greyed, with the reason in its label,
 * its tooltip and its popover (`data-unplayable`).
 * @template {HTMLElement} E @param {E} el @param {string | null | undefined} reason @returns {E} */
export function markUnplayable(el, reason) {
  if (!reason) return el;
  el.classList.add("unplayable");
  el.dataset.unplayable = reason;
  const label = el.getAttribute("aria-label");
  el.setAttribute("aria-label", `${label ? `${label} ` : ""}Cannot be played now: ${reason}.`.replace(/\.\./g, "."));
  el.title = `Cannot be played now: ${reason}${el.title ? `\n${el.title}` : ""}`;
  return el;
}
