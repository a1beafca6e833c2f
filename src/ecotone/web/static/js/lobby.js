// The lobby: the games, creating a match (seats, variant, options, clock), open matches
// to join, matches to watch, this browser's matches (from localStorage, so every tab and
// the next visit see them), finished matches to replay.
import { accountPanel, accountToken, ratingText, signedIn, signedOutBy } from "./account.js";
import { joinWithDeck, seatToTake } from "./joindeck.js";
import { deckChooser } from "./lobbydecks.js";
import { MINE_KEY, adoptTabSeats, api, botTitle, counted, forgetMatch, games as hostedGames, h, holdSeat, myMatches, playerName, resumeMatch, seatName, seatTitle, setActiveSeat, setPlayerName, toast } from "./api.js";
/** @import { CreateMatch, GameInfo, GameOption, Joined, MatchInfo, MatchStatus, SeatStatus, Variant } from "./types.js" */

/** A game's lobby picture, as the game presents itself: its emoji on its two colours,
 * described by its own summary (the page keeps no table of games).
 * @param {{title: string, summary: string, presentation: {picture: string, colours: string[]}}} game */
function art(game) {
  const { picture, colours } = game.presentation;
  const [from, to] = colours.length >= 2 ? colours : ["#3b5b4a", "#a9c2a0"];
  return h("div.game-art", { style: `background:linear-gradient(135deg,${from},${to})`, role: "img", "aria-label": game.summary || game.title }, picture);
}

const CLOCKS = [
  ["", "No limit"], ["30", "30 seconds"], ["60", "1 minute"], ["120", "2 minutes"], ["300", "5 minutes"],
  ["900", "15 minutes"], ["3600", "1 hour"], ["86400", "1 day (correspondence)"], ["259200", "3 days"],
];

/** "1 minute per move": a clock in words. @param {number} seconds */
export function clockText(seconds) {
  const known = CLOCKS.find(([v]) => v && Number(v) === seconds);
  if (known) return `${known[1].replace(/ \(.*\)$/, "")} per move`;
  /** @type {Array<[number, string]>} */
  const units = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];
  const [size, unit] = units.find(([n]) => seconds >= n) || [1, "second"];
  const n = Math.round((seconds / size) * 10) / 10;
  return `${n} ${unit}${n === 1 ? "" : "s"} per move`;
}

/** "2–4 players", "2 or 4 players": every count the game or one of its variants allows.
 * @param {GameInfo} game */
