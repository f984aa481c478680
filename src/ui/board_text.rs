//! The board and its turns in words: the players' and places' names, a
//! game's result and why it ended, and each turn from its events (the
//! summary for the live region and reduced motion, the step-by-step log).
//! What the board shows is [`crate::game::board_view::BoardView`].

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, trf, trn, Lang};
use congklak::{Event, PerPlayer, Place, Player};

/// A player's display name.
pub fn player_name(lang: Lang, p: Player) -> &'static str {
    match p {
        Player::A => tr(lang, k::PLAYER_A),
        Player::B => tr(lang, k::PLAYER_B),
    }
}

/// A place's name, for summaries and previews.
pub fn place_name(lang: Lang, place: Place) -> String {
    match place {
        Place::Store { side } => trf(lang, k::PLACE_STORE, &[&player_name(lang, side)]),
        Place::Hole { side, hole } => trf(lang, k::PLACE_HOLE, &[&player_name(lang, side), &hole]),
    }
}

/// A game's result: "Player A wins, 52 to 46" or a draw.
pub fn result_text(lang: Lang, o: &congklak::Outcome) -> String {
    match o.winner {
        Some(p) => trf(
            lang,
            k::RESULT_WIN,
            &[&player_name(lang, p), &o.scores[p], &o.scores[p.other()]],
        ),
        None => trf(
            lang,
            k::RESULT_DRAW,
            &[&o.scores[Player::A], &o.scores[Player::B]],
        ),
    }
}

/// A finished game in words for the player: who won and by how much,
/// speaking to `you` (the person playing the computer, if any: "You
/// won" or "The computer won"), then why play ended.
pub fn end_text(
    lang: Lang,
    o: &congklak::Outcome,
    rules: &congklak::Rules,
    you: Option<Player>,
) -> String {
    use congklak::EndCause;
    if let EndCause::Resigned(p) = o.cause {
        let result = match you {
            Some(you) if you == p => tr(lang, k::RESULT_YOU_RESIGNED).to_string(),
            Some(_) => tr(lang, k::RESULT_COMPUTER_RESIGNED).to_string(),
            None => trf(
                lang,
                k::RESULT_RESIGNED,
                &[&player_name(lang, p), &player_name(lang, p.other())],
            ),
        };
        let seeds = trf(
            lang,
            k::END_RESIGNED,
            &[
                &player_name(lang, Player::A),
                &o.scores[Player::A],
                &player_name(lang, Player::B),
                &o.scores[Player::B],
            ],
        );
        return format!("{result}. {seeds}");
    }
    let result = match (o.winner, you) {
        (Some(w), Some(you)) => trf(
            lang,
            if w == you {
                k::RESULT_YOU_WON
            } else {
                k::RESULT_YOU_LOST
            },
            &[&o.scores[w], &o.scores[w.other()]],
        ),
        _ => result_text(lang, o),
    };
    let why = match o.cause {
        EndCause::LastRound if rules.rounds == congklak::Rounds::Several => {
            trf(lang, k::END_ROUNDS, &[&rules.max_rounds])
        }
        EndCause::LastRound => {
            let stops = rules
                .value("end_when")
                .map(|v| crate::ui::pack_text::reading_words(lang, "end_when", &v))
                .unwrap_or_default();
            trf(lang, k::END_LAST, &[&stops])
        }
        EndCause::MoreThanHalf => trf(
            lang,
            k::END_HALF,
            &[&player_name(lang, o.winner.unwrap_or(Player::A))],
        ),
        EndCause::OutOfSeeds(p) => trf(lang, k::END_OUT, &[&player_name(lang, p)]),
        EndCause::RoundLimit => tr(lang, k::END_ROUND_LIMIT).to_string(),
        EndCause::MoveLimit => tr(lang, k::END_MOVE_LIMIT).to_string(),
        EndCause::Resigned(_) => unreachable!("said above"),
    };
    format!("{result}. {why}")
}

/// Whether these events end the game.
fn ends_game(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::GameEnd { .. }))
}

