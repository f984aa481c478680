//! The play page's game flow, in plain Rust: what a click means, whose move
//! the computer makes, the hidden picks of a simultaneous opening, undo and
//! redo over the computer's moves, the notice between rounds and the frames
//! of the turn being animated. The page renders a [`PlaySession`] and
//! reports clicks, timer ticks and the computer's answers to it; nothing here
//! touches the browser, so all of it is tested natively.
//!
//! The session keeps the position at the cursor and applies each move once
//! (only a jump of the cursor replays the record).

use crate::game::board_view::BoardView;
use crate::game::state::{Mode, PlayState};
use crate::jobs::search::{ComputerProblem, MoveRequest};
use congklak::{
    Event, IllegalMove, Level, Move, Outcome, Player, Position, RoundStanding, ToMove, Turn,
};
use std::collections::VecDeque;

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    /// Two people on one screen, or one against the computer.
    pub mode: Mode,
    /// Against the computer: the person's side.
    pub human: Player,
}

impl Seats {
    /// Whether the computer plays `p`.
    pub fn is_computer(self, p: Player) -> bool {
        self.mode == Mode::Computer && self.human != p
    }
}

/// The end of a round that did not end the game: the page shows it by the
/// board until the players go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundNotice {
    /// The round's standing, as the engine reads it from the turn that
    /// ended it: who won it, each side's seeds, the refill (holes filled,
    /// burnt and ngacang holes), who starts the next.
    pub standing: RoundStanding,
    /// The number of rounds agreed (the ruleset's `max_rounds`; 0: until a
    /// player cannot go on).
    pub of: u8,
}

/// What a click on a hole did.
#[derive(Clone, Debug, PartialEq)]
pub enum Picked {
    /// Nothing: not a hole that may be played now.
    Ignored,
    /// Held hidden until the other player has picked too (a simultaneous
    /// opening between two people).
    Hidden,
    /// A move was played.
    Played(Box<Turn>),
    /// The computer must pick its opening hole without seeing this one: ask
    /// it this, then give its answer to [`PlaySession::computer_answer`].
    AskComputer(Box<MoveRequest>),
}

/// A game being played or reviewed, with everything the page needs to draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySession {
    game: PlayState,
    position: Position,
    seats: Seats,
    /// A pick held hidden: player A's in a hotseat simultaneous opening, or
    /// the person's while the computer picks its own.
    hidden: Option<u8>,
    /// Waiting for the computer's answer.
    thinking: bool,
    /// The computer's answer, come while the move before it was still
    /// being shown: played once the board is still (see
    /// [`PlaySession::pending_due`]).
    pending: Option<u8>,
    /// Changes whenever the game changes (a move, undo, a new game), so
    /// that a late answer can tell it is stale; unlike `epoch`, skipping
    /// an animation keeps it.
    asked: u32,
    /// The computer could not answer (no worker, say): it is not asked
    /// again until the game or the seats change.
    stalled: bool,
    notice: Option<RoundNotice>,
    /// Frames of the turn being animated, the next one first.
    frames: VecDeque<BoardView>,
    /// The last move's events, for its written summary.
    last: Vec<Event>,
    /// The events of each move of the turn the last move belongs to (an
    /// extra turn is a move more in the same turn), for the turn's summary.
    turn: Vec<Vec<Event>>,
    /// Changes whenever a running animation or question is cut short, so a
    /// late timer or answer can tell it is stale.
    epoch: u32,
    /// Who made the last move and how many moves in a row they have made
    /// in this turn (an extra turn is a move more in the same turn).
    run: Option<(Player, u16)>,
    /// The rest of the computer's turn is shown at once (the person asked
    /// to skip to its end).
    rush: bool,
    /// The board at the end of a round, shown with the round's notice
    /// (before the holes are refilled for the next).
    round_end: Option<BoardView>,
    /// How long the move being shown may last, in ms (see [`allot`]).
    move_ms: u32,
    /// What is left of the computer's turn's time, in ms.
    turn_left: u32,
}

/// The shortest time a frame of an animation is shown, in ms.
const MIN_FRAME_MS: u32 = 12;

/// The longest a person's move is shown, in ms.
const PERSON_MOVE_MS: u32 = 3000;

/// The longest a whole turn of the computer's is shown, however many moves
/// it chains, in ms: with the person's move before it and the pauses, the
/// person waits less than 9 s.
const COMPUTER_TURN_MS: u32 = 4000;

/// Seeds a move of the computer's must capture or bank to be shown at a
/// pace a person can follow whatever came before it in the turn.
const NOTABLE_SEEDS: u32 = 5;

/// The time a move of the computer's may be shown, out of what is `left`
/// of its turn's: two fifths, three fifths for a move that captures or
/// banks at least [`NOTABLE_SEEDS`]. The first moves and the notable ones
/// are followed seed by seed; the rest of a long chain goes by quickly,
/// summarised in words after it; the whole turn never takes more than
/// [`COMPUTER_TURN_MS`].
fn allot(left: u32, notable: bool) -> u32 {
    left * if notable { 3 } else { 2 } / 5
}

/// The pause before the computer's `n`th move of a turn, in ms: 350 before
/// the first, then a quarter of the one before, so that the pauses of a
/// whole turn, however many moves it chains, add up to less than 0.5 s (a
/// pause of 350 ms before each of 36 chained moves was 12.6 s).
fn computer_pause_ms(n: u16) -> u32 {
    (350.0 * 0.25f64.powi(i32::from(n.saturating_sub(1)).min(60))) as u32
}

/// At most `most` (at least one) of `frames`, spread over them, the last
/// one kept.
fn thinned<T>(frames: Vec<T>, most: usize) -> VecDeque<T> {
    let (len, most) = (frames.len(), most.max(1));
    if len <= most {
        return frames.into();
    }
    frames
        .into_iter()
        .enumerate()
        .filter(|(i, _)| (i + 1) * most / len != i * most / len)
        .map(|(_, f)| f)
        .collect()
}

