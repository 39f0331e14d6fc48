//! The HTML report of a batch (`sim --html FILE`) or of a paired comparison (`compare
//! --html FILE`): one self-contained page (no script, no file beside it) with the numbers
//! and SVG plots drawn here: win rates with their 95% interval bars, the histogram of game
//! lengths, and each measure's difference with its interval; and a sweep's page (`--sweep
//! ... --html FILE`), a plot a measure against the swept value. Each page says how many
//! games finished and how many failed, and why.

use crate::words::count;
use posse::sim::{Comparison, Difference, Restricted, SimReport, Standing};
use posse::stats::Spread;
use std::fmt::Write as _;

/// Text for HTML, in elements and quoted attributes.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}\
table{border-collapse:collapse}td,th{padding:.2em .8em;text-align:left;border-bottom:1px solid #ddd}\
svg{display:block;max-width:100%;height:auto;margin:.5em 0}\
.bar{fill:#6b8fc7}.ci{stroke:#222;stroke-width:2;fill:none}.axis{stroke:#999}.zero{stroke:#c33;stroke-dasharray:4 3}\
text{font-size:12px;fill:#222}.tick{text-anchor:middle;fill:#555}.num{fill:#444}\
.trend{stroke:#6b8fc7;stroke-width:1.5;fill:none}.wide{overflow-x:auto;max-width:100%}";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>{t}</title><style>{STYLE}</style></head>\n<body>\n<h1>{t}</h1>\n{body}</body>\n</html>\n",
        t = esc(title)
    )
}

/// A generous width of a line of 12px text, to keep labels clear of the plot beside them.
fn text_width(s: &str) -> f64 {
    7.0 * s.chars().count() as f64
}

/// The opening tag of a plot `w` by `h`, scaled down with the page when it is narrower.
fn svg_open(w: f64, h: f64, label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" role=\"img\" aria-label=\"{}\">\n",
        esc(label)
    )
}

/// An interval's whisker from `x1` to `x2` at height `y`, with end caps.
fn whisker(x1: f64, x2: f64, y: f64) -> String {
    format!("<path class=\"ci\" d=\"M{x1:.1} {:.1}v8M{x1:.1} {y:.1}H{x2:.1}M{x2:.1} {:.1}v8\"/>\n", y - 4.0, y - 4.0)
}

/// Horizontal bars of rates (0..1) with their interval whiskers, one a row: the name on
/// the left, the rate and its interval written on the right.
fn rates_svg(rows: &[(String, f64, f64, f64)], label: &str) -> String {
    let (row, plot) = (24.0, 400.0);
    let left = rows.iter().map(|r| text_width(&r.0)).fold(40.0, f64::max) + 12.0;
    let scale = |p: f64| left + p.clamp(0.0, 1.0) * plot;
    let value = |r: &(String, f64, f64, f64)| format!("{:.1}% ({:.1}–{:.1})", 100.0 * r.1, 100.0 * r.2, 100.0 * r.3);
    let w = scale(1.0) + 16.0 + rows.iter().map(|r| text_width(&value(r))).fold(0.0, f64::max) + 8.0;
    let base = 8.0 + row * rows.len() as f64 + 4.0;
    let h = base + 22.0;
    let mut s = svg_open(w, h, label);
    for (i, r) in rows.iter().enumerate() {
        let y = 8.0 + i as f64 * row;
        let _ = writeln!(s, "<text x=\"4\" y=\"{:.1}\">{}</text>", y + 12.0, esc(&r.0));
        let _ = writeln!(
            s,
            "<rect class=\"bar\" x=\"{left:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"16\"><title>{}</title></rect>",
            scale(r.1) - left,
            value(r)
        );
        s.push_str(&whisker(scale(r.2), scale(r.3), y + 8.0));
        let _ =
            writeln!(s, "<text class=\"num\" x=\"{:.1}\" y=\"{:.1}\">{}</text>", scale(1.0) + 16.0, y + 12.0, value(r));
    }
    let _ = writeln!(
        s,
        "<line class=\"axis\" x1=\"{left:.1}\" x2=\"{:.1}\" y1=\"{base:.1}\" y2=\"{base:.1}\"/>",
        scale(1.0)
    );
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(
            s,
            "<line class=\"axis\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{base:.1}\" y2=\"{1:.1}\"/><text class=\"tick\" x=\"{0:.1}\" y=\"{2:.1}\">{3:.0}%</text>",
            scale(p),
            base + 4.0,
            base + 17.0,
            100.0 * p
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The histogram of a spread: its bins of equal width in place along the axis (a bin with
/// no game is a gap, not left out), each bar's count above it.
fn histogram_svg(spread: &Spread, unit: &str) -> String {
    let (left, top, bottom) = (30.0, 20.0, 170.0);
    let bins = &spread.histogram;
    // In i128: a batch's lengths may span more than an i64 holds.
    let (first, width) =
        bins.first().map_or((0, 1), |b| (i128::from(b.0), (i128::from(b.1) - i128::from(b.0) + 1).max(1)));
    let slot = |from: i64| (i128::from(from) - first) / width;
    let slots =
        bins.last().map_or(1, |b| usize::try_from(slot(b.0) + 1).unwrap_or(usize::MAX).min(posse::stats::BINS + 1));
    let bw = (500.0 / slots as f64).min(80.0);
    let (w, h) = (left + bw * slots as f64 + 30.0, bottom + 26.0);
    let most = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let mut s = svg_open(w, h, &format!("games by length in {unit}"));
    for &(from, to, count) in bins {
        let x = left + slot(from) as f64 * bw;
        let bh = (bottom - top) * count as f64 / most;
        let _ = writeln!(
            s,
            "<rect class=\"bar\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\"><title>{from}–{to} {}: {count} {}</title></rect>",
            x + 1.0,
            bottom - bh,
            bw - 2.0,
            esc(unit),
            if count == 1 { "game" } else { "games" }
        );
        let _ = writeln!(
            s,
            "<text class=\"tick num\" x=\"{:.1}\" y=\"{:.1}\">{count}</text>",
            x + bw / 2.0,
            bottom - bh - 4.0
        );
    }
    let end = left + bw * slots as f64;
    let _ = writeln!(s, "<line class=\"axis\" x1=\"{left}\" x2=\"{end:.1}\" y1=\"{bottom}\" y2=\"{bottom}\"/>");
    // Bins of one value are named under their bars; wider ones have their edges marked, the
    // last edge being one past the last bin's values.
    let marks = if width == 1 { slots } else { slots + 1 };
    for k in 0..marks {
        let x = left + k as f64 * bw;
        let (at, v) = if width == 1 { (x + bw / 2.0, first + k as i128) } else { (x, first + k as i128 * width) };
        let _ = writeln!(
            s,
            "<line class=\"axis\" x1=\"{at:.1}\" x2=\"{at:.1}\" y1=\"{bottom}\" y2=\"{:.1}\"/><text class=\"tick\" x=\"{at:.1}\" y=\"{:.1}\">{v}</text>",
            bottom + 4.0,
            bottom + 17.0
        );
    }
    s.push_str("</svg>\n");
    s
}

fn standings(list: &[Standing]) -> Vec<(String, f64, f64, f64)> {
    list.iter().map(|s| (s.label.clone(), s.alone.rate, s.alone.low, s.alone.high)).collect()
}

/// The failed games, each distinct message with its seeds and kind (nothing when none).
fn failed_list(errors: &[posse::sim::SimError]) -> String {
    if errors.is_empty() {
        return String::new();
    }
    let engine = errors.iter().filter(|e| e.kind == posse::sim::Failure::Engine).count();
    let mut h = format!(
        "<h2>Failed games</h2>\n<p>script errors: {}, engine faults: {engine}.</p>\n<ul>\n",
        errors.len() - engine
    );
    for (message, seeds) in crate::sim::distinct_errors(errors) {
        let _ = writeln!(h, "<li>{}: <code>{}</code></li>", esc(&seeds), esc(message));
    }
    h.push_str("</ul>\n");
    h
}

/// The HTML report of a batch, with restricted play's table and plot when it was played.
pub fn report(r: &SimReport, restricted: Option<&[Restricted]>) -> String {
    let mut b = String::new();
    let _ = writeln!(
        b,
        "<p>{}, {}, seeds from {}: {}; {} finished, {} failed.</p>",
        count(r.games, "game"),
        count(r.players, "player"),
        r.seed,
        esc(&crate::sim::describe(r)),
        r.finished,
        r.failed
    );
    b.push_str(&failed_list(&r.errors));
    if let (Some(crew), Some(rate)) = (&r.crew, &r.crew_rate) {
        let _ =
            writeln!(b, "<h2>The crew</h2>\n<p>won {}, lost {}: {}.</p>", crew.won, crew.lost, esc(&rate.percent()));
        b.push_str(&rates_svg(&[("the crew wins".into(), rate.rate, rate.low, rate.high)], "the crew's wins"));
    } else {
        let o = &r.outcomes;
        let _ = writeln!(
            b,
            "<h2>Wins alone, with their 95% intervals</h2>\n<p>One winner {}, a shared win {}, no winner {}.</p>",
            o.one_winner, o.shared_win, o.no_winner
        );
        b.push_str(&rates_svg(&standings(&r.seats), "wins alone per seat"));
        // Sides that are more than their seats (teams, roles shared by several seats).
        if r.sides.len() > 1 && r.sides.len() < r.seats.len() {
            b.push_str("<h2>Wins alone per side</h2>\n");
            b.push_str(&rates_svg(&standings(&r.sides), "wins alone per side"));
        }
        if let Some(f) = &r.first_player {
            let _ = writeln!(
                b,
                "<p>First player: {} alone against a fair share of {:.1}%: {:+.1} points ({}).</p>",
                esc(&f.alone.percent()),
                100.0 * f.fair,
                100.0 * f.advantage,
                if f.significant { "significant at 5%" } else { "not significant" }
            );
        }
    }
    let unit = r.length_unit.as_deref().unwrap_or("decisions");
    let spread = r.length.as_ref().unwrap_or(&r.decisions);
    let _ = writeln!(
        b,
        "<h2>Game length in {}</h2>\n<p>mean {:.1}, median {} (10%–90%: {} to {}), min {}, max {}.</p>",
        esc(unit),
        spread.mean,
        spread.median,
        spread.p10,
        spread.p90,
        spread.min,
        spread.max
    );
    b.push_str(&histogram_svg(spread, unit));
    b.push_str("<h2>How games ended</h2>\n<table><tr><th>reason</th><th>games</th></tr>\n");
    for (why, n) in &r.reasons {
        let _ = writeln!(b, "<tr><td>{}</td><td>{n}</td></tr>", esc(why));
    }
    b.push_str("</table>\n");
    if let Some(d) = &r.measures.decisiveness {
        let _ = writeln!(
            b,
            "<p>Decisiveness: the winner led for good from {:.0}% of the game on (mean of the {} won alone by the seat leading at the end).</p>",
            100.0 * d.settled,
            count(d.games, "game")
        );
    }
    if !r.cards.is_empty() {
        b.push_str("<h2>Cards and abilities</h2>\n");
        if !r.card_correction.is_empty() {
            let _ = writeln!(
                b,
                "<p>Each card's wins when played against when not: the p-value of the difference, corrected for the many cards ({}).</p>",
                esc(&r.card_correction)
            );
        }
        b.push_str("<table><tr><th>tag</th><th>drawn</th><th>held</th><th>offered</th><th>played</th><th>times</th><th>resolved</th><th>wins when played</th><th>wins when not</th><th>p</th><th>p corrected</th></tr>\n");
        for c in &r.cards {
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&c.tag),
                c.drawn,
                c.held,
                c.offered,
                c.played,
                c.times,
                c.resolved,
                esc(&c.wins_when_played.percent()),
                esc(&c.wins_when_not.percent()),
                c.p.map_or_else(|| "-".to_string(), crate::sim::p_text),
                c.p_adjusted.map_or_else(|| "-".to_string(), crate::sim::p_text)
            );
        }
        b.push_str("</table>\n");
    }
    if let Some(list) = restricted.filter(|l| !l.is_empty()) {
        b.push_str("<h2>Restricted play: seat 1 never playing each card</h2>\n");
        let _ = writeln!(
            b,
            "<p>Verdicts by the p-value corrected for the many cards ({}): significant when below 0.05.</p>",
            esc(&list[0].correction)
        );
        b.push_str("<table><tr><th>card</th><th>with it</th><th>without it</th><th>difference (95% interval)</th><th>games without it: finished, failed</th><th>p</th><th>p corrected</th><th>verdict</th></tr>\n");
        for x in list {
            let d = &x.seat1;
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{:.1}%</td><td>{:.1}%</td><td>{:+.1} points ({:+.1} to {:+.1})</td><td>{}, {}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&x.tag),
                100.0 * d.a,
                100.0 * d.b,
                100.0 * d.diff,
                100.0 * d.low,
                100.0 * d.high,
                x.finished,
                x.failed,
                esc(&crate::sim::p_text(x.p)),
                esc(&crate::sim::p_text(x.p_adjusted)),
                esc(&x.verdict)
            );
        }
        b.push_str("</table>\n");
        for x in list.iter().filter(|x| x.failed > 0) {
            let _ = writeln!(b, "<p>Without {}:</p>", esc(&x.tag));
            b.push_str(&failed_list(&x.errors));
        }
        let rows: Vec<_> = list.iter().map(|x| (x.tag.as_str(), &x.seat1)).collect();
        b.push_str(&differences_svg(&rows, "seat 1's wins alone without each card, minus with it, in points"));
    }
    if !r.scores.is_empty() {
        b.push_str("<h2>Scores</h2>\n<table><tr><th>seat</th><th>mean (95% interval)</th><th>median</th><th>10%–90%</th><th>min</th><th>max</th></tr>\n");
        for (seat, sp) in &r.scores {
            let label = r.seats.get(seat.wrapping_sub(1)).map_or_else(|| format!("seat {seat}"), |s| s.label.clone());
            let num = crate::sim::num;
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{} ({} to {})</td><td>{}</td><td>{} to {}</td><td>{}</td><td>{}</td></tr>",
                esc(&label),
                num(sp.mean),
                num(sp.mean_low),
                num(sp.mean_high),
                sp.median,
                sp.p10,
                sp.p90,
                sp.min,
                sp.max
            );
        }
        b.push_str("</table>\n");
    }
    page(&format!("posse sim {}", r.game), &b)
}

