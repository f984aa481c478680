//! `congklak`: the engine from the command line. A thin layer: every rule is the engine's.

use clap::{Parser, Subcommand};
use congklak::{
    diverge, random_game, GameRecord, Move, Pack, PackSet, Player, Position, Rules, Setup, ToMove,
};
use serde_json::json;
use std::process::ExitCode;

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
        /// Seeds, `first..last` (inclusive) or one number.
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
        /// Seeds, `first..last` (inclusive).
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
        /// Level: random, beginner, greedy, medium, hard, hardest.
        #[arg(long, default_value = "hard")]
        level: String,
        /// Seed of the computer's choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Deepen the search until this many milliseconds have passed (instead of the level's node budget).
        #[arg(long)]
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
    /// Read a game record (the text of a game link) and replay it.
    Record {
        /// The record, e.g. `1.umum.7.1234`.
        text: String,
    },
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

fn load_pack(spec: &str) -> Result<(PackSet, Pack), String> {
    let builtin = congklak::builtin_packs();
    if spec.ends_with(".json") || spec.contains('/') {
        let text = std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?;
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

fn parse_seeds(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--seeds `{text}`: write first..last, e.g. 1..1000");
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            a.parse().map_err(|_| bad())?,
            b.trim_start_matches('=').parse().map_err(|_| bad())?,
        ),
        None => {
            let s = text.parse().map_err(|_| bad())?;
            (s, s)
        }
    };
    if a > b || b - a >= 10_000_000 {
        return Err(bad());
    }
    Ok((a, b))
}

