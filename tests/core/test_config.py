"""make(), available_games() and configuration errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ecotone
from ecotone.core.errors import ConfigError
from tests.core.toy import SPEC


def test_available_games_lists_registered_ids() -> None:
    games = ecotone.available_games()
    assert "once-upon-a-forest" in games
    assert games == sorted(games)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(ConfigError) as err:
        ecotone.make("chess", players=2)
    assert err.value.code == "config/unknown-game"
    assert "once-upon-a-forest" in err.value.message


def test_wrong_player_count_gives_the_range(toy: str) -> None:
    with pytest.raises(ConfigError, match="for 2 players, not 3") as err:
        ecotone.make(toy, players=3)
    assert err.value.code == "config/bad-player-count"


@pytest.mark.parametrize("players", ["2", True, 2.0, None])
def test_a_player_count_that_is_no_whole_number_is_refused_in_words(
    toy: str, players: object
) -> None:
    with pytest.raises(ConfigError, match=f"for 2 players, not {players!r}$") as err:
        ecotone.make(toy, players=players)  # type: ignore[arg-type]
    assert err.value.code == "config/bad-player-count"


def test_wrong_variant_lists_variants(toy: str) -> None:
    with pytest.raises(ConfigError, match="variants: short") as err:
        ecotone.make(toy, players=2, variant="long")
    assert err.value.code == "config/unknown-variant"


def test_unknown_option_lists_options(toy: str) -> None:
    with pytest.raises(ConfigError, match="options: rounds") as err:
        ecotone.make(toy, players=2, speed=3)
    assert err.value.code == "config/unknown-option"


def test_bad_option_value_lists_choices(toy: str) -> None:
    with pytest.raises(ConfigError, match="choose one of: 1, 2, 3"):
        ecotone.make(toy, players=2, rounds=9)


def test_options_get_defaults_and_spec_is_complete(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    assert game.options == {"rounds": 3}
    spec = game.spec
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.information == "imperfect"
    assert spec.simultaneous
    assert spec.max_steps == 6
    assert spec.rules_version
    assert game == ecotone.make(toy, players=2, rounds=3)
    assert "toy-bids" in repr(game)


def test_an_option_that_reads_files_accepts_only_ready_made_values_remotely() -> None:
    from ecotone.core.spec import Option

    deck = Option("deck", "a deck", "", files=True, ready=("Ocean", "Wetland"))
    for fine in ("", "ocean", "Ocean, WETLAND", ["ocean", "wetland"]):
        deck.refuse_files(fine)
    for bad in ("/etc/passwd", "mine.toml", "ocean,../x.toml", ["ocean", "~/d.toml"]):
        with pytest.raises(ConfigError) as err:
            deck.refuse_files(bad)
        assert err.value.code == "config/files-refused"
        assert "Ocean, Wetland" in err.value.message
    # an option that reads no files has nothing to refuse
    Option("seats", "a list", "").refuse_files("/etc/passwd")


def test_a_variant_sets_its_own_defaults() -> None:
    short = replace(SPEC.variants[0], defaults=(("rounds", 2),))
    spec = replace(SPEC, variants=(short,))
    assert spec.check_config(2, None, {})["rounds"] == 3
    assert spec.check_config(2, "short", {})["rounds"] == 2
    # what the player chooses still wins over the variant's default
    assert spec.check_config(2, "short", {"rounds": 1})["rounds"] == 1


def test_a_variant_default_must_be_a_value_of_its_option() -> None:
    with pytest.raises(ConfigError):
        replace(SPEC, variants=(replace(SPEC.variants[0], defaults=(("rounds", 9),)),))
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        replace(SPEC, variants=(replace(SPEC.variants[0], defaults=(("speed", 1),)),))
