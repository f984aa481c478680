//! `congklak perfect-play`: every pack's value with perfect play on small
//! boards, and how each played divergence changes it, as one JSON file.
//!
//! The solves are independent, so they run in parallel (rayon, one solve a
//! thread, each with its own transposition table); the output is in a fixed
//! order and holds no timing, so the file is the same on every run.

use crate::solve_cli::number;
use congklak::{solve, Limits, Pack, PackSet, Position, Rules, SolveError, SolveOptions, ToMove};
use rayon::prelude::*;
use serde_json::{json, Value};

/// Arguments of `congklak perfect-play`.
#[derive(clap::Args)]
pub struct PerfectPlayArgs {
    /// Where to write the JSON.
    #[arg(long)]
    pub out: String,
    /// Board sizes (holes a side, 3..11), comma-separated.
    #[arg(long, default_value = "3,4,5")]
    pub holes: String,
    /// Seeds a hole (1..20), comma-separated.
    #[arg(long, default_value = "1,2,3,4")]
    pub seeds: String,
    /// Positions a solve may search before it is given up (recorded with the
    /// bounds proved so far), 1..=1000000000000.
    #[arg(long, default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..=crate::solve_cli::MAX_NODES))]
    pub nodes: u64,
    /// Megabytes of transposition table for each solve (one a thread), 1..=1024.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub memory: u64,
}

/// A comma-separated list of numbers in `range`, each once, at most 32.
fn list<T>(text: &str, what: &str, range: std::ops::RangeInclusive<T>) -> Result<Vec<T>, String>
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
{
    let mut out: Vec<T> = Vec::new();
    for s in text.split(',') {
        let v: T = s
            .trim()
            .parse()
            .map_err(|_| format!("--{what}: `{s}` is not a number"))?;
        if !range.contains(&v) {
            return Err(format!(
                "--{what}: {v} is out of range {}..={}",
                range.start(),
                range.end()
            ));
        }
        if !out.contains(&v) {
            out.push(v);
        }
    }
    if out.len() > 32 {
        return Err(format!("--{what}: at most 32 values"));
    }
    Ok(out)
}

/// The rules of `base` on a board of `holes` with `seeds` a hole.
fn sized(base: &Rules, holes: u8, seeds: u16) -> Result<Rules, String> {
    base.edit(|r| {
        r.holes = holes;
        r.seeds_per_hole = seeds;
    })
    .map_err(|e| e.to_string())
}

/// One board solved from the start, as JSON.
fn entry(rules: &Rules, nodes: u64, memory: u64) -> Value {
    let options = SolveOptions {
        table_bytes: (memory << 20) as usize,
        endgame: None,
    };
    let limits = Limits { nodes, stop: None };
    let mut out = json!({"holes": rules.holes, "seeds": rules.seeds_per_hole});
    match solve(rules, &Position::new(rules), &options, limits) {
        Ok(s) => {
            out["value"] = number(s.value);
            if !s.value.is_integer() {
                out["value_exact"] = json!(s.value.to_string());
            }
            match s.to_move {
                ToMove::One(p) => {
                    out["to_move"] = json!(p.to_string());
                    out["best"] = json!(s.best);
                }
                ToMove::Both => {
                    out["to_move"] = json!("both");
                    let g = s
                        .opening
                        .expect("the matrix game of a simultaneous opening");
                    let support = |holes: &[u8], mix: &[congklak::Ratio]| -> Value {
                        holes
                            .iter()
                            .zip(mix)
                            .filter(|(_, p)| p.is_positive())
                            .map(|(k, p)| json!({"hole": k, "p": p.to_string()}))
                            .collect()
                    };
                    out["mix"] = json!({"A": support(&g.a_holes, &g.a_mix), "B": support(&g.b_holes, &g.b_mix)});
                }
            }
            out["nodes"] = json!(s.nodes);
        }
        Err(SolveError::Stopped { nodes, bounds, .. }) => {
            out["solved"] = json!(false);
            out["nodes"] = json!(nodes);
            if let Some((lo, hi)) = bounds {
                out["bounds"] = json!([lo, hi]);
            }
        }
        Err(e) => out["error"] = json!(e.to_string()),
    }
    out
}

/// What to solve: a pack's reading or one of its divergences flipped, on a board.
struct Job {
    pack: usize,
    divergence: Option<usize>,
    rules: Rules,
}

