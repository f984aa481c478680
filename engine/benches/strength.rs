//! The computer's strength. A benchmark, not a test.
//!
//! `cargo bench -p congklak-engine --bench strength` (no arguments) prints
//! a report in two parts (the method behind the engine's strength figures:
//! docs/engine-work.md):
//! 1. how often `hardest`, `perfect` and the previous `hardest`
//!    (`hardest-v1`: `hardest` before issue 28, `congklak::choose_v1`) keep the
//!    perfect-play value, on boards the solver handles (every pack on 5 holes
//!    of 3 seeds and 6 holes of 3 seeds; each level plays against the solver,
//!    colours swapped, seeded two-move openings; each of the level's moves
//!    where one player chooses is checked against the solver);
//! 2. the new `hardest` and `perfect` against the previous `hardest`, colours
//!    swapped every game, each pair of games from its own seeded opening of
//!    two random moves; with an endgame table of 4 MiB for the new levels,
//!    as the app's worker builds it.
//!
//! `cargo bench -p congklak-engine --bench strength -- [games] [kept]` sets
//! the games of part 2 (default 20 a line) and of part 1 (default 4 a pack
//! and board). `-- match <pack> <level> <against>
//! [games]` plays one match (a level name, or `previous` for
//! `hardest-v1`); `against` may list several (`greedy,previous`). The
//! matches on every distinct opening, against the reference opponent, and
//! the ladder are `benches/match.rs`.
use congklak::{
    choose_v1, choose_with, solve, Choice, EndgameTable, Level, Limits, Move, PackSet, Player,
    Position, RandomPlayer, Ratio, Rounds, Rules, SolveOptions, ToMove, Win, ENDGAME_MAX_SEEDS,
};
use std::time::Instant;

/// Random moves that open each pair of games.
const OPENING_PLIES: usize = 2;
/// The endgame table's memory, as in the app's worker.
const ENDGAME_BYTES: u64 = 4 << 20;

/// A player: a level, or the previous `hardest`.
#[derive(Clone, Copy, PartialEq)]
enum Way {
    Level(Level),
    Previous,
}

impl Way {
    fn parse(name: &str) -> Way {
        if name == "previous" {
            Way::Previous
        } else {
            Way::Level(name.parse().expect("a level"))
        }
    }
    fn name(self) -> String {
        match self {
            Way::Level(l) => l.name().to_string(),
            Way::Previous => "hardest-v1".into(),
        }
    }
    fn choose(
        self,
        rules: &Rules,
        pos: &Position,
        p: Player,
        seed: u64,
        table: Option<&EndgameTable>,
    ) -> Choice {
        match self {
            Way::Level(l) => choose_with(rules, pos, p, l, seed, table),
            Way::Previous => choose_v1(rules, pos, p, seed, table),
        }
        .expect("a move")
    }
}

/// The endgame table the app's worker builds for `rules`, if it applies.
fn table_for(rules: &Rules) -> Option<EndgameTable> {
    if rules.rounds != Rounds::Single || rules.win != Win::MostSeeds {
        return None;
    }
    let seeds = EndgameTable::seeds_within(rules.holes, ENDGAME_BYTES).min(ENDGAME_MAX_SEEDS);
    let t = EndgameTable::build(rules, seeds);
    t.covers_rules(rules).then_some(t)
}

fn opening(rules: &Rules, g: u64) -> Position {
    let mut pos = Position::new(rules);
    let mut opening = RandomPlayer::new(1_000 + g / 2);
    let mut buf = Vec::new();
    for _ in 0..OPENING_PLIES {
        if let Some(m) = opening.choose(&pos, rules, &mut buf) {
            pos.play_fast(rules, m).expect("a legal opening move");
        }
    }
    pos
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if args.first().map(String::as_str) == Some("match") {
        let pack = args.get(1).map(String::as_str).unwrap_or("umum");
        let strong = Way::parse(args.get(2).map(String::as_str).unwrap_or("hardest"));
        let weak = args.get(3).map(String::as_str).unwrap_or("previous");
        let games: u64 = args.get(4).and_then(|g| g.parse().ok()).unwrap_or(20);
        header();
        for weak in weak.split(',') {
            pair(pack, None, strong, Way::parse(weak), games);
        }
        return;
    }
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(20);
    let kept_games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(4);
    println!(
        "Moves that keep the perfect-play value (against the solver, {kept_games} games a pack and board):\n"
    );
    println!("| board | level | moves checked | kept the value | seeds given away a move (all / mistakes) |");
    println!("| --- | --- | --- | --- | --- |");
    for (holes, seeds) in [(5, 3), (6, 3)] {
        for way in [
            Way::Previous,
            Way::Level(Level::Hardest),
            Way::Level(Level::Perfect),
        ] {
            kept(holes, seeds, way, kept_games);
        }
    }
    println!("\nMatches against the previous hardest ({games} games a line):\n");
    header();
    for (pack, size) in [
        ("umum", None),
        ("umum", Some(5)),
        ("standard-mancala", None),
    ] {
        for strong in [Way::Level(Level::Hardest), Way::Level(Level::Perfect)] {
            pair(pack, size, strong, Way::Previous, games);
        }
    }
}

fn header() {
    println!("| pack | board | level | against | games | won | drawn | lost | win rate | ms a move (mean) | slowest move |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
}

fn solver_options() -> SolveOptions<'static> {
    SolveOptions {
        table_bytes: 16 << 20,
        endgame: None,
    }
}