function playerCounts(game) {
  /** @type {Set<number>} */
  const counts = new Set();
  for (const [low, high] of [[game.min_players, game.max_players], ...game.variants.map((v) => [v.min_players, v.max_players])]) {
    for (let n = low; n <= high; n++) counts.add(n);
  }
  const sorted = [...counts].sort((a, b) => a - b);
  /** @type {Array<[number, number]>} */
  const runs = [];
  for (const n of sorted) {
    const run = runs[runs.length - 1];
    if (run && n === run[1] + 1) run[1] = n; else runs.push([n, n]);
  }
  const parts = runs.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}` : parts[0];
  return `${text} player${sorted.length === 1 && sorted[0] === 1 ? "" : "s"}`;
}

/** A match in a lobby row: the game (and variant), who plays, how many seats are open and
 * the time per move; `more`: what else the row says ("move 12", "your turn"...).
 * @param {MatchInfo} m @param {...string} more */
function describe(m, ...more) {
  const open = m.seats.filter((s) => s.kind === "human" && !s.joined).length;
  const seated = m.seats.filter((s) => s.kind === "bot" || s.joined);
  // seats whose person brings a deck (the match is dealt once they all have)
  const bring = m.seats.filter((s) => s.brings_deck && !s.joined).map((s) => seatName(s.seat));
  // each seat's score where the game shows it: as it stands, or the final one
  const points = m.scores || m.standing || null;
  const facts = [
    counted(m.players, "player"),
    open ? counted(open, "open seat") : null,
    bring.length ? `${bring.join(" and ")}: bring your own deck` : null,
    m.move_seconds ? `⏱ ${clockText(m.move_seconds)}` : "no time limit",
    ...more,
  ].filter(Boolean);
  return h("span.match-summary", {},
    h("strong.match-game", {}, m.title, m.variant ? h("span.muted", {}, ` · ${m.variant}`) : null),
    h("span.match-players", {}, seated.length ? seated.map((s) => `${s.kind === "bot" ? "🤖" : "👤"} ${seatTitle(s, s.seat)}${s.rating === null || s.rating === undefined ? "" : ` (${ratingText(s.rating)})`}${points ? ` · ${counted(points[s.seat], "pt")}` : ""}`).join(", ") : "nobody has sat down yet"),
    h("span.match-facts.muted", {}, facts.join(" · ")));
}

/** The name box at the top of the lobby: the name this browser plays under, asked before
 * creating or joining a match and remembered (localStorage) for the next time; signed in,
 * the account's name (a seat takes it), with the account panel (account.js) below. */
function nameBox() {
  const input = h("input", { id: "player-name", maxlength: 32, autocomplete: "nickname", placeholder: "e.g. Ana", "aria-describedby": "player-name-hint" });
  const hint = h("span.muted", { id: "player-name-hint" });
  const drawName = () => {
    const me = signedIn();
    input.value = me ? me.name : playerName();
    input.readOnly = Boolean(me);
    hint.textContent = me ? " Your account's name: you sit down under it." : " The other players see it at the table. This browser remembers it.";
  };
  input.addEventListener("change", () => { if (!signedIn()) setPlayerName(input.value); });
  input.addEventListener("input", () => { if (!signedIn()) setPlayerName(input.value); input.removeAttribute("aria-invalid"); });
  drawName();
  return h("section.panel.name-box", { "aria-labelledby": "player-name-label" },
    h("label", { id: "player-name-label", for: "player-name" }, h("strong", {}, "Your name"), input), hint,
    accountPanel(drawName));
}

/** The name to sit down with, or null (and the name box asks for it) when there is none. */
export function askedName() {
  const me = signedIn();
  if (me) return me.name;
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById("player-name"));
  const name = (input ? input.value : playerName()).trim();
  if (name) { setPlayerName(name); return name; }
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
    input.scrollIntoView({ block: "center" });
  }
  toast("Say your name first: the other players see it at the table.", true);
  return null;
}

/** The lobby page. @param {HTMLElement} main */
export async function renderLobby(main) {
  const gamesBox = h("div.games", { role: "group", "aria-label": "Games" });
  const form = h("div.panel", { id: "create" });
  const lists = h("div.lists");
  main.append(
    h("h1", {}, "Play ecology games"),
    h("p.muted", {}, "Every species is real. Pick a game, choose who plays each seat, and start — against bots, friends at this screen, or friends online."),
    nameBox(),
    h("section.panel", { "aria-labelledby": "games-h" }, h("h2", { id: "games-h" }, "1 · Choose a game"), gamesBox),
    form, lists,
  );
  /** @type {GameInfo[]} */
  let games = [];
  try { games = await hostedGames(); } catch (/** @type {any} */ e) { main.append(h("p.error", {}, e.message)); return; }
  const asked = new URLSearchParams(location.hash.split("?")[1] || "").get("game");
  let chosen = games.find((g) => g.id === asked) || games[0];
  const buttons = games.map((g) => {
    const b = h("button.game-card.panel", { type: "button", "aria-pressed": "false", "data-game": g.id, onclick: () => choose(g) },
      art(g), h("span.title", {}, g.title), h("span.summary", {}, g.summary),
      h("span.muted", { style: "font-size:.8rem" }, playerCounts(g)));
    gamesBox.append(b);
    return b;
  });
  /** @param {GameInfo} g */
  function choose(g) {
    chosen = g;
    buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === g.id)));
    renderForm(form, g);
  }
  choose(chosen);
  renderLists(lists);
}

/** A description as a sentence: its first letter a capital, a full stop at its end
 * ("the board formation: classic, or …" reads "The board formation: classic, or ….").
 * @param {string} text */
export function sentence(text) {
  const said = String(text || "").trim();
  if (!said) return "";
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? "" : "."}`;
}

