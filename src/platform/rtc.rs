//! The browser's peer connection for playing a friend (`/friend`): the one
//! effect that talks to the outside world there. It makes the connection
//! descriptions (every candidate gathered first, so that one code each way
//! is enough), sends text over one data channel, and reports what happens
//! to one handler. Natively (the pre-renderer, tests) there is no
//! connection: every call says so.

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, Lang, Say};

/// Why a connection could not be made (see `offer`, `answer` and
/// `accept`), in the words a player is told ([`Say`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RtcProblem {
    /// No peer connection here (natively: the pre-renderer, the tests).
    Unsupported,
    /// The browser refused a step: its own words, if it gave any (for the
    /// console; a player is told only that it refused).
    Refused(Option<String>),
    /// The browser made no connection description.
    NoDescription,
    /// The invitation an answer is for was closed: a new one is needed.
    Closed,
}

impl Say for RtcProblem {
    fn say(&self, lang: Lang) -> String {
        tr(
            lang,
            match self {
                RtcProblem::Unsupported => k::FRIEND_CONNECT_UNSUPPORTED,
                RtcProblem::Refused(_) => k::FRIEND_CONNECT_REFUSED,
                RtcProblem::NoDescription => k::FRIEND_CONNECT_NODESCRIPTION,
                RtcProblem::Closed => k::FRIEND_CONNECT_CLOSED,
            },
        )
        .into()
    }
}

/// For the console, in English, with the browser's own words.
impl std::fmt::Display for RtcProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RtcProblem::Refused(Some(words)) => write!(f, "the browser refused: {words}"),
            other => f.write_str(&other.say(Lang::En)),
        }
    }
}

