//! The puzzles of `/puzzles`, in plain Rust: the list (the engine's
//! `data/puzzles.json`, fetched as `/puzzles.json`), the puzzle of the day,
//! the player's progress kept on this device, and what a move did, judged
//! and told in words from the engine's results.
//!
//! Every puzzle was checked by the engine (`congklak puzzles check`, and the
//! engine's tests): one legal move meets its goal. The page still lets the
//! engine decide each pick: it plays the hole and asks the engine's
//! [`congklak::move_facts`] whether it meets the goal; for a `win` goal the
//! perfect-play values come from the file (the solver's, re-checked by the
//! engine's tests), as solving in the browser would take too long.

use crate::game::lessons::Claim;
use crate::game::state::packs;
use crate::platform::browser::FetchProblem;
use crate::platform::storage::{self, Damaged, StoreProblem, Stored, Unread};
use crate::texts::i18n::k;
use crate::texts::i18n::{tr, trf, trn, Lang, Say};
use congklak::{Goal, Move, MoveFacts, Player, Position, Puzzle, PuzzleFile, Rules, Turn};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Where the progress is kept (local storage).
pub const PROGRESS_KEY: &str = "congklak.puzzles.v1";

static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();

/// The puzzles, once installed (before hydrating `/puzzles`, by the
/// pre-renderer, or by the page after fetching them).
pub fn installed() -> Option<&'static [Puzzle]> {
    PUZZLES.get().map(Vec::as_slice)
}

/// Installs the puzzles; the first call wins.
pub fn install(list: Vec<Puzzle>) {
    let _ = PUZZLES.set(list);
}

/// Why the puzzles, or one puzzle, cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzlesProblem {
    /// Their file could not be fetched.
    Fetch(FetchProblem),
    /// Their file is not puzzles this app reads.
    NotPuzzles,
    /// Their file is of another format version than this app reads.
    Format(u32),
    /// A puzzle's rules or position cannot be played.
    Unplayable,
}

impl Say for PuzzlesProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            PuzzlesProblem::Fetch(e) => e.say(lang),
            PuzzlesProblem::NotPuzzles => tr(lang, k::FETCH_DAMAGED).into(),
            PuzzlesProblem::Format(_) => tr(lang, k::GAME_PROBLEM_VERSION).into(),
            PuzzlesProblem::Unplayable => tr(lang, k::PUZZLES_UNPLAYABLE).into(),
        }
    }
}

impl std::fmt::Display for PuzzlesProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzlesProblem::Format(v) => write!(
                f,
                "format {v}, this app reads format {}",
                PuzzleFile::VERSION
            ),
            other => f.write_str(&other.say(Lang::En)),
        }
    }
}

/// Reads `puzzles.json`.
/// Read by hand ([`PuzzleFile::from_json`]), not by serde's derive, whose
/// code for each type weighed on the page's bundle.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzlesProblem> {
    let value = congklak::json::parse(text).map_err(|_| PuzzlesProblem::NotPuzzles)?;
    let version = congklak::json::Members::of(&value, "a puzzle file")
        .and_then(|m| m.u64("version"))
        .map_err(|_| PuzzlesProblem::NotPuzzles)?;
    if version != u64::from(PuzzleFile::VERSION) {
        return Err(PuzzlesProblem::Format(
            u32::try_from(version).unwrap_or(u32::MAX),
        ));
    }
    let file = PuzzleFile::from_json(&value).map_err(|_| PuzzlesProblem::NotPuzzles)?;
    Ok(file.puzzles)
}

/// The puzzle of day `day` (days since 1970-01-01 in the visitor's time):
/// each puzzle in turn, in a fixed shuffled order, so that the day's
/// puzzle is the same for everyone on that date.
pub fn day_index(day: i64, count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    // 7919 is prime, so stepping by it visits every puzzle before repeating
    // (unless the count is a multiple of it).
    ((day.rem_euclid(count as i64) as u64 * 7919) % count as u64) as usize
}

/// Whether `p` is one a newcomer may start on: easy, on the board and
/// rules the lessons teach ([`congklak::NEWCOMER_BOARD`]).
pub fn for_newcomers(p: &Puzzle) -> bool {
    (p.pack.as_str(), p.size) == congklak::NEWCOMER_BOARD && p.difficulty == 1
}