/// The HTML report of a paired comparison of `a` and `b`.
pub fn comparison(a: &SimReport, b: &SimReport, c: &Comparison) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<p>A: {}. B: {}. {} paired games, {} played identically (same choices and results), {} with the same choices.</p>",
        esc(&crate::sim::describe(a)),
        esc(&crate::sim::describe(b)),
        c.paired,
        c.identical,
        c.same_choices
    );
    let _ = writeln!(
        h,
        "<p>A: {} of {} finished, {} failed. B: {} of {} finished, {} failed.</p>",
        a.finished,
        count(a.games, "game"),
        a.failed,
        b.finished,
        count(b.games, "game"),
        b.failed
    );
    for (v, r) in [("A", a), ("B", b)] {
        if r.failed > 0 {
            let _ = writeln!(h, "<p>In {v}:</p>");
            h.push_str(&failed_list(&r.errors));
        }
    }
    h.push_str("<table><tr><th>measure</th><th>A</th><th>B</th><th>B − A (95% interval)</th></tr>\n");
    for d in &c.measures {
        // Rates in percent and their differences in points, as the text report has them.
        let (k, unit, pts) = if d.rate { (100.0, "%", " points") } else { (1.0, "", "") };
        let signed = |x: f64| if x >= 0.0 { format!("+{}", crate::sim::num(x)) } else { crate::sim::num(x) };
        let diff = if d.rate {
            format!("{:+.2}{pts} ({:+.2} to {:+.2})", k * d.diff, k * d.low, k * d.high)
        } else {
            format!("{} ({} to {})", signed(d.diff), signed(d.low), signed(d.high))
        };
        let diff = if d.significant { format!("<strong>{diff} significant</strong>") } else { diff };
        let (va, vb) = if d.rate {
            (format!("{:.1}{unit}", k * d.a), format!("{:.1}{unit}", k * d.b))
        } else {
            (crate::sim::num(d.a), crate::sim::num(d.b))
        };
        let _ = writeln!(h, "<tr><td>{}</td><td>{va}</td><td>{vb}</td><td>{diff}</td></tr>", esc(&d.measure));
    }
    h.push_str("</table>\n<h2>Differences of the rates (points), with their 95% intervals</h2>\n");
    let rates: Vec<_> = c.measures.iter().filter(|d| d.rate).map(|d| (d.measure.as_str(), d)).collect();
    h.push_str(&differences_svg(&rates, "differences of the rates, B − A, in points"));
    // How the games ended in each, and the sides' wins alone.
    let reasons: std::collections::BTreeSet<&String> = a.reasons.keys().chain(b.reasons.keys()).collect();
    h.push_str("<h2>How games ended</h2>\n<table><tr><th>reason</th><th>A</th><th>B</th></tr>\n");
    for why in reasons {
        let n = |r: &SimReport| r.reasons.get(why).copied().unwrap_or(0);
        let _ = writeln!(h, "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", esc(why), n(a), n(b));
    }
    h.push_str("</table>\n");
    if a.crew.is_none() {
        h.push_str("<h2>Sides: wins alone</h2>\n<table><tr><th>side</th><th>A</th><th>B</th></tr>\n");
        let mut names: Vec<&Standing> = a.sides.iter().chain(&b.sides).collect();
        names.sort_by(|x, y| x.name.cmp(&y.name));
        names.dedup_by(|x, y| x.name == y.name);
        for side in names {
            let of = |r: &SimReport| {
                r.sides.iter().find(|x| x.name == side.name).map_or_else(|| "-".to_string(), |x| x.alone.percent())
            };
            let _ =
                writeln!(h, "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", esc(&side.label), esc(&of(a)), esc(&of(b)));
        }
        h.push_str("</table>\n");
    }
    page(&format!("posse compare {}", a.game), &h)
}

