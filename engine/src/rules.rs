//! The rule clauses: one flat, documented set.
//!
//! Every field of [`Clauses`] is one clause; [`Rules`] is a set of them that makes sense. Each names the readings it chooses
//! between and the sources behind them (keys as in `shared/research/variants.md`
//! and the seed documents 000-004 of `shared/RULES.md`). Where no source settles
//! a case, the doc says "our choice".
//!
//! In JSON a ruleset is a flat object with these snake_case keys and kebab-case
//! values; unknown keys are errors, and [`Clauses::validate`] rejects combinations
//! that make no sense, naming the clauses.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which player: A (south, moves first by default) or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player A (index 0).
    A,
    /// Player B (index 1).
    B,
}

impl Player {
    /// 0 for A, 1 for B.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
    /// Both players, A first.
    pub const BOTH: [Player; 2] = [Player::A, Player::B];
}

crate::reading::reading_serde!(Player);

impl crate::reading::Reading for Player {
    const ALL: &'static [Player] = &Player::BOTH;
    const NAMES: &'static [&'static str] = &["A", "B"];
    fn as_str(self) -> &'static str {
        match self {
            Player::A => "A",
            Player::B => "B",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// One value for each player, indexed by [`Player`]: stores, scores, burnt
/// holes, hands. In JSON `[A's, B's]`; a [`Snapshot`](crate::Snapshot) or a
/// [`Setup`](crate::Setup) writes its sides `{"A": .., "B": ..}` (see
/// [`PerPlayer::by_name`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerPlayer<T>([T; 2]);

impl<T> PerPlayer<T> {
    /// A's value and B's.
    pub const fn new(a: T, b: T) -> PerPlayer<T> {
        PerPlayer([a, b])
    }
    /// Each player's value from a function of the player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> PerPlayer<T> {
        PerPlayer([f(Player::A), f(Player::B)])
    }
    /// The value for a player.
    #[inline]
    pub fn get(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
    /// Each value changed by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> PerPlayer<U> {
        PerPlayer(self.0.map(f))
    }
    /// The values, A's first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
    /// `[A's, B's]`.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
    /// `[A's, B's]`, borrowed.
    pub fn as_array(&self) -> &[T; 2] {
        &self.0
    }
}

impl<T> std::ops::Index<Player> for PerPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> std::ops::IndexMut<Player> for PerPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}

impl<T> From<[T; 2]> for PerPlayer<T> {
    fn from(values: [T; 2]) -> PerPlayer<T> {
        PerPlayer(values)
    }
}

/// Serde for a [`PerPlayer`] written by player name, `{"A": .., "B": ..}`
/// (`#[serde(with = "congklak::by_name")]`).
pub mod by_name {
    use super::PerPlayer;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Named<T> {
        #[serde(rename = "A")]
        a: T,
        #[serde(rename = "B")]
        b: T,
    }

    /// Writes `{"A": .., "B": ..}`.
    pub fn serialize<T: Serialize, S: Serializer>(
        v: &PerPlayer<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let [a, b] = v.as_array();
        Named { a, b }.serialize(s)
    }

    /// Reads `{"A": .., "B": ..}`.
    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<PerPlayer<T>, D::Error> {
        let n = Named::<T>::deserialize(d)?;
        Ok(PerPlayer::new(n.a, n.b))
    }
}

macro_rules! clause_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vm])* $var),+
        }
        crate::reading::reading_serde!($name);
        impl $name {
            /// Every reading of this clause, in documentation order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// The JSON spelling of this reading.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }
        }
        impl crate::reading::Reading for $name {
            const ALL: &'static [$name] = $name::ALL;
            const NAMES: &'static [&'static str] = &[$($s),+];
            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

clause_enum! {
    /// Relay ("sambung"): the last seed of a sowing lands in an occupied hole.
    Relay {
        /// Pick the hole up and sow on, on either side (all congklak sources; 002, 003, 004, WPen).
        Anywhere = "anywhere",
        /// Only on the opponent's side; on one's own side the turn ends (Chongka', Fritz 1904 via L-Cg).
        OpponentSide = "opponent-side",
        /// Never: the turn just ends (Standard Mancala / Kalah, 002's table).
        Never = "never",
    }
}