/// The day's puzzle, as its place in `list`: [`day_index`] over every
/// puzzle, or, for a `newcomer` (nothing solved yet on this device), over
/// the puzzles [`for_newcomers`] (all of them if there are none). None for
/// an empty list.
pub fn day_puzzle(list: &[Puzzle], day: i64, newcomer: bool) -> Option<usize> {
    let easy: Vec<usize> = (0..list.len())
        .filter(|&i| newcomer && for_newcomers(&list[i]))
        .collect();
    if easy.is_empty() {
        (!list.is_empty()).then(|| day_index(day, list.len()))
    } else {
        Some(easy[day_index(day, easy.len())])
    }
}

/// The day's puzzle for a visitor who had solved `solved` when the page
/// opened: the newcomers' one ([`day_puzzle`]) while they have solved no
/// other, so that solving it does not swap it for another the same day
/// (on a reload too); else the day's among all.
pub fn day_puzzle_for(list: &[Puzzle], day: i64, solved: &BTreeSet<String>) -> Option<usize> {
    let easy = day_puzzle(list, day, true)?;
    if solved.iter().all(|id| *id == list[easy].id) {
        Some(easy)
    } else {
        day_puzzle(list, day, false)
    }
}

/// The puzzle to offer after `current`: the first one after it in the
/// list's order ([`ordered`], from the top again at the end) that is not
/// `solved`, with its number; None when every other one is solved.
pub fn next_puzzle<'a>(
    list: &'a [Puzzle],
    current: &str,
    solved: &BTreeSet<String>,
) -> Option<(usize, &'a Puzzle)> {
    let order = ordered(list);
    let at = order.iter().position(|(_, p)| p.id == current)?;
    order
        .iter()
        .cycle()
        .skip(at + 1)
        .take(order.len() - 1)
        .find(|(_, p)| !solved.contains(&p.id))
        .copied()
}

/// The puzzles in the order the list shows them: by difficulty, then pack,
/// then their place in the file; each with its number (its place in the
/// file, from 1).
pub fn ordered(list: &[Puzzle]) -> Vec<(usize, &Puzzle)> {
    let mut out: Vec<(usize, &Puzzle)> = list.iter().enumerate().map(|(i, p)| (i + 1, p)).collect();
    out.sort_by(|a, b| (a.1.difficulty, &a.1.pack, a.0).cmp(&(b.1.difficulty, &b.1.pack, b.0)));
    out
}

/// What the player has done, kept on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Puzzles solved (found the answer), by id.
    pub solved: BTreeSet<String>,
    /// Puzzles tried (any hole played), by id.
    pub tried: BTreeSet<String>,
}

/// Read and written by hand, as serde's derive reads and writes it (both
/// members needed, no other), without its code.
impl Stored for Progress {
    fn from_json(value: &Value) -> Result<Progress, storage::Unfit> {
        let m = storage::members(value, "puzzle progress", &["solved", "tried"])?;
        let ids = |key: &'static str| -> Result<BTreeSet<String>, storage::Unfit> {
            m.array(key)?
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(String::from)
                        .ok_or_else(|| storage::Unfit::not(Some(key), v, "a puzzle's id"))
                })
                .collect()
        };
        Ok(Progress {
            solved: ids("solved")?,
            tried: ids("tried")?,
        })
    }
    fn to_json(&self) -> Value {
        let ids =
            |set: &BTreeSet<String>| Value::Array(set.iter().cloned().map(Value::String).collect());
        storage::object([("solved", ids(&self.solved)), ("tried", ids(&self.tried))])
    }
}

impl Progress {
    /// A hole was played in puzzle `id`; `right` if it was the answer.
    pub fn record(&mut self, id: &str, right: bool) {
        self.tried.insert(id.to_string());
        if right {
            self.solved.insert(id.to_string());
        }
    }

    /// Solved, of the puzzles in `list`.
    pub fn solved_of(&self, list: &[Puzzle]) -> usize {
        list.iter().filter(|p| self.solved.contains(&p.id)).count()
    }
}

/// The stored progress: none yet is an empty one; stored text that cannot
/// be read is an error (left as it is until the player resets it).
pub fn load_progress() -> Result<Progress, Damaged> {
    match storage::get::<Progress>(PROGRESS_KEY) {
        Ok(p) => Ok(p),
        Err(Unread::Missing) => Ok(Progress::default()),
        Err(Unread::Broken(_)) => Err(Damaged),
    }
}

