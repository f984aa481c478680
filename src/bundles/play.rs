//! The play page's browser bundle (`congklak-play`): the app over `/` alone
//! (see `congklak_app::PlayApp` and `congklak_app::BUNDLES`), so the first
//! page most visitors open loads none of the other pages' code, and only
//! the rules and names of the packs (`/packs-play.json`).

fn main() {
    if web_sys::window().is_some() {
        congklak_app::start(
            congklak_app::PlayApp,
            "/packs-play.json",
            congklak_app::game::state::read_lean_bundle,
        );
    }
}
