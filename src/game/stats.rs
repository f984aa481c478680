//! Local statistics of finished games (`/stats`), in plain Rust.
//!
//! A finished game is kept as its record text (which is also its key: a game
//! is counted once however often it is reloaded or replayed) with who played
//! whom, and the figures the page shows. Every figure comes from the engine:
//! the record is replayed ([`congklak::Game::turns`]) and its turns' events
//! are read (a `Relay` event is one relay; seeds sown into a mover's own
//! store and seeds captured are what that turn banked, as in the engine's
//! move preview). Nothing here applies a rule.
//!
//! Stored in local storage under [`STATS_KEY`] as `{"v":1,"games":[…]}`;
//! the export is the same object, and an import is checked game by game
//! against the engine before anything is kept.

use crate::game::state::{packs, GameProblem};
use crate::platform::storage::StoreProblem;
use crate::texts::i18n::k;
use crate::texts::i18n::{Lang, Say};
use congklak::{Event, GameRecord, Place, Player, ToMove};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Storage key of the statistics (the format version is part of it).
pub const STATS_KEY: &str = "congklak.stats.v1";
/// The format version inside the stored and exported object.
pub const STATS_VERSION: u32 = 1;

/// Who played whom.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Opponent {
    /// Two people on one screen (results read A against B).
    Hotseat,
    /// One person against the computer.
    Computer {
        /// The computer's level (stored by its name, as since the first
        /// format: `"medium"`).
        level: congklak::Level,
        /// The person's side.
        human: Player,
    },
}

/// How a game link names who plays whom (its `vs`): `hotseat`, or
/// `computer.<level>.<side>` with the side the person plays
/// (`computer.medium.A`).
impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Hotseat => f.write_str("hotseat"),
            Opponent::Computer { level, human } => write!(f, "computer.{level}.{human}"),
        }
    }
}

/// A link's `vs` that names no opponent (see [`Opponent`]'s `Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAnOpponent;

impl std::fmt::Display for NotAnOpponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not `hotseat` or `computer.<level>.<side>`")
    }
}

/// A link's `vs`, as [`Opponent`]'s `Display` writes it. The level must be
/// one the engine knows; a side other than `B` is A, as links have always
/// been read.
impl std::str::FromStr for Opponent {
    type Err = NotAnOpponent;
    fn from_str(vs: &str) -> Result<Opponent, NotAnOpponent> {
        let parts: Vec<&str> = vs.split('.').collect();
        match parts.as_slice() {
            ["hotseat"] => Ok(Opponent::Hotseat),
            ["computer", level, side] => Ok(Opponent::Computer {
                level: congklak::Level::from_name(level).ok_or(NotAnOpponent)?,
                human: if *side == "B" { Player::B } else { Player::A },
            }),
            _ => Err(NotAnOpponent),
        }
    }
}

/// What the engine says about one finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Moves in the record (a simultaneous opening is one move).
    pub moves: u32,
    /// Final scores, A then B.
    pub scores: [u32; 2],
    /// The winner; none for a draw.
    pub winner: Option<Player>,
    /// Each player's largest single-turn bank (A, B).
    pub bank: [u32; 2],
    /// Each player's longest relay chain in one turn (A, B).
    pub relays: [u32; 2],
}

/// One finished game as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// The game's record text: its key.
    pub record: String,
    /// The pack it was played under.
    pub pack: String,
    /// Who played whom.
    pub vs: Opponent,
    /// The engine's figures.
    #[serde(flatten)]
    pub figures: Figures,
}

/// Everything kept: the stored and exported object.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Format version ([`STATS_VERSION`]).
    pub v: u32,
    /// Finished games, oldest first.
    pub games: Vec<GameEntry>,
}

/// What one turn did for each player (A, B): seeds banked during the move
/// and relays.
pub fn turn_figures(events: &[Event]) -> ([u32; 2], [u32; 2]) {
    let mut bank = [0u32; 2];
    let mut relays = [0u32; 2];
    for e in events {
        match e {
            Event::Sow {
                player,
                to: Place::Store { side },
            } if side == player => bank[player.index()] += 1,
            Event::Capture { player, seeds, .. } => bank[player.index()] += u32::from(*seeds),
            Event::Relay { player, .. } => relays[player.index()] += 1,
            // Leftovers banked at a round's end are not the move's doing.
            Event::RoundEnd { .. } => break,
            _ => {}
        }
    }
    (bank, relays)
}