/// A written summary of a turn from its events: for the live region and for
/// reduced motion.
pub fn summary(lang: Lang, events: &[Event]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut relays = [0u32; 2];
    let mut forfeits = 0;
    let mut scoops: Vec<(Player, u8)> = Vec::new();
    for e in events {
        match e {
            Event::Scoop {
                player,
                from: Place::Hole { hole, .. },
                ..
            } => scoops.push((*player, *hole)),
            Event::Relay { player, .. } => relays[player.index()] += 1,
            Event::BurntForfeit { .. } => forfeits += 1,
            _ => {}
        }
    }
    let both = scoops.len() >= 2
        && scoops[0].0 == Player::A
        && scoops[1].0 == Player::B
        && matches!(events.first(), Some(Event::Scoop { .. }))
        && matches!(events.get(1), Some(Event::Scoop { .. }));
    if both {
        parts.push(trf(lang, k::SUM_BOTH, &[&scoops[0].1, &scoops[1].1]));
    } else if let Some((p, k)) = scoops.first() {
        parts.push(trf(lang, k::SUM_SOW, &[&player_name(lang, *p), k]));
    }
    for p in Player::BOTH {
        if relays[p.index()] > 0 {
            let r = trn(lang, k::SUM_RELAYS, relays[p.index()]);
            parts.push(if both {
                format!("{}: {r}", player_name(lang, p))
            } else {
                r
            });
        }
    }
    if forfeits > 0 {
        parts.push(trf(lang, k::SUM_FORFEIT, &[&forfeits]));
    }
    for e in events {
        match e {
            Event::Capture { player, seeds, .. } => parts.push(trf(
                lang,
                k::SUM_CAPTURE,
                &[&player_name(lang, *player), seeds],
            )),
            Event::ExtraTurn { player } => {
                parts.push(trf(lang, k::SUM_EXTRA, &[&player_name(lang, *player)]))
            }
            Event::Pass { player } => {
                parts.push(trf(lang, k::SUM_PASS, &[&player_name(lang, *player)]))
            }
            Event::EndlessSowing { .. } => parts.push(tr(lang, k::SUM_ENDLESS).to_string()),
            // The round that ends the game is the game's end.
            Event::RoundEnd { .. } if ends_game(events) => {}
            Event::RoundEnd { round, .. } => parts.push(trf(lang, k::SUM_ROUND, &[round])),
            Event::GameEnd { .. } => parts.push(tr(lang, k::SUM_GAME).to_string()),
            _ => {}
        }
    }
    let mut text = parts.join("; ");
    text.push('.');
    text
}

/// A turn in words: one move as [`summary`] says it; a turn of several
/// moves (the player moved again after ending in the lumbung) as one
/// sentence over all of them: the holes sown in order, the relays
/// (sambung), the seeds captured (menembak) and banked, and how play
/// stopped if it did.
pub fn turn_summary(lang: Lang, moves: &[Vec<Event>]) -> String {
    let many = match moves {
        [] => return String::new(),
        [one] => return summary(lang, one),
        many => many,
    };
    let mut holes: Vec<u8> = Vec::new();
    let mut mover = None;
    let (mut relays, mut captured) = (0u32, 0u32);
    let mut banked = PerPlayer::<u32>::default();
    let mut ends = Vec::new();
    for e in many.iter().flatten() {
        match e {
            Event::Scoop {
                player,
                from: Place::Hole { hole, .. },
                ..
            } => {
                mover.get_or_insert(*player);
                holes.push(*hole);
            }
            Event::Relay { .. } => relays += 1,
            Event::Capture { seeds, .. } => captured += u32::from(*seeds),
            Event::RoundEnd { .. } if ends_game(many.last().map_or(&[][..], |m| m)) => {}
            Event::RoundEnd { round, .. } => ends.push(trf(lang, k::SUM_ROUND, &[round])),
            Event::GameEnd { .. } => ends.push(tr(lang, k::SUM_GAME).to_string()),
            _ => {}
        }
        let _ = step_text(lang, e, &mut banked);
    }
    let Some(mover) = mover else {
        return summary(lang, many.last().map_or(&[][..], |m| m.as_slice()));
    };
    let holes: Vec<String> = holes.iter().map(|h| h.to_string()).collect();
    let mut parts = vec![trf(
        lang,
        k::SUM_TURN,
        &[&player_name(lang, mover), &many.len(), &holes.join(", ")],
    )];
    if relays > 0 {
        parts.push(trn(lang, k::SUM_RELAYS, relays));
    }
    if captured > 0 {
        parts.push(trf(lang, k::SUM_TURN_CAPTURED, &[&captured]));
    }
    parts.push(trf(lang, k::SUM_TURN_BANKED, &[&banked[mover]]));
    parts.extend(ends);
    let mut text = parts.join("; ");
    text.push('.');
    text
}