/// Writes the progress.
pub fn save_progress(p: &Progress) -> Result<(), StoreProblem> {
    storage::set(PROGRESS_KEY, p)
}

/// Deletes the kept progress.
pub fn reset_progress() {
    storage::delete(PROGRESS_KEY);
}

/// A puzzle ready to play: its rules, position and every legal move's facts
/// (from the engine; `win` values from the file).
#[derive(Clone, Debug)]
pub struct Ready {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its rules.
    pub rules: Rules,
    /// Its position.
    pub start: Position,
    /// What each legal move does.
    pub facts: Vec<MoveFacts>,
}

impl Ready {
    /// The puzzle under the installed packs; an error in words if the pack
    /// is missing or the position does not read.
    pub fn of(puzzle: &Puzzle) -> Result<Ready, PuzzlesProblem> {
        let rules = puzzle
            .rules(packs())
            .map_err(|_| PuzzlesProblem::Unplayable)?;
        let start = puzzle
            .start(&rules)
            .map_err(|_| PuzzlesProblem::Unplayable)?;
        let mut facts = congklak::move_facts(&rules, &start).ok_or(PuzzlesProblem::Unplayable)?;
        for f in &mut facts {
            f.value = puzzle
                .values
                .iter()
                .find(|v| v.hole == f.hole)
                .map(|v| v.value);
        }
        Ok(Ready {
            puzzle: puzzle.clone(),
            rules,
            start,
            facts,
        })
    }

    /// The legal holes.
    pub fn legal(&self) -> Vec<u8> {
        self.facts.iter().map(|f| f.hole).collect()
    }

    fn best_capture(&self) -> u16 {
        self.facts.iter().map(|f| f.captured).max().unwrap_or(0)
    }

    /// Whether hole `k` meets the goal (the engine's facts decide).
    pub fn meets(&self, k: u8) -> bool {
        let best = self.best_capture();
        self.facts
            .iter()
            .find(|f| f.hole == k)
            .is_some_and(|f| self.puzzle.meets(f, best))
    }

    /// The facts of hole `k`.
    pub fn facts_of(&self, k: u8) -> Option<&MoveFacts> {
        self.facts.iter().find(|f| f.hole == k)
    }

    /// Plays hole `k`: the turn, the position after it and what it did.
    pub fn play(&self, k: u8) -> Option<(Turn, Position, Claim)> {
        let mut after = self.start;
        let turn = after.play(&self.rules, Move::Hole(k)).ok()?;
        let claim = Claim::of(&turn, Player::A, &after);
        Some((turn, after, claim))
    }

    /// The hint: two holes, the answer and the other move that comes
    /// closest to the goal (lowest first, so the order gives nothing away).
    pub fn hint_holes(&self) -> Vec<u8> {
        let answer = self.puzzle.answer;
        let closeness = |f: &MoveFacts| -> i64 {
            match self.puzzle.goal {
                Goal::ExtraTurn => i64::from(f.reached_store) * 100 + i64::from(f.banked),
                Goal::CaptureMost => i64::from(f.captured),
                Goal::Bank { .. } => i64::from(f.banked),
                Goal::Win => i64::from(f.value.unwrap_or(i32::MIN / 2)),
            }
        };
        let other = self
            .facts
            .iter()
            .filter(|f| f.hole != answer)
            .max_by_key(|f| (closeness(f), std::cmp::Reverse(f.hole)))
            .map(|f| f.hole);
        let mut holes: Vec<u8> = std::iter::once(answer).chain(other).collect();
        holes.sort_unstable();
        holes
    }
}

/// The goal in words.
pub fn goal_words(lang: Lang, goal: Goal) -> String {
    match goal {
        Goal::ExtraTurn => tr(lang, k::PUZZLES_GOAL_EXTRA).to_string(),
        Goal::CaptureMost => tr(lang, k::PUZZLES_GOAL_CAPTURE).to_string(),
        Goal::Bank { at_least } => trf(lang, k::PUZZLES_GOAL_BANK, &[&at_least]),
        Goal::Win => tr(lang, k::PUZZLES_GOAL_WIN).to_string(),
    }
}

