//! The play page's example turn: one move under the common rules that the
//! page plays by itself, a step at a time (the sowing, each relay, the
//! capture), with a sentence for each step, Pause and Next, and the lessons
//! offered at its end.
//!
//! The move and its steps are the engine's: [`Tape`] (plain Rust, tested
//! natively) cuts the engine's events of the move into steps and keeps the
//! board after each visible event; [`ExampleTurn`] shows the tape.

use crate::game::board_view::BoardView;
use crate::game::lessons::{Claim, StartBoard};
use crate::game::state::packs;
use crate::texts::i18n::k;
use crate::texts::i18n::{t, tr, trf, use_lang, Lang};
use crate::ui::board::Board;
use crate::ui::board_text::{place_name, player_name};
use congklak::{Event, Move, Place, Player, Position, Rules};
use leptos::prelude::*;
use std::time::Duration;

/// The example's board: umum on five holes a side, Player A to move.
const BOARD: StartBoard = StartBoard {
    a: &[0, 0, 3, 0, 2],
    b: &[1, 2, 2, 0, 3],
    stores: [6, 5],
};
/// The hole A plays: its two seeds relay twice and end in a capture.
const HOLE: u8 = 5;

/// What a step of the move is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The seeds of a hole taken up and sown.
    Sow {
        /// The hole.
        hole: u8,
        /// Its seeds.
        seeds: u16,
    },
    /// The last seed fell in a hole that held seeds: they are lifted and sown on.
    Relay {
        /// That hole.
        from: Place,
        /// The seeds lifted (the last seed with them).
        seeds: u16,
    },
    /// The last seed fell in an empty hole of the mover's: the facing seeds are taken.
    Capture {
        /// Where the last seed fell.
        landing: Place,
        /// The facing hole.
        from: Place,
        /// Seeds that went to the store.
        seeds: u16,
    },
    /// The last seed fell in the mover's store: another move.
    ExtraTurn,
    /// The last seed fell in an empty hole and the move ends.
    Stop {
        /// Where.
        at: Place,
    },
}

/// One frame of the tape: the board, and the step it belongs to (`None`:
/// the board before the move).
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The step shown, by index into [`Tape::steps`].
    pub step: Option<usize>,
    /// The board.
    pub view: BoardView,
}

/// The example move cut into steps, with the board after every visible event.
#[derive(Clone, Debug, PartialEq)]
pub struct Tape {
    /// The rules it is played under (for the board's look).
    pub rules: Rules,
    /// The hole played.
    pub hole: u8,
    /// The steps in order.
    pub steps: Vec<StepKind>,
    /// Every frame: the start first, then each step's boards in order.
    pub frames: Vec<Frame>,
    /// Who moves after the turn.
    pub next: Option<Player>,
    /// Seeds that reached the mover's store during the turn.
    pub banked: u16,
}

impl Tape {
    /// The example's tape: the engine plays the move.
    pub fn example() -> Tape {
        let rules = packs()
            .get("umum")
            .expect("the common reading is built in")
            .rules
            .with_clause("holes", "5")
            .expect("five holes a side are valid");
        let start =
            Position::from_setup(&rules, &BOARD.setup()).expect("the example's board is valid");
        Tape::of(rules, start, HOLE)
    }