/// Why an exported file was refused, in the reader's language by [`Problem::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not JSON at all.
    NotJson,
    /// JSON, but not this app's statistics.
    NotStats,
    /// Another format version.
    Format(u64),
    /// The right version, laid out otherwise.
    Shape,
    /// Game `n` (from 1) is not finished.
    Unfinished(usize),
    /// Game `n` names a level there is not.
    Level(usize, String),
    /// Game `n`'s record cannot be opened.
    Record(usize, GameProblem),
    /// Game `n`'s figures are not the ones its moves give.
    Forged(usize),
}

impl Say for Problem {
    fn say(&self, lang: Lang) -> String {
        use crate::texts::i18n::trf;
        match self {
            Problem::NotJson => crate::texts::i18n::tr(lang, k::MYSTATS_ERR_JSON).to_string(),
            Problem::NotStats => crate::texts::i18n::tr(lang, k::MYSTATS_ERR_NOTSTATS).to_string(),
            Problem::Format(v) => trf(lang, k::MYSTATS_ERR_FORMAT, &[v, &STATS_VERSION]),
            Problem::Shape => crate::texts::i18n::tr(lang, k::MYSTATS_ERR_SHAPE).to_string(),
            Problem::Unfinished(n) => trf(lang, k::MYSTATS_ERR_UNFINISHED, &[n]),
            Problem::Level(n, l) => trf(lang, k::MYSTATS_ERR_LEVEL, &[n, l]),
            Problem::Record(n, e) => trf(lang, k::MYSTATS_ERR_RECORD, &[n, &e.say(lang)]),
            Problem::Forged(n) => trf(lang, k::MYSTATS_ERR_FORGED, &[n]),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// Why a game's record text gives no figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    /// The record cannot be opened.
    Game(GameProblem),
    /// The game is not over.
    Unfinished,
}

/// The engine's figures for a finished game's record text.
pub fn figures(record: &str) -> Result<(GameRecord, Figures), EntryProblem> {
    let game_problem = |e: &congklak::RecordError| EntryProblem::Game(GameProblem::of(e));
    let rec = GameRecord::parse(record).map_err(|e| game_problem(&e))?;
    let game = rec.game(packs()).map_err(|e| game_problem(&e))?;
    let outcome = game.position().outcome().ok_or(EntryProblem::Unfinished)?;
    let mut f = Figures {
        moves: rec.moves.len() as u32,
        scores: outcome.scores.into_array(),
        winner: outcome.winner,
        bank: [0; 2],
        relays: [0; 2],
    };
    // A turn is a player's moves in a row: after a move that ends in their
    // lumbung they move again, and what they bank adds up over the turn.
    let mut turn_bank = [0u32; 2];
    let mut going_on: Option<Player> = None;
    for turn in game.turns() {
        let (bank, relays) = turn_figures(&turn.events);
        let mover = match turn.by {
            ToMove::One(p) => Some(p),
            ToMove::Both => None,
        };
        if mover.is_none() || mover != going_on {
            turn_bank = [0; 2];
        }
        for i in 0..2 {
            turn_bank[i] += bank[i];
            f.bank[i] = f.bank[i].max(turn_bank[i]);
            f.relays[i] = f.relays[i].max(relays[i]);
        }
        going_on = mover.filter(|p| {
            turn.events
                .iter()
                .any(|e| matches!(e, Event::ExtraTurn { player } if player == p))
        });
    }
    Ok((rec, f))
}

/// Each player's most seeds banked by one move (A, B): what the figure
/// of a turn was before a turn counted all its moves, so that files
/// exported then are still read.
fn bank_by_move(record: &GameRecord) -> Option<[u32; 2]> {
    let game = record.game(packs()).ok()?;
    let mut most = [0u32; 2];
    for turn in game.turns() {
        let (bank, _) = turn_figures(&turn.events);
        for i in 0..2 {
            most[i] = most[i].max(bank[i]);
        }
    }
    Some(most)
}

/// The entry for a finished game, checked by the engine.
pub fn entry(record: &str, vs: Opponent) -> Result<GameEntry, EntryProblem> {
    let (rec, figures) = figures(record)?;
    Ok(GameEntry {
        record: rec.to_text(),
        pack: rec.ruleset.base().to_string(),
        vs,
        figures,
    })
}

impl Stats {
    /// No games yet.
    pub fn new() -> Stats {
        Stats {
            v: STATS_VERSION,
            games: Vec::new(),
        }
    }

    /// Whether a game with this record is kept.
    pub fn has(&self, record: &str) -> bool {
        self.games.iter().any(|g| g.record == record)
    }

    /// Adds a game unless it is kept already; returns whether it was added.
    pub fn add(&mut self, e: GameEntry) -> bool {
        if self.has(&e.record) {
            return false;
        }
        self.games.push(e);
        true
    }

    /// Reads stored statistics (the object as written, not re-checked).
    pub fn from_stored(json: &str) -> Result<Stats, Problem> {
        let value = congklak::json::parse(json).map_err(|_| Problem::NotJson)?;
        let s: Stats = serde_json::from_value(value).map_err(|_| Problem::Shape)?;
        if s.v != STATS_VERSION {
            return Err(Problem::Format(u64::from(s.v)));
        }
        Ok(s)
    }

    /// Reads an exported file: every game is replayed by the engine and its
    /// figures must be the engine's. Nothing is kept from a file with any
    /// fault; the error names the first.
    pub fn from_export(json: &str) -> Result<Stats, Problem> {
        let value: serde_json::Value = congklak::json::parse(json).map_err(|_| Problem::NotJson)?;
        match value.get("v").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(STATS_VERSION) => {}
            Some(v) => return Err(Problem::Format(v)),
            None => return Err(Problem::NotStats),
        }
        // A level this app does not know is named, not just refused.
        let games = value.get("games").and_then(|g| g.as_array());
        for (i, g) in games.into_iter().flatten().enumerate() {
            let level = g.pointer("/vs/computer/level").and_then(|l| l.as_str());
            if let Some(level) = level.filter(|l| congklak::Level::from_name(l).is_none()) {
                return Err(Problem::Level(i + 1, level.to_string()));
            }
        }
        let s: Stats = serde_json::from_value(value).map_err(|_| Problem::Shape)?;
        let mut out = Stats::new();
        for (i, g) in s.games.into_iter().enumerate() {
            let n = i + 1;
            let checked = entry(&g.record, g.vs.clone()).map_err(|e| match e {
                EntryProblem::Unfinished => Problem::Unfinished(n),
                EntryProblem::Game(e) => Problem::Record(n, e),
            })?;
            // Files exported before a turn's bank counted all its moves
            // carry the most one move banked.
            let older = || {
                let mut was = checked.clone();
                GameRecord::parse(&checked.record)
                    .ok()
                    .and_then(|r| bank_by_move(&r))
                    .is_some_and(|bank| {
                        was.figures.bank = bank;
                        was == g
                    })
            };
            if checked != g && !older() {
                return Err(Problem::Forged(n));
            }
            out.add(checked);
        }
        Ok(out)
    }

    /// The export file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_value(self)
            .map(|v| congklak::json::write_pretty(&v))
            .unwrap_or_default()
    }

