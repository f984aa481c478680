//! Matches between the computer's levels and benchmark opponents. A
//! benchmark, not a test.
//!
//! `cargo bench -p congklak-engine --bench match -- <A> <B> [--pack umum]
//! [--plies 2] [--size N] [--seeds S]` plays every distinct opening of
//! `plies` moves (every sequence of legal moves from the start) twice,
//! colours swapped, and prints games won / drawn / lost (all, as A, as B),
//! pairs won both / split / lost both, the margin summed over a pair (A's
//! seeds minus B's, both games) with its standard error, and the time a
//! move of each side (mean, median, max).
//!
//! `-- ladder [--pack umum] [--plies 1] [--players a,b,c]` plays every
//! player against every one before it in the list (default: the levels
//! `random` to `hardest`, then `reference`), one line each; with
//! `--against <player>`, every player against that one only (e.g.
//! `--against solver --size 5 --seeds 3`).
//!
//! `-- rounds <x> <y> [--pack P] [--games N]` (games of several rounds):
//! plays `N` games (default 40) of `x` against `y` from openings of one
//! move spread over the list, each opening twice, colours swapped, and
//! prints how many rounds a game took (mean, quartiles, the distribution
//! in bands), why each game ended (a player could not go on, the agreed
//! rounds, the round limit, the move limit), who won, and moves a game.
//! `MATCH_TRACE_ROUNDS=1` prints every game's rounds and ending on stderr.
//!
//! `-- newcomer [--players random,beginner,...] [--games 20]`: a
//! newcomer's first games against each level (see `newcomer`).
//!
//! `-- speed [positions]` runs the search alone (default 300,000
//! positions, no endgame table) on positions of games of the search with
//! 2,000 positions a move from every
//! two-move opening and prints positions searched a second.
//!
//! `-- chains [positions]`: for every two-move opening, the seeds the
//! search (that many positions a move, default 100,000) banks in the first
//! turn, and the most any sequence of moves of the turn banks (depth first,
//! at most 20,000,000 moves an opening).
//!
//! `-- fit [positions] [--plies 2]` fits the evaluation's weights: games
//! of the search (that many positions a move, default 20,000) against
//! itself from every opening, and a least-squares fit of the final margin
//! still to come (A's seeds minus B's, less the stores' margin now) on the
//! features of every position where one player moves (seeds on the side,
//! holes ending in the store, seeds facing empty holes, who moves), in
//! hundredths of a seed.
//!
//! `-- room [x] [y] [--plies 2]` (default `hardest reference`): for every
//! opening, the game of the match where `y` moves first after the opening
//! (`ROOM_MOVER=1`: where `x` does), the perfect-play value at `x`'s first
//! move beside the margin `x` made (see `room`).
//!
//! A player is a level name (with the app's 4 MiB endgame table for the
//! levels that use one, and its memory of the turn it planned, as the
//! app's worker keeps it), `<level>-each` (the level planning its turn
//! again before every move of it), `hardest-v1` (`hardest` before issue 28),
//! `reference` (the old TypeScript app's depth-9 search;
//! `reference:<depth>` for another depth), `solver` (the exact solver's
//! best hole, for boards it solves at once), `search:<positions>` (the
//! search alone with that budget), `plan:<positions>:<plan>` (the same
//! after the turn planner with `plan` positions, as `hardest` plans),
//! `tune:<positions>:<params>` (the search alone with other settings, see
//! `search_tuned`: `40/30/8/1000/6/0/100/16` is the levels' weights, their
//! quiescence and extension, and a weight of 100 a seed of the mover's
//! greedy line of its turn, 16 moves at most) or
//! `ptune:<positions>:<plan>:<params>` (the search after the turn planner,
//! both with those settings; see `choose_planned_tuned` for the planner's
//! own values).
use congklak::{
    choose, choose_planned, choose_planned_tuned, choose_search, choose_v1, choose_with,
    eval_features, reference_choose, search, search_tuned, solve, EndCause, EndgameTable, Level,
    Limits, Move, PackSet, Player, Position, Rounds, Rules, SolveOptions, ToMove, Win,
    ENDGAME_MAX_SEEDS, REFERENCE_DEPTH,
};
use std::time::Instant;

/// The endgame table's memory, as in the app's worker.
const ENDGAME_BYTES: u64 = 4 << 20;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Who {
    Level(Level),
    V1,
    Reference(u8),
    Solver,
    Search(u64),
    /// `plan:<positions>:<plan>`: the search after the turn planner.
    Plan(u64, u64),
    /// `tune:<positions>:<params>`: the search with settings (see `search_tuned`).
    Tune(u64, [i32; 11], usize),
    /// `ptune:<positions>:<plan>:<params>`: the search after the turn
    /// planner, both with those settings.
    PTune(u64, u64, [i32; 11], usize),
    /// `first`: a newcomer who plays the first hole they may.
    First,
    /// `<level>-each`: the level planning its turn again before every move
    /// of it, as it did before its chain was kept (see `TurnMemory`).
    Each(Level),
}

thread_local! {
    /// Each side's memory of the turn it planned, as the app's worker keeps one.
    static MEMORY: std::cell::RefCell<[congklak::TurnMemory; 2]> = Default::default();
}