/** A game's own description of an option or variant, in the words a player reads here:
 * without references to files of the project ("(RULINGS.md)") or to deck files, which a
 * server never reads for a browser (only the ready-made decks are offered), and, for a
 * yes/no option shown as a box, "ticked" and "unticked" for its raw values; an option's
 * raw values quoted in it ("'any-time' … or 'own-turn'") are said as the list offers them,
 * by their `choice_labels` (“At any time…”).
 * @param {string} text @param {boolean} box whether the option is a check box
 * @param {GameOption} [option] the option described, whose values' labels to use */
export function playerWords(text, box = false, option) {
  let out = String(text || "")
    .replace(/\s*\([^()]*(?:\.md|\.toml|RULINGS)[^()]*\)/g, "")
    .replace(/,?\s*or (?:the path of )?a deck file(?: ending in \.toml)?/g, "")
    .replace(/\s*\.toml\b/g, "");
  if (box) out = out.replace(/\bfalse\b/g, "unticked").replace(/\btrue\b/g, "ticked");
  (option?.choices || []).forEach((value, i) => {
    const label = option?.choice_labels?.[i];
    if (!label || typeof value !== "string") return;
    const quoted = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`(['"‘“\`])${quoted}(['"’”\`])`, "g"), `“${label}”`);
  });
  return out.replace(/\s{2,}/g, " ").trim();
}

// One input per game option, chosen by what the option holds: a yes/no box, a list of
// its allowed values, a number or a text. `read()` gives the value, `changed()` whether
// it differs from the game's default (only those are sent: the server fills the rest).
// The words are the game's own: the option's `label` and each value's `choice_labels`.
/** @param {GameOption} o
 * @returns {{row: HTMLElement, read: () => unknown, changed: () => boolean, setDefault: (value: unknown) => void}} */
function optionInput(o) {
  const id = `option-${o.name}`;
  // every option is explained in a sentence: the game's own summary
  const hint = h("span.option-hint.muted", { id: `${id}-hint` }, sentence(playerWords(o.summary, typeof o.default === "boolean", o)) || `${o.label || o.name}.`);
  const described = { id, "data-option": o.name, "aria-describedby": `${id}-hint` };
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  /** @type {() => unknown} */
  let read;
  if (typeof o.default === "boolean") {
    input = h("input", { ...described, type: "checkbox", checked: o.default });
    read = () => /** @type {HTMLInputElement} */ (input).checked;
  } else if (o.choices.length) {
    input = h("select", described, o.choices.map((c, i) => h("option", { value: String(i) }, `${o.choice_labels?.[i] ?? String(c)}${c === o.default ? " (standard)" : ""}`)));
    input.value = String(Math.max(0, o.choices.indexOf(o.default)));
    read = () => o.choices[Number(input.value)];
  } else if (typeof o.default === "number") {
    input = h("input", { ...described, type: "number", step: Number.isInteger(o.default) ? 1 : "any", value: o.default });
    read = () => (input.value === "" ? o.default : Number(input.value));
  } else {
    // An option that could name a file (a deck file) takes only its ready-made values on
    // a server: they are offered as suggestions; the server refuses anything else.
    const ready = o.ready?.length ? { list: `${id}-ready` } : {};
    input = h("input", { ...described, ...ready, type: "text", maxlength: 500, value: o.default ?? "", placeholder: o.default === "" ? "(none)" : "" });
    read = () => input.value.trim();
  }
  const label = h("label.option", { for: id }, h("strong", {}, o.label || o.name), input);
  const suggestions = o.ready?.length ? h("datalist", { id: `${id}-ready` }, o.ready.map((r) => h("option", { value: r }))) : null;
  // A variant may set the option's default its own way (BioMasters' free-for-all deals
  // its own decks): the input then shows that value, and only a departure from it is sent.
  let standard = o.default;
  /** @param {any} value the default in the variant now chosen */
  function setDefault(value) {
    if (read() === standard) {
      if (typeof value === "boolean") /** @type {HTMLInputElement} */ (input).checked = value;
      else if (o.choices.length) input.value = String(Math.max(0, o.choices.indexOf(value)));
      else input.value = value ?? "";
    }
    standard = value;
  }
  return { row: h("div.option-row", {}, label, hint, suggestions), read, changed: () => read() !== standard, setDefault };
}

