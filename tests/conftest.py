"""App fixtures: a fresh app and database per test, SQLite by default or DATABASE_URL."""

from __future__ import annotations

import os
import threading

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import db


@pytest.fixture
def app(tmp_path):
    """The app on its own database; CSRF off for test-client posts (tests turn it on where they check it)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/test.sqlite",
        }
    )
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.drop_all()
        db.engine.dispose()


@pytest.fixture
def client(app):
    """A test client; requests are made without an outer app context (see ecosystem.md on Babel)."""
    return app.test_client()


@pytest.fixture
def live_server(tmp_path):
    """The app on its own database behind a real HTTP server, CSRF on."""
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/browser.sqlite",
        }
    )
    with app.app_context():
        db.create_all()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(5)
    with app.app_context():
        db.drop_all()
        db.engine.dispose()
