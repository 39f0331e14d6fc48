//! The statistics a designer reads off a batch of games: proportions with their 95%
//! Wilson score intervals, and the spread of a sample (mean with its 95% interval,
//! quantiles, a histogram).
//! Pure arithmetic on counts: the same numbers give the same report on every machine.

use serde::Serialize;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion `k` of `n` with its 95% Wilson score interval (Wilson, 1927): unlike the
/// normal approximation it stays inside 0..1 and is sound for rare and common events and
/// for small `n`. With `n` = 0 the rate is 0 and the interval the whole of 0..1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    pub count: usize,
    pub of: usize,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn new(count: usize, of: usize) -> Rate {
        if of == 0 {
            return Rate { count, of, rate: 0.0, low: 0.0, high: 1.0 };
        }
        let (k, n) = (count as f64, of as f64);
        let p = k / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        // The ends exactly when all or none: the arithmetic leaves a rounding error there.
        let low = if count == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if count >= of { 1.0 } else { (centre + half).min(1.0) };
        Rate { count, of, rate: p, low, high }
    }

    /// Whether `p` lies outside the interval: the rate differs from `p` at the 5% level.
    pub fn excludes(&self, p: f64) -> bool {
        p < self.low || p > self.high
    }

    /// "41.2% (38.2–44.3)": the rate and its interval, in percent.
    pub fn percent(&self) -> String {
        format!("{:.1}% ({:.1}–{:.1})", 100.0 * self.rate, 100.0 * self.low, 100.0 * self.high)
    }
}

/// The two-sided p-value of a normal estimate `value` whose 95% interval has half-width
/// `half` (so its standard error is `half / z`): the chance of an estimate at least as far
/// from 0 were the truth 0. 1 when the interval has no width and the value is 0; 0 when it
/// has no width and the value is not.
pub fn p_value(value: f64, half: f64) -> f64 {
    if half <= 0.0 {
        return if value == 0.0 { 1.0 } else { 0.0 };
    }
    let z = (value / (half / Z95)).abs();
    (2.0 * (1.0 - normal_cdf(z))).clamp(0.0, 1.0)
}

/// The standard normal distribution function, from the complementary error function's
/// Chebyshev fit (Numerical Recipes' `erfcc`, fractional error below 1.2e-7 everywhere).
pub fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * x);
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if z >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

/// Holm's step-down correction (Holm, 1979) of the p-values of a family of tests: each
/// adjusted p-value, in the order given. The family's chance of any false finding at 5%
/// stays under 5% when a test is called significant by its adjusted p-value below 0.05.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut out = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        out[i] = running;
    }
    out
}

/// The spread of a sample of whole numbers: mean (with the 95% interval of the mean, by
/// the normal approximation: mean ± z·sd/√n, the sample's sd; the mean itself when n < 2),
/// quantiles, and a histogram of at most [`BINS`] bins of equal width.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spread {
    pub n: usize,
    pub mean: f64,
    pub mean_low: f64,
    pub mean_high: f64,
    pub min: i64,
    pub p10: i64,
    pub median: i64,
    pub p90: i64,
    pub max: i64,
    /// (from, to, count): the values from..=to, bottom bin first.
    pub histogram: Vec<(i64, i64, usize)>,
}

/// The most bins a histogram has.
pub const BINS: usize = 12;

