"""``btcli replay GAME -o game.html`` (issue #15): one self-contained page that steps through the log.

The page is checked twice: as text (what it holds, step by step) and in a real headless Chromium, which
runs the page's own script: opened at ``#step=N`` (``--dump-dom``) and stepped with real key events (the
DevTools protocol over ``--remote-debugging-pipe``: NUL-separated JSON on file descriptors 3 and 4, so no
websocket client is needed). Without ``/usr/bin/chromium`` (or ``$BTCLI_CHROMIUM``) the browser tests skip.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import pytest

from tests.cli.helpers import ok, run
from tests.render.pixels import near, read_png
from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"
CHROMIUM = os.environ.get("BTCLI_CHROMIUM", "/usr/bin/chromium")  # another browser binary, or a missing one to see the skip
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                    reason=f"no headless browser: {CHROMIUM} is missing (apt-get install chromium)")


def golden_game(tmp_path: Path, name: str = "crossroads") -> Path:
    game = tmp_path / "game.toml"
    shutil.copy(GOLDEN / name / "game.toml", game)
    return game


def page_data(html: str) -> dict:
    """The page's data with every step resolved as the page's script resolves it (issue #29): its maps as
    their SVG text (the numbered parts' numbered lines), its unit table as rows."""
    found = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page holds no step data"
    data = json.loads(found.group(1))
    chunks = re.findall(r'<script class="replay-steps" type="application/json">(.*?)</script>', html, re.S)
    steps = [step for chunk in chunks for step in json.loads(chunk)]
    assert len(steps) == data["count"] and all(len(json.loads(c)) == data["chunk"] for c in chunks[:-1])

    def svg(parts: list[int]) -> str:
        return "\n".join(data["lines"][i] for p in parts for i in data["parts"][p]) + "\n"

    data["steps"] = [{**step, "maps": [[m, svg(parts)] for m, parts in step["maps"]],
                      "units": [data["rows"][r] for r in step["units"]]} for step in steps]
    return data


def log_of(game: Path) -> list[dict]:
    return tomllib.loads(game.read_text(encoding="utf-8"))["log"]


def svg_of(data: dict, step: int, map_id: str = "ground") -> str:
    """The SVG the page shows for a map at a step (``page_data`` rebuilt it as the page's script does)."""
    return dict(data["steps"][step - 1]["maps"])[map_id]


@pytest.fixture
def crossroads(tmp_path) -> tuple[Path, Path]:
    game = golden_game(tmp_path)
    page = tmp_path / "game.html"
    result = ok("replay", game, "-o", page)
    assert result.out == f"wrote {page}: 46 entries, {page.stat().st_size // 1024} KiB\n"
    return game, page


def test_replay_page_is_self_contained(crossroads):
    _, page = crossroads
    html = page.read_text(encoding="utf-8")
    for outside in ("http://", "https://", "src=", "href=", "<link", "@import", "url("):
        assert outside not in html, outside
    scripts = re.findall(r"<script[^>]*>", html)  # the page's own script, and data: the steps in chunks, the pools
    assert scripts.count("<script>") == 1 and all('type="application/json"' in s for s in scripts if s != "<script>")


def test_replay_page_has_one_step_per_log_entry_with_its_command_events_and_rolls(crossroads):
    game, page = crossroads
    data = page_data(page.read_text(encoding="utf-8"))
    log = log_of(game)
    assert len(data["steps"]) == len(log) == 46
    for step, entry in zip(data["steps"], log):
        assert (step["seq"], step["command"], step["events"], step["rolls"]) == \
               (entry["seq"], entry["command"], entry["events"], entry["rolls"])
    assert any(step["rolls"] for step in data["steps"])
    assert data["headers"] == ["unit", "side", "type", "hex", "face", "moved", "armor", "internal", "status"]


def test_replay_page_draws_the_map_report_draws(crossroads, tmp_path):
    game, page = crossroads
    data = page_data(page.read_text(encoding="utf-8"))
    ok("report", game, "--map", tmp_path / "board.svg")
    drawn = (tmp_path / "board.svg").read_text(encoding="utf-8")
    assert svg_of(data, 46) == drawn.replace(' xmlns="http://www.w3.org/2000/svg"', "")
    assert svg_of(data, 1) != svg_of(data, 46)  # the units stood elsewhere at the start


def test_replay_page_shows_each_aerospace_map_as_a_panel(tmp_path):
    game = golden_game(tmp_path, "orbital-descent")
    ok("replay", game, "-o", tmp_path / "game.html")
    data = page_data((tmp_path / "game.html").read_text(encoding="utf-8"))
    assert len(data["steps"]) == len(log_of(game))
    assert [m for m, _ in data["steps"][0]["maps"]] == ["ground", "space", "low"]
    assert "<title>Orbital Descent - map space: turn 1," in svg_of(data, 1, "space")


def test_replay_page_default_name_is_the_game_with_html(tmp_path):
    game = golden_game(tmp_path)
    ok("replay", game, "--quiet")
    assert (tmp_path / "game.html").exists()


def test_replay_of_a_game_whose_log_does_not_replay_writes_nothing(tmp_path):
    game = golden_game(tmp_path)
    game.write_text(game.read_text().replace("walks 1002 -> 1105", "walks 1002 -> 1106", 1))  # a forged entry 5
    result = run("replay", game, "-o", tmp_path / "game.html")
    assert result.code == 4 and result.err == "Error: entry 5: events differs from the replay\n"
    assert not (tmp_path / "game.html").exists()


def refused(tmp_path: Path, *args, code: int = 2, contains: str = "") -> None:
    """``btcli replay ARGS`` fails with one Error line and writes no file: the folder is as it was."""
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = run("replay", *args)
    assert result.code == code, (result.code, result.err)
    assert result.err.startswith("Error: ") and result.err.count("\n") == 1 and contains in result.err, result.err
    assert result.out == ""
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_replay_refuses_a_missing_game(tmp_path):
    refused(tmp_path, tmp_path / "nope.toml", "-o", tmp_path / "game.html", code=4, contains="no game file")


def test_replay_refuses_to_overwrite_a_file_without_force(tmp_path):
    game = golden_game(tmp_path)
    (tmp_path / "game.html").write_text("mine\n")
    refused(tmp_path, game, "-o", tmp_path / "game.html", contains="already exists (add --force")
    ok("replay", game, "-o", tmp_path / "game.html", "--force")
    assert page_data((tmp_path / "game.html").read_text())["steps"]


@pytest.mark.parametrize("victim", ["the game", "another game", "seed", "secrets"])
def test_replay_never_writes_over_a_btcli_file(tmp_path, victim):
    game = golden_game(tmp_path)
    target = {
        "the game": game,
        "another game": shutil.copy(GOLDEN / "town-strike" / "game.toml", tmp_path / "other.toml"),
        "seed": tmp_path / "game.seed",
        "secrets": tmp_path / "game.blue.secrets.toml",
    }[victim]
    if victim == "seed":
        target.write_text("# btcli seed file\nseed = 1\n")
    if victim == "secrets":
        target.write_text("# btcli secrets\n")
    refused(tmp_path, game, "-o", target, "--force")


def test_replay_of_a_referee_game_needs_the_seed(tmp_path):
    from tests.cli.helpers import init_game

    game = init_game(tmp_path, ROOT / "scenarios" / "crossroads.toml", "--referee")
    ok("resolve-phase", game)  # the initiative rolls, from the referee's seed
    ok("replay", game, "-o", tmp_path / "game.html")
    assert len(page_data((tmp_path / "game.html").read_text())["steps"]) == 2
    (tmp_path / "game.html").unlink()
    (tmp_path / "game.seed").rename(tmp_path / "kept.seed")
    refused(tmp_path, game, "-o", tmp_path / "game.html", contains="held by the referee: give --seed-file")
    ok("replay", game, "-o", tmp_path / "game.html", "--seed-file", tmp_path / "kept.seed")


def test_move_and_report_never_import_the_replay_page(tmp_path):
    game = golden_game(tmp_path)
    code = ("import sys; from btcli.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(str('btcli.render.replay' in sys.modules))")
    for args in (["report", str(game)], ["move", str(game), "nobody", "--mode", "stand"]):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.stderr.endswith("False"), (args, done.stderr)


# -- in a real browser ------------------------------------------------------------------------------------------

BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def shown(dom: str) -> dict:
    """What the page shows, read from its DOM: step number, heading, command, events, each unit's hex."""
    from html import unescape

    def texts(pattern: str, within: str = dom) -> list[str]:
        return [unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(pattern, within, re.S)]

    events = re.search(r'<ul id="events">(.*?)</ul>', dom, re.S).group(1)
    rows = re.findall(r'<tr data-unit="([^"]+)"[^>]*>(.*?)</tr>', dom, re.S)
    return {"step": texts(r'<b id="step">(.*?)</b>')[0], "heading": texts(r'<h2 id="heading">(.*?)</h2>')[0],
            "command": texts(r'<div id="command">(.*?)</div>')[0], "events": texts(r"<li[^>]*>(.*?)</li>", events),
            "hexes": {unit: texts(r"<td>(.*?)</td>", row)[3] for unit, row in rows}}


@needs_chromium
def test_browser_opens_the_step_the_fragment_names(crossroads, tmp_path):
    game, page = crossroads
    entry = log_of(game)[4]
    done = subprocess.run([CHROMIUM, *BROWSER_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                           page.as_uri() + "#step=5"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = shown(done.stdout)
    assert seen["step"] == "5"
    assert seen["heading"] == "Entry 5: turn 1, movement phase"
    assert seen["command"] == "btcli " + entry["command"] == "btcli move commando --path L,F,R,F,F"
    assert seen["events"] == entry["events"] == ["commando walks 1002 -> 1105 facing S: 6 MP, 3 hexes"]
    assert seen["hexes"]["commando"] == "1105"  # where entry 5 left it (it started in 1002)
    assert '<figure data-map="ground">' in done.stdout and "<polygon" in done.stdout


class Browser:
    """A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``)."""

    def __init__(self, profile: Path) -> None:
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def fds_3_and_4() -> None:  # the browser reads commands from fd 3 and answers on fd 4
            read, write = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen([CHROMIUM, *BROWSER_FLAGS, f"--user-data-dir={profile}",
                                         "--remote-debugging-pipe", "about:blank"], close_fds=False,
                                        preexec_fn=fds_3_and_4, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._sent = 0
        self._buffer = b""
        self.session = None

    def call(self, method: str, **params) -> dict:
        self._sent += 1
        message = {"id": self._sent, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                ready, _, _ = select.select([self._from_browser], [], [], 60)
                assert ready, f"the browser did not answer {method} within 60 s"
                chunk = os.read(self._from_browser, 1 << 16)
                assert chunk, "the browser closed its pipe"
                self._buffer += chunk
            raw, _, self._buffer = self._buffer.partition(b"\0")
            answer = json.loads(raw)
            if answer.get("id") == self._sent:
                assert "error" not in answer, answer
                return answer["result"]

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.wait_for("document.readyState === 'complete' && document.getElementById('step').textContent !== '-'")

    def eval(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while not self.eval(expression):
            assert time.monotonic() < end, f"timed out waiting for {expression}"
            time.sleep(0.05)

    def size(self, width: int, height: int) -> None:
        """Shows the page in a window of this size (CSS pixels), as a player's browser would."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        self.eval("window.dispatchEvent(new Event('resize')); true")

    def screenshot(self) -> bytes:
        import base64

        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def key(self, key: str, code: int) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)

    def close(self) -> None:
        try:
            self.session = None
            self.call("Browser.close")
            self.process.wait(timeout=30)
        except Exception:
            self.process.kill()
            self.process.wait()
        finally:
            os.close(self._to_browser)
            os.close(self._from_browser)


@needs_chromium
def test_browser_steps_with_the_arrow_keys_home_and_end(crossroads):
    game, page = crossroads
    log = log_of(game)
    browser = Browser(Path(tempfile.mkdtemp(prefix="btcli-chromium-")))
    try:
        browser.open(page.as_uri() + "#step=5")
        read = ("[document.getElementById('step').textContent, document.getElementById('command').textContent, "
                "[...document.querySelectorAll('#events li')].map(li => li.textContent), "
                "document.querySelector('#units tr[data-unit=commando]').children[3].textContent, location.hash]")
        assert browser.eval(read) == ["5", "btcli " + log[4]["command"], log[4]["events"], "1105", "#step=5"]
        browser.key("ArrowRight", 39)
        assert browser.eval(read)[:3] == ["6", "btcli " + log[5]["command"], log[5]["events"]]
        assert browser.eval("location.hash") == "#step=6"  # a link to this step
        browser.key("ArrowLeft", 37)
        browser.key("ArrowLeft", 37)
        assert browser.eval(read)[0] == "4"
        browser.key("End", 35)
        assert browser.eval(read)[:2] == ["46", "btcli " + log[45]["command"]]
        browser.key("Home", 36)
        assert browser.eval(read)[0] == "1" and browser.eval(read)[3] == "1002"  # commando's starting hex
        browser.eval("document.getElementById('slider').value = '20'; "
                     "document.getElementById('slider').dispatchEvent(new Event('input'))")
        assert browser.eval(read)[:2] == ["20", "btcli " + log[19]["command"]]
    finally:
        browser.close()


def test_replay_has_help_from_the_grammar_and_a_readme_line():
    result = run("replay", "--help")
    assert result.code == 0 and "Usage: btcli replay" in result.out and "#step=N" in result.out
    assert "btcli replay GAME" in (ROOT / "README.md").read_text()


@needs_chromium
def test_browser_steps_across_the_chunks_of_a_long_game(tmp_path):
    """Issue #29: the steps sit in chunks of 200, each parsed when the viewer reaches it."""
    from tests.reliability.conftest import build_long_game

    game, page = tmp_path / "long.toml", tmp_path / "long.html"
    build_long_game(game, 450)
    ok("replay", game, "-o", page)
    log = log_of(game)
    assert page.read_text(encoding="utf-8").count('<script class="replay-steps"') == 3
    browser = Browser(Path(tempfile.mkdtemp(prefix="btcli-chromium-")))
    try:
        browser.open(page.as_uri() + "#step=200")
        read = "[document.getElementById('step').textContent, document.getElementById('command').textContent]"
        assert browser.eval(read) == ["200", "btcli " + log[199]["command"]]
        browser.key("ArrowRight", 39)  # the first step of the second chunk
        assert browser.eval(read) == ["201", "btcli " + log[200]["command"]]
        browser.key("End", 35)
        assert browser.eval(read) == [str(len(log)), "btcli " + log[-1]["command"]]
        browser.key("Home", 36)
        assert browser.eval(read) == ["1", "btcli " + log[0]["command"]]
        assert browser.eval("document.querySelectorAll('#units tbody tr').length") == 9
    finally:
        browser.close()


# -- issue #33 item 6: the fight at a glance ----------------------------------------------------------------


@pytest.fixture
def ridge(tmp_path) -> tuple[Path, Path, dict]:
    game = golden_game(tmp_path, "ridge-skirmish")
    page = tmp_path / "ridge.html"
    ok("replay", game, "-o", page)
    return game, page, page_data(page.read_text(encoding="utf-8"))


def test_replay_lists_each_attack_of_the_phase_from_the_events_with_its_damage_pending_until_the_phase_ends(ridge):
    """Each attack command adds a line per weapon (who, at whom, with what, hit or miss, the damage); the hits'
    damage is pending, as the step's units' pending damage says, until the resolve-phase that ends the phase."""
    game, _, data = ridge
    log = log_of(game)
    seen = waited = 0
    for n, (step, entry) in enumerate(zip(data["steps"], log), start=1):
        attacks = [data["attacks"][i] for i in step["attacks"]]
        if entry["command"].startswith("attack "):
            _, attacker, target = entry["command"].split()[:3]
            mine = [a for a in attacks if a["attacker"] == attacker]
            fired = [e for e in entry["events"] if e.startswith(f"{attacker} fires ")]
            assert [(a["target"], a["result"]) for a in mine] == \
                   [(target, "hit" if ": hit" in e else "miss") for e in fired]
            assert all(a["pending"] == (a["result"] == "hit") for a in attacks)
            expected: dict[str, int] = {}
            for a in attacks:
                if a["pending"]:
                    expected[a["target"]] = expected.get(a["target"], 0) + a["damage"]
            assert step["pending"] == expected  # the weapon phase's damage waits to land
            waited += bool(expected)
            seen += 1
        elif n > 1 and log[n - 2]["command"].startswith("attack "):  # the phase ends: its lines stay, its damage lands
            assert entry["command"] == "resolve-phase" and step["pending"] == {}
            assert len(attacks) == len(data["steps"][n - 2]["attacks"]) and not any(a["pending"] for a in attacks)
            seen += 1
    attack_entries = [e for e in log if e["command"].startswith("attack ")]
    phases = [e for e, after in zip(log, log[1:]) if e["command"].startswith("attack ") and not
              after["command"].startswith("attack ")]
    assert seen == len(attack_entries) + len(phases) and len(phases) >= 3 and waited > len(phases)
    damage = [(a["attacker"], a["what"], a["damage"]) for a in data["attacks"] if a["result"] == "hit"]
    assert ("wasp", "Medium Laser@RA", 5) in damage  # "wasp fires Medium Laser@RA at hunchback: ... 5 damage"


def test_replay_draws_an_arrow_from_each_attacker_to_its_target_on_the_ground_map(ridge):
    game, _, data = ridge
    log = log_of(game)
    n = next(i for i, e in enumerate(log, start=1) if e["command"] == "attack edgar hunchback --weapon ML --weapon "
                                                                      "SRM-2 --weapon SRM-2")
    svg = svg_of(data, n)
    assert svg.count('<g class="attacks">') == 1
    pairs = re.findall(r'<g class="attack ([a-z-]+)"><title>([a-z]+) -&gt; ([a-z]+):', svg)
    assert ("hit", "edgar", "hunchback") in pairs and ("hit", "commando", "wasp") in pairs
    assert "attacks" not in svg_of(data, n - 20)  # no attack in the movement phase: no lines


def test_replay_page_marks_a_units_pending_damage_on_its_bars(ridge):
    """The ground map's damage bars mark the weapon phase's damage pending (pink) until it lands."""
    from btcli.render import damage_bars

    game, _, data = ridge
    log = log_of(game)
    n = next(i for i, e in enumerate(log, start=1) if e["command"].startswith("attack edgar hunchback"))
    assert damage_bars.PENDING in svg_of(data, n)
    end = next(i for i in range(n, len(log) + 1) if log[i - 1]["command"] == "resolve-phase")
    assert damage_bars.PENDING not in svg_of(data, end).split('<g class="panel"')[0]  # landed: no pink on the board


def browse(page: Path, step: int, width: int = 1280, height: int = 800) -> Browser:
    browser = Browser(Path(tempfile.mkdtemp(prefix="btcli-chromium-")))
    browser.open(page.as_uri() + f"#step={step}")
    browser.size(width, height)
    return browser


@needs_chromium
def test_browser_shows_who_fired_at_whom_with_the_damage_pending_until_the_phase_ends(ridge, tmp_path):
    game, page, data = ridge
    log = log_of(game)
    n = next(i for i, e in enumerate(log, start=1) if e["command"].startswith("attack edgar hunchback"))
    end = next(i for i in range(n, len(log) + 1) if log[i - 1]["command"] == "resolve-phase")
    browser = browse(page, n)
    try:
        lines = browser.eval("[...document.querySelectorAll('#attacks li')].map(li => [li.className, li.textContent])")
        assert len(lines) == len(data["steps"][n - 1]["attacks"]) > 4
        assert ["hit pending", "wasp \u2192 hunchback: Medium Laser@RA hit (needs 6, rolls 11), 5 damage"
                "pending: lands as the phase ends"] in lines
        assert ["miss", "commando \u2192 wasp: Medium Laser@LA miss (needs 7, rolls 5)"] in lines
        pending = browser.eval("document.querySelector('#units tr[data-unit=hunchback] .badge').textContent")
        assert pending == f"{data['steps'][n - 1]['pending']['hunchback']} damage pending"
        assert browser.eval("document.querySelectorAll('#maps svg g.attacks g.attack').length") >= 3
        picture = read_png(browser.screenshot())  # the screenshot shows the pending marks (pink) and the arrows
        (tmp_path / "attacks.png").write_bytes(browser.screenshot())
        from btcli.render import damage_bars

        assert picture.count((0, 0, picture.width, picture.height), near(damage_bars.PENDING, 30)) > 500
        browser.key("End", 35)
        browser.eval(f"location.hash = '#step={end}'; true")
        browser.wait_for(f"document.getElementById('step').textContent === '{end}'")
        assert browser.eval("document.querySelectorAll('#attacks li.pending').length") == 0  # landed
        assert browser.eval("document.querySelectorAll('#attacks li.hit').length") > 0
        assert browser.eval("document.querySelectorAll('#units .badge').length") == 0
    finally:
        browser.close()


@needs_chromium
def test_browser_shows_each_aerospace_map_on_its_own_tab_without_scrolling(tmp_path):
    game = golden_game(tmp_path, "orbital-descent")
    page = tmp_path / "game.html"
    ok("replay", game, "-o", page)
    browser = browse(page, 3)
    try:
        tabs = browser.eval("[...document.querySelectorAll('#tabs button')].map(b => b.textContent)")
        assert tabs == ["ground board", "map space", "map low"]
        browser.eval("document.querySelector('#tabs button[data-map=space]').click(); true")
        shown = ("[...document.querySelectorAll('#maps figure')].filter(f => !f.hidden).map(f => [f.dataset.map, "
                 "f.querySelector('svg').getBoundingClientRect().top, f.querySelector('svg').getBoundingClientRect()"
                 ".bottom])")
        (only,) = browser.eval(shown)
        assert only[0] == "space" and 0 < only[1] and only[2] <= browser.eval("window.innerHeight") + 1
        browser.key("ArrowRight", 39)  # the tab chosen stays chosen from step to step
        assert [m for m, *_ in browser.eval(shown)] == ["space"]
        assert browser.eval("window.scrollY") == 0
    finally:
        browser.close()


@needs_chromium
@pytest.mark.parametrize("width", [1280, 900])
def test_browser_unit_table_fits_without_scrolling_sideways(ridge, width):
    _, page, _ = ridge
    browser = browse(page, 30, width=width)
    try:
        table = browser.eval("(() => { const t = document.getElementById('units'); "
                             "return [t.scrollWidth, t.parentElement.clientWidth, "
                             "document.documentElement.scrollWidth, window.innerWidth]; })()")
        assert table[0] <= table[1] and table[2] <= table[3], table
    finally:
        browser.close()


BIG_BOARD = (ROOT / "scenarios" / "crossroads.toml").read_text(encoding="utf-8").replace(
    "width = 16\nheight = 17", "width = 32\nheight = 34")


@needs_chromium
def test_browser_fits_a_32_by_34_board_to_the_window_with_its_units_readable(tmp_path):
    """Issue #33: on a 32x34 board units shrank to dots. The board fits the window; a marker drawn smaller
    than 0.8 of its size grows about its hex, so each unit's marker and id stay readable."""
    from tests.cli.helpers import init_game

    assert "width = 32" in BIG_BOARD
    game = init_game(tmp_path, BIG_BOARD)
    ok("resolve-phase", game)
    page = tmp_path / "big.html"
    ok("replay", game, "-o", page)
    browser = browse(page, 2)
    try:
        fit = browser.eval("(() => { const r = document.querySelector('#maps figure:not([hidden]) svg')"
                           ".getBoundingClientRect(); return [r.width, r.height, window.innerWidth, "
                           "window.innerHeight, r.top]; })()")
        assert fit[0] <= fit[2] and fit[4] + fit[1] <= fit[3] + 1  # the whole board in the window
        sizes = browser.eval("[...document.querySelectorAll('#maps g.unit')].map(g => [g.querySelector('circle, "
                             "rect, path').getBoundingClientRect().width, g.querySelector('text')"
                             ".getBoundingClientRect().height])")
        assert len(sizes) == 9 and all(marker >= 12 and words >= 6 - 1e-3 for marker, words in sizes), sizes
        browser.eval("document.getElementById('zoom-in').click(); document.getElementById('zoom-in').click(); true")
        bigger = browser.eval("document.querySelector('#maps figure:not([hidden]) svg').getBoundingClientRect().width")
        assert bigger > fit[0] * 1.4  # zoomed in: the board wider than the window, scrolled to pan
        browser.eval("document.getElementById('fit').click(); true")
        assert browser.eval("document.querySelector('#maps figure:not([hidden]) svg')"
                            ".getBoundingClientRect().width") == pytest.approx(fit[0], abs=1)
    finally:
        browser.close()
