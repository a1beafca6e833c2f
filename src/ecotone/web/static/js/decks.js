// The deck builder (#/decks/<game>): the game's card pool with its own filters, card faces
// as the game's board draws them, the deck with its make-up drawn as bar charts, and the
// deck's legality as the engine says it (every change is checked by the server's deck
// routes: `POST /games/{id}/decks/check`), in the game's words. A deck is saved under a
// name (deckstore.js keeps it with the player), exported and imported as a deck file or a
// deck code, and offered when creating a match (lobby.js).
// Nothing here names a game: facets, rules, built-in decks and faces come from the game.
import { api, catalogue, games, h, presentation, toast } from "./api.js";
import { cardFace } from "./boards/grid.js";
import { dropFaces, faceName, glossaryMap, useFaces } from "./faces.js";
import { deckHome, deckOwner, deleteDeck, listDecks, saveDeck } from "./deckstore.js";
/** @import { Attrs } from "./api.js" */
/** @import { Catalogue, Deck, DeckInfo, DeckVerdict, Facet, GameInfo, PoolCard, Presentation } from "./types.js" */

// How a board draws a card outside a match; a board without one gets the plain face below.
/** @type {Record<string, typeof cardFace>} */
const FACES = { grid: cardFace };

/** The games of this server whose players bring decks (an option that names decks).
 * @returns {Promise<GameInfo[]>} */
export async function deckGames() {
  return (await games()).filter((g) => g.options.some((o) => o.files));
}

/** A plain card face: name, code and the card's facet values.
 * @param {PoolCard} card @param {Attrs} attrs */
function plainFace(card, attrs) {
  return h("div.gcard.sz-hand", { "data-card": card.id, tabindex: "0", ...attrs },
    h("span.gname", {}, card.name), h("span.gcode", {}, card.id));
}

/** The page: `game` is the id in the address, or "" for the list of games with decks.
 * @param {HTMLElement} main @param {string} game */
export async function renderDecks(main, game) {
  document.title = "Deck builder · Ecotone";
  const withDecks = await deckGames().catch((e) => { main.append(h("p.error", {}, e.message)); return null; });
  if (!withDecks) return;
  const head = h("div.deck-games", { role: "navigation", "aria-label": "Games with decks" },
    withDecks.map((g) => h(`a.button${g.id === game ? "" : ".secondary"}`, { href: `#/decks/${g.id}`, "aria-current": g.id === game ? "page" : null }, g.title)));
  main.append(h("h1", {}, "Deck builder"), head);
  const chosen = withDecks.find((g) => g.id === game);
  if (!chosen) {
    main.append(h("p.muted", {}, withDecks.length ? "Choose a game to build a deck for." : "No game on this server has decks to build."));
    return;
  }
  /** @type {DeckInfo} */
  let info;
  /** @type {Catalogue} */
  let cat;
  /** @type {Presentation} */
  let look;
  try {
    [info, cat, look] = await Promise.all([api(`/games/${chosen.id}/decks`), catalogue(chosen.id), presentation(chosen.id)]);
  } catch (/** @type {any} */ e) { main.append(h("p.error", {}, e.message)); return; }
  document.title = `Deck builder · ${chosen.title} · Ecotone`;
  useFaces({ catalogue: cat, glossary: look.glossary });
  new DeckBuilder(main, chosen, info, cat, look).draw();
}

/** Leaving the page: the face popover goes. */
export function closeDecks() { dropFaces(); }

class DeckBuilder {
  /** @param {HTMLElement} main @param {GameInfo} game @param {DeckInfo} info @param {Catalogue} cat
   * @param {Presentation} look */
  constructor(main, game, info, cat, look) {
    this.main = main; this.game = game; this.info = info; this.cat = cat;
    this.terms = glossaryMap(look.glossary);
    this.drawFace = FACES[look.board] || null;
    this.byId = new Map(info.pool.map((c) => [c.id, c]));
    /** @type {Deck} */
    this.deck = { name: "", summary: "", cards: {} };
    /** @type {Record<string, string>} */
    this.filters = {};  // facet key -> value ("" for any)
    this.search = "";
    /** @type {DeckVerdict | null} */
    this.verdict = null;
    this.asked = 0;
    // drawn by draw()
    /** @type {HTMLInputElement} */
    this.nameInput;
    /** @type {HTMLElement} */
    this.poolBox;
    /** @type {HTMLElement} */
    this.poolCount;
    /** @type {HTMLElement} */
    this.listBox;
    /** @type {HTMLElement} */
    this.gauge;
    /** @type {HTMLElement} */
    this.problemsBox;
    /** @type {HTMLElement} */
    this.charts;
    /** @type {HTMLInputElement} */
    this.codeBox;
    /** @type {HTMLElement} */
    this.savedBox;
  }

