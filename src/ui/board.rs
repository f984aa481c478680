//! The board: one carved, boat-shaped body with a store (lumbung) at each
//! end and the holes as recesses, drawn in SVG. Presentation follows the pack
//! (clockwise with your store on your left, or the mirror image). On narrow
//! screens the board stands upright, turned by the style sheet (a quarter
//! turn of the drawing, its numbers turned back), so the pre-rendered page
//! already has its final shape and nothing moves when the app goes live. Each hole is a button whose accessible
//! name gives player, hole number and seeds. The board decides nothing: it
//! shows a [`BoardView`] and reports picks.

use crate::game::board_view::BoardView;
use crate::texts::i18n::k;
use crate::texts::i18n::{t, tr, trf, Lang};
use crate::ui::board_text::player_name;
use crate::ui::numbers::dec;
use congklak::{Direction, Place, Player, Presentation, StoreSide};
use leptos::prelude::*;

/// Seeds drawn as seeds up to this many; a numeral above.
const SEED_DRAW_MAX: u16 = 12;
/// Width of one column (a hole or a store), in SVG units.
const COL: f64 = 64.0;
/// Margin around the body.
const MARGIN: f64 = 14.0;
/// Height of the board lying flat.
const HEIGHT: f64 = 290.0;
/// Room at each side of the upright board for the stores' counts.
const UPRIGHT_ROOM: f64 = 26.0;
/// Hole radius.
const HOLE_R: f64 = 25.0;

/// Where everything goes, for a board of `n` holes a side.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    n: u8,
    mirror: bool,
}

impl Layout {
    fn flat_width(self) -> f64 {
        (self.n as f64 + 2.0) * COL + 2.0 * MARGIN
    }
    /// The view box: width, height.
    fn size(self) -> (f64, f64) {
        (self.flat_width(), HEIGHT)
    }
    /// A point of the flat, unmirrored board to screen coordinates.
    fn map(self, x: f64, y: f64) -> (f64, f64) {
        let x = if self.mirror {
            self.flat_width() - x
        } else {
            x
        };
        (x, y)
    }
    fn col_x(col: f64) -> f64 {
        MARGIN + (col + 0.5) * COL
    }
    /// Row and column of a hole on the flat board: A along the bottom, its store on the left.
    fn hole_flat(self, side: Player, k: u8) -> (f64, f64) {
        match side {
            Player::A => (Self::col_x((self.n - k + 1) as f64), 182.0),
            Player::B => (Self::col_x(k as f64), 108.0),
        }
    }
    fn hole(self, side: Player, k: u8) -> (f64, f64) {
        let (x, y) = self.hole_flat(side, k);
        self.map(x, y)
    }
    /// Where a hole's count is written: outside the board, beside its owner.
    fn hole_label(self, side: Player, k: u8) -> (f64, f64) {
        let (x, _) = self.hole_flat(side, k);
        self.map(x, Self::label_y(side))
    }
    /// Counts are written outside the body: B's above it, A's below.
    fn label_y(side: Player) -> f64 {
        match side {
            Player::A => HEIGHT - 20.0,
            Player::B => 22.0,
        }
    }
    /// Where a store's count is written.
    fn store_label(self, side: Player) -> (f64, f64) {
        let (x, _) = self.store_flat(side);
        self.map(x, Self::label_y(side))
    }
    fn store_flat(self, side: Player) -> (f64, f64) {
        match side {
            Player::A => (Self::col_x(0.0) + 6.0, HEIGHT / 2.0),
            Player::B => (Self::col_x(self.n as f64 + 1.0) - 6.0, HEIGHT / 2.0),
        }
    }
    fn store(self, side: Player) -> (f64, f64) {
        let (x, y) = self.store_flat(side);
        self.map(x, y)
    }
    /// Store radii on screen.
    fn store_r(self) -> (f64, f64) {
        (30.0, 66.0)
    }
    /// The boat-shaped body as an SVG path.
    fn body(self) -> String {
        let w = self.flat_width();
        let (t, b, mid) = (52.0, HEIGHT - 52.0, HEIGHT / 2.0);
        let pts = [
            (MARGIN - 6.0, mid),
            (MARGIN + 10.0, t - 8.0),
            (MARGIN + COL * 1.3, t),
            (w - MARGIN - COL * 1.3, t),
            (w - MARGIN - 10.0, t - 8.0),
            (w - MARGIN + 6.0, mid),
            (w - MARGIN - 10.0, b + 8.0),
            (w - MARGIN - COL * 1.3, b),
            (MARGIN + COL * 1.3, b),
            (MARGIN + 10.0, b + 8.0),
        ];
        let p: Vec<(String, String)> = pts
            .iter()
            .map(|&(x, y)| {
                let (x, y) = self.map(x, y);
                (dec(x, 1), dec(y, 1))
            })
            .collect();
        format!(
            "M{},{} Q{},{} {},{} L{},{} Q{},{} {},{} Q{},{} {},{} L{},{} Q{},{} {},{} Z",
            p[0].0,
            p[0].1,
            p[1].0,
            p[1].1,
            p[2].0,
            p[2].1,
            p[3].0,
            p[3].1,
            p[4].0,
            p[4].1,
            p[5].0,
            p[5].1,
            p[6].0,
            p[6].1,
            p[7].0,
            p[7].1,
            p[8].0,
            p[8].1,
            p[9].0,
            p[9].1,
            p[0].0,
            p[0].1
        )
    }
}

