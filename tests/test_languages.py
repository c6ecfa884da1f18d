"""Five languages: the phone's (with its region's neighbour), the one chosen in the header and kept on the
phone, ``?lang=`` on any page; each named in its own language; dates and numbers the language's way."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from babel.dates import format_datetime
from flask_babel import force_locale

from scorekeeper.translation import Number, collation_key, short_time

LANG = re.compile(r'<html lang="([\w-]+)"')


def language_of(client, path: str = "/", **headers: str) -> str:
    page = client.get(path, headers=headers).get_data(as_text=True)
    return LANG.search(page).group(1)


@pytest.mark.parametrize(
    ("accepted", "read"),
    [
        ("pt-BR,pt;q=0.9", "pt-BR"),
        ("pt-PT,pt;q=0.9,en;q=0.5", "pt-BR"),  # Portugal reads the Brazilian catalogue, not English
        ("de-AT,de;q=0.9", "de"),
        ("de-CH", "de"),
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("it-CH", "it"),
        ("es-AR,es;q=0.9", "es"),
        ("fr-FR,fr;q=0.9,de;q=0.5", "de"),  # French is not spoken: the phone's next language
        ("fr-FR", "en"),
        ("en-GB,de;q=0.5", "en"),
    ],
)
def test_the_language_comes_from_the_phone_with_its_regions_neighbour(client, accepted, read):
    assert language_of(client, **{"Accept-Language": accepted}) == read


@pytest.mark.parametrize(("chosen", "read"), [("pt_BR", "pt-BR"), ("it", "it"), ("de", "de")])
def test_a_language_chosen_in_the_header_is_kept_on_the_phone(client, chosen, read):
    assert client.post("/language", data={"lang": chosen, "next": "/rules"}).status_code == 302
    assert language_of(client, "/rules", **{"Accept-Language": "es-ES"}) == read


@pytest.mark.parametrize("path", ["/", "/rules", "/rules/melds", "/games/new", "/rules/compare", "/offline"])
def test_lang_in_the_address_works_on_every_page(client, path):
    joined = "&" if "?" in path else "?"
    assert language_of(client, f"{path}{joined}lang=de", **{"Accept-Language": "es-ES"}) == "de"
    assert language_of(client, f"{path}{joined}lang=pt_BR") == "pt-BR"


def test_the_header_names_each_language_in_its_own_language(client):
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    chooser = page.split('class="lang"', 1)[1].split("</form>", 1)[0]
    buttons = re.findall(
        r'<button name="lang" value="(\w+)"[^>]* lang="([\w-]+)"[^>]*>(\w+)<span class="visually-hidden"> (\w+)</span>',
        chooser,
    )
    assert buttons == [
        ("en", "en", "EN", "English"),
        ("es", "es", "ES", "Español"),
        ("pt_BR", "pt-BR", "PT", "Português"),
        ("it", "it", "IT", "Italiano"),
        ("de", "de", "DE", "Deutsch"),
    ]
    assert re.search(r'value="de" aria-current="true"', chooser)


def test_the_service_worker_keeps_the_reference_in_every_language_it_may_be_asked_for(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    assert 'const LANGUAGES = ["en", "es", "pt_BR", "it", "de"];' in worker
    for language in ("en", "es", "pt_BR", "it", "de"):
        assert f"/rules/melds?lang={language}" in worker


@pytest.mark.parametrize(
    ("language", "number", "moment"),
    [
        ("en", "0.5", "11/26/26, 9:05\u202fPM"),
        ("es", "0,5", "26/11/26, 21:05"),
        ("pt_BR", "0,5", "26/11/2026 21:05"),
        ("it", "0,5", "26/11/26, 21:05"),
        ("de", "0,5", "26.11.26, 21:05"),
    ],
)
def test_numbers_and_dates_are_written_the_languages_way(app, language, number, moment):
    at = datetime(2026, 11, 26, 21, 5)
    with app.test_request_context("/", headers={"Accept-Language": language.replace("_", "-")}), force_locale(language):
        assert str(Number(0.5)) == number
        assert short_time(at) == format_datetime(at, "short", locale=language)
        assert short_time(at) == moment


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", ["Nadia", "Núñez", "Nuria", "Ñandú", "Óscar"]),  # ñ a letter of its own, after n
        ("de", ["Nadia", "Ñandú", "Núñez", "Nuria", "Óscar"]),  # accents aside: Ñ with N
        ("pt_BR", ["Nadia", "Ñandú", "Núñez", "Nuria", "Óscar"]),
    ],
)
def test_names_are_sorted_by_the_readers_collation(app, language, expected):
    names = ["Óscar", "Nuria", "Ñandú", "Núñez", "Nadia"]
    with app.test_request_context("/"), force_locale(language):
        assert sorted(names, key=collation_key) == expected
