"""Browser journeys: a real server (CSRF on) and Debian's Chromium at phone size."""

from __future__ import annotations

import os
import shutil

import pytest

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