impl Who {
    fn parse(name: &str) -> Who {
        if name == "hardest-v1" {
            return Who::V1;
        }
        if name == "solver" {
            return Who::Solver;
        }
        if name == "first" {
            return Who::First;
        }
        if let Some(level) = name.strip_suffix("-each") {
            return Who::Each(level.parse().expect("a level"));
        }
        if let Some(rest) = name.strip_prefix("reference") {
            let depth = rest
                .strip_prefix(':')
                .map_or(REFERENCE_DEPTH, |d| d.parse().expect("a depth"));
            return Who::Reference(depth);
        }
        if let Some(rest) = name.strip_prefix("ptune:") {
            let (n, rest) = rest
                .split_once(':')
                .expect("ptune:<positions>:<plan>:<params>");
            let Who::Tune(plan, p, len) = Who::parse(&format!("tune:{rest}")) else {
                unreachable!()
            };
            return Who::PTune(n.parse().expect("a budget"), plan, p, len);
        }
        if let Some(rest) = name.strip_prefix("tune:") {
            let (n, ps) = rest.split_once(':').unwrap_or((rest, ""));
            let mut p = [0; 11];
            let mut len = 0;
            for (i, v) in ps.split('/').filter(|v| !v.is_empty()).enumerate() {
                p[i] = v.parse().expect("a number");
                len = i + 1;
            }
            return Who::Tune(n.parse().expect("a budget"), p, len);
        }
        if let Some(rest) = name.strip_prefix("plan:") {
            let (n, p) = rest.split_once(':').expect("plan:<positions>:<plan>");
            return Who::Plan(n.parse().expect("a budget"), p.parse().expect("a budget"));
        }
        if let Some(n) = name.strip_prefix("search:") {
            return Who::Search(n.parse().expect("a budget"));
        }
        Who::Level(name.parse().expect("a player name"))
    }

    fn name(self) -> String {
        match self {
            Who::Level(l) => l.name().into(),
            Who::V1 => "hardest-v1".into(),
            Who::Reference(d) if d == REFERENCE_DEPTH => "reference".into(),
            Who::Reference(d) => format!("reference:{d}"),
            Who::Solver => "solver".into(),
            Who::First => "first".into(),
            Who::Each(l) => format!("{}-each", l.name()),
            Who::Search(n) => format!("search:{n}"),
            Who::Plan(n, p) => format!("plan:{n}:{p}"),
            Who::PTune(n, plan, p, len) => {
                format!("p{}", Who::Tune(plan, p, len).name()).replacen(':', &format!(":{n}:"), 1)
            }
            Who::Tune(n, p, len) => format!(
                "tune:{n}:{}",
                p[..len]
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join("/")
            ),
        }
    }

    fn choose(
        self,
        rules: &Rules,
        pos: &Position,
        p: Player,
        seed: u64,
        table: Option<&EndgameTable>,
    ) -> u8 {
        let both = pos.to_move() == Some(ToMove::Both);
        let c = match self {
            Who::First => return pos.legal_holes(rules, p)[0],
            Who::Level(l) => MEMORY
                .with(|m| m.borrow_mut()[p.index()].choose_with(rules, pos, p, l, seed, table)),
            Who::Each(l) => choose_with(rules, pos, p, l, seed, table),
            Who::V1 => choose_v1(rules, pos, p, seed, table),
            Who::Reference(_) | Who::Solver if both => {
                // Both choose at once: the reference had no such opening,
                // the solver's mix is `perfect`'s.
                let level = if self == Who::Solver {
                    Level::Perfect
                } else {
                    Level::Greedy
                };
                choose(rules, pos, p, level, seed)
            }
            Who::Reference(d) => {
                return match reference_choose(rules, pos, p, d) {
                    Some(c) => c.hole,
                    None => pos.legal_holes(rules, p)[0],
                }
            }
            Who::Solver => {
                let options = SolveOptions {
                    table_bytes: 32 << 20,
                    endgame: table,
                };
                let s = solve(rules, pos, &options, Limits::default()).expect("solved");
                return s.best[0];
            }
            Who::Search(n) => choose_search(rules, pos, p, 40, n, seed),
            Who::Plan(..) if both => choose(rules, pos, p, Level::Hard, seed),
            Who::Plan(n, plan) => choose_planned(rules, pos, p, n, plan),
            Who::Tune(..) if both => choose(rules, pos, p, Level::Hard, seed),
            Who::Tune(n, ps, len) => search_tuned(rules, pos, p, n, &ps[..len], None),
            Who::PTune(..) if both => choose(rules, pos, p, Level::Hard, seed),
            Who::PTune(n, plan, ps, len) => {
                choose_planned_tuned(rules, pos, p, n, plan, &ps[..len])
            }
        };
        c.expect("a move").hole
    }
}

/// The endgame table the app's worker builds for `rules`, if it applies.
fn table_for(rules: &Rules) -> Option<EndgameTable> {
    if rules.rounds != Rounds::Single || rules.win != Win::MostSeeds {
        return None;
    }
    let seeds = EndgameTable::seeds_within(rules.holes, ENDGAME_BYTES).min(ENDGAME_MAX_SEEDS);
    let t = EndgameTable::build(rules, seeds);
    t.covers_rules(rules).then_some(t)
}

/// Every distinct sequence of `plies` legal moves from the start (games
/// over before then are left out), in the engine's move order.
fn openings(rules: &Rules, plies: usize) -> Vec<(Vec<Move>, Position)> {
    let mut out = vec![(Vec::new(), Position::new(rules))];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (moves, pos) in out {
            for m in pos.legal_moves(rules) {
                let mut p = pos;
                p.play_fast(rules, m).expect("legal");
                if p.is_over() {
                    continue;
                }
                let mut ms = moves.clone();
                ms.push(m);
                next.push((ms, p));
            }
        }
        out = next;
    }
    out
}

#[derive(Default)]
struct Side {
    times: Vec<f64>,
}

impl Side {
    fn summary(&mut self) -> String {
        if self.times.is_empty() {
            return "no moves".into();
        }
        self.times.sort_by(|a, b| a.total_cmp(b));
        let n = self.times.len();
        let mean = self.times.iter().sum::<f64>() / n as f64;
        format!(
            "{:.1} ms mean, {:.1} ms median, {:.0} ms max ({n} moves)",
            mean * 1e3,
            self.times[n / 2] * 1e3,
            self.times[n - 1] * 1e3
        )
    }
}

struct Result {
    /// A's result in each game: 1 won, 0 drawn, -1 lost; A's side; A's margin.
    games: Vec<(i32, Player, i32)>,
    /// Games won by the player to move after the opening.
    mover_won: u32,
    a: Side,
    b: Side,
}

