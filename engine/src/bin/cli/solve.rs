//! `congklak solve`: the exact value of a position, as one JSON object.

use congklak::{
    solve, EndgameTable, Limits, Pack, Player, Position, Ratio, Rules, Setup, Solution, SolveError,
    SolveOptions, ToMove, Win,
};
use serde_json::{json, Value};
use std::time::Instant;

/// The most megabytes of transposition table a solve may take.
pub const MAX_MEMORY_MB: u64 = 4096;
/// The largest node budget accepted (about hours of search).
pub const MAX_NODES: u64 = 1_000_000_000_000;
/// The node budget of a solve without `--nodes`: every
/// solve returns, with bounds when the value is not proved.
pub const DEFAULT_NODES: u64 = 20_000_000;
/// The longest `--ms` accepted: a day.
const MAX_MS: u64 = 86_400_000;
/// The largest `--position` file read, in bytes (as for replay).
const MAX_POSITION_BYTES: usize = 64 * 1024;

/// Arguments of `congklak solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// A pack id or file.
    #[arg(long)]
    pub pack: String,
    /// Holes a side, 3..11 (any size, for analysis; default: the pack's).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=11))]
    pub size: Option<u8>,
    /// Seeds a hole at the start, 1..20 (default: the pack's, or the size
    /// when the pack's seeds follow its size).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=20))]
    pub seeds: Option<u16>,
    /// Start from this position (JSON, as for replay).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves played first (as for replay).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Megabytes for the transposition table, 1..=4096.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MB))]
    pub memory: u64,
    /// Endgame table: positions with at most this many seeds in the holes
    /// are looked up (0: none), 0..=127. Built first unless --endgame-file
    /// holds it. Default: chosen by the solve itself, the largest table
    /// within half of --memory whose positions are at most half the node
    /// budget (none where tables do not apply).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=127))]
    pub endgame: Option<u32>,
    /// Read the endgame table from this file if it is there and matches,
    /// else build it and write it here.
    #[arg(long)]
    pub endgame_file: Option<String>,
    /// Give up after this many positions, 1..=1000000000000 (default
    /// 20,000,000, about half a minute); then the bounds proved are printed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    pub nodes: Option<u64>,
    /// Give up after about this many milliseconds, 1..=86400000 (a day).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    pub ms: Option<u64>,
}

/// The rules a pack plays on a board of `size` holes with `seeds` a hole
/// (any size 3..11 and 1..20 seeds, whatever sizes the pack lists).
pub fn rules_for(pack: &Pack, size: Option<u8>, seeds: Option<u16>) -> Result<Rules, String> {
    pack.rules
        .edit(|rules| {
            if let Some(n) = size {
                rules.holes = n;
                if pack.seeds_follow_size {
                    rules.seeds_per_hole = n as u16;
                }
            }
            if let Some(k) = seeds {
                rules.seeds_per_hole = k;
            }
        })
        .map_err(|e| e.to_string())
}

/// A ratio as a JSON number (whole numbers as integers).
pub fn number(r: Ratio) -> Value {
    if r.is_integer() {
        json!(r.numerator() as i64)
    } else {
        json!(r.to_f64())
    }
}

/// The endgame table asked for: read from the file if it matches, else built
/// (and written to the file if one is named).
pub fn endgame_table(
    rules: &Rules,
    seeds: u32,
    file: Option<&str>,
) -> Result<Option<(EndgameTable, u64)>, String> {
    if seeds == 0 {
        return Ok(None);
    }
    let bytes = EndgameTable::bytes_for(rules.holes, seeds);
    if bytes > 4 << 30 {
        return Err(format!(
            "--endgame {seeds}: on {} holes a side the table would take {} MB; at most 4096",
            rules.holes,
            bytes >> 20
        ));
    }
    let start = Instant::now();
    if let Some(path) = file {
        // At most the table's own size and a header;
        // a file that is not this table is built again and overwritten.
        let limit = bytes as usize + (1 << 20);
        if let Ok(bytes) = crate::read_bytes_limited(path, limit, "this endgame table file") {
            let table = EndgameTable::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
            if table.covers_rules(rules) && table.max_seeds() == seeds {
                return Ok(Some((table, start.elapsed().as_millis() as u64)));
            }
        }
    }
    let table = EndgameTable::build(rules, seeds);
    if let Some(path) = file {
        std::fs::write(path, table.to_bytes())
            .map_err(|e| format!("--endgame-file {path}: cannot be written: {e}"))?;
    }
    Ok(Some((table, start.elapsed().as_millis() as u64)))
}

