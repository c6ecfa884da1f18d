"""The OpenAPI document: valid 3.1, every route in it, real answers match it, and schemathesis finds nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import hypothesis
import jsonschema_rs
import pytest
import schemathesis
import sqlalchemy as sa
from pydantic import TypeAdapter
from schemathesis import GenerationMode
from schemathesis.specs.openapi.definitions import OPENAPI_31_VALIDATOR

from scorekeeper.api.openapi import document
from scorekeeper.shapes import answers, requests
from scorekeeper.store.database import db
from scorekeeper.web.extensions import limiter

from .api_checks import refusals_name_the_fault
from .conftest import FIGURES, PASSES, database_url, fresh_app, this_pass
from .helpers import gunicorn_as_make_run_starts_it, stop_server
from .test_export import _ten_hands_with_an_edit

ROOT = Path(__file__).resolve().parents[1]

#: Schemathesis, bounded for CI: seeded, a few dozen examples an operation and mode over CI's two passes (each
#: pass its half, from a seed of its own: tests/conftest.py's ``this_pass``), every check on.
#: The project's schemathesis.toml says which refusals of schema-valid data are the API's to make (422 for a
#: hand that breaks a rule of Canasta, which no JSON Schema can say; 400 for a value that depends on another
#: field or on the rule set) and loads tests/api_checks.py, which holds those refusals to the project's
#: standard (naming the field or the rule). The CLI reads the same file.
EXAMPLES = 40
#: Each pass's seed for its half of EXAMPLES.
SEEDS = (20261126, 20261127)
CONFIG = ROOT / "schemathesis.toml"


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_api_keeps_its_openapi_document(app, mode):
    """Schemathesis in-process, every operation, valid and invalid data. Its lazy pytest loader does not
    run under pytest 9, so its strategies are driven here by a bounded, seeded hypothesis run."""
    config = schemathesis.Config.from_path(CONFIG)
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 13
    for operation in operations:

        @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
        @hypothesis.seed(SEEDS[this_pass()])
        @hypothesis.settings(
            max_examples=EXAMPLES // len(PASSES),
            deadline=None,
            database=None,
            suppress_health_check=list(hypothesis.HealthCheck),
        )
        def run(case):
            case.call_and_validate(additional_checks=[refusals_name_the_fault])

        try:
            run()
        except hypothesis.errors.Unsatisfiable:
            # Nothing there can be made invalid (no body; any string is a valid id): only in negative mode.
            assert mode is GenerationMode.NEGATIVE
            assert not operation.body, operation.label


def test_the_document_is_valid_openapi_3_1(client):
    served = client.get("/api/v1/openapi.json")
    assert served.status_code == 200
    OPENAPI_31_VALIDATOR.validate(served.get_json())


def test_every_api_route_is_in_the_document(app):
    documented = {
        (path, method.upper())
        for path, item in document()["paths"].items()
        for method in item
        if method != "parameters"
    }
    routed = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1/") or rule.endpoint == "api.openapi":
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule.removeprefix("/api/v1"))  # <int:side>: {side}
        routed |= {(path, method) for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routed == documented


def conforms(response, schema_name: str) -> None:
    """The answer's JSON matches a component schema of the document."""
    root = {"$ref": f"#/components/schemas/{schema_name}", "components": document()["components"]}
    jsonschema_rs.Draft202012Validator(root).validate(response.get_json())


TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}
HAND = [
    {"melds": [{"rank": "8", "naturals": 6, "jokers": 1}], "red_threes": 2, "hand": {"K": 1}},
    {"melds": [{"rank": "A", "naturals": 7}], "went_out": True},
]


def test_real_answers_match_the_document(client):
    conforms(client.get("/api/v1/rulesets/classic"), "Ruleset")
    conforms(client.post("/api/v1/score", json={"ruleset": "classic", "sides": HAND}), "ScoreResult")
    refused = client.post("/api/v1/score", json={"ruleset": "classic", "sides": [{"melds": [{"rank": "8"}]}, {}]})
    assert refused.status_code == 422
    conforms(refused, "Violations")
    created = client.post("/api/v1/games", json=TABLE)
    conforms(created, "Game")
    game = created.get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    added = client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": HAND}, headers=headers)
    conforms(added, "Game")
    again = client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": HAND}, headers=headers)
    assert again.status_code == 409
    conforms(again, "Error")
    for answer in (
        client.post(f"/api/v1/games/{game['id']}/hands", json={}),
        client.post(f"/api/v1/games/{game['id']}/hands", json={}, headers={"X-Edit-Token": "x"}),
        client.get("/api/v1/games/nothing"),
        client.post("/api/v1/score", data="x", content_type="text/plain"),
        client.post("/api/v1/score", data="[" * 2000, content_type="application/json"),
        client.post("/api/v1/score", json={"ruleset": "classic", "sides": "two"}),
    ):
        assert answer.status_code in (400, 401, 403, 404, 415)
        conforms(answer, "Error")


