//! The computer on every pack: only legal moves, at every level, through
//! simultaneous openings, extra turns, rounds with burnt holes, on the
//! smallest and largest boards; the same choice for the same seed.

use congklak::{
    choose, choose_search, Choice, Level, Move, PackSet, Player, Position, Rules, ToMove,
};

/// A way to choose: a level, or a level's search with its budget cut.
#[derive(Clone, Copy, Debug)]
enum Way {
    Level(Level),
    Search(u8),
}

impl Way {
    fn choose(self, rules: &Rules, pos: &Position, p: Player, seed: u64) -> Option<Choice> {
        match self {
            Way::Level(l) => choose(rules, pos, p, l, seed),
            Way::Search(depth) => choose_search(rules, pos, p, depth, 1_500, seed),
        }
    }
}

/// Plays up to `limit` moves with `level` on both sides; every choice must be legal.
fn play(rules: &Rules, level: Way, seed: u64, limit: usize) -> usize {
    let mut pos = Position::new(rules);
    let mut n = 0;
    while let Some(tm) = pos.to_move() {
        if n == limit {
            break;
        }
        let pick = |p: Player| {
            let c = level
                .choose(rules, &pos, p, seed + n as u64)
                .expect("a move while one is due");
            assert!(
                pos.legal_holes(rules, p).contains(&c.hole),
                "hole {} is not legal for {p:?}",
                c.hole
            );
            c.hole
        };
        let mv = match tm {
            ToMove::One(p) => Move::Hole(pick(p)),
            ToMove::Both => Move::Both(pick(Player::A), pick(Player::B)),
        };
        pos.play_fast(rules, mv)
            .expect("the engine accepts the computer's move");
        n += 1;
    }
    n
}

/// The levels with their node budgets cut, so the test stays quick (the
/// solver of `hardest` and `perfect` is left out here: see
/// `hardest_and_perfect_play_legal_moves_on_small_boards`).
fn levels() -> Vec<(&'static str, Way)> {
    Level::ALL
        .iter()
        .map(|&level| {
            let way = match level.search_budget() {
                (depth, nodes) if nodes != u64::MAX => Way::Search(depth),
                _ => Way::Level(level),
            };
            (level.name(), way)
        })
        .collect()
}

#[test]
fn hardest_and_perfect_play_legal_moves_on_small_boards() {
    let set = PackSet::builtin();
    for pack in set.all() {
        let Ok(rules) = pack.rules.with_clause("holes", "3") else {
            continue;
        };
        let Ok(rules) = rules.with_clause("seeds_per_hole", "3") else {
            continue;
        };
        for level in [Level::Hardest, Level::Perfect] {
            let n = play(&rules, Way::Level(level), 7, 60);
            assert!(n > 0, "{} {level}: no move", pack.id);
        }
    }
}

#[test]
fn every_level_plays_only_legal_moves_on_every_pack_and_size() {
    let set = PackSet::builtin();
    let mut extremes = 0;
    for pack in set.all() {
        // The pack's own size, and the smallest and largest boards the engine plays.
        let mut boards = vec![pack.rules.clone()];
        for size in ["3", "11"] {
            if let Ok(r) = pack.rules.with_clause("holes", size) {
                boards.push(r);
                extremes += 1;
            }
        }
        for rules in boards {
            let size = rules.holes;
            for (name, level) in levels() {
                let n = play(&rules, level, 7, 150);
                assert!(n > 0, "{} {size} {name}: no move", pack.id);
            }
        }
    }
    assert!(extremes >= 2, "some pack plays on 3 and on 11 holes");
}

#[test]
fn the_same_seed_gives_the_same_choice() {
    let set = PackSet::builtin();
    for pack in set.all() {
        let pos = Position::new(&pack.rules);
        let me = match pos.to_move() {
            Some(ToMove::One(p)) => p,
            _ => Player::A,
        };
        for (name, level) in levels() {
            let a = level.choose(&pack.rules, &pos, me, 42);
            let b = level.choose(&pack.rules, &pos, me, 42);
            assert_eq!(a, b, "{} {name}", pack.id);
        }
    }
}
