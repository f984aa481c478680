//! `/friend`: two browsers play one game directly, peer to peer. The host
//! chooses the rules and makes an invitation (a code, the same as a link
//! `/friend#<code>`, and a QR code); the guest opens it, sees the rules and
//! joins, and sends back an answer code; the host pastes it and connects.
//! The game flow is [`FriendGame`] (plain Rust, tested natively); the
//! connection is [`crate::platform::rtc`]. The game is saved on both sides, so a lost
//! connection is resumed with new codes.

pub mod model;

#[cfg(test)]
mod hostile;

use crate::features::friend::model::{
    Code, CodeKind, FriendGame, Msg, Problem, Reaction, Received,
};
use crate::game::board_view::BoardView;
use crate::game::state::{packs, PlayState};
use crate::platform::rtc::{self, RtcEvent};
use crate::texts::i18n::k;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{t, tr, trf, Say};
use crate::ui::board::Board;
use crate::ui::board_text::{end_text, player_name, summary};
use crate::ui::pack_text::differences_in_words;
use congklak::{Player, ToMove};

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::time::Duration;

/// Where the game with a friend is kept.
pub const FRIEND_KEY: &str = "congklak.friend.v1";

/// How long a side waits for the other device's greeting once the channel
/// is open before it says the connection is lost: both devices greet at
/// once on opening, so a greeting that has not come by then is not coming.
const GREETING_WAIT: Duration = Duration::from_secs(12);

/// The game with a friend as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SavedFriend {
    game: String,
    me: Player,
}

/// The game with a friend kept on this device, if one is and it opens; what
/// cannot be read, or holds a game that does not open, is set aside and
/// reported (nothing lost, and a new game does not write over it).
pub(crate) fn load_saved() -> Option<SavedFriend> {
    let saved = crate::platform::storage::get_or_reset::<SavedFriend>(FRIEND_KEY)?;
    // What `PlayState::from_text` checks, with the engine's reason.
    let opened = congklak::GameRecord::parse(&saved.game)
        .and_then(|record| record.game(packs()).map(|_| ()));
    match opened {
        Ok(()) => Some(saved),
        Err(e) => {
            crate::platform::storage::set_aside(
                FRIEND_KEY,
                crate::platform::storage::Unfit::Record(e),
            );
            None
        }
    }
}

impl crate::platform::storage::Stored for SavedFriend {
    fn from_json(
        value: &serde_json::Value,
    ) -> Result<SavedFriend, crate::platform::storage::Unfit> {
        let m = congklak::json::Members::of(value, "the game with a friend")?;
        Ok(SavedFriend {
            game: m.str("game")?.to_string(),
            me: Player::from_json(m.req("me")?)?,
        })
    }
    fn to_json(&self) -> serde_json::Value {
        crate::platform::storage::object([
            ("game", self.game.as_str().into()),
            ("me", self.me.to_json()),
        ])
    }
}

/// What the page tells the player went wrong, in the page's language
/// ([`Say`]).
#[derive(Clone, Debug, PartialEq, Eq)]
enum FriendProblem {
    /// Play stopped, or a message was refused (see [`FriendGame::receive`]).
    Play(Problem),
    /// A pasted or linked code cannot be read.
    Code(model::CodeProblem),
    /// An answer code on a device that made no invitation.
    AnswerEarly,
    /// An invitation without a game.
    NoGame,
    /// The connection could not be made.
    Connect(rtc::RtcProblem),
    /// Still no connection after a while.
    Slow,
    /// The game in the address does not open.
    Link(crate::game::state::GameProblem),
}

impl Say for FriendProblem {
    fn say(&self, lang: crate::texts::i18n::Lang) -> String {
        match self {
            // Both games, in words, so the players see where they differ.
            FriendProblem::Play(Problem::RulesDiffer { mine, theirs }) => trf(
                lang,
                k::FRIEND_PROBLEM_RULES_BOTH,
                &[&rules_summary(lang, mine), &rules_summary(lang, theirs)],
            ),
            FriendProblem::Play(p) => p.say(lang),
            FriendProblem::Code(e) => trf(lang, k::FRIEND_CODE_BAD, &[&e.say(lang)]),
            FriendProblem::AnswerEarly => tr(lang, k::FRIEND_CODE_ANSWER_EARLY).into(),
            FriendProblem::NoGame => tr(lang, k::FRIEND_CODE_NOGAME).into(),
            FriendProblem::Connect(e) => trf(lang, k::FRIEND_CONNECT_FAILED, &[&e.say(lang)]),
            FriendProblem::Slow => tr(lang, k::FRIEND_CONNECT_SLOW).into(),
            FriendProblem::Link(e) => trf(lang, k::LINK_BROKEN, &[&e.say(lang)]),
        }
    }
}

