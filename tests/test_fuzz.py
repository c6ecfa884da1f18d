"""Hostile requests across the API and the form routes: whatever is sent, never a server error.

Seeded and bounded: 14,000 requests, sent once over CI's two passes (half on SQLite, half on PostgreSQL, each
pass with seeds of its own: tests/conftest.py's ``this_pass``), each pass's half in four parts; each part's
figure is printed in pytest's summary. Bodies start from valid ones and are mutated: values swapped for hostile ones
(NUL, lone surrogates, control characters, huge or negative numbers, wrong types, long text,
deep nesting), fields dropped or invented; addresses get hostile ids and query strings.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
from collections import Counter
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from .conftest import FIGURES, PASSES, this_pass
from .test_night_pages import SETTINGS

#: The hostile requests of the whole suite, over both passes.
REQUESTS = 14_000
SEED = 20261123
#: A pass's requests are sent in parts, each on its own arena with its own seed, so that a parallel run spreads
#: them over its workers (one test of 14,000 was the suite's longest pole); the parts of both passes together
#: send REQUESTS.
PARTS = 4
HOSTILE_TEXT = [
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "1e309",
    "NaN",
    "99999999999999999999999",
    "-99999999999999999999999",
    "\x00",
    "a\x00b",
    "\x07\x1b[2J",
    "\n\r\t",
    "\ud800",
    "\udfff",
    "🃏" * 50,
    "ñandú",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "%ff%fe",
    "x" * 5000,
    "K",
    "JOKER",
    "3R",
    "true",
    "null",
]
HOSTILE_JSON: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**30,
    -(10**30),
    2**63,
    "",
    [],
    {},
    [[[[[[]]]]]],
    {"a": {"b": {"c": {}}}},
    list(range(100)),
    {"rank": "K"},
    *HOSTILE_TEXT,
]
TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}
HAND = [
    {
        "melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}],
        "red_threes": 2,
        "hand": {"K": 1, "JOKER": 1},
        "penalties": [{"points": 100, "reason": "x"}],
    },
    {"melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}], "went_out": True},
]
#: A Burraco hand (the family's club games: melds as cards, a packet each side, how a side went out).
FAMILY_HAND = [
    {
        "melds": [
            {"cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], "claim": "clean"},
            {"rank": "K", "naturals": 3},
        ],
        "packet": "taken",
        "went_out": "discard",
        "closing_discard": "5C",
    },
    {"melds": [{"cards": ["QS", "KS", "AS"]}], "packet": "not_taken", "hand": ["JK", "AD", "4C"]},
]
FAMILY_QUICK = [
    {
        "meld_points": 320,
        "canastas": {"clean": 1, "semi": 1},
        "hand_points": 0,
        "packet": "taken",
        "went_out": "discard",
    },
    {"meld_points": 60, "hand_points": 25, "packet": "not_taken"},
]
QUICK = [
    {"meld_points": 300, "canastas": {"natural": 1, "mixed": 0, "wild": 0}, "hand_points": -20},
    {"hand": {"5": 2}},
]
FORM = {
    "expected_hands": "1",
    "version": "1",
    "out": "1",
    "s0_mode": "detailed",
    "s1_mode": "quick",
    "s0_m_8_n": "6",
    "s0_m_8_j": "1",
    "s0_m_4_n": "3",
    "s0_red3": "2",
    "s0_h_K": "1",
    "s0_v_50": "1",
    "s0_pc_points": "50",
    "s0_pc_reason": "x",
    "s1_q_meld_points": "300",
    "s1_q_natural": "1",
    "s1_q_hand_points": "-20",
    "s0_x0_rank": "K",
    "s0_x0_n": "3",
}
NEW_GAME = {
    "seat_0": "Ana",
    "seat_1": "Bea",
    "seat_2": "Luis",
    "seat_3": "Juan",
    "team_0": "",
    "mode": "target",
    "target": "5000",
    "hands": "4",
    "first_dealer": "0",
    "opt_canastas_to_go_out": "1",
    "opt_tie_policy": "draw",
}


def mutate_json(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A copy of ``value`` with one hostile change somewhere in it."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        changed = dict(value)
        roll = rng.random()
        if roll < 0.1:
            del changed[key]
        elif roll < 0.2:
            changed[rng.choice(HOSTILE_TEXT)] = rng.choice(HOSTILE_JSON)
        else:
            changed[key] = mutate_json(value[key], rng, depth + 1)
        return changed
    if isinstance(value, list) and value and rng.random() < 0.8:
        changed_list = list(value)
        index = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.1:
            changed_list.append(copy.deepcopy(rng.choice(value)))
        elif roll < 0.2:
            del changed_list[index]
        else:
            changed_list[index] = mutate_json(value[index], rng, depth + 1)
        return changed_list
    return copy.deepcopy(rng.choice(HOSTILE_JSON))


def mutate_form(form: dict[str, str], rng: random.Random) -> dict[str, str]:
    """A form with a few boxes holding hostile text (and maybe a box the form never had)."""
    changed = dict(form)
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.15:
            changed.pop(rng.choice(list(changed)), None)
        elif roll < 0.3:
            changed[rng.choice(["s0_p_x", "s9_m_K_n", "s0_m_Z_n", "partners", "out", "s0_x1_rank"])] = rng.choice(
                HOSTILE_TEXT
            )
        else:
            changed[rng.choice(list(form))] = rng.choice(HOSTILE_TEXT)
    return changed


def q(text: str) -> str:
    """Text for an address, percent-encoded as a browser would send it (broken characters too)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def form_body(form: dict[str, str]) -> dict[str, Any]:
    """A form post's keyword arguments, its values encoded as a browser would (broken characters too)."""
    encoded = {key.encode("utf-8", "surrogatepass"): v.encode("utf-8", "surrogatepass") for key, v in form.items()}
    return {"data": urlencode(encoded), "content_type": "application/x-www-form-urlencoded"}


