// Choosing each seat's deck when creating a match: the game's standard deck, a built-in
// deck, or one of the player's saved decks (deckstore.js), which goes to the server as its
// deck code. Which options carry the decks, and in which variant, is the game's own word
// (`GET /games/{id}/decks`, "seats"); nothing here names a game.
import { api, h } from "./api.js";
import { listDecks } from "./deckstore.js";

/** The deck choosers of `game`'s creation form, or null for a game without decks.
 * `players()` gives the seats to draw. Returns {el, redraw(), apply(body)}: `apply` puts the
 * chosen decks in a match-creation body (its options, and the variant decks need). */
export async function deckChooser(game, players, chosenVariant = () => null) {
  if (!game.options.some((o) => o.files)) return null;
  let info;
  try { info = await api(`/games/${game.id}/decks`); } catch { return null; }
  const mine = await listDecks(game.id);
  const box = h("fieldset.options.deck-seats", { id: "deck-seats" }, h("legend", {}, "Decks"));
  const variant = info.seats.variant ? game.variants.find((v) => v.name === info.seats.variant) : null;
  const hint = h("p.muted", {}, "Each seat plays the game's standard deck unless you choose another",
    variant ? ` (choosing one plays the ${variant.name} variant). ` : ". ",
    h("a", { href: `#/decks/${game.id}`, id: "build-deck" }, "Build your own deck"), ".");
  const rows = h("div.deck-seat-rows");
  box.append(rows, hint);
  function redraw() {
    const before = [...rows.querySelectorAll("select")].map((s) => s.value);
    const typed = [...rows.querySelectorAll("input[data-deck-code]")].map((i) => i.value);
    rows.replaceChildren();
    for (let s = 0; s < players(); s++) {
      const sel = h("select", { "data-deck-seat": s, id: `deck-seat-${s}` },
        h("option", { value: "" }, "Standard deck"),
        h("optgroup", { label: "Built-in decks" }, info.builtins.map((b) => h("option", { value: `builtin:${b.key}` }, b.name))),
        mine.length ? h("optgroup", { label: "My decks" }, mine.map((d) => h("option", { value: `mine:${d.name}` }, d.name))) : null,
        h("option", { value: "code" }, "A deck code…"));
      sel.value = before[s] || "";
      // a deck code pasted from a friend (or anything: the server says what is wrong with it)
      const code = h("input", { "data-deck-code": s, maxlength: 2000, placeholder: `${info.tag}:…`, "aria-label": `P${s + 1}'s deck code`, value: typed[s] || "" });
      code.hidden = sel.value !== "code";
      sel.addEventListener("change", () => { code.hidden = sel.value !== "code"; if (!code.hidden) code.focus(); });
      rows.append(h("div.option-row", {}, h("label.option", { for: `deck-seat-${s}` }, h("strong", {}, `P${s + 1}'s deck`), sel), code));
    }
  }
  /** The option entry of one seat: "" (standard), a built-in's key, or a saved deck's code. */
  async function entry(value, s) {
    if (!value) return "";
    if (value === "code") return rows.querySelector(`input[data-deck-code="${s}"]`)?.value.trim() || "";
    if (value.startsWith("builtin:")) return value.slice(8);
    const deck = mine.find((d) => d.name === value.slice(5));
    if (!deck) return "";
    // the deck as the server's schema has it (the browser's copy also says when it was saved)
    const { name, summary = "", cards } = deck;
    const res = await api(`/games/${game.id}/decks/encode`, { method: "POST", body: { deck: { name, summary, cards } } });
    return res.code;
  }
  async function apply(body) {
    const values = [...rows.querySelectorAll("select")].map((s) => s.value);
    if (!values.some(Boolean)) return;
    const entries = await Promise.all(values.map((v, s) => entry(v, s)));
    const { variant, options, defaults } = info.seats;
    if (variant) body.variant = variant;
    body.options = body.options || {};
    const standard = standardDecks(options, defaults);
    const filled = entries.map((e, s) => e || (standard.length ? standard[s % standard.length] : ""));
    if (options.length === 1) body.options[options[0]] = filled.join(",");
    else options.forEach((name, s) => { if (s < filled.length) body.options[name] = filled[s]; });
  }
  /** A seat's deck when it brings none: the chosen variant's own default for the deck
   * option when it has one (BioMasters' free-for-all deals its own), else the game's. */
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
