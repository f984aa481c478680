//! Whether the app is hydrating a pre-rendered page, and what waits for the
//! hydration to end (the visitor's language, game and address are applied
//! then, so that the first render is the page the build drew).
use leptos::prelude::*;

thread_local! {
    static HYDRATING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// From the start of the hydration until its last part is hydrated.
    static SETTLING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What waits for the hydration to end (see [`after_hydration`]).
    static AFTER: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Sets [`hydrating`]: while the islands loader hydrates a page's islands
/// (see `crate::app::boot::islands_ready`), which calls each island's own
/// export.
pub fn set_hydrating(on: bool) {
    HYDRATING.set(on);
}

/// Runs `hydrate` (which hydrates some of the page) with [`hydrating`] true.
pub fn while_hydrating(hydrate: impl FnOnce()) {
    HYDRATING.set(true);
    hydrate();
    HYDRATING.set(false);
}

/// Runs `apply` (which applies something of the visitor's: their language,
/// the address's query) once the pre-rendered page is wholly hydrated, the
/// parts hydrated later included (see [`crate::ui::kept::Later`]): those
/// are hydrated with the state the build drew. On a page drawn live, it
/// runs once the page is drawn, as an effect does.
pub fn after_hydration(apply: impl FnOnce() + 'static) {
    if SETTLING.get() {
        AFTER.with(|a| a.borrow_mut().push(Box::new(apply)));
    } else {
        let mut apply = Some(apply);
        Effect::new(move |_| {
            if let Some(apply) = apply.take() {
                apply();
            }
        });
    }
}

/// The hydration starts: what [`after_hydration`] is given waits until
/// [`settled`].
pub fn begin_settling() {
    SETTLING.set(true);
}

/// The hydration is over: what waited for it runs, in order.
pub fn settled() {
    SETTLING.set(false);
    for apply in AFTER.with(|a| std::mem::take(&mut *a.borrow_mut())) {
        apply();
    }
}

/// Whether the hydration has begun and not yet [`settled`]: the visitor's
/// state is not applied yet.
pub fn settling() -> bool {
    SETTLING.get()
}

/// Whether the app is hydrating a pre-rendered page: a component then draws
/// what the build drew (which knew no query string, saved game or language)
/// and applies the visitor's in an effect.
pub fn hydrating() -> bool {
    HYDRATING.get()
}