def raw_body(rng: random.Random) -> bytes:
    """Bytes that are not quite JSON: deep nesting, broken UTF-8, truncation."""
    return rng.choice(
        [
            b"[" * 5000,
            b'{"ruleset": "classic", "sides": [' * 300,
            b"\xff\xfe\x00garbage",
            b'{"ruleset": "\xed\xa0\x80"}',
            json.dumps({"ruleset": "classic", "sides": HAND}).encode()[: rng.randint(1, 200)],
            b"",
            b"null",
            b'"\\ud800"',
        ]
    )


@pytest.fixture
def arena(client):
    """Games to aim at: classic with a hand, es_tradicional with penalties, a cutthroat three."""
    game = client.post("/api/v1/games", json=TABLE).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": HAND}, headers=headers)
    tradicional = client.post(
        "/api/v1/games", json={**TABLE, "ruleset": "es_tradicional", "options": {"target_rule": "exceed"}}
    ).get_json()
    cutthroat = client.post(
        "/api/v1/games",
        json={
            "ruleset": "classic_3p",
            "sides": [{"players": ["A"]}, {"players": ["B"]}, {"players": ["C"]}],
            "options": {"cutthroat": True},
        },
    ).get_json()
    burraco = client.post("/api/v1/games", json={**TABLE, "ruleset": "burraco"}).get_json()
    burraco["family"] = True
    halves = client.post("/api/v1/games", json={**TABLE, "recording": "halves"}).get_json()
    for side, entry in enumerate(HAND):  # hand 1 made of halves, hand 2 in play
        client.put(
            f"/api/v1/games/{halves['id']}/hands/1/halves/{side}",
            json={"entry": entry, "version": 0},
            headers={"X-Side-Token": halves["side_tokens"][side]},
        )
    club = client.post("/clubs/new", data={"name": "Club del arena", "best_of": ""}).headers["Location"]
    board = client.post("/nights/new", data={**NIGHT, "club": club.removeprefix("/c/")}).headers["Location"]
    for first, second in (("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani")):
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    page = client.get(board).get_data(as_text=True)
    halves["night"] = {
        "board": board,
        "public": re.search(r"/night/[\w-]+", page).group(0),
        "cards": re.search(r"/night/t/[\w-]+", client.get(board + "/cards").get_data(as_text=True)).group(0),
        "door": re.search(r"/night/[\w-]+/join/[\w-]+", page).group(0),
        "club": club,
    }
    return [game, tradicional, cutthroat, burraco, halves]