clause_enum! {
    /// Where a last seed landing in an empty hole captures ("menembak", "tembak").
    CaptureSide {
        /// In an empty hole on one's own side (all congklak sources).
        Own = "own",
        /// In any empty hole (Chonka, Parker 1909 via L-Ck; the Ovalhu code).
        Any = "any",
        /// The reversed reading recorded in 004 from a newspaper: stopping in an
        /// empty hole on the opponent's side captures, stopping on one's own side
        /// just ends the turn. Given a defined meaning here (our choice): the seed
        /// and the hole facing it, which is one's own, go to one's store.
        Opponent = "opponent",
        /// No capture at all (Culin's Chungcajon describes none).
        Never = "never",
    }
}

clause_enum! {
    /// The lap condition on capture (000; the Malaysian ministry source in 004; App).
    CaptureLap {
        /// No condition (gambiter in 004, WPen, Hel).
        None = "none",
        /// Capture only once the sowing has passed one's own store and come back,
        /// counted over the whole move including its relays (004 `congkak-melayu`).
        WholeTurn = "whole-turn",
        /// The same, counted again at every pick-up of a relay (the other reading 004 records).
        PerPickup = "per-pickup",
    }
}

clause_enum! {
    /// What a player with no legal move does.
    NoMove {
        /// Passes; the opponent moves again (MW Sungka, WPid).
        Pass = "pass",
        /// The round (or the game) ends (004 `umum`).
        EndRound = "end-round",
    }
}

clause_enum! {
    /// When play (the round, or the game in a single-round pack) stops.
    EndWhen {
        /// The player to move has no seeds on their side (004 `umum`). Requires `no_move = end-round`.
        NoMove = "no-move",
        /// As soon as either side is empty (002, 003, Hel, WPen, 000 "kalah jalan").
        EitherSideEmpty = "either-side-empty",
        /// As soon as a player has `end_empty_holes` empty holes (004 `jawa-sleman`, Sleman culture office).
        EmptyHoles = "empty-holes",
        /// Only when every seed is in a store; a player without a move passes (WPid, L-Su). Requires `no_move = pass`.
        AllInStores = "all-in-stores",
    }
}

clause_enum! {
    /// Where the seeds still on the board go when play stops.
    ///
    /// Who gets every seed at the end, for every combination of clauses
    /// (the winner is decided on the stores after this):
    /// - **Play stops** (`end_when`, no move, `move_limit`): the seeds in the
    ///   holes, ngacang holes included, go as this clause says; with
    ///   `uncounted` they stay on the board and count for nobody.
    /// - **`win = more-than-half`** ends the game at once: the seeds on the
    ///   board go as this clause says too (the winner cannot change: the
    ///   leader already holds more than half).
    /// - **A refill leaves a player no hole to play** (several rounds): that
    ///   round is never played, so the seeds just refilled go back to their
    ///   owner's store, whatever this clause says, and the game is scored as
    ///   the last round played ended (our choice).
    /// - Seeds sown into a burnt hole under `unfilled = burnt-forfeit` are
    ///   lost and count for nobody; under `burnt-to-opponent` they are
    ///   already in a store.
    Leftover {
        /// To the owner of the side they are on (002, 003 portal, 004 `umum`).
        Owner = "owner",
        /// To the other player (WPen, L-MC: the remaining seeds go to the other player).
        Opponent = "opponent",
        /// Not counted: only the stores count (004 `jawa-sleman`, inferred there). Single round only.
        Uncounted = "uncounted",
    }
}

clause_enum! {
    /// How the first move of the game (or of a round) is made.
    Opening {
        /// Turns alternate from the first move; `first_player` starts (004, 002's table, Ohvalhu in MW).
        Alternate = "alternate",
        /// Both players sow their first move at the same time, in lockstep
        /// (001, 002 history, 003, Hel, WPen, MW Sungka, DkH).
        Simultaneous = "simultaneous",
    }
}

