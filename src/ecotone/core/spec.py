"""What a game declares about itself before any state exists.

A :class:`GameSpec` is the game's identity card: its id and title, the player counts and
variants it supports, its options, and the facts generic tools need (is information
perfect, where chance enters, whether several seats decide at once, how long a game can
last). Simulation, the CLI, bots and the conformance harness read it instead of asking
each game with ``if`` chains.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ecotone.core.deckcode import is_code
from ecotone.core.errors import ConfigError

__all__ = ["Chance", "GameSpec", "Information", "Option", "Provenance", "Variant"]


class Information(enum.StrEnum):
    """Whether every seat sees the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Chance(enum.StrEnum):
    """Where randomness enters a game."""

    NONE = "none"
    SETUP = "setup"  # shuffles at the start only
    THROUGHOUT = "throughout"  # dice, draws from reshuffled decks and the like during play


class Provenance(enum.StrEnum):
    """Where a rule, card, tile or board cell comes from.

    ``rulebook``: the published rules; ``public``: a named public source;
    ``ecotone``: designed by the Ecotone team where both are silent.
    """

    RULEBOOK = "rulebook"
    PUBLIC = "public"
    ECOTONE = "ecotone"


@dataclass(frozen=True, slots=True)
class Variant:
    """A named way to play, with its own player range.

    ``name=None`` never appears here: the standard game is the spec's default and is
    described by :attr:`GameSpec.min_players` / :attr:`GameSpec.max_players`.

    ``defaults`` are the variant's own option defaults, in place of the options' standard
    ones when the player leaves an option out (BioMasters' free-for-all deals its own
    decks). Every surface reads them here, so a lobby shows what the game will really use.
    """

    name: str
    summary: str
    min_players: int
    max_players: int
    provenance: Provenance
    defaults: tuple[tuple[str, Any], ...] = ()

    def default(self, option: Option) -> Any:
        """The value ``option`` takes in this variant when the player leaves it out."""
        return dict(self.defaults).get(option.name, option.default)

    def player_range(self) -> str:
        """``"2-4"`` or ``"1"``: the player counts, for messages and tables."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


@dataclass(frozen=True, slots=True)
class Option:
    """A named option of a game, with a default and (optionally) its allowed values.

    Attributes:
        name, summary, default: what it is called, what it does, its value if not given.
        choices: the only values allowed (empty: any value of the default's type).
        files: the value may name files on the machine that makes the game (a player's
            deck file). Something that makes games for people elsewhere, such as the
            server, must not read its own disk for them: it calls :meth:`refuse_files`.
        ready: for such an option, the ready-made values that need no file (the decks
            that ship with the game), as comma-separated entries may list them.
        label: what a player reads as the option's name (``"Board"``); the name with
            its dashes as spaces when empty.
        value_labels: what a player reads for each value (``("classic", "Classic
            island")``); a value not listed is shown as it is.
    """

    name: str
    summary: str
    default: Any
    choices: tuple[Any, ...] = ()
    files: bool = False
    ready: tuple[str, ...] = ()
    label: str = ""
    value_labels: tuple[tuple[Any, str], ...] = ()

    @property
    def title(self) -> str:
        """The option's name as a player reads it.

        >>> Option("board-size", "how big", 5).title
        'Board size'
        """
        if self.label:
            return self.label
        words = self.name.replace("-", " ").replace("_", " ")
        return words[:1].upper() + words[1:]

    def describe(self, value: Any) -> str:
        """``value`` as a player reads it.

        >>> board = Option("board", "the board", "a", ("a", "b"), value_labels=(("a", "Atoll"),))
        >>> board.describe("a"), board.describe("b")
        ('Atoll', 'b')
        """
        for known, text in self.value_labels:
            if known == value:
                return text
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def to_json(self) -> dict[str, Any]:
        """The option for a client: name, label, summary, default, and the choices with
        their labels in the same order."""
        return {
            "name": self.name,
            "label": self.title,
            "summary": self.summary,
            "default": self.default,
            "choices": list(self.choices),
            "choice_labels": [self.describe(c) for c in self.choices],
            "files": self.files,
            "ready": list(self.ready),
        }

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise :class:`ConfigError` listing the choices."""
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ConfigError(
                "config/bad-option",
                f"option {self.name}={value!r} is not allowed; choose one of: {allowed}",
            )
        if not self.choices and not isinstance(value, type(self.default)):
            raise ConfigError(
                "config/bad-option",
                f"option {self.name}={value!r} must be a {type(self.default).__name__}",
            )
        return value

    def refuse_files(self, value: Any) -> None:
        """Refuse a value that names anything but ready-made entries, for a remote player.

        Each comma-separated entry must be empty, a deck code, or one of :attr:`ready` by
        itself or by its label (in any case); options that read no files accept anything
        here (:meth:`check` still applies).

        Raises:
            ConfigError: ``config/files-refused``, naming the ready-made values.
        """
        entry = self.named_file(value)
        if entry is not None:
            allowed = ", ".join(self.ready) or "none"
            raise ConfigError(
                "config/files-refused",
                f"option {self.name}: {entry!r} is not one of the ready-made values "
                f"({allowed}); files are read only where the game runs, not sent to "
                "a server (a deck of your own goes as its deck code)",
            )

    def named_file(self, value: Any) -> str | None:
        """The first entry of ``value`` that names a file rather than a ready-made value
        (by itself or by its label, any letter case: a built-in deck goes by its key and
        by its own name) or a deck code (``None`` when there is none, or when the option
        reads no files)."""
        if not self.files:
            return None
        ready = {r.casefold() for r in self.ready} | {
            self.describe(r).casefold() for r in self.ready
        }
        parts = value.split(",") if isinstance(value, str) else [str(v) for v in value]
        for entry in (p.strip() for p in parts):
            # a deck code carries the whole deck: no file is read for it
            if entry and entry.casefold() not in ready and not is_code(entry):
                return entry
        return None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The static facts about one game.

    Attributes:
        id: the registry id, e.g. ``"once-upon-a-forest"``.
        title: the published title.
        summary: one line saying what the game is about.
        min_players, max_players: the standard game's player range.
        variants: the other ways to play, each with its own player range.
        options: named options with defaults.
        information: perfect or imperfect.
        chance: where randomness enters.
        simultaneous: whether several seats can be asked to decide at once.
        max_steps: an upper bound on the number of decisions in any game of any
            configuration (the configured bound is :attr:`Game.max_steps`).
        rules_version: bumped whenever rules or data change what a seed and an action
            list produce, or what the golden playthroughs print; replays record it.
        replays_from: earlier rules versions whose games this one plays exactly alike
            (the same states from the same seed and actions: only text or pictures
            changed), so that their replays and saved states still load
            (:meth:`plays_alike`). A version whose rules changed is never listed.
    """

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    information: Information
    chance: Chance
    simultaneous: bool
    max_steps: int
    rules_version: str
    variants: tuple[Variant, ...] = ()
    options: tuple[Option, ...] = ()
    provenance_note: str = field(default="")
    replays_from: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # a variant's own default must be a value its option accepts: checked once, here,
        # rather than at the first game that leaves the option out
        for v in self.variants:
            for name, value in v.defaults:
                option = next((o for o in self.options if o.name == name), None)
                if option is None:
                    raise ValueError(f"{self.id}: variant {v.name} sets unknown option {name!r}")
                option.check(value)

    def plays_alike(self, rules_version: str) -> bool:
        """Whether a game recorded under ``rules_version`` plays here exactly as it was
        played: this version, or one of :attr:`replays_from`."""
        return rules_version == self.rules_version or rules_version in self.replays_from

    def variant(self, name: str | None) -> Variant | None:
        """The variant called ``name`` (``None`` is the standard game)."""
        if name is None:
            return None
        for v in self.variants:
            if v.name == name:
                return v
        names = ", ".join(v.name for v in self.variants) or "none"
        raise ConfigError(
            "config/unknown-variant",
            f"{self.title} has no variant {name!r}; variants: {names}",
        )

    def player_range(self, variant: str | None = None) -> tuple[int, int]:
        """The allowed (min, max) players of the standard game or of a variant."""
        v = self.variant(variant)
        if v is None:
            return self.min_players, self.max_players
        return v.min_players, v.max_players

    def check_config(
        self, players: int, variant: str | None, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Validate a configuration and return the full option mapping with defaults.

        Raises:
            ConfigError: for a player count, variant or option the game does not have;
                the message lists what is valid.
        """
        low, high = self.player_range(variant)
        # a count is a whole number: not a text, nor True
        whole = isinstance(players, int) and not isinstance(players, bool)
        if not whole or not low <= players <= high:
            what = f"the {variant} variant of {self.title}" if variant else self.title
            counts = str(low) if low == high else f"{low} to {high}"
            noun = "player" if high == 1 else "players"
            hint = ""
            others = [
                v for v in self.variants if whole and v.min_players <= players <= v.max_players
            ]
            if others:
                hint = "; try variant " + " or ".join(repr(v.name) for v in others)
            raise ConfigError(
                "config/bad-player-count",
                f"{what} is for {counts} {noun}, not {players if whole else repr(players)}{hint}",
            )
        known = {o.name: o for o in self.options}
        out: dict[str, Any] = {}
        for name in options:
            if name not in known:
                names = ", ".join(sorted(known)) or "none"
                raise ConfigError(
                    "config/unknown-option",
                    f"{self.title} has no option {name!r}; options: {names}",
                )
        chosen = self.variant(variant)
        for opt in self.options:
            if opt.name in options:
                out[opt.name] = opt.check(options[opt.name])
            else:
                out[opt.name] = opt.default if chosen is None else chosen.default(opt)
        return out
