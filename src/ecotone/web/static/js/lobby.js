// The lobby: the games, creating a match, open matches to join, matches to watch, mine.
import { api, h, heldSeats, holdSeat, setActiveSeat, toast } from "./api.js";

const ART = {
  "once-upon-a-forest": ["🌳", "linear-gradient(135deg,#2f6b3a,#a7c97f)", "A forest of trees with animals on every level"],
  biomasters: ["🍄", "linear-gradient(135deg,#5b3d22,#c9a36b)", "A food web of producers, consumers and decomposers"],
  phylo: ["🦋", "linear-gradient(135deg,#1d4e89,#7fc8d9)", "Species cards linked around a map"],
  "biome-borneo": ["🦧", "linear-gradient(135deg,#1f5d3a,#d8c36a)", "Layered hex platforms of Borneo's rainforest"],
  "singapore-untamed": ["🦦", "linear-gradient(135deg,#0f5e63,#e0b45a)", "Singapore's wild places on a plus-shaped board"],
};

function art(game) {
  const [icon, bg, alt] = ART[game.id] || ["🌿", "linear-gradient(135deg,#2f6b3a,#9cc48a)", game.title];
  return h("div.game-art", { style: `background:${bg}`, role: "img", "aria-label": alt }, icon);
}

function describe(m) {
  const seats = m.seats.map((s) => (s.kind === "bot" ? `🤖 ${s.bot}` : s.joined ? `👤 ${s.name || "player"}` : "empty")).join(", ");
  return `${m.title} · ${m.players} players${m.variant ? ` · ${m.variant}` : ""} · ${seats}`;
}

export async function renderLobby(main) {
  const gamesBox = h("div.games", { role: "group", "aria-label": "Games" });
  const form = h("div.panel", { id: "create" });
  const lists = h("div.lists");
  main.append(
    h("h1", {}, "Play ecology games"),
    h("p.muted", {}, "Every species is real. Pick a game, choose who plays each seat, and start — against bots, friends at this screen, or friends online."),
    h("section.panel", { "aria-labelledby": "games-h" }, h("h2", { id: "games-h" }, "1 · Choose a game"), gamesBox),
    form, lists,
  );
  let games = [];
  try { games = (await api("/games")).games; } catch (e) { main.append(h("p.error", {}, e.message)); return; }
  let chosen = games[0];
  const buttons = games.map((g) => {
    const b = h("button.game-card.panel", { type: "button", "aria-pressed": "false", "data-game": g.id, onclick: () => choose(g) },
      art(g), h("span.title", {}, g.title), h("span.summary", {}, g.summary),
      h("span.muted", { style: "font-size:.8rem" }, `${g.min_players}–${g.max_players} players`));
    gamesBox.append(b);
    return b;
  });
  function choose(g) {
    chosen = g;
    buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === g.id)));
    renderForm(form, g);
  }
  choose(chosen);
  renderLists(lists);
}

