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
fn a_disagreement_is_told_apart_from_chance() {
    let (mut standing, mut nothing) = (Vec::new(), Vec::new());
    let (mut capped_sungka, mut chaotic) = (0, 0);
    for pack in PackSet::builtin().all() {
        for d in &pack.divergences {
            if !matches!(d.status, DivergenceStatus::Played { .. }) {
                continue;
            }
            let other = pack.flipped(d).expect("played divergences flip");
            let s = diverge(&pack.rules, &other, 1, 200).stats;
            let e = s.effects;
            let line = format!(
                "{} {}: parted {} (draw changed in {}), winner changed {:.3} against {:.3} ± {:.3}, \
                 first mover {:+.3} against {:+.3} ± {:.3}, margin {:+.2} against {:+.2} ± {:.2}",
                pack.id,
                d.id,
                s.parted,
                e.changed,
                e.winner.shift,
                e.winner.baseline,
                e.winner.margin,
                e.first_mover.shift,
                e.first_mover.baseline,
                e.first_mover.margin,
                e.margin.shift,
                e.margin.baseline,
                e.margin.margin,
            );
            eprintln!("{line}, capped {:?}", s.capped);
            // A game stopped by a limit is counted under each ruleset.
            assert!(s.capped.iter().all(|&c| c <= s.games));
            // The baseline changes a draw only in games that part.
            assert!(e.changed <= s.parted, "{line}");
            // The share of winners changed is the count's.
            assert!(
                (e.winner.shift - f64::from(s.winner_changed) / f64::from(s.games)).abs() < 1e-9,
                "{line}"
            );
            for f in [e.winner, e.first_mover, e.margin] {
                assert!(f.margin >= 0.0 && f.shift.is_finite() && f.baseline.is_finite());
            }
            if pack.id == "umum" {
                // Its own games end by its rules (the other reading, such
                // as several rounds, may not).
                assert_eq!(s.capped[0], 0, "umum's games end by its rules");
            }
            if pack.id == "sungka" {
                capped_sungka += s.capped[0];
            }
            if s.parted == 0 {
                // Games that never part show no effect and no baseline.
                assert!(e.standing_out().is_empty(), "{line}");
                assert_eq!((e.winner.baseline, e.changed), (0.0, 0), "{line}");
                continue;
            }
            // Where the games part early, changing a draw changes many
            // winners too.
            if e.winner.baseline > 0.2 {
                chaotic += 1;
            }
            if e.standing_out().is_empty() {
                nothing.push((pack.id.clone(), line));
            } else {
                standing.push((pack.id.clone(), line));
            }
        }
    }
    // Some disagreements change the game beyond chance, and some do not.
    assert!(standing.len() >= 5, "{standing:?}");
    assert!(!nothing.is_empty(), "{nothing:?}");
    assert!(
        chaotic >= 20,
        "{chaotic} disagreements with a chaotic baseline"
    );
    // Sungka's sample games go on round after round to the limit.
    assert!(capped_sungka > 0);
}

/// One draw changed: the same game up to the move where the draw is
/// changed, then (where the player had a choice) another move there.
#[test]
fn a_changed_draw_changes_one_choice_of_the_same_game() {
    let packs = PackSet::builtin();
    let umum = &packs.get("umum").expect("umum").rules;
    let mut differ = 0;
    for seed in 1..=40 {
        let game = congklak::sample_game(umum, seed);
        // Changed at a move past the end: the same game.
        let (same, changed) = congklak::changed_draw(umum, seed, game.moves.len() + 1);
        assert!(!changed);
        assert_eq!(same, game.outcome);
        let (other, changed) = congklak::changed_draw(umum, seed, 0);
        if changed {
            differ += usize::from(other != game.outcome);
        } else {
            assert_eq!(other, game.outcome, "seed {seed}: no draw changed");
        }
        // The same seed and move give the same game every time.
        assert_eq!(
            congklak::changed_draw(umum, seed, 3),
            congklak::changed_draw(umum, seed, 3)
        );
    }
    assert!(differ >= 20, "{differ} of 40 changed games ended otherwise");
}