/** The default of option `o` in `variant` (a game's variant record, or null for the standard game).
 * @param {GameOption} o @param {Variant | null} variant @returns {unknown} */
function variantDefault(o, variant) {
  return variant && Object.prototype.hasOwnProperty.call(variant.defaults || {}, o.name) ? variant.defaults[o.name] : o.default;
}

/** The form that creates a match of `game`. @param {HTMLElement} form @param {GameInfo} game */
function renderForm(form, game) {
  form.replaceChildren(h("h2", {}, `2 · Set up ${game.title}`));
  const players = h("select", { id: "players", "aria-label": "Number of players" });
  const variant = h("select", { id: "variant", "aria-label": "Variant", "aria-describedby": "variant-hint" }, h("option", { value: "" }, "standard"));
  for (const v of game.variants) variant.append(h("option", { value: v.name, title: playerWords(v.summary) }, `${v.name} (${v.min_players === v.max_players ? counted(v.min_players, "player") : `${v.min_players}–${v.max_players} players`})`));
  const variantHint = h("span.muted", { id: "variant-hint" });
  // The player counts follow the variant: BioMasters' 2v2 is for four, Forest's solo for one.
  function drawPlayers() {
    const v = game.variants.find((x) => x.name === variant.value);
    const [low, high] = v ? [v.min_players, v.max_players] : [game.min_players, game.max_players];
    const before = Number(players.value) || Math.max(2, low);
    players.replaceChildren();
    for (let n = low; n <= high; n++) players.append(h("option", { value: n }, `${n}`));
    players.value = String(Math.min(Math.max(before, low), high));
    variantHint.textContent = v ? sentence(playerWords(v.summary)) : "The game as its rulebook sets it out.";
  }
  const clock = h("select", { id: "clock", "aria-describedby": "clock-hint" }, CLOCKS.map(([v, text]) => h("option", { value: v }, text)));
  const clockHint = h("span.muted", { id: "clock-hint" }, "When a person has not decided in time, a bot plays for them until they are back.");
  // Deck options are the deck chooser's (lobbydecks.js), drawn below once it has the
  // game's decks; the others get an input each.
  const options = game.options.filter((o) => !o.files).map(optionInput);
  const plainOptions = game.options.filter((o) => !o.files);
  const fileOptions = game.options.filter((o) => o.files);
  const fileInputs = fileOptions.map(optionInput);  // for a game that names decks but builds none
  const deckBox = h("div", { id: "deck-choice" });
  /** @type {Awaited<ReturnType<typeof deckChooser>>} */
  let decks = null;
  const chosenVariant = () => game.variants.find((x) => x.name === variant.value) || null;
  /** @param {number} s */
  const seatKind = (s) => /** @type {HTMLSelectElement | null} */ (seatsBox.querySelector(`select[data-seat="${s}"]`))?.value || "human";
  deckChooser(game, () => Number(players.value), chosenVariant, seatKind).then((chooser) => {
    decks = chooser;
    deckBox.replaceChildren(...(chooser ? [chooser.el] : fileInputs.map((o) => o.row)));
  });
  const seatsBox = h("div", { id: "seats", role: "group", "aria-label": "Seats" });
  const bots = game.bots.length ? game.bots : ["random"];
  /** @param {string} b @returns {string} */
  const strength = (b) => (/** @type {Record<string, string>} */ ({ random: "easy", heuristic: "medium", ismcts: "strong" }))[b.split(":")[0]] || "";
  // Trained policies play only the player count and variant they were trained for.
  const fittingPolicies = () => (game.policies || []).filter((p) => p.players === Number(players.value) && (p.variant || "") === variant.value);
  // Hot-seat: every seat after the first that this browser plays gets its own name.
  function drawSeats() {
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const named = Object.fromEntries([...seatsBox.querySelectorAll("input[data-seat-name]")].map((i) => [/** @type {HTMLInputElement} */ (i).dataset.seatName, /** @type {HTMLInputElement} */ (i).value]));
    seatsBox.replaceChildren();
    for (let s = 0; s < Number(players.value); s++) {
      const sel = h("select", { "data-seat": s, "aria-label": `Who plays P${s + 1}` },
        h("option", { value: "you" }, "You (this browser)"),
        h("option", { value: "human" }, "Another person (online)"),
        ...bots.map((b) => h("option", { value: `bot:${b}` }, `${botTitle(b)}${strength(b) ? ` (${strength(b)})` : ""}`)),
        ...fittingPolicies().map((p) => h("option", { value: `bot:${p.bot}`, title: p.summary }, p.title)));
      const fallback = s === 0 ? "you" : `bot:${bots.includes("heuristic") ? "heuristic" : bots[0]}`;
      // a policy chosen before may not play the new player count or variant
      sel.value = [...sel.options].some((o) => o.value === before[s]) ? before[s] : fallback;
      const name = h("input", { "data-seat-name": s, maxlength: 32, value: named[s] ?? `Player ${s + 1}`, "aria-label": `Name of the player at P${s + 1}` });
      const row = h("div.seat-row", {}, h("strong", {}, `P${s + 1}`), sel, name);
      seatsBox.append(row);
    }
    showNames();
  }
  // The first seat "you" play takes your name; each further one (hot-seat) asks for its own.
  function showNames() {
    let first = true;
    for (const sel of seatsBox.querySelectorAll("select")) {
      const input = /** @type {HTMLInputElement} */ (seatsBox.querySelector(`input[data-seat-name="${sel.dataset.seat}"]`));
      const mine = sel.value === "you";
      input.hidden = !mine || first;
      if (mine) first = false;
    }
  }
  seatsBox.addEventListener("change", (ev) => { if (/** @type {Element} */ (ev.target).matches("select")) { showNames(); decks?.redraw(); } });
  players.addEventListener("change", () => { drawSeats(); decks?.redraw(); });
  variant.addEventListener("change", () => {
    drawPlayers(); drawSeats();
    plainOptions.forEach((o, i) => options[i].setDefault(variantDefault(o, chosenVariant())));
    fileOptions.forEach((o, i) => fileInputs[i].setDefault(variantDefault(o, chosenVariant())));
    decks?.redraw();
  });
  drawPlayers();
  drawSeats();
  const problem = h("p.error", { id: "create-error", role: "alert", hidden: true });
  const create = h("button", { id: "create-match", type: "button" }, "Create match");
  create.addEventListener("click", async () => {
    create.disabled = true;
    problem.hidden = true;
    try {
      const choices = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
      /** @type {CreateMatch["seats"]} */
      const seats = choices.map((c) => (c.startsWith("bot:") ? { kind: "bot", bot: c.slice(4) } : { kind: "human" }));
      const mine = choices.flatMap((c, i) => (c === "you" ? [i] : []));
      const name = mine.length ? askedName() : "";
      if (name === null) { create.disabled = false; return; }
      /** @param {number} s */
      const nameOf = (s) => /** @type {HTMLInputElement | null} */ (seatsBox.querySelector(`input[data-seat-name="${s}"]`))?.value.trim() || `Player ${s + 1}`;
      /** @type {CreateMatch} */
      const body = { game: game.id, players: Number(players.value), seats };
      if (variant.value) body.variant = variant.value;
      const chosen = plainOptions.flatMap((o, i) => (options[i].changed() ? [[o.name, options[i].read()]] : []));
      if (chosen.length) body.options = Object.fromEntries(chosen);
      if (decks) await decks.apply(body);
      else {
        const named = fileOptions.flatMap((o, i) => (fileInputs[i].changed() ? [[o.name, fileInputs[i].read()]] : []));
        if (named.length) body.options = { ...(body.options || {}), ...Object.fromEntries(named) };
      }
      if (clock.value) body.move_seconds = Number(clock.value);
      if (mine.length) body.join = { seat: mine[0], name };
      // signed in, the account sits down at the first seat this browser plays (and only
      // there: one account at several seats of a match would not be rated)
      const res = await api("/matches", { method: "POST", body, token: mine.length ? accountToken() : undefined });
      const id = res.match.id;
      const meta = { game: game.id, title: game.title };
      if (res.token !== null) holdSeat(id, res.seat, res.token, meta);
      for (const s of mine.slice(1)) {  // hot-seat: this browser holds several seats
        const j = await api(`/matches/${id}/join`, { method: "POST", body: { seat: s, name: nameOf(s) } });
        holdSeat(id, j.seat, j.token, meta);
      }
      if (mine.length) setActiveSeat(id, mine[0]);
      location.hash = mine.length ? `#/match/${id}` : `#/match/${id}/watch`;
    } catch (/** @type {any} */ e) {
      if (signedOutBy(e)) { create.disabled = false; return; }
      // The server's own words, with its code: "Phylo has no deck 'x'…" (config/bad-option).
      problem.replaceChildren(h("strong", {}, "The match was not created: "), e.message);
      problem.dataset.code = e.code;  // the server's stable code, for scripts and bug reports
      problem.title = e.code;
      problem.hidden = false;
      create.disabled = false;
    }
  });
  form.append(
    h("div.form-grid", {},
      h("label", {}, "Players", players),
      h("label", {}, "Variant", variant), variantHint),
    h("div.form-grid", {}, h("label", { for: "clock" }, "Time per move", clock), clockHint),
    options.length ? h("fieldset.options", {}, h("legend", {}, "Options"), options.map((o) => o.row)) : "",
    deckBox,
    h("p.muted", {}, "Choose “You” for several seats to play hot-seat: each further seat gets its own name, and the screen hides each hand between turns."),
    seatsBox, h("p", {}, create), problem,
  );
}