def test_the_document_is_made_from_the_models():
    """Every body in the document is the JSON Schema of the model that checks it, and every answer that of
    the typed dict its code is checked against: declared once, the document cannot drift from the code."""
    schemas = document()["components"]["schemas"]
    for shape, mode in [
        (requests.ScoreRequest, "validation"),
        (requests.NewGame, "validation"),
        (requests.NewHand, "validation"),
        (requests.FixedHand, "validation"),
        (answers.Game, "serialization"),
        (answers.ScoreResult, "serialization"),
    ]:
        own = TypeAdapter(shape).json_schema(mode=mode, ref_template="#/components/schemas/{model}")
        own.pop("$defs", None)
        assert schemas[shape.__name__] == own, shape.__name__


# ---- what the document says of limits, methods, texts and exported files -----------------------------


def _operations():
    """(path, METHOD, operation) of every operation in the document."""
    for path, item in document()["paths"].items():
        for method, operation in item.items():
            yield path, method.upper(), operation


def _address(path: str) -> str:
    """A path of the document with its parameters filled: no game, hand 1, side 0."""
    address = path.replace("{public_id}", "nogame").replace("{ruleset_id}", "norules")
    return "/api/v1" + address.replace("{number}", "1").replace("{side}", "0")


@pytest.mark.parametrize("limit_headers", [True, False])
def test_every_operation_that_meets_a_limit_declares_its_429_and_answers_it_with_retry_after(
    tmp_path, monkeypatch, limit_headers
):
    """With every limit at one a day, each operation is sent three times (no game behind its address, no
    token, an empty body): those a limit refuses (new games, hand saves, wrong links) are exactly those that
    declare a 429, and each 429 is the API's error with the Retry-After the document promises, even with
    flask-limiter's own headers turned off."""
    limits = dict.fromkeys(("RATE_LIMIT_NEW_GAMES", "RATE_LIMIT_HAND_SAVES", "RATE_LIMIT_WRONG_TOKENS"), "1 per day")
    settings = {"RATELIMIT_ENABLED": True, "RATELIMIT_HEADERS_ENABLED": limit_headers, **limits}
    with fresh_app(tmp_path, "limits", **settings) as app:
        limiter.reset()
        # The one limiter keeps the headers setting of the first app it served: this app's own, as a server has it.
        monkeypatch.setattr(limiter, "_headers_enabled", limit_headers)
        client = app.test_client()
        refused, declared = set(), set()
        for path, method, operation in _operations():
            if "429" in operation["responses"]:
                declared.add(operation["operationId"])
            body = {"json": {}} if "requestBody" in operation else {}
            for _ in range(3):
                answer = client.open(_address(path), method=method, query_string={"version": 0}, **body)
                if answer.status_code == 429:
                    refused.add(operation["operationId"])
                    conforms(answer, "Error")
                    assert answer.get_json()["error"] == "too_many_requests"
                    assert "Retry-After" in answer.headers, operation["operationId"]
                    assert int(answer.headers["Retry-After"]) >= 0
    assert refused == declared
    assert "scoreHand" not in declared  # scoring stores nothing and names no game: never limited
    for _path, _method, operation in _operations():
        if "429" in operation["responses"]:
            retry_after = operation["responses"]["429"]["headers"]["Retry-After"]
            assert retry_after["required"] is True
            assert retry_after["schema"] == {"type": "integer", "minimum": 0}


def test_a_method_an_api_address_does_not_take_is_a_405_in_json_with_the_methods_it_takes(client):
    """TRACE, PATCH or any other method an address does not have: 405, the API's error, and an Allow header
    listing exactly the document's methods (HEAD and OPTIONS, which every address answers, besides)."""
    paths = document()["paths"]
    for path, item in paths.items():
        documented = {method.upper() for method in item}
        for method in sorted({"TRACE", "PATCH", "PUT", "DELETE", "POST"} - documented):
            answer = client.open(_address(path), method=method)
            assert answer.status_code == 405, (method, path)
            conforms(answer, "Error")
            assert answer.get_json()["error"] == "method_not_allowed"
            allowed = {name.strip() for name in answer.headers["Allow"].split(",")}
            assert allowed - {"HEAD", "OPTIONS"} == documented, (method, path, allowed)
        options = client.options(_address(path))
        assert set(options.get_json()["allow"]) - {"HEAD", "OPTIONS"} == documented, path


def test_a_page_that_does_not_take_a_method_says_which_it_takes(client):
    answer = client.open("/rules", method="TRACE")
    assert answer.status_code == 405
    assert "GET" in answer.headers["Allow"]