  /** @param {string} id */
  count(id) { return this.deck.cards[id] || 0; }

  /** Every value of facet `f` in the pool: numbers in order, words in the order the pool
   * (the game's own order) first shows them.
   * @param {Facet} f @returns {string[]} */
  values(f) {
    const values = [...new Set(this.info.pool.flatMap((c) => c.facets[f.key] || []))];
    return f.numeric ? values.sort((a, b) => Number(a) - Number(b)) : values;
  }

  shown() {
    const needle = this.search.trim().toLowerCase();
    return this.info.pool.filter((c) => Object.entries(this.filters).every(([k, v]) => !v || (c.facets[k] || []).includes(v))
      && (!needle || c.name.toLowerCase().includes(needle) || c.id.toLowerCase().includes(needle)));
  }

  /** @param {string} id @param {number} by */
  change(id, by) {
    const n = Math.max(0, this.count(id) + by);
    if (n) this.deck.cards[id] = n; else delete this.deck.cards[id];
    this.refresh();
  }

  /** @param {Partial<Deck>} deck */
  load(deck) {
    this.deck = { name: deck.name || "", summary: deck.summary || "", cards: { ...(deck.cards || {}) } };
    this.nameInput.value = this.deck.name;
    this.refresh();
  }

  // -- drawing ---------------------------------------------------------------------------

