//! Entry point: mounts the app (see `congklak_app::App`). The engine's
//! worker loads this same module (see `congklak_app::worker`); there is no
//! window there, and nothing to mount.

fn main() {
    if web_sys::window().is_some() {
        congklak_app::start(congklak_app::App, "/packs.json");
    }
}