clause_enum! {
    /// After a simultaneous opening, who moves next.
    SimultaneousNext {
        /// The first to finish their opening moves first once the other is done (003 portal, MW Sungka).
        FirstToFinish = "first-to-finish",
        /// The opponent of the first to stop begins (WPold).
        OtherOfFirst = "other-of-first",
    }
}

clause_enum! {
    /// Which hole a simultaneous opening may start from.
    OpeningHole {
        /// Any hole (WPen, 003 portal).
        Free = "free",
        /// Forced: the hole farthest from one's store, hole 1 (Hel; DkH "the leftmost hole").
        Farthest = "farthest",
        /// Forced: the hole nearest one's store, hole n (WPold).
        Nearest = "nearest",
    }
}

clause_enum! {
    /// Which rounds open simultaneously.
    SimultaneousRounds {
        /// Only the first round; later rounds alternate (003 portal, Ovb).
        First = "first",
        /// Every round (our reading of sources that do not limit it).
        Every = "every",
    }
}

clause_enum! {
    /// One round, or several with refills.
    Rounds {
        /// One round is the whole game (004, 002's table).
        Single = "single",
        /// After a round each player refills their holes from their store (000, 002 history, 003, Hel, WPen).
        Several = "several",
    }
}

clause_enum! {
    /// The order in which holes are refilled after a round.
    RefillFrom {
        /// From the hole nearest one's store (000; 002-003 by implication; Ovb).
        StoreSide = "store-side",
        /// From the hole farthest from one's store (the other direction in variants item 9).
        FarSide = "far-side",
    }
}

clause_enum! {
    /// What becomes of holes that cannot be refilled with a full complement.
    Unfilled {
        /// Burnt: out of play; both players skip them when sowing (003 encyclopedia, L-MC, L-Ov, MW).
        BurntSkipped = "burnt-skipped",
        /// "Ngacang" (000): the short player splits the rest over at most three
        /// holes nearest the opponent's store; the opponent skips them, nobody
        /// may take or capture them, the owner may sow into them.
        Ngacang = "ngacang",
        /// Burnt, sown into as usual, and a seed landing there goes to the
        /// sower's opponent's store (003 portal, WPen).
        BurntToOpponent = "burnt-to-opponent",
        /// Burnt, sown into as usual, and a seed landing there is lost ("nas", Moy).
        BurntForfeit = "burnt-forfeit",
    }
}

clause_enum! {
    /// Who starts the next round.
    NextStarter {
        /// The round's winner, most seeds (000 via menang, Moy, medium.com, App).
        Winner = "winner",
        /// The round's loser (003 portal, WPen).
        Loser = "loser",
        /// "Menang jalan" (000): the player who still had seeds on their side
        /// when the round ended; if both or neither, the round's winner.
        MenangJalan = "menang-jalan",
    }
}

clause_enum! {
    /// When a game of several rounds ends.
    GameEnd {
        /// A player cannot fill a single hole (002, 003, L-MC, L-Su, Moy).
        CannotFillOne = "cannot-fill-one",
        /// A player has lost all seeds (000, Hel).
        LostAllSeeds = "lost-all-seeds",
    }
}

clause_enum! {
    /// Who wins.
    Win {
        /// Most seeds when play ends (all congklak sources).
        MostSeeds = "most-seeds",
        /// The first whose store holds more than half of all seeds wins at once
        /// (Chonka, Parker 1909 via L-Ck; "more than" is our choice: exactly half can still be tied).
        MoreThanHalf = "more-than-half",
    }
}

/// The most seeds a position may hold in all (holes, stores, hands and lost
/// seeds): 2 × 11 holes × 20 seeds, the most any valid ruleset starts with.
/// Every count in the engine is a `u16`, so no count can overflow; a
/// [`Setup`](crate::Setup) with more seeds is refused.
pub const MAX_SEEDS: u32 = 2 * 11 * 20;

