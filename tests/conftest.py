"""App fixtures: a fresh app and database per test, SQLite by default or DATABASE_URL."""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.store.database import db
from scorekeeper.web.extensions import limiter


@contextmanager
def fresh_app(tmp_path, name="test", **settings):
    """The app on its own fresh database, CSRF and rate limits off unless ``settings`` say otherwise."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,  # tests/test_rate_limits.py turns them on
            "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, name),
            **settings,
        }
    )
    with app.app_context():
        db.create_all()
    try:
        yield app
    finally:
        with app.app_context():
            db.drop_all()
            db.engine.dispose()


@pytest.fixture
def app(tmp_path):
    """The app on its own database; CSRF off for test-client posts (tests turn it on where they check it)."""
    with fresh_app(tmp_path) as made:
        yield made


@pytest.fixture
def client(app):
    """A test client; requests are made without an outer app context (see ecosystem.md on Babel)."""
    return app.test_client()


@contextmanager
def serving(config):
    """The app with ``config`` on its own database behind a real threaded HTTP server; yields its URL."""
    app = create_app(config)
    with app.app_context():
        db.create_all()
    if limiter.enabled:
        limiter.reset()  # on PostgreSQL the counts live in the one test database: none from another test
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
        with app.app_context():
            db.drop_all()
            db.engine.dispose()


def database_url(tmp_path, name):
    """DATABASE_URL when set (the PostgreSQL pass), else a fresh SQLite file."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/{name}.sqlite"


@pytest.fixture
def live_server(tmp_path):
    """The app on its own database behind a real HTTP server, CSRF on."""
    with serving({"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "browser")}) as url:
        yield url


@pytest.fixture
def form_server(tmp_path):
    """A real HTTP server whose forms take posts without a CSRF token (for races between phones)."""
    config = {
        "SECRET_KEY": "t",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "forms"),
    }
    with serving(config) as url:
        yield url


#: Figures a test measured (e.g. the fuzz test's request count), printed at the end of the run.
FIGURES: list[str] = []


def pytest_terminal_summary(terminalreporter):
    for line in FIGURES:
        terminalreporter.write_line(line)
