"""The OpenAPI document: valid 3.1, every route in it, real answers match it, and schemathesis finds nothing."""

from __future__ import annotations

import hypothesis
import jsonschema_rs
import pytest
import schemathesis
from pydantic import TypeAdapter
from schemathesis import GenerationMode
from schemathesis.specs.openapi.definitions import OPENAPI_31_VALIDATOR

from scorekeeper.api.openapi import document
from scorekeeper.shapes import answers, requests

#: Schemathesis, bounded for CI: derandomized, a few dozen examples an operation and mode, every check on.
#: Positive data may also be refused with 422 (schema-valid JSON that breaks a rule of Canasta, which
#: no JSON Schema can say) or 400 (an option value the engine refuses): `refusals_name_the_fault`
#: below holds those refusals to the project's standard, naming the field or the rule.
EXAMPLES = 40
FUZZ_CONFIG = {
    "checks": {
        "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "422", "429"]}
    },
}


@schemathesis.check
def refusals_name_the_fault(ctx, response, case):
    """Every 400 names its field; every 422 lists rules, each with its id, sentence and help link."""
    if response.status_code == 400:
        body = response.json()
        if body.get("error") != "invalid_json":
            assert body.get("field"), f"400 without a field: {body}"
    if response.status_code == 422:
        for violation in response.json()["errors"]:
            assert violation["rule"], violation
            assert violation["message"], violation
            assert violation["help"], violation


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_api_keeps_its_openapi_document(app, mode):
    """Schemathesis in-process, every operation, valid and invalid data. Its lazy pytest loader does not
    run under pytest 9, so its strategies are driven here by a bounded, derandomized hypothesis run."""
    config = schemathesis.Config.from_dict(FUZZ_CONFIG)
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 13
    for operation in operations:

        @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
        @hypothesis.settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
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
        path = rule.rule.removeprefix("/api/v1").replace("<int:number>", "{number}").replace("<int:side>", "{side}")
        path = path.replace("<public_id>", "{public_id}").replace("<ruleset_id>", "{ruleset_id}")
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
