//! `hardest` against perfect play, on boards the solver finishes at once.
//! A benchmark, not a test.
//!
//! For each pack, games of the solver (it plays a best hole, the lowest
//! one) against `hardest`, colours swapped every game, each pair of games
//! from its own seeded opening of two random moves. While they play, every
//! move `hardest` makes is checked against the solver: does it keep the
//! perfect-play value, and if not, how many seeds does it give away? (While
//! both choose at once, both sides use `hardest`'s mixed strategy.)
//!
//! `cargo bench -p congklak-engine --bench perfect -- [games] [holes] [seeds]`
//! (defaults: 20 games on 5 holes of 3 seeds).
use congklak::{
    choose, solve, Level, Limits, Move, PackSet, Player, Position, RandomPlayer, Ratio, Rules,
    SolveOptions, ToMove,
};

fn options() -> SolveOptions<'static> {
    SolveOptions {
        table_bytes: 16 << 20,
        endgame: None,
    }
}

/// A's margin with perfect play after `mv` (to the end of the round).
fn value_after(rules: &Rules, pos: &Position, mv: Move) -> Option<Ratio> {
    let mut next = *pos;
    next.play_fast(rules, mv).ok()?;
    if next.round() != pos.round() {
        return None; // the round's end: scored by the caller's own check
    }
    if let Some(o) = next.outcome() {
        return Some(Ratio::from_int(
            o.scores[Player::A] as i64 - o.scores[Player::B] as i64,
        ));
    }
    solve(rules, &next, &options(), Limits::default())
        .ok()
        .map(|s| s.value)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(20);
    let holes: u8 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(5);
    let seeds: u16 = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(3);
    let hardest = Level::from_name("hardest").expect("a level");
    println!("| pack | board | games | solver won | drawn | lost | hardest's moves | kept the value | seeds given away a move (mean over all / over mistakes) |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for pack in PackSet::builtin().all() {
        let Ok(rules) = pack.rules.edit(|r| {
            r.holes = holes;
            r.seeds_per_hole = seeds;
        }) else {
            continue;
        };
        let (mut won, mut drawn, mut lost) = (0, 0, 0);
        let (mut moves, mut kept, mut given) = (0u64, 0u64, Ratio::ZERO);
        for g in 0..games {
            let solver_side = if g % 2 == 0 { Player::A } else { Player::B };
            let mut pos = Position::new(&rules);
            let mut opening = RandomPlayer::new(1_000 + g / 2);
            let mut buf = Vec::new();
            for _ in 0..2 {
                if let Some(m) = opening.choose(&pos, &rules, &mut buf) {
                    pos.play_fast(&rules, m).expect("legal");
                }
            }
            let mut ply = 0u64;
            while let Some(tm) = pos.to_move() {
                let seed = g * 10_000 + ply;
                ply += 1;
                let mv = match tm {
                    ToMove::Both => {
                        let a = choose(&rules, &pos, Player::A, hardest, seed).expect("a move");
                        let b = choose(&rules, &pos, Player::B, hardest, seed).expect("a move");
                        Move::Both(a.hole, b.hole)
                    }
                    ToMove::One(p) => {
                        let solved = solve(&rules, &pos, &options(), Limits::default());
                        if p == solver_side {
                            match &solved {
                                Ok(s) => Move::Hole(s.best[0]),
                                Err(_) => Move::Hole(
                                    choose(&rules, &pos, p, hardest, seed).expect("a move").hole,
                                ),
                            }
                        } else {
                            let k = choose(&rules, &pos, p, hardest, seed).expect("a move").hole;
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
            match pos.outcome().and_then(|o| o.winner) {
                Some(p) if p == solver_side => won += 1,
                Some(_) => lost += 1,
                None if pos.is_over() => drawn += 1,
                None => {}
            }
        }
        let mistakes = moves - kept;
        println!(
            "| {} | {holes} x {seeds} | {games} | {won} | {drawn} | {lost} | {moves} | {:.1} % | {:.2} / {:.2} |",
            pack.id,
            kept as f64 * 100.0 / moves.max(1) as f64,
            given.to_f64() / moves.max(1) as f64,
            given.to_f64() / mistakes.max(1) as f64,
        );
    }
}