/// The move `x` (as `x_side`) or `y` makes at `pos`, the time of a single
/// player's choice added to their side's times.
#[allow(clippy::too_many_arguments)]
fn timed_move(
    rules: &Rules,
    pos: &Position,
    tm: ToMove,
    (x, x_side, y): (Who, Player, Who),
    s: u64,
    table: Option<&EndgameTable>,
    xs: &mut Side,
    ys: &mut Side,
) -> Move {
    let who = |p: Player| if p == x_side { x } else { y };
    match tm {
        ToMove::One(p) => {
            let t0 = Instant::now();
            let k = who(p).choose(rules, pos, p, s, table);
            let dt = t0.elapsed().as_secs_f64();
            if p == x_side {
                xs.times.push(dt);
            } else {
                ys.times.push(dt);
            }
            Move::Hole(k)
        }
        ToMove::Both => Move::Both(
            who(Player::A).choose(rules, pos, Player::A, s, table),
            who(Player::B).choose(rules, pos, Player::B, s, table),
        ),
    }
}

/// Plays one game from `start`: `x` as `x_side`, `y` the other.
#[allow(clippy::too_many_arguments)]
fn game(
    rules: &Rules,
    start: &Position,
    x: Who,
    x_side: Player,
    y: Who,
    seed: u64,
    table: Option<&EndgameTable>,
    xs: &mut Side,
    ys: &mut Side,
) -> (i32, i32, Option<Player>) {
    let mut pos = *start;
    let mut n = 0u64;
    while let Some(tm) = pos.to_move() {
        let mv = timed_move(rules, &pos, tm, (x, x_side, y), seed + n, table, xs, ys);
        pos.play_fast(rules, mv).expect("a legal move");
        if std::env::var_os("MATCH_TRACE").is_some() {
            eprintln!(
                "  {tm:?} {mv:?}: stores {} / {}, holes {:?} / {:?}",
                pos.store(Player::A),
                pos.store(Player::B),
                pos.holes(Player::A),
                pos.holes(Player::B)
            );
        }
        n += 1;
        if pos.to_move().is_some() && pos.legal_moves(rules).is_empty() {
            break;
        }
    }
    let (mine, theirs, winner) = match pos.outcome() {
        Some(o) => (
            o.scores[x_side] as i32,
            o.scores[x_side.other()] as i32,
            o.winner,
        ),
        None => (
            pos.store(x_side) as i32,
            pos.store(x_side.other()) as i32,
            None,
        ),
    };
    let r = match winner {
        Some(p) if p == x_side => 1,
        Some(_) => -1,
        None => 0,
    };
    (r, mine - theirs, winner)
}

