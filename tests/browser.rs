//! Browser tests: mount components in headless Chromium and read the DOM.
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p congklak-app
//! --target wasm32-unknown-unknown` (see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use congklak::{Clauses, Direction, PackSet, Player, Position, Presentation, Rules, StoreSide};
use congklak_app::game::board_view::BoardView;
use congklak_app::texts::i18n::Lang;
use congklak_app::ui::board::Board;
use congklak_app::{App, PlayApp};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn host() -> web_sys::HtmlElement {
    congklak_app::game::state::install_packs(PackSet::builtin());
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
        let rules = Rules::new(Clauses {
            holes: n,
            seeds_per_hole: n as u16,
            ..Clauses::default()
        })
        .expect("every size 3..11 is valid");
        let pos = Position::new(&rules);
        let h = host();
        let view = BoardView::of(&pos);
        let handle = leptos::mount::mount_to(h.clone(), move || {
            view! {
                <Board view=Signal::derive(move || view.clone())
                    presentation=Signal::derive(|| Presentation { direction: Direction::Clockwise, store: StoreSide::Left })
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
    let handle = leptos::mount::mount_to(h.clone(), PlayApp);
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
    // The address follows the game (the play page writes it itself).
    sleep(5).await;
    let url = web_sys::window().unwrap().location().search().unwrap();
    // The game, and who plays whom (this test's settings: hotseat).
    assert_eq!(url, "?g=1.umum.5.1&vs=hotseat");
    drop(handle);
    h.remove();
}

#[wasm_bindgen_test]
async fn a_broken_link_shows_a_message_and_a_way_back() {
    storage().clear().unwrap();
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/?g=1.umum.5.1z");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), PlayApp);
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

/// Without the browser bundle's cut (a debug build, these tests) a part of the
/// page is an ordinary function: the worked example is drawn in place.
#[wasm_bindgen_test]
async fn the_worked_example_opens_without_the_cut_too() {
    storage().clear().unwrap();
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), PlayApp);
    leptos::task::tick().await;
    assert!(h.query_selector("[data-testid=example]").unwrap().is_none());
    h.query_selector("[data-testid=example-open]")
        .unwrap()
        .expect("the example's button")
        .dispatch_event(&web_sys::Event::new("click").unwrap())
        .unwrap();
    sleep(20).await;
    let example = h
        .query_selector("[data-testid=example] [data-testid=example-turn]")
        .unwrap()
        .expect("the example turn in the dialog");
    assert!(example
        .text_content()
        .unwrap()
        .contains("Player A plays hole 5."));
    assert!(h.query_selector(".part-missing").unwrap().is_none());
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
        let name = li.query_selector(".pack-name").unwrap().unwrap();
        assert_eq!(name.text_content().unwrap(), pack.name.get("en"));
    }
    // The table of what each pack sets differently: one row a pack, worked out from the rules.
    let rows = h
        .query_selector_all("[data-testid=diff-table] tbody tr")
        .unwrap();
    assert_eq!(rows.length() as usize, packs.all().len());
    let std = packs.get("standard-mancala").unwrap();
    for pack in packs.all() {
        let chips = |col: &str| -> Vec<String> {
            let list = h
                .query_selector_all(&format!(
                    "[data-testid=diff-table] tr[data-pack='{}'] td.{col} [data-clause]",
                    pack.id
                ))
                .unwrap();
            (0..list.length())
                .map(|i| {
                    let el: web_sys::Element = list.item(i).unwrap().dyn_into().unwrap();
                    el.get_attribute("data-clause").unwrap()
                })
                .collect()
        };
        assert_eq!(
            chips("from-defaults"),
            pack.rules.differences(&Rules::default())
        );
        assert_eq!(chips("from-standard"), pack.rules.differences(&std.rules));
    }
    let _ = Player::A;
    drop(handle);
    h.remove();
    go("/");
}

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

fn texts(root: &web_sys::Element, sel: &str) -> Vec<String> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

fn attrs(root: &web_sys::Element, sel: &str, attr: &str) -> Vec<String> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length())
        .map(|i| {
            list.item(i)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap()
                .get_attribute(attr)
                .unwrap_or_default()
        })
        .collect()
}

