"""The desktop app, driven like a user would: tray menu, pages, dialogs, save buttons.

Offscreen Qt (no system tray: the menu and its actions are still there), a real
in-process proxy in front of the real loopback upstream, a real SecretStore and
a real keyring backend (keyrings.alt's file backend, in tmp_path).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse
import socket
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import httpx
import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

import keyring
from keyrings.alt.file import PlaintextKeyring
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from gui.app import VeilApp
from gui.eval_page import EvalPage, eval_unavailable, metrics_table
from gui.icons import state_pixmap
from proxy.config import Settings, load_settings, upstream_api_key
from proxy.detectors import Detector, register_detector, registry
from proxy.loopback import LoopbackUpstream
from proxy.secrets import SecretStore

PATTERNS = ("patterns",)  # app mechanics, not detection: the validated recognizers are enough (and fast)
PHONE, EMAIL, SSN = "+1 415 555 0132", "dana@example.org", "123-45-6789"
PROMPT = f"Email {EMAIL} or call {PHONE}; my SSN is {SSN}."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def gui_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Config file, keyring, data and autostart dirs all inside tmp_path."""
    for name in list(os.environ):
        if name.startswith("VEIL_") and name != "VEIL_CACHE_DIR":  # the session's model cache (conftest) stays
            monkeypatch.delenv(name)
    monkeypatch.setenv("VEIL_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("VEIL_ALLOW_INSECURE_KEYRING", "1")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    previous = keyring.get_keyring()
    backend = PlaintextKeyring()
    backend.file_path = str(tmp_path / "keyring.cfg")
    keyring.set_keyring(backend)
    yield tmp_path
    keyring.set_keyring(previous)


@pytest.fixture
def app(qtbot, gui_env: Path, loopback: LoopbackUpstream) -> Iterator[VeilApp]:
    """The whole app with its proxy protecting, in front of the loopback upstream."""
    loopback.requests.clear()
    # relevance off: these tests are about the app, not about which PII a query needs
    settings = Settings(port=free_port(), upstream=loopback.base_url, data_dir=str(gui_env / "data"),
                        never_mask=("Email Address",), relevance=None, detectors=PATTERNS)
    veil = VeilApp(settings, store_path=gui_env / "secrets.db")
    qtbot.waitUntil(lambda: veil.controller.state == "protecting", timeout=15000)
    yield veil
    veil.close()


def menu_action(veil: VeilApp, prefix: str):
    return next(a for a in veil.tray.menu.actions() if a.text().startswith(prefix))


def chat(url: str, text: str, timeout: float = 10, **headers: str) -> str:
    reply = httpx.post(f"{url}/chat/completions", headers=headers, timeout=timeout,
                       json={"model": "echo", "messages": [{"role": "user", "content": text}]})
    reply.raise_for_status()
    return reply.json()["choices"][0]["message"]["content"]


def test_state_icons_are_distinct(qapp):
    images = {state: state_pixmap(state, 32).toImage() for state in ("protecting", "paused", "error", "stopped")}
    assert len({img.cacheKey() for img in images.values()}) == 4
    states = list(images)
    assert all(images[a] != images[b] for a in states for b in states if a != b)


def test_tray_menu_pause_copy_stop_start(app: VeilApp, qtbot, loopback: LoopbackUpstream):
    tray = app.tray
    assert [a.text() for a in tray.menu.actions() if a.text()][1:] == [
        "Stop proxy", "Pause protection", "Copy export OPENAI_BASE_URL=… line", "Open window", "Quit Veil"]
    protecting = tray.icon.pixmap(32).toImage()
    assert tray.icon_state == "protecting"
    assert "names, street addresses" in app.window.detail_text.text()  # patterns only: the window says what is missed

    menu_action(app, "Pause protection").trigger()
    assert app.controller.service.state.paused is True
    assert tray.icon_state == "paused" and tray.icon.pixmap(32).toImage() != protecting
    assert menu_action(app, "Resume protection").isChecked()
    url = app.controller.base_url
    chat(url, PROMPT)  # paused: goes out unchanged, and the activity says so
    assert PHONE in loopback.requests[-1].raw
    qtbot.waitUntil(lambda: app.window.pages["activity"].table.rowCount() == 1)
    assert "paused" in app.window.pages["activity"].summary.text()

    menu_action(app, "Resume protection").trigger()
    assert app.controller.service.state.paused is False and tray.icon_state == "protecting"
    assert tray.icon.pixmap(32).toImage() == protecting
    chat(url, PROMPT)
    assert PHONE not in loopback.requests[-1].raw

    menu_action(app, "Copy export").trigger()
    assert QGuiApplication.clipboard().text() == f"export OPENAI_BASE_URL={url}"
    assert url == f"http://127.0.0.1:{app.controller.settings.port}/v1"

    menu_action(app, "Stop proxy").trigger()
    qtbot.waitUntil(lambda: app.controller.state == "stopped", timeout=10000)
    assert tray.icon_state == "stopped" and not app.controller.running
    with pytest.raises(httpx.ConnectError):
        chat(url, "hello")
    menu_action(app, "Start proxy").trigger()
    qtbot.waitUntil(lambda: app.controller.state == "protecting", timeout=10000)
    assert chat(url, "hello") == "You said: hello"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # uvicorn exits its thread
def test_port_in_use_shows_error_icon(qtbot, gui_env: Path, loopback: LoopbackUpstream):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        settings = Settings(port=busy.getsockname()[1], upstream=loopback.base_url, data_dir=str(gui_env / "data"),
                            detectors=PATTERNS)
        veil = VeilApp(settings, store_path=gui_env / "secrets.db")
        try:
            qtbot.waitUntil(lambda: veil.controller.state == "error", timeout=15000)
            assert "could not start" in veil.controller.error
            assert veil.tray.icon_state == "error"
            assert "Error" in veil.window.state_text.text()
            assert menu_action(veil, "Start proxy").isEnabled()
        finally:
            veil.close()


class _GatedDetector(Detector):
    """A detector whose load waits until the test lets it finish (and then maybe fails)."""

    name = "gated-model"

    def __init__(self, release: threading.Event, fails: bool) -> None:
        self.release, self.fails = release, fails

    def load(self) -> None:
        self.release.wait(60)
        if self.fails:
            raise OSError("weights missing")

    def detect(self, text: str) -> list:
        return []


@pytest.mark.parametrize("fails", [False, True])
def test_window_says_while_detection_loads_then_ready_or_why_not(qtbot, gui_env: Path, loopback: LoopbackUpstream,
                                                                  monkeypatch, fails: bool):
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))  # the registration ends with the test
    release = threading.Event()
    register_detector("gated-model", lambda: _GatedDetector(release, fails))
    settings = Settings(port=free_port(), upstream=loopback.base_url, data_dir=str(gui_env / "data"), relevance=None,
                        detectors=("patterns", "gated-model"))
    veil = VeilApp(settings, store_path=gui_env / "secrets.db")
    try:
        qtbot.waitUntil(lambda: "Loading PII detection: gated-model" in veil.window.detail_text.text(), timeout=15000)
        assert veil.controller.state == "starting"
        assert veil.actions.status.text() == "Starting: loading PII detection…"
        status = httpx.get(f"http://127.0.0.1:{settings.port}/veil/status").json()  # the proxy answers meanwhile
        assert (status["status"], status["protection"]["state"]) == ("loading", "loading")
        assert [(d["name"], d["ready"], d["detail"]) for d in status["detectors"]] == [
            ("patterns", True, "ready"), ("gated-model", False, "loading")]
        release.set()
        if fails:
            qtbot.waitUntil(lambda: veil.controller.state == "error", timeout=15000)
            assert "requests are refused (gated-model: OSError: weights missing)" in veil.controller.error
            assert "weights missing" in veil.window.state_text.text() and veil.tray.icon_state == "error"
            status = httpx.get(f"http://127.0.0.1:{settings.port}/veil/status").json()
            assert status["status"] == "unavailable" and "weights missing" in status["protection"]["detail"]
        else:
            qtbot.waitUntil(lambda: veil.controller.state == "protecting", timeout=15000)
            assert "detectors: patterns, gated-model" in veil.window.detail_text.text()
            assert httpx.get(f"http://127.0.0.1:{settings.port}/veil/status").json()["status"] == "protecting"
    finally:
        release.set()
        veil.close()