function renderForm(form, game) {
  form.replaceChildren(h("h2", {}, `2 · Set up ${game.title}`));
  const players = h("select", { id: "players", "aria-label": "Number of players" });
  for (let n = game.min_players; n <= game.max_players; n++) players.append(h("option", { value: n }, `${n}`));
  players.value = String(Math.min(Math.max(2, game.min_players), game.max_players));
  const variant = h("select", { id: "variant", "aria-label": "Variant" }, h("option", { value: "" }, "standard"));
  for (const v of game.variants) variant.append(h("option", { value: v.name, title: v.summary }, v.name));
  const seatsBox = h("div", { id: "seats", role: "group", "aria-label": "Seats" });
  const bots = game.bots.length ? game.bots : ["random"];
  const strength = (b) => ({ random: "easy", heuristic: "medium", ismcts: "strong" }[b.split(":")[0]] || "");
  function drawSeats() {
    seatsBox.replaceChildren();
    for (let s = 0; s < Number(players.value); s++) {
      const sel = h("select", { "data-seat": s, "aria-label": `Who plays P${s + 1}` },
        h("option", { value: "you" }, "You (this browser)"),
        h("option", { value: "human" }, "Another person (online)"),
        ...bots.map((b) => h("option", { value: `bot:${b}` }, `Bot: ${b}${strength(b) ? ` (${strength(b)})` : ""}`)));
      sel.value = s === 0 ? "you" : `bot:${bots.includes("heuristic") ? "heuristic" : bots[0]}`;
      seatsBox.append(h("div.seat-row", {}, h("strong", {}, `P${s + 1}`), sel));
    }
  }
  players.addEventListener("change", drawSeats);
  drawSeats();
  const create = h("button", { id: "create-match", type: "button" }, "Create match");
  create.addEventListener("click", async () => {
    create.disabled = true;
    try {
      const choices = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
      const seats = choices.map((c) => (c.startsWith("bot:") ? { kind: "bot", bot: c.slice(4) } : { kind: "human" }));
      const mine = choices.flatMap((c, i) => (c === "you" ? [i] : []));
      const body = { game: game.id, players: Number(players.value), seats };
      if (variant.value) body.variant = variant.value;
      if (mine.length) body.join = { seat: mine[0], name: "You" };
      const res = await api("/matches", { method: "POST", body });
      const id = res.match.id;
      if (res.token !== null) holdSeat(id, res.seat, res.token);
      for (const s of mine.slice(1)) {  // hot-seat: this browser holds several seats
        const j = await api(`/matches/${id}/join`, { method: "POST", body: { seat: s, name: `Player ${s + 1}` } });
        holdSeat(id, j.seat, j.token);
      }
      if (mine.length) setActiveSeat(id, mine[0]);
      location.hash = mine.length ? `#/match/${id}` : `#/match/${id}/watch`;
    } catch (e) {
      toast(e.message, true);
      create.disabled = false;
    }
  });
  form.append(
    h("div.form-grid", {}, h("label", {}, "Players", players), h("label", {}, "Variant", variant)),
    h("p.muted", {}, "Choose “You” for several seats to play hot-seat: the screen hides each hand between turns."),
    seatsBox, h("p", {}, create),
  );
}

async function renderLists(lists) {
  const box = (title, id) => { const ul = h("ul.match-list", { id }); lists.append(h("section.panel", {}, h("h2", {}, title), ul)); return ul; };
  const open = box("Open matches to join", "open-matches");
  const active = box("Matches in progress", "active-matches");
  const mine = box("My matches", "my-matches");
  const over = box("Finished: replays", "over-matches");
  const empty = (ul, text) => { if (!ul.children.length) ul.append(h("li.muted", {}, text)); };
  const [o, a, f] = await Promise.all(["open", "active", "over"].map((s) => api(`/matches?status=${s}&limit=20`).then((r) => r.matches).catch(() => [])));
  for (const m of o) {
    open.append(h("li", {}, h("span", {}, describe(m)), h("button", {
      type: "button", "aria-label": `Join ${m.title} match ${m.id}`, onclick: async () => {
        try {
          const j = await api(`/matches/${m.id}/join`, { method: "POST", body: {} });
          holdSeat(m.id, j.seat, j.token); setActiveSeat(m.id, j.seat);
          location.hash = `#/match/${m.id}`;
        } catch (e) { toast(e.message, true); }
      },
    }, "Join")));
  }
  for (const m of a) active.append(h("li", {}, h("span", {}, `${describe(m)} · move ${m.version}`), h("a.button.secondary", { href: `#/match/${m.id}/watch` }, "Watch")));
  for (const m of [...o, ...a, ...f]) {
    if (Object.keys(heldSeats(m.id)).length) mine.append(h("li", {}, h("span", {}, `${describe(m)} · ${m.status}`), h("a.button", { href: `#/match/${m.id}` }, "Open")));
  }
  for (const m of f) over.append(h("li", {}, h("span", {}, describe(m)), h("a.button.secondary", { href: `#/match/${m.id}/watch` }, "Replay")));
  empty(open, "No open matches: create one above.");
  empty(active, "Nothing being played right now.");
  empty(mine, "You have no matches in this tab yet.");
  empty(over, "No finished matches yet.");
}
