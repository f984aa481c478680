//! The one translation layer: every text the UI shows, in Bahasa Indonesia
//! and English. Components call [`tr`] (or [`trf`] with `{0}`, `{1}` holes);
//! none hard-codes a sentence.

use serde::{Deserialize, Serialize};

/// The UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// Bahasa Indonesia.
    Id,
    /// English.
    En,
}

impl Lang {
    /// The BCP 47 code, also the key of pack texts.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Id => "id",
            Lang::En => "en",
        }
    }
    /// The language for a browser language tag: Indonesian (and Malay) read Indonesian.
    pub fn from_tag(tag: &str) -> Lang {
        let tag = tag.to_ascii_lowercase();
        if tag.starts_with("id") || tag.starts_with("in") || tag.starts_with("ms") {
            Lang::Id
        } else {
            Lang::En
        }
    }
}

/// (key, English, Bahasa Indonesia)
const TEXTS: &[(&str, &str, &str)] = &[
    ("nav.play", "Play", "Main"),
    ("nav.packs", "Packs", "Aturan"),
    ("nav.compare", "Compare", "Bandingkan"),
    ("nav.about", "About", "Tentang"),
    ("nav.main", "Main", "Utama"),
    ("lang.switch", "Bahasa Indonesia", "English"),
    ("lang.switch.short", "ID", "EN"),
    ("lang.switch.label", "Switch language", "Ganti bahasa"),
    ("play.title", "Play congklak", "Main congklak"),
    ("player.A", "Player A", "Pemain A"),
    ("player.B", "Player B", "Pemain B"),
    (
        "hole.label",
        "{0}, hole {1}, {2} seeds",
        "{0}, lubang {1}, {2} biji",
    ),
    (
        "hole.label.one",
        "{0}, hole {1}, 1 seed",
        "{0}, lubang {1}, 1 biji",
    ),
    ("hole.burnt", "burnt", "terbakar"),
    ("hole.ngacang", "ngacang, protected", "ngacang, terlindung"),
    (
        "store.label",
        "{0} store, {1} seeds",
        "lumbung {0}, {1} biji",
    ),
    (
        "store.label.one",
        "{0} store, 1 seed",
        "lumbung {0}, 1 biji",
    ),
    ("board.label", "Congklak board", "Papan congklak"),
    ("setup.pack", "Rules", "Aturan"),
    ("setup.size", "Holes a side", "Lubang per sisi"),
    ("setup.mode", "Opponent", "Lawan"),
    (
        "setup.hotseat",
        "Two players, one screen",
        "Dua pemain, satu layar",
    ),
    ("setup.computer", "The computer", "Komputer"),
    ("setup.level", "Level", "Tingkat"),
    ("setup.human", "You play", "Anda bermain sebagai"),
    ("setup.starts", "Who starts", "Yang mulai"),
    ("setup.starts.pack", "As the pack says", "Menurut aturan"),
    ("setup.seed", "Seed", "Benih acak"),
    ("setup.new", "New game", "Permainan baru"),
    ("level.random", "Random", "Acak"),
    ("level.beginner", "Beginner", "Pemula"),
    ("level.greedy", "Greedy", "Rakus"),
    ("level.medium", "Medium", "Sedang"),
    ("level.hard", "Hard", "Sulit"),
    ("speed", "Animation", "Animasi"),
    ("speed.instant", "Instant", "Langsung"),
    ("speed.fast", "Fast", "Cepat"),
    ("speed.normal", "Normal", "Biasa"),
    ("speed.slow", "Slow", "Lambat"),
    ("undo", "Undo", "Batal"),
    ("redo", "Redo", "Ulangi"),
    ("copy.link", "Copy link", "Salin tautan"),
    ("copy.done", "Link copied", "Tautan disalin"),
    (
        "copy.failed",
        "Copy the address bar to share this game",
        "Salin alamat di bilah alamat untuk membagikan permainan ini",
    ),
    ("scrub", "Turn", "Giliran"),
    ("scrub.of", "{0} of {1}", "{0} dari {1}"),
    ("turn.to.move", "{0} to move", "Giliran {0}"),
    (
        "turn.both",
        "Both players choose their opening hole",
        "Kedua pemain memilih lubang pembuka",
    ),
    (
        "turn.secret",
        "{0}: choose your opening hole; the other player should look away",
        "{0}: pilih lubang pembuka; pemain lain jangan melihat",
    ),
    (
        "turn.secret.done",
        "{0} has chosen. Now {1} chooses.",
        "{0} sudah memilih. Sekarang {1} memilih.",
    ),
    (
        "turn.thinking",
        "The computer is thinking…",
        "Komputer sedang berpikir…",
    ),
    (
        "turn.reviewing",
        "Reviewing an earlier turn: play a hole to continue from here",
        "Melihat giliran sebelumnya: mainkan lubang untuk melanjutkan dari sini",
    ),
    (
        "result.win",
        "{0} wins, {1} to {2}",
        "{0} menang, {1} lawan {2}",
    ),
    ("result.draw", "A draw, {0} to {1}", "Seri, {0} lawan {1}"),
    (
        "round.over",
        "Round {0} is over: {1} {2}, {3} {4}",
        "Babak {0} selesai: {1} {2}, {3} {4}",
    ),
    ("round.next", "Next round", "Babak berikutnya"),
    ("round.label", "Round {0}", "Babak {0}"),
    (
        "round.burnt",
        "{0}: burnt holes {1}",
        "{0}: lubang terbakar {1}",
    ),
    (
        "round.ngacang",
        "{0}: ngacang holes {1}",
        "{0}: lubang ngacang {1}",
    ),
    ("sum.sow", "{0} sows hole {1}", "{0} menabur lubang {1}"),
    (
        "sum.both",
        "Both sow at once: A from hole {0}, B from hole {1}",
        "Keduanya menabur serentak: A dari lubang {0}, B dari lubang {1}",
    ),
    (
        "sum.relays",
        "relays {0} times (sambung)",
        "sambung {0} kali",
    ),
    (
        "sum.capture",
        "{0} captures {1} (menembak)",
        "{0} menembak {1} biji",
    ),
    (
        "sum.extra",
        "{0} ends in the lumbung and moves again",
        "{0} berhenti di lumbung dan jalan lagi",
    ),
    ("sum.stop", "the turn ends", "giliran selesai"),
    (
        "sum.pass",
        "{0} has no move and passes",
        "{0} tidak bisa jalan dan lewat",
    ),
    (
        "sum.forfeit",
        "{0} seeds fall in burnt holes",
        "{0} biji jatuh di lubang terbakar",
    ),
    (
        "sum.endless",
        "the chain is cut by the endless-sowing rule",
        "rantai dihentikan oleh aturan tabur tanpa akhir",
    ),
    ("sum.round", "round {0} ends", "babak {0} selesai"),
    ("sum.game", "the game ends", "permainan selesai"),
    (
        "sum.stores",
        "Stores: A {0}, B {1}",
        "Lumbung: A {0}, B {1}",
    ),
    (
        "preview.title",
        "If you play this hole",
        "Jika lubang ini dimainkan",
    ),
    ("preview.ends", "ends at {0}", "berhenti di {0}"),
    ("preview.banked", "banks {0}", "menyimpan {0}"),
    ("preview.capture", "captures {0}", "menembak {0}"),
    ("preview.relays", "relays {0} times", "sambung {0} kali"),
    ("preview.extra", "moves again", "jalan lagi"),
    ("preview.endsround", "ends the round", "mengakhiri babak"),
    ("place.store", "the lumbung of {0}", "lumbung {0}"),
    ("place.hole", "{0} hole {1}", "lubang {1} {0}"),
    (
        "link.broken",
        "This game link cannot be opened: {0}",
        "Tautan permainan ini tidak bisa dibuka: {0}",
    ),
    ("link.back", "Start a new game", "Mulai permainan baru"),
    (
        "saved.discarded",
        "A saved game could not be read and was discarded: {0}",
        "Permainan tersimpan tidak terbaca dan dibuang: {0}",
    ),
    ("dismiss", "Dismiss", "Tutup"),
    ("glossary", "Glossary", "Glosarium"),
    (
        "gloss.lumbung",
        "the big store at your end of the board; your score",
        "lubang besar di ujung papan milik Anda; nilai Anda",
    ),
    (
        "gloss.biji",
        "the seeds (cowries, stones) that are sown",
        "biji yang ditabur (kerang, kerikil, biji sawo)",
    ),
    (
        "gloss.menembak",
        "capturing: your last seed lands in an empty hole and takes the facing hole",
        "biji terakhir jatuh di lubang kosong dan mengambil isi lubang di seberangnya",
    ),
    (
        "gloss.sambung",
        "relay: your last seed lands in a full hole and you sow on from it",
        "biji terakhir jatuh di lubang berisi lalu isinya ditabur lagi",
    ),
    (
        "gloss.ngacang",
        "protected, partly filled holes of the short player in a later round",
        "lubang pemain yang kekurangan biji pada babak berikutnya, diisi sebagian dan dilindungi",
    ),
    (
        "gloss.terbakar",
        "burnt: a hole that could not be refilled and is out of play",
        "lubang yang tidak dapat diisi lagi dan keluar dari permainan",
    ),
    (
        "notfound.title",
        "Page not found",
        "Halaman tidak ditemukan",
    ),
    ("notfound.back", "Back to the game", "Kembali ke permainan"),
    ("packs.title", "Rule packs", "Paket aturan"),
    (
        "packs.intro",
        "Each pack is one region's reading of the rules, with its sources.",
        "Setiap paket adalah bacaan aturan satu daerah, lengkap dengan sumbernya.",
    ),
    (
        "pack.notfound",
        "There is no pack “{0}”.",
        "Tidak ada paket “{0}”.",
    ),
    ("pack.all", "See every pack", "Lihat semua paket"),
    ("compare.title", "Compare rules", "Bandingkan aturan"),
    (
        "compare.intro",
        "See where two readings of the rules part.",
        "Lihat di mana dua bacaan aturan berpisah.",
    ),
    ("about.title", "About congklak", "Tentang congklak"),
    ("ai.label", "computer", "komputer"),
    ("you", "you", "Anda"),
];

