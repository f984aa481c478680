//! Browser tests: mount components in headless Chromium and read the DOM.
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p congklak-app
//! --target wasm32-unknown-unknown` (see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use congklak::{Direction, PackSet, Player, Position, Presentation, Rules, StoreSide};
use congklak_app::board_view::BoardView;
use congklak_app::components::board::Board;
use congklak_app::i18n::Lang;
use congklak_app::App;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn host() -> web_sys::HtmlElement {
    congklak_app::state::install_packs(PackSet::builtin());
    let host: web_sys::HtmlElement = document()
        .create_element("div")
        .unwrap()
        .dyn_into()
        .unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    host
}

fn labels(host: &web_sys::HtmlElement, sel: &str) -> Vec<String> {
    let list = host.query_selector_all(sel).unwrap();
    (0..list.length())
        .map(|i| {
            list.item(i)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap()
                .get_attribute("aria-label")
                .unwrap_or_default()
        })
        .collect()
}

fn go(path: &str) {
    let w = web_sys::window().unwrap();
    w.history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path))
        .unwrap();
}

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
async fn the_board_has_2n_named_holes_for_every_size() {
    for n in 3..=11u8 {
        let rules = Rules {
            holes: n,
            seeds_per_hole: n as u16,
            ..Rules::default()
        };
        let pos = Position::new(&rules);
        let h = host();
        let view = BoardView::of(&pos);
        let handle = leptos::mount::mount_to(h.clone(), move || {
            view! {
                <Board view=Signal::derive(move || view.clone())
                    presentation=Signal::derive(|| Presentation { direction: Direction::Clockwise, store: StoreSide::Left })
                    vertical=Signal::derive(move || n % 2 == 0)
                    lang=Signal::derive(|| Lang::En)/>
            }
        });
        leptos::task::tick().await;
        let holes = labels(&h, ".hole");
        assert_eq!(holes.len(), 2 * n as usize, "{n} holes a side");
        assert_eq!(holes[2], format!("Player A, hole 3, {n} seeds"));
        assert_eq!(holes[n as usize], format!("Player B, hole 1, {n} seeds"));
        let stores = labels(&h, ".store");
        assert_eq!(
            stores,
            vec!["Player A store, 0 seeds", "Player B store, 0 seeds"]
        );
        drop(handle);
        h.remove();
    }
}

#[wasm_bindgen_test]
async fn indonesian_names_for_holes() {
    let pos = Position::new(&Rules::default());
    let h = host();
    let view = BoardView::of(&pos);
    let handle = leptos::mount::mount_to(h.clone(), move || {
        view! {
            <Board view=Signal::derive(move || view.clone())
                presentation=Signal::derive(|| Presentation { direction: Direction::Anticlockwise, store: StoreSide::Right })
                vertical=Signal::derive(|| false)
                lang=Signal::derive(|| Lang::Id)/>
        }
    });
    leptos::task::tick().await;
    assert_eq!(labels(&h, ".hole")[0], "Pemain A, lubang 1, 7 biji");
    assert_eq!(labels(&h, ".store")[1], "lumbung Pemain B, 0 biji");
    drop(handle);
    h.remove();
}

#[wasm_bindgen_test]
async fn a_click_plays_a_move_and_the_live_region_speaks() {
    storage().clear().unwrap();
    storage()
        .set_item(
            "congklak.settings",
            r#"{"speed":"Instant","mode":"Hotseat","level":"medium","human":"A"}"#,
        )
        .unwrap();
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/?g=1.umum.5.");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), App);
    leptos::task::tick().await;
    let holes = labels(&h, "[data-board=main] .hole");
    assert_eq!(holes.len(), 14);
    assert_eq!(holes[0], "Player A, hole 1, 7 seeds");
    let hole1: web_sys::Element = h
        .query_selector("[data-board=main] [data-side=A][data-hole='1']")
        .unwrap()
        .unwrap();
    hole1
        .dispatch_event(&web_sys::Event::new("click").unwrap())
        .unwrap();
    leptos::task::tick().await;
    // Seven seeds from hole 1 end in A's store: A moves again.
    let holes = labels(&h, "[data-board=main] .hole");
    assert_eq!(holes[0], "Player A, hole 1, 0 seeds");
    assert_eq!(holes[1], "Player A, hole 2, 8 seeds");
    assert_eq!(
        labels(&h, "[data-board=main] .store")[0],
        "Player A store, 1 seed"
    );
    let live = h
        .query_selector("[aria-live]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(live.contains("Player A sows hole 1"), "{live}");
    assert!(live.contains("moves again"), "{live}");
    let url = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(url, "?g=1.umum.5.1");
    drop(handle);
    h.remove();
}

#[wasm_bindgen_test]
async fn a_broken_link_shows_a_message_and_a_way_back() {
    storage().clear().unwrap();
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/?g=1.umum.5.1z");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), App);
    leptos::task::tick().await;
    let alert = h
        .query_selector("[role=alert]")
        .unwrap()
        .expect("a message");
    let text = alert.text_content().unwrap();
    assert!(text.contains("This game link cannot be opened"), "{text}");
    assert!(text.contains("Start a new game"), "{text}");
    // The board is still there to play.
    assert_eq!(labels(&h, "[data-board=main] .hole").len(), 14);
    drop(handle);
    h.remove();
}

#[wasm_bindgen_test]
async fn the_packs_page_lists_every_pack() {
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/packs");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), App);
    leptos::task::tick().await;
    let items = h.query_selector_all(".pack-list li").unwrap();
    let packs = PackSet::builtin();
    assert_eq!(items.length() as usize, packs.all().len());
    for (i, pack) in packs.all().iter().enumerate() {
        let li: web_sys::Element = items.item(i as u32).unwrap().dyn_into().unwrap();
        assert_eq!(
            li.get_attribute("data-pack").as_deref(),
            Some(pack.id.as_str())
        );
        assert_eq!(li.text_content().unwrap(), pack.name.get("en"));
    }
    let _ = Player::A;
    drop(handle);
    h.remove();
    go("/");
}
