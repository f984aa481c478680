//! `congklak`: the engine from the command line. A thin layer: every rule is the engine's.

use clap::{Parser, Subcommand};
use congklak::{
    diverge_observed, random_game, EndCause, GameRecord, Move, Pack, PackSet, PerPlayer, Player,
    Position, Rules, Setup, ToMove, MAX_PACK_BYTES,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::process::ExitCode;

/// The largest `--position` file read, in bytes: a position is a few hundred.
const MAX_POSITION_BYTES: usize = 64 * 1024;

#[derive(Parser)]
#[command(
    name = "congklak",
    version,
    about = "Congklak rules engine: replay, simulate, find divergences, check packs"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay moves; print one JSON object per turn.
    Replay {
        /// A pack id, or a pack file (which may extend the built-in packs).
        #[arg(long)]
        pack: String,
        /// Board size (holes a side), one the pack allows.
        #[arg(long)]
        size: Option<u8>,
        /// Start from this position (JSON: holes, stores, burnt, ngacang, to_move, round).
        #[arg(long)]
        position: Option<String>,
        /// Moves: hole numbers of the player to move, comma-separated; a
        /// simultaneous pair is A/B (`3/5`).
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
    },
    /// Play seeded random games; print summary statistics as JSON.
    Simulate {
        /// A pack id or file.
        #[arg(long)]
        pack: String,
        /// Seeds, `first..last` (inclusive) or one number; at most
        /// 10,000,000 games (about a minute). From 10,000 games a progress
        /// bar shows on stderr.
        #[arg(long, default_value = "1..1000")]
        seeds: String,
    },
    /// Find where a pack and the pack with clauses changed (or another pack) part.
    Diverge {
        /// A pack id or file.
        #[arg(long)]
        pack: String,
        /// A clause to change, `name=value`; repeatable.
        #[arg(long)]
        clause: Vec<String>,
        /// Compare against another pack instead.
        #[arg(long)]
        against: Option<String>,
        /// Seeds, `first..last` (inclusive) or one number; at most 100,000
        /// games (every game is kept for the figures). From 10,000 games a
        /// progress bar shows on stderr.
        #[arg(long, default_value = "1..1000")]
        seeds: String,
    },
    /// Validate pack files (default: every built-in pack).
    Check {
        /// Pack files.
        files: Vec<String>,
    },
    /// The hole the computer would play next, as JSON
    /// (`{"move":3,"depth":..,"nodes":..,"ms":..}`).
    Ai {
        /// A pack id or file.
        #[arg(long)]
        pack: String,
        /// Moves played so far (as for replay).
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        moves: String,
        /// Level: random, beginner, greedy, medium, hard, hardest, perfect.
        #[arg(long, default_value = "hard", value_parser = parse_level)]
        level: congklak::Level,
        /// Seed of the computer's choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Deepen the search until about this many milliseconds have passed
        /// (instead of the level's node budget); 1 to 10000 (ten seconds),
        /// and at most 5,000,000 positions.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
        ms: Option<u64>,
    },
    /// Validate the packs and write them, resolved, as one JSON bundle (the
    /// browser app's `packs.json`); an invalid pack fails naming file and field.
    Bundle {
        /// Where to write the bundle.
        #[arg(long)]
        out: String,
    },
    /// The value of a position with perfect play (A's seeds minus B's), the
    /// best holes, and for a simultaneous opening the matrix game; one JSON object.
    Solve(solve_cli::SolveArgs),
    /// Every pack's perfect-play value on small boards, and each played
    /// divergence's, written as one JSON file.
    PerfectPlay(perfect_play_cli::PerfectPlayArgs),
    /// Puzzles: generate them from seeded games, or check a file of them.
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
    /// Read a game record (the text of a game link) and replay it.
    Record {
        /// The record, e.g. `1.umum.7.1234`.
        text: String,
    },
}

/// `congklak puzzles ...`.
#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Find puzzles in seeded games of several packs and sizes (the same
    /// every run) and print them as one JSON file.
    Generate {
        /// How many, 1..=1000.
        #[arg(long, default_value_t = 48, value_parser = clap::value_parser!(u16).range(1..=1000))]
        count: u16,
    },
    /// Verify every puzzle of a file: the position is legal for its pack
    /// and size, the answer meets the goal and no other move does.
    Check {
        /// The puzzles file (JSON).
        file: String,
    },
}

