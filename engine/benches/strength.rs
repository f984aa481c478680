//! The computer's strength: one level against another, colours swapped every
//! game, on a pack; win rate and time per move. A benchmark, not a test.
//!
//! The searching levels are deterministic, so two games from the start
//! position would be the same two games over and over: each pair of games
//! (one with each colour) starts from its own opening of [`OPENING_PLIES`]
//! random moves (seeded), and both levels play on from there.
//!
//! `cargo bench -p congklak-engine --bench strength -- [pack] [level] [against] [games]`
//! (defaults: umum hardest greedy 200); `against` may list several levels
//! (`greedy,random,medium`): one line each.
use congklak::{choose, Level, Move, PackSet, Player, Position, RandomPlayer, ToMove};

/// Random moves that open each pair of games.
const OPENING_PLIES: usize = 2;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let pack = args.first().map(String::as_str).unwrap_or("umum");
    let strong = args.get(1).map(String::as_str).unwrap_or("hardest");
    let weak = args.get(2).map(String::as_str).unwrap_or("greedy");
    let games: u64 = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(200);
    for weak in weak.split(',') {
        pair(pack, strong, weak, games);
    }
}

/// `games` games of `strong` against `weak` on `pack`, colours swapped every game.
fn pair(pack: &str, strong: &str, weak: &str, games: u64) {
    let set = PackSet::builtin();
    let rules = &set.get(pack).expect("a pack id").rules;
    let (ls, lw) = (
        Level::from_name(strong).expect("a level"),
        Level::from_name(weak).expect("a level"),
    );
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let (mut strong_moves, mut strong_time, mut slowest) = (0u64, 0f64, 0f64);
    let mut total_moves = 0u64;
    for g in 0..games {
        // The strong side plays A in even games, B in odd ones.
        let strong_side = if g % 2 == 0 { Player::A } else { Player::B };
        let mut pos = Position::new(rules);
        let mut n = 0u64;
        // The pair's opening: the same random moves for both colourings.
        let mut opening = RandomPlayer::new(1_000 + g / 2);
        let mut buf = Vec::new();
        for _ in 0..OPENING_PLIES {
            if let Some(m) = opening.choose(&pos, rules, &mut buf) {
                pos.play_fast(rules, m).expect("a legal opening move");
                n += 1;
            }
        }
        while let Some(tm) = pos.to_move() {
            let level = |p: Player| if p == strong_side { ls } else { lw };
            let seed = g * 10_000 + n;
            let mv = match tm {
                ToMove::One(p) => {
                    let t0 = Instant::now();
                    let k = choose(rules, &pos, p, level(p), seed).expect("a move").hole;
                    if p == strong_side {
                        let dt = t0.elapsed().as_secs_f64();
                        strong_moves += 1;
                        strong_time += dt;
                        slowest = slowest.max(dt);
                    }
                    Move::Hole(k)
                }
                ToMove::Both => {
                    let a = choose(rules, &pos, Player::A, level(Player::A), seed)
                        .expect("a move")
                        .hole;
                    let b = choose(rules, &pos, Player::B, level(Player::B), seed)
                        .expect("a move")
                        .hole;
                    Move::Both(a, b)
                }
            };
            pos.play_fast(rules, mv)
                .expect("the computer plays legal moves");
            n += 1;
        }
        total_moves += n;
        match pos.outcome().expect("over").winner {
            Some(p) if p == strong_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    println!(
        "| {pack} | {strong} | {weak} | {games} | {wins} | {draws} | {losses} | {:.1} % | {:.0} ms | {:.0} ms | {:.0} |",
        wins as f64 * 100.0 / games as f64,
        strong_time * 1000.0 / strong_moves.max(1) as f64,
        slowest * 1000.0,
        total_moves as f64 / games.max(1) as f64
    );
}
