//! Playing a friend on another device, peer to peer: the connection codes
//! and the game protocol over the data channel, in plain Rust (tested
//! natively; the page in `pages/friend.rs` only moves text between this and
//! the browser's `RTCPeerConnection`).
//!
//! - **Codes.** A code is one connection description (the browser's SDP,
//!   with every network candidate already gathered, so one paste each way
//!   is enough) and, in an invitation, the game proposed (its record:
//!   ruleset, game number and the moves so far). It travels as
//!   `K1.<base64url(deflate(JSON))>`.
//! - **Moves.** Each move travels with its number (the record's length
//!   before it) and a hash of the position after it. Both sides apply it
//!   with the engine and compare hashes; a mismatch stops play and both
//!   sides fall back to the host's move list.
//! - **Simultaneous openings.** Each side first sends a commitment (SHA-256
//!   of the move number, its hole and a random salt), and its hole and salt
//!   only once both commitments have arrived; the receiver checks the
//!   commitment before playing.
//! - **Reconnecting.** The game is the record: a new invitation carries it,
//!   and the guest resumes from it.

use crate::game::state::{GameProblem, PlayState};
use crate::ui::i18n::{tr, trf, Lang, Say};
use congklak::{GameRecord, Move, Player, ToMove};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The protocol's version, in codes and the handshake.
pub const VERSION: u32 = 1;

/// What a connection code carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Code {
    /// Protocol version.
    pub v: u32,
    /// `offer` (the host's invitation) or `answer` (the guest's reply).
    pub kind: CodeKind,
    /// The connection description (SDP).
    pub sdp: String,
    /// The invitation's game: its record text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// Which way a code goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CodeKind {
    /// From the host: the invitation.
    Offer,
    /// From the guest: the answer.
    Answer,
}

const CODE_PREFIX: &str = "K1.";

impl Code {
    /// The code as short text.
    pub fn to_text(&self) -> String {
        let json = congklak::json::to_string(self)
            .unwrap_or_default()
            .into_bytes();
        let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
        format!("{CODE_PREFIX}{}", base64url(&packed))
    }

    /// Reads a code pasted or taken from a link (spaces and line breaks
    /// added by a chat are ignored).
    pub fn parse(text: &str) -> Result<Code, CodeProblem> {
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let text = text.rsplit('#').next().unwrap_or("");
        let body = text
            .strip_prefix(CODE_PREFIX)
            .ok_or(CodeProblem::NotACode)?;
        let packed = from_base64url(body).ok_or(CodeProblem::Damaged)?;
        let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, 64 * 1024)
            .map_err(|_| CodeProblem::Damaged)?;
        let code: Code = std::str::from_utf8(&json)
            .ok()
            .and_then(|text| congklak::json::from_str(text).ok())
            .ok_or(CodeProblem::Damaged)?;
        if code.v != VERSION {
            return Err(CodeProblem::OtherVersion(code.v));
        }
        Ok(code)
    }
}

/// Why a connection code cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeProblem {
    /// Not a connection code at all.
    NotACode,
    /// A connection code, damaged or cut short.
    Damaged,
    /// From another version of the app (its version).
    OtherVersion(u32),
}

impl Say for CodeProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            CodeProblem::NotACode => tr(lang, "friend.code.notcode").into(),
            CodeProblem::Damaged => tr(lang, "friend.code.damaged").into(),
            CodeProblem::OtherVersion(v) => trf(lang, "friend.code.version", &[v]),
        }
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url without padding.
fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of base64url text without padding; `None` for a stray character.
fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// A few fixed reactions (no chat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reaction {
    /// "Good move" / "Bagus".
    GoodMove,
    /// "Well played" / "Main bagus".
    WellPlayed,
    /// "Thinking…" / "Sebentar…".
    Thinking,
    /// "Thanks for the game" / "Terima kasih".
    Thanks,
}

impl Reaction {
    /// Every reaction, for the buttons.
    pub const ALL: [Reaction; 4] = [
        Reaction::GoodMove,
        Reaction::WellPlayed,
        Reaction::Thinking,
        Reaction::Thanks,
    ];
    /// Its text key.
    pub fn key(self) -> &'static str {
        match self {
            Reaction::GoodMove => "friend.react.good",
            Reaction::WellPlayed => "friend.react.well",
            Reaction::Thinking => "friend.react.thinking",
            Reaction::Thanks => "friend.react.thanks",
        }
    }
}

