//! Playing a friend on another device, peer to peer: the connection codes
//! and the game protocol over the data channel, in plain Rust (tested
//! natively; the page in `features/friend/mod.rs` only moves text between
//! this and the browser's `RTCPeerConnection`).
//!
//! - **Codes.** A code is one connection description (the browser's SDP,
//!   with every network candidate already gathered, so one paste each way
//!   is enough) and, in an invitation, the game proposed (its record:
//!   ruleset, game number and the moves so far). It travels as
//!   `K1.<base64url(deflate(JSON))>`.
//! - **Moves.** Each move travels with its number (the record's length
//!   before it) and a hash of the position after it. Both sides apply it
//!   with the engine and compare hashes.
//! - **Simultaneous openings.** Each side first sends a commitment (SHA-256
//!   of the move number, its hole and a random salt), and its hole and salt
//!   only once both commitments have arrived; the receiver checks the
//!   commitment before playing.
//! - **Reconnecting.** The game is the record: a new invitation carries it,
//!   and the guest resumes from it.
//!
//! # Design notes: phases and authority
//!
//! The other device may run anything, so every message is checked against
//! this side's [`Phase`], and a message the phase does not allow is refused
//! with the game here unchanged. Each side's record only ever gains legal
//! moves, each made by the player whose turn it was: ours when we pick,
//! theirs when they send one.
//!
//! | Phase | Accepted from the other side |
//! |---|---|
//! | [`Phase::Connecting`], [`Phase::Reconnecting`] | one `hello` |
//! | [`Phase::Playing`] | their `move`, at their turn, numbered next, legal; their `resign` |
//! | [`Phase::Commit`] | one `commit` for this move number, a 64-hex digest; their `resign` |
//! | [`Phase::Reveal`] | their `reveal`, opening the commitment held; their `resign` |
//! | [`Phase::Stopped`] (the guest only) | the host's `sync` |
//! | [`Phase::Ended`] by our resignation | what they sent before hearing of it (below) |
//! | [`Phase::Ended`] otherwise | nothing but reactions |
//!
//! A `react` (a fixed phrase) and a `stop` are taken in any phase.
//!
//! - **Greeting.** A `hello` only while (re)connecting, with the same
//!   version, ruleset and game number. If it holds more moves than ours,
//!   those must start with ours and add only single moves the sender made
//!   at its own turns (a side that missed the other's last moves before
//!   the connection was lost catches up; it cannot have missed its own).
//!   A simultaneous move is never taken from a greeting: it holds this
//!   side's pick, which only this side can vouch for. (The page starts
//!   the guest from the host's invitation, so both greet with one list.)
//! - **Simultaneous opening.** One commitment per move number: the first
//!   well-formed one stands, and a second is refused. This side reveals
//!   only once it holds theirs, so none can replace it after our reveal;
//!   and a reveal is taken only after both seals, and only if it opens the
//!   commitment held. A commitment that can never be opened leaves the
//!   opening waiting: the honest side never picks again for that move.
//! - **Refusals and authority.** A refusal is said on this side and sent
//!   to the other as a `stop` with its reason, said there too. The host's
//!   list is the authority: after any refusal (its own or the guest's) the
//!   host sends it as a `sync` and goes on. The guest stops on a refusal
//!   (its own or the host's), plays and accepts nothing while stopped, and
//!   resumes only from a `sync` that keeps every move it holds and adds
//!   only the host's own moves at the host's turns. A guest never sends a
//!   `sync`; the host never accepts one; a guest not stopped refuses one.
//!   The guest reports one refusal per stop, so two devices never answer
//!   each other's refusals forever.
//! - **Mismatch.** A move that is legal but ends on another hash than its
//!   sender's stays played (it is legal and was the sender's turn) and is
//!   refused as a mismatch: the guest stops, the host sends its list, and
//!   the two go on from it.
//! - **Resigning (menyerah).** A side resigns only its own player: its
//!   `resign` carries no player, only the number of moves it had seen.
//!   The other side takes it while the game goes on there (in a
//!   simultaneous opening too: the sealed picks are never opened), at the
//!   end of its own record: moves of its own the resigner had not yet
//!   seen stay played before the resignation. The resigner in turn takes
//!   what the other side sent before hearing of it: its moves at its
//!   turns, and the reveal completing a simultaneous move whose pick we
//!   had revealed; a commitment or a reveal of a move we never revealed
//!   is let go quietly (that move is never played). So both records end
//!   alike. A `resign` once the game is over changes nothing and is let
//!   go quietly; one numbered past our moves is refused.
//! - **Resignations in move lists.** A `hello` or `sync` may carry the
//!   sender's own resignation (taken at our end), never ours unless we
//!   resigned (refused: [`Refusal::NotOurResignation`]); a list without a
//!   resignation we hold keeps ours (it was sent before ours arrived); a
//!   side that resigned adds no moves. Should both resign at once, the
//!   host's resignation stands, the host's list being the authority.
//!   A move that ends the game by itself drops a resignation made in the
//!   meantime (a finished game cannot also be resigned).