fn play_match(rules: &Rules, a: Who, b: Who, plies: usize, quiet: bool) -> Result {
    let needs_table = |w: Who| {
        matches!(w, Who::V1 | Who::Solver) || matches!(w, Who::Level(l) if l.uses_endgame_table())
    };
    let table = if needs_table(a) || needs_table(b) {
        table_for(rules)
    } else {
        None
    };
    let mut res = Result {
        games: Vec::new(),
        mover_won: 0,
        a: Side::default(),
        b: Side::default(),
    };
    let list = openings(rules, plies);
    // `MATCH_OPENINGS=1,3;3,4`: only those openings (holes, in order).
    let only: Option<Vec<String>> = std::env::var("MATCH_OPENINGS")
        .ok()
        .map(|v| v.split(';').map(str::to_string).collect());
    let holes = |moves: &[Move]| {
        moves
            .iter()
            .map(|m| match m {
                Move::Hole(k) => k.to_string(),
                Move::Both(a, b) => format!("{a}/{b}"),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    for (i, (moves, start)) in list.iter().enumerate() {
        if only.as_ref().is_some_and(|o| !o.contains(&holes(moves))) {
            continue;
        }
        let mover = match start.to_move() {
            Some(ToMove::One(p)) => Some(p),
            _ => None,
        };
        for a_side in [Player::A, Player::B] {
            let seed = i as u64 * 10_000 + 1_000;
            let (r, m, winner) = game(
                rules,
                start,
                a,
                a_side,
                b,
                seed,
                table.as_ref(),
                &mut res.a,
                &mut res.b,
            );
            if winner.is_some() && winner == mover {
                res.mover_won += 1;
            }
            if !quiet {
                eprintln!(
                    "opening {}/{} {:?}: {} as {a_side}: {} by {m}",
                    i + 1,
                    list.len(),
                    moves,
                    a.name(),
                    ["lost", "drew", "won"][(r + 1) as usize]
                );
            }
            res.games.push((r, a_side, m));
        }
    }
    res
}

fn rules_from(args: &Flags) -> Rules {
    let set = PackSet::builtin();
    let mut rules = set.get(&args.pack).expect("a pack id").rules.clone();
    if let Some(n) = args.size {
        rules = rules.edit(|r| r.holes = n).expect("a board size");
    }
    if let Some(s) = args.seeds {
        rules = rules.edit(|r| r.seeds_per_hole = s).expect("seeds a hole");
    }
    rules
}

struct Flags {
    pack: String,
    plies: Option<usize>,
    size: Option<u8>,
    seeds: Option<u16>,
    players: Option<String>,
    against: Option<String>,
    games: Option<usize>,
    rest: Vec<String>,
}

fn flags() -> Flags {
    let mut f = Flags {
        pack: "umum".into(),
        plies: None,
        size: None,
        seeds: None,
        players: None,
        against: None,
        games: None,
        rest: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--bench" => {}
            "--pack" => f.pack = args.next().expect("a pack"),
            "--plies" => f.plies = Some(args.next().expect("n").parse().expect("n")),
            "--size" => f.size = Some(args.next().expect("n").parse().expect("n")),
            "--seeds" => f.seeds = Some(args.next().expect("n").parse().expect("n")),
            "--players" => f.players = Some(args.next().expect("names")),
            "--against" => f.against = Some(args.next().expect("a name")),
            "--games" => f.games = Some(args.next().expect("n").parse().expect("n")),
            _ => f.rest.push(a),
        }
    }
    f
}

fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// (won, drawn, lost) of A over `games` filtered by A's side.
fn wdl(games: &[(i32, Player, i32)], side: Option<Player>) -> (u32, u32, u32) {
    let mut t = (0, 0, 0);
    for &(r, s, _) in games {
        if side.is_some_and(|x| x != s) {
            continue;
        }
        match r {
            1 => t.0 += 1,
            0 => t.1 += 1,
            _ => t.2 += 1,
        }
    }
    t
}

/// Pairs won both / split (or drawn) / lost both; margins summed a pair.
fn pairs(games: &[(i32, Player, i32)]) -> ((u32, u32, u32), Vec<f64>) {
    let mut t = (0, 0, 0);
    let mut margins = Vec::new();
    for g in games.chunks(2) {
        let sum = g[0].0 + g[1].0;
        if g[0].0 == 1 && g[1].0 == 1 {
            t.0 += 1;
        } else if g[0].0 == -1 && g[1].0 == -1 {
            t.2 += 1;
        } else {
            t.1 += 1;
        }
        let _ = sum;
        margins.push((g[0].2 + g[1].2) as f64);
    }
    (t, margins)
}

fn main() {
    let args = flags();
    let rules = rules_from(&args);
    let board = format!("{} {} x {}", args.pack, rules.holes, rules.seeds_per_hole);
    if args.rest.first().map(String::as_str) == Some("ladder") {
        let plies = args.plies.unwrap_or(1);
        let names = args
            .players
            .clone()
            .unwrap_or("random,beginner,greedy,medium,hard,hardest,reference".into());
        let players: Vec<Who> = names.split(',').map(Who::parse).collect();
        println!(
            "Ladder on {board}, every opening of {plies} move(s), each twice (colours swapped):\n"
        );
        println!("| player | against | games | won | drawn | lost | pairs won both / split / lost both | margin a pair (se) | ms a move (mean / max) |");
        println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        if let Some(against) = &args.against {
            let b = Who::parse(against);
            for &a in &players {
                let mut r = play_match(&rules, a, b, plies, true);
                row(&r.games, a, b, &mut r.a);
            }
            return;
        }
        for (i, &a) in players.iter().enumerate().rev() {
            for &b in players[..i].iter().rev() {
                let mut r = play_match(&rules, a, b, plies, true);
                row(&r.games, a, b, &mut r.a);
            }
        }
        return;
    }
    if args.rest.first().map(String::as_str) == Some("rounds") {
        rounds(
            &rules,
            &board,
            Who::parse(args.rest.get(1).map_or("medium", String::as_str)),
            Who::parse(args.rest.get(2).map_or("random", String::as_str)),
            args.games.unwrap_or(40),
        );
        return;
    }
    if args.rest.first().map(String::as_str) == Some("newcomer") {
        let names = args
            .players
            .clone()
            .unwrap_or("random,beginner,greedy,medium,hardest".into());
        newcomer(&rules, &board, &names, args.games.unwrap_or(20));
        return;
    }
    if args.rest.first().map(String::as_str) == Some("fit") {
        fit(
            &rules,
            &board,
            args.rest.get(1).map_or(20_000, |n| n.parse().expect("n")),
            args.plies.unwrap_or(2),
        );
        return;
    }
    if args.rest.first().map(String::as_str) == Some("first-turn") {
        first_turn(
            &rules,
            Who::parse(args.rest.get(1).map_or("reference", String::as_str)),
            args.plies.unwrap_or(2),
        );
        return;
    }
    if args.rest.first().map(String::as_str) == Some("room") {
        room(
            &rules,
            Who::parse(args.rest.get(1).map_or("hardest", String::as_str)),
            Who::parse(args.rest.get(2).map_or("reference", String::as_str)),
            args.plies.unwrap_or(2),
        );
        return;
    }
    if args.rest.first().map(String::as_str) == Some("chains") {
        chains(
            &rules,
            args.rest.get(1).map_or(100_000, |n| n.parse().expect("n")),
        );
        return;
    }
    if args.rest.first().map(String::as_str) == Some("speed") {
        speed(
            &rules,
            &board,
            args.rest.get(1).map_or(300_000, |n| n.parse().expect("n")),
        );
        return;
    }
    let a = Who::parse(args.rest.first().map_or("hardest", String::as_str));
    let b = Who::parse(args.rest.get(1).map_or("reference", String::as_str));
    let plies = args.plies.unwrap_or(2);
    let mut r = play_match(&rules, a, b, plies, false);
    let games = &r.games;
    let (w, d, l) = wdl(games, None);
    let (wa, da, la) = wdl(games, Some(Player::A));
    let (wb, db, lb) = wdl(games, Some(Player::B));
    let ((both, split, lost), margins) = pairs(games);
    let (mean, se) = mean_se(&margins);
    println!(
        "{} against {} on {board}: every opening of {plies} move(s) ({} openings), each twice, colours swapped",
        a.name(),
        b.name(),
        games.len() / 2
    );
    println!("games: {} won {w}, drawn {d}, lost {l}", a.name());
    println!("  as A: won {wa}, drawn {da}, lost {la}; as B: won {wb}, drawn {db}, lost {lb}");
    println!("pairs: won both {both}, split or drawn {split}, lost both {lost}");
    println!("margin summed over a pair: {mean:+.2} seeds (se {se:.2})");
    println!(
        "the player to move after the opening won {} of {} games",
        r.mover_won,
        games.len()
    );
    println!("time a move, {}: {}", a.name(), r.a.summary());
    println!("time a move, {}: {}", b.name(), r.b.summary());
}

fn row(games: &[(i32, Player, i32)], a: Who, b: Who, times: &mut Side) {
    let (w, d, l) = wdl(games, None);
    let ((both, split, lost), margins) = pairs(games);
    let (mean, se) = mean_se(&margins);
    times.times.sort_by(|x, y| x.total_cmp(y));
    let n = times.times.len().max(1);
    let avg = times.times.iter().sum::<f64>() / n as f64;
    let max = times.times.last().copied().unwrap_or(0.0);
    println!(
        "| {} | {} | {} | {w} | {d} | {l} | {both} / {split} / {lost} | {mean:+.1} ({se:.1}) | {:.1} / {:.0} |",
        a.name(),
        b.name(),
        games.len(),
        avg * 1e3,
        max * 1e3
    );
}

/// Positions a second of the search alone with `budget`.
fn speed(rules: &Rules, board: &str, budget: u64) {
    let mut positions = Vec::new();
    for (i, (_, start)) in openings(rules, 2).iter().enumerate() {
        let mut pos = *start;
        let mut n = 0;
        while let Some(ToMove::One(p)) = pos.to_move() {
            if n % 4 == i % 4 {
                positions.push((pos, p));
            }
            let k = choose_search(rules, &pos, p, 40, 2_000, n as u64)
                .expect("a move")
                .hole;
            pos.play_fast(rules, Move::Hole(k)).expect("legal");
            n += 1;
        }
    }
    // At most 60 positions, spread over the games.
    let step = positions.len().div_ceil(60).max(1);
    let positions: Vec<_> = positions.into_iter().step_by(step).collect();
    let (mut nodes, mut secs, mut depth) = (0u64, 0f64, 0u64);
    let mut times = Vec::new();
    let (mut wall, mut cpu) = (0f64, 0f64);
    for (pos, p) in &positions {
        let t0 = Instant::now();
        let c0 = cpu_ns();
        let c = search(rules, pos, *p, 40, budget).expect("a move");
        wall += t0.elapsed().as_secs_f64();
        let dt = (cpu_ns() - c0) as f64 * 1e-9;
        cpu += dt;
        times.push(dt);
        secs += dt;
        nodes += c.nodes;
        depth += c.depth as u64;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{board}: {} positions searched with a budget of {budget}: {:.0} positions a CPU-second, \
         mean depth {:.1}, {:.1} ms median, {:.0} ms max of CPU time a move (CPU time / wall time {:.0} %)",
        positions.len(),
        nodes as f64 / secs,
        depth as f64 / positions.len() as f64,
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3,
        cpu * 100.0 / wall
    );
}

/// CPU time of this thread, in nanoseconds (Linux; 0 elsewhere), so that
/// the other jobs of a shared machine do not count.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Least squares fit of the margin to come on the evaluation's features.
fn fit(rules: &Rules, board: &str, budget: u64, plies: usize) {
    let mut rows: Vec<([f64; 4], f64)> = Vec::new();
    for (i, (_, start)) in openings(rules, plies).iter().enumerate() {
        let mut pos = *start;
        let mut seen = Vec::new();
        let mut n = 0u64;
        while let Some(ToMove::One(p)) = pos.to_move() {
            let f = eval_features(rules, &pos);
            let tempo = if p == Player::A { 1.0 } else { -1.0 };
            let stores = pos.store(Player::A) as f64 - pos.store(Player::B) as f64;
            seen.push(([f[0] as f64, f[1] as f64, f[2] as f64, tempo], stores));
            let k = choose_search(rules, &pos, p, 40, budget, i as u64 * 1000 + n)
                .expect("a move")
                .hole;
            pos.play_fast(rules, Move::Hole(k)).expect("legal");
            n += 1;
        }
        let Some(o) = pos.outcome() else { continue };
        let fin = o.scores[Player::A] as f64 - o.scores[Player::B] as f64;
        rows.extend(seen.into_iter().map(|(x, s)| (x, fin - s)));
    }
    // Normal equations, 4 x 4, by Gaussian elimination.
    let mut m = [[0f64; 5]; 4];
    for (x, y) in &rows {
        for r in 0..4 {
            for c in 0..4 {
                m[r][c] += x[r] * x[c];
            }
            m[r][4] += x[r] * y;
        }
    }
    for c in 0..4 {
        let p = (c..4)
            .max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))
            .expect("a row");
        m.swap(c, p);
        for r in 0..4 {
            if r != c && m[c][c] != 0.0 {
                let f = m[r][c] / m[c][c];
                let pivot = m[c];
                for (x, p) in m[r].iter_mut().zip(pivot) {
                    *x -= f * p;
                }
            }
        }
    }
    let w: Vec<f64> = (0..4).map(|r| m[r][4] / m[r][r] * 100.0).collect();
    println!(
        "{board}: {} positions; weights in hundredths of a seed: side {:.0}, exact {:.0}, facing {:.0}, tempo {:.0}",
        rows.len(),
        w[0],
        w[1],
        w[2],
        w[3]
    );
}