/// Who is doing what on the board now, for the status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    /// A person may pick (or the game is over, or being reviewed).
    Waiting,
    /// The computer is choosing its `n`th move of this turn.
    ComputerThinking(u16),
    /// The computer's `n`th move of this turn is being shown.
    ComputerPlaying(u16),
    /// A person's move is being shown.
    PersonPlaying,
}

impl PlaySession {
    /// A session on a game (at its cursor).
    pub fn new(game: PlayState, seats: Seats) -> PlaySession {
        let position = game.position();
        PlaySession {
            game,
            position,
            seats,
            hidden: None,
            thinking: false,
            pending: None,
            asked: 0,
            stalled: false,
            notice: None,
            frames: VecDeque::new(),
            last: Vec::new(),
            turn: Vec::new(),
            epoch: 0,
            run: None,
            rush: false,
            round_end: None,
            move_ms: PERSON_MOVE_MS,
            turn_left: COMPUTER_TURN_MS,
        }
    }

    /// The game: record, rules and cursor (for the link and the saved game).
    pub fn game(&self) -> &PlayState {
        &self.game
    }
    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Who plays which side.
    pub fn seats(&self) -> Seats {
        self.seats
    }
    /// Whether the computer is thinking.
    pub fn thinking(&self) -> bool {
        self.thinking
    }
    /// Whether a hidden pick waits for the other player's.
    pub fn has_hidden_pick(&self) -> bool {
        self.hidden.is_some()
    }
    /// The notice of a round's end, while it is shown.
    pub fn notice(&self) -> Option<&RoundNotice> {
        self.notice.as_ref()
    }
    /// The last turn's events.
    pub fn last_events(&self) -> &[Event] {
        &self.last
    }
    /// The events of each move of the last turn, in order: one move, or
    /// several when the player moved again after ending in the lumbung.
    pub fn turn_moves(&self) -> &[Vec<Event>] {
        &self.turn
    }
    /// How long each frame of the move being shown lasts, in ms, when the
    /// visitor's speed shows a frame every `frame_ms`. A person's move at
    /// that speed, all of it in at most [`PERSON_MOVE_MS`]. The computer's
    /// at twice the speed, each move in the time [`allot`] gives it: a
    /// whole turn of the computer's, however many moves it chains, is shown
    /// in at most about [`COMPUTER_TURN_MS`] (12 ms a frame at the fastest).
    pub fn frame_ms(&self, frame_ms: u32) -> u32 {
        let frames = self.frames.len().max(1) as u32;
        let each = match self.activity() {
            Activity::ComputerPlaying(_) => frame_ms / 2,
            _ => frame_ms,
        };
        each.min(self.move_ms / frames).max(MIN_FRAME_MS)
    }
    /// Whether a turn is being animated.
    pub fn animating(&self) -> bool {
        !self.frames.is_empty()
    }
    /// Frames of the animation still to show.
    pub fn frames_left(&self) -> usize {
        self.frames.len()
    }
    /// The animation's and question's generation (see [`Self::next_frame`]).
    pub fn epoch(&self) -> u32 {
        self.epoch
    }
    /// Whether the cursor is at the end of the record (not reviewing).
    pub fn at_end(&self) -> bool {
        self.game.cursor == self.game.record.moves.len()
    }
    /// What the board shows: the animation's frame, else the board at a
    /// round's end while its notice is up, else the position.
    pub fn shown(&self) -> BoardView {
        match (self.frames.front(), &self.round_end) {
            (Some(f), _) => f.clone(),
            (None, Some(end)) if self.notice.is_some() => end.clone(),
            _ => BoardView::of(&self.position),
        }
    }

    /// The notice of a round's end, once the turn that ended it has been
    /// shown (the board then shows that round's end).
    pub fn notice_shown(&self) -> Option<&RoundNotice> {
        self.notice.as_ref().filter(|_| !self.animating())
    }

    /// The number of the move in the current turn that the player to move
    /// would make next (1 for the first; an extra turn counts on).
    fn next_move_number(&self, p: Player) -> u16 {
        match self.run {
            Some((q, n)) if q == p && self.last_was_extra(p) => n + 1,
            _ => 1,
        }
    }

    /// Whether the last move ended in an extra turn for `p`.
    fn last_was_extra(&self, p: Player) -> bool {
        self.last
            .iter()
            .any(|e| matches!(e, Event::ExtraTurn { player } if *player == p))
    }

    /// Who is doing what now: the move being shown first (the computer
    /// may meanwhile think about its next), then the computer's thinking.
    pub fn activity(&self) -> Activity {
        if self.animating() {
            return match self.run {
                Some((p, n)) if self.seats.is_computer(p) => Activity::ComputerPlaying(n),
                _ => Activity::PersonPlaying,
            };
        }
        if self.thinking || self.pending.is_some() {
            return match self.position.to_move() {
                Some(ToMove::One(p)) => Activity::ComputerThinking(self.next_move_number(p)),
                _ => Activity::ComputerThinking(1),
            };
        }
        Activity::Waiting
    }

    /// The game's generation, for the computer's answers (see
    /// [`Self::computer_answer`]).
    pub fn question(&self) -> u32 {
        self.asked
    }

    /// Whether an answer the computer gave while a move was being shown
    /// can be played now (see [`Self::play_pending`]).
    pub fn pending_due(&self) -> bool {
        self.pending.is_some() && !self.animating() && self.notice.is_none()
    }

    /// Whether the rest of the computer's turn is shown at once.
    pub fn rushing(&self) -> bool {
        self.rush
    }