/// The goal in a few words, for the list.
pub fn goal_short(lang: Lang, goal: Goal) -> String {
    match goal {
        Goal::ExtraTurn => tr(lang, k::PUZZLES_SHORT_EXTRA).to_string(),
        Goal::CaptureMost => tr(lang, k::PUZZLES_SHORT_CAPTURE).to_string(),
        Goal::Bank { at_least } => trf(lang, k::PUZZLES_SHORT_BANK, &[&at_least]),
        Goal::Win => tr(lang, k::PUZZLES_SHORT_WIN).to_string(),
    }
}

/// "Easy", "Medium", "Hard".
pub fn difficulty_words(lang: Lang, d: u8) -> &'static str {
    match d {
        1 => tr(lang, k::PUZZLES_EASY),
        2 => tr(lang, k::PUZZLES_MEDIUM),
        _ => tr(lang, k::PUZZLES_HARD),
    }
}

/// A perfect-play margin in words, for the mover (A).
fn margin_words(lang: Lang, v: i32) -> String {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => trf(lang, k::PUZZLES_VALUE_WIN, &[&v]),
        std::cmp::Ordering::Equal => tr(lang, k::PUZZLES_VALUE_DRAW).to_string(),
        std::cmp::Ordering::Less => trf(lang, k::PUZZLES_VALUE_LOSE, &[&-v]),
    }
}

/// Why hole `k` meets, or misses, the goal: one sentence from the engine's
/// facts (the best any other move does, for comparison).
pub fn verdict_words(lang: Lang, r: &Ready, k: u8) -> String {
    let Some(f) = r.facts_of(k) else {
        return String::new();
    };
    let others = r.facts.iter().filter(|o| o.hole != k);
    match r.puzzle.goal {
        Goal::ExtraTurn if f.extra_turn => tr(lang, k::PUZZLES_WHY_EXTRA).to_string(),
        Goal::ExtraTurn => tr(lang, k::PUZZLES_MISS_EXTRA).to_string(),
        Goal::CaptureMost => {
            let best_other = others.map(|o| o.captured).max().unwrap_or(0);
            if f.captured > best_other && best_other == 0 {
                trf(lang, k::PUZZLES_WHY_CAPTURE_ONLY, &[&f.captured])
            } else if f.captured > best_other {
                trf(lang, k::PUZZLES_WHY_CAPTURE, &[&f.captured, &best_other])
            } else if f.captured == 0 {
                tr(lang, k::PUZZLES_MISS_CAPTURE_NONE).to_string()
            } else {
                trf(lang, k::PUZZLES_MISS_CAPTURE, &[&f.captured])
            }
        }
        Goal::Bank { at_least } => {
            let best_other = others.map(|o| o.banked).max().unwrap_or(0);
            if f.banked >= at_least {
                trf(lang, k::PUZZLES_WHY_BANK, &[&f.banked, &best_other])
            } else {
                trf(lang, k::PUZZLES_MISS_BANK, &[&f.banked, &at_least])
            }
        }
        Goal::Win => {
            let v = f.value.unwrap_or(0);
            if v > 0 {
                let best_other = others.filter_map(|o| o.value).max().unwrap_or(0);
                trf(
                    lang,
                    k::PUZZLES_WHY_WIN,
                    &[&margin_words(lang, v), &margin_words(lang, best_other)],
                )
            } else {
                trf(lang, k::PUZZLES_MISS_WIN, &[&margin_words(lang, v)])
            }
        }
    }
}