/// `x,y` with one decimal each (see [`dec`]: no float formatting in the wasm).
fn pt(x: f64, y: f64) -> String {
    format!("{},{}", dec(x, 1), dec(y, 1))
}

/// Offsets of drawn seeds inside a hole, in SVG units.
const SEED_SPOTS: [(f64, f64); 12] = [
    (0.0, 0.0),
    (-9.0, -5.0),
    (9.0, 5.0),
    (9.0, -6.0),
    (-9.0, 6.0),
    (0.0, -11.0),
    (0.0, 11.0),
    (-15.0, 0.0),
    (15.0, 0.0),
    (-6.0, -15.0),
    (7.0, 15.0),
    (14.0, -11.0),
];

fn seeds_svg(count: u16, cx: f64, cy: f64, big: bool) -> AnyView {
    if count > SEED_DRAW_MAX {
        let size = if big { 26 } else { 20 };
        return view! {
            <text class="numeral" x=dec(cx, 1) y=dec(cy + size as f64 * 0.35, 1)
                text-anchor="middle" font-size=size aria-hidden="true">{count}</text>
        }
        .into_any();
    }
    (0..count as usize)
        .map(|i| {
            let (dx, dy) = SEED_SPOTS[i];
            let rot = i * 47 % 180;
            view! {
                <ellipse class="seed" cx=dec(cx + dx, 1) cy=dec(cy + dy, 1)
                    rx="4.6" ry="3.3"
                    transform=format!("rotate({rot} {} {})", dec(cx + dx, 1), dec(cy + dy, 1))/>
            }
        })
        .collect_view()
        .into_any()
}