// The lobby is live: it asks the server for the three lists again and again, redrawing
// only what changed. Soon after a change it asks every 2 seconds; each quiet answer makes
// it wait half as long again, up to 15 seconds; a failure doubles the wait, up to 30
// seconds, and says so; a hidden tab does not ask at all, and asks at once when shown.
// Why a poll and not a socket: docs/web.md, "The live lobby".
const POLL_FIRST_MS = 2000;
const POLL_QUIET_MS = 15000;
const POLL_FAILING_MS = 30000;
/** Each list: the matches' status, its heading, its element's id, what it says when empty.
 * @type {Array<[MatchStatus, string, string, string]>} */
const LISTS = [
  ["open", "Open matches to join", "open-matches", "No open matches: create one above."],
  ["active", "Matches in progress", "active-matches", "Nothing being played right now."],
  ["over", "Finished: replays", "over-matches", "No finished matches yet."],
];

/** @param {MatchInfo} m */
function joinButton(m) {
  return h("button", {
    type: "button", "aria-label": `Join ${m.title} match ${m.id}`, onclick: async () => {
      const name = askedName();
      if (name === null) return;
      // a seat whose person brings the deck: choose it first (joindeck.js), and take that seat
      const target = seatToTake(m);
      const bring = Boolean(target?.brings_deck);
      /** @param {Parameters<Parameters<typeof joinWithDeck>[2]>[0]} [deck] @returns {Promise<Joined>} */
      const join = (deck) => api(`/matches/${m.id}/join`, {
        method: "POST", body: bring ? { name, seat: /** @type {SeatStatus} */ (target).seat, deck } : { name }, token: accountToken(),
      }).catch((e) => { signedOutBy(e); throw e; });  // a key that no longer works is forgotten
      try {
        const j = bring ? await joinWithDeck(m, /** @type {SeatStatus} */ (target).seat, join) : await join();
        if (!j) return;  // the player gave up choosing a deck
        holdSeat(m.id, j.seat, j.token, { game: m.game, title: m.title }); setActiveSeat(m.id, j.seat);
        location.hash = `#/match/${m.id}`;
      } catch (/** @type {any} */ e) { if (e.code !== "auth/bad-account") toast(e.message, true); }
    },
  }, "Join");
}

