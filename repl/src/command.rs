//! The REPL's `:commands`, from one table.
//!
//! [`COMMANDS`] holds one [`Spec`] a command: its name, the other names it goes by, its
//! argument, its line of help, what table play does with it, where else it works (the
//! "Pass the keyboard" prompt, the game-over screen) and its parser. Everything about
//! commands that is not running them comes from there: Tab's list ([`names`]), `:help`
//! ([`help`]), parsing ([`parse`]) and what the session refuses at the table
//! ([`Spec::at_table`]). A new command is one entry here, one variant of [`Command`] and
//! its arm where the session runs it (`session::commands`).
//!
//! Parsing is separate from running so a typo is caught before anything happens, with a
//! one-line message that says what was expected. A command's other names come in two
//! kinds: aliases (`:rules`, `:exit`), words of their own that Tab completes and the help
//! names, and abbreviations (`:u`, `:q`), which only save typing: Tab would offer them
//! next to the name they shorten.

/// A parsed REPL command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    View,
    /// The whole view, however long: what the screen leaves out to fit 80×24.
    Full,
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
    Rules,
    /// The board: each place and where its roads lead (a zone map: drawn, with what
    /// stands where).
    Map,
    /// Write the zone map as the viewer sees it to this SVG file.
    Svg(String),
    Quit,
}

/// What a command's argument is: how the help writes it and what Tab completes there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    None,
    /// An optional count, `[N]`.
    Count,
    /// A seat: a number, a name or a role (Tab: the seats' names).
    Seat,
    /// A card's or an ability's name (Tab: the game's names).
    Card,
    /// A file (Tab: file names).
    File,
}

/// What a command does when two or more people share the screen (table play; see
/// `session::table`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtTable {
    /// The same as anywhere: it shows nothing of any seat's (rules, saving, leaving).
    Open,
    /// Kept to the person at the keyboard: it shows their view, acts on their own seat
    /// and answers only; `session::table` says how each one is kept there.
    Own,
    /// Refused, with this reason (after the command's name): it would show what no one
    /// at the table may see.
    Refused(&'static str),
}

/// One command: everything about it but how the session runs it.
pub struct Spec {
    /// With its colon: `:undo`.
    pub name: &'static str,
    /// Other names of the command, completed by Tab and named in its help.
    pub aliases: &'static [&'static str],
    /// Abbreviations, parsed only.
    pub short: &'static [&'static str],
    pub arg: Arg,
    /// What the command does, for `:help`: one line, or a few joined by `\n`.
    pub help: &'static str,
    pub at_table: AtTable,
    /// Whether it acts at the "Pass the keyboard" prompt: `:quit` always, and the
    /// others marked only right after answering at the table (for the person leaving).
    /// Other commands wait for the next prompt.
    pub at_handover: bool,
    /// Whether it works on the game-over screen.
    pub after_end: bool,
    /// Makes the command from the words typed.
    pub parse: fn(&Words) -> Result<Command, String>,
}