/// The most moves in one game, whatever the rules: the game then ends,
/// scored as when play stops, with an
/// [`Event::GameMoveLimit`](crate::Event::GameMoveLimit) (our rule). A move
/// takes at most three characters of a game record, so every game the
/// engine plays fits one (see [`MAX_RECORD_LEN`](crate::MAX_RECORD_LEN)).
/// A simultaneous opening under way when the count is reached is played to
/// its end first (the hands are still sowing), so only the picks of that
/// one opening can come after it.
pub const MAX_GAME_MOVES: u32 = 30_000;

/// Every clause of the game, flat: a ruleset being written, not yet
/// checked. Start from [`Clauses::default`] (the `umum` reading) or from a
/// ruleset's [`Rules::clauses`], change fields, then make [`Rules`] of it
/// with [`Rules::new`], which checks the combination. Nothing plays on
/// `Clauses`: games and positions take [`Rules`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Clauses {
    /// Holes a side, 3..=11. Seven is the common board (all sources); 5, 7, 9 (JKKN in 004), 7, 9, 11 (Sleman in 004), 3 to 9 and more (002), 8 (Ohvalhu), 6 (Kalah).
    pub holes: u8,
    /// Seeds in each hole at the start, 1..=20. Usually equal to `holes` (000, Slm); 4 in Kalah; 5 on seven holes (Moy).
    pub seeds_per_hole: u16,
    /// Relay when the last seed lands in an occupied hole; see [`Relay`].
    pub relay: Relay,
    /// Last seed in one's own store gives another move: yes (most sources) / no (Chonka, Chungcajon, Rad).
    pub extra_turn: bool,
    /// Where an empty-hole landing captures; see [`CaptureSide`].
    pub capture_side: CaptureSide,
    /// Capture only when the facing hole has seeds: yes (Kalah, L-MC, 001 "nothing is captured") / no, the lone seed is banked anyway (002, WPen; 004 by choice).
    pub capture_requires_opposite: bool,
    /// The capturing seed goes to the store with the captured ones: yes (WPen, MW Sungka, 003, 000) / no, only the facing hole (L-Su, L-MC, L-Cg, L-Ga).
    pub capture_banks_sower: bool,
    /// The lap condition on capture; see [`CaptureLap`].
    pub capture_lap: CaptureLap,
    /// A player with no legal move; see [`NoMove`].
    pub no_move: NoMove,
    /// When play stops; see [`EndWhen`].
    pub end_when: EndWhen,
    /// For `end_when = empty-holes`: how many empty holes end play (3 in Sleman).
    pub end_empty_holes: u8,
    /// Seeds left on the board when play stops; see [`Leftover`].
    pub leftover: Leftover,
    /// The opening; see [`Opening`].
    pub opening: Opening,
    /// Who makes the first move when the opening alternates (South / A in 002 and 004).
    pub first_player: Player,
    /// After a simultaneous opening, who moves next; see [`SimultaneousNext`].
    pub simultaneous_next: SimultaneousNext,
    /// The hole a simultaneous opening starts from; see [`OpeningHole`].
    pub opening_hole: OpeningHole,
    /// Which rounds open simultaneously; see [`SimultaneousRounds`].
    pub simultaneous_rounds: SimultaneousRounds,
    /// One round or several; see [`Rounds`].
    pub rounds: Rounds,
    /// Refill order after a round; see [`RefillFrom`].
    pub refill_from: RefillFrom,
    /// Holes that cannot be refilled; see [`Unfilled`].
    pub unfilled: Unfilled,
    /// Who starts the next round; see [`NextStarter`].
    pub next_round_starter: NextStarter,
    /// When a game of several rounds ends; see [`GameEnd`].
    pub game_end: GameEnd,
    /// At most this many rounds (0: no cap). An agreed number of rounds (BGA's 3/5/7; 000 "both agree to stop").
    pub max_rounds: u8,
    /// Who wins; see [`Win`].
    pub win: Win,
    /// Endless sowing: a single move may pick seeds up for a relay at most this
    /// many times. The pick-up that would exceed it does not happen: the last
    /// seed stays where it fell, the move ends and an
    /// [`Event::EndlessSowing`](crate::Event::EndlessSowing) is reported (our rule; no
    /// source speaks of it; MancalaGames has a similar guard). 1..=100000.
    pub relay_limit: u32,
    /// Endless play: a round in which this many moves have been made ends as
    /// if the player to move had no move, reported as
    /// [`Event::MoveLimit`](crate::Event::MoveLimit) (our rule, so that every game ends). 10..=100000.
    pub move_limit: u32,
    /// Endless rounds: a game of several rounds ends after this many rounds,
    /// scored as it stands, reported as [`Event::RoundLimit`](crate::Event::RoundLimit)
    /// (our rule, so that every game ends; an agreed cap is `max_rounds`). 1..=1000.
    pub round_limit: u16,
}