/// What the connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum RtcEvent {
    /// The data channel is open: play can start.
    Open,
    /// A message arrived.
    Message(String),
    /// The channel or the connection closed or failed.
    Lost,
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{RtcEvent, RtcProblem};
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{
        MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState,
        RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType,
        RtcSessionDescriptionInit,
    };

    type Handler = Rc<dyn Fn(RtcEvent)>;

    #[derive(Default)]
    struct Link {
        pc: Option<RtcPeerConnection>,
        channel: Option<RtcDataChannel>,
        handler: Option<Handler>,
        /// Kept alive while the connection lives.
        closures: Vec<Closure<dyn FnMut(JsValue)>>,
    }

    thread_local! {
        static LINK: RefCell<Link> = RefCell::new(Link::default());
    }

    fn emit(e: RtcEvent) {
        let h = LINK.with(|l| l.borrow().handler.clone());
        if let Some(h) = h {
            h(e);
        }
    }

    fn keep(c: Closure<dyn FnMut(JsValue)>) -> js_sys::Function {
        let f = c.as_ref().unchecked_ref::<js_sys::Function>().clone();
        LINK.with(|l| l.borrow_mut().closures.push(c));
        f
    }

    pub fn set_handler(h: impl Fn(RtcEvent) + 'static) {
        LINK.with(|l| l.borrow_mut().handler = Some(Rc::new(h)));
    }

    fn err(e: JsValue) -> RtcProblem {
        RtcProblem::Refused(e.as_string().or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        }))
    }

    /// Reports the channel's opening once: from its `open` event, or at
    /// once if it is already open when it reaches us (a channel the other
    /// side made can be, when the `datachannel` event comes late), so that
    /// the greeting is always sent.
    fn watch_channel(ch: &RtcDataChannel) {
        let opened = Rc::new(Cell::new(false));
        let open = {
            let opened = opened.clone();
            move || {
                if !opened.replace(true) {
                    emit(RtcEvent::Open);
                }
            }
        };
        let on_open = open.clone();
        ch.set_onopen(Some(&keep(Closure::new(move |_| on_open()))));
        ch.set_onclose(Some(&keep(Closure::new(|_| emit(RtcEvent::Lost)))));
        ch.set_onmessage(Some(&keep(Closure::new(|e: JsValue| {
            if let Some(text) = e.unchecked_into::<MessageEvent>().data().as_string() {
                emit(RtcEvent::Message(text));
            }
        }))));
        if ch.ready_state() == RtcDataChannelState::Open {
            open();
        }
    }

    fn new_connection(stun: bool) -> Result<RtcPeerConnection, RtcProblem> {
        close();
        let config = RtcConfiguration::new();
        if stun {
            let server = js_sys::Object::new();
            let _ = js_sys::Reflect::set(
                &server,
                &"urls".into(),
                &"stun:stun.l.google.com:19302".into(),
            );
            config.set_ice_servers(&js_sys::Array::of1(&server));
        }
        let pc = RtcPeerConnection::new_with_configuration(&config).map_err(err)?;
        let watched = pc.clone();
        pc.set_onconnectionstatechange(Some(&keep(Closure::new(move |_| {
            if matches!(
                watched.connection_state(),
                RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed
            ) {
                emit(RtcEvent::Lost);
            }
        }))));
        LINK.with(|l| l.borrow_mut().pc = Some(pc.clone()));
        Ok(pc)
    }

    /// Waits until every candidate is gathered (at most 15 s), then the description.
    async fn gathered(pc: &RtcPeerConnection) -> Result<String, RtcProblem> {
        for _ in 0..150 {
            if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                break;
            }
            let wait = js_sys::Promise::new(&mut |ok, _| {
                let _ = web_sys::window()
                    .expect("a window")
                    .set_timeout_with_callback_and_timeout_and_arguments_0(&ok, 100);
            });
            let _ = JsFuture::from(wait).await;
        }
        pc.local_description()
            .map(|d| d.sdp())
            .ok_or(RtcProblem::NoDescription)
    }

    pub async fn offer(stun: bool) -> Result<String, RtcProblem> {
        let pc = new_connection(stun)?;
        let ch = pc.create_data_channel("congklak");
        LINK.with(|l| l.borrow_mut().channel = Some(ch.clone()));
        watch_channel(&ch);
        let offer = JsFuture::from(pc.create_offer()).await.map_err(err)?;
        let sdp = js_sys::Reflect::get(&offer, &"sdp".into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&sdp);
        JsFuture::from(pc.set_local_description(&desc))
            .await
            .map_err(err)?;
        gathered(&pc).await
    }

    pub async fn answer(offer_sdp: &str, stun: bool) -> Result<String, RtcProblem> {
        let pc = new_connection(stun)?;
        pc.set_ondatachannel(Some(&keep(Closure::new(|e: JsValue| {
            let ch = e.unchecked_into::<RtcDataChannelEvent>().channel();
            // Kept first: an already open channel is reported at once,
            // and the greeting goes out on it.
            LINK.with(|l| l.borrow_mut().channel = Some(ch.clone()));
            watch_channel(&ch);
        }))));
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        remote.set_sdp(offer_sdp);
        JsFuture::from(pc.set_remote_description(&remote))
            .await
            .map_err(err)?;
        let answer = JsFuture::from(pc.create_answer()).await.map_err(err)?;
        let sdp = js_sys::Reflect::get(&answer, &"sdp".into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(&sdp);
        JsFuture::from(pc.set_local_description(&desc))
            .await
            .map_err(err)?;
        gathered(&pc).await
    }

    pub async fn accept(answer_sdp: &str) -> Result<(), RtcProblem> {
        let pc = LINK
            .with(|l| l.borrow().pc.clone())
            .ok_or(RtcProblem::Closed)?;
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote.set_sdp(answer_sdp);
        JsFuture::from(pc.set_remote_description(&remote))
            .await
            .map_err(err)?;
        Ok(())
    }

    pub fn send(text: &str) -> bool {
        LINK.with(|l| {
            l.borrow()
                .channel
                .as_ref()
                .is_some_and(|c| c.send_with_str(text).is_ok())
        })
    }

    pub fn close() {
        LINK.with(|l| {
            let mut l = l.borrow_mut();
            if let Some(c) = l.channel.take() {
                c.set_onclose(None);
                c.close();
            }
            if let Some(pc) = l.pc.take() {
                pc.set_onconnectionstatechange(None);
                pc.close();
            }
            l.closures.clear();
        });
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::{accept, answer, close, offer, send, set_handler};

#[cfg(not(target_arch = "wasm32"))]
mod none {
    use super::{RtcEvent, RtcProblem};
    /// Natively: nothing to report.
    pub fn set_handler(_h: impl Fn(RtcEvent) + 'static) {}
    /// Natively: no connection.
    pub async fn offer(_stun: bool) -> Result<String, RtcProblem> {
        Err(RtcProblem::Unsupported)
    }
    /// Natively: no connection.
    pub async fn answer(_offer: &str, _stun: bool) -> Result<String, RtcProblem> {
        Err(RtcProblem::Unsupported)
    }
    /// Natively: no connection.
    pub async fn accept(_answer: &str) -> Result<(), RtcProblem> {
        Err(RtcProblem::Unsupported)
    }
    /// Natively: nothing is sent.
    pub fn send(_text: &str) -> bool {
        false
    }
    /// Natively: nothing to close.
    pub fn close() {}
}

#[cfg(not(target_arch = "wasm32"))]
pub use none::{accept, answer, close, offer, send, set_handler};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texts::i18n::assert_said_in_both;

    #[test]
    fn why_a_connection_failed_is_said_in_both_languages() {
        let all = [
            RtcProblem::Unsupported,
            RtcProblem::Refused(None),
            RtcProblem::Refused(Some("InvalidStateError".into())),
            RtcProblem::NoDescription,
            RtcProblem::Closed,
        ];
        assert_said_in_both(&all.iter().map(|p| p as &dyn Say).collect::<Vec<_>>());
        // The browser's own words go to the console, never on screen.
        let refused = RtcProblem::Refused(Some("InvalidStateError".into()));
        assert_eq!(refused.say(Lang::En), "the browser refused");
        assert_eq!(
            refused.to_string(),
            "the browser refused: InvalidStateError"
        );
        assert_eq!(
            RtcProblem::Closed.say(Lang::En),
            "the invitation was closed; make a new one"
        );
    }
}