#[wasm_bindgen_test]
async fn every_pack_page_shows_its_sources_and_divergences() {
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    let packs = PackSet::builtin();
    for pack in packs.all() {
        go(&format!("/packs/{}", pack.id));
        let h = host();
        let handle = leptos::mount::mount_to(h.clone(), App);
        leptos::task::tick().await;
        let root: &web_sys::Element = h.as_ref();
        assert_eq!(texts(root, "h1"), vec![pack.name.get("en").to_string()]);
        assert_eq!(
            attrs(root, ".sources .source", "data-key"),
            pack.sources
                .iter()
                .map(|s| s.key.clone())
                .collect::<Vec<_>>(),
            "{}: sources",
            pack.id
        );
        assert_eq!(
            texts(root, ".sources .source-title"),
            pack.sources
                .iter()
                .map(|s| s.title.get("en").to_string())
                .collect::<Vec<_>>()
        );
        // One folded section a divergence, its id the slug (the deep link's anchor).
        assert_eq!(
            attrs(root, "details.divergence", "id"),
            pack.divergences
                .iter()
                .map(|d| d.id.clone())
                .collect::<Vec<_>>(),
            "{}: divergences",
            pack.id
        );
        let statuses = texts(root, "details.divergence .div-status");
        assert_eq!(statuses.len(), pack.divergences.len());
        let mut played = 0;
        for (d, text) in pack.divergences.iter().zip(&statuses) {
            match &d.status {
                congklak::DivergenceStatus::Played { clause, value, .. } => {
                    played += 1;
                    let want = format!(
                        "Played: {}",
                        congklak_app::ui::pack_text::clause_words(Lang::En, clause, value)
                    );
                    assert!(text.starts_with(&want), "{}#{}: {text}", pack.id, d.id);
                }
                congklak::DivergenceStatus::Recorded { reason } => {
                    assert_eq!(text, &format!("Recorded: {}", reason.en));
                }
            }
        }
        // The finder's report (computing, then done) for each played divergence only.
        assert_eq!(
            root.query_selector_all("details.divergence [data-testid=parting]")
                .unwrap()
                .length(),
            played
        );
        assert_eq!(
            root.query_selector_all(".pack-glossary dt")
                .unwrap()
                .length() as usize,
            pack.glossary.len()
        );
        drop(handle);
        h.remove();
    }
    go("/");
}

#[wasm_bindgen_test]
async fn the_about_table_has_a_column_a_pack_and_the_rules_values() {
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    go("/about");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), App);
    leptos::task::tick().await;
    let root: &web_sys::Element = h.as_ref();
    assert_eq!(texts(root, "h1"), vec!["About congklak".to_string()]);
    let packs = PackSet::builtin();
    let table = root
        .query_selector("[data-testid=about-table]")
        .unwrap()
        .expect("the table");
    let columns = attrs(&table, "thead th[data-pack]", "data-pack");
    assert_eq!(columns.len(), packs.all().len());
    assert_eq!(columns[0], "standard-mancala");
    let mut ids: Vec<&str> = packs.all().iter().map(|p| p.id.as_str()).collect();
    let mut seen: Vec<&str> = columns.iter().map(|s| s.as_str()).collect();
    ids.sort();
    seen.sort();
    assert_eq!(seen, ids);
    // Rows: exactly the clauses where some pack differs from Standard Mancala.
    let std = packs.get("standard-mancala").unwrap();
    let want: Vec<&str> = Rules::CLAUSES
        .iter()
        .copied()
        .filter(|c| {
            packs
                .all()
                .iter()
                .any(|p| p.rules.differences(&std.rules).contains(c))
        })
        .collect();
    let rows = attrs(&table, "tbody tr", "data-clause");
    assert_eq!(rows, want);
    assert!(rows.contains(&"relay".to_string()));
    for clause in &rows {
        let cells = attrs(
            &table,
            &format!("tbody tr[data-clause='{clause}'] td"),
            "data-pack",
        );
        assert_eq!(cells, columns);
        let values = texts(&table, &format!("tbody tr[data-clause='{clause}'] td"));
        for (id, value) in columns.iter().zip(values) {
            let rules = serde_json::to_value(&packs.get(id).unwrap().rules).unwrap();
            // The reading in words (numbers as themselves).
            assert_eq!(
                value,
                congklak_app::ui::pack_text::reading_words(
                    Lang::En,
                    clause,
                    &rules[clause.as_str()]
                ),
                "{clause} in {id}"
            );
        }
    }
    drop(handle);
    h.remove();
    go("/");
}

