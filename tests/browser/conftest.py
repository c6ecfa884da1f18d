"""Browser journeys: a real server (CSRF on) and Debian's Chromium at phone size."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import Browser

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def pytest_collection_modifyitems(items):
    if shutil.which(CHROMIUM) or os.path.exists(CHROMIUM):
        return
    if os.environ.get("CI"):
        return  # CI must not go green by skipping: the launch fails loudly instead
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (make test installs it)"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE, "locale": "en-GB"}


@pytest.fixture(autouse=True)
def contexts_of_the_test(monkeypatch):
    """Every browser context a test opens, with its service worker blocked unless the test allows it, and
    closed when the test ends (the tests close theirs; one left open by a failure or an oversight would keep
    its pages polling and ticking in the worker's Chromium for the rest of the run).

    A page served from 127.0.0.1 is a secure context, where the app installs its service worker, which
    fetches the whole reference on install: in every browser context of every test. The service worker is
    tested where it is the subject (``service_workers="allow"``: test_installable.py, test_https.py); every
    other context blocks it, so that its install neither loads the machine nor races a test's own pages."""
    original = Browser.new_context
    still_open = []

    def new_context(self, **kwargs):
        kwargs.setdefault("service_workers", "block")
        context = original(self, **kwargs)
        still_open.append(context)
        context.on("close", lambda closed: still_open.remove(closed))
        return context

    monkeypatch.setattr(Browser, "new_context", new_context)
    yield
    for context in reversed(still_open[:]):
        context.close()
