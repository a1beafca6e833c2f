"""Playing a card (rules doc §Playing a card): connection, Domain rule, Trophic rule,
producers and HOME, saprotrophs on detritus, attachments, costs, Preferred Diet."""

from __future__ import annotations

import random

import ecotone
from ecotone.games.biomasters.actions import Play
from ecotone.games.biomasters.board import Grid
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.placement import Layout, forget_layouts, layout_of, scan_seat
from ecotone.games.biomasters.state import Phase, Slot

from .helpers import act, game, position, refusal

# In 1v1 the HOMEs are E5 (P1, Savanna) and F5 (P2, Woodland Floor).


def test_a_photoautotroph_connects_to_a_home() -> None:
    state = position(game(), hands=["red-oat-grass"])
    legal = {str(a) for a in state.legal_actions(0)}
    # E5's free neighbours, and F5's: any HOME will do (a shared world)
    assert legal >= {f"play red-oat-grass at {c}" for c in ("E4", "D5", "E6", "F4", "G5", "F6")}
    after = act(state, "play red-oat-grass at E4")
    slot = after.data.grid[g_index("E4")]
    assert slot.kind == "red-oat-grass"
    assert slot.owner == 0
    assert not slot.ready  # cards enter play exhausted
    assert after.data.actions == 2
    assert after.data.hands[0] == ()


def test_a_photoautotroph_may_grow_from_another_producer() -> None:
    state = position(game(), {"E4": "P2 english-oak"}, hands=["red-oat-grass"])
    assert Play("red-oat-grass", "E3") in state.legal_actions(0)
    refusal(state, 0, Play("red-oat-grass", "E2"), "biomasters/not-connected", "E2 touches none")


def test_a_photoautotroph_needs_a_home_or_producer() -> None:
    state = position(game(), {"E4": "P1 red-oat-grass", "E3": "P1 plains-zebra"}, hands=["baobab"])
    refusal(state, 0, Play("baobab", "D3"), "biomasters/trophic", "photoautotroph", "HOME", "D3")


def test_a_card_must_touch_the_grid() -> None:
    state = position(game(), hands=["red-oat-grass"])
    refusal(state, 0, "play red-oat-grass at A1", "biomasters/not-connected", "A1")


def test_a_cell_holds_one_card() -> None:
    state = position(game(), {"E4": "P1 red-oat-grass"}, hands=["baobab"])
    refusal(state, 0, "play baobab at E4", "biomasters/occupied", "Red Oat Grass")
    refusal(state, 0, "play baobab at E5", "biomasters/occupied", "HOME")


def test_no_such_cell_on_the_two_player_grid() -> None:
    state = position(game(), hands=["baobab"])
    refusal(state, 0, "play baobab at A10", "biomasters/no-such-cell", "J9")


def test_not_in_hand() -> None:
    state = position(game(), hands=["baobab"])
    refusal(state, 0, "play lion at E4", "biomasters/not-in-hand", "baobab")


# -- the Domain rule ----------------------------------------------------------------------------


def test_terrestrial_cannot_touch_marine() -> None:
    g = game(decks="production,ocean")
    state = position(g, {"F4": "P2 giant-kelp"}, hands=["red-oat-grass giant-kelp"])
    # the Domain rule is checked first: F3 touches only the kelp
    refusal(state, 0, "play red-oat-grass at F3", "biomasters/domain", "Giant Kelp")
    # E4 touches the HOME E5 and the kelp in F4: the Domain rule forbids it
    refusal(
        state,
        0,
        "play red-oat-grass at E4",
        "biomasters/domain",
        "[TERRESTRIAL]",
        "Giant Kelp",
        "[MARINE]",
        "F4",
    )
    # but kelp may go there
    assert Play("giant-kelp", "E4") in state.legal_actions(0)


