//! Fetching and yielding to the browser.
use crate::texts::i18n::k;
use crate::texts::i18n::{tr, trf, Lang, Say};
use leptos::prelude::window;

/// Lets the browser run its other tasks (input, paint) before going on.
pub async fn next_task() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

/// Why a file could not be fetched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchProblem {
    /// No answer (offline, or the request was refused).
    NoAnswer,
    /// The server answered with this status.
    Status(u16),
    /// The answer is not text.
    NotText,
}

impl std::fmt::Display for FetchProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FetchProblem::NoAnswer => f.write_str("no answer"),
            FetchProblem::Status(status) => write!(f, "HTTP {status}"),
            FetchProblem::NotText => f.write_str("not text"),
        }
    }
}

impl Say for FetchProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            FetchProblem::NoAnswer => tr(lang, k::FETCH_NOANSWER).into(),
            FetchProblem::Status(status) => trf(lang, k::FETCH_STATUS, &[status]),
            FetchProblem::NotText => tr(lang, k::FETCH_DAMAGED).into(),
        }
    }
}

/// The text at `url`, fetched.
pub fn fetch_text(url: &str) -> impl std::future::Future<Output = Result<String, FetchProblem>> {
    use wasm_bindgen::JsCast;
    // Asked now, not when first awaited: several fetches run at once.
    let asked = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(url));
    async move {
        let resp = asked.await.map_err(|_| FetchProblem::NoAnswer)?;
        let resp: web_sys::Response = resp.dyn_into().map_err(|_| FetchProblem::NotText)?;
        if !resp.ok() {
            return Err(FetchProblem::Status(resp.status()));
        }
        let text = resp.text().map_err(|_| FetchProblem::NotText)?;
        wasm_bindgen_futures::JsFuture::from(text)
            .await
            .map_err(|_| FetchProblem::NoAnswer)?
            .as_string()
            .ok_or(FetchProblem::NotText)
    }
}
