//! The real inputs mutants start from: the project's content files and the fixtures',
//! strategy bots' files, and save files of games played to the end (or stopped half way)
//! by random bots. (The REPL's transcripts and the shard files are made in
//! `repl/tests/fuzz.rs`, with the `posse` binary.)

use super::mutate::Seed;
use posse::Content;
use std::path::PathBuf;
use std::sync::Arc;

/// A content file and what to load to read it.
#[derive(Clone, Debug)]
pub struct ContentFile {
    /// The content root it belongs to.
    pub root: PathBuf,
    /// The id to load: the game, or `game/name` for an overlay file.
    pub load: String,
    /// The file, relative to the root.
    pub rel: String,
}

/// The content roots whose games are fuzzed: the project's, the fixtures', the zone-map
/// fixtures, the grid fixture and the maps of extreme proportions (`tallmap`: one 1 wide
/// and 1000 high, one 10^15 high that is refused).
fn content_roots() -> Vec<PathBuf> {
    let f = crate::fixtures();
    vec![crate::root(), f.clone(), f.join("zonemap"), f.join("grid"), f.join("tallmap")]
}

/// Every YAML file of every game under the content roots (game.yaml, component files,
/// zone maps, overlay files), and every game's Lua files.
pub fn content_files() -> Vec<(ContentFile, Seed)> {
    let mut out = Vec::new();
    for root in content_roots() {
        let root = root.canonicalize().expect("a content root");
        for id in Content::list(&root).expect("games") {
            if id.contains('/') {
                continue;
            }
            let game_rel = format!("scenarios/{id}/game.yaml");
            let text = std::fs::read_to_string(root.join(&game_rel)).expect("game.yaml");
            let yaml: serde_yaml::Value = serde_yaml::from_str(&text).expect("game.yaml parses");
            let mut files = vec![(id.clone(), game_rel)];
            let names = |key: &str| -> Vec<String> {
                match yaml.get(key) {
                    Some(serde_yaml::Value::Sequence(s)) => {
                        s.iter().filter_map(|v| v.as_str().map(String::from)).collect()
                    }
                    _ => Vec::new(),
                }
            };
            for c in names("components") {
                files.push((id.clone(), format!("scenarios/{id}/{c}")));
            }
            if let Some(map) = yaml.get("board").and_then(|b| b.get("map")).and_then(|m| m.as_str()) {
                files.push((id.clone(), format!("scenarios/{id}/{map}")));
            }
            if let Some(serde_yaml::Value::Mapping(m)) = yaml.get("scenarios") {
                for (k, v) in m {
                    if let (Some(k), Some(v)) = (k.as_str(), v.as_str()) {
                        files.push((format!("{id}/{k}"), format!("scenarios/{id}/{v}")));
                    }
                }
            }
            let mut lua: Vec<String> = std::fs::read_dir(root.join("scripts").join(&id))
                .map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
                .unwrap_or_default();
            lua.retain(|f| f.ends_with(".lua"));
            lua.sort();
            for f in lua {
                files.push((id.clone(), format!("scripts/{id}/{f}")));
            }
            for (load, rel) in files {
                let bytes = std::fs::read(root.join(&rel)).expect("a content file");
                let seed = Seed { name: rel.clone(), bytes };
                out.push((ContentFile { root: root.clone(), load, rel }, seed));
            }
        }
    }
    out
}

/// The games saves are made of: (root, id, players).
fn saved_games() -> Vec<(PathBuf, &'static str, usize)> {
    let (p, f) = (crate::root(), crate::fixtures());
    vec![
        (f.clone(), "hilo", 2),
        (f.clone(), "hilo", 3),
        (f, "hilo/short", 2),
        (p.clone(), "dice_town", 3),
        (p.clone(), "desperados", 4),
        (p.clone(), "marshals", 3),
        (p, "marshals/duo", 2),
    ]
}

/// Save files of whole games played by random bots, and of the same games stopped half
/// way, two seeds each.
pub fn saves() -> Vec<Seed> {
    let mut out = Vec::new();
    for (root, id, players) in saved_games() {
        let content = Arc::new(Content::load(&root, id).unwrap_or_else(|e| panic!("{e}")));
        for seed in [1, 2] {
            let game = posse::sim::play_random(&content, seed, Some(players)).unwrap_or_else(|e| panic!("{e}"));
            let mut record = game.record();
            out.push(Seed { name: format!("{id}, {players} players, seed {seed}"), bytes: record.to_yaml().into() });
            record.choices.truncate(record.choices.len() / 2);
            out.push(Seed {
                name: format!("{id}, {players} players, seed {seed}, half"),
                bytes: record.to_yaml().into(),
            });
        }
    }
    out
}

/// Where a save's game is: the fixtures hold `hilo`, the project the rest.
pub fn root_of(game: &str) -> PathBuf {
    if game == "hilo" || game.starts_with("hilo/") {
        crate::fixtures()
    } else {
        crate::root()
    }
}

/// A strategy bot's file and how its games are played.
#[derive(Clone, Debug)]
pub struct BotFile {
    pub root: PathBuf,
    /// The game and the bot (`scripts/<game>/bots/<bot>.lua`).
    pub game: String,
    pub bot: String,
    /// The file mutated, relative to the root: the bot's own, or a module of its folder
    /// `scripts/<game>/bots/<bot>/` that it requires.
    pub rel: String,
    /// The players of its games (the game's fewest), how many of the seats the bot plays
    /// (the first ones; random bots the rest), and how many games are played.
    pub players: usize,
    pub seats: usize,
    pub games: usize,
}

/// Every strategy bot's files: the fixture hilo's bots, which play every seat of two
/// games (they are quick), and each shipped game's `sharp`, which plays seat 1 of one game
/// of the game's fewest players.
pub fn bot_files() -> Vec<(BotFile, Seed)> {
    let mut out = Vec::new();
    for (root, quick) in [(crate::fixtures(), true), (crate::root(), false)] {
        let root = root.canonicalize().expect("a content root");
        for game in Content::list(&root).expect("games") {
            let dir = root.join("scripts").join(&game).join("bots");
            if game.contains('/') || !dir.is_dir() {
                continue;
            }
            let text = std::fs::read_to_string(root.join(format!("scenarios/{game}/game.yaml"))).expect("game.yaml");
            let yaml: serde_yaml::Value = serde_yaml::from_str(&text).expect("game.yaml parses");
            let fewest = yaml.get("players").and_then(|p| p.get("min")).and_then(|m| m.as_u64()).unwrap_or(1) as usize;
            let (players, seats, games) = if quick { (fewest.max(2), fewest.max(2), 2) } else { (fewest, 1, 1) };
            for bot in lua_files(&dir) {
                let bot = bot.trim_end_matches(".lua").to_string();
                let mut files = vec![format!("scripts/{game}/bots/{bot}.lua")];
                files.extend(lua_files(&dir.join(&bot)).into_iter().map(|f| format!("scripts/{game}/bots/{bot}/{f}")));
                for rel in files {
                    let bytes = std::fs::read(root.join(&rel)).expect("a bot's file");
                    let file = BotFile {
                        root: root.clone(),
                        game: game.clone(),
                        bot: bot.clone(),
                        rel: rel.clone(),
                        players,
                        seats,
                        games,
                    };
                    out.push((file, Seed { name: rel, bytes }));
                }
            }
        }
    }
    out
}

/// The `.lua` files of a folder, sorted (none when it is not there).
fn lua_files(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    files.retain(|f| f.ends_with(".lua"));
    files.sort();
    files
}