/// The first turn after each two-move opening: seeds the search banks
/// before the other player moves, and the most any sequence of moves banks
/// (depth-first, at most 20,000,000 moves an opening).
fn chains(rules: &Rules, budget: u64) {
    fn most(rules: &Rules, pos: &Position, p: Player, left: &mut u64) -> i32 {
        let mut best = 0;
        for k in pos.legal_holes(rules, p) {
            if *left == 0 {
                break;
            }
            *left -= 1;
            let mut next = *pos;
            next.play_fast(rules, Move::Hole(k)).expect("legal");
            let gain = next.store(p) as i32 - pos.store(p) as i32;
            let more = if next.to_move() == Some(ToMove::One(p)) {
                most(rules, &next, p, left)
            } else {
                0
            };
            best = best.max(gain + more);
        }
        best
    }
    let (mut s_sum, mut m_sum) = (0, 0);
    for (moves, start) in openings(rules, 2) {
        let Some(ToMove::One(p)) = start.to_move() else {
            continue;
        };
        let mut pos = start;
        while pos.to_move() == Some(ToMove::One(p)) {
            let k = choose_search(rules, &pos, p, 40, budget, 0)
                .expect("a move")
                .hole;
            pos.play_fast(rules, Move::Hole(k)).expect("legal");
        }
        let searched = pos.store(p) as i32 - start.store(p) as i32;
        let mut left = 20_000_000;
        let m = most(rules, &start, p, &mut left);
        s_sum += searched;
        m_sum += m;
        println!(
            "{moves:?}: search {searched}, most {m}{}",
            if left == 0 { " (cut)" } else { "" }
        );
    }
    println!("sum: search {s_sum}, most {m_sum}");
}