/// A forest plot of rates' differences with their 95% intervals, in points, zero marked:
/// the names on the left, each difference and its interval written on the right.
fn differences_svg(rates: &[(&str, &Difference)], label: &str) -> String {
    let mut h = String::new();
    let span = rates.iter().map(|(_, d)| d.low.abs().max(d.high.abs())).fold(0.01, f64::max);
    let (row, plot) = (24.0, 360.0);
    let left = rates.iter().map(|(name, _)| text_width(name)).fold(40.0, f64::max) + 12.0;
    let x = |v: f64| left + (v / span + 1.0) / 2.0 * plot;
    let value = |d: &Difference| format!("{:+.2} ({:+.2} to {:+.2})", 100.0 * d.diff, 100.0 * d.low, 100.0 * d.high);
    let w = left + plot + 16.0 + rates.iter().map(|(_, d)| text_width(&value(d))).fold(0.0, f64::max) + 8.0;
    let base = 8.0 + row * rates.len() as f64 + 4.0;
    let height = base + 22.0;
    h.push_str(&svg_open(w, height, label));
    let _ = writeln!(h, "<line class=\"zero\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"4\" y2=\"{base:.1}\"/>", x(0.0));
    for (i, (name, d)) in rates.iter().enumerate() {
        let y = 16.0 + i as f64 * row;
        let _ = writeln!(h, "<text x=\"4\" y=\"{:.1}\">{}</text>", y + 4.0, esc(name));
        h.push_str(&whisker(x(d.low), x(d.high), y));
        let _ = writeln!(
            h,
            "<circle class=\"bar\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\"><title>{:+.2} points</title></circle>",
            x(d.diff),
            100.0 * d.diff
        );
        let _ =
            writeln!(h, "<text class=\"num\" x=\"{:.1}\" y=\"{:.1}\">{}</text>", left + plot + 16.0, y + 4.0, value(d));
    }
    // The scale: the widest interval's ends, in points.
    let _ = writeln!(
        h,
        "<line class=\"axis\" x1=\"{left:.1}\" x2=\"{:.1}\" y1=\"{base:.1}\" y2=\"{base:.1}\"/>",
        left + plot
    );
    for v in [-span, -span / 2.0, 0.0, span / 2.0, span] {
        let _ = writeln!(
            h,
            "<line class=\"axis\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{base:.1}\" y2=\"{1:.1}\"/><text class=\"tick\" x=\"{0:.1}\" y=\"{2:.1}\">{3:+.1}</text>",
            x(v),
            base + 4.0,
            base + 17.0,
            100.0 * v
        );
    }
    h.push_str("</svg>\n");
    h
}

