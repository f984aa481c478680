//! The game and its turns: positions, legal moves, the simultaneous opening,
//! rounds with refills and burnt holes, scores and results.
//!
//! A [`Position`] is a small `Copy` value; [`Position::play`] returns the turn's
//! events, [`Position::play_fast`] applies the same code without them. A
//! [`Game`] is rules + start + move list, and undo is replay.
//!
//! # The simultaneous opening
//! Both players choose a hole; both hands then sow in lockstep, one seed each
//! per step (001, 003, Hel and WPen say both start at once; none says more).
//! Every tie is our choice, documented here:
//! - **Order within a step**: A's seed drops first, then B's.
//! - **Both hands reach the same hole** in one step: both seeds drop; B's hand,
//!   dropping second, sees A's seed already there (so a hole that was empty
//!   becomes occupied for B, and B relays from it if that was B's last seed).
//! - **A hand lands in its own store** with its last seed (extra turn): that
//!   player chooses a hole again before the next step; the other hand waits
//!   for the choice (the sowing pauses rather than racing a human's pick). If
//!   both must choose in the same step they choose together.
//! - **A hand is done** (empty hole, capture, no relay): that player waits
//!   while the other goes on alone, extra turns included ("a player who lands
//!   in an empty hole waits until the other is dead", Hel).
//! - **Who moves after the opening**: `simultaneous_next` (first to finish,
//!   003 portal and MW Sungka; or the other of the first, WPold). Two hands
//!   finishing in the same step: A counts as first, as A's seed dropped first.
//! - A forced opening hole (`opening_hole`) applies to the first pick only;
//!   choices after an extra turn are free. If the forced hole is not playable
//!   (burnt, empty) the pick is free.

use crate::rules::{
    EndWhen, GameEnd, Leftover, NextStarter, NoMove, Opening, OpeningHole, PerPlayer, Player,
    RefillFrom, Rounds, Rules, SimultaneousNext, SimultaneousRounds, Unfilled, Win, MAX_GAME_MOVES,
    MAX_SEEDS,
};
use crate::sow::{Board, Event, Hand, HandState, NoEvents, Sink};
use crate::topology::{Place, Topology, MAX_HOLES};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A move: one hole, or both players' holes at once in a simultaneous opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// The player to move (or the one player who must choose during the
    /// opening) takes hole `k` of their side, 1..=n.
    Hole(u8),
    /// Both players choose at once: A's hole, B's hole.
    Both(u8, u8),
}

impl fmt::Display for Move {
    /// `3`, or `3/5` for A's 3 and B's 5 at once (the CLI's notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Hole(k) => write!(f, "{k}"),
            Move::Both(a, b) => write!(f, "{a}/{b}"),
        }
    }
}

/// Who must choose now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToMove {
    /// One player.
    One(Player),
    /// Both players at once (simultaneous opening).
    Both,
}

/// The end of a game: scores, the winner (none for a draw), and why play
/// ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Final scores (`[A's, B's]` in JSON).
    pub scores: PerPlayer<u32>,
    /// The winner; `None` is a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    #[serde(default)]
    pub cause: EndCause,
}

/// Why a game ended, so that a player can be told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndCause {
    /// Play stopped as `end_when` says, in the game's last round: its only
    /// one, or the last of the agreed number (`max_rounds`).
    #[default]
    LastRound,
    /// A player's lumbung held more than half the seeds (`win` is
    /// `more-than-half`).
    MoreThanHalf,
    /// After a round, this player had too few seeds to go on (`game_end`),
    /// or no hole left to play once the holes were refilled.
    OutOfSeeds(Player),
    /// The limit on rounds was reached.
    RoundLimit,
    /// The limit on moves in a game was reached.
    MoveLimit,
    /// This player resigned ("menyerah"): the other player wins, whatever
    /// the seeds. 004 records a game of rounds as going on "until one player
    /// has lost all their holes, or gives up"; WPen ends it when a player
    /// "loses all holes or concedes"; 000 lets both players agree to stop
    /// and count. Not a clause: any game may be resigned (see
    /// [`Position::resign`]).
    Resigned(Player),
}

/// State of the simultaneous opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Opening2 {
    hands: PerPlayer<Hand>,
    state: PerPlayer<HandState>,
    /// Must this player choose a hole before the next step?
    choose: PerPlayer<bool>,
    /// Has this player made their first pick?
    started: PerPlayer<bool>,
    first_done: Option<Player>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    Move(Player),
    Opening(Opening2),
    Over(Outcome),
}

/// An illegal move, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move refused.
    pub attempted: Move,
    /// Why.
    pub reason: IllegalReason,
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The game is over.
    GameOver,
    /// The hole is not on the board.
    OffBoard {
        /// The hole asked for.
        hole: u8,
        /// Holes a side on this board.
        holes: u8,
    },
    /// The hole is burnt (out of play this round).
    Burnt {
        /// Whose hole.
        player: Player,
        /// The hole.
        hole: u8,
    },
    /// The hole is a protected ngacang hole: its owner sows into it but does not start from it.
    Ngacang {
        /// Whose hole.
        player: Player,
        /// The hole.
        hole: u8,
    },
    /// The hole is empty.
    Empty {
        /// Whose hole.
        player: Player,
        /// The hole.
        hole: u8,
    },
    /// The simultaneous opening's first pick must be the forced hole (`opening_hole`).
    NotTheForcedHole {
        /// Who picked.
        player: Player,
        /// The hole picked.
        hole: u8,
    },
    /// A pair of holes outside a simultaneous opening.
    PairOutsideOpening,
    /// Both players must choose at once: a pair is needed.
    BothMustChoose,
    /// Only one player chooses now: a single hole is needed.
    OnlyOneChooses,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cannot = |f: &mut fmt::Formatter<'_>, p: &Player, k: &u8, why: &str| {
            write!(f, "player {p} cannot play hole {k}: {why}")
        };
        match self {
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::OffBoard { hole, holes } => {
                write!(f, "hole {hole} is not on a board of {holes}")
            }
            IllegalReason::Burnt { player, hole } => cannot(f, player, hole, "it is burnt"),
            IllegalReason::Ngacang { player, hole } => {
                cannot(f, player, hole, "it is a protected ngacang hole")
            }
            IllegalReason::Empty { player, hole } => cannot(f, player, hole, "it is empty"),
            IllegalReason::NotTheForcedHole { player, hole } => cannot(
                f,
                player,
                hole,
                "the opening must start from the forced hole",
            ),
            IllegalReason::PairOutsideOpening => {
                f.write_str("both players choose at once only in a simultaneous opening")
            }
            IllegalReason::BothMustChoose => f.write_str("both players must choose: write A/B"),
            IllegalReason::OnlyOneChooses => f.write_str("only one player chooses now"),
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.attempted, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// A move list that could not be replayed: which move, why, and the
/// position it was refused in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The refused move's index in the list, from 0.
    pub index: usize,
    /// The refused move and why.
    pub illegal: IllegalMove,
    /// The position after the moves before it (boxed: a position is large
    /// beside the rest of an error).
    pub before: Box<Position>,
}

impl fmt::Display for ReplayError {
    /// `move 3 (5): player A cannot play hole 5: it is empty` (counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}): {}",
            self.index + 1,
            self.illegal.attempted,
            self.illegal.reason
        )
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.illegal)
    }
}

