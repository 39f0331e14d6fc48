"""The web table (`posse serve`) played in headless Chromium over WebDriver (tools/web-check.sh).

Run by tools/web-check.sh, which installs Chromium, ChromeDriver and python3 and kills what
this script leaves running. Python's standard library only: WebDriver is JSON over HTTP.

    web_check.py --posse BIN --root DIR --out DIR --work DIR --chromium BIN --chromedriver BIN

One ChromeDriver, and one WebDriver session a seat: each its own Chromium with its own fresh
profile, so each seat's page lives in a browser of its own, as at two players' screens. The
driver only clicks what a person would click (the options, Send) and reads the page: every
answer is sent by the page's own script. What it checks is listed in tools/web-check.sh.
"""

import argparse
import base64
import json
import os
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import png

# Bounds: every wait below has one, and the whole run must end within TOTAL seconds.
TOTAL = 240
MAX_DECISIONS = 2000  # a random two-seat Dice Town game takes about 120 to 330
UPDATE_WAIT = 20  # seconds for a page to show the state after its own answer
IDLE_WAIT = 20  # seconds for something to change when nobody is asked anything
OTHER_WAIT = 2  # seconds for the other seat's page to follow an answer, when probed
PROBES = (3, 12)  # the other seat's page is probed until it followed 3 answers, or 12 were tried
GOLDFEVER_DECISIONS = 12
DOUBLE_EVERY = 25  # every 25th answer is a double-click, which must answer once
DESKTOP = (1280, 900)
PHONE = (390, 844)
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
ACCENT = (0x8A, 0x3B, 0x12)  # the page's header colour (page.html, --accent)
TEAMS = [(0xD3, 0x2F, 0x2F), (0x1E, 0x63, 0xC4)]  # the town's two sides' tokens (posse svg)

started = time.monotonic()
log_file = None


class Failed(Exception):
    """A check that failed: its message is the report's."""


def log(text):
    """A line of the run's log (DIR/web-check.log)."""
    log_file.write(f"{time.monotonic() - started:7.2f} {text}\n")
    log_file.flush()


def say(text):
    print(f"web-check: {text}", flush=True)
    log(text)


def left():
    """Seconds left of the whole run's budget; fails when it is spent."""
    rest = TOTAL - (time.monotonic() - started)
    if rest <= 0:
        raise Failed(f"the run took more than {TOTAL} s")
    return rest