  draw() {
    const [low, high] = this.info.size;
    this.nameInput = h("input", { id: "deck-name", maxlength: 60, placeholder: "e.g. Night shift", "aria-describedby": "deck-owner" });
    this.nameInput.addEventListener("input", () => { this.deck.name = this.nameInput.value; this.check(); });
    this.poolBox = h("div.deck-pool", { id: "deck-pool", role: "list", "aria-label": "Card pool" });
    this.poolCount = h("p.muted", { id: "pool-count", role: "status" });
    this.listBox = h("ul.deck-list", { id: "deck-list", "aria-label": "Cards in the deck" });
    this.gauge = h("p.deck-gauge", { id: "deck-size" });
    this.problemsBox = h("div", { id: "deck-problems", role: "status", "aria-live": "polite" });
    this.charts = h("div.deck-charts", { id: "deck-charts" });
    this.codeBox = h("input", { id: "deck-code", readonly: true, "aria-label": "This deck's code", placeholder: "the deck's code appears here" });
    this.savedBox = h("ul.saved-decks", { id: "saved-decks" });
    const filters = this.info.facets.map((f) => {
      const values = this.values(f);
      const sel = h("select", { "data-facet": f.key, id: `facet-${f.key}` }, h("option", { value: "" }, "any"), values.map((v) => h("option", { value: v }, v)));
      sel.addEventListener("change", () => { this.filters[f.key] = sel.value; this.drawPool(); });
      return h("label.facet", { for: `facet-${f.key}` }, h("span", {}, f.label), sel);
    });
    const search = h("input", { id: "pool-search", type: "search", placeholder: "name or id", "aria-label": "Search the pool" });
    search.addEventListener("input", () => { this.search = search.value; this.drawPool(); });
    const clear = h("button.secondary", { type: "button", onclick: () => {
      this.filters = {}; this.search = ""; search.value = "";
      filters.forEach((l) => { /** @type {HTMLSelectElement} */ (l.querySelector("select")).value = ""; });
      this.drawPool();
    } }, "Clear filters");
    const codeIn = h("input", { id: "import-code", placeholder: `${this.info.tag}:…`, "aria-label": "A deck code to import" });
    const fileIn = h("input", { id: "import-file", type: "file", accept: ".toml,.txt,text/plain", "aria-label": "A deck file to import" });
    fileIn.addEventListener("change", async () => {
      const file = fileIn.files?.[0];
      if (file) await this.importText(await file.text(), file.name);
      fileIn.value = "";
    });
    const builtins = h("select", { id: "start-from", "aria-label": "Start from a built-in deck" }, h("option", { value: "" }, "a built-in deck…"),
      this.info.builtins.map((b, i) => h("option", { value: String(i) }, b.name)));
    builtins.addEventListener("change", () => {
      const b = this.info.builtins[Number(builtins.value)];
      if (b) this.importText(b.code, b.name, `a copy of ${b.name}`);
      builtins.value = "";
    });
    const rules = h("details.deck-rules", {}, h("summary", {}, `The deck rules (${low}–${high} cards)`),
      h("ul", {}, this.info.rules.map((r) => h("li", {}, r))),
      h("ul.builtin-list", {}, this.info.builtins.map((b) => h("li", {}, h("strong", {}, b.name), ` (${b.size} cards): ${b.strategy}`))));
    this.main.append(
      h("div.deck-layout", {},
        h("section.panel.deck-pool-panel", { "aria-labelledby": "pool-h" },
          h("h2", { id: "pool-h" }, `${this.game.title}: the cards`),
          h("div.deck-filters", { role: "group", "aria-label": "Filters" }, h("label.facet", { for: "pool-search" }, h("span", {}, "Search"), search), filters, clear),
          this.poolCount, this.poolBox),
        h("section.panel.deck-panel", { "aria-labelledby": "deck-h" },
          h("h2", { id: "deck-h" }, "Your deck"),
          h("label.deck-name", { for: "deck-name" }, h("strong", {}, "Name"), this.nameInput),
          h("p.muted", { id: "deck-owner" }, deckHome() === "account"
            ? `Saved in your account, ${deckOwner()}: every browser you sign in from has them.`
            : `Saved in this browser for ${deckOwner()}. Sign in (in the lobby) to keep them in an account instead.`),
          this.gauge, this.problemsBox, this.listBox, this.charts,
          h("div.deck-buttons", {},
            h("button", { id: "save-deck", type: "button", onclick: () => this.save() }, "Save"),
            h("button.secondary", { id: "new-deck", type: "button", onclick: () => this.load({}) }, "New deck"),
            h("button.secondary", { id: "export-file", type: "button", onclick: () => this.exportFile() }, "Export file"),
            h("a.button.secondary", { id: "play-deck", href: `#/?game=${encodeURIComponent(this.game.id)}` }, "Play a match")),
          h("label.deck-code", { for: "deck-code" }, h("strong", {}, "Deck code"), this.codeBox,
            h("button.secondary", { type: "button", onclick: () => this.copyCode() }, "Copy")),
          h("div.deck-import", { role: "group", "aria-label": "Import" },
            h("label", { for: "import-code" }, h("strong", {}, "Import a code"), codeIn),
            h("button.secondary", { id: "import-code-go", type: "button", onclick: () => this.importText(codeIn.value, "the code") }, "Import"),
            h("label", { for: "import-file" }, h("strong", {}, "or a file"), fileIn),
            h("label", { for: "start-from" }, h("strong", {}, "or start from"), builtins)),
          rules,
          h("h3", {}, "Your saved decks"), this.savedBox)));
    this.drawPool();
    this.refresh();
    this.drawSaved();
    // decks copied into the account meanwhile (deckstore.js): the list is redrawn
    const again = () => { if (this.savedBox.isConnected) this.drawSaved(); else document.removeEventListener("ecotone-decks", again); };
    document.addEventListener("ecotone-decks", again);
  }

  /** @param {PoolCard} card */
  face(card) {
    const n = this.count(card.id);
    const attrs = { "data-count": String(n), class: n ? "in-deck" : "" };
    return this.drawFace ? this.drawFace(card.id, this.cat, this.terms, attrs, "div", "hand") : plainFace(card, attrs);
  }