/// Why a [`Setup`] is not a position under the rules (see
/// [`Position::from_setup`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side has the wrong number of holes.
    HoleCount {
        /// The side.
        player: Player,
        /// The holes given.
        given: usize,
        /// The holes a side under the rules.
        holes: u8,
    },
    /// A burnt hole that is not on the board.
    BurntOffBoard {
        /// The side.
        player: Player,
        /// The hole number given.
        hole: u8,
        /// The holes a side.
        holes: u8,
    },
    /// A ngacang hole that is not on the board.
    NgacangOffBoard {
        /// The side.
        player: Player,
        /// The hole number given.
        hole: u8,
        /// The holes a side.
        holes: u8,
    },
    /// A hole of this side is marked both burnt and ngacang.
    BurntAndNgacang {
        /// The side.
        player: Player,
    },
    /// A burnt hole holds seeds.
    BurntHoleHoldsSeeds {
        /// The side.
        player: Player,
        /// The hole.
        hole: u8,
    },
    /// More seeds than the engine counts.
    TooManySeeds {
        /// The seeds on the board and in the stores.
        total: u32,
    },
    /// Round 0: rounds count from 1.
    RoundZero,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::HoleCount {
                player,
                given,
                holes,
            } => write!(
                f,
                "holes.{player}: {given} holes given, the rules have {holes} a side"
            ),
            SetupError::BurntOffBoard {
                player,
                hole,
                holes,
            } => write!(
                f,
                "burnt.{player}: hole {hole} is not on a board of {holes}"
            ),
            SetupError::NgacangOffBoard {
                player,
                hole,
                holes,
            } => write!(
                f,
                "ngacang.{player}: hole {hole} is not on a board of {holes}"
            ),
            SetupError::BurntAndNgacang { player } => {
                write!(f, "burnt.{player} and ngacang.{player} share a hole")
            }
            SetupError::BurntHoleHoldsSeeds { player, hole } => {
                write!(f, "holes.{player}: burnt hole {hole} holds seeds")
            }
            SetupError::TooManySeeds { total } => write!(
                f,
                "the position holds {total} seeds in all; at most {MAX_SEEDS} are allowed \
                 (2 x 11 holes x 20 seeds, so that no count can overflow)"
            ),
            SetupError::RoundZero => f.write_str("round: rounds count from 1"),
        }
    }
}

impl std::error::Error for SetupError {}

/// One turn as played: who, what, and the ordered events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Who chose.
    pub by: ToMove,
    /// The move.
    pub mv: Move,
    /// What happened, in order.
    pub events: Vec<Event>,
}

/// What a move would do, for a move preview: computed by playing it on a copy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// Where the last seed of the move comes to rest (a hole, or the store).
    pub end: Option<Place>,
    /// Seeds the mover's store gains.
    pub banked: u16,
    /// Seeds captured ("menembak"), the sowing seed included, if any.
    pub captured: u16,
    /// Relay pick-ups ("sambung") on the way.
    pub relays: u16,
    /// Whether the mover moves again.
    pub extra_turn: bool,
    /// Whether the move ends the round.
    pub ends_round: bool,
    /// Whether the move ends the game.
    pub ends_game: bool,
}

/// A position that is not checked yet: for puzzles, tests and the CLI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Each side's holes in its owner's numbering, hole 1 first: `{"A":[..],"B":[..]}`.
    #[serde(with = "crate::rules::by_name")]
    pub holes: PerPlayer<Vec<u16>>,
    /// Stores.
    #[serde(with = "crate::rules::by_name")]
    pub stores: PerPlayer<u16>,
    /// Burnt hole numbers per side.
    #[serde(default)]
    #[serde(with = "crate::rules::by_name")]
    pub burnt: PerPlayer<Vec<u8>>,
    /// Protected ngacang hole numbers per side.
    #[serde(default)]
    #[serde(with = "crate::rules::by_name")]
    pub ngacang: PerPlayer<Vec<u8>>,
    /// Who moves.
    pub to_move: Player,
    /// The round number, from 1.
    #[serde(default = "one")]
    pub round: u16,
}

fn one() -> u16 {
    1
}

/// A position as JSON for the CLI, the divergence finder and renderers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Each side's holes in its owner's numbering, hole 1 first.
    #[serde(with = "crate::rules::by_name")]
    pub holes: PerPlayer<Vec<u16>>,
    /// Stores.
    #[serde(with = "crate::rules::by_name")]
    pub stores: PerPlayer<u16>,
    /// Burnt hole numbers.
    #[serde(with = "crate::rules::by_name")]
    pub burnt: PerPlayer<Vec<u8>>,
    /// Protected ngacang hole numbers.
    #[serde(with = "crate::rules::by_name")]
    pub ngacang: PerPlayer<Vec<u8>>,
    /// Who chooses next: `"A"`, `"B"`, `"both"` (simultaneous opening), or null when over.
    pub next: Option<String>,
    /// The legal holes of the player to move; while both choose, A's holes
    /// (B's are `legal_b`).
    pub legal: Vec<u8>,
    /// B's legal holes while both choose at once, else empty.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub legal_b: Vec<u8>,
    /// Whether the game is over.
    pub over: bool,
    /// `"A"`, `"B"`, `"draw"`, or null while the game goes on.
    pub winner: Option<String>,
    /// The round, from 1.
    pub round: u16,
}

/// A position: the board, whose move it is, the round. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) phase: Phase,
    pub(crate) round: u16,
    pub(crate) moves_in_round: u32,
    /// Moves played in the whole game (each [`Move`], opening picks included).
    pub(crate) moves_in_game: u32,
    /// Who started (or, for a simultaneous opening, nobody: A) the current round.
    pub(crate) round_starter: Player,
    /// A player's store holds more than half: decided at once under `win = more-than-half`.
    pub(crate) total: u32,
}

impl Position {
    /// The start of a game under `rules`.
    #[inline]
    pub fn new(rules: &Rules) -> Position {
        // The start of the board's size is copied once, straight into the
        // position, and seeded there.
        let mut pos = *Position::one_a_hole(rules.holes);
        pos.phase = Phase::Move(rules.first_player);
        pos.round_starter = rules.first_player;
        pos.total = rules.total_seeds();
        pos.board.seed(rules.seeds_per_hole);
        if rules.opening == Opening::Simultaneous {
            pos.phase = Phase::Opening(Opening2::new());
        }
        pos
    }

