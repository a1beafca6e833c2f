"""Driving the Ecotone page the way a player does: the lobby form, the board, the list.

Nothing here limits a whole game in seconds: a shared machine under load may take minutes
over a game that takes seconds alone. A game is limited in decisions (``play_to_end``'s
``moves``); each single wait has a generous timeout that only a stuck page reaches.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ecotone

# How long one step may take before the page counts as stuck: a bot's reply, an update.
STEP_MS = 120_000

READY = """() => document.querySelector('#final')
  || document.querySelector('#actions button[data-index]:not([disabled])')
  || document.querySelector('#handoff-go')"""


def create(
    page: Any, game: str, seats: list[str], players: int | None = None, name: str = "Ana"
) -> str:
    """Create a match from the lobby; ``seats``: "you", "human" or "bot:NAME" per seat.
    The first seat "you" play is called ``name`` (unless this browser has a name already)."""
    page.wait_for_selector("#create-match")
    if not page.input_value("#player-name"):
        page.fill("#player-name", name)
    page.click(f"[data-game={game}]")
    page.select_option("#players", str(players or len(seats)))
    for s, who in enumerate(seats):
        page.select_option(f"select[data-seat='{s}']", who)
    page.click("#create-match")
    page.wait_for_url("**/#/match/**")
    page.wait_for_selector(".seat-chip")
    return str(page.url.split("#/match/")[1].split("/")[0])


def wait_ready(page: Any, timeout: float = STEP_MS) -> str:
    """Wait until this page can act, must hand over, or the match is over."""
    page.wait_for_function(READY, timeout=timeout)
    if page.locator("#final").count():
        return "over"
    if page.locator("#handoff-go").count():
        return "handoff"
    return "act"


def click_forest_board(page: Any) -> bool:
    """Take a turn of Once Upon a Forest by clicking the board (not the list)."""
    pile = page.locator("button.pile.target")
    if pile.count():
        pile.first.click()
        return True
    cards = page.locator(".hand button.playable")
    if cards.count():
        if not page.locator(".hand button.selected").count():
            cards.first.click()
        slot = page.locator("button.slot.target")
        if slot.count():
            slot.first.click()
            return True
        give = page.locator(".give-targets button")
        if give.count():
            give.first.click()
            return True
    return False


def click_grid_board(page: Any) -> bool:
    """Take a turn of a grid game (Phylo, BioMasters) by clicking a card, then a cell."""
    cards = page.locator(".hand button.playable")
    if cards.count() and not page.locator(".hand button.selected").count():
        cards.first.click()
    cell = page.locator("button.gcell.target")
    if not cell.count():
        return False
    cell.first.click()
    chooser = page.locator(".give-targets button")
    if chooser.count():
        chooser.first.click()
    return True


def click_singapore_board(page: Any) -> bool:
    """Take a decision of Singapore Untamed on its board: a highlighted tile, deck, drawn
    card, hand card, Food token or decision button, then the second step if one opens."""
    step = page.locator("#board .sg-step button[data-legal]")
    if not step.count():
        target = page.locator("#board button.target:not([disabled])")
        if not target.count():
            return False
        target.first.click()
    if step.count():
        step.first.click()
    return True


MISSING = """() => {
  const offered = new Set([...document.querySelectorAll('#board [data-legal]')]
    .flatMap((e) => e.dataset.legal.split(' ')));
  return [...document.querySelectorAll('#actions button[data-index]')]
    .filter((b) => !offered.has(b.dataset.index)).map((b) => b.textContent);
}"""


def board_missing(page: Any) -> list[str]:
    """The listed choices that no clickable place of the board offers (read in one go)."""
    missing: list[str] = page.evaluate(MISSING)
    return missing


def click_biome_board(page: Any) -> bool:
    """Take the first listed action of BIOME Borneo on its board instead of the list.

    Board elements carry the indices of the legal actions they lead to (``data-legal``);
    those marked ``data-pick`` only narrow the choice (a tile, then a cell, then how it is
    turned). Every listed action must be reachable this way, so failing to find it fails."""
    first = page.locator("#actions button[data-index]:not([disabled])").first
    index = first.get_attribute("data-index")
    text = first.inner_text()
    for _ in range(4):
        chosen = f'#board [data-legal~="{index}"]'
        final = page.locator(f"{chosen}:not([data-pick])")
        if final.count():
            final.first.click()
            return True
        narrow = page.locator(f'{chosen}[data-pick]:not([aria-pressed="true"])')
        if not narrow.count():
            break
        narrow.first.click()
    raise AssertionError(f"the BIOME board offers no way to choose {text!r}")


# How to take a decision on each board, by the board's name (``data-board``, the
# ``board`` of the game's presentation).
BOARD_CLICKS: dict[str, Callable[[Any], bool]] = {
    "forest": click_forest_board,
    "grid": click_grid_board,
    "singapore": click_singapore_board,
    "biome": click_biome_board,
}


def board_name(page: Any) -> str | None:
    """The board drawn on the page (``data-board``), or ``None`` for the text picture."""
    if not page.locator("#board").count():
        return None
    name: str | None = page.get_attribute("#board", "data-board")
    return name


def wait_moved(page: Any, version: int) -> None:
    """Wait until the match has moved past ``version`` or the page shows a refusal."""
    page.wait_for_function(
        f"() => window.ecotonePage.version !== {version} || document.querySelector('#refusal')",
        timeout=STEP_MS,
    )


def act_once(page: Any, board: bool = False) -> None:
    """One decision: on the board when asked (and possible), else the first listed action."""
    version = page.evaluate("() => window.ecotonePage.version")
    click = BOARD_CLICKS.get(board_name(page) or "")
    if not (board and click is not None and click(page)):
        page.locator("#actions button[data-index]:not([disabled])").first.click()
    wait_moved(page, version)


def play_to_end(
    page: Any, board: bool = False, moves: int = 500, check: Callable[[Any], None] | None = None
) -> int:
    """Play this page's seats until the match is over; return the decisions made.

    ``moves`` is the budget: more of this page's decisions than that without the end
    fails (a page going round in circles), however long they took. ``check(page)``, if
    given, runs before every decision (an assertion about the page)."""
    made = 0
    while made <= moves:
        state = wait_ready(page)
        if state == "over":
            return made
        if state == "handoff":
            page.click("#handoff-go")
            continue
        if check is not None:
            check(page)
        act_once(page, board)
        made += 1
    raise AssertionError(f"the match did not end within {moves} decisions of this page")


def budget(game: str, players: int, variant: str | None = None) -> int:
    """The most decisions a match of ``game`` can take (the engine's own bound,
    ``Game.max_steps``): a whole-game test's budget, in moves rather than seconds."""
    return ecotone.make(game, players=players, variant=variant).max_steps


def watch_to_end(page: Any, moves: int) -> None:
    """Watch a match that others play (bots) until it is over, ``moves`` at most."""
    for _ in range(moves + 1):
        if page.locator("#final").count():
            return
        version = json.dumps(page.evaluate("() => window.ecotonePage?.version ?? null"))
        page.wait_for_function(
            f"() => document.querySelector('#final') || window.ecotonePage?.version !== {version}",
            timeout=STEP_MS,
        )
    raise AssertionError(f"the match did not end within {moves} moves")


# Hands the page `n` lines of table talk as if from its socket, then waits for its draw.
SAY = """async (n) => {
  const p = window.ecotonePage;
  for (let i = 0; i < n; i += 1) {
    window.__said = (window.__said || 0) + 1;
    const id = 9000 + window.__said;
    p.receive(p.ws, { type: "chat", line: { id, seat: 1, name: null, text: `line ${id}`, at: 0 } });
  }
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return p.chat.length;
}"""


def say(page: Any, n: int = 1) -> int:
    """Hand the page ``n`` lines of table talk and wait for its draw; the chat's length."""
    got: int = page.evaluate(SAY, n)
    return got