def test_the_document_refuses_the_control_characters_the_api_refuses(client):
    """A name with a control character is outside the document's NewGame, as the API refuses it (a client or a
    fuzzer reading the document knows it before sending it); any other character, an emoji too, is inside."""
    schema = {"$ref": "#/components/schemas/NewGame", "components": document()["components"]}
    validator = jsonschema_rs.Draft202012Validator(schema)
    for name, valid in (("Ana\x1a", False), ("Ana\u0085", False), ("Ana\t", False), ("Ana 🂡 ñ", True)):
        table = {"ruleset": "classic", "sides": [{"players": [name, "Luis"]}, {"players": ["Bea", "Juan"]}]}
        assert validator.is_valid(table) is valid, name
        assert (client.post("/api/v1/games", json=table).status_code == 201) is valid, name


def test_an_exported_game_is_the_import_body_the_document_declares(client):
    """What GET /g/{id}/export.json writes is an ExportedGame of the document (the body of POST /games/import),
    and what the import refuses first (no format) is outside it."""
    game = _ten_hands_with_an_edit(client)
    exported = client.get(f"/g/{game['id']}/export.json")
    conforms(exported, "ExportedGame")
    assert client.post("/api/v1/games/import", json=exported.get_json()).status_code == 201
    schema = {"$ref": "#/components/schemas/ExportedGame", "components": document()["components"]}
    assert not jsonschema_rs.Draft202012Validator(schema).is_valid({})
    assert client.post("/api/v1/games/import", json={}).status_code == 400


def test_the_import_body_in_the_document_is_the_model_that_reads_a_game_file():
    """ExportedGame, the body of POST /games/import, is the JSON Schema of the model the import reads a file with
    (from the API and from the upload page), with the hands and changes it holds: declared once, as every body."""
    schemas = document()["components"]["schemas"]
    own = TypeAdapter(requests.ExportedGame).json_schema(ref_template="#/components/schemas/{model}")
    for name, schema in own.pop("$defs").items():
        assert schemas[name] == schema, name
    assert schemas["ExportedGame"] == own


# ---- the served app, limits on -----------------------------------------------------------------------

#: Examples an operation for the fuzzing and stateful phases: the coverage phase (every boundary of every
#: field, methods the document does not list, required headers left out) runs whole and takes most of the
#: time, about a minute on a busy machine; the whole run is stopped, and the test failed, after TIME_BUDGET.
SERVED_EXAMPLES = 5
TIME_BUDGET = 300


@pytest.fixture
def upgraded_database(tmp_path):
    """An empty database brought to the newest migration by `flask db upgrade`, as `make run` does; emptied
    again afterwards (on PostgreSQL it is the one test database)."""
    url = database_url(tmp_path, "served")
    with fresh_app(tmp_path, "served") as app, app.app_context():
        _drop_everything()
    environment = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_SECRET_KEY": "served"}
    flask = Path(sys.executable).parent / "flask"
    upgrade = [flask, "--app", "scorekeeper", "db", "upgrade"]
    subprocess.run(upgrade, cwd=ROOT, env=environment, check=True, capture_output=True, timeout=120)
    yield url
    with fresh_app(tmp_path, "served") as app, app.app_context():
        _drop_everything()


def _drop_everything():
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
        connection.execute(sa.text("DROP TABLE IF EXISTS rate_count"))
    db.engine.dispose()


def test_the_served_api_keeps_its_document_under_its_rate_limits(upgraded_database, tmp_path):
    """The app as `make run` serves it (gunicorn, two workers, the default config: rate limits on, counted in
    the database), fuzzed by the schemathesis CLI with every check and the project's schemathesis.toml: the
    429s the limits answer are declared, with their Retry-After; undeclared methods are 405 with Allow; no
    schema-valid body is refused but as the toml allows, no invalid one accepted."""
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.read_text() + f'\n[cache]\ndirectory = "{tmp_path / "cache"}"\n')
    with open(tmp_path / "gunicorn.log", "wb") as log:  # its access log, one line a request: no pipe to fill
        server, base = gunicorn_as_make_run_starts_it(upgraded_database, log=log)
        try:
            command = [str(Path(sys.executable).parent / "schemathesis"), "--config-file", str(config), "--no-color"]
            command += ["run", "--checks", "all", "--max-examples", str(SERVED_EXAMPLES), "--seed", "33"]
            command += ["--generation-deterministic", "--workers", "1", f"{base}/api/v1/openapi.json"]
            run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIME_BUDGET)
        except subprocess.TimeoutExpired as late:
            pytest.fail(f"schemathesis took more than {TIME_BUDGET} s: {str(late.stdout)[-5000:]}")
        finally:
            stop_server(server)
    cases = [line.strip() for line in run.stdout.splitlines() if " generated, " in line]
    FIGURES.append(f"schemathesis against gunicorn, limits on: {cases[-1] if cases else 'no cases'}")
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
    statuses = Counter(re.findall(r'" (\d{3}) ', (tmp_path / "gunicorn.log").read_text()))
    assert statuses["429"] > 100  # the limits were met, and their answers checked against the document
    assert statuses["405"] > 10  # and methods the document does not list were sent
