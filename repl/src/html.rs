//! The HTML report of a batch (`sim --html FILE`) or of a paired comparison (`compare
//! --html FILE`): one self-contained page (no script, no file beside it) with the numbers
//! and SVG plots drawn here: win rates with their 95% interval bars, the histogram of game
//! lengths, and each measure's difference with its interval.

use posse::sim::{Comparison, SimReport, Standing};
use posse::stats::Spread;
use std::fmt::Write as _;

/// Text for HTML, in elements and quoted attributes.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}\
table{border-collapse:collapse}td,th{padding:.2em .8em;text-align:left;border-bottom:1px solid #ddd}\
.bar{fill:#6b8fc7}.ci{stroke:#222;stroke-width:2}.axis{stroke:#999}.zero{stroke:#c33;stroke-dasharray:4 3}\
text{font-size:12px}";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>{t}</title><style>{STYLE}</style></head>\n<body>\n<h1>{t}</h1>\n{body}</body>\n</html>\n",
        t = esc(title)
    )
}

/// Horizontal bars of rates (0..1) with their interval whiskers, one a row.
fn rates_svg(rows: &[(String, f64, f64, f64)]) -> String {
    let (w, row, left) = (560.0, 24.0, 140.0);
    let scale = |p: f64| left + p * (w - left - 20.0);
    let h = row * rows.len() as f64 + 30.0;
    let mut s = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" role=\"img\">\n");
    for (i, (name, rate, low, high)) in rows.iter().enumerate() {
        let y = 10.0 + i as f64 * row;
        let _ = writeln!(s, "<text x=\"4\" y=\"{:.1}\">{}</text>", y + 14.0, esc(name));
        let _ = writeln!(
            s,
            "<rect class=\"bar\" x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"16\"><title>{:.1}% ({:.1}–{:.1})</title></rect>",
            scale(*rate) - left,
            100.0 * rate,
            100.0 * low,
            100.0 * high
        );
        let _ = writeln!(
            s,
            "<line class=\"ci\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>",
            scale(*low),
            scale(*high),
            y + 8.0,
            y + 8.0
        );
    }
    let base = h - 14.0;
    let _ = writeln!(s, "<line class=\"axis\" x1=\"{left}\" x2=\"{:.1}\" y1=\"{base}\" y2=\"{base}\"/>", scale(1.0));
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{:.1}\">{:.0}%</text>", scale(p) - 8.0, h - 2.0, 100.0 * p);
    }
    s.push_str("</svg>\n");
    s
}

/// The histogram of a spread.
fn histogram_svg(spread: &Spread, unit: &str) -> String {
    let (w, h, bottom) = (560.0, 200.0, 170.0);
    let most = spread.histogram.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let n = spread.histogram.len().max(1) as f64;
    let bw = (w - 40.0) / n;
    let mut s = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" role=\"img\">\n");
    for (i, &(from, to, count)) in spread.histogram.iter().enumerate() {
        let bh = (bottom - 10.0) * count as f64 / most;
        let x = 20.0 + i as f64 * bw;
        let _ = writeln!(
            s,
            "<rect class=\"bar\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\"><title>{from}–{to} {}: {count} games</title></rect>",
            bottom - bh,
            bw - 2.0,
            esc(unit)
        );
        let _ = writeln!(s, "<text x=\"{x:.1}\" y=\"{:.1}\">{from}</text>", bottom + 14.0);
    }
    let _ = writeln!(s, "<line class=\"axis\" x1=\"20\" x2=\"{:.1}\" y1=\"{bottom}\" y2=\"{bottom}\"/>", w - 20.0);
    s.push_str("</svg>\n");
    s
}

fn standings(list: &[Standing]) -> Vec<(String, f64, f64, f64)> {
    list.iter().map(|s| (s.name.clone(), s.alone.rate, s.alone.low, s.alone.high)).collect()
}