/// The board component.
#[component]
pub fn Board(
    /// What to show.
    #[prop(into)]
    view: Signal<BoardView>,
    /// How the pack draws it.
    #[prop(into)]
    presentation: Signal<Presentation>,
    /// The UI language.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Holes that may be played now.
    #[prop(into, optional)]
    legal: Option<Signal<Vec<(Player, u8)>>>,
    /// Places to mark (a preview's end, holes that differ).
    #[prop(into, optional)]
    marks: Option<Signal<Vec<Place>>>,
    /// A hole was picked.
    #[prop(optional)]
    on_pick: Option<Callback<(Player, u8)>>,
    /// The pointer or focus is on a hole (or left it).
    #[prop(optional)]
    on_hover: Option<Callback<Option<(Player, u8)>>>,
    /// Draw no seeds, only the counts written beside each hole and store: for
    /// the many small boards of a pack page, where seeds would be thousands
    /// of shapes to draw and hydrate.
    #[prop(optional)]
    compact: bool,
    /// Write each hole's number on the board, inside its edge (for lessons,
    /// which name holes by number).
    #[prop(optional)]
    numbered: bool,
    /// Distinguishes several boards on one page (data-board attribute).
    #[prop(into, default = "main".to_string())]
    id: String,
) -> impl IntoView {
    let layout = Memo::new(move |_| {
        let p = presentation.get();
        Layout {
            n: view.with(|v| v.holes()),
            mirror: p.direction == Direction::Anticlockwise || p.store == StoreSide::Right,
        }
    });
    let legal = legal.unwrap_or_else(|| Signal::derive(Vec::new));
    let marks = marks.unwrap_or_else(|| Signal::derive(Vec::new));
    let board_id = id.clone();
    // An arrow key moves the focus to the nearest playable hole that way on
    // the screen (the board may be mirrored or stand upright), and stops at
    // the last one.
    let focus_toward = move |side: Player, k: u8, key: &str| {
        use wasm_bindgen::JsCast;
        let (dx, dy) = match key {
            "ArrowRight" => (1.0, 0.0),
            "ArrowLeft" => (-1.0, 0.0),
            "ArrowDown" => (0.0, 1.0),
            _ => (0.0, -1.0),
        };
        let centre = |el: &web_sys::Element| {
            let r = el.get_bounding_client_rect();
            (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0)
        };
        let doc = document();
        let here = format!("[data-board='{board_id}'] [data-side='{side}'][data-hole='{k}']");
        let Some(from) = doc.query_selector(&here).ok().flatten() else {
            return;
        };
        let (x0, y0) = centre(&from);
        let Ok(all) = doc.query_selector_all(&format!("[data-board='{board_id}'] .hole.legal"))
        else {
            return;
        };
        let mut best: Option<(f64, web_sys::Element)> = None;
        for i in 0..all.length() {
            let Some(el) = all
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let (x, y) = centre(&el);
            let along = (x - x0) * dx + (y - y0) * dy;
            let across = ((x - x0) * dy - (y - y0) * dx).abs();
            // Ahead, and more ahead than aside.
            if along > 1.0 && across < along {
                let d = along + 2.0 * across;
                if best.as_ref().is_none_or(|(b, _)| d < *b) {
                    best = Some((d, el));
                }
            }
        }
        if let Some(el) = best.and_then(|(_, el)| el.dyn_into::<web_sys::SvgElement>().ok()) {
            let _ = el.focus();
        }
    };

    // A keyboard player's focus does not stay on a hole that can no longer
    // be played (the one just sown is empty): when there are holes to play
    // again (at once after an extra turn, or once the other side's turn is
    // over), it moves to the nearest of them by number. A hole picked with
    // the pointer keeps its focus, unseen, and nothing moves.
    let focus_board = id.clone();
    Effect::new(move |_| {
        let playable = legal.get();
        let Some(&(side, _)) = playable.first() else {
            return;
        };
        let Some(active) = document().active_element() else {
            return;
        };
        let in_board = active
            .closest(&format!("[data-board='{focus_board}'] .hole"))
            .ok()
            .flatten()
            .is_some_and(|h| h == active);
        if !in_board || !active.matches(":focus-visible").unwrap_or(false) {
            return;
        }
        let from: u8 = active
            .get_attribute("data-hole")
            .and_then(|h| h.parse().ok())
            .unwrap_or(1);
        let from_side = active.get_attribute("data-side");
        if playable
            .iter()
            .any(|(s, k)| *k == from && from_side.as_deref() == Some(&s.to_string()))
        {
            return;
        }
        let nearest = playable
            .iter()
            .filter(|(s, _)| *s == side)
            .min_by_key(|(_, k)| (k.abs_diff(from), *k))
            .map(|&(_, k)| k);
        let Some(k) = nearest else {
            return;
        };
        use wasm_bindgen::JsCast;
        let to = format!("[data-board='{focus_board}'] [data-side='{side}'][data-hole='{k}']");
        if let Some(el) = document()
            .query_selector(&to)
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<web_sys::SvgElement>().ok())
        {
            let _ = el.focus();
        }
    });

    let holes = move || {
        let l = layout.get();
        Player::BOTH
            .iter()
            .flat_map(|&side| (1..=l.n).map(move |k| (side, k)))
            .map(|(side, k)| {
                let (cx, cy) = l.hole(side, k);
                let (lx, ly) = l.hole_label(side, k);
                let count = move || view.with(|v| v.seeds(side, k));
                let burnt = move || view.with(|v| v.is_burnt(side, k));
                let ngacang = move || view.with(|v| v.is_ngacang(side, k));
                let is_legal = move || legal.with(|l| l.contains(&(side, k)));
                let place = Place::Hole { side, hole: k };
                let marked = move || marks.with(|m| m.contains(&place));
                let hand = move || view.with(|v| v.has_focus(place));
                let label = move || {
                    let lang = lang.get();
                    let c = count();
                    let mut s = if c == 1 {
                        trf(lang, k::HOLE_LABEL_ONE, &[&player_name(lang, side), &k])
                    } else {
                        trf(lang, k::HOLE_LABEL, &[&player_name(lang, side), &k, &c])
                    };
                    if burnt() {
                        s.push_str(", ");
                        s.push_str(tr(lang, k::HOLE_BURNT));
                    } else if ngacang() {
                        s.push_str(", ");
                        s.push_str(tr(lang, k::HOLE_NGACANG));
                    }
                    s
                };
                let pick = move || {
                    if is_legal() {
                        if let Some(cb) = on_pick {
                            cb.run((side, k));
                        }
                    }
                };
                let hover = move |h: Option<(Player, u8)>| {
                    if let Some(cb) = on_hover {
                        cb.run(h);
                    }
                };
                let focus_toward = focus_toward.clone();
                view! {
                    <g class="hole"
                        class:legal=is_legal
                        class:burnt=burnt
                        class:ngacang=ngacang
                        class:marked=marked
                        class:hand=hand
                        role="button"
                        tabindex=move || if is_legal() { "0" } else { "-1" }
                        aria-disabled=move || if is_legal() { "false" } else { "true" }
                        aria-label=label
                        data-side=side.to_string()
                        data-hole=k.to_string()
                        on:click=move |_| pick()
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                            match ev.key().as_str() {
                                "Enter" | " " => {
                                    ev.prevent_default();
                                    pick();
                                }
                                key @ ("ArrowRight" | "ArrowDown" | "ArrowLeft" | "ArrowUp") => {
                                    ev.prevent_default();
                                    focus_toward(side, k, key);
                                }
                                _ => {}
                            }
                        }
                        on:mouseenter=move |_| hover(Some((side, k)))
                        on:mouseleave=move |_| hover(None)
                        on:focus=move |_| hover(Some((side, k)))
                        on:blur=move |_| hover(None)
                    >
                        <circle class="recess" cx=dec(cx, 1) cy=dec(cy, 1) r=dec(HOLE_R, 0)/>
                        <circle class="ring" cx=dec(cx, 1) cy=dec(cy, 1) r=dec(HOLE_R + 3.0, 0)/>
                        {move || if burnt() {
                            view! {
                                <path class="burnt-mark" d=format!(
                                    "M{} L{} M{} L{}",
                                    pt(cx - 11.0, cy - 11.0), pt(cx + 11.0, cy + 11.0), pt(cx + 11.0, cy - 11.0), pt(cx - 11.0, cy + 11.0)
                                )/>
                            }.into_any()
                        } else if compact {
                            ().into_any()
                        } else {
                            seeds_svg(count(), cx, cy, false)
                        }}
                        <text class="count" x=dec(lx, 1) y=dec(ly + 5.0, 1) text-anchor="middle" aria-hidden="true">
                            {count}
                        </text>
                        {numbered.then(|| {
                            // Between the hole and the body's edge, on the owner's side.
                            let y = match side { Player::A => cy + HOLE_R + 19.0, Player::B => cy - HOLE_R - 9.0 };
                            view! {
                                <text class="hole-number" x=dec(cx, 1) y=dec(y, 1) text-anchor="middle" aria-hidden="true">{k}</text>
                            }
                        })}
                    </g>
                }
            })
            .collect_view()
    };

    let stores = move || {
        let l = layout.get();
        Player::BOTH
            .iter()
            .map(|&side| {
                let (cx, cy) = l.store(side);
                let (rx, ry) = l.store_r();
                let count = move || view.with(|v| v.store(side));
                let place = Place::Store { side };
                let marked = move || marks.with(|m| m.contains(&place));
                let hand = move || view.with(|v| v.has_focus(place));
                let label = move || {
                    let lang = lang.get();
                    let c = count();
                    if c == 1 {
                        trf(lang, k::STORE_LABEL_ONE, &[&player_name(lang, side)])
                    } else {
                        trf(lang, k::STORE_LABEL, &[&player_name(lang, side), &c])
                    }
                };
                let (tx, ty) = l.store_label(side);
                view! {
                    <g class="store" class:marked=marked class:hand=hand role="img" aria-label=label
                        data-store=side.to_string()>
                        <ellipse class="recess" cx=dec(cx, 1) cy=dec(cy, 1) rx=dec(rx, 0) ry=dec(ry, 0)/>
                        {move || if compact { ().into_any() } else { seeds_svg(count(), cx, cy, true) }}
                        <text class="store-name" x=dec(tx, 1) y=dec(ty + 6.0, 1) text-anchor="middle" aria-hidden="true">
                            {move || format!("{} · {}", side, count())}
                        </text>
                    </g>
                }
            })
            .collect_view()
    };

    // The frame has the upright board's proportions, for the narrow-screen
    // style sheet (see `.board-frame` in style/main.css), with room at the
    // sides for the stores' counts, which stand out past the drawing there.
    let upright = move || {
        let (w, h) = layout.get().size();
        format!(
            "--upright: {} / {}",
            dec(h + 2.0 * UPRIGHT_ROOM, 0),
            dec(w, 0)
        )
    };
    view! {
        <div class="board-frame" style=upright>
        <svg class="board" class:compact=compact
            data-board=id
            viewBox=move || {
                let (w, h) = layout.get().size();
                format!("0 0 {} {}", dec(w, 0), dec(h, 0))
            }
            role="group"
            aria-label=t(lang, k::BOARD_LABEL)
            preserveAspectRatio="xMidYMid meet"
        >
            <path class="body" d=move || layout.get().body() fill="url(#wood)"/>
            {stores}
            {holes}
        </svg>
        </div>
    }
}

