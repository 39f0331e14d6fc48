#!/usr/bin/env bash
# The HTML reports of `posse sim --html` and `posse compare --html` (repl/src/html.rs),
# and of their sweeps (`--sweep KEY=VALUES`: a plot a measure against the value),
# rendered in headless Chromium, and checked in what Chromium made of them:
#   - the page parses cleanly: the source's tags are balanced, and Chromium's DOM has the
#     same elements (no element repaired, moved or dropped) and no <parsererror>;
#   - the title, each plot's <svg> with its bars, whiskers and axis ticks, the win rates
#     and intervals written beside the bars (the numbers of the same run's --json), the
#     histogram's counts, and the tables' rows;
#   - the layout: no text of a plot outside its box or over another text or a bar, and no
#     page wider than the window;
#   - the screenshot is not blank: enough colours, the bars' colour among them;
#   - the board's pictures (`posse svg`): a town and a heist load without a parser error,
#     draw their tokens' and tiles' colours, and mark their aims (exits; how to win); in
#     the middle of games, a heist marks the loot to take and what the crew carries, and
#     a town of The Payroll's hidden deployment draws those hiding, and where, for the
#     player who hid them;
#   - a heat map of a Goldfever batch and a game as a page of pictures (issue 28): the
#     town, the heat's colours and counts; the page's steps, stepped by a script.
# Usage: tools/html-check.sh [DIR] writes the reports, DOMs and screenshots (PNG) to DIR
# (a new temporary folder by default). POSSE=path/to/posse uses that binary instead of
# building one (cargo build --release); CHROMIUM=path overrides /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/browser-tools.sh
start_check html-check "${1:-}"

# Chromium (and python3, which reads the DOM and the PNGs) from Debian when missing.
chromium=${CHROMIUM:-/usr/bin/chromium}
need_debian "chromium=test -x $chromium" "python3=command -v python3"
[ -x "$chromium" ] || fail "no Chromium at $chromium"

# The posse binary.
find_posse
posse() { "$posse" --root "$root" "$@"; }

# The reports, each with the same run's --json to check the numbers against. Restricted
# play (sim --restricted) prints its table only as text: the HTML has no part of it.
posse sim dice_town -n 300 --set start_money=80 --restricted --json --html "$out/sim.html" >"$out/sim.json" ||
  fail "posse sim dice_town"
posse sim desperados -n 200 --json --html "$out/sides.html" >"$out/sides.json" || fail "posse sim desperados"
posse sim american_desperado -n 200 --json --html "$out/crew.html" >"$out/crew.json" ||
  fail "posse sim american_desperado"
posse compare dice_town -n 300 --set start_money=60 --against start_money=80 --json --html "$out/compare.html" \
  >"$out/compare.json" || fail "posse compare dice_town"
# Sweeps (issue 28): a batch, and a comparison, at each value of a --set key.
posse sim dice_town -n 100 --sweep start_money=40,60,80 --json --html "$out/sweep.html" >"$out/sweep.json" ||
  fail "posse sim dice_town --sweep"
posse compare dice_town -n 100 --set start_money=60 --against start_money=80 --sweep roll_limit=2..4 --json \
  --html "$out/sweepcmp.html" >"$out/sweepcmp.json" || fail "posse compare dice_town --sweep"

# Headless Chromium, on a fresh profile each time; its own chatter goes to chromium.log.
chrome() {
  local profile status=0
  profile=$(mktemp -d)
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --window-size=1000,1400 "$@" 2>>"$out/chromium.log" || status=$?
  rm -rf "$profile"
  return $status
}