    /// The pause before the computer's next move, so that its turn can be
    /// followed (see [`computer_pause_ms`]); none while skipping to the end
    /// of its turn.
    pub fn computer_pause_ms(&self) -> u32 {
        match self.position.to_move() {
            _ if self.rush => 0,
            Some(ToMove::One(p)) => computer_pause_ms(self.next_move_number(p)),
            _ => computer_pause_ms(1),
        }
    }

    /// Changes who plays which side (the game stays).
    pub fn set_seats(&mut self, seats: Seats) {
        if seats != self.seats {
            self.seats = seats;
            self.interrupt();
        }
    }

    /// Whether the board waits for something other than a person's pick.
    fn busy(&self) -> bool {
        self.animating() || self.notice.is_some() || self.thinking || self.pending.is_some()
    }

    /// Whether the computer may be asked now: no question out and no
    /// answer held, no notice up, at the end of the record. The move
    /// before may still be being shown: the computer thinks meanwhile.
    fn may_ask(&self) -> bool {
        !self.thinking
            && self.pending.is_none()
            && self.notice.is_none()
            && !self.stalled
            && self.at_end()
    }

    /// The question for a hint: the move the computer would play at
    /// `level` for the person to move now (one player to move, not the
    /// computer), with the game's generation to tell a late answer.
    pub fn hint_question(&self, level: Level) -> Option<(u32, Player, MoveRequest)> {
        match self.position.to_move() {
            Some(ToMove::One(p)) if !self.legal_picks().is_empty() => {
                Some((self.asked, p, self.game.move_request(p, level)))
            }
            _ => None,
        }
    }

    /// The holes a person may pick now.
    pub fn legal_picks(&self) -> Vec<(Player, u8)> {
        if self.busy() {
            return Vec::new();
        }
        let sides: Vec<Player> = match self.position.to_move() {
            None => vec![],
            Some(ToMove::One(p)) if self.seats.is_computer(p) && self.at_end() => vec![],
            Some(ToMove::One(p)) => vec![p],
            Some(ToMove::Both) => match self.seats.mode {
                Mode::Computer => vec![self.seats.human],
                Mode::Hotseat if self.hidden.is_none() => vec![Player::A],
                Mode::Hotseat => vec![Player::B],
            },
        };
        let rules = &self.game.rules;
        sides
            .into_iter()
            .flat_map(|p| {
                self.position
                    .legal_holes(rules, p)
                    .into_iter()
                    .map(move |k| (p, k))
            })
            .collect()
    }

    /// A person picked hole `k` of `side`. `animate`: queue the turn's
    /// frames (false for the instant speed and reduced motion).
    pub fn pick(&mut self, side: Player, k: u8, level: Level, animate: bool) -> Picked {
        if !self.legal_picks().contains(&(side, k)) {
            return Picked::Ignored;
        }
        match self.position.to_move() {
            Some(ToMove::Both) if self.seats.mode == Mode::Computer => {
                // The computer's question carries only the position before
                // both picks: it cannot see this one.
                self.hidden = Some(k);
                self.thinking = true;
                Picked::AskComputer(Box::new(self.game.move_request(side.other(), level)))
            }
            Some(ToMove::Both) => match self.hidden.take() {
                None => {
                    self.hidden = Some(k);
                    Picked::Hidden
                }
                Some(a) => self.played(Move::Both(a, k), animate),
            },
            _ => self.played(Move::Hole(k), animate),
        }
    }

    fn played(&mut self, mv: Move, animate: bool) -> Picked {
        match self.play(mv, animate) {
            Ok(turn) => Picked::Played(Box::new(turn)),
            Err(_) => Picked::Ignored,
        }
    }

    /// Whether the computer is to move now (see [`Self::computer_question`]).
    pub fn computer_to_move(&self) -> bool {
        self.may_ask()
            && matches!(self.position.to_move(), Some(ToMove::One(p)) if self.seats.is_computer(p))
    }

    /// The question for the computer if it is to move now: its turn, at the
    /// end of the record, no notice shown (the move before may still be
    /// being shown). Marks the session as waiting for the answer.
    pub fn computer_question(&mut self, level: Level) -> Option<MoveRequest> {
        if !self.may_ask() {
            return None;
        }
        match self.position.to_move() {
            Some(ToMove::One(p)) if self.seats.is_computer(p) => {
                self.thinking = true;
                Some(self.game.move_request(p, level))
            }
            _ => None,
        }
    }

    /// The computer's answer to the question asked at `question` (see
    /// [`Self::question`]): plays its hole (with the person's hidden pick,
    /// in a simultaneous opening), or, while the move before is still
    /// being shown, holds it until the board is still ([`Self::pending_due`]).
    /// A stale answer (the game moved on meanwhile) is dropped.
    pub fn computer_answer(
        &mut self,
        question: u32,
        answer: Result<u8, ComputerProblem>,
        animate: bool,
    ) -> Result<Option<Turn>, ComputerProblem> {
        if question != self.asked || !self.thinking {
            return Ok(None);
        }
        self.thinking = false;
        let k = answer.inspect_err(|_| {
            self.hidden = None;
            self.stalled = true;
        })?;
        if self.animating() {
            self.pending = Some(k);
            return Ok(None);
        }
        self.play_answer(k, animate)
    }

    /// Plays the answer held while the move before was shown, once the
    /// board is still (see [`Self::pending_due`]); `question` as for
    /// [`Self::computer_answer`].
    pub fn play_pending(
        &mut self,
        question: u32,
        animate: bool,
    ) -> Result<Option<Turn>, ComputerProblem> {
        if question != self.asked || !self.pending_due() {
            return Ok(None);
        }
        let k = self.pending.take().expect("due");
        self.play_answer(k, animate)
    }

    fn play_answer(&mut self, k: u8, animate: bool) -> Result<Option<Turn>, ComputerProblem> {
        let animate = animate && !self.rush;
        let mv = match (self.position.to_move(), self.hidden.take()) {
            (Some(ToMove::Both), Some(mine)) => match self.seats.human {
                Player::A => Move::Both(mine, k),
                Player::B => Move::Both(k, mine),
            },
            _ => Move::Hole(k),
        };
        self.play(mv, animate)
            .map(Some)
            .map_err(ComputerProblem::Illegal)
    }