/// A line of the step-by-step view of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// One step.
    Step(String),
    /// One move of a turn of several: the move in words, and its steps
    /// (folded under it).
    Move(String, Vec<String>),
}

/// The step-by-step view of a turn: a turn of one move as its steps
/// ([`turn_steps`]); a turn of several moves grouped by move (a line a
/// move, its steps under it), then what each player banked in the turn.
pub fn turn_log(lang: Lang, moves: &[Vec<Event>]) -> Vec<LogLine> {
    let mut whole = turn_steps(lang, &moves.concat());
    if moves.len() <= 1 {
        return whole.into_iter().map(LogLine::Step).collect();
    }
    let total = whole.pop();
    moves
        .iter()
        .map(|m| {
            let mut steps = turn_steps(lang, m);
            steps.pop();
            LogLine::Move(summary(lang, m), steps)
        })
        .chain(total.map(LogLine::Step))
        .collect()
}

/// A turn step by step, one line a step, in the order things happened:
/// the hole taken, each relay (sambung), a capture (menembak), an extra
/// turn, where the move stopped, seeds banked at the end of play, and what
/// each player banked in the turn.
pub fn turn_steps(lang: Lang, events: &[Event]) -> Vec<String> {
    let mut banked = PerPlayer::<u32>::default();
    let mut steps: Vec<String> = events
        .iter()
        .filter_map(|e| step_text(lang, e, &mut banked))
        .collect();
    if !steps.is_empty() {
        steps.push(trf(
            lang,
            k::LOG_BANKED,
            &[
                &player_name(lang, Player::A),
                &banked[Player::A],
                &player_name(lang, Player::B),
                &banked[Player::B],
            ],
        ));
    }
    steps
}

