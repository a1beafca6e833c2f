// The single-page router: #/ is the lobby (#/?game=<id> with a game chosen), #/match/<id> a
// match (#/match/<id>/watch to spectate, #/match/<id>/replay to open a finished match's
// replay), #/decks/<game> the deck builder, #/player/<name> a player's profile.
import { renderProfile } from "./account.js";
import { closeDecks, renderDecks } from "./decks.js";
import { renderLobby } from "./lobby.js";
import { MatchPage } from "./match.js";

/** @type {MatchPage | null} */
let page = null;

function route() {
  if (page) { page.close(); page = null; }
  const main = /** @type {HTMLElement} */ (document.getElementById("main"));
  main.replaceChildren();
  closeDecks();
  const m = location.hash.match(/^#\/match\/([^/]+)(\/watch|\/replay)?/);
  const d = location.hash.match(/^#\/decks(?:\/([^/?]+))?/);
  const player = location.hash.match(/^#\/player\/([^/]+)/);
  if (player) {
    renderProfile(main, decodeURIComponent(player[1]));
  } else if (d) {
    renderDecks(main, d[1] ? decodeURIComponent(d[1]) : "");
  } else if (m) {
    page = new MatchPage(main, decodeURIComponent(m[1]), Boolean(m[2]), m[2] === "/replay");
    page.open();
    window.ecotonePage = page;  // for tests and the curious: the page object
  } else {
    document.title = "Ecotone · ecology games to play in the browser";
    renderLobby(main);
  }
}

window.addEventListener("hashchange", route);
route();