/// Where the page is.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// The host chooses the rules (or the guest pastes an invitation).
    Start,
    /// Making a code (gathering the network candidates).
    Working,
    /// The host's invitation is out; waiting for the answer code.
    Invited(String),
    /// The guest read an invitation: its rules, to join or not.
    Proposed(Code),
    /// The guest's answer is out; waiting for the connection.
    Answered(String),
    /// Connected.
    Playing,
    /// The connection was lost.
    Lost,
}

fn random_hex(bytes: usize) -> String {
    (0..bytes)
        .map(|_| format!("{:02x}", (js_sys::Math::random() * 256.0) as u8))
        .collect()
}

/// A QR code of `text` as SVG markup (or nothing if it is too long).
fn qr_svg(text: &str) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

/// `/friend`: its title and introduction, drawn by the build alone, and
/// the game with a friend ([`FriendPlay`]).
#[component]
pub fn FriendPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::FRIEND_TITLE)}</h1>
        <p>{t(lang, k::FRIEND_INTRO)}</p>
        <FriendPlay/>
    }
}

/// Hosting or joining a game, the connection and the game: an island (see
/// `build.rs`).
// An island; in the islands bundle, its code is a part of its own, fetched
// when a page first shows it (see build.rs).
#[cfg_attr(all(islands, feature = "split"), island(lazy))]
#[cfg_attr(all(islands, not(feature = "split")), island)]
#[cfg_attr(not(islands), component)]
fn FriendPlay() -> impl IntoView {
    let lang = crate::texts::i18n::provide_page_lang();
    let stage = RwSignal::new(Stage::Start);
    let game: RwSignal<Option<FriendGame>> = RwSignal::new(None);
    let saved: RwSignal<Option<SavedFriend>> = RwSignal::new(None);
    let problem: RwSignal<Option<FriendProblem>> = RwSignal::new(None);
    let note: RwSignal<Option<String>> = RwSignal::new(None);
    let stun = RwSignal::new(false);
    let shown: RwSignal<Option<BoardView>> = RwSignal::new(None);
    let frames: StoredValue<VecDeque<BoardView>> = StoredValue::new(VecDeque::new());
    // How many times a channel has opened on this page (a wait for the
    // greeting belongs to one of them).
    let openings = StoredValue::new(0u32);
    let last_summary = RwSignal::new(String::new());
    // The host's rules: a pack and size, or a ruleset or game from the address.
    let form_pack = RwSignal::new("umum".to_string());
    let form_size = RwSignal::new(7u8);
    let from_address: RwSignal<Option<PlayState>> = RwSignal::new(None);
    let pasted = RwSignal::new(String::new());
    // Whether the Resign button was tapped and waits for its confirmation.
    let confirming_resign = RwSignal::new(false);

    // Saves the game whenever it changes.
    Effect::new(move |_| {
        game.with(|g| {
            if let Some(g) = g {
                let s = SavedFriend {
                    game: g.game.record.to_text(),
                    me: g.me,
                };
                let _ = crate::platform::storage::set(FRIEND_KEY, &s);
            }
        });
    });

    // Shows a turn's frames, one a tick.
    let animate = move |before: BoardView, events: &[congklak::Event], after: BoardView| {
        last_summary.set(summary(lang.get_untracked(), events));
        let reduced = window()
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        if reduced {
            shown.set(Some(after));
            return;
        }
        frames.set_value(BoardView::frames(&before, events).into());
        fn tick(shown: RwSignal<Option<BoardView>>, frames: StoredValue<VecDeque<BoardView>>) {
            if let Some(f) = frames.try_update_value(|f| f.pop_front()).flatten() {
                let _ = shown.try_set(Some(f));
                set_timeout(move || tick(shown, frames), Duration::from_millis(70));
            }
        }
        tick(shown, frames);
    };
    let board_now =
        move || game.with_untracked(|g| g.as_ref().map(|g| BoardView::of(g.position())));

    let send_all = move |msgs: Vec<Msg>| {
        for m in msgs {
            rtc::send(&m.to_text());
        }
    };

    // What the connection reports.
    let on_event = move |e: RtcEvent| match e {
        RtcEvent::Open => {
            problem.set(None);
            stage.set(Stage::Playing);
            if let Some(hello) = game.with_untracked(|g| g.as_ref().map(FriendGame::hello)) {
                rtc::send(&hello.to_text());
            }
            shown.set(board_now());
            // No greeting from the other device a while after the channel
            // opened: the connection is of no use, and is said to be lost
            // (with its way to reconnect) rather than left waiting.
            let this = openings.try_update_value(|n| {
                *n += 1;
                *n
            });
            set_timeout(
                move || {
                    let waiting = game
                        .try_with_untracked(|g| {
                            g.as_ref().is_some_and(FriendGame::awaiting_greeting)
                        })
                        .unwrap_or(false);
                    if waiting
                        && openings.try_get_value() == this
                        && stage.try_get_untracked() == Some(Stage::Playing)
                    {
                        let _ = stage.try_set(Stage::Lost);
                    }
                },
                GREETING_WAIT,
            );
        }
        RtcEvent::Lost => {
            if stage.get_untracked() == Stage::Playing {
                stage.set(Stage::Lost);
            }
        }
        RtcEvent::Message(text) => {
            let msg = match Msg::parse(&text) {
                Ok(m) => m,
                Err(e) => {
                    // Refused like any message: said here, and told to the other side.
                    if let Some((p, replies)) = game
                        .try_update(|g| g.as_mut().map(|g| g.unreadable(e.clone())))
                        .flatten()
                    {
                        send_all(replies);
                        problem.set(Some(FriendProblem::Play(p)));
                    } else {
                        problem.set(Some(FriendProblem::Play(Problem::Unreadable(e))));
                    }
                    return;
                }
            };
            let before = board_now();
            let Some((result, replies)) = game
                .try_update(|g| g.as_mut().map(|g| g.receive(msg)))
                .flatten()
            else {
                return;
            };
            send_all(replies);
            // A greeting after the wait for it ran out: the connection
            // works after all.
            if matches!(result, Ok(Received::Greeted | Received::CaughtUp(_)))
                && stage.get_untracked() == Stage::Lost
            {
                stage.set(Stage::Playing);
            }
            match result {
                Ok(Received::Played(turn)) => {
                    if let (Some(b), Some(a)) = (before, board_now()) {
                        animate(b, &turn.events, a);
                    }
                }
                Ok(Received::Resynced) => {
                    problem.set(None);
                    shown.set(board_now());
                    note.set(Some(
                        tr(lang.get_untracked(), k::FRIEND_RESYNCED).to_string(),
                    ));
                }
                Ok(Received::CaughtUp(n)) => {
                    shown.set(board_now());
                    note.set(Some(trf(lang.get_untracked(), k::FRIEND_CAUGHTUP, &[&n])));
                }
                Ok(Received::Reacted(r)) => {
                    note.set(Some(trf(
                        lang.get_untracked(),
                        k::FRIEND_REACT_GOT,
                        &[&tr(lang.get_untracked(), r.key())],
                    )));
                }
                Ok(_) => {}
                Err(p) => {
                    if let Problem::RulesDiffer { .. } = &p {
                        rtc::close();
                        stage.set(Stage::Start);
                    }
                    problem.set(Some(FriendProblem::Play(p)));
                    // The replies (the refusal for the other side, and the
                    // host's move list) are sent above; a mismatched move
                    // stays played.
                    shown.set(board_now());
                }
            }
        }
    };

    // A pasted or linked code: an invitation (guest) or an answer (host).
    let read_code = move |text: &str| {
        match Code::parse(text) {
            Err(e) => problem.set(Some(FriendProblem::Code(e))),
            Ok(code) if code.kind == CodeKind::Offer => {
                problem.set(None);
                stage.set(Stage::Proposed(code));
            }
            Ok(code) => {
                if !matches!(stage.get_untracked(), Stage::Invited(_)) {
                    problem.set(Some(FriendProblem::AnswerEarly));
                    return;
                }
                problem.set(None);
                leptos::task::spawn_local(async move {
                    if let Err(e) = rtc::accept(&code.sdp).await {
                        leptos::logging::warn!("the connection could not be made: {e}");
                        let _ = problem.try_set(Some(FriendProblem::Connect(e)));
                    }
                });
                // No connection after a while: say so, and what to try.
                set_timeout(
                    move || {
                        if matches!(stage.try_get_untracked(), Some(Stage::Invited(_))) {
                            let _ = problem.try_set(Some(FriendProblem::Slow));
                        }
                    },
                    Duration::from_secs(20),
                );
            }
        }
    };

    // Once live: the handler, the saved game, an invitation in the address.
    Effect::new(move |_| {
        rtc::set_handler(on_event);
        saved.set(load_saved());
        let query = crate::platform::address::query;
        if let Some(g) = query("g").or_else(|| {
            query("r").map(|r| format!("1.{r}.{}.", (js_sys::Math::random() * 1e9) as u64 + 1))
        }) {
            match PlayState::from_text(&g, None) {
                Ok(s) => from_address.set(Some(s)),
                Err(e) => problem.set(Some(FriendProblem::Link(e))),
            }
        }
        let hash = window().location().hash().unwrap_or_default();
        if hash.len() > 1 {
            read_code(hash.trim_start_matches('#'));
        }
    });
    // A new invitation link opened on this page (only the `#code` changes).
    let hash_listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let hash = window().location().hash().unwrap_or_default();
        if hash.len() > 1 {
            read_code(hash.trim_start_matches('#'));
        }
    });
    on_cleanup(move || {
        hash_listener.remove();
        rtc::close();
    });

    // The host invites: a new game (or the one from the address, or the
    // saved one to resume).
    let invite = move |resume: bool| {
        let state = if resume {
            saved
                .get_untracked()
                .and_then(|s| PlayState::from_text(&s.game, None).ok())
        } else {
            from_address.get_untracked().or_else(|| {
                let pack = packs().get(&form_pack.get_untracked())?;
                let size = if pack.board_sizes.contains(&form_size.get_untracked()) {
                    form_size.get_untracked()
                } else {
                    pack.rules.holes
                };
                Some(PlayState::new(
                    pack,
                    size,
                    None,
                    (js_sys::Math::random() * 1e9) as u64 + 1,
                ))
            })
        };
        let Some(state) = state else { return };
        let text = state.record.to_text();
        game.set(Some(FriendGame::new(state, Player::A)));
        shown.set(board_now());
        stage.set(Stage::Working);
        let use_stun = stun.get_untracked();
        leptos::task::spawn_local(async move {
            match rtc::offer(use_stun).await {
                Ok(sdp) => {
                    let code = Code {
                        v: crate::features::friend::model::VERSION,
                        kind: CodeKind::Offer,
                        sdp,
                        game: Some(text),
                    };
                    let _ = stage.try_set(Stage::Invited(code.to_text()));
                }
                Err(e) => {
                    leptos::logging::warn!("the connection could not be made: {e}");
                    let _ = problem.try_set(Some(FriendProblem::Connect(e)));
                    let _ = stage.try_set(Stage::Start);
                }
            }
        });
    };

    // The guest joins: the invitation's game (resuming the saved one if it
    // is the same game, further on).
    let join = move |code: Code| {
        let Some(state) = code
            .game
            .as_deref()
            .and_then(|g| PlayState::from_text(g, None).ok())
        else {
            problem.set(Some(FriendProblem::NoGame));
            return;
        };
        game.set(Some(FriendGame::new(state, Player::B)));
        shown.set(board_now());
        stage.set(Stage::Working);
        let use_stun = stun.get_untracked();
        leptos::task::spawn_local(async move {
            match rtc::answer(&code.sdp, use_stun).await {
                Ok(sdp) => {
                    let code = Code {
                        v: crate::features::friend::model::VERSION,
                        kind: CodeKind::Answer,
                        sdp,
                        game: None,
                    };
                    let _ = stage.try_set(Stage::Answered(code.to_text()));
                }
                Err(e) => {
                    leptos::logging::warn!("the connection could not be made: {e}");
                    let _ = problem.try_set(Some(FriendProblem::Connect(e)));
                    let _ = stage.try_set(Stage::Start);
                }
            }
        });
    };

    // A hole picked on the board.
    let on_pick = Callback::new(move |(side, k): (Player, u8)| {
        let salt = random_hex(16);
        let before = board_now();
        let Some((msgs, turn)) = game
            .try_update(|g| {
                g.as_mut()
                    .filter(|g| g.me == side)
                    .map(|g| g.pick(k, &salt))
            })
            .flatten()
        else {
            return;
        };
        send_all(msgs);
        if let (Some(turn), Some(b), Some(a)) = (turn, before, board_now()) {
            animate(b, &turn.events, a);
        }
    });

    let legal = Signal::derive(move || {
        if stage.get() != Stage::Playing {
            return Vec::new();
        }
        game.with(|g| {
            g.as_ref()
                .map(|g| g.legal().into_iter().map(|k| (g.me, k)).collect())
                .unwrap_or_default()
        })
    });
    let status = move || {
        let lang = lang.get();
        game.with(|g| {
            let g = g.as_ref()?;
            let pos = g.position();
            if let Some(o) = pos.outcome() {
                // Both people play here, so the end names players, not "you".
                return Some(end_text(lang, &o, &g.game.rules, None));
            }
            if g.stopped().is_some() {
                return Some(tr(lang, k::FRIEND_STOPPED).to_string());
            }
            // Connected, but the other side's greeting has not come: no
            // move may be made yet (once lost, the notice says it all).
            if g.awaiting_greeting() {
                return (stage.get() == Stage::Playing)
                    .then(|| tr(lang, k::FRIEND_GREETING).to_string());
            }
            Some(match pos.to_move() {
                Some(ToMove::Both) if g.waiting_for_their_pick() => {
                    tr(lang, k::FRIEND_BOTH_WAITING).to_string()
                }
                Some(ToMove::Both) => tr(lang, k::FRIEND_BOTH).to_string(),
                Some(ToMove::One(p)) if p == g.me => {
                    trf(lang, k::TURN_YOURS, &[&player_name(lang, p)])
                }
                Some(ToMove::One(p)) => trf(lang, k::FRIEND_THEIRS, &[&player_name(lang, p)]),
                None => String::new(),
            })
        })
    };
    // Who resigned, said to this device's player.
    let resigned_text = move || {
        let lang = lang.get();
        game.with(|g| {
            let g = g.as_ref()?;
            let key = if g.resigned()? == g.me {
                k::FRIEND_RESIGNED_YOU
            } else {
                k::FRIEND_RESIGNED_THEY
            };
            Some(tr(lang, key).to_string())
        })
    };
    let may_resign = Signal::derive(move || {
        stage.get() == Stage::Playing
            && game.with(|g| g.as_ref().is_some_and(FriendGame::can_resign))
    });
    // Our resignation, once confirmed: the game ends here and the other
    // device is told.
    let resign = move || {
        confirming_resign.set(false);
        if let Some(msg) = game
            .try_update(|g| g.as_mut().and_then(FriendGame::resign))
            .flatten()
        {
            send_all(vec![msg]);
        }
    };
    let presentation = Signal::derive(move || {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.game.pack())
                .map(|p| p.presentation)
        })
        .unwrap_or(crate::game::state::COMMON_LOOK)
    });
    let view_now = Signal::derive(move || {
        shown
            .get()
            .unwrap_or_else(|| BoardView::of(&congklak::Position::new(&congklak::Rules::default())))
    });

    view! {
        {move || problem.get().map(|p| view! { <div class="notice" role="alert" data-testid="friend-problem"><p>{p.say(lang.get())}</p></div> })}
        {move || match stage.get() {
            Stage::Start => view! {
                <section class="friend-start">
                    <h2>{t(lang, k::FRIEND_HOST_H)}</h2>
                    {move || match from_address.get() {
                        Some(s) => view! { <p data-testid="friend-rules">{rules_summary(lang.get(), &s.record.to_text())}</p> }.into_any(),
                        None => view! {
                            <div class="form-grid">
                                <label>
                                    <span>{t(lang, k::SETUP_PACK)}</span>
                                    <select data-testid="friend-pack" on:change=move |ev| {
                                        let id = event_target_value(&ev);
                                        if let Some(p) = packs().get(&id) { form_size.set(p.rules.holes); }
                                        form_pack.set(id);
                                    }>
                                        {packs().all().iter().map(|p| {
                                            let id = p.id.clone();
                                            let here = id.clone();
                                            view! { <option value=id selected=move || form_pack.get() == here>{move || p.name.get(lang.get().code()).to_string()}</option> }
                                        }).collect_view()}
                                    </select>
                                </label>
                                <label>
                                    <span>{t(lang, k::SETUP_SIZE)}</span>
                                    <select data-testid="friend-size" on:change=move |ev| form_size.set(event_target_value(&ev).parse().unwrap_or(7))>
                                        {move || packs().get(&form_pack.get()).map(|p| p.board_sizes.clone()).unwrap_or_default().into_iter().map(|n| view! {
                                            <option value=n.to_string() selected=move || form_size.get() == n>{n}</option>
                                        }).collect_view()}
                                    </select>
                                </label>
                            </div>
                        }.into_any(),
                    }}
                    <label class="check">
                        <input type="checkbox" prop:checked=move || stun.get() on:change=move |ev| stun.set(event_target_checked(&ev))/>
                        " " {t(lang, k::FRIEND_STUN)}
                    </label>
                    <p>
                        <button class="btn primary" data-testid="friend-invite" on:click=move |_| invite(false)>{t(lang, k::FRIEND_INVITE)}</button>
                        {move || saved.get().filter(|s| s.me == Player::A).map(|_| view! {
                            " " <button class="btn" data-testid="friend-resume" on:click=move |_| invite(true)>{t(lang, k::FRIEND_RESUME)}</button>
                        })}
                    </p>
                    <h2>{t(lang, k::FRIEND_GUEST_H)}</h2>
                    <label class="code-paste">
                        <span>{t(lang, k::FRIEND_PASTE_INVITE)}</span>
                        <textarea data-testid="friend-paste-invite" rows="3" prop:value=move || pasted.get()
                            on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                    </label>
                    <button class="btn" data-testid="friend-read" on:click=move |_| read_code(&pasted.get_untracked())>{t(lang, k::FRIEND_READ)}</button>
                </section>
            }.into_any(),
            Stage::Working => view! { <p role="status" data-testid="friend-working">{t(lang, k::FRIEND_WORKING)}</p> }.into_any(),
            Stage::Invited(code) => {
                let link = format!("{}{}", window().location().origin().unwrap_or_default(), lang.get_untracked().path(&format!("/friend#{code}")));
                view! {
                    <section class="friend-code">
                        <h2>{t(lang, k::FRIEND_INVITED_H)}</h2>
                        <p>{t(lang, k::FRIEND_INVITED)}</p>
                        <CodeBox code=code.clone() link=link testid="friend-offer"/>
                        <label class="code-paste">
                            <span>{t(lang, k::FRIEND_PASTE_ANSWER)}</span>
                            <textarea data-testid="friend-paste-answer" rows="3" prop:value=move || pasted.get()
                                on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                        </label>
                        <button class="btn primary" data-testid="friend-connect" on:click=move |_| read_code(&pasted.get_untracked())>{t(lang, k::FRIEND_CONNECT)}</button>
                    </section>
                }.into_any()
            }
            Stage::Proposed(code) => {
                let text = code.game.clone().unwrap_or_default();
                let resuming = saved.get_untracked().is_some_and(|s| s.me == Player::B && same_game(&s.game, &text));
                view! {
                    <section class="friend-proposed">
                        <h2>{t(lang, k::FRIEND_PROPOSED_H)}</h2>
                        <p data-testid="friend-rules">{rules_summary(lang.get_untracked(), &text)}</p>
                        {resuming.then(|| view! { <p>{t(lang, k::FRIEND_PROPOSED_RESUME)}</p> })}
                        <button class="btn primary" data-testid="friend-join" on:click=move |_| join(code.clone())>{t(lang, k::FRIEND_JOIN)}</button>
                    </section>
                }.into_any()
            }
            Stage::Answered(code) => view! {
                <section class="friend-code">
                    <h2>{t(lang, k::FRIEND_ANSWERED_H)}</h2>
                    <p>{t(lang, k::FRIEND_ANSWERED)}</p>
                    <CodeBox code=code.clone() link=String::new() testid="friend-answer"/>
                </section>
            }.into_any(),
            Stage::Playing | Stage::Lost => view! {
                <section class="friend-play">
                    {move || (stage.get() == Stage::Lost).then(|| view! {
                        <div class="notice" role="alert" data-testid="friend-lost">
                            <p>{t(lang, k::FRIEND_LOST)}</p>
                            <button class="btn" on:click=move |_| { rtc::close(); saved.set(load_saved()); from_address.set(None); stage.set(Stage::Start); }>
                                {t(lang, k::FRIEND_RECONNECT)}
                            </button>
                        </div>
                    })}
                    <p class="status" data-testid="friend-status">{status}</p>
                    <p class="friend-side">{move || game.with(|g| g.as_ref().map(|g| trf(lang.get(), k::FRIEND_YOU_ARE, &[&player_name(lang.get(), g.me)])))}</p>
                    <div class="board-wrap">
                        <Board view=view_now presentation=presentation lang=lang legal=legal on_pick=on_pick id="friend"/>
                    </div>
                    <p class="turn-summary" data-testid="friend-summary">{move || last_summary.get()}</p>
                    <p data-testid="friend-resigned">{resigned_text}</p>
                    <p class="friend-resign">
                        <button class="btn" data-testid="friend-resign" aria-expanded=move || confirming_resign.get().to_string()
                            disabled=move || !may_resign.get()
                            on:click=move |_| confirming_resign.update(|c| *c = !*c)>{t(lang, k::RESIGN)}</button>
                        {move || (confirming_resign.get() && may_resign.get()).then(|| view! {
                            " "
                            <span class="resign-ask" role="group">
                                <span>{move || game.with(|g| g.as_ref().map(|g| trf(lang.get(), k::RESIGN_ASK, &[&player_name(lang.get(), g.me)])))}</span> " "
                                <button class="btn primary" data-testid="friend-resign-confirm" on:click=move |_| resign()>{t(lang, k::RESIGN_CONFIRM)}</button> " "
                                <button class="btn subtle" data-testid="friend-resign-cancel"
                                    on:click=move |_| confirming_resign.set(false)>{t(lang, k::RESIGN_CANCEL)}</button>
                            </span>
                        })}
                    </p>
                    <p class="reactions">
                        {Reaction::ALL.iter().map(|&r| view! {
                            <button class="btn subtle" on:click=move |_| { rtc::send(&Msg::React { r }.to_text()); note.set(Some(trf(lang.get_untracked(), k::FRIEND_REACT_SENT, &[&tr(lang.get_untracked(), r.key())]))); }>
                                {t(lang, r.key())}
                            </button>
                        }).collect_view()}
                    </p>
                    <p role="status" data-testid="friend-note">{move || note.get()}</p>
                    <p>{move || game.with(|g| g.as_ref().map(|g| {
                        let href = lang.get_untracked().path(&format!("/?g={}&vs=hotseat", g.game.record.to_text()));
                        view! { <a href=href data-testid="friend-link">{t(lang, k::FRIEND_LINK)}</a> }
                    }))}</p>
                </section>
            }.into_any(),
        }}
    }
}

