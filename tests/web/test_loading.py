"""How the page loads: every module of the browser client named up front (so a browser
fetches them all at once, not one level of imports after another), and every file served
to be checked again before use, so that a browser never runs old code against an
upgraded server. The first tests need no browser (Starlette's test client); the last one
loads the lobby and a match in Chromium and looks at what it fetched and why."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.web import STATIC, modules, page
from tests.server.conftest import make_settings
from tests.web.conftest import Server
from tests.web.helpers import create, wait_ready

PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh SQLite file."""
    with TestClient(create_app(make_settings(f"sqlite:///{tmp_path / 'ecotone.db'}"))) as c:
        yield c


def test_the_page_names_every_module_before_the_script_that_starts_it(
    client: TestClient,
) -> None:
    res = client.get("/")
    assert res.status_code == 200
    html = res.text
    named = PRELOAD.findall(html)
    assert named == modules()
    assert named[0] == "/static/js/main.js"  # first: the browser's first connection
    # every module on disk but the types, which only comments import
    on_disk = {"/static/" + p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.js")}
    assert on_disk - set(named) == {"/static/js/types.js"}
    assert len(set(named)) == len(named)
    assert html.index('<script type="module"') > html.rindex('rel="modulepreload"')
    for path in named:
        assert client.get(path).status_code == 200, path


def _client_at(tmp_path: Path, files: dict[str, str]) -> Path:
    """A client of a few modules in ``tmp_path`` (its index.html and ``js/...``)."""
    (tmp_path / "js").mkdir()
    (tmp_path / "index.html").write_text(
        '<html><head><script type="module" src="/static/js/main.js"></script></head></html>'
    )
    for name, text in files.items():
        (tmp_path / "js" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "js" / name).write_text(text)
    return tmp_path


def test_the_list_follows_static_imports_only(tmp_path: Path) -> None:
    static = _client_at(
        tmp_path,
        {
            "main.js": 'import { a } from "./a.js";\nimport "./side.js";\n'
            '/** @import { T } from "./types.js" */\n'
            'const later = () => import("./later.js");\n',
            "a.js": 'import { b } from "./boards/b.js";\nexport const a = 1;\n',
            "boards/b.js": 'import { a } from "../a.js";\nexport const b = 2;\n',
            "side.js": "",
            "types.js": "",
            "later.js": "",
        },
    )
    assert modules(static) == [
        "/static/js/main.js",
        "/static/js/a.js",
        "/static/js/side.js",
        "/static/js/boards/b.js",
    ]
    assert page(static).count("modulepreload") == 4


def test_an_import_of_a_missing_module_is_refused(tmp_path: Path) -> None:
    static = _client_at(tmp_path, {"main.js": 'import { x } from "./gone.js";\n'})
    with pytest.raises(ValueError, match=r"main.js imports ./gone.js: no such module"):
        modules(static)


def test_a_page_without_the_starting_script_is_refused(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><body>no client</body></html>")
    with pytest.raises(ValueError, match="no <script"):
        page(tmp_path)


@pytest.mark.parametrize("path", ["/", "/static/js/main.js", "/static/app.css"])
def test_every_file_is_checked_again_before_use(client: TestClient, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers.get("etag")
    if etag is not None:  # a file: unchanged, it costs a 304 and no body
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304
        assert again.content == b""
        assert again.headers["cache-control"] == "no-cache"


def test_the_browser_asks_for_every_module_before_it_has_read_the_first(
    page: Any, server: Server
) -> None:
    """All at once: each module the lobby and a match page use was asked for before the
    module that starts the client had even arrived, so none waited for another's imports
    to be read (a module missing from the page's list would be asked for a round trip
    later, by an import)."""
    create(page, "biome-borneo", ["you", "bot:random"])
    assert wait_ready(page) == "act"
    fetched = page.evaluate(
        """() => performance.getEntriesByType('resource')
             .filter((e) => new URL(e.name).pathname.startsWith('/static/js/'))
             .map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd])"""
    )
    paths = {path for path, _, _ in fetched}
    assert {"/static/js/main.js", "/static/js/match.js", "/static/js/boards/biome.js"} <= paths
    assert paths <= set(modules())
    arrived = {path: end for path, _, end in fetched}["/static/js/main.js"]
    late = [(path, start) for path, start, _ in fetched if start > arrived]
    assert late == [], f"asked for after main.js arrived at {arrived:.0f} ms"
