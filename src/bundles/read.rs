//! The reading pages' browser bundle (`congklak-read`): the app over
//! `/packs`, every `/packs/<id>`, `/compare` and `/about` (see
//! `congklak_app::ReadApp` and `congklak_app::BUNDLES`), without the play
//! page, the lessons, play with a friend or the statistics.

fn main() {
    if web_sys::window().is_some() {
        congklak_app::start(
            congklak_app::ReadApp,
            "/packs.json",
            congklak_app::game::state::read_bundle,
            None,
        );
    }
}