/// The REPL's commands, in the order `:help` and Tab list them.
pub static COMMANDS: &[Spec] = &[
    Spec {
        name: ":help",
        aliases: &[],
        short: &[":h", ":?"],
        arg: Arg::None,
        help: "this help",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: false,
        parse: |w| w.none(Command::Help),
    },
    Spec {
        name: ":view",
        aliases: &[],
        short: &[":v"],
        arg: Arg::None,
        help: "draw the current view again",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: false,
        parse: |w| w.none(Command::View),
    },
    Spec {
        name: ":full",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "the whole view: what the screen leaves out to fit 80×24",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: true,
        parse: |w| w.none(Command::Full),
    },
    Spec {
        name: ":as",
        aliases: &[],
        short: &[],
        arg: Arg::Seat,
        help: "show the game as SEAT (number, name, or a role one seat has,\ne.g. marshal) until the next decision",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: false,
        parse: |w| w.seat(Command::As),
    },
    Spec {
        name: ":god",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "show everything, hidden information included (GOD VIEW)",
        at_table: AtTable::Refused(
            "at the table no one sees everything; --designer (or a game alone against bots) shows it",
        ),
        at_handover: false,
        after_end: false,
        parse: |w| w.none(Command::God),
    },
    Spec {
        name: ":log",
        aliases: &[],
        short: &[],
        arg: Arg::Count,
        help: "the last N log lines the viewing seat may read (default 20)",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: true,
        parse: |w| w.count(20).map(Command::Log),
    },
    Spec {
        name: ":card",
        aliases: &[],
        short: &[],
        arg: Arg::Card,
        help: "what a card or ability does (Tab completes names)",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: true,
        parse: |w| Ok(if w.args.is_empty() { Command::Cards } else { Command::Card(w.rest()) }),
    },
    Spec {
        name: ":cards",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "every card and ability there is",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: true,
        parse: |w| w.none(Command::Cards),
    },
    Spec {
        name: ":rules",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "how to win and lose, a turn, the numbers that matter",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: true,
        parse: |w| w.none(Command::Rules),
    },
    Spec {
        name: ":map",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "the board: each place and where its roads lead; a zone map is\ndrawn, with each zone and what stands there as you see it",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: true,
        parse: |w| w.none(Command::Map),
    },
    Spec {
        name: ":svg",
        aliases: &[],
        short: &[],
        arg: Arg::File,
        help: "write a zone map as you see it to FILE, a picture (SVG)",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: true,
        parse: |w| w.file(Command::Svg),
    },
    Spec {
        name: ":undo",
        aliases: &[],
        short: &[":u"],
        arg: Arg::Count,
        help: "take back your last N decisions (default 1), the bots' and the\nanswers that had only one choice since with them",
        at_table: AtTable::Own,
        at_handover: true,
        after_end: true,
        parse: |w| w.count(1).map(Command::Undo),
    },
    Spec {
        name: ":redo",
        aliases: &[],
        short: &[":r"],
        arg: Arg::Count,
        help: "make again N decisions taken back (default 1)",
        at_table: AtTable::Own,
        at_handover: false,
        after_end: false,
        parse: |w| w.count(1).map(Command::Redo),
    },
    Spec {
        name: ":save",
        aliases: &[],
        short: &[],
        arg: Arg::File,
        help: "save the game: seed, seats and who plays them, choices",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: true,
        parse: |w| w.file(Command::Save),
    },
    Spec {
        name: ":load",
        aliases: &[],
        short: &[],
        arg: Arg::File,
        help: "load a saved game with its seats and bots, replaying it with\nthe current scripts (also `posse play --load FILE`)",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: false,
        parse: |w| w.file(Command::Load),
    },
    Spec {
        name: ":reload",
        aliases: &[],
        short: &[],
        arg: Arg::None,
        help: "reload scripts and content from disk, replay the game so far",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: false,
        parse: |w| w.none(Command::Reload),
    },
    Spec {
        name: ":auto",
        aliases: &[],
        short: &[],
        arg: Arg::Count,
        help: "let the random bot make the next N decisions of human seats;\nwithout N, play this seat until another human seat must decide\n(alone against bots: to the end of the game)",
        at_table: AtTable::Open,
        at_handover: false,
        after_end: false,
        parse: |w| if w.args.is_empty() { Ok(Command::Auto(None)) } else { w.count(1).map(|n| Command::Auto(Some(n))) },
    },
    Spec {
        name: ":change",
        aliases: &[],
        short: &[],
        arg: Arg::Seat,
        help: "take back SEAT's answer and answer again while others still\ndecide (where the game allows it, e.g. a card played face down)",
        at_table: AtTable::Own,
        at_handover: true,
        after_end: false,
        parse: |w| w.seat(Command::Change),
    },
    Spec {
        name: ":quit",
        aliases: &[":exit"],
        short: &[":q"],
        arg: Arg::None,
        help: "leave (also :exit, or end of input)",
        at_table: AtTable::Open,
        at_handover: true,
        after_end: true,
        parse: |w| w.none(Command::Quit),
    },
];

/// What `:help` says before the commands.
const HELP_BEFORE: &str = "\
Answer with an option's number, several numbers for a multi-choice (spaces or
commas; - or an empty line for none when allowed), or the start of a label.
Tab completes. Before your question you see what happened since you last decided
(* marks what is new to you); a question with only one answer is answered for
you where that gives nothing away.
Commands:
";

