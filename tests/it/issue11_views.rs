//! Issue 11, "The table, for people": every game's view fits a terminal of 80 columns at
//! every step of random games, for every seat and the GOD VIEW, and a seat's view keeps
//! within the rows a 24-row terminal leaves it (lib.text's ROWS, and the board first).

use posse_tests::*;

/// The widest a line may be, and the most rows a seat's view may take at 80×24 with the
/// REPL's lines around it (lib.text aims at 16 and gives the log only what is left; the
/// board, the seats and the hand come first and may pass it in the biggest games).
const WIDTH: usize = 80;
const ROWS: usize = 24;

fn check(id: &str, players: usize, seeds: u64) -> usize {
    let c = load(id);
    let mut most = 0;
    for seed in 0..seeds {
        let mut g = new_game(&c, seed, players);
        let mut rng = posse::rng::Rng::new(seed);
        let mut step = 0;
        loop {
            for seat in (1..=players).map(Some).chain([None]) {
                let text = g.render(seat).unwrap_or_else(|e| panic!("{id} {players}p seed {seed}: {e}"));
                for line in text.lines() {
                    let w = line.chars().count();
                    assert!(
                        w <= WIDTH,
                        "{id} {players}p seed {seed} step {step}, {seat:?}: {w} columns: {line:?}\n{text}"
                    );
                }
                if seat.is_some() {
                    let rows = text.lines().count();
                    most = most.max(rows);
                    assert!(
                        rows <= ROWS,
                        "{id} {players}p seed {seed} step {step}, seat {seat:?}: {rows} rows\n{text}"
                    );
                }
            }
            let Some(r) = g.next_request() else { break };
            let (seat, picks) = (r.seat, posse::bot::random_choice(r, &mut rng));
            g.choose(seat, &picks).unwrap_or_else(|e| panic!("{e}"));
            step += 1;
        }
    }
    most
}

#[test]
fn every_view_fits_80_columns_and_a_seats_view_fits_the_rows_it_is_given() {
    for (id, counts) in [
        ("dice_town", &[2, 3, 4][..]),
        ("desperados", &[3, 4, 5, 6]),
        ("marshals", &[3, 4]),
        ("marshals/duo", &[2]),
        ("marshals/basic", &[2, 3, 4]),
        // Goldfever at each scenario's largest count (the most characters to show).
        ("goldfever/high_noon", &[2]),
        ("goldfever/claim_jumpers", &[4]),
        ("goldfever/jailbreak", &[5]),
        ("goldfever/payroll", &[6]),
        ("goldfever/bank_job", &[8]),
        ("goldfever/saloon_brawl", &[8]),
        ("goldfever/range_war", &[10]),
        ("goldfever/goldfever", &[12]),
        // American Desperado's largest building, with the crew split every way.
        ("american_desperado/large", &[1, 4]),
        ("american_desperado/tiny", &[2]),
    ] {
        for &players in counts {
            let most = check(id, players, 2);
            eprintln!("{id} {players}p: at most {most} rows");
        }
    }
}
