//! Sound: optional (off by default, remembered in local storage), made with
//! the Web Audio API. The engine's events of a turn are mapped to short
//! sounds (a seed dropped, a relay, a capture, a seed reaching the store, an
//! extra turn), one per animation frame, in step with the frames the board
//! shows (see [`crate::game::board_view::BoardView::frames`]); at the instant speed
//! (and under reduced motion, where nothing is animated) a turn sounds once,
//! by its most notable event. The play page's switch and its hooks after a
//! turn and a frame are the page's (`src/features/play/sound.rs`).
//!
//! The browser's `AudioContext` is created only in a user gesture: switching
//! sound on, or the first click or key press on a page once sound is on.
//! Reduced motion: a second option, on by default, keeps the app silent
//! while the system asks for reduced motion.
//!
//! The mapping is plain Rust tested natively; the Web Audio part is compiled
//! for wasm32 only.

use congklak::{Event, Place};
use serde::{Deserialize, Serialize};

/// Storage key of the sound settings.
pub const SOUND_KEY: &str = "congklak.sound";

/// A sound the app makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SoundKind {
    /// A seed dropped in a hole.
    Drop,
    /// A seed reaching a store (or leftovers banked).
    Store,
    /// A relay pick-up (sambung).
    Relay,
    /// The same player moves again.
    ExtraTurn,
    /// A capture (menembak).
    Capture,
}

impl SoundKind {
    /// Every kind.
    pub const ALL: [SoundKind; 5] = [
        SoundKind::Drop,
        SoundKind::Store,
        SoundKind::Relay,
        SoundKind::ExtraTurn,
        SoundKind::Capture,
    ];

    /// The notes it is made of.
    pub fn notes(self) -> &'static [Note] {
        match self {
            SoundKind::Drop => DROP,
            SoundKind::Store => STORE,
            SoundKind::Relay => RELAY,
            SoundKind::ExtraTurn => EXTRA,
            SoundKind::Capture => CAPTURE,
        }
    }
}

const DROP: &[Note] = &[Note::new(Wave::Sine, 660.0, 0.0, 0.05, 0.18)];
const STORE: &[Note] = &[
    Note::new(Wave::Triangle, 880.0, 0.0, 0.07, 0.2),
    Note::new(Wave::Triangle, 1320.0, 0.05, 0.09, 0.16),
];
const RELAY: &[Note] = &[
    Note::new(Wave::Square, 392.0, 0.0, 0.05, 0.06),
    Note::new(Wave::Square, 523.25, 0.05, 0.06, 0.06),
];
const EXTRA: &[Note] = &[
    Note::new(Wave::Triangle, 523.25, 0.0, 0.07, 0.2),
    Note::new(Wave::Triangle, 659.25, 0.07, 0.07, 0.2),
    Note::new(Wave::Triangle, 783.99, 0.14, 0.12, 0.2),
];
const CAPTURE: &[Note] = &[
    Note::new(Wave::Sawtooth, 330.0, 0.0, 0.08, 0.1),
    Note::new(Wave::Sawtooth, 220.0, 0.07, 0.16, 0.1),
];

/// An oscillator's wave shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    /// Soft.
    Sine,
    /// Mellow.
    Triangle,
    /// Hollow.
    Square,
    /// Buzzing.
    Sawtooth,
}

/// One tone of a sound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    /// Wave shape.
    pub wave: Wave,
    /// Pitch in hertz.
    pub freq: f32,
    /// Start, seconds after the sound starts.
    pub at: f64,
    /// Length in seconds.
    pub len: f64,
    /// Peak loudness (0..1).
    pub gain: f32,
}

impl Note {
    const fn new(wave: Wave, freq: f32, at: f64, len: f64, gain: f32) -> Note {
        Note {
            wave,
            freq,
            at,
            len,
            gain,
        }
    }
}

/// Whether the board shows a frame for this event (as
/// [`crate::game::board_view::BoardView::apply`] decides; a test of
/// `src/features/play/sound.rs` keeps the two in step).
fn visible(e: &Event) -> bool {
    matches!(
        e,
        Event::Scoop { .. }
            | Event::Relay { .. }
            | Event::Sow { .. }
            | Event::Capture { .. }
            | Event::BurntForfeit { .. }
            | Event::Bank { .. }
            | Event::Refill { .. }
    )
}

