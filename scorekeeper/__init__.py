"""Scorekeeper: a Canasta score keeper and referee for the table."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response

from .config import Config


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application: config, database, languages, CSRF, blueprints, errors, CLI."""
    app = Flask(__name__, instance_relative_config=True, template_folder="../templates", static_folder="../static")
    register_config(app, test_config)
    register_database(app)
    register_babel(app)
    register_csrf(app)
    register_blueprints(app)
    register_errors(app)
    register_security_headers(app)
    return app


def register_config(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Defaults, then instance/config.py, then the environment, then the test's own values."""
    app.config.from_object(Config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the API's fields in the spec's order
    os.makedirs(app.instance_path, exist_ok=True)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
        if app.config["SECRET_KEY"] == Config.SECRET_KEY:
            app.config["SECRET_KEY"] = instance_secret_key(app.instance_path)
    else:
        app.config.update(test_config)
    if not app.config.get("SQLALCHEMY_DATABASE_URI"):
        app.config["SQLALCHEMY_DATABASE_URI"] = os.environ.get("DATABASE_URL") or (
            "sqlite:///" + os.path.join(app.instance_path, "canasta.sqlite")
        )


def instance_secret_key(instance_path: str) -> str:
    """This installation's own secret key, made once and kept in instance/secret_key."""
    path = os.path.join(instance_path, "secret_key")
    try:
        with open(path, "x", encoding="ascii") as new_file:
            new_file.write(secrets.token_hex(32))
    except FileExistsError:
        pass
    with open(path, encoding="ascii") as key_file:
        return key_file.read().strip()


def register_database(app: Flask) -> None:
    """SQLAlchemy and Alembic migrations (``flask db upgrade``)."""
    from . import models  # noqa: F401  (the models register their tables)
    from .extensions import db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(app.root_path), "migrations"))
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        from .sqlite import configure_sqlite

        with app.app_context():
            configure_sqlite(db.engine)


def register_babel(app: Flask) -> None:
    """Spanish and English, from the browser or the language switch."""
    from .extensions import babel
    from .i18n import select_locale

    babel.init_app(app, locale_selector=select_locale)


def register_csrf(app: Flask) -> None:
    """CSRF on every form; the JSON API authenticates otherwise and is exempt."""
    from .api import bp as api_bp
    from .extensions import csrf

    csrf.init_app(app)
    csrf.exempt(api_bp)


def register_blueprints(app: Flask) -> None:
    """The API and the pages."""
    from .api import bp as api_bp
    from .views.games import bp as games_bp
    from .views.rules import bp as rules_bp
    from .views.site import bp as site_bp
    from .views.tools import bp as tools_bp

    app.register_blueprint(api_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(rules_bp)
    app.register_blueprint(tools_bp)
    app.register_blueprint(site_bp)
    app.context_processor(template_globals)


#: Edit links are secrets in the URL: never sent onwards in a Referer; pages are never framed.
SECURITY_HEADERS = {
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
}


def register_security_headers(app: Flask) -> None:
    """Headers on every response that keep edit links private and forms unframed."""

    @app.after_request
    def add_headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


def template_globals() -> dict[str, Any]:
    """What every template may use besides Flask's own."""
    from flask_babel import get_locale

    return {"current_locale": lambda: str(get_locale() or "en")}


def register_errors(app: Flask) -> None:
    """JSON errors under /api, never an HTML page there."""
    from .errors import register

    register(app)