/// The position to solve: the start or a `--position` file, then `--moves`.
fn start_position(args: &SolveArgs, rules: &Rules) -> Result<Position, String> {
    let mut pos = match &args.position {
        None => Position::new(rules),
        Some(file) => {
            let text = crate::read_limited(file, MAX_POSITION_BYTES, "a position file")?;
            let setup: Setup = serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
            Position::from_setup(rules, &setup).map_err(|e| format!("{file}: {e}"))?
        }
    };
    for (i, &mv) in crate::parse_moves(&args.moves)?.iter().enumerate() {
        pos.play_fast(rules, mv)
            .map_err(|e| format!("move {} ({mv}): {}", i + 1, e.reason))?;
    }
    Ok(pos)
}

/// Runs `congklak solve`: the position, the endgame table, the solve, one
/// JSON line.
pub fn run(args: SolveArgs, pack: &Pack) -> Result<(), String> {
    let rules = rules_for(pack, args.size, args.seeds)?;
    let pos = start_position(&args, &rules)?;
    if let Some(path) = &args.endgame_file {
        // Before building the table.
        if !std::path::Path::new(path).exists() {
            crate::check_writable(path, "--endgame-file")?;
        }
    }
    let memory = args.memory << 20;
    let nodes = args.nodes.unwrap_or(DEFAULT_NODES);
    let start = Instant::now();
    let deadline = args.ms;
    let stop = move || deadline.is_some_and(|ms| start.elapsed().as_millis() as u64 >= ms);
    let attempt = |table: Option<&EndgameTable>, budget: u64| {
        let options = SolveOptions {
            // An endgame table comes out of the memory budget.
            table_bytes: memory
                .saturating_sub(table.map_or(0, |t| t.bytes() as u64))
                .max(1 << 20) as usize,
            endgame: table,
        };
        let limits = Limits {
            nodes: budget,
            stop: Some(&stop),
        };
        solve(&rules, &pos, &options, limits)
    };
    let mut out = json!({
        "pack": pack.id,
        "holes": rules.holes,
        "seeds": rules.seeds_per_hole,
        "scope": if rules.rounds == congklak::Rounds::Several { "round" } else { "game" },
        "node_limit": nodes,
    });
    // Without --endgame the solve first tries a twentieth of its budget
    // without a table; only a position that takes longer gets a table,
    // chosen by itself within the memory and node budgets. Deterministic:
    // both steps count positions.
    let (mut result, mut probed) = (None, 0);
    let seeds = match args.endgame {
        Some(seeds) => seeds,
        None => match attempt(None, (nodes / 20).max(1)) {
            Err(SolveError::Stopped { nodes: used, .. }) if used < nodes => {
                probed = used;
                auto_endgame_seeds(&rules, &pos, memory, nodes)
            }
            r => {
                result = Some(r);
                0
            }
        },
    };
    let result = match result {
        Some(r) => r,
        None => {
            let endgame = endgame_table(&rules, seeds, args.endgame_file.as_deref())?;
            if let Some((table, ms)) = &endgame {
                out["endgame"] = json!({"seeds": table.max_seeds(), "bytes": table.bytes(),
                    "ms": ms, "chosen": args.endgame.is_none()});
            }
            attempt(endgame.as_ref().map(|(t, _)| t), nodes - probed)
        }
    };
    match result {
        Ok(s) => {
            write_solution(&mut out, &s);
            out["nodes"] = json!(s.nodes + probed);
        }
        Err(SolveError::Stopped { nodes, bounds, .. }) => {
            out["solved"] = json!(false);
            out["nodes"] = json!(nodes + probed);
            // What is proved: the search's bounds, or before its first
            // null-window search ends, what the seeds left allow.
            let (bounds, from) = match bounds {
                Some(b) => (b, "search"),
                None => (seeds_left_bounds(&pos), "seeds left"),
            };
            out["bounds"] = json!([bounds.0, bounds.1]);
            out["bounds_from"] = json!(from);
        }
        Err(e) => return Err(e.to_string()),
    }
    out["ms"] = json!(start.elapsed().as_millis() as u64);
    println!("{out}");
    Ok(())
}