    /// The start of a game on `n` holes a side with one seed a hole
    /// ([`Board::one_a_hole`]), built once for each size; [`Position::new`]
    /// copies it and sets what the rules say.
    #[inline]
    fn one_a_hole(n: u8) -> &'static Position {
        static START: OnceLock<[Position; MAX_HOLES + 1]> = OnceLock::new();
        let starts = START.get_or_init(|| {
            std::array::from_fn(|n| Position {
                board: *Board::one_a_hole(n as u8),
                phase: Phase::Move(Player::A),
                round: 1,
                moves_in_round: 0,
                moves_in_game: 0,
                round_starter: Player::A,
                total: 0,
            })
        });
        &starts[usize::from(n)]
    }

    /// A position from a [`Setup`], checked against the rules.
    pub fn from_setup(rules: &Rules, setup: &Setup) -> Result<Position, SetupError> {
        let mut board = Board::new(rules);
        let t = board.topo;
        let n = rules.holes as usize;
        let mut total = 0u32;
        for p in Player::BOTH {
            let holes = setup.holes.get(p);
            if holes.len() != n {
                return Err(SetupError::HoleCount {
                    player: p,
                    given: holes.len(),
                    holes: rules.holes,
                });
            }
            let on_side: u32 = holes.iter().map(|&s| u32::from(s)).sum();
            total += on_side + u32::from(*setup.stores.get(p));
            for (i, &s) in holes.iter().enumerate() {
                board.cells[t.hole(p, i as u8 + 1)] = s;
            }
            board.cells[t.store(p)] = *setup.stores.get(p);
            for (burnt, list, mask) in [
                (true, setup.burnt.get(p), &mut board.burnt[p]),
                (false, setup.ngacang.get(p), &mut board.ngacang[p]),
            ] {
                for &k in list {
                    if !(1..=rules.holes).contains(&k) {
                        let (player, hole, holes) = (p, k, rules.holes);
                        return Err(if burnt {
                            SetupError::BurntOffBoard {
                                player,
                                hole,
                                holes,
                            }
                        } else {
                            SetupError::NgacangOffBoard {
                                player,
                                hole,
                                holes,
                            }
                        });
                    }
                    *mask |= 1 << (k - 1);
                }
            }
            if board.burnt[p] & board.ngacang[p] != 0 {
                return Err(SetupError::BurntAndNgacang { player: p });
            }
            for k in 1..=rules.holes {
                if board.is_burnt(t.hole(p, k)) && board.cells[t.hole(p, k)] != 0 {
                    return Err(SetupError::BurntHoleHoldsSeeds { player: p, hole: k });
                }
            }
        }
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds { total });
        }
        board.recount();
        board.derive_masks(rules);
        if setup.round == 0 {
            return Err(SetupError::RoundZero);
        }
        let mut pos = Position {
            board,
            phase: Phase::Move(setup.to_move),
            round: setup.round,
            moves_in_round: 0,
            moves_in_game: 0,
            round_starter: setup.to_move,
            total,
        };
        // A position where play has already stopped is settled at once.
        pos.settle(rules, setup.to_move, &mut NoEvents);
        Ok(pos)
    }

    /// The board's topology.
    pub fn topology(&self) -> Topology {
        self.board.topo
    }
    /// Seeds in a player's hole `k` (1..=n).
    pub fn seeds(&self, p: Player, k: u8) -> u16 {
        self.board.cells[self.board.topo.hole(p, k)]
    }
    /// A player's holes, hole 1 first.
    pub fn holes(&self, p: Player) -> Vec<u16> {
        (1..=self.board.topo.holes() as u8)
            .map(|k| self.seeds(p, k))
            .collect()
    }
    /// Seeds in a player's store.
    pub fn store(&self, p: Player) -> u16 {
        self.board.cells[self.board.topo.store(p)]
    }
    /// Seeds at a place.
    pub fn at(&self, place: Place) -> u16 {
        self.board
            .topo
            .index_of(place)
            .map_or(0, |i| self.board.cells[i])
    }
    /// Whether a player's hole is burnt.
    pub fn is_burnt(&self, p: Player, k: u8) -> bool {
        self.board.burnt[p] >> (k - 1) & 1 == 1
    }
    /// Whether a player's hole is a protected ngacang hole.
    pub fn is_ngacang(&self, p: Player, k: u8) -> bool {
        self.board.ngacang[p] >> (k - 1) & 1 == 1
    }
    /// A player's burnt hole numbers.
    pub fn burnt(&self, p: Player) -> Vec<u8> {
        (1..=self.board.topo.holes() as u8)
            .filter(|&k| self.is_burnt(p, k))
            .collect()
    }
    /// A player's ngacang hole numbers.
    pub fn ngacang(&self, p: Player) -> Vec<u8> {
        (1..=self.board.topo.holes() as u8)
            .filter(|&k| self.is_ngacang(p, k))
            .collect()
    }
    /// Seeds forfeited into burnt holes so far.
    pub fn lost(&self) -> u16 {
        self.board.lost
    }
    /// Seeds in `p`'s hand: during a simultaneous opening, a hand that waits
    /// while the other player chooses again still holds its seeds; else 0.
    pub fn in_hand(&self, p: Player) -> u16 {
        match &self.phase {
            Phase::Opening(o) => o.hands[p].seeds,
            _ => 0,
        }
    }
    /// Every seed on the board, in stores and lost: constant through a game.
    pub fn seed_count(&self) -> u32 {
        let cells: u32 = self.board.cells.iter().map(|&c| c as u32).sum();
        let hands: u32 = match &self.phase {
            Phase::Opening(o) => o.hands.iter().map(|h| h.seeds as u32).sum(),
            _ => 0,
        };
        cells + hands + self.board.lost as u32
    }
    /// The round, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }
    /// Who must choose now, or `None` when the game is over.
    pub fn to_move(&self) -> Option<ToMove> {
        match &self.phase {
            Phase::Move(p) => Some(ToMove::One(*p)),
            Phase::Opening(o) => match o.choose.into_array() {
                [true, true] => Some(ToMove::Both),
                [true, false] => Some(ToMove::One(Player::A)),
                [false, true] => Some(ToMove::One(Player::B)),
                [false, false] => None,
            },
            Phase::Over(_) => None,
        }
    }
    /// Whether the simultaneous opening is under way.
    pub fn in_opening(&self) -> bool {
        matches!(self.phase, Phase::Opening(_))
    }
    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }
    /// Whether the two positions are the same play: equal, except perhaps
    /// in why their games ended (two rulesets can end the same game, with
    /// the same board and scores, for different reasons).
    pub(crate) fn same_play(&self, other: &Position) -> bool {
        let plain = |p: &Position| {
            let mut p = *p;
            if let Phase::Over(o) = &mut p.phase {
                o.cause = EndCause::default();
            }
            p
        };
        plain(self) == plain(other)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// `p` resigns ("menyerah"): the game ends here and the other player
    /// wins, whatever the seeds ([`EndCause::Resigned`]). Either player may
    /// resign at any moment of a game that is not over, on their turn or
    /// not, in the opening too. The board stays as it is; the scores are
    /// what each player holds as if play stopped here: their store, the
    /// seeds in the holes as `leftover` says at the end of a round, and in
    /// the opening the seeds in their hand. `None` (and nothing changes)
    /// when the game is already over.
    pub fn resign(&mut self, rules: &Rules, p: Player) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        let t = self.board.topo;
        let mut scores =
            PerPlayer::from_fn(|q| u32::from(self.store(q)) + u32::from(self.in_hand(q)));
        for side in Player::BOTH {
            let on_side: u32 = (1..=t.holes() as u8)
                .map(|k| u32::from(self.seeds(side, k)))
                .sum();
            match rules.leftover {
                Leftover::Owner => scores[side] += on_side,
                Leftover::Opponent => scores[side.other()] += on_side,
                Leftover::Uncounted => {}
            }
        }
        let outcome = Outcome {
            scores,
            winner: Some(p.other()),
            cause: EndCause::Resigned(p),
        };
        self.phase = Phase::Over(outcome);
        Some(outcome)
    }

    /// The holes a player may start from now (for the opening's first pick,
    /// the forced hole if the rules force one).
    pub fn legal_holes(&self, rules: &Rules, p: Player) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.board.topo.holes());
        self.for_each_legal_hole(rules, p, |k| out.push(k));
        out
    }

    /// The legal holes of `p` now, bit k-1 for hole k.
    #[inline]
    fn legal_mask(&self, rules: &Rules, p: Player) -> u16 {
        let allowed = match &self.phase {
            Phase::Move(q) => *q == p,
            Phase::Opening(o) => o.choose[p],
            Phase::Over(_) => false,
        };
        if !allowed {
            return 0;
        }
        let mask = self.board.playable_mask(p);
        if let Phase::Opening(o) = &self.phase {
            if !o.started[p] {
                if let Some(k) = forced_hole(rules) {
                    let forced = 1u16 << (k - 1);
                    if mask & forced != 0 {
                        return forced;
                    }
                }
            }
        }
        mask
    }

    #[inline]
    fn for_each_legal_hole(&self, rules: &Rules, p: Player, mut f: impl FnMut(u8)) {
        let mut mask = self.legal_mask(rules, p);
        while mask != 0 {
            f(mask.trailing_zeros() as u8 + 1);
            mask &= mask - 1;
        }
    }

    /// While one player moves outside the opening: the legal holes as a mask
    /// (bit k-1 for hole k). The fast path's shortcut to the legal list.
    #[inline]
    pub(crate) fn mover_mask(&self) -> Option<u16> {
        self.mover().map(|(_, mask)| mask)
    }

    /// While one player moves outside the opening: who, and their legal
    /// holes as a mask (bit k-1 for hole k).
    #[inline(always)]
    pub(crate) fn mover(&self) -> Option<(Player, u16)> {
        match self.phase {
            Phase::Move(p) => Some((p, self.board.playable_mask(p))),
            _ => None,
        }
    }

    /// Appends every legal move now to `out` (no allocation when it has room).
    pub fn legal_moves_into(&self, rules: &Rules, out: &mut Vec<Move>) {
        match self.phase {
            Phase::Over(_) => {}
            Phase::Move(p) => {
                let mut mask = self.board.playable_mask(p);
                out.reserve(mask.count_ones() as usize);
                while mask != 0 {
                    out.push(Move::Hole(mask.trailing_zeros() as u8 + 1));
                    mask &= mask - 1;
                }
            }
            Phase::Opening(_) => match self.to_move() {
                Some(ToMove::One(p)) => {
                    self.for_each_legal_hole(rules, p, |k| out.push(Move::Hole(k)))
                }
                Some(ToMove::Both) => out.extend(self.legal_moves(rules)),
                None => {}
            },
        }
    }

    /// Every legal move now: holes, or pairs while both choose at once.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        match self.to_move() {
            None => Vec::new(),
            Some(ToMove::One(p)) => self
                .legal_holes(rules, p)
                .into_iter()
                .map(Move::Hole)
                .collect(),
            Some(ToMove::Both) => {
                let a = self.legal_holes(rules, Player::A);
                let b = self.legal_holes(rules, Player::B);
                a.iter()
                    .flat_map(|&x| b.iter().map(move |&y| Move::Both(x, y)))
                    .collect()
            }
        }
    }

    /// Plays a move and returns the turn with its events.
    pub fn play(&mut self, rules: &Rules, mv: Move) -> Result<Turn, IllegalMove> {
        let by = self.to_move();
        let mut events = Vec::new();
        self.apply(rules, mv, &mut events)?;
        Ok(Turn {
            by: by.expect("a legal move had a mover"),
            mv,
            events,
        })
    }

    /// What `mv` would do, without playing it; `None` if it is illegal.
    pub fn preview(&self, rules: &Rules, mv: Move) -> Option<Preview> {
        let mover = match self.to_move()? {
            ToMove::One(p) => p,
            ToMove::Both => return None,
        };
        let mut copy = *self;
        let before = copy.store(mover);
        let turn = copy.play(rules, mv).ok()?;
        let mut p = Preview {
            end: None,
            banked: 0,
            captured: 0,
            relays: 0,
            extra_turn: false,
            ends_round: false,
            ends_game: copy.is_over(),
        };
        for e in &turn.events {
            match e {
                Event::Sow { to, .. } => p.end = Some(*to),
                Event::Relay { .. } => p.relays += 1,
                Event::Capture { seeds, .. } => p.captured += seeds,
                Event::ExtraTurn { .. } => p.extra_turn = true,
                Event::RoundEnd { .. } => {
                    p.ends_round = true;
                    break;
                }
                _ => {}
            }
        }
        // Banked during the move itself (sowing into the store and captures), before any round-end banking.
        let mut store = before as i32;
        for e in &turn.events {
            match e {
                Event::Sow {
                    to: Place::Store { side },
                    ..
                } if *side == mover => store += 1,
                Event::Capture { seeds, .. } => store += *seeds as i32,
                Event::RoundEnd { .. } => break,
                _ => {}
            }
        }
        p.banked = (store - before as i32).max(0) as u16;
        Some(p)
    }

    /// Whether `mv` from this position comes out differently under `other`
    /// rules than under `mine` (a different board, mover or end; or legal
    /// under one only). Boards of different sizes always differ.
    pub fn plays_differently(&self, mine: &Rules, other: &Rules, mv: Move) -> bool {
        if mine.holes != other.holes {
            return true;
        }
        let (mut a, mut b) = (*self, *self);
        match (a.play_fast(mine, mv), b.play_fast(other, mv)) {
            (Ok(()), Ok(())) => a.difference(&b).any(),
            (Err(_), Err(_)) => false,
            _ => true,
        }
    }

    /// The position after playing `moves` from this one on the fast path:
    /// the one replay of a move list, used by games, records, the finder,
    /// the CLI and the app. The first illegal move stops it.
    pub fn replay(&self, rules: &Rules, moves: &[Move]) -> Result<Position, ReplayError> {
        let mut pos = *self;
        for (index, &mv) in moves.iter().enumerate() {
            let before = pos;
            pos.play_fast(rules, mv).map_err(|illegal| ReplayError {
                index,
                illegal,
                before: Box::new(before),
            })?;
        }
        Ok(pos)
    }

    /// Plays a move without events: the fast path for search and simulation.
    #[inline]
    pub fn play_fast(&mut self, rules: &Rules, mv: Move) -> Result<(), IllegalMove> {
        self.apply(rules, mv, &mut NoEvents)
    }

    fn illegal(mv: Move, reason: IllegalReason) -> IllegalMove {
        IllegalMove {
            attempted: mv,
            reason,
        }
    }

    fn check_hole(&self, rules: &Rules, p: Player, k: u8, mv: Move) -> Result<(), IllegalMove> {
        let n = self.board.topo.holes() as u8;
        if !(1..=n).contains(&k) {
            return Err(Self::illegal(
                mv,
                IllegalReason::OffBoard { hole: k, holes: n },
            ));
        }
        if self.legal_mask(rules, p) >> (k - 1) & 1 == 1 {
            return Ok(());
        }
        let (player, hole) = (p, k);
        let why = if self.board.burnt[p] >> (k - 1) & 1 == 1 {
            IllegalReason::Burnt { player, hole }
        } else if self.board.ngacang[p] >> (k - 1) & 1 == 1 {
            IllegalReason::Ngacang { player, hole }
        } else if self.seeds(p, k) == 0 {
            IllegalReason::Empty { player, hole }
        } else {
            IllegalReason::NotTheForcedHole { player, hole }
        };
        Err(Self::illegal(mv, why))
    }

    /// The one entry point for a move, generic over the event sink.
    pub(crate) fn apply<S: Sink>(
        &mut self,
        rules: &Rules,
        mv: Move,
        sink: &mut S,
    ) -> Result<(), IllegalMove> {
        let result = self.apply_unchecked(rules, mv, sink);
        #[cfg(debug_assertions)]
        {
            let mut check = self.board;
            check.recount();
            debug_assert_eq!(
                check.occupied, self.board.occupied,
                "occupied mask out of step"
            );
        }
        result
    }

    #[inline]
    fn apply_unchecked<S: Sink>(
        &mut self,
        rules: &Rules,
        mv: Move,
        sink: &mut S,
    ) -> Result<(), IllegalMove> {
        // The common case first, without copying the phase: one player
        // moves one hole.
        if let (Phase::Move(p), Move::Hole(k)) = (&self.phase, mv) {
            let p = *p;
            // Without building a reason; the reason only on refusal.
            let legal = (1..=16).contains(&k) && self.board.playable_mask(p) >> (k - 1) & 1 == 1;
            if !legal {
                self.check_hole(rules, p, k, mv)?;
            }
            let _ = self.play_hole(rules, p, k, sink);
            return Ok(());
        }
        self.apply_other(rules, mv, sink)
    }

    /// Outside the opening, the player to move `p` plays their hole `k`,
    /// which is legal (the caller checked, or took it from
    /// [`Position::mover`]): the turn and what follows it.
    ///
    /// Returns what [`Position::mover`] returns after the turn: `settle`
    /// has the next mover's holes at hand, so a playout need not work them
    /// out again.
    #[inline(always)]
    pub(crate) fn play_hole<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        k: u8,
        sink: &mut S,
    ) -> Option<(Player, u16)> {
        debug_assert_eq!(self.phase, Phase::Move(p));
        debug_assert!(self.board.playable_mask(p) >> (k - 1) & 1 == 1);
        self.moves_in_game += 1;
        let mut hand = self.board.scoop(p, k, sink);
        let state = loop {
            let state = self.board.sow_move(rules, p, &mut hand, sink);
            if state != HandState::Sowing {
                break state;
            }
        };
        self.moves_in_round += 1;
        let next = if state == HandState::ExtraTurn {
            p
        } else {
            p.other()
        };
        self.settle(rules, next, sink)
    }

    /// [`Position::apply`] but for one player's hole outside the opening.
    #[inline(never)]
    fn apply_other<S: Sink>(
        &mut self,
        rules: &Rules,
        mv: Move,
        sink: &mut S,
    ) -> Result<(), IllegalMove> {
        match (self.phase, mv) {
            (Phase::Over(_), _) => Err(Self::illegal(mv, IllegalReason::GameOver)),
            (Phase::Move(p), Move::Hole(k)) => {
                unreachable!("the fast case in apply_unchecked: {p:?} {k}")
            }
            (Phase::Move(_), Move::Both(..)) => {
                Err(Self::illegal(mv, IllegalReason::PairOutsideOpening))
            }
            (Phase::Opening(mut o), _) => {
                let picks: PerPlayer<Option<u8>> = match (o.choose.into_array(), mv) {
                    ([true, true], Move::Both(a, b)) => PerPlayer::new(Some(a), Some(b)),
                    ([true, false], Move::Hole(k)) => PerPlayer::new(Some(k), None),
                    ([false, true], Move::Hole(k)) => PerPlayer::new(None, Some(k)),
                    ([true, true], Move::Hole(_)) => {
                        return Err(Self::illegal(mv, IllegalReason::BothMustChoose))
                    }
                    _ => return Err(Self::illegal(mv, IllegalReason::OnlyOneChooses)),
                };
                for p in Player::BOTH {
                    if let Some(k) = picks[p] {
                        self.check_hole(rules, p, k, mv)?;
                    }
                }
                self.moves_in_game += 1;
                for p in Player::BOTH {
                    if let Some(k) = picks[p] {
                        o.hands[p] = self.board.scoop(p, k, sink);
                        o.state[p] = HandState::Sowing;
                        o.choose[p] = false;
                        o.started[p] = true;
                    }
                }
                self.run_opening(rules, o, sink);
                Ok(())
            }
        }
    }

    /// Advances both hands in lockstep until someone must choose or both are done.
    fn run_opening<S: Sink>(&mut self, rules: &Rules, mut o: Opening2, sink: &mut S) {
        loop {
            let finished = self.opening_step(rules, &mut o, sink);
            o.note_first_to_finish(finished);
            if o.choose.iter().any(|&c| c) {
                let in_air = o.state.iter().any(|&s| s == HandState::Sowing);
                let chooser = Player::BOTH
                    .into_iter()
                    .find(|&p| o.choose[p])
                    .unwrap_or(Player::A);
                if !in_air && self.end_when_stops(rules, chooser) {
                    // No hand is in the air, so the board is as after a
                    // move: `end_when` applies as it does then (under
                    // `either-side-empty`, the other player must not choose
                    // again with their opponent's side empty).
                    self.moves_in_round += 1;
                    self.phase = Phase::Move(chooser);
                    self.end_round(rules, sink);
                    return;
                }
                if self.moves_in_game < MAX_GAME_MOVES {
                    self.phase = Phase::Opening(o);
                    return;
                }
                // At the game's move cap nobody picks again: a pair counts
                // as one move, like any other, and the move that reaches the
                // cap is the last. A player who would choose again is done;
                // a hand still in the air sows on alone to its end; then
                // `settle` ends the game at the cap.
                for p in Player::BOTH {
                    if o.choose[p] {
                        o.choose[p] = false;
                        o.state[p] = HandState::Done;
                    }
                }
            }
            if o.state.iter().all(|&s| s == HandState::Done) {
                let first = o.first_done.unwrap_or(Player::A);
                let next = match rules.simultaneous_next {
                    SimultaneousNext::FirstToFinish => first,
                    SimultaneousNext::OtherOfFirst => first.other(),
                };
                self.moves_in_round += 1;
                self.phase = Phase::Move(next);
                self.settle(rules, next, sink);
                return;
            }
        }
    }

    /// One step of the opening: each hand still sowing drops one seed, A's
    /// first. Returns which hands finished in this step.
    ///
    /// A hand that lands in its own store makes its player choose again, but
    /// only if, once both seeds of the step have dropped, that player still
    /// has a hole to play: the other hand may capture their last seeds in the
    /// same step. A player left without a hole is done.
    fn opening_step<S: Sink>(
        &mut self,
        rules: &Rules,
        o: &mut Opening2,
        sink: &mut S,
    ) -> PerPlayer<bool> {
        let sowing = o.state.map(|s| s == HandState::Sowing);
        for p in Player::BOTH {
            if sowing[p] {
                let mut hand = o.hands[p];
                o.state[p] = self.board.sow(rules, p, &mut hand, 1, sink);
                o.hands[p] = hand;
            }
        }
        for p in Player::BOTH {
            if o.state[p] == HandState::ExtraTurn && !o.choose[p] {
                if self.board.has_move(p) {
                    o.choose[p] = true;
                } else {
                    o.state[p] = HandState::Done;
                }
            }
        }
        PerPlayer::from_fn(|p| sowing[p] && o.state[p] == HandState::Done)
    }

    /// After a move: decide whether play stops, who moves, passes.
    ///
    /// Returns [`Position::mover`] of the position it leaves: in the common
    /// case (`next` moves on) the holes it worked out to decide, else
    /// asked again.
    #[inline(always)]
    fn settle<S: Sink>(
        &mut self,
        rules: &Rules,
        next: Player,
        sink: &mut S,
    ) -> Option<(Player, u16)> {
        if rules.win == Win::MoreThanHalf && self.won_outright() {
            // Won at once; the seeds still on the board go as the leftover
            // clause says, as at any end of play.
            self.won_at_once(rules, sink);
        } else {
            let holes = self.board.playable_mask(next);
            let next_can_move = holes != 0;
            let stops = match rules.end_when {
                EndWhen::NoMove => !next_can_move,
                EndWhen::EitherSideEmpty => !next_can_move || !self.board.has_move(next.other()),
                _ => self.end_when_stops(rules, next),
            };
            if stops {
                self.end_round(rules, sink);
            } else if !next_can_move {
                self.no_move(rules, next, sink);
            } else if self.moves_in_game >= MAX_GAME_MOVES
                || self.moves_in_round >= rules.move_limit
            {
                self.at_move_limit(rules, sink);
            } else {
                self.phase = Phase::Move(next);
                return Some((next, holes));
            }
        }
        self.mover()
    }

    /// A player's store holds more than half the seeds under `win =
    /// more-than-half`: the game ends.
    #[cold]
    #[inline(never)]
    fn won_at_once<S: Sink>(&mut self, rules: &Rules, sink: &mut S) {
        self.bank_leftovers(rules.leftover, sink);
        self.finish(EndCause::MoreThanHalf, sink);
    }

    /// A player's store holds more than half the seeds.
    #[cold]
    fn won_outright(&self) -> bool {
        let t = self.board.topo;
        Player::BOTH
            .iter()
            .any(|&p| 2 * self.board.cells[t.store(p)] as u32 > self.total)
    }

    /// `next` has no move (and `end_when` did not stop play): `no_move` says.
    #[cold]
    #[inline(never)]
    fn no_move<S: Sink>(&mut self, rules: &Rules, next: Player, sink: &mut S) {
        match rules.no_move {
            NoMove::EndRound => self.end_round(rules, sink),
            NoMove::Pass => {
                if S::ON {
                    sink.push(Event::Pass { player: next });
                }
                let next = next.other();
                if !self.board.has_move(next) {
                    self.end_round(rules, sink);
                    return;
                }
                self.go_on(rules, next, sink);
            }
        }
    }

    /// `next` moves, unless a move limit ends the game or the round.
    #[inline(always)]
    fn go_on<S: Sink>(&mut self, rules: &Rules, next: Player, sink: &mut S) {
        if self.moves_in_game >= MAX_GAME_MOVES || self.moves_in_round >= rules.move_limit {
            self.at_move_limit(rules, sink);
            return;
        }
        self.phase = Phase::Move(next);
    }

    /// The game's or the round's move limit is reached.
    #[cold]
    #[inline(never)]
    fn at_move_limit<S: Sink>(&mut self, rules: &Rules, sink: &mut S) {
        if self.moves_in_game >= MAX_GAME_MOVES {
            // Every game fits a game record.
            if S::ON {
                sink.push(Event::GameMoveLimit);
            }
            self.bank_leftovers(rules.leftover, sink);
            self.finish(EndCause::MoveLimit, sink);
            return;
        }
        if S::ON {
            sink.push(Event::MoveLimit);
        }
        self.end_round(rules, sink);
    }

    /// Whether `end_when` stops play now, `next` being the player to move.
    #[inline]
    fn end_when_stops(&self, rules: &Rules, next: Player) -> bool {
        let t = self.board.topo;
        match rules.end_when {
            EndWhen::NoMove => !self.board.has_move(next),
            EndWhen::EitherSideEmpty => {
                !self.board.has_move(next) || !self.board.has_move(next.other())
            }
            EndWhen::EmptyHoles => Player::BOTH.iter().any(|&p| {
                // Empty holes that are not burnt, from the occupied mask.
                let side = (self.board.occupied >> t.hole(p, 1)) as u16;
                let all = (1u16 << t.holes()) - 1;
                let empty = !side & all & !self.board.burnt[p];
                empty.count_ones() >= u32::from(rules.end_empty_holes)
            }),
            EndWhen::AllInStores => {
                !self.board.side_has_seeds(Player::A) && !self.board.side_has_seeds(Player::B)
            }
        }
    }

    /// Play has stopped: the round is scored, then either the game ends or
    /// the next round is refilled and started.
    #[inline(never)]
    fn end_round<S: Sink>(&mut self, rules: &Rules, sink: &mut S) {
        let still_had = PerPlayer::from_fn(|p| self.board.side_has_seeds(p));
        let winner = self.score_round(rules, sink);
        if let Some(cause) = self.game_ends_after_round(rules, sink) {
            self.finish(cause, sink);
            return;
        }
        let starter = self.next_round_starter(rules, winner, still_had);
        if let Err(stuck) = self.refill_for_next_round(rules, sink) {
            self.finish(EndCause::OutOfSeeds(stuck), sink);
            return;
        }
        self.start_round(rules, starter, sink);
    }

    /// Banks the leftovers and reports the round's end; returns the round's
    /// winner (most seeds in store), if any.
    fn score_round<S: Sink>(&mut self, rules: &Rules, sink: &mut S) -> Option<Player> {
        self.bank_leftovers(rules.leftover, sink);
        let stores = PerPlayer::from_fn(|p| self.store(p));
        let winner = leader(stores.map(u32::from));
        if S::ON {
            sink.push(Event::RoundEnd {
                round: self.round,
                stores,
                winner,
            });
        }
        winner
    }

    /// Why the game ends with this round, if it does: a single round, the
    /// agreed number of rounds, `game_end`, or the round limit (reported).
    fn game_ends_after_round<S: Sink>(&self, rules: &Rules, sink: &mut S) -> Option<EndCause> {
        if rules.rounds == Rounds::Single
            || (rules.max_rounds > 0 && self.round >= rules.max_rounds as u16)
        {
            return Some(EndCause::LastRound);
        }
        let out = Player::BOTH.into_iter().find(|&p| match rules.game_end {
            GameEnd::CannotFillOne => self.store(p) < rules.seeds_per_hole,
            GameEnd::LostAllSeeds => self.store(p) == 0,
        });
        if let Some(p) = out {
            return Some(EndCause::OutOfSeeds(p));
        }
        if self.round >= rules.round_limit {
            if S::ON {
                sink.push(Event::RoundLimit);
            }
            return Some(EndCause::RoundLimit);
        }
        if self.moves_in_game >= MAX_GAME_MOVES {
            // A round that ends at the cap does not start another.
            if S::ON {
                sink.push(Event::GameMoveLimit);
            }
            return Some(EndCause::MoveLimit);
        }
        None
    }

    /// Who starts the next round (`next_round_starter`); `still_had` is
    /// which players had seeds on their side when play stopped.
    fn next_round_starter(
        &self,
        rules: &Rules,
        winner: Option<Player>,
        still_had: PerPlayer<bool>,
    ) -> Player {
        match rules.next_round_starter {
            NextStarter::Winner => winner,
            NextStarter::Loser => winner.map(Player::other),
            NextStarter::MenangJalan => match still_had.into_array() {
                [true, false] => Some(Player::A),
                [false, true] => Some(Player::B),
                _ => winner,
            },
        }
        // A tie: the player who did not start this round (our choice).
        .unwrap_or(self.round_starter.other())
    }

    /// Refills both sides; the player left with no hole to play (only burnt
    /// or protected holes), if any, which ends the game (our reading of
    /// "lost all seeds"; otherwise the same round would repeat).
    fn refill_for_next_round<S: Sink>(
        &mut self,
        rules: &Rules,
        sink: &mut S,
    ) -> Result<(), Player> {
        for p in Player::BOTH {
            self.refill(rules, p, sink);
        }
        self.board.recount();
        self.board.derive_masks(rules);
        let Some(stuck) = Player::BOTH.into_iter().find(|&p| !self.board.has_move(p)) else {
            return Ok(());
        };
        // That round is never played: the seeds just refilled go back to
        // their owner's store, so the game is scored as the last round
        // played ended.
        self.bank_leftovers(Leftover::Owner, sink);
        Err(stuck)
    }

    /// Starts the next round: alternating from `starter`, or with a
    /// simultaneous opening when every round opens so.
    fn start_round<S: Sink>(&mut self, rules: &Rules, starter: Player, sink: &mut S) {
        self.round += 1;
        self.moves_in_round = 0;
        self.round_starter = starter;
        let simultaneous = rules.opening == Opening::Simultaneous
            && rules.simultaneous_rounds == SimultaneousRounds::Every;
        if S::ON {
            sink.push(Event::RoundStart {
                round: self.round,
                starter: (!simultaneous).then_some(starter),
            });
        }
        if simultaneous {
            let mut o = Opening2::new();
            for p in Player::BOTH {
                // A player with nothing to sow sits the opening out.
                o.choose[p] = self.board.has_move(p);
            }
            if !o.choose.iter().any(|&c| c) {
                self.phase = Phase::Move(starter);
                self.settle(rules, starter, sink);
            } else {
                self.phase = Phase::Opening(o);
            }
        } else {
            self.phase = Phase::Move(starter);
            if !self.board.has_move(starter) {
                // Cannot happen after a refill that left the game going, but
                // stay total: let the usual rule decide.
                self.settle(rules, starter, sink);
            }
        }
    }

    /// Moves the seeds left in the holes to a store as `leftover` says: each
    /// side's to its owner's or to the other player's; `uncounted` leaves
    /// them where they are. One `Bank` event a side that had seeds.
    fn bank_leftovers<S: Sink>(&mut self, leftover: Leftover, sink: &mut S) {
        if leftover == Leftover::Uncounted {
            return;
        }
        let t = self.board.topo;
        let (store_a, store_b) = (t.store(Player::A), t.store(Player::B));
        let seeds = self.board.empty_holes();
        // A store holds seeds if it did or if some are banked there.
        let mut occupied = self.board.occupied & (1u32 << store_a | 1u32 << store_b);
        for side in Player::BOTH {
            if seeds[side] == 0 {
                continue;
            }
            let to = match leftover {
                Leftover::Opponent => side.other(),
                _ => side,
            };
            self.board.cells[t.store(to)] += seeds[side];
            occupied |= 1 << t.store(to);
            if S::ON {
                sink.push(Event::Bank {
                    side,
                    to,
                    seeds: seeds[side],
                });
            }
        }
        self.board.occupied = occupied;
    }

    /// Refills a player's holes from their store at the end of a round.
    fn refill<S: Sink>(&mut self, rules: &Rules, p: Player, sink: &mut S) {
        let t = self.board.topo;
        let n = t.holes() as u8;
        let order: Vec<u8> = match rules.refill_from {
            RefillFrom::StoreSide => (1..=n).rev().collect(),
            RefillFrom::FarSide => (1..=n).collect(),
        };
        let per = rules.seeds_per_hole;
        let mut store = self.board.cells[t.store(p)];
        let mut burnt = 0u16;
        let mut ngacang = 0u16;
        let full = ((store / per) as usize).min(n as usize);
        for &k in &order[..full] {
            self.board.cells[t.hole(p, k)] = per;
        }
        store -= full as u16 * per;
        let unfilled = &order[full..];
        if rules.unfilled == Unfilled::Ngacang && !unfilled.is_empty() {
            // The short player splits what is left over at most three holes
            // nearest the opponent's store; holes between them and the full
            // ones are out of play (our choice where 000 says "never more than 3").
            let count = unfilled.len().min(3);
            let (between, protected) = unfilled.split_at(unfilled.len() - count);
            for &k in between {
                burnt |= 1 << (k - 1);
            }
            let share = store / count as u16;
            let extra = (store % count as u16) as usize;
            for (i, &k) in protected.iter().enumerate() {
                self.board.cells[t.hole(p, k)] = share + u16::from(i < extra);
                ngacang |= 1 << (k - 1);
            }
            store = 0;
        } else {
            for &k in unfilled {
                burnt |= 1 << (k - 1);
                self.board.cells[t.hole(p, k)] = 0;
            }
        }
        self.board.cells[t.store(p)] = store;
        self.board.burnt[p] = burnt;
        self.board.ngacang[p] = ngacang;
        if S::ON {
            sink.push(Event::Refill {
                player: p,
                holes: self.holes(p),
                burnt: self.burnt(p),
                ngacang: self.ngacang(p),
                store,
            });
        }
    }

    fn finish<S: Sink>(&mut self, cause: EndCause, sink: &mut S) {
        let scores = PerPlayer::from_fn(|p| u32::from(self.store(p)));
        let outcome = Outcome {
            scores,
            winner: leader(scores),
            cause,
        };
        if S::ON {
            sink.push(Event::GameEnd {
                scores,
                winner: outcome.winner,
            });
        }
        self.phase = Phase::Over(outcome);
    }

    /// The position as a [`Snapshot`].
    pub fn snapshot(&self, rules: &Rules) -> Snapshot {
        let sides = |f: &dyn Fn(Player) -> Vec<u8>| PerPlayer::from_fn(f);
        let (next, legal, legal_b) = match self.to_move() {
            None => (None, vec![], vec![]),
            Some(ToMove::One(p)) => (Some(p.to_string()), self.legal_holes(rules, p), vec![]),
            Some(ToMove::Both) => (
                Some("both".to_string()),
                self.legal_holes(rules, Player::A),
                self.legal_holes(rules, Player::B),
            ),
        };
        Snapshot {
            holes: PerPlayer::from_fn(|p| self.holes(p)),
            stores: PerPlayer::from_fn(|p| self.store(p)),
            burnt: sides(&|p| self.burnt(p)),
            ngacang: sides(&|p| self.ngacang(p)),
            next,
            legal,
            legal_b,
            over: self.is_over(),
            winner: self.outcome().map(|o| match o.winner {
                Some(p) => p.to_string(),
                None => "draw".to_string(),
            }),
            round: self.round,
        }
    }

    /// The board as ring cells, for hashing and compact comparisons.
    pub fn cells(&self) -> &[u16] {
        &self.board.cells[..self.board.topo.ring()]
    }
}

