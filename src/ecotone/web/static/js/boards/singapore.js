// Singapore Untamed: the plus-shaped board. The Ecotone sits in the middle; the Forest,
// Urban, Mangrove and Marine habitats around it, each with its eight tiles around the
// habitat card (status, deck, Nature's Bounty, Destruction). Pawns show where each species
// is; during Migration the reachable tiles are highlighted and clicking one chooses it.
import { h, seatName } from "../api.js";

const RING = {
  forest: [[4, 5, 6], [3, null, 7], [2, 1, 8]],
  urban: [[6, 7, 8], [5, null, 1], [4, 3, 2]],
  mangrove: [[2, 3, 4], [1, null, 5], [8, 7, 6]],
  marine: [[8, 1, 2], [7, null, 3], [6, 5, 4]],
  ecotone: [["nw", "n", "ne"], ["w", "c", "e"], ["sw", "s", "se"]],
};
const AT = { forest: [0, 1], urban: [1, 0], ecotone: [1, 1], mangrove: [1, 2], marine: [2, 1] };
const COLOURS = ["#1f4d29", "#4b3f8f", "#8f4b1f", "#1f5d8f", "#8f1f5d", "#5d5d1f"];
const title = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function singaporeBoard({ obs, legal, seat, players, act, busy, names, toMove }) {
  const root = h("div", { id: "board", "data-game": "singapore-untamed" });
  const migrate = new Map(legal.filter((l) => l.action.type === "migrate").map((l) => [l.action.tile, l]));
  const pawns = new Map();
  (obs.players || []).forEach((p, s) => { if (p.tile) { if (!pawns.has(p.tile)) pawns.set(p.tile, []); pawns.get(p.tile).push(s); } });
  const board = h("div.sg-board", { role: "group", "aria-label": "The board" });
  for (const [region, [r, c]] of Object.entries(AT)) {
    const hab = obs.habitats?.[region];
    const block = h(`div.sg-region.sg-${region}`, { style: `grid-row:${r + 1};grid-column:${c + 1}`, role: "group", "aria-label": title(region) });
    RING[region].forEach((row) => row.forEach((pos) => {
      if (pos === null) {
        block.append(h("div.sg-card", {}, h("strong", {}, title(region)),
          hab ? h("span", {}, `${hab.status.replace(/-/g, " ")} · deck ${hab.deck?.cards ?? "?"}`) : null,
          hab?.bounty ? h("span", {}, `Bounty ${hab.bounty.single} / ${hab.bounty.shared}`) : null,
          hab ? h("span", {}, `Destruction ${hab.destruction}/${hab.destruction_needed}`) : null));
        return;
      }
      const tile = `${region}-${pos}`;
      const here = (pawns.get(tile) || []).map((s) => h("span.sg-pawn", { style: `background:${COLOURS[s % COLOURS.length]}`, title: names(s) }, seatName(s)));
      const go = migrate.get(tile);
      const label = `${title(region)} ${pos}${here.length ? `: ${(pawns.get(tile) || []).map(seatName).join(", ")}` : ""}`;
      block.append(go
        ? h("button.sg-tile.target", { type: "button", "data-tile": tile, "aria-label": `Migrate to ${label}`, disabled: busy, onclick: () => act(go.action) }, h("span.sg-pos", {}, pos), here)
        : h("div.sg-tile", { "data-tile": tile, "aria-label": label }, h("span.sg-pos", {}, pos), here));
    }));
    board.append(block);
  }
  const hint = migrate.size && !busy ? h("p.hint", { id: "hint", role: "status" }, "Migration: choose a highlighted tile (your route stays secret until everyone has chosen).") : null;
  root.append(h("section.panel", { "aria-label": "The board" }, h("h2", {}, `Round ${obs.round} of ${obs.rounds} · ${obs.phase}`), hint, board,
    h("p.muted", {}, `Wild deck: ${obs.wild_deck?.cards ?? "?"} cards · Destruction cards drawn: ${obs.destruction_drawn ?? 0}`)));
  const me = seat !== null ? obs.players?.[seat] : null;
  if (me) {
    const adapt = Object.entries(me.adaptations || {}).map(([k, n]) => h("span.seat-chip", {}, `${k.replace(/-/g, " ")}${n > 1 ? ` ×${n}` : ""}`));
    root.append(h("section.panel", { "aria-label": "Your species" }, h("h2", {}, "Your species"),
      h("p", {}, `Food ${me.food} · EVP ${me.evp} · on ${me.tile || "—"}${me.niche ? ` · secret Niche: ${me.niche.replace(/-/g, " ")}` : ""}`),
      h("div.seats", { "aria-label": "Adaptations" }, adapt.length ? adapt : h("span.muted", {}, "No adaptations yet.")),
      h("p", {}, "Hand: ", (me.hand_cards || []).map((c) => c.replace(/-/g, " ")).join(", ") || "empty")));
  }
  return root;
}
