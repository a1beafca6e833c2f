// Once Upon a Forest: each player's forest of trees (Ground, 1st, 2nd, Canopy), the five
// piles showing their top card's level, and the hands. Click a hand card, then a
// highlighted slot of a tree (or a player to give it to); click a highlighted pile to draw.
// Highlights come only from the server's legal actions.
import { counted, h } from "../api.js";
import { faceName, glossaryMap, markUnplayable, termEl, unplayableIn } from "../faces.js";
/** @import { Attrs } from "../api.js" */
/** @import { BoardProps, Catalogue, LegalAction } from "../types.js" */

/** A forest: its trees, each with its four slots (Ground to Canopy), each slot's cards
 * from the bottom up. @typedef {string[][][]} Trees */

/** What this board reads of an observation (the game's view: docs/rules, its view.py).
 * @typedef {object} ForestObs
 * @property {number} draws_left
 * @property {string | null} gift the card given to `receiver`, to place
 * @property {number | null} receiver
 * @property {Array<{cards: number, top: string | null}>} piles `top`: its top card's level
 * @property {Array<{count: number, levels: string[], cards: string[] | null}>} hands
 *   (`cards`: the viewer's own hand only, or every hand in a replay)
 * @property {Trees[]} forests
 * @property {number[]} points
 * @property {Trees} [neighbour] the solo game's Neighbouring Forest
 * @property {number} [neighbour_points] */

const LEVELS = ["ground", "first", "second", "canopy"];
/** @type {Record<string, string>} */
const LEVEL_TITLE = { ground: "Ground", first: "1st level", second: "2nd level", canopy: "Canopy" };
/** The hand card picked, whose slots are lit. @type {string | null} */
let selected = null;

/** A card in words, for its label. @param {string} id @param {Catalogue} cat */
function describe(id, cat) {
  const c = cat.cards[id];
  if (!c) return id;
  const sp = c.species ? cat.species[c.species] : null;
  const parts = [`${id}, ${LEVEL_TITLE[c.level]} card`];
  if (sp) parts.push(`${sp.name} (${sp.latin}): ${sp.fact}`);
  if (c.chainsaw) parts.push("chainsaw (-1 in a complete tree)");
  if (c.start) parts.push("start card");
  if (!sp && !c.chainsaw && !c.start) parts.push("no animal");
  return parts.join("; ");
}

/** A card's face (`full`: with the species' fact; `covered`: how many cards lie under it).
 * @param {string} id @param {Catalogue} cat
 * @param {{full?: boolean, tag?: string, attrs?: Attrs, covered?: number}} [how] */
function cardFace(id, cat, { full = false, tag = "div", attrs = {}, covered = 0 } = {}) {
  const c = cat.cards[id] || { level: "ground" };
  const sp = c.species ? cat.species[c.species] : null;
  const name = sp ? (full ? sp.name : sp.short) : c.start ? "Start card" : c.chainsaw ? "Chainsaw" : "Plain";
  return h(`${tag}.card.lv-${c.level}`, { title: describe(id, cat), "aria-label": describe(id, cat), "data-card": id, tabindex: tag === "button" ? null : "0", ...attrs },
    h("span.cid", {}, `${id} · ${LEVEL_TITLE[c.level]}`),
    h("span.cname", {}, name),
    sp ? h("span.clatin", {}, sp.latin) : null,
    full && sp ? h("span.fact", {}, sp.fact) : null,
    c.chainsaw ? h("span.saw", { "aria-hidden": "true" }, "🪚") : null,
    covered ? h("span.covered", {}, ` +${covered} below`) : null);
}

/** A forest: its trees, level by level (`mine`, `placing`: the picked card's slots lit),
 * each named complete or started in the glossary's words, whose meanings say what it
 * scores (a forest's first tree is started from the outset, so a forest begins below 0).
 * @param {Trees} trees
 * @param {string} title @param {number} points
 * @param {{mine: boolean, placing: boolean, legal: LegalAction[], act: BoardProps["act"], cat: Catalogue, terms: Map<string, string>, placed?: Set<string>}} how
 *   (`placed`: the slots, "tree:level", where a step just played put a card) */