/** What a row of each list shows of a match. @type {Record<MatchStatus, (m: MatchInfo) => HTMLElement[]>} */
const ROWS = {
  open: (m) => [describe(m), joinButton(m)],
  active: (m) => [describe(m, `turn ${m.turn ?? m.version}`), h("a.button.secondary", { href: `#/match/${m.id}/watch`, "aria-label": `Watch ${m.title} match ${m.id}` }, "Watch")],
  over: (m) => [describe(m, winnersText(m)), h("a.button.secondary", { href: `#/match/${m.id}/watch`, "aria-label": `Replay ${m.title} match ${m.id}` }, "Replay")],
};

/** @param {MatchInfo} m */
function winnersText(m) {
  const won = (m.winners || []).map((w) => seatTitle(m.seats[w], w));
  const resigned = typeof m.resigned === "number" && Number.isInteger(m.resigned) ? `${seatTitle(m.seats[m.resigned], m.resigned)} resigned` : null;
  return [won.length ? `won by ${won.join(" and ")}` : "nobody won", resigned].filter(Boolean).join(", ");
}

// What of a match a row shows: when this changes, the row is drawn again.
/** @param {MatchInfo} m */
const rowKey = (m) => JSON.stringify([m.status, m.version, m.dealt, m.seats.map((s) => [s.name, s.joined, s.kind, s.rating, s.brings_deck]), m.winners]);