impl Opening2 {
    /// Records who finished first, from the hands that finished in one step
    /// (both in the same step: A, whose seed dropped first).
    fn note_first_to_finish(&mut self, finished: PerPlayer<bool>) {
        if self.first_done.is_none() {
            self.first_done = Player::BOTH.into_iter().find(|&p| finished[p]);
        }
    }

    fn new() -> Opening2 {
        Opening2 {
            hands: PerPlayer::default(),
            state: PerPlayer::new(HandState::Done, HandState::Done),
            choose: PerPlayer::new(true, true),
            started: PerPlayer::new(false, false),
            first_done: None,
        }
    }
}

fn forced_hole(rules: &Rules) -> Option<u8> {
    match rules.opening_hole {
        OpeningHole::Free => None,
        OpeningHole::Farthest => Some(1),
        OpeningHole::Nearest => Some(rules.holes),
    }
}

fn leader(scores: PerPlayer<u32>) -> Option<Player> {
    match scores[Player::A].cmp(&scores[Player::B]) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    }
}

const _: () = assert!(crate::topology::MAX_RING <= 32, "ring masks are u32");

/// A game: its rules, where it started, its moves, and who resigned, if
/// anyone. Undo is replay.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Position,
    moves: Vec<Move>,
    current: Position,
    resigned: Option<Player>,
}

