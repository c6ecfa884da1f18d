"""Schemathesis checks of the project's own (loaded by schemathesis.toml's hooks, so in the CLI too)."""

from __future__ import annotations

import schemathesis


@schemathesis.check
def refusals_name_the_fault(ctx, response, case):
    """Every 400 of the API names its field; every 422 lists rules, each with its id, sentence and help link."""
    if response.status_code == 400:
        body = response.json()
        if body.get("error") != "invalid_json":
            assert body.get("field"), f"400 without a field: {body}"
    if response.status_code == 422:
        for violation in response.json()["errors"]:
            assert violation["rule"], violation
            assert violation["message"], violation
            assert violation["help"], violation