/// What `:help` says after the commands.
const HELP_AFTER: &str = "\
When the game ends, :undo, :save, :full, :log, :card, :cards, :map and :svg work
(piped too, so `:auto` then `:log` reads the whole game); Enter leaves.
At the table (two or more people at one screen, without --designer) each person
sees only their own secrets: :as shows only your own view, :god is refused,
:full, :log, :map and :svg show what you see, :change is for your own answer,
and :undo takes back only your own answers the game has not acted on yet (a
decision others still make): type :undo or :change at the \"Pass the keyboard\"
prompt right after answering. The seed is not printed. --designer, or playing
alone against bots, allows everything.
Bots are random and deterministic: the same seed, position and question give the
same pick. Replaying with --step: Enter makes the next recorded choice, :auto N
makes N (default: the rest of the record), :undo steps back.";

/// The column where a command's help starts, after its usage.
const HELP_COLUMN: usize = 17;

impl Spec {
    /// The command as the help writes it: `:undo [N]`, `:save FILE`.
    pub fn usage(&self) -> String {
        let arg = match self.arg {
            Arg::None => return self.name.to_string(),
            Arg::Count => "[N]",
            Arg::Seat => "SEAT",
            Arg::Card => "NAME",
            Arg::File => "FILE",
        };
        format!("{} {arg}", self.name)
    }

    /// Whether `word` names this command (its name, an alias or an abbreviation).
    fn is_called(&self, word: &str) -> bool {
        self.name == word || self.aliases.contains(&word) || self.short.contains(&word)
    }
}

impl Command {
    /// The name of the table's entry this command comes from.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Help => ":help",
            Command::View => ":view",
            Command::Full => ":full",
            Command::As(_) => ":as",
            Command::God => ":god",
            Command::Log(_) => ":log",
            Command::Undo(_) => ":undo",
            Command::Redo(_) => ":redo",
            Command::Save(_) => ":save",
            Command::Load(_) => ":load",
            Command::Reload => ":reload",
            Command::Auto(_) => ":auto",
            Command::Change(_) => ":change",
            Command::Card(_) => ":card",
            Command::Cards => ":cards",
            Command::Rules => ":rules",
            Command::Map => ":map",
            Command::Svg(_) => ":svg",
            Command::Quit => ":quit",
        }
    }

    /// The table's entry for this command.
    pub fn spec(&self) -> &'static Spec {
        let name = self.name();
        COMMANDS.iter().find(|s| s.name == name).expect("every command has its entry in COMMANDS")
    }
}

/// The entry for a command's name, alias or abbreviation.
pub fn lookup(word: &str) -> Option<&'static Spec> {
    COMMANDS.iter().find(|s| s.is_called(word))
}

/// What Tab completes after a colon: every command's name and aliases, in the table's order.
pub fn names() -> Vec<String> {
    COMMANDS.iter().flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied())).map(String::from).collect()
}

/// The text of `:help`: how to answer, every command of the table with its help, and
/// how table play, the end of a game and replays treat them.
pub fn help() -> String {
    let mut out = String::from(HELP_BEFORE);
    for spec in COMMANDS {
        let mut lines = spec.help.lines();
        let first = lines.next().unwrap_or_default();
        out.push_str(&format!("  {:<width$}{first}\n", spec.usage(), width = HELP_COLUMN - 2));
        for line in lines {
            out.push_str(&format!("{:HELP_COLUMN$}{line}\n", ""));
        }
    }
    out.push_str(HELP_AFTER);
    out
}

/// A typed command split into words, for an entry's parser.
pub struct Words<'a> {
    /// The command as typed (`:u`), for messages.
    pub name: &'a str,
    pub args: Vec<&'a str>,
    line: &'a str,
}