    /// Plays a move at the cursor (dropping the moves after it), once, on
    /// the kept position; queues its frames if `animate`.
    pub fn play(&mut self, mv: Move, animate: bool) -> Result<Turn, IllegalMove> {
        let before = BoardView::of(&self.position);
        let mover = match self.position.to_move() {
            Some(ToMove::One(p)) => Some(p),
            _ => None,
        };
        let number = mover.map(|p| self.next_move_number(p));
        let mut next = self.position;
        let turn = next.play(&self.game.rules, mv)?;
        self.position = next;
        let g = &mut self.game;
        g.record.moves.truncate(g.cursor);
        // A move played while reviewing drops what came after it: the
        // resignation too.
        g.record.resigned = None;
        g.record.moves.push(mv);
        g.cursor += 1;
        self.hidden = None;
        self.pending = None;
        self.epoch += 1;
        self.asked += 1;
        // The person's move ends a rush through the computer's turn.
        if mover.is_none_or(|p| !self.seats.is_computer(p)) {
            self.rush = false;
        }
        self.run = mover.zip(number);
        // A round that ends: its end is shown (the frames stop there and
        // the board stays so under the notice); the refill comes after.
        let round_end = turn
            .events
            .iter()
            .position(|e| matches!(e, Event::RoundEnd { .. }))
            .filter(|_| !self.position.is_over());
        let shown_events = &turn.events[..round_end.map_or(turn.events.len(), |i| i + 1)];
        self.round_end = round_end.and_then(|_| BoardView::frames(&before, shown_events).pop());
        // The time the move may be shown: the computer's out of its turn's.
        self.move_ms = match mover.zip(number) {
            Some((p, n)) if self.seats.is_computer(p) => {
                if n == 1 {
                    self.turn_left = COMPUTER_TURN_MS;
                }
                let (bank, _) = crate::game::stats::turn_figures(&turn.events);
                let ms = allot(self.turn_left, bank[p.index()] >= NOTABLE_SEEDS);
                self.turn_left -= ms;
                ms
            }
            _ => PERSON_MOVE_MS,
        };
        self.frames = if animate {
            let frames = BoardView::frames(&before, shown_events);
            // The computer's later moves of a turn show fewer frames (the
            // last one always), so that each fits its time.
            match mover {
                Some(p) if self.seats.is_computer(p) => {
                    thinned(frames, (self.move_ms / MIN_FRAME_MS) as usize)
                }
                _ => frames.into(),
            }
        } else {
            VecDeque::new()
        };
        self.last = turn.events.clone();
        if number.is_some_and(|n| n > 1) {
            self.turn.push(turn.events.clone());
        } else {
            self.turn = vec![turn.events.clone()];
        }
        self.notice = congklak::round_standings(std::slice::from_ref(&turn))
            .pop()
            .filter(|st| !st.ends_game && !self.position.is_over())
            .map(|standing| RoundNotice {
                standing,
                of: self.game.rules.max_rounds,
            });
        Ok(turn)
    }

    /// The animation's next frame, if the timer that asks still belongs to
    /// it (`epoch`). Returns whether more frames follow.
    pub fn next_frame(&mut self, epoch: u32) -> bool {
        if epoch != self.epoch {
            return false;
        }
        self.frames.pop_front();
        !self.frames.is_empty()
    }

    /// Shows the end of the move at once; during the computer's turn, the
    /// end of its whole turn (its further moves are not animated).
    pub fn skip_animation(&mut self) {
        if matches!(
            self.activity(),
            Activity::ComputerPlaying(_) | Activity::ComputerThinking(_)
        ) {
            self.rush = true;
        }
        if self.animating() {
            self.frames.clear();
            self.epoch += 1;
        }
    }

    /// The players go on after a round's notice: the board shows the next
    /// round's refilled holes and the last turn's summary is done with.
    pub fn dismiss_notice(&mut self) {
        self.notice = None;
        self.round_end = None;
        self.last.clear();
        self.turn.clear();
    }

    /// Stops what runs (animation, question, hidden pick), keeping the game.
    fn interrupt(&mut self) {
        self.frames.clear();
        self.thinking = false;
        self.pending = None;
        self.asked += 1;
        self.stalled = false;
        self.hidden = None;
        self.notice = None;
        self.round_end = None;
        self.run = None;
        self.rush = false;
        self.epoch += 1;
    }

    /// Moves the cursor to turn `n` (clamped), replaying the record.
    pub fn seek(&mut self, n: usize) {
        self.interrupt();
        self.game.cursor = n.min(self.game.record.moves.len());
        self.position = self.game.position();
    }

    /// The player who may resign (menyerah) now, if any: while the game is
    /// in progress and at the end of its record. Between two people, the
    /// player to move (the one picking now in a hidden opening), once the
    /// board is still; against the computer, the person, whenever.
    pub fn resigner(&self) -> Option<Player> {
        if self.position.is_over() || !self.at_end() {
            return None;
        }
        match self.seats.mode {
            Mode::Computer => Some(self.seats.human),
            Mode::Hotseat if self.animating() => None,
            Mode::Hotseat => match self.position.to_move()? {
                ToMove::One(p) => Some(p),
                ToMove::Both if self.hidden.is_none() => Some(Player::A),
                ToMove::Both => Some(Player::B),
            },
        }
    }

    /// The player who may resign now ([`Self::resigner`]) resigns: the
    /// engine ends the game, the other player winning; the record carries
    /// it (`.rA`/`.rB`). `None` when nobody may.
    pub fn resign(&mut self) -> Option<Outcome> {
        let p = self.resigner()?;
        self.interrupt();
        let outcome = self.position.resign(&self.game.rules, p)?;
        self.game.record.resigned = Some(p);
        Some(outcome)
    }

