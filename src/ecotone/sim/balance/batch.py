"""Playing a balance batch: on local processes or on Ray, kept game by game, resumable.

A batch is ``games`` games of one configured game, game ``i`` dealt with
``game_seed(seed, i)`` and seated by ``seat_order(players, i, rotate=True)``, exactly as
``ecotone simulate --rotate`` deals and seats them. Each game depends on its index and
the batch's seed only, so the records are the same whether the games are played in one
process, in several, or on a Ray cluster, and in whatever order they finish.

Every finished game is appended to ``games.jsonl`` in the batch's folder at once (the
folder's ``batch.json`` says which batch it holds). Played again with the same folder,
the batch skips the games already there: an interrupted run loses at most the games
that were being played, and asking for more games plays only the new ones.

An option may name a file (a deck file: ``-o decks=mine.toml,wetland``), which the game
reads when it is made. The folder must not go on with games played from an earlier
version of that file, so the batch's identity holds the digest of every file its options
(or its deck rotation) name (:func:`named_files`): a changed file makes another batch.
Nothing here knows which options name files: any option value, or comma-separated part
of one, that is the path of an existing file counts.

A batch may also rotate the seats through a game's decks (``--decks``, a
:class:`~ecotone.sim.balance.decks.DeckRotation`): game ``i`` then plays the deck pairing
and the deal the rotation gives it, and keeps each seat's deck in its record; it still
depends on its index and the seed only.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import msgspec

from ecotone.core.errors import ConfigError
from ecotone.core.game import Game
from ecotone.core.registry import game_class
from ecotone.sim.balance.decks import DeckRotation, seat_decks, seated
from ecotone.sim.balance.record import GameRecord, item_ids, play_record
from ecotone.sim.pool import play_chunks
from ecotone.sim.runner import (
    check_bots,
    game_of,
    game_seed,
    lineup_for,
    seat_order,
    unplayed,
)

__all__ = [
    "BATCH_FILE",
    "GAMES_FILE",
    "Plan",
    "load_records",
    "named_files",
    "play_games",
    "run_batch",
]

GAMES_FILE = "games.jsonl"
BATCH_FILE = "batch.json"

Job = tuple[int, int]  # (index, deal seed)
Played = Generator[list[GameRecord], None, None]  # each finished chunk's records


def named_files(config: dict[str, Any], rotation: DeckRotation | None = None) -> dict[str, str]:
    """Every existing file the game's options (and the deck rotation) name, with the
    SHA-256 digest of its contents: ``{"mine.toml": "sha256:9f2c..."}``.

    A text option's value counts, and so does each of its comma-separated parts (a deck
    option lists one deck per seat); a path is read as the game reads it, from the
    current folder with ``~`` expanded. A value that names no file (a built-in deck, a
    deck code, a number) is left out, so a batch without files has none.
    """
    named: list[str] = []
    for value in config["options"].values():
        if isinstance(value, str):
            named += [value, *value.split(",")]
    if rotation is not None:
        named += rotation.decks
    out: dict[str, str] = {}
    for name in (n.strip() for n in named):
        if not name or name in out:
            continue
        path = Path(name).expanduser()
        try:
            if path.is_file():
                out[name] = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            continue  # unreadable: the game says so when it reads it
    return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class Plan:
    """What a batch plays: the configured game, the bots, how many games, the seed.

    Attributes:
        config: the game's configuration (``Game.config``: game, players, variant, options).
        lineup: one bot spec per seat; the lineup turns one seat per game.
        games: how many games.
        seed: the batch's seed.
        rules_version: the game's rules version (a batch of other rules is not resumed).
        rotation: the decks the seats turn through (``None``: the decks of ``config``).
        files: the files the options name, with their contents' digests
            (:func:`named_files`), read when the plan is made.
    """

    config: dict[str, Any]
    lineup: list[str]
    games: int
    seed: int
    rules_version: str
    rotation: DeckRotation | None = None
    files: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        game: Game[Any],
        bots: Sequence[str],
        games: int,
        seed: int,
        rotation: DeckRotation | None = None,
    ) -> Plan:
        """The plan for ``games`` games of ``game`` between ``bots`` (one, or one per seat),
        with the seats' decks from ``rotation`` when given.

        Raises:
            ConfigError: for fewer than one game, a lineup of the wrong length, a bot
                that does not exist or refuses its options, or a deck the game refuses.
            DataError: for a deck that breaks the game's deck rules.
        """
        if games < 1:
            raise ConfigError("config/bad-games", f"a batch needs at least 1 game, not {games}")
        lineup = lineup_for(bots, game.players)
        check_bots(lineup, game)
        config = dict(game.config)
        files = named_files(config, rotation)
        plan = cls(config, lineup, games, seed, game.spec.rules_version, rotation, files)
        if rotation is not None:
            # every seating made once now, so a refused deck fails before any game is played
            for index in range(min(games, 2 * len(rotation.pairings))):
                plan.make_game(index)
        return plan

    def identity(self) -> dict[str, Any]:
        """Everything that decides the games but their number (``batch.json``)."""
        out = {
            "config": self.config,
            "lineup": self.lineup,
            "seed": self.seed,
            "rules_version": self.rules_version,
            "rotate": True,
        }
        if self.rotation is not None:
            out["decks"] = self.rotation.to_json()
        if self.files:  # a batch naming no file keeps the identity it always had
            out["files"] = self.files
        return out

    def config_of(self, index: int) -> dict[str, Any]:
        """The configuration game ``index`` is played with."""
        if self.rotation is None:
            return self.config
        return seated(self.config, self.rotation.seating(index, int(self.config["players"])))

    def deal(self, index: int) -> int:
        """The seed that deals game ``index``."""
        if self.rotation is None:
            return game_seed(self.seed, index)
        return self.rotation.deal(self.seed, index)

    def decks(self, index: int) -> list[str]:
        """Each seat's deck in game ``index`` (``[]`` for a game without decks)."""
        if self.rotation is None:
            return seat_decks(self.config)
        return self.rotation.seating(index, int(self.config["players"]))

    def make_game(self, index: int = 0) -> Game[Any]:
        """The game ``index`` is played with, made afresh (in a worker process, say)."""
        return game_of(self.config_of(index))


