"""The rules panel, in a real browser: the decision now in a sentence, the game's rules as
implemented (the same document ``ecotone rules`` prints) rendered as HTML safely, with
its sections to jump to, beside the game while it goes on; and the glossary."""

from __future__ import annotations

import re
from typing import Any

import pytest

import ecotone
from ecotone.core.rulesdoc import rules_text
from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

FOREST = "once-upon-a-forest"

HOSTILE = """# Title

<script>window.pwned = 1</script> and <img src=x onerror="window.pwned = 2">

- [a link](javascript:window.pwned=3) and [a page](https://example.org/rules)
- **bold** and *italic* and `code <b>`
  1. nested
  2. list

| a | b |
|---|--:|
| <i>x</i> | 2 |

```
<script>window.pwned = 4</script>
```
"""

RENDER = """async (text) => {
  const { markdown } = await import('/static/js/markdown.js');
  const box = document.createElement('div');
  box.append(...markdown(text));
  document.body.append(box);
  const out = {
    tags: [...box.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
    hrefs: [...box.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    text: box.textContent, pwned: window.pwned ?? null,
    nested: box.querySelectorAll('ul > li > ol > li').length,
    right: box.querySelector('td:nth-child(2)')?.style.textAlign ?? null,
  };
  box.remove();
  return out;
}"""


def test_markdown_is_rendered_without_letting_any_markup_through(page: Any) -> None:
    page.wait_for_selector("#create-match")
    out = page.evaluate(RENDER, HOSTILE)
    # what a document holds as raw HTML stays characters on the page: nothing runs
    assert out["pwned"] is None
    assert not {"script", "img", "i", "b"} & set(out["tags"])
    assert "<script>window.pwned = 1</script>" in out["text"]
    assert '<img src=x onerror="window.pwned = 2">' in out["text"]
    # a link is made only to a web address
    assert out["hrefs"] == ["https://example.org/rules"]
    # and the Markdown itself is read: heading, lists, emphasis, code, a table
    for tag in ("h3", "ul", "ol", "strong", "em", "code", "table", "th", "td", "pre"):
        assert tag in out["tags"], tag
    assert out["nested"] == 2
    assert out["right"] == "right"


def test_the_rules_panel_says_the_decision_and_opens_the_rules(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    update = page.evaluate("() => window.ecotonePage.update")
    decision = page.locator("#decision").inner_text()
    if update.get("phase"):
        assert update["phase"] in decision
    else:  # the page's own sentence from the choices
        assert re.search(rf"one of {len(update['legal'])} moves?", decision), decision
    page.click("#rules-open")
    sheet = page.locator("#rules-dialog")
    sheet.wait_for(state="visible")
    doc = sheet.locator("#rules-doc")
    doc.locator("h4").first.wait_for()
    # the same document the command line prints, section by section
    text = rules_text(FOREST)
    assert text
    assert server.get(f"/api/v1/games/{FOREST}/rules") == {"game": FOREST, "markdown": text}
    sections = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert doc.locator("h4").all_inner_texts() == [s.replace("**", "") for s in sections]
    tables = len(re.findall(r"^\s*\|[-:| ]+\|\s*$", text, flags=re.MULTILINE))
    assert doc.locator("table.md-table").count() == tables > 0
    # the project's files are not a player's reading
    assert "RULINGS.md" not in doc.inner_text()
    # a section is a click away, and the match goes on beside the sheet (it is not modal)
    last = sections[-1]
    sheet.locator(f".rules-toc a:text-is('{last}')").click()
    heading = doc.locator(f"h4:text-is('{last}')")
    assert heading.evaluate("(e) => document.activeElement === e")
    box = heading.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 300
    assert page.evaluate("() => !document.querySelector('#rules-dialog').matches(':modal')")
    shot(page, "rules-sheet")
    page.keyboard.press("Escape")
    sheet.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.id") == "rules-open"


@pytest.mark.parametrize("game", ecotone.available_games())
def test_every_games_rules_are_served(server: Server, game: str) -> None:
    served = server.get(f"/api/v1/games/{game}/rules")
    assert served["game"] == game
    assert served["markdown"] == rules_text(game)
    assert served["markdown"]
