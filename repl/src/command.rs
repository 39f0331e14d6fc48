//! The REPL's `:commands`: their names, their help text and their parsing.
//!
//! Parsing is separate from running (in `session::commands`) so a typo is caught before
//! anything happens, with a one-line message that says what was expected.

/// A parsed REPL command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    View,
    /// Show the game as this seat (a number or a name, resolved by the session).
    As(String),
    God,
    Log(usize),
    Undo(usize),
    Redo(usize),
    Save(String),
    Load(String),
    Reload,
    /// Let the random bot decide; `None` = the rest of the deciding seat's turn.
    Auto(Option<usize>),
    /// Change SEAT's answer to a decision others still make (a number or a name).
    Change(String),
    /// The rules text of the card or ability named.
    Card(String),
    /// Every card and ability there is to read.
    Cards,
    /// The board: each place and where its roads lead (a zone map: drawn, with what
    /// stands where).
    Map,
    /// Write the zone map as the viewer sees it to this SVG file.
    Svg(String),
    Quit,
}

/// Command names, for completion.
pub const NAMES: [&str; 19] = [
    ":help", ":view", ":as", ":god", ":log", ":card", ":cards", ":rules", ":map", ":svg", ":undo", ":redo", ":save",
    ":load", ":reload", ":auto", ":change", ":quit", ":exit",
];

pub const HELP: &str = "\
Answer with an option's number, several numbers for a multi-choice (spaces or
commas; - or an empty line for none when allowed), or the start of a label.
Tab completes. Before your question you see what happened since you last decided
(* marks what is new to you); a question with only one answer is answered for
you where that gives nothing away.
Commands:
  :help          this help
  :view          draw the current view again
  :as SEAT       show the game as SEAT (number, name, or a role one seat has,
                 e.g. marshal) until the next decision
  :god           show everything, hidden information included (GOD VIEW)
  :log [N]       the last N log lines the viewing seat may read (default 20)
  :card NAME     what a card or ability does (Tab completes names)
  :cards         every card and ability there is (also :rules)
  :map           the board: each place and where its roads lead; a zone map is
                 drawn, with each zone and what stands there as you see it
  :svg FILE      write a zone map as you see it to FILE, a picture (SVG)
  :undo [N]      take back your last N decisions (default 1) and the bots' since
  :redo [N]      make again N decisions taken back (default 1)
  :save FILE     save the game: seed, seats and who plays them, choices
  :load FILE     load a saved game with its seats and bots, replaying it with
                 the current scripts (also `posse play --load FILE`)
  :reload        reload scripts and content from disk, replay the game so far
  :auto [N]      let the random bot make the next N decisions of human seats;
                 without N, play this seat until another human seat must decide
                 (alone against bots: to the end of the game)
  :change SEAT   take back SEAT's answer and answer again while others still
                 decide (where the game allows it, e.g. a card played face down)
  :quit          leave (also :exit, or end of input)
When the game ends, :undo, :save FILE, :log, :card, :cards, :map and :svg still
work (piped too, so `:auto` then `:log` reads the whole game); Enter leaves.
At the table (two or more people at one screen, without --designer) each person
sees only their own secrets: :as shows only your own view, :god is refused,
:log, :map and :svg show what you see, :change is for your own answer, and :undo
takes back only your own answers the game has not acted on yet (a decision
others still make): type :undo or :change at the \"Pass the keyboard\" prompt
right after answering. The seed is not printed. --designer, or playing alone
against bots, allows everything.
Bots are random and deterministic: the same seed, position and question give the
same pick. Replaying with --step: Enter makes the next recorded choice, :auto N
makes N (default: the rest of the record), :undo steps back.";

/// Parses a line that starts with `:`.
pub fn parse(line: &str) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap_or(":");
    let args: Vec<&str> = words.collect();
    let rest = || line.trim()[name.len()..].trim().to_string();
    let count = |default: usize| -> Result<usize, String> {
        match args.as_slice() {
            [] => Ok(default),
            [n] => n
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name}: expected a count from 1, not '{n}'")),
            _ => Err(format!("{name}: expected at most one number")),
        }
    };
    let none = |c: Command| if args.is_empty() { Ok(c) } else { Err(format!("{name} takes no argument")) };
    let file = |f: fn(String) -> Command| {
        if args.is_empty() {
            Err(format!("{name}: expected a file name"))
        } else {
            Ok(f(rest()))
        }
    };
    match name {
        ":help" | ":h" | ":?" => none(Command::Help),
        ":view" | ":v" => none(Command::View),
        ":as" => match args.as_slice() {
            [seat] => Ok(Command::As(seat.to_string())),
            _ => Err(":as: expected one seat (a number or a name)".into()),
        },
        ":god" => none(Command::God),
        ":log" => count(20).map(Command::Log),
        ":undo" | ":u" => count(1).map(Command::Undo),
        ":redo" | ":r" => count(1).map(Command::Redo),
        ":save" => file(Command::Save),
        ":load" => file(Command::Load),
        ":reload" => none(Command::Reload),
        ":auto" => match args.as_slice() {
            [] => Ok(Command::Auto(None)),
            _ => count(1).map(|n| Command::Auto(Some(n))),
        },
        ":card" if args.is_empty() => Ok(Command::Cards),
        ":card" => Ok(Command::Card(rest())),
        ":cards" | ":rules" => none(Command::Cards),
        ":map" => none(Command::Map),
        ":svg" => file(Command::Svg),
        ":change" => match args.as_slice() {
            [seat] => Ok(Command::Change(seat.to_string())),
            _ => Err(":change: expected one seat (a number or a name)".into()),
        },
        ":quit" | ":q" | ":exit" => none(Command::Quit),
        _ => Err(format!("unknown command '{name}' (:help lists them)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_fits_80_columns() {
        assert!(HELP.lines().all(|l| l.chars().count() <= 80), "{HELP}");
    }

    #[test]
    fn parses_commands() {
        assert_eq!(parse(":undo"), Ok(Command::Undo(1)));
        assert_eq!(parse(":undo 3"), Ok(Command::Undo(3)));
        assert_eq!(parse(":log"), Ok(Command::Log(20)));
        assert_eq!(parse(":auto"), Ok(Command::Auto(None)));
        assert_eq!(parse(":auto 4"), Ok(Command::Auto(Some(4))));
        assert_eq!(parse(":save my game.yaml"), Ok(Command::Save("my game.yaml".into())));
        assert_eq!(parse(":as p2"), Ok(Command::As("p2".into())));
        assert_eq!(parse(":change 1"), Ok(Command::Change("1".into())));
        assert_eq!(parse(":card  tuba city "), Ok(Command::Card("tuba city".into())));
        assert_eq!(parse(":card"), Ok(Command::Cards));
        assert_eq!(parse(":rules"), Ok(Command::Cards));
        assert_eq!(parse(":map"), Ok(Command::Map));
        assert_eq!(parse(":svg town.svg"), Ok(Command::Svg("town.svg".into())));
        assert!(parse(":svg").is_err());
        assert!(parse(":change").is_err());
        assert!(parse(":undo x").is_err());
        assert!(parse(":undo 0").is_err());
        assert!(parse(":save").is_err());
        assert!(parse(":view 2").is_err());
        assert!(parse(":frobnicate").unwrap_err().contains("unknown command ':frobnicate'"));
    }
}