/// One thing wrong with a ruleset: which clauses, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// The clauses involved, by their JSON names.
    pub clauses: Vec<&'static str>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.clauses.join(" + "), self.message)
    }
}

/// A ruleset that makes no sense: every problem found, in clause order
/// (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// The problems, each naming its clauses.
    pub problems: Vec<RuleProblem>,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesError {}

fn problem(clauses: &[&'static str], message: impl Into<String>) -> RuleProblem {
    RuleProblem {
        clauses: clauses.to_vec(),
        message: message.into(),
    }
}

/// A ruleset that makes sense: every clause, valid by construction. It
/// reads like its [`Clauses`] (`rules.holes`, `rules.relay`); it is made
/// only by [`Rules::new`] (or [`Rules::default`], JSON, or setting clauses
/// by name), each of which checks the combination, so an invalid ruleset
/// never reaches a [`Game`](crate::Game) or a [`Position`](crate::Position).
/// In JSON it is the flat object of its clauses; reading one validates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Clauses", into = "Clauses")]
pub struct Rules(Clauses);

impl Default for Rules {
    /// The `umum` reading (see [`Clauses::default`]).
    fn default() -> Rules {
        Rules(Clauses::default())
    }
}

impl std::ops::Deref for Rules {
    type Target = Clauses;
    fn deref(&self) -> &Clauses {
        &self.0
    }
}

impl AsRef<Clauses> for Rules {
    fn as_ref(&self) -> &Clauses {
        &self.0
    }
}

impl TryFrom<Clauses> for Rules {
    type Error = RulesError;
    fn try_from(clauses: Clauses) -> Result<Rules, RulesError> {
        Rules::new(clauses)
    }
}

impl From<Rules> for Clauses {
    fn from(rules: Rules) -> Clauses {
        rules.0
    }
}

impl Clauses {
    /// Checks ranges and combinations; the error lists every problem, each
    /// naming its clauses.
    pub fn validate(&self) -> Result<(), RulesError> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(RulesError { problems })
        }
    }

    /// Every problem with this ruleset (none when it is valid).
    pub fn problems(&self) -> Vec<RuleProblem> {
        let mut found = Vec::new();
        if !(3..=11).contains(&self.holes) {
            found.push(problem(
                &["holes"],
                format!("must be 3 to 11, not {}", self.holes),
            ));
        }
        if !(1..=20).contains(&self.seeds_per_hole) {
            found.push(problem(
                &["seeds_per_hole"],
                format!("must be 1 to 20, not {}", self.seeds_per_hole),
            ));
        }
        if self.end_when == EndWhen::EmptyHoles && !(1..=self.holes).contains(&self.end_empty_holes)
        {
            found.push(problem(
                &["end_when", "end_empty_holes"],
                format!(
                    "empty-holes needs end_empty_holes between 1 and holes ({}), not {}",
                    self.holes, self.end_empty_holes
                ),
            ));
        }
        if self.end_when == EndWhen::NoMove && self.no_move == NoMove::Pass {
            found.push(problem(
                &["end_when", "no_move"],
                "play cannot stop when the player to move has no move if that player passes",
            ));
        }
        if self.end_when == EndWhen::AllInStores && self.no_move == NoMove::EndRound {
            found.push(problem(
                &["end_when", "no_move"],
                "all-in-stores means play goes on past a player without a move, so no_move must be pass",
            ));
        }
        if self.rounds == Rounds::Several && self.leftover == Leftover::Uncounted {
            found.push(problem(
                &["rounds", "leftover"],
                "with several rounds every seed must belong to someone at the refill; uncounted seeds would vanish",
            ));
        }
        if self.rounds == Rounds::Several
            && self.unfilled == Unfilled::Ngacang
            && self.refill_from != RefillFrom::StoreSide
        {
            found.push(problem(
                &["unfilled", "refill_from"],
                "ngacang holes are the ones nearest the opponent's store, so the full holes must be filled from one's own store side",
            ));
        }
        if self.capture_side == CaptureSide::Never && self.capture_lap != CaptureLap::None {
            found.push(problem(
                &["capture_side", "capture_lap"],
                "a lap condition on a capture that never happens",
            ));
        }
        if self.capture_side == CaptureSide::Never && self.capture_requires_opposite {
            found.push(problem(
                &["capture_side", "capture_requires_opposite"],
                "a condition on a capture that never happens",
            ));
        }
        if self.rounds == Rounds::Single && self.max_rounds > 1 {
            found.push(problem(
                &["rounds", "max_rounds"],
                "a cap of several rounds on a single-round game",
            ));
        }
        if !(1..=100_000).contains(&self.relay_limit) {
            found.push(problem(&["relay_limit"], "must be 1 to 100000"));
        }
        if !(1..=1000).contains(&self.round_limit) {
            found.push(problem(&["round_limit"], "must be 1 to 1000"));
        }
        if !(10..=100_000).contains(&self.move_limit) {
            found.push(problem(&["move_limit"], "must be 10 to 100000"));
        }
        found
    }

    /// The value of a clause, as JSON.
    pub fn value(&self, clause: &str) -> Option<serde_json::Value> {
        Rules::clause(clause).map(|c| c.get(self))
    }

    /// The clauses whose values differ from `other`, by JSON name.
    pub fn differences(&self, other: &Clauses) -> Vec<&'static str> {
        Rules::REGISTRY
            .iter()
            .filter(|c| c.get(self) != c.get(other))
            .map(|c| c.name)
            .collect()
    }

    /// Total seeds on the board at the start.
    pub fn total_seeds(&self) -> u32 {
        2 * self.holes as u32 * self.seeds_per_hole as u32
    }
}

