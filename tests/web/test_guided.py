"""Playing on the board first, in a real browser: a card picked in the hand lights exactly
the cells its legal actions name, and a click there plays it; a card's uses that need no
cell are offered under the hand; a kind of action that declares its steps (``choose_by``)
is chosen field by field with the kernel's semantics (``ecotone.core.choices``), the list
staying as the keyboard's way; and the match's counter counts turns, not engine steps.
"""

from __future__ import annotations

from typing import Any

from tests.web.conftest import shot
from tests.web.helpers import create, wait_moved, wait_ready

PHYLO = "phylo"

NARROWING = """async () => {
  const g = await import('/static/js/guide.js');
  const put = (cell, turn) => ({action: {type: 'put', cell, turn}, choose_by: ['cell', 'turn']});
  const legal = [put('a1', 0), put('a1', 3), put('b2', 0)];
  const mixed = [...legal, {action: {type: 'pass'}}];
  const a1 = g.narrow(legal, 'cell', 'a1');
  return {
    first: g.nextField(legal), cells: g.values(legal, 'cell'),
    then: g.nextField(a1), turns: g.values(a1, 'turn'),
    last: g.nextField(g.narrow(a1, 'turn', 3)), left: g.narrow(a1, 'turn', 3).length,
    mixed: g.nextField(mixed),
    undeclared: g.nextField([{action: {type: 'x', a: 1}}, {action: {type: 'x', a: 2}}]),
    same: g.nextField([put('a1', 0),
      {action: {type: 'put', cell: 'a1', turn: 0, extra: 1}, choose_by: ['cell', 'turn']}]),
    settled: g.settled(a1, []), settledPicked: g.settled(a1, [['cell', 'a1']]),
    settledNone: g.settled(legal, []),
  };
}"""


def test_the_guide_narrows_as_the_kernel_does(page: Any) -> None:
    page.wait_for_selector("#create-match")
    said = page.evaluate(NARROWING)
    # the docstring's example of ecotone.core.choices, step by step
    assert said["first"] == "cell"
    assert said["cells"] == ["a1", "b2"]
    assert said["then"] == "turn"
    assert said["turns"] == [0, 3]
    assert said["last"] is None
    assert said["left"] == 1
    # several kinds, no declared steps, or no difference left: offered whole
    assert said["mixed"] is None
    assert said["undeclared"] is None
    assert said["same"] is None
    # a field every action left shares is known though never asked, unless already chosen
    assert said["settled"] == [["cell", "a1"]]
    assert said["settledPicked"] == []
    assert said["settledNone"] == []


def _legal(page: Any) -> list[dict[str, Any]]:
    legal: list[dict[str, Any]] = page.evaluate("() => window.ecotonePage.update.legal")
    return legal


def test_a_kind_that_declares_its_steps_is_chosen_field_by_field(page: Any) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    # the page follows what the server declares: here the play of a card, by card then cell
    page.evaluate(
        """() => { const p = window.ecotonePage;
        p.update.legal.forEach((l) => {
          if (l.action.type === 'play') l.choose_by = ['card', 'cell'];
        });
        p.draw(); }"""
    )
    plays = [lg for lg in _legal(page) if lg["action"]["type"] == "play"]
    cards = list(dict.fromkeys(lg["action"]["card"] for lg in plays))
    assert len(plays) > 1
    guide = page.locator(".guide[data-kind='play']")
    guide.wait_for()
    values = guide.locator(".guide-values[data-field='card'] button")
    assert values.count() == len(cards)
    # the first card, then the cells where it can go: exactly those of its legal actions
    card = cards[-1]
    guide.locator(f".guide-values button[data-value='\"{card}\"']").click()
    cells = [lg["action"]["cell"] for lg in plays if lg["action"]["card"] == card]
    offered = guide.locator(".guide-values[data-field='cell'] button")
    if len(cells) > 1:
        assert [b.get_attribute("data-value") for b in offered.all()] == [f'"{c}"' for c in cells]
        assert guide.locator(".guide-crumb[data-field='card']").count() == 1
        shot(page, "guided-choice")
        # a step can be taken back
        guide.locator(".guide-crumb[data-field='card']").click()
        assert guide.locator(".guide-values[data-field='card'] button").count() == len(cards)
        guide.locator(f".guide-values button[data-value='\"{card}\"']").click()
        version = page.evaluate("() => window.ecotonePage.version")
        offered.last.click()
        chosen = {"type": "play", "card": card, "cell": cells[-1]}
    else:
        version = page.evaluate("() => window.ecotonePage.version")
        chosen = {"type": "play", "card": card, "cell": cells[0]}
    wait_moved(page, version)
    # the action sent is the one the steps narrowed to, as the log says
    log = page.evaluate("() => window.ecotonePage.log")
    assert any(e["action"] == chosen for e in log)
    # and the whole list is still there for the keyboard
    assert not page.locator("#refusal").count()


def test_a_card_lights_the_cells_its_legal_actions_name(page: Any) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    on_cells = [lg for lg in _legal(page) if lg["action"].get("card") and lg["action"].get("cell")]
    card = on_cells[0]["action"]["card"]
    page.click(f"#my-hand button[data-card='{card}']")
    cells = {lg["action"]["cell"] for lg in on_cells if lg["action"]["card"] == card}
    lit = page.locator("#board button.gcell.target")
    assert {c.get_attribute("data-cell") for c in lit.all()} >= cells
    cell = sorted(cells)[0]
    version = page.evaluate("() => window.ecotonePage.version")
    page.click(f"#board button.gcell[data-cell='{cell}']")
    chooser = page.locator("#board .give-targets button")
    if chooser.count():
        chooser.first.click()
    wait_moved(page, version)
    log = page.evaluate("() => window.ecotonePage.log")
    assert any((e["action"] or {}).get("card") == card for e in log)


def test_a_cards_uses_without_a_cell_are_offered_under_the_hand(page: Any) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    loose = [lg for lg in _legal(page) if lg["action"].get("card") and not lg["action"].get("cell")]
    card = loose[0]["action"]["card"]
    page.click(f"#my-hand button[data-card='{card}']")
    uses = page.locator("#my-hand .card-uses button")
    mine = [lg for lg in loose if lg["action"]["card"] == card]
    assert [u.get_attribute("data-legal") for u in uses.all()] == [str(lg["index"]) for lg in mine]
    assert [u.inner_text() for u in uses.all()] == [lg["text"] for lg in mine]
    version = page.evaluate("() => window.ecotonePage.version")
    uses.last.click()
    wait_moved(page, version)
    assert not page.locator("#refusal").count()


def test_the_counter_counts_turns_not_steps(page: Any) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    update = page.evaluate("() => window.ecotonePage.update")
    said = page.locator("#turn-number").inner_text()
    assert said == f"turn {update['turn']}"
    log = page.evaluate("() => window.ecotonePage.log")
    assert len(log) == update["version"]
    assert update["turn"] >= 1
    # Phylo's turn is three actions: laying a species is a step, and the same turn goes on
    play = next(lg for lg in update["legal"] if lg["action"]["type"] == "play")
    page.locator(f"#actions button[data-index='{play['index']}']").click()
    wait_moved(page, update["version"])
    after = page.evaluate("() => window.ecotonePage.update")
    assert after["version"] == update["version"] + 1
    assert after["to_move"] == [update["seat"]]
    assert after["turn"] == update["turn"]
    assert page.locator("#turn-number").inner_text() == said
