"""docs/deploy.md's home-network recipe, run as written: gunicorn as `make run` starts it, behind Caddy with
its own certificate authority, on loopback. A browser that trusts the authority (as a phone does once it
is installed) opens the app over https: a secure context, where the manifest loads, the service worker
registers, the screen is kept on and the cookies are sent Secure."""

from __future__ import annotations

import os
import re
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import BrowserType

from ..conftest import fresh_app
from ..helpers import free_port, gunicorn_as_make_run_starts_it, stop_server
from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
NAME = "club.test"  # not a name browsers treat as secure by themselves (as they do localhost)
TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def home_recipe() -> str:
    """The Caddyfile of docs/deploy.md's home-network recipe, as a reader copies it."""
    found = re.search(
        r"<!-- caddyfile: home -->\s*```caddyfile\n(.*?)```\s*<!-- end caddyfile -->", DEPLOY.read_text(), re.S
    )
    assert found, "docs/deploy.md lost its home-network Caddyfile"
    return found.group(1)


def on_loopback(recipe: str, app: str, https_port: int, http_port: int, certificate_port: int, storage: Path) -> str:
    """The recipe with this machine's loopback in place of the example's addresses, and Caddy kept to
    its own folder and ports (no admin endpoint, nothing installed into the system's trust)."""
    local = f"\n\tadmin off\n\tstorage file_system {storage}\n\tskip_install_trust\n"
    local += f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
    changed = recipe.replace("\tlocal_certs\n", "\tlocal_certs" + local, 1)
    changed = changed.replace("https://192.168.1.20", f"https://{NAME}:{https_port}")
    changed = changed.replace("http://192.168.1.20:8080", f"http://{NAME}:{certificate_port}")
    changed = changed.replace("127.0.0.1:8000", app.removeprefix("http://"))
    changed = changed.replace("/var/lib/caddy/.local/share/caddy", str(storage))
    assert changed.count(NAME) == 2, changed
    assert str(storage) in changed, changed
    return changed


def certificate(port: int, path: str) -> tuple[int, bytes]:
    """GET ``path`` from the authority's plain-http site."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": f"{NAME}:{port}"})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, b""


def https_status(port: int, authority: Path) -> str:
    """The status line of GET /rules over https, the certificate checked against ``authority``."""
    context = ssl.create_default_context(cafile=str(authority))
    with (
        socket.create_connection(("127.0.0.1", port), timeout=5) as plain,
        context.wrap_socket(plain, server_hostname=NAME) as tls,
    ):
        tls.sendall(f"GET /rules HTTP/1.1\r\nHost: {NAME}:{port}\r\nConnection: close\r\n\r\n".encode())
        return tls.recv(200).decode().split("\r\n")[0]


def wait_until(check, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while True:
        try:
            return check()
        except (OSError, ssl.SSLError, AssertionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


@pytest.fixture
def caddy_in_front(tmp_path):
    """gunicorn behind Caddy's own authority: the https port, the authority's certificate, the HOME
    whose NSS database trusts it."""
    if not shutil.which("caddy") or not shutil.which("certutil"):
        if os.environ.get("CI"):
            raise AssertionError("caddy and certutil are needed (make browser-deps installs them)")
        pytest.skip("caddy or certutil missing (make test installs them)")
    with fresh_app(tmp_path, "https") as app:
        server, base = gunicorn_as_make_run_starts_it(
            app.config["SQLALCHEMY_DATABASE_URI"], SCOREKEEPER_SESSION_COOKIE_SECURE="true", SCOREKEEPER_PROXY_HOPS="1"
        )
        home = tmp_path / "home"
        (home / ".pki" / "nssdb").mkdir(parents=True)
        ports = {"https_port": free_port(), "http_port": free_port(), "certificate_port": free_port()}
        caddyfile = tmp_path / "Caddyfile"
        caddyfile.write_text(on_loopback(home_recipe(), base, storage=tmp_path / "caddy", **ports))
        environment = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home), "XDG_DATA_HOME": str(home)}
        caddy = subprocess.Popen(
            ["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            status, root = wait_until(lambda: certificate(ports["certificate_port"], "/root.crt"))
            assert status == 200
            assert root.startswith(b"-----BEGIN CERTIFICATE-----")
            assert certificate(ports["certificate_port"], "/root.key")[0] == 404  # never the authority's key
            authority = tmp_path / "root.crt"
            authority.write_bytes(root)
            assert wait_until(lambda: https_status(ports["https_port"], authority)) == "HTTP/1.1 200 OK"
            database = f"sql:{home}/.pki/nssdb"
            subprocess.run(["certutil", "-N", "-d", database, "--empty-password"], check=True)
            subprocess.run(
                ["certutil", "-A", "-d", database, "-t", "C,,", "-n", "Caddy Local Authority", "-i", str(authority)],
                check=True,
            )
            yield ports["https_port"], home
        finally:
            caddy.terminate()
            caddy.communicate(timeout=20)
            stop_server(server)


def test_behind_caddy_the_app_is_a_secure_context_installable_and_keeps_the_screen_on(
    browser_type: BrowserType, caddy_in_front
):
    port, home = caddy_in_front
    base = f"https://{NAME}:{port}"
    browser = browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
        env={**os.environ, "HOME": str(home)},  # Chromium reads the trusted authorities from $HOME/.pki/nssdb
    )
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    answer = page.goto(base + "/rules")
    assert answer is not None
    assert answer.ok  # no certificate warning: the authority is trusted, as on a phone that installed it
    assert page.evaluate("window.isSecureContext")
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone"
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    worker = page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
    assert worker.endswith("/sw.js?lang=en")  # the worker keeps the reference in the language read here too
    game = page.evaluate(  # from the page: the browser resolves the club's name, the test's own client does not
        """table => fetch('/api/v1/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                           body: JSON.stringify(table)}).then(r => r.json())""",
        TABLE,
    )
    assert game["links"]["sheet"].startswith(base)  # the app knows it is served over https, under this name
    page.goto(f"{base}/e/{game['edit_token']}")
    page.wait_for_function("() => document.documentElement.dataset.awake === 'on'")
    page.locator("header .settings-link").tap()
    page.locator("label:has(input[name=theme][value=dark])").tap()
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url(f"{base}/e/{game['edit_token']}")
    cookies = {cookie["name"]: cookie for cookie in context.cookies()}
    assert set(cookies) >= {"display", "phone", "session"}, cookies
    assert cookies["display"]["secure"]
    assert cookies["phone"]["secure"]
    assert cookies["session"]["secure"]
    page.screenshot(path="test-results/behind-caddy.png")
    browser.close()