def hostile_request(client, games: list[dict[str, Any]], rng: random.Random) -> int:
    """Send one hostile request; its status."""
    game = rng.choice(games)
    gid, token = game["id"], game["edit_token"]
    wrong = rng.choice(["", "x", "a\x00b", "\x07", "%00", "é", token.upper(), token + "x"])
    headers = {"X-Edit-Token": token if rng.random() < 0.9 else wrong}
    kind = rng.randrange(24)
    if kind >= 22:
        return night_route(client, games[-1]["night"], rng)
    if kind >= 20:
        return halves_route(client, games[-1], rng)
    if kind >= 14:
        return later_route(client, game, rng, kind)
    hands = [FAMILY_HAND, FAMILY_QUICK] if game.get("family") else [HAND, QUICK]
    if kind == 0:
        ruleset, sides = rng.choice(
            [("classic", HAND), ("classic", QUICK), ("burraco", FAMILY_HAND), ("buraco", FAMILY_QUICK)]
        )
        body = mutate_json({"ruleset": ruleset, "sides": sides, "end": "stock_out"}, rng)
        return client.post("/api/v1/score", json=body).status_code
    if kind == 1:
        return client.post("/api/v1/games", json=mutate_json(TABLE, rng)).status_code
    if kind == 2:
        body = mutate_json({"expected_hands": rng.randint(0, 3), "sides": rng.choice(hands)}, rng)
        return client.post(f"/api/v1/games/{gid}/hands", json=body, headers=headers).status_code
    if kind == 3:
        body = mutate_json({"version": 1, "sides": rng.choice(hands), "partners": None}, rng)
        number = rng.choice(["1", "2", "0", "-1", "99999999999999999999"])
        return client.put(f"/api/v1/games/{gid}/hands/{number}", json=body, headers=headers).status_code
    if kind == 4:
        path = rng.choice(["/api/v1/score", "/api/v1/games", f"/api/v1/games/{gid}/hands"])
        content_type = rng.choice(["application/json", "text/plain", "application/x-www-form-urlencoded", ""])
        return client.post(path, data=raw_body(rng), content_type=content_type, headers=headers).status_code
    if kind == 5:
        hostile = q(rng.choice(HOSTILE_TEXT))
        path = rng.choice(["/api/v1/games/", "/api/v1/rulesets/", "/g/", "/e/", "/g/x/rules/", "/e/x/hands/"])
        return client.get(path + hostile).status_code
    if kind == 6:
        return client.post(f"/e/{token}/hands/new", **form_body(mutate_form(FORM, rng))).status_code
    if kind == 7:
        return client.post(f"/e/{token}/hands/1", **form_body(mutate_form(FORM, rng))).status_code
    if kind == 8:
        number = rng.choice(["1", "2", "3", "", "x", "-5", "99999999999999999999"])
        return client.post(f"/e/{token}/preview?number={number}", **form_body(mutate_form(FORM, rng))).status_code
    if kind == 9:
        ruleset = rng.choice(["classic", "es_tradicional", "classic_6p", "hoyle_2p", "nope"])
        players, sides = rng.choice([("4", "2"), ("6", "3"), ("2", "2"), ("x", ""), ("99999999999999999999", "1")])
        return client.post(
            f"/games/new/{ruleset}?players={players}&sides={sides}", **form_body(mutate_form(NEW_GAME, rng))
        ).status_code
    if kind == 10:
        data = {"number": rng.choice(HOSTILE_TEXT), "version": rng.choice(HOSTILE_TEXT)}
        return client.post(f"/e/{token}/undo", **form_body(data)).status_code
    if kind == 11:
        data = {"lang": rng.choice(["es", "en", *HOSTILE_TEXT]), "next": rng.choice(["/", "//evil", *HOSTILE_TEXT])}
        return client.post("/language", **form_body(data)).status_code
    if kind == 12:
        tool = rng.choice(["pile", "meld", "go_out", "minimum"])
        query = "&".join(
            f"{rng.choice(['set', 'rank', 'naturals', 'top', 'total', 'canastas', 'x'])}={q(rng.choice(HOSTILE_TEXT))}"
            for _ in range(rng.randint(1, 5))
        )
        return client.get(f"/g/{gid}/tools/{tool}?{query}").status_code
    query = q(rng.choice(HOSTILE_TEXT))
    return client.get(rng.choice(["/rules/search?q=", "/rules?set=", "/rules/compare?x="]) + query).status_code


GROUP = {"name": "Los jueves", "player_0": "Ana", "player_1": "Bea", "player_2": "Luis", "player_3": "Juan"}