/// The HTML report of a batch.
pub fn report(r: &SimReport) -> String {
    let mut b = String::new();
    let with = if r.sets.is_empty() { String::new() } else { format!(", with {}", r.sets.join(", ")) };
    let _ = writeln!(
        b,
        "<p>{} games, {} players, seeds from {}{}; {} finished, {} script errors.</p>",
        r.games,
        r.players,
        r.seed,
        esc(&with),
        r.finished,
        r.errors.len()
    );
    if let (Some(crew), Some(rate)) = (&r.crew, &r.crew_rate) {
        let _ =
            writeln!(b, "<h2>The crew</h2>\n<p>won {} ({}), lost {}.</p>", crew.won, esc(&rate.percent()), crew.lost);
        b.push_str(&rates_svg(&[("the crew wins".into(), rate.rate, rate.low, rate.high)]));
    } else {
        let o = &r.outcomes;
        let _ = writeln!(
            b,
            "<h2>Wins alone, with their 95% intervals</h2>\n<p>One winner {}, a shared win {}, no winner {}.</p>",
            o.one_winner, o.shared_win, o.no_winner
        );
        b.push_str(&rates_svg(&standings(&r.seats)));
        // Sides that are more than their seats (teams, roles shared by several seats).
        if r.sides.len() > 1 && r.sides.len() < r.seats.len() {
            b.push_str("<h2>Wins alone per side</h2>\n");
            b.push_str(&rates_svg(&standings(&r.sides)));
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
    page(&format!("posse sim {}", r.game), &b)
}

/// The HTML report of a paired comparison of `a` and `b`.
pub fn comparison(a: &SimReport, b: &SimReport, c: &Comparison) -> String {
    let name = |sets: &[String]| if sets.is_empty() { "the game as it is".to_string() } else { sets.join(", ") };
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<p>A: {}. B: {}. {} paired games, {} played identically.</p>",
        esc(&name(&a.sets)),
        esc(&name(&b.sets)),
        c.paired,
        c.identical
    );
    h.push_str("<table><tr><th>measure</th><th>A</th><th>B</th><th>B − A (95% interval)</th></tr>\n");
    for d in &c.measures {
        let k = if d.rate { 100.0 } else { 1.0 };
        let sig = if d.significant { " significant" } else { "" };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:+.2} ({:+.2} to {:+.2}){sig}</td></tr>",
            esc(&d.measure),
            k * d.a,
            k * d.b,
            k * d.diff,
            k * d.low,
            k * d.high
        );
    }
    h.push_str("</table>\n<h2>Differences of the rates (points), with their 95% intervals</h2>\n");
    // A forest plot of the rates' differences, zero marked.
    let rates: Vec<_> = c.measures.iter().filter(|d| d.rate).collect();
    let span = rates.iter().map(|d| d.low.abs().max(d.high.abs())).fold(0.01, f64::max);
    let (w, row, left) = (560.0, 24.0, 160.0);
    let x = |v: f64| left + (v / span + 1.0) / 2.0 * (w - left - 20.0);
    let height = row * rates.len() as f64 + 34.0;
    let _ = writeln!(h, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" role=\"img\">");
    let _ = writeln!(h, "<line class=\"zero\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"0\" y2=\"{height}\"/>", x(0.0));
    for (i, d) in rates.iter().enumerate() {
        let y = 14.0 + i as f64 * row;
        let _ = writeln!(h, "<text x=\"4\" y=\"{:.1}\">{}</text>", y + 4.0, esc(&d.measure));
        let _ = writeln!(
            h,
            "<line class=\"ci\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>",
            x(d.low),
            x(d.high)
        );
        let _ = writeln!(
            h,
            "<circle class=\"bar\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4\"><title>{:+.2} points</title></circle>",
            x(d.diff),
            100.0 * d.diff
        );
    }
    // The scale: the widest interval's ends, in points.
    for v in [-span, 0.0, span] {
        let _ = writeln!(h, "<text x=\"{:.1}\" y=\"{:.1}\">{:+.1}</text>", x(v) - 10.0, height - 4.0, 100.0 * v);
    }
    h.push_str("</svg>\n");
    page(&format!("posse compare {}", a.game), &h)
}
