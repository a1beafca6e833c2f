"""One quick test per browser board, in the default run: a match of a game the board draws
is created from the lobby, the board appears with the panels the game asks for, and one
decision is taken by clicking the board. Whole games are in the slow run (``-m slow``).

Which board draws a game, and which panels it wants, come from the game's presentation:
the page is told, and so are these tests; nothing here keeps a table of games.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

import ecotone
from ecotone.core.registry import game_class
from tests.web.conftest import Server, shot
from tests.web.helpers import BOARD_CLICKS, act_once, board_name, create, wait_moved, wait_ready

# decisions taken from the list, at most, before the board must have offered one
QUICK = 8


def _boards() -> dict[str, str]:
    """Each board a registered game is drawn with, and the first game (by id) it draws."""
    boards: dict[str, str] = {}
    for game in ecotone.available_games():
        boards.setdefault(game_class(game).presentation().board, game)
    boards.pop("text", None)  # the text picture: no board to click
    return boards


BOARDS = _boards()


def test_every_board_can_be_clicked_by_these_tests() -> None:
    assert set(BOARDS) <= set(BOARD_CLICKS), "a new board needs a way to click it here"


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_each_board_draws_a_match_and_takes_a_move(page: Any, board: str) -> None:
    game = BOARDS[board]
    presentation = game_class(game).presentation()
    players = max(2, game_class(game).spec.min_players)
    create(page, game, ["you"] + ["bot:random"] * (players - 1))
    page.wait_for_selector(f"#board[data-board='{board}']")
    wanted = 1 if "players-table" in presentation.panels else 0
    assert page.locator("table.players").count() == wanted
    click = BOARD_CLICKS[board]
    for _ in range(QUICK):
        assert wait_ready(page) == "act"
        version = page.evaluate("() => window.ecotonePage.version")
        if click(page):
            wait_moved(page, version)
            assert not page.locator("#refusal").count()
            assert page.evaluate("() => window.ecotonePage.version") != version
            assert board_name(page) == board
            shot(page, f"board-{board}")
            return
        act_once(page)
    raise AssertionError(f"the {board} board offered none of the first {QUICK} decisions")


def _first_view(server: Server, game: str, players: int, **extra: Any) -> Any:
    """A new match's first observation from seat 0, taken as a client would."""
    body = {"game": game, "players": players, "join": {"seat": 0}, **extra}
    made = server.post("/api/v1/matches", body)
    req = urllib.request.Request(
        f"{server.url}/api/v1/matches/{made['match']['id']}/view",
        headers={"Authorization": f"Bearer {made['token']}"},
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())["observation"]


def test_the_test_server_deals_each_configuration_the_same(server: Server) -> None:
    """``--seed-matches``: a browser test sees the same deal whatever ran before it."""
    dealt_otherwise = []
    for game in sorted(set(BOARDS.values())):
        players = max(2, game_class(game).spec.min_players)
        first = _first_view(server, game, players)
        assert _first_view(server, game, players) == first, game
        dealt_otherwise.append(_first_view(server, game, players, seed=12345) != first)
    # the first views do depend on the deal, so their being equal says something
    assert any(dealt_otherwise)


def test_an_unknown_games_catalogue_is_refused_in_the_registrys_words(server: Server) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.get("/api/v1/games/no-such-game/catalog")
    assert refused.value.code == 404  # the game the address names is not there
    with refused.value:  # (it holds the response's connection)
        error = json.loads(refused.value.read())["error"]
    assert error["code"] == "game/not-found"
    assert all(game in error["message"] for game in ecotone.available_games())


# Where each board marks a step just played, by the step's action: the class and the data
# attribute of the element, or None for a step the board has no place for (a card
# dropped, a pass).
def _recent_place(board: str, action: dict[str, Any]) -> tuple[str, str, str] | None:
    kind = action.get("type")
    if board == "grid" and action.get("cell"):
        return "gcell", "cell", str(action["cell"])
    if board == "biome" and action.get("cell"):
        return "bm-cell", "cell", str(action["cell"])
    if board == "forest" and kind == "draw":
        return "pile", "pile", str(action["pile"])
    if board == "forest" and kind == "place":
        return "slot", "tree", str(action["tree"])
    if board == "singapore" and kind == "migrate":
        return "sg-tile", "tile", str(action["tile"])
    return None


# The log, the steps the page marks, and every element marked, read at once (a bot's move
# may come between two reads).
READ_MARKS = """() => {
  const p = window.ecotonePage;
  // a ring tells the place by its colour; a dot beside it by its shape (a pseudo-element
  // of the page's cells and piles, a circle of BIOME Borneo's hexes)
  const dotted = (el) => {
    if (el.querySelector(':scope > circle.bm-recent')) return true;
    const dot = getComputedStyle(el, '::before');
    return dot.content !== 'none' && parseFloat(dot.width) >= 8 && dot.borderRadius === '50%';
  };
  const marks = [...document.querySelectorAll('#board .recent')].map((el) => ({
    classes: (el.getAttribute('class') || '').split(/\\s+/), data: { ...el.dataset },
    dotted: dotted(el) }));
  return [p.log, p.recent(null), marks];
}"""


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_each_board_marks_where_the_others_just_played(page: Any, board: str) -> None:
    game = BOARDS[board]
    players = max(2, game_class(game).spec.min_players)
    create(page, game, ["you"] + ["bot:random"] * (players - 1))
    marked = 0
    for _ in range(3 * QUICK):
        if wait_ready(page) != "act":
            break
        log, recent, marks = page.evaluate(READ_MARKS)
        # the others' steps since this seat's last one, as the log shows them
        steps = [e for e in log if e.get("action") and not e.get("took_back")]
        mine = max((i for i, e in enumerate(steps) if e["seat"] == 0), default=-1)
        expected = [{"seat": e["seat"], "action": e["action"]} for e in steps[mine + 1 :]]
        assert recent == expected
        places = {p for r in recent if (p := _recent_place(board, r["action"])) is not None}
        shown = {(c, k, m["data"][k]) for m in marks for c in m["classes"] for k in m["data"]}
        assert places <= shown, f"not marked: {places - shown} ({recent})"
        assert all(m["dotted"] for m in marks), f"a ring without its dot: {marks}"
        if not places:
            assert not marks, f"marks with no step to mark: {marks} ({recent})"
        marked += len(places)
        if marked >= 2:
            shot(page, f"recent-{board}")
            return
        act_once(page)
    raise AssertionError(f"the {board} board marked {marked} steps of the others in {3 * QUICK}")