#[wasm_bindgen_test]
async fn showing_where_umum_parts_draws_two_boards() {
    storage().set_item("congklak.lang", r#""En""#).unwrap();
    let packs = PackSet::builtin();
    let umum = packs.get("umum").unwrap();
    let first = umum
        .divergences
        .iter()
        .find(|d| matches!(d.status, congklak::DivergenceStatus::Played { .. }))
        .unwrap();
    go("/packs/umum");
    let h = host();
    let handle = leptos::mount::mount_to(h.clone(), App);
    leptos::task::tick().await;
    let root: &web_sys::Element = h.as_ref();
    let article = root
        .query_selector("details.divergence[data-status=played]")
        .unwrap()
        .unwrap();
    assert_eq!(article.id(), first.id);
    // The finder starts on its own as the page opens, and says so meanwhile.
    let busy = article.query_selector(".parting-busy").unwrap();
    let boards_now = article.query_selector(".parting-boards").unwrap();
    assert!(
        busy.is_some() || boards_now.is_some(),
        "neither computing nor done"
    );
    let mut boards = None;
    for _ in 0..600 {
        sleep(100).await;
        if let Some(b) = article.query_selector(".parting-boards").unwrap() {
            boards = Some(b);
            break;
        }
    }
    let boards = boards.expect("the boards where the readings part");
    for reading in ["this", "other"] {
        let holes = boards
            .query_selector_all(&format!("[data-reading={reading}] svg.board .hole"))
            .unwrap();
        assert_eq!(holes.length(), 14, "{reading}: 2 x 7 holes");
    }
    let report = congklak::diverge(&umum.rules, &umum.flipped(first).unwrap(), 1, 1000);
    let parting = report.first.expect("they part");
    let text = article
        .query_selector(".parting-first")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(
        text.contains(&format!(
            "sample game {}, after turn {}",
            parting.seed, parting.turn
        )),
        "{text}"
    );
    // The figures come after the boards.
    for _ in 0..600 {
        if article
            .query_selector("[data-testid=parting][data-stats=done]")
            .unwrap()
            .is_some()
        {
            break;
        }
        sleep(100).await;
    }
    let parted = article
        .query_selector("[data-stat=parted]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(
        parted.starts_with(&format!("{} of 1000 games", report.stats.parted)),
        "{parted}"
    );
    assert_eq!(
        article
            .query_selector_all(".histogram:not(.margins) rect.bar")
            .unwrap()
            .length() as usize,
        report.stats.parting_histogram.len()
    );
    // Results and margins under both readings.
    assert_eq!(
        article
            .query_selector_all("[data-testid=outcomes] .outcome-row")
            .unwrap()
            .length(),
        2
    );
    assert_eq!(
        article
            .query_selector_all("[data-testid=margins] rect.bar")
            .unwrap()
            .length() as usize,
        report.stats.margin_histogram[0].len() * 2
    );
    drop(handle);
    h.remove();
    go("/");
}
