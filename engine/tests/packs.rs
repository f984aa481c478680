//! Every pack validates; every divergence is played (its other reading is a
//! valid, different ruleset) or recorded with a reason in both languages; a
//! broken pack is refused with the file and the field named.
#![cfg(not(target_arch = "wasm32"))]

use congklak::{
    builtin_packs, BundleError, BundlePackError, ClauseError, DivergenceStatus, PackSet,
};

#[test]
fn every_builtin_pack_validates() {
    let set = PackSet::load(builtin_packs()).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.all().len() >= 9, "at least nine packs");
    for id in ["umum", "jawa-sleman", "congkak-melayu", "standard-mancala"] {
        assert!(set.get(id).is_some(), "pack {id}");
    }
    let kalah = &set.get("standard-mancala").unwrap().rules;
    assert_eq!((kalah.holes, kalah.seeds_per_hole), (6, 4));
    assert_eq!(kalah.relay, congklak::Relay::Never);
    assert!(kalah.capture_requires_opposite);
    assert_eq!(kalah.end_when, congklak::EndWhen::EitherSideEmpty);
    assert_eq!(kalah.leftover, congklak::Leftover::Owner);
}

#[test]
fn every_divergence_is_played_or_says_why_not() {
    let set = PackSet::builtin();
    for pack in set.all() {
        assert!(!pack.sources.is_empty(), "{}: sources", pack.id);
        for d in &pack.divergences {
            match &d.status {
                DivergenceStatus::Played { .. } => {
                    let flipped = pack.flipped(d).unwrap_or_else(|| {
                        panic!("{} / {}: other reading not playable", pack.id, d.id)
                    });
                    assert_ne!(
                        flipped, pack.rules,
                        "{} / {}: nothing changes",
                        pack.id, d.id
                    );
                }
                DivergenceStatus::Recorded { reason } => {
                    assert!(
                        reason.id.len() > 20 && reason.en.len() > 20,
                        "{} / {}: a recorded divergence says why",
                        pack.id,
                        d.id
                    );
                }
            }
        }
    }
}

fn load_with(name: &str, text: &str) -> Result<PackSet, congklak::PackError> {
    let mut files: Vec<(&str, &str)> = builtin_packs().to_vec();
    files.push((name, text));
    PackSet::load(&files)
}