/// Why a divergence has no rows, by pack: (divergence index, reason).
type Skipped = Vec<Vec<(usize, &'static str)>>;

/// Runs `congklak perfect-play`: plans the solves, runs them in parallel,
/// and writes one entry a pack.
pub fn run(args: PerfectPlayArgs) -> Result<(), String> {
    // Every argument is checked before any solve.
    let holes: Vec<u8> = list(&args.holes, "holes", 3..=11)?;
    let seeds: Vec<u16> = list(&args.seeds, "seeds", 1..=20)?;
    crate::check_writable(&args.out, "--out")?;
    let set = PackSet::builtin();
    let packs: Vec<&Pack> = set.all().iter().collect();
    let (jobs, skipped) = plan_jobs(&packs, &holes, &seeds)?;
    eprintln!("perfect-play: {} solves", jobs.len());
    let results: Vec<Value> = jobs
        .par_iter()
        .map(|job| entry(&job.rules, args.nodes, args.memory))
        .collect();
    let out_packs: Vec<Value> = packs
        .iter()
        .enumerate()
        .map(|(pi, pack)| pack_entry(pi, pack, &jobs, &results, &skipped))
        .collect();
    let doc = json!({
        "about": "Perfect-play values from the start position: value = A's seeds minus B's at the end (of the round, for packs of several rounds) when both play perfectly; best = the first player's best holes; for a simultaneous opening, the matrix game's value and both optimal mixes. Divergences: the same boards under the other reading of the clause. Generated by `congklak perfect-play`; unsolved entries (solved: false) ran out of their node budget.",
        "node_limit": args.nodes,
        "packs": out_packs,
    });
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())? + "\n";
    std::fs::write(&args.out, text).map_err(|e| format!("{}: {e}", args.out))?;
    eprintln!("perfect-play: written to {}", args.out);
    Ok(())
}

/// Every solve to run: each pack on each board, and each played divergence's
/// other reading on the same boards; with the divergences that cannot be
/// compared and why.
fn plan_jobs(packs: &[&Pack], holes: &[u8], seeds: &[u16]) -> Result<(Vec<Job>, Skipped), String> {
    let mut jobs = Vec::new();
    let mut skipped: Skipped = vec![Vec::new(); packs.len()];
    for (pi, pack) in packs.iter().enumerate() {
        for &n in holes {
            for &k in seeds {
                jobs.push(Job {
                    pack: pi,
                    divergence: None,
                    rules: sized(&pack.rules, n, k)?,
                });
                let first_board = n == holes[0] && k == seeds[0];
                for (di, note) in pack.divergences.iter().enumerate() {
                    let Some(flipped) = pack.flipped(note) else {
                        continue; // recorded only
                    };
                    if flipped.holes != pack.rules.holes
                        || flipped.seeds_per_hole != pack.rules.seeds_per_hole
                    {
                        // The other reading is another board: the rows for
                        // the other sizes compare it.
                        if first_board {
                            skipped[pi].push((di, "the other reading changes the board itself: compare the rows of other sizes"));
                        }
                        continue;
                    }
                    match sized(&flipped, n, k) {
                        Ok(rules) => jobs.push(Job {
                            pack: pi,
                            divergence: Some(di),
                            rules,
                        }),
                        Err(_) => {
                            if first_board {
                                skipped[pi]
                                    .push((di, "the other reading is not valid on these boards"));
                            }
                        }
                    }
                }
            }
        }
    }
    Ok((jobs, skipped))
}

/// One pack's entry: its boards, and each played divergence's boards next
/// to this pack's value on the same board (or why it is not compared).
fn pack_entry(pi: usize, pack: &Pack, jobs: &[Job], results: &[Value], skipped: &Skipped) -> Value {
    let boards: Vec<Value> = jobs
        .iter()
        .zip(results)
        .filter(|(j, _)| j.pack == pi && j.divergence.is_none())
        .map(|(_, r)| r.clone())
        .collect();
    let mut divergences = Vec::new();
    for (di, note) in pack.divergences.iter().enumerate() {
        let congklak::DivergenceStatus::Played {
            clause,
            value,
            also,
        } = &note.status
        else {
            continue;
        };
        let mut d = json!({"id": note.id, "clause": clause, "value": value});
        if !also.is_empty() {
            d["also"] = json!(also);
        }
        if let Some((_, why)) = skipped[pi].iter().find(|(i, _)| *i == di) {
            d["not_compared"] = json!(why);
        } else {
            d["boards"] = jobs
                .iter()
                .zip(results)
                .filter(|(j, _)| j.pack == pi && j.divergence == Some(di))
                .map(|(j, r)| {
                    let this = boards
                        .iter()
                        .find(|b| {
                            b["holes"] == j.rules.holes && b["seeds"] == j.rules.seeds_per_hole
                        })
                        .map(|b| b["value"].clone())
                        .unwrap_or(Value::Null);
                    let mut r = r.clone();
                    r["this_value"] = this;
                    r
                })
                .collect();
        }
        divergences.push(d);
    }
    let scope = if pack.rules.rounds == congklak::Rounds::Several {
        "round"
    } else {
        "game"
    };
    json!({"pack": pack.id, "scope": scope, "boards": boards, "divergences": divergences})
}
