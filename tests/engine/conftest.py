"""Fixtures for engine tests: rule sets by id, configured the way a game would."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scorekeeper.engine import RULESETS, RuleSet, configure


@pytest.fixture
def rules() -> Callable[..., RuleSet]:
    """``rules("classic", sides=2, canastas_to_go_out=2)``: a configured rule set."""

    def build(ruleset_id: str, sides: int | None = None, **options: object) -> RuleSet:
        return configure(RULESETS[ruleset_id], options, sides=sides)

    return build