# A copy of a page with a script that measures each plot's texts and bars as laid out
# and writes them into the page, for --dump-dom to carry out.
probe='<script>
const out = {scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth, svgs: []};
const box = (e) => { const b = e.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
for (const svg of document.querySelectorAll("svg")) {
  const vb = svg.viewBox.baseVal;
  const [w, h] = vb && vb.width ? [vb.width, vb.height] : [svg.width.baseVal.value, svg.height.baseVal.value];
  out.svgs.push({w, h,
    texts: [...svg.querySelectorAll("text")].map((t) => ({text: t.textContent, ...box(t)})),
    bars: [...svg.querySelectorAll("rect.bar")].map(box)});
}
const pre = document.createElement("pre");
pre.id = "layout";
pre.textContent = JSON.stringify(out);
document.body.append(pre);
</script>'

: >"$out/chromium.log"
for page in sim sides crew compare sweep sweepcmp; do
  html=$out/$page.html
  chrome --dump-dom "file://$html" >"$out/$page.dom.html" || fail "Chromium could not load $html (see $out/chromium.log)"
  python3 - "$html" "$out/$page.probe.html" "$probe" <<'PY'
import sys
src, dst, probe = sys.argv[1:]
text = open(src, encoding="utf-8").read()
open(dst, "w", encoding="utf-8").write(text.replace("</body>", probe + "\n</body>", 1))
PY
  chrome --dump-dom "file://$out/$page.probe.html" >"$out/$page.layout.html" ||
    fail "Chromium could not load $out/$page.probe.html (see $out/chromium.log)"
  chrome --screenshot="$out/$page.png" "file://$html" >/dev/null || fail "Chromium could not screenshot $html"
  [ -s "$out/$page.png" ] || fail "no screenshot of $html"
done

# The board's pictures (`posse svg`, engine/src/picture): a Goldfever town as the Law's
# seat sees it and an American Desperado heist, loaded and drawn by Chromium.
posse svg goldfever/jailbreak --seed 3 --seat 2 -o "$out/town.svg" >/dev/null || fail "posse svg goldfever/jailbreak"
posse svg american_desperado --seed 3 -o "$out/heist.svg" >/dev/null || fail "posse svg american_desperado"
# Games of bots saved whole, then cut after their first N choices: the pictures of their
# middles. Tiny, seed 2, sharp crew: after 35 choices Brains carries loot, loot lies on
# an exit and a vault has been scouted. The Payroll, hidden deployment, seed 1: after the
# 4 deployments, p2's Fred and Slim hide where p2 alone knows.
cut_save() {
  { sed '/^choices:$/q' "$1"; sed -n '/^choices:$/,$p' "$1" | tail -n +2 | head -n "$3"; } >"$2"
}
posse play american_desperado/tiny --seed 2 --bot all=sharp --save "$out/loot.full.yaml" </dev/null >/dev/null ||
  fail "posse play american_desperado/tiny"
cut_save "$out/loot.full.yaml" "$out/loot.yaml" 35
posse svg --load "$out/loot.yaml" --seat 3 -o "$out/loot.svg" >/dev/null 2>&1 || fail "posse svg of the heist's middle"
posse play goldfever/payroll --seed 1 --bot all=random --set options.hidden_deployment=true \
  --save "$out/hiding.full.yaml" </dev/null >/dev/null || fail "posse play goldfever/payroll"
cut_save "$out/hiding.full.yaml" "$out/hiding.yaml" 4
posse svg --load "$out/hiding.yaml" --seat 2 -o "$out/hiding.svg" >/dev/null 2>&1 || fail "posse svg of The Payroll"
for page in town heist loot hiding; do
  chrome --dump-dom "file://$out/$page.svg" >"$out/$page.dom.svg" || fail "Chromium could not load $page.svg"
  chrome --screenshot="$out/$page.png" "file://$out/$page.svg" >/dev/null || fail "Chromium could not screenshot $page.svg"
done

# Issue 28: a heat map of a Goldfever batch (`posse heatmap`) and a game as a page of
# pictures (`posse trace --html`), opened in Chromium: the town drawn, the heat's colours
# in the screenshot, each place's count written on it by the page's script; the page's
# step control stepped by a script (three clicks on "next"), and every step's picture
# in the DOM.
posse heatmap goldfever/high_noon -n 20 --html "$out/heat.html" >/dev/null || fail "posse heatmap goldfever/high_noon"
posse trace goldfever/high_noon --seed 1 --god --html "$out/steps.html" >/dev/null ||
  fail "posse trace goldfever/high_noon --html"
chrome --dump-dom "file://$out/heat.html" >"$out/heat.dom.html" || fail "Chromium could not load heat.html"
chrome --screenshot="$out/heat.png" "file://$out/heat.html" >/dev/null || fail "Chromium could not screenshot heat.html"
stepper='<script>
{
for (let i = 0; i < 3; i++) document.getElementById("next").click();
const st = document.getElementById("stage");
const data = JSON.parse(document.getElementById("steps").textContent);
const pre = document.createElement("pre");
pre.id = "stepped";
pre.textContent = JSON.stringify({step: st.dataset.step, picture: st.dataset.picture,
  where: document.getElementById("where").textContent, zones: st.querySelectorAll("polygon[id^=zone-]").length,
  want: data[3].picture, missing: data.filter((s) => !document.getElementById("pic-" + s.picture)).length,
  log: document.querySelectorAll("#log li").length});
document.body.append(pre);
}
</script>'
python3 - "$out/steps.html" "$out/steps.probe.html" "$stepper" <<'PY'
import sys
src, dst, probe = sys.argv[1:]
text = open(src, encoding="utf-8").read()
open(dst, "w", encoding="utf-8").write(text.replace("</body>", probe + "\n</body>", 1))
PY
chrome --dump-dom "file://$out/steps.probe.html" >"$out/steps.dom.html" || fail "Chromium could not load steps.html"
chrome --screenshot="$out/steps.png" "file://$out/steps.html" >/dev/null || fail "Chromium could not screenshot steps.html"

python3 - "$out" <<'PY' || fail "the reports do not render as they should (above; files in $out)"
import json, re, sys
from html.parser import HTMLParser

sys.path.insert(0, "tools")
import png  # noqa: E402 (tools/png.py, beside this script)

out = sys.argv[1]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
problems = []


def problem(page, what):
    problems.append(f"{page}: {what}")


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, dict(attrs), parent, [], ""

    def all(self, tag=None, cls=None):
        for c in self.children:
            if (tag is None or c.tag == tag) and (cls is None or cls in c.attrs.get("class", "").split()):
                yield c
            yield from c.all(tag, cls)

    def content(self):
        return self.text + "".join(c.content() for c in self.children)


class Tree(HTMLParser):
    """The element tree of a page; `errors` lists unbalanced or misnested tags."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("#root", [], None)
        self.errors, self.counts, self.doctype = [], {}, None
        self.feed(text)
        self.close()
        while self.at is not self.root:
            self.errors.append(f"<{self.at.tag}> never closed")
            self.at = self.at.parent

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        self.counts[tag] = self.counts.get(tag, 0) + 1
        node = Node(tag, attrs, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.counts[tag] = self.counts.get(tag, 0) + 1
        self.at.children.append(Node(tag, attrs, self.at))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.at.tag != tag:
            self.errors.append(f"</{tag}> closes <{self.at.tag}>")
            return
        self.at = self.at.parent

    def handle_data(self, data):
        self.at.text += data


def pct(r):
    return f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}–{100 * r['high']:.1f})"


def texts(svg):
    return [t.content() for t in svg.all("text")]


def rates_plot(page, svg, rows, what):
    """A plot of rates: a bar, a whisker and the rate written out a row; the 0..100% axis."""
    bars, whiskers, words = list(svg.all("rect", "bar")), list(svg.all(None, "ci")), texts(svg)
    if len(bars) != len(rows) or len(whiskers) != len(rows):
        problem(page, f"{what}: {len(bars)} bars and {len(whiskers)} whiskers for {len(rows)} rows")
    for name, rate in rows:
        for want in (name, pct(rate)):
            if want not in words:
                problem(page, f"{what}: no text {want!r} in the plot (texts: {words})")
    for tick in ("0%", "25%", "50%", "75%", "100%"):
        if tick not in words:
            problem(page, f"{what}: no axis tick {tick}")


def histogram_plot(page, svg, spread):
    bins = spread["histogram"]
    bars, words = list(svg.all("rect", "bar")), texts(svg)
    if len(bars) != len(bins):
        problem(page, f"histogram: {len(bars)} bars for {len(bins)} bins")
    for lo, hi, n in bins:
        if str(n) not in words:
            problem(page, f"histogram: no count {n} over the bin {lo}–{hi}")
    if bins and str(bins[0][0]) not in words:
        problem(page, f"histogram: the axis does not start at {bins[0][0]} (texts: {words})")


def table_rows(page, doc, index, want):
    tables = list(doc.all("table"))
    if len(tables) <= index:
        problem(page, f"no table {index + 1}")
        return []
    rows = [[c.content().strip() for c in tr.children if c.tag in ("td", "th")] for tr in tables[index].all("tr")]
    if len(rows) != want:
        problem(page, f"table {index + 1} has {len(rows)} rows, not {want}")
    return rows


def check_sim(page, doc, j):
    svgs = list(doc.all("svg"))
    want = 1 + (1 < len(j["sides"]) < len(j["seats"])) + 1 + bool(j.get("restricted"))
    if len(svgs) != want:
        problem(page, f"{len(svgs)} plots, not {want}")
        return
    para = doc.all("p").__next__().content()
    if f"{j['games']} games" not in para or (j.get("sets") and "with " + ", ".join(j["sets"]) not in para):
        problem(page, f"the first paragraph does not name the batch: {para!r}")
    if j.get("crew_rate"):
        rates_plot(page, svgs[0], [("the crew wins", j["crew_rate"])], "the crew's wins")
    else:
        # Each seat and side as the report names it for people (`seat 1 (Law)`, `Law`).
        rates_plot(page, svgs[0], [(s["label"], s["alone"]) for s in j["seats"]], "wins alone per seat")
        if 1 < len(j["sides"]) < len(j["seats"]):
            rates_plot(page, svgs[1], [(s["label"], s["alone"]) for s in j["sides"]], "wins alone per side")
    histogram_plot(page, svgs[-1 - bool(j.get("restricted"))], j.get("length") or j["decisions"])
    if j.get("cards"):
        rows = table_rows(page, doc, 1, len(j["cards"]) + 1)
        for c in j["cards"]:
            if not any(r and r[0] == c["tag"] and r[4] == str(c["played"]) for r in rows):
                problem(page, f"the cards' table has no row for {c['tag']!r} played {c['played']}")
    if j.get("restricted"):
        restricted = j["restricted"]
        rows = table_rows(page, doc, 2, len(restricted) + 1)
        svg, words = svgs[-1], texts(svgs[-1])
        if len(list(svg.all("circle"))) != len(restricted):
            problem(page, f"the restricted plot has not a point for each of the {len(restricted)} cards")
        for x in restricted:
            d = x["seat1"]
            if not any(r and r[0] == x["tag"] and r[-1] == x["verdict"] for r in rows):
                problem(page, f"the restricted table has no row {x['tag']!r}: {x['verdict']}")
            value = f"{100 * d['diff']:+.2f} ({100 * d['low']:+.2f} to {100 * d['high']:+.2f})"
            for want_text in (x["tag"], value):
                if want_text not in words:
                    problem(page, f"the restricted plot has no text {want_text!r}")
    rows = table_rows(page, doc, 0, len(j["reasons"]) + 1)
    for why, n in j["reasons"].items():
        if [why, str(n)] not in rows:
            problem(page, f"the reasons' table has no row {why!r}: {n}")


def check_compare(page, doc, j):
    measures = j["comparison"]["measures"]
    rows = table_rows(page, doc, 0, len(measures) + 1)
    for m in measures:
        if not any(r and r[0] == m["measure"] for r in rows):
            problem(page, f"the table has no row for {m['measure']!r}")
    svgs = list(doc.all("svg"))
    if len(svgs) != 1:
        problem(page, f"{len(svgs)} plots, not 1")
        return
    svg, words = svgs[0], texts(svgs[0])
    rates = [m for m in measures if m["rate"]]
    if len(list(svg.all("circle"))) != len(rates) or len(list(svg.all(None, "ci"))) != len(rates):
        problem(page, f"the plot has not a point and a whisker for each of the {len(rates)} rates")
    if len(list(svg.all("line", "zero"))) != 1:
        problem(page, "the plot has no line of no difference")
    for m in rates:
        value = f"{100 * m['diff']:+.2f} ({100 * m['low']:+.2f} to {100 * m['high']:+.2f})"
        for want in (m["measure"], value):
            if want not in words:
                problem(page, f"the plot has no text {want!r} (texts: {words})")
    if "+0.0" not in words:
        problem(page, "the plot's axis has no tick at +0.0")


def num(x):
    """A mean as the reports print it: up to three decimals (one from 100 on), trailing zeros dropped."""
    t = f"{x:.1f}" if abs(x) >= 100 else f"{x:.3f}"
    t = t.rstrip("0").rstrip(".") if "." in t else t
    return "0" if t == "-0" else t


def check_sweep(page, doc, j):
    """A sweep: the head names the key, values and seeds; the table has a row a value; a
    plot a measure, a point and a whisker a value, the values along the bottom."""
    values = [st["value"] for st in j["steps"]]
    para = doc.all("p").__next__().content()
    for want in (f"--sweep {j['key']} over {', '.join(values)}", f"seeds {j['seed']}..=", "the same for every value"):
        if want not in para:
            problem(page, f"the first paragraph does not say {want!r}: {para!r}")
    measures = j["measures"]
    rows = table_rows(page, doc, 0, len(values) + 1)
    for st, r in zip(j["steps"], rows[1:]):
        if not r or r[0] != st["value"] or r[1] != f"{st['finished']} of {st['games']}":
            problem(page, f"the table's row for {st['value']} is {r}")
    svgs = list(doc.all("svg"))
    if len(svgs) != len(measures):
        problem(page, f"{len(svgs)} plots, not one for each of the {len(measures)} measures")
        return
    compare = j["command"] == "compare"
    for m, svg in zip(measures, svgs):
        steps = [st for st in j["steps"] if m["name"] in st["measures"]]
        circles, whiskers, words = list(svg.all("circle")), list(svg.all("path", "ci")), texts(svg)
        if len(circles) != len(steps) or len(whiskers) != len(steps):
            problem(page, f"{m['name']}: {len(circles)} points and {len(whiskers)} whiskers for {len(steps)} values")
        for v in values:
            if v not in words:
                problem(page, f"{m['name']}: no value {v!r} along the bottom (texts: {words})")
        if m["rate"] and not compare and not {"0%", "100%"} <= set(words):
            problem(page, f"{m['name']}: the rate's axis does not run from 0% to 100% (texts: {words})")
        for st, c in zip(steps, circles):
            p = st["measures"][m["name"]]
            if m["rate"]:
                want = f"{100 * p['value']:.1f} ({100 * p['low']:.1f} to {100 * p['high']:.1f})"
            else:
                want = f"{num(p['value'])} ({num(p['low'])} to {num(p['high'])})"
            title = c.content()
            if title != f"{st['value']}: {want}":
                problem(page, f"{m['name']}: the point of {st['value']} says {title!r}, not {want!r}")


def check_layout(page, layout):
    if layout["scrollWidth"] > layout["innerWidth"]:
        problem(page, f"the page is {layout['scrollWidth']}px wide in a {layout['innerWidth']}px window")
    meet = lambda a, b: a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5
    for i, svg in enumerate(layout["svgs"]):
        for t in svg["texts"]:
            if t["x"] < -0.5 or t["y"] < -0.5 or t["x"] + t["w"] > svg["w"] + 0.5 or t["y"] + t["h"] > svg["h"] + 0.5:
                problem(page, f"plot {i + 1}: the text {t['text']!r} (at {t['x']:.0f},{t['y']:.0f}, {t['w']:.0f}x{t['h']:.0f}) "
                             f"runs out of the plot's {svg['w']:g}x{svg['h']:g} box")
        for a, t in enumerate(svg["texts"]):
            for u in svg["texts"][a + 1:]:
                if meet(t, u):
                    problem(page, f"plot {i + 1}: the texts {t['text']!r} and {u['text']!r} overlap")
            if any(meet(t, b) for b in svg["bars"]):
                problem(page, f"plot {i + 1}: the text {t['text']!r} lies over a bar")


def check_screenshot(page, path):
    colours, share = png.colours(path)
    if len(colours) < 16 or share < 0.01:
        problem(page, f"the screenshot looks blank: {len(colours)} colours, {100 * share:.1f}% not white")
    if bytes((0x6B, 0x8F, 0xC7)) not in colours:
        problem(page, "the screenshot shows no bar (no pixel of the bars' colour #6b8fc7)")
    return len(colours), share


for page, kind, game in [("sim", "sim", "dice_town"), ("sides", "sim", "desperados"),
                         ("crew", "sim", "american_desperado"), ("compare", "compare", "dice_town"),
                         ("sweep", "sim", "dice_town"), ("sweepcmp", "compare", "dice_town")]:
    before = len(problems)
    source = Tree(open(f"{out}/{page}.html", encoding="utf-8").read())
    for e in source.errors:
        problem(page, f"source: {e}")
    if (source.doctype or "").lower() != "doctype html":
        problem(page, "source: no <!DOCTYPE html>")
    dom = Tree(open(f"{out}/{page}.dom.html", encoding="utf-8").read())
    if dom.counts.get("parsererror"):
        problem(page, "Chromium reports a parser error")
    # Chromium adds <tbody> to tables; any other difference is a repair of the markup.
    counts = {t: n for t, n in dom.counts.items() if t != "tbody"}
    if counts != source.counts:
        diff = {t: (source.counts.get(t, 0), counts.get(t, 0)) for t in set(counts) | set(source.counts)
                if source.counts.get(t, 0) != counts.get(t, 0)}
        problem(page, f"Chromium's DOM differs from the source (tag: source, DOM): {diff}")
    doc = dom.root
    title = [t.content() for head in doc.all("head") for t in head.children if t.tag == "title"]
    h1 = [t.content() for t in doc.all("h1")]
    if title != [f"posse {kind} {game}"] or h1 != title:
        problem(page, f"title {title} and heading {h1}, not 'posse {kind} {game}'")
    j = json.load(open(f"{out}/{page}.json", encoding="utf-8"))
    if page.startswith("sweep"):
        check_sweep(page, doc, j)
    else:
        (check_sim if kind == "sim" else check_compare)(page, doc, j)
    layout = Tree(open(f"{out}/{page}.layout.html", encoding="utf-8").read()).root
    found = [p for p in layout.all("pre") if p.attrs.get("id") == "layout"]
    if not found:
        problem(page, "the layout probe did not run")
    else:
        check_layout(page, json.loads(found[0].content()))
    ncolours, share = check_screenshot(page, f"{out}/{page}.png")
    plots = len(list(doc.all("svg")))
    state = "ok" if len(problems) == before else "FAILED"
    print(f"html-check: {page}.html ({kind} {game}): {state}; {plots} plots, "
          f"screenshot {ncolours} colours, {100 * share:.1f}% inked")

# The pictures: no parser error, not blank, the town's two team colours (#d32f2f,
# #1e63c4: its tokens) and the heist's tiles (#ead9bb) among their pixels; in what
# Chromium made of them, the aims: the town's exits, the heist's exits and how to win.
# In the middles: the heist's goals (the loot to take) and the loot carried, with their
# legend; the town's hiders, below it and where p2's hide.
aims = {
    "town": ['class="mark-exit"', ">EXIT: "],
    "heist": ['class="mark-exit"', 'id="aim"', ">To win: "],
    "loot": ['class="mark-goal"', ">goal: the loot to take<", 'class="carried"', "carried by the piece before it"],
    "hiding": ['id="hiding"', ">Fred in Hotel<", ">Slim in Yard behind the hotel<", 'class="hid"', 'token s1 hiding'],
}
team_colours = [(0xD3, 0x2F, 0x2F), (0x1E, 0x63, 0xC4)]
for page, want in [("town", team_colours), ("heist", [(0xEA, 0xD9, 0xBB)]), ("loot", [(0xEA, 0xD9, 0xBB)]),
                   ("hiding", team_colours[:1])]:
    before = len(problems)
    dom = open(f"{out}/{page}.dom.svg", encoding="utf-8").read()
    if "parsererror" in dom:
        problem(page, "Chromium reports a parser error")
    for mark in aims[page]:
        if mark not in dom:
            problem(page, f"the picture has no {mark}")
    width, height, bpp, rows = png.pixels(f"{out}/{page}.png")
    seen = {bytes(row[i:i + 3]) for row in rows for i in range(0, len(row), bpp)}
    if len(seen) < 16:
        problem(page, f"the screenshot looks blank: {len(seen)} colours")
    for c in want:
        if bytes(c) not in seen:
            problem(page, f"the screenshot has no pixel of #{bytes(c).hex()}")
    state = "ok" if len(problems) == before else "FAILED"
    print(f"html-check: {page}.svg (posse svg): {state}; screenshot {len(seen)} colours")

# The heat map: the town once an event, each counted zone coloured (the hottest in the
# scale's top colour, #bd0026, which the screenshot must show), its count written on it.
before = len(problems)
dom = open(f"{out}/heat.dom.html", encoding="utf-8").read()
for mark in ['id="heat-stand"', 'id="heat-move"', 'id="heat-fight"', 'id="stand-zone-BAR"', 'class="legend"',
             "A designer's tool"]:
    if mark not in dom:
        problem("heat", f"the page has no {mark}")
if "parsererror" in dom:
    problem("heat", "Chromium reports a parser error")
counts = dom.count('class="heatcount"')
if counts < 10:
    problem("heat", f"the script wrote {counts} counts on the boards")
width, height, bpp, rows = png.pixels(f"{out}/heat.png")
seen = {bytes(row[i:i + 3]) for row in rows for i in range(0, len(row), bpp)}
if bytes((0xBD, 0x00, 0x26)) not in seen:
    problem("heat", "the screenshot has no pixel of the hottest colour #bd0026")
state = "ok" if len(problems) == before else "FAILED"
print(f"html-check: heat.html (posse heatmap): {state}; screenshot {len(seen)} colours")

# The step-through page: after three clicks on "next", step 3 is on the stage with its
# own picture (the town's zones), the log has grown, and every step's picture is there.
before = len(problems)
dom = open(f"{out}/steps.dom.html", encoding="utf-8").read()
m = re.search(r'<pre id="stepped">(.*?)</pre>', dom, re.S)
if not m:
    problem("steps", "the stepping script wrote nothing")
else:
    got = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    if got["step"] != "3" or got["picture"] != str(got["want"]) or not got["where"].startswith("step 3 of "):
        problem("steps", f"after three steps the stage is not step 3 with its picture: {got}")
    if got["zones"] < 20:
        problem("steps", f"the stage shows {got['zones']} zones of the town")
    if got["missing"]:
        problem("steps", f"{got['missing']} steps have no picture")
    if got["log"] < 1:
        problem("steps", "the log is empty after three steps")
width, height, bpp, rows = png.pixels(f"{out}/steps.png")
seen = {bytes(row[i:i + 3]) for row in rows for i in range(0, len(row), bpp)}
for c in [(0xD3, 0x2F, 0x2F), (0x1E, 0x63, 0xC4)]:
    if bytes(c) not in seen:
        problem("steps", f"the screenshot has no pixel of #{bytes(c).hex()} (a side's token)")
state = "ok" if len(problems) == before else "FAILED"
print(f"html-check: steps.html (posse trace --html): {state}; screenshot {len(seen)} colours")

if problems:
    print("\n".join(f"html-check: {p}" for p in problems), file=sys.stderr)
    sys.exit(1)
PY
echo "html-check: all reports render in Chromium as they should ($out)"