def test_proxied_request_appears_in_activity(app: VeilApp, qtbot, loopback: LoopbackUpstream):
    reply = chat(app.controller.base_url, PROMPT)
    assert reply == f"You said: {PROMPT}"  # restored for the client
    sent_upstream = loopback.requests[-1].raw
    assert PHONE not in sent_upstream and SSN not in sent_upstream and EMAIL in sent_upstream

    page = app.window.pages["activity"]
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    page.table.selectRow(0)
    assert page.table.item(0, 1).text() == "chat/completions"
    rows = {page.findings.item(r, 0).text(): [page.findings.item(r, c).text() for c in range(1, 6)]
            for r in range(page.findings.rowCount())}
    assert rows[EMAIL] == ["Email Address", "CODE", "kept", EMAIL, "never-mask tag"]
    assert rows[PHONE] == ["Phone Number", "CODE", "masked", "<Phone Number 1>", "no query to judge relevance"]
    assert rows[SSN][2:] == ["masked", "<Social Security Number 1>", "always-mask tag"]
    written, sent = page.written.toPlainText(), page.sent.toPlainText()
    assert PHONE in written and SSN in written
    assert "<Phone Number 1>" in sent and PHONE not in sent and EMAIL in sent
    assert "2 masked, 1 kept" in page.summary.text()

    page.forget_texts()
    assert PHONE not in page.written.toPlainText()
    on_disk = b"".join(p.read_bytes() for p in Path(app.controller.settings.data_dir).iterdir())
    assert PHONE.encode() not in on_disk