/// One event of a turn in words, if it is a step of its own; counts into
/// `banked` what each store gained.
fn step_text(lang: Lang, e: &Event, banked: &mut PerPlayer<u32>) -> Option<String> {
    match e {
        Event::Scoop {
            player,
            from: Place::Hole { hole, .. },
            seeds,
        } => Some(trf(
            lang,
            k::LOG_SCOOP,
            &[&player_name(lang, *player), seeds, hole],
        )),
        Event::Sow {
            player,
            to: Place::Store { .. },
        } => {
            banked[*player] += 1;
            None
        }
        Event::Relay { from, seeds, .. } => {
            Some(trf(lang, k::LOG_RELAY, &[&place_name(lang, *from), seeds]))
        }
        Event::Capture {
            player,
            landing,
            from,
            seeds,
        } => {
            banked[*player] += *seeds as u32;
            Some(trf(
                lang,
                k::LOG_CAPTURE,
                &[&place_name(lang, *landing), &place_name(lang, *from), seeds],
            ))
        }
        Event::ExtraTurn { player } => {
            Some(trf(lang, k::LOG_EXTRA, &[&player_name(lang, *player)]))
        }
        Event::Stop { at, .. } => Some(trf(lang, k::LOG_STOP, &[&place_name(lang, *at)])),
        Event::BurntForfeit { at, to, .. } => Some(match to {
            Some(p) => {
                banked[*p] += 1;
                trf(
                    lang,
                    k::LOG_FORFEIT,
                    &[&place_name(lang, *at), &player_name(lang, *p)],
                )
            }
            None => trf(lang, k::LOG_FORFEIT_LOST, &[&place_name(lang, *at)]),
        }),
        Event::Pass { player } => Some(trf(lang, k::SUM_PASS, &[&player_name(lang, *player)])),
        Event::EndlessSowing { .. } => Some(tr(lang, k::SUM_ENDLESS).to_string()),
        Event::Bank { side, to, seeds } => {
            banked[*to] += *seeds as u32;
            Some(trf(
                lang,
                k::LOG_BANK,
                &[seeds, &player_name(lang, *side), &player_name(lang, *to)],
            ))
        }
        Event::RoundEnd { round, .. } => Some(trf(lang, k::SUM_ROUND, &[round])),
        Event::GameEnd { .. } => Some(tr(lang, k::SUM_GAME).to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board_view::BoardView;
    use congklak::{Move, Position, Rules};

    #[test]
    fn a_turn_of_several_moves_is_logged_a_line_a_move_with_its_steps_under_it() {
        let rules = Rules::default();
        let mut pos = congklak::Position::new(&rules);
        // Moves until one ends in the mover's lumbung and the mover goes on.
        let mut moves: Vec<Vec<Event>> = Vec::new();
        for n in 0..200usize {
            let legal = pos.legal_moves(&rules);
            let events = pos.play(&rules, legal[n * 5 % legal.len()]).unwrap().events;
            let again = events.iter().any(|e| matches!(e, Event::ExtraTurn { .. }));
            moves.push(events);
            if !again && moves.len() >= 2 {
                break;
            }
            if !again {
                moves.clear();
            }
        }
        assert!(moves.len() >= 2);
        let log = turn_log(Lang::En, &moves);
        assert_eq!(log.len(), moves.len() + 1);
        for (line, m) in log.iter().zip(&moves) {
            let LogLine::Move(said, steps) = line else {
                panic!("{line:?}");
            };
            assert_eq!(said, &summary(Lang::En, m));
            assert!(!steps.is_empty() && steps.iter().all(|s| !s.starts_with("Banked")));
        }
        let whole = turn_steps(Lang::En, &moves.concat());
        assert_eq!(
            log.last(),
            Some(&LogLine::Step(whole.last().unwrap().clone()))
        );
        // One move: its steps, as before.
        let one = turn_log(Lang::En, &moves[..1]);
        assert_eq!(
            one,
            turn_steps(Lang::En, &moves[0])
                .into_iter()
                .map(LogLine::Step)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_move_that_ends_a_game_says_the_game_ends_not_a_round() {
        let rules = Rules::default();
        let mut pos = congklak::Position::new(&rules);
        let mut last = Vec::new();
        let mut n = 0usize;
        while !pos.is_over() {
            let legal = pos.legal_moves(&rules);
            last = pos.play(&rules, legal[n * 7 % legal.len()]).unwrap().events;
            n += 1;
        }
        for lang in [Lang::En, Lang::Id] {
            let said = summary(lang, &last);
            assert!(said.contains(tr(lang, k::SUM_GAME)), "{said}");
            assert!(!said.contains(&trf(lang, k::SUM_ROUND, &[&1])), "{said}");
            let turn = turn_summary(lang, &[vec![], last.clone()]);
            assert!(!turn.contains(&trf(lang, k::SUM_ROUND, &[&1])), "{turn}");
        }
    }

    #[test]
    fn the_end_of_a_game_speaks_to_the_player_and_says_why_play_ended() {
        let packs = congklak::PackSet::builtin();
        let umum = &packs.get("umum").expect("umum").rules;
        let mut pos = Position::new(umum);
        let mut rng = congklak::RandomPlayer::new(3);
        let mut buf = Vec::new();
        while let Some(mv) = rng.choose(&pos, umum, &mut buf) {
            pos.play_fast(umum, mv).unwrap();
        }
        let o = pos.outcome().unwrap();
        let w = o.winner.expect("seed 3 has a winner");
        let (hi, lo) = (o.scores[w], o.scores[w.other()]);
        assert_eq!(
            end_text(Lang::En, &o, umum, Some(w)),
            format!("You won, {hi} to {lo}. Play stops when the player to move has no seeds on their side.")
        );
        assert!(end_text(Lang::En, &o, umum, Some(w.other()))
            .starts_with(&format!("The computer won, {hi} to {lo}. ")));
        assert!(end_text(Lang::En, &o, umum, None).starts_with(&format!(
            "{} wins, {hi} to {lo}. ",
            player_name(Lang::En, w)
        )));
        assert_eq!(
            end_text(Lang::Id, &o, umum, Some(w)),
            format!("Kamu menang, {hi} lawan {lo}. Permainan berhenti ketika pemain yang mendapat giliran tidak punya biji di sisinya.")
        );
        // A game of rounds that ends when a player cannot go on names them.
        let out = congklak::Outcome {
            cause: congklak::EndCause::OutOfSeeds(Player::B),
            ..o
        };
        assert!(end_text(Lang::En, &out, umum, None)
            .ends_with("Player B has too few seeds left to fill a hole for another round."));
    }

    #[test]
    fn one_relay_reads_once_and_several_read_a_count() {
        let rules = Rules::default();
        let (mut once, mut several) = (false, false);
        // Every turn of the first two moves from the opening.
        let mut turns = Vec::new();
        for a in 1..=7u8 {
            let mut p1 = Position::new(&rules);
            let Ok(t1) = p1.play(&rules, Move::Hole(a)) else {
                continue;
            };
            turns.push(t1.events);
            for b in 1..=7u8 {
                let mut p2 = p1;
                if let Ok(t2) = p2.play(&rules, Move::Hole(b)) {
                    turns.push(t2.events);
                }
            }
        }
        for events in turns {
            let n = events
                .iter()
                .filter(|e| matches!(e, Event::Relay { .. }))
                .count();
            let text = summary(Lang::En, &events);
            if n == 1 {
                once = true;
                assert!(text.contains("relays once"), "{text}");
            } else if n > 1 {
                several = true;
                assert!(text.contains(&format!("relays {n} times")), "{text}");
            }
        }
        assert!(once && several, "both cases met in the first two moves");
    }

    #[test]
    fn the_turn_steps_bank_what_the_stores_gained() {
        // Over many turns the steps' banked figures are the stores' gains,
        // and there is one step per relay and per capture.
        let rules = Rules::default();
        for first in 1..=7u8 {
            let mut pos = Position::new(&rules);
            let mut mv = first;
            for _ in 0..30 {
                if pos.is_over() {
                    break;
                }
                let legal = pos.legal_holes(
                    &rules,
                    match pos.to_move() {
                        Some(congklak::ToMove::One(p)) => p,
                        _ => break,
                    },
                );
                let k = legal[(mv as usize) % legal.len()];
                mv = mv.wrapping_mul(3).wrapping_add(1);
                let before = [pos.store(Player::A), pos.store(Player::B)];
                let turn = pos.play(&rules, Move::Hole(k)).unwrap();
                let steps = turn_steps(Lang::En, &turn.events);
                let last = steps.last().unwrap();
                let gained = [
                    pos.store(Player::A) - before[0],
                    pos.store(Player::B) - before[1],
                ];
                assert_eq!(
                    last,
                    &format!(
                        "Banked this turn: Player A {}, Player B {}.",
                        gained[0], gained[1]
                    )
                );
                let relays = turn
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Relay { .. }))
                    .count();
                let captures = turn
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Capture { .. }))
                    .count();
                assert_eq!(
                    steps.iter().filter(|s| s.contains("sambung")).count(),
                    relays
                );
                assert_eq!(
                    steps.iter().filter(|s| s.contains("menembak")).count(),
                    captures
                );
            }
        }
    }

    #[test]
    fn frames_end_on_the_engine_position() {
        let rules = Rules::default();
        let mut pos = Position::new(&rules);
        for mv in [1u8, 3, 2] {
            let start = BoardView::of(&pos);
            let turn = pos.play(&rules, Move::Hole(mv)).unwrap();
            let frames = BoardView::frames(&start, &turn.events);
            let last = frames.last().unwrap();
            assert_eq!(last.cells(), pos.cells());
            assert_eq!(last, &BoardView::of(&pos));
            assert!(!summary(Lang::En, &turn.events).is_empty());
        }
    }
}