/// The endgame table a solve chooses by itself (`--endgame` not given):
/// where tables apply (the stores do not decide early, no burnt or
/// protected holes), the most seeds whose table takes at most half of
/// `memory` bytes and has at most half of `nodes` positions (building it
/// costs about one position each), and no more than the seeds in play;
/// 0 (none) below 2 seeds.
pub fn auto_endgame_seeds(rules: &Rules, pos: &Position, memory: u64, nodes: u64) -> u32 {
    let plain = Player::BOTH
        .iter()
        .all(|&p| pos.burnt(p).is_empty() && pos.ngacang(p).is_empty());
    if rules.win != Win::MostSeeds || !plain {
        return 0;
    }
    let mut seeds = EndgameTable::seeds_within(rules.holes, memory / 2);
    while seeds > 0 && EndgameTable::bytes_for(rules.holes, seeds) / 2 > nodes / 2 {
        seeds -= 1;
    }
    let stored = u32::from(pos.store(Player::A)) + u32::from(pos.store(Player::B));
    let in_play = pos.seed_count() - stored - u32::from(pos.lost());
    let seeds = seeds.min(in_play);
    if seeds >= 2 {
        seeds
    } else {
        0
    }
}

/// What the seeds not yet banked allow of the value: A's margin now, give
/// or take every seed still in play.
fn seeds_left_bounds(pos: &Position) -> (i32, i32) {
    let (a, b) = (pos.store(Player::A) as i32, pos.store(Player::B) as i32);
    let stored = (a + b) as u32;
    let in_play = (pos.seed_count() - stored - u32::from(pos.lost())) as i32;
    (a - b - in_play, a - b + in_play)
}

/// A solution's fields: the value, the best holes, and for a simultaneous
/// opening the matrix game and both optimal mixes.
fn write_solution(out: &mut Value, s: &Solution) {
    out["scope"] = json!(s.scope.name());
    out["to_move"] = json!(match s.to_move {
        ToMove::One(p) => p.to_string(),
        ToMove::Both => "both".to_string(),
    });
    out["value"] = number(s.value);
    if !s.value.is_integer() {
        out["value_exact"] = json!(s.value.to_string());
    }
    out["best"] = json!(s.best);
    if let Some(g) = &s.opening {
        let mix = |holes: &[u8], mix: &[Ratio]| -> Vec<Value> {
            holes
                .iter()
                .zip(mix)
                .map(|(k, p)| json!({"hole": k, "p": p.to_string(), "share": p.to_f64()}))
                .collect()
        };
        out["matrix"] = json!({
            "rows": "A's first pick",
            "columns": "B's first pick",
            "A": g.a_holes,
            "B": g.b_holes,
            "values": g.matrix.iter().map(|r| r.iter().map(|&v| number(v)).collect::<Vec<_>>()).collect::<Vec<_>>(),
        });
        out["mix"] = json!({"A": mix(&g.a_holes, &g.a_mix), "B": mix(&g.b_holes, &g.b_mix)});
        out["best_b"] = json!(g
            .b_holes
            .iter()
            .zip(&g.b_mix)
            .filter(|(_, p)| p.is_positive())
            .map(|(k, _)| *k)
            .collect::<Vec<_>>());
    }
    out["nodes"] = json!(s.nodes);
    out["table_bytes"] = json!(s.table_entries * 24);
}
