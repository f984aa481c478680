//! The play page's sound: the switch in its controls and its hooks after a
//! turn and after each animation frame, which play the sounds
//! [`crate::platform::audio`] maps the session's events to.

use crate::game::session::PlaySession;
use crate::platform::audio::{self, frame_sounds, turn_sound, SoundKind, SoundSettings};
use crate::texts::i18n::k;
use crate::texts::i18n::{t, use_lang};
use leptos::prelude::*;

/// The sound of the frame a session shows now (its turn being animated).
fn current_frame_sound(s: &PlaySession) -> Option<SoundKind> {
    let sounds = frame_sounds(s.last_events());
    let left = s.frames_left();
    if left == 0 || left > sounds.len() {
        return None;
    }
    sounds[sounds.len() - left]
}

/// The play page's hook after a turn is played: its first frame's sound, or
/// (shown at once) its one sound.
pub fn on_turn(s: &PlaySession) {
    let kind = if s.animating() {
        current_frame_sound(s)
    } else {
        turn_sound(s.last_events())
    };
    if let Some(k) = kind {
        audio::play(k);
    }
}

/// The play page's hook after each animation frame: that frame's sound.
pub fn on_frame(s: &PlaySession) {
    if let Some(k) = current_frame_sound(s) {
        audio::play(k);
    }
}

/// The sound switch, for the play page's controls: sound on or off and,
/// while on, whether to keep silent under reduced motion.
#[component]
pub fn SoundToggle() -> impl IntoView {
    let lang = use_lang();
    // Drawn off (as the build drew it); the visitor's choice is read once live.
    let settings = RwSignal::new(SoundSettings::default());
    Effect::new(move |_| {
        let s = audio::settings();
        if s != settings.get_untracked() {
            settings.set(s);
        }
        audio::listen_for_gesture();
    });
    let change = move |f: &dyn Fn(&mut SoundSettings)| {
        settings.update(|s| f(s));
        audio::set_settings(settings.get_untracked());
    };
    view! {
        <span class="sound-options">
            <label class="sound-toggle">
                <input type="checkbox" data-testid="sound" prop:checked=move || settings.with(|s| s.on)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        change(&|s| s.on = on);
                        if on {
                            // A user gesture: the one place the audio may start.
                            audio::start();
                            audio::play(SoundKind::Store);
                        }
                    }/>
                <span>{t(lang, k::SOUND_ON)}</span>
            </label>
            {move || settings.with(|s| s.on).then(|| view! {
                <label class="sound-toggle">
                    <input type="checkbox" data-testid="sound-quiet"
                        prop:checked=move || settings.with(|s| s.quiet_when_reduced_motion)
                        on:change=move |ev| {
                            let q = event_target_checked(&ev);
                            change(&|s| s.quiet_when_reduced_motion = q);
                        }/>
                    <span>{t(lang, k::SOUND_QUIET)}</span>
                </label>
            })}
        </span>
    }
}

#[cfg(test)]
mod tests {
    use crate::game::board_view::BoardView;
    use crate::game::state::{install_packs, packs};
    use crate::platform::audio::{event_sound, frame_sounds, turn_sound, SoundKind};
    use congklak::{PackSet, Position};

    #[test]
    fn one_sound_a_frame_in_step_with_the_boards_frames_in_every_pack() {
        install_packs(PackSet::builtin());
        let mut seen = std::collections::BTreeSet::new();
        for pack in packs().all() {
            for size in &pack.board_sizes {
                let rules = pack.rules_for_size(*size).unwrap();
                let mut pos = Position::new(&rules);
                for i in 0..300usize {
                    if pos.is_over() {
                        break;
                    }
                    let legal = pos.legal_moves(&rules);
                    let start = BoardView::of(&pos);
                    let turn = pos.play(&rules, legal[(i * 5 + 1) % legal.len()]).unwrap();
                    let frames = BoardView::frames(&start, &turn.events);
                    let sounds = frame_sounds(&turn.events);
                    assert_eq!(sounds.len(), frames.len(), "{}", pack.id);
                    // Each frame's own event is the one sounded (or a more notable one with it).
                    let mut view = start.clone();
                    let mut k = 0;
                    for e in &turn.events {
                        if view.apply(e) {
                            assert!(sounds[k] >= event_sound(e), "{}: {e:?}", pack.id);
                            k += 1;
                        }
                    }
                    seen.extend(sounds.iter().flatten().copied());
                    assert_eq!(
                        turn_sound(&turn.events),
                        sounds.iter().flatten().max().copied()
                    );
                }
            }
        }
        assert_eq!(
            seen.len(),
            SoundKind::ALL.len(),
            "every sound is heard: {seen:?}"
        );
    }
}
