"""The `ecotone` command itself: no command is a usage error, and help says every default."""

from __future__ import annotations

import argparse

import pytest

from ecotone.cli.main import SEARCHING_COMMANDS, build_parser, main


def test_no_command_prints_the_help_and_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main([])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "usage: ecotone" in err
    assert "simulate" in err  # the commands are listed
    assert err.splitlines()[-1] == "ecotone: error: a command is needed (see 'ecotone --help')"


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["decks", "phylo", "check", "my.deck"], "ecotone decks --help"),
        (["play", "phylo", "--bogus"], "ecotone play --help"),
        (["--bogus"], "ecotone --help"),
    ],
)
def test_an_argument_nobody_takes_points_to_its_commands_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], hint: str
) -> None:
    assert main(argv) == 2
    extra = " ".join(argv[2:] or argv)
    assert (
        capsys.readouterr().err
        == f"ecotone: error: unrecognized arguments: {extra} (see '{hint}')\n"
    )


def test_asking_for_help_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert "usage: ecotone" in out
    assert err == ""


def _commands() -> dict[str, argparse.ArgumentParser]:
    commands = build_parser().commands
    assert commands is not None
    return dict(commands.choices)


@pytest.mark.parametrize("command", sorted(_commands()))
def test_every_option_says_its_default(command: str) -> None:
    parser = _commands()[command]
    formatter = parser._get_formatter()
    for action in parser._actions:
        takes_value = action.option_strings and action.nargs != 0
        if not takes_value or action.required or action.help == argparse.SUPPRESS:
            continue
        text = formatter._expand_help(action) if action.help else ""
        assert "default" in text, f"ecotone {command} {action.option_strings[0]}: {text!r}"


def test_a_default_is_shown_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "games to play (default: 100)" in out  # added from the parser's default
    # an option whose help speaks of its default keeps its own words only
    assert out.count("(default: random, reported)") == 1
    assert "(default: None)" not in out
    assert "(default: [])" not in out


def test_every_command_that_tunes_for_bots_is_a_command() -> None:
    commands = build_parser().commands
    assert commands is not None
    assert set(commands.choices) >= SEARCHING_COMMANDS