#[test]
fn a_broken_pack_is_refused_naming_file_and_field() {
    let good = r#"{"id":"probe","extends":"umum","name":{"id":"a","en":"a"},"region":{"id":"a","en":"a"},
        "description":{"id":"a","en":"a"},"rules":{},"sources":[]}"#;
    load_with("packs/probe.json", good).expect("the probe is valid as written");
    let cases = [
        (
            r#""rules":{}"#,
            r#""rules":{"relai":"never"}"#,
            "rules.relai",
        ),
        (
            r#""rules":{}"#,
            r#""rules":{"relay":"sometimes"}"#,
            "rules.relay",
        ),
        (r#""rules":{}"#, r#""rules":{"holes":12}"#, "rules.holes"),
        (
            r#""rules":{}"#,
            r#""rules":{"round_limit":50}"#,
            "rule_sources.round_limit",
        ),
        (
            r#""rules":{}"#,
            r#""rules":{"end_when":"all-in-stores"},"rule_sources":{"end_when":["choice"]}"#,
            "rules.end_when+rules.no_move",
        ),
        (r#""id":"probe""#, r#""id":"other""#, "id"),
        (r#""extends":"umum""#, r#""extends":"nowhere""#, "extends"),
        (
            r#""sources":[]"#,
            r#""sources":[],"colour":"red""#,
            "colour",
        ),
        (
            r#""sources":[]"#,
            r#""sources":[],"divergences":[{"id":"x","title":{"id":"a","en":"a"},"this_pack":{"id":"a","en":"a"},"other":{"id":"a","en":"a"},"why":{"id":"a","en":"a"},"status":"played","clause":"relay","value":"anywhere"}]"#,
            "divergences[0].value",
        ),
        (
            r#""sources":[]"#,
            r#""sources":[],"divergences":[{"id":"x","title":{"id":"a","en":"a"},"this_pack":{"id":"a","en":"a"},"other":{"id":"a","en":"a"},"why":{"id":"a","en":"a"},"status":"recorded","reason":{"id":"","en":"b"}}]"#,
            "divergences[0].reason",
        ),
        (
            r#""description":{"id":"a","en":"a"}"#,
            r#""description":{"id":"","en":"a"}"#,
            "description",
        ),
    ];
    for (from, to, field) in cases {
        let text = good.replace(from, to);
        let Err(err) = load_with("packs/probe.json", &text) else {
            panic!("{field}: the broken pack was accepted");
        };
        assert_eq!(err.file, "packs/probe.json", "{err}");
        assert_eq!(err.field, field, "{err}");
        assert!(err.to_string().contains("packs/probe.json"), "{err}");
    }
}

#[test]
fn the_bundle_round_trips_and_refuses_damage() {
    let set = PackSet::builtin();
    let text = set.to_bundle();
    let back = PackSet::from_bundle(&text).unwrap();
    assert_eq!(back.all(), set.all());
    assert!(PackSet::from_bundle("[{]").is_err());
    let damaged = text.replacen("\"holes\":7", "\"holes\":70", 1);
    let err = PackSet::from_bundle(&damaged).unwrap_err();
    assert!(matches!(err, BundleError::Pack { .. }), "{err:?}");
    assert!(err.to_string().contains("holes"), "{err}");
}

#[test]
fn a_lean_bundle_reads_names_boards_and_rules_only() {
    let set = PackSet::builtin();
    let lean = PackSet::from_lean_bundle(&set.to_bundle()).unwrap();
    assert_eq!(lean.all().len(), set.all().len());
    for (l, p) in lean.all().iter().zip(set.all()) {
        assert_eq!(
            (&l.id, &l.name, &l.board_sizes, &l.rules, &l.presentation),
            (&p.id, &p.name, &p.board_sizes, &p.rules, &p.presentation)
        );
        assert!(l.sources.is_empty() && l.divergences.is_empty() && l.glossary.is_empty());
        assert!(l.description.en.is_empty() && l.region.en.is_empty() && l.aliases.is_empty());
    }
    let damaged = set.to_bundle().replacen("\"holes\":7", "\"holes\":70", 1);
    let err = PackSet::from_lean_bundle(&damaged).unwrap_err();
    assert!(
        matches!(
            err,
            BundleError::Pack {
                problem: BundlePackError::Rules(ClauseError::Invalid(_)),
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("holes"), "{err}");
}

#[test]
fn a_player_text_with_an_internal_identifier_is_refused() {
    let probe = |description: &str| {
        format!(
            r#"{{"id":"probe","extends":"umum","name":{{"id":"a","en":"a"}},"region":{{"id":"a","en":"a"}},
            "description":{{"id":"Bacaan umum.","en":"{description}"}},"rules":{{}},"sources":[]}}"#
        )
    };
    load_with(
        "packs/probe.json",
        &probe("The common reading, as the Czech rules page has it."),
    )
    .expect("plain words pass");
    for (text, what) in [
        ("As reported by seed-004.", "seed-004"),
        ("The Dutch text (seed-003-nl) agrees.", "seed-003-nl"),
        ("Matching the app we studied (004).", "004"),
        ("Both say so (002, 003).", "002"),
        ("Played: end_when = all-in-stores.", "end_when"),
        (
            "Seven a hole, as in the congkak-melayu pack.",
            "congkak-melayu",
        ),
    ] {
        let err = load_with("packs/probe.json", &probe(text)).expect_err(text);
        assert_eq!(
            (err.file.as_str(), err.field.as_str()),
            ("packs/probe.json", "description.en"),
            "{text}"
        );
        assert!(err.message.contains(what), "{text}: {err}");
    }
}

#[test]
fn the_seed_documents_are_named_by_their_public_identity() {
    let set = PackSet::builtin();
    let umum = set.get("umum").unwrap();
    let source = |key: &str| umum.sources.iter().find(|s| s.key == key).unwrap();
    let app = source("seed-004");
    assert!(app
        .publisher
        .get("en")
        .contains("Andi Fathul Mukminin Salahuddin"));
    assert_eq!(
        app.url.as_deref(),
        Some("https://github.com/andifathulms/congklak")
    );
    for (key, language) in [
        ("seed-000", "fr"),
        ("seed-001", "es"),
        ("seed-002", "cs"),
        ("seed-003-nl", "nl"),
    ] {
        assert_eq!(source(key).language.as_deref(), Some(language), "{key}");
        assert_eq!(source(key).url, None, "{key}: no address is known");
    }
}