/// Whether two records are the same game (rules and number), one a
/// continuation of the other.
fn same_game(a: &str, b: &str) -> bool {
    match (
        congklak::GameRecord::parse(a),
        congklak::GameRecord::parse(b),
    ) {
        (Ok(a), Ok(b)) => a.ruleset == b.ruleset && a.seed == b.seed,
        _ => false,
    }
}

/// A game's rules in words: the pack, the board, where it differs from
/// the common reading, and how far the game is.
fn rules_summary(lang: crate::texts::i18n::Lang, record: &str) -> String {
    match PlayState::from_text(record, None) {
        Ok(s) => {
            let name = s
                .pack()
                .map(|p| p.name.get(lang.code()).to_string())
                .unwrap_or_default();
            let mut text = trf(
                lang,
                k::FRIEND_RULES,
                &[&name, &s.rules.holes, &s.rules.seeds_per_hole],
            );
            let diffs = differences_in_words(lang, &s.rules);
            if !diffs.is_empty() {
                text.push(' ');
                text.push_str(&diffs.join("; "));
                text.push('.');
            }
            if !s.record.moves.is_empty() {
                text.push(' ');
                text.push_str(&trf(lang, k::FRIEND_RULES_MOVES, &[&s.record.moves.len()]));
            }
            text
        }
        Err(e) => e.say(lang),
    }
}