    /// Who resigned the game, if it ended so.
    pub fn resigned(&self) -> Option<Player> {
        self.game.record.resigned
    }

    /// One turn back (`forward` false) or on, stepping over the computer's
    /// turns so that it is a person's turn again. Back from a resignation
    /// takes the resignation back only: play goes on from there.
    pub fn step(&mut self, forward: bool) {
        self.interrupt();
        if !forward && self.at_end() && self.game.record.resigned.take().is_some() {
            self.position = self.game.position();
            return;
        }
        let len = self.game.record.moves.len();
        let mut cursor = self.game.cursor;
        loop {
            if forward {
                if cursor >= len {
                    break;
                }
                cursor += 1;
            } else {
                if cursor == 0 {
                    break;
                }
                cursor -= 1;
            }
            self.game.cursor = cursor;
            self.position = self.game.position();
            let computer_turn = matches!(self.position.to_move(), Some(ToMove::One(p)) if self.seats.is_computer(p));
            if !computer_turn || cursor == 0 || cursor == len {
                break;
            }
        }
        self.game.cursor = cursor;
        self.position = self.game.position();
    }

    /// A new game in place of this one.
    pub fn restart(&mut self, game: PlayState) {
        self.interrupt();
        self.last.clear();
        self.turn.clear();
        self.position = game.position();
        self.game = game;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs};
    use congklak::PackSet;

    fn session(pack: &str, mode: Mode) -> PlaySession {
        install_packs(PackSet::builtin());
        let p = packs().get(pack).unwrap();
        PlaySession::new(
            PlayState::new(p, p.rules.holes, None, 7),
            Seats {
                mode,
                human: Player::A,
            },
        )
    }

    /// Clicks the first legal hole; returns what happened.
    fn click_first(s: &mut PlaySession, animate: bool) -> Picked {
        let (side, k) = s.legal_picks()[0];
        s.pick(side, k, Level::Greedy, animate)
    }

    #[test]
    fn each_move_is_applied_once_and_the_kept_position_is_the_replayed_one() {
        let mut s = session("umum", Mode::Hotseat);
        for _ in 0..12 {
            if s.position().is_over() {
                break;
            }
            assert!(matches!(click_first(&mut s, false), Picked::Played(_)));
            assert_eq!(*s.position(), s.game().position());
        }
        assert_eq!(s.game().cursor, s.game().record.moves.len());
    }

    #[test]
    fn a_click_on_a_hole_that_may_not_be_played_does_nothing() {
        let mut s = session("umum", Mode::Hotseat);
        let before = s.clone();
        // B's hole on A's turn.
        assert_eq!(s.pick(Player::B, 1, Level::Greedy, false), Picked::Ignored);
        assert_eq!(s, before);
    }

    #[test]
    fn the_computer_moves_only_on_its_turn_and_a_stale_answer_is_dropped() {
        let mut s = session("umum", Mode::Computer);
        // A (the person) starts: no question yet.
        assert!(s.computer_question(Level::Greedy).is_none());
        assert!(matches!(click_first(&mut s, false), Picked::Played(_)));
        // Play on until it is B's turn (extra turns keep A moving).
        while matches!(s.position().to_move(), Some(ToMove::One(Player::A))) {
            click_first(&mut s, false);
        }
        let epoch = s.question();
        let q = s
            .computer_question(Level::Greedy)
            .expect("B is the computer");
        assert!(
            s.thinking() && s.legal_picks().is_empty(),
            "no clicks while it thinks"
        );
        let k = crate::jobs::search::answer(&q).unwrap();
        // Undo while it thinks: its answer no longer fits.
        let mut undone = s.clone();
        undone.step(false);
        assert_eq!(undone.computer_answer(epoch, Ok(k), false), Ok(None));
        // Otherwise the answer is played.
        let len = s.game().record.moves.len();
        assert!(matches!(
            s.computer_answer(epoch, Ok(k), false),
            Ok(Some(_))
        ));
        assert_eq!(s.game().record.moves.len(), len + 1);
        assert!(!s.thinking());
    }

    #[test]
    fn the_computer_thinks_while_the_move_before_is_shown_and_its_answer_waits_for_the_board() {
        let mut s = against_the_computer(5);
        // The person's move, shown seed by seed, ends their turn.
        let mut animated = false;
        while matches!(s.position().to_move(), Some(ToMove::One(Player::A))) {
            animated = true;
            let (side, k) = s.legal_picks()[0];
            s.pick(side, k, Level::Greedy, true);
            if matches!(s.position().to_move(), Some(ToMove::One(Player::A))) {
                s.skip_animation();
            }
        }
        assert!(animated && s.animating());
        assert_eq!(s.activity(), Activity::PersonPlaying, "the board first");
        // The computer is asked at once, while the move is shown.
        assert!(s.computer_to_move());
        let question = s.question();
        let q = s
            .computer_question(Level::Greedy)
            .expect("asked while shown");
        let k = crate::jobs::search::answer(&q).unwrap();
        let len = s.game().record.moves.len();
        // Its answer waits for the board.
        assert_eq!(s.computer_answer(question, Ok(k), true), Ok(None));
        assert_eq!(s.game().record.moves.len(), len);
        assert!(!s.pending_due() && s.legal_picks().is_empty());
        assert!(!s.computer_to_move(), "not asked twice");
        // Skipping the person's animation keeps the answer; the board is
        // still, so it is due, and the computer is the one thinking.
        let mut undone = s.clone();
        s.skip_animation();
        assert!(s.pending_due());
        assert_eq!(s.activity(), Activity::ComputerThinking(1));
        assert!(
            !s.rushing(),
            "skipping one's own move does not rush the computer"
        );
        let turn = s.play_pending(question, true).unwrap().expect("played");
        assert_eq!(turn.mv, Move::Hole(k));
        assert_eq!(s.game().record.moves.len(), len + 1);
        assert!(!s.pending_due());
        assert_eq!(s.play_pending(question, true), Ok(None), "once");
        // Undone meanwhile, the answer is dropped.
        undone.step(false);
        assert!(!undone.pending_due());
        assert_eq!(undone.play_pending(question, true), Ok(None));
    }