def test_earlier_sessions_show_counts_but_no_text(qtbot, gui_env: Path, loopback: LoopbackUpstream):
    from proxy.activity import ActivityEvent, ActivityLog, ActivityRecord

    log = ActivityLog(gui_env / "data" / "activity.db")
    log.record(ActivityEvent(ActivityRecord(endpoint="responses", status=200, policy="all", masked={"CODE": 2}),
                             original=[PROMPT], sent=["masked"]))
    log.close()
    veil = VeilApp(Settings(port=free_port(), upstream=loopback.base_url, data_dir=str(gui_env / "data"), relevance=None,
                            detectors=PATTERNS), store_path=gui_env / "secrets.db")
    try:
        page = veil.window.pages["activity"]
        qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=15000)
        page.table.selectRow(0)
        assert page.table.item(0, 1).text() == "responses" and page.table.item(0, 6).text() == "CODE 2"
        assert "never stores the texts" in page.summary.text() and page.written.toPlainText() == "not stored"
    finally:
        veil.close()


def _ok(dialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_secret_round_trip_through_secrets_page(app: VeilApp, gui_env: Path):
    page = app.window.pages["secrets"]
    dialog = page.add_people()
    dialog.name.setText("Sam Rivera")
    dialog.is_me.setChecked(True)
    _ok(dialog)
    dialog = page.add_people()
    dialog.name.setText("Maya Lin")
    dialog.aliases.setText("Mo, Dr. Lin")
    _ok(dialog)
    clash = page.add_people()
    clash.name.setText("Other")
    clash.ident.setText("maya-lin")
    _ok(clash)
    assert clash.isVisible() and "already" in clash.error.text()  # stays open, says why
    clash.reject()
    dialog = page.add_groups()
    dialog.name.setText("Climbers")
    dialog.members.set_checked("maya-lin")
    _ok(dialog)
    dialog = page.add_secrets()
    dialog.content.setPlainText("I am leaving my job in May")
    dialog.facts.setPlainText("leaving job\nin May")
    dialog.confidants.set_checked("maya-lin")
    dialog.confidants.set_checked("climbers")
    _ok(dialog)
    assert page.tables["people"].rowCount() == 2 and page.tables["secrets"].rowCount() == 1
    assert page.tables["secrets"].item(0, 2).text() == "Maya Lin, group Climbers"

    with SecretStore(gui_env / "secrets.db") as store:  # a second handle: what is on disk
        (info,) = store.secret_infos()
        secret = store.secret(info.id)
        assert store.person("maya-lin").aliases == ("Mo", "Dr. Lin")
        assert store.me().name == "Sam Rivera"
        assert store.group("climbers").current_members == ("maya-lin",)
    assert secret.owner == "sam-rivera" and secret.content == "I am leaving my job in May"
    assert secret.core_facts == ("leaving job", "in May") and secret.confidants == ("maya-lin", "climbers")
    assert b"leaving my job" not in (gui_env / "secrets.db").read_bytes()  # encrypted at rest

    page.select("secrets", secret.id)
    dialog = page.edit_secrets()
    assert dialog.content.toPlainText() == secret.content
    dialog.content.setPlainText("I am leaving my job in June")
    dialog.confidants.set_checked("climbers", False)
    dialog.cloud_ok.setChecked(True)
    _ok(dialog)
    with SecretStore(gui_env / "secrets.db") as store:
        edited = store.secret(secret.id)
    assert (edited.content, edited.confidants, edited.cloud_ok) == ("I am leaving my job in June", ("maya-lin",), True)

    page.select("secrets", secret.id)
    page.remove_secrets()
    page.confirm.button(QMessageBox.StandardButton.Yes).click()
    with SecretStore(gui_env / "secrets.db") as store:
        assert store.secret_infos() == []
    assert page.tables["secrets"].rowCount() == 0


def test_settings_persist_and_restart_the_proxy(app: VeilApp, qtbot, gui_env: Path, loopback: LoopbackUpstream):
    page = app.window.pages["settings"]
    port = free_port()
    page.upstream.setText(loopback.base_url)
    page.api_key.setText("sk-veil-test")
    page.port.setValue(port)
    page.policy.setCurrentIndex(page.policy.findData("all"))
    page.always.set_tag("Phone Number", True)
    page.never.set_tag("Email Address", False)
    page.never.set_tag("City/Region", True)
    page.start_at_login.setChecked(True)
    assert page.remember_findings.isChecked()  # the default
    page.remember_findings.setChecked(False)
    page.save_button.click()
    assert "Saved to" in page.message.text(), page.message.text()

    loaded = load_settings()
    assert loaded == app.controller.settings
    assert (loaded.port, loaded.policy, loaded.never_mask) == (port, "all", ("City/Region",))
    assert loaded.remember_findings is False
    assert not page.gliner.isChecked() and loaded.detectors == ("patterns",)  # an explicit opt-out is saved
    assert "Phone Number" in loaded.always_mask and "Social Security Number" in loaded.always_mask
    assert upstream_api_key() == "sk-veil-test"
    assert "tray --hidden" in (gui_env / "xdg-config" / "autostart" / "veil.desktop").read_text()

    qtbot.waitUntil(lambda: app.controller.state == "protecting" and app.controller.base_url.endswith(f":{port}/v1"),
                    timeout=15000)
    chat(app.controller.base_url, PROMPT, authorization="Bearer sk-client")
    forwarded = loopback.requests[-1]
    assert forwarded.headers["authorization"] == "Bearer sk-veil-test"  # the keyring key, not the client's
    assert EMAIL not in forwarded.raw  # policy "all", no never-mask on email any more
    assert app.controller.service.state.engine.detector.cache_size == 0  # the restarted proxy remembers nothing

    page.upstream.setText("ftp://nope")
    page.save_button.click()
    assert page.message.text().startswith("Not saved") and load_settings().upstream == loopback.base_url


def test_settings_saved_while_the_proxy_starts_are_applied(app: VeilApp, qtbot):
    # two saves in a row: the second arrives while the first restart is still starting the proxy
    controller = app.controller
    qtbot.waitUntil(lambda: controller.state == "protecting", timeout=15000)
    first, second = free_port(), free_port()
    saved: list[int] = []

    def save_again(state: str) -> None:
        if state == "starting" and not saved:  # the next turn of the event loop: the start has read its settings
            saved.append(second)
            QTimer.singleShot(0, lambda: controller.restart(replace(controller.settings, port=second)))

    controller.stateChanged.connect(save_again)
    try:
        controller.restart(replace(controller.settings, port=first))
        qtbot.waitUntil(lambda: bool(saved) and controller.settings.port == second, timeout=5000)
    finally:
        controller.stateChanged.disconnect(save_again)
    qtbot.waitUntil(lambda: controller.state == "protecting" and controller.base_url.endswith(f":{second}/v1"),
                    timeout=20000)
    assert httpx.get(f"http://127.0.0.1:{second}/veil/status", timeout=5).status_code == 200


def test_models_page_lists_models_and_masks_sample(app: VeilApp, qtbot):
    page = app.window.pages["models"]
    qtbot.waitUntil(lambda: page.last_masked is not None, timeout=15000)
    names = {row["name"]: row for row in page.rows}
    assert names["patterns"]["ready"] and names["patterns"]["in_use"]
    assert page.table.rowCount() == len(page.rows)
    assert "<Social Security Number 1>" in page.last_masked and "123-45-6789" not in page.last_masked
    page.sample.setPlainText("call me at +1 415 555 0132")
    page.test_sample()
    qtbot.waitUntil(lambda: page.last_masked.startswith("call me"), timeout=5000)
    assert page.last_masked == "call me at <Phone Number 1>"


def test_eval_page_without_command_says_so(qtbot):
    page = EvalPage(unavailable="no eval here")
    qtbot.addWidget(page)
    assert not page.notice.isHidden() and "no eval here" in page.notice.text()
    assert not page.run_button.isEnabled()


def test_eval_metrics_table_shapes():
    data = {"systems": {"veil": {"all": {"strict_f1": 0.5, "B": 0.61234, "extra": 1}, "single": {"B": 1.0}},
                        "oracle": {"all": {"strict_f1": 1.0, "B": 0.9}}}}
    headers, rows = metrics_table(data, "all")
    assert headers == ["system", "strict_f1", "B"] and rows == [["veil", "0.5", "0.6123"], ["oracle", "1", "0.9"]]
    assert metrics_table({"f1": 0.5, "n": {"all": 3}}) == (["metric", "value"], [["f1", "0.5"], ["n.all", "3"]])


@pytest.mark.skipif(eval_unavailable() is not None, reason="`veil eval` is not installed")
def test_eval_page_runs_and_cancels_real_eval(qtbot, gui_env: Path, monkeypatch):
    monkeypatch.setenv("VEIL_DETECTORS", "patterns")  # the page's run and cancel, not the detectors (in the child `veil eval`)
    page = EvalPage()
    qtbot.addWidget(page)
    page.n.setValue(1)
    page.run()
    assert page.running and page.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: not page.running, timeout=45000)
    assert page.progress.text() == "Done.", page.log.toPlainText()
    assert page.split.currentText() == "all"
    assert page.table.item(0, 0).text() == "veil" and page.table.horizontalHeaderItem(1).text() == "strict_f1"
    page.run()
    page.cancel()
    qtbot.waitUntil(lambda: not page.running, timeout=10000)
    assert page.progress.text() == "Cancelled." and page.run_button.isEnabled()


