//! `posse check --leaks` catches a leak planted on purpose: a fixture game copied to a
//! scratch folder, one line of its Lua changed to show a seat what it cannot see, and
//! the check must fail naming the kind of leak. The unchanged copy passes, so each test
//! fails only through the plant.

use super::*;

/// Copies the fixture `game` (scenarios and scripts) to a scratch folder, replacing
/// `from` by `to` in `file` (under its scripts), and returns the folder.
fn planted(name: &str, game: &str, file: &str, from: &str, to: &str) -> PathBuf {
    let dir = scratch(name);
    for part in ["scenarios", "scripts"] {
        copy_dir(&fixtures().join(part).join(game), &dir.join(part).join(game));
    }
    let path = dir.join("scripts").join(game).join(file);
    let text = std::fs::read_to_string(&path).expect("the script");
    assert!(text.contains(from), "{file} no longer holds {from:?}: plant the leak elsewhere");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("written");
    dir
}

/// `posse check --leaks --seeds 2 GAME` under `root`.
fn check_leaks(root: &Path, game: &str) -> Output {
    posse_in(root, &["check", "--leaks", "--seeds", "2", game], "")
}

#[test]
fn an_unchanged_copy_has_no_leaks() {
    for game in ["liars_dice", "hilo"] {
        let root = planted(&format!("leaks-none-{game}"), game, "main.lua", "local posse", "local posse");
        let o = check_leaks(&root, game);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("no leaks"), "{}", stdout(&o));
    }
}

#[test]
fn a_label_given_as_a_list_naming_another_seats_die_is_caught() {
    // The challenge option tells the bidder the next seat's first die.
    let root = planted(
        "leaks-label",
        "liars_dice",
        "main.lua",
        r#"options[1], bids[1] = "challenge", false"#,
        r#"options[1], bids[1] = "challenge (next seat: " .. posse.face(1, seat % n + 1) .. ")", false"#,
    );
    let o = check_leaks(&root, "liars_dice");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("leak check: leak: seat"), "{out}");
    assert!(out.contains("is shown a question that changes with what it cannot see"), "{out}");
    assert!(out.contains("challenge (next seat: "), "{out}");
}

#[test]
fn a_label_made_when_read_naming_another_seats_card_is_caught() {
    // Seat 1's lazy label names the card in seat 2's hand.
    let root = planted(
        "leaks-lazy-label",
        "hilo",
        "main.lua",
        r#"function() return { "discard it" } end"#,
        r#"function() return { "discard it (seat 2 holds " .. posse.def(posse.at(posse.zone("hand", 2))).name .. ")" } end"#,
    );
    let o = check_leaks(&root, "hilo");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("is shown a question that changes with what it cannot see"), "{out}");
    assert!(out.contains("discard it (seat 2 holds "), "{out}");
}

#[test]
fn a_log_line_naming_a_hidden_card_to_all_is_caught() {
    // The card a seat keeps in its hidden hand, logged to every seat.
    let root = planted(
        "leaks-log",
        "hilo",
        "main.lua",
        r#"" keeps " .. posse.def(posse.at(hand, 3 - answers[s])).name, s)"#,
        r#"" keeps " .. posse.def(posse.at(hand, 3 - answers[s])).name)"#,
    );
    let o = check_leaks(&root, "hilo");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("reads a log line that names what it cannot see"), "{out}");
    assert!(out.contains("keeps "), "{out}");
}

#[test]
fn a_renderer_cannot_reach_the_state_to_leak_it() {
    // A renderer has no `posse` module: the attempt to read another seat's dice fails
    // as a render error, so a renderer can only leak what the view already shows.
    let root = planted(
        "leaks-render",
        "liars_dice",
        "render.lua",
        "return function(view)\n",
        "return function(view)\n  local posse = require \"posse\"\n  local _ = posse.face(1, 2)\n",
    );
    let o = check_leaks(&root, "liars_dice");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("render: "), "{out}");
    assert!(!out.contains("leak: "), "{out}");
}

#[test]
fn a_die_face_logged_to_all_is_caught() {
    // The roller's own hidden dice, logged to every seat instead of to the roller: the
    // line names no component, so only the twin game (its hidden dice turned) sees it.
    let root = planted(
        "leaks-log-die",
        "liars_dice",
        "main.lua",
        r#"posse.log("You roll " .. table.concat(faces, " ") .. ".", s)"#,
        r#"posse.log("You roll " .. table.concat(faces, " ") .. ".")"#,
    );
    let o = check_leaks(&root, "liars_dice");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("is shown a log line that changes with what it cannot see"), "{out}");
    assert!(out.contains("You roll "), "{out}");
    assert!(out.contains("with the hidden things changed: You roll "), "{out}");
}