def test_amphibious_bridges_land_and_its_own_water() -> None:
    g = game(decks="wetland,production")
    # reed (amphibious-freshwater) touches land grass and freshwater duckweed at once
    state = position(
        g, {"E4": "P2 red-oat-grass", "E6": "P1 common-duckweed"}, hands=["common-reed"]
    )
    assert Play("common-reed", "D4") in state.legal_actions(0)  # next to the land grass
    state = position(
        g,
        {"D4": "P2 red-oat-grass", "D6": "P1 common-duckweed"},
        hands=["common-reed common-duckweed"],
    )
    assert Play("common-reed", "D5") in state.legal_actions(0)
    # duckweed in D5 would touch the land grass in D4: refused
    refusal(
        state, 0, "play common-duckweed at D5", "biomasters/domain", "[FRESHWATER]", "Red Oat Grass"
    )


def test_euryhaline_bridges_fresh_and_salt_water() -> None:
    g = game(decks="wetland,ocean")
    cells = {
        "E4": "P1 common-duckweed",
        "E3": "P1 water-flea ready",
        "F4": "P2 giant-kelp",
        "F3": "P2 copepod ready",
    }
    state = position(g, cells, hands=["three-spined-stickleback"])
    # the euryhaline stickleback may touch both the freshwater flea and the marine copepod
    assert Play("three-spined-stickleback", "E2") in state.legal_actions(0)
    assert Play("three-spined-stickleback", "F2") in state.legal_actions(0)
    state = position(g, {**cells, "E2": "P1 water-flea"}, hands=["three-spined-stickleback"])
    # F2 now touches the water flea (E2) and the copepod (F3) at once
    assert Play("three-spined-stickleback", "F2") in state.legal_actions(0)


# -- the Trophic rule ---------------------------------------------------------------------------


def test_plus_x_connects_to_plus_x_minus_one() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "E3": "P1 plains-zebra ready", "D5": "P1 baobab ready"},
        hands=["lion plains-zebra"],
    )
    legal = state.legal_actions(0)
    assert Play("lion", "E2") in legal
    assert Play("lion", "D3") in legal
    assert Play("plains-zebra", "D4") in legal
    refusal(state, 0, "play lion at D6", "biomasters/trophic", "+3", "+2", "D6")
    refusal(state, 0, "play plains-zebra at E2", "biomasters/trophic", "+2", "+1")


def test_minus_two_connects_to_minus_one() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g,
        {"E4": "P1 turkey-tail ready", "E6": "P1 english-oak"},
        hands=["common-earthworm"],
    )
    assert Play("common-earthworm", "E3") in state.legal_actions(0)
    refusal(state, 0, "play common-earthworm at E7", "biomasters/trophic", "-2D", "-1S")


def test_a_saprotroph_is_played_onto_a_detritus_tile() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g, {"E4": "tile plains-zebra owner=P2", "D5": "P1 english-oak"}, hands=["turkey-tail"]
    )
    assert [a for a in state.legal_actions(0) if isinstance(a, Play)] == [Play("turkey-tail", "E4")]
    refusal(state, 0, "play turkey-tail at D4", "biomasters/needs-detritus", "Detritus tile")
    after = act(state, "play turkey-tail at E4")
    slot = after.data.grid[g_index("E4")]
    assert slot.kind == "turkey-tail"
    assert not slot.tile
    # the dead zebra goes to the decomposer's Score Pile, worth 1 VP
    assert [(e.card.split("#")[0], e.vp) for e in after.data.piles[0]] == [("plains-zebra", 1)]


def test_a_saprotroph_obeys_the_domain_rule() -> None:
    g = game(decks="ocean,production")
    state = position(
        g, {"E4": "tile plains-zebra owner=P2", "E3": "P2 red-oat-grass"}, hands=["alteromonas"]
    )
    refusal(state, 0, "play alteromonas at E4", "biomasters/domain", "[MARINE]", "Red Oat Grass")


# -- chemoautotrophs ----------------------------------------------------------------------------