/// A message over the data channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Msg {
    /// The first message each way: the game each side holds.
    Hello {
        /// Protocol version.
        v: u32,
        /// The game's record text.
        game: String,
    },
    /// A move: move number `n` (the record's length before it), the hole
    /// and the hash of the position after it.
    Move {
        /// Move number.
        n: usize,
        /// The mover's hole.
        hole: u8,
        /// Hash of the position after the move.
        hash: String,
    },
    /// A simultaneous pick, committed: SHA-256 of `n`, hole and salt.
    Commit {
        /// Move number.
        n: usize,
        /// The commitment, hex.
        digest: String,
    },
    /// The committed pick, revealed.
    Reveal {
        /// Move number.
        n: usize,
        /// The hole.
        hole: u8,
        /// The salt, hex.
        salt: String,
    },
    /// The host's game, for a side that lost step (after a mismatch).
    Sync {
        /// The game's record text.
        game: String,
    },
    /// A reaction.
    React {
        /// Which.
        r: Reaction,
    },
}

impl Msg {
    /// As text for the channel.
    pub fn to_text(&self) -> String {
        congklak::json::to_string(self).unwrap_or_default()
    }
    /// From the channel's text.
    pub fn parse(text: &str) -> Result<Msg, Unreadable> {
        congklak::json::from_str(text).map_err(|_| Unreadable::Message)
    }
}

/// A hash of a game's position after `n` moves: FNV-1a over its snapshot
/// (the engine's JSON of the board, whose move it is and the round), hex.
pub fn position_hash(game: &PlayState) -> String {
    hash_of(&game.position(), &game.rules)
}

/// [`position_hash`] of a position under its rules.
pub fn hash_of(pos: &congklak::Position, rules: &congklak::Rules) -> String {
    let snap = pos.snapshot(rules);
    let text = congklak::json::to_string(&snap).unwrap_or_default();
    format!("{:016x}", congklak::fnv1a(text.bytes()))
}

/// The commitment to a simultaneous pick.
pub fn commitment(n: usize, hole: u8, salt: &str) -> String {
    let digest = Sha256::digest(format!("congklak/{n}/{hole}/{salt}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why play stopped or a message was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The two sides hold different rules.
    RulesDiffer {
        /// Ours.
        mine: String,
        /// Theirs.
        theirs: String,
    },
    /// A move whose resulting position differs from the sender's.
    Mismatch {
        /// The move number.
        n: usize,
    },
    /// A move out of turn, or not legal.
    Illegal {
        /// What was wrong.
        why: Refusal,
    },
    /// A revealed pick that does not match its commitment.
    BadReveal,
    /// A message that cannot be read.
    Unreadable(Unreadable),
}

/// Why the other side's move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Move `n` came while this side is at move `at`.
    Number {
        /// The move's number.
        n: usize,
        /// Ours.
        at: usize,
    },
    /// A move while it is not their turn.
    OutOfTurn,
    /// A revealed hole they cannot pick.
    Hole(u8),
    /// A sealed pick for move `n`, which is not one where both pick.
    Sealed(usize),
    /// A move the rules do not allow.
    Move,
}

/// Why a message from the other side cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// It comes from another version of the app (its version).
    Version(u32),
    /// The game it holds cannot be opened.
    Game(GameProblem),
    /// It is not a message of this app.
    Message,
}

impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        match self {
            Problem::RulesDiffer { .. } => tr(lang, "friend.problem.rules").into(),
            Problem::Mismatch { n } => trf(lang, "friend.problem.mismatch", &[&(n + 1)]),
            Problem::Illegal { why } => {
                let why = match why {
                    Refusal::Number { n, at } => trf(lang, "friend.refused.number", &[n, at]),
                    Refusal::OutOfTurn => tr(lang, "friend.refused.turn").into(),
                    Refusal::Hole(k) => trf(lang, "friend.refused.hole", &[k]),
                    Refusal::Sealed(n) => trf(lang, "friend.refused.sealed", &[n]),
                    Refusal::Move => tr(lang, "friend.refused.move").into(),
                };
                trf(lang, "friend.problem.illegal", &[&why])
            }
            Problem::BadReveal => tr(lang, "friend.problem.reveal").into(),
            Problem::Unreadable(e) => {
                let why = match e {
                    Unreadable::Version(v) => trf(lang, "friend.unreadable.version", &[v]),
                    Unreadable::Game(g) => g.say(lang),
                    Unreadable::Message => tr(lang, "friend.unreadable.message").into(),
                };
                trf(lang, "friend.problem.unreadable", &[&why])
            }
        }
    }
}