# -- the folder -------------------------------------------------------------------------------

_decoder = msgspec.json.Decoder(GameRecord)
_encoder = msgspec.json.Encoder()


def load_records(folder: Path) -> list[GameRecord]:
    """The games kept in ``folder``, in no particular order; a torn last line is skipped."""
    path = folder / GAMES_FILE
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().splitlines():
        if not line.strip():
            continue
        try:
            out.append(_decoder.decode(line))
        except msgspec.DecodeError:
            continue  # the line a process was writing when it was stopped
    return out


def _claim(folder: Path, plan: Plan) -> None:
    """Make the folder this batch's, or check that it already is.

    Raises:
        ConfigError: when the folder holds games of another batch.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / BATCH_FILE
    identity = plan.identity()
    if path.exists() and (folder / GAMES_FILE).exists():
        try:
            held = msgspec.json.decode(path.read_bytes())
        except msgspec.DecodeError:
            held = None
        if isinstance(held, dict) and held.get("rules_version") != plan.rules_version:
            # games kept under an earlier version this one plays alike are this batch's
            # (only the game's text changed since): the batch goes on under this version
            spec = game_class(plan.config["game"]).spec
            if spec.plays_alike(str(held.get("rules_version"))):
                held["rules_version"] = plan.rules_version
        wanted = msgspec.json.decode(msgspec.json.encode(identity))
        if held != wanted:
            raise ConfigError("balance/other-batch", _other_batch(folder, held, wanted))
    path.write_bytes(msgspec.json.format(msgspec.json.encode(identity)) + b"\n")


def _other_batch(folder: Path, held: Any, wanted: dict[str, Any]) -> str:
    """Why ``folder``'s games are another batch's, in words: a file that changed when only
    the files differ, else what a batch is made of."""
    where = f"choose another output folder or delete {folder / GAMES_FILE}"
    if isinstance(held, dict):
        before, now = held.get("files", {}), wanted.get("files", {})
        others = {k: v for k, v in held.items() if k != "files"}
        if isinstance(before, dict) and others == {k: v for k, v in wanted.items() if k != "files"}:
            changed = sorted(n for n in {*before, *now} if before.get(n) != now.get(n))
            one = len(changed) == 1
            return (
                f"{folder} holds the games of another batch: the file{'' if one else 's'} "
                f"{', '.join(changed)} {'has' if one else 'have'} changed since they were "
                f"played (the contents are not those {folder / BATCH_FILE} records); put "
                f"{'it' if one else 'them'} back as before, or {where}"
            )
    return (
        f"{folder} holds the games of another batch (other game, options, bots, seed, rules "
        f"version or the contents of a file the options name); {where}"
    )


def _open_for_append(folder: Path) -> IO[bytes]:
    path = folder / GAMES_FILE
    handle = path.open("ab+")
    # A run stopped mid-line leaves a torn record: cut it off so the next one starts on
    # a line of its own.
    size = handle.seek(0, 2)
    if size:
        handle.seek(size - 1)
        if handle.read(1) != b"\n":
            data = path.read_bytes()
            handle.truncate(data.rfind(b"\n") + 1)
    handle.seek(0, 2)
    return handle


# -- playing ----------------------------------------------------------------------------------


class _Player:
    """Plays a batch's games, each game made once per configuration (a rotation has a few)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.made: dict[str, tuple[Game[Any], frozenset[str]]] = {}

    def play(self, index: int, seed: int) -> GameRecord:
        config = self.plan.config_of(index)
        key = msgspec.json.encode(config).decode()
        if key not in self.made:
            game = self.plan.make_game(index)
            self.made[key] = (game, item_ids(game))
        game, items = self.made[key]
        decks = self.plan.decks(index)
        return play_record(game, index, seed, self.plan.lineup, items, decks=decks)