    #[test]
    fn a_hint_is_asked_for_the_person_to_move_and_goes_stale_with_the_game() {
        let mut s = against_the_computer(2);
        let (question, side, q) = s.hint_question(Level::Medium).expect("the person moves");
        assert_eq!((side, q.side), (Player::A, Player::A));
        let k = crate::jobs::search::answer(&q).unwrap();
        assert!(
            s.legal_picks().contains(&(side, k)),
            "a hole the person may play"
        );
        // After a move the hint's question is stale; on the computer's turn
        // there is none to ask.
        click_first(&mut s, false);
        assert_ne!(s.question(), question);
        while s.computer_to_move() {
            assert!(s.hint_question(Level::Medium).is_none());
            let q = s.computer_question(Level::Greedy).unwrap();
            let k = crate::jobs::search::answer(&q).unwrap();
            s.computer_answer(s.question(), Ok(k), false).unwrap();
        }
    }

    #[test]
    fn a_computer_that_cannot_answer_is_not_asked_again_until_the_game_changes() {
        let mut s = session("umum", Mode::Computer);
        while !s.computer_to_move() {
            click_first(&mut s, false);
        }
        let epoch = s.question();
        s.computer_question(Level::Greedy)
            .expect("B is the computer");
        let e = s.computer_answer(epoch, Err(ComputerProblem::Unavailable), false);
        assert_eq!(e, Err(ComputerProblem::Unavailable));
        // Not asked again in a loop: the page shows the reason once.
        assert!(!s.computer_to_move() && s.computer_question(Level::Greedy).is_none());
        // Two players on one screen (or an undo, a new game) goes on.
        let mut undone = s.clone();
        s.set_seats(Seats {
            mode: Mode::Hotseat,
            human: Player::A,
        });
        assert!(!s.legal_picks().is_empty());
        undone.step(false);
        assert!(!undone.stalled);
    }

    #[test]
    fn undo_steps_over_the_computers_moves_and_redo_comes_back() {
        let mut s = session("umum", Mode::Computer);
        for _ in 0..6 {
            if let Some(q) = s.computer_question(Level::Greedy) {
                let e = s.question();
                let k = crate::jobs::search::answer(&q).unwrap();
                s.computer_answer(e, Ok(k), false).unwrap();
            } else if !s.legal_picks().is_empty() {
                click_first(&mut s, false);
            }
        }
        let end = s.game().cursor;
        s.step(false);
        assert!(s.game().cursor < end);
        // After an undo it is the person's turn (or the game's start).
        assert!(
            s.game().cursor == 0 || !matches!(s.position().to_move(), Some(ToMove::One(Player::B)))
        );
        while s.game().cursor < end {
            s.step(true);
        }
        assert_eq!(s.game().cursor, end);
        assert_eq!(*s.position(), s.game().position());
    }

    #[test]
    fn a_hotseat_simultaneous_opening_hides_the_first_pick() {
        let mut s = session("congkak-portal", Mode::Hotseat);
        assert!(matches!(s.position().to_move(), Some(ToMove::Both)));
        assert!(s.legal_picks().iter().all(|&(p, _)| p == Player::A));
        assert_eq!(click_first(&mut s, false), Picked::Hidden);
        assert!(s.has_hidden_pick());
        assert_eq!(s.game().record.moves.len(), 0, "nothing played yet");
        assert!(s.legal_picks().iter().all(|&(p, _)| p == Player::B));
        let (_, b) = s.legal_picks()[0];
        let Picked::Played(turn) = s.pick(Player::B, b, Level::Greedy, false) else {
            panic!("both picked: played");
        };
        assert!(matches!(s.game().record.moves[0], Move::Both(_, bb) if bb == b));
        assert!(!turn.events.is_empty());
    }

    #[test]
    fn against_the_computer_a_simultaneous_opening_asks_it_without_the_persons_pick() {
        let mut s = session("congkak-portal", Mode::Computer);
        let (side, k) = s.legal_picks()[0];
        let Picked::AskComputer(q) = s.pick(side, k, Level::Greedy, false) else {
            panic!("the computer is asked");
        };
        assert!(q.moves.is_empty(), "the question holds no pick");
        assert_eq!(q.side, Player::B);
        let theirs = crate::jobs::search::answer(&q).unwrap();
        s.computer_answer(s.question(), Ok(theirs), false).unwrap();
        assert_eq!(s.game().record.moves, vec![Move::Both(k, theirs)]);
    }

    #[test]
    fn frames_are_queued_and_can_be_skipped() {
        let mut s = session("umum", Mode::Hotseat);
        click_first(&mut s, true);
        assert!(s.animating() && s.frames_left() > 1);
        assert!(s.legal_picks().is_empty(), "no clicks while it moves");
        let e = s.epoch();
        assert!(s.next_frame(e));
        s.skip_animation();
        assert!(!s.animating());
        assert!(!s.next_frame(e), "a stale timer stops");
        assert_eq!(s.shown(), BoardView::of(s.position()));
        assert!(!s.legal_picks().is_empty());
    }

    /// A umum game of `seed` in which the person plays A and the computer B.
    fn against_the_computer(seed: u64) -> PlaySession {
        install_packs(PackSet::builtin());
        let p = packs().get("umum").unwrap();
        PlaySession::new(
            PlayState::new(p, p.rules.holes, None, seed),
            Seats {
                mode: Mode::Computer,
                human: Player::A,
            },
        )
    }

