//! The divergence finder on every played divergence of every pack, for a
//! fixed seed range, against `tests/data/divergences.txt` (regenerate after a
//! deliberate change with `UPDATE_GOLDEN=1 cargo test --test divergences`);
//! and the comparison itself: the parting turn, both continuations, the
//! statistics.
#![cfg(not(target_arch = "wasm32"))]

use congklak::{
    compare, diverge, first_parting, DivergenceStatus, Move, PackSet, PartingKind, Position,
};

#[test]
fn every_played_divergence_matches_the_data_file() {
    let mut now =
        String::from("# pack divergence seeds parted winner_changed first_seed first_turn kind\n");
    for pack in PackSet::builtin().all() {
        // The seeds the pack pages use.
        let last = 1000;
        for d in &pack.divergences {
            if !matches!(d.status, DivergenceStatus::Played { .. }) {
                continue;
            }
            let other = pack.flipped(d).expect("played divergences flip");
            let r = diverge(&pack.rules, &other, 1, last);
            assert_eq!(
                first_parting(&pack.rules, &other, 1, last),
                r.first,
                "{} {}: the first parting alone",
                pack.id,
                d.id
            );
            let first = r
                .first
                .as_ref()
                .map(|p| format!("{} {} {:?}", p.seed, p.turn, p.kind))
                .unwrap_or_else(|| "- - never".into());
            now.push_str(&format!(
                "{} {} 1..{} {} {} {}\n",
                pack.id, d.id, last, r.stats.parted, r.stats.winner_changed, first
            ));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/divergences.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &now).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).expect("tests/data/divergences.txt");
    for (i, (a, b)) in now.lines().zip(want.lines()).enumerate() {
        assert_eq!(a, b, "divergences.txt line {}", i + 1);
    }
    assert_eq!(now.lines().count(), want.lines().count());
}

#[test]
fn a_comparison_replays_until_the_parting_turn_then_each_game_goes_on() {
    let set = PackSet::builtin();
    let umum = &set.get("umum").unwrap().rules;
    let melayu = &set.get("congkak-melayu").unwrap().rules;
    let mut found = false;
    for seed in 1..40 {
        let d = compare(umum, melayu, seed);
        let Some((turn, kind)) = d.parted else {
            continue;
        };
        found = true;
        assert!(turn >= 1);
        // The same moves up to the parting turn...
        assert_eq!(d.moves_a[..turn - 1], d.moves_b[..turn - 1]);
        // ...where the positions were equal before the turn and differ after it.
        let replay = |rules, moves: &[Move]| {
            let mut p = Position::new(rules);
            for &m in moves {
                p.play_fast(rules, m).unwrap();
            }
            p
        };
        let (before_a, before_b) = (
            replay(umum, &d.moves_a[..turn - 1]),
            replay(melayu, &d.moves_b[..turn - 1]),
        );
        assert_eq!(before_a.cells(), before_b.cells());
        if kind != PartingKind::MoveIllegal {
            assert_ne!(
                replay(umum, &d.moves_a[..turn]),
                replay(melayu, &d.moves_b[..turn])
            );
        }
        // Each continuation is a legal game under its own rules, played to its end.
        let end_a = replay(umum, &d.moves_a);
        let end_b = replay(melayu, &d.moves_b);
        assert_eq!(end_a.outcome(), Some(d.outcome_a));
        assert_eq!(end_b.outcome(), Some(d.outcome_b));
    }
    assert!(found, "umum and congkak-melayu part in some game of 1..40");
}

#[test]
fn statistics_add_up() {
    let set = PackSet::builtin();
    let a = &set.get("umum").unwrap().rules;
    let b = a.with_clause("capture_requires_opposite", "true").unwrap();
    let r = diverge(a, &b, 1, 200);
    let s = &r.stats;
    assert_eq!(s.games, 200);
    assert!(s.parted > 0 && s.parted <= 200);
    assert!(
        s.winner_changed <= s.parted,
        "a winner can only change where the games part"
    );
    assert_eq!(s.parting_histogram.iter().sum::<u32>(), s.parted);
    for side in 0..2 {
        assert_eq!(s.results[side].iter().sum::<u32>(), 200);
        assert_eq!(s.margin_histogram[side].iter().sum::<u32>(), 200);
    }
    assert!(
        s.parting_turn_min as f64 <= s.parting_turn_mean
            && s.parting_turn_mean <= s.parting_turn_max as f64
    );
    // Same rules: never part, nothing changes.
    let same = diverge(a, a, 1, 50);
    assert_eq!(same.stats.parted, 0);
    assert!(same.first.is_none());
    assert_eq!(same.stats.score_shift_mean, 0.0);
}

