"""App fixtures: a fresh app and database per test, SQLite by default or DATABASE_URL.

Run in parallel (pytest-xdist, ``make test``), each worker has its own of everything a test writes:
its SQLite files under its own tmp_path, its servers on ports the system picks, and on PostgreSQL its
own database beside DATABASE_URL's (``canasta_test_gw0``, made at the worker's start, dropped at its end),
where the rate limits' counts live too.
"""

from __future__ import annotations

import gc
import os
import threading
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from hypothesis import settings
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.gunicorn_conf import WORKER_GC_THRESHOLD
from scorekeeper.store.database import db
from scorekeeper.web.extensions import limiter

from . import databases

databases.share_route_builders()
databases.share_compiled_templates()

#: Hypothesis' budgets stay each test's own (max_examples); its deadline (200 ms an example) goes: on cores that
#: a parallel run keeps busy, a 6 ms example once took 250 ms and failed the suite. Speed is bench/'s, not a test's.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@contextmanager
def fresh_app(tmp_path, name="test", **settings):
    """The app on its own fresh database, CSRF and rate limits off unless ``settings`` say otherwise."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,  # tests/test_rate_limits.py turns them on
        "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, name),
        **settings,
    }
    databases.set_up(config["SQLALCHEMY_DATABASE_URI"])
    app = create_app(config)
    with app.app_context():
        db.create_all()  # nothing to do on a copy of the template, or on the tables the test before left empty
    try:
        yield app
    finally:
        databases.tear_down(app)


@pytest.fixture(autouse=True)
def _no_tables_left_unless_wanted(request):
    """On PostgreSQL, the tables the test before left empty stay only for a test that takes them as they are."""
    databases.POSTGRES.drop_unless_wanted(request, os.environ.get("DATABASE_URL"))


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
    databases.set_up(config["SQLALCHEMY_DATABASE_URI"])
    app = create_app(config)
    with app.app_context():
        db.create_all()
    if limiter.enabled:
        limiter.reset()  # on PostgreSQL the counts live in the one test database: none from another test
    answering = InFlight(app.wsgi_app)
    app.wsgi_app = answering  # type: ignore[method-assign]
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
        answering.close(timeout=10)
        databases.tear_down(app)


class InFlight:
    """The test server's app, counting the requests it is answering. A browser's kept-alive connection keeps its
    request thread (a daemon) alive after the server is shut down, and a request still in the app then holds a
    pooled database connection: disposing of the engine under it would leave that connection to the garbage
    collector (psycopg's ResourceWarning, failing whichever test runs then). ``close`` refuses new requests
    (503, no database touched) and waits for those in the app to finish."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app
        self.active = 0
        self.closed = False
        self.idle = threading.Condition()

    def __call__(self, environ, start_response):
        with self.idle:
            if self.closed:
                start_response("503 Service Unavailable", [("Content-Length", "0"), ("Connection", "close")])
                return [b""]
            self.active += 1
        try:
            return self.wsgi_app(environ, start_response)
        finally:
            with self.idle:
                self.active -= 1
                self.idle.notify_all()

    def close(self, timeout):
        with self.idle:
            self.closed = True
            self.idle.wait_for(lambda: self.active == 0, timeout)


def database_url(tmp_path, name):
    """DATABASE_URL when set (the PostgreSQL pass), else a fresh SQLite file."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/{name}.sqlite"


#: The passes of CI, each on its database: ``make test`` (SQLite), then ``make pg-test`` (PostgreSQL).
PASSES = ("SQLite", "PostgreSQL")


def this_pass() -> int:
    """Which pass of CI this run is (an index of ``PASSES``). The hostile-request and schemathesis budgets are
    the suite's, sent once over both passes: each pass sends its share, drawn from seeds of its own, so that
    every database meets hostile input and no seed's requests are sent twice."""
    return 1 if os.environ.get("DATABASE_URL", "").startswith("postgresql") else 0


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


#: The tests outside tests/browser that take longest (ten seconds and more each), slowest first. A parallel
#: run starts them first, so that no worker is left running one of them while the others have finished;
#: `--durations` shows which they are.
LONGEST = (
    "tests/test_fuzz.py::",
    "tests/test_migrations_landed.py::",
    "tests/test_openapi.py::test_the_api_keeps_its_openapi_document",
    "tests/browser/test_accessibility.py::",
    "tests/test_night_servers.py::",
    "tests/test_rate_limits.py::test_a_limit_holds_across",
    "tests/test_secrets.py::test_the_access_log",
)


#: Tests whose outcome cannot depend on the database, marked ``same_on_every_database``: ``make pg-test`` (the
#: PostgreSQL pass of CI) leaves them to the SQLite pass (``make test``), which runs every test. The engine's and
#: the tournament's rules are pure (they never open a database); the browser tests of how pages look and read
#: (axe, widths, themes, print, the QR code, the service worker's copy of the reference, https behind Caddy)
#: check the same HTML whichever database stored the game, as the page's script does with a box tapped before it
#: ran; the reference's pages (fitted to a phone, another rule set chosen), the family's reading of it and the
#: catalogues are made from the rule sets and the code alone.
#: Every test that stores or reads rows runs on both.
SAME_ON_EVERY_DATABASE = (
    "tests/engine/",
    "tests/tournament/",
    "tests/test_reference_family.py",
    "tests/test_catalogues.py",
    "tests/browser/test_accessibility.py",
    "tests/browser/test_fit.py",
    "tests/browser/test_display.py",
    "tests/browser/test_print.py",
    "tests/browser/test_share.py",
    "tests/browser/test_installable.py",
    "tests/browser/test_https.py",
    "tests/browser/test_phone_engine.py",
    "tests/test_phone_engine_files.py",
    "tests/browser/test_journeys.py::test_a_box_tapped_before_the_page_script_ran_keeps_what_is_typed_next",
    "tests/browser/test_reference.py::test_no_reference_or_tool_page_scrolls_sideways",
    "tests/browser/test_reference.py::test_the_familys_topics_and_the_comparison_fit_a_phone",
    "tests/browser/test_reference.py::test_choosing_another_rule_set_in_the_reference_shows_its_rules",
)


@pytest.hookimpl(tryfirst=True)  # marked before ``-m`` chooses
def pytest_collection_modifyitems(config, items):
    marked = 0
    for item in items:
        if item.nodeid.startswith(SAME_ON_EVERY_DATABASE):
            item.add_marker(pytest.mark.same_on_every_database)
            marked += 1
    worker = os.environ.get("PYTEST_XDIST_WORKER", JOURNEYS_WORKER)  # one worker says it (or the only process)
    if marked and "not same_on_every_database" in (config.option.markexpr or "") and worker == JOURNEYS_WORKER:
        FIGURES.append(f"{marked} tests whose outcome cannot depend on the database ran in the SQLite pass only")

    def rank(item):
        return next((place for place, prefix in enumerate(LONGEST) if item.nodeid.startswith(prefix)), len(LONGEST))

    items.sort(key=rank)  # stable: the rest keep pytest's order


#: The worker that runs the browser journeys in a parallel run; the others run niced (pytest_configure).
JOURNEYS_WORKER = "gw0"
JOURNEYS = "tests/browser/"
#: Browser tests of how pages look and read (axe, widths, themes, print, the QR code, the installable app,
#: the reference): nothing in them times how soon a phone sees a change, so any worker may run them, each
#: with its own Chromium, beside the journeys.
BROWSER_LOOKS = (
    "tests/browser/test_accessibility.py",
    "tests/browser/test_fit.py",
    "tests/browser/test_display.py",
    "tests/browser/test_print.py",
    "tests/browser/test_share.py",
    "tests/browser/test_installable.py",
    "tests/browser/test_reference.py",
)
#: Tests sharing a costly fixture, kept on one worker so that it is made once a pass: the databases built by
#: the code of every landed commit (27 of them, in one subprocess: about 15 s of one core); each language's
#: journey through the pages, checked by axe in each of its themes.
TOGETHER = ("tests/test_migrations_landed.py", "tests/browser/test_accessibility.py")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """A parallel run (``make test``: ``-n``, ``--dist load``). Each test goes to the next free worker, except
    the modules of TOGETHER (each whole to one worker) and the browser journeys (every browser test but those
    of BROWSER_LOOKS): they run one after another
    on one worker of their own (JOURNEYS_WORKER), as in a
    single process: one Chromium, and no other journey's pages competing with a test that times how soon a
    phone sees a change. They start first, the longest share of work; the other workers, one more than
    the cores and niced, take the rest of the suite meanwhile, on the time the journeys leave idle."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class JourneysApart(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            if nodeid.startswith(JOURNEYS) and not nodeid.startswith(BROWSER_LOOKS):
                return JOURNEYS
            return next((module for module in TOGETHER if nodeid.startswith(module + "::")), nodeid)

        def _assign_work_unit(self, node):
            if JOURNEYS not in self.workqueue or len(self.workqueue) == 1:
                super()._assign_work_unit(node)
            elif node.gateway.id == JOURNEYS_WORKER:
                self.workqueue.move_to_end(JOURNEYS, last=False)
                super()._assign_work_unit(node)
            else:  # another unit; the journeys stay first in the queue for their worker
                journeys = self.workqueue.pop(JOURNEYS)
                super()._assign_work_unit(node)
                self.workqueue[JOURNEYS] = journeys
                self.workqueue.move_to_end(JOURNEYS, last=False)

    return JourneysApart(config, log)


def pytest_configure(config):
    """In a parallel run, a worker other than the journeys' yields the processor to them (niced); on
    PostgreSQL, each worker gets a database of its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and worker != JOURNEYS_WORKER:
        os.nice(10)
    url = os.environ.get("DATABASE_URL")
    if worker and url and not url.startswith("sqlite"):
        shared = sa.make_url(url)
        mine = shared.set(database=f"{shared.database}_{worker}")
        databases.make_database(mine)
        os.environ["DATABASE_URL"] = mine.render_as_string(hide_password=False)
        config.add_cleanup(lambda: databases.drop_database(mine))


#: Figures a test measured (e.g. the fuzz test's request count), printed at the end of the run. A test
#: appends here; the report carries them (from a worker, in a parallel run) to the summary.
FIGURES: list[str] = []
_REPORTED: list[str] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    while FIGURES:
        report.user_properties.append(("figure", FIGURES.pop(0)))
    return report


def pytest_runtest_logreport(report):
    _REPORTED.extend(value for name, value in report.user_properties if name == "figure")


def pytest_terminal_summary(terminalreporter):
    for line in _REPORTED:
        terminalreporter.write_line(line)


def pytest_collection_finish(session):
    """Once the tests are collected (every module imported), what is loaded is kept out of the garbage
    collector's walks and young objects are collected less often, as a served worker does
    (``gunicorn_conf.post_worker_init``): a full collection walked everything the process had loaded, a
    sixth of a run's time (241 tests in one process: 6.6 s of 38.9 s collecting, 2.9 s of 34.9 s now)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLD)