/// What `who`'s first turn after each opening decides before the other
/// player moves at all: in a match, each opening is played once with `who`
/// as the player to move after it, and there the other player's moves
/// cannot change that turn. If the turn leaves `who` more than half the
/// seeds (a game of one round won by the most seeds), no opponent can win
/// that game, so no opponent can win both games of that opening's pair.
/// Prints, an opening a line, the seeds banked in the turn and its store
/// after it; then how many pairs any opponent could still win both, and
/// the most the other player could make of the seeds left in that game.
fn first_turn(rules: &Rules, who: Who, plies: usize) {
    let total = Position::new(rules).seed_count() as i32;
    let table = table_for(rules);
    let (mut decided, mut open, mut caps) = (0, 0, Vec::new());
    let all = openings(rules, plies);
    for (moves, start) in &all {
        let Some(ToMove::One(p)) = start.to_move() else {
            continue;
        };
        let mut pos = *start;
        let mut n = 0;
        while pos.to_move() == Some(ToMove::One(p)) {
            let k = who.choose(rules, &pos, p, n, table.as_ref());
            pos.play_fast(rules, Move::Hole(k)).expect("legal");
            n += 1;
        }
        let mine = match pos.outcome() {
            Some(o) => o.scores[p] as i32,
            None => pos.store(p) as i32,
        };
        let banked = pos.store(p) as i32 - start.store(p) as i32;
        // The other player's margin in that game at best: every seed not
        // yet in `who`'s store is theirs.
        let cap = total - 2 * mine;
        caps.push(cap as f64);
        let wins =
            rules.rounds == Rounds::Single && rules.win == Win::MostSeeds && 2 * mine > total;
        if wins {
            decided += 1;
        } else {
            open += 1;
        }
        println!(
            "{moves:?}: {} moves, banked {banked}, store {mine} of {total}{}",
            n,
            if wins { ": the game is decided" } else { "" }
        );
    }
    let (mean, _) = mean_se(&caps);
    println!(
        "{} openings: after {}'s first turn, {decided} games are won before the other player moves; \
         any opponent can win both games of at most {open} pairs ({:.0} %); \
         in those games the other player's margin is at most {mean:+.2} seeds on average",
        decided + open,
        who.name(),
        100.0 * open as f64 / (decided + open).max(1) as f64
    );
}

/// The room left after the other player's first turn: for every opening,
/// the game of a match where `y` is the player to move after the opening
/// and `x` the other, played as in the match (the same seeds). At `x`'s
/// first move the solver (`ROOM_NODES` positions, default 20,000,000, a
/// 256 MiB table and an endgame table of `ROOM_TABLE` seeds, default 12)
/// gives the perfect-play value of that position for `x`; printed beside
/// the margin `x` made and the most it could make (every seed left).
/// With `ROOM_EVERY=1` the position after every move of `x` is solved too
/// (`ROOM_EVERY_NODES`, default 2,000,000) and printed: the move where the
/// value fell is the one that lost it.
/// With `ROOM_MOVER=1`, the other game: `x` is the player to move after
/// the opening.
fn room(rules: &Rules, x: Who, y: Who, plies: usize) {
    let env = |k: &str, d: u64| std::env::var(k).ok().map_or(d, |v| v.parse().expect("n"));
    let nodes = env("ROOM_NODES", 20_000_000);
    let every = std::env::var_os("ROOM_EVERY").is_some();
    let every_nodes = env("ROOM_EVERY_NODES", 2_000_000);
    let table = table_for(rules);
    let t0 = Instant::now();
    let big = EndgameTable::build(rules, env("ROOM_TABLE", 12) as u32);
    eprintln!("endgame table built in {:.1} s", t0.elapsed().as_secs_f64());
    let options = SolveOptions {
        table_bytes: 256 << 20,
        endgame: Some(&big),
    };
    let total = Position::new(rules).seed_count() as i32;
    let (mut got, mut vals, mut caps) = (Vec::new(), Vec::new(), Vec::new());
    let only: Option<Vec<String>> = std::env::var("MATCH_OPENINGS")
        .ok()
        .map(|v| v.split(';').map(str::to_string).collect());
    for (i, (moves, start)) in openings(rules, plies).iter().enumerate() {
        let Some(ToMove::One(mover)) = start.to_move() else {
            continue;
        };
        let name = moves
            .iter()
            .map(|m| match m {
                Move::Hole(k) => k.to_string(),
                Move::Both(a, b) => format!("{a}/{b}"),
            })
            .collect::<Vec<_>>()
            .join(",");
        if only.as_ref().is_some_and(|o| !o.contains(&name)) {
            continue;
        }
        let me = if std::env::var_os("ROOM_MOVER").is_some() {
            mover
        } else {
            mover.other()
        };
        let seed = i as u64 * 10_000 + 1_000;
        let mut pos = *start;
        let mut n = 0u64;
        let mut first = None;
        while let Some(ToMove::One(p)) = pos.to_move() {
            let k = if p == me {
                if first.is_none() {
                    let left = total
                        - pos.store(Player::A) as i32
                        - pos.store(Player::B) as i32
                        - pos.lost() as i32;
                    let now = pos.store(me) as i32 - pos.store(me.other()) as i32;
                    let t = Instant::now();
                    let sign = if me == Player::A { 1 } else { -1 };
                    let r = solve(rules, &pos, &options, Limits { nodes, stop: None });
                    let v = match &r {
                        Ok(s) => format!("{}", sign * s.value.to_f64().round() as i32),
                        Err(congklak::SolveError::Stopped {
                            bounds: Some((lo, hi)),
                            ..
                        }) => {
                            let (a, b) = if sign == 1 { (*lo, *hi) } else { (-*hi, -*lo) };
                            format!("[{a}, {b}]")
                        }
                        Err(e) => format!("{e}"),
                    };
                    if let Ok(s) = &r {
                        vals.push(sign as f64 * s.value.to_f64());
                    }
                    first = Some((left, now, v, t.elapsed().as_secs_f64()));
                }
                let k = x.choose(rules, &pos, p, seed + n, table.as_ref());
                if every {
                    let mut next = pos;
                    next.play_fast(rules, Move::Hole(k)).expect("legal");
                    let sign = if me == Player::A { 1 } else { -1 };
                    let after = if next.is_over() {
                        let o = next.outcome().expect("over");
                        format!(
                            "{}",
                            sign * (o.scores[Player::A] as i32 - o.scores[Player::B] as i32)
                        )
                    } else {
                        let lim = Limits {
                            nodes: every_nodes,
                            stop: None,
                        };
                        match solve(rules, &next, &options, lim) {
                            Ok(t) => format!("{}", sign * t.value.to_f64().round() as i32),
                            Err(congklak::SolveError::Stopped {
                                bounds: Some((lo, hi)),
                                ..
                            }) => {
                                let (a, b) = if sign == 1 { (lo, hi) } else { (-hi, -lo) };
                                format!("[{a}, {b}]")
                            }
                            Err(e) => format!("{e}"),
                        }
                    };
                    eprintln!(
                        "  {name}: move {n} hole {k}: value after {after}, {} seeds in the holes, stores {} / {}",
                        seeds_left(&next, total),
                        next.store(Player::A),
                        next.store(Player::B)
                    );
                }
                k
            } else {
                y.choose(rules, &pos, p, seed + n, table.as_ref())
            };
            pos.play_fast(rules, Move::Hole(k)).expect("a legal move");
            n += 1;
            if pos.to_move().is_some() && pos.legal_moves(rules).is_empty() {
                break;
            }
        }
        let margin = match pos.outcome() {
            Some(o) => o.scores[me] as i32 - o.scores[me.other()] as i32,
            None => pos.store(me) as i32 - pos.store(me.other()) as i32,
        };
        got.push(margin as f64);
        if let Some((left, now, v, secs)) = first {
            caps.push((now + left) as f64);
            println!(
                "{name}: {left} seeds left, margin now {now:+}, at most {:+}; perfect play {v} ({secs:.1} s); {} made {margin:+}",
                now + left,
                x.name()
            );
        } else {
            println!("{name}: {} never moved; made {margin:+}", x.name());
        }
    }
    let (g, _) = mean_se(&got);
    let (c, _) = mean_se(&caps);
    println!(
        "{} games: {} made {g:+.2} on average; at most {c:+.2}; {} solved, perfect play {:+.2} on average over those",
        got.len(),
        x.name(),
        vals.len(),
        vals.iter().sum::<f64>() / vals.len().max(1) as f64
    );
}