def test_a_chemoautotroph_connects_to_a_home_or_an_own_decomposer() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(
        g,
        {"C5": "P1 turkey-tail", "H5": "P2 turkey-tail"},
        hands=["nitrosomonas"],
    )
    legal = state.legal_actions(0)
    assert Play("nitrosomonas", "E4") in legal  # next to a HOME (RULINGS)
    assert Play("nitrosomonas", "C4") in legal  # next to P1's saprotroph
    refusal(state, 0, "play nitrosomonas at H4", "biomasters/trophic", "you control")


def test_the_printed_rule_keeps_chemoautotrophs_away_from_home() -> None:
    g = game(decks="decomposition,decomposition", chemo_home=False)
    state = position(g, {"C5": "P1 turkey-tail"}, hands=["nitrosomonas"])
    assert Play("nitrosomonas", "C4") in state.legal_actions(0)
    err = refusal(state, 0, "play nitrosomonas at E4", "biomasters/trophic")
    assert "HOME" not in err.message


# -- costs ---------------------------------------------------------------------------------------


def test_a_cost_is_paid_by_exhausting_matching_ready_cards() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "G5": "P1 baobab"},
        hands=["plains-zebra"],
    )
    # only one ready +1 card: it pays at once, no question asked
    after = act(state, "play plains-zebra at E3")
    assert not after.data.grid[g_index("E4")].ready
    assert after.data.phase is Phase.ACTION
    assert after.data.actions == 2


def test_the_player_chooses_which_card_to_exhaust() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "D5": "P1 baobab ready", "C5": "P1 marula ready"},
        hands=["plains-zebra"],
    )
    paying = act(state, "play plains-zebra at E3")
    assert paying.data.phase is Phase.PAY
    assert [str(a) for a in paying.legal_actions(0)] == ["exhaust E4", "exhaust C5", "exhaust D5"]
    refusal(paying, 0, "pass", "biomasters/must-pay", "Plains Zebra", "+1")
    refusal(paying, 0, "exhaust E3", "biomasters/cannot-pay-with", "E3")
    done = act(paying, "exhaust C5")
    assert not done.data.grid[g_index("C5")].ready
    assert done.data.grid[g_index("D5")].ready
    assert done.data.phase is Phase.ACTION
    assert done.data.actions == 2


def test_nothing_to_pay_outside_a_payment() -> None:
    state = position(game(), {"E4": "P1 red-oat-grass ready"})
    refusal(state, 0, "exhaust E4", "biomasters/nothing-to-pay", "nothing")


def test_cannot_pay_means_cannot_play() -> None:
    state = position(game(), {"E4": "P1 red-oat-grass", "E3": "P1 plains-zebra"}, hands=["lion"])
    refusal(state, 0, "play lion at E2", "biomasters/cannot-pay", "+2 +1", "none")


def test_opponents_cards_never_pay() -> None:
    state = position(game(), {"E4": "P2 red-oat-grass ready"}, hands=["plains-zebra"])
    refusal(state, 0, "play plains-zebra at E3", "biomasters/cannot-pay")


def test_a_double_mutualist_lets_its_host_pay_two_icons() -> None:
    state = position(
        game(),
        {"E4": "P1 umbrella-thorn ready mutualist=rhizobium@P1"},
        hands=["giraffe"],
    )
    after = act(state, "play giraffe at E3")  # costs +1 +1: the nodulated thorn pays both
    assert after.data.phase is Phase.ACTION
    assert not after.data.grid[g_index("E4")].ready


# -- Preferred Diet -----------------------------------------------------------------------------


def test_preferred_diet_enters_ready() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "D5": "P1 umbrella-thorn ready"},
        hands=["plains-zebra giraffe"],
        decks=["baobab"],
    )
    after = act(state, "play plains-zebra at E3", "exhaust E4")
    assert after.data.grid[g_index("E3")].ready  # a grazer next to grass
    state2 = position(
        game(),
        {"E4": "P1 baobab ready", "D5": "P1 marula ready"},
        hands=["plains-zebra"],
    )
    after2 = act(state2, "play plains-zebra at E3", "exhaust E4")
    assert not after2.data.grid[g_index("E3")].ready  # no grass next to it


