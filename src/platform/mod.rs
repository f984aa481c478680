//! The browser around the app: local storage ([`storage`], every key),
//! audio, WebRTC, fetching and tasks ([`browser`]) and the address bar.
pub mod address;
pub mod audio;
pub mod browser;
pub mod rtc;
pub mod storage;
