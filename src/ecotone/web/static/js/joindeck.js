// Joining a seat whose deck is the joiner's to bring (docs/decks.md, "Bringing your deck
// to a match"). The creator left the seat's deck to whoever takes it: before sitting down,
// a dialog offers the player's saved decks (deckstore.js) and the game's built-in ones,
// each with the engine's verdict in the game's words (the server's deck routes), or a
// pasted deck code. The join then carries the deck (a built-in deck's key, a code, or the
// cards), and a refusal stays in the dialog, with its code, until the player chooses again
// or gives up. Nothing here names a game: the decks and the rules come from the server.
import { api, h } from "./api.js";
import { listDecks } from "./deckstore.js";
/** @import { DeckInfo, DeckVerdict, Joined, MatchInfo, SeatStatus } from "./types.js" */

/** The seat a join from the lobby takes: the first free seat, as the server picks it
 * (one whose deck is chosen already before one that brings its own), or null.
 * @param {MatchInfo} info @returns {SeatStatus | null} */
export function seatToTake(info) {
  const free = (info.seats || []).filter((s) => s.kind === "human" && !s.joined);
  return free.find((s) => !s.brings_deck) || free[0] || null;
}

/** @param {Record<string, number> | null | undefined} cards */
const cardCount = (cards) => Object.values(cards || {}).reduce((a, b) => a + b, 0);

/** What the engine says of a deck, as a line of the dialog. @param {DeckVerdict} v */
function verdictLine(v) {
  if (v.legal) return h("span.deck-verdict.ok", {}, "✓ A legal deck: it keeps every deck rule.");
  return h("span.deck-verdict.bad", { "data-codes": v.problems.map((p) => p.code).join(" ") },
    `✗ Not playable: ${v.problems.map((p) => p.message).join("; ")}.`);
}

/** Ask which deck to bring to `seat` of the match `info`, then join with it through
 * `join(deck)` (the request; it rejects with the server's refusal). Resolves to what
 * `join` answered, or null when the player gives up.
 * @param {MatchInfo} info @param {number} seat
 * @param {(deck: string | {name: string, summary: string, cards: Record<string, number>}) => Promise<Joined>} join
 * @returns {Promise<Joined | null>} */