    /// Adds the games of `other` not kept yet; returns (added, already kept).
    pub fn merge(&mut self, other: Stats) -> (usize, usize) {
        let (mut added, mut had) = (0, 0);
        for g in other.games {
            if self.add(g) {
                added += 1;
            } else {
                had += 1;
            }
        }
        (added, had)
    }

    /// The figures the page shows.
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            games: self.games.len(),
            ..Summary::default()
        };
        for (i, g) in self.games.iter().enumerate() {
            let f = &g.figures;
            let row = s
                .rows
                .entry((g.pack.clone(), g.vs.clone()))
                .or_insert([0; 3]);
            // Computer: won, drawn, lost by the person; hotseat: A won, drawn, B won.
            let first = match &g.vs {
                Opponent::Hotseat => Player::A,
                Opponent::Computer { human, .. } => *human,
            };
            let col = match f.winner {
                Some(p) if p == first => 0,
                None => 1,
                Some(_) => 2,
            };
            row[col] += 1;
            let by_pack = s.by_pack.entry(g.pack.clone()).or_insert([0; 4]);
            match g.vs {
                Opponent::Hotseat => by_pack[3] += 1,
                Opponent::Computer { .. } => by_pack[col] += 1,
            }
            for p in Player::BOTH {
                let k = p.index();
                let better =
                    |r: &Option<Record>, v: u32| v > 0 && r.as_ref().is_none_or(|r| v > r.value);
                if better(&s.bank, f.bank[k]) {
                    s.bank = Some(Record::of(i, g, Some(p), f.bank[k]));
                }
                if better(&s.relays, f.relays[k]) {
                    s.relays = Some(Record::of(i, g, Some(p), f.relays[k]));
                }
            }
            if s.longest.as_ref().is_none_or(|r| f.moves > r.value) {
                s.longest = Some(Record::of(i, g, None, f.moves));
            }
        }
        s
    }
}