/// Parses `3,5,3/4` into moves.
fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    let hole = |s: &str| {
        s.trim()
            .parse::<u8>()
            .map_err(|_| format!("`{s}` is not a hole number"))
    };
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|tok| match tok.split_once('/') {
            Some((a, b)) => Ok(Move::Both(hole(a)?, hole(b)?)),
            None => Ok(Move::Hole(hole(tok)?)),
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
        } => {
            let (_, pack) = load_pack(&pack)?;
            let rules = match size {
                Some(n) => pack.rules_for_size(n).ok_or_else(|| {
                    format!(
                        "pack {} has no board of {n}; sizes: {:?}",
                        pack.id, pack.board_sizes
                    )
                })?,
                None => pack.rules.clone(),
            };
            let mut pos = match position {
                None => Position::new(&rules),
                Some(file) => {
                    let text =
                        std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
                    let setup: Setup =
                        serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
                    Position::from_setup(&rules, &setup).map_err(|e| format!("{file}: {e}"))?
                }
            };
            let moves = parse_moves(&moves)?;
            for (i, &mv) in moves.iter().enumerate() {
                let by = pos.to_move();
                pos.play_fast(&rules, mv)
                    .map_err(|e| format!("move {} ({mv}): {}", i + 1, e.reason))?;
                println!("{}", turn_line(i + 1, by, mv, &pos, &rules));
            }
            Ok(())
        }
        Command::Simulate { pack, seeds } => {
            let (_, pack) = load_pack(&pack)?;
            let (a, b) = parse_seeds(&seeds)?;
            let rules = &pack.rules;
            let mut results = [0u32; 3];
            let mut lengths = Vec::new();
            let mut scores = [0u64; 2];
            let mut rounds = 0u64;
            for seed in a..=b {
                let g = random_game(rules, seed);
                results[match g.outcome.winner {
                    Some(Player::A) => 0,
                    Some(Player::B) => 1,
                    None => 2,
                }] += 1;
                lengths.push(g.moves.len());
                scores[0] += g.outcome.scores[0] as u64;
                scores[1] += g.outcome.scores[1] as u64;
                rounds += g.end.round() as u64;
            }
            let n = lengths.len() as f64;
            println!(
                "{}",
                json!({
                    "pack": pack.id,
                    "games": lengths.len(),
                    "wins": {"A": results[0], "B": results[1], "draw": results[2]},
                    "length": {
                        "mean": lengths.iter().sum::<usize>() as f64 / n,
                        "min": lengths.iter().min(),
                        "max": lengths.iter().max(),
                    },
                    "score_mean": {"A": scores[0] as f64 / n, "B": scores[1] as f64 / n},
                    "rounds_mean": rounds as f64 / n,
                })
            );
            Ok(())
        }
        Command::Diverge {
            pack,
            clause,
            against,
            seeds,
        } => {
            let (set, pack) = load_pack(&pack)?;
            let (first, last) = parse_seeds(&seeds)?;
            let other: Rules = match against {
                Some(id) => {
                    if !clause.is_empty() {
                        return Err("give --clause or --against, not both".into());
                    }
                    set.get(&id)
                        .ok_or_else(|| format!("no pack `{id}`"))?
                        .rules
                        .clone()
                }
                None => {
                    if clause.is_empty() {
                        return Err("give at least one --clause name=value (or --against)".into());
                    }
                    // Set every clause first, then check the whole: some readings
                    // change two clauses that are only valid together.
                    let mut pairs = Vec::new();
                    for c in &clause {
                        let (k, v) = c
                            .split_once('=')
                            .ok_or_else(|| format!("--clause `{c}`: write name=value"))?;
                        pairs.push((k, v));
                    }
                    pack.rules.with_clauses(&pairs)?
                }
            };
            let report = diverge(&pack.rules, &other, first, last);
            println!(
                "{}",
                serde_json::to_string(&report).map_err(|e| e.to_string())?
            );
            Ok(())
        }
        Command::Check { files } => {
            let loaded: Vec<(String, String)> = if files.is_empty() {
                congklak::builtin_packs()
                    .iter()
                    .map(|(n, t)| (n.to_string(), t.to_string()))
                    .collect()
            } else {
                let mut v: Vec<(String, String)> = congklak::builtin_packs()
                    .iter()
                    .filter(|(n, _)| {
                        !files
                            .iter()
                            .any(|f| f.rsplit('/').next() == n.rsplit('/').next())
                    })
                    .map(|(n, t)| (n.to_string(), t.to_string()))
                    .collect();
                for f in &files {
                    let t = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
                    v.push((f.clone(), t));
                }
                v
            };
            let refs: Vec<(&str, &str)> = loaded
                .iter()
                .map(|(n, t)| (n.as_str(), t.as_str()))
                .collect();
            let set = PackSet::load(&refs).map_err(|e| e.to_string())?;
            println!("ok: {} packs valid", set.all().len());
            Ok(())
        }
        Command::Ai {
            pack,
            moves,
            level,
            seed,
            ms,
        } => {
            let (_, pack) = load_pack(&pack)?;
            let rules = &pack.rules;
            let lvl = congklak::Level::from_name(&level).ok_or_else(|| {
                format!(
                    "no level `{level}`; levels: {}",
                    congklak::Level::NAMES.join(", ")
                )
            })?;
            let mut pos = Position::new(rules);
            for (i, &mv) in parse_moves(&moves)?.iter().enumerate() {
                pos.play_fast(rules, mv)
                    .map_err(|e| format!("move {} ({mv}): {}", i + 1, e.reason))?;
            }
            let start = std::time::Instant::now();
            let pick = |p: Player| -> Result<congklak::Choice, String> {
                match (ms, lvl, pos.to_move()) {
                    (Some(limit), congklak::Level::Search { .. }, Some(ToMove::One(_))) => {
                        // Deepen until the time is used (each depth searched afresh).
                        let mut best = None;
                        for depth in 1..=60u8 {
                            let c = congklak::search(rules, &pos, p, depth, u64::MAX);
                            best = c.or(best);
                            if start.elapsed().as_millis() as u64 * 3 >= limit {
                                break;
                            }
                        }
                        best.ok_or_else(|| "no legal move".to_string())
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
        Command::Bundle { out } => {
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
        Command::Record { text } => {
            let rec = GameRecord::parse(&text).map_err(|e| e.to_string())?;
            let set = PackSet::builtin();
            let game = rec.game(&set).map_err(|e| e.to_string())?;
            let rules = game.rules().clone();
            let mut pos = *game.start();
            for (i, &mv) in game.moves().iter().enumerate() {
                let by = pos.to_move();
                pos.play_fast(&rules, mv).map_err(|e| e.to_string())?;
                println!("{}", turn_line(i + 1, by, mv, &pos, &rules));
            }
            Ok(())
        }
    }
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
        "holes": snap.holes,
        "stores": snap.stores,
        "burnt": snap.burnt,
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