impl Game {
    /// A new game from the rules' start position.
    pub fn new(rules: Rules) -> Game {
        let start = Position::new(&rules);
        Game {
            rules,
            start,
            moves: Vec::new(),
            current: start,
            resigned: None,
        }
    }
    /// A game from a given position.
    pub fn from_position(rules: Rules, start: Position) -> Game {
        Game {
            rules,
            start,
            moves: Vec::new(),
            current: start,
            resigned: None,
        }
    }
    /// A game replayed from a move list; fails at the first illegal move,
    /// saying which.
    pub fn replay(rules: Rules, moves: &[Move]) -> Result<Game, ReplayError> {
        let game = Game::new(rules);
        let current = game.start.replay(&game.rules, moves)?;
        Ok(Game {
            moves: moves.to_vec(),
            current,
            ..game
        })
    }
    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }
    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }
    /// The moves so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Legal moves now.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.current.legal_moves(&self.rules)
    }
    /// Plays a move; the position is unchanged on error.
    pub fn play(&mut self, mv: Move) -> Result<Turn, IllegalMove> {
        let mut next = self.current;
        let turn = next.play(&self.rules, mv)?;
        self.current = next;
        self.moves.push(mv);
        Ok(turn)
    }
    /// Takes back the last move by replaying the others; returns it. A
    /// resignation is taken back with it (see [`Game::take_back_resignation`]
    /// to take back only that).
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        self.resigned = None;
        self.current = self.position_after(self.moves.len());
        Some(last)
    }
    /// `p` resigns ("menyerah"): the game ends now, the other player wins
    /// (see [`Position::resign`] for the scores). `None`, and nothing
    /// changes, when the game is already over.
    pub fn resign(&mut self, p: Player) -> Option<Outcome> {
        let outcome = self.current.resign(&self.rules, p)?;
        self.resigned = Some(p);
        Some(outcome)
    }
    /// Who resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }
    /// Takes back a resignation: play goes on from the same position.
    /// Whether there was one.
    pub fn take_back_resignation(&mut self) -> bool {
        if self.resigned.take().is_none() {
            return false;
        }
        self.current = self.position_after(self.moves.len());
        true
    }
    /// The position after the first `count` moves (replayed).
    pub fn position_after(&self, count: usize) -> Position {
        self.start
            .replay(&self.rules, &self.moves[..count.min(self.moves.len())])
            .expect("recorded moves were legal")
    }
    /// Every turn with its events, replayed from the start.
    pub fn turns(&self) -> Vec<Turn> {
        let mut pos = self.start;
        self.moves
            .iter()
            .map(|&m| pos.play(&self.rules, m).expect("recorded moves were legal"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `umum` with a simultaneous opening.
    fn simultaneous() -> Rules {
        Rules::default()
            .edit(|c| c.opening = Opening::Simultaneous)
            .expect("valid")
    }

    /// Issue 30, finding 1: a pair that is the game's last allowed move ends
    /// the game, even when a hand lands in its store (whose player would
    /// choose again) while the other hand is still in the air.
    #[test]
    fn an_opening_pair_at_the_move_cap_is_the_last_move() {
        let rules = simultaneous();
        let mut pos = Position::new(&rules);
        let total = pos.seed_count();
        // Without the cap: A's 1 ends in A's store, B's 3 relays on from
        // A's hole 2, so A alone must choose again.
        let mut free = pos;
        free.play_fast(&rules, Move::Both(1, 3)).unwrap();
        assert_eq!(free.to_move(), Some(ToMove::One(Player::A)));
        // One move short of the cap, the same pair is the last move.
        pos.moves_in_game = MAX_GAME_MOVES - 1;
        let mut events = pos;
        let turn = events.play(&rules, Move::Both(1, 3)).unwrap();
        pos.play_fast(&rules, Move::Both(1, 3)).unwrap();
        assert_eq!(pos, events, "fast path and event path agree");
        assert!(pos.is_over(), "{:?}", pos.snapshot(&rules));
        assert_eq!(pos.moves_in_game, MAX_GAME_MOVES);
        assert!(turn.events.contains(&Event::GameMoveLimit));
        assert_eq!(pos.seed_count(), total);
        let on_board: u32 = Player::BOTH
            .iter()
            .map(|&p| pos.holes(p).iter().map(|&s| s as u32).sum::<u32>())
            .sum();
        assert_eq!(on_board, 0, "the leftovers are banked");
    }

    #[test]
    fn a_resignation_ends_the_game_for_the_other_player_whatever_the_seeds() {
        let rules = Rules::default();
        let mut game = Game::new(rules.clone());
        game.play(Move::Hole(1)).unwrap(); // A's last seed in A's store: A again.
        game.play(Move::Hole(2)).unwrap();
        let before = *game.position();
        assert!(!before.is_over());
        // B resigns though it is not B's turn.
        let mut copy = game.clone();
        let o = game.resign(Player::B).unwrap();
        assert_eq!(o.winner, Some(Player::A));
        assert_eq!(o.cause, EndCause::Resigned(Player::B));
        // The player ahead on seeds who resigns loses all the same.
        let ahead = leader(o.scores).expect("not level");
        let o2 = copy.resign(ahead).unwrap();
        assert_eq!(o2.winner, Some(ahead.other()));
        assert_eq!(o2.scores, o.scores);
        // The scores count every seed: stores and each side's holes (umum:
        // leftovers to their owner).
        assert_eq!(
            o.scores[Player::A] + o.scores[Player::B],
            before.seed_count()
        );
        let side = |p: Player| before.holes(p).iter().map(|&s| u32::from(s)).sum::<u32>();
        assert_eq!(
            o.scores[Player::A],
            u32::from(before.store(Player::A)) + side(Player::A)
        );
        // Over: no move, no second resignation.
        assert!(game.position().is_over());
        assert!(game.play(Move::Hole(3)).is_err());
        assert_eq!(game.resign(Player::A), None);
        assert_eq!(game.resigned(), Some(Player::B));
        // Taken back, play goes on from the same position.
        assert!(game.take_back_resignation());
        assert!(!game.take_back_resignation());
        assert_eq!(*game.position(), before);
        assert_eq!(game.resigned(), None);
        // Undo takes a resignation back with the last move.
        game.resign(Player::A).unwrap();
        assert_eq!(game.undo(), Some(Move::Hole(2)));
        assert_eq!(game.resigned(), None);
        assert!(!game.position().is_over());
    }

    #[test]
    fn a_resignation_in_the_opening_counts_the_seeds_in_hand() {
        let rules = simultaneous();
        let mut pos = Position::new(&rules);
        // A's 1 ends in A's store, B's 3 relays on: A must choose again
        // while B's hand is in the air.
        pos.play_fast(&rules, Move::Both(1, 3)).unwrap();
        assert_eq!(pos.to_move(), Some(ToMove::One(Player::A)));
        assert!(pos.in_hand(Player::B) > 0);
        let total = pos.seed_count();
        let o = pos.resign(&rules, Player::A).unwrap();
        assert_eq!(o.scores[Player::A] + o.scores[Player::B], total);
        assert_eq!(o.winner, Some(Player::B));
        // Under `leftover = opponent` each side's holes count for the other.
        let other = Rules::default()
            .edit(|c| c.leftover = Leftover::Opponent)
            .unwrap();
        let mut pos = Position::new(&other);
        pos.play_fast(&other, Move::Hole(3)).unwrap();
        let before = pos;
        let o = pos.resign(&other, Player::B).unwrap();
        let side = |p: Player| before.holes(p).iter().map(|&s| u32::from(s)).sum::<u32>();
        assert_eq!(
            o.scores[Player::A],
            u32::from(before.store(Player::A)) + side(Player::B)
        );
    }
}
