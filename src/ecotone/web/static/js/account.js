// Accounts (optional), ratings and players' profiles (docs/protocol.md, "Accounts,
// profiles and ratings"). Nobody needs an account: a seat token plays a seat as before.
// Signed in (a name and a password, or a guest), this browser keeps the account's token
// in localStorage (`ecotone.account`, never in a URL) and sends it when creating or
// joining a match, so the seat takes the account's name and the match goes into its
// history and its rating at that game. `#/player/<name>` is a player's profile.
import { api, games, h, playerName, seatName, setPlayerName, toast } from "./api.js";
/** @import { Account, Profile, SeatStatus, SignedIn } from "./types.js" */

const ACCOUNT = "ecotone.account";

/** The account this browser is signed in as: {name, guest, token}, or null.
 * @returns {{name: string, guest: boolean, token: string} | null} */
export function signedIn() {
  try {
    const a = JSON.parse(localStorage.getItem(ACCOUNT) || "null");
    return a && typeof a.token === "string" && typeof a.name === "string" ? a : null;
  } catch { return null; }
}

/** @param {Account} account @param {string} token */
function remember(account, token) {
  try { localStorage.setItem(ACCOUNT, JSON.stringify({ name: account.name, guest: account.guest, token })); } catch { /* storage off: signed in for this page only */ }
  setPlayerName(account.name);
}

function forget() { try { localStorage.removeItem(ACCOUNT); } catch { /* nothing kept */ } }

/** The account token to send when sitting down, or undefined when signed out.
 * @returns {string | undefined} */
export function accountToken() { return signedIn()?.token; }

/** The server refused the account token (`auth/bad-account`: signed out elsewhere, or the
 * server was reset): forget it and say so. Returns whether that was the refusal.
 * @param {{code?: string} | null | undefined} error what `api()` threw @returns {boolean} */
export function signedOutBy(error) {
  if (error?.code !== "auth/bad-account") return false;
  forget();
  toast("This browser's account key no longer signs you in: sign in again, or play without an account.", true);
  document.dispatchEvent(new CustomEvent("ecotone-account"));
  return true;
}

/** A rating as players read it (the server's conservative estimate, mu − 3 sigma).
 * @param {number} rating */
export function ratingText(rating) { return `rating ${Number(rating).toFixed(1)}`; }

/** Where a player's profile is. @param {string} name */
export function profileHref(name) { return `#/player/${encodeURIComponent(name)}`; }

/** A seat's rating, when it has one (a person signed in, or a rated bot): for account
 * seats a link to the profile. `null` otherwise.
 * @param {SeatStatus | null | undefined} status @returns {HTMLElement | null} */
export function seatRating(status) {
  if (!status || status.rating === null || status.rating === undefined) return null;
  const text = ratingText(status.rating);
  return status.account ? h("a.rating", { href: profileHref(status.account), title: `${status.account}'s profile` }, text) : h("span.rating", {}, text);
}

// -- the lobby's account panel -------------------------------------------------------------

/** The account panel of the lobby: who this browser plays as, and the ways in and out.
 * `changed()` runs after signing in or out (the lobby redraws its name box).
 * @param {() => void} changed @returns {HTMLElement} */
export function accountPanel(changed) {
  const box = h("div.account", { id: "account" });
  const draw = () => {
    const me = signedIn();
    box.replaceChildren();
    if (me) {
      box.append(h("p", { id: "signed-in" }, "Signed in as ", h("a", { href: profileHref(me.name), id: "my-profile" }, me.name),
        me.guest ? h("span.muted", {}, " (guest: this browser is its only key)") : null, " · ",
        h("button.secondary", { type: "button", id: "sign-out", onclick: signOut }, "Sign out")));
      return;
    }
    box.append(h("p.muted", {}, "An account keeps your name, a rating per game and your matches with their replays. Optional: without one you still play."),
      h("div.account-ways", { role: "group", "aria-label": "Account" },
        h("button.secondary", { type: "button", id: "show-sign-in", onclick: () => form("in") }, "Sign in"),
        h("button.secondary", { type: "button", id: "show-sign-up", onclick: () => form("up") }, "Create an account"),
        h("button.secondary", { type: "button", id: "show-guest", onclick: () => form("guest") }, "Play as a guest")));
  };
  /** @param {SignedIn} res */
  const done = (res) => {
    const before = playerName() || "guest";  // whose decks this browser kept until now
    remember(res.account, res.token); draw(); changed(); toast(`Signed in as ${res.account.name}.`);
    // the decks kept here are offered to the account (deckstore.js)
    document.dispatchEvent(new CustomEvent("ecotone-signed-in", { detail: { before, account: res.account.name } }));
  };
  const signOut = async () => {
    const token = accountToken();
    forget();
    draw(); changed();
    try { await api("/accounts/logout", { method: "POST", token }); } catch { /* forgotten here either way */ }
    toast("Signed out.");
  };
  // One small form for each way in: a name and a password, or a guest's name (or none).
  /** @param {"in" | "up" | "guest"} kind */
  const form = (kind) => {
    draw();
    const guest = kind === "guest";
    const name = h("input", { id: "account-name", maxlength: 32, autocomplete: "username", required: !guest, placeholder: guest ? "(a name is made up)" : "" });
    const password = guest ? null : h("input", { id: "account-password", type: "password", minlength: 8, maxlength: 256, autocomplete: kind === "up" ? "new-password" : "current-password", required: true });
    const problem = h("p.error", { id: "account-error", role: "alert", hidden: true });
    /** @param {SubmitEvent} ev */
    const submit = async (ev) => {
      ev.preventDefault();
      problem.hidden = true;
      try {
        if (guest) done(await api("/accounts/guest", { method: "POST", body: name.value.trim() ? { name: name.value.trim() } : {} }));
        else done(await api(kind === "up" ? "/accounts" : "/accounts/login", { method: "POST", body: { name: name.value.trim(), password: /** @type {HTMLInputElement} */ (password).value } }));
      } catch (/** @type {any} */ e) {
        problem.textContent = e.message;  // the server's words: "no account has this name and password"
        problem.dataset.code = e.code;
        problem.hidden = false;
      }
    };
    const title = { in: "Sign in", up: "Create an account", guest: "Play as a guest" }[kind];
    box.append(h("form.account-form", { id: "account-form", "data-kind": kind, onsubmit: submit },
      h("label", {}, "Name", name),
      password ? h("label", {}, "Password", password) : null,
      h("button", { type: "submit", id: "account-submit" }, title),
      h("button.secondary", { type: "button", onclick: draw }, "Cancel"),
      h("p.muted", {}, kind === "up" ? "Names: 3 to 32 letters, digits, spaces, _ or -. Passwords: at least 8 characters; the server keeps only a hash of it."
        : guest ? "A guest has no password: this browser keeps its key, and signing out loses it." : ""),
      problem));
    name.focus();
  };
  const refused = () => {  // signedOutBy: the key no longer works
    if (!box.isConnected) { document.removeEventListener("ecotone-account", refused); return; }
    draw(); changed();
  };
  document.addEventListener("ecotone-account", refused);
  draw();
  return box;
}