def g_index(cell: str) -> int:
    index: int = game().table.grid.index[cell]  # type: ignore[attr-defined]
    return index


# -- the fast path agrees with the rules as explained ---------------------------------------------


def test_legal_plays_are_exactly_the_plays_without_a_problem() -> None:
    """The fast placement search finds every play that ``play_problem`` accepts, and no other,
    over many random positions of every deck."""
    import random

    from ecotone.games.biomasters.cards import cards
    from ecotone.games.biomasters.refusals import play_problem
    from ecotone.games.biomasters.state import kind_of

    checked = 0
    for decks in ("production,decomposition", "ocean,wetland", "wetland,decomposition"):
        g = game(decks=decks)
        table = g.table  # type: ignore[attr-defined]
        rnd = random.Random(decks)
        for seed in range(3):
            state = g.start(seed)
            while not state.is_over:
                (seat,) = state.to_move
                legal = state.legal_actions(seat)
                if state.data.phase.value == "action":
                    fast = {(a.card, a.cell) for a in legal if isinstance(a, Play)}
                    kinds = {kind_of(c) for c in state.data.hands[seat]}
                    slow = {
                        (c, table.grid.names[i])
                        for c in kinds
                        for i in range(table.grid.size)
                        if play_problem(
                            state.data, table.grid, seat, cards()[c], i, table.chemo_home
                        )
                        is None
                    }
                    assert fast == slow
                    checked += 1
                state = state.apply(seat, rnd.choice(legal))
    assert checked > 100


def test_a_chemoautotroph_may_grow_from_an_own_detritivore() -> None:
    g = game(decks="decomposition,decomposition", chemo_home=False)
    state = position(
        g,
        {"C5": "P1 turkey-tail", "C4": "P1 common-earthworm", "H5": "P2 turkey-tail"},
        hands=["nitrosomonas"],
    )
    legal = state.legal_actions(0)
    assert Play("nitrosomonas", "C3") in legal  # touches only the earthworm (-2D)
    assert Play("nitrosomonas", "B4") in legal
    assert Play("nitrosomonas", "H4") not in legal  # P2's saprotroph does not count


def _fresh_layout(g: tuple[Slot | None, ...], grid: Grid) -> tuple[object, ...]:
    """The layout of ``g`` as a scan that knows nothing of it finds it."""
    forget_layouts()
    scan_seat(g, grid, 0)
    fresh = layout_of(g)
    assert fresh is not None
    return _facts(fresh)


def _facts(layout: Layout) -> tuple[object, ...]:
    return (
        layout.cells,
        layout.by_level,
        layout.domains,
        layout.tiles,
        layout.owned,
        layout.parasitoids,
    )


def _standings_agree(layout: Layout, g: tuple[Slot | None, ...]) -> bool:
    """Whether each seat's standing handed on (where known) is what a fresh count of its
    cards on ``g`` finds."""
    seats = len(layout.standing)
    fresh = Layout(*_facts(layout), [None] * seats, layout.neighbours)  # type: ignore[arg-type]
    for seat, known in enumerate(layout.standing):
        if known is not None:
            counted = fresh.stand(g, seat)
            if (known.cap, known.actors) != (counted.cap, counted.actors):
                return False
    return True


def test_layouts_handed_on_are_the_layouts_a_scan_finds() -> None:
    # deaths, decompositions, scavenges and metamorphoses hand the layout on as plays do:
    # on played positions of every configuration, what is handed on is what a scan finds,
    # and so is what each seat's cards could pay and do, and the cards parasitoids ride
    carried = 0
    for g4 in (
        game(),
        ecotone.make("biomasters", players=4, variant="2v2"),
        ecotone.make("biomasters", players=4, variant="free-for-all"),
    ):
        grid = g4.table.grid  # type: ignore[attr-defined]
        rng = random.Random(5)
        handed = 0
        for seed in range(4):
            state = g4.start(seed)
            while not state.is_over:
                seat = state.to_move[0]
                state = state.step(seat, rng.choice(state.legal_actions(seat)))
                known = layout_of(state.data.grid)
                if known is not None:
                    handed += 1
                    assert _standings_agree(known, state.data.grid)
                    assert _facts(known) == _fresh_layout(state.data.grid, grid)
                    carried += bool(known.parasitoids)
                else:
                    forget_layouts()
                for scanned in range(g4.players):  # as the next decisions' legal actions
                    scan_seat(state.data.grid, grid, scanned)
        assert handed > 100
    assert carried > 0  # a parasitoid rode a card, and was followed