use crate::game::state::{GameProblem, PlayState};
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{tr, trf, Lang, Say};
use congklak::{GameRecord, Move, Player, ToMove};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The protocol's version, in codes and the handshake.
pub const VERSION: u32 = 3;

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
            CodeProblem::NotACode => tr(lang, k::FRIEND_CODE_NOTCODE).into(),
            CodeProblem::Damaged => tr(lang, k::FRIEND_CODE_DAMAGED).into(),
            CodeProblem::OtherVersion(v) => trf(lang, k::FRIEND_CODE_VERSION, &[v]),
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
    pub fn key(self) -> Key {
        match self {
            Reaction::GoodMove => k::FRIEND_REACT_GOOD,
            Reaction::WellPlayed => k::FRIEND_REACT_WELL,
            Reaction::Thinking => k::FRIEND_REACT_THINKING,
            Reaction::Thanks => k::FRIEND_REACT_THANKS,
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
    /// The host's game, for the guest after a refusal (either side's).
    Sync {
        /// The game's record text.
        game: String,
    },
    /// This side refused a message from the other: why.
    Stop {
        /// Why.
        why: Refusal,
    },
    /// A reaction.
    React {
        /// Which.
        r: Reaction,
    },
    /// The sender resigns (menyerah) its own player, having seen `n`
    /// moves (the record's length when it resigned).
    Resign {
        /// Move number.
        n: usize,
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

/// The commitment of player `by` to a simultaneous pick. It names the
/// player, so that the other side cannot send back our own commitment and
/// then our reveal as its pick (copying ours).
pub fn commitment(n: usize, by: Player, hole: u8, salt: &str) -> String {
    let by = match by {
        Player::A => "a",
        Player::B => "b",
    };
    let digest = Sha256::digest(format!("congklak/{n}/{by}/{hole}/{salt}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why play stopped or a message was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The two sides hold different rules (at the handshake).
    RulesDiffer {
        /// Ours.
        mine: String,
        /// Theirs.
        theirs: String,
    },
    /// This device refused a message from the other. The game here did not
    /// change (but for [`Refusal::Mismatch`], whose move was legal and
    /// stays played).
    Refused(Refusal),
    /// The other device refused a message from this one (its `stop`).
    TheyRefused(Refusal),
    /// A message that cannot be read.
    Unreadable(Unreadable),
}

/// Why a message from the other side was refused: what this device says,
/// and what it tells the other in its `stop` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Refusal {
    /// Move `n` came while this side is at move `at`.
    Number {
        /// The move's number.
        n: usize,
        /// Ours.
        at: usize,
    },
    /// A move while it is not the sender's turn.
    OutOfTurn,
    /// A revealed hole the sender cannot pick.
    Hole {
        /// The hole.
        hole: u8,
    },
    /// A move the rules do not allow.
    Move,
    /// Move `n` ended on another position than the sender's hash.
    Mismatch {
        /// The move number.
        n: usize,
    },
    /// A sealed pick for move `n`, which is not one where both pick.
    Sealed {
        /// The move number.
        n: usize,
    },
    /// A sealed pick for move `n` that is not a SHA-256 digest.
    NotASeal {
        /// The move number.
        n: usize,
    },
    /// A second sealed pick for move `n`.
    Resealed {
        /// The move number.
        n: usize,
    },
    /// A revealed pick for move `n` before both picks were sealed.
    EarlyReveal {
        /// The move number.
        n: usize,
    },
    /// A revealed pick for move `n` that does not open its commitment.
    Reveal {
        /// The move number.
        n: usize,
    },
    /// Anything but a greeting (or a reaction) before the greeting.
    Early,
    /// A greeting once the game is under way.
    LateHello,
    /// A move list adding moves its sender did not make at its own turns.
    NotTheirMoves,
    /// A move list that changes or drops moves this side holds.
    Rewrites,
    /// A move list from the guest: only the host's list settles.
    SyncFromGuest,
    /// The host's move list while nothing was wrong.
    SyncUnasked,
    /// A move list of another ruleset or game number.
    OtherGame,
    /// A move list saying that this side resigned, which it did not.
    NotOurResignation,
    /// A message while play is stopped (only the host's list resumes it).
    WhileStopped,
    /// A move after the game ended.
    Over,
    /// A message that could not be read.
    Unreadable,
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

impl Say for Refusal {
    fn say(&self, lang: Lang) -> String {
        match self {
            Refusal::Number { n, at } => trf(lang, k::FRIEND_REFUSED_NUMBER, &[n, at]),
            Refusal::OutOfTurn => tr(lang, k::FRIEND_REFUSED_TURN).into(),
            Refusal::Hole { hole } => trf(lang, k::FRIEND_REFUSED_HOLE, &[hole]),
            Refusal::Move => tr(lang, k::FRIEND_REFUSED_MOVE).into(),
            Refusal::Mismatch { n } => trf(lang, k::FRIEND_REFUSED_MISMATCH, &[&(n + 1)]),
            Refusal::Sealed { n } => trf(lang, k::FRIEND_REFUSED_SEALED, &[&(n + 1)]),
            Refusal::NotASeal { n } => trf(lang, k::FRIEND_REFUSED_NOTASEAL, &[&(n + 1)]),
            Refusal::Resealed { n } => trf(lang, k::FRIEND_REFUSED_RESEALED, &[&(n + 1)]),
            Refusal::EarlyReveal { n } => trf(lang, k::FRIEND_REFUSED_EARLY_REVEAL, &[&(n + 1)]),
            Refusal::Reveal { n } => trf(lang, k::FRIEND_REFUSED_REVEAL, &[&(n + 1)]),
            Refusal::Early => tr(lang, k::FRIEND_REFUSED_EARLY).into(),
            Refusal::LateHello => tr(lang, k::FRIEND_REFUSED_HELLO).into(),
            Refusal::NotTheirMoves => tr(lang, k::FRIEND_REFUSED_NOTYOURS).into(),
            Refusal::Rewrites => tr(lang, k::FRIEND_REFUSED_REWRITES).into(),
            Refusal::SyncFromGuest => tr(lang, k::FRIEND_REFUSED_SYNC_GUEST).into(),
            Refusal::SyncUnasked => tr(lang, k::FRIEND_REFUSED_SYNC_UNASKED).into(),
            Refusal::OtherGame => tr(lang, k::FRIEND_REFUSED_OTHERGAME).into(),
            Refusal::NotOurResignation => tr(lang, k::FRIEND_REFUSED_RESIGNATION).into(),
            Refusal::WhileStopped => tr(lang, k::FRIEND_REFUSED_STOPPED).into(),
            Refusal::Over => tr(lang, k::FRIEND_REFUSED_OVER).into(),
            Refusal::Unreadable => tr(lang, k::FRIEND_REFUSED_UNREADABLE).into(),
        }
    }
}

impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        match self {
            Problem::RulesDiffer { .. } => tr(lang, k::FRIEND_PROBLEM_RULES).into(),
            Problem::Refused(Refusal::Mismatch { n }) => {
                trf(lang, k::FRIEND_PROBLEM_MISMATCH, &[&(n + 1)])
            }
            Problem::Refused(Refusal::Reveal { .. }) => tr(lang, k::FRIEND_PROBLEM_REVEAL).into(),
            Problem::Refused(why) => trf(lang, k::FRIEND_PROBLEM_ILLEGAL, &[&why.say(lang)]),
            Problem::TheyRefused(why) => trf(lang, k::FRIEND_PROBLEM_THEIRS, &[&why.say(lang)]),
            Problem::Unreadable(e) => {
                let why = match e {
                    Unreadable::Version(v) => trf(lang, k::FRIEND_UNREADABLE_VERSION, &[v]),
                    Unreadable::Game(g) => g.say(lang),
                    Unreadable::Message => tr(lang, k::FRIEND_UNREADABLE_MESSAGE).into(),
                };
                trf(lang, k::FRIEND_PROBLEM_UNREADABLE, &[&why])
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
    /// The handshake brought moves the other side made while the
    /// connection was lost (how many), now played here too.
    CaughtUp(usize),
    /// A move was played (with its events, to animate).
    Played(Box<congklak::Turn>),
    /// A reaction.
    Reacted(Reaction),
    /// Play resumed from the host's move list.
    Resynced,
    /// The other side resigned (menyerah): the game is over.
    Resigned,
}

/// Where the protocol is, on this side (see the design notes at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A new game: waiting for the other side's greeting.
    Connecting,
    /// A game with moves, after a new connection: waiting for the greeting.
    Reconnecting,
    /// One player to move.
    Playing,
    /// Both pick at once and this side has not revealed: each side may
    /// seal one pick for this move.
    Commit,
    /// Both picks are sealed and this side's is revealed: only the other
    /// side's reveal of the pick it sealed can come.
    Reveal,
    /// The guest refused a message or was told of a refusal: it waits for
    /// the host's move list and plays nothing.
    Stopped,
    /// The game is over.
    Ended,
}

/// The connection's part of the phase.
#[derive(Clone, Debug, PartialEq)]
enum Link {
    /// Waiting for the other side's greeting.
    Greeting,
    /// Greeted.
    Live,
    /// (The guest only) stopped, and why: waits for the host's list.
    Stopped(Problem),
}

/// One side's view of a game with a friend.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendGame {
    /// The game (record and rules); always at its end.
    pub game: PlayState,
    /// Our side: the host plays A, the guest B.
    pub me: Player,
    /// Greeting, live or stopped.
    link: Link,
    /// Our sealed simultaneous pick: (move number, hole, salt).
    my_pick: Option<(usize, u8, String)>,
    /// Their commitment, the one accepted for its move: (move number, digest).
    their_commit: Option<(usize, String)>,
    /// Whether our reveal has been sent for the pending move.
    revealed: bool,
    /// The position after the record's moves, kept as moves are applied;
    /// a resignation does not end it (see `end`).
    pos: congklak::Position,
    /// The position at the end of the game: `pos`, ended by the record's
    /// resignation if it holds one.
    end: congklak::Position,
}

/// Whether `digest` is a commitment at all: 64 lower-case hex digits.
fn is_digest(digest: &str) -> bool {
    digest.len() == 64
        && digest
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl FriendGame {
    /// A game with a friend on `game`, playing `me`, before the greeting.
    pub fn new(mut game: PlayState, me: Player) -> FriendGame {
        game.cursor = game.record.moves.len();
        let mut played = game.clone();
        played.record.resigned = None;
        let pos = played.position();
        let mut friend = FriendGame {
            pos,
            end: pos,
            game,
            me,
            link: Link::Greeting,
            my_pick: None,
            their_commit: None,
            revealed: false,
        };
        friend.settle_end();
        friend
    }

    /// The position at the end of the game (ended by a resignation, if
    /// the record holds one).
    pub fn position(&self) -> &congklak::Position {
        &self.end
    }

    /// The position after the record's moves, before any resignation.
    pub fn played_position(&self) -> &congklak::Position {
        &self.pos
    }

    /// Who resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Player> {
        self.game.record.resigned
    }

    /// Recomputes the end after the moves or the resignation changed. A
    /// game that ended by its moves cannot also be resigned (the record
    /// would not read), so its resignation goes: a move the other side
    /// made before hearing of ours may end the game by itself.
    fn settle_end(&mut self) {
        if self.pos.is_over() {
            self.game.record.resigned = None;
        }
        self.end = self.pos;
        if let Some(p) = self.game.record.resigned {
            self.end.resign(&self.game.rules, p);
        }
    }

    /// Where the protocol is.
    pub fn phase(&self) -> Phase {
        match self.link {
            Link::Greeting if self.n() == 0 => Phase::Connecting,
            Link::Greeting => Phase::Reconnecting,
            Link::Stopped(_) => Phase::Stopped,
            Link::Live => match self.end.to_move() {
                None => Phase::Ended,
                Some(ToMove::Both) if self.revealed => Phase::Reveal,
                Some(ToMove::Both) => Phase::Commit,
                Some(ToMove::One(_)) => Phase::Playing,
            },
        }
    }

    /// Whether the other side's greeting has yet to come (no move may be
    /// made until it does).
    pub fn awaiting_greeting(&self) -> bool {
        self.link == Link::Greeting
    }

    /// Why play is stopped (the guest, until the host's list comes).
    pub fn stopped(&self) -> Option<&Problem> {
        match &self.link {
            Link::Stopped(p) => Some(p),
            _ => None,
        }
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
        match self.phase() {
            Phase::Playing => self.pos.to_move() == Some(ToMove::One(self.me)),
            Phase::Commit => self.my_pick.is_none(),
            _ => false,
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

    /// Plays `mv` at the end of the game; a simultaneous opening's picks
    /// belong to the move they were for, so they go.
    fn apply(&mut self, mv: Move) -> Result<congklak::Turn, congklak::IllegalMove> {
        let mut pos = self.pos;
        let turn = pos.play(&self.game.rules, mv)?;
        self.pos = pos;
        self.game.record.moves.push(mv);
        self.game.cursor = self.game.record.moves.len();
        self.my_pick = None;
        self.their_commit = None;
        self.revealed = false;
        self.settle_end();
        Ok(turn)
    }

    /// Whether we may resign now: greeted, not stopped, the game going on.
    pub fn can_resign(&self) -> bool {
        self.link == Link::Live && !self.end.is_over()
    }

    /// We resign (menyerah): our player loses, and the game ends here.
    /// Returns the message to send (`None` when we may not resign now).
    pub fn resign(&mut self) -> Option<Msg> {
        if !self.can_resign() {
            return None;
        }
        let n = self.n();
        self.game.record.resigned = Some(self.me);
        self.settle_end();
        Some(Msg::Resign { n })
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
                    digest: commitment(n, self.me, hole, salt),
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
        if self.game.record.resigned.is_some() {
            return None;
        }
        let (n, hole, salt) = self.my_pick.clone()?;
        let theirs = self.their_commit.as_ref()?;
        if theirs.0 != n || self.revealed {
            return None;
        }
        self.revealed = true;
        Some(Msg::Reveal { n, hole, salt })
    }

    /// A message from the other side: what it did, and what to send back.
    /// A refused message leaves the game as it was; the refusal goes to
    /// the other side (a `stop`), and the host adds its move list (a
    /// `sync`), from which both go on.
    pub fn receive(&mut self, msg: Msg) -> (Result<Received, Problem>, Vec<Msg>) {
        let mut out = Vec::new();
        let result = match self.receive_into(msg, &mut out) {
            Err(p @ (Problem::Refused(_) | Problem::Unreadable(_))) => {
                Err(self.refuse(p, &mut out))
            }
            r => r,
        };
        (result, out)
    }

    /// A message from the other side that could not be read: refused like
    /// any other (the page reads the text, see [`Msg::parse`]).
    pub fn unreadable(&mut self, why: Unreadable) -> (Problem, Vec<Msg>) {
        let mut out = Vec::new();
        let p = self.refuse(Problem::Unreadable(why), &mut out);
        (p, out)
    }

    /// Tells the other side of a refusal. The host goes on and sends its
    /// list; the guest stops until that list comes (and says nothing more
    /// while stopped, so two devices never answer each other's refusals
    /// forever).
    fn refuse(&mut self, problem: Problem, out: &mut Vec<Msg>) -> Problem {
        let why = match &problem {
            Problem::Refused(why) => why.clone(),
            _ => Refusal::Unreadable,
        };
        if self.me == Player::A {
            out.push(Msg::Stop { why });
            out.push(self.sync_msg());
            if self.link == Link::Greeting {
                self.link = Link::Live;
            }
        } else if self.stopped().is_none() {
            out.push(Msg::Stop { why });
            self.link = Link::Stopped(problem.clone());
        }
        problem
    }

    /// The host's move list, which settles any refusal.
    fn sync_msg(&self) -> Msg {
        Msg::Sync {
            game: self.game.record.to_text(),
        }
    }

    fn receive_into(&mut self, msg: Msg, out: &mut Vec<Msg>) -> Result<Received, Problem> {
        let refused = |why| Err(Problem::Refused(why));
        match (msg, &self.link) {
            (Msg::React { r }, _) => Ok(Received::Reacted(r)),
            (Msg::Stop { why }, _) => {
                if self.me == Player::A {
                    out.push(self.sync_msg());
                    if self.link == Link::Greeting {
                        self.link = Link::Live;
                    }
                } else if self.stopped().is_none() {
                    self.link = Link::Stopped(Problem::TheyRefused(why.clone()));
                }
                Err(Problem::TheyRefused(why))
            }
            (Msg::Sync { game }, _) => self.on_sync(&game),
            (_, Link::Stopped(_)) => refused(Refusal::WhileStopped),
            (Msg::Hello { v, game }, Link::Greeting) => self.on_hello(v, game),
            (Msg::Hello { .. }, _) => refused(Refusal::LateHello),
            (_, Link::Greeting) => refused(Refusal::Early),
            (Msg::Move { n, hole, hash }, _) => self.on_move(n, hole, &hash),
            (Msg::Commit { n, digest }, _) => self.on_commit(n, digest, out),
            (Msg::Reveal { n, hole, salt }, _) => self.on_reveal(n, hole, &salt),
            (Msg::Resign { n }, _) => self.on_resign(n),
        }
    }

    /// The moves `text` (a record) adds to ours, each checked: the same
    /// game, ours unchanged at its start, and after it only single moves
    /// by `by`, each at `by`'s turn and legal; and the resignation after
    /// them ([`FriendGame::resignation_with`]).
    fn added_by(&self, text: &str, by: Player) -> Result<(Vec<Move>, Option<Player>), Problem> {
        let theirs = GameRecord::parse(text)
            .map_err(|e| Problem::Unreadable(Unreadable::Game(GameProblem::of(&e))))?;
        let mine = &self.game.record;
        if theirs.ruleset != mine.ruleset || theirs.seed != mine.seed {
            return Err(Problem::Refused(Refusal::OtherGame));
        }
        if !theirs.moves.starts_with(&mine.moves) {
            return Err(Problem::Refused(Refusal::Rewrites));
        }
        let resigned = self.resignation_with(theirs.resigned)?;
        let added = theirs.moves[mine.moves.len()..].to_vec();
        // A side that resigned makes no more moves.
        if !added.is_empty() && mine.resigned == Some(by) {
            return Err(Problem::Refused(Refusal::Over));
        }
        // Moves after our own resignation are checked on the position
        // before it: the other side made them before hearing of it.
        let mut pos = self.pos;
        for &mv in &added {
            if !matches!(mv, Move::Hole(_)) || pos.to_move() != Some(ToMove::One(by)) {
                return Err(Problem::Refused(Refusal::NotTheirMoves));
            }
            pos.play(&self.game.rules, mv)
                .map_err(|_| Problem::Refused(Refusal::Move))?;
        }
        Ok((added, resigned))
    }

    /// The resignation this side holds once it takes a move list from
    /// the other side whose record says `theirs` resigned. Only the
    /// sender's own player may be resigned by it; a list naming ours is
    /// refused unless we had resigned. A list without a resignation we
    /// hold keeps ours (it was sent before ours reached them). When both
    /// resigned at once, the host's list being the authority, the host's
    /// resignation stands.
    fn resignation_with(&self, theirs: Option<Player>) -> Result<Option<Player>, Problem> {
        let mine = self.game.record.resigned;
        match (mine, theirs) {
            (_, None) => Ok(mine),
            (Some(ours), Some(said)) if ours == said => Ok(mine),
            (_, Some(said)) if said == self.me => Err(Problem::Refused(Refusal::NotOurResignation)),
            (None, Some(said)) => Ok(Some(said)),
            (Some(_), Some(_)) => Ok(Some(Player::A)),
        }
    }

    /// Sets the resignation agreed on, after the moves are played.
    fn set_resigned(&mut self, resigned: Option<Player>) {
        self.game.record.resigned = resigned;
        self.settle_end();
    }

    /// Plays moves checked by [`FriendGame::added_by`].
    fn play_all(&mut self, moves: &[Move]) {
        for &mv in moves {
            // Each was played on a copy of this very position.
            let _ = self.apply(mv);
        }
    }

    /// The other side's greeting (only before the game goes on): the same
    /// version, rules and number; and if their list is longer, it is ours
    /// and then only moves they made at their turns (a side that missed
    /// the last moves before a reconnection catches up).
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
        if theirs.moves.len() <= mine.moves.len() {
            if !mine.moves.starts_with(&theirs.moves) {
                return Err(Problem::Refused(Refusal::Rewrites));
            }
            let resigned = self.resignation_with(theirs.resigned)?;
            self.set_resigned(resigned);
            self.link = Link::Live;
            return Ok(Received::Greeted);
        }
        let (added, resigned) = self.added_by(&game, self.me.other())?;
        self.play_all(&added);
        self.set_resigned(resigned);
        self.link = Link::Live;
        Ok(Received::CaughtUp(added.len()))
    }

    /// The host's move list: only to the guest, only while it is stopped,
    /// and only adding the host's own moves to the guest's.
    fn on_sync(&mut self, game: &str) -> Result<Received, Problem> {
        if self.me == Player::A {
            return Err(Problem::Refused(Refusal::SyncFromGuest));
        }
        if self.stopped().is_none() {
            return Err(Problem::Refused(Refusal::SyncUnasked));
        }
        let (added, resigned) = self.added_by(game, Player::A)?;
        self.play_all(&added);
        self.set_resigned(resigned);
        self.link = Link::Live;
        Ok(Received::Resynced)
    }

    /// The other side resigns its player, having seen `n` moves: taken
    /// while the game goes on here, at our end (moves of ours it had not
    /// yet seen stay played before it). Once the game is over here, a
    /// resignation changes nothing and is let go quietly. If we resigned
    /// too, at the same time, the host's resignation stands.
    fn on_resign(&mut self, n: usize) -> Result<Received, Problem> {
        let them = self.me.other();
        if self.pos.is_over() || self.game.record.resigned == Some(them) {
            return Ok(Received::Nothing);
        }
        if n > self.n() {
            return Err(Problem::Refused(Refusal::Number { n, at: self.n() }));
        }
        let resigned = if self.game.record.resigned == Some(self.me) {
            Player::A
        } else {
            them
        };
        self.set_resigned(Some(resigned));
        Ok(if resigned == them {
            Received::Resigned
        } else {
            Received::Nothing
        })
    }

    /// Whether the other side resigned: it sends no moves after that.
    fn they_resigned(&self) -> bool {
        self.game.record.resigned == Some(self.me.other())
    }

    /// Whether we resigned: the other side's messages still arriving were
    /// sent before it heard of it.
    fn we_resigned(&self) -> bool {
        self.game.record.resigned == Some(self.me)
    }

    /// The other side's move: in turn, legal, and ending on the position
    /// whose hash they sent (if not, the legal move stays played and the
    /// mismatch is refused).
    fn on_move(&mut self, n: usize, hole: u8, hash: &str) -> Result<Received, Problem> {
        let refused = |why| Err(Problem::Refused(why));
        // After our own resignation their moves still count, on the
        // position before it: they were made before they heard of it.
        if self.pos.is_over() || self.they_resigned() {
            return refused(Refusal::Over);
        }
        if n != self.n() {
            return refused(Refusal::Number { n, at: self.n() });
        }
        if self.pos.to_move() != Some(ToMove::One(self.me.other())) {
            return refused(Refusal::OutOfTurn);
        }
        let Ok(turn) = self.apply(Move::Hole(hole)) else {
            return refused(Refusal::Move);
        };
        if hash_of(&self.pos, &self.game.rules) != hash {
            return refused(Refusal::Mismatch { n });
        }
        Ok(Received::Played(Box::new(turn)))
    }

    /// The other side's sealed pick: one for this move, where both pick,
    /// and none once we hold theirs (so none after our reveal, which waits
    /// for theirs).
    fn on_commit(
        &mut self,
        n: usize,
        digest: String,
        out: &mut Vec<Msg>,
    ) -> Result<Received, Problem> {
        let refused = |why| Err(Problem::Refused(why));
        if self.they_resigned() {
            return refused(Refusal::Over);
        }
        if self.we_resigned() {
            // Sealed before they heard of our resignation: we never reveal.
            return Ok(Received::Nothing);
        }
        if self.pos.to_move() != Some(ToMove::Both) {
            return refused(Refusal::Sealed { n });
        }
        if n != self.n() {
            return refused(Refusal::Number { n, at: self.n() });
        }
        if self.their_commit.is_some() {
            return refused(Refusal::Resealed { n });
        }
        if !is_digest(&digest) {
            return refused(Refusal::NotASeal { n });
        }
        self.their_commit = Some((n, digest));
        out.extend(self.reveal_if_ready());
        Ok(Received::Nothing)
    }

    /// The other side's revealed pick: after both seals, opening the one
    /// they sealed, and a hole they can pick; both picks then play.
    fn on_reveal(&mut self, n: usize, hole: u8, salt: &str) -> Result<Received, Problem> {
        let refused = |why| Err(Problem::Refused(why));
        if self.they_resigned() {
            return refused(Refusal::Over);
        }
        if self.we_resigned() && !self.revealed {
            // Our pick stays sealed: the move is never played.
            return Ok(Received::Nothing);
        }
        if self.pos.to_move() != Some(ToMove::Both) {
            return refused(Refusal::Sealed { n });
        }
        if n != self.n() {
            return refused(Refusal::Number { n, at: self.n() });
        }
        let (Some((_, mine, _)), Some((m, digest))) = (&self.my_pick, &self.their_commit) else {
            return refused(Refusal::EarlyReveal { n });
        };
        if *m != n || commitment(n, self.me.other(), hole, salt) != *digest {
            return refused(Refusal::Reveal { n });
        }
        let legal = self.pos.legal_holes(&self.game.rules, self.me.other());
        if !legal.contains(&hole) {
            return refused(Refusal::Hole { hole });
        }
        let mv = match self.me {
            Player::A => Move::Both(*mine, hole),
            Player::B => Move::Both(hole, *mine),
        };
        let turn = self
            .apply(mv)
            .map_err(|_| Problem::Refused(Refusal::Move))?;
        Ok(Received::Played(Box::new(turn)))
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

    /// A host and a guest on `g`, greeted.
    fn greeted(g: PlayState) -> (FriendGame, FriendGame) {
        let mut host = FriendGame::new(g.clone(), Player::A);
        let mut guest = FriendGame::new(g, Player::B);
        let (hello_a, hello_b) = (host.hello(), guest.hello());
        deliver(&mut host, &mut guest, vec![hello_a], vec![hello_b]);
        (host, guest)
    }

    /// Until the other side's greeting comes, a side awaits it and may not
    /// move; once greeted, it may.
    #[test]
    fn no_move_before_the_greeting() {
        let mut host = FriendGame::new(game("umum", 4), Player::A);
        let mut guest = FriendGame::new(game("umum", 4), Player::B);
        assert!(host.awaiting_greeting() && guest.awaiting_greeting());
        assert!(host.legal().is_empty());
        // The host's greeting reaches the guest; the guest's is still to come.
        let hello_a = host.hello();
        deliver(&mut host, &mut guest, vec![hello_a], vec![]);
        assert!(!guest.awaiting_greeting());
        assert!(host.awaiting_greeting() && host.legal().is_empty());
        let hello_b = guest.hello();
        deliver(&mut host, &mut guest, vec![], vec![hello_b]);
        assert!(!host.awaiting_greeting());
        assert!(!host.legal().is_empty());
    }

    /// Both sides play `moves` picks in turn (the first legal hole, or the
    /// `i`-th), delivering everything.
    fn play_some(host: &mut FriendGame, guest: &mut FriendGame, moves: usize) {
        for i in 0..moves * 4 {
            if host.game.record.moves.len() >= moves || host.position().is_over() {
                break;
            }
            let salt = format!("{i:08x}");
            let (h, g) = (host.legal(), guest.legal());
            if let Some(&k) = h.get(i % h.len().max(1)) {
                let (msgs, _) = host.pick(k, &salt);
                deliver(host, guest, msgs, vec![]);
            }
            if let Some(&k) = g.get(i % g.len().max(1)) {
                let (msgs, _) = guest.pick(k, &salt);
                deliver(host, guest, vec![], msgs);
            }
        }
    }

    fn play_to_the_end(pack: &str) -> (FriendGame, FriendGame) {
        let (mut host, mut guest) = greeted(game(pack, 9));
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
            assert_eq!(host.phase(), Phase::Ended);
            assert_eq!(position_hash(&host.game), position_hash(&guest.game));
            // The record replays to the same end with the engine.
            let replayed = PlayState::from_text(&host.game.record.to_text(), None).unwrap();
            assert_eq!(replayed.position(), host.game.position());
        }
    }

    #[test]
    fn a_tampered_move_is_refused_and_the_host_resyncs() {
        let (mut host, mut guest) = greeted(game("umum", 3));
        let k = host.legal()[0];
        let (mut msgs, _) = host.pick(k, "s");
        if let Msg::Move { hash, .. } = &mut msgs[0] {
            *hash = "0000000000000000".into();
        }
        let (r, back) = guest.receive(msgs.remove(0));
        let why = Refusal::Mismatch { n: 0 };
        assert_eq!(r, Err(Problem::Refused(why.clone())));
        assert_eq!(back, vec![Msg::Stop { why: why.clone() }], "told");
        assert!(guest.legal().is_empty(), "play stops");
        assert_eq!(guest.phase(), Phase::Stopped);
        // The host hears of it and sends its list, which resumes the guest.
        let (r, sync) = host.receive(back[0].clone());
        assert_eq!(r, Err(Problem::TheyRefused(why)));
        assert!(matches!(sync.as_slice(), [Msg::Sync { .. }]), "{sync:?}");
        let (r, _) = guest.receive(sync[0].clone());
        assert_eq!(r, Ok(Received::Resynced));
        assert_eq!(guest.game.record, host.game.record);
        assert!(guest.stopped().is_none());
    }

    #[test]
    fn a_simultaneous_pick_is_hidden_until_both_commit_and_a_false_reveal_is_refused() {
        let g = game("congkak-portal", 5);
        let (mut host, mut guest) = greeted(g.clone());
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
        let (_, mut cheat) = greeted(g);
        let _ = cheat.pick(1, "cc");
        let _ = cheat.receive(msgs[0].clone());
        let (r, _) = cheat.receive(Msg::Reveal {
            n: 0,
            hole: 4,
            salt: "aa".into(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::Reveal { n: 0 })));
        assert!(cheat.game.record.moves.is_empty());
        // The honest exchange plays both picks.
        let (to_host, _) = guest.pick(5, "bb");
        deliver(&mut host, &mut guest, vec![], to_host);
        assert_eq!(host.game.record.moves, vec![Move::Both(3, 5)]);
        assert_eq!(guest.game.record.moves, vec![Move::Both(3, 5)]);
    }

    /// Issue 54, cheat 1: the guest seals a meaningless digest, reads the
    /// host's reveal, then seals and reveals the hole it now prefers.
    #[test]
    fn a_second_commitment_after_the_reveal_is_refused_and_binds_nothing() {
        let (mut host, _) = greeted(game("congkak-portal", 5));
        let (msgs, _) = host.pick(3, "aa");
        assert!(matches!(msgs.as_slice(), [Msg::Commit { .. }]));
        // Not a digest at all: refused, and the host reveals nothing.
        let (r, back) = host.receive(Msg::Commit {
            n: 0,
            digest: "00".into(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::NotASeal { n: 0 })));
        assert!(!back.iter().any(|m| matches!(m, Msg::Reveal { .. })));
        // A well-formed digest nobody can open: the host reveals its pick.
        let (r, back) = host.receive(Msg::Commit {
            n: 0,
            digest: "0".repeat(64),
        });
        assert_eq!(r, Ok(Received::Nothing));
        assert!(matches!(
            back.as_slice(),
            [Msg::Reveal { n: 0, hole: 3, .. }]
        ));
        assert_eq!(host.phase(), Phase::Reveal);
        // The second commitment (hole 7, chosen knowing the host's 3) and
        // its reveal are refused; the host's game does not change.
        let (r, back) = host.receive(Msg::Commit {
            n: 0,
            digest: commitment(0, Player::B, 7, "zz"),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::Resealed { n: 0 })));
        assert!(matches!(
            back.as_slice(),
            [Msg::Stop { .. }, Msg::Sync { .. }]
        ));
        let (r, _) = host.receive(Msg::Reveal {
            n: 0,
            hole: 7,
            salt: "zz".into(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::Reveal { n: 0 })));
        assert!(host.game.record.moves.is_empty());
        assert_eq!(host.phase(), Phase::Reveal, "still bound to the first seal");
    }

    /// Found by the hostile-peer run: the guest sends back the host's own
    /// commitment, then the host's own reveal, to pick the same hole.
    #[test]
    fn the_other_sides_own_commitment_sent_back_opens_nothing() {
        let (mut host, _) = greeted(game("congkak-portal", 5));
        let (msgs, _) = host.pick(6, "aa");
        let (r, back) = host.receive(msgs[0].clone());
        assert_eq!(r, Ok(Received::Nothing));
        let (r, _) = host.receive(back[0].clone());
        assert_eq!(r, Err(Problem::Refused(Refusal::Reveal { n: 0 })));
        assert!(host.game.record.moves.is_empty());
    }

    /// Issue 54, cheat 2: a guest's sync rewrites the host's moves.
    #[test]
    fn a_sync_rewrites_nothing() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 6);
        let before = host.game.record.clone();
        assert_eq!(before.moves.len(), 6);
        let forged = GameRecord {
            moves: vec![Move::Hole(7)],
            ..before.clone()
        };
        // From the guest to the host: never.
        let (r, back) = host.receive(Msg::Sync {
            game: forged.to_text(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::SyncFromGuest)));
        assert!(matches!(
            back.as_slice(),
            [Msg::Stop { .. }, Msg::Sync { .. }]
        ));
        assert_eq!(host.game.record, before);
        // From the host while nothing was reported: refused.
        let (r, _) = guest.receive(Msg::Sync {
            game: forged.to_text(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::SyncUnasked)));
        assert_eq!(guest.game.record, before);
        // Even after a reported refusal, a list that drops the guest's
        // moves is refused; the guest stays stopped.
        assert_eq!(guest.phase(), Phase::Stopped);
        let (r, back) = guest.receive(Msg::Sync {
            game: forged.to_text(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::Rewrites)));
        assert!(back.is_empty(), "one report per stop");
        assert_eq!(guest.game.record, before);
    }

    /// Issue 54, cheat 3: a greeting mid-game plays the host's move for it.
    #[test]
    fn a_hello_mid_game_or_with_the_other_players_moves_is_refused() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 3);
        while host.legal().is_empty() {
            let k = guest.legal()[0];
            let (msgs, _) = guest.pick(k, "s");
            deliver(&mut host, &mut guest, vec![], msgs);
        }
        let before = host.game.record.clone();
        let mut forged = before.clone();
        forged.moves.push(Move::Hole(host.legal()[0]));
        let (r, _) = host.receive(Msg::Hello {
            v: VERSION,
            game: forged.to_text(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::LateHello)));
        assert_eq!(host.game.record, before);
        // While reconnecting, the same greeting adds a move of the host's
        // (Player A's) own: refused too.
        let mut again = FriendGame::new(host.game.clone(), Player::A);
        assert_eq!(again.phase(), Phase::Reconnecting);
        let (r, _) = again.receive(Msg::Hello {
            v: VERSION,
            game: forged.to_text(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::NotTheirMoves)));
        assert_eq!(again.game.record, before);
    }

    /// A side that missed the other's last move catches up at the greeting.
    #[test]
    fn a_hello_after_a_reconnection_adds_the_senders_own_moves() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 3);
        while guest.legal().is_empty() {
            let k = host.legal()[0];
            let (msgs, _) = host.pick(k, "s");
            deliver(&mut host, &mut guest, msgs, vec![]);
        }
        let behind = host.game.clone();
        let k = guest.legal()[0];
        let _ = guest.pick(k, "s"); // lost with the connection
        let mut host = FriendGame::new(behind, Player::A);
        let (r, _) = host.receive(guest.hello());
        assert_eq!(r, Ok(Received::CaughtUp(1)));
        assert_eq!(host.game.record, guest.game.record);
        assert_eq!(host.phase(), Phase::Playing);
    }

    /// Issue 54, cheat 4: a stopped side still played the simultaneous pair.
    #[test]
    fn a_stopped_side_plays_nothing() {
        let (mut host, mut guest) = greeted(game("congkak-portal", 5));
        let (hc, _) = host.pick(2, "h");
        let _ = guest.receive(hc[0].clone());
        // An out-of-sequence move stops the guest.
        let (r, _) = guest.receive(Msg::Move {
            n: 9,
            hole: 1,
            hash: String::new(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::Number { n: 9, at: 0 })));
        assert_eq!(guest.phase(), Phase::Stopped);
        assert!(guest.legal().is_empty());
        let (r, _) = guest.receive(Msg::Reveal {
            n: 0,
            hole: 2,
            salt: "h".into(),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::WhileStopped)));
        assert!(guest.game.record.moves.is_empty());
    }

    /// The record text of a side, and whether it ended.
    fn ended_with(side: &FriendGame) -> (String, bool) {
        (side.game.record.to_text(), side.phase() == Phase::Ended)
    }

    #[test]
    fn a_side_resigns_and_both_records_agree() {
        for (resigner, seed) in [(Player::B, 4), (Player::A, 6)] {
            let (mut host, mut guest) = greeted(game("umum", seed));
            play_some(&mut host, &mut guest, 4);
            let (quitter, other) = match resigner {
                Player::A => (&mut host, &mut guest),
                Player::B => (&mut guest, &mut host),
            };
            assert!(quitter.can_resign());
            let msg = quitter.resign().expect("resigns");
            assert_eq!(msg, Msg::Resign { n: 4 });
            assert_eq!(
                Msg::parse(&msg.to_text()),
                Ok(msg.clone()),
                "crosses the wire"
            );
            assert_eq!(quitter.phase(), Phase::Ended);
            assert!(quitter.legal().is_empty() && !quitter.can_resign());
            assert_eq!(quitter.resign(), None, "once");
            let (r, back) = other.receive(msg);
            assert_eq!(r, Ok(Received::Resigned));
            assert!(back.is_empty());
            assert_eq!(ended_with(&host), ended_with(&guest), "one record");
            let (text, ended) = ended_with(&host);
            assert!(ended && text.ends_with(&format!(".r{resigner}")), "{text}");
            let o = host.position().outcome().expect("over");
            assert_eq!(o.cause, congklak::EndCause::Resigned(resigner));
            assert_eq!(o.winner, Some(resigner.other()));
            assert!(!host.played_position().is_over(), "the moves left it going");
            // The record reads back to the same end, and a side resuming
            // it (a reconnection) greets into the ended game.
            let back = PlayState::from_text(&text, None).unwrap();
            assert_eq!(back.position(), *guest.position());
            let mut again = FriendGame::new(back.clone(), Player::A);
            assert_eq!(again.resigned(), Some(resigner));
            let (r, _) = again.receive(FriendGame::new(back, Player::B).hello());
            assert_eq!(r, Ok(Received::Greeted));
            assert_eq!(again.phase(), Phase::Ended);
        }
    }

    /// Resigning while a move of the other side is under way: it stays
    /// played on both sides, before the resignation.
    #[test]
    fn a_resignation_crossing_a_move_keeps_the_move_on_both_sides() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 2);
        while host.legal().is_empty() {
            let k = guest.legal()[0];
            let (msgs, _) = guest.pick(k, "s");
            deliver(&mut host, &mut guest, vec![], msgs);
        }
        let n = host.game.record.moves.len();
        let (to_guest, _) = host.pick(host.legal()[0], "s");
        let resign = guest.resign().expect("the guest may resign at any turn");
        assert_eq!(resign, Msg::Resign { n });
        let (r, back) = host.receive(resign);
        assert_eq!(r, Ok(Received::Resigned));
        assert!(back.is_empty());
        for m in to_guest {
            let (r, back) = guest.receive(m);
            assert!(matches!(r, Ok(Received::Played(_))), "{r:?}");
            assert!(back.is_empty());
        }
        assert_eq!(host.game.record.moves.len(), n + 1);
        assert_eq!(ended_with(&host), ended_with(&guest));
        assert!(host.game.record.to_text().ends_with(".rB"));
        // Once resigned, no more moves of the guest's are taken.
        let mut forged = guest.clone();
        forged.game.record.resigned = None;
        forged.settle_end();
        if let Some(&k) = forged.legal().first() {
            let (msgs, _) = forged.pick(k, "s");
            let (r, _) = host.receive(msgs[0].clone());
            assert_eq!(r, Err(Problem::Refused(Refusal::Over)));
        }
        assert_eq!(ended_with(&host), ended_with(&guest));
    }

    #[test]
    fn resigning_in_a_simultaneous_opening_ends_it_without_opening_the_picks() {
        // The guest sealed its pick and resigns before the host picks.
        let (mut host, mut guest) = greeted(game("congkak-portal", 5));
        let (sealed, _) = guest.pick(5, "bb");
        let resign = guest.resign().unwrap();
        let (_, back) = host.receive(sealed[0].clone());
        assert!(back.is_empty());
        let (to_guest, _) = host.pick(3, "aa");
        assert!(
            matches!(
                to_guest.as_slice(),
                [Msg::Commit { .. }, Msg::Reveal { .. }]
            ),
            "{to_guest:?}"
        );
        assert_eq!(host.phase(), Phase::Reveal);
        let (r, _) = host.receive(resign);
        assert_eq!(r, Ok(Received::Resigned), "taken while revealing too");
        for m in to_guest {
            let (r, back) = guest.receive(m);
            assert_eq!(r, Ok(Received::Nothing), "let go quietly");
            assert!(back.is_empty(), "the guest never reveals");
        }
        assert!(guest.game.record.moves.is_empty());
        assert_eq!(ended_with(&host), ended_with(&guest));
        assert!(host.game.record.to_text().ends_with(".rB"));

        // Both picks revealed, the host resigns before the guest's reveal
        // arrives: the opening move stays played on both sides.
        let (mut host, mut guest) = greeted(game("congkak-portal", 5));
        let (hc, _) = host.pick(3, "aa");
        let (gc, _) = guest.pick(5, "bb");
        let (_, guest_reveal) = guest.receive(hc[0].clone());
        let (_, host_reveal) = host.receive(gc[0].clone());
        assert_eq!(host.phase(), Phase::Reveal);
        let resign = host.resign().unwrap();
        let (r, _) = guest.receive(host_reveal[0].clone());
        assert!(matches!(r, Ok(Received::Played(_))));
        let (r, _) = guest.receive(resign);
        assert_eq!(r, Ok(Received::Resigned));
        let (r, _) = host.receive(guest_reveal[0].clone());
        assert!(matches!(r, Ok(Received::Played(_))), "{r:?}");
        assert_eq!(host.game.record.moves, vec![Move::Both(3, 5)]);
        assert_eq!(ended_with(&host), ended_with(&guest));
        assert!(host.game.record.to_text().ends_with(".rA"));
    }

    #[test]
    fn both_resigning_at_once_leaves_the_hosts_resignation() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 3);
        let (from_host, from_guest) = (host.resign().unwrap(), guest.resign().unwrap());
        let (r, back) = host.receive(from_guest);
        assert_eq!((r, back), (Ok(Received::Nothing), vec![]));
        let (r, back) = guest.receive(from_host);
        assert_eq!((r, back), (Ok(Received::Resigned), vec![]));
        assert_eq!(ended_with(&host), ended_with(&guest));
        assert_eq!(host.resigned(), Some(Player::A));
    }

    /// The other side cannot resign for this one: a list naming our
    /// player as resigned is refused, and changes nothing.
    #[test]
    fn a_list_saying_the_receiver_resigned_is_refused() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 4);
        let before = guest.game.record.clone();
        let claims = |p: Player| {
            GameRecord {
                resigned: Some(p),
                ..before.clone()
            }
            .to_text()
        };
        // The host's list, once the guest is stopped: refused.
        let _ = guest.receive(Msg::Move {
            n: 99,
            hole: 1,
            hash: String::new(),
        });
        assert_eq!(guest.phase(), Phase::Stopped);
        let (r, back) = guest.receive(Msg::Sync {
            game: claims(Player::B),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::NotOurResignation)));
        assert!(back.is_empty(), "one report per stop");
        assert_eq!(guest.game.record, before);
        assert_eq!(guest.phase(), Phase::Stopped);
        // The host's list with the host's own resignation: taken.
        let (r, _) = guest.receive(Msg::Sync {
            game: claims(Player::A),
        });
        assert_eq!(r, Ok(Received::Resynced));
        assert_eq!(guest.resigned(), Some(Player::A));
        assert_eq!(guest.phase(), Phase::Ended);
        // A greeting saying the host resigned, to the host: refused, and
        // the host resends its list.
        let mut again = FriendGame::new(host.game.clone(), Player::A);
        let (r, back) = again.receive(Msg::Hello {
            v: VERSION,
            game: claims(Player::A),
        });
        assert_eq!(r, Err(Problem::Refused(Refusal::NotOurResignation)));
        assert!(
            matches!(back.as_slice(), [Msg::Stop { .. }, Msg::Sync { game }] if !game.contains(".r"))
        );
        assert_eq!(again.game.record, before);
        assert!(again.can_resign(), "play goes on");
        // A greeting with the guest's own resignation: the host takes it.
        let mut again = FriendGame::new(host.game.clone(), Player::A);
        let (r, _) = again.receive(Msg::Hello {
            v: VERSION,
            game: claims(Player::B),
        });
        assert_eq!(r, Ok(Received::Greeted));
        assert_eq!(again.resigned(), Some(Player::B));
        assert_eq!(again.phase(), Phase::Ended);
        // And a side that did resign takes a list saying so.
        let mut quitter = FriendGame::new(host.game.clone(), Player::B);
        let (r, _) = quitter.receive(FriendGame::new(host.game.clone(), Player::A).hello());
        assert_eq!(r, Ok(Received::Greeted));
        quitter.resign().unwrap();
        let mut stop = quitter.clone();
        let _ = stop.receive(Msg::Stop {
            why: Refusal::Early,
        });
        assert_eq!(stop.phase(), Phase::Stopped);
        let (r, _) = stop.receive(Msg::Sync {
            game: claims(Player::B),
        });
        assert_eq!(r, Ok(Received::Resynced));
        assert_eq!(stop.game.record.to_text(), claims(Player::B));
    }

    #[test]
    fn a_resignation_after_the_end_changes_nothing() {
        let (mut host, _) = play_to_the_end("umum");
        let before = host.game.record.clone();
        let n = before.moves.len();
        assert_eq!(host.resign(), None);
        let (r, back) = host.receive(Msg::Resign { n });
        assert_eq!((r, back), (Ok(Received::Nothing), vec![]));
        assert_eq!(host.game.record, before);
        // After the other side resigned: again nothing, and no more moves.
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 2);
        let quit = guest.resign().unwrap();
        let _ = host.receive(quit.clone());
        let before = host.game.record.clone();
        let (r, back) = host.receive(quit);
        assert_eq!((r, back), (Ok(Received::Nothing), vec![]));
        let (r, _) = host.receive(Msg::Resign { n: 0 });
        assert_eq!(r, Ok(Received::Nothing));
        assert_eq!(host.game.record, before);
        // A resignation numbered past our moves is refused.
        let (mut host, _) = greeted(game("umum", 4));
        let (r, _) = host.receive(Msg::Resign { n: 3 });
        assert_eq!(r, Err(Problem::Refused(Refusal::Number { n: 3, at: 0 })));
        assert_eq!(host.resigned(), None);
    }

    #[test]
    fn a_stopped_guest_neither_resigns_nor_takes_a_resignation_until_the_hosts_list() {
        let (mut host, mut guest) = greeted(game("umum", 4));
        play_some(&mut host, &mut guest, 2);
        let (r, back) = guest.receive(Msg::Move {
            n: 9,
            hole: 1,
            hash: String::new(),
        });
        assert!(r.is_err());
        assert_eq!(guest.phase(), Phase::Stopped);
        assert!(!guest.can_resign());
        assert_eq!(guest.resign(), None);
        // Before the greeting, nobody resigns either.
        assert_eq!(FriendGame::new(game("umum", 4), Player::A).resign(), None);
        // The host resigns before the guest's report arrives.
        let quit = host.resign().unwrap();
        let (r, _) = guest.receive(quit);
        assert_eq!(r, Err(Problem::Refused(Refusal::WhileStopped)));
        assert_eq!(guest.resigned(), None);
        let (_, sync) = host.receive(back[0].clone());
        let (r, _) = guest.receive(sync[0].clone());
        assert_eq!(r, Ok(Received::Resynced));
        assert_eq!(ended_with(&host), ended_with(&guest));
        assert!(host.game.record.to_text().ends_with(".rA"));
    }

    /// The rounds agreed for a pack of several rounds are in the
    /// invitation's ruleset: both sides play under them.
    #[test]
    fn the_rounds_agreed_travel_with_the_invitation() {
        install_packs(PackSet::builtin());
        let sungka = packs().get("sungka").unwrap();
        let agreed = PlayState::new(sungka, 7, None, 8).with_rounds(3);
        assert_eq!(agreed.rules.max_rounds, 3);
        let code = Code {
            v: VERSION,
            kind: CodeKind::Offer,
            sdp: "v=0".into(),
            game: Some(agreed.record.to_text()),
        };
        let read = Code::parse(&code.to_text()).unwrap();
        let joined = PlayState::from_text(read.game.as_deref().unwrap(), None).unwrap();
        assert_eq!(joined.rules.max_rounds, 3, "the guest's game");
        let (mut host, mut guest) = greeted(agreed);
        assert_ne!(host.phase(), Phase::Ended);
        let mut guest_from_code = FriendGame::new(joined, Player::B);
        let (r, _) = guest_from_code.receive(host.hello());
        assert_eq!(r, Ok(Received::Greeted), "one game on both sides");
        play_some(&mut host, &mut guest, 6);
        assert_eq!(guest.game.rules.max_rounds, 3);
        assert_eq!(host.game.record, guest.game.record);
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
        crate::texts::i18n::assert_said_in_both(&[
            &CodeProblem::NotACode,
            &CodeProblem::Damaged,
            &CodeProblem::OtherVersion(2),
            &Problem::RulesDiffer {
                mine: "a".into(),
                theirs: "b".into(),
            },
            &Problem::Unreadable(Unreadable::Version(2)),
            &Problem::Unreadable(Unreadable::Game(GameProblem::Damaged)),
            &Problem::Unreadable(Unreadable::Message),
        ]);
        // Every refusal, said here and on the other device.
        let refusals = [
            Refusal::Number { n: 4, at: 3 },
            Refusal::OutOfTurn,
            Refusal::Hole { hole: 3 },
            Refusal::Move,
            Refusal::Mismatch { n: 1 },
            Refusal::Sealed { n: 2 },
            Refusal::NotASeal { n: 0 },
            Refusal::Resealed { n: 0 },
            Refusal::EarlyReveal { n: 0 },
            Refusal::Reveal { n: 0 },
            Refusal::Early,
            Refusal::LateHello,
            Refusal::NotTheirMoves,
            Refusal::Rewrites,
            Refusal::SyncFromGuest,
            Refusal::SyncUnasked,
            Refusal::OtherGame,
            Refusal::NotOurResignation,
            Refusal::WhileStopped,
            Refusal::Over,
            Refusal::Unreadable,
        ];
        for why in refusals {
            let (ours, theirs) = (
                Problem::Refused(why.clone()),
                Problem::TheyRefused(why.clone()),
            );
            crate::texts::i18n::assert_said_in_both(&[&why, &ours, &theirs]);
            // The reason crosses the wire intact.
            let stop = Msg::Stop { why };
            assert_eq!(Msg::parse(&stop.to_text()), Ok(stop));
        }
        assert_eq!(Msg::parse("{}"), Err(Unreadable::Message));
        for n in [0usize, 1, 2, 3, 4, 5, 250] {
            let bytes: Vec<u8> = (0..n as u32).map(|i| (i * 37 % 256) as u8).collect();
            assert_eq!(from_base64url(&base64url(&bytes)), Some(bytes));
        }
    }
}
