"""Issue 47 on the pages: a night that ends (no round offered past the last, a post refused by name; the board,
the standings, a pair's page and the TV saying the night is over with its final standings; a round added from
the board) and slips a director can take back (a withdrawal asks first, with the pair's names; a withdrawn
pair is put back until the next round is drawn)."""

from __future__ import annotations

import re

from .test_night_pages import PAIRS, SETTINGS, public_of, seen

OVER = "The night is over: final standings"


def night_with_pairs(client, rounds: int, pairs=PAIRS) -> str:
    """A night of ``rounds`` rounds (Mitchell, match points) with ``pairs`` on its board: the board's link."""
    board = client.post("/nights/new", data={**SETTINGS, "rounds": str(rounds)}).headers["Location"]
    for first, second in pairs:
        assert client.post(board + "/pairs", data={"first": first, "second": second}).status_code == 302
    return board


def play_round(client, board: str, number: int, tables: int = 2) -> None:
    """Round ``number`` drawn, and every table's result set by the director (so that it counts)."""
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    for table in range(1, tables + 1):
        fix = f"{board}/rounds/{number}/tables/{table}/fix"
        assert client.post(fix, data={"north_south": "600", "east_west": "100", "reason": "x"}).status_code == 302


def draw_button(client, board: str) -> list[str]:
    """The labels of the board's buttons that draw a round (the big one, or the one behind a reason)."""
    page = client.get(board).get_data(as_text=True)
    forms = re.findall(r'<form method="post" action="/n/[\w-]+/rounds"[^>]*>(.*?)</form>', page, re.S)
    return [label.strip() for form in forms for label in re.findall(r"<button[^>]*>([^<]*)</button>", form)]


def test_the_board_offers_no_round_past_the_last_and_a_draw_posted_anyway_is_refused_by_name(client):
    board = night_with_pairs(client, rounds=1)
    assert draw_button(client, board) == ["Draw the first round"]
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    assert draw_button(client, board) == []  # the last round is played: not even "before every table has finished"
    refused = client.post(board + "/rounds", data={"reason": "table 2 is slow"})
    assert refused.status_code == 400
    assert "Round 1 was the night's last: to play another, add a round first." in seen(refused)
    play_round_tables = [f"{board}/rounds/1/tables/{table}/fix" for table in (1, 2)]
    for fix in play_round_tables:
        client.post(fix, data={"north_south": "600", "east_west": "100", "reason": "x"})
    assert draw_button(client, board) == []
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 400
    assert "Round 2" not in seen(client.get(board))


def test_the_board_the_standings_a_pairs_page_and_the_tv_say_the_night_is_over_with_its_final_standings(client):
    board = night_with_pairs(client, rounds=2)
    public = public_of(client, board)
    play_round(client, board, 1)
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    pages = [board, public, public + "/pair/1", public + "/tv"]
    assert not any(OVER in seen(client.get(page)) for page in pages)  # the last round is still played
    tags = {page: client.get(page).headers["ETag"] for page in pages}
    client.post(f"{board}/rounds/2/tables/1/fix", data={"north_south": "600", "east_west": "100", "reason": "x"})
    assert OVER not in seen(client.get(public))  # table 2 still plays
    client.post(f"{board}/rounds/2/tables/2/fix", data={"north_south": "600", "east_west": "100", "reason": "x"})
    for page in pages:
        assert client.get(page, headers={"If-None-Match": tags[page]}).status_code == 200  # followed: it changed
        shown = seen(client.get(page))
        assert OVER in shown, page
        final = shown.split(OVER, 1)[1]
        assert re.match(r" (# Pair Match points Difference )?1= Ana & Luis 4 \+1,000", final), (page, final[:80])
    board_page = seen(client.get(board))
    assert board_page.index(OVER) < board_page.index("Round 2 of 2")  # the final standings come first