/// Seeds in the holes.
fn seeds_left(pos: &Position, total: i32) -> i32 {
    total - pos.store(Player::A) as i32 - pos.store(Player::B) as i32 - pos.lost() as i32
}

/// `rounds`: how many rounds games of `x` against `y` take, and how they end.
fn rounds(rules: &Rules, board: &str, x: Who, y: Who, games: usize) {
    let list = openings(rules, 1);
    let pairs = games.div_ceil(2).max(1);
    // Openings spread evenly over the list (every one when there are fewer).
    let picked: Vec<usize> = (0..pairs).map(|i| i * list.len() / pairs).collect();
    let trace = std::env::var_os("MATCH_TRACE_ROUNDS").is_some();
    let mut counts: Vec<u16> = Vec::new();
    let mut moves: Vec<u64> = Vec::new();
    let (mut out_of_seeds, mut last_round, mut round_limit, mut move_limit) = (0, 0, 0, 0);
    let (mut x_won, mut drawn, mut y_won, mut x_ended) = (0, 0, 0, 0);
    let (mut xs, mut ys) = (Side::default(), Side::default());
    let t0 = Instant::now();
    for (n, &i) in picked.iter().enumerate() {
        let (_, start) = &list[i];
        for x_side in [Player::A, Player::B] {
            if counts.len() == games {
                break;
            }
            let seed = i as u64 * 10_000 + 1_000;
            let (before_x, before_y) = (xs.times.len(), ys.times.len());
            let end = play_out(rules, start, x, x_side, y, seed, &mut xs, &mut ys);
            let o = end.outcome();
            let cause = o.map(|o| o.cause);
            match cause {
                Some(EndCause::OutOfSeeds(p)) => {
                    out_of_seeds += 1;
                    if p != x_side {
                        x_ended += 1;
                    }
                }
                Some(EndCause::LastRound) => last_round += 1,
                Some(EndCause::RoundLimit) => round_limit += 1,
                _ => move_limit += 1,
            }
            match o.and_then(|o| o.winner) {
                Some(p) if p == x_side => x_won += 1,
                Some(_) => y_won += 1,
                None => drawn += 1,
            }
            counts.push(end.round());
            let m = (xs.times.len() - before_x + ys.times.len() - before_y) as u64;
            moves.push(m);
            if trace {
                eprintln!(
                    "game {} (opening {}, {} as {x_side}): {} rounds, {m} moves, {:?}, scores {:?}",
                    counts.len(),
                    n + 1,
                    x.name(),
                    end.round(),
                    cause,
                    o.map(|o| o.scores)
                );
            }
        }
    }
    let n = counts.len();
    let mut sorted = counts.clone();
    sorted.sort_unstable();
    let q = |f: f64| sorted[((n - 1) as f64 * f).round() as usize];
    let mean = counts.iter().map(|&c| f64::from(c)).sum::<f64>() / n as f64;
    let moves_mean = moves.iter().sum::<u64>() as f64 / n as f64;
    println!(
        "{} against {} on {board}: {n} games (openings of one move, colours swapped), {:.0} s",
        x.name(),
        y.name(),
        t0.elapsed().as_secs_f64()
    );
    println!(
        "rounds a game: mean {mean:.1}, min {}, quartiles {} / {} / {}, max {}",
        sorted[0],
        q(0.25),
        q(0.5),
        q(0.75),
        sorted[n - 1]
    );
    let limit = rules.round_limit;
    let bands: [(u16, u16); 6] = [(1, 1), (2, 5), (6, 10), (11, 25), (26, 99), (100, u16::MAX)];
    let band_text: Vec<String> = bands
        .iter()
        .filter(|&&(lo, _)| lo <= limit)
        .map(|&(lo, hi)| {
            let hi = hi.min(limit);
            let c = counts.iter().filter(|&&r| r >= lo && r <= hi).count();
            if lo == hi {
                format!("{lo}: {c}")
            } else {
                format!("{lo}-{hi}: {c}")
            }
        })
        .collect();
    println!("rounds in bands: {}", band_text.join(", "));
    println!(
        "ended: a player could not go on {out_of_seeds} ({} of them {}'s opponent), agreed rounds {last_round}, round limit {round_limit}, move limit {move_limit}",
        x_ended,
        x.name()
    );
    println!(
        "{} won {x_won}, drawn {drawn}, lost {y_won}; moves a game {moves_mean:.0}",
        x.name()
    );
    println!("time a move, {}: {}", x.name(), xs.summary());
    println!("time a move, {}: {}", y.name(), ys.summary());
}