/// The text for `key` in `lang`; the key itself if there is none (a test checks there is).
pub fn tr(lang: Lang, key: &str) -> &'static str {
    match TEXTS.iter().find(|t| t.0 == key) {
        Some((_, en, id)) => match lang {
            Lang::En => en,
            Lang::Id => id,
        },
        None => {
            // Leak-free fallback: a fixed marker, so a missing key is visible and testable.
            "⟨missing text⟩"
        }
    }
}

/// [`tr`] with `{0}`, `{1}`, … replaced by `args`.
pub fn trf(lang: Lang, key: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = tr(lang, key).to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &a.to_string());
    }
    out
}

/// A reactive text: one closure type for every key, so the views that show
/// texts share one instantiation (this keeps the wasm small).
pub fn t<S>(lang: S, key: &'static str) -> impl Fn() -> &'static str + Clone + Send + Sync + 'static
where
    S: leptos::prelude::Get<Value = Lang> + Clone + Send + Sync + 'static,
{
    move || tr(lang.get(), key)
}

/// Every key, for tests.
pub fn keys() -> impl Iterator<Item = &'static str> {
    TEXTS.iter().map(|t| t.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_both_languages_and_the_same_holes() {
        let mut seen = std::collections::HashSet::new();
        for (key, en, id) in TEXTS {
            assert!(seen.insert(key), "{key} twice");
            assert!(!en.is_empty() && !id.is_empty(), "{key}");
            for i in 0..4 {
                let hole = format!("{{{i}}}");
                assert_eq!(en.contains(&hole), id.contains(&hole), "{key}: {hole}");
            }
        }
        assert_eq!(tr(Lang::En, "no.such.key"), "⟨missing text⟩");
        assert_eq!(
            trf(Lang::En, "hole.label", &[&"Player A", &3, &7]),
            "Player A, hole 3, 7 seeds"
        );
        assert_eq!(Lang::from_tag("id-ID"), Lang::Id);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
    }
}