def http(method, url, body=None, timeout=60):
    """An HTTP request: (status, body as text)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json; charset=utf-8")
    try:
        with urllib.request.urlopen(req, timeout=min(timeout, left())) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


# --- processes -------------------------------------------------------------------------------

class Processes:
    """The processes this run starts, each in a process group of its own (Chromium runs in
    ChromeDriver's), written to a file so that web-check.sh's trap can end them too."""

    def __init__(self, pidfile):
        self.pidfile, self.procs = pidfile, []

    def start(self, argv, **kw):
        p = subprocess.Popen(argv, start_new_session=True, **kw)
        self.procs.append(p)
        with open(self.pidfile, "a") as f:
            f.write(f"{p.pid}\n")
        return p

    def stop(self, p):
        if p.returncode is not None:
            return
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
                p.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        try:
            os.killpg(p.pid, signal.SIGKILL)  # what is left of the group (Chromium's helpers)
        except ProcessLookupError:
            pass
        p.wait()
        with open(self.pidfile, "w") as f:  # what web-check.sh's trap has left to end
            f.write("".join(f"{q.pid}\n" for q in self.procs if q.returncode is None))

    def stop_all(self):
        for p in reversed(self.procs):
            self.stop(p)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`posse serve ...` on a free port: its seats' addresses read from what it prints."""

    def __init__(self, procs, argv, name, out):
        self.name = name
        self.lines = queue.Queue()
        self.proc = procs.start(argv, stdout=subprocess.PIPE, stderr=open(f"{out}/{name}.stderr", "w"),
                                stdin=subprocess.DEVNULL, text=True)
        copy = open(f"{out}/{name}.stdout", "w")

        def pump():  # its output, copied to a file and queued (the pipe never fills)
            for line in self.proc.stdout:
                copy.write(line)
                copy.flush()
                self.lines.put(line.rstrip("\n"))
            self.lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        self.seats, self.banner = {}, []
        deadline = time.monotonic() + min(30, left())
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise Failed(f"{name}: `posse serve` printed no `serving on` line in 30 s (see {name}.stdout)")
            if line is None:
                raise Failed(f"{name}: `posse serve` stopped (exit {self.proc.wait()}; see {out}/{name}.stderr)")
            self.banner.append(line)
            m = re.fullmatch(r"seat (\d+): (http://\S+/seat/\1\?token=[0-9a-f]+)", line)
            if m:
                self.seats[int(m.group(1))] = m.group(2)
            if line.startswith("serving on "):
                break
        if not self.seats:
            raise Failed(f"{name}: `posse serve` printed no `seat N: URL` line: {self.banner}")
        log(f"{name}: " + " | ".join(self.banner))

    def interrupt(self, procs):
        """Ctrl-C, as a person stops it, with the pages still open: it must stop within 10 s,
        saying so."""
        self.alive()
        os.kill(self.proc.pid, signal.SIGINT)
        try:
            status = self.proc.wait(timeout=min(10, left()))
        except subprocess.TimeoutExpired:
            procs.stop(self.proc)
            raise Failed(f"{self.name}: `posse serve` did not stop within 10 s of Ctrl-C (SIGINT) with two pages open")
        rest = []
        while (line := self.lines.get(timeout=5)) is not None:
            rest.append(line)
        procs.stop(self.proc)
        if status != 0 or "stopped" not in rest:
            raise Failed(f"{self.name}: after Ctrl-C `posse serve` ended with status {status}, printing {rest}")

    def alive(self):
        if self.proc.poll() is not None:
            raise Failed(f"{self.name}: `posse serve` stopped (exit {self.proc.returncode})")


# --- WebDriver -------------------------------------------------------------------------------

class WebDriverError(Exception):
    def __init__(self, error, message):
        super().__init__(f"{error}: {message}")
        self.error = error


class ChromeDriver:
    def __init__(self, procs, binary, out):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = procs.start([binary, f"--port={self.port}", f"--log-path={out}/chromedriver.log"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                status, text = http("GET", self.url + "/status", timeout=2)
                if status == 200 and json.loads(text)["value"].get("ready"):
                    return
            except (OSError, ValueError, KeyError):
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise Failed(f"ChromeDriver ({binary}) did not start on port {self.port} (see chromedriver.log)")
            time.sleep(0.1)

    def call(self, method, path, body=None, timeout=60):
        status, text = http(method, self.url + path, body, timeout)
        try:
            value = json.loads(text)["value"]
        except (ValueError, KeyError):
            raise Failed(f"ChromeDriver answered {method} {path} with {status}: {text[:300]}")
        if status != 200:
            raise WebDriverError(value.get("error", str(status)), value.get("message", "")[:500])
        return value


class Browser:
    """One WebDriver session: a Chromium of its own, on a fresh profile."""

    def __init__(self, driver, chromium, profile, name):
        self.driver, self.name = driver, name
        caps = {"browserName": "chrome",
                "goog:chromeOptions": {"binary": chromium,
                                       "args": CHROME_FLAGS + [f"--user-data-dir={profile}",
                                                               f"--window-size={DESKTOP[0]},{DESKTOP[1]}"]},
                "timeouts": {"script": 30000, "pageLoad": 30000, "implicit": 0}}
        try:
            value = driver.call("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=60)
        except WebDriverError as e:
            raise Failed(f"ChromeDriver could not start Chromium for {name}: {e}")
        self.id = value["sessionId"]
        self.path = f"/session/{self.id}"

    def call(self, method, path, body=None, timeout=60):
        return self.driver.call(method, self.path + path, body, timeout)

    def go(self, url):
        self.call("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, test, seconds, *args):
        """Waits in the page until the JS expression `test` (over `args`) is true, at most
        `seconds`: its value, or None when it never was."""
        script = ("const done = arguments[arguments.length - 1], args = arguments[1];"
                  "const limit = Date.now() + arguments[0];"
                  f"const test = () => ({test});"
                  "(function tick() { let v = null; try { v = test(); } catch (e) { v = null; }"
                  " if (v || Date.now() > limit) done(v || null); else setTimeout(tick, 20); })();")
        seconds = min(seconds, left())
        return self.call("POST", "/execute/async", {"script": script, "args": [int(seconds * 1000), list(args)]},
                         timeout=seconds + 30)

    def find(self, css):
        return self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.call("POST", f"/element/{self.find(css)}/click", {})

    def double_click(self, css):
        """Two clicks on the element 60 ms apart, as a person's double-click (WebDriver's
        actions: the browser counts the second as the double-click's, `detail` 2)."""
        origin = {ELEMENT: self.find(css)}
        press = [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        steps = [{"type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0}] + press + \
            [{"type": "pause", "duration": 60}] + press
        self.call("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
                                                   "parameters": {"pointerType": "mouse"}, "actions": steps}]})
        self.call("DELETE", "/actions")

    def size(self, width, height):
        """The window made to show the page in width x height (its viewport, as a screenshot
        takes it): the window's own frame, measured, added."""
        rect = self.call("POST", "/window/rect", {"width": width, "height": height})
        inner = self.js("return [window.innerWidth, window.innerHeight];")
        frame = [rect["width"] - inner[0], rect["height"] - inner[1]]
        if frame != [0, 0]:
            self.call("POST", "/window/rect", {"width": width + frame[0], "height": height + frame[1]})

    def screenshot(self, path):
        data = base64.b64decode(self.call("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(data)

    def quit(self):
        try:
            self.call("DELETE", "", timeout=20)
        except (WebDriverError, Failed, OSError):
            pass


# --- the seat's page -------------------------------------------------------------------------

# What the driver reads of a seat's page, in one call (the contract of repl/src/serve/page.*).
READ = """
const $ = (id) => document.getElementById(id), b = document.body, q = $("question"), r = $("result");
const text = (id) => ($(id) ? $(id).textContent : null);
const options = [...document.querySelectorAll("#question button.option")];
const svg = document.querySelector("#board svg");
return {
  marker: window.__webcheck || null, url: location.href, title: document.title,
  at: b.dataset.at || null, epoch: b.dataset.epoch || null, state: b.dataset.state || null,
  seat: b.dataset.seat || null,
  question: q && !q.hidden ? {multi: q.dataset.multi, min: Number(q.dataset.min), max: Number(q.dataset.max),
    picks: options.map((o) => Number(o.dataset.pick)), disabled: options.some((o) => o.disabled),
    prompt: text("prompt"), send: !!$("send") && !$("send").hidden} : null,
  has: {turn: !!$("turn"), view: !!$("view"), board: !!$("board"), log: !!$("log"), question: !!q,
        prompt: !!$("prompt"), result: !!r, message: !!$("message")},
  turn: text("turn"), view: text("view"), message: text("message") || "",
  result: r && !r.hidden ? r.textContent.trim() : "",
  log: document.querySelectorAll("#log li").length,
  svg: svg ? {zones: svg.querySelectorAll("polygon, path").length,
              title: (svg.querySelector("title") || {}).textContent || ""} : null,
};
"""


# Put into a seat's page once loaded: a mark in its window, gone if the page is ever loaded
# again (so every change seen after it came without a reload: by server-sent events); and
# a watch on the page's requests (its own script's fetch), which lists each POST (the
# answers the page sends) with its body and the status the server answered.
WATCH = """
window.__webcheck = arguments[0];
window.__posts = [];
const fetch0 = window.fetch;
window.fetch = function (url, init) {
  const method = (init && init.method) || "GET";
  const post = {url: String(url), body: (init && init.body) || null, status: null};
  if (method === "POST") window.__posts.push(post);
  return fetch0.apply(this, arguments).then(
    (r) => { post.status = r.status; return r; },
    (e) => { post.status = "failed: " + e; throw e; });
};
"""


class Seat:
    """A seat's page, open in its own browser."""

    def __init__(self, browser, seat, url):
        self.browser, self.seat, self.url = browser, seat, url
        self.acted = False  # whether this page answered since it was last read
        self.last = None

    def open(self):
        b = self.browser
        b.size(*DESKTOP)
        b.go(self.url)
        if not b.wait("document.body && document.body.dataset.at", 15):
            page = self.read_loose()
            raise Failed(f"seat {self.seat}'s page set no body[data-at] within 15 s of loading {self.url} "
                         f"(the page as read: {page})")
        b.js(WATCH, f"seat {self.seat}")
        self.last = self.read()
        missing = [k for k, v in self.last["has"].items() if not v]
        if missing:
            raise Failed(f"seat {self.seat}'s page has no element #{', #'.join(missing)}")

    def read_loose(self):
        try:
            return self.browser.js("return document.documentElement.outerHTML.slice(0, 600);")
        except (WebDriverError, Failed) as e:
            return str(e)

    def read(self):
        p = self.browser.js(READ)
        if p["marker"] != f"seat {self.seat}":
            raise Failed(f"seat {self.seat}'s page was loaded again (now at {p['url']}): "
                         "it should follow the game without a reload")
        if p["seat"] != str(self.seat):
            raise Failed(f"seat {self.seat}'s page says body[data-seat]={p['seat']!r}")
        if p["state"] not in ("deciding", "waiting", "over"):
            raise Failed(f"seat {self.seat}'s page says body[data-state]={p['state']!r}")
        if (p["state"] == "deciding") != (p["question"] is not None):
            raise Failed(f"seat {self.seat}'s page is {p['state']!r} but its #question is "
                         f"{'shown' if p['question'] else 'hidden'}")
        if (p["state"] == "over") != bool(p["result"]):
            raise Failed(f"seat {self.seat}'s page is {p['state']!r} but its #result is "
                         f"{'shown' if p['result'] else 'hidden or empty'}")
        return p

    def answer(self, rng, tag, double=False):
        """Answers the question on the page with random picks (as many as it allows), by
        clicks; waits until the page shows the state after it. Returns False when the
        server refused the answer (the page says why) or the question changed under the
        click; True when it was taken."""
        p, b = self.last, self.browser
        q = p["question"]
        n = len(q["picks"])
        if n == 0:
            raise Failed(f"seat {self.seat}'s question has no option: {q}")
        if q["multi"] not in ("true", "false"):
            raise Failed(f"seat {self.seat}'s #question has data-multi={q['multi']!r}")
        if q["multi"] == "true":
            if not (0 <= q["min"] <= q["max"] and q["min"] <= n) or not q["send"]:
                raise Failed(f"seat {self.seat}'s question of several picks makes no sense: {q}")
            picks = sorted(rng.sample(q["picks"], rng.randint(q["min"], min(q["max"], n))))
        else:
            picks = [rng.choice(q["picks"])]
        log(f"{tag} seat {self.seat} at {p['at']}: {q['prompt']!r} ({n} options, "
            f"{'several: ' + str(q['min']) + '-' + str(q['max']) if q['multi'] == 'true' else 'one'}) -> {picks}")
        sent = b.js("return window.__posts.length;")
        try:
            # Options left pressed by an earlier try at this question are let go first.
            for k in b.js('return [...document.querySelectorAll("#question button.option[aria-pressed=true]")]'
                          '.map((o) => Number(o.dataset.pick));'):
                b.click(f'#question button.option[data-pick="{k}"]')
            for k in picks:
                if double and q["multi"] == "false":
                    b.double_click(f'#question button.option[data-pick="{k}"]')
                else:
                    b.click(f'#question button.option[data-pick="{k}"]')
            if q["multi"] == "true":
                pressed = b.js('return [...document.querySelectorAll("#question button.option[aria-pressed=true]")]'
                               '.map((o) => Number(o.dataset.pick));')
                if sorted(pressed) != picks:
                    if b.js("return document.body.dataset.at;") != p["at"]:
                        log(f"  seat {self.seat}: the page changed while its options were clicked")
                        return False
                    raise Failed(f"seat {self.seat}: clicked options {picks} of a question of several picks, "
                                 f"but the pressed ones (aria-pressed) are {pressed}")
                b.click("#send")
        except WebDriverError as e:
            if e.error in ("stale element reference", "no such element", "element not interactable",
                           "element click intercepted"):
                log(f"  seat {self.seat}: the question changed under the click ({e.error})")
                return False
            raise
        self.acted = True
        # The answer the page sent, and the server's status.
        post = b.wait("window.__posts.length > args[0] && window.__posts[args[0]].status !== null"
                      " ? window.__posts.slice(args[0]) : null", UPDATE_WAIT, sent)
        if post is None:
            raise Failed(f"seat {self.seat}'s page sent no answer (or had none answered) within {UPDATE_WAIT} s "
                         f"of the clicks on {picks} for {q['prompt']!r}")
        if double:
            # The double-click's second click must send nothing, whatever came up after the first.
            time.sleep(0.8)
            post = b.js("return window.__posts.slice(arguments[0]);", sent)
            if len(post) != 1:
                raise Failed(f"seat {self.seat}: a double-click on {picks} sent {len(post)} answers: {post}")
            log(f"  seat {self.seat}: a double-click sent one answer")
        if len(post) != 1:
            raise Failed(f"seat {self.seat}'s page sent {len(post)} requests for one answer: {post}")
        post = post[0]
        if post["status"] != 200:
            msg = b.wait('document.getElementById("message").textContent', 5)
            log(f"  seat {self.seat}: refused ({post['status']}): {msg}")
            if post["status"] in (422, 409):
                return False
            raise Failed(f"seat {self.seat}'s answer {post['body']} to {q['prompt']!r} was answered with "
                         f"{post['status']} (the page says {msg!r})")
        body = json.loads(post["body"] or "{}")
        if not post["url"].startswith(f"/api/seat/{self.seat}/answer?") or body.get("picks") != picks:
            raise Failed(f"seat {self.seat}: the clicks on {picks} sent {post['body']} to {post['url']}")
        self.picks = picks
        if not b.wait("document.body.dataset.at !== args[0]", UPDATE_WAIT, p["at"]):
            raise Failed(f"seat {self.seat}'s page did not change within {UPDATE_WAIT} s of its answer {picks} "
                         f"to {q['prompt']!r} being taken (body[data-at] stays {p['at']})")
        return True


def screenshots(seat, name, out, checks):
    """Seat's page at a desktop's and a phone's width: PNGs checked not blank; at the phone's
    width the page must not be wider than the window. Ends at the desktop's size again."""
    b = seat.browser
    for width_name, (w, h) in (("desktop", DESKTOP), ("phone", PHONE)):
        b.size(w, h)
        # The window resized (reading scrollWidth below lays the page out anew).
        b.wait("Math.abs(window.innerWidth - args[0]) <= 40", 5, w)
        m = b.js("return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth, "
                 "body: document.body.scrollWidth, height: document.documentElement.scrollHeight};")
        if not (w - 40 <= m["inner"] <= w + 20):
            raise Failed(f"{name}: asked for a {w}x{h} window, Chromium's is {m['inner']} wide")
        if m["scroll"] > m["inner"]:
            wide = b.js("""
                const w = window.innerWidth, found = [];
                for (const e of document.querySelectorAll("body *")) {
                  const r = e.getBoundingClientRect();
                  if (r.right > w + 1 && r.width > 0) found.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
                    " (" + Math.round(r.right) + ")");
                }
                return found.slice(0, 8);""")
            raise Failed(f"{name}: at {width_name} width the page is {m['scroll']} px wide in a window of "
                         f"{m['inner']}: it scrolls sideways (past the edge: {', '.join(wide)})")
        path = f"{out}/{name}-{width_name}.png"
        b.screenshot(path)
        checks.append((path, name, width_name))
        log(f"{name}: {width_name} {w}x{h}: innerWidth {m['inner']}, scrollWidth {m['scroll']}, "
            f"page height {m['height']}: {path}")
    b.size(*DESKTOP)


# --- PNGs (tools/png.py reads them) -----------------------------------------------------------

def check_png(path, name, width_name, want):
    """Not blank: many colours, some ink, the page's header colour; and `want`'s colours."""
    width, height, _, _ = png.pixels(path)
    colours, share = png.colours(path)
    if len(colours) < 16 or share < 0.05:
        raise Failed(f"{path}: the screenshot looks blank: {len(colours)} colours, {100 * share:.1f}% not white")
    for c in [ACCENT] + want:
        if bytes(c) not in colours:
            raise Failed(f"{path}: the screenshot has no pixel of #{bytes(c).hex()}")
    say(f"{name} at {width_name} width: {width}x{height}, {len(colours)} colours: {os.path.basename(path)}")


# --- the checks --------------------------------------------------------------------------------

def forbidden(server, tag):
    """A seat's page and state with another seat's token: 403; with its own: 200."""
    url1, url2 = server.seats[1], server.seats[2]
    token2 = urllib.parse.parse_qs(urllib.parse.urlsplit(url2).query)["token"][0]
    swapped = re.sub(r"token=[0-9a-f]+", "token=" + token2, url1)
    api = swapped.replace("/seat/1?", "/api/seat/1/state?")
    for url, want in ((url1, 200), (swapped, 403), (api, 403), (url1.split("?")[0], 403)):
        status, body = http("GET", url, timeout=20)
        if status != want:
            raise Failed(f"{tag}: GET {url} answered {status}, not {want}: {body[:200]}")
    say(f"{tag}: seat 1's page opens with its token (200) and not with seat 2's or none (403)")


def play(seats, rng, tag, until, on_decision=None, limit=MAX_DECISIONS):
    """Plays the pages by clicks until `until(pages)` is true: at each step one seat whose
    page asks a question (at random when several do) answers it. Returns the answers taken
    ([seat, picks...], in order) and, a seat, the changes of its page it did not cause and
    its probes (answers of the others after which it was watched, and how often it followed)."""
    answers, decisions, refused = [], 0, 0
    followed, probes = {s.seat: 0 for s in seats}, {s.seat: [0, 0] for s in seats}
    while True:
        left()
        pages = {}
        for s in seats:
            p = s.read()
            if s.last is not None and p["at"] != s.last["at"] and not s.acted:
                followed[s.seat] += 1
            s.last, s.acted = p, False
            pages[s.seat] = p
        if until(pages):
            return answers, followed, probes
        asked = [s for s in seats if s.last["state"] == "deciding"]
        if not asked:
            if all(p["state"] == "over" for p in pages.values()):
                raise Failed(f"{tag}: the game is over before it was played far enough")
            ats = [s.last["at"] for s in seats]
            if not any(s.browser.wait("document.body.dataset.at !== args[0]", IDLE_WAIT / len(seats), a)
                       for s, a in zip(seats, ats)):
                raise Failed(f"{tag}: no page asks a question and none changes in {IDLE_WAIT} s "
                             f"(turns: {[p['turn'] for p in pages.values()]})")
            continue
        if decisions >= limit:
            raise Failed(f"{tag}: not over after {limit} answers")
        s = rng.choice(asked)
        if s.answer(rng, f"{tag} #{decisions + 1}", double=(decisions + 1) % DOUBLE_EVERY == 0):
            decisions += 1
            answers.append([s.seat] + s.picks)
            refused = 0
            # The other seats' pages follow by themselves: until a waiting page has followed a
            # few answers, the driver waits for its body[data-at] to change after each (its
            # changes are counted all game long; read() checks it never reloaded).
            for o in seats:
                if o is not s and o.last["state"] == "waiting" and probes[o.seat][1] < PROBES[0] \
                        and probes[o.seat][0] < PROBES[1]:
                    probes[o.seat][0] += 1
                    if o.browser.wait("document.body.dataset.at !== args[0]", OTHER_WAIT, o.last["at"]):
                        probes[o.seat][1] += 1
            if on_decision:
                on_decision(decisions, pages)
        else:
            refused += 1
            if refused > 10:
                msg = s.browser.js('return document.getElementById("message").textContent;')
                raise Failed(f"{tag}: ten answers in a row refused or lost; the last: {msg!r}")


def secrets(seats, tag, n):
    """Light (the HTTP tests are in Rust): each seat's #view is its own view, the one its
    token fetches, and the two seats' differ. Returns whether both were compared (a page
    is compared when it shows the version fetched)."""
    views = {}
    for s in seats:
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(s.url).query)["token"][0]
        base = s.url.split("/seat/")[0]
        status, text = http("GET", f"{base}/api/seat/{s.seat}/state?token={token}", timeout=20)
        if status != 200:
            raise Failed(f"{tag}: seat {s.seat}'s state with its own token: {status}: {text[:200]}")
        state = json.loads(text)
        p = s.read()
        s.last = p  # (the page's own changes: play() counts from here)
        if str(state.get("version")) == p["at"]:
            if p["view"] != state["view"]:
                raise Failed(f"{tag}: seat {s.seat}'s #view is not the view its token fetches "
                             f"(at {p['at']}):\n{p['view']}\n---\n{state['view']}")
            views[s.seat] = p["view"]
    if len(views) == 2 and views[1] == views[2]:
        raise Failed(f"{tag}: after {n} answers both seats' pages show the same #view: one is the other's")
    log(f"{tag}: after {n} answers the pages of seats {sorted(views)} show their own views")
    return len(views) == 2


def saved_choices(save, want, tag):
    """The choices of the save (`  - [seat, picks...]` lines under `choices:`), once it has
    `want` of them (the server saves after each step: a moment after the page shows it)."""
    deadline = time.monotonic() + 10
    while True:
        try:
            text = open(save, encoding="utf-8").read()
        except OSError as e:
            raise Failed(f"{tag}: no save at {save}: {e}")
        if not text.startswith("posse_save:") or not re.search(r"^game: dice_town$", text, re.M):
            raise Failed(f"{tag}: {save} does not look like a posse save of dice_town: {text[:200]!r}")
        rows = text.split("\nchoices:", 1)[-1] if "\nchoices:" in text else ""
        choices = [json.loads(m) for m in re.findall(r"^  - (\[[0-9, ]*\])$", rows, re.M)]
        if len(choices) >= want or time.monotonic() > deadline:
            return choices
        time.sleep(0.1)


def dice_town(args, procs, browsers, out, rng, checks):
    save = f"{out}/dt.yaml"
    # A save of an earlier run in the same folder: `serve --save` refuses to start over it.
    if os.path.exists(save):
        os.remove(save)
    server = Server(procs, [args.posse, "--root", args.root, "serve", "dice_town", "--players", "2", "--seed", "7",
                            "--listen", "127.0.0.1:0", "--save", save], "dt-serve", out)
    if sorted(server.seats) != [1, 2] or "(dice_town): " not in server.banner[0]:
        raise Failed(f"dice_town: `posse serve` printed {server.banner}, not the game and two seats' addresses")
    forbidden(server, "dice_town")
    seats = [Seat(b, n, server.seats[n]) for b, n in zip(browsers, (1, 2))]
    for s in seats:
        s.open()
    say(f"dice_town: seat 1 and seat 2 open in two browsers ({seats[0].last['title']!r}, "
        f"{seats[1].last['title']!r})")
    compared = []

    def every(n, pages):
        server.alive()
        if n % 20 == 0:
            compared.append(secrets(seats, "dice_town", n))
        if n == 40:
            screenshots(seats[0], "dice_town", out, checks)

    t0 = time.monotonic()
    answers, followed, probes = play(seats, rng, "dice_town", lambda pages: all(p["state"] == "over"
                                                                               for p in pages.values()), every)
    took, n = time.monotonic() - t0, len(answers)
    say(f"dice_town: over after {n} answers by clicks in {took:.1f} s ({1000 * took / max(n, 1):.0f} ms an answer)")
    for s in seats:
        tried, seen = probes[s.seat]
        if followed[s.seat] == 0 or seen == 0:
            raise Failed(f"dice_town: seat {s.seat}'s page never changed by itself while the other seat played "
                         f"(watched after {tried} answers: changed after {seen}; no server-sent events?)")
        say(f"dice_town: seat {s.seat}'s page followed the other's answers without a reload "
            f"({followed[s.seat]} changes it did not cause; watched after {tried} answers, followed {seen})")
    if not any(compared):
        raise Failed("dice_town: the pages' views were never compared with their seats' states (always moving?)")
    say(f"dice_town: each page showed its own seat's view ({sum(compared)} of {len(compared)} looks compared both)")
    r1, r2 = seats[0].last["result"], seats[1].last["result"]
    if r1 != r2:
        raise Failed(f"dice_town: the two pages show different results:\n{r1}\n---\n{r2}")
    log(f"dice_town: result: {r1!r}")
    if n < 40:
        raise Failed(f"dice_town: over after only {n} answers: no mid-game screenshots were taken")
    choices = saved_choices(save, n, "dice_town")
    if choices != answers:
        diff = next((i for i, (a, b) in enumerate(zip(choices, answers)) if a != b), min(len(choices), n))
        raise Failed(f"dice_town: {save} has {len(choices)} choices for the {n} answers clicked; from choice "
                     f"{diff + 1} it has {choices[diff:diff + 3]}, the pages sent {answers[diff:diff + 3]}")
    say(f"dice_town: both pages show the same result; {save} is a posse save of the {n} answers clicked")
    server.interrupt(procs)
    say("dice_town: Ctrl-C stopped the server with both pages open")


def goldfever(args, procs, browsers, out, rng, checks):
    """High Noon played by clicks to its end; after a dozen answers, seat 1's board."""
    server = Server(procs, [args.posse, "--root", args.root, "serve", "goldfever/high_noon", "--players", "2",
                            "--seed", "3", "--listen", "127.0.0.1:0"], "gf-serve", out)
    if sorted(server.seats) != [1, 2]:
        raise Failed(f"goldfever: `posse serve` printed {server.banner}, not two seats' addresses")
    seats = [Seat(b, n, server.seats[n]) for b, n in zip(browsers, (1, 2))]
    for s in seats:
        s.open()
    looked = []

    def look():
        p1, p2 = seats[0].read(), seats[1].read()
        if not p1["svg"]:
            raise Failed("goldfever: seat 1's page has no #board svg")
        if p1["svg"]["zones"] < 10:
            raise Failed(f"goldfever: seat 1's #board svg has {p1['svg']['zones']} polygons and paths, not 10 or more")
        # Each board drawn for its own seat (the picture's title names whose view it is).
        names = [p["title"].split(" — ")[-1] for p in (p1, p2)]
        for p, own, other in ((p1, names[0], names[1]), (p2, names[1], names[0])):
            title = (p["svg"] or {}).get("title", "")
            if f"the view of {other}" in title:
                raise Failed(f"goldfever: seat {p['seat']}'s board is drawn as {other} sees it: {title!r}")
        say(f"goldfever: after {GOLDFEVER_DECISIONS} answers by clicks seat 1's board has "
            f"{p1['svg']['zones']} polygons and paths ({p1['svg']['title']!r})")
        screenshots(seats[0], "goldfever", out, checks)
        looked.append(True)

    def count(n, pages):
        server.alive()
        if n == GOLDFEVER_DECISIONS:
            look()

    answers, _, _ = play(seats, rng, "goldfever", lambda pages: all(p["state"] == "over" for p in pages.values()),
                         count)
    if not looked:
        raise Failed(f"goldfever: over after {len(answers)} answers, before the board was looked at")
    r1, r2 = seats[0].last["result"], seats[1].last["result"]
    if r1 != r2 or not r1:
        raise Failed(f"goldfever: the two pages show different results:\n{r1}\n---\n{r2}")
    say(f"goldfever: High Noon over after {len(answers)} answers by clicks; both pages show the same result")
    server.interrupt(procs)


def main():
    global log_file
    ap = argparse.ArgumentParser()
    for a in ("posse", "root", "out", "work", "chromium", "chromedriver"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("--seed", type=int, default=None, help="the driver's random picks (default: a new one)")
    args = ap.parse_args()
    out = args.out
    log_file = open(f"{out}/web-check.log", "w")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    say(f"the driver's picks: --seed {seed}")
    # Stopped from outside (web-check.sh's timeout): the finally below still ends everything.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    procs = Processes(f"{args.work}/pids")
    browsers = []
    try:
        driver = ChromeDriver(procs, args.chromedriver, out)
        for name in ("seat 1", "seat 2"):
            browsers.append(Browser(driver, args.chromium, f"{args.work}/profile-{len(browsers) + 1}", name))
        checks = []
        dice_town(args, procs, browsers, out, rng, checks)
        goldfever(args, procs, browsers, out, rng, checks)
        for path, name, width_name in checks:
            check_png(path, name, width_name, TEAMS if name == "goldfever" and width_name == "desktop" else [])
    except Failed as e:
        log(f"FAILED: {e}")
        print(f"web-check: FAILED: {e} (the driver's picks: --seed {seed}; log in {out}/web-check.log)",
              file=sys.stderr)
        return 1
    except WebDriverError as e:
        log(f"FAILED: WebDriver: {e}")
        print(f"web-check: FAILED: WebDriver: {e} (log in {out}/web-check.log)", file=sys.stderr)
        return 1
    except Exception as e:  # a broken connection, an unexpected answer: said, with where
        import traceback
        log("FAILED:\n" + traceback.format_exc())
        print(f"web-check: FAILED: {type(e).__name__}: {e} (the traceback in {out}/web-check.log)", file=sys.stderr)
        return 1
    finally:
        for b in browsers:
            b.quit()
        procs.stop_all()
    say(f"all checks passed in {time.monotonic() - started:.1f} s ({out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