impl Spread {
    pub fn of(values: &[i64]) -> Spread {
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        if n == 0 {
            return Spread {
                n,
                mean: 0.0,
                mean_low: 0.0,
                mean_high: 0.0,
                min: 0,
                p10: 0,
                median: 0,
                p90: 0,
                max: 0,
                histogram: Vec::new(),
            };
        }
        // The nearest-rank quantile: the smallest value with at least q of the sample at or
        // below it.
        let q = |q: f64| v[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
        let (min, max) = (v[0], v[n - 1]);
        // In i128: the values may span more than an i64 holds (scores from a shard's file).
        let width = ((i128::from(max) - i128::from(min)) / BINS as i128 + 1).max(1);
        let narrow = |x: i128| x.clamp(i64::MIN.into(), i64::MAX.into()) as i64;
        let mut histogram: Vec<(i64, i64, usize)> = Vec::new();
        for &x in &v {
            let from = i128::from(min) + (i128::from(x) - i128::from(min)) / width * width;
            let from = narrow(from);
            match histogram.last_mut() {
                Some(bin) if bin.0 == from => bin.2 += 1,
                _ => histogram.push((from, narrow(i128::from(from) + width - 1), 1)),
            }
        }
        let mean = v.iter().map(|&x| x as f64).sum::<f64>() / n as f64;
        let half = if n < 2 {
            0.0
        } else {
            let var = v.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            Z95 * (var / n as f64).sqrt()
        };
        Spread {
            n,
            mean,
            mean_low: mean - half,
            mean_high: mean + half,
            min,
            p10: q(0.1),
            median: q(0.5),
            p90: q(0.9),
            max,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_published_values() {
        // 81 of 263 (Newcombe 1998, table I): 0.2553 to 0.3662.
        let r = Rate::new(81, 263);
        assert!((r.low - 0.2553).abs() < 5e-4 && (r.high - 0.3662).abs() < 5e-4, "{r:?}");
        // 0 of 10: 0 to 0.2775; 10 of 10: 0.7225 to 1.
        let (none, all) = (Rate::new(0, 10), Rate::new(10, 10));
        assert!(none.low == 0.0 && (none.high - 0.2775).abs() < 5e-4, "{none:?}");
        assert!((all.low - 0.7225).abs() < 5e-4 && all.high == 1.0, "{all:?}");
        assert!(Rate::new(500, 1000).excludes(0.46) && !Rate::new(500, 1000).excludes(0.48));
        assert_eq!(Rate::new(0, 0).high, 1.0);
        assert_eq!(Rate::new(412, 1000).percent(), "41.2% (38.2–44.3)");
    }

    #[test]
    fn p_values_and_holms_correction_match_the_textbook() {
        // Φ(1.96) = 0.9750, Φ(-1) = 0.1587, Φ(0) = 0.5.
        assert!((normal_cdf(1.96) - 0.975_002).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-6);
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        // An estimate at exactly its interval's half-width: p = 0.05.
        assert!((p_value(0.3, 0.3) - 0.05).abs() < 1e-6 && (p_value(-0.3, 0.3) - 0.05).abs() < 1e-6);
        assert_eq!((p_value(0.0, 0.0), p_value(0.1, 0.0)), (1.0, 0.0));
        // Holm: sorted 0.01, 0.02, 0.04 times 3, 2, 1, kept increasing: 0.03, 0.04, 0.04.
        let h = holm(&[0.04, 0.01, 0.02]);
        assert!((h[1] - 0.03).abs() < 1e-12 && (h[2] - 0.04).abs() < 1e-12 && (h[0] - 0.04).abs() < 1e-12, "{h:?}");
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0], "capped at 1, never below an earlier step");
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn spreads_give_nearest_rank_quantiles_and_even_bins() {
        let s = Spread::of(&(1..=100).collect::<Vec<_>>());
        assert_eq!((s.min, s.p10, s.median, s.p90, s.max), (1, 10, 50, 90, 100));
        assert!((s.mean - 50.5).abs() < 1e-9);
        assert!(s.histogram.len() <= BINS);
        assert_eq!(s.histogram.iter().map(|b| b.2).sum::<usize>(), 100);
        assert_eq!(s.histogram[0], (1, 9, 9));
        let one = Spread::of(&[7, 7, 7]);
        assert_eq!(one.histogram, vec![(7, 7, 3)]);
        assert_eq!(Spread::of(&[]).n, 0);
        // The mean's interval: 0, 2 repeated 50 times each: sd 1.005, half-width z·sd/10.
        let s = Spread::of(&[0, 2].repeat(50));
        let half = Z95 * (100.0f64 / 99.0).sqrt() / 10.0;
        assert!((s.mean - 1.0).abs() < 1e-12 && (s.mean_high - 1.0 - half).abs() < 1e-12, "{s:?}");
        assert!((s.mean_low - (1.0 - half)).abs() < 1e-12);
        assert_eq!((one.mean_low, one.mean_high), (7.0, 7.0));
    }
}
