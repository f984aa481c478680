//! `/`: play. The game flow lives in a [`PlaySession`] (plain Rust, tested
//! natively); this page renders it and reports clicks, timer ticks and the
//! computer's answers to it. Effects only for the outside world (the URL,
//! local storage, the computer's worker, the animation timer).

pub mod analysis_view;
pub mod example;
pub mod sound;

use crate::game::session::{Activity, Picked, PlaySession, RoundNotice, Seats};
use crate::game::state::{
    packs, GameProblem, Mode, PlayState, Saved, Settings, Speed, ROUND_CHOICES, SAVE_KEY,
    SETTINGS_KEY,
};
use crate::jobs::client::ask;
use crate::jobs::search::{ComputerProblem, MoveRequest};
use crate::platform::address;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr, tr_named, trf, trn, Lang, Say};
use crate::ui::board::Board;
use crate::ui::board_text::{
    end_text, place_name, player_name, summary, turn_log, turn_summary, LogLine,
};
use crate::ui::kept::Later;
use congklak::{Level, Move, Place, Player, Preview, ToMove, Turn};
use leptos::prelude::*;
use std::time::Duration;

/// Hole numbers as "1, 2".
fn list(holes: &[u8]) -> String {
    holes
        .iter()
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Brings the board and its prompt into view (after a new game or a new
/// round, started from below the board on a small screen; a move chosen in
/// the analysis list).
pub(crate) fn show_board() {
    request_animation_frame(|| {
        if let Some(el) = document().query_selector(".status-row").ok().flatten() {
            el.scroll_into_view();
        }
    });
}

fn random_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Math::random() * 1e9) as u64 + 1
    }
    // Off the browser (native tests): from the clock.
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.subsec_nanos() as u64 % 1_000_000_000 + 1)
    }
}

/// The settings kept: the defaults if none are; what cannot be read is set
/// aside and reported.
pub(crate) fn load_settings() -> Settings {
    crate::platform::storage::get_or_reset::<Settings>(SETTINGS_KEY).unwrap_or_default()
}

/// Whether the worked example has been seen; a kept value that cannot be
/// read is set aside and reported (and the example offered again).
pub(crate) fn example_seen() -> bool {
    crate::platform::storage::get_or_reset::<bool>(WELCOME_KEY).is_some()
}

/// Applies a link's `vs` (see [`crate::game::stats::Opponent`]).
fn apply_opponent(s: &mut Settings, vs: &crate::game::stats::Opponent) {
    use crate::game::stats::Opponent;
    match *vs {
        Opponent::Hotseat => s.mode = Mode::Hotseat,
        Opponent::Computer { level, human } => {
            s.mode = Mode::Computer;
            s.level = level;
            s.human = human;
        }
    }
}

fn seats_of(s: &Settings) -> Seats {
    Seats {
        mode: s.mode,
        human: s.human,
    }
}

/// The standing at a round's end, in words, a line each: the round (of
/// how many), who won it and by how much with each side's seeds, each
/// side's holes for the next round (and which burn), who starts next.
fn round_text(lang: Lang, n: &RoundNotice) -> Vec<String> {
    let st = &n.standing;
    let name = |p: Player| player_name(lang, p);
    let seeds = |k: u16| trn(lang, k::ROUND_SEEDS, u32::from(k));
    let mut lines = vec![if n.of > 0 {
        trf(lang, k::ROUND_OVER_OF, &[&st.round, &n.of])
    } else {
        trf(lang, k::ROUND_OVER, &[&st.round])
    }];
    let [a, b] = [st.seeds[Player::A], st.seeds[Player::B]];
    let result = match st.winner {
        Some(w) => trf(
            lang,
            k::ROUND_WON,
            &[&name(w), &seeds(st.seeds[w].abs_diff(st.seeds[w.other()]))],
        ),
        None => tr(lang, k::ROUND_TIE).to_string(),
    };
    let has = trf(
        lang,
        k::ROUND_HAS,
        &[&name(Player::A), &seeds(a), &name(Player::B), &seeds(b)],
    );
    lines.push(format!("{result}: {has}."));
    for (p, side) in Player::BOTH.into_iter().zip(st.refill.iter().flatten()) {
        let mut line = trf(
            lang,
            k::ROUND_FILLS,
            &[&name(p), &trn(lang, k::ROUND_HOLES, u32::from(side.kept()))],
        );
        let holes = [
            (&side.burnt, k::ROUND_BURNT, k::ROUND_BURNT_ONE),
            (&side.ngacang, k::ROUND_NGACANG, k::ROUND_NGACANG_ONE),
        ];
        for (holes, many, one) in holes {
            if !holes.is_empty() {
                let key = if holes.len() == 1 { one } else { many };
                line.push_str("; ");
                line.push_str(&trf(lang, key, &[&list(holes)]));
            }
        }
        if side.store > 0 {
            line.push_str("; ");
            line.push_str(&trn(lang, k::ROUND_STORE, u32::from(side.store)));
        }
        line.push('.');
        lines.push(line);
    }
    let next = st.round + 1;
    match st.next {
        Some(ToMove::One(p)) => lines.push(trf(lang, k::ROUND_STARTS, &[&name(p), &next]) + "."),
        Some(ToMove::Both) => lines.push(trf(lang, k::ROUND_STARTS_BOTH, &[&next]) + "."),
        None => {}
    }
    lines
}

/// The rounds each side has won so far, in words ("Rounds won: Player A
/// 1, Player B 0"), for a game of several rounds that has finished one.
fn tally_text(lang: Lang, standings: &[congklak::RoundStanding]) -> Option<String> {
    if standings.is_empty() {
        return None;
    }
    let won = |p: Player| standings.iter().filter(|s| s.winner == Some(p)).count();
    Some(trf(
        lang,
        k::ROUND_TALLY,
        &[
            &player_name(lang, Player::A),
            &won(Player::A),
            &player_name(lang, Player::B),
            &won(Player::B),
        ],
    ))
}

