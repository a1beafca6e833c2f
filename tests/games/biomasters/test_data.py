"""The card pool and the starter decks against the rulebook's and RULINGS' counts, and the
validator catching broken data."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.biomasters.board import compatible
from ecotone.games.biomasters.cards import Card, CardPool, Trophic, cards, validate
from ecotone.games.biomasters.decks import STARTERS, starter

LATIN = re.compile(r"^[A-Z][a-z]+ [a-z]+(-[a-z]+)?$")


def test_about_seventy_real_species() -> None:
    species = cards().species()
    assert 65 <= len(species) <= 80
    for c in species:
        assert LATIN.match(c.latin), f"{c.id}: {c.latin!r} is not a binomial"
        assert c.fact.endswith("."), c.id
        assert 20 < len(c.fact) <= 100, c.id
        assert str(c.provenance) == "ecotone"
    # one card per species, except a juvenile and its adult (separate cards, same species)
    by_latin = Counter(c.latin for c in species)
    for latin, n in by_latin.items():
        if n > 1:
            group = [c for c in species if c.latin == latin]
            assert any(c.adult for c in group), latin


def test_every_role_of_the_food_web_is_there() -> None:
    count = Counter(c.trophic for c in cards().species())
    # the proposal of seed-data.md 3.3 for a ~60-card pool, as minimums
    assert count[Trophic.PHOTO] >= 12
    assert count[Trophic.CHEMO] >= 3
    assert count[Trophic.HERBIVORE] >= 12
    assert count[Trophic.CARNIVORE] >= 8
    assert count[Trophic.APEX] >= 3
    assert count[Trophic.SAPROTROPH] >= 4
    assert count[Trophic.DETRITIVORE] >= 3
    assert count[Trophic.PARASITE] >= 2
    assert count[Trophic.MUTUALIST] >= 2
    domains = Counter(c.domain for c in cards().species())
    for d in (
        "terrestrial",
        "freshwater",
        "marine",
        "amphibious-freshwater",
        "amphibious-marine",
        "euryhaline",
    ):
        assert domains[d] >= 2, d


def test_homes() -> None:
    homes = [cards().by_id[h] for h in cards().homes]
    assert len(homes) == 4
    # the rulebook has HOME cards but names none: these four are Ecotone's, and places
    assert all(h.domain == "home" and not h.cost and str(h.provenance) == "ecotone" for h in homes)
    assert all("names none" in h.note and h.links() == {} for h in homes)


def test_the_audited_facts_are_corrected() -> None:
    pool = cards().by_id
    diatom = pool["marine-diatom"]
    # marine cyanobacteria were sequenced in 2003; this was the first diatom (Armbrust 2004)
    assert "first marine phytoplankton" not in diatom.fact
    assert "first diatom" in diatom.fact
    assert "Armbrust et al. 2004" in diatom.note
    assert "nothing else" not in pool["common-nettle"].fact
    # the common earthworm is not on the IUCN Red List
    assert pool["common-earthworm"].iucn == "NE"
    assert pool["common-earthworm"].rarity == "common"  # as with LC: the play is unchanged


def test_every_link_says_where_it_comes_from() -> None:
    for c in cards().species():
        links = c.links()
        assert links["habitat"], c.id
        assert ("prey" in links) == bool(c.prey), c.id
        assert ("hosts" in links) == bool(c.hosts), c.id
        assert ("diet" in links) == bool(c.preferred), c.id
        for link, note in links.items():
            assert note.startswith(("public: ", "designed by Ecotone")), (c.id, link)
    # every parasite and mutualist names what its hosts really are
    for c in cards().species():
        if c.hosts:
            assert c.hosts_note, c.id


@pytest.mark.parametrize(
    ("card", "never"),
    [
        ("penny-bun", "baobab, marula, acacia or red mangrove"),
        ("rhizobium", "Vachellia tortilis"),
        ("tongue-eating-louse", "does not parasitise sharks"),
        ("scarlet-caterpillarclub", "termites and beetles are not its hosts"),
    ],
)
def test_hosts_wider_than_the_wild_are_marked_designed(card: str, never: str) -> None:
    note = cards().by_id[card].hosts_note
    assert note.startswith("designed by Ecotone, wider than the wild")
    assert never in note


def test_rarity_follows_iucn_status() -> None:
    pool = cards().by_id
    assert pool["white-backed-vulture"].rarity == "epic"  # CR
    assert pool["giraffe"].rarity == "rare"  # VU
    assert pool["plains-zebra"].rarity == "uncommon"  # NT
    assert pool["red-oat-grass"].rarity == "common"  # NE


def test_predators_eat_real_prey() -> None:
    """Every prey a hunter may kill, among cards that can live side by side. Read this list:
    each pair is a real predator and prey (docs/rules/biomasters.md lists it too)."""
    kinds = cards().kinds
    pairs = {
        (h.id, p.id)
        for h in kinds.values()
        if h.ability == "hunt"
        for p in kinds.values()
        if p.is_creature and h.can_hunt(p) and compatible(h.domain, p.domain)
    }
    expected_some = {
        ("lion", "plains-zebra"),
        ("cheetah", "thomsons-gazelle"),
        ("sea-otter", "purple-sea-urchin"),
        ("tawny-owl", "wood-mouse"),
        ("european-mole", "common-earthworm"),
        ("northern-pike", "three-spined-stickleback"),
        ("grey-heron", "common-frog"),
        ("orca", "sea-otter"),
        ("tiger-shark", "green-sea-turtle"),
        ("venus-flytrap", "harvester-termite"),
    }
    assert expected_some <= pairs
    forbidden = {("martial-eagle", "lion"), ("cheetah", "plains-zebra-calf"), ("orca", "copepod")}
    assert not forbidden & pairs
    for h, p in pairs:
        assert kinds[h].level != kinds[p].level or "venomous" in kinds[h].card.strategy


def test_starter_decks_follow_the_deck_rules() -> None:
    assert len(STARTERS) >= 4
    domains = set()
    for name in STARTERS:
        deck = starter(name)
        assert deck.size == 30
        assert all(1 <= n <= 3 for n in deck.cards.values())
        assert cards().by_id[deck.home].trophic is Trophic.HOME
        domains.add(Counter(cards().by_id[c].domain for c in deck.card_list()).most_common(1)[0][0])
    assert {"terrestrial", "marine", "freshwater"} <= domains


def test_production_and_decomposition_decks_lean_their_ways() -> None:
    def loop_share(name: str) -> float:
        lv = [cards()[c].level for c in starter(name).card_list()]
        return sum(1 for x in lv if x < 0) / len(lv)

    assert loop_share("production") < 0.15
    assert loop_share("decomposition") > 0.3


# -- the validator --------------------------------------------------------------------------


def _card(**changes: object) -> Card:
    base = cards().by_id["lion"]
    return msgspec.structs.replace(base, **changes)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"domain": "space"}, "unknown domain"),
        ({"cost": ()}, "needs a cost"),
        ({"cost": ("+9",)}, "unknown cost icon"),
        ({"prey": ("dragon",)}, "no card in the pool is its prey"),
        ({"ability": "fly"}, "unknown ability"),
        ({"iucn": "XX"}, "unknown IUCN status"),
        ({"preferred": "nectar"}, "Preferred Diet"),
        ({"latin": ""}, "latin name"),
        ({"strategy": ("venomous",)}, "VENOMOUS"),
        ({"adult": "plains-zebra"}, "METAMORPHOSIS"),
        ({"hosts_note": "designed by Ecotone"}, "a hosts note, but the card has no hosts"),
        ({"provenance": Provenance.PUBLIC}, "its habitat needs a note naming its source"),
    ],
)
def test_the_validator_catches_broken_cards(changes: dict[str, object], words: str) -> None:
    raw = tuple(c if c.id != "lion" else _card(**changes) for c in cards().by_id.values())
    problems = validate(raw)
    assert any(words in p and p.startswith("lion:") for p in problems), problems


def test_duplicate_ids_are_refused() -> None:
    raw = (*cards().by_id.values(), cards().by_id["lion"])
    with pytest.raises(DataError) as info:
        CardPool(raw, "test")
    assert "not unique" in info.value.message


def test_a_bad_toml_field_is_refused() -> None:
    from ecotone.core.data import decode
    from ecotone.games.biomasters.cards import _File

    with pytest.raises(DataError):
        decode('[[cards]]\nid = "x"\nwings = 2\n', _File, "test")


# -- the rules document shows the data as it is --------------------------------------------

DOC = Path(__file__).parents[3] / "docs" / "rules" / "biomasters.md"
_DOMAIN_SHORT = {
    "terrestrial": "T",
    "freshwater": "F",
    "marine": "M",
    "amphibious-freshwater": "A-F",
    "amphibious-marine": "A-M",
    "euryhaline": "E",
}


def test_the_rules_document_lists_every_card_as_in_the_data() -> None:
    """§The card pool: one row per species card, its printed fields as in ``cards.toml``."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([a-z0-9-]+)` \| (.*) \|$", line)
        if m and m.group(1) in cards().by_id:
            rows[m.group(1)] = [col.strip() for col in m.group(2).split(" | ")]
    species = cards().species()
    assert set(rows) == {c.id for c in species}
    for c in species:
        name, latin, trophic, domain, cost, vp, iucn, _ability, fact = rows[c.id]
        assert name == c.name + (" *" if c.public else ""), c.id
        assert latin == f"*{c.latin}*", c.id
        assert (trophic, domain) == (str(c.trophic), _DOMAIN_SHORT[c.domain]), c.id
        assert cost == (" ".join(c.cost) or "–"), c.id
        assert (vp, iucn) == (str(c.vp), f"{c.iucn} ({c.rarity})"), c.id
        assert fact == c.fact, c.id
    cards_n, species_n = len(species), len({c.latin for c in species})
    assert f"{cards_n} species cards ({species_n} species" in DOC.read_text(encoding="utf-8")


def test_the_rules_document_lists_every_link_note() -> None:
    """§Where the links come from: each note of the data, after its card and link."""
    text = DOC.read_text(encoding="utf-8")
    for c in cards().species():
        for link, note in c.links().items():
            if note != "designed by Ecotone":
                assert f"- `{c.id}` ({link}): {note}." in text, (c.id, link)


def test_the_rules_document_lists_the_starter_decks_as_in_their_files() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in STARTERS:
        deck = starter(name)
        listed = ", ".join(cid + (f" ×{n}" if n > 1 else "") for cid, n in deck.cards.items())
        assert f"**`{name}`: {deck.name}** ({deck.home};" in text
        assert listed + "." in text, name
