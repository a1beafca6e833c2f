// The single-page router: #/ is the lobby, #/match/<id> a match (#/match/<id>/watch to spectate).
import { renderLobby } from "./lobby.js";
import { MatchPage } from "./match.js";

let page = null;

function route() {
  if (page) { page.close(); page = null; }
  const main = document.getElementById("main");
  main.replaceChildren();
  const m = location.hash.match(/^#\/match\/([^/]+)(\/watch)?/);
  if (m) {
    page = new MatchPage(main, decodeURIComponent(m[1]), Boolean(m[2]));
    page.open();
    window.ecotonePage = page;  // for tests and the curious: the page object
  } else {
    document.title = "Ecotone · ecology games to play in the browser";
    renderLobby(main);
  }
}

window.addEventListener("hashchange", route);
route();