/// The HTML page of a sweep (`--sweep KEY=VALUES --html FILE`): what it played, the table
/// of every measure at every value, and a plot a measure: each value's estimate, a point
/// with its 95% interval's whisker, joined by a line, the values along the bottom.
pub fn sweep(sw: &crate::sweep::Sweep) -> String {
    let mut h = String::new();
    let _ = writeln!(h, "<p>{}.</p>", esc(&sw.head()));
    for st in sw.steps.iter().filter(|st| st.failed > 0) {
        let _ = writeln!(h, "<p>{}: {} of {} finished.</p>", esc(&st.set), st.finished, count(st.games, "game"));
        h.push_str(&failed_list(&st.errors));
    }
    let compare = sw.command == "compare";
    let cell = |rate: bool, p: &crate::sweep::Point| match (rate, compare) {
        (true, false) => format!("{:.1}% ({:.1}–{:.1})", 100.0 * p.value, 100.0 * p.low, 100.0 * p.high),
        (true, true) => format!("{:+.1} ({:+.1} to {:+.1})", 100.0 * p.value, 100.0 * p.low, 100.0 * p.high),
        (false, _) => {
            let n = crate::sim::num;
            format!("{} ({} to {})", n(p.value), n(p.low), n(p.high))
        }
    };
    h.push_str("<h2>Every measure at every value, with its 95% interval</h2>\n<div class=\"wide\"><table><tr>");
    let _ = write!(h, "<th>{}</th><th>games finished</th>", esc(&sw.key));
    for (name, _) in &sw.measures {
        let _ = write!(h, "<th>{}</th>", esc(name));
    }
    h.push_str("</tr>\n");
    for st in &sw.steps {
        let _ = write!(h, "<tr><td>{}</td><td>{} of {}</td>", esc(&st.value), st.finished, st.games);
        for (name, rate) in &sw.measures {
            let text = st.measures.get(name).map_or_else(|| "-".to_string(), |p| cell(*rate, p));
            let _ = write!(h, "<td>{}</td>", esc(&text));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n");
    for (name, rate) in &sw.measures {
        let unit = match (rate, compare) {
            (true, false) => ", in %",
            (true, true) => ", in points",
            _ => "",
        };
        let _ = writeln!(h, "<h2>{} against {}{unit}</h2>", esc(name), esc(&sw.key));
        let points: Vec<(&str, Option<&crate::sweep::Point>)> =
            sw.steps.iter().map(|st| (st.value.as_str(), st.measures.get(name))).collect();
        let k = if *rate { 100.0 } else { 1.0 };
        h.push_str(&sweep_svg(&points, k, *rate && !compare, &format!("{name} against {}", sw.key)));
    }
    page(&format!("posse {} {}", sw.command, sw.game), &h)
}

/// A tick's text: whole when it is, else with the digits its step needs.
fn tick_text(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 { 0 } else { (-step.log10()).ceil() as usize };
    format!("{v:.decimals$}")
}

/// A plot of one measure against the sweep's values: a point each (`k` scales it: 100 for
/// a rate in percent or points), its whisker, a line joining them; a rate's axis from 0 to
/// 100%, another's around the intervals, with zero marked when it lies inside.
fn sweep_svg(points: &[(&str, Option<&crate::sweep::Point>)], k: f64, percent: bool, label: &str) -> String {
    let found: Vec<&crate::sweep::Point> = points.iter().filter_map(|p| p.1).collect();
    let (mut lo, mut hi) = if percent {
        (0.0, 100.0)
    } else {
        let lo = found.iter().map(|p| k * p.low).fold(f64::INFINITY, f64::min);
        let hi = found.iter().map(|p| k * p.high).fold(f64::NEG_INFINITY, f64::max);
        if lo.is_finite() && hi.is_finite() {
            (lo, hi)
        } else {
            (0.0, 1.0)
        }
    };
    if hi - lo < 1e-9 {
        (lo, hi) = (lo - 1.0, hi + 1.0);
    }
    // Ticks at a round step, five or so.
    let raw = (hi - lo) / 4.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag);
    if !percent {
        lo = (lo / step).floor() * step;
        hi = (hi / step).ceil() * step;
    }
    let ticks: Vec<f64> = (0..=((hi - lo) / step).round() as usize).map(|i| lo + i as f64 * step).collect();
    let tick_label = |v: f64| format!("{}{}", tick_text(v, step), if percent { "%" } else { "" });
    let left = ticks.iter().map(|&v| text_width(&tick_label(v))).fold(20.0, f64::max) + 14.0;
    let slot = points.iter().map(|p| text_width(p.0) + 16.0).fold(480.0 / points.len().max(1) as f64, f64::max);
    let (top, height) = (12.0, 180.0);
    let bottom = top + height;
    let w = left + slot * points.len() as f64 + 10.0;
    let h = bottom + 28.0;
    let y = |v: f64| bottom - (v - lo) / (hi - lo) * height;
    let x = |i: usize| left + slot * (i as f64 + 0.5);
    let mut s = svg_open(w, h, label);
    let _ = writeln!(s, "<line class=\"axis\" x1=\"{left:.1}\" x2=\"{left:.1}\" y1=\"{top:.1}\" y2=\"{bottom:.1}\"/>");
    let _ = writeln!(
        s,
        "<line class=\"axis\" x1=\"{left:.1}\" x2=\"{:.1}\" y1=\"{bottom:.1}\" y2=\"{bottom:.1}\"/>",
        w - 10.0
    );
    for &v in &ticks {
        let _ = writeln!(
            s,
            "<line class=\"axis\" x1=\"{:.1}\" x2=\"{left:.1}\" y1=\"{1:.1}\" y2=\"{1:.1}\"/><text class=\"num\" text-anchor=\"end\" x=\"{2:.1}\" y=\"{3:.1}\">{4}</text>",
            left - 4.0,
            y(v),
            left - 6.0,
            y(v) + 4.0,
            esc(&tick_label(v))
        );
    }
    if !percent && lo < 0.0 && hi > 0.0 {
        let _ = writeln!(
            s,
            "<line class=\"zero\" x1=\"{left:.1}\" x2=\"{:.1}\" y1=\"{1:.1}\" y2=\"{1:.1}\"/>",
            w - 10.0,
            y(0.0)
        );
    }
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.1.map(|p| format!("{:.1},{:.1}", x(i), y(k * p.value))))
        .collect();
    if line.len() > 1 {
        let _ = writeln!(s, "<polyline class=\"trend\" points=\"{}\"/>", line.join(" "));
    }
    for (i, (value, p)) in points.iter().enumerate() {
        let _ = writeln!(s, "<text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\">{}</text>", x(i), bottom + 18.0, esc(value));
        let Some(p) = p else { continue };
        let (yl, yh) = (y(k * p.low), y(k * p.high));
        let xi = x(i);
        let _ = writeln!(
            s,
            "<path class=\"ci\" d=\"M{:.1} {yh:.1}h8M{xi:.1} {yh:.1}V{yl:.1}M{:.1} {yl:.1}h8\"/>",
            xi - 4.0,
            xi - 4.0
        );
        let value_text = if k == 100.0 {
            format!("{:.1} ({:.1} to {:.1})", 100.0 * p.value, 100.0 * p.low, 100.0 * p.high)
        } else {
            format!("{} ({} to {})", crate::sim::num(p.value), crate::sim::num(p.low), crate::sim::num(p.high))
        };
        let _ = writeln!(
            s,
            "<circle class=\"bar\" cx=\"{xi:.1}\" cy=\"{:.1}\" r=\"4\"><title>{}: {}</title></circle>",
            y(k * p.value),
            esc(value),
            esc(&value_text)
        );
    }
    s.push_str("</svg>\n");
    s
}