/// What happened on receiving a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Received {
    /// Nothing to show.
    Nothing,
    /// The handshake was accepted.
    Greeted,
    /// A move was played (with its events, to animate).
    Played(Box<congklak::Turn>),
    /// A reaction.
    Reacted(Reaction),
    /// Play resumed from the host's move list.
    Resynced,
}

/// One side's view of a game with a friend.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendGame {
    /// The game (record and rules); always at its end.
    pub game: PlayState,
    /// Our side: the host plays A, the guest B.
    pub me: Player,
    /// Our committed simultaneous pick: (move number, hole, salt).
    my_pick: Option<(usize, u8, String)>,
    /// Their commitment: (move number, digest).
    their_commit: Option<(usize, String)>,
    /// Their revealed hole, checked.
    their_hole: Option<(usize, u8)>,
    /// Whether our reveal has been sent for the pending move.
    revealed: bool,
    /// Set when play stopped; cleared by a resync.
    pub stopped: Option<Problem>,
    /// The position at the end of the game, kept as moves are applied.
    pos: congklak::Position,
}

impl FriendGame {
    /// A game with a friend on `game`, playing `me`.
    pub fn new(mut game: PlayState, me: Player) -> FriendGame {
        game.cursor = game.record.moves.len();
        let pos = game.position();
        FriendGame {
            pos,
            game,
            me,
            my_pick: None,
            their_commit: None,
            their_hole: None,
            revealed: false,
            stopped: None,
        }
    }

    /// The position at the end of the game.
    pub fn position(&self) -> &congklak::Position {
        &self.pos
    }

    /// The handshake message.
    pub fn hello(&self) -> Msg {
        Msg::Hello {
            v: VERSION,
            game: self.game.record.to_text(),
        }
    }

    /// The number of the next move.
    fn n(&self) -> usize {
        self.game.record.moves.len()
    }

    /// Whether we are to pick now (our turn, or both pick at once and we
    /// have not).
    pub fn my_turn(&self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        match self.pos.to_move() {
            Some(ToMove::One(p)) => p == self.me,
            Some(ToMove::Both) => self.my_pick.is_none(),
            None => false,
        }
    }

    /// Whether we have picked in a simultaneous opening and wait for the other.
    pub fn waiting_for_their_pick(&self) -> bool {
        self.my_pick.is_some()
    }

