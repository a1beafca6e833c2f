"""The bot workers' fork server loads the games and bots, and nothing of the web stack:
every worker is forked from it, and FastAPI, SQLAlchemy and the rest would cost each
start over a second (and each worker its memory) for nothing a bot uses."""

from __future__ import annotations

import subprocess
import sys

WEB_STACK = ("fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn", "pydantic")


def test_the_workers_preload_leaves_the_web_stack_out() -> None:
    # a fresh interpreter, as the fork server is: this one has imported the server
    code = (
        "import sys\n"
        "import ecotone.server.botpreload\n"
        f"print(' '.join(m for m in {WEB_STACK!r} if m in sys.modules))\n"
        "print('ecotone.games.phylo' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded, games = out.stdout.splitlines()
    assert loaded == "", f"the bot workers' preload imports {loaded}"
    assert games == "True"  # the games are loaded, once, before any worker is forked


def test_the_package_still_offers_the_app_and_its_settings() -> None:
    code = (
        "import sys\n"
        "import ecotone.server as server\n"
        "assert 'fastapi' not in sys.modules\n"
        "print(server.create_app.__name__, server.Settings.__name__)\n"
        "assert 'fastapi' in sys.modules\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["create_app", "Settings"]