// -- profiles ------------------------------------------------------------------------------

const PLACES = ["1st", "2nd", "3rd"];
/** @param {number} p */
const placeText = (p) => PLACES[p] || `${p + 1}th`;
/** @param {number} t the server's Unix time */
const when = (t) => new Date(t * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A player's profile (`#/player/<name>`): the account, its rating at each game it has
 * played, and its matches, newest first, each with its place, its rating after, and the
 * way to watch it or, once over, its replay.
 * @param {HTMLElement} main @param {string} name */
export async function renderProfile(main, name) {
  document.title = `${name} · Ecotone`;
  main.replaceChildren(h("p.muted", {}, "Loading…"));
  /** @type {Profile} */
  let profile;
  /** @type {Record<string, string>} */
  let titles = {};
  try {
    const me = signedIn();
    const mine = me && me.name.toLowerCase() === name.toLowerCase();
    [profile, titles] = await Promise.all([
      mine ? api("/accounts/me", { token: me.token }).catch((e) => (signedOutBy(e) ? api(`/players/${encodeURIComponent(name)}`) : Promise.reject(e)))
        : api(`/players/${encodeURIComponent(name)}`),
      games().then((gs) => Object.fromEntries(gs.map((g) => [g.id, g.title]))).catch(() => ({})),
    ]);
  } catch (/** @type {any} */ e) {
    main.replaceChildren(h("h1", {}, name), h("p.error", { role: "alert", id: "profile-error" }, e.message), h("a", { href: "#/" }, "Back to the lobby"));
    return;
  }
  const { account, ratings, matches } = profile;
  /** @param {string} g */
  const title = (g) => titles[g] || g;
  const ratingRows = ratings.map((r) => h("tr", { "data-game": r.game },
    h("th", { scope: "row" }, title(r.game)), h("td.num", {}, Number(r.rating).toFixed(1)), h("td.num", {}, String(r.matches))));
  const matchRows = matches.map((m) => {
    const result = m.place === null ? (m.status === "over" ? "not rated" : m.status === "open" ? "waiting for players" : "in progress")
      : `${placeText(m.place)}${m.won ? " · won" : ""}`;
    const link = m.status === "over" ? h("a.button.secondary", { href: `#/match/${encodeURIComponent(m.id)}/replay`, "aria-label": `Replay ${title(m.game)} match ${m.id}` }, "Replay")
      : h("a.button.secondary", { href: `#/match/${encodeURIComponent(m.id)}/watch`, "aria-label": `Watch ${title(m.game)} match ${m.id}` }, "Watch");
    return h("li", { "data-match": m.id },
      h("span.match-summary", {},
        h("strong.match-game", {}, title(m.game)),
        h("span", {}, `${m.players} players · played ${seatName(m.seat)} · `, h("span.result", {}, result),
          m.rating_after !== null ? ` · ${ratingText(m.rating_after)} after` : ""),
        h("span.muted", {}, when(m.updated_at))),
      link);
  });
  main.replaceChildren(
    h("h1", { id: "profile-name" }, `👤 ${account.name}`),
    h("p.muted", {}, account.guest ? "A guest" : "A player", ` on this server since ${when(account.created_at)}.`),
    h("section.panel", { "aria-labelledby": "ratings-h" },
      h("h2", { id: "ratings-h" }, "Ratings"),
      ratingRows.length ? h("table.ratings", { id: "ratings" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Rating"), h("th", { scope: "col" }, "Rated matches"))),
        h("tbody", {}, ratingRows)) : h("p.muted", { id: "ratings" }, "No rated match yet."),
      h("p.muted", {}, "One rating per game, on the same scale as the bots' (OpenSkill): the server's cautious estimate of skill, 0 for a newcomer, rising with wins as it grows sure.")),
    h("section.panel", { "aria-labelledby": "history-h" },
      h("h2", { id: "history-h" }, "Matches"),
      h("ul.match-list", { id: "history" }, matchRows.length ? matchRows : h("li.muted", {}, "No matches yet."))),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
}