    /// Our holes that may be picked now.
    pub fn legal(&self) -> Vec<u8> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.pos.legal_holes(&self.game.rules, self.me)
    }

    fn apply(&mut self, mv: Move) -> Result<congklak::Turn, congklak::IllegalMove> {
        let mut pos = self.pos;
        let turn = pos.play(&self.game.rules, mv)?;
        self.pos = pos;
        self.game.record.moves.push(mv);
        self.game.cursor = self.game.record.moves.len();
        Ok(turn)
    }

    /// We pick `hole`; `salt` is fresh randomness (used in a simultaneous
    /// opening). Returns the messages to send and our move's turn if it
    /// was played at once.
    pub fn pick(&mut self, hole: u8, salt: &str) -> (Vec<Msg>, Option<congklak::Turn>) {
        if !self.legal().contains(&hole) {
            return (Vec::new(), None);
        }
        let n = self.n();
        match self.pos.to_move() {
            Some(ToMove::Both) => {
                self.my_pick = Some((n, hole, salt.to_string()));
                let mut out = vec![Msg::Commit {
                    n,
                    digest: commitment(n, hole, salt),
                }];
                out.extend(self.reveal_if_ready());
                (out, None)
            }
            _ => match self.apply(Move::Hole(hole)) {
                Ok(turn) => (
                    vec![Msg::Move {
                        n,
                        hole,
                        hash: hash_of(&self.pos, &self.game.rules),
                    }],
                    Some(turn),
                ),
                Err(_) => (Vec::new(), None),
            },
        }
    }

    /// Our reveal, once both commitments are in.
    fn reveal_if_ready(&mut self) -> Option<Msg> {
        let (n, hole, salt) = self.my_pick.clone()?;
        let theirs = self.their_commit.as_ref()?;
        if theirs.0 != n || self.revealed {
            return None;
        }
        self.revealed = true;
        Some(Msg::Reveal { n, hole, salt })
    }

    /// Both picks known: play the simultaneous move.
    fn play_both_if_ready(&mut self) -> Option<congklak::Turn> {
        let (n, mine, _) = self.my_pick.clone()?;
        let (m, theirs) = self.their_hole?;
        if n != m || n != self.n() {
            return None;
        }
        let mv = match self.me {
            Player::A => Move::Both(mine, theirs),
            Player::B => Move::Both(theirs, mine),
        };
        let turn = self.apply(mv).ok()?;
        self.my_pick = None;
        self.their_commit = None;
        self.their_hole = None;
        self.revealed = false;
        Some(turn)
    }

    /// A message from the other side: what it did, and what to send back.
    pub fn receive(&mut self, msg: Msg) -> (Result<Received, Problem>, Vec<Msg>) {
        let mut out = Vec::new();
        let result = self.receive_into(msg, &mut out);
        if let Err(p) = &result {
            if !matches!(p, Problem::RulesDiffer { .. }) {
                self.stopped = Some(p.clone());
            }
        }
        (result, out)
    }

    fn receive_into(&mut self, msg: Msg, out: &mut Vec<Msg>) -> Result<Received, Problem> {
        match msg {
            Msg::Hello { v, game } => self.on_hello(v, game),
            Msg::Move { n, hole, hash } => self.on_move(n, hole, &hash),
            Msg::Commit { n, digest } => {
                if n != self.n() || self.pos.to_move() != Some(ToMove::Both) {
                    return Err(Problem::Illegal {
                        why: Refusal::Sealed(n),
                    });
                }
                self.their_commit = Some((n, digest));
                out.extend(self.reveal_if_ready());
                Ok(Received::Nothing)
            }
            Msg::Reveal { n, hole, salt } => self.on_reveal(n, hole, &salt),
            Msg::Sync { game } => {
                self.adopt(&game)?;
                Ok(Received::Resynced)
            }
            Msg::React { r } => Ok(Received::Reacted(r)),
        }
    }

    /// The other side's greeting: the same version, rules and seed, and the
    /// longer of two agreeing move lists.
    fn on_hello(&mut self, v: u32, game: String) -> Result<Received, Problem> {
        if v != VERSION {
            return Err(Problem::Unreadable(Unreadable::Version(v)));
        }
        let theirs = GameRecord::parse(&game)
            .map_err(|e| Problem::Unreadable(Unreadable::Game(GameProblem::of(&e))))?;
        let mine = &self.game.record;
        if theirs.ruleset != mine.ruleset || theirs.seed != mine.seed {
            return Err(Problem::RulesDiffer {
                mine: mine.to_text(),
                theirs: game,
            });
        }
        // The longer of two agreeing move lists wins (a side that
        // missed the last move before a reconnection catches up).
        if theirs.moves.len() > mine.moves.len() && theirs.moves.starts_with(&mine.moves) {
            self.adopt(&game)?;
            return Ok(Received::Resynced);
        }
        Ok(Received::Greeted)
    }

    /// The other side's move: in turn, legal, and ending on the position
    /// whose hash they sent.
    fn on_move(&mut self, n: usize, hole: u8, hash: &str) -> Result<Received, Problem> {
        if self.stopped.is_some() {
            return Ok(Received::Nothing);
        }
        if n != self.n() {
            return Err(Problem::Illegal {
                why: Refusal::Number { n, at: self.n() },
            });
        }
        let them = self.me.other();
        if self.pos.to_move() != Some(ToMove::One(them)) {
            return Err(Problem::Illegal {
                why: Refusal::OutOfTurn,
            });
        }
        let turn = self
            .apply(Move::Hole(hole))
            .map_err(|_| Problem::Illegal { why: Refusal::Move })?;
        if hash_of(&self.pos, &self.game.rules) != hash {
            return Err(Problem::Mismatch { n });
        }
        Ok(Received::Played(Box::new(turn)))
    }

    /// The other side's revealed pick: it matches their commitment and can
    /// be picked; both picks play once both are known.
    fn on_reveal(&mut self, n: usize, hole: u8, salt: &str) -> Result<Received, Problem> {
        let Some((m, digest)) = self.their_commit.clone() else {
            return Err(Problem::BadReveal);
        };
        if m != n || commitment(n, hole, salt) != digest {
            return Err(Problem::BadReveal);
        }
        let legal = self.pos.legal_holes(&self.game.rules, self.me.other());
        if !legal.contains(&hole) {
            return Err(Problem::Illegal {
                why: Refusal::Hole(hole),
            });
        }
        self.their_hole = Some((n, hole));
        match self.play_both_if_ready() {
            Some(turn) => Ok(Received::Played(Box::new(turn))),
            None => Ok(Received::Nothing),
        }
    }

    /// Takes the other side's game (same rules and number) as ours.
    fn adopt(&mut self, text: &str) -> Result<(), Problem> {
        let game = PlayState::from_text(text, None)
            .map_err(|e| Problem::Unreadable(Unreadable::Game(e)))?;
        if game.record.ruleset != self.game.record.ruleset
            || game.record.seed != self.game.record.seed
        {
            return Err(Problem::RulesDiffer {
                mine: self.game.record.to_text(),
                theirs: text.to_string(),
            });
        }
        *self = FriendGame::new(game, self.me);
        Ok(())
    }

    /// After a mismatch, the host sends its move list and both go on from it.
    pub fn resync(&mut self) -> Option<Msg> {
        if self.me != Player::A {
            return None;
        }
        self.stopped = None;
        self.my_pick = None;
        self.their_commit = None;
        self.their_hole = None;
        self.revealed = false;
        Some(Msg::Sync {
            game: self.game.record.to_text(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs};
    use congklak::PackSet;

    fn game(pack: &str, seed: u64) -> PlayState {
        install_packs(PackSet::builtin());
        let p = packs().get(pack).unwrap();
        PlayState::new(p, p.rules.holes, None, seed)
    }

    /// Delivers messages both ways until none is left.
    fn deliver(a: &mut FriendGame, b: &mut FriendGame, mut to_b: Vec<Msg>, mut to_a: Vec<Msg>) {
        while !to_a.is_empty() || !to_b.is_empty() {
            for m in std::mem::take(&mut to_b) {
                let (r, back) = b.receive(m);
                r.unwrap();
                to_a.extend(back);
            }
            for m in std::mem::take(&mut to_a) {
                let (r, back) = a.receive(m);
                r.unwrap();
                to_b.extend(back);
            }
        }
    }

    fn play_to_the_end(pack: &str) -> (FriendGame, FriendGame) {
        let g = game(pack, 9);
        let mut host = FriendGame::new(g.clone(), Player::A);
        let mut guest = FriendGame::new(g, Player::B);
        let (hello_a, hello_b) = (host.hello(), guest.hello());
        deliver(&mut host, &mut guest, vec![hello_a], vec![hello_b]);
        for i in 0..3000 {
            if host.position().is_over() {
                break;
            }
            let salt = format!("{i:08x}");
            let (h, g) = (host.legal(), guest.legal());
            if let Some(&k) = h.get(i % h.len().max(1)) {
                let (msgs, _) = host.pick(k, &salt);
                deliver(&mut host, &mut guest, msgs, vec![]);
            }
            if let Some(&k) = g.get(i % g.len().max(1)) {
                let (msgs, _) = guest.pick(k, &salt);
                deliver(&mut host, &mut guest, vec![], msgs);
            }
            assert_eq!(host.game.record, guest.game.record, "both hold one game");
        }
        (host, guest)
    }

    #[test]
    fn two_sides_play_a_whole_game_and_agree() {
        for pack in ["umum", "congkak-portal", "dakon-ngacang"] {
            let (host, guest) = play_to_the_end(pack);
            assert!(host.position().is_over(), "{pack}");
            assert_eq!(position_hash(&host.game), position_hash(&guest.game));
            // The record replays to the same end with the engine.
            let replayed = PlayState::from_text(&host.game.record.to_text(), None).unwrap();
            assert_eq!(replayed.position(), host.game.position());
        }
    }

    #[test]
    fn a_tampered_move_is_refused_and_the_host_resyncs() {
        let g = game("umum", 3);
        let mut host = FriendGame::new(g.clone(), Player::A);
        let mut guest = FriendGame::new(g, Player::B);
        let k = host.legal()[0];
        let (mut msgs, _) = host.pick(k, "s");
        if let Msg::Move { hash, .. } = &mut msgs[0] {
            *hash = "0000000000000000".into();
        }
        let (r, _) = guest.receive(msgs.remove(0));
        assert_eq!(r, Err(Problem::Mismatch { n: 0 }));
        assert!(guest.legal().is_empty(), "play stops");
        let sync = host.resync().unwrap();
        let (r, _) = guest.receive(sync);
        assert_eq!(r, Ok(Received::Resynced));
        assert_eq!(guest.game.record, host.game.record);
        assert!(guest.stopped.is_none());
    }

    #[test]
    fn a_simultaneous_pick_is_hidden_until_both_commit_and_a_false_reveal_is_refused() {
        let g = game("congkak-portal", 5);
        let mut host = FriendGame::new(g.clone(), Player::A);
        let mut guest = FriendGame::new(g.clone(), Player::B);
        let (msgs, played) = host.pick(3, "aa");
        assert!(played.is_none());
        assert!(
            matches!(msgs.as_slice(), [Msg::Commit { .. }]),
            "only a commitment"
        );
        // The guest sees a digest, not the hole.
        let (r, back) = guest.receive(msgs[0].clone());
        assert_eq!(r, Ok(Received::Nothing));
        assert!(back.is_empty());
        // A reveal that does not match its commitment is refused.
        let mut cheat = FriendGame::new(g, Player::B);
        let _ = cheat.receive(msgs[0].clone());
        let (r, _) = cheat.receive(Msg::Reveal {
            n: 0,
            hole: 4,
            salt: "aa".into(),
        });
        assert_eq!(r, Err(Problem::BadReveal));
        // The honest exchange plays both picks.
        let (to_host, _) = guest.pick(5, "bb");
        deliver(&mut host, &mut guest, vec![], to_host);
        assert_eq!(host.game.record.moves, vec![Move::Both(3, 5)]);
        assert_eq!(guest.game.record.moves, vec![Move::Both(3, 5)]);
    }

    #[test]
    fn different_rules_are_refused_at_the_handshake() {
        let mut host = FriendGame::new(game("umum", 1), Player::A);
        let guest = FriendGame::new(game("congkak-melayu", 1), Player::B);
        let (r, _) = host.receive(guest.hello());
        assert!(matches!(r, Err(Problem::RulesDiffer { .. })));
    }

    #[test]
    fn codes_round_trip_short_and_refuse_damage() {
        let sdp = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=candidate:2044067259 1 udp 2113937151 00d03674-e322-41c0-a80e-6d83c41dcd0c.local 57889 typ host generation 0\r\n".repeat(3);
        let code = Code {
            v: VERSION,
            kind: CodeKind::Offer,
            sdp,
            game: Some(game("umum", 1).record.to_text()),
        };
        let text = code.to_text();
        assert!(
            text.len() < code.sdp.len(),
            "shorter than the description alone"
        );
        assert_eq!(Code::parse(&text), Ok(code.clone()));
        // From a link, with a chat's line breaks.
        let link = format!("http://127.0.0.1:8080/friend#{}\n", &text);
        assert_eq!(Code::parse(&link), Ok(code));
        assert_eq!(Code::parse("hello"), Err(CodeProblem::NotACode));
        let cut = &text[..text.len() / 2];
        assert_eq!(Code::parse(cut), Err(CodeProblem::Damaged));
        let other = Code {
            v: VERSION + 1,
            ..Code::parse(&text).unwrap()
        };
        assert_eq!(
            Code::parse(&other.to_text()),
            Err(CodeProblem::OtherVersion(VERSION + 1))
        );
        crate::ui::i18n::assert_said_in_both(&[
            &CodeProblem::NotACode,
            &CodeProblem::Damaged,
            &CodeProblem::OtherVersion(2),
            &Problem::Mismatch { n: 1 },
            &Problem::BadReveal,
            &Problem::RulesDiffer {
                mine: "a".into(),
                theirs: "b".into(),
            },
            &Problem::Illegal {
                why: Refusal::Number { n: 4, at: 3 },
            },
            &Problem::Illegal {
                why: Refusal::OutOfTurn,
            },
            &Problem::Illegal {
                why: Refusal::Hole(3),
            },
            &Problem::Illegal {
                why: Refusal::Sealed(2),
            },
            &Problem::Illegal { why: Refusal::Move },
            &Problem::Unreadable(Unreadable::Version(2)),
            &Problem::Unreadable(Unreadable::Game(GameProblem::Damaged)),
            &Problem::Unreadable(Unreadable::Message),
        ]);
        assert_eq!(Msg::parse("{}"), Err(Unreadable::Message));
        for n in [0usize, 1, 2, 3, 4, 5, 250] {
            let bytes: Vec<u8> = (0..n as u32).map(|i| (i * 37 % 256) as u8).collect();
            assert_eq!(from_base64url(&base64url(&bytes)), Some(bytes));
        }
    }
}
