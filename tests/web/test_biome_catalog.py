"""The BIOME Borneo catalogue the browser board is drawn from: it must describe the same
cells, tiles and cards as the game, since an observation names only cell and tile ids."""

from __future__ import annotations

from ecotone.games.biome.board import cell_names, formations
from ecotone.games.biome.cards import cards
from ecotone.games.biome.tiles import tiles
from ecotone.web.catalog import catalog


def test_every_formation_places_every_cell_where_the_rules_do() -> None:
    cat = catalog("biome-borneo")
    assert set(cat["formations"]) == set(formations())
    for key, b in formations().items():
        cells = cat["formations"][key]["cells"]
        assert set(cells) == set(cell_names())
        for i, name in enumerate(b.cells):
            q, r, layer = cells[name]
            assert (q, r) == b.coord[i], f"{key} {name}"
            assert layer == name[0], f"{key} {name} lies in layer {name[0]}, not {layer}"


def test_every_tile_shows_its_plants_on_the_rules_edges() -> None:
    cat = catalog("biome-borneo")
    ts = tiles()
    assert set(cat["tiles"]) == set(ts.ids)
    for t in ts.tiles:
        entry = cat["tiles"][t.id]
        shown = [0] * 6
        for plant, edges in entry["features"]:
            for e in edges:
                shown[e] = plant
        faces = [ts.plants[p].key if p >= 0 else 0 for p in t.faces[0]]
        assert shown == faces, t.id
        assert all(t.fits("ECU".index(x)) for x in entry["layers"]), t.id
    assert {p["code"] for p in cat["plants"].values()} == {p.code for p in ts.plants}


def test_every_card_has_a_face() -> None:
    cat = catalog("biome-borneo")
    cs = cards()
    assert set(cat["cards"]) == set(cs.ids)
    for cid, info in cs.by_id.items():
        face = cat["cards"][cid]
        assert face["name"] == info.name
        assert face["points"] == info.points
        if info.kind in ("animal", "plant"):
            assert all(face[k] for k in ("latin", "fact", "habitat")), cid
    assert set(cat["bonuses"]) == set(cs.bonus_ids)