/// A best figure and the game it was reached in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The figure.
    pub value: u32,
    /// Who reached it (none for a whole game's figure).
    pub by: Option<Player>,
    /// The game's index in [`Stats::games`].
    pub game: usize,
    /// Its pack.
    pub pack: String,
    /// Who played whom in it.
    pub vs: Opponent,
    /// Its record text.
    pub record: String,
}

impl Record {
    fn of(game: usize, g: &GameEntry, by: Option<Player>, value: u32) -> Record {
        Record {
            value,
            by,
            game,
            pack: g.pack.clone(),
            vs: g.vs.clone(),
            record: g.record.clone(),
        }
    }
}

/// The statistics page's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games counted.
    pub games: usize,
    /// Per pack and opponent: against the computer the person's wins, draws
    /// and losses; between two people A's wins, draws and B's wins.
    pub rows: BTreeMap<(String, Opponent), [u32; 3]>,
    /// Per pack, for the chart: won, drawn and lost against the computer,
    /// and games between two people.
    pub by_pack: BTreeMap<String, [u32; 4]>,
    /// The largest single-turn bank.
    pub bank: Option<Record>,
    /// The longest relay chain in one turn.
    pub relays: Option<Record>,
    /// The longest game, in moves.
    pub longest: Option<Record>,
}

/// Who played whom in a game on the play page: the page's mode, level and side.
pub fn opponent_of(settings: &crate::game::state::Settings) -> Opponent {
    match settings.mode {
        crate::game::state::Mode::Hotseat => Opponent::Hotseat,
        crate::game::state::Mode::Computer => Opponent::Computer {
            level: settings.level,
            human: settings.human,
        },
    }
}

/// Whose move a turn was, for a record holder of a simultaneous opening.
pub fn mover(by: ToMove) -> Option<Player> {
    match by {
        ToMove::One(p) => Some(p),
        ToMove::Both => None,
    }
}

/// The stored statistics: none kept yet is an empty set; a stored value
/// that cannot be read is an error (and stays as it is until a reset).
pub fn load() -> Result<Stats, Problem> {
    match stored_text() {
        None => Ok(Stats::new()),
        Some(text) => Stats::from_stored(&text),
    }
}

/// Writes the statistics.
pub fn save(stats: &Stats) -> Result<(), StoreProblem> {
    let text = congklak::json::to_string(stats).unwrap_or_default();
    crate::platform::storage::set_text(STATS_KEY, &text)
}

/// Deletes every kept game.
pub fn reset() {
    crate::platform::storage::delete(STATS_KEY);
}

fn stored_text() -> Option<String> {
    crate::platform::storage::get_text(STATS_KEY)
}

