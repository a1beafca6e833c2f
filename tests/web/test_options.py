"""The create form explains every option of every game in a sentence (the option's own
summary, in a player's words), offers each listed value under its label (the option's
``choice_labels``), and says what the chosen variant is; all from ``GET /games``."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot


def test_every_option_is_explained_in_a_sentence(page: Any, server: Server) -> None:
    page.wait_for_selector("#create-match")
    games = server.get("/api/v1/games")["games"]
    assert any(g["options"] for g in games)
    for game in games:
        page.click(f"[data-game={game['id']}]")
        page.wait_for_selector(f"#create h2:has-text('{game['title']}')")
        for option in game["options"]:
            if option["files"]:
                # a deck option is the deck chooser's: each seat's deck picked from the
                # game's decks, explained in a sentence of its own
                chooser = page.locator("#deck-seats")
                chooser.wait_for()
                said = chooser.locator("p.muted").inner_text()
                assert said.startswith("Each seat plays"), said
                assert said.rstrip().endswith("."), said
                continue
            field = page.locator(f"[data-option='{option['name']}']")
            hint = page.locator(f"#option-{option['name']}-hint")
            # the hint is the field's description, visible, and a sentence
            assert field.get_attribute("aria-describedby") == f"option-{option['name']}-hint"
            assert hint.is_visible()
            said = hint.inner_text()
            assert said[0].isupper() or said[0].isdigit(), said
            assert said.endswith("."), said
            # in the game's words: its summary's first words are there
            first = " ".join(option["summary"].split()[1:4])
            assert first in said, (said, option["summary"])
            if option["choices"] and not isinstance(option["default"], bool):
                shown = field.locator("option").all_inner_texts()
                assert [s.removesuffix(" (standard)") for s in shown] == option["choice_labels"]
                standard = option["choices"].index(option["default"])
                assert shown[standard].endswith(" (standard)")
        # each variant says what it is, in a sentence, and so does the standard game
        for variant in [""] + [v["name"] for v in game["variants"]]:
            page.select_option("#variant", variant)
            said = page.locator("#variant-hint").inner_text()
            assert said[0].isupper() or said[0].isdigit(), said
            assert said.endswith("."), said
        if game["options"]:
            shot(page, f"create-options-{game['id']}")