    /// The tape of Player A's move from `hole` in `start`.
    pub fn of(rules: Rules, start: Position, hole: u8) -> Tape {
        let mut after = start;
        let turn = after
            .play(&rules, Move::Hole(hole))
            .expect("the example's move is legal");
        let mut board = BoardView::of(&start);
        let mut frames = vec![Frame {
            step: None,
            view: board.clone(),
        }];
        let mut steps: Vec<StepKind> = Vec::new();
        for e in &turn.events {
            let kind = match *e {
                Event::Scoop {
                    from: Place::Hole { hole, .. },
                    seeds,
                    ..
                } => Some(StepKind::Sow { hole, seeds }),
                Event::Relay { from, seeds, .. } => Some(StepKind::Relay { from, seeds }),
                Event::Capture {
                    landing,
                    from,
                    seeds,
                    ..
                } => Some(StepKind::Capture {
                    landing,
                    from,
                    seeds,
                }),
                // After a capture, the move's end is the capture's step.
                Event::ExtraTurn { .. }
                    if !matches!(steps.last(), Some(StepKind::Capture { .. })) =>
                {
                    Some(StepKind::ExtraTurn)
                }
                Event::Stop { at, .. }
                    if !matches!(steps.last(), Some(StepKind::Capture { .. })) =>
                {
                    Some(StepKind::Stop { at })
                }
                _ => None,
            };
            let new_step = kind.is_some();
            if let Some(k) = kind {
                steps.push(k);
            }
            let visible = board.apply(e);
            if (visible || new_step) && !steps.is_empty() {
                frames.push(Frame {
                    step: Some(steps.len() - 1),
                    view: board.clone(),
                });
            }
        }
        // The end of the move: the hand's mark gone, the engine's board.
        board.clear_focus();
        if let Some(last) = frames.last_mut() {
            last.view = board;
        }
        // Who moves next and what was banked, as the lessons read them.
        let claim = Claim::of(&turn, Player::A, &after);
        Tape {
            rules,
            hole,
            steps,
            frames,
            next: claim.next,
            banked: claim.banked,
        }
    }

    /// The last frame of the step that frame `i` shows.
    pub fn end_of_step(&self, i: usize) -> usize {
        let step = self.frames[i].step;
        let mut j = i;
        while j + 1 < self.frames.len() && self.frames[j + 1].step == step {
            j += 1;
        }
        j
    }

    /// Where Next goes from frame `i`: the end of the step shown, or when
    /// that is shown already, the end of the next step.
    pub fn next_stop(&self, i: usize) -> usize {
        let end = self.end_of_step(i);
        if end > i || end + 1 >= self.frames.len() {
            end
        } else {
            self.end_of_step(end + 1)
        }
    }

    /// Whether frame `i` ends the move.
    pub fn is_last(&self, i: usize) -> bool {
        i + 1 >= self.frames.len()
    }

    /// The step shown at frame `i` (`None`: the board before the move).
    pub fn step_at(&self, i: usize) -> Option<&StepKind> {
        self.frames[i].step.map(|s| &self.steps[s])
    }
}

/// What a step does, then the rule behind it, for a newcomer.
fn step_words(lang: Lang, step: &StepKind) -> (String, String) {
    let a = player_name(lang, Player::A);
    match *step {
        StepKind::Sow { hole, seeds } => (
            trf(lang, k::LOG_SCOOP, &[&a, &seeds, &hole]),
            tr(lang, k::EXAMPLE_RULE_SOW).to_string(),
        ),
        StepKind::Relay { from, seeds } => (
            trf(lang, k::LOG_RELAY, &[&place_name(lang, from), &seeds]),
            tr(lang, k::EXAMPLE_RULE_RELAY).to_string(),
        ),
        StepKind::Capture {
            landing,
            from,
            seeds,
        } => (
            trf(
                lang,
                k::LOG_CAPTURE,
                &[&place_name(lang, landing), &place_name(lang, from), &seeds],
            ),
            tr(lang, k::EXAMPLE_RULE_CAPTURE).to_string(),
        ),
        StepKind::ExtraTurn => (
            trf(lang, k::LOG_EXTRA, &[&a]),
            tr(lang, k::EXAMPLE_RULE_EXTRA).to_string(),
        ),
        StepKind::Stop { at } => (
            trf(lang, k::LOG_STOP, &[&place_name(lang, at)]),
            tr(lang, k::EXAMPLE_RULE_STOP).to_string(),
        ),
    }
}

/// Time a seed's frame shows while the example plays.
const DROP: Duration = Duration::from_millis(420);
/// Time a step's end shows, to read its sentence, before the next step.
const READ: Duration = Duration::from_millis(2600);
/// Time the board before the move shows.
const FIRST: Duration = Duration::from_millis(1800);

