//! Fetching and yielding to the browser.
use leptos::prelude::window;

/// Lets the browser run its other tasks (input, paint) before going on.
pub async fn next_task() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

/// The text at `url`, fetched.
pub fn fetch_text(url: &str) -> impl std::future::Future<Output = Result<String, String>> {
    use wasm_bindgen::JsCast;
    // Asked now, not when first awaited: several fetches run at once.
    let asked = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(url));
    async move {
        let resp = asked.await.map_err(|e| format!("{e:?}"))?;
        let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response".to_string())?;
        if !resp.ok() {
            return Err(format!("HTTP {}", resp.status()));
        }
        let text = resp.text().map_err(|e| format!("{e:?}"))?;
        wasm_bindgen_futures::JsFuture::from(text)
            .await
            .map_err(|e| format!("{e:?}"))?
            .as_string()
            .ok_or_else(|| "not text".to_string())
    }
}