impl Words<'_> {
    /// Everything after the name, trimmed (a file or card name may hold spaces).
    pub fn rest(&self) -> String {
        self.line.trim()[self.name.len()..].trim().to_string()
    }

    /// `command` when no argument was given.
    fn none(&self, command: Command) -> Result<Command, String> {
        if self.args.is_empty() {
            Ok(command)
        } else {
            Err(format!("{} takes no argument", self.name))
        }
    }

    /// A count from 1, `default` when none was given.
    fn count(&self, default: usize) -> Result<usize, String> {
        let name = self.name;
        match self.args.as_slice() {
            [] => Ok(default),
            [n] => n
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name}: expected a count from 1, not '{n}'")),
            _ => Err(format!("{name}: expected at most one number")),
        }
    }

    /// The command of a file name (the rest of the line).
    fn file(&self, command: fn(String) -> Command) -> Result<Command, String> {
        if self.args.is_empty() {
            Err(format!("{}: expected a file name", self.name))
        } else {
            Ok(command(self.rest()))
        }
    }

    /// The command of one seat.
    fn seat(&self, command: fn(String) -> Command) -> Result<Command, String> {
        match self.args.as_slice() {
            [seat] => Ok(command(seat.to_string())),
            _ => Err(format!("{}: expected one seat (a number or a name)", self.name)),
        }
    }
}

/// Parses a line that starts with `:`.
pub fn parse(line: &str) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap_or(":");
    let words = Words { name, args: words.collect(), line };
    match lookup(name) {
        Some(spec) => (spec.parse)(&words),
        None => Err(format!("unknown command '{name}' (:help lists them)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_fits_80_columns() {
        let help = help();
        assert!(help.lines().all(|l| l.chars().count() <= 80), "{help}");
    }

    /// Every entry has help, which names its aliases, and the help lists every command
    /// once, at its column.
    #[test]
    fn every_command_has_its_help() {
        let help = help();
        for spec in COMMANDS {
            assert!(!spec.help.trim().is_empty(), "{} has no help", spec.name);
            for alias in spec.aliases {
                assert!(spec.help.contains(alias), "{}'s help does not name {alias}", spec.name);
            }
            let line = format!("  {:<15}{}", spec.usage(), spec.help.lines().next().unwrap_or_default());
            assert_eq!(help.lines().filter(|l| *l == line).count(), 1, "{line}\n{help}");
        }
    }

    /// Each name, alias and abbreviation belongs to one entry and parses, with an
    /// argument of its kind, to a command of that entry.
    #[test]
    fn every_name_parses_to_its_own_entry() {
        let mut seen = std::collections::BTreeSet::new();
        for spec in COMMANDS {
            let arg = match spec.arg {
                Arg::None => "",
                Arg::Count => " 2",
                Arg::Seat => " 1",
                Arg::Card => " Tuba City",
                Arg::File => " town.svg",
            };
            for word in std::iter::once(&spec.name).chain(spec.aliases).chain(spec.short) {
                assert!(word.starts_with(':'), "{word}");
                assert!(seen.insert(*word), "{word} names two commands");
                let command = parse(&format!("{word}{arg}")).unwrap_or_else(|e| panic!("{word}{arg}: {e}"));
                assert_eq!(command.spec().name, spec.name, "{word}{arg}");
            }
        }
    }

    #[test]
    fn tab_offers_names_and_aliases_not_abbreviations() {
        let names = names();
        assert!(names.contains(&":rules".to_string()) && names.contains(&":exit".to_string()), "{names:?}");
        assert!(!names.contains(&":u".to_string()), "{names:?}");
        let all: usize = COMMANDS.iter().map(|s| 1 + s.aliases.len()).sum();
        assert_eq!(names.len(), all);
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
        assert_eq!(parse(":rules"), Ok(Command::Rules));
        assert_eq!(parse(":map"), Ok(Command::Map));
        assert_eq!(parse(":svg town.svg"), Ok(Command::Svg("town.svg".into())));
        assert!(parse(":svg").is_err());
        assert_eq!(parse(":change"), Err(":change: expected one seat (a number or a name)".into()));
        assert_eq!(parse(":as 1 2"), Err(":as: expected one seat (a number or a name)".into()));
        assert!(parse(":undo x").is_err());
        assert!(parse(":undo 0").is_err());
        assert!(parse(":save").is_err());
        assert_eq!(parse(":view 2"), Err(":view takes no argument".into()));
        assert!(parse(":frobnicate").unwrap_err().contains("unknown command ':frobnicate'"));
    }
}