/// A's margin with perfect play after `mv`; `None` where the round ends.
fn value_after(rules: &Rules, pos: &Position, mv: Move) -> Option<Ratio> {
    let mut next = *pos;
    next.play_fast(rules, mv).ok()?;
    if next.round() != pos.round() {
        return None;
    }
    if let Some(o) = next.outcome() {
        return Some(Ratio::from_int(
            o.scores[Player::A] as i64 - o.scores[Player::B] as i64,
        ));
    }
    solve(rules, &next, &solver_options(), Limits::default())
        .ok()
        .map(|s| s.value)
}

/// `way` against the solver on every pack at `holes` x `seeds`; every move
/// of `way` checked against the solver.
fn kept(holes: u8, seeds: u16, way: Way, games: u64) {
    let (mut moves, mut kept, mut given) = (0u64, 0u64, Ratio::ZERO);
    for pack in PackSet::builtin().all() {
        let Ok(rules) = pack.rules.edit(|r| {
            r.holes = holes;
            r.seeds_per_hole = seeds;
        }) else {
            continue;
        };
        let table = table_for(&rules);
        for g in 0..games {
            let side = if g % 2 == 0 { Player::A } else { Player::B };
            let mut pos = opening(&rules, g);
            let mut ply = 0u64;
            while let Some(tm) = pos.to_move() {
                let seed = g * 10_000 + ply;
                ply += 1;
                let mv = match tm {
                    ToMove::Both => Move::Both(
                        way.choose(&rules, &pos, Player::A, seed, table.as_ref())
                            .hole,
                        way.choose(&rules, &pos, Player::B, seed, table.as_ref())
                            .hole,
                    ),
                    ToMove::One(p) => {
                        let solved = solve(&rules, &pos, &solver_options(), Limits::default());
                        if p != side {
                            match &solved {
                                Ok(s) => Move::Hole(s.best[0]),
                                Err(_) => Move::Hole(way.choose(&rules, &pos, p, seed, None).hole),
                            }
                        } else {
                            let k = way.choose(&rules, &pos, p, seed, table.as_ref()).hole;
                            if let Ok(s) = &solved {
                                moves += 1;
                                if s.best.contains(&k) {
                                    kept += 1;
                                } else if let Some(v) = value_after(&rules, &pos, Move::Hole(k)) {
                                    let loss = if p == Player::A {
                                        s.value.checked_sub(v)
                                    } else {
                                        v.checked_sub(s.value)
                                    };
                                    given = given.checked_add(loss.expect("small")).expect("small");
                                }
                            }
                            Move::Hole(k)
                        }
                    }
                };
                if pos.play_fast(&rules, mv).is_err() {
                    break;
                }
                if pos.to_move().is_some() && pos.legal_moves(&rules).is_empty() {
                    break; // a position the engine leaves without a move
                }
            }
        }
    }
    let mistakes = moves - kept;
    println!(
        "| {holes} x {seeds} | {} | {moves} | {:.1} % | {:.2} / {:.2} |",
        way.name(),
        kept as f64 * 100.0 / moves.max(1) as f64,
        given.to_f64() / moves.max(1) as f64,
        given.to_f64() / mistakes.max(1) as f64,
    );
}

/// `games` games of `strong` against `weak` on `pack` (at `size` holes, or
/// the pack's own), colours swapped every game.
fn pair(pack: &str, size: Option<u8>, strong: Way, weak: Way, games: u64) {
    let set = PackSet::builtin();
    let mut rules = set.get(pack).expect("a pack id").rules.clone();
    if let Some(n) = size {
        rules = rules
            .edit(|r| r.holes = n)
            .expect("a board size the pack plays");
    }
    let table = table_for(&rules);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let (mut strong_moves, mut strong_time, mut slowest) = (0u64, 0f64, 0f64);
    for g in 0..games {
        // The strong side plays A in even games, B in odd ones.
        let strong_side = if g % 2 == 0 { Player::A } else { Player::B };
        let mut pos = opening(&rules, g);
        let mut n = 0u64;
        while let Some(tm) = pos.to_move() {
            let way = |p: Player| if p == strong_side { strong } else { weak };
            let seed = g * 10_000 + n;
            let mv = match tm {
                ToMove::One(p) => {
                    let t0 = Instant::now();
                    let k = way(p).choose(&rules, &pos, p, seed, table.as_ref()).hole;
                    if p == strong_side {
                        let dt = t0.elapsed().as_secs_f64();
                        strong_moves += 1;
                        strong_time += dt;
                        slowest = slowest.max(dt);
                    }
                    Move::Hole(k)
                }
                ToMove::Both => Move::Both(
                    way(Player::A)
                        .choose(&rules, &pos, Player::A, seed, table.as_ref())
                        .hole,
                    way(Player::B)
                        .choose(&rules, &pos, Player::B, seed, table.as_ref())
                        .hole,
                ),
            };
            pos.play_fast(&rules, mv)
                .expect("the computer plays legal moves");
            n += 1;
            if pos.to_move().is_some() && pos.legal_moves(&rules).is_empty() {
                break;
            }
        }
        match pos.outcome().and_then(|o| o.winner) {
            Some(p) if p == strong_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    println!(
        "| {pack} | {} x {} | {} | {} | {games} | {wins} | {draws} | {losses} | {:.1} % | {:.0} ms | {:.0} ms |",
        rules.holes,
        rules.seeds_per_hole,
        strong.name(),
        weak.name(),
        wins as f64 * 100.0 / games as f64,
        strong_time * 1000.0 / strong_moves.max(1) as f64,
        slowest * 1000.0,
    );
}
