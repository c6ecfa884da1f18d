"""Issue 10: the score as a chart, drawn on the server: one line per side through its running totals,
the target line and the bands of the initial-meld minimum, with a text alternative."""

from __future__ import annotations

import re
from itertools import pairwise

from scorekeeper import services
from scorekeeper.web.common.chart import GLYPH, LABEL_SIZE, chart_of, chart_of_grades

from .test_api_games import TABLE, THEM, US


def _game_with_two_hands(client) -> dict:
    game = client.post("/api/v1/games", json=TABLE).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    for number in range(2):
        body = {"expected_hands": number, "sides": [US, THEM]}
        client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=headers)
    return game


def test_the_chart_has_one_line_per_side_through_its_running_totals(app, client):
    game = _game_with_two_hands(client)
    with app.app_context():
        found = services.find_game(game["id"], editable=False)
        assert found is not None
        chart = chart_of(services.compute_sheet(found))
    assert chart is not None
    assert [line.totals for line in chart.lines] == [(0, 565, 1130), (0, 780, 1560)]
    # 0 to 5000 (the target) in steps of 1000, from y 186 at 0 to y 10 at 5000; hands 0, 1, 2 at x 44, 185, 326
    assert chart.lines[0].points == "44.0,186.0 185.0,166.1 326.0,146.2"
    assert chart.lines[1].points == "44.0,186.0 185.0,158.5 326.0,131.1"
    assert [level.total for level in chart.levels] == [0, 1000, 2000, 3000, 4000, 5000]
    assert chart.target == 5000
    assert chart.target_y == 10.0
    assert [band.minimum for band in chart.bands] == [50, 90, 120]  # 0-1495, 1500-2995, 3000 and up
    assert [n for _, n in chart.hands] == [1, 2]


def test_the_sheet_draws_the_chart_with_a_text_alternative(client):
    game = _game_with_two_hands(client)
    page = re.sub(r"\s+", " ", client.get(f"/g/{game['id']}").get_data(as_text=True))
    assert page.count("<polyline") == 2
    assert 'data-totals="0 565 1130"' in page
    assert "Ana &amp; Luis: 0; 565; 1,130. Ellos: 0; 780; 1,560. Target: 5,000." in page
    client.set_cookie("lang", "es")
    assert "Cómo fue la partida" in client.get(f"/g/{game['id']}").get_data(as_text=True)


def test_no_chart_before_the_first_hand_and_the_opening_totals_start_it(client):
    fresh = client.post("/api/v1/games", json=TABLE).get_json()
    assert "<svg" not in client.get(f"/g/{fresh['id']}").get_data(as_text=True)
    resumed = client.post("/api/v1/games", json={**TABLE, "starting_totals": [1500, -50]}).get_json()
    client.post(
        f"/api/v1/games/{resumed['id']}/hands",
        json={"expected_hands": 0, "sides": [US, THEM]},
        headers={"X-Edit-Token": resumed["edit_token"]},
    )
    page = client.get(f"/g/{resumed['id']}").get_data(as_text=True)
    assert 'data-totals="1500 2065"' in page
    assert 'data-totals="-50 730"' in page


def test_a_members_chart_writes_the_nights_dates_along_the_bottom_as_many_as_fit_the_last_always():
    two = chart_of_grades("Ana", 50, [55, 49], ["3 mar", "10 mar"])
    assert two is not None
    assert [date for _, date in two.hands] == ["3 mar", "10 mar"]
    season = chart_of_grades("Ana", 50, [50 + n / 2 for n in range(12)], [f"{n} de mar." for n in range(1, 13)])
    assert season is not None
    dates = season.hands
    assert dates[-1] == (season.right, "12 de mar.")  # under the last night's point
    assert 2 <= len(dates) < 12
    widest = len("12 de mar.") * GLYPH * LABEL_SIZE
    assert all(later - earlier > widest for (earlier, _), (later, _) in pairwise(dates))
    assert season.right + widest / 2 <= season.width  # the last date inside the chart