/// The example turn, playing by itself from the moment it is shown.
#[component]
pub fn ExampleTurn() -> impl IntoView {
    let lang = use_lang();
    let tape = StoredValue::new(Tape::example());
    let last = tape.with_value(|t| t.frames.len() - 1);
    let cursor = RwSignal::new(0usize);
    let playing = RwSignal::new(true);
    // Each run of the timer belongs to one epoch: a click (Pause, Next,
    // Again) starts another, and the old run's tick finds itself stale.
    let epoch = StoredValue::new(0u32);
    let shown = Signal::derive(move || tape.with_value(|t| t.frames[cursor.get()].view.clone()));
    let presentation = Signal::derive(move || {
        packs()
            .get("umum")
            .map(|p| p.presentation)
            .unwrap_or(crate::game::state::COMMON_LOOK)
    });

    fn schedule(
        cursor: RwSignal<usize>,
        playing: RwSignal<bool>,
        epoch: StoredValue<u32>,
        tape: StoredValue<Tape>,
    ) {
        let Some(e) = epoch.try_get_value() else {
            return;
        };
        let Some(i) = cursor.try_get_untracked() else {
            return;
        };
        if !playing.get_untracked() {
            return;
        }
        let (wait, at_end) = tape.with_value(|t| {
            let wait = if i == 0 {
                FIRST
            } else if t.end_of_step(i) == i {
                READ
            } else {
                DROP
            };
            (wait, t.is_last(i))
        });
        if at_end {
            let _ = playing.try_set(false);
            return;
        }
        set_timeout(
            move || {
                if epoch.try_get_value() != Some(e) || !playing.try_get_untracked().unwrap_or(false)
                {
                    return;
                }
                let _ = cursor.try_set(i + 1);
                schedule(cursor, playing, epoch, tape);
            },
            wait,
        );
    }
    let restart_timer = move || {
        epoch.update_value(|e| *e += 1);
        schedule(cursor, playing, epoch, tape);
    };
    // Under reduced motion the board moves a step at a time, by Next.
    let reduced = super::reduced_motion();
    if reduced {
        playing.set(false);
    }
    Effect::new(move |first: Option<()>| {
        if first.is_none() {
            restart_timer();
        }
    });
    let toggle = move |_| {
        if cursor.get_untracked() == last {
            cursor.set(0);
            playing.set(true);
        } else {
            playing.update(|p| *p = !*p);
        }
        restart_timer();
    };
    let next = move |_| {
        let to = tape.with_value(|t| t.next_stop(cursor.get_untracked()));
        cursor.set(to);
        restart_timer();
    };
    let caption = move || {
        let lang = lang.get();
        let i = cursor.get();
        tape.with_value(|t| match t.step_at(i) {
            None => (
                trf(
                    lang,
                    k::EXAMPLE_START,
                    &[&player_name(lang, Player::A), &t.hole],
                ),
                tr(lang, k::EXAMPLE_RULE_START).to_string(),
            ),
            Some(step) => step_words(lang, step),
        })
    };
    let count = tape.with_value(|t| t.steps.len());
    let step_line = move || {
        let i = cursor.get();
        match tape.with_value(|t| t.frames[i].step) {
            None => tr(lang.get(), k::EXAMPLE_BEFORE).to_string(),
            Some(s) => trf(lang.get(), k::EXAMPLE_STEP, &[&(s + 1), &count]),
        }
    };
    let end_line = move || {
        let lang = lang.get();
        tape.with_value(|t| {
            let next = t
                .next
                .map(|p| trf(lang, k::LEARN_CLAIM_NEXT, &[&player_name(lang, p)]))
                .unwrap_or_default();
            trf(
                lang,
                k::EXAMPLE_END,
                &[&player_name(lang, Player::A), &t.banked, &next],
            )
        })
    };
    let at_end = move || cursor.get() == last;
    view! {
        <article class="example-turn" data-testid="example-turn"
            data-step=move || tape.with_value(|t| t.frames[cursor.get()].step.map_or(0, |s| s + 1))
            data-playing=move || playing.get().to_string()>
            <h2>{t(lang, k::EXAMPLE_TITLE)}</h2>
            // The words first, so that on a phone they stay on screen above
            // the board while it moves.
            <div class="example-caption" role="status" data-testid="example-caption">
                <p class="example-step" data-testid="example-step">{step_line}</p>
                <p class="example-what" data-testid="example-what">{move || caption().0}</p>
                <p class="example-why">{move || caption().1}</p>
            </div>
            <div class="controls example-controls">
                <button class="btn" data-testid="example-play" on:click=toggle>
                    {move || tr(lang.get(), if at_end() { k::EXAMPLE_AGAIN } else if playing.get() { k::EXAMPLE_PAUSE } else { k::EXAMPLE_PLAY })}
                </button>
                <button class="btn" data-testid="example-next" on:click=next disabled=at_end>{t(lang, k::EXAMPLE_NEXT)}</button>
            </div>
            {move || at_end().then(|| view! {
                <div class="example-done" data-testid="example-done">
                    <p>{end_line}</p>
                    <p><a class="btn primary" data-testid="example-lessons"
                        href=lang.get_untracked().path("/learn")>{t(lang, k::EXAMPLE_LESSONS)}</a></p>
                </div>
            })}
            <div class="board-wrap">
                <Board view=shown presentation=presentation lang=lang numbered=true id="example".to_string()/>
            </div>
            <p class="example-rules">{t(lang, k::EXAMPLE_RULES)}</p>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::install_packs;
    use congklak::PackSet;

    /// The example's tape, with the packs the app plays installed.
    fn tape() -> Tape {
        install_packs(PackSet::builtin());
        Tape::example()
    }

    #[test]
    fn the_example_sows_relays_and_captures_in_that_order() {
        let tape = tape();
        assert!(matches!(
            tape.steps[0],
            StepKind::Sow {
                hole: HOLE,
                seeds: 2
            }
        ));
        let relays = tape
            .steps
            .iter()
            .filter(|s| matches!(s, StepKind::Relay { .. }))
            .count();
        assert!(relays >= 1, "{:?}", tape.steps);
        assert!(
            matches!(tape.steps.last(), Some(StepKind::Capture { .. })),
            "{:?}",
            tape.steps
        );
        assert_eq!(tape.next, Some(Player::B));
    }

    #[test]
    fn the_tape_ends_on_the_engines_board_and_every_step_has_a_frame() {
        let tape = tape();
        let setup = BOARD.setup();
        let mut after = Position::from_setup(&tape.rules, &setup).unwrap();
        after.play(&tape.rules, Move::Hole(HOLE)).unwrap();
        assert_eq!(tape.frames.last().unwrap().view, BoardView::of(&after));
        for s in 0..tape.steps.len() {
            assert!(
                tape.frames.iter().any(|f| f.step == Some(s)),
                "step {s} has no frame"
            );
        }
        // Steps follow one another: a frame never goes back to an earlier step.
        let order: Vec<_> = tape.frames.iter().map(|f| f.step).collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    }

    #[test]
    fn next_goes_to_each_steps_end_then_stays_at_the_last() {
        let tape = tape();
        let mut i = 0;
        let mut seen = Vec::new();
        while !tape.is_last(i) {
            let to = tape.next_stop(i);
            assert!(to > i);
            assert_eq!(tape.end_of_step(to), to);
            seen.push(tape.frames[to].step);
            i = to;
        }
        assert_eq!(
            seen,
            (0..tape.steps.len()).map(Some).collect::<Vec<_>>(),
            "Next shows every step once, in order"
        );
        assert_eq!(tape.next_stop(i), i);
        // From inside a step, Next finishes it.
        if let Some(mid) = (1..tape.frames.len()).find(|&j| tape.end_of_step(j) > j) {
            assert_eq!(tape.next_stop(mid), tape.end_of_step(mid));
        }
    }

    #[test]
    fn the_captured_and_banked_seeds_are_the_engines() {
        let tape = tape();
        let setup = BOARD.setup();
        let start = Position::from_setup(&tape.rules, &setup).unwrap();
        let mut after = start;
        after.play(&tape.rules, Move::Hole(HOLE)).unwrap();
        let gained =
            BoardView::of(&after).store(Player::A) - BoardView::of(&start).store(Player::A);
        assert_eq!(u32::from(tape.banked), gained as u32);
    }
}