function forestView(trees, title, points, { mine, placing, legal, act, cat, terms, placed = new Set() }) {
  /** @type {Map<string, LegalAction>} */
  const targets = new Map();  // "tree:level" -> action
  if (mine && placing) {
    for (const l of legal) {
      if (l.action.type === "place" && l.action.card === selected) {
        const lv = cat.cards[l.action.card]?.level;
        targets.set(`${l.action.tree}:${lv}`, l);
      }
    }
  }
  const count = Math.max(trees.length, ...[...targets.keys()].map((k) => Number(k.split(":")[0]) + 1));
  const row = h("div.trees");
  for (let t = 0; t < count; t++) {
    const tree = trees[t] || [[], [], [], []];
    const complete = tree.every((slot) => slot.length);
    const col = h(`div.tree${complete ? ".complete" : ""}`, { role: "group", "aria-label": `${title}, tree ${t + 1}${t >= trees.length ? " (new)" : ""}` });
    LEVELS.forEach((lv, i) => {
      const slot = tree[i];
      const target = targets.get(`${t}:${lv}`);
      const just = placed.has(`${t}:${lv}`);
      const label = `tree ${t + 1}, ${LEVEL_TITLE[lv]}${just ? ", placed just now" : ""}`;
      let el;
      if (target) {
        el = h("button.slot.target", { type: "button", "data-tree": t, "data-level": lv, "aria-label": `Place ${faceName(cat, selected)} in ${label}`, onclick: () => { selected = null; act(target.action); } },
          slot.length ? cardFace(slot[slot.length - 1], cat, { covered: slot.length - 1 }) : h("span", { style: "margin:auto;font-weight:700" }, "＋ place here"));
      } else if (slot.length) {
        el = h(`div.slot.filled${just ? ".recent" : ""}`, { "data-tree": t, "data-level": lv, "aria-label": just ? label : null }, cardFace(slot[slot.length - 1], cat, { covered: slot.length - 1 }));
      } else {
        el = h("div.slot", { "data-tree": t, "data-level": lv, "aria-label": `${label}: empty` });
      }
      col.append(el);
    });
    col.append(h("div.tree-label", {}, `Tree ${t + 1}`, t < trees.length ? [" · ", termEl(terms, complete ? "complete" : "started"), complete ? " ✓" : ""] : " · new"));
    row.append(col);
  }
  if (!count) row.append(h("p.muted", {}, "No trees yet."));
  return h("section.forest", { "aria-label": title }, h("h3", {}, h("span", {}, title), h("span", {}, counted(points, "point"))), row);
}