/// Whether `game`, whose position at the cursor is `at_cursor`, has just
/// been played to its end (not reviewed back to an earlier turn): the
/// games [`record_if_finished`] counts.
pub fn just_finished(game: &crate::game::state::PlayState, at_cursor: &congklak::Position) -> bool {
    game.cursor == game.record.moves.len() && at_cursor.is_over()
}

/// Counts a game that has just finished (once: a game already kept, by its
/// record text, is not counted again). Stored statistics that cannot be
/// read are left as they are.
pub fn record_if_finished(
    game: &crate::game::state::PlayState,
    settings: &crate::game::state::Settings,
) -> bool {
    if !just_finished(game, &game.position()) {
        return false;
    }
    let Ok(mut stats) = load() else { return false };
    let text = game.record.to_text();
    if stats.has(&text) {
        return false;
    }
    match entry(&text, opponent_of(settings)) {
        Ok(e) => {
            stats.add(e);
            save(&stats).is_ok()
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::install_packs;
    use congklak::{Game, Move, PackSet, Position, Ruleset};

    /// A game of `pack` on `holes` holes a side played to its end (moves
    /// picked by a fixed formula from the legal ones), as record text.
    fn finished(pack: &str, holes: u8, seed: u64) -> String {
        install_packs(PackSet::builtin());
        let p = packs().get(pack).unwrap();
        let rules = p.rules_for_size(holes).unwrap();
        let mut game = Game::new(rules.clone());
        let mut n = 0u64;
        while !game.position().is_over() {
            let legal = game.legal_moves();
            let i = (seed.wrapping_mul(2654435761).wrapping_add(n * 7919) >> 3) as usize;
            game.play(legal[i % legal.len()]).unwrap();
            n += 1;
        }
        GameRecord {
            ruleset: Ruleset::custom(&p.id, &p.rules, &rules),
            seed,
            moves: game.moves().to_vec(),
            resigned: None,
        }
        .to_text()
    }

    const MELAYU: &str = "congkak-melayu";

    fn computer() -> Opponent {
        Opponent::Computer {
            level: congklak::Level::Medium,
            human: Player::A,
        }
    }

    #[test]
    fn a_turns_bank_is_the_engines_preview_of_it() {
        install_packs(PackSet::builtin());
        for pack in packs().all() {
            let rules = &pack.rules;
            let mut pos = Position::new(rules);
            let mut checked = 0;
            for i in 0..400u32 {
                if pos.is_over() {
                    break;
                }
                let legal = pos.legal_moves(rules);
                let mv = legal[(i as usize * 7 + 3) % legal.len()];
                let preview = pos.preview(rules, mv);
                let turn = pos.play(rules, mv).unwrap();
                let (bank, relays) = turn_figures(&turn.events);
                // A turn where only the mover acts (a simultaneous opening's
                // other hand may go on in the same turn).
                let solo = |p: Player| {
                    turn.events.iter().all(|e| match e {
                        Event::Scoop { player, .. }
                        | Event::Sow { player, .. }
                        | Event::Relay { player, .. }
                        | Event::Capture { player, .. } => *player == p,
                        _ => true,
                    })
                };
                if let (Some(pv), Some(p)) = (preview, mover(turn.by)) {
                    assert_eq!(relays[0] + relays[1], u32::from(pv.relays), "{}", pack.id);
                    if solo(p) {
                        assert_eq!(bank[p.index()], u32::from(pv.banked), "{}", pack.id);
                        checked += 1;
                    }
                }
            }
            assert!(checked > 5, "{}: turns checked", pack.id);
        }
    }

    #[test]
    fn a_finished_games_figures_come_from_its_turns() {
        let text = finished("umum", 7, 3);
        let (rec, f) = figures(&text).unwrap();
        let game = rec.game(packs()).unwrap();
        assert_eq!(f.moves as usize, game.moves().len());
        let o = game.position().outcome().unwrap();
        assert_eq!((f.scores, f.winner), (o.scores.into_array(), o.winner));
        let turns = game.turns();
        let most_relays = turns
            .iter()
            .map(|t| {
                t.events
                    .iter()
                    .filter(|e| matches!(e, Event::Relay { .. }))
                    .count() as u32
            })
            .max()
            .unwrap();
        assert_eq!(f.relays[0].max(f.relays[1]), most_relays);
        assert!(f.bank[0] > 0 && f.bank[1] > 0);
        // Not finished: no figures.
        let cut = &text[..text.len() - 1];
        assert_eq!(figures(cut).unwrap_err(), EntryProblem::Unfinished);
    }

    #[test]
    fn a_turn_of_several_moves_banks_what_all_its_moves_bank_and_older_files_still_open() {
        let vs = Opponent::Hotseat;
        let mut chained = 0;
        for seed in 1..30 {
            let text = finished("umum", 7, seed);
            let (rec, f) = figures(&text).unwrap();
            let by_move = bank_by_move(&rec).unwrap();
            for (turn, one_move) in f.bank.iter().zip(by_move) {
                assert!(*turn >= one_move, "seed {seed}");
            }
            if f.bank == by_move {
                continue;
            }
            chained += 1;
            // A file exported when a turn's bank was one move's opens.
            let mut stats = Stats::new();
            let mut older = entry(&text, vs.clone()).unwrap();
            older.figures.bank = by_move;
            stats.add(older);
            let back = Stats::from_export(&stats.to_json()).unwrap();
            assert_eq!(back.games[0], entry(&text, vs.clone()).unwrap());
            // Any other bank is refused.
            stats.games[0].figures.bank[0] += 100;
            assert_eq!(
                Stats::from_export(&stats.to_json()).unwrap_err(),
                Problem::Forged(1)
            );
        }
        assert!(chained > 3, "{chained} games with a turn of several moves");
    }

    #[test]
    fn a_game_is_counted_once_and_results_read_from_the_persons_side() {
        let mut stats = Stats::new();
        let games: Vec<String> = (1..=6).map(|s| finished("congkak-melayu", 5, s)).collect();
        for (i, g) in games.iter().enumerate() {
            let vs = if i % 2 == 0 {
                computer()
            } else {
                Opponent::Hotseat
            };
            assert!(stats.add(entry(g, vs.clone()).unwrap()));
            assert!(!stats.add(entry(g, vs).unwrap()), "counted once");
        }
        let s = stats.summary();
        assert_eq!(s.games, 6);
        let comp = s.rows[&(MELAYU.to_string(), computer())];
        let hot = s.rows[&(MELAYU.to_string(), Opponent::Hotseat)];
        assert_eq!(comp.iter().sum::<u32>(), 3);
        assert_eq!(hot.iter().sum::<u32>(), 3);
        let a_wins = |range: std::ops::RangeInclusive<usize>| {
            games
                .iter()
                .enumerate()
                .filter(|(i, _)| range.contains(i))
                .map(|(_, g)| figures(g).unwrap().1.winner)
                .collect::<Vec<_>>()
        };
        let w = a_wins(0..=5);
        let count = |idx: &[usize], want: Option<Player>| {
            idx.iter().filter(|&&i| w[i] == want).count() as u32
        };
        assert_eq!(comp[0], count(&[0, 2, 4], Some(Player::A)));
        assert_eq!(comp[1], count(&[0, 2, 4], None));
        assert_eq!(hot[2], count(&[1, 3, 5], Some(Player::B)));
        // The records are the largest over every game and player.
        let all: Vec<Figures> = games.iter().map(|g| figures(g).unwrap().1).collect();
        let max_bank = all.iter().flat_map(|f| f.bank).max().unwrap();
        let max_relays = all.iter().flat_map(|f| f.relays).max().unwrap();
        let max_moves = all.iter().map(|f| f.moves).max().unwrap();
        assert_eq!(s.bank.as_ref().unwrap().value, max_bank);
        assert_eq!(s.relays.as_ref().unwrap().value, max_relays);
        assert_eq!(s.longest.as_ref().unwrap().value, max_moves);
        let by_pack = s.by_pack[MELAYU];
        assert_eq!(by_pack[3], 3);
        assert_eq!(by_pack[..3].iter().sum::<u32>(), 3);
        // A person playing B: the result is read from B's side.
        let mut as_b = Stats::new();
        let vs_b = Opponent::Computer {
            level: congklak::Level::Hard,
            human: Player::B,
        };
        as_b.add(entry(&games[0], vs_b.clone()).unwrap());
        let row = as_b.summary().rows[&(MELAYU.to_string(), vs_b)];
        let want = match w[0] {
            Some(Player::B) => [1, 0, 0],
            None => [0, 1, 0],
            Some(Player::A) => [0, 0, 1],
        };
        assert_eq!(row, want);
    }

    #[test]
    fn export_and_import_round_trip_and_a_bad_file_is_refused_whole() {
        let mut stats = Stats::new();
        for s in 1..=3 {
            stats.add(entry(&finished("congkak-melayu", 5, s), computer()).unwrap());
        }
        stats.add(entry(&finished("umum", 7, 9), Opponent::Hotseat).unwrap());
        let json = stats.to_json();
        let back = Stats::from_export(&json).unwrap();
        assert_eq!(back, stats);
        assert_eq!(
            Stats::from_stored(&serde_json::to_string(&stats).unwrap()).unwrap(),
            stats
        );
        let mut mine = Stats::new();
        mine.add(stats.games[0].clone());
        assert_eq!(mine.merge(back), (3, 1));
        assert_eq!(mine.games.len(), 4);

        let refused = |text: &str| Stats::from_export(text).unwrap_err();
        assert!(matches!(refused("not json"), Problem::NotJson));
        assert_eq!(refused("[1,2]"), Problem::NotStats);
        assert_eq!(refused(r#"{"v":2,"games":[]}"#), Problem::Format(2));
        assert!(matches!(refused(r#"{"v":1,"games":3}"#), Problem::Shape));
        // A forged figure.
        let forged = json.replacen("\"moves\": ", "\"moves\": 1", 1);
        assert_eq!(refused(&forged), Problem::Forged(1));
        assert_eq!(
            Problem::Forged(1).to_string(),
            "game 1: its figures are not the ones its moves give"
        );
        // A record cut short: not finished; a broken record: the engine's reason.
        let mut cut = stats.clone();
        cut.games[1].record.pop();
        assert_eq!(refused(&cut.to_json()), Problem::Unfinished(2));
        let mut bad = stats.clone();
        bad.games[2].record.push('z');
        assert_eq!(
            refused(&bad.to_json()),
            Problem::Record(3, GameProblem::Damaged)
        );
        // An unknown level.
        let lv = json.replacen("\"medium\"", "\"grandmaster\"", 1);
        assert_eq!(refused(&lv), Problem::Level(1, "grandmaster".into()));
        for p in [
            Problem::NotStats,
            Problem::Format(2),
            Problem::Unfinished(1),
        ] {
            assert_ne!(p.say(Lang::Id), p.say(Lang::En));
        }
        assert_eq!(Stats::from_stored("{").unwrap_err(), Problem::NotJson);
        assert_eq!(
            Stats::from_stored(r#"{"v":1}"#).unwrap_err(),
            Problem::Shape
        );
        assert_eq!(
            Stats::from_stored(r#"{"v":7,"games":[]}"#).unwrap_err(),
            Problem::Format(7)
        );
    }

    #[test]
    fn the_stored_format_is_stable() {
        let e = entry(&finished("congkak-melayu", 5, 1), computer()).unwrap();
        let v = serde_json::to_value(&e).unwrap();
        for key in [
            "record", "pack", "vs", "moves", "scores", "winner", "bank", "relays",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!(v["vs"]["computer"]["level"], "medium");
        // Data stored before the level was an enum reads the same.
        let old = v.to_string().replace("\"medium\"", "\"hardest\"");
        let back: GameEntry = serde_json::from_str(&old).unwrap();
        assert_eq!(
            back.vs,
            Opponent::Computer {
                level: congklak::Level::Hardest,
                human: Player::A
            }
        );
        assert_eq!(
            serde_json::to_value(Opponent::Hotseat).unwrap(),
            serde_json::json!("hotseat")
        );
        let _ = Move::Hole(1);
    }
}
