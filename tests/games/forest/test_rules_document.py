"""docs/rules/once-upon-a-forest.md agrees with the code and the data.

The rules document is what ``ecotone rules once-upon-a-forest`` shows players and
teachers; these tests keep its species, numbers and variant rules in step with the game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ecotone.games.forest.cards import cards
from ecotone.games.forest.refusals import ForestRefusal
from ecotone.games.forest.scoring import SOLO_RATINGS, SOLO_TARGET, degradation_limit

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "once-upon-a-forest.md"


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def section(doc: str, title: str) -> str:
    """The text of the ``#`` section headed ``title``, up to the next heading of its rank."""
    match = re.search(rf"^(#+) {re.escape(title)}\b.*$", doc, re.MULTILINE)
    assert match, f"no section {title!r}"
    rank = len(match.group(1))
    rest = doc[match.end() :]
    end = re.search(rf"^#{{1,{rank}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def unwrap(text: str) -> str:
    """Markdown paragraphs joined onto one line each, list markers kept."""
    return re.sub(r"\n +", " ", text)


def test_every_species_is_listed_with_its_latin_name_and_fact(doc: str) -> None:
    text = unwrap(section(doc, "Components"))
    for sp in cards().species.values():
        assert f"| {sp.name} | *{sp.latin}* |" in text, sp.name
        # the fact, as in the data, after the species' name (its first word lower-cased)
        fact = sp.fact[0].lower() + sp.fact[1:]
        assert fact in text, sp.key


def test_every_rule_carries_a_known_provenance(doc: str) -> None:
    labels = set(re.findall(r"\*\*\[([a-z]+)\]\*\*", doc))
    assert labels == {"rulebook", "public", "ecotone"}
    # every rules section names where its rules come from
    for title in ("Aim", "Components", "Set-up", "A turn", "The end", "Scoring", "Variants"):
        assert "**[" in section(doc, title), title


def test_the_variants_are_ecotone_designs(doc: str) -> None:
    assert "### Solo (`--variant solo`, 1 player) **[ecotone]**" in doc
    assert "### Semi-cooperative (`--variant semi-cooperative`, 2–4 players) **[ecotone]**" in doc


def test_solo_target_and_rating_table_match_the_game(doc: str) -> None:
    text = section(doc, "Solo")
    assert f"at least **{SOLO_TARGET}** (a Healthy forest)" in unwrap(text)
    rows = re.findall(r"^ *\| ([^|]+?) \| ([A-Z][^|]+?) \|$", text, re.MULTILINE)
    table = [(score, name) for score, name in rows if name != "rating"]
    assert [name for _, name in table] == [name for _, name in SOLO_RATINGS]
    lows = [low for low, _ in SOLO_RATINGS]
    expected = [f"{lows[0]} or more"]
    expected += [f"{low}–{above - 1}" for low, above in zip(lows[1:-1], lows, strict=False)]
    expected.append(f"up to {lows[-2] - 1}")
    assert [score for score, _ in table] == expected


def test_semi_cooperative_limit_matches_the_game(doc: str) -> None:
    text = unwrap(section(doc, "Semi-cooperative"))
    for players in (2, 3, 4):
        assert f"**more than {degradation_limit(players)} chainsaws**" in text


def test_win_rates_were_measured_over_1000_games(doc: str) -> None:
    text = unwrap(section(doc, "Bots"))
    assert "--games 1000" in text
    assert "--bots heuristic,random" in text
    rows = re.findall(r"^\| ([234]) \| heuristic, random[^|]*\| ([\d.]+)%", text, re.MULTILINE)
    assert [players for players, _ in rows] == ["2", "3", "4"]
    # clearly better than random at every table size: 9 games in 10 or more
    assert all(float(rate) >= 90 for _, rate in rows)


def test_the_refusals_named_are_the_refusals_made(doc: str) -> None:
    """Every ``forest/...`` refusal the game can make is explained to players, and the
    document names no refusal the game has lost."""
    named = set(re.findall(r"`(forest/[a-z-]+)`", doc))
    assert named == {code.value for code in ForestRefusal}