/** Draw `matches` into `ul`, keeping the rows that did not change (and the focus in them);
 * rows new since the last drawing are marked for a moment. Returns whether it changed.
 * @param {HTMLElement} ul @param {MatchStatus} kind @param {MatchInfo[]} matches @param {string} empty
 * @param {boolean} first the lobby's first drawing @returns {boolean} */
function drawList(ul, kind, matches, empty, first) {
  /** @type {Map<string | undefined, HTMLElement>} */
  const old = new Map([...ul.querySelectorAll(":scope > li[data-match]")].map((li) => [/** @type {HTMLElement} */ (li).dataset.match, /** @type {HTMLElement} */ (li)]));
  const rows = matches.map((m) => {
    const kept = old.get(m.id);
    if (kept && kept.dataset.key === rowKey(m)) return kept;
    const li = h("li", { "data-match": m.id, "data-key": rowKey(m) }, ROWS[kind](m));
    if (!kept && !first) li.classList.add("new");
    return li;
  });
  const focused = document.activeElement;
  const same = rows.length ? rows.length === ul.children.length && rows.every((r, i) => ul.children[i] === r)
    : ul.children.length === 1 && !/** @type {HTMLElement} */ (ul.firstElementChild).dataset.match;
  if (!same) {
    ul.replaceChildren(...(rows.length ? rows : [h("li.muted", {}, empty)]));
    if (focused && !focused.isConnected) /** @type {HTMLElement | null} */ (ul.querySelector("button, a"))?.focus();
  }
  return !same;
}

