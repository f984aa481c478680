//! Entry point: mounts the app (see `congklak_app::App`).

fn main() {
    congklak_app::start();
}