/// The sound of one event, if it has one.
pub fn event_sound(e: &Event) -> Option<SoundKind> {
    Some(match e {
        Event::Sow {
            to: Place::Store { .. },
            ..
        }
        | Event::Bank { .. } => SoundKind::Store,
        Event::Sow { .. } => SoundKind::Drop,
        Event::Relay { .. } => SoundKind::Relay,
        Event::Capture { .. } => SoundKind::Capture,
        Event::ExtraTurn { .. } => SoundKind::ExtraTurn,
        _ => return None,
    })
}

/// The sound of each animation frame of a turn (the frames
/// [`crate::game::board_view::BoardView::frames`] makes of the same events): a
/// frame sounds its event, and an event that shows no frame of its own (an
/// extra turn) sounds with the next frame. The more notable sound wins.
pub fn frame_sounds(events: &[Event]) -> Vec<Option<SoundKind>> {
    let mut out = Vec::new();
    let mut pending: Option<SoundKind> = None;
    for e in events {
        let s = event_sound(e);
        if visible(e) {
            out.push(s.max(pending.take()));
        } else {
            pending = pending.max(s);
        }
    }
    out.push(pending);
    out
}

/// The one sound of a turn shown at once: its most notable.
pub fn turn_sound(events: &[Event]) -> Option<SoundKind> {
    events.iter().filter_map(event_sound).max()
}

/// What the person chose, kept across visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoundSettings {
    /// Sound on (off by default).
    pub on: bool,
    /// Silent while the system asks for reduced motion (on by default).
    pub quiet_when_reduced_motion: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            on: false,
            quiet_when_reduced_motion: true,
        }
    }
}

impl crate::platform::storage::Stored for SoundSettings {
    fn from_json(
        value: &serde_json::Value,
    ) -> Result<SoundSettings, crate::platform::storage::Unfit> {
        let m = crate::platform::storage::members(
            value,
            "the sound settings",
            &["on", "quiet_when_reduced_motion"],
        )?;
        Ok(SoundSettings {
            on: m.bool("on")?,
            quiet_when_reduced_motion: m.bool("quiet_when_reduced_motion")?,
        })
    }
    fn to_json(&self) -> serde_json::Value {
        crate::platform::storage::object([
            ("on", self.on.into()),
            (
                "quiet_when_reduced_motion",
                self.quiet_when_reduced_motion.into(),
            ),
        ])
    }
}

/// The sound settings kept: the defaults if none are; what cannot be read
/// is set aside and reported (see [`crate::platform::storage::get_or_reset`]).
pub fn stored_settings() -> SoundSettings {
    crate::platform::storage::get_or_reset::<SoundSettings>(SOUND_KEY).unwrap_or_default()
}

impl SoundSettings {
    /// Whether to make a sound now, given whether reduced motion is asked for.
    pub fn audible(self, reduced_motion: bool) -> bool {
        self.on && !(reduced_motion && self.quiet_when_reduced_motion)
    }
}

// The Web Audio side: the settings in force (read from storage once), the
// settings changed, the audio started (in a user gesture only, or at the
// first one), a sound played. Natively there is none.
pub use web::{listen_for_gesture, play, set_settings, settings, start};

#[cfg(target_arch = "wasm32")]
mod web {
    use super::{Note, SoundKind, SoundSettings, Wave, SOUND_KEY};
    use std::cell::{Cell, RefCell};
    use web_sys::{AudioContext, AudioContextState, OscillatorType};

    thread_local! {
        static SETTINGS: Cell<Option<SoundSettings>> = const { Cell::new(None) };
        static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
        static LISTENING: Cell<bool> = const { Cell::new(false) };
    }

    /// The person's sound settings (read from storage once).
    pub fn settings() -> SoundSettings {
        SETTINGS.get().unwrap_or_else(|| {
            let s = super::stored_settings();
            SETTINGS.set(Some(s));
            s
        })
    }

    /// Keeps the person's new settings (for this page and in storage).
    pub fn set_settings(s: SoundSettings) {
        SETTINGS.set(Some(s));
        let _ = crate::platform::storage::set(SOUND_KEY, &s);
    }

    fn reduced_motion() -> bool {
        web_sys::window()
            .and_then(|w| {
                w.match_media("(prefers-reduced-motion: reduce)")
                    .ok()
                    .flatten()
            })
            .is_some_and(|m| m.matches())
    }

    /// Creates (or resumes) the audio context: call only in a user gesture.
    pub fn start() {
        if !settings().on {
            return;
        }
        CONTEXT.with_borrow_mut(|c| {
            if c.is_none() {
                *c = AudioContext::new().ok();
            }
            if let Some(ctx) = c {
                if ctx.state() == AudioContextState::Suspended {
                    let _ = ctx.resume();
                }
            }
        });
    }