/// Every round ended so far, a row each: who won it, each side's seeds and
/// the holes each fills for the next round (the engine's standings), in a
/// table folded under the board, which a person opens during the game.
fn rounds_table(lang: Lang, standings: &[congklak::RoundStanding]) -> impl IntoView {
    let name = |p: Player| player_name(lang, p);
    let rows = standings
        .iter()
        .map(|s| {
            let winner = s.winner.map_or_else(|| tr(lang, k::ROUNDS_TABLE_TIE), name);
            let fills = |p: Player| {
                s.refill
                    .as_ref()
                    .map_or_else(|| "–".to_string(), |r| r[p.index()].kept().to_string())
            };
            view! {
                <tr>
                    <th scope="row">{s.round}</th>
                    <td>{winner}</td>
                    <td>{s.seeds[Player::A]}</td>
                    <td>{s.seeds[Player::B]}</td>
                    <td>{fills(Player::A)}</td>
                    <td>{fills(Player::B)}</td>
                </tr>
            }
        })
        .collect_view();
    let head = |key, p: Player| trf(lang, key, &[&name(p)]);
    view! {
        <details class="rounds-table" data-testid="rounds-table">
            <summary>{tr(lang, k::ROUNDS_TABLE)}</summary>
            <div class="table-scroll">
                <table class="clause-matrix">
                    <thead>
                        <tr>
                            <th scope="col">{tr(lang, k::ROUNDS_TABLE_ROUND)}</th>
                            <th scope="col">{tr(lang, k::ROUNDS_TABLE_WINNER)}</th>
                            <th scope="col">{head(k::ROUNDS_TABLE_SEEDS, Player::A)}</th>
                            <th scope="col">{head(k::ROUNDS_TABLE_SEEDS, Player::B)}</th>
                            <th scope="col">{head(k::ROUNDS_TABLE_HOLES, Player::A)}</th>
                            <th scope="col">{head(k::ROUNDS_TABLE_HOLES, Player::B)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}

/// Counts the game in the statistics if it has just finished (by its last
/// move or a resignation).
fn count_if_finished(session: RwSignal<PlaySession>, settings: RwSignal<Settings>) {
    session.with_untracked(|s| {
        // The session keeps the position: nothing is replayed each turn.
        if crate::game::stats::just_finished(s.game(), s.position()) {
            let (game, st) = (s.game().clone(), settings.get_untracked());
            leptos::task::spawn_local(async move {
                // Not counted if its code cannot be fetched (offline before it was cached).
                let _ = record_finished(game, st).await;
            });
        }
    });
}

crate::lazy_part! { analysis =>
    /// The page's hook after a turn that ended its game
    /// ([`crate::game::stats::just_finished`]):
    /// [`crate::game::stats::record_if_finished`] in the part of the page
    /// fetched when a game is first finished (see [`crate::ui::parts`]),
    /// with the analysis, so the page's own bundle holds no code to read
    /// and write the statistics.
    fn record_finished(game: PlayState, settings: Settings) -> bool {
        crate::game::stats::record_if_finished(&game, &settings)
    }
}

/// The game the page shows before it knows the visitor's: the default
/// pack's opening (the same for every seed).
fn opening_state() -> PlayState {
    let pack = packs().get("umum").unwrap_or(&packs().all()[0]);
    PlayState::new(pack, pack.rules.holes, None, 1)
}

/// What the page starts with: the game, a notice for the user if any,
/// whether the address held a broken link, and the game in progress that
/// a new one put aside (its link's query and its moves), if any.
pub(crate) type Start = (PlayState, Option<String>, bool, Option<(String, usize)>);

/// Reads the game from the link (`new=<pack>`: a new game of that pack,
/// the saved game in progress kept one tap away), else from storage, else
/// starts one.
/// `g` and `t` are the address's game and turn, as the router has them (the
/// browser's address may not have changed yet right after an in-app link).
/// A new game (`new=`) has the number of rounds agreed in the settings
/// (`rounds`) when its pack plays several.
pub(crate) fn initial_state(
    lang: Lang,
    g: Option<String>,
    t: Option<String>,
    new: Option<String>,
    rounds: u8,
) -> Start {
    let fresh = || {
        let pack = packs().get("umum").unwrap_or(&packs().all()[0]);
        PlayState::new(pack, pack.rules.holes, None, random_seed())
    };
    // The saved game, else a fresh one; a saved game that cannot be read is discarded with a notice.
    let saved_or_fresh = || match crate::platform::storage::get::<Saved>(SAVE_KEY) {
        Ok(saved) => match saved.restore() {
            Ok(s) => (s, None),
            Err(e) => {
                let _ = crate::platform::storage::keep_aside(SAVE_KEY);
                (
                    fresh(),
                    Some(trf(lang, k::SAVED_DISCARDED, &[&e.say(lang)])),
                )
            }
        },
        Err(crate::platform::storage::Unread::Missing) => (fresh(), None),
        Err(_) => {
            let _ = crate::platform::storage::keep_aside(SAVE_KEY);
            let why = GameProblem::Damaged.say(lang);
            (fresh(), Some(trf(lang, k::SAVED_DISCARDED, &[&why])))
        }
    };
    if let Some(pack) = new.as_deref().and_then(|id| packs().get(id)) {
        // A game in progress is not thrown away by the new one: its link
        // is offered on the page.
        let previous = crate::platform::storage::get::<Saved>(SAVE_KEY)
            .ok()
            .and_then(|saved| saved.restore().ok())
            .filter(|g| !g.record.moves.is_empty() && !g.position().is_over())
            .map(|g| (g.query(), g.record.moves.len()));
        return (
            PlayState::new(pack, pack.rules.holes, None, random_seed()).with_rounds(rounds),
            None,
            false,
            previous,
        );
    }
    if let Some(g) = g {
        let at = match t.map(|t| t.parse::<usize>()) {
            None => Ok(None),
            Some(Ok(n)) => Ok(Some(n)),
            Some(Err(_)) => Err(GameProblem::BadTurn),
        };
        return match at.and_then(|at| PlayState::from_text(&g, at)) {
            Ok(s) => (s, None, false, None),
            // A broken link loses nothing: the saved game stays, the link's text stays in the address bar.
            Err(e) => (
                saved_or_fresh().0,
                Some(trf(lang, k::LINK_BROKEN, &[&e.say(lang)])),
                true,
                None,
            ),
        };
    }
    let (s, notice) = saved_or_fresh();
    (s, notice, false, None)
}

/// The play page.
#[component]
pub fn PlayPage() -> impl IntoView {
    let lang = use_lang();
    // The first render is the page the build pre-rendered: the default
    // pack's opening board and the default settings. The visitor's game (the
    // link, else the saved game, else a new one) and settings are read once
    // the page is live, by the first effect below.
    let settings = RwSignal::new(Settings::default());
    provide_context(settings);
    let session = RwSignal::new(PlaySession::new(
        opening_state(),
        seats_of(&Settings::default()),
    ));
    let notice = RwSignal::new(None);
    // The game in progress a new game put aside: its link and moves.
    let previous = RwSignal::new(None::<(String, usize)>);
    let broken_link = RwSignal::new(false);
    let ready = RwSignal::new(false);
    let live = RwSignal::new(String::new());
    let hover: RwSignal<Option<(Player, u8)>> = RwSignal::new(None);

    // What the page draws from the session, each changing only when it does.
    let game = Memo::new(move |_| session.with(|s| s.game().clone()));
    let position = Memo::new(move |_| session.with(|s| *s.position()));
    // Memos: a session change that leaves the board as it was (the visitor's
    // game read after hydration is often the opening drawn by the build)
    // redraws nothing.
    let shown = Memo::new(move |_| session.with(|s| s.shown()));
    let legal = Memo::new(move |_| session.with(|s| s.legal_picks()));
    let animating = Memo::new(move |_| session.with(|s| s.animating()));
    let activity = Memo::new(move |_| session.with(|s| s.activity()));
    let hidden_pick = Memo::new(move |_| session.with(|s| s.has_hidden_pick()));
    let at_end = move || game.with(|g| g.cursor == g.record.moves.len());
    let presentation = Signal::derive(move || {
        game.with(|g| g.pack().map(|p| p.presentation))
            .unwrap_or(crate::game::state::COMMON_LOOK)
    });

    // The outside world: the visitor's game and settings, read once (once
    // the page is wholly hydrated: see `after_hydration`).
    crate::platform::hydration::after_hydration(move || {
        let q = address::query;
        let mut saved = load_settings();
        let (g, n, b, p) =
            initial_state(lang.get_untracked(), q("g"), q("t"), q("new"), saved.rounds);
        // A shared link says who plays whom (`vs`): a hotseat game opens as
        // one; an unreadable one changes nothing.
        if let Some(vs) = q("vs").and_then(|vs| vs.parse().ok()) {
            apply_opponent(&mut saved, &vs);
        }
        let seats = seats_of(&saved);
        // Only what differs from the page as drawn is redrawn.
        if settings.with_untracked(|cur| *cur != saved) {
            settings.set(saved);
        }
        session.set(PlaySession::new(g, seats));
        notice.set(n);
        broken_link.set(b);
        previous.set(p);
        ready.set(true);
    });
    // The link and the saved game follow the game.
    Effect::new(move |_| {
        let (mut query, saved) = game.with(|g| (g.query(), Saved::of(g)));
        query.push_str(&format!(
            "&vs={}",
            settings.with(crate::game::stats::opponent_of)
        ));
        if broken_link.get() || !ready.get() {
            return;
        }
        address::replace(&query);
        let _ = crate::platform::storage::set(SAVE_KEY, &saved);
    });
    Effect::new(move |_| {
        let s = settings.get();
        if ready.get() {
            let _ = crate::platform::storage::set(SETTINGS_KEY, &s);
        }
        let seats = seats_of(&s);
        if session.with_untracked(|cur| cur.seats() != seats) {
            session.update(|cur| cur.set_seats(seats));
        }
    });

    let animate_now =
        move || settings.with_untracked(|s| s.speed != Speed::Instant) && !reduced_motion();
    let level = move || settings.with_untracked(|s| s.level);

    // Shows the frames of the turn just played, one a tick. A long turn
    // (many relays) runs faster, and a whole turn of the computer's lasts at
    // most about 4 s (see `PlaySession::frame_ms`).
    let run_frames = move || {
        let (epoch, frames) = session.with_untracked(|s| (s.epoch(), s.frames_left()));
        if frames == 0 {
            return;
        }
        let speed = settings.with_untracked(|s| s.speed.frame_ms());
        let ms = session.with_untracked(|s| s.frame_ms(speed));
        fn tick(session: RwSignal<PlaySession>, epoch: u32, ms: u32) {
            set_timeout(
                move || {
                    if session.try_update(|s| s.next_frame(epoch)).unwrap_or(false) {
                        // stats-sound: the sound of the frame now shown (src/features/play/sound.rs).
                        session.with_untracked(sound::on_frame);
                        tick(session, epoch, ms);
                    }
                },
                Duration::from_millis(ms as u64),
            );
        }
        tick(session, epoch, ms);
    };

    // After a turn: announce it, animate it.
    let after_turn = move |turn: &Turn| {
        broken_link.set(false);
        hover.set(None);
        let lang = lang.get_untracked();
        let pos = position.get_untracked();
        let mut announce = summary(lang, &turn.events);
        announce.push(' ');
        announce.push_str(&trf(
            lang,
            k::SUM_STORES,
            &[&pos.store(Player::A), &pos.store(Player::B)],
        ));
        live.set(announce);
        // stats-sound: the turn's first sound; a game that has just finished is counted (src/features/play/sound.rs, src/game/stats.rs).
        session.with_untracked(sound::on_turn);
        count_if_finished(session, settings);
        run_frames();
    };

    // A resignation: the game ends, is said aloud and counted.
    let on_resign = Callback::new(move |_: ()| {
        let Some(o) = session.try_update(|s| s.resign()).flatten() else {
            return;
        };
        let you = settings.with_untracked(|s| (s.mode == Mode::Computer).then_some(s.human));
        live.set(game.with_untracked(|g| end_text(lang.get_untracked(), &o, &g.rules, you)));
        count_if_finished(session, settings);
    });

    // The computer's answer to a question asked at `question`.
    let answered = move |question: u32, answer: Result<u8, ComputerProblem>| {
        let animate = animate_now();
        match session.try_update(|s| s.computer_answer(question, answer, animate)) {
            Some(Ok(Some(turn))) => after_turn(&turn),
            Some(Err(e)) => {
                if e != ComputerProblem::Unavailable {
                    leptos::logging::warn!("the computer could not move: {e}");
                }
                let _ = notice.try_set(Some(e.say(lang.get_untracked())));
            }
            _ => {}
        }
    };
    let ask_computer = move |req: MoveRequest, delay_ms: u64| {
        let question = session.with_untracked(|s| s.question());
        ask(req, delay_ms, move |answer| answered(question, answer));
    };

    // A hole was picked on the board.
    let on_pick = Callback::new(move |(side, k): (Player, u8)| {
        let (level, animate) = (level(), animate_now());
        match session.try_update(|s| s.pick(side, k, level, animate)) {
            Some(Picked::Played(turn)) => after_turn(&turn),
            Some(Picked::AskComputer(req)) => ask_computer(*req, 0),
            _ => {}
        }
    });

    // The computer moves when it is its turn and the game is live. It is
    // asked as soon as the move before it is played, and thinks while that
    // move is shown; its answer then waits for the board (below).
    Effect::new(move |_| {
        let wants = session.with(|s| s.computer_to_move());
        if !wants {
            return;
        }
        let level = level();
        if let Some(req) = session.try_update(|s| s.computer_question(level)).flatten() {
            // A pause before it moves, so that its turn can be followed,
            // shorter for each later move of a long turn; none while
            // skipping to the end of its turn.
            let pause = session.with_untracked(|s| {
                if s.animating() {
                    0
                } else {
                    s.computer_pause_ms()
                }
            });
            ask_computer(req, u64::from(pause));
        }
    });
    // An answer that came while the move before it was shown is played once
    // the board is still, after the pause that lets its turn be followed.
    Effect::new(move |_| {
        if !session.with(|s| s.pending_due()) {
            return;
        }
        let (question, pause) = session.with_untracked(|s| (s.question(), s.computer_pause_ms()));
        set_timeout(
            move || {
                let animate = animate_now();
                if let Some(Ok(Some(turn))) =
                    session.try_update(|s| s.play_pending(question, animate))
                {
                    after_turn(&turn);
                }
            },
            Duration::from_millis(u64::from(pause)),
        );
    });

    // The move preview: what the hovered hole would do, computed by the engine.
    let preview = Memo::new(move |_| -> Option<Preview> {
        let (side, k) = hover.get()?;
        if !legal.with(|l| l.contains(&(side, k))) {
            return None;
        }
        let pos = position.get();
        game.with(|g| pos.preview(&g.rules, Move::Hole(k)))
    });
    // A finished game's analysis, and the analysed move whose board is shown.
    let analysis = RwSignal::new(None::<crate::game::analysis::Analysis>);
    let chosen = RwSignal::new(None::<usize>);
    // The better move, on the board before an analysed move that gave seeds away.
    let better = move || {
        let ply = chosen.get()?;
        if game.with(|g| g.cursor) != ply {
            return None;
        }
        let (side, hole) = analysis.with(|a| a.as_ref()?.better_move(ply))?;
        Some(Place::Hole { side, hole })
    };
    // A hint: the hole the computer would play at a level the person
    // picks, for the position it was asked on (asked of the worker).
    let hint_level = RwSignal::new(Level::Medium);
    let hint = RwSignal::new(None::<(u32, Player, u8, Level)>);
    let hint_shown = move || {
        hint.get()
            .filter(|h| session.with(|s| s.question()) == h.0 && s_at_end(session))
    };
    let may_hint = Memo::new(move |_| {
        legal.with(|l| !l.is_empty())
            && position.with(|p| matches!(p.to_move(), Some(ToMove::One(_))))
    });
    let ask_hint = move |_| {
        let level = hint_level.get_untracked();
        let Some((question, side, req)) = session.with_untracked(|s| s.hint_question(level)) else {
            return;
        };
        ask(req, 0, move |answer| {
            if let Ok(k) = answer {
                let _ = hint.try_set(Some((question, side, k, level)));
            }
        });
    };
    let marks = Signal::derive(move || {
        preview
            .get()
            .and_then(|p| p.end)
            .into_iter()
            .chain(better())
            .chain(hint_shown().map(|(_, side, hole, _)| Place::Hole { side, hole }))
            .collect::<Vec<Place>>()
    });

    // The round whose end is shown, while it is.
    let notice_round =
        Memo::new(move |_| session.with(|s| s.notice_shown().map(|n| n.standing.round)));
    let status = move || {
        let lang = lang.get();
        let pos = position.get();
        if let Some(o) = pos.outcome() {
            // The result waits for the board: while the last sowing is
            // still shown seed by seed, it would give the end away.
            if animating.get() {
                return tr(lang, k::STATUS_SOWING).to_string();
            }
            let you = settings.with(|s| (s.mode == Mode::Computer).then_some(s.human));
            return game.with(|g| end_text(lang, &o, &g.rules, you));
        }
        if !at_end() {
            return tr(lang, k::TURN_REVIEWING).to_string();
        }
        if let Some(round) = notice_round.get() {
            return trf(lang, k::ROUND_STATUS, &[&round]);
        }
        match activity.get() {
            Activity::ComputerThinking(1) => return tr(lang, k::TURN_THINKING).to_string(),
            Activity::ComputerThinking(n) => return trf(lang, k::TURN_THINKING_N, &[&n]),
            Activity::ComputerPlaying(n) => return trf(lang, k::TURN_COMPUTER_PLAYING, &[&n]),
            // The next player is named once the seeds have come to rest.
            Activity::PersonPlaying => return tr(lang, k::STATUS_SOWING).to_string(),
            Activity::Waiting => {}
        }
        match pos.to_move() {
            Some(ToMove::Both) => {
                if settings.with(|s| s.mode == Mode::Computer) {
                    tr(lang, k::TURN_BOTH).to_string()
                } else if !hidden_pick.get() {
                    trf(lang, k::TURN_SECRET, &[&player_name(lang, Player::A)])
                } else {
                    trf(
                        lang,
                        k::TURN_SECRET_DONE,
                        &[&player_name(lang, Player::A), &player_name(lang, Player::B)],
                    )
                }
            }
            Some(ToMove::One(p)) if settings.with(|s| s.mode == Mode::Computer && s.human == p) => {
                trf(lang, k::TURN_YOURS, &[&player_name(lang, p)])
            }
            Some(ToMove::One(p)) => trf(lang, k::TURN_TO_MOVE, &[&player_name(lang, p)]),
            None => String::new(),
        }
    };
    // The last turn in words, in the language shown.
    let last_summary = move || {
        let lang = lang.get();
        session.with(|s| {
            // The words wait for the board: while the seeds still move they
            // would tell what is about to be shown.
            if s.last_events().is_empty() || s.animating() {
                String::new()
            } else {
                turn_summary(lang, s.turn_moves())
            }
        })
    };
    let round_notice =
        move || session.with(|s| s.notice_shown().map(|n| round_text(lang.get(), n)));
    // The standing's box, scrolled into view (its bottom at the screen's)
    // each time it comes.
    let round_box = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = round_box.get() {
            el.scroll_into_view_with_bool(false);
        }
    });
    // Where a game of several rounds stands: the rounds each side has won.
    let standings = Memo::new(move |_| game.with(|g| g.standings()));
    let steps = move || {
        session.with(|s| {
            if s.last_events().is_empty() || s.animating() {
                Vec::new()
            } else {
                turn_log(lang.get(), s.turn_moves())
            }
        })
    };
    // Escape skips to the end of the move (of the computer's whole turn).
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && session.with_untracked(|s| s.activity() != Activity::Waiting) {
            session.update(|s| s.skip_animation());
        }
    });
    on_cleanup(move || keys.remove());

    let preview_text = move || {
        let lang = lang.get();
        let p = preview.get()?;
        let mut parts = Vec::new();
        if let Some(end) = p.end {
            parts.push(trf(lang, k::PREVIEW_ENDS, &[&place_name(lang, end)]));
        }
        if p.relays > 0 {
            parts.push(trn(lang, k::PREVIEW_RELAYS, p.relays as u32));
        }
        if p.captured > 0 {
            parts.push(trf(lang, k::PREVIEW_CAPTURE, &[&p.captured]));
        }
        parts.push(trf(lang, k::PREVIEW_BANKED, &[&p.banked]));
        if p.extra_turn {
            parts.push(tr(lang, k::PREVIEW_EXTRA).to_string());
        }
        if p.ends_round {
            parts.push(tr(lang, k::PREVIEW_ENDSROUND).to_string());
        }
        // Which other packs would play this move differently (the engine answers).
        let (_, k) = hover.get()?;
        let pos = position.get();
        let others: Vec<String> = game.with(|g| {
            let mine = g.record.ruleset.base().to_string();
            packs()
                .all()
                .iter()
                .filter(|p| p.id != mine && p.rules.holes == g.rules.holes)
                .filter(|p| pos.plays_differently(&g.rules, &p.rules, Move::Hole(k)))
                .map(|p| p.name.get(lang.code()).to_string())
                .collect()
        });
        let mut text = format!("{}: {}", tr(lang, k::PREVIEW_TITLE), parts.join(", "));
        if !others.is_empty() {
            text.push_str(". ");
            text.push_str(&trf(lang, k::PREVIEW_OTHERS, &[&others.join(", ")]));
        }
        Some(text)
    };

    // A new game: from the form, or "play again" at the end of one.
    let start = Callback::new(move |g: PlayState| {
        notice.set(None);
        broken_link.set(false);
        session.update(|s| s.restart(g));
        show_board();
    });
    // The end of a game, once its last sowing has been shown: what decided
    // it, and a new game at once (at another level, if the visitor likes).
    let ended = Memo::new(move |_| {
        position.with(|p| p.is_over()) && !animating.get() && game.with(|g| g.at_end())
    });
    let end_box = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = end_box.get() {
            el.scroll_into_view_with_bool(false);
        }
    });
    let play_again = move |level: Option<congklak::Level>| {
        if let Some(level) = level {
            settings.update(|s| s.level = level);
        }
        let rounds = settings.with_untracked(|s| s.rounds);
        let next = game.with_untracked(|g| {
            g.pack()
                .map(|p| PlayState::new(p, g.rules.holes, None, random_seed()).with_rounds(rounds))
        });
        if let Some(g) = next {
            start.run(g);
        }
    };
    // Against the computer: its turn that decided the game the person lost.
    let decided = move || {
        let s = settings.get();
        if s.mode != Mode::Computer {
            return None;
        }
        let winner = position.with(|p| p.outcome()?.winner)?;
        if winner == s.human {
            return None;
        }
        game.with(|g| crate::game::review::deciding_turn(g, winner))
    };
    // The levels next to the one played, easier first.
    let neighbours = move || {
        let level = settings.with(|s| s.level);
        let all = congklak::Level::ALL;
        let i = all.iter().position(|&l| l == level)?;
        Some((
            i.checked_sub(1).map(|j| all[j]),
            all.get(i + 1)
                .copied()
                .filter(|&l| l != congklak::Level::Perfect),
        ))
    };

    view! {
        <h1 class="visually-hidden">{t(lang, k::PLAY_TITLE)}</h1>
        {move || notice.get().map(|msg| view! {
            <div class="notice" role="alert">
                <p>{msg}</p>
                {move || broken_link.get().then(|| view! {
                    <button class="btn" on:click=move |_| { broken_link.set(false); notice.set(None); }>
                        {t(lang, k::LINK_BACK)}
                    </button>
                })}
                <button class="btn subtle" on:click=move |_| notice.set(None)>{t(lang, k::DISMISS)}</button>
            </div>
        })}
        {move || previous.get().map(|(query, moves)| view! {
            <div class="notice" role="status" data-testid="previous-game">
                <p>{trn(lang.get(), k::PLAY_PREVIOUS, moves as u32)}</p>
                <a class="btn" data-testid="previous-back"
                    href=lang.get_untracked().path(&format!("/{query}"))>{t(lang, k::PLAY_PREVIOUS_BACK)}</a>
                <button class="btn subtle" on:click=move |_| previous.set(None)>{t(lang, k::DISMISS)}</button>
            </div>
        })}
        <section class="play">
            <GameHeader game=game settings=settings shown=shown
                over=Signal::derive(move || position.with(|p| p.is_over()) && !animating.get())/>
            <div class="status-row">
                <p class="status" data-testid="status">{status}</p>
                <p class="round-label" data-testid="round-label">{move || {
                    let (lang, pos) = (lang.get(), position.get());
                    let (several, of) = game.with(|g| (g.rules.rounds == congklak::Rounds::Several, g.rules.max_rounds));
                    // While a round's standing is shown, the round is the one
                    // that ended, not the next, which has not begun.
                    let ended = session.with(|s| s.notice_shown().is_some());
                    let round = if ended { pos.round().saturating_sub(1).max(1) } else { pos.round() };
                    several.then(|| {
                        let mut label = if of > 0 {
                            trf(lang, k::ROUND_LABEL_OF, &[&round, &of])
                        } else {
                            trf(lang, k::ROUND_LABEL, &[&round])
                        };
                        if let Some(tally) = standings.with(|st| tally_text(lang, st)) {
                            label.push_str(" · ");
                            label.push_str(&tally);
                        }
                        label
                    })
                }}</p>
            </div>
            // The board and the controls each hydrated a task after the rest
            // (see `Later`): one long task less while the page loads.
            <div class="board-wrap">
                <Later class="shell" body=move || view! {
                    <Board view=shown presentation=presentation lang=lang legal=legal marks=marks numbered=true
                        on_pick=on_pick on_hover=Callback::new(move |h| hover.set(h))/>
                }/>
            </div>
            // The standing at a round's end, by the board, with the button to
            // go on; brought on screen when it comes (under a tall board it
            // was below the fold).
            {move || round_notice().map(|lines| {
                let title = lines.first().cloned().unwrap_or_default();
                view! {
                    <div class="round-notice" role="dialog" aria-modal="false" data-testid="round-notice"
                        aria-label=title node_ref=round_box>
                        {lines.into_iter().map(|l| view! { <p>{l}</p> }).collect_view()}
                        <button class="btn primary" data-testid="round-next"
                            on:click=move |_| { session.update(|s| s.dismiss_notice()); show_board(); }>{t(lang, k::ROUND_NEXT)}</button>
                    </div>
                }
            })}
            {move || standings.with(|st| (!st.is_empty()).then(|| rounds_table(lang.get(), st)))}
            {move || ended.get().then(|| {
                let computer = settings.with(|s| s.mode == Mode::Computer);
                let (easier, harder) = if computer { neighbours().unwrap_or((None, None)) } else { (None, None) };
                let level_name = move |l: congklak::Level| tr_named(lang.get(), &format!("level.{}", l.name())).to_string();
                view! {
                    <div class="game-end" data-testid="game-end" node_ref=end_box>
                        {move || decided().map(|d| {
                            let (at, hole) = d.opened_by.unwrap_or((d.first, 0));
                            view! {
                                <p data-testid="game-end-why">{move || if d.opened_by.is_some() {
                                    trf(lang.get(), k::END_CHAIN, &[&hole, &d.moves, &d.banked])
                                } else {
                                    trf(lang.get(), k::END_CHAIN_FIRST, &[&d.moves, &d.banked])
                                }}</p>
                                <button class="btn subtle" data-testid="game-end-show" on:click=move |_| {
                                    session.update(|s| s.seek(at));
                                    chosen.set(Some(at));
                                    show_board();
                                }>{t(lang, k::END_CHAIN_SHOW)}</button>
                            }
                        })}
                        <p class="game-end-actions">
                            <button class="btn primary" data-testid="play-again"
                                on:click=move |_| play_again(None)>{t(lang, k::END_AGAIN)}</button>
                            {easier.map(|l| view! {
                                <button class="btn" data-testid="level-easier" on:click=move |_| play_again(Some(l))>
                                    {move || trf(lang.get(), k::END_EASIER, &[&level_name(l)])}
                                </button>
                            })}
                            {harder.map(|l| view! {
                                <button class="btn" data-testid="level-harder" on:click=move |_| play_again(Some(l))>
                                    {move || trf(lang.get(), k::END_HARDER, &[&level_name(l)])}
                                </button>
                            })}
                        </p>
                    </div>
                }
            })}
            // A newcomer's first moves against the computer: its turn can
            // chain many moves.
            {move || {
                let chains = game.with(|g| g.rules.extra_turn && g.cursor < CHAIN_TIP_MOVES);
                (chains && settings.with(|s| s.mode == Mode::Computer)).then(|| view! {
                    <p class="play-tip" data-testid="chain-tip">{t(lang, k::PLAY_CHAINS)}</p>
                })
            }}
            <p class="preview" aria-hidden="true">{preview_text}</p>
            <p class="hint-row" data-testid="hint-row" class:hidden=move || ended.get()>
                <button class="btn subtle" data-testid="hint" disabled=move || !may_hint.get()
                    on:click=ask_hint>{t(lang, k::HINT)}</button>
                <label class="hint-level">
                    <span class="visually-hidden">{t(lang, k::HINT_LEVEL)}</span>
                    <select data-testid="hint-level" on:change=move |ev| {
                        if let Some(l) = Level::from_name(&event_target_value(&ev)) { hint_level.set(l); }
                    }>
                        {HINT_LEVELS.iter().map(|&l| view! {
                            <option value=l.name() selected=move || hint_level.get() == l>
                                {move || tr_named(lang.get(), &format!("level.{}", l.name())).to_string()}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
                <span class="hint-text" role="status" data-testid="hint-text">{move || hint_shown().map(|(_, _, hole, level)| {
                    let lang = lang.get();
                    trf(lang, k::HINT_SAYS, &[&tr_named(lang, &format!("level.{}", level.name())), &hole])
                })}</span>
            </p>
            {move || {
                let a = activity.get();
                let computer = matches!(a, Activity::ComputerPlaying(_) | Activity::ComputerThinking(_));
                (animating.get() || computer).then(|| view! {
                    <button class="btn subtle skip" data-testid="skip" aria-keyshortcuts="Escape"
                        on:click=move |_| session.update(|s| s.skip_animation())>
                        {t(lang, if computer { k::SKIP_TURN } else { k::SKIP })}
                        " " <kbd>"Esc"</kbd>
                    </button>
                })
            }}
            <p class="turn-summary" data-testid="summary">{last_summary}</p>
            {move || {
                let steps = steps();
                (!steps.is_empty()).then(|| view! {
                    <details class="turn-log" data-testid="turn-log">
                        <summary>{t(lang, k::LOG_TITLE)}</summary>
                        <ol>{steps.into_iter().map(|line| match line {
                            LogLine::Step(s) => view! { <li>{s}</li> }.into_any(),
                            LogLine::Move(said, steps) => view! {
                                <li class="log-move">
                                    <details>
                                        <summary>{said}</summary>
                                        <ol>{steps.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ol>
                                    </details>
                                </li>
                            }.into_any(),
                        }).collect_view()}</ol>
                    </details>
                })
            }}
            <div class="sr-only" aria-live="polite" role="status" data-testid="live">{move || live.get()}</div>
            <Later class="shell" body=move || view! {
                <Controls session=session game=game settings=settings ready=ready
                    on_start=start on_resign=on_resign/>
            }/>
        </section>
        <Show when=move || game.with(crate::game::analysis::finished)>
            <crate::ui::parts::Part class="analysis-part"
                load=move || crate::features::play::analysis_view::analysis_part(session, game, analysis, chosen)/>
        </Show>
        <crate::ui::glossary::Glossary/>
    }
}

/// The levels a hint may come from.
const HINT_LEVELS: [Level; 4] = [Level::Greedy, Level::Medium, Level::Hard, Level::Hardest];

/// Whether the session shows the end of its record (not a review).
fn s_at_end(session: RwSignal<PlaySession>) -> bool {
    session.with(|s| s.at_end())
}

/// The tip that a turn can chain many moves is shown for a game's first
/// moves.
const CHAIN_TIP_MOVES: usize = 8;

/// Set once the worked example turn has been seen.
pub const WELCOME_KEY: &str = "congklak.example-seen.v1";

/// Above the board: what congklak is, the rules in force (the pack, a link
/// to its page, where it differs from the common reading), who plays which
/// side, and the score.
#[component]
fn GameHeader(
    game: Memo<PlayState>,
    settings: RwSignal<Settings>,
    shown: Memo<crate::game::board_view::BoardView>,
    /// Whether the board shows the end of the game (its last sowing shown).
    over: Signal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let rules_line = move || {
        let lang = lang.get();
        game.with(|g| {
            let pack = g.pack()?;
            let mut facts = vec![trf(
                lang,
                k::PLAY_RULES_SIZE,
                &[&g.rules.holes, &g.rules.seeds_per_hole],
            )];
            facts.extend(
                crate::ui::pack_text::differences_in_words(lang, &g.rules)
                    .into_iter()
                    .filter(|d| {
                        !d.starts_with(tr(lang, k::CLAUSE_HOLES))
                            && !d.starts_with(tr(lang, k::CLAUSE_SEEDS_PER_HOLE))
                    }),
            );
            Some((
                pack.id.clone(),
                pack.name.get(lang.code()).to_string(),
                facts.join("; "),
            ))
        })
    };
    let seat = move |p: Player| {
        let lang = lang.get();
        settings.with(|s| match s.mode {
            Mode::Hotseat => player_name(lang, p).to_string(),
            Mode::Computer if s.human == p => trf(lang, k::SEAT_YOU, &[&player_name(lang, p)]),
            Mode::Computer => trf(
                lang,
                k::SEAT_COMPUTER,
                &[
                    &player_name(lang, p),
                    &tr_named(lang, &format!("level.{}", s.level.name())),
                ],
            ),
        })
    };
    let lead = move || {
        let lang = lang.get();
        let [a, b] = shown.with(|v| [v.store(Player::A), v.store(Player::B)]);
        // A resigned game is won by the other player, whatever the seeds.
        let resigned = game.with(|g| g.record.resigned.filter(|_| g.at_end()));
        if let (true, Some(p)) = (over.get(), resigned) {
            return trf(lang, k::SCORE_RESIGNED, &[&player_name(lang, p.other())]);
        }
        // Once the board shows the end of the game, the lead is the result,
        // said as the status says it (to the person against the computer).
        let you = settings.with(|s| (s.mode == Mode::Computer).then_some(s.human));
        if over.get() && a != b {
            let (winner, by) = if a > b {
                (Player::A, a - b)
            } else {
                (Player::B, b - a)
            };
            if let Some(you) = you {
                let key = if winner == you {
                    k::SCORE_YOU_WON
                } else {
                    k::SCORE_COMPUTER_WON
                };
                return trf(lang, key, &[&by]);
            }
        }
        let key = if over.get() {
            k::SCORE_WON
        } else {
            k::SCORE_AHEAD
        };
        match a.cmp(&b) {
            std::cmp::Ordering::Equal if over.get() => tr(lang, k::SCORE_DRAWN).to_string(),
            std::cmp::Ordering::Equal => tr(lang, k::SCORE_LEVEL).to_string(),
            std::cmp::Ordering::Greater => {
                trf(lang, key, &[&player_name(lang, Player::A), &(a - b)])
            }
            std::cmp::Ordering::Less => trf(lang, key, &[&player_name(lang, Player::B), &(b - a)]),
        }
    };
    // The worked example turn, offered on a first visit (the offer stands
    // out until the example has been seen once). The build draws it for a
    // first visit: a first visitor's page waits for their first use before
    // loading its code (see the play page's row of the route table).
    let example = RwSignal::new(false);
    let first_visit = RwSignal::new(true);
    Effect::new(move |_| {
        if example_seen() {
            first_visit.set(false);
        }
    });
    let open_example = move |_| {
        example.set(true);
        first_visit.set(false);
        let _ = crate::platform::storage::set(WELCOME_KEY, &true);
    };
    view! {
        <div class="game-header">
            <p class="intro">
                <span class="intro-text">{t(lang, k::PLAY_INTRO)}</span>
                // A phone's first screen has room for a line only (see the style sheet).
                <span class="intro-short">{t(lang, k::PLAY_TAGLINE)}</span> " "
                <button class="link-button" class:first-visit=move || first_visit.get()
                    data-testid="example-open" on:click=open_example>{t(lang, k::PLAY_EXAMPLE)}</button>
                <span class="sep">" · "</span> <a href=lang.get_untracked().path("/learn")>{t(lang, k::PLAY_LESSONS)}</a>
            </p>
            {move || example.get().then(|| {
                let dialog = modal(NodeRef::new());
                view! {
                    <dialog class="overlay" data-testid="example" node_ref=dialog
                        aria-label=t(lang, k::PLAY_EXAMPLE)
                        on:cancel=move |ev: web_sys::Event| { ev.prevent_default(); example.set(false) }>
                        <div class="overlay-body">
                            <button class="btn subtle overlay-close" data-testid="example-close"
                                on:click=move |_| example.set(false)>{t(lang, k::DISMISS)}</button>
                            <crate::ui::parts::Part class="example-lesson" load=example_lesson/>
                            <p><a href=lang.get_untracked().path("/learn")>{t(lang, k::PLAY_LESSONS_ALL)}</a></p>
                        </div>
                    </dialog>
                }
            })}
            {move || rules_line().map(|(id, name, facts)| view! {
                <p class="rules-line" data-testid="rules-line">
                    {t(lang, k::PLAY_RULES)} " "
                    <a href=lang.get_untracked().path(&format!("/packs/{id}"))>{name}</a>
                    <span class="rules-facts">": " {facts}</span>
                </p>
            })}
            <div class="scoreboard" data-testid="scoreboard" aria-label=t(lang, k::SCORE_LABEL)>
                <span class="score-side" data-side="A">
                    <span class="score-name">{move || seat(Player::A)}</span>
                    <span class="score-value" data-testid="score-a">{move || shown.with(|v| v.store(Player::A))}</span>
                </span>
                <span class="score-lead" data-testid="score-lead">{lead}</span>
                <span class="score-side" data-side="B">
                    <span class="score-name">{move || seat(Player::B)}</span>
                    <span class="score-value" data-testid="score-b">{move || shown.with(|v| v.store(Player::B))}</span>
                </span>
            </div>
        </div>
    }
}

crate::lazy_part! { example =>
    /// The worked example turn (see [`example`]), drawn when the
    /// example is first opened: its code is fetched then, not with
    /// the page (see [`crate::ui::parts`]).
    fn example_lesson() -> crate::ui::parts::PartView {
        crate::ui::parts::PartView::new(view! { <example::ExampleTurn/> })
    }
}

/// A new game, undo, redo, the replay scrubber, the game link and the
/// animation speed.
#[component]
fn Controls(
    session: RwSignal<PlaySession>,
    game: Memo<PlayState>,
    settings: RwSignal<Settings>,
    /// The visitor's game has been read.
    ready: RwSignal<bool>,
    /// A new game to play.
    on_start: Callback<PlayState>,
    /// The player who may resign resigns (asked once more first).
    on_resign: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let copied = RwSignal::new(None::<Key>);
    // Undo and redo step over the computer's moves.
    let step = move |forward: bool| session.update(|s| s.step(forward));
    // Resigning (menyerah) asks once more before it ends the game.
    let confirming = RwSignal::new(false);
    let resigner = Memo::new(move |_| session.with(|s| s.resigner()));
    let keep_playing = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = keep_playing.get() {
            let _ = button.focus();
        }
    });
    // A move played (or undone) meanwhile: the question is put away.
    Effect::new(move |_| {
        game.track();
        confirming.set(false);
    });
    let copy_link = move |_| {
        let href = window().location().href().unwrap_or_default();
        let written = window().navigator().clipboard().write_text(&href);
        // Says "copied" only once the browser has it; else how to share by hand.
        leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(written).await.is_ok();
            let _ = copied.try_set(Some(if ok { k::COPY_DONE } else { k::COPY_FAILED }));
        });
        set_timeout(
            move || {
                let _ = copied.try_set(None);
            },
            Duration::from_millis(2500),
        );
    };

    view! {
        <div class="controls">
                <NewGameDialog game=game ready=ready settings=settings on_start=on_start/>
                <button class="btn" on:click=move |_| step(false)
                    disabled=move || game.with(|g| g.cursor == 0 && g.record.resigned.is_none())>{t(lang, k::UNDO)}</button>
                <button class="btn" on:click=move |_| step(true)
                    disabled=move || game.with(|g| g.cursor == g.record.moves.len())>{t(lang, k::REDO)}</button>
                <label class="scrubber">
                    <span>{t(lang, k::SCRUB)}" "
                        {move || game.with(|g| trf(lang.get(), k::SCRUB_OF, &[&g.cursor, &g.record.moves.len()]))}</span>
                    <input type="range" min="0" data-testid="scrubber"
                        max=move || game.with(|g| g.record.moves.len().to_string())
                        prop:value=move || game.with(|g| g.cursor.to_string())
                        on:input=move |ev| {
                            let v: usize = event_target_value(&ev).parse().unwrap_or(0);
                            session.update(|s| s.seek(v));
                        }/>
                </label>
                <button class="btn" data-testid="resign" aria-expanded=move || confirming.get().to_string()
                    disabled=move || resigner.get().is_none()
                    on:click=move |_| confirming.update(|c| *c = !*c)>{t(lang, k::RESIGN)}</button>
                {move || confirming.get().then(|| resigner.get()).flatten().map(|p| view! {
                    // The question takes the keyboard's focus (on "Keep
                    // playing", the safe answer); Escape puts it away.
                    <span class="resign-ask" role="group" data-testid="resign-ask"
                        on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Escape" {
                            ev.stop_propagation();
                            confirming.set(false);
                        }>
                        <span>{move || trf(lang.get(), k::RESIGN_ASK, &[&player_name(lang.get(), p)])}</span> " "
                        <button class="btn primary" data-testid="resign-confirm" on:click=move |_| {
                            confirming.set(false);
                            on_resign.run(());
                        }>{t(lang, k::RESIGN_CONFIRM)}</button> " "
                        <button class="btn subtle" data-testid="resign-cancel" node_ref=keep_playing
                            on:click=move |_| confirming.set(false)>{t(lang, k::RESIGN_CANCEL)}</button>
                    </span>
                })}
                <button class="btn" on:click=copy_link data-testid="copy-link">{t(lang, k::COPY_LINK)}</button>
                <a class="btn" data-testid="play-friend" href=move || game.with(|g| lang.get_untracked().path(&format!("/friend?g={}", g.record.to_text())))>{t(lang, k::PLAY_FRIEND)}</a>
                <span class="copied" role="status">{move || copied.get().map(|k| tr(lang.get(), k))}</span>
                <label class="speed">
                    <span>{t(lang, k::SPEED)}</span>
                    <select on:change=move |ev| {
                        let v = event_target_value(&ev);
                        let sp = Speed::ALL.iter().find(|(_, key)| key.name() == v).map(|(s, _)| *s).unwrap_or(Speed::Normal);
                        settings.update(|s| s.speed = sp);
                    }>
                        {Speed::ALL.iter().map(|&(sp, key)| view! {
                            <option value=key.name() selected=move || settings.with(|s| s.speed == sp)>{move || tr(lang.get(), key)}</option>
                        }).collect_view()}
                    </select>
                </label>
                // stats-sound: the sound switch (src/features/play/sound.rs).
                <sound::SoundToggle/>
            </div>
    }
}