/// The hint's words: which two holes, and how far the answer's sowing goes.
pub fn hint_words(lang: Lang, r: &Ready) -> String {
    let holes = r.hint_holes();
    let list = holes
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(&format!(" {} ", tr(lang, k::PUZZLES_OR)));
    let mut s = trf(lang, k::PUZZLES_HINT_HOLES, &[&list]);
    let relays = r.facts_of(r.puzzle.answer).map_or(0, |f| f.relays);
    if relays > 0 {
        s.push(' ');
        s.push_str(&trn(lang, k::PUZZLES_HINT_RELAYS, u32::from(relays)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> Vec<Puzzle> {
        crate::game::state::install_packs(congklak::PackSet::builtin());
        parse_file(include_str!("../../../engine/data/puzzles.json")).expect("the puzzles read")
    }

    #[test]
    fn the_page_judges_every_puzzle_as_the_engine_checked_it() {
        for p in setup() {
            let r = Ready::of(&p).unwrap();
            let right: Vec<u8> = r.legal().into_iter().filter(|&k| r.meets(k)).collect();
            assert_eq!(right, vec![p.answer], "{}", p.id);
            // The hint names the answer and one other legal hole.
            let hint = r.hint_holes();
            assert_eq!(hint.len(), 2, "{}", p.id);
            assert!(hint.contains(&p.answer) && hint.iter().all(|k| r.legal().contains(k)));
            // The words for the answer say why it meets the goal, in both languages.
            for lang in [Lang::En, Lang::Id] {
                let why = verdict_words(lang, &r, p.answer);
                assert!(!why.is_empty() && !why.contains('⟨'), "{}: {why}", p.id);
                for k in r.legal().into_iter().filter(|&k| k != p.answer) {
                    let miss = verdict_words(lang, &r, k);
                    assert_ne!(miss, why, "{}: hole {k}", p.id);
                }
                assert!(!goal_words(lang, p.goal).contains('⟨'));
                assert!(!hint_words(lang, &r).contains('⟨'));
            }
            // Playing the answer does what the engine's facts say.
            let (_, _, claim) = r.play(p.answer).unwrap();
            let f = r.facts_of(p.answer).unwrap();
            assert_eq!(
                (claim.relays, claim.extra_turn),
                (f.relays, f.extra_turn),
                "{}",
                p.id
            );
        }
    }

    #[test]
    fn the_words_state_the_engines_figures() {
        let list = setup();
        let bank = list
            .iter()
            .find(|p| matches!(p.goal, Goal::Bank { .. }))
            .unwrap();
        let r = Ready::of(bank).unwrap();
        let f = *r.facts_of(bank.answer).unwrap();
        let why = verdict_words(Lang::En, &r, bank.answer);
        assert!(why.contains(&format!("{} seeds", f.banked)), "{why}");
        let win = list.iter().find(|p| p.goal == Goal::Win).unwrap();
        let r = Ready::of(win).unwrap();
        let v = win
            .values
            .iter()
            .find(|v| v.hole == win.answer)
            .unwrap()
            .value;
        let why = verdict_words(Lang::En, &r, win.answer);
        assert!(why.contains(&format!("win by {v}")), "{why}");
    }

    #[test]
    fn the_days_puzzle_stays_the_same_once_a_newcomer_has_solved_it() {
        let list = setup();
        let mut swapped = 0;
        for day in 20_000..20_040 {
            let mut solved = BTreeSet::new();
            let first = day_puzzle_for(&list, day, &solved).unwrap();
            assert_eq!(Some(first), day_puzzle(&list, day, true));
            solved.insert(list[first].id.clone());
            assert_eq!(
                day_puzzle_for(&list, day, &solved),
                Some(first),
                "day {day}"
            );
            // The next day, with one other solved, the day's among all.
            let next = day_puzzle(&list, day + 1, true).unwrap();
            if next != first {
                assert_eq!(
                    day_puzzle_for(&list, day + 1, &solved),
                    day_puzzle(&list, day + 1, false)
                );
                swapped += 1;
            }
        }
        assert!(swapped > 20, "{swapped}");
    }

    #[test]
    fn the_day_picks_each_puzzle_in_turn() {
        let n = setup().len();
        let days: BTreeSet<usize> = (0..n as i64).map(|d| day_index(20_000 + d, n)).collect();
        assert_eq!(days.len(), n, "every puzzle once in {n} days");
        assert_eq!(day_index(20_000, n), day_index(20_000, n));
        assert_eq!(day_index(-3, 5), day_index(2, 5));
        assert_eq!(day_index(7, 0), 0);
    }

    #[test]
    fn a_newcomer_starts_on_an_easy_puzzle_of_the_rules_the_lessons_teach() {
        let list = setup();
        let easy: BTreeSet<usize> = (0..list.len())
            .filter(|&i| for_newcomers(&list[i]))
            .collect();
        assert!(easy.len() >= congklak::NEWCOMER_PUZZLES, "{easy:?}");
        let days = 0..list.len() as i64;
        let newcomer: BTreeSet<usize> = days
            .clone()
            .map(|d| day_puzzle(&list, 20_000 + d, true).unwrap())
            .collect();
        assert_eq!(newcomer, easy, "each easy one in turn, and no other");
        for i in &easy {
            assert_eq!((list[*i].pack.as_str(), list[*i].difficulty), ("umum", 1));
        }
        let everyone: BTreeSet<usize> = days
            .map(|d| day_puzzle(&list, 20_000 + d, false).unwrap())
            .collect();
        assert_eq!(everyone.len(), list.len());
        assert_eq!(
            day_puzzle(&list, 20_000, false),
            Some(day_index(20_000, list.len()))
        );
        assert_eq!(day_puzzle(&[], 20_000, true), None);
        // No easy puzzle of those rules: the day's among all.
        let others: Vec<Puzzle> = list.iter().filter(|p| !for_newcomers(p)).cloned().collect();
        assert_eq!(
            day_puzzle(&others, 20_000, true),
            Some(day_index(20_000, others.len()))
        );
    }

    #[test]
    fn the_next_puzzle_is_the_next_unsolved_one_in_the_lists_order() {
        let list = setup();
        let order: Vec<&str> = ordered(&list).iter().map(|(_, p)| p.id.as_str()).collect();
        let mut solved = BTreeSet::new();
        let (n, p) = next_puzzle(&list, order[0], &solved).unwrap();
        assert_eq!(p.id, order[1]);
        assert_eq!(list[n - 1].id, p.id);
        solved.insert(order[1].to_string());
        solved.insert(order[0].to_string());
        assert_eq!(
            next_puzzle(&list, order[0], &solved).unwrap().1.id,
            order[2]
        );
        // From the last, back to the top.
        let last = order[order.len() - 1];
        assert_eq!(next_puzzle(&list, last, &solved).unwrap().1.id, order[2]);
        // All others solved: none; an unknown puzzle: none.
        let all: BTreeSet<String> = order.iter().map(|s| s.to_string()).collect();
        assert_eq!(next_puzzle(&list, last, &all), None);
        assert_eq!(next_puzzle(&list, "no-such", &solved), None);
    }

    #[test]
    fn a_capture_with_no_rival_says_so_in_plain_words() {
        let list = setup();
        let mut alone = 0;
        for p in list.iter().filter(|p| p.goal == Goal::CaptureMost) {
            let r = Ready::of(p).unwrap();
            for lang in [Lang::En, Lang::Id] {
                let why = verdict_words(lang, &r, p.answer);
                assert!(
                    !why.contains("than 0") && !why.contains("dari 0"),
                    "{}: {why}",
                    p.id
                );
            }
            if verdict_words(Lang::En, &r, p.answer).ends_with("no other hole captures anything.") {
                alone += 1;
            }
        }
        assert!(alone > 0, "no puzzle where only the answer captures");
    }

    #[test]
    fn the_list_is_by_difficulty_then_pack() {
        let list = setup();
        let o = ordered(&list);
        assert_eq!(o.len(), list.len());
        assert!(o
            .windows(2)
            .all(|w| (w[0].1.difficulty, &w[0].1.pack) <= (w[1].1.difficulty, &w[1].1.pack)));
        assert_eq!(list[o[0].0 - 1].id, o[0].1.id);
    }

    #[test]
    fn progress_is_kept_and_bad_progress_is_an_error() {
        let list = setup();
        let mut p = Progress::default();
        p.record(&list[0].id, false);
        p.record(&list[1].id, true);
        p.record(&list[1].id, false);
        assert_eq!(p.solved_of(&list), 1);
        assert_eq!(p.tried.len(), 2);
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(storage::text(&p), text);
        assert_eq!(storage::read::<Progress>(&text).unwrap(), p);
        for bad in [
            r#"{"solved":[]}"#,
            r#"{"solved":[],"tried":[],"more":1}"#,
            r#"{"solved":[1],"tried":[]}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Progress>(bad).is_err(), "{bad}");
            assert!(storage::read::<Progress>(bad).is_err(), "{bad}");
        }
        assert!(storage::read::<Progress>("{not json").is_err());
        assert!(storage::read::<Progress>(r#"{"solved":3,"tried":[]}"#).is_err());
        assert_eq!(
            parse_file(r#"{"version":9,"puzzles":[]}"#).unwrap_err(),
            PuzzlesProblem::Format(9)
        );
        assert_eq!(parse_file("[]").unwrap_err(), PuzzlesProblem::NotPuzzles);
        crate::texts::i18n::assert_said_in_both(&[
            &PuzzlesProblem::NotPuzzles,
            &PuzzlesProblem::Format(9),
            &PuzzlesProblem::Unplayable,
            &PuzzlesProblem::Fetch(FetchProblem::Status(500)),
        ]);
    }
}
