//! The engine's worker bundle (`congklak-worker`): what `public/worker.js`
//! loads, and nothing of the pages. It answers the jobs of
//! [`congklak_app::jobs::client`] (the computer's move, a move's mark, the
//! divergence finder), so the search, the exact solver, its endgame tables
//! and the finder live here and not in the pages' bundles, which only send
//! jobs and read replies. Built by `scripts/route-pages.sh`; the
//! pre-renderer names it in each page's `<meta name="congklak-worker">`.

use wasm_bindgen::prelude::*;

/// The worker's entry point: a job's text in, its reply's text out (see
/// `congklak_app::jobs::protocol`).
#[wasm_bindgen]
pub fn worker_job(job: &str) -> String {
    congklak_app::jobs::runner::answer_text(job)
}

fn main() {}