impl Rules {
    /// The ruleset of these clauses, if they make sense; the error lists
    /// every problem, each naming its clauses.
    pub fn new(clauses: Clauses) -> Result<Rules, RulesError> {
        clauses.validate()?;
        Ok(Rules(clauses))
    }

    /// The clauses, to read (as `rules.holes` does) or to copy and change.
    pub fn clauses(&self) -> &Clauses {
        &self.0
    }

    /// The clauses, owned.
    pub fn into_clauses(self) -> Clauses {
        self.0
    }

    /// These rules with some clauses changed by `change`, checked again.
    pub fn edit(&self, change: impl FnOnce(&mut Clauses)) -> Result<Rules, RulesError> {
        let mut clauses = self.0.clone();
        change(&mut clauses);
        Rules::new(clauses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_are_read_and_written_by_their_json_spelling() {
        use crate::reading::Reading;
        fn round_trip<
            R: Reading + Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug,
        >() {
            for (r, name) in R::ALL.iter().zip(R::NAMES) {
                assert_eq!(serde_json::to_string(r).unwrap(), format!("\"{name}\""));
                assert_eq!(
                    serde_json::from_str::<R>(&format!("\"{name}\"")).unwrap(),
                    *r
                );
                let value = serde_json::Value::String(name.to_string());
                assert_eq!(serde_json::from_value::<R>(value).unwrap(), *r);
            }
        }
        round_trip::<Player>();
        round_trip::<Relay>();
        round_trip::<CaptureLap>();
        round_trip::<Unfilled>();
        let err = serde_json::from_str::<Relay>("\"sideways\"")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "unknown variant `sideways`, expected one of `anywhere`, `opponent-side`, `never`"
            ),
            "{err}"
        );
        assert!(serde_json::from_str::<Player>("0").is_err());
    }