def test_tray_screenshot_command_writes_every_page(qtbot, gui_env: Path, loopback: LoopbackUpstream):
    from gui.cli import register

    (gui_env / "config.toml").write_text(
        f'upstream = "{loopback.base_url}"\nport = {free_port()}\ndata_dir = "{gui_env / "data"}"\n')
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["tray", "--screenshot", str(gui_env / "shot.png"), "--page", "all"])
    assert args.func(args) == 0
    for page in ("activity", "secrets", "settings", "models", "eval"):
        assert (gui_env / f"shot-{page}.png").stat().st_size > 10_000


def test_capture_offers_reach_the_secrets_page_and_are_saved_or_dismissed(qtbot, gui_env: Path, loopback: LoopbackUpstream):
    """A "between us" prompt through the real proxy: an offer on the Secrets page, never a silent secret,
    never its text in the activity log."""
    data = gui_env / "data"
    settings = Settings(port=free_port(), upstream=loopback.base_url, data_dir=str(data), detectors=PATTERNS)
    veil = VeilApp(settings, store_path=data / "secrets.db")  # the store the proxy uses, as in production
    try:
        qtbot.waitUntil(lambda: veil.controller.state == "protecting", timeout=15000)
        page = veil.window.pages["secrets"]
        assert page.offers.list.count() == 0 and page.offers.empty.isVisible() is not None
        chat(veil.controller.base_url, "Just between us, I am applying for a Zorblatt fellowship in Quito next spring.")
        qtbot.waitUntil(lambda: page.offers.list.count() == 1, timeout=10000)
        assert "Zorblatt fellowship" in page.offers.list.item(0).text()
        with SecretStore(data / "secrets.db") as store:
            assert store.secret_infos() == [] and store.offer_count() == 1  # offered, not stored
        for path in data.glob("activity.db*"):
            assert b"Zorblatt" not in path.read_bytes()
        for path in data.glob("secrets.db*"):
            assert b"Zorblatt" not in path.read_bytes()  # queued encrypted

        dialog = page.save_offer(page.offers.selected())
        assert "Zorblatt fellowship" in dialog.content.toPlainText() and dialog.facts.toPlainText()
        dialog.cloud_ok.setChecked(False)
        _ok(dialog)
        assert page.offers.list.count() == 0 and page.tables["secrets"].rowCount() == 1
        with SecretStore(data / "secrets.db") as store:
            (secret,) = store.secrets()
            assert "Zorblatt" in secret.content and not secret.cloud_ok and store.offer_count() == 0

        # the store now holds a secret, so the guard loads MiniLM for this one: slow on a busy machine
        chat(veil.controller.base_url, "Don't tell anyone, but I sold my grandmother's piano last week.", timeout=300)
        qtbot.waitUntil(lambda: page.offers.list.count() == 1, timeout=10000)
        page.offers.dismiss.click()
        assert page.offers.list.count() == 0
        with SecretStore(data / "secrets.db") as store:
            assert len(store.secret_infos()) == 1 and store.offer_count() == 0
    finally:
        veil.close()


