// Choosing each seat's deck when creating a match: the game's standard deck, a built-in
// deck, one of the player's saved decks (deckstore.js), which goes to the server as its
// deck code, a pasted code, or, for a seat another person takes online, "their choice":
// that person brings a deck when joining (joindeck.js) and the match is dealt once they
// have. As soon as any seat's deck is chosen, every online seat whose deck was left alone
// becomes "their choice" (a constructed match: everyone brings a deck). Which options carry
// the decks, and in which variant, is the game's own word (`GET /games/{id}/decks`,
// "seats"); nothing here names a game.
import { api, h } from "./api.js";
import { listDecks } from "./deckstore.js";
/** @import { DeckInfo, GameInfo, Variant } from "./types.js" */

/** What `apply` fills in: the part of a match-creation body (schema.py `CreateMatch`)
 * that the decks decide.
 * @typedef {{variant?: string, options?: Record<string, unknown>, seats?: Array<{brings_deck?: boolean}>}} DeckBody */

const OPEN = "open";  // the seat's deck is the choice of whoever takes it

/** The deck choosers of `game`'s creation form, or null for a game without decks.
 * `players()` gives the seats to draw, `seatKind(s)` who plays seat s ("you", "human" for
 * another person online, "bot:..."). Returns {el, redraw(), apply(body)}: `apply` puts the
 * chosen decks in a match-creation body (its options, the variant decks need, and the
 * seats whose person brings a deck).
 * @param {GameInfo} game @param {() => number} players
 * @param {() => Variant | null} [chosenVariant] @param {(seat: number) => string} [seatKind]
 * @returns {Promise<{el: HTMLElement, redraw: () => void, apply: (body: DeckBody) => Promise<void>} | null>} */
export async function deckChooser(game, players, chosenVariant = () => null, seatKind = () => "human") {
  if (!game.options.some((o) => o.files)) return null;
  /** @type {DeckInfo} */
  let info;
  try { info = await api(`/games/${game.id}/decks`); } catch { return null; }
  const mine = await listDecks(game.id).catch(() => []);
  const box = h("fieldset.options.deck-seats", { id: "deck-seats" }, h("legend", {}, "Decks"));
  const variant = info.seats.variant ? game.variants.find((v) => v.name === info.seats.variant) : null;
  const hint = h("p.muted", {}, "Each seat plays the game's standard deck unless you choose another",
    variant ? ` (choosing one plays the ${variant.name} variant). ` : ". ",
    h("a", { href: `#/decks/${game.id}`, id: "build-deck" }, "Build your own deck"), ".");
  const openHint = h("p.deck-open-hint", { id: "deck-open-hint", hidden: true });
  const rows = h("div.deck-seat-rows");
  box.append(rows, openHint, hint);
  /** @type {Record<number, string>} */
  const chosen = {};  // seat -> the value its select was set to by hand
  /** @param {number} s */
  const online = (s) => seatKind(s) === "human";
  /** A seat's value: as chosen by hand; else, for an online seat, "their choice" once any
   * other seat has a deck chosen; else the standard deck.
   * @param {number} s @returns {string} */
  const valueOf = (s) => {
    if (s in chosen && (chosen[s] !== OPEN || online(s))) return chosen[s];
    const constructed = Object.entries(chosen).some(([k, v]) => Number(k) < players() && v && (v !== OPEN || online(Number(k))));
    return constructed && online(s) ? OPEN : "";
  };
  function redraw() {
    const typed = [...rows.querySelectorAll("input[data-deck-code]")].map((i) => /** @type {HTMLInputElement} */ (i).value);
    rows.replaceChildren();
    for (let s = 0; s < players(); s++) {
      const sel = h("select", { "data-deck-seat": s, id: `deck-seat-${s}` },
        h("option", { value: "" }, "Standard deck"),
        online(s) ? h("option", { value: OPEN }, "Their choice, when they join") : null,
        h("optgroup", { label: "Built-in decks" }, info.builtins.map((b) => h("option", { value: `builtin:${b.key}` }, b.name))),
        mine.length ? h("optgroup", { label: "My decks" }, mine.map((d) => h("option", { value: `mine:${d.name}` }, d.name))) : null,
        h("option", { value: "code" }, "A deck code…"));
      sel.value = valueOf(s);
      // a deck code pasted from a friend (or anything: the server says what is wrong with it)
      const code = h("input", { "data-deck-code": s, maxlength: 2000, placeholder: `${info.tag}:…`, "aria-label": `P${s + 1}'s deck code`, value: typed[s] || "" });
      code.hidden = sel.value !== "code";
      sel.addEventListener("change", () => {
        chosen[s] = sel.value;
        redraw();
        const again = /** @type {HTMLElement | null} */ (rows.querySelector(`#deck-seat-${s}`));
        again?.focus();
        if (sel.value === "code") /** @type {HTMLInputElement | null} */ (rows.querySelector(`input[data-deck-code="${s}"]`))?.focus();
      });
      rows.append(h("div.option-row", {}, h("label.option", { for: `deck-seat-${s}` }, h("strong", {}, `P${s + 1}'s deck`), sel), code));
    }
    const open = [...Array(players()).keys()].filter((s) => valueOf(s) === OPEN);
    openHint.hidden = !open.length;
    openHint.textContent = open.length
      ? `${open.map((s) => `P${s + 1}`).join(" and ")}: the person who takes the seat chooses the deck when joining (their saved decks or a built-in one); the cards are dealt once they have.`
      : "";
  }
  /** The option entry of one seat: "" (standard), a built-in's key, or a saved deck's code.
   * @param {string} value @param {number} s @returns {Promise<string>} */
  async function entry(value, s) {
    if (!value || value === OPEN) return "";
    if (value === "code") return /** @type {HTMLInputElement | null} */ (rows.querySelector(`input[data-deck-code="${s}"]`))?.value.trim() || "";
    if (value.startsWith("builtin:")) return value.slice(8);
    const deck = mine.find((d) => d.name === value.slice(5));
    if (!deck) return "";
    // the deck as the server's schema has it (the browser's copy also says when it was saved)
    const { name, summary = "", cards } = deck;
    const res = await api(`/games/${game.id}/decks/encode`, { method: "POST", body: { deck: { name, summary, cards } } });
    return res.code;
  }
  /** @param {DeckBody} body */
  async function apply(body) {
    const values = [...Array(players()).keys()].map(valueOf);
    if (!values.some(Boolean)) return;
    const entries = await Promise.all(values.map((v, s) => entry(v, s)));
    const { variant, options, defaults } = info.seats;
    if (variant) body.variant = variant;
    body.options = body.options || {};
    const standard = standardDecks(options, defaults);
    const filled = entries.map((e, s) => e || (standard.length ? standard[s % standard.length] : ""));
    if (options.length === 1) body.options[options[0]] = filled.join(",");
    else options.forEach((name, s) => { if (s < filled.length) /** @type {Record<string, unknown>} */ (body.options)[name] = filled[s]; });
    values.forEach((v, s) => { if (v === OPEN && body.seats?.[s]) body.seats[s].brings_deck = true; });
  }
  /** A seat's deck when it brings none: the chosen variant's own default for the deck
   * option when it has one (BioMasters' free-for-all deals its own), else the game's.
   * @param {string[]} options @param {string[]} defaults @returns {string[]} */
  function standardDecks(options, defaults) {
    const own = chosenVariant()?.defaults || {};
    if (options.length === 1 && Object.prototype.hasOwnProperty.call(own, options[0])) {
      return String(own[options[0]]).split(",").map((d) => d.trim());
    }
    return defaults;
  }
  redraw();
  return { el: box, redraw, apply };
}