/// Hi-Lo with a line after each seat's secret counter is set, written to `audience`.
fn secret_logged(name: &str, audience: &str) -> PathBuf {
    planted(
        name,
        "hilo",
        "main.lua",
        r#"posse.set("secret", round, s)"#,
        &format!(r#"posse.set("secret", round, s) posse.log("secret " .. posse.get("secret", s){audience})"#),
    )
}

#[test]
fn a_hidden_counter_logged_to_all_is_caught() {
    let o = check_leaks(&secret_logged("leaks-log-counter", ""), "hilo");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("is shown a log line that changes with what it cannot see"), "{out}");
    assert!(out.contains(": secret "), "{out}");
    // Written to its owner alone, the same line is no leak.
    let o = check_leaks(&secret_logged("leaks-log-counter-own", ", s"), "hilo");
    assert!(o.status.success(), "{}", stdout(&o));
}

#[test]
fn dice_logged_after_their_reveal_are_no_leak() {
    // Revealed, logged to all, and hidden again within the step: the seats' views end as
    // they were, and the lines the twin wrote after the reveal may differ.
    let root = planted(
        "leaks-log-revealed",
        "liars_dice",
        "main.lua",
        r#"  local loser = M.count(bid[2])"#,
        "  for s = 1, n do posse.hide_dice(s) end\n  local loser = M.count(bid[2])",
    );
    let o = check_leaks(&root, "liars_dice");
    assert!(o.status.success(), "{}", stdout(&o));
}

#[test]
fn a_leak_at_the_second_decision_alone_is_caught_by_the_default_check() {
    // The second question of Kuhn poker (seat 2's, after seat 1 bets or checks) names
    // seat 1's card; no position the check sampled every fifth saw it (only step 0 and
    // the game's end are among them). The default check looks at the first positions.
    let root = planted(
        "leaks-early",
        "kuhn",
        "main.lua",
        r#""Your opponent bets. Fold or call?""#,
        r#""Your opponent bets with the " .. posse.def(card(1)).name .. ". Fold or call?""#,
    );
    let o = posse_in(&root, &["check", "kuhn", "--seeds", "20"], "");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("leak: seat 2 at step 1 is shown a question that changes with what it cannot see"), "{out}");
    assert!(out.contains("Your opponent bets with the "), "{out}");
}

// Leaks only a twin game sees: Kuhn poker planted so that what a seat is shown depends on
// the card it cannot see, with no name written. A plain `posse check` (20 seeds) must
// catch each, naming the seat, the position and the channel.

/// Kuhn poker with `from` replaced by `to` in its script, checked by a plain `posse
/// check`: it must fail with a finding that contains each of `wanted`.
fn kuhn_leak(name: &str, from: &str, to: &str, wanted: &[&str]) {
    let root = planted(name, "kuhn", "main.lua", from, to);
    let o = posse_in(&root, &["check", "kuhn", "--seeds", "20"], "");
    let out = stdout(&o);
    assert!(!o.status.success(), "{out}{}", stderr(&o));
    assert!(out.contains("leak check: leak: seat "), "{out}");
    for w in wanted {
        assert!(out.contains(w), "{w:?} not in:\n{out}");
    }
}

/// The line in Kuhn poker where each seat antes, after its card is dealt.
const ANTE: &str = r#"posse.add("chips", -1, s)"#;
/// The line where a seat is asked to bet.
const ASK: &str = "local i = posse.choose(s, prompt, { no, yes })";
/// The line that logs a bet.
const BET_LOG: &str = r#"posse.log(posse.seat_name(s) .. ": " .. (i == 2 and yes or no) .. ".")"#;

