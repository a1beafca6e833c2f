"""The words of the table, as a player reads them: seats by who sits there (never the
games' seat labels "P1", "P2" in a phase, a choice, the log or an owner's tag), cells and
turns by the game's own names, the rules without the project's files, a link to pass on
while a seat waits for a friend, marks that never cover a card's text, and small words
("1 player", "your turn") said right."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

FOREST = "once-upon-a-forest"
BIOME = "biome-borneo"
# a seat's label where it stands for a seat: a whole word, as the games write them
SEAT_LABEL = re.compile(r"(?<![\w#./-])P[1-9](?![\w#/-])")

SEAT_WORDS = """() => {
  const p = window.ecotonePage;
  return ["give S13 to P2", "P1's turn begins", "Round 1: P1's turn",
          "P2 played E10 on P1a, P10 and P1-x", "P4 is no seat here", "(P3)", "sabotage P2."]
    .map((t) => p.seatWords(t));
}"""


def test_seats_are_called_by_name_in_choices_the_log_and_the_phase(page: Any) -> None:
    # three seats, so that a card is given to another player (Forest's give phase)
    create(page, FOREST, ["you", "bot:heuristic", "bot:random"])
    assert wait_ready(page) == "act"
    # the deal keeps no count of draws: the hint gives none
    hint = page.locator("#hint").inner_text()
    assert hint.startswith("Draw a card"), hint
    assert "0 to draw" not in hint, hint
    # one function says the games' seat labels by name, whole labels of this match only
    assert page.evaluate(SEAT_WORDS) == [
        "give S13 to Heuristic bot",
        "Your turn begins",
        "Round 1: your turn",
        "Heuristic bot played E10 on P1a, P10 and P1-x",
        "P4 is no seat here",
        "(Random bot)",
        "sabotage Heuristic bot.",
    ]
    for _ in range(12):  # the deal, a card placed, then the card to give
        assert wait_ready(page) == "act"
        choices = page.locator("#actions button[data-index]").all_inner_texts()
        if any(c.startswith("give ") for c in choices):
            break
        page.locator("#actions button[data-index]:not([disabled])").first.click()
    else:
        raise AssertionError(f"no card to give came: {choices}")
    assert any(c.endswith(" to Heuristic bot") for c in choices), choices
    assert any(c.endswith(" to Random bot") for c in choices), choices
    version = page.evaluate("() => window.ecotonePage.version")
    page.locator("#actions button[data-index]", has_text="to Heuristic bot").first.click()
    page.wait_for_function(f"() => window.ecotonePage.version > {version}")
    page.wait_for_function(
        "() => /give .* to Heuristic bot/.test(document.getElementById('log').innerText)"
    )
    said = {
        "log": page.locator("#log").inner_text(),
        "phase": page.locator("#phase").all_inner_texts(),
        "decision": page.locator("#decision").inner_text(),
        "choices": page.locator("#actions").inner_text(),
    }
    for where, text in said.items():
        assert not SEAT_LABEL.search(str(text)), (where, text)
    shot(page, "words-forest-give")


def test_a_grid_boards_cards_are_tagged_with_their_owners_names(page: Any) -> None:
    create(page, "biomasters", ["you", "bot:random"])
    assert wait_ready(page) == "act"
    tags = page.locator("#board .gowner").all_inner_texts()
    assert any(t.startswith("Ana (you)") for t in tags), tags
    assert any(t.startswith("Random bot") for t in tags), tags
    assert not any(SEAT_LABEL.search(t) for t in tags), tags


def test_an_open_seat_gets_a_link_to_pass_on(page: Any, new_page: Any, server: Server) -> None:
    match = create(page, FOREST, ["you", "human", "bot:random"])
    page.wait_for_selector("#invite")
    link = page.input_value("#invite-link")
    assert link == f"{server.url}/#/match/{match}"
    assert "Send this link to" in page.locator("#invite").inner_text()
    # what the match waits for, not a turn nobody has yet
    assert page.locator("#turn").inner_text() == "Waiting for 1 player to join"
    assert "Not your turn" not in page.locator("#actions").inner_text()
    assert "to play" not in page.locator("#board").inner_text()
    shot(page, "words-invite")
    friend = new_page()
    friend.goto(link)
    friend.wait_for_selector("#join-bar")
    assert not friend.locator("#invite").count()
    friend.fill("#join-name", "Ben")
    friend.click("#take-seat")
    friend.wait_for_selector(".seat-chip.me")
    page.wait_for_function("() => !document.getElementById('invite')")


PLACING = "() => window.ecotonePage.update.legal.some((l) => l.action.type === 'place')"


def test_biome_names_cells_and_turns_as_its_choices_do(page: Any, server: Server) -> None:
    create(page, BIOME, ["you", "bot:heuristic"])
    assert wait_ready(page) == "act"
    cells = server.get(f"/api/v1/games/{BIOME}/catalog")["formations"]["classic"]["cells"]
    names = page.locator("#board .bm-cellname").all_text_contents()
    assert names
    assert set(names) <= set(cells), names
    status = page.locator(".bm-status").inner_text()
    assert "(you)'s" not in status
    if page.evaluate("() => window.ecotonePage.update.observation.turn") == 0:
        assert "your turn" in status, status
    for label in page.locator("#board [title]").evaluate_all("(es) => es.map((e) => e.title)"):
        assert not re.search(r"(?<![\d.])1 points", label), label
    # to a tile's turns: a card to earn, one of the tiles, a cell where it turns several
    # ways; each turn said as the choices say it ("turned 2"), the degrees beside it
    for _ in range(30):
        if page.evaluate(PLACING):
            break
        buttons = page.locator("#actions button[data-index]:not([disabled])")
        texts = buttons.all_inner_texts()
        pick = next((i for i, t in enumerate(texts) if t.startswith("earn ")), 0)
        version = page.evaluate("() => window.ecotonePage.version")
        buttons.nth(pick).click()
        page.wait_for_function(f"() => window.ecotonePage.version > {version}")
        assert wait_ready(page) == "act"
    tile = page.locator("#board .bm-tilebox.target").first
    if tile.get_attribute("aria-pressed") != "true":
        tile.click()
    page.locator("#board .bm-cell.target[data-pick]").first.click()
    page.locator(".bm-turn").first.wait_for()
    listed = " ".join(page.locator("#actions button[data-index]").all_inner_texts())
    for said in page.locator(".bm-turn").all_inner_texts():
        turn = re.search(r"turned ([0-5])\s+(\d+)°", said)
        assert turn, said
        assert int(turn.group(2)) == 60 * int(turn.group(1)), said
        assert f"turned {turn.group(1)}" in listed
    shot(page, "words-biome-turns")


def test_biome_board_stays_readable_on_a_phone(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        pg = context.new_page()
        pg.goto(server.url + "/")
        create(pg, BIOME, ["you", "bot:random"])
        pg.wait_for_selector("#board svg.bm-board")
        got = pg.evaluate(
            """() => {
              const svg = document.querySelector('svg.bm-board');
              const frame = svg.parentElement;
              const label = svg.querySelector('.bm-cellname');
              const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              return {scale, px: parseFloat(getComputedStyle(label).fontSize) * scale,
                      frame: frame.clientWidth, scroll: frame.scrollWidth,
                      overflow: getComputedStyle(frame).overflowX,
                      page: document.documentElement.scrollWidth};
            }"""
        )
        assert got["px"] >= 11, got
        # the board scrolls sideways in its own frame; the page does not
        assert got["scroll"] > got["frame"], got
        assert got["overflow"] == "auto", got
        assert got["page"] <= 390, got
    finally:
        context.close()


def test_the_rules_leave_out_the_projects_files(page: Any, server: Server) -> None:
    page.wait_for_selector("#create-match")
    text = server.get(f"/api/v1/games/{BIOME}/rules")["markdown"]
    out = page.evaluate(
        """async (t) => {
          const { rulesDocument } = await import('/static/js/match.js');
          const box = document.createElement('div');
          box.append(...rulesDocument(t));
          const headings = [...box.querySelectorAll('h4')].map((h) => h.textContent);
          return {text: box.textContent, headings};
        }""",
        text,
    )
    said = out["text"]
    for dev in ("tests/", "src/", ".py", "RULINGS.md", "The code"):
        assert dev not in said, (dev, said[max(0, said.find(dev) - 80) : said.find(dev) + 80])
    assert not re.search(r"\w [.,;:](?=\s|$)", said), re.search(r".{40}\w [.,;:](?=\s|$)", said)
    assert "The first round example" in out["headings"]
    assert "The rulebook's FAQ, as implemented" in out["headings"]
    # the rules themselves stay, and what a sentence says besides a file
    assert "A refused action is answered with a code and the reason in the game's words." in said
    assert "where the rulebook is silent." in said
    sample = (
        "A rule (tests/games/x/test_y.py) stands, silent\n  (`shared/RULINGS.md`).\n\n"
        "The code in `src/ecotone/games/x/` cites these. "
        "Play on; the data is `src/x/data.toml`.\n\n"
        "- An item (`src/a.py`).\n- `src/b.py` implements it.\n\n```\nsrc/kept.py\n```\n"
    )
    got = page.evaluate("async (t) => (await import('/static/js/match.js')).playerRules(t)", sample)
    assert got == "A rule stands, silent.\n\nPlay on.\n\n- An item.\n\n```\nsrc/kept.py\n```\n", got


def test_a_mark_never_covers_a_cards_text(page: Any) -> None:
    page.wait_for_selector("#create-match")
    got = page.evaluate(
        """async () => {
          const { catalogue } = await import('/static/js/api.js');
          const { cardFace } = await import('/static/js/boards/grid.js');
          const { markUnplayable } = await import('/static/js/faces.js');
          const cat = await catalogue('phylo');
          const hand = document.createElement('div');
          hand.className = 'hand';
          document.body.append(hand);
          const out = [];
          for (const id of ['B41', 'B38', 'B01']) {
            const card = markUnplayable(cardFace(id, cat, new Map(), {}, 'div', 'hand'), 'not now');
            hand.append(card);
            const mark = getComputedStyle(card, '::after');
            const box = card.getBoundingClientRect();
            const bottoms = [...card.children].map((c) => c.getBoundingClientRect().bottom);
            const text = Math.max(...bottoms);
            const border = parseFloat(getComputedStyle(card).borderBottomWidth);
            out.push({id, room: box.bottom - border - text,
                      mark: parseFloat(mark.height), bottom: parseFloat(mark.bottom) || 0});
          }
          hand.remove();
          return out;
        }"""
    )
    for card in got:
        # below the text there is room for the whole mark
        assert card["room"] >= card["mark"] + card["bottom"] - 0.5, card


def test_a_replay_steps_number_stands_by_its_first_line(page: Any) -> None:
    page.wait_for_selector("#create-match")
    got = page.evaluate(
        """() => {
          const ol = document.createElement('ol');
          ol.className = 'log replay-log';
          ol.style.width = '220px';
          const li = document.createElement('li');
          const step = document.createElement('button');
          step.className = 'log-step';
          step.textContent = 'Heuristic bot: play Galápagos Prickly Pear (B28) at w21';
          // where the number stands: the baseline of the item's first line box, where a
          // letter of no width shows it
          const probe = document.createElement('span');
          probe.textContent = '\u200b';
          li.append(probe, step);
          ol.append(li);
          document.body.append(ol);
          const p = probe.getBoundingClientRect(), b = step.getBoundingClientRect();
          ol.remove();
          return {probe: p.top, step: b.top, height: b.height, line: p.height};
        }"""
    )
    assert got["height"] > 1.5 * got["line"], f"the step takes two lines: {got}"
    assert abs(got["probe"] - got["step"]) < got["line"] / 2 + 2, got


def test_small_words(page: Any) -> None:
    page.wait_for_selector("#create-match")
    page.click(f"[data-game={FOREST}]")
    variants = page.locator("#variant option").all_inner_texts()
    assert "solo (1 player)" in variants, variants
    page.click(f"[data-game={BIOME}]")
    hints = " ".join(page.locator(".option-hint").all_inner_texts())
    # an option's values as its list offers them, never the raw values
    assert "“Drawn at random”" in hints, hints
    assert "“Only on your own turn”" in hints, hints
    assert not re.search(r"'(?:random|P1|any-time|own-turn)'", hints), hints
