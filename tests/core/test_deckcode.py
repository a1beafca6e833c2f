"""Deck codes (ecotone.core.deckcode): round trips, refusals, and codes that keep working."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecotone.core.deckcode import MAX_NAME_BYTES, decode, encode, is_code
from ecotone.core.errors import DataError

ids = st.text("abcdefghijklmnopqrstuvwxyz-0123456789", min_size=1, max_size=12)
pools = st.lists(ids, min_size=1, max_size=150, unique=True)
tags = st.from_regex(r"[A-Z][A-Z0-9]{1,11}", fullmatch=True)


@st.composite
def decks(draw: st.DrawFn) -> tuple[str, tuple[str, ...], str, dict[str, int]]:
    tag = draw(tags)
    pool = tuple(draw(pools))
    held = draw(st.lists(st.sampled_from(pool), unique=True, max_size=len(pool)))
    counts = {c: draw(st.integers(1, 255)) for c in held}
    name = draw(st.text(max_size=30))
    return tag, pool, name, counts


def _expected_name(name: str) -> str:
    text = name.strip()
    while len(text.encode("utf-8")) > MAX_NAME_BYTES:
        text = text[:-1]
    return text


@given(decks())
def test_a_code_gives_back_its_deck(case: tuple[str, tuple[str, ...], str, dict[str, int]]) -> None:
    tag, pool, name, counts = case
    code = encode(tag, pool, name, counts)
    assert is_code(code)
    got_name, got = decode(tag, pool, code)
    assert got_name == _expected_name(name)
    assert got == counts
    assert list(got) == [c for c in pool if c in counts]  # in the pool's order
    # read in any letter case, with spaces around it, and the tag in any case
    assert decode(tag.lower(), pool, f"  {code.lower()} \n") == (got_name, got)


@given(decks(), st.lists(ids, max_size=20, unique=True))
def test_cards_appended_to_a_pool_keep_old_codes_valid(
    case: tuple[str, tuple[str, ...], str, dict[str, int]], extra: list[str]
) -> None:
    tag, pool, name, counts = case
    grown = pool + tuple(c for c in extra if c not in pool)
    assert decode(tag, grown, encode(tag, pool, name, counts))[1] == counts


def test_a_damaged_code_is_refused() -> None:
    pool = tuple(f"c{i}" for i in range(40))
    code = encode("WOOD", pool, "Night", {"c3": 2, "c17": 1, "c39": 3})
    for i in range(len("WOOD:"), len(code)):  # every single-letter change is caught here
        other = "A" if code[i] != "A" else "B"
        with pytest.raises(DataError) as info:
            decode("WOOD", pool, code[:i] + other + code[i + 1 :])
        assert info.value.code == "deck/bad-code"
    with pytest.raises(DataError, match="damaged"):
        decode("WOOD", pool, code[:-3])


def test_refusals_say_what_is_wrong() -> None:
    pool = ("oak", "fox", "owl")
    code = encode("WOOD", pool, "Night", {"owl": 2})
    with pytest.raises(DataError, match=r"another game \(WOOD\), not of SEA"):
        decode("SEA", pool, code)
    with pytest.raises(DataError, match="not a deck code"):
        decode("WOOD", pool, "my deck.toml")
    with pytest.raises(DataError, match="pool has 2 cards"):
        decode("WOOD", pool[:2], code)
    with pytest.raises(DataError, match="not a card of the pool"):
        encode("WOOD", pool, "x", {"bat": 1})


def test_a_newer_format_is_refused_by_name() -> None:
    import base64
    import hashlib

    body = bytes((2, 1, 0, 1))
    check = hashlib.blake2b(b"WOOD" + body, digest_size=2).digest()
    code = "WOOD:" + base64.b32encode(body + check).decode().rstrip("=")
    with pytest.raises(DataError, match="has format 2"):
        decode("WOOD", ("oak",), code)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("PHYLO:AEAQ", True),
        ("biomasters:aeaq", True),
        ("decks/mine.toml", False),
        ("~/deck.toml", False),
        ("C:deck", False),
        ("Enchanted Isles", False),
        ("PHYLO:AE1Q", False),  # 1 is no base32 letter
        ("", False),
    ],
)
def test_what_looks_like_a_code(text: str, code: bool) -> None:
    assert is_code(text) is code
