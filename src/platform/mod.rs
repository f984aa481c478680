//! The browser around the app: local storage ([`storage`], every key),
//! audio, WebRTC, fetching and tasks ([`browser`]), the address bar and
//! whether a pre-rendered page is being hydrated ([`hydration`]). Under
//! everything but the texts; no component lives here.
pub mod address;
pub mod audio;
pub mod browser;
pub mod hydration;
pub mod rtc;
pub mod storage;