    /// Plays the computer's (B's) questions and the person's first legal
    /// hole until `stop` says so; returns whether it did.
    fn play_until(s: &mut PlaySession, mut stop: impl FnMut(&PlaySession) -> bool) -> bool {
        for _ in 0..400 {
            if stop(s) {
                return true;
            }
            if s.position().is_over() {
                return false;
            }
            if let Some(q) = s.computer_question(Level::Greedy) {
                if stop(s) {
                    return true;
                }
                let e = s.question();
                let k = crate::jobs::search::answer(&q).unwrap();
                s.computer_answer(e, Ok(k), false).unwrap();
            } else if !s.legal_picks().is_empty() {
                click_first(s, false);
            } else {
                s.dismiss_notice();
            }
        }
        false
    }

    #[test]
    fn the_status_counts_the_computers_moves_in_its_turn_and_skip_rushes_to_its_end() {
        for seed in 1..40 {
            let mut s = against_the_computer(seed);
            // The computer thinking about the second move of one turn.
            if !play_until(&mut s, |s| s.activity() == Activity::ComputerThinking(2)) {
                continue;
            }
            assert!(s.last_was_extra(Player::B), "its first move earned another");
            // Skip: the rest of the turn is not animated.
            s.skip_animation();
            assert!(s.rushing());
            let e = s.question();
            let q = s.game().move_request(Player::B, Level::Greedy);
            let k = crate::jobs::search::answer(&q).unwrap();
            s.computer_answer(e, Ok(k), true).unwrap();
            assert!(!s.animating(), "no frames while rushing");
            // The person's next move ends the rush.
            if play_until(&mut s, |s| !s.legal_picks().is_empty()) && !s.position().is_over() {
                click_first(&mut s, true);
                assert!(!s.rushing());
                assert_eq!(s.activity(), Activity::PersonPlaying);
            }
            return;
        }
        panic!("no game in 40 where the computer earned an extra turn");
    }

    #[test]
    fn a_computer_turn_of_many_moves_is_shown_in_about_five_seconds_and_kept_whole() {
        let normal = crate::game::state::Speed::Normal.frame_ms();
        let mut longest = 0;
        for seed in 1..30 {
            let mut s = against_the_computer(seed);
            // The time the computer's turn so far has been shown for.
            let mut shown_ms = 0u64;
            for _ in 0..400 {
                if s.position().is_over() {
                    break;
                }
                if let Some(q) = s.computer_question(Level::Greedy) {
                    let e = s.question();
                    let k = crate::jobs::search::answer(&q).unwrap();
                    s.computer_answer(e, Ok(k), true).unwrap();
                    if let Activity::ComputerPlaying(n) = s.activity() {
                        if n == 1 {
                            shown_ms = 0;
                        }
                        // The turn's summary holds every move of it.
                        assert_eq!(s.turn_moves().len(), usize::from(n), "seed {seed}");
                        longest = longest.max(n);
                        if n >= 2 {
                            let text = crate::ui::board_text::turn_summary(
                                crate::texts::i18n::Lang::En,
                                s.turn_moves(),
                            );
                            let sown =
                                format!("Player B plays {n} moves in one turn, sowing holes ");
                            assert!(text.starts_with(&sown), "{text}");
                            let holes = text[sown.len()..].split(';').next().unwrap();
                            assert_eq!(holes.split(", ").count(), usize::from(n), "{text}");
                            assert!(text.contains("seeds into the lumbung"), "{text}");
                        }
                        shown_ms += u64::from(s.frame_ms(normal)) * s.frames_left() as u64;
                        // The pauses before its later moves count too.
                        if n >= 2 {
                            shown_ms += u64::from(computer_pause_ms(n));
                        }
                        assert!(
                            shown_ms <= u64::from(COMPUTER_TURN_MS) + 1_000,
                            "seed {seed}: move {n} at {shown_ms} ms"
                        );
                    }
                    let e = s.epoch();
                    while s.next_frame(e) {}
                } else if !s.legal_picks().is_empty() {
                    click_first(&mut s, false);
                } else {
                    s.dismiss_notice();
                }
            }
        }
        assert!(longest >= 3, "the longest turn had {longest} moves");
    }

    #[test]
    fn however_many_moves_the_computer_chains_its_turn_and_the_persons_move_before_last_at_most_9_s(
    ) {
        let slow = crate::game::state::Speed::Slow.frame_ms();
        for moves in [1u16, 2, 14, 40] {
            for frames in [1usize, 8, 60, 400] {
                for notable in [0u16, 1, 3] {
                    let mut total = 0u64;
                    let mut left = COMPUTER_TURN_MS;
                    for n in 1..=moves {
                        let ms = allot(left, notable > 0 && n % notable == 0);
                        left -= ms;
                        let most = (ms / MIN_FRAME_MS) as usize;
                        let shown = thinned((0..frames).collect(), most);
                        assert_eq!(shown.back(), Some(&(frames - 1)), "the last frame is kept");
                        assert!(shown.len() <= most.max(1));
                        let each = (slow / 2).min(ms / shown.len() as u32).max(MIN_FRAME_MS);
                        total += u64::from(each) * shown.len() as u64;
                        total += u64::from(computer_pause_ms(n));
                    }
                    // With the person's move before it: at most about 9 s.
                    assert!(
                        total + u64::from(PERSON_MOVE_MS) <= 9_000,
                        "{moves} moves of {frames} frames: {total} ms"
                    );
                }
            }
        }
        // A notable move gets more of what is left than another.
        assert!(allot(4000, true) > allot(4000, false));
        assert_eq!(thinned((0..5).collect::<Vec<_>>(), 10).len(), 5);
        assert_eq!(thinned((0..100).collect::<Vec<_>>(), 10).len(), 10);
        assert_eq!(thinned((0..100).collect::<Vec<_>>(), 0).len(), 1);
    }

