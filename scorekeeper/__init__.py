"""Scorekeeper: a Canasta score keeper and referee for the table."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from typing import Any

from flask import Flask, Request, Response, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin

from .config import Config


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application: config, database, languages, CSRF, blueprints, errors, CLI."""
    app = Flask(__name__, instance_relative_config=True, template_folder="../templates", static_folder="../static")
    register_config(app, test_config)
    register_database(app)
    register_babel(app)
    register_csrf(app)
    register_limits(app)
    register_revalidation(app)
    register_blueprints(app)
    register_logging(app)
    register_errors(app)
    register_security_headers(app)
    register_cli(app)
    return app


def register_config(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Defaults, then instance/config.py, then the environment, then the test's own values."""
    app.config.from_object(Config)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the API's fields in the spec's order
    app.url_map.strict_slashes = False  # "/api/v1/games/" is "/api/v1/games", never an HTML redirect
    app.url_map.merge_slashes = False
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
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A file on this machine does not drop connections: no ping before every checkout.
        options = dict(app.config["SQLALCHEMY_ENGINE_OPTIONS"])
        options.pop("pool_pre_ping", None)
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def instance_secret_key(instance_path: str) -> str:
    """This installation's own secret key, made once and kept in instance/secret_key, readable by this
    user only (whoever reads it can sign sessions: 0600, and an older file's wider mode is narrowed)."""
    path = os.path.join(instance_path, "secret_key")
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
    else:
        with os.fdopen(descriptor, "w", encoding="ascii") as new_file:
            new_file.write(secrets.token_hex(32))
    with open(path, encoding="ascii") as key_file:
        return key_file.read().strip()


def register_logging(app: Flask) -> None:
    """No log holds a bearer secret: those the routes declare (``<secret:...>``) are hidden from the app's
    log, Werkzeug's and gunicorn's (serving.py); so once every route is registered."""
    from .web.serving import install

    install(app)


def register_database(app: Flask) -> None:
    """SQLAlchemy and Alembic migrations (``flask db upgrade``)."""
    from .store import members, models, nights  # noqa: F401  (the models register their tables)
    from .store.database import db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(app.root_path), "migrations"))
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        from .store.sqlite import configure_sqlite

        with app.app_context():
            configure_sqlite(db.engine)


def register_babel(app: Flask) -> None:
    """The app's languages, from the browser or the language switch."""
    from .web.extensions import babel
    from .web.language import install_translations, select_locale, select_timezone

    babel.init_app(app, locale_selector=select_locale, timezone_selector=select_timezone)
    install_translations(app)


def register_csrf(app: Flask) -> None:
    """CSRF on every form; the JSON API authenticates otherwise and is exempt."""
    from .api import bp as api_bp
    from .web.extensions import csrf

    csrf.init_app(app)
    csrf.exempt(api_bp)
    app.session_interface = LastingSessions()


class LastingSessions(SecureCookieSessionInterface):
    """Session cookies that outlive closing the browser (a form's token survives it: see config),
    sent only once the session holds something: an API call or a followed page gets no cookie."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The API reads no session (its token is a header): its requests do not even decode the cookie."""
        if request.path.startswith("/api/"):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Make a session that holds anything permanent, then save it as Flask does."""
        if session and not session.permanent:
            session.permanent = True
        super().save_session(app, session, response)


def register_limits(app: Flask) -> None:
    """Rate limits (limiting.py), counted where every worker and server sees the
    counts (rate_store.py); behind a proxy, the address it forwards."""
    from .store.rate_counts import counts_url
    from .web import limiting
    from .web.extensions import limiter

    if not app.config.get("RATELIMIT_STORAGE_URI"):
        shared = counts_url(app.config["SQLALCHEMY_DATABASE_URI"])
        app.config["RATELIMIT_STORAGE_URI"] = "sqlcounts://" if shared else "memory://"
        if shared:
            app.config["RATELIMIT_STORAGE_OPTIONS"] = {"url": shared}

    hops = int(app.config["PROXY_HOPS"])
    if hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    limiter.init_app(app)
    limiting.register(app)
    if limiter.enabled:
        from sqlalchemy import event

        from .store.database import db
        from .store.rate_counts import SqlCounts

        storage = limiter.storage
        if isinstance(storage, SqlCounts):
            with app.app_context():  # the counts' connections go when the app's do
                event.listen(db.engine, "engine_disposed", lambda _engine: storage.dispose())


def register_revalidation(app: Flask) -> None:
    """Unchanged followed pages answered 304 in front of the app (revalidation.py)."""
    from .web.revalidation import Revalidation

    app.wsgi_app = Revalidation(app.wsgi_app, app)  # type: ignore[method-assign]


def register_blueprints(app: Flask) -> None:
    """The API and the pages; a bearer token in an address is declared ``<secret:...>`` (web/bearer.py)."""
    from .api import bp as api_bp
    from .web import bearer, blueprints
    from .web.offline_engine import bp as engine_bp

    bearer.register(app)
    app.register_blueprint(api_bp)
    app.register_blueprint(engine_bp)
    for blueprint in blueprints():
        app.register_blueprint(blueprint)
    register_template_globals(app)


def register_security_headers(app: Flask) -> None:
    """Strict headers on every response; pages under an edit link are never stored (web/headers.py)."""
    from .web.headers import secure

    @app.after_request
    def add_headers(response: Response) -> Response:
        return secure(response, request.path)


def register_template_globals(app: Flask) -> None:
    """What every template (and every macro it imports) may use besides Flask's own: set once."""
    from flask_babel import get_locale

    from .tournament import rounded
    from .translation import short_time
    from .web.common.downloads import reader_spreadsheet
    from .web.common.numbers import number, numerals_attribute, one_decimal, points, score_pair, signed
    from .web.common.wording import (
        breakdown_rows,
        ends_game_sentence,
        finished_sentence,
        game_times,
        house_rule_lines,
        leader_sentence,
        percent,
        winner_sentence,
    )
    from .web.display import current_display
    from .web.installable import asset
    from .web.language import html_language, language_choices
    from .web.offline_engine import worker_address
    from .web.table.phone_copy import offline_words

    app.jinja_env.globals.update(
        current_locale=lambda: str(get_locale() or "en"),
        html_locale=lambda: html_language(str(get_locale() or "en")),
        language_choices=lambda: language_choices(app.config["LANGUAGES"]),
        display=current_display,
        asset=asset,
        engine_worker=worker_address,
        offline_words=offline_words,
        numerals=numerals_attribute,
        reader_spreadsheet=reader_spreadsheet,
        winner_sentence=winner_sentence,
        finished_sentence=finished_sentence,
        leader_sentence=leader_sentence,
        ends_game_sentence=ends_game_sentence,
        breakdown_rows=breakdown_rows,
        house_rule_lines=house_rule_lines,
        game_times=game_times,
    )
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["score_pair"] = score_pair
    app.jinja_env.filters["points"] = points
    app.jinja_env.filters["one_decimal"] = one_decimal
    app.jinja_env.filters["rounded"] = rounded
    app.jinja_env.filters["percent"] = percent
    app.jinja_env.filters["short_time"] = short_time


def register_cli(app: Flask) -> None:
    """Commands beside Flask-Migrate's ``flask db``: ``flask backup``."""
    from .store.backup import register

    register(app)


def register_errors(app: Flask) -> None:
    """JSON errors under /api, never an HTML page there."""
    from .web.errors import register

    register(app)