/** @param {BoardProps} props @returns {HTMLElement} */
export function forestBoard(props) {
  const { legal, seat, players, catalogue: cat, act, busy, names, toMove, redraw } = props;
  const obs = /** @type {ForestObs} */ (props.obs);
  const root = h("div", { id: "board", "data-board": "forest" });
  /** @param {string} t */
  const byType = (t) => legal.filter((l) => l.action.type === t);
  const playable = new Set(legal.filter((l) => l.action.card).map((l) => l.action.card));
  if (selected && !playable.has(selected)) selected = null;
  if (!selected && playable.size === 1) selected = [...playable][0];
  const placing = legal.some((l) => l.action.type === "place");
  const terms = glossaryMap(props.glossary);
  // where the steps just played happened: the piles drawn from, the slots placed in (by
  // each forest's owner)
  /** @type {Map<number, number>} */
  const drawn = new Map();
  /** @type {Map<number, Set<string>>} */
  const placed = new Map();
  for (const r of props.recent) {
    if (r.action.type === "draw") drawn.set(r.action.pile, r.seat);
    else if (r.action.type === "place") placed.set(r.seat, new Set([...(placed.get(r.seat) || []), `${r.action.tree}:${cat.cards[r.action.card]?.level}`]));
  }

  // what to do now, in words
  let hint = null;
  if (legal.length && !busy) {
    // (the count of the draw phase: none is kept while the cards are dealt)
    if (byType("draw").length) hint = `Draw a card: choose a highlighted pile${obs.draws_left > 0 ? ` (${obs.draws_left} to draw)` : ""}.`;
    else if (placing) hint = selected ? `Place ${faceName(cat, selected)}: choose a highlighted slot in your forest.` : "Choose a card from your hand to place.";
    else if (byType("give").length || byType("give-neighbour").length) hint = selected ? `Give ${faceName(cat, selected)}: choose who receives it.` : "Choose a card from your hand to give away.";
  }

  // piles
  const draws = new Map(byType("draw").map((l) => [l.action.pile, l]));
  const piles = h("div.piles", { role: "group", "aria-label": "The five piles" }, obs.piles.map((p, i) => {
    const lv = p.top;
    const held = counted(p.cards, "card");
    const just = drawn.has(i) ? `, ${names(/** @type {number} */ (drawn.get(i)))} drew from it just now` : "";
    const text = [h("span", {}, `Pile ${i + 1}`), h("span", {}, lv ? LEVEL_TITLE[lv] : "empty"), h("span", { style: "font-size:.8rem" }, held)];
    const d = draws.get(i);  // (a pile to draw from has a top card)
    const recent = drawn.has(i) ? ".recent" : "";
    return d ? h(`button.pile.lv-${lv}.target${recent}`, { type: "button", "data-pile": i, "aria-label": `Draw from pile ${i + 1}: ${LEVEL_TITLE[/** @type {string} */ (lv)]}, ${held}${just}`, disabled: busy, onclick: () => act(d.action) }, text)
      : h(`div.pile${lv ? `.lv-${lv}` : ".empty"}${recent}`, { "data-pile": i, "aria-label": `Pile ${i + 1}: ${lv ? LEVEL_TITLE[lv] : "empty"}, ${held}${just}` }, text);
  }));
  root.append(h("section.panel", { "aria-label": "Piles" }, h("h2", {}, "Piles"), piles, hint ? h("p.hint", { id: "hint", role: "status" }, hint) : null));

  // my hand (and a gift to place)
  if (seat !== null) {
    const hand = obs.hands[seat];
    /** @type {string[]} */
    const cards = [...(hand.cards || [])];
    if (obs.gift && obs.receiver === seat && !cards.includes(obs.gift)) cards.unshift(obs.gift);
    const marks = unplayableIn(cards, legal, props.unplayable);
    const handRow = h("div.hand", { role: "group", "aria-label": "Your hand" }, cards.map((c) => {
      if (playable.has(c)) {
        return markUnplayable(cardFace(c, cat, { full: true, tag: "button", attrs: { type: "button", class: `playable${selected === c ? " selected" : ""}`, "aria-pressed": String(selected === c), onclick: () => { selected = c; redraw(); } } }), marks.get(c));
      }
      return markUnplayable(cardFace(c, cat, { full: true }), marks.get(c));
    }));
    const gives = legal.filter((l) => (l.action.type === "give" || l.action.type === "give-neighbour") && l.action.card === selected);
    const giveRow = gives.length ? h("div.give-targets", {}, gives.map((l) => h("button", { type: "button", "data-give": l.action.to ?? "neighbour", onclick: () => { selected = null; act(l.action); } },
      l.action.type === "give" ? `Give ${faceName(cat, selected)} to ${names(l.action.to)}` : `Give ${faceName(cat, selected)} to the Neighbouring Forest`))) : null;
    const title = obs.gift && obs.receiver === seat ? "Your hand · and the gift you must place" : "Your hand";
    root.append(h("section.panel", { "aria-label": "Your hand", id: "my-hand" }, h("h2", {}, title), cards.length ? handRow : h("p.muted", {}, "Empty."), giveRow));
  }

  // forests
  const forests = h("div.forests");
  const order = seat === null ? [...Array(players).keys()] : [seat, ...[...Array(players).keys()].filter((s) => s !== seat)];
  for (const s of order) {
    const hand = obs.hands[s];
    const backs = s === seat ? null : h("div.hand.small", { "aria-label": `${names(s)}'s hand: ${counted(hand.count, "card")} (${hand.levels.map((l) => LEVEL_TITLE[l]).join(", ") || "none"})` },
      hand.cards ? hand.cards.map((c) => cardFace(c, cat)) : hand.levels.map((l) => h(`span.back.lv-${l}`, { title: LEVEL_TITLE[l] })),
      h("span.muted", { style: "font-size:.85rem" }, ` ${hand.count} in hand`));
    const turn = toMove.includes(s) ? " · to play" : "";
    const view = forestView(obs.forests[s], `${names(s)}${turn}`, obs.points[s], { mine: s === seat, placing, legal, act, cat, terms, placed: placed.get(s) });
    if (backs) view.append(backs);
    forests.append(view);
  }
  if (obs.neighbour) forests.append(forestView(obs.neighbour, "Neighbouring Forest", /** @type {number} */ (obs.neighbour_points), { mine: false, placing: false, legal, act, cat, terms }));
  root.append(h("section.panel", { "aria-label": "Forests" }, h("h2", {}, "Forests"), forests));

  const key = Object.values(cat.species || {}).map((sp) => h("div", {}, h("strong", {}, sp.name), " ", h("em", {}, sp.latin), ` · ${LEVEL_TITLE[sp.level]}`));
  if (key.length) root.append(h("details.panel", {}, h("summary", {}, "The species of this forest"), h("div.species-key", {}, key)));
  return root;
}
