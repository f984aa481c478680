//! Browser tests: mount the real app in headless Chromium and read the DOM.
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p congklak-app
//! --target wasm32-unknown-unknown` (see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use congklak::PackSet;
use congklak_app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

#[wasm_bindgen_test]
async fn app_mounts_and_lists_every_builtin_pack() {
    let host: web_sys::HtmlElement = document()
        .create_element("div")
        .unwrap()
        .dyn_into()
        .unwrap();
    document().body().unwrap().append_child(&host).unwrap();

    let handle = leptos::mount::mount_to(host.clone(), App);
    leptos::task::tick().await;

    let heading = host.query_selector("h1").unwrap().expect("a heading");
    assert_eq!(heading.text_content().unwrap(), "Play congklak");

    let items = host.query_selector_all(".pack-list li").unwrap();
    let packs = PackSet::builtin();
    assert!(
        !packs.all().is_empty(),
        "the engine ships at least one pack"
    );
    assert_eq!(items.length() as usize, packs.all().len());
    for (i, pack) in packs.all().iter().enumerate() {
        let li: web_sys::Element = items.item(i as u32).unwrap().dyn_into().unwrap();
        assert_eq!(
            li.get_attribute("data-pack").as_deref(),
            Some(pack.id.as_str())
        );
        assert_eq!(li.text_content().unwrap(), pack.name.get("en"));
        let link = li.query_selector("a").unwrap().expect("a link");
        assert_eq!(
            link.get_attribute("href"),
            Some(format!("/packs/{}", pack.id))
        );
    }

    drop(handle);
    host.remove();
}