    #[test]
    fn per_player_is_indexed_by_player_and_keeps_both_json_forms() {
        let mut v = PerPlayer::new(3u16, 5);
        v[Player::B] += 1;
        assert_eq!((v[Player::A], v[Player::B]), (3, 6));
        assert_eq!(PerPlayer::from_fn(|p| p.index()), PerPlayer::new(0, 1));
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,6]");
        assert_eq!(serde_json::from_str::<PerPlayer<u16>>("[3,6]").unwrap(), v);
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Named(#[serde(with = "by_name")] PerPlayer<u16>);
        assert_eq!(
            serde_json::to_string(&Named(v)).unwrap(),
            r#"{"A":3,"B":6}"#
        );
        assert_eq!(
            serde_json::from_str::<Named>(r#"{"A":3,"B":6}"#).unwrap(),
            Named(v)
        );
    }

    #[test]
    fn every_clause_lists_its_readings_and_the_default_is_among_them() {
        let d = Rules::default();
        for &c in Rules::CLAUSES {
            let readings = Rules::readings(c).unwrap_or_else(|| panic!("{c}"));
            assert!(readings.len() >= 2, "{c}");
            assert!(readings.contains(&d.value(c).unwrap()), "{c}");
        }
        assert!(Rules::readings("colour").is_none());
    }

    #[test]
    fn rules_are_valid_by_construction() {
        // Rules::new returns validate's typed error, every problem in it.
        let bad = Clauses {
            holes: 2,
            end_when: EndWhen::NoMove,
            no_move: NoMove::Pass,
            ..Clauses::default()
        };
        let err = Rules::new(bad.clone()).unwrap_err();
        assert_eq!(err, bad.validate().unwrap_err());
        assert_eq!(err.problems.len(), 2);
        // Reading JSON checks the combination too, with the same words.
        let json = serde_json::to_value(&bad).unwrap();
        let read = serde_json::from_value::<Rules>(json)
            .unwrap_err()
            .to_string();
        assert!(read.contains("holes: must be 3 to 11, not 2"), "{read}");
        // An edit that breaks the rules is refused; the rules stay as they were.
        let r = Rules::default();
        assert!(r.edit(|c| c.seeds_per_hole = 0).is_err());
        let nine = r.edit(|c| c.holes = 9).unwrap();
        assert_eq!((r.holes, nine.holes), (7, 9));
        // The JSON of a ruleset is the JSON of its clauses.
        assert_eq!(
            serde_json::to_string(&nine).unwrap(),
            serde_json::to_string(nine.clauses()).unwrap()
        );
        assert_eq!(
            serde_json::from_str::<Rules>(&serde_json::to_string(&nine).unwrap()).unwrap(),
            nine
        );
    }

    #[test]
    fn validate_reports_every_problem_not_the_first() {
        let r = Clauses {
            holes: 2,
            seeds_per_hole: 0,
            end_when: EndWhen::NoMove,
            no_move: NoMove::Pass,
            move_limit: 5,
            ..Clauses::default()
        };
        let err = r.validate().unwrap_err();
        let named: Vec<&[&str]> = err.problems.iter().map(|p| &p.clauses[..]).collect();
        assert_eq!(
            named,
            [
                &["holes"][..],
                &["seeds_per_hole"],
                &["end_when", "no_move"],
                &["move_limit"]
            ]
        );
        let text = err.to_string();
        assert!(
            text.starts_with("holes: must be 3 to 11, not 2; seeds_per_hole:"),
            "{text}"
        );
        assert_eq!(Rules::default().problems(), vec![]);
    }
}
