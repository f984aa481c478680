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
    ("level.hardest", "Hardest", "Tersulit"),
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
    ("sum.relays.one", "relays once (sambung)", "sambung 1 kali"),
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
    ("preview.relays.one", "relays once", "sambung 1 kali"),
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
    // ---- Packs pages, the divergence finder and About (pack_text, parting, clause tables) ----
    ("packs.aliases", "Also called", "Juga disebut"),
    (
        "packs.diff.title",
        "What each pack sets differently",
        "Apa yang diatur berbeda oleh setiap paket",
    ),
    (
        "packs.diff.intro",
        "Worked out from the packs' rules as they load: the clauses in which each pack differs from the defaults (the common reading, umum) and from Standard Mancala (Kalah).",
        "Dihitung dari aturan paket saat dimuat: klausul tempat setiap paket berbeda dari bawaan (bacaan umum) dan dari Mancala Standar (Kalah).",
    ),
    ("packs.diff.pack", "Pack", "Paket"),
    (
        "packs.diff.defaults",
        "Differs from the defaults",
        "Berbeda dari bawaan",
    ),
    (
        "packs.diff.standard",
        "Differs from Standard Mancala",
        "Berbeda dari Mancala Standar",
    ),
    ("packs.diff.none", "none", "tidak ada"),
    ("pack.names", "Names", "Nama"),
    ("pack.extends", "Builds on", "Berdasarkan"),
    ("pack.sizes", "Board sizes", "Ukuran papan"),
    (
        "pack.sizes.value",
        "{0} holes a side",
        "{0} lubang per sisi",
    ),
    ("pack.sources", "Sources", "Sumber"),
    ("pack.confidence", "Confidence: {0}", "Tingkat kepercayaan: {0}"),
    ("confidence.high", "high", "tinggi"),
    ("confidence.medium", "medium", "sedang"),
    ("confidence.low", "low", "rendah"),
    ("kind.government", "government", "pemerintah"),
    ("kind.academic", "scholarly", "ilmiah"),
    (
        "kind.specialist-reference",
        "specialist reference",
        "rujukan khusus",
    ),
    ("kind.encyclopedia", "encyclopedia", "ensiklopedia"),
    ("kind.media", "media", "media massa"),
    ("kind.game-portal", "game portal", "portal permainan"),
    ("kind.teaching", "teaching material", "bahan ajar"),
    (
        "pack.divergences",
        "Where the sources disagree",
        "Di mana sumber berbeda pendapat",
    ),
    (
        "pack.div.count",
        "{0} divergences: {1} played by the engine, {2} recorded only.",
        "{0} perbedaan: {1} dimainkan oleh mesin, {2} hanya dicatat.",
    ),
    ("pack.glossary", "Glossary of this pack", "Glosarium paket ini"),
    ("div.this", "This pack", "Paket ini"),
    ("div.other", "Other reading", "Bacaan lain"),
    ("div.why", "Why", "Alasan"),
    ("div.played", "Played: {0}", "Dimainkan: {0}"),
    ("div.also", "also {0}", "juga {0}"),
    ("div.recorded", "Recorded: {0}", "Dicatat: {0}"),
    (
        "div.sources.this",
        "Sources for this pack: {0}",
        "Sumber untuk paket ini: {0}",
    ),
    (
        "div.sources.other",
        "Sources for the other reading: {0}",
        "Sumber untuk bacaan lain: {0}",
    ),
    (
        "div.finding",
        "Looking for the first sample game where the readings part…",
        "Mencari permainan contoh pertama tempat bacaan berpisah…",
    ),
    (
        "div.computing",
        "Playing {0} sample games under both readings…",
        "Memainkan {0} permainan contoh dengan kedua bacaan…",
    ),
    (
        "div.never",
        "In {0} sample games the two readings never part: every game goes the same under both.",
        "Dalam {0} permainan contoh kedua bacaan tidak pernah berpisah: setiap permainan berjalan sama dengan keduanya.",
    ),
    (
        "div.failed",
        "The other reading cannot be played with this pack's rules.",
        "Bacaan lain tidak dapat dimainkan dengan aturan paket ini.",
    ),
    (
        "div.first",
        "They first part in sample game {0}, after turn {1}: {2}.",
        "Keduanya pertama berpisah pada permainan contoh {0}, sesudah giliran {1}: {2}.",
    ),
    (
        "div.length",
        "That game (seed {0}) runs {1} moves under this pack and {2} under the other reading.",
        "Permainan itu (benih acak {0}) berlangsung {1} langkah dengan paket ini dan {2} dengan bacaan lain.",
    ),
    (
        "div.first.start",
        "They part in sample game {0} before the first move: {1}.",
        "Keduanya berpisah pada permainan contoh {0} sebelum langkah pertama: {1}.",
    ),
    (
        "parting.boards-differ",
        "the boards differ",
        "isi papan berbeda",
    ),
    (
        "parting.one-is-over",
        "one reading ends the game, the other goes on",
        "satu bacaan mengakhiri permainan, yang lain berlanjut",
    ),
    (
        "parting.move-illegal",
        "the move is not allowed under the other reading (its board is shown before the move)",
        "langkah itu tidak sah menurut bacaan lain (papannya ditampilkan sebelum langkah itu)",
    ),
    (
        "div.board.this",
        "This pack's reading",
        "Bacaan paket ini",
    ),
    ("div.board.other", "The other reading", "Bacaan lain"),
    (
        "div.marked",
        "Places that differ are ringed with dashes.",
        "Tempat yang berbeda diberi lingkaran putus-putus.",
    ),
    (
        "div.moves",
        "Moves up to there: {0}",
        "Langkah sampai di sana: {0}",
    ),
    (
        "stats.title",
        "Over {0} sample games",
        "Dari {0} permainan contoh",
    ),
    ("stats.parted", "Readings part", "Bacaan berpisah"),
    ("stats.winner", "Winner changes", "Pemenang berubah"),
    (
        "stats.of",
        "{0} of {1} games ({2}%)",
        "{0} dari {1} permainan ({2}%)",
    ),
    (
        "stats.shift",
        "Score shift (A's lead: {1} minus {0})",
        "Pergeseran skor (selisih A: {1} dikurangi {0})",
    ),
    ("stats.this", "this pack", "paket ini"),
    ("stats.other", "the other reading", "bacaan lain"),
    ("stats.a", "ruleset A", "aturan A"),
    ("stats.b", "ruleset B", "aturan B"),
    (
        "stats.outcomes",
        "Results under each (A wins, B wins, draws)",
        "Hasil dengan masing-masing (A menang, B menang, seri)",
    ),
    (
        "stats.results",
        "A wins {0}, B wins {1}, draws {2}",
        "A menang {0}, B menang {1}, seri {2}",
    ),
    (
        "stats.first",
        "the first mover wins {0}%",
        "yang jalan pertama menang {0}%",
    ),
    (
        "stats.length",
        "{0} moves a game on average",
        "rata-rata {0} langkah per permainan",
    ),
    ("stats.key.a", "A wins", "A menang"),
    ("stats.key.b", "B wins", "B menang"),
    ("stats.key.draw", "draw", "seri"),
    (
        "stats.margins",
        "Final margins: A's store minus B's, in seeds",
        "Selisih akhir: lumbung A dikurangi lumbung B, dalam biji",
    ),
    (
        "stats.margin.bar",
        "{0}: A ahead by {1} to {2}: {3} games",
        "{0}: A unggul {1} sampai {2}: {3} permainan",
    ),
    (
        "stats.margins.axis",
        "margin {0} to {1}",
        "selisih {0} sampai {1}",
    ),
    (
        "stats.shift.value",
        "mean {0}, standard deviation {1}",
        "rata-rata {0}, simpangan baku {1}",
    ),
    (
        "stats.turn",
        "Parting turn, mean",
        "Giliran berpisah, rata-rata",
    ),
    (
        "stats.hist",
        "Games by the turn where the readings part",
        "Jumlah permainan menurut giliran tempat bacaan berpisah",
    ),
    (
        "stats.hist.bar",
        "turns {0} to {1}: {2} games",
        "giliran {0} sampai {1}: {2} permainan",
    ),
    (
        "stats.hist.axis",
        "turn {0} to {1}",
        "giliran {0} sampai {1}",
    ),
    ("clause.holes", "Holes a side", "Lubang per sisi"),
    ("clause.seeds_per_hole", "Seeds a hole", "Biji per lubang"),
    ("clause.relay", "Relay (sambung)", "Sambung"),
    (
        "clause.extra_turn",
        "Move again after ending in one's store",
        "Jalan lagi bila berhenti di lumbung sendiri",
    ),
    (
        "clause.capture_side",
        "Where a capture happens (menembak)",
        "Sisi tempat menembak",
    ),
    (
        "clause.capture_requires_opposite",
        "A capture needs seeds opposite",
        "Menembak perlu biji di seberang",
    ),
    (
        "clause.capture_banks_sower",
        "The capturing seed is banked too",
        "Biji penembak ikut masuk lumbung",
    ),
    (
        "clause.capture_lap",
        "A lap before a capture",
        "Syarat putaran sebelum menembak",
    ),
    (
        "clause.no_move",
        "A player without a move",
        "Pemain yang tidak bisa jalan",
    ),
    ("clause.end_when", "When play stops", "Kapan permainan berhenti"),
    (
        "clause.end_empty_holes",
        "Empty holes that stop play",
        "Lubang kosong yang menghentikan permainan",
    ),
    (
        "clause.leftover",
        "Seeds left on the board",
        "Biji sisa di papan",
    ),
    ("clause.opening", "Opening", "Langkah pembuka"),
    ("clause.first_player", "Who moves first", "Yang jalan pertama"),
    (
        "clause.simultaneous_next",
        "Who moves after a simultaneous opening",
        "Yang jalan sesudah pembukaan serentak",
    ),
    ("clause.opening_hole", "Opening hole", "Lubang pembuka"),
    (
        "clause.simultaneous_rounds",
        "Rounds that open simultaneously",
        "Babak yang dibuka serentak",
    ),
    ("clause.rounds", "Rounds", "Babak"),
    ("clause.refill_from", "Refill order", "Urutan mengisi ulang"),
    (
        "clause.unfilled",
        "Holes that cannot be refilled",
        "Lubang yang tidak dapat diisi ulang",
    ),
    (
        "clause.next_round_starter",
        "Who starts the next round",
        "Yang memulai babak berikutnya",
    ),
    (
        "clause.game_end",
        "When the whole game ends",
        "Kapan seluruh permainan berakhir",
    ),
    (
        "clause.max_rounds",
        "Most rounds (0: no cap)",
        "Babak paling banyak (0: tanpa batas)",
    ),
    ("clause.win", "Who wins", "Siapa yang menang"),
    (
        "clause.relay_limit",
        "Relay limit (endless sowing)",
        "Batas sambung (tabur tanpa akhir)",
    ),
    (
        "clause.move_limit",
        "Move limit a round",
        "Batas langkah per babak",
    ),
    ("clause.round_limit", "Round limit", "Batas babak"),
    ("about.what.h", "What congklak is", "Apa itu congklak"),
    (
        "about.what",
        "Congklak is a game for two players from the mancala family, the games in which seeds are sown one by one around a board of holes. Each player owns a row of small holes and a large store, the lumbung, and tries to end with more seeds in it than the other player (002, 003). What sets congklak and its neighbours apart from the better-known Kalah is the relay: a sowing that ends in a filled hole picks that hole up and goes on, so one move can run round the board several times (002).",
        "Congklak adalah permainan dua orang dari keluarga mancala, yaitu permainan menabur biji satu per satu mengelilingi papan berlubang. Setiap pemain memiliki satu baris lubang kecil dan satu lubang besar, lumbung, dan berusaha mengumpulkan biji di lumbungnya lebih banyak daripada lawan (002, 003). Yang membedakan congklak dan kerabatnya dari Kalah yang lebih dikenal adalah sambung: taburan yang berhenti di lubang berisi mengangkat isi lubang itu dan terus berjalan, sehingga satu langkah bisa mengelilingi papan beberapa kali (002).",
    ),
    (
        "about.names.h",
        "Names across the region",
        "Nama-namanya di berbagai daerah",
    ),
    (
        "about.names",
        "The game goes by closely related names: congklak in Indonesia, congkak in Malaysia, Singapore and Brunei, dakon in Java and sungka (sungkâ) in the Philippines (002, 001). Kin of it are played in southern Thailand, in Sri Lanka (chonka), in southern India, in the Maldives (ohvalhu or naranj) and in the Mariana Islands (chongka') (001, 002, MW). One account says the name congklak comes from the Indonesian word for the cowrie shells used as pieces (001); another says the names imitate the click of the seeds (002). Older spellings in English writing include jongkak and chongkak (Hel, Ovb).",
        "Permainan ini dikenal dengan nama-nama yang mirip: congklak di Indonesia, congkak di Malaysia, Singapura dan Brunei, dakon di Jawa, dan sungka (sungkâ) di Filipina (002, 001). Kerabatnya dimainkan di Thailand selatan, di Sri Lanka (chonka), di India selatan, di Maladewa (ohvalhu atau naranj) dan di Kepulauan Mariana (chongka') (001, 002, MW). Satu sumber menyebut nama congklak berasal dari sebutan Indonesia untuk kerang cowrie yang dipakai sebagai biji (001); sumber lain menyebut nama-nama itu meniru bunyi biji yang beradu (002). Tulisan lama berbahasa Inggris mengejanya jongkak dan chongkak (Hel, Ovb).",
    ),
    ("about.board.h", "The board", "Papannya"),
    (
        "about.board",
        "The usual board has two rows of seven holes with a store at each end, and seven seeds in each hole: 98 in all (002, 001, 003). Boards are often carved from wood in the long shape of a boat, with holes deeper than on African boards so that they hold cowries, pebbles or tamarind seeds (002, 003). Other sizes are known: from three to nine holes a row and more in Indonesia (002), five, seven or nine in Malaysia and seven, nine or eleven in Sleman, Yogyakarta (004); the usual rule is as many seeds a hole as there are holes in a row (000).",
        "Papan yang umum punya dua baris tujuh lubang dengan lumbung di tiap ujung, dan tujuh biji di setiap lubang: seluruhnya 98 biji (002, 001, 003). Papan sering dipahat dari kayu berbentuk perahu yang memanjang, dengan lubang yang lebih dalam daripada papan Afrika agar muat kerang cowrie, kerikil atau biji asam (002, 003). Ukuran lain juga dikenal: tiga sampai sembilan lubang per baris atau lebih di Indonesia (002), lima, tujuh atau sembilan di Malaysia, dan tujuh, sembilan atau sebelas di Sleman, Yogyakarta (004); aturan yang biasa ialah jumlah biji per lubang sama dengan jumlah lubang per baris (000).",
    ),
    ("about.play.h", "How a move goes", "Jalannya satu langkah"),
    (
        "about.play",
        "You take every seed from one of your holes and drop them one at a time clockwise, into your own store as you pass it but never into the other player's (002, 003). Where the last seed falls decides what comes next: in a filled hole on either side you pick that hole up and sow on (sambung); in your own store you move again; in an empty hole on your side you capture (menembak), taking the seeds of the facing hole; in an empty hole on the other side your move ends (002, 003). Traditionally both players make the first move at the same time (001, 003), and play goes on over several rounds: each player refills their holes from their store, and a hole that can no longer be filled is burnt and left out (003). In Java, the short player's last holes may instead be partly filled and protected, which is called ngacang (000).",
        "Anda mengambil semua biji dari salah satu lubang Anda dan menjatuhkannya satu per satu searah jarum jam, ke lumbung sendiri saat melewatinya tetapi tidak pernah ke lumbung lawan (002, 003). Tempat jatuhnya biji terakhir menentukan kelanjutannya: di lubang berisi di sisi mana pun, isi lubang itu diangkat dan ditabur lagi (sambung); di lumbung sendiri, Anda jalan lagi; di lubang kosong di sisi sendiri, Anda menembak isi lubang di seberangnya; di lubang kosong di sisi lawan, langkah Anda selesai (002, 003). Menurut tradisi kedua pemain melangkah pertama kali secara serentak (001, 003), dan permainan berlanjut beberapa babak: setiap pemain mengisi ulang lubangnya dari lumbung, dan lubang yang tidak lagi dapat diisi menjadi terbakar dan tidak dipakai (003). Di Jawa, lubang terakhir pemain yang kekurangan biji boleh diisi sebagian dan dilindungi; ini disebut ngacang (000).",
    ),
    ("about.history.h", "Some history", "Sedikit sejarah"),
    (
        "about.history",
        "Mancala as a whole is old: the earliest boards known come from a ruined fort of Roman Egypt and are dated to the fourth century (002). How the game reached South-East Asia is not known; one idea is that it travelled along Austronesian trade routes with South Asia, where similar games are found (002), and a Dutch encyclopedia places its origin around the fifteenth century (003). Written accounts by outsiders begin in the nineteenth century: Low described the Thai game in 1836 (MW), Skeat the Malay game in 1900 (Ludii) and Hellier in 1907 (Hel), Culin the Chungcajon in 1900 and Fritz the Chongka' of the Marianas in 1904 (Ludii). Indonesia shows the widest variety of boards and rules (002).",
        "Mancala secara keseluruhan sudah tua: papan tertua yang diketahui berasal dari reruntuhan benteng di Mesir zaman Romawi dan bertarikh abad keempat (002). Bagaimana permainan ini sampai ke Asia Tenggara tidak diketahui; satu dugaan menyebut ia menyebar lewat jalur dagang Austronesia dengan Asia Selatan, tempat permainan serupa ditemukan (002), dan sebuah ensiklopedia Belanda menempatkan asal-usulnya sekitar abad kelima belas (003). Catatan tertulis oleh orang luar mulai muncul pada abad kesembilan belas: Low menggambarkan permainan Thailand pada 1836 (MW), Skeat permainan Melayu pada 1900 (Ludii) dan Hellier pada 1907 (Hel), Culin permainan Chungcajon pada 1900 dan Fritz Chongka' dari Kepulauan Mariana pada 1904 (Ludii). Indonesia menunjukkan ragam papan dan aturan yang paling luas (002).",
    ),
    ("about.readings.h", "Many readings", "Banyak bacaan"),
    (
        "about.readings",
        "The sources do not agree on the details: whether a capture needs seeds opposite, whether the first move is made together, when a round ends, who starts the next one (see the rule packs). This app plays each region's reading as a pack with its own sources. The table below is worked out from the packs as they load: every rule on which some pack differs from Standard Mancala (Kalah), with each pack's value; the values that differ from Standard Mancala are highlighted.",
        "Sumber-sumber tidak sepakat dalam rinciannya: apakah menembak perlu biji di seberang, apakah langkah pertama dilakukan serentak, kapan babak berakhir, siapa yang memulai babak berikutnya (lihat paket aturan). Aplikasi ini memainkan bacaan setiap daerah sebagai satu paket dengan sumbernya sendiri. Tabel di bawah dihitung dari paket saat dimuat: setiap aturan tempat suatu paket berbeda dari Mancala Standar (Kalah), dengan nilainya di setiap paket; nilai yang berbeda dari Mancala Standar disorot.",
    ),
    (
        "about.table.title",
        "Standard Mancala against each pack",
        "Mancala Standar dibandingkan dengan setiap paket",
    ),
    ("about.table.clause", "Rule", "Aturan"),
    ("about.sources.h", "Sources cited", "Sumber yang dikutip"),
    (
        "about.sources",
        "(000) a French how-to for congklak and dakon; (001) a Spanish encyclopedia text; (002) the Czech page of an existing app, with a rule table against Standard Mancala and a history; (003) a Dutch encyclopedia text with a game portal's rules; (004) the rules page of an existing congklak app, citing the Sleman culture office and the Malaysian culture ministry; (Hel) Hellier 1907 and (Ovb) Overbeck, in the Journal of the Straits Branch of the Royal Asiatic Society; (MW) the Mancala World wiki; (Ludii) the Ludii game collection's rule files. The packs list their own sources in full.",
        "(000) petunjuk bermain congklak dan dakon berbahasa Prancis; (001) teks ensiklopedia berbahasa Spanyol; (002) halaman berbahasa Ceko dari sebuah aplikasi, dengan tabel aturan dibandingkan Mancala Standar dan sejarahnya; (003) teks ensiklopedia berbahasa Belanda dengan aturan dari sebuah portal permainan; (004) halaman aturan sebuah aplikasi congklak, yang mengutip dinas kebudayaan Sleman dan kementerian kebudayaan Malaysia; (Hel) Hellier 1907 dan (Ovb) Overbeck, dalam Journal of the Straits Branch of the Royal Asiatic Society; (MW) wiki Mancala World; (Ludii) berkas aturan koleksi permainan Ludii. Setiap paket mencantumkan sumbernya sendiri secara lengkap.",
    ),
    ("compare.a", "Ruleset A", "Aturan A"),
    ("compare.b", "Ruleset B", "Aturan B"),
    ("compare.keep", "(keep the current one)", "(tetap yang sekarang)"),
    ("compare.go", "Compare", "Bandingkan"),
    ("compare.bad", "This comparison cannot be opened: {0}", "Perbandingan ini tidak bisa dibuka: {0}"),
    ("compare.parts", "The two readings part at turn {0} of sample game {1}; after it each game goes on under its own rules.", "Kedua bacaan berpisah pada giliran {0} permainan contoh {1}; sesudahnya tiap permainan berlanjut dengan aturannya sendiri."),
    ("compare.same", "Sample game {0} is the same under both readings.", "Permainan contoh {0} sama di bawah kedua bacaan."),
    ("compare.jump", "Jump to the parting turn", "Lompat ke giliran berpisah"),
    ("compare.end", "Game over after {0} moves: {1}", "Permainan selesai sesudah {0} langkah: {1}"),
    ("div.open.compare", "Open this game in the compare page", "Buka permainan ini di halaman perbandingan"),
    ("compare.play.a", "Play ruleset A", "Mainkan aturan A"),
    ("compare.play", "Play ruleset B", "Mainkan aturan B"),
    ("compare.editor.a", "Change ruleset A clause by clause", "Ubah aturan A per klausul"),
    ("compare.editor.b", "Change ruleset B clause by clause", "Ubah aturan B per klausul"),
    ("compare.editor.intro", "Each clause with its readings, and for each reading the packs that play it with the sources they cite (the reading chosen here in bold). Clauses where A and B differ are marked. A change makes the ruleset a custom one and updates the comparison at once.", "Setiap klausul dengan bacaannya, dan untuk setiap bacaan paket yang memainkannya beserta sumber yang dirujuk (bacaan yang dipilih di sini dicetak tebal). Klausul yang berbeda antara A dan B ditandai. Perubahan menjadikan aturan itu aturan khusus dan langsung memperbarui perbandingan."),
    ("compare.clause", "Clause", "Klausul"),
    ("compare.reading", "Reading", "Bacaan"),
    ("compare.users", "Packs by reading (sources)", "Paket menurut bacaan (sumber)"),
    ("preview.others", "Played differently under: {0}", "Berbeda jika dimainkan dengan: {0}"),
    ("skip", "Skip to the end of the move", "Lewati ke akhir giliran"),
    // ---- Page titles and descriptions (the <head> of each page) ----
    ("meta.site", "Congklak", "Congklak"),
    ("meta.play.title", "Play congklak online", "Main congklak daring"),
    (
        "meta.play",
        "Play congklak, congkak, dakon or sungka in your browser, alone, against the computer or with a friend, by the rules of any region.",
        "Main congklak, congkak, dakon atau sungka di peramban, sendiri, melawan komputer atau bersama teman, dengan aturan daerah mana pun.",
    ),
    (
        "meta.packs",
        "Every regional reading of the congklak rules, with its sources, and the clauses each sets differently.",
        "Setiap bacaan aturan congklak dari berbagai daerah, dengan sumbernya, dan klausul yang diatur berbeda oleh masing-masing.",
    ),
    (
        "meta.compare",
        "One seeded game of congklak under two rulesets side by side: where the readings part, and figures over a thousand games.",
        "Satu permainan congklak dengan benih acak yang sama di bawah dua aturan berdampingan: di mana bacaannya berpisah, dan angka dari seribu permainan.",
    ),
    (
        "meta.about",
        "What congklak is, its names across South-East Asia, the board, how a move goes and its history, with sources.",
        "Apa itu congklak, namanya di Asia Tenggara, papannya, jalannya satu giliran dan sejarahnya, dengan sumber.",
    ),
    // ---- Statistics (/stats) and sound (branch stats-sound) ----
    ("nav.stats", "Statistics", "Statistik"),
    ("mystats.title", "Your statistics", "Statistik Anda"),
    (
        "mystats.intro",
        "Counted on this device from the games you finish on the play page. Nothing leaves your browser unless you export it.",
        "Dihitung di perangkat ini dari permainan yang Anda selesaikan di halaman Main. Tidak ada yang keluar dari peramban Anda kecuali Anda mengekspornya.",
    ),
    (
        "mystats.loading",
        "Reading the statistics kept on this device…",
        "Membaca statistik yang tersimpan di perangkat ini…",
    ),
    (
        "mystats.empty",
        "No finished games yet. Play a game to the end and it is counted here.",
        "Belum ada permainan yang selesai. Mainkan satu permainan sampai selesai dan hasilnya dihitung di sini.",
    ),
    ("mystats.play", "Play a game", "Main sekarang"),
    ("mystats.total", "{0} games finished", "{0} permainan selesai"),
    ("mystats.total.one", "1 game finished", "1 permainan selesai"),
    ("mystats.computer.h", "Against the computer", "Melawan komputer"),
    ("mystats.hotseat.h", "Two players on one screen", "Dua pemain di satu layar"),
    ("mystats.col.pack", "Rules", "Aturan"),
    ("mystats.row.vs", "{0}, you play {1}", "{0}, Anda sebagai {1}"),
    ("mystats.col.games", "Games", "Jumlah"),
    ("mystats.col.won", "Won", "Menang"),
    ("mystats.col.drawn", "Drawn", "Seri"),
    ("mystats.col.lost", "Lost", "Kalah"),
    ("mystats.col.awon", "A won", "A menang"),
    ("mystats.col.bwon", "B won", "B menang"),
    ("mystats.records.h", "Records", "Rekor"),
    ("mystats.bank", "Most seeds banked in one turn", "Biji terbanyak masuk lumbung dalam satu giliran"),
    ("mystats.bank.n", "{0} seeds", "{0} biji"),
    ("mystats.bank.n.one", "1 seed", "1 biji"),
    ("mystats.relays", "Longest relay chain in one turn (sambung)", "Rantai sambung terpanjang dalam satu giliran"),
    ("mystats.relays.n", "{0} relays", "{0} kali sambung"),
    ("mystats.relays.n.one", "1 relay", "1 kali sambung"),
    ("mystats.longest", "Longest game", "Permainan terpanjang"),
    ("mystats.longest.n", "{0} moves", "{0} langkah"),
    ("mystats.longest.n.one", "1 move", "1 langkah"),
    ("mystats.by", "by {0}", "oleh {0}"),
    ("mystats.you", "you", "Anda"),
    ("mystats.the.computer", "the computer", "komputer"),
    ("mystats.vs.computer", "{0}, against the computer ({1})", "{0}, melawan komputer ({1})"),
    ("mystats.vs.hotseat", "{0}, two players", "{0}, dua pemain"),
    ("mystats.open", "Open this game", "Buka permainan ini"),
    ("mystats.chart.h", "Results by rules", "Hasil menurut aturan"),
    (
        "mystats.chart.label",
        "Bar chart: for each set of rules, games won, drawn and lost against the computer, and games between two players",
        "Diagram batang: untuk setiap aturan, permainan yang menang, seri dan kalah melawan komputer, serta permainan dua pemain",
    ),
    (
        "mystats.chart.bar",
        "{0}: won {1}, drawn {2}, lost {3}",
        "{0}: menang {1}, seri {2}, kalah {3}",
    ),
    ("mystats.chart.hotseat", "two players: {0}", "dua pemain: {0}"),
    ("mystats.legend.won", "Won", "Menang"),
    ("mystats.legend.drawn", "Drawn", "Seri"),
    ("mystats.legend.lost", "Lost", "Kalah"),
    ("mystats.legend.hotseat", "Two players", "Dua pemain"),
    ("mystats.manage.h", "Keep, move or clear", "Simpan, pindahkan atau hapus"),
    ("mystats.export", "Export as a JSON file", "Ekspor sebagai berkas JSON"),
    ("mystats.import", "Import a JSON file", "Impor berkas JSON"),
    ("mystats.reset", "Reset statistics", "Hapus statistik"),
    (
        "mystats.reset.confirm",
        "Delete the {0} games counted here? This cannot be undone: export them first to keep a copy.",
        "Hapus {0} permainan yang tercatat di sini? Ini tidak bisa dibatalkan: ekspor dulu untuk menyimpan salinan.",
    ),
    (
        "mystats.reset.confirm.broken",
        "Delete the statistics that cannot be read? This cannot be undone.",
        "Hapus statistik yang tidak bisa dibaca? Ini tidak bisa dibatalkan.",
    ),
    ("mystats.reset.yes", "Yes, delete them", "Ya, hapus"),
    ("mystats.cancel", "Cancel", "Batal"),
    ("mystats.reset.done", "The statistics were cleared.", "Statistik sudah dihapus."),
    (
        "mystats.imported",
        "Imported {0} games from the file ({1} were already here).",
        "{0} permainan diimpor dari berkas ({1} sudah ada di sini).",
    ),
    (
        "mystats.import.bad",
        "This file was not imported and nothing was changed: {0}",
        "Berkas ini tidak diimpor dan tidak ada yang berubah: {0}",
    ),
    ("mystats.err.json", "it is not a JSON file ({0})", "ini bukan berkas JSON ({0})"),
    (
        "mystats.err.notstats",
        "it is not a statistics file of this app",
        "ini bukan berkas statistik aplikasi ini",
    ),
    (
        "mystats.err.format",
        "it is in format {0}, this app reads format {1}",
        "formatnya {0}, aplikasi ini membaca format {1}",
    ),
    (
        "mystats.err.shape",
        "its content is not laid out as this app writes it ({0})",
        "isinya tidak tersusun seperti yang ditulis aplikasi ini ({0})",
    ),
    (
        "mystats.err.unfinished",
        "game {0} is not finished",
        "permainan {0} belum selesai",
    ),
    (
        "mystats.err.level",
        "game {0} names a computer level there is not ({1})",
        "permainan {0} menyebut tingkat komputer yang tidak ada ({1})",
    ),
    (
        "mystats.err.record",
        "the moves of game {0} cannot be replayed: {1}",
        "langkah permainan {0} tidak bisa diulang: {1}",
    ),
    (
        "mystats.err.forged",
        "game {0}: its figures are not the ones its moves give",
        "permainan {0}: angkanya tidak sesuai dengan langkah-langkahnya",
    ),
    (
        "mystats.import.unreadable",
        "The file could not be read.",
        "Berkas tidak bisa dibaca.",
    ),
    (
        "mystats.corrupt",
        "The statistics kept on this device cannot be read ({0}). They are left as they are, and finished games are not counted until you reset them.",
        "Statistik yang tersimpan di perangkat ini tidak bisa dibaca ({0}). Data itu dibiarkan apa adanya, dan permainan yang selesai tidak dihitung sampai Anda menghapusnya.",
    ),
    (
        "meta.stats",
        "Your congklak statistics on this device: games by rules and opponent, wins, draws and losses, and your records.",
        "Statistik congklak Anda di perangkat ini: permainan menurut aturan dan lawan, menang, seri dan kalah, serta rekor Anda.",
    ),
    ("sound.on", "Sound", "Suara"),
    (
        "sound.quiet",
        "Silent when reduced motion is on",
        "Diam bila pengurangan gerak aktif",
    ),
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

/// [`trf`] for a count `n` as its one argument: the key's `.one` form
/// when `n` is 1 ("relays once", not "relays 1 times").
pub fn trn(lang: Lang, key: &str, n: u32) -> String {
    if n == 1 {
        trf(lang, &format!("{key}.one"), &[&n])
    } else {
        trf(lang, key, &[&n])
    }
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
        for level in congklak::Level::NAMES {
            assert_ne!(
                tr(Lang::Id, &format!("level.{level}")),
                "⟨missing text⟩",
                "{level}"
            );
        }
        assert_eq!(
            trf(Lang::En, "hole.label", &[&"Player A", &3, &7]),
            "Player A, hole 3, 7 seeds"
        );
        assert_eq!(Lang::from_tag("id-ID"), Lang::Id);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
    }
}