/// The largest puzzles file read.
const MAX_PUZZLE_FILE_BYTES: usize = 4 << 20;

fn puzzles(command: PuzzlesCommand) -> Result<(), String> {
    let packs = PackSet::builtin();
    match command {
        PuzzlesCommand::Generate { count } => {
            let count = usize::from(count);
            let list = congklak::generate_puzzles(&packs, count);
            if list.len() < count {
                eprintln!("puzzles: found {} of the {count} asked for", list.len());
            }
            let file = congklak::PuzzleFile {
                version: congklak::PuzzleFile::VERSION,
                puzzles: list,
            };
            println!(
                "{}",
                serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?
            );
            Ok(())
        }
        PuzzlesCommand::Check { file } => {
            let text = read_limited(&file, MAX_PUZZLE_FILE_BYTES, "a puzzles file")?;
            let data: congklak::PuzzleFile =
                serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
            congklak::check_puzzle_file(&data, &packs).map_err(|e| format!("{file}: {e}"))?;
            println!(
                "{file}: {} puzzles checked: each position is legal, each answer meets its goal and no other move does",
                data.puzzles.len()
            );
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("congklak: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Reads a file of at most `limit` bytes, whatever it is (a device such as
/// `/dev/zero` or `/dev/urandom` reports no size): at most `limit + 1` bytes
/// are read, and a file that has more is refused naming the file and the
/// limit.
fn read_bytes_limited(path: &str, limit: usize, what: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "{path}: more than {limit} bytes; {what} may have at most {limit} bytes"
        ));
    }
    Ok(bytes)
}

/// Reads a text file of at most `limit` bytes (see [`read_bytes_limited`]).
fn read_limited(path: &str, limit: usize, what: &str) -> Result<String, String> {
    String::from_utf8(read_bytes_limited(path, limit, what)?)
        .map_err(|_| format!("{path}: not UTF-8 text"))
}

/// Checks before any work that `path` can be written (created if it is
/// not there; an existing file is not changed), so a long run does not end
/// by refusing its output.
fn check_writable(path: &str, flag: &str) -> Result<(), String> {
    let p = std::path::Path::new(path);
    if p.is_dir() {
        return Err(format!("{flag} {path}: is a directory, not a file"));
    }
    let existed = p.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(p)
        .map_err(|e| format!("{flag} {path}: cannot be written: {e}"))?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

fn load_pack(spec: &str) -> Result<(PackSet, Pack), String> {
    let builtin = congklak::builtin_packs();
    if spec.ends_with(".json") || spec.contains('/') {
        let text = read_limited(spec, MAX_PACK_BYTES, "a pack file")?;
        let name = spec.rsplit('/').next().unwrap_or(spec).to_string();
        let mut files: Vec<(&str, &str)> = builtin
            .iter()
            .filter(|(n, _)| n.rsplit('/').next() != Some(name.as_str()))
            .copied()
            .collect();
        files.push((spec, &text));
        let set = PackSet::load(&files).map_err(|e| e.to_string())?;
        let id = name.trim_end_matches(".json");
        let pack = set
            .get(id)
            .cloned()
            .ok_or_else(|| format!("{spec}: no pack"))?;
        Ok((set, pack))
    } else {
        let set = PackSet::builtin();
        let pack = set.get(spec).cloned().ok_or_else(|| {
            let ids: Vec<&str> = set.all().iter().map(|p| p.id.as_str()).collect();
            format!("no pack `{spec}`; packs are: {}", ids.join(", "))
        })?;
        Ok((set, pack))
    }
}

/// Runs from this many games on show a progress bar on stderr.
const PROGRESS_FROM: u64 = 10_000;

/// A progress bar on stderr for the games `first..=last`: hidden for short
/// runs, and by indicatif itself when stderr is not a terminal.
fn progress(first: u64, last: u64) -> ProgressBar {
    let games = last - first + 1;
    if games < PROGRESS_FROM {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}

/// `simulate`: plays the seeded games and sums them up as JSON.
fn simulate(pack: &Pack, first: u64, last: u64) -> serde_json::Value {
    let rules = &pack.rules;
    let bar = progress(first, last);
    let mut results = [0u64; 3];
    let (mut length_sum, mut length_min, mut length_max) = (0u64, usize::MAX, 0usize);
    let mut scores = PerPlayer::<u64>::default();
    let mut rounds = 0u64;
    let mut at_round_limit = 0u64;
    for seed in first..=last {
        let g = random_game(rules, seed);
        results[match g.outcome.winner {
            Some(Player::A) => 0,
            Some(Player::B) => 1,
            None => 2,
        }] += 1;
        length_sum += g.moves.len() as u64;
        length_min = length_min.min(g.moves.len());
        length_max = length_max.max(g.moves.len());
        for p in Player::BOTH {
            scores[p] += u64::from(g.outcome.scores[p]);
        }
        rounds += g.end.round() as u64;
        if g.end.outcome().map(|o| o.cause) == Some(EndCause::RoundLimit) {
            at_round_limit += 1;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let games = last - first + 1;
    let n = games as f64;
    json!({
        "pack": pack.id,
        "games": games,
        "wins": {"A": results[0], "B": results[1], "draw": results[2]},
        "length": {
            "mean": length_sum as f64 / n,
            "min": length_min,
            "max": length_max,
        },
        "score_mean": {"A": scores[Player::A] as f64 / n, "B": scores[Player::B] as f64 / n},
        "rounds_mean": rounds as f64 / n,
        "round_limit_games": at_round_limit,
    })
}

/// The most games `simulate` plays.
const MAX_SIMULATE_GAMES: u64 = 10_000_000;
/// The most games `diverge` compares: it keeps every game for the figures.
const MAX_DIVERGE_GAMES: u64 = 100_000;

/// Parses `--seeds`: `first..last` (inclusive, `..=` too) or one number, at
/// most `max` games.
fn parse_seeds(text: &str, max: u64) -> Result<(u64, u64), String> {
    let bad = || format!("--seeds `{text}`: write first..last, e.g. 1..1000");
    let (a, b): (u64, u64) = match text.split_once("..") {
        Some((a, b)) => (
            a.parse().map_err(|_| bad())?,
            b.trim_start_matches('=').parse().map_err(|_| bad())?,
        ),
        None => {
            let s = text.parse().map_err(|_| bad())?;
            (s, s)
        }
    };
    if a > b {
        return Err(format!(
            "--seeds `{text}`: the first seed is after the last"
        ));
    }
    if b - a >= max {
        return Err(format!(
            "--seeds `{text}`: {} games; at most {max} at once",
            u128::from(b - a) + 1
        ));
    }
    Ok((a, b))
}

/// Parses `3,5,3/4` into moves; a message naming the piece that is not one.
fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    let hole = |s: &str, tok: &str| {
        s.trim().parse::<u8>().map_err(|_| {
            if s.trim().is_empty() {
                format!("--moves `{tok}`: a pair is two holes, A's then B's, e.g. 3/5")
            } else {
                format!("--moves `{tok}`: `{}` is not a hole number", s.trim())
            }
        })
    };
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|tok| match tok.split_once('/') {
            Some((a, b)) => Ok(Move::Both(hole(a, tok)?, hole(b, tok)?)),
            None => Ok(Move::Hole(hole(tok, tok)?)),
        })
        .collect()
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Replay {
            pack,
            size,
            position,
            moves,
        } => replay(&pack, size, position.as_deref(), &moves),
        Command::Simulate { pack, seeds } => {
            let (_, pack) = load_pack(&pack)?;
            let (first, last) = parse_seeds(&seeds, MAX_SIMULATE_GAMES)?;
            println!("{}", simulate(&pack, first, last));
            Ok(())
        }
        Command::Diverge {
            pack,
            clause,
            against,
            seeds,
        } => diverge_command(&pack, &clause, against.as_deref(), &seeds),
        Command::Check { files } => check(&files),
        Command::Ai {
            pack,
            moves,
            level,
            seed,
            ms,
        } => ai(&pack, &moves, level, seed, ms),
        Command::Bundle { out } => {
            check_writable(&out, "--out")?;
            let set = PackSet::load(congklak::builtin_packs()).map_err(|e| e.to_string())?;
            std::fs::write(&out, set.to_bundle()).map_err(|e| format!("{out}: {e}"))?;
            eprintln!("bundle: {} packs written to {out}", set.all().len());
            Ok(())
        }
        Command::Solve(args) => {
            let (_, pack) = load_pack(&args.pack)?;
            solve_cli::run(args, &pack)
        }
        Command::PerfectPlay(args) => perfect_play_cli::run(args),
        Command::Puzzles(command) => puzzles(command),
        Command::Record { text } => {
            let rec = GameRecord::parse(&text).map_err(|e| e.to_string())?;
            let game = rec.game(&PackSet::builtin()).map_err(|e| e.to_string())?;
            print_turns(game.rules(), *game.start(), game.moves())
        }
    }
}

/// Prints one JSON line a turn while playing `moves` from `pos`.
fn print_turns(rules: &Rules, mut pos: Position, moves: &[Move]) -> Result<(), String> {
    for (i, &mv) in moves.iter().enumerate() {
        let by = pos.to_move();
        pos.play_fast(rules, mv)
            .map_err(|e| format!("move {} ({mv}): {}", i + 1, e.reason))?;
        println!("{}", turn_line(i + 1, by, mv, &pos, rules));
    }
    Ok(())
}

/// `replay`: the pack's rules at a size, from the start or a position file.
fn replay(pack: &str, size: Option<u8>, position: Option<&str>, moves: &str) -> Result<(), String> {
    let (_, pack) = load_pack(pack)?;
    let rules = match size {
        Some(n) => pack.rules_for_size(n).ok_or_else(|| {
            format!(
                "pack {} has no board of {n}; sizes: {:?}",
                pack.id, pack.board_sizes
            )
        })?,
        None => pack.rules.clone(),
    };
    let start = match position {
        None => Position::new(&rules),
        Some(file) => {
            let text = read_limited(file, MAX_POSITION_BYTES, "a position file")?;
            let setup: Setup = serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
            Position::from_setup(&rules, &setup).map_err(|e| format!("{file}: {e}"))?
        }
    };
    print_turns(&rules, start, &parse_moves(moves)?)
}

/// The other ruleset of `diverge`: another pack, or this one with clauses changed.
fn other_rules(
    set: &PackSet,
    pack: &Pack,
    clauses: &[String],
    against: Option<&str>,
) -> Result<Rules, String> {
    if let Some(id) = against {
        if !clauses.is_empty() {
            return Err("give --clause or --against, not both".into());
        }
        return Ok(set
            .get(id)
            .ok_or_else(|| format!("no pack `{id}`"))?
            .rules
            .clone());
    }
    if clauses.is_empty() {
        return Err("give at least one --clause name=value (or --against)".into());
    }
    // Set every clause first, then check the whole: some readings change
    // two clauses that are only valid together.
    let mut pairs = Vec::new();
    for c in clauses {
        let (k, v) = c
            .split_once('=')
            .ok_or_else(|| format!("--clause `{c}`: write name=value"))?;
        pairs.push((k, v));
    }
    pack.rules.with_clauses(&pairs).map_err(|e| e.to_string())
}

/// `diverge`: the finder's report as JSON, with a progress bar on long runs.
fn diverge_command(
    pack: &str,
    clauses: &[String],
    against: Option<&str>,
    seeds: &str,
) -> Result<(), String> {
    let (set, pack) = load_pack(pack)?;
    let (first, last) = parse_seeds(seeds, MAX_DIVERGE_GAMES)?;
    let other = other_rules(&set, &pack, clauses, against)?;
    let bar = progress(first, last);
    let report = diverge_observed(&pack.rules, &other, first, last, |_| bar.inc(1));
    bar.finish_and_clear();
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// `check`: the built-in packs with the given files in place of those of
/// the same name, validated together.
fn check(files: &[String]) -> Result<(), String> {
    let same_name = |a: &str, b: &str| a.rsplit('/').next() == b.rsplit('/').next();
    let mut loaded: Vec<(String, String)> = congklak::builtin_packs()
        .iter()
        .filter(|(n, _)| !files.iter().any(|f| same_name(f, n)))
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    for f in files {
        let t = read_limited(f, MAX_PACK_BYTES, "a pack file")?;
        loaded.push((f.clone(), t));
    }
    let refs: Vec<(&str, &str)> = loaded
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let set = PackSet::load(&refs).map_err(|e| e.to_string())?;
    println!("ok: {} packs valid", set.all().len());
    Ok(())
}

/// `ai`: the computer's next hole (or both opening holes) as JSON.
/// A level by name (clap's parser for `--level`).
fn parse_level(name: &str) -> Result<congklak::Level, String> {
    name.parse()
        .map_err(|e: congklak::UnknownLevel| e.to_string())
}

fn ai(
    pack: &str,
    moves: &str,
    lvl: congklak::Level,
    seed: u64,
    ms: Option<u64>,
) -> Result<(), String> {
    let (_, pack) = load_pack(pack)?;
    let rules = &pack.rules;
    let pos = Position::new(rules)
        .replay(rules, &parse_moves(moves)?)
        .map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let pick = |p: Player| -> Result<congklak::Choice, String> {
        match (ms, lvl, pos.to_move()) {
            (Some(limit), l, Some(ToMove::One(_))) if l.search_budget().1 != u64::MAX => {
                search_for(rules, &pos, p, limit, start)
            }
            _ => congklak::choose(rules, &pos, p, lvl, seed)
                .ok_or_else(|| format!("player {p} has no legal move")),
        }
    };
    let out = match pos.to_move() {
        None => return Err("the game is over".into()),
        Some(ToMove::One(p)) => {
            let c = pick(p)?;
            json!({"move": c.hole, "depth": c.depth, "nodes": c.nodes, "score": c.score,
                   "ms": start.elapsed().as_millis() as u64})
        }
        Some(ToMove::Both) => {
            let a = pick(Player::A)?;
            let b = pick(Player::B)?;
            json!({"move": {"A": a.hole, "B": b.hole}, "depth": a.depth.max(b.depth),
                   "nodes": a.nodes + b.nodes, "ms": start.elapsed().as_millis() as u64})
        }
    };
    println!("{out}");
    Ok(())
}

/// The longest `--ms` accepted: ten seconds.
const MAX_MS: u64 = 10_000;
/// The most positions an `--ms` search visits, whatever the time: the
/// search's table grows with them.
const MAX_MS_NODES: u64 = 5_000_000;

/// `ai --ms`: deepens one ply at a time, each depth searched afresh, until
/// about `limit` milliseconds have passed. Each depth gets the positions the
/// time left allows at the speed measured so far, so a deep iteration cannot
/// run past the time by much; an interrupted (or decided) depth ends the search.
fn search_for(
    rules: &Rules,
    pos: &Position,
    p: Player,
    limit: u64,
    start: std::time::Instant,
) -> Result<congklak::Choice, String> {
    let mut best = None;
    let mut visited = 0u64;
    for depth in 1..=60u8 {
        let elapsed = start.elapsed().as_millis() as u64;
        if elapsed >= limit || visited >= MAX_MS_NODES {
            break;
        }
        let per_ms = visited / elapsed.max(1) + 1;
        let budget = if depth == 1 {
            MAX_MS_NODES
        } else {
            (per_ms * (limit - elapsed)).clamp(1, MAX_MS_NODES - visited)
        };
        let Some(c) = congklak::search(rules, pos, p, depth, budget) else {
            break;
        };
        visited += c.nodes;
        // Short of the depth asked: out of positions, or a forced result.
        let complete = c.depth == depth;
        best = Some(c);
        if !complete {
            break;
        }
    }
    best.map(|c| congklak::Choice {
        nodes: visited,
        ..c
    })
    .ok_or_else(|| "no legal move".to_string())
}

/// A per-player value as `{"A": .., "B": ..}`, the way snapshots write
/// their sides.
fn by_name<T: serde::Serialize>(v: &PerPlayer<T>) -> serde_json::Value {
    json!({"A": v[Player::A], "B": v[Player::B]})
}

fn turn_line(turn: usize, by: Option<ToMove>, mv: Move, pos: &Position, rules: &Rules) -> String {
    let snap = pos.snapshot(rules);
    let (player, mv) = match (by, mv) {
        (Some(ToMove::One(p)), Move::Hole(k)) => (json!(p.to_string()), json!(k)),
        (_, m) => (json!("both"), json!(m.to_string())),
    };
    let legal = if snap.legal_b.is_empty() {
        json!(snap.legal)
    } else {
        json!({"A": snap.legal, "B": snap.legal_b})
    };
    json!({
        "turn": turn,
        "player": player,
        "move": mv,
        "holes": by_name(&snap.holes),
        "stores": by_name(&snap.stores),
        "burnt": by_name(&snap.burnt),
        "hands": json!({"A": pos.in_hand(Player::A), "B": pos.in_hand(Player::B)}),
        "lost": pos.lost(),
        "next": snap.next,
        "legal": legal,
        "over": snap.over,
        "winner": snap.winner,
    })
    .to_string()
}

// `solve` and `perfect-play`, each in its own file.
#[path = "cli/perfect_play.rs"]
mod perfect_play_cli;
#[path = "cli/solve.rs"]
mod solve_cli;