/// A `<dialog>` opened as a modal one once it is drawn (`showModal`): the
/// page behind it is then inert, for the keyboard and the pointer alike,
/// and Escape asks it to close (its `cancel`, which the caller handles).
fn modal(dialog: NodeRef<leptos::html::Dialog>) -> NodeRef<leptos::html::Dialog> {
    Effect::new(move |_| {
        if let Some(d) = dialog.get() {
            if !d.open() {
                let _ = d.show_modal();
            }
        }
    });
    dialog
}

/// The new-game button, and the new-game form in a dialog once it is
/// pressed. The form's code is fetched then, not with the page (see
/// [`crate::ui::parts`]): most visitors never open it.
#[component]
fn NewGameDialog(
    game: Memo<PlayState>,
    ready: RwSignal<bool>,
    settings: RwSignal<Settings>,
    on_start: Callback<PlayState>,
) -> impl IntoView {
    let lang = use_lang();
    let open = RwSignal::new(false);
    let opener = NodeRef::<leptos::html::Button>::new();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    // Closed, the focus goes back to the button that opened it (once the
    // dialog is closed: while it is open, the page behind it takes none).
    let close = move || {
        if let Some(d) = dialog.get_untracked() {
            d.close();
        }
        if let Some(button) = opener.get_untracked() {
            let _ = button.focus();
        }
        open.set(false);
    };
    let start = Callback::new(move |g: PlayState| {
        close();
        on_start.run(g);
    });
    view! {
        <button class="btn primary" data-testid="new-game-open" node_ref=opener
            aria-haspopup="dialog" on:click=move |_| open.set(true)>{t(lang, k::SETUP_NEW)}</button>
        {move || open.get().then(|| {
            let dialog = modal(dialog);
            view! {
                <dialog class="overlay" data-testid="new-game-dialog" node_ref=dialog
                    aria-label=t(lang, k::SETUP_NEW)
                    on:cancel=move |ev: web_sys::Event| { ev.prevent_default(); close() }>
                    <div class="overlay-body">
                        <button class="btn subtle overlay-close" data-testid="new-game-close"
                            on:click=move |_| close()>{t(lang, k::DISMISS)}</button>
                        <crate::ui::parts::Part class="new-game-part"
                            load=move || new_game_part(game, ready, settings, start)/>
                    </div>
                </dialog>
            }
        })}
    }
}