#[test]
fn a_public_counter_set_from_a_hidden_card_is_caught() {
    // The ante is the card's rank: every seat reads every seat's chips.
    kuhn_leak(
        "leaks-counter",
        ANTE,
        r#"posse.add("chips", -posse.def(card(s)).props.rank, s)"#,
        &["at step 0 is shown a view that changes with what it cannot see", r#""chips": "#],
    );
}

#[test]
fn a_log_line_chosen_by_a_hidden_card_is_caught() {
    // The line names no card: only its words change with the card.
    kuhn_leak(
        "leaks-log-chosen",
        BET_LOG,
        r#"posse.log(posse.seat_name(s) .. ": " .. (i == 2 and yes or no) .. (posse.def(card(s)).props.rank == 3 and ", smiling." or "."))"#,
        &["is shown a log line that changes with what it cannot see", "smiling."],
    );
}

#[test]
fn the_number_of_log_lines_told_by_a_hidden_card_is_caught() {
    kuhn_leak(
        "leaks-log-count",
        BET_LOG,
        &format!(r#"{BET_LOG} if posse.def(card(s)).props.rank == 3 then posse.log("Someone hums.") end"#),
        &["is shown a log line that changes with what it cannot see", "(2 lines | 1 with the hidden things changed)"],
    );
}

#[test]
fn an_option_tag_naming_a_hidden_card_is_caught() {
    // Strategy bots read tags: one naming the opponent's card tells a bot what it holds.
    kuhn_leak(
        "leaks-tag",
        ASK,
        "local i = posse.choose(s, prompt, { no, yes }, { tags = { posse.def(card(3 - s)).id, false } })",
        &["is shown a question that changes with what it cannot see", "[tag "],
    );
}

#[test]
fn an_option_id_naming_a_hidden_card_is_caught() {
    kuhn_leak(
        "leaks-id",
        ASK,
        r#"local i = posse.choose(s, prompt, { { id = posse.def(card(3 - s)).id, label = no }, { id = "bet", label = yes } })"#,
        &["is shown a question that changes with what it cannot see", "[id "],
    );
}

#[test]
fn the_most_picks_told_by_a_hidden_card_is_caught() {
    kuhn_leak(
        "leaks-picks",
        ASK,
        "local i = posse.choose(s, prompt, { no, yes }, { min = 1, max = posse.def(card(3 - s)).props.rank == 3 and 2 or 1 })[1]",
        &["is shown a question that changes with what it cannot see", "picks: 1 to "],
    );
}

#[test]
fn a_team_named_after_a_hidden_card_is_caught() {
    kuhn_leak(
        "leaks-team",
        ANTE,
        &format!("{ANTE} posse.set_team(s, posse.def(card(s)).name)"),
        &["is shown a view that changes with what it cannot see", r#""team": "#],
    );
}

#[test]
fn a_seat_asked_only_when_another_holds_a_card_is_a_tell() {
    // Seat 2 is asked whether it grins only when it holds the King: seat 1, seeing it
    // asked, learns the card.
    kuhn_leak(
        "leaks-tell",
        ASK,
        &format!(
            r#"if s == 1 and posse.def(card(2)).props.rank == 3 then posse.choose(2, "Grin?", {{ "no", "yes" }}) end {ASK}"#
        ),
        &["seat 1 at step 0 is told what it cannot see by who is asked (a tell)", "seat 2 (Grin?)"],
    );
}

#[test]
fn a_seat_asked_twice_when_it_holds_a_card_is_a_tell() {
    // Seat 2 is asked whether it is ready before the first bet, and again when it holds
    // the King.
    kuhn_leak(
        "leaks-tell-twice",
        r#"if bets(1, "Check or bet a chip?", "check", "bet") then"#,
        r#"posse.choose(2, "Ready?", { "yes", "sure" }) if posse.def(card(2)).props.rank == 3 then posse.choose(2, "Ready?", { "yes", "sure" }) end if bets(1, "Check or bet a chip?", "check", "bet") then"#,
        &["seat 1 at step 1 is told what it cannot see by who is asked (a tell)", "seat 2 (Ready?)"],
    );
}

#[test]
fn a_public_draw_after_a_hidden_number_of_draws_is_caught() {
    // The stream is drawn as many times as the card's rank, then a public coin: the
    // coin tells the card, with posse.random and Lua's math.random alike.
    for (name, random) in [("leaks-stream", "posse.random"), ("leaks-math-random", "math.random")] {
        kuhn_leak(
            name,
            ANTE,
            &format!(
                r#"{ANTE} for _ = 1, posse.def(card(s)).props.rank do {random}(6) end posse.log("A coin lands " .. {random}(2) .. ".")"#
            ),
            &["is shown a log line that changes with what it cannot see", "A coin lands "],
        );
    }
}