/** The live lists of matches, polled (see above). @param {HTMLElement} lists */
async function renderLists(lists) {
  /** @param {string} title @param {string} id */
  const box = (title, id) => { const ul = h("ul.match-list", { id, "aria-live": "polite" }); lists.append(h("section.panel", {}, h("h2", {}, title), ul)); return ul; };
  /** @type {Record<string, HTMLUListElement>} */
  const uls = {};
  for (const [kind, title, id] of LISTS.slice(0, 2)) uls[kind] = box(title, id);
  const mine = box("My matches", "my-matches");
  uls.over = box(LISTS[2][1], LISTS[2][2]);
  const status = h("p.muted.lobby-status", { id: "lobby-status", role: "status" });
  lists.append(status);
  renderMine(mine);
  /** @type {number | null} */
  let timer = null;
  let wait = POLL_FIRST_MS; let first = true; let asking = false;
  const poll = async () => {
    timer = null;
    if (!mine.isConnected) { document.removeEventListener("visibilitychange", onShow); return; }  // the lobby was left
    if (document.hidden || asking) return;  // asked again when the tab is shown, or by the poll under way
    asking = true;
    try {
      const answers = await Promise.all(LISTS.map(([kind]) => api(`/matches?status=${kind}&limit=20`).then((r) => r.matches)));
      if (!mine.isConnected) return;
      let changed = false;
      LISTS.forEach(([kind, , , empty], i) => { changed = drawList(uls[kind], kind, answers[i], empty, first) || changed; });
      if (changed && !first) renderMine(mine);
      first = false;
      wait = changed ? POLL_FIRST_MS : Math.min(POLL_QUIET_MS, wait * 1.5);
      status.textContent = "";
      status.classList.remove("error");
    } catch (/** @type {any} */ e) {
      wait = Math.min(POLL_FAILING_MS, Math.max(POLL_FIRST_MS, wait * 2));
      status.textContent = `Cannot reach the server (${e.message}): trying again in ${Math.round(wait / 1000)} s.`;
      status.classList.add("error");
    }
    asking = false;
    if (mine.isConnected) timer = setTimeout(poll, wait);
  };
  const onShow = () => {
    if (document.hidden || !mine.isConnected) return;
    wait = POLL_FIRST_MS;
    if (timer) clearTimeout(timer);
    poll();
  };
  document.addEventListener("visibilitychange", onShow);
  await poll();
}

/** @type {Record<string, string>} */
const STATUS = { open: "waiting for players", active: "in progress", over: "finished" };
let mineDrawn = 0;

// This browser's matches, whichever tab made them: each with its seats, whether it is
// this browser's turn, a button to resume it here, and "Forget" once it is finished (or
// gone from the server).
/** @param {HTMLElement} ul */
async function renderMine(ul) {
  const drawing = ++mineDrawn;
  adoptTabSeats();
  const entries = myMatches();
  /** @type {Array<MatchInfo & {error?: undefined} | {error: import("./types.js").ApiError}>} */
  const infos = await Promise.all(entries.map((e) => api(`/matches/${encodeURIComponent(e.id)}`).catch((err) => ({ error: err }))));
  if (drawing !== mineDrawn) return;  // a newer drawing (another tab changed the list) won
  ul.replaceChildren();
  entries.forEach((e, i) => {
    const m = infos[i];
    const held = Object.keys(e.seats).map(Number).sort((a, b) => a - b);
    const forget = h("button.secondary", {
      type: "button", "aria-label": `Forget match ${e.id}`,
      onclick: () => { forgetMatch(e.id); renderMine(ul); },
    }, "Forget");
    if (m.error) {
      const gone = m.error.code === "match/not-found";
      ul.append(h("li", { "data-match": e.id }, h("span", {}, `${e.title || e.game || "A match"} · match ${e.id} · ${gone ? "no longer on this server" : `not reachable now (${m.error.message})`}`), gone ? forget : null));
      return;
    }
    const yourTurn = m.status === "active" && m.to_move.some((s) => held.includes(s));
    const open = h("button", {
      type: "button", "aria-label": `${m.status === "over" ? "Replay" : "Resume"} ${m.title} match ${m.id}`,
      onclick: () => { resumeMatch(e.id); location.hash = `#/match/${e.id}`; },
    }, m.status === "over" ? "Open" : "Resume");
    ul.append(h("li", { "data-match": e.id },
      h("span", {}, describe(m, m.dealt === false ? "waiting for decks" : STATUS[m.status] || m.status, `you: ${held.map(seatName).join(", ")}`), yourTurn ? h("strong.your-turn", {}, "your turn") : null),
      h("span.list-buttons", {}, open, m.status === "over" ? forget : null)));
  });
  if (!ul.children.length) ul.append(h("li.muted", {}, "No matches in this browser yet: create or join one above."));
}

// Another tab created, joined or forgot a match: redraw this tab's list.
window.addEventListener("storage", (ev) => {
  const ul = document.getElementById("my-matches");
  if (ul && (ev.key === MINE_KEY || ev.key === null)) renderMine(ul);
});