  drawPool() {
    const cards = this.shown();
    const rows = cards.map((c) => {
      const n = this.count(c.id);
      const name = faceName(this.cat, c.id) || c.name;
      return h("div.pool-card", { role: "listitem", "data-pool": c.id },
        this.face(c),
        h("div.pool-buttons", {},
          h("button", { type: "button", "data-add": c.id, "aria-label": `Add ${name}`, onclick: () => this.change(c.id, 1) }, "+"),
          h("span.pool-count", { "aria-label": `${n} in the deck` }, n ? `${n}×` : ""),
          h("button.secondary", { type: "button", "data-remove": c.id, "aria-label": `Remove ${name}`, disabled: !n, onclick: () => this.change(c.id, -1) }, "−")));
    });
    this.poolBox.replaceChildren(...rows);
    this.poolCount.textContent = `${cards.length} of ${this.info.pool.length} cards shown`;
  }

  refresh() {
    this.drawPool();
    this.drawDeck();
    this.check();
  }

  drawDeck() {
    const order = this.info.pool.map((c) => c.id).filter((id) => this.count(id));
    const unknown = Object.keys(this.deck.cards).filter((id) => !this.byId.has(id));
    this.listBox.replaceChildren(...[...order, ...unknown].map((id) => {
      const name = this.byId.get(id)?.name || id;
      return h("li", { "data-deck-card": id },
        h("span", { "data-card": this.byId.has(id) ? id : null }, `${this.count(id)}× ${name}`),
        h("span.list-buttons", {},
          h("button.small", { type: "button", "aria-label": `Add ${name}`, onclick: () => this.change(id, 1) }, "+"),
          h("button.small.secondary", { type: "button", "aria-label": `Remove ${name}`, onclick: () => this.change(id, -1) }, "−")));
    }));
    if (!order.length && !unknown.length) this.listBox.append(h("li.muted", {}, "No cards yet: add some from the pool."));
    this.charts.replaceChildren(...this.info.facets.filter((f) => f.chart).map((f) => this.chart(f)));
  }

  /** A bar chart (SVG) of how many cards of the deck have each value of facet `f`.
   * @param {Facet} f */
  chart(f) {
    /** @type {Map<string, number>} */
    const tally = new Map();
    for (const [id, n] of Object.entries(this.deck.cards)) {
      for (const v of this.byId.get(id)?.facets[f.key] || []) tally.set(v, (tally.get(v) || 0) + n);
    }
    const values = this.values(f);
    const most = Math.max(1, ...tally.values());
    // the labels' column fits the longest value (about 6.5 px a letter at 11 px), within reason
    const longest = Math.max(1, ...values.map((v) => v.length));
    const w = 300; const barH = 16; const gap = 4; const labelW = Math.min(150, 12 + 6.5 * longest);
    /** @param {string} v */
    const cut = (v) => (v.length * 6.5 > labelW - 8 ? `${v.slice(0, Math.floor((labelW - 14) / 6.5))}…` : v);
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    const height = values.length * (barH + gap);
    svg.setAttribute("viewBox", `0 0 ${w} ${height}`);
    svg.setAttribute("role", "img");
    const said = values.map((v) => `${v}: ${tally.get(v) || 0}`).join(", ");
    svg.setAttribute("aria-label", `${f.label} of the deck: ${said}`);
    /** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
    const el = (tag, attrs, text) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      if (text !== undefined) node.textContent = text;
      return node;
    };
    values.forEach((v, i) => {
      const y = i * (barH + gap);
      const n = tally.get(v) || 0;
      const len = ((w - labelW - 30) * n) / most;
      const label = el("text", { x: labelW - 6, y: y + barH - 4, "text-anchor": "end", class: "chart-label" }, cut(v));
      label.append(el("title", {}, v));
      svg.append(label);
      svg.append(el("rect", { x: labelW, y, width: Math.max(n ? 2 : 0, len), height: barH, rx: 3, class: "chart-bar" }));
      svg.append(el("text", { x: labelW + len + 4, y: y + barH - 4, class: "chart-count" }, String(n)));
    });
    return h("figure.deck-chart", { "data-chart": f.key }, h("figcaption", {}, f.label), svg);
  }

  // -- the engine's verdict --------------------------------------------------------------

  async check() {
    const asked = ++this.asked;
    // the verdict shown is the last change's until this one's comes: no longer "legal"
    // for certain, and the code box is about to change
    delete this.problemsBox.dataset.legal;
    const [low, high] = this.info.size;
    const size = Object.values(this.deck.cards).reduce((a, b) => a + b, 0);
    this.gauge.textContent = `${size} cards (a deck has ${low}–${high})`;
    this.gauge.dataset.state = size < low ? "low" : size > high ? "high" : "ok";
    /** @type {DeckVerdict} */
    let v;
    try {
      v = await api(`/games/${this.game.id}/decks/check`, { method: "POST", body: { deck: this.deck } });
    } catch (/** @type {any} */ e) {
      if (asked === this.asked) this.problemsBox.replaceChildren(h("p.error", {}, e.message));
      return;
    }
    if (asked !== this.asked) return;  // a newer change was checked after this one
    this.verdict = v;
    this.codeBox.value = v.code || "";
    this.problemsBox.dataset.legal = String(v.legal);
    this.problemsBox.replaceChildren(v.legal
      ? h("p.deck-legal", {}, "✓ A legal deck: it keeps every deck rule.")
      : h("ul.deck-problems", { "aria-label": "What the deck breaks" }, v.problems.map((p) => h("li", { "data-code": p.code, title: p.code }, `✗ ${p.message}`))));
  }