def test_secrets_page_edits_relationships_and_group_periods(app: VeilApp, gui_env: Path):
    page = app.window.pages["secrets"]
    for name, me in (("Sam Rivera", True), ("Maya Lin", False), ("Olaf Dahl", False)):
        dialog = page.add_people()
        dialog.name.setText(name)
        dialog.is_me.setChecked(me)
        _ok(dialog)
    page.select("people", "maya-lin")
    dialog = page.edit_people()
    dialog.aliases.setText("Mo")
    _ok(dialog)

    dialog = page.add_relationships()
    dialog.b.setCurrentIndex(dialog.b.findData("maya-lin"))
    dialog.type.setCurrentText("manager")
    dialog.valid_from.setText("not a date")
    _ok(dialog)
    assert dialog.isVisible() and "not a date" in dialog.error.text()
    dialog.valid_from.setText("2024-01-01")
    _ok(dialog)
    dialog = page.add_relationships()
    dialog.b.setCurrentIndex(dialog.b.findData("olaf-dahl"))
    dialog.type.setCurrentText("friend")
    dialog.valid_to.setText("2030-01-01")
    _ok(dialog)
    table = page.tables["relationships"]
    assert table.rowCount() == 2
    rows = {table.item(r, 1).text(): [table.item(r, c).text() for c in range(table.columnCount())] for r in range(2)}
    assert rows["Maya Lin"][2:5] == ["manager", "Sam Rivera", "2024-01-01"] and rows["Maya Lin"][6] == "current"

    with SecretStore(gui_env / "secrets.db") as store:
        manager = next(r for r in store.relationships() if r.b == "maya-lin")
        friend = next(r for r in store.relationships() if r.b == "olaf-dahl")
        assert store.person("maya-lin").aliases == ("Mo",)
        assert [p.id for p in store.resolve_audience("my manager", datetime.now()).people] == ["maya-lin"]
    page.select("relationships", str(manager.id))
    page.end_relationships()  # ended today: no longer "my manager"
    with SecretStore(gui_env / "secrets.db") as store:
        assert store.resolve_audience("my manager", datetime.now()).people == ()
    page.select("relationships", str(friend.id))
    page.remove_relationships()
    page.confirm.button(QMessageBox.StandardButton.Yes).click()
    assert page.tables["relationships"].rowCount() == 1

    dialog = page.add_groups()
    dialog.name.setText("Climbers")
    dialog.members.set_checked("maya-lin")
    dialog.members.set_checked("olaf-dahl")
    dialog.valid_from.setText("2024-03-01")
    _ok(dialog)
    page.select("groups", "climbers")
    dialog = page.edit_groups()
    assert dialog.valid_from.text() == "2024-03-01"
    dialog.members.set_checked("olaf-dahl", False)  # Olaf left: a former member from today
    _ok(dialog)
    with SecretStore(gui_env / "secrets.db") as store:
        group = store.group("climbers")
    assert group.current_members == ("maya-lin",) and [m.person_id for m in group.former_members] == ["olaf-dahl"]
    assert group.valid_from.startswith("2024-03-01")
    assert page.tables["groups"].item(0, 5).text() == "Olaf Dahl"