def _play_chunk(plan: Plan, jobs: Sequence[Job]) -> list[GameRecord]:
    """Play ``jobs`` (index, seed) of a batch; runs in a worker (a process or a Ray task)."""
    player = _Player(plan)
    return [player.play(index, seed) for index, seed in jobs]


def play_games(plan: Plan, indices: Sequence[int]) -> Generator[GameRecord, None, None]:
    """Play games ``indices`` of ``plan`` in this process, yielding each record as it ends
    (the games a batch plays, without its folder)."""
    player = _Player(plan)
    for index in indices:
        yield player.play(index, plan.deal(index))


def _chunks(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    # Small chunks keep every worker busy to the end, the progress bar moving, and an
    # interrupt from losing more than a few games per worker (a chunk is kept when it
    # ends). The chunking never changes a game, only who plays it.
    size = max(1, min(4, math.ceil(len(jobs) / (workers * 8))))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def _failed(plan: Plan, chunk: Sequence[Job], exc: BaseException) -> list[GameRecord]:
    """Records for games whose worker died: the error, no outcome."""
    players = len(plan.lineup)
    return [
        GameRecord(
            result=unplayed(index, seed, plan.lineup, seat_order(players, index, True), exc),
            decks=plan.decks(index),
        )
        for index, seed in chunk
    ]


def _played(plan: Plan, chunks: list[list[Job]], workers: int, ray: str | None) -> Played:
    if workers <= 1 and not ray:
        # In this process, each game is kept as soon as it ends: an interrupt loses none.
        player = _Player(plan)
        for chunk in chunks:
            for index, seed in chunk:
                yield [player.play(index, seed)]
        return
    yield from play_chunks(_play_chunk, plan, chunks, _failed, workers=workers, ray=ray)


def run_batch(
    plan: Plan,
    folder: Path,
    *,
    workers: int = 1,
    ray: str | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play the games of ``plan`` not yet kept in ``folder``; return all of them, in order.

    Args:
        plan: what to play.
        folder: where the games are kept (``games.jsonl``) as each finishes.
        workers: local processes (ignored with ``ray``).
        ray: ``"local"`` to start Ray on this machine, or a Ray cluster's address.
        on_progress: called with the number of games just finished (kept games count at
            once, as finished, when the batch starts).

    Raises:
        ConfigError: when ``folder`` holds another batch's games, or Ray is asked for and
            not installed.
    """
    _claim(folder, plan)
    kept = {r.result.index: r for r in load_records(folder) if r.result.index < plan.games}
    if on_progress is not None and kept:
        on_progress(len(kept))
    jobs = [(i, plan.deal(i)) for i in range(plan.games) if i not in kept]
    if jobs:
        chunks = _chunks(jobs, max(1, workers))
        batches = _played(plan, chunks, workers, ray)
        # closing(): an interrupt while a game is being written still stops the workers
        # (cancels what has not started) before it leaves this function.
        with _open_for_append(folder) as sink, contextlib.closing(batches):
            for done in batches:
                for record in done:
                    sink.write(_encoder.encode(record) + b"\n")
                    kept[record.result.index] = record
                sink.flush()
                if on_progress is not None:
                    on_progress(len(done))
    return [kept[i] for i in sorted(kept)]
