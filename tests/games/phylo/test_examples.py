"""The rulebook's own examples, replayed (rules doc §Compatibility, §Incompatible cards and
the rescue turn)."""

from __future__ import annotations

import re
from pathlib import Path

from ecotone.games.phylo.cards import cards, diet_evidence, links_to
from ecotone.games.phylo.state import Phase

from .helpers import act, cell, make_state

DOC = Path(__file__).parents[3] / "docs" / "rules" / "phylo.md"


def test_the_monkey_puzzle_chain() -> None:
    """ "Three cards that form a compatible food chain ... the Monkey Puzzle Tree starting the
    chain ... the beetle is a herbivore and hence can eat the tree ... all observed in the
    Callao, Lima, Valparaiso leg." Then: "if the tree or beetle card(s) are removed, there
    will be cards that no longer track back to an autotroph source"."""
    state = make_state(hands=("B09 B39 B05 E08", "B24"), discards="E03")
    state = act(state, "play B09 at t21", "play B39 at s21", "play B05 at r21")
    assert state.data.turn == 1
    assert not any(t["incompatible"] for t in state.observe(0)["table"])
    legs = {cards().species[c].locale for c in ("B09", "B39", "B05")}
    assert legs == {"chile-peru"}
    state = act(state, "pass", "play E08 at t21")  # P1 burns their own tree
    broken = {t["cell"] for t in state.observe(1)["table"] if t["incompatible"]}
    assert broken == {"s21", "r21"}


def test_dominoes_with_four_sides() -> None:
    """ "This card game is similar to Dominoes ... you need to make sure climate, terrain,
    food chain (and ... Voyage locale) details are compatible." The first card of a game is a
    plant next to the map board, and a chain grows from it in any direction."""
    state = make_state(hands=("B22 B36 B51", "B09"), discards="E03")
    plays = {str(a) for a in state.legal_actions(0) if str(a).startswith("play B36")}
    assert plays == set()  # the guanaco needs a plant on the table first
    state = act(state, "play B22 at v20", "play B36 at v19", "play B51 at w19")
    table = {t["cell"]: t["card"] for t in state.observe(0)["table"]}
    assert table == {"v20": "B22", "v19": "B36", "w19": "B51"}
    assert state.data.phase is Phase.ACT
    assert state.data.turn == 1
    assert cell("w19") in state.data.cells()


def test_the_doc_tables_match_the_data() -> None:
    text = DOC.read_text(encoding="utf-8")
    for sp in cards().species.values():
        row = re.search(rf"^\| {sp.id}ᴿ? \| (.+?) \| \*(.+?)\* \| (\d+) \|", text, re.M)
        assert row, sp.id
        assert row.groups() == (sp.name, sp.latin, str(sp.points)), sp.id
    for ev in cards().events.values():
        assert re.search(rf"^\| {ev.id}ᴿ? \| {re.escape(ev.name)} \|", text, re.M), ev.id


def test_the_doc_counts_of_real_and_bluffed_links() -> None:
    species = list(cards().species.values())
    pairs = [(x, y) for x in species for y in species if links_to(x, y)]
    real = sum(1 for x, y in pairs if diet_evidence(x, y))
    text = DOC.read_text(encoding="utf-8")
    assert f"Of the {len(pairs)} pairs" in text
    assert f"{real} are real" in text