def test_settings_relevance_level_round_trips(app: VeilApp, qtbot, gui_env: Path):
    page = app.window.pages["settings"]
    combo = page.relevance_level
    assert [combo.itemData(i) for i in range(combo.count())] == ["private", "balanced", "useful"]
    assert combo.currentData() == "balanced"  # the default: the judge's tuned threshold
    assert "private" in combo.currentText() or "tuned" in combo.currentText()
    assert "answers" in page.relevance_level_note.text() and "in clear" in page.relevance_level_note.text()

    combo.setCurrentIndex(combo.findData("private"))
    page.save_button.click()
    assert "Saved to" in page.message.text(), page.message.text()
    assert load_settings().relevance_level == "private"
    assert 'relevance_level = "private"' in (gui_env / "config.toml").read_text()
    assert app.controller.settings.relevance_level == "private"  # the restarted proxy runs with it
    qtbot.waitUntil(lambda: app.controller.state == "protecting", timeout=15000)  # restarted (stop -> start)
    page.load()
    assert combo.currentData() == "private"

    combo.setCurrentIndex(combo.findData("useful"))
    page.revert_button.click()  # unsaved edits are discarded
    assert combo.currentData() == "private"
    combo.setCurrentIndex(combo.findData("balanced"))
    page.save_button.click()
    assert load_settings().relevance_level == "balanced"
    assert "relevance_level =" not in (gui_env / "config.toml").read_text()  # the default is not written
    qtbot.waitUntil(lambda: app.controller.state == "protecting", timeout=15000)