def _open_cells(
    g: tuple[Slot | None, ...], grid: Grid, key: int, clash: int, chemo_home: bool
) -> list[int]:
    """The empty cells next to what connection ``key`` connects to (a level; 10: a HOME
    or a producer; 12 and up: a HOME, where ``chemo_home``, or a ``-1S`` or ``-2D`` card
    of seat ``key - 12``, for its chemoautotrophs) and next to no living card of the domain
    bits ``clash``."""
    kinds = cards().kinds

    def source(s: Slot | None) -> bool:
        if s is None or s.tile:
            return False
        level = kinds[s.kind].level
        if key >= 12:
            return (level == 0 and chemo_home) or (level < 0 and s.owner == key - 12)
        return level in (0, 1) if key == 10 else level == key

    def blocks(s: Slot | None) -> bool:
        if s is None or s.tile or kinds[s.kind].level == 0:
            return False
        return bool((1 << kinds[s.kind].domain) & clash)

    return [
        i
        for i, s in enumerate(g)
        if s is None
        and any(source(g[j]) for j in grid.neighbours[i])
        and not any(blocks(g[j]) for j in grid.neighbours[i])
    ]


def test_what_layouts_hand_on_is_what_the_grid_shows() -> None:
    # the open cells of each connection are handed on from grid to grid: on played
    # positions of every configuration, they are what the cards on the grid show
    frontier = chemo = 0
    for g4 in (
        game(),
        game(decks="ocean,wetland"),
        ecotone.make("biomasters", players=4, variant="2v2"),
        ecotone.make("biomasters", players=4, variant="free-for-all"),
    ):
        grid = g4.table.grid  # type: ignore[attr-defined]
        chemo_home = g4.table.chemo_home  # type: ignore[attr-defined]
        rng = random.Random(7)
        for seed in range(4):
            state = g4.start(seed)
            while not state.is_over:
                seat = state.to_move[0]
                state = state.step(seat, rng.choice(state.legal_actions(seat)))
                g = state.data.grid
                known = layout_of(g)
                if known is None:
                    continue
                for fkey, cells in known.frontier.items():
                    frontier += 1
                    chemo += fkey >> 7 >= 12
                    assert cells == _open_cells(g, grid, fkey >> 7, fkey & 127, chemo_home)
    assert frontier > 500
    assert chemo > 50  # a chemoautotroph's, kept by seat


def test_a_layout_handed_on_never_writes_into_the_one_it_came_from() -> None:
    # A play hands its layout on with the lists that do not change shared; each seat's
    # standing is filled in place when first asked, and the mover's differs between the
    # two grids: asking it of the new layout must leave the old one's unknown.
    g2 = game()
    grid = g2.table.grid  # type: ignore[attr-defined]
    state = g2.start(3)
    seat = state.to_move[0]
    play = next(a for a in state.legal_actions(seat) if isinstance(a, Play))
    after = state.step(seat, play)
    old, new = state.data.grid, after.data.grid
    (cell,) = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    forget_layouts()
    scan_seat(old, grid, 1 - seat)  # the old grid's layout, the mover's standing unknown
    before = layout_of(old)
    assert before is not None
    assert before.standing[seat] is None
    handed = before.plus(new, cell, play.card, seat)
    on_new = handed.stand(new, seat)
    assert before.standing[seat] is None
    on_old = before.stand(old, seat)  # what sharing the entry would have hidden
    assert (on_old.cap, on_old.actors) != (on_new.cap, on_new.actors)