/// A code to send: the text (selectable, with a copy button), the link,
/// and a QR code.
#[component]
fn CodeBox(code: String, link: String, testid: &'static str) -> impl IntoView {
    let lang = use_lang();
    let copied = RwSignal::new(false);
    let to_copy = if link.is_empty() {
        code.clone()
    } else {
        link.clone()
    };
    let qr = qr_svg(&to_copy);
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&to_copy);
        copied.set(true);
    };
    view! {
        <div class="code-box">
            <textarea readonly rows="4" data-testid=testid prop:value=code.clone()></textarea>
            <p>
                <button class="btn" on:click=copy>{t(lang, if link.is_empty() { k::FRIEND_COPY_CODE } else { k::FRIEND_COPY_LINK })}</button>
                " " <span role="status">{move || copied.get().then(|| tr(lang.get(), k::COPY_DONE))}</span>
            </p>
            {(!link.is_empty()).then(|| view! { <p class="code-link"><a href=link.clone()>{t(lang, k::FRIEND_LINK_INVITE)}</a></p> })}
            {qr.map(|svg| view! { <div class="qr" role="img" aria-label=t(lang, k::FRIEND_QR) inner_html=svg></div> })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::friend::model::{CodeProblem, Refusal, Unreadable};
    use crate::game::state::GameProblem;
    use crate::platform::rtc::RtcProblem;
    use crate::texts::i18n::{assert_said_in_both, Lang};

    #[test]
    fn what_went_wrong_with_a_friend_is_said_in_both_languages() {
        crate::game::state::install_packs(congklak::PackSet::builtin());
        let all = [
            FriendProblem::Play(Problem::RulesDiffer {
                mine: "1.umum.7.".into(),
                theirs: "1.sungka.7.".into(),
            }),
            FriendProblem::Play(Problem::Refused(Refusal::OutOfTurn)),
            FriendProblem::Play(Problem::TheyRefused(Refusal::Over)),
            FriendProblem::Play(Problem::Unreadable(Unreadable::Message)),
            FriendProblem::Code(CodeProblem::NotACode),
            FriendProblem::Code(CodeProblem::OtherVersion(2)),
            FriendProblem::AnswerEarly,
            FriendProblem::NoGame,
            FriendProblem::Connect(RtcProblem::Closed),
            FriendProblem::Connect(RtcProblem::Refused(Some("InvalidStateError".into()))),
            FriendProblem::Slow,
            FriendProblem::Link(GameProblem::Damaged),
        ];
        assert_said_in_both(&all.iter().map(|p| p as &dyn Say).collect::<Vec<_>>());
        // The same words as when the page put them together itself.
        assert_eq!(
            FriendProblem::Connect(RtcProblem::Closed).say(Lang::En),
            "The connection could not be made: the invitation was closed; make a new one."
        );
        assert_eq!(
            FriendProblem::Code(CodeProblem::Damaged).say(Lang::Id),
            trf(
                Lang::Id,
                k::FRIEND_CODE_BAD,
                &[&CodeProblem::Damaged.say(Lang::Id)]
            )
        );
        let differ = FriendProblem::Play(Problem::RulesDiffer {
            mine: "1.umum.7.".into(),
            theirs: "1.sungka.7.".into(),
        })
        .say(Lang::En);
        assert!(
            differ.starts_with("Refused: the two devices hold different games. Yours: "),
            "{differ}"
        );
    }
}
