"""``HEAD`` is answered wherever a page or a static file answers ``GET``: the same status
and headers (an uptime monitor, a link checker or a cache asks this way)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_pages_and_static_files_answer_head(client: TestClient) -> None:
    for path in ("/", "/static/js/main.js", "/docs", "/openapi.json"):
        got = client.get(path)
        head = client.head(path)
        assert (head.status_code, got.status_code) == (200, 200), path
        assert head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers.get("cache-control") == got.headers.get("cache-control"), path
    # an address that answers nothing answers HEAD with the same refusal
    assert client.head("/no-such-page").status_code == 404