def later_route(client, game: dict[str, Any], rng: random.Random, kind: int) -> int:
    """The routes added after the first fuzzing: import, groups, exports, restore, a new link, open, forget."""
    gid, token = game["id"], game["edit_token"]
    hostile = q(rng.choice(HOSTILE_TEXT))
    if kind == 14:
        upload = raw_body(rng) if rng.random() < 0.5 else json.dumps(mutate_json({"game": TABLE}, rng)).encode()
        return client.post("/games/import", data={"game_file": (io.BytesIO(upload), "game.json")}).status_code
    if kind == 15:
        group = client.post("/groups/new", **form_body(mutate_form(GROUP, rng)))
        where = group.headers.get("Location", f"/t/{hostile}")
        action = rng.choice(["/players", "/games", "/export.json", "/export.csv", ""])
        if action in ("/players", "/games"):
            data = {"name": rng.choice(HOSTILE_TEXT), "link": rng.choice([*HOSTILE_TEXT, f"/e/{token}", f"/g/{gid}"])}
            return client.post(where + action, **form_body(data)).status_code
        return client.get(where + action + "?player=" + hostile + "&from=" + hostile).status_code
    if kind == 16:
        return client.get(f"/g/{rng.choice([gid, hostile])}/export.{rng.choice(['csv', 'json'])}").status_code
    if kind == 17:
        number = rng.choice(["1", "0", "-1", "99999999999999999999", hostile])
        return client.post(f"/e/{rng.choice([token, hostile])}/restore/{number}", data={}).status_code
    if kind == 18:
        return client.post(f"/e/{hostile}/new-link", data={}).status_code  # a real one would end the arena's link
    if kind == 19 and rng.random() < 0.5:
        link = rng.choice([*HOSTILE_TEXT, f"http://x/e/{token}", f"/g/{gid}", "%2Fe%2F" + token])
        return client.post("/open", **form_body({"link": link})).status_code
    where = rng.choice([hostile, gid, "%00"])
    return client.post(f"/phone/forget/{where}" if rng.random() < 0.5 else f"/g/{where}/remember").status_code


HALF_FORM = {key: value for key, value in FORM.items() if not key.startswith("s1_")} | {"out": "", "save_key": "k"}


def halves_route(client, game: dict[str, Any], rng: random.Random) -> int:
    """Each side its own half: a side's pages and forms, and the API's halves and words, with hostile values."""
    side = rng.randrange(2)
    hostile = q(rng.choice(HOSTILE_TEXT))
    token = game["side_tokens"][side] if rng.random() < 0.9 else hostile
    number = rng.choice(["1", "2", "3", "0", "-1", "99999999999999999999", hostile])
    roll = rng.randrange(6)
    if roll == 0:
        return client.post(f"/s/{token}/hands/{number}", **form_body(mutate_form(HALF_FORM, rng))).status_code
    if roll == 1:
        return client.post(f"/s/{token}/preview?number={number}", **form_body(mutate_form(HALF_FORM, rng))).status_code
    if roll == 2:
        action = rng.choice(["agree", "dispute", "withdraw", "keep"])
        data = {
            "version": rng.choice(HOSTILE_TEXT),
            "side": rng.choice(HOSTILE_TEXT),
            "remark": rng.choice(HOSTILE_TEXT),
        }
        if rng.random() < 0.2:  # a pair saying its table of a club night has finished
            return client.post(f"/s/{token}/finished", **form_body(data)).status_code
        return client.post(f"/s/{token}/hands/{number}/{action}", **form_body(data)).status_code
    headers = {"X-Side-Token": token}
    base = f"/api/v1/games/{game['id']}/hands/{number}"
    if roll == 3:
        body = mutate_json({"entry": HAND[side], "version": rng.randint(0, 2), "partners": None}, rng)
        return client.put(f"{base}/halves/{side}", json=body, headers=headers).status_code
    if roll == 4:
        body = mutate_json({"agreed": rng.random() < 0.5, "version": 1, "half_of": 1 - side, "remark": "x"}, rng)
        return client.post(f"{base}/words/{side}", json=body, headers=headers).status_code
    return client.get(rng.choice([f"/s/{token}", f"/s/{token}/status", f"/s/{token}/hands/{number}"])).status_code


NIGHT = {**SETTINGS, "scoring": "scale", "bye_points": "14", "bye_difference": "355", "handicap": ""}