/// The paints every board uses (the wood of its body, the shading of a
/// recess), once per page in a drawing of no size that is always rendered:
/// when each board carried its own copies, the page held them under one id
/// many times, and the browser took the first, often inside a folded
/// divergence, whose paints it does not render: every board below it was
/// drawn white.
#[component]
pub fn BoardPaints() -> impl IntoView {
    view! {
        <svg class="board-paints" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>
                <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
                    <stop offset="0%" stop-color="#a0612b"/>
                    <stop offset="55%" stop-color="#7b4418"/>
                    <stop offset="100%" stop-color="#5a2f0e"/>
                </linearGradient>
                <radialGradient id="pit" cx="0.45" cy="0.4" r="0.7">
                    <stop offset="0%" stop-color="#3b1d07"/>
                    <stop offset="100%" stop-color="#5c3212"/>
                </radialGradient>
            </defs>
        </svg>
    }
}

/// Shows a move's `frames` on `shown` one every `step`, then calls `done`;
/// under reduced motion or with no frames, `last` (the board after the
/// move) and `done` at once. A newer
/// call, or anything else that moves `epoch` on (a reset), stops it.
pub fn animate_move(
    shown: RwSignal<crate::game::board_view::BoardView>,
    epoch: StoredValue<u32>,
    frames: Vec<crate::game::board_view::BoardView>,
    last: crate::game::board_view::BoardView,
    step: std::time::Duration,
    done: impl FnOnce() + 'static,
) {
    use crate::game::board_view::BoardView;
    use std::collections::VecDeque;
    let e = epoch.get_value() + 1;
    epoch.set_value(e);
    let reduced = window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if reduced || frames.is_empty() {
        shown.set(last);
        done();
        return;
    }
    fn tick(
        shown: RwSignal<BoardView>,
        epoch: StoredValue<u32>,
        e: u32,
        mut frames: VecDeque<BoardView>,
        step: std::time::Duration,
        done: Box<dyn FnOnce()>,
    ) {
        if epoch.try_get_value() != Some(e) {
            return;
        }
        match frames.pop_front() {
            Some(f) => {
                let _ = shown.try_set(f);
                set_timeout(move || tick(shown, epoch, e, frames, step, done), step);
            }
            None => done(),
        }
    }
    tick(shown, epoch, e, frames.into(), step, Box::new(done));
}