  // -- saving, files and codes -----------------------------------------------------------

  async save() {
    const name = this.nameInput.value.trim();
    if (!name) { this.nameInput.focus(); toast("Name the deck first.", true); return; }
    this.deck.name = name;
    try {
      const kept = await saveDeck(this.game.id, this.deck);
      toast(kept ? `Saved “${name}”${this.verdict?.legal ? "" : " (it still breaks a rule)"}.` : "This browser would not keep the deck.", !kept);
    } catch (/** @type {any} */ e) { toast(e.message, true); }
    this.drawSaved();
  }

  async drawSaved() {
    let decks;
    try { decks = await listDecks(this.game.id); } catch (/** @type {any} */ e) {
      this.savedBox.replaceChildren(h("li.error", {}, `Your decks cannot be read now: ${e.message}`));
      return;
    }
    this.savedBox.replaceChildren(...decks.map((d) => {
      const size = Object.values(d.cards).reduce((a, b) => a + b, 0);
      return h("li", { "data-saved": d.name }, h("span", {}, `${d.name} (${size} cards)`),
        h("span.list-buttons", {},
          h("button.secondary", { type: "button", "aria-label": `Open ${d.name}`, onclick: () => this.load(d) }, "Open"),
          h("button.secondary", { type: "button", "aria-label": `Delete ${d.name}`, onclick: async () => {
            if (!window.confirm(`Delete the deck “${d.name}”?`)) return;
            await deleteDeck(this.game.id, d.name); this.drawSaved();
          } }, "Delete")));
    }));
    if (!decks.length) this.savedBox.append(h("li.muted", {}, "None yet."));
  }

  /** Read a deck code or a deck file's text into the deck (`rename`: its name here).
   * @param {string} text @param {string} where @param {string | null} [rename] */
  async importText(text, where, rename = null) {
    if (!String(text || "").trim()) { toast("Paste a deck code first.", true); return; }
    try {
      const v = await api(`/games/${this.game.id}/decks/read`, { method: "POST", body: { text } });
      this.load({ ...v.deck, name: rename || v.deck.name });
      toast(`Read ${where}: ${v.deck.name || "a deck"} (${v.size} cards).`);
    } catch (/** @type {any} */ e) { toast(`${where}: ${e.message}`, true); }
  }

  exportFile() {
    const text = this.verdict?.file;
    if (!text) { toast("The deck is not checked yet: try again.", true); return; }
    const slug = (this.deck.name || "deck").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "deck";
    const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/toml" })), download: `${slug}.toml` });
    document.body.append(link);
    link.click();
    link.remove();
  }

  async copyCode() {
    if (!this.codeBox.value) { toast("This deck has no code yet.", true); return; }
    this.codeBox.select();
    try { await navigator.clipboard.writeText(this.codeBox.value); toast("The deck code is copied."); } catch { toast("Select the code and copy it.", false); }
  }
}