def night_route(client, night: dict[str, str], rng: random.Random) -> int:
    """A club night: its settings, pairs, rounds, cards, TV and exports, with hostile values and links."""
    hostile = q(rng.choice(HOSTILE_TEXT))
    board = night["board"] if rng.random() < 0.9 else f"/n/{hostile}"
    roll = rng.randrange(6)
    if roll == 0:
        where = rng.choice(["/nights/new", night["club"] + "/nights/new", f"/c/{hostile}/nights/new"])
        return client.post(where, **form_body(mutate_form({**NIGHT, "handicap": "1"}, rng))).status_code
    if roll == 1:
        pair = {"first": rng.choice(HOSTILE_TEXT), "second": rng.choice(HOSTILE_TEXT)}
        where = rng.choice([board + "/pairs", night["door"], night["public"] + "/join/" + hostile])
        return client.post(where, **form_body(pair)).status_code
    if roll == 2:
        number = rng.choice(["1", "2", "0", "999", hostile])
        action = rng.choice(
            [f"/pairs/{number}/withdraw", f"/pairs/{number}/put-back", "/rounds", "/settings/rounds", "/move"]
        )
        fields = {"reason": rng.choice(HOSTILE_TEXT), "pair": number, "other": rng.choice(["1", "2", "3", hostile])}
        fields |= {"confirmed": rng.choice(["yes", hostile]), "rounds": rng.choice(["2", "21", number, hostile])}
        return client.post(board + action, **form_body(fields)).status_code
    if roll == 3:
        number = rng.choice(["1", "2", "0", "999", "99999999999999999999", hostile])
        if rng.random() < 0.3:  # as many table cards as the director asks for
            return client.get(f"{board}/cards?tables={number}").status_code
        if rng.random() < 0.2:  # a pair's own page, waiting for its table
            return client.get(f"{night['public']}/pair/{number}").status_code
        return client.get(f"{rng.choice([night['cards'], '/night/t/' + hostile])}/{number}").status_code
    if roll == 4:
        if rng.random() < 0.4:
            return member_route(client, night["club"] if rng.random() < 0.9 else "/c/" + hostile, rng)
        if rng.random() < 0.5:
            club = {"name": rng.choice(HOSTILE_TEXT), "best_of": rng.choice(HOSTILE_TEXT)}
            return client.post("/clubs/new", **form_body({**club, "grade_k": rng.choice(HOSTILE_TEXT)})).status_code
        if rng.random() < 0.5:  # the club's K
            club_link = night["club"] if rng.random() < 0.9 else "/c/" + hostile
            return client.post(club_link + "/grades", **form_body({"grade_k": rng.choice(HOSTILE_TEXT)})).status_code
        return client.get(rng.choice(["/c/", "/nights/new?club="]) + hostile).status_code
    standings = ["/standings.csv", "/standings.json", "/standings." + hostile]
    where = rng.choice(["", "/tv", *standings, "/join", "/join/" + hostile, "/rounds/1", "/rounds/" + hostile])
    return client.get(rng.choice([night["public"], "/night/" + hostile]) + where).status_code


def member_route(client, club: str, rng: random.Random) -> int:
    """A club's members: one added with hostile fields, a hostile CSV file or text previewed or imported, the
    export."""
    roll = rng.randrange(3)
    if roll == 0:
        member = {
            "name": rng.choice(HOSTILE_TEXT),
            "number": rng.choice(HOSTILE_TEXT),
            "grade": rng.choice(HOSTILE_TEXT),
        }
        return client.post(club + "/members", **form_body(member)).status_code
    if roll == 1:
        lines = [";".join(rng.choice(HOSTILE_TEXT) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(0, 5))]
        text = rng.choice(["name;number;grade\n", "\ufeffNombre,Número,Grado\n", ""]) + "\n".join(lines)
        confirm = {"confirm": "1"} if rng.random() < 0.5 else {}
        if rng.random() < 0.5:
            upload = raw_body(rng) if rng.random() < 0.3 else text.encode("utf-8", "surrogatepass")
            data = {"members_file": (io.BytesIO(upload), "members.csv"), **confirm}
            return client.post(club + "/members/import", data=data).status_code
        return client.post(club + "/members/import", **form_body({"text": text, **confirm})).status_code
    return client.get(club + rng.choice(["/members.csv", "/members/import", "/members"])).status_code


def share(part: int, passed: int) -> int:
    """How many requests part ``part`` of pass ``passed`` sends (the parts of both passes make REQUESTS)."""
    slot = passed * PARTS + part
    slots = len(PASSES) * PARTS
    return REQUESTS // slots + (1 if slot < REQUESTS % slots else 0)


@pytest.mark.parametrize("part", range(PARTS))
def test_hostile_requests_get_no_server_error(client, arena, part):
    passed = this_pass()
    rng = random.Random(SEED + passed * PARTS + part)
    sent = share(part, passed)
    statuses: Counter[int] = Counter()
    for _ in range(sent):
        statuses[hostile_request(client, arena, rng)] += 1
    errors = sum(count for status, count in statuses.items() if status >= 500)
    summary = ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
    FIGURES.append(
        f"fuzz part {part + 1} of {PARTS} on {PASSES[passed]} ({REQUESTS} over both passes): {sent} hostile requests, "
        f"{errors} server errors ({summary})"
    )
    assert errors == 0, summary
    # The requests reach the app's checks, not only its 404s (an arena whose links broke would test nothing):
    # a tenth at least are refused by a form's or the API's checks, and a tenth at least go through.
    refused = statuses[400] + statuses[409] + statuses[422]
    taken = sum(count for status, count in statuses.items() if 200 <= status < 400)
    assert refused >= sent // 10, summary
    assert taken >= sent // 10, summary