#[test]
fn the_first_difference_is_the_first_turn_from_the_parting_whose_boards_differ() {
    let set = PackSet::builtin();
    let (mut checked, mut later) = (0, 0);
    for pack in set.all() {
        for d in &pack.divergences {
            let Some(other) = pack.flipped(d) else {
                continue;
            };
            for seed in 1..=5 {
                let game = compare(&pack.rules, &other, seed);
                let Some((parted, _)) = game.parted else {
                    assert_eq!(game.first_difference(&pack.rules, &other), None);
                    continue;
                };
                let places = |t: usize| {
                    let pa = Position::new(&pack.rules)
                        .replay(&pack.rules, &game.moves_a[..t.min(game.moves_a.len())])
                        .unwrap();
                    let pb = Position::new(&other)
                        .replay(&other, &game.moves_b[..t.min(game.moves_b.len())])
                        .unwrap();
                    pa.difference(&pb).places
                };
                let first = game.first_difference(&pack.rules, &other);
                let last = game.moves_a.len().max(game.moves_b.len());
                let want = (parted..=last).find(|&t| !places(t).is_empty());
                assert_eq!(first, want, "{} {} seed {seed}", pack.id, d.id);
                checked += 1;
                if first.is_some_and(|t| t > parted) {
                    later += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked} games compared");
    // The case the page's jump needed: boards the same at the parting turn.
    assert!(
        later > 0,
        "no game whose boards differ only after the parting turn"
    );
}

#[test]
fn landmarks_name_every_capture_round_end_and_the_end_of_a_game() {
    use congklak::{landmarks, Event, Landmark};
    let set = PackSet::builtin();
    for id in ["umum", "sungka", "congkak-portal"] {
        let rules = &set.get(id).unwrap().rules;
        let game = congklak::random_game(rules, 7);
        let marks = landmarks(rules, &game.moves);
        // What the events say, counted turn by turn.
        let mut pos = Position::new(rules);
        let mut want = Vec::new();
        for (i, &m) in game.moves.iter().enumerate() {
            let turn = pos.play(rules, m).unwrap();
            let captured: u32 = turn
                .events
                .iter()
                .map(|e| match e {
                    Event::Capture { seeds, .. } => *seeds as u32,
                    _ => 0,
                })
                .sum();
            let rounds = turn
                .events
                .iter()
                .filter(|e| matches!(e, Event::RoundEnd { .. }))
                .count();
            if captured > 0 || rounds > 0 || pos.outcome().is_some() {
                want.push((i + 1, captured, rounds));
            }
        }
        let got: Vec<(usize, u32, usize)> = marks
            .iter()
            .map(|(t, ls)| {
                let captured = ls
                    .iter()
                    .map(|l| match l {
                        Landmark::Capture { seeds, .. } => *seeds as u32,
                        _ => 0,
                    })
                    .sum();
                let rounds = ls
                    .iter()
                    .filter(|l| matches!(l, Landmark::RoundEnd { .. }))
                    .count();
                (*t, captured, rounds)
            })
            .collect();
        assert_eq!(got, want, "{id}");
        let (last, ls) = marks.last().expect("a game ends");
        assert_eq!(*last, game.moves.len(), "{id}");
        assert_eq!(ls.last(), Some(&Landmark::GameEnd), "{id}");
        // Rounds are numbered from 1, one after another.
        let rounds: Vec<u16> = marks
            .iter()
            .flat_map(|(_, ls)| ls.iter())
            .filter_map(|l| match l {
                Landmark::RoundEnd { round } => Some(*round),
                _ => None,
            })
            .collect();
        assert!(
            rounds.iter().enumerate().all(|(i, &r)| r as usize == i + 1),
            "{id}: {rounds:?}"
        );
    }
}

#[test]
fn a_winner_changed_no_more_often_than_by_chance_is_told_apart() {
    let (mut chance, mut clause) = (Vec::new(), Vec::new());
    let mut capped_sungka = 0;
    for pack in PackSet::builtin().all() {
        for d in &pack.divergences {
            if !matches!(d.status, DivergenceStatus::Played { .. }) {
                continue;
            }
            let other = pack.flipped(d).expect("played divergences flip");
            let s = diverge(&pack.rules, &other, 1, 200).stats;
            let line = format!(
                "{} {}: parted {}, winner changed {}, by chance {:.1}",
                pack.id,
                d.id,
                s.parted,
                s.winner_changed,
                s.winner_changes_by_chance()
            );
            eprintln!("{line}, capped {:?}", s.capped);
            // A game stopped by a limit is counted under each ruleset.
            assert!(s.capped.iter().all(|&c| c <= s.games));
            if pack.id == "umum" {
                // Its own games end by its rules (the other reading, such
                // as several rounds, may not).
                assert_eq!(s.capped[0], 0, "umum's games end by its rules");
            }
            if pack.id == "sungka" {
                capped_sungka += s.capped[0];
            }
            if s.parted == 0 {
                continue;
            }
            if s.winner_change_is_chance() {
                chance.push((pack.id.clone(), line));
            } else {
                clause.push((pack.id.clone(), line));
            }
        }
    }
    // Sungka's sample games are long and chaotic: every one of its
    // disagreements changes about as many winners as chance.
    let sungka_clause: Vec<_> = clause.iter().filter(|(p, _)| p == "sungka").collect();
    assert!(sungka_clause.is_empty(), "{sungka_clause:?}");
    assert!(chance.iter().any(|(p, _)| p == "sungka"));
    // Elsewhere some disagreements matter more than chance.
    assert!(clause.len() >= 5, "{clause:?}");
    // Sungka's sample games go on round after round to the limit.
    assert!(capped_sungka > 0);
}