/// A newcomer's first games (`-- newcomer [--players l1,l2] [--games N]`):
/// for each level, `N` games from the opening against a person playing
/// side A who plays the first hole they may (`first`) or a random one
/// (`random`), each game with its own seed. Prints the person's moves
/// before the game ends (quartiles, and how many games lasted at least
/// 10), the score, and the computer's first turn (moves chained, seeds
/// banked).
fn newcomer(rules: &Rules, board: &str, levels: &str, games: usize) {
    println!("A newcomer (side A) against each level on {board}, {games} games each:\n");
    println!("| level | newcomer | person's moves (min / quartiles / max) | games of 10+ person's moves | games won / drawn / lost by the person | mean score (person - computer) | computer's first turn: moves (median / max), seeds banked (median / max) |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for level in levels.split(',') {
        let computer = Who::parse(level);
        for person in [Who::First, Who::Level(Level::Random)] {
            let mut person_moves = Vec::new();
            let (mut won, mut drawn, mut lost) = (0, 0, 0);
            let (mut mine, mut theirs) = (0i64, 0i64);
            let (mut first_moves, mut first_seeds) = (Vec::new(), Vec::new());
            for g in 0..games {
                let seed = g as u64 * 7_919 + 17;
                let mut pos = Position::new(rules);
                let mut n = 0u64;
                let mut moves = 0u32;
                // The computer's first turn: moves and the seeds its store gained.
                let mut first: Option<(u32, i32)> = None;
                let mut in_first = false;
                while let Some(tm) = pos.to_move() {
                    let mv = match tm {
                        ToMove::One(p) => {
                            let who = if p == Player::A { person } else { computer };
                            Move::Hole(who.choose(rules, &pos, p, seed + n, None))
                        }
                        ToMove::Both => Move::Both(
                            person.choose(rules, &pos, Player::A, seed + n, None),
                            computer.choose(rules, &pos, Player::B, seed + n, None),
                        ),
                    };
                    let mover = match tm {
                        ToMove::One(p) => Some(p),
                        ToMove::Both => None,
                    };
                    let before = pos.store(Player::B) as i32;
                    pos.play_fast(rules, mv).expect("a legal move");
                    n += 1;
                    if mover != Some(Player::B) {
                        moves += 1;
                        if first.is_some() {
                            in_first = false;
                        }
                    } else if first.is_none() || in_first {
                        let (m, s) = first.unwrap_or((0, 0));
                        first = Some((m + 1, s + pos.store(Player::B) as i32 - before));
                        in_first = true;
                    }
                    if pos.to_move().is_some() && pos.legal_moves(rules).is_empty() {
                        break;
                    }
                }
                person_moves.push(moves);
                let (a, b) = match pos.outcome() {
                    Some(o) => (o.scores[Player::A] as i64, o.scores[Player::B] as i64),
                    None => (pos.store(Player::A) as i64, pos.store(Player::B) as i64),
                };
                mine += a;
                theirs += b;
                match pos.outcome().and_then(|o| o.winner) {
                    Some(Player::A) => won += 1,
                    Some(Player::B) => lost += 1,
                    None => drawn += 1,
                }
                let (m, s) = first.unwrap_or((0, 0));
                first_moves.push(m);
                first_seeds.push(s);
            }
            let q = |xs: &mut Vec<u32>| {
                xs.sort_unstable();
                let n = xs.len();
                let at = |f: f64| xs[((n - 1) as f64 * f).round() as usize];
                format!(
                    "{} / {} / {} / {} / {}",
                    xs[0],
                    at(0.25),
                    at(0.5),
                    at(0.75),
                    xs[n - 1]
                )
            };
            let ten = person_moves.iter().filter(|&&m| m >= 10).count();
            let g = games as f64;
            first_moves.sort_unstable();
            first_seeds.sort_unstable();
            println!(
                "| {} | {} | {} | {ten} of {games} | {won} / {drawn} / {lost} | {:.1} - {:.1} | {} / {}, {} / {} |",
                computer.name(),
                person.name(),
                q(&mut person_moves),
                mine as f64 / g,
                theirs as f64 / g,
                first_moves[games / 2],
                first_moves[games - 1],
                first_seeds[games / 2],
                first_seeds[games - 1],
            );
        }
    }
}

/// Plays one game from `start` to its end (`x` as `x_side`); the last position.
#[allow(clippy::too_many_arguments)]
fn play_out(
    rules: &Rules,
    start: &Position,
    x: Who,
    x_side: Player,
    y: Who,
    seed: u64,
    xs: &mut Side,
    ys: &mut Side,
) -> Position {
    let mut pos = *start;
    let mut n = 0u64;
    while let Some(tm) = pos.to_move() {
        let mv = timed_move(rules, &pos, tm, (x, x_side, y), seed + n, None, xs, ys);
        pos.play_fast(rules, mv).expect("a legal move");
        n += 1;
    }
    pos
}