    /// Starts the audio at the first click or key press on a page, if sound is on.
    pub fn listen_for_gesture() {
        if LISTENING.replace(true) {
            return;
        }
        for name in ["pointerdown", "keydown"] {
            let f = wasm_bindgen::closure::Closure::<dyn Fn()>::new(start);
            if let Some(w) = web_sys::window() {
                let opts = web_sys::AddEventListenerOptions::new();
                opts.set_capture(true);
                let _ = w.add_event_listener_with_callback_and_add_event_listener_options(
                    name,
                    wasm_bindgen::JsCast::unchecked_ref(f.as_ref()),
                    &opts,
                );
            }
            f.forget();
        }
    }

    /// Plays a sound, if sound is on, audible now and the audio started.
    pub fn play(kind: SoundKind) {
        if !settings().audible(reduced_motion()) {
            return;
        }
        CONTEXT.with_borrow(|c| {
            if let Some(ctx) = c {
                for n in kind.notes() {
                    let _ = note(ctx, n);
                }
            }
        });
    }

    fn note(ctx: &AudioContext, n: &Note) -> Result<(), wasm_bindgen::JsValue> {
        let t = ctx.current_time() + n.at;
        let osc = ctx.create_oscillator()?;
        osc.set_type(match n.wave {
            Wave::Sine => OscillatorType::Sine,
            Wave::Triangle => OscillatorType::Triangle,
            Wave::Square => OscillatorType::Square,
            Wave::Sawtooth => OscillatorType::Sawtooth,
        });
        osc.frequency().set_value_at_time(n.freq, t)?;
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0001, t)?;
        g.exponential_ramp_to_value_at_time(n.gain, t + 0.008)?;
        g.exponential_ramp_to_value_at_time(0.0001, t + n.len)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(t)?;
        osc.stop_with_when(t + n.len + 0.02)?;
        Ok(())
    }
}

/// Natively (the pre-renderer, tests) there is no audio.
#[cfg(not(target_arch = "wasm32"))]
mod web {
    use super::{SoundKind, SoundSettings};
    /// The defaults: nothing is stored natively.
    pub fn settings() -> SoundSettings {
        SoundSettings::default()
    }
    /// Nothing to keep.
    pub fn set_settings(_: SoundSettings) {}
    /// No audio to start.
    pub fn start() {}
    /// No gesture to wait for.
    pub fn listen_for_gesture() {}
    /// Silence.
    pub fn play(_: SoundKind) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_map_to_their_sounds() {
        use congklak::Player::A;
        let hole = Place::Hole { side: A, hole: 2 };
        let store = Place::Store { side: A };
        let ev = [
            Event::Scoop {
                player: A,
                from: hole,
                seeds: 2,
            },
            Event::Sow {
                player: A,
                to: hole,
            },
            Event::Sow {
                player: A,
                to: store,
            },
            Event::ExtraTurn { player: A },
        ];
        assert_eq!(
            frame_sounds(&ev),
            vec![
                None,
                Some(SoundKind::Drop),
                Some(SoundKind::Store),
                Some(SoundKind::ExtraTurn)
            ]
        );
        assert_eq!(turn_sound(&ev), Some(SoundKind::ExtraTurn));
        let relay = Event::Relay {
            player: A,
            from: hole,
            seeds: 3,
        };
        assert_eq!(event_sound(&relay), Some(SoundKind::Relay));
    }

    #[test]
    fn every_sound_is_distinct_short_and_quiet() {
        for (i, a) in SoundKind::ALL.iter().enumerate() {
            let notes = a.notes();
            assert!(!notes.is_empty());
            let end = notes.iter().map(|n| n.at + n.len).fold(0.0, f64::max);
            assert!(end <= 0.3, "{a:?} lasts {end} s");
            assert!(notes.iter().all(|n| n.gain > 0.0 && n.gain <= 0.25));
            for b in &SoundKind::ALL[i + 1..] {
                assert_ne!(notes, b.notes(), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn off_by_default_and_silent_under_reduced_motion_if_asked() {
        let d = SoundSettings::default();
        assert!(!d.audible(false));
        let on = SoundSettings { on: true, ..d };
        assert!(on.audible(false));
        assert!(!on.audible(true));
        let always = SoundSettings {
            on: true,
            quiet_when_reduced_motion: false,
        };
        assert!(always.audible(true));
    }
}