def test_a_round_added_on_the_board_offers_the_next_round_again_and_is_logged(client):
    board = night_with_pairs(client, rounds=1)
    play_round(client, board, 1)
    page = seen(client.get(board))
    assert "The night plays 1 round" in page
    assert re.search(r'<details class="night-rounds" id="night-rounds" open>', client.get(board).get_data(as_text=True))
    for typed in ("0", "21", "x"):
        refused = client.post(board + "/settings/rounds", data={"rounds": typed})
        assert refused.status_code == 400
        assert f'value="{typed}"' in refused.get_data(as_text=True)  # the box as typed
        assert ("Type a whole number." if typed == "x" else "Rounds: 1 to 20 a night.") in seen(refused)
    assert draw_button(client, board) == []
    assert client.post(board + "/settings/rounds", data={"rounds": "2"}).status_code == 302
    assert draw_button(client, board) == ["Draw round 2"]
    page = seen(client.get(board))
    assert "The night's rounds: 2 (were 1)." in page
    assert OVER not in page
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    assert "Round 2 of 2" in seen(client.get(public_of(client, board)))
    client.set_cookie("lang", "es")
    refused = client.post(board + "/settings/rounds", data={"rounds": "1"})
    assert "Rondas: de 2 a 20 por noche." in seen(refused)  # never fewer than the rounds drawn


def test_withdraw_asks_first_with_the_pairs_names_and_a_bare_post_withdraws_nobody(client):
    board = night_with_pairs(client, rounds=3)
    page = client.get(board).get_data(as_text=True)
    control = re.search(r'<details class="undo withdraw" id="withdraw-2">(.*?)</details>', page, re.S).group(1)
    assert "<summary>Withdraw</summary>" in control  # the board's control opens the question
    assert 'name="confirmed" value="yes"' in control
    assert "Yes, withdraw Bea &amp; Juan" in control
    question = board + "/pairs/2/withdraw"
    for asked in (client.post(question, data={"reason": ""}), client.get(question)):
        assert asked.status_code == 200
        shown = seen(asked)
        assert "Withdraw Bea & Juan?" in shown
        assert "Pair 2 plays no more rounds tonight; its results so far count." in shown
        assert "No, back to the board" in shown
    too_long = client.post(question, data={"reason": "x" * 201, "confirmed": "yes"})
    assert too_long.status_code == 400
    assert 'value="' + "x" * 201 + '"' in too_long.get_data(as_text=True)  # the question again, as typed
    assert "left before playing" not in seen(client.get(board))  # nobody withdrew
    assert client.get(board + "/pairs/9/withdraw").status_code == 404
    withdrawn = client.post(board + "/pairs/2/withdraw", data={"reason": "a phone call", "confirmed": "yes"})
    assert withdrawn.status_code == 302
    page = seen(client.get(board))
    assert "Bea & Juan · left before playing" in page
    assert "Pair 2 withdrew. “a phone call”" in page
    assert client.get(board + "/pairs/2/withdraw").status_code == 404  # it has left already
    client.set_cookie("lang", "es")
    assert "Sí, retirar a Ana & Luis" in seen(client.get(board))


def test_a_withdrawn_pair_put_back_before_the_next_round_plays_in_it_and_not_once_a_round_is_drawn(client):
    board = night_with_pairs(client, rounds=3)
    public = public_of(client, board)
    play_round(client, board, 1)
    client.post(board + "/pairs/4/withdraw", data={"reason": "", "confirmed": "yes"})
    page = seen(client.get(board))
    assert "Eva & Fede · left after round 1 Put pair 4 back" in page
    assert client.post(board + "/pairs/4/put-back").status_code == 302
    page = seen(client.get(board))
    assert "Pair 4 was put back." in page
    assert "left after round 1" not in page
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    assert "Round 2: your table is table 1, against Ana & Luis." in seen(client.get(public + "/pair/4"))
    for table in (1, 2):
        fix = f"{board}/rounds/2/tables/{table}/fix"
        client.post(fix, data={"north_south": "600", "east_west": "100", "reason": "x"})
    client.post(board + "/pairs/4/withdraw", data={"reason": "", "confirmed": "yes"})
    assert "Put pair 4 back" in seen(client.get(board))
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    assert "Put pair 4 back" not in seen(client.get(board))
    refused = client.post(board + "/pairs/4/put-back")
    assert refused.status_code == 400
    assert "Pair 4 can no longer be put back: a round has been drawn since it withdrew." in seen(refused)
    assert "Pair 4 has left the night." in seen(client.get(public + "/pair/4"))