    #[test]
    fn the_board_under_a_rounds_notice_is_that_rounds_end_and_the_refill_comes_after() {
        let mut s = session("dakon-ngacang", Mode::Hotseat);
        for _ in 0..2000 {
            if s.notice().is_some() || s.position().is_over() {
                break;
            }
            let (side, k) = s.legal_picks()[0];
            s.pick(side, k, Level::Greedy, true);
            // The frames stop at the round's end.
            while s.animating() {
                assert!(s.notice_shown().is_none(), "the notice waits for the move");
                let e = s.epoch();
                s.next_frame(e);
            }
        }
        let n = s.notice_shown().expect("a round ended").clone();
        let shown = s.shown();
        assert_eq!(
            [shown.store(Player::A), shown.store(Player::B)],
            n.standing.seeds.into_array(),
            "the stores at the round's end"
        );
        assert_ne!(shown, BoardView::of(s.position()), "not yet refilled");
        assert!(!s.last_events().is_empty());
        s.dismiss_notice();
        assert_eq!(s.shown(), BoardView::of(s.position()), "refilled");
        assert!(
            s.last_events().is_empty(),
            "the summary of the round's end is done with"
        );
    }

    #[test]
    fn a_round_that_ends_shows_a_notice_until_dismissed() {
        let mut s = session("dakon-ngacang", Mode::Hotseat);
        let mut seen = false;
        for _ in 0..2000 {
            if s.position().is_over() {
                break;
            }
            if s.notice().is_some() {
                seen = true;
                assert!(s.legal_picks().is_empty(), "no clicks under the notice");
                let n = s.notice().unwrap().clone();
                assert_eq!(n.standing.round + 1, s.position().round());
                // The standing is the engine's, with the refill and who starts next.
                let refill = n.standing.refill.as_ref().expect("refilled");
                for p in Player::BOTH {
                    assert_eq!(refill[p.index()].burnt, s.position().burnt(p));
                }
                assert!(n.standing.next.is_some() && !n.standing.ends_game);
                assert_eq!(n.of, 7, "dakon-ngacang's own number of rounds");
                s.dismiss_notice();
                break;
            }
            click_first(&mut s, false);
        }
        assert!(seen, "a round ended");
        assert!(!s.legal_picks().is_empty());
    }

    #[test]
    fn the_player_to_move_resigns_and_the_record_carries_it() {
        let mut s = session("umum", Mode::Hotseat);
        click_first(&mut s, false);
        let Some(ToMove::One(p)) = s.position().to_move() else {
            panic!("one player to move");
        };
        assert_eq!(s.resigner(), Some(p));
        let o = s.resign().expect("resigned");
        assert_eq!(o.cause, congklak::EndCause::Resigned(p));
        assert_eq!(o.winner, Some(p.other()));
        assert!(s.position().is_over() && s.legal_picks().is_empty());
        assert_eq!(s.resigned(), Some(p));
        assert_eq!(s.resigner(), None, "a finished game cannot be resigned");
        // The link and the saved game carry it; the game read back is over.
        let text = s.game().record.to_text();
        assert!(text.ends_with(&format!(".r{p}")), "{text}");
        assert_eq!(*s.position(), s.game().position());
        let back = PlayState::from_text(&text, None).unwrap();
        assert_eq!(back.position().outcome(), Some(o));
        assert!(crate::game::stats::just_finished(s.game(), s.position()));
        assert!(crate::game::stats::entry(&text, crate::game::stats::Opponent::Hotseat).is_ok());
        assert!(crate::game::analysis::finished(s.game()));
    }

    #[test]
    fn against_the_computer_the_person_resigns_even_while_it_thinks() {
        let mut s = against_the_computer(3);
        assert!(play_until(&mut s, |s| s.thinking()));
        assert_eq!(s.resigner(), Some(Player::A));
        let e = s.question();
        s.resign().expect("resigned");
        assert!(!s.thinking());
        // Its late answer is dropped.
        assert_eq!(s.computer_answer(e, Ok(1), false), Ok(None));
        assert_eq!(s.game().record.resigned, Some(Player::A));
        assert!(!s.computer_to_move());
    }

    #[test]
    fn undo_after_resigning_takes_the_resignation_back_only() {
        let mut s = session("umum", Mode::Hotseat);
        click_first(&mut s, false);
        let before = (s.game().record.moves.clone(), *s.position());
        s.resign().unwrap();
        s.step(false);
        assert_eq!(s.resigned(), None);
        assert_eq!((s.game().record.moves.clone(), *s.position()), before);
        assert!(!s.legal_picks().is_empty(), "play goes on");
        assert!(!s.game().record.to_text().contains(".r"));
    }

    #[test]
    fn a_link_with_a_resignation_opens_finished_and_reviewing_it_shows_the_moves() {
        install_packs(PackSet::builtin());
        let s = PlaySession::new(
            PlayState::from_text("1.umum.7.1.rB", None).unwrap(),
            Seats {
                mode: Mode::Hotseat,
                human: Player::A,
            },
        );
        let o = s.position().outcome().expect("over");
        assert_eq!(o.cause, congklak::EndCause::Resigned(Player::B));
        assert_eq!(o.winner, Some(Player::A));
        let mut back = s.clone();
        back.seek(0);
        assert!(!back.position().is_over());
        back.seek(1);
        assert!(back.position().is_over(), "at the end, resigned again");
        // A move played while reviewing drops the resignation.
        let mut s = s;
        s.seek(0);
        click_first(&mut s, false);
        assert_eq!(s.resigned(), None);
        // A resignation before any move (the e2e test's shared link).
        let none = PlayState::from_text("1.umum.5..rA", None).unwrap();
        assert_eq!(
            none.position().outcome().map(|o| o.winner),
            Some(Some(Player::B))
        );
        // An ending that is not a resignation is refused.
        assert!(PlayState::from_text("1.umum.7.1.rX", None).is_err());
    }
}