crate::lazy_part! { newgame =>
    /// The new-game form as a part of the play page (see [`crate::ui::parts`]).
    fn new_game_part(
        game: Memo<PlayState>,
        ready: RwSignal<bool>,
        settings: RwSignal<Settings>,
        on_start: Callback<PlayState>,
    ) -> crate::ui::parts::PartView {
        crate::ui::parts::PartView::new(view! { <NewGame game=game ready=ready settings=settings on_start=on_start/> })
    }
}

/// The new-game form: pack, board size, opponent, level, side, who starts,
/// seed. The opponent, level and side apply at once, to the game being
/// played too; the rest to the game it starts.
#[component]
fn NewGame(
    game: Memo<PlayState>,
    /// The visitor's game has been read (the form starts from it).
    ready: RwSignal<bool>,
    /// The settings the form changes.
    settings: RwSignal<Settings>,
    /// A new game to play.
    on_start: Callback<PlayState>,
) -> impl IntoView {
    let lang = use_lang();
    // The first control has the focus when the form opens.
    let first = NodeRef::<leptos::html::Select>::new();
    Effect::new(move |_| {
        if let Some(select) = first.get() {
            let _ = select.focus();
        }
    });
    // The new-game form.
    let form_pack = RwSignal::new(game.with_untracked(|g| g.record.ruleset.base().to_string()));
    let form_size = RwSignal::new(game.with_untracked(|g| g.rules.holes));
    // The form starts from the visitor's game once it is read.
    Effect::new(move |_| {
        if ready.get() {
            game.with_untracked(|g| {
                form_pack.set(g.record.ruleset.base().to_string());
                form_size.set(g.rules.holes);
            });
        }
    });
    let form_starter = RwSignal::new(String::from("pack"));
    let form_seed = RwSignal::new(String::new());
    let sizes = move || {
        packs()
            .get(&form_pack.get())
            .map(|p| p.board_sizes.clone())
            .unwrap_or_default()
    };
    let new_game = move |_| {
        let Some(pack) = packs().get(&form_pack.get_untracked()) else {
            return;
        };
        let size = if pack.board_sizes.contains(&form_size.get_untracked()) {
            form_size.get_untracked()
        } else {
            pack.rules.holes
        };
        let starter = match form_starter.get_untracked().as_str() {
            "A" => Some(Player::A),
            "B" => Some(Player::B),
            _ => None,
        };
        let seed = form_seed
            .get_untracked()
            .trim()
            .parse::<u64>()
            .unwrap_or_else(|_| random_seed());
        let rounds = settings.with_untracked(|s| s.rounds);
        on_start.run(PlayState::new(pack, size, starter, seed).with_rounds(rounds));
    };

    view! {
        <section class="new-game">
            <h2>{t(lang, k::SETUP_NEW)}</h2>
            <div class="form-grid">
                <label>
                    <span>{t(lang, k::SETUP_PACK)}</span>
                    <select data-testid="pack" node_ref=first on:change=move |ev| {
                        let id = event_target_value(&ev);
                        if let Some(p) = packs().get(&id) { form_size.set(p.rules.holes); }
                        form_pack.set(id);
                    }>
                        // The common reading, which the lessons teach, first.
                        {common_first(packs().all()).into_iter().map(|p| {
                            let id = p.id.clone();
                            let id2 = id.clone();
                            view! {
                                <option value=id selected=move || form_pack.get() == id2>
                                    {move || p.name.get(lang.get().code()).to_string()}
                                </option>
                            }
                        }).collect_view()}
                    </select>
                </label>
                <label>
                    <span>{t(lang, k::SETUP_SIZE)}</span>
                    <select data-testid="size" on:change=move |ev| form_size.set(event_target_value(&ev).parse().unwrap_or(7))>
                        {move || sizes().into_iter().map(|n| view! {
                            <option value=n.to_string() selected=move || form_size.get() == n>{n}</option>
                        }).collect_view()}
                    </select>
                </label>
                // The number of rounds agreed, for a pack of several rounds:
                // its own number, else a choice (kept in the settings).
                {move || {
                    let pack = packs().get(&form_pack.get())?;
                    (pack.rules.rounds == congklak::Rounds::Several).then_some(())?;
                    let own = pack.rules.max_rounds;
                    Some(view! {
                        <label>
                            <span>{t(lang, k::SETUP_ROUNDS)}</span>
                            {if own > 0 {
                                view! {
                                    <span data-testid="rounds-own">{move || trf(lang.get(), k::SETUP_ROUNDS_PACK, &[&own])}</span>
                                }.into_any()
                            } else {
                                view! {
                                    <select data-testid="rounds" on:change=move |ev| {
                                        if let Ok(n) = event_target_value(&ev).parse::<u8>() { settings.update(|s| s.rounds = n); }
                                    }>
                                        {ROUND_CHOICES.iter().map(|&n| view! {
                                            <option value=n.to_string() selected=move || settings.with(|s| s.rounds == n)>
                                                {move || if n == 0 { tr(lang.get(), k::SETUP_ROUNDS_UNTIL).to_string() } else { n.to_string() }}
                                            </option>
                                        }).collect_view()}
                                    </select>
                                }.into_any()
                            }}
                        </label>
                        <p class="level-about" data-testid="rounds-about">{t(lang, k::SETUP_ROUNDS_ABOUT)}</p>
                    })
                }}
                <label>
                    <span>{t(lang, k::SETUP_MODE)}</span>
                    <select data-testid="mode" on:change=move |ev| {
                        let m = if event_target_value(&ev) == "hotseat" { Mode::Hotseat } else { Mode::Computer };
                        settings.update(|s| s.mode = m);
                    }>
                        <option value="computer" selected=move || settings.with(|s| s.mode == Mode::Computer)>{t(lang, k::SETUP_COMPUTER)}</option>
                        <option value="hotseat" selected=move || settings.with(|s| s.mode == Mode::Hotseat)>{t(lang, k::SETUP_HOTSEAT)}</option>
                    </select>
                </label>
                <label class:hidden=move || settings.with(|s| s.mode == Mode::Hotseat)>
                    <span>{t(lang, k::SETUP_LEVEL)}</span>
                    <select data-testid="level" on:change=move |ev| {
                        if let Some(l) = Level::from_name(&event_target_value(&ev)) { settings.update(|s| s.level = l); }
                    }>
                        {Level::ALL.iter().map(|&level| view! {
                            <option value=level.name() selected=move || settings.with(|s| s.level == level)>
                                {move || tr_named(lang.get(), &format!("level.{}", level.name()))}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
                <p class="level-about" data-testid="level-about" class:hidden=move || settings.with(|s| s.mode == Mode::Hotseat)>
                    {move || tr_named(lang.get(), &format!("level.about.{}", settings.with(|s| s.level.name())))}
                </p>
                <label class:hidden=move || settings.with(|s| s.mode == Mode::Hotseat)>
                    <span>{t(lang, k::SETUP_HUMAN)}</span>
                    <select data-testid="human" on:change=move |ev| {
                        let p = if event_target_value(&ev) == "B" { Player::B } else { Player::A };
                        settings.update(|s| s.human = p);
                    }>
                        <option value="A" selected=move || settings.with(|s| s.human == Player::A)>{move || player_name(lang.get(), Player::A)}</option>
                        <option value="B" selected=move || settings.with(|s| s.human == Player::B)>{move || player_name(lang.get(), Player::B)}</option>
                    </select>
                </label>
                <label>
                    <span>{t(lang, k::SETUP_STARTS)}</span>
                    <select data-testid="starts" on:change=move |ev| form_starter.set(event_target_value(&ev))>
                        <option value="pack">{move || {
                            let lang = lang.get();
                            // Who the rules chosen have start: the engine's opening position says.
                            let first = packs().get(&form_pack.get()).map(|p| {
                                match congklak::Position::new(&p.rules).to_move() {
                                    Some(ToMove::One(side)) => player_name(lang, side).to_string(),
                                    _ => tr(lang, k::SETUP_STARTS_BOTH).to_string(),
                                }
                            });
                            trf(lang, k::SETUP_STARTS_PACK, &[&first.unwrap_or_default()])
                        }}</option>
                        <option value="A">{move || player_name(lang.get(), Player::A)}</option>
                        <option value="B">{move || player_name(lang.get(), Player::B)}</option>
                    </select>
                </label>
                <label>
                    <span>{t(lang, k::SETUP_SEED_OPTIONAL)}</span>
                    <input type="text" inputmode="numeric" data-testid="seed" aria-describedby="seed-about"
                        prop:value=move || form_seed.get() on:input=move |ev| form_seed.set(event_target_value(&ev))/>
                </label>
                <p class="level-about" id="seed-about" data-testid="seed-about">{t(lang, k::SETUP_SEED_ABOUT)}</p>
            </div>
            <button class="btn primary" data-testid="new-game" on:click=new_game>{t(lang, k::SETUP_START)}</button>
        </section>
    }
}

/// The packs with the common reading (`umum`) first, the others in their
/// order.
fn common_first(all: &[congklak::Pack]) -> Vec<&congklak::Pack> {
    let (common, rest): (Vec<_>, Vec<_>) = all.iter().partition(|p| p.id == "umum");
    common.into_iter().chain(rest).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_game_form_offers_the_common_reading_first() {
        let set = congklak::PackSet::builtin();
        let order = common_first(set.all());
        assert_eq!(order[0].id, "umum");
        assert_eq!(order.len(), set.all().len());
    }

    #[test]
    fn the_link_says_who_plays_whom() {
        use crate::game::stats::{opponent_of, NotAnOpponent, Opponent};
        for s in [
            Settings {
                mode: Mode::Hotseat,
                ..Settings::default()
            },
            Settings {
                mode: Mode::Computer,
                level: Level::Hard,
                human: Player::B,
                ..Settings::default()
            },
        ] {
            let mut back = Settings {
                mode: if s.mode == Mode::Hotseat {
                    Mode::Computer
                } else {
                    Mode::Hotseat
                },
                ..Settings::default()
            };
            back.speed = s.speed;
            let vs = opponent_of(&s).to_string();
            apply_opponent(&mut back, &vs.parse().unwrap());
            assert_eq!(back, s, "{vs}");
        }
        let parse = |vs: &str| vs.parse::<Opponent>();
        assert_eq!(parse("computer.grandmaster.A"), Err(NotAnOpponent));
        for bad in ["", "hotseat.A", "computer.medium", "robot.medium.A"] {
            assert_eq!(parse(bad), Err(NotAnOpponent), "{bad}");
        }
        assert_eq!(parse("hotseat"), Ok(Opponent::Hotseat));
        // Any side but B is A, as links have always been read.
        assert_eq!(
            parse("computer.medium.x"),
            Ok(Opponent::Computer {
                level: Level::Medium,
                human: Player::A
            })
        );
        let mut s = Settings::default();
        apply_opponent(&mut s, &parse("computer.perfect.B").unwrap());
        assert_eq!(
            (s.mode, s.level, s.human),
            (Mode::Computer, Level::Perfect, Player::B)
        );
        assert_eq!(opponent_of(&s).to_string(), "computer.perfect.B");
    }

    #[test]
    fn the_standing_at_a_rounds_end_is_said_in_both_languages_with_plurals() {
        use crate::game::session::{Picked, PlaySession, Seats};
        crate::game::state::install_packs(congklak::PackSet::builtin());
        let p = packs().get("dakon-ngacang").unwrap();
        let mut s = PlaySession::new(
            PlayState::new(p, p.rules.holes, None, 7),
            Seats {
                mode: Mode::Hotseat,
                human: Player::A,
            },
        );
        while s.notice().is_none() {
            let (side, k) = s.legal_picks()[0];
            assert!(!matches!(
                s.pick(side, k, Level::Greedy, false),
                Picked::Ignored
            ));
        }
        let n = s.notice().unwrap().clone();
        let en = round_text(Lang::En, &n);
        assert_eq!(en[0], "Round 1 of 7 is over");
        assert!(
            en[1].contains("wins the round by") || en[1].starts_with("The round is a draw"),
            "{en:?}"
        );
        assert!(
            en[1].contains("Player A has ") && en[1].contains(" seeds"),
            "{en:?}"
        );
        assert!(
            en[2].starts_with("Player A fills ") && en[2].contains(" hole"),
            "{en:?}"
        );
        assert!(en[3].starts_with("Player B fills "), "{en:?}");
        assert!(
            en[4].contains("starts round 2") || en[4].contains("start round 2"),
            "{en:?}"
        );
        assert!(!en
            .iter()
            .any(|l| l.contains("1 seeds") || l.contains("1 holes")));
        let id = round_text(Lang::Id, &n);
        assert_eq!(id[0], "Babak 1 dari 7 selesai");
        assert!(id.iter().all(|l| !l.contains('{')), "{id:?}");
        let tally = tally_text(Lang::En, std::slice::from_ref(&n.standing)).unwrap();
        assert!(tally.starts_with("Rounds won: Player A "), "{tally}");
        assert!(tally_text(Lang::En, &[]).is_none());
        // A resignation is said as one, to the person playing the computer too.
        let mut r = s.clone();
        r.dismiss_notice();
        let o = r.resign().unwrap();
        let rules = &r.game().rules;
        let said = |lang, you| end_text(lang, &o, rules, you);
        let (quitter, other) = match o.cause {
            congklak::EndCause::Resigned(q) => (q, q.other()),
            _ => unreachable!(),
        };
        assert!(said(Lang::En, None).starts_with(&format!(
            "{} resigned (menyerah): {} wins. Seeds when play stopped: Player A ",
            player_name(Lang::En, quitter),
            player_name(Lang::En, other)
        )));
        assert!(said(Lang::En, Some(quitter))
            .starts_with("You resigned (menyerah): the computer wins."));
        assert!(said(Lang::Id, Some(quitter)).starts_with("Kamu menyerah: komputer menang."));
        assert!(
            said(Lang::En, Some(other)).starts_with("The computer resigned (menyerah): you win.")
        );
    }

    /// The game of tests/e2e/rounds.mjs: its figures there are these.
    #[test]
    fn the_end_to_end_tests_round_is_said_so() {
        use crate::game::session::{PlaySession, Seats};
        crate::game::state::install_packs(congklak::PackSet::builtin());
        let before = "1.~eyJiYXNlIjoic3VuZ2thIiwic2V0Ijp7Im1heF9yb3VuZHMiOjN9fQ.11._444645445446532444654727335714";
        let mut s = PlaySession::new(
            PlayState::from_text(before, None).unwrap(),
            Seats {
                mode: Mode::Hotseat,
                human: Player::A,
            },
        );
        s.pick(Player::B, 2, Level::Greedy, false);
        let n = s.notice().expect("the round ends").clone();
        assert_eq!(
            round_text(Lang::En, &n),
            [
                "Round 1 of 3 is over",
                "Player B wins the round by 8 seeds: Player A has 45 seeds, Player B has 53 seeds.",
                "Player A fills 6 holes for the next round; hole 1 burns (terbakar); 3 seeds stay in the lumbung.",
                "Player B fills 7 holes for the next round; 4 seeds stay in the lumbung.",
                "Player B starts round 2.",
            ]
        );
        let id = round_text(Lang::Id, &n);
        assert_eq!(id[0], "Babak 1 dari 3 selesai");
        assert!(id[2].contains("lubang 1 terbakar"), "{id:?}");
        assert_eq!(id[4], "Pemain B memulai babak 2.");
    }
}
