// Talking to the Ecotone server (docs/protocol.md) and remembering seat tokens.
// Tokens live in sessionStorage (per tab, survives a reload), never in URLs.

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/v1${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data?.error?.message || `request failed (${res.status})`);
    err.code = data?.error?.code || `http/${res.status}`;
    throw err;
  }
  return data;
}

const key = (id) => `ecotone.seats.${id}`;

/** The seats this tab holds in match `id`: {seat: token}. */
export function heldSeats(id) {
  try { return JSON.parse(sessionStorage.getItem(key(id)) || "{}"); } catch { return {}; }
}

export function holdSeat(id, seat, token) {
  const seats = heldSeats(id);
  seats[seat] = token;
  sessionStorage.setItem(key(id), JSON.stringify(seats));
}

export function dropSeats(id) { sessionStorage.removeItem(key(id)); }

export function activeSeat(id) {
  const v = sessionStorage.getItem(`ecotone.active.${id}`);
  return v === null ? null : Number(v);
}
export function setActiveSeat(id, seat) { sessionStorage.setItem(`ecotone.active.${id}`, String(seat)); }

/** Build DOM: h("button.secondary", {onclick}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className += ` ${v}`;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function toast(text, bad = false) {
  const box = document.getElementById("toast");
  const line = h(bad ? "div.bad" : "div", {}, text);
  box.append(line);
  setTimeout(() => line.remove(), bad ? 7000 : 3500);
}

export const seatName = (s) => `P${s + 1}`;

const catalogues = {};
/** A game's public card catalogue (names, latin names, facts), fetched once. */
export async function catalogue(game) {
  if (!catalogues[game]) catalogues[game] = api(`/games/${game}/catalog`).catch(() => ({ cards: {}, species: {} }));
  return catalogues[game];
}
