"""The hand form as the phone reads it with no connection (portable/plain_form.py) is the server's hand form: the
same fields, name for name, under every rule set and table; the same record of the same values; and a record
filled back into it (a fix) gives the record again."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.catalogue import RULESETS
from scorekeeper.engine.options import configure, table_options
from scorekeeper.portable.plain_form import COUNT, PlainForm, field_kinds
from scorekeeper.translation import translate
from scorekeeper.web.table.hand_form.form import hand_form

#: Fields the page fills in itself, not the person.
UNTYPED = {"csrf_token", "expected_hands", "version", "save_key"}


def tables() -> list[tuple[str, int, int]]:
    """Every rule set with every table it is played at: (rule set, players, sides)."""
    found = []
    for ruleset_id, base in RULESETS.items():
        for players in base.players_allowed:
            found += [(ruleset_id, players, sides) for sides in base.sides_allowed if players % sides == 0]
    return found


def table_of(ruleset_id: str, players: int, sides: int) -> tuple[Any, list[str], list[list[str]]]:
    base = RULESETS[ruleset_id]
    ruleset = configure(base, table_options(base, players), sides=sides)
    seated = players // sides
    names = [f"Side {i}" for i in range(sides)]
    return ruleset, names, [[f"P{i}{k}" for k in range(seated)] for i in range(sides)]


@pytest.mark.parametrize(("ruleset_id", "players", "sides"), tables())
def test_the_phones_hand_form_has_the_servers_fields_name_for_name(app, ruleset_id, players, sides):
    ruleset, names, seated = table_of(ruleset_id, players, sides)
    with app.test_request_context():
        server = hand_form(ruleset, names, players=seated)
        served = [field.name for field in server if field.name not in UNTYPED]
    assert [name for name, _ in field_kinds(ruleset, sides, seated)] == served


def records(app: Any, ruleset: Any, names: list[str], seated: list[list[str]], values: dict[str, str]) -> tuple:
    with app.test_request_context():
        server = hand_form(ruleset, names, formdata=MultiDict(values), players=seated)
        valid = server.validate()
        server_record = server.to_record()[0] if valid else None
        phone = PlainForm(ruleset, names, seated, values.items())
        phone_record = phone.to_record(translate)[0] if not phone.problems() else None
        return valid, server_record, phone_record


#: Forms as players fill them, one for each way a hand is written.
FILLED = [
    (
        "classic",
        {
            "out": "0",
            "s0_red3": "1",
            "s0_m_K_n": "6",
            "s0_m_K_j": "1",
            "s0_m_8_n": "3",
            "s1_m_5_n": "3",
            "s1_h_K": "1",
            "s1_h_JOKER": "1",
            "s0_mode": "detailed",
            "s1_mode": "detailed",
        },
    ),
    (
        "classic",
        {
            "out": "1c",
            "s0_mode": "quick",
            "s1_mode": "quick",
            "s0_q_meld_points": "120",
            "s0_q_natural": "1",
            "s0_q_hand_points": "-35",
            "s1_q_meld_points": "300",
            "s1_q_mixed": "2",
        },
    ),
    (
        "classic",
        {
            "out": "0",
            "s0_mode": "detailed",
            "s1_mode": "detailed",
            "s0_m_A_n": "7",
            "s0_p_failed_minimum": "1",
            "s1_pc_points": "100",
            "s1_pc_reason": "Table talk",
            "s1_v_50": "1",
            "s1_v_5": "2",
        },
    ),
    (
        "burraco",
        {
            "out": "0",
            "s0_mode": "detailed",
            "s1_mode": "detailed",
            "s0_packet": "taken",
            "s1_packet": "not_taken",
            "s0_r0_suit": "H",
            "s0_r0_low": "3",
            "s0_r0_high": "9",
            "s0_r0_at": "6",
            "s0_m_K_n": "3",
            "s1_h_JOKER": "1",
            "s1_h_7": "2",
            "s0_discard": "5c",
        },
    ),
    (
        "buraco",
        {
            "out": "1",
            "s0_mode": "detailed",
            "s1_mode": "detailed",
            "s0_packet": "taken",
            "s1_packet": "taken",
            "s1_r0_suit": "S",
            "s1_r0_low": "A",
            "s1_r0_high": "7",
            "s1_r0_at": "4",
        },
    ),
    (
        "samba",
        {
            "out": "0",
            "s0_mode": "detailed",
            "s1_mode": "detailed",
            "s0_sq0_low": "4",
            "s0_sq0_high": "10",
            "s0_m_Q_n": "4",
        },
    ),
]


@pytest.mark.parametrize(("ruleset_id", "values"), FILLED)
def test_the_phone_makes_the_servers_record_of_the_same_values(app, ruleset_id, values):
    ruleset, names, seated = table_of(ruleset_id, 4, 2)
    valid, server_record, phone_record = records(app, ruleset, names, seated, values)
    assert valid
    assert phone_record == server_record


@pytest.mark.parametrize(("ruleset_id", "values"), FILLED)
def test_a_record_filled_back_into_the_phones_form_is_the_same_record(app, ruleset_id, values):
    ruleset, names, seated = table_of(ruleset_id, 4, 2)
    _, record, _ = records(app, ruleset, names, seated, values)
    with app.test_request_context():
        phone = PlainForm(ruleset, names, seated)
        phone.load_record(record)
        again = PlainForm(ruleset, names, seated, phone.values()).to_record(translate)[0]
    assert again == record


def test_a_count_that_is_no_whole_number_is_named_by_the_phone_as_by_the_server(app):
    ruleset, names, seated = table_of("classic", 4, 2)
    phone = PlainForm(ruleset, names, seated, [("s0_m_K_n", "seven")])
    assert phone.problems() == [("s0_m_K_n", "Type a whole number.")]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])  # the app only gives contexts
@given(
    ruleset_id=st.sampled_from(["classic", "burraco", "samba", "modern_american"]),
    counts=st.dictionaries(st.integers(0, 400), st.integers(0, 9), max_size=12),
)
def test_any_counts_typed_make_the_same_record_on_the_phone_as_on_the_server(app, ruleset_id, counts):
    players = 4
    ruleset, names, seated = table_of(ruleset_id, players, 2)
    boxes = [name for name, kind in field_kinds(ruleset, 2, seated) if kind == COUNT and "red3" not in name]
    values = {boxes[index % len(boxes)]: str(count) for index, count in counts.items()}
    values |= {"s0_mode": "detailed", "s1_mode": "detailed", "s0_packet": "taken", "s1_packet": "taken"}
    valid, server_record, phone_record = records(app, ruleset, names, seated, values)
    if valid:
        assert phone_record == server_record