export function joinWithDeck(info, seat, join) {
  return new Promise((/** @type {(value: Joined | null) => void} */ resolve) => {
    document.getElementById("join-deck")?.remove();
    const game = info.game;
    const problem = h("p.error", { id: "join-deck-error", role: "alert", hidden: true });
    const choices = h("div.deck-choices", { role: "radiogroup", "aria-label": "Decks to bring" }, h("p.muted", {}, "Checking your decks…"));
    const go = h("button", { type: "submit", id: "join-deck-go", disabled: true }, "Join with this deck");
    const code = h("input", { id: "join-deck-code", maxlength: 2000, placeholder: "a deck code", "aria-label": "A deck code to bring" });
    let settled = false;
    /** @param {Joined | null} value */
    const finish = (value) => { if (settled) return; settled = true; dialog.close(); dialog.remove(); resolve(value); };
    const picked = () => /** @type {HTMLInputElement | null} */ (choices.querySelector("input[name='join-deck']:checked"));
    const form = h("form", { method: "dialog", onsubmit: async (ev) => {
      ev.preventDefault();
      const radio = picked();
      if (!radio) return;
      const deck = radio.value === "code" ? code.value.trim() : decks[Number(radio.value)].send;
      if (!deck) { code.focus(); return; }
      problem.hidden = true; go.disabled = true;
      try { finish(await join(deck)); } catch (/** @type {any} */ e) {
        problem.textContent = e.message;  // the game's words: "P2 cannot play 'My Pond': …"
        problem.dataset.code = e.code; problem.title = e.code;
        problem.hidden = false; go.disabled = false;
      }
    } },
    h("h2", { id: "join-deck-h" }, `Bring your deck to P${seat + 1}`),
    h("p", {}, `In this ${info.title} match, the player at P${seat + 1} chooses the deck. `,
      "The cards are dealt once every player who brings a deck has sat down."),
    choices,
    problem,
    h("div.confirm-buttons", {},
      h("button.secondary", { type: "button", id: "join-deck-cancel", onclick: () => finish(null) }, "Cancel"), go));
    const dialog = h("dialog.confirm.join-deck", { id: "join-deck", "aria-labelledby": "join-deck-h" }, form);
    dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); finish(null); });
    document.body.append(dialog);
    dialog.showModal();
    /** @type {Array<{label: string, group: string, send: Parameters<typeof join>[0], hint?: string, check: () => Promise<DeckVerdict>}>} */
    let decks = [];
    (async () => {
      /** @type {DeckInfo} */
      let pool;
      /** @type {import("./types.js").Deck[]} */
      let mine = [];
      try {
        [pool, mine] = await Promise.all([api(`/games/${game}/decks`), listDecks(game).catch(() => [])]);
      } catch (/** @type {any} */ e) { choices.replaceChildren(h("p.error", {}, e.message)); return; }
      decks = [
        ...mine.map((d) => ({ label: `${d.name} (${cardCount(d.cards)} cards)`, group: "mine",
          send: { name: d.name, summary: d.summary || "", cards: d.cards },
          check: () => api(`/games/${game}/decks/check`, { method: "POST", body: { deck: { name: d.name, summary: d.summary || "", cards: d.cards } } }) })),
        ...pool.builtins.map((b) => ({ label: `${b.name} (${b.size} cards)`, group: "builtin", send: b.key, hint: b.strategy,
          check: () => api(`/games/${game}/decks/decode`, { method: "POST", body: { code: b.code } }) })),
      ];
      /** @param {typeof decks[number]} d @param {number} i */
      const row = (d, i) => {
        const radio = h("input", { type: "radio", name: "join-deck", value: String(i), id: `join-deck-${i}`, disabled: true });
        const said = h("span.deck-verdict.muted", {}, "checking…");
        const el = h("label.deck-choice", { for: `join-deck-${i}`, "data-deck": d.label, "data-group": d.group }, radio,
          h("span.deck-choice-text", {}, h("strong", {}, d.label), d.hint ? h("span.muted", {}, d.hint) : null, said));
        d.check().then((v) => {
          said.replaceWith(verdictLine(v));
          el.dataset.legal = String(v.legal);
          radio.disabled = !v.legal;  // the server would refuse it: it is not offered
          if (v.legal && !picked()) { radio.checked = true; go.disabled = false; }
        }).catch((e) => { said.replaceWith(h("span.deck-verdict.bad", {}, e.message)); });
        radio.addEventListener("change", () => { go.disabled = false; });
        return el;
      };
      const codeRadio = h("input", { type: "radio", name: "join-deck", value: "code", id: "join-deck-code-pick" });
      codeRadio.addEventListener("change", () => { go.disabled = false; code.focus(); });
      code.addEventListener("input", () => { codeRadio.checked = true; go.disabled = false; });
      const builder = h("a", { href: `#/decks/${game}`, onclick: () => finish(null) }, "the deck builder");
      choices.replaceChildren(
        h("fieldset", {}, h("legend", {}, "Your decks"),
          mine.length ? decks.filter((d) => d.group === "mine").map((d) => row(d, decks.indexOf(d)))
            : h("p.muted", {}, "You have no saved decks for this game yet: build one in ", builder, ".")),
        h("fieldset", {}, h("legend", {}, "Built-in decks"), decks.filter((d) => d.group === "builtin").map((d) => row(d, decks.indexOf(d)))),
        h("fieldset", {}, h("legend", {}, "Or a deck code from a friend"), h("label.deck-choice", { for: "join-deck-code-pick" }, codeRadio, code)));
    })();
  });
}
