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
    /// The other language (the header's switch leads to it).
    pub fn other(self) -> Lang {
        match self {
            Lang::Id => Lang::En,
            Lang::En => Lang::Id,
        }
    }
    /// The address of the page at `path` (the English address: `/`,
    /// `/packs/umum?x#y`) in this language: English pages are at their
    /// address, Indonesian ones under `/id` (`/id/`, `/id/packs/umum?x#y`).
    /// Anything not starting with `/` (a fragment, a full address) is kept.
    pub fn path(self, path: &str) -> String {
        match self {
            Lang::En => path.to_string(),
            Lang::Id if path.starts_with('/') => {
                if path == "/" || path.starts_with("/?") || path.starts_with("/#") {
                    format!("/id/{}", &path[1..])
                } else {
                    format!("/id{path}")
                }
            }
            Lang::Id => path.to_string(),
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

/// The language of the page at `path` and the page's English address:
/// `/id/packs` is `(Id, "/packs")`, `/id` and `/id/` are `(Id, "/")`, any
/// other address is English and itself (see [`Lang::path`]).
pub fn split_lang(path: &str) -> (Lang, &str) {
    match path.strip_prefix("/id") {
        Some("") | Some("/") => (Lang::Id, "/"),
        Some(rest) if rest.starts_with('/') => (Lang::Id, rest),
        _ => (Lang::En, path),
    }
}

/// Declares every text once, as `(key, English, Bahasa Indonesia)`, and
/// makes of them the tables the app reads: [`EN`] (and [`EN_ELSEWHERE`]),
/// built into every build, and [`ID`], built in natively (the pre-renderer,
/// the tests) and in debug builds. A release browser build leaves [`ID`]
/// out: an Indonesian page carries the Indonesian texts its bundle shows
/// (see [`TEXTS_ID`]), so an English reader never loads them.
///
/// The texts after `elsewhere` are those only the other pages show: each
/// is named only by their files (a test checks it). The play page's own
/// bundle (the `play-bundle` feature) leaves them out.
macro_rules! texts {
    (
        $(($key:literal, $en:literal, $id:literal $(,)?)),* $(,)?
        elsewhere { $(($okey:literal, $oen:literal, $oid:literal $(,)?)),* $(,)? }
    ) => {
        /// (key, English): the texts of every page.
        const EN: &[(&str, &str)] = &[$(($key, $en)),*];
        /// (key, English): the texts only pages other than the play page
        /// show, in a bundle that holds such pages.
        #[cfg(not(feature = "play-bundle"))]
        const EN_ELSEWHERE: &[(&str, &str)] = &[$(($okey, $oen)),*];
        #[cfg(feature = "play-bundle")]
        const EN_ELSEWHERE: &[(&str, &str)] = &[];
        /// (key, Bahasa Indonesia): every text in Indonesian, in the order
        /// of [`EN`] and then [`EN_ELSEWHERE`].
        #[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
        const ID: &[(&str, &str)] = &[$(($key, $id),)* $(($okey, $oid),)*];
    };
}

texts! {
    ("nav.play", "Play", "Main"),
    ("nav.packs", "Packs", "Aturan"),
    ("nav.compare", "Compare", "Bandingkan"),
    ("nav.about", "About", "Tentang"),
    ("nav.main", "Main", "Utama"),
    ("nav.more", "More", "Lainnya"),
    ("lang.switch", "Bahasa Indonesia", "English"),
    (
        "part.missing",
        "This part of the page could not be loaded: check the connection and try again.",
        "Bagian halaman ini tidak dapat dimuat: periksa sambungan lalu coba lagi.",
    ),
    ("part.retry", "Try again", "Coba lagi"),
    ("skip.link", "Skip to the content", "Langsung ke isi"),
    ("nav.learn", "Learn", "Belajar"),
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
    ("setup.human", "You play", "Kamu bermain sebagai"),
    ("setup.starts", "Who starts", "Yang mulai"),
    (
        "setup.starts.pack",
        "As these rules say: {0}",
        "Menurut aturan ini: {0}",
    ),
    ("setup.starts.both", "both at once", "keduanya bersamaan"),
    ("setup.seed", "Game number", "Nomor permainan"),
    (
        "setup.seed.optional",
        "Game number (optional)",
        "Nomor permainan (boleh kosong)",
    ),
    (
        "setup.seed.about",
        "Leave it empty for a new game. Given the number of an earlier game, the computer chooses as it did in that game, so the same moves play it again.",
        "Biarkan kosong untuk permainan baru. Dengan nomor permainan sebelumnya, komputer memilih seperti dalam permainan itu, sehingga langkah yang sama mengulang permainan itu.",
    ),
    ("setup.new", "New game", "Permainan baru"),
    ("setup.start", "Start the game", "Mulai permainan"),
    ("level.random", "Random", "Acak"),
    ("level.beginner", "Beginner", "Pemula"),
    ("level.greedy", "Greedy", "Rakus"),
    ("level.medium", "Medium", "Sedang"),
    ("level.hard", "Hard", "Sulit"),
    ("level.hardest", "Hardest", "Tersulit"),
    ("level.perfect", "Perfect", "Sempurna"),
    ("analysis.title", "What each move was worth", "Nilai setiap langkah"),
    (
        "analysis.intro",
        "The game is over. The computer can go through it and say which moves were as good as the best move and which gave seeds away.",
        "Permainan sudah selesai. Komputer dapat menelusurinya dan mengatakan langkah mana yang sama baiknya dengan langkah terbaik dan mana yang membuang biji.",
    ),
    ("analysis.start", "Analyse this game", "Analisis permainan ini"),
    (
        "analysis.progress",
        "Checking the moves: {0} of {1} done…",
        "Memeriksa langkah: {0} dari {1} selesai…",
    ),
    ("analysis.done", "All {0} moves checked.", "Semua {0} langkah sudah diperiksa."),
    (
        "analysis.exact",
        "Every mark is exact: the computer worked out the best play from each move to the end of the game.",
        "Setiap penilaian pasti: komputer menghitung permainan terbaik dari setiap langkah sampai akhir permainan.",
    ),
    (
        "analysis.estimate",
        "Marks that say “estimate” are estimates: there were too many seeds left to work them out exactly, so the Hardest level's search judged them, looking at {0} positions after each possible move. No estimate says a move gave away more seeds than were still in the holes. Marks that say “exact” are exact.",
        "Penilaian bertanda “perkiraan” adalah perkiraan: biji yang tersisa terlalu banyak untuk dihitung dengan pasti, jadi pencarian tingkat Tersulit yang menilainya, dengan melihat {0} posisi setelah setiap langkah yang mungkin. Tidak ada perkiraan yang menyebut sebuah langkah membuang lebih banyak biji daripada yang masih ada di lubang. Penilaian bertanda “pasti” memang pasti.",
    ),
    ("analysis.move", "Move {0}, {1}, hole {2}", "Langkah {0}, {1}, lubang {2}"),
    ("analysis.waiting", "being checked", "sedang diperiksa"),
    ("analysis.failed", "could not be checked", "tidak dapat diperiksa"),
    ("analysis.kept", "as good as the best move", "sama baiknya dengan langkah terbaik"),
    (
        "analysis.lost",
        "gave away {0} against the best move (hole {1})",
        "membuang {0} dibanding langkah terbaik (lubang {1})",
    ),
    ("analysis.seeds", "{0} seeds", "{0} biji"),
    ("analysis.seeds.one", "1 seed", "1 biji"),
    ("analysis.about", "about {0}", "kira-kira {0}"),
    ("analysis.mark.exact", "exact", "pasti"),
    ("analysis.mark.estimate", "estimate", "perkiraan"),
    (
        "analysis.given.part",
        "{0} in the exact marks and about {1} in the estimates",
        "{0} pada penilaian pasti dan kira-kira {1} pada perkiraan",
    ),
    ("analysis.worst", "one of the worst moves", "salah satu langkah terburuk"),
    (
        "analysis.given",
        "Seeds given away in all, move by move: {0} {1}; {2} {3}. A seed given away and won back counts each time.",
        "Biji yang terbuang seluruhnya, langkah demi langkah: {0} {1}; {2} {3}. Biji yang terbuang lalu direbut kembali dihitung setiap kali.",
    ),
    (
        "analysis.pick",
        "Choose a move to see the board just before it.",
        "Pilih sebuah langkah untuk melihat papan tepat sebelum langkah itu.",
    ),
    (
        "analysis.shown.better",
        "The board shows the game just before move {0}. The marked hole, {1}, was the better move.",
        "Papan menunjukkan permainan tepat sebelum langkah {0}. Lubang yang ditandai, {1}, adalah langkah yang lebih baik.",
    ),
    (
        "analysis.shown.kept",
        "The board shows the game just before move {0}, which was as good as the best move.",
        "Papan menunjukkan permainan tepat sebelum langkah {0}, yang sama baiknya dengan langkah terbaik.",
    ),
    (
        "level.about.random",
        "Plays any legal hole at random: Greedy beats it in 12 games of 14.",
        "Memilih lubang mana saja yang boleh, secara acak: tingkat Rakus mengalahkannya dalam 12 dari 14 permainan.",
    ),
    (
        "level.about.beginner",
        "Looks one move ahead, but one move in four is random: it beats Random a little more often than not, and loses every game to Medium.",
        "Melihat satu langkah ke depan, tetapi satu dari empat langkahnya acak: sedikit lebih sering menang daripada kalah melawan Acak, dan selalu kalah melawan Sedang.",
    ),
    (
        "level.about.greedy",
        "Takes whatever banks the most seeds right now: it beats Random in most games, and loses every game to Medium, by over 100 seeds in two games.",
        "Selalu mengambil langkah yang paling banyak menyimpan biji saat itu: mengalahkan Acak di sebagian besar permainan, dan selalu kalah melawan Sedang, dengan selisih lebih dari 100 biji dalam dua permainan.",
    ),
    (
        "level.about.medium",
        "Thinks a few moves ahead: it wins every game against Greedy and the levels below.",
        "Berpikir beberapa langkah ke depan: selalu menang melawan Rakus dan tingkat di bawahnya.",
    ),
    (
        "level.about.hard",
        "Thinks much further ahead: in two games, one as each side, it banks about 9 seeds more than Medium.",
        "Berpikir jauh lebih ke depan: dalam dua permainan, sekali di tiap sisi, menyimpan sekitar 9 biji lebih banyak daripada Sedang.",
    ),
    (
        "level.about.hardest",
        "Searches deepest, plans whole chains of extra turns and plays the end without a mistake: in two games it banks about 7 seeds more than Hard.",
        "Mencari paling dalam, merencanakan rangkaian giliran tambahan, dan memainkan akhir permainan tanpa kesalahan: dalam dua permainan menyimpan sekitar 7 biji lebih banyak daripada Sulit.",
    ),
    (
        "level.about.perfect",
        "Works out the best move exactly whenever it can (on a small board, or once fewer seeds are left) and never gives a seed away then; otherwise it plays like Hardest.",
        "Menghitung langkah terbaik dengan pasti setiap kali bisa (di papan kecil, atau begitu biji yang tersisa lebih sedikit) dan saat itu tidak pernah membuang satu biji pun; selain itu ia bermain seperti Tersulit.",
    ),
    ("speed", "Animation", "Animasi"),
    ("speed.instant", "Instant", "Langsung"),
    ("speed.fast", "Fast", "Cepat"),
    ("speed.normal", "Normal", "Biasa"),
    ("speed.slow", "Slow", "Lambat"),
    ("undo", "Undo", "Urungkan"),
    ("redo", "Redo", "Ulangi"),
    ("copy.link", "Copy link", "Salin tautan"),
    ("copy.done", "Link copied", "Tautan disalin"),
    (
        "copy.failed",
        "Copy the address bar to share this game",
        "Salin alamat di bilah alamat untuk membagikan permainan ini",
    ),
    ("scrub", "Move", "Langkah"),
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
        "Reviewing an earlier move: play a hole to continue from here",
        "Melihat langkah sebelumnya: mainkan lubang untuk melanjutkan dari sini",
    ),
    (
        "result.win",
        "{0} wins, {1} to {2}",
        "{0} menang, {1} lawan {2}",
    ),
    ("result.draw", "It's a draw, {0} to {1}", "Seri, {0} lawan {1}"),
    ("result.you.won", "You won, {0} to {1}", "Kamu menang, {0} lawan {1}"),
    (
        "result.you.lost",
        "The computer won, {0} to {1}",
        "Komputer menang, {0} lawan {1}",
    ),
    ("end.last", "Play stops {0}.", "Permainan berhenti {0}."),
    (
        "end.rounds",
        "All {0} rounds agreed have been played.",
        "Semua {0} babak yang disepakati sudah dimainkan.",
    ),
    (
        "end.half",
        "{0} has more than half of all the seeds in their lumbung.",
        "{0} mengumpulkan lebih dari separuh seluruh biji di lumbungnya.",
    ),
    (
        "end.out",
        "{0} has too few seeds left to fill a hole for another round.",
        "{0} tidak punya cukup biji lagi untuk mengisi lubang pada babak berikutnya.",
    ),
    (
        "end.round_limit",
        "The game reached its limit of rounds.",
        "Permainan mencapai batas jumlah babak.",
    ),
    (
        "end.resigned",
        "Seeds when play stopped: {0} {1}, {2} {3}.",
        "Biji saat permainan berhenti: {0} {1}, {2} {3}.",
    ),
    (
        "result.resigned",
        "{0} resigned (menyerah): {1} wins",
        "{0} menyerah: {1} menang",
    ),
    (
        "result.you.resigned",
        "You resigned (menyerah): the computer wins",
        "Kamu menyerah: komputer menang",
    ),
    (
        "result.computer.resigned",
        "The computer resigned (menyerah): you win",
        "Komputer menyerah: kamu menang",
    ),
    ("resign", "Resign", "Menyerah"),
    (
        "resign.ask",
        "{0}: resign this game?",
        "{0}: menyerah dalam permainan ini?",
    ),
    ("resign.confirm", "Yes, resign", "Ya, menyerah"),
    ("resign.cancel", "Keep playing", "Lanjut bermain"),
    (
        "end.move_limit",
        "The game reached its limit of moves.",
        "Permainan mencapai batas jumlah langkah.",
    ),
    ("status.sowing", "Sowing…", "Menabur…"),
    (
        "play.chains",
        "A sowing that ends in the player's own lumbung earns another move, so one turn, the computer's too, can chain many moves.",
        "Taburan yang berakhir di lumbung sendiri memberi satu langkah lagi, jadi satu giliran, termasuk giliran komputer, bisa berisi banyak langkah.",
    ),
    (
        "end.chain",
        "The computer's biggest turn came after your move from hole {0}: it chained {1} moves and put {2} seeds in its lumbung.",
        "Giliran terbesar komputer datang sesudah langkahmu dari lubang {0}: ia jalan {1} kali berturut-turut dan memasukkan {2} biji ke lumbungnya.",
    ),
    (
        "end.chain.first",
        "The computer's biggest turn opened the game: it chained {0} moves and put {1} seeds in its lumbung.",
        "Giliran terbesar komputer membuka permainan: ia jalan {0} kali berturut-turut dan memasukkan {1} biji ke lumbungnya.",
    ),
    ("end.chain.show", "Show the board before that move", "Tunjukkan papan sebelum langkah itu"),
    ("end.again", "Play again", "Main lagi"),
    ("hint", "Hint", "Petunjuk"),
    ("hint.level", "Hint from the level", "Petunjuk dari tingkat"),
    ("hint.says", "{0} would play hole {1}", "{0} akan memainkan lubang {1}"),
    ("end.easier", "Easier: {0}", "Lebih mudah: {0}"),
    ("end.harder", "Harder: {0}", "Lebih sulit: {0}"),
    (
        "play.previous",
        "A new game has begun. Your game in progress ({0} moves) is kept here: one tap takes you back to it.",
        "Permainan baru sudah dimulai. Permainanmu yang belum selesai ({0} langkah) tetap ada di sini: satu ketukan membawamu kembali.",
    ),
    (
        "play.previous.one",
        "A new game has begun. Your game in progress (1 move) is kept here: one tap takes you back to it.",
        "Permainan baru sudah dimulai. Permainanmu yang belum selesai (1 langkah) tetap ada di sini: satu ketukan membawamu kembali.",
    ),
    ("play.previous.back", "Back to my game", "Kembali ke permainanku"),
    ("round.over", "Round {0} is over", "Babak {0} selesai"),
    (
        "round.over.of",
        "Round {0} of {1} is over",
        "Babak {0} dari {1} selesai",
    ),
    (
        "round.status",
        "Round {0} is over. See the standing by the board, then press “Next round”.",
        "Babak {0} selesai. Lihat hasilnya di dekat papan, lalu tekan “Babak berikutnya”.",
    ),
    (
        "round.won",
        "{0} wins the round by {1}",
        "{0} memenangkan babak ini dengan selisih {1}",
    ),
    ("round.tie", "The round is a draw", "Babak ini seri"),
    ("round.seeds", "{0} seeds", "{0} biji"),
    ("round.seeds.one", "1 seed", "1 biji"),
    (
        "round.has",
        "{0} has {1}, {2} has {3}",
        "{0} punya {1}, {2} punya {3}",
    ),
    (
        "round.fills",
        "{0} fills {1} for the next round",
        "{0} mengisi {1} untuk babak berikutnya",
    ),
    ("round.holes", "{0} holes", "{0} lubang"),
    ("round.holes.one", "1 hole", "1 lubang"),
    (
        "round.burnt",
        "holes {0} burn (terbakar)",
        "lubang {0} terbakar",
    ),
    ("round.burnt.one", "hole {0} burns (terbakar)", "lubang {0} terbakar"),
    (
        "round.ngacang",
        "holes {0} are ngacang",
        "lubang {0} menjadi ngacang",
    ),
    (
        "round.ngacang.one",
        "hole {0} is ngacang",
        "lubang {0} menjadi ngacang",
    ),
    (
        "round.store",
        "{0} seeds stay in the lumbung",
        "{0} biji tetap di lumbung",
    ),
    (
        "round.store.one",
        "1 seed stays in the lumbung",
        "1 biji tetap di lumbung",
    ),
    (
        "round.starts",
        "{0} starts round {1}",
        "{0} memulai babak {1}",
    ),
    (
        "round.starts.both",
        "Both players start round {0} together",
        "Kedua pemain memulai babak {0} bersamaan",
    ),
    (
        "round.tally",
        "Rounds won: {0} {1}, {2} {3}",
        "Babak yang dimenangkan: {0} {1}, {2} {3}",
    ),
    ("setup.rounds", "Rounds", "Jumlah babak"),
    (
        "setup.rounds.pack",
        "{0} (this pack's own number)",
        "{0} (jumlah dari aturan ini)",
    ),
    (
        "setup.rounds.until",
        "Until someone cannot fill a hole",
        "Sampai ada yang tidak bisa mengisi satu lubang pun",
    ),
    (
        "setup.rounds.about",
        "After the last round agreed, the player with more seeds wins.",
        "Setelah babak terakhir yang disepakati, pemain dengan biji lebih banyak menang.",
    ),
    ("round.next", "Next round", "Babak berikutnya"),
    ("round.label", "Round {0}", "Babak {0}"),
    ("round.label.of", "Round {0} of {1}", "Babak {0} dari {1}"),
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
        "sum.turn",
        "{0} plays {1} moves in one turn, sowing holes {2}",
        "{0} jalan {1} kali dalam satu giliran, menabur lubang {2}",
    ),
    (
        "sum.turn.captured",
        "captures {0} seeds in all (menembak)",
        "menembak {0} biji seluruhnya",
    ),
    (
        "sum.turn.banked",
        "{0} seeds into the lumbung",
        "{0} biji masuk lumbung",
    ),
    (
        "sum.capture",
        "{0} captures {1} seeds (menembak)",
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
    ("log.scoop", "{0} takes the {1} seeds of hole {2} and sows them.", "{0} mengambil {1} biji dari lubang {2} dan menaburnya."),
    ("log.relay", "The last seed falls in {0}, which holds seeds: sambung, {1} seeds picked up and sown on.", "Biji terakhir jatuh di {0} yang berisi: sambung, {1} biji diangkat dan ditabur lagi."),
    ("log.capture", "The last seed falls in {0}, empty: menembak, {2} seeds from {1} and the landing go to the lumbung.", "Biji terakhir jatuh di {0} yang kosong: menembak, {2} biji dari {1} beserta biji itu masuk lumbung."),
    ("log.extra", "The last seed falls in the lumbung: {0} moves again.", "Biji terakhir jatuh di lumbung: {0} jalan lagi."),
    ("log.stop", "The last seed falls in {0}, empty: the move ends.", "Biji terakhir jatuh di {0} yang kosong: langkah selesai."),
    ("log.forfeit", "A seed falls in {0}, burnt: it goes to {1}.", "Sebutir biji jatuh di {0} yang terbakar: menjadi milik {1}."),
    ("log.forfeit.lost", "A seed falls in {0}, burnt: it is lost.", "Sebutir biji jatuh di {0} yang terbakar: biji itu hilang."),
    ("log.bank", "{0} seeds left on the side of {1} go to {2}.", "{0} biji sisa di sisi {1} menjadi milik {2}."),
    ("log.banked", "Banked this turn: {0} {1}, {2} {3}.", "Masuk lumbung giliran ini: {0} {1}, {2} {3}."),
    ("log.title", "The last turn, step by step", "Giliran terakhir, langkah demi langkah"),
    ("play.intro", "Congklak is a sowing game for two from the mancala family: sow the seeds round the board and end with more of them in your lumbung (store).", "Congklak adalah permainan menabur untuk dua orang dari keluarga mancala: taburkan biji mengelilingi papan dan kumpulkan lebih banyak di lumbungmu."),
    ("play.tagline", "A sowing game for two: end with more seeds in your lumbung (store).", "Permainan menabur untuk dua orang: kumpulkan biji terbanyak di lumbungmu (tempat simpan biji)."),
    ("play.example", "New here? Watch an example turn", "Baru di sini? Lihat contoh satu giliran"),
    ("play.lessons", "Lessons", "Pelajaran"),
    ("play.lessons.all", "All seven lessons", "Ketujuh pelajaran"),
    ("example.title", "An example turn", "Contoh satu giliran"),
    (
        "example.rules",
        "The common rules on a small board, five holes a side. Player A moves, and the board plays the turn by itself, a step at a time.",
        "Aturan umum pada papan kecil, lima lubang sesisi. Pemain A melangkah, dan papan memainkan gilirannya sendiri, tahap demi tahap.",
    ),
    ("example.start", "{0} plays hole {1}.", "{0} memainkan lubang {1}."),
    (
        "example.rule.start",
        "Each player has the row of holes on their side and a lumbung (store) at its end; whoever has more seeds in their lumbung when play ends wins.",
        "Setiap pemain punya deretan lubang di sisinya dan sebuah lumbung di ujungnya; yang lumbungnya berisi lebih banyak biji saat permainan usai, menang.",
    ),
    (
        "example.rule.sow",
        "Sowing: one seed in each hole along the way, one in your own lumbung as you pass it, none in the other player's.",
        "Menabur: satu biji di setiap lubang yang dilewati, satu di lumbungmu sendiri saat melewatinya, tidak satu pun di lumbung lawan.",
    ),
    (
        "example.rule.relay",
        "Sambung: when the last seed lands in a hole that holds seeds, on either side, the hand lifts them all and sows on.",
        "Sambung: bila biji terakhir jatuh di lubang yang berisi, di sisi mana pun, semua isinya diangkat dan ditabur lagi.",
    ),
    (
        "example.rule.capture",
        "Menembak: a last seed in an empty hole on your own side takes the seeds of the hole facing it to your lumbung.",
        "Menembak: biji terakhir di lubang kosong di sisimu sendiri membawa isi lubang di depannya ke lumbungmu.",
    ),
    (
        "example.rule.extra",
        "A last seed in your own lumbung gives you another move.",
        "Biji terakhir di lumbungmu sendiri memberimu satu langkah lagi.",
    ),
    (
        "example.rule.stop",
        "A last seed in an empty hole that takes nothing ends the move.",
        "Biji terakhir di lubang kosong yang tidak menembak apa pun mengakhiri langkah.",
    ),
    ("example.before", "Before the move", "Sebelum langkah"),
    ("example.step", "Step {0} of {1}", "Tahap {0} dari {1}"),
    (
        "example.end",
        "The turn is over: {0} banked {1} seeds, {2}.",
        "Giliran selesai: {0} memasukkan {1} biji ke lumbung, {2}.",
    ),
    ("example.pause", "Pause", "Jeda"),
    ("example.play", "Play", "Putar"),
    ("example.again", "Watch again", "Tonton lagi"),
    ("example.next", "Next step", "Tahap berikutnya"),
    ("example.lessons", "Learn the rules in seven short lessons", "Pelajari aturannya dalam tujuh pelajaran singkat"),
    ("play.rules", "Rules in force:", "Aturan yang berlaku:"),
    ("play.rules.size", "{0} holes a side, {1} seeds a hole", "{0} lubang per sisi, {1} biji per lubang"),
    ("seat.you", "You ({0})", "Kamu ({0})"),
    ("seat.computer", "Computer ({0}, {1})", "Komputer ({0}, {1})"),
    ("score.label", "Score: seeds in each lumbung", "Skor: biji di tiap lumbung"),
    ("score.level", "tied", "imbang"),
    ("score.ahead", "{0} ahead by {1}", "{0} unggul {1}"),
    ("score.won", "{0} won by {1}", "{0} menang dengan selisih {1}"),
    ("score.you.won", "You won by {0}", "Kamu menang dengan selisih {0}"),
    ("score.computer.won", "The computer won by {0}", "Komputer menang dengan selisih {0}"),
    ("score.drawn", "drawn", "seri"),
    (
        "score.resigned",
        "{0} won: the other resigned",
        "{0} menang: lawannya menyerah",
    ),
    ("turn.yours", "Your move ({0})", "Giliranmu ({0})"),
    ("turn.thinking.n", "The computer is thinking: move {0} of its turn", "Komputer sedang berpikir: langkah ke-{0} gilirannya"),
    ("turn.computer.playing", "The computer is playing: move {0} of its turn", "Komputer sedang jalan: langkah ke-{0} gilirannya"),
    ("skip.turn", "Skip to the end of this turn", "Lompat ke akhir giliran ini"),
    ("learn.title", "Learn congklak", "Belajar congklak"),
    ("learn.intro", "Seven short lessons, one idea each, on real positions. Play the hole the lesson asks for and watch the seeds go; a wrong hole shows what it would have done. Where the sources read a rule differently, the same move is played under both readings side by side.", "Tujuh pelajaran singkat, satu gagasan tiap pelajaran, pada posisi sungguhan. Mainkan lubang yang diminta dan lihat biji bergerak; lubang yang keliru memperlihatkan apa yang akan terjadi. Bila sumber membaca aturan secara berbeda, langkah yang sama dimainkan dengan kedua bacaan berdampingan."),
    ("learn.lessons", "Lessons", "Pelajaran"),
    ("learn.prev", "Previous lesson", "Pelajaran sebelumnya"),
    ("learn.next", "Next lesson", "Pelajaran berikutnya"),
    ("learn.of", "Lesson {0} of {1}", "Pelajaran {0} dari {1}"),
    ("learn.finished", "finished", "selesai"),
    ("learn.finished.count", "{0} of {1} finished", "{0} dari {1} selesai"),
    ("learn.hint", "Hint", "Petunjuk"),
    ("learn.show", "Show me", "Tunjukkan"),
    ("learn.again", "Start again", "Mulai lagi"),
    ("learn.moving", "Hole {0} is being sown…", "Lubang {0} sedang ditabur…"),
    ("learn.wrong", "Not this one. Hole {0}: {1} Try another hole.", "Bukan yang ini. Lubang {0}: {1} Coba lubang lain."),
    ("learn.right", "That's it.", "Tepat."),
    ("learn.readings", "The same move under another reading of this rule: {0}", "Langkah yang sama dengan bacaan lain aturan ini: {0}"),
    ("learn.readby", "as {0} reads it", "menurut {0}"),
    ("learn.claim.captured", "menembak, {0} seeds captured", "menembak, {0} biji didapat"),
    ("learn.claim.banked", "{0} into the lumbung", "{0} masuk lumbung"),
    ("learn.claim.end", "the last seed rests in {0}", "biji terakhir berhenti di {0}"),
    ("learn.claim.extra", "another move", "jalan lagi"),
    ("learn.claim.next", "then {0} moves", "lalu {0} jalan"),
    ("learn.claim.over", "play stops: {0} to {1}", "permainan berhenti: {0} lawan {1}"),
    ("learn.sowing.title", "Sowing", "Menabur"),
    ("learn.sowing.idea", "A move takes every seed from one of your holes and drops them one at a time, hole after hole, towards your lumbung: one in your own lumbung as you pass it, never one in the other player's.", "Satu langkah mengambil semua biji dari salah satu lubangmu lalu menjatuhkannya satu per satu, lubang demi lubang, ke arah lumbungmu: satu ke lumbungmu sendiri saat melewatinya, tidak pernah ke lumbung lawan."),
    ("learn.sowing.task", "You are Player A: your holes are numbered on the board. Sow hole 4 and follow its three seeds.", "Kamu Pemain A: lubang-lubangmu bernomor di papan. Taburkan lubang 4 dan ikuti ketiga bijinya."),
    ("learn.sowing.done", "One seed went into hole 5, one into your lumbung and the last into the other player's first hole, which was empty: on the other side that ends the move.", "Satu biji masuk lubang 5, satu ke lumbungmu, dan yang terakhir ke lubang pertama lawan yang kosong: di sisi lawan, itu mengakhiri langkah."),
    ("learn.relay.title", "Relay (sambung)", "Sambung"),
    ("learn.relay.idea", "Where the last seed lands decides what follows. If it falls in a hole that already holds seeds, on either side, you lift them all and sow on: that is sambung, and one move can run round the board several times.", "Tempat biji terakhir jatuh menentukan kelanjutannya. Bila jatuh di lubang yang sudah berisi, di sisi mana pun, semua isinya diangkat dan ditabur lagi: itulah sambung, dan satu langkah bisa mengelilingi papan beberapa kali."),
    ("learn.relay.task", "Find the hole whose last seed lands in a filled hole.", "Cari lubang yang biji terakhirnya jatuh di lubang berisi."),
    ("learn.relay.done", "Hole 3's last seed fell in hole 5, which held a seed: both were lifted and sown on, into your lumbung and across.", "Biji terakhir lubang 3 jatuh di lubang 5 yang berisi: keduanya diangkat dan ditabur lagi, ke lumbungmu lalu ke seberang."),
    ("learn.capture.title", "Capture (menembak)", "Menembak"),
    ("learn.capture.idea", "If the last seed falls in an empty hole on your own side, you capture: the seeds of the facing hole go to your lumbung, and in most readings the seed that landed goes with them.", "Bila biji terakhir jatuh di lubang kosong di sisimu sendiri, kamu menembak: isi lubang di depannya masuk ke lumbungmu, dan menurut kebanyakan bacaan biji yang jatuh itu ikut serta."),
    ("learn.capture.task", "Find the hole that captures the four seeds across the board.", "Cari lubang yang menembak empat biji di seberang."),
    ("learn.capture.done", "Hole 1's single seed fell in your empty hole 2; the four seeds facing it went to your lumbung with it.", "Biji tunggal lubang 1 jatuh di lubang 2-mu yang kosong; empat biji di depannya masuk lumbung bersamanya."),
    ("learn.extra-turn.title", "Another move", "Jalan lagi"),
    ("learn.extra-turn.idea", "If the last seed falls in your own lumbung, you move again, from any hole you like.", "Bila biji terakhir jatuh di lumbungmu sendiri, kamu jalan lagi dari lubang mana saja."),
    ("learn.extra-turn.task", "Find the hole whose last seed lands in your lumbung.", "Cari lubang yang biji terakhirnya jatuh di lumbungmu."),
    ("learn.extra-turn.done", "Hole 3 held three seeds, exactly enough to reach your lumbung: the turn stays with you.", "Lubang 3 berisi tiga biji, tepat sampai di lumbungmu: giliran tetap padamu."),
    ("learn.end.title", "When play stops", "Kapan permainan berhenti"),
    ("learn.end.idea", "In the common reading play stops when the turn comes to a player whose holes are all empty. The seeds still on the board are then counted too, and the readings differ on whose they are.", "Dalam bacaan umum permainan berhenti ketika giliran jatuh pada pemain yang semua lubangnya kosong. Biji yang masih di papan lalu ikut dihitung, dan bacaan berbeda soal siapa pemiliknya."),
    ("learn.end.task", "Player B has no seeds left. Make a move that does not give B any, so that play stops.", "Pemain B tidak punya biji lagi. Buat langkah yang tidak memberi B biji, supaya permainan berhenti."),
    ("learn.end.done", "Your move stayed on your side, so B cannot move and play stops; the seeds left in your holes are counted for you.", "Langkahmu tetap di sisimu, jadi B tidak bisa jalan dan permainan berhenti; biji yang tersisa di lubangmu dihitung untukmu."),
    ("learn.opening.title", "The simultaneous opening", "Pembukaan serentak"),
    ("learn.opening.idea", "In the traditional game both players make their first move at the same time. Who moves next depends on who finishes sowing first.", "Dalam permainan tradisional kedua pemain melangkah pertama kali bersamaan. Siapa yang jalan berikutnya bergantung pada siapa yang lebih dulu selesai menabur."),
    ("learn.opening.task", "Player B has chosen hole 4. Pick the hole that lets you finish first.", "Pemain B memilih lubang 4. Pilih lubang yang membuatmu selesai lebih dulu."),
    ("learn.opening.done", "Your sowing ended first, with a capture, so under this reading you move next.", "Taburanmu selesai lebih dulu, dengan tembakan, jadi menurut bacaan ini kamu jalan berikutnya."),
    ("learn.rounds.title", "Rounds, burnt and ngacang holes", "Babak, lubang terbakar dan ngacang"),
    ("learn.rounds.idea", "Many played several rounds: when a round ends each player refills their holes from their lumbung. Holes a player can no longer fill are burnt, or in the Javanese dakon partly filled and protected: ngacang.", "Banyak yang bermain beberapa babak: saat babak berakhir tiap pemain mengisi ulang lubangnya dari lumbung. Lubang yang tidak lagi dapat diisi menjadi terbakar, atau dalam dakon Jawa diisi sebagian dan dilindungi: ngacang."),
    ("learn.rounds.task", "Play your last seed and see what the next round brings.", "Mainkan biji terakhirmu dan lihat apa yang dibawa babak berikutnya."),
    ("learn.rounds.done", "Your side is empty, so the round ends. With 31 seeds you fill four holes of seven; the three seeds left go to your three holes nearest the other player's lumbung, which are ngacang.", "Sisimu kosong, jadi babak berakhir. Dengan 31 biji kamu mengisi empat lubang masing-masing tujuh; tiga biji sisanya masuk ke tiga lubang terdekat dengan lumbung lawan, yang menjadi ngacang."),
    ("nav.friend", "Friend", "Teman"),
    ("friend.title", "Play a friend", "Main dengan teman"),
    ("perfect.seeds.one", "1 seed a hole", "1 biji per lubang"),
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
    ("game.problem.long", "it is too long to be a game", "teksnya terlalu panjang untuk sebuah permainan"),
    (
        "game.problem.version",
        "it comes from another version of the app",
        "asalnya dari versi lain aplikasi ini",
    ),
    ("game.problem.damaged", "its text is damaged or cut short", "teksnya rusak atau terpotong"),
    (
        "game.problem.rules",
        "it names rules this app does not have",
        "aturan yang disebutnya tidak ada di aplikasi ini",
    ),
    (
        "game.problem.own",
        "its own rules are damaged or cannot be played here",
        "aturan buatannya rusak atau tidak bisa dimainkan di sini",
    ),
    (
        "game.problem.illegal",
        "its move {0} is not allowed in its game",
        "langkah ke-{0} tidak diperbolehkan dalam permainannya",
    ),
    (
        "game.problem.pastend",
        "turn {0} is past the end of the game ({1} moves)",
        "giliran {0} melewati akhir permainan ({1} langkah)",
    ),
    ("game.problem.turn", "its turn number is not a number", "nomor gilirannya bukan angka"),
    ("fetch.noanswer", "no answer came (the device may be offline)", "tidak ada jawaban (perangkat mungkin sedang luring)"),
    ("fetch.status", "the server answered with error {0}", "server menjawab dengan galat {0}"),
    ("fetch.damaged", "what came is damaged", "yang diterima rusak"),
    (
        "packs.failed",
        "Congklak could not load its rule packs: {0}. Reload the page to try again.",
        "Congklak tidak dapat memuat paket aturannya: {0}. Muat ulang halaman untuk mencoba lagi.",
    ),
    ("store.damaged", "what is kept is damaged", "yang tersimpan rusak"),
    (
        "store.unavailable",
        "this browser keeps nothing on the device",
        "peramban ini tidak menyimpan apa pun di perangkat",
    ),
    (
        "store.refused",
        "the device's storage refused it (it may be full)",
        "penyimpanan perangkat menolaknya (mungkin penuh)",
    ),
    (
        "saved.discarded",
        "A saved game could not be read and was discarded: {0}",
        "Permainan tersimpan tidak terbaca dan dibuang: {0}",
    ),
    (
        "reset.notice",
        "{0} could not be read, so the defaults are used. What was stored is kept on this device.",
        "{0} tidak terbaca, jadi bawaannya dipakai. Yang tersimpan tetap disimpan di perangkat ini.",
    ),
    ("reset.download", "Download what was stored", "Unduh yang tersimpan"),
    ("reset.what.settings", "Your game settings", "Pengaturan permainanmu"),
    ("reset.what.lang", "Your language choice", "Pilihan bahasamu"),
    ("reset.what.sound", "Your sound settings", "Pengaturan suaramu"),
    ("reset.what.friend", "Your game with a friend", "Permainanmu dengan teman"),
    ("reset.what.lessons", "Your finished lessons", "Pelajaranmu yang sudah selesai"),
    ("reset.what", "Something you saved", "Sesuatu yang kamu simpan"),
    ("dismiss", "Dismiss", "Tutup"),
    ("glossary", "Glossary", "Glosarium"),
    (
        "gloss.lumbung",
        "the big store at your end of the board; your score",
        "lubang besar di ujung papan milikmu; nilaimu",
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
        "gloss.giliran",
        "turn: one player's go, from their first move until the other player's; a move that ends in the player's own lumbung gives another move in the same turn",
        "kesempatan satu pemain bermain, dari langkah pertamanya sampai giliran lawan; langkah yang berakhir di lumbung sendiri memberi satu langkah lagi dalam giliran yang sama",
    ),
    (
        "gloss.langkah",
        "move: one hole picked and sown, relays (sambung) and capture (menembak) included; the record of a game and its slider count moves",
        "satu lubang dipilih dan ditaburkan, termasuk sambung dan menembak; catatan permainan dan penggesernya menghitung langkah",
    ),
    (
        "gloss.menyerah",
        "to resign: a player gives up the game, and the other wins whatever the seeds",
        "mengaku kalah: pemain berhenti bermain, dan lawannya menang berapa pun bijinya",
    ),
    (
        "notfound.title",
        "Page not found",
        "Halaman tidak ditemukan",
    ),
    ("packs.title", "Rule packs", "Paket aturan"),
    ("compare.title", "Compare rules", "Bandingkan aturan"),
    ("about.title", "About congklak", "Tentang congklak"),
    // ---- Packs pages, the divergence finder and About (pack_text, parting, clause tables) ----
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
    ("div.played", "Played: {0}", "Dimainkan: {0}"),
    ("div.also", "also {0}", "juga {0}"),
    ("div.recorded", "Recorded: {0}", "Dicatat: {0}"),
    (
        "computer.failed",
        "The computer could not choose a move here. Undo a move, or start a new game.",
        "Komputer tidak bisa memilih langkah di sini. Urungkan satu langkah, atau mulai permainan baru.",
    ),
    (
        "computer.unavailable",
        "The computer cannot play in this browser: it did not start the page's helper (a Web Worker). Try reloading the page, or play two players on one screen.",
        "Komputer tidak dapat bermain di peramban ini: peramban tidak menjalankan pembantu halaman (Web Worker). Coba muat ulang halaman, atau main berdua di satu layar.",
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
        "Most rounds",
        "Babak paling banyak",
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
    ("language.fr", "in French", "berbahasa Prancis"),
    ("language.es", "in Spanish", "berbahasa Spanyol"),
    ("language.cs", "in Czech", "berbahasa Ceko"),
    ("language.nl", "in Dutch", "berbahasa Belanda"),
    ("language.id", "in Indonesian", "berbahasa Indonesia"),
    ("language.en", "in English", "berbahasa Inggris"),
    ("language.ms", "in Malay", "berbahasa Melayu"),
    ("language.jv", "in Javanese", "berbahasa Jawa"),
    ("language.tl", "in Tagalog", "berbahasa Tagalog"),
    ("source.choice", "our choice, no source settles it", "pilihan kami, tak ada sumber yang memastikan"),
    ("source.unknown", "a source not named", "sumber tanpa nama"),
    // Each clause's readings in words: `reading.<clause>.<value>`.
    ("reading.relay.anywhere", "a filled hole on either side is picked up and sown on", "lubang berisi di sisi mana pun diangkat dan ditabur lagi"),
    ("reading.relay.opponent-side", "only a filled hole on the opponent's side is picked up", "hanya lubang berisi di sisi lawan yang diangkat"),
    ("reading.relay.never", "no relay: the move ends where the last seed falls", "tanpa sambung: langkah berhenti di tempat biji terakhir jatuh"),
    ("reading.extra_turn.true", "yes, ending in one's own store earns another move", "ya, berhenti di lumbung sendiri memberi langkah lagi"),
    ("reading.extra_turn.false", "no, the turn passes even after ending in one's store", "tidak, giliran tetap berpindah"),
    ("reading.capture_side.own", "ending in an empty hole of one's own captures", "berhenti di lubang kosong sendiri menembak"),
    ("reading.capture_side.any", "ending in any empty hole captures", "berhenti di lubang kosong mana pun menembak"),
    ("reading.capture_side.opponent", "ending in an empty hole on the opponent's side captures", "berhenti di lubang kosong di sisi lawan menembak"),
    ("reading.capture_side.never", "there is no capture", "tidak ada tembakan"),
    ("reading.capture_requires_opposite.true", "only when the hole across holds seeds", "hanya bila lubang di seberang berisi"),
    ("reading.capture_requires_opposite.false", "the lone seed is banked even when the hole across is empty", "biji itu tetap masuk lumbung meski lubang di seberang kosong"),
    ("reading.capture_banks_sower.true", "yes, it goes to the store with the captured seeds", "ya, ikut ke lumbung bersama biji tembakan"),
    ("reading.capture_banks_sower.false", "no, only the seeds across are taken", "tidak, hanya biji di seberang yang diambil"),
    ("reading.capture_lap.none", "none: a capture may happen on the first pass", "tidak ada: boleh menembak pada putaran pertama"),
    ("reading.capture_lap.whole-turn", "the move must have passed one's store first, counted over the whole move", "langkah harus sudah melewati lumbung sendiri, dihitung sepanjang langkah"),
    ("reading.capture_lap.per-pickup", "the sowing must have passed one's store since its last pick-up", "taburan harus sudah melewati lumbung sendiri sejak angkatan terakhirnya"),
    ("reading.no_move.end-round", "play stops", "permainan berhenti"),
    ("reading.no_move.pass", "they pass and the other plays on", "ia melewatkan giliran dan lawan terus bermain"),
    ("reading.end_when.no-move", "when the player to move has no seeds on their side", "ketika pemain yang mendapat giliran tidak punya biji di sisinya"),
    ("reading.end_when.either-side-empty", "as soon as either side is empty", "begitu salah satu sisi kosong"),
    ("reading.end_when.empty-holes", "when a side has a given number of empty holes", "ketika satu sisi memiliki sejumlah lubang kosong"),
    ("reading.end_when.all-in-stores", "only when every seed is in a store", "hanya ketika semua biji sudah di lumbung"),
    ("reading.leftover.owner", "go to the owner of that side", "menjadi milik pemilik sisi itu"),
    ("reading.leftover.opponent", "go to the other player", "menjadi milik lawan"),
    ("reading.leftover.uncounted", "are not counted", "tidak dihitung"),
    ("reading.opening.alternate", "turns alternate from the first move", "giliran bergantian sejak langkah pertama"),
    ("reading.opening.simultaneous", "both players sow their first move at once", "kedua pemain menabur langkah pertama bersamaan"),
    ("reading.first_player.A", "Player A", "Pemain A"),
    ("reading.first_player.B", "Player B", "Pemain B"),
    ("reading.simultaneous_next.first-to-finish", "the player who finished first", "pemain yang selesai lebih dulu"),
    ("reading.simultaneous_next.other-of-first", "the player who finished last", "pemain yang selesai belakangan"),
    ("reading.opening_hole.free", "any hole", "lubang mana saja"),
    ("reading.opening_hole.farthest", "the hole farthest from one's store", "lubang terjauh dari lumbung sendiri"),
    ("reading.opening_hole.nearest", "the hole nearest one's store", "lubang terdekat dengan lumbung sendiri"),
    ("reading.simultaneous_rounds.first", "only the first round", "hanya babak pertama"),
    ("reading.simultaneous_rounds.every", "every round", "setiap babak"),
    ("reading.rounds.single", "one round is the whole game", "satu babak saja"),
    ("reading.rounds.several", "several rounds, each refilled from the stores", "beberapa babak, tiap babak diisi ulang dari lumbung"),
    ("reading.refill_from.store-side", "starting next to one's store", "mulai dari lubang di samping lumbung sendiri"),
    ("reading.refill_from.far-side", "starting farthest from one's store", "mulai dari lubang terjauh dari lumbung sendiri"),
    ("reading.unfilled.burnt-skipped", "burnt: out of play and skipped by both", "terbakar: tidak dipakai dan dilewati kedua pemain"),
    ("reading.unfilled.ngacang", "ngacang: up to three protected holes the opponent skips", "ngacang: paling banyak tiga lubang terlindung yang dilewati lawan"),
    ("reading.unfilled.burnt-to-opponent", "burnt: a seed sown there goes to the opponent", "terbakar: biji yang jatuh di sana menjadi milik lawan"),
    ("reading.unfilled.burnt-forfeit", "burnt: a seed sown there is lost", "terbakar: biji yang jatuh di sana hilang"),
    ("reading.next_round_starter.winner", "the winner of the round", "pemenang babak"),
    ("reading.next_round_starter.loser", "the loser of the round", "yang kalah di babak itu"),
    ("reading.next_round_starter.menang-jalan", "the player who still had seeds (menang jalan)", "pemain yang masih punya biji (menang jalan)"),
    ("reading.game_end.cannot-fill-one", "when a player cannot fill a single hole", "ketika seorang pemain tidak dapat mengisi satu lubang pun"),
    ("reading.game_end.lost-all-seeds", "when a player has lost all their seeds", "ketika seorang pemain kehabisan biji"),
    ("reading.win.most-seeds", "most seeds when play ends", "biji terbanyak saat permainan usai"),
    ("reading.win.more-than-half", "the first with more than half of all seeds, at once", "yang pertama memiliki lebih dari separuh seluruh biji, saat itu juga"),
    ("reading.max_rounds.0", "no cap", "tanpa batas"),
    ("about.table.clause", "Rule", "Aturan"),
    ("play.friend", "Play this game with a friend", "Mainkan permainan ini dengan teman"),
    ("preview.others", "Played differently under: {0}", "Berbeda jika dimainkan dengan: {0}"),
    ("skip", "Skip to the end of the move", "Lewati ke akhir langkah"),
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
        "One numbered game of congklak under two rulesets side by side: where the readings part, and figures over a thousand games.",
        "Satu permainan congklak bernomor sama di bawah dua aturan berdampingan: di mana bacaannya berpisah, dan angka dari seribu permainan.",
    ),
    (
        "meta.friend",
        "Play congklak with a friend on another device, directly between two browsers: an invitation code each way, every move checked by both.",
        "Main congklak dengan teman di perangkat lain, langsung antara dua peramban: satu kode undangan tiap arah, setiap langkah diperiksa kedua pihak.",
    ),
    (
        "meta.learn",
        "Seven short lessons on real positions: sowing, sambung, menembak, another move, the end of play, the simultaneous opening and rounds with burnt and ngacang holes.",
        "Tujuh pelajaran singkat pada posisi sungguhan: menabur, sambung, menembak, jalan lagi, akhir permainan, pembukaan serentak, dan babak dengan lubang terbakar dan ngacang.",
    ),
    (
        "meta.about",
        "What congklak is, its names across South-East Asia, the board, how a move goes and its history, with sources.",
        "Apa itu congklak, namanya di Asia Tenggara, papannya, jalannya satu giliran dan sejarahnya, dengan sumber.",
    ),
    // ---- Statistics (/stats) and sound (branch stats-sound) ----
    ("nav.stats", "Statistics", "Statistik"),
    ("mystats.title", "Your statistics", "Statistikmu"),
    ("mystats.total.one", "1 game finished", "1 permainan selesai"),
    ("mystats.bank.n.one", "1 seed", "1 biji"),
    ("mystats.relays.n.one", "1 relay", "1 kali sambung"),
    ("mystats.longest.n.one", "1 move", "1 langkah"),
    ("mystats.err.json", "it is not a JSON file", "ini bukan berkas JSON"),
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
        "its content is not laid out as this app writes it",
        "isinya tidak tersusun seperti yang ditulis aplikasi ini",
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
        "game {0} cannot be opened: {1}",
        "permainan {0} tidak bisa dibuka: {1}",
    ),
    (
        "mystats.err.forged",
        "game {0}: its figures are not the ones its moves give",
        "permainan {0}: angkanya tidak sesuai dengan langkah-langkahnya",
    ),
    (
        "meta.stats",
        "Your congklak statistics on this device: games by rules and opponent, wins, draws and losses, and your records.",
        "Statistik congklakmu di perangkat ini: permainan menurut aturan dan lawan, menang, seri dan kalah, serta rekormu.",
    ),
    ("sound.on", "Sound", "Suara"),
    (
        "sound.quiet",
        "Silent when reduced motion is on",
        "Diam bila pengurangan gerak aktif",
    ),
    ("nav.puzzles", "Puzzles", "Teka-teki"),
    ("puzzles.title", "Congklak puzzles", "Teka-teki congklak"),
    (
        "meta.puzzles",
        "Congklak puzzles from real games under each region's rules: find the one hole that moves again, captures the most, fills the lumbung or wins. A new puzzle every day.",
        "Teka-teki congklak dari permainan nyata dengan aturan tiap daerah: temukan satu lubang yang membuatmu jalan lagi, menembak paling banyak, mengisi lumbung, atau menang. Teka-teki baru setiap hari.",
    ),
    (
        "puzzles.hint.relays.one",
        "Its sowing picks up again once on the way (sambung).",
        "Taburannya bersambung sekali di jalan.",
    ),
    // The texts only other pages than the play page show (see `elsewhere` in
    // the macro above).
    elsewhere {
        ("friend.intro", "Two devices play one game directly, with nothing of ours in between: the host sends an invitation by any chat, the friend sends an answer back, and the game starts. Both sides check every move with the engine.", "Dua perangkat memainkan satu permainan secara langsung, tanpa server kami di antaranya: tuan rumah mengirim undangan lewat aplikasi obrolan apa pun, teman mengirim balasan, dan permainan dimulai. Kedua pihak memeriksa setiap langkah dengan mesin aturan."),
        ("friend.host.h", "Invite a friend", "Ajak teman"),
        ("friend.stun", "Let devices on different networks connect (for example mobile data and a home Wi-Fi): this device then asks a Google server which address the internet sees it at, and puts that address in the code. Only the address is asked for; no moves pass through Google.", "Izinkan perangkat di jaringan berbeda tersambung (misalnya data seluler dan Wi-Fi rumah): perangkat ini lalu menanyakan ke server Google alamat yang terlihat dari internet, dan memasukkan alamat itu ke dalam kode. Hanya alamat yang ditanyakan; tidak ada langkah permainan yang lewat Google."),
        ("friend.invite", "Invite a friend", "Ajak teman"),
        ("friend.resume", "Resume our saved game", "Lanjutkan permainan tersimpan"),
        ("friend.guest.h", "Got an invitation?", "Dapat undangan?"),
        ("friend.paste.invite", "Open the invitation link, or paste the code here", "Buka tautan undangan, atau tempel kodenya di sini"),
        ("friend.read", "Read the invitation", "Baca undangan"),
        ("friend.working", "Preparing the code: finding how this device can be reached…", "Menyiapkan kode: mencari cara menghubungi perangkat ini…"),
        ("friend.invited.h", "Your invitation", "Undanganmu"),
        ("friend.invited", "Send this link (or the code, or let your friend scan the QR code). Your friend will send an answer code back: paste it below. You play Player A.", "Kirim tautan ini (atau kodenya, atau minta temanmu memindai kode QR). Temanmu akan mengirim kode balasan: tempel di bawah. Kamu bermain sebagai Pemain A."),
        ("friend.paste.answer", "Your friend's answer code", "Kode balasan temanmu"),
        ("friend.connect", "Connect", "Sambungkan"),
        ("friend.proposed.h", "An invitation to play", "Undangan bermain"),
        ("friend.proposed.resume", "This is the game you were playing with this friend: it goes on from where it is.", "Ini permainan yang sedang kamu mainkan dengan teman ini: permainan berlanjut dari posisinya."),
        ("friend.join", "Join", "Gabung"),
        ("friend.answered.h", "Your answer", "Balasanmu"),
        ("friend.answered", "Send this code back to your friend. The game starts as soon as they paste it. You play Player B.", "Kirim kode ini kembali ke temanmu. Permainan dimulai begitu ia menempelkannya. Kamu bermain sebagai Pemain B."),
        ("friend.lost", "The connection is lost. The game is saved on both devices: reconnect with new codes and it goes on from where it is. If it does not connect, both devices may be behind strict routers: try both on one Wi-Fi network, or tick the option for different networks.", "Sambungan terputus. Permainan tersimpan di kedua perangkat: sambungkan lagi dengan kode baru dan permainan berlanjut dari posisinya. Bila tak tersambung, kedua perangkat mungkin berada di balik router yang ketat: coba keduanya di satu jaringan Wi-Fi, atau centang pilihan untuk jaringan berbeda."),
        ("friend.reconnect", "Reconnect", "Sambungkan lagi"),
        ("friend.you.are", "You play {0}.", "Kamu bermain sebagai {0}."),
        ("friend.link", "This game as a link", "Permainan ini sebagai tautan"),
        ("friend.stopped", "Play stopped: the two devices disagree; the host's moves are being restored.", "Permainan berhenti: kedua perangkat tidak sepakat; langkah tuan rumah sedang dipulihkan."),
        ("friend.both", "Both pick at once: pick your opening hole", "Keduanya memilih bersamaan: pilih lubang pembukamu"),
        ("friend.both.waiting", "Your pick is sealed; waiting for your friend's", "Pilihanmu tersegel; menunggu pilihan temanmu"),
        ("friend.theirs", "Your friend's move ({0})", "Giliran temanmu ({0})"),
        ("friend.rules", "{0}, {1} holes a side, {2} seeds a hole.", "{0}, {1} lubang per sisi, {2} biji per lubang."),
        ("friend.rules.moves", "A game in progress: {0} moves played.", "Permainan yang sedang berjalan: {0} langkah sudah dimainkan."),
        ("friend.copy.code", "Copy the code", "Salin kode"),
        ("friend.copy.link", "Copy the link", "Salin tautan"),
        ("friend.link.invite", "The invitation link", "Tautan undangan"),
        ("friend.qr", "QR code of the invitation link", "Kode QR tautan undangan"),
        ("friend.problem.rules", "The two devices hold different games.", "Kedua perangkat memegang permainan yang berbeda."),
        ("friend.problem.rules.both", "Refused: the two devices hold different games. Yours: {0} Theirs: {1}", "Ditolak: kedua perangkat memegang permainan berbeda. Milikmu: {0} Milik teman: {1}"),
        ("friend.problem.mismatch", "Move {0} gave a different board on the other device; play stopped and the host's moves are restored.", "Langkah {0} menghasilkan papan berbeda di perangkat lain; permainan berhenti dan langkah tuan rumah dipulihkan."),
        ("friend.problem.illegal", "A message from your friend's device was refused: {0}. The game on this device is unchanged.", "Sebuah pesan dari perangkat temanmu ditolak: {0}. Permainan di perangkat ini tidak berubah."),
        ("friend.problem.theirs", "Your friend's device refused a message from this one: {0}.", "Perangkat temanmu menolak sebuah pesan dari perangkat ini: {0}."),
        ("friend.problem.reveal", "Your friend's revealed pick does not match the one they sealed: refused.", "Pilihan temanmu yang dibuka tidak sama dengan yang disegel: ditolak."),
        ("friend.problem.unreadable", "A message could not be read: {0}", "Sebuah pesan tidak dapat dibaca: {0}"),
        ("friend.code.bad", "This code cannot be read: {0}.", "Kode ini tidak dapat dibaca: {0}."),
        ("friend.code.notcode", "this is not a connection code (it should start with K1.)", "ini bukan kode sambungan (seharusnya diawali K1.)"),
        ("friend.code.damaged", "the code is damaged or cut short", "kodenya rusak atau terpotong"),
        ("friend.code.version", "the code comes from another version of the app ({0})", "kodenya berasal dari versi lain aplikasi ini ({0})"),
        ("friend.refused.number", "move {0} arrived while this device is at move {1}", "langkah {0} tiba saat perangkat ini di langkah {1}"),
        ("friend.refused.turn", "a move out of turn", "langkah di luar giliran"),
        ("friend.refused.hole", "hole {0} cannot be picked", "lubang {0} tidak bisa dipilih"),
        ("friend.refused.sealed", "a sealed pick for move {0}, where both do not pick at once", "pilihan tersegel untuk langkah {0}, padahal di langkah itu tidak memilih bersamaan"),
        ("friend.refused.move", "that move is not allowed in this game", "langkah itu tidak diperbolehkan dalam permainan ini"),
        ("friend.refused.mismatch", "move {0} gave a different board than its sender said", "langkah {0} menghasilkan papan yang berbeda dari kata pengirimnya"),
        ("friend.refused.reveal", "a revealed pick for move {0} that does not match its seal", "pilihan terbuka untuk langkah {0} yang tidak sama dengan segelnya"),
        ("friend.refused.notaseal", "a sealed pick for move {0} that is not a seal at all", "pilihan tersegel untuk langkah {0} yang sama sekali bukan segel"),
        ("friend.refused.resealed", "a second sealed pick for move {0}: the first one stands", "pilihan tersegel kedua untuk langkah {0}: yang pertama tetap berlaku"),
        ("friend.refused.early.reveal", "a revealed pick for move {0} before both picks were sealed", "pilihan dibuka untuk langkah {0} sebelum kedua pilihan disegel"),
        ("friend.refused.early", "a message before the two devices greeted each other", "pesan sebelum kedua perangkat saling menyapa"),
        ("friend.refused.hello", "a greeting in the middle of a game (greetings come only while connecting)", "sapaan di tengah permainan (sapaan hanya datang saat menyambung)"),
        ("friend.refused.notyours", "a move list adding moves its sender did not make", "daftar langkah yang menambahkan langkah yang tidak dibuat pengirimnya"),
        ("friend.refused.rewrites", "a move list that changes or removes moves already played", "daftar langkah yang mengubah atau menghapus langkah yang sudah dimainkan"),
        ("friend.refused.sync.guest", "the guest's moves sent as the game, while only the host's moves settle a disagreement", "langkah tamu dikirim sebagai permainan, padahal hanya langkah tuan rumah yang menyelesaikan perselisihan"),
        ("friend.refused.sync.unasked", "the host's moves sent while nothing was wrong", "langkah tuan rumah dikirim padahal tidak ada masalah"),
        ("friend.refused.othergame", "the moves of another game", "langkah dari permainan lain"),
        ("friend.refused.stopped", "a message while play is stopped and waits for the host's moves", "pesan saat permainan berhenti dan menunggu langkah tuan rumah"),
        ("friend.refused.over", "a move after the game ended", "langkah setelah permainan selesai"),
        ("friend.refused.resignation", "a move list saying this device's player resigned (menyerah), which it did not", "daftar langkah yang menyatakan pemain di perangkat ini menyerah, padahal tidak"),
        ("friend.resigned.you", "You resigned (menyerah): your friend wins.", "Kamu menyerah: temanmu menang."),
        ("friend.resigned.they", "Your friend resigned (menyerah): you win.", "Temanmu menyerah: kamu menang."),
        ("friend.refused.unreadable", "a message that could not be read", "pesan yang tidak dapat dibaca"),
        ("friend.unreadable.version", "it comes from another version of the app ({0})", "asalnya dari versi lain aplikasi ini ({0})"),
        ("friend.unreadable.message", "it is not a message of this app", "itu bukan pesan dari aplikasi ini"),
        ("friend.code.answer.early", "This is an answer code: paste it on the device that made the invitation.", "Ini kode balasan: tempelkan di perangkat yang membuat undangan."),
        ("friend.code.nogame", "This invitation holds no game.", "Undangan ini tidak berisi permainan."),
        ("friend.connect.failed", "The connection could not be made: {0}.", "Sambungan tidak dapat dibuat: {0}."),
        ("friend.connect.unsupported", "this browser cannot connect to another device directly", "peramban ini tidak dapat tersambung langsung ke perangkat lain"),
        ("friend.connect.refused", "the browser refused", "peramban menolak"),
        ("friend.connect.nodescription", "no connection description", "tidak ada deskripsi sambungan"),
        ("friend.connect.closed", "the invitation was closed; make a new one", "undangan sudah ditutup; buat undangan baru"),
        ("friend.connect.slow", "Still not connected. Both devices may be behind strict routers (as on many mobile networks): try both on one Wi-Fi network, or make new codes with the option for different networks ticked on both devices.", "Belum tersambung. Kedua perangkat mungkin berada di balik router yang ketat (seperti pada banyak jaringan seluler): coba keduanya di satu jaringan Wi-Fi, atau buat kode baru dengan pilihan untuk jaringan berbeda dicentang di kedua perangkat."),
        ("friend.resynced", "Both devices now hold the host's moves.", "Kedua perangkat kini memegang langkah tuan rumah."),
        ("friend.caughtup", "This device caught up with {0} moves your friend made while the connection was lost.", "Perangkat ini menyusul {0} langkah yang dibuat temanmu saat sambungan terputus."),
        ("friend.react.good", "Good move", "Bagus"),
        ("friend.react.well", "Well played", "Main bagus"),
        ("friend.react.thinking", "Thinking…", "Sebentar…"),
        ("friend.react.thanks", "Thanks for the game", "Terima kasih"),
        ("friend.react.got", "Your friend: {0}", "Temanmu: {0}"),
        ("friend.react.sent", "You: {0}", "Kamu: {0}"),
        ("perfect.title", "With perfect play", "Dengan permainan sempurna"),
        ("perfect.intro", "On small boards the game can be solved: who ends ahead, and by how many seeds, when both players make the best move every time from the start; and the first player's best opening holes. Worked out by the app's exact solver.", "Pada papan kecil permainan dapat dipecahkan: siapa yang unggul di akhir, dan berapa biji, bila kedua pemain selalu memilih langkah terbaik sejak awal; serta lubang pembuka terbaik pemain pertama. Dihitung oleh pemecah eksak aplikasi ini."),
        ("perfect.intro.round", "On small boards the first round can be solved: who ends it ahead, and by how many seeds, when both players make the best move every time from the start; and the first player's best opening holes. Worked out by the app's exact solver.", "Pada papan kecil babak pertama dapat dipecahkan: siapa yang unggul di akhir babak, dan berapa biji, bila kedua pemain selalu memilih langkah terbaik sejak awal; serta lubang pembuka terbaik pemain pertama. Dihitung oleh pemecah eksak aplikasi ini."),
        ("perfect.holes", "Holes a side", "Lubang per sisi"),
        ("perfect.notcompared", "not compared here: it changes the board itself, so the other rows of the table compare it.", "tidak dibandingkan di sini: aturan ini mengubah papannya sendiri, jadi baris lain tabel yang membandingkannya."),
        ("perfect.seeds", "{0} seeds a hole", "{0} biji per lubang"),
        ("perfect.a", "A ends {0} seeds ahead", "A unggul {0} biji di akhir"),
        ("perfect.b", "B ends {0} seeds ahead", "B unggul {0} biji di akhir"),
        ("perfect.a.one", "A ends 1 seed ahead", "A unggul 1 biji di akhir"),
        ("perfect.b.one", "B ends 1 seed ahead", "B unggul 1 biji di akhir"),
        ("perfect.a.mean", "A ends about {0} seeds ahead on average", "A unggul rata-rata sekitar {0} biji di akhir"),
        ("perfect.b.mean", "B ends about {0} seeds ahead on average", "B unggul rata-rata sekitar {0} biji di akhir"),
        ("perfect.mean.note", "A margin with decimals is an average: where both players open at the same time, the best play picks the opening hole by chance, each hole as often as the solver works out, so the margin changes from game to game.", "Selisih berkoma adalah rata-rata: bila kedua pemain membuka bersamaan, permainan terbaik memilih lubang pembuka secara acak, tiap lubang sesering yang dihitung pemecah, sehingga selisihnya berubah dari permainan ke permainan."),
        ("perfect.draw", "a draw", "seri"),
        ("perfect.best", "best: {0}", "terbaik: {0}"),
        ("perfect.unsolved", "not solved", "belum terpecahkan"),
        ("perfect.divergences", "How each disputed rule changes perfect play", "Bagaimana tiap aturan yang diperdebatkan mengubah permainan sempurna"),
        ("perfect.same", "the same winner on all {0} boards.", "pemenang yang sama di ke-{0} papan."),
        ("perfect.changes", "changes the winner on {0} of {1} boards.", "mengubah pemenang di {0} dari {1} papan."),
        ("perfect.change", "On {0} holes × {1} seeds: {2} under this pack's reading, {3} under the other.", "Pada {0} lubang × {1} biji: {2} menurut bacaan paket ini, {3} menurut bacaan lain."),
        ("notfound.back", "Back to the game", "Kembali ke permainan"),
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
        (
            "compare.intro",
            "See where two readings of the rules part.",
            "Lihat di mana dua bacaan aturan berpisah.",
        ),
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
        ("pack.special", "What sets it apart from the common reading:", "Yang membedakannya dari bacaan umum:"),
        ("pack.special.common", "The common reading: the way of playing most sources agree on, and the one the other packs are measured against.", "Bacaan umum: cara main yang disepakati sebagian besar sumber, dan patokan bagi paket lain."),
        ("pack.special.none", "It plays like the common reading.", "Dimainkan seperti bacaan umum."),
        ("pack.play", "Play this pack", "Mainkan paket ini"),
        ("pack.ranking", "Where the sources disagree, by how often it changes the winner", "Perbedaan antarsumber, menurut seberapa sering mengubah pemenang"),
        ("pack.ranking.figure", "changes the winner in {0}% of games ({1} of {2}; chance alone: about {3}%)", "mengubah pemenang pada {0}% permainan ({1} dari {2}; karena kebetulan saja: sekitar {3}%)"),
        ("pack.ranking.chance", "changes the winner in {0}% of games ({1} of {2}), no more than chance alone (about {3}%): these sample games do not show its own effect", "mengubah pemenang pada {0}% permainan ({1} dari {2}), tidak lebih dari kebetulan saja (sekitar {3}%): permainan contoh ini tidak memperlihatkan pengaruhnya sendiri"),
        ("pack.ranking.never", "never changes the winner in {0} sample games", "tidak pernah mengubah pemenang dalam {0} permainan contoh"),
        ("pack.ranking.busy", "counting…", "menghitung…"),
        ("div.line", "The other reading changes the winner in {0}% of {1} sample games; chance alone would change about {2}%.", "Bacaan lain mengubah pemenang pada {0}% dari {1} permainan contoh; kebetulan saja akan mengubah sekitar {2}%."),
        ("div.line.chance", "The other reading changes the winner in {0}% of {1} sample games, no more than chance alone (about {2}%): once the sample games part they become unrelated games, so this figure says nothing of the disagreement itself.", "Bacaan lain mengubah pemenang pada {0}% dari {1} permainan contoh, tidak lebih dari kebetulan saja (sekitar {2}%): begitu berpisah, permainan contoh menjadi permainan yang tak berhubungan, jadi angka ini tidak mengatakan apa pun tentang perbedaan itu sendiri."),
        ("div.line.never", "The other reading never changes the winner in {0} sample games.", "Bacaan lain tidak pernah mengubah pemenang dalam {0} permainan contoh."),
        ("div.line.busy", "Playing the sample games under both readings…", "Memainkan permainan contoh dengan kedua bacaan…"),
        ("div.line.recorded", "Recorded from the sources; the other reading is not played.", "Dicatat dari sumber; bacaan lain tidak dimainkan."),
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
        (
            "div.sources.this",
            "Sources for this pack:",
            "Sumber untuk paket ini:",
        ),
        (
            "div.sources.other",
            "Sources for the other reading:",
            "Sumber untuk bacaan lain:",
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
            "worker.failed",
            "These figures cannot be computed here: this browser did not start the page's helper (a Web Worker). Try reloading the page or another browser.",
            "Angka ini tidak dapat dihitung di sini: peramban ini tidak menjalankan pembantu halaman (Web Worker). Coba muat ulang halaman atau gunakan peramban lain.",
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
            "That game (game number {0}) runs {1} moves under this pack and {2} under the other reading.",
            "Permainan itu (nomor permainan {0}) berlangsung {1} langkah dengan paket ini dan {2} dengan bacaan lain.",
        ),
        (
            "div.first.start",
            "They part in sample game {0} before the first move: {1}.",
            "Keduanya berpisah pada permainan contoh {0} sebelum langkah pertama: {1}.",
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
        (
            "stats.players",
            "Both sides of every sample game play as a beginner might: each turn the hole that gains the most seeds at once, ties (and an opening played by both at once) settled by the game's number, so that every figure here can be played again.",
            "Kedua pihak di setiap permainan contoh bermain seperti pemula: tiap giliran memilih lubang yang paling banyak menambah biji saat itu juga, dan bila ada yang sama baiknya (juga pembukaan yang dimainkan bersamaan), nomor permainan yang menentukan, sehingga setiap angka di sini bisa dimainkan ulang.",
        ),
        ("stats.parted", "Readings part", "Bacaan berpisah"),
        ("stats.winner", "Winner changes", "Pemenang berubah"),
        (
            "stats.of",
            "{0} of {1} games ({2}%)",
            "{0} dari {1} permainan ({2}%)",
        ),
        ("stats.of.none", "none of {0} games", "tidak satu pun dari {0} permainan"),
        (
            "stats.shift",
            "Change in Player A's lead ({1} minus {0})",
            "Perubahan keunggulan Pemain A ({1} dikurangi {0})",
        ),
        ("stats.this", "this pack", "paket ini"),
        ("stats.other", "the other reading", "bacaan lain"),
        ("stats.a", "the first ruleset", "aturan pertama"),
        ("stats.b", "the second ruleset", "aturan kedua"),
        (
            "stats.outcomes",
            "Results under each (Player A wins, Player B wins, draws)",
            "Hasil dengan masing-masing (Pemain A menang, Pemain B menang, seri)",
        ),
        (
            "stats.results",
            "Player A wins {0}, Player B wins {1}, draws {2}",
            "Pemain A menang {0}, Pemain B menang {1}, seri {2}",
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
        (
            "stats.capped",
            "{0} of {1} stopped at the limit of moves or rounds, not by the rules' own end",
            "{0} dari {1} berhenti karena batas langkah atau babak, bukan karena akhir menurut aturan",
        ),
        ("stats.key.a", "Player A wins", "Pemain A menang"),
        ("stats.key.b", "Player B wins", "Pemain B menang"),
        ("stats.key.draw", "draw", "seri"),
        (
            "stats.margins",
            "Final margins: Player A's store minus Player B's, in seeds",
            "Selisih akhir: lumbung Pemain A dikurangi lumbung Pemain B, dalam biji",
        ),
        (
            "stats.margin.bar",
            "{0}: margin {1} to {2}: {3} games",
            "{0}: selisih {1} sampai {2}: {3} permainan",
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
        // Each clause's readings in words: `reading.<clause>.<value>`.
        ("about.what.h", "What congklak is", "Apa itu congklak"),
        (
            "about.what",
            "Congklak is a game for two players from the mancala family, the games in which seeds are sown one by one around a board of holes. Each player owns a row of small holes and a large store, the lumbung, and tries to end with more seeds in it than the other player (the Czech page “Co je Congkak?”; the Dutch article “Congkak”). What sets congklak and its neighbours apart from the better-known Kalah is the relay: a sowing that ends in a filled hole picks that hole up and goes on, so one move can run round the board several times (the Czech page “Co je Congkak?”).",
            "Congklak adalah permainan dua orang dari keluarga mancala, yaitu permainan menabur biji satu per satu mengelilingi papan berlubang. Setiap pemain memiliki satu baris lubang kecil dan satu lubang besar, lumbung, dan berusaha mengumpulkan biji di lumbungnya lebih banyak daripada lawan (halaman Ceko “Co je Congkak?”; artikel Belanda “Congkak”). Yang membedakan congklak dan kerabatnya dari Kalah yang lebih dikenal adalah sambung: taburan yang berhenti di lubang berisi mengangkat isi lubang itu dan terus berjalan, sehingga satu langkah bisa mengelilingi papan beberapa kali (halaman Ceko “Co je Congkak?”).",
        ),
        (
            "about.names.h",
            "Names across the region",
            "Nama-namanya di berbagai daerah",
        ),
        (
            "about.names",
            "The game goes by closely related names: congklak in Indonesia, congkak in Malaysia, Singapore and Brunei, dakon in Java and sungka (sungkâ) in the Philippines (the Czech page “Co je Congkak?”; the Spanish article “Congklak”). Kin of it are played in southern Thailand, in Sri Lanka (chonka), in southern India, in the Maldives (ohvalhu or naranj) and in the Mariana Islands (chongka') (the Spanish article “Congklak”; the Czech page “Co je Congkak?”; the Mancala World wiki). One account says the name congklak comes from the Indonesian word for the cowrie shells used as pieces (the Spanish article “Congklak”); another says the names imitate the click of the seeds (the Czech page “Co je Congkak?”). Older spellings in English writing include jongkak and chongkak (Hellier, “Note on the Malay Game ‘Jongkak’”, 1907; Overbeck, “New Notes on the Game of Chongkak”, both in the Journal of the Straits Branch of the Royal Asiatic Society).",
            "Permainan ini dikenal dengan nama-nama yang mirip: congklak di Indonesia, congkak di Malaysia, Singapura dan Brunei, dakon di Jawa, dan sungka (sungkâ) di Filipina (halaman Ceko “Co je Congkak?”; artikel Spanyol “Congklak”). Kerabatnya dimainkan di Thailand selatan, di Sri Lanka (chonka), di India selatan, di Maladewa (ohvalhu atau naranj) dan di Kepulauan Mariana (chongka') (artikel Spanyol “Congklak”; halaman Ceko “Co je Congkak?”; wiki Mancala World). Satu sumber menyebut nama congklak berasal dari sebutan Indonesia untuk kerang cowrie yang dipakai sebagai biji (artikel Spanyol “Congklak”); sumber lain menyebut nama-nama itu meniru bunyi biji yang beradu (halaman Ceko “Co je Congkak?”). Tulisan lama berbahasa Inggris mengejanya jongkak dan chongkak (Hellier, “Note on the Malay Game ‘Jongkak’”, 1907; Overbeck, “New Notes on the Game of Chongkak”; keduanya dalam Journal of the Straits Branch of the Royal Asiatic Society).",
        ),
        ("about.board.h", "The board", "Papannya"),
        (
            "about.board",
            "The usual board has two rows of seven holes with a store at each end, and seven seeds in each hole: 98 in all (the Czech page “Co je Congkak?”; the Spanish article “Congklak”; the Dutch article “Congkak”). Boards are often carved from wood in the long shape of a boat, with holes deeper than on African boards so that they hold cowries, pebbles or tamarind seeds (the Czech page “Co je Congkak?”; the Dutch article “Congkak”). Other sizes are known: from three to nine holes a row and more in Indonesia (the Czech page “Co je Congkak?”), five, seven or nine in Malaysia and seven, nine or eleven in Sleman, Yogyakarta (the Congklak web app by Andi Fathul Mukminin Salahuddin); the usual rule is as many seeds a hole as there are holes in a row (the French how-to “Instructions pour jouer au Congklak”).",
            "Papan yang umum punya dua baris tujuh lubang dengan lumbung di tiap ujung, dan tujuh biji di setiap lubang: seluruhnya 98 biji (halaman Ceko “Co je Congkak?”; artikel Spanyol “Congklak”; artikel Belanda “Congkak”). Papan sering dipahat dari kayu berbentuk perahu yang memanjang, dengan lubang yang lebih dalam daripada papan Afrika agar muat kerang cowrie, kerikil atau biji asam (halaman Ceko “Co je Congkak?”; artikel Belanda “Congkak”). Ukuran lain juga dikenal: tiga sampai sembilan lubang per baris atau lebih di Indonesia (halaman Ceko “Co je Congkak?”), lima, tujuh atau sembilan di Malaysia, dan tujuh, sembilan atau sebelas di Sleman, Yogyakarta (aplikasi web Congklak karya Andi Fathul Mukminin Salahuddin); aturan yang biasa ialah jumlah biji per lubang sama dengan jumlah lubang per baris (petunjuk Prancis “Instructions pour jouer au Congklak”).",
        ),
        ("about.play.h", "How a move goes", "Jalannya satu langkah"),
        (
            "about.play",
            "You take every seed from one of your holes and drop them one at a time clockwise, into your own store as you pass it but never into the other player's (the Czech page “Co je Congkak?”; the Dutch article “Congkak”). Where the last seed falls decides what comes next: in a filled hole on either side you pick that hole up and sow on (sambung); in your own store you move again; in an empty hole on your side you capture (menembak), taking the seeds of the facing hole; in an empty hole on the other side your move ends (the Czech page “Co je Congkak?”; the Dutch article “Congkak”). Traditionally both players make the first move at the same time (the Spanish article “Congklak”; the Dutch article “Congkak”), and play goes on over several rounds: each player refills their holes from their store, and a hole that can no longer be filled is burnt and left out (the Dutch article “Congkak”). In Java, the short player's last holes may instead be partly filled and protected, which is called ngacang (the French how-to “Instructions pour jouer au Congklak”).",
            "Kamu mengambil semua biji dari salah satu lubangmu dan menjatuhkannya satu per satu searah jarum jam, ke lumbung sendiri saat melewatinya tetapi tidak pernah ke lumbung lawan (halaman Ceko “Co je Congkak?”; artikel Belanda “Congkak”). Tempat jatuhnya biji terakhir menentukan kelanjutannya: di lubang berisi di sisi mana pun, isi lubang itu diangkat dan ditabur lagi (sambung); di lumbung sendiri, kamu jalan lagi; di lubang kosong di sisi sendiri, kamu menembak isi lubang di seberangnya; di lubang kosong di sisi lawan, langkahmu selesai (halaman Ceko “Co je Congkak?”; artikel Belanda “Congkak”). Menurut tradisi kedua pemain melangkah pertama kali secara serentak (artikel Spanyol “Congklak”; artikel Belanda “Congkak”), dan permainan berlanjut beberapa babak: setiap pemain mengisi ulang lubangnya dari lumbung, dan lubang yang tidak lagi dapat diisi menjadi terbakar dan tidak dipakai (artikel Belanda “Congkak”). Di Jawa, lubang terakhir pemain yang kekurangan biji boleh diisi sebagian dan dilindungi; ini disebut ngacang (petunjuk Prancis “Instructions pour jouer au Congklak”).",
        ),
        ("about.history.h", "Some history", "Sedikit sejarah"),
        (
            "about.history",
            "Mancala as a whole is old: the earliest boards known come from a ruined fort of Roman Egypt and are dated to the fourth century (the Czech page “Co je Congkak?”). How the game reached South-East Asia is not known; one idea is that it travelled along Austronesian trade routes with South Asia, where similar games are found (the Czech page “Co je Congkak?”), and a Dutch encyclopedia places its origin around the fifteenth century (the Dutch article “Congkak”). Written accounts by outsiders begin in the nineteenth century: Low described the Thai game in 1836 (the Mancala World wiki), Skeat the Malay game in 1900 (the Ludii game collection) and Hellier in 1907 (Journal of the Straits Branch of the Royal Asiatic Society), Culin the Chungcajon in 1900 and Fritz the Chongka' of the Marianas in 1904 (the Ludii game collection). Indonesia shows the widest variety of boards and rules (the Czech page “Co je Congkak?”).",
            "Mancala secara keseluruhan sudah tua: papan tertua yang diketahui berasal dari reruntuhan benteng di Mesir zaman Romawi dan bertarikh abad keempat (halaman Ceko “Co je Congkak?”). Bagaimana permainan ini sampai ke Asia Tenggara tidak diketahui; satu dugaan menyebut ia menyebar lewat jalur dagang Austronesia dengan Asia Selatan, tempat permainan serupa ditemukan (halaman Ceko “Co je Congkak?”), dan sebuah ensiklopedia Belanda menempatkan asal-usulnya sekitar abad kelima belas (artikel Belanda “Congkak”). Catatan tertulis oleh orang luar mulai muncul pada abad kesembilan belas: Low menggambarkan permainan Thailand pada 1836 (wiki Mancala World), Skeat permainan Melayu pada 1900 (koleksi permainan Ludii) dan Hellier pada 1907 (Journal of the Straits Branch of the Royal Asiatic Society), Culin permainan Chungcajon pada 1900 dan Fritz Chongka' dari Kepulauan Mariana pada 1904 (koleksi permainan Ludii). Indonesia menunjukkan ragam papan dan aturan yang paling luas (halaman Ceko “Co je Congkak?”).",
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
        ("about.sources.h", "Sources cited", "Sumber yang dikutip"),
        (
            "about.sources",
            "What this page says comes from five documents: a French how-to page, “Instructions pour jouer au Congklak, Dakon ou Mancala d'Indonésie” (author and address not named in our copy); a Spanish encyclopedia-style article, “Congklak” (publisher not named); a Czech rules page, “Co je Congkak?”, with a rule table against standard mancala and a history (publisher not named); a Dutch encyclopedia article, “Congkak”, shown with a game portal's English rules summary (publisher not named); and the rules page of the open-source Congklak web app by Andi Fathul Mukminin Salahuddin (github.com/andifathulms/congklak), which cites the Sleman culture office and Malaysia's national culture department. The packs also draw on Hellier (1907) and Overbeck in the Journal of the Straits Branch of the Royal Asiatic Society, the Mancala World wiki and the Ludii game collection; each pack lists its sources in full.",
            "Isi halaman ini berasal dari lima dokumen: petunjuk berbahasa Prancis, “Instructions pour jouer au Congklak, Dakon ou Mancala d'Indonésie” (penulis dan alamatnya tidak disebut dalam salinan kami); artikel bergaya ensiklopedia berbahasa Spanyol, “Congklak” (penerbit tidak disebut); halaman aturan berbahasa Ceko, “Co je Congkak?”, dengan tabel aturan dibandingkan mancala standar dan sejarahnya (penerbit tidak disebut); artikel ensiklopedia berbahasa Belanda, “Congkak”, disertai ringkasan aturan berbahasa Inggris dari sebuah portal permainan (penerbit tidak disebut); dan halaman aturan aplikasi web Congklak sumber terbuka karya Andi Fathul Mukminin Salahuddin (github.com/andifathulms/congklak), yang mengutip dinas kebudayaan Sleman dan jabatan kebudayaan nasional Malaysia. Paket-paket juga memakai Hellier (1907) dan Overbeck dalam Journal of the Straits Branch of the Royal Asiatic Society, wiki Mancala World, dan koleksi permainan Ludii; setiap paket mencantumkan sumbernya secara lengkap.",
        ),
        ("compare.a", "First ruleset", "Aturan pertama"),
        ("compare.b", "Second ruleset", "Aturan kedua"),
        ("compare.custom", "Custom rules: {0}", "Aturan khusus: {0}"),
        ("compare.friend.a", "Play the first ruleset with a friend", "Mainkan aturan pertama dengan teman"),
        ("compare.go", "Compare", "Bandingkan"),
        ("compare.bad", "This comparison cannot be opened: {0}", "Perbandingan ini tidak bisa dibuka: {0}"),
        ("compare.seed.bad", "its game number is not a whole number", "nomor permainannya bukan bilangan bulat"),
        ("compare.parts", "The two readings part at move {0} of sample game {1}; after it each game goes on under its own rules.", "Kedua bacaan berpisah pada langkah {0} permainan contoh {1}; sesudahnya tiap permainan berlanjut dengan aturannya sendiri."),
        ("compare.parts.start", "The two readings set the board up differently, so sample game {0} differs from the start; each game goes on under its own rules.", "Kedua bacaan menyiapkan papan secara berbeda, jadi permainan contoh {0} sudah berbeda sejak awal; tiap permainan berlanjut dengan aturannya sendiri."),
        ("compare.same", "Sample game {0} is the same under both readings.", "Permainan contoh {0} sama di bawah kedua bacaan."),
        ("compare.jump", "Jump to where they part", "Lompat ke tempat keduanya berpisah"),
        ("compare.turn.prev", "Previous move", "Langkah sebelumnya"),
        ("compare.turn.next", "Next move", "Langkah berikutnya"),
        ("compare.event.prev", "‹ Previous capture or round", "‹ Tembakan atau babak sebelumnya"),
        ("compare.event.next", "Next capture or round ›", "Tembakan atau babak berikutnya ›"),
        ("compare.event.capture", "{0} captures {1} seeds (menembak)", "{0} menembak {1} biji"),
        ("compare.event.round", "round {0} ends", "babak {0} selesai"),
        ("compare.event.end", "the game ends", "permainan selesai"),
        ("compare.event.this", "This move: {0}.", "Langkah ini: {0}."),
        ("compare.next.game", "Next sample game that parts", "Permainan contoh berikutnya yang berpisah"),
        ("compare.end", "Game over after {0} moves: {1}", "Permainan selesai sesudah {0} langkah: {1}"),
        ("div.open.compare", "Open this game in the compare page", "Buka permainan ini di halaman perbandingan"),
        ("compare.play.a", "Play the first ruleset", "Mainkan aturan pertama"),
        ("compare.play", "Play the second ruleset", "Mainkan aturan kedua"),
        ("compare.editor.a", "Change the first ruleset clause by clause", "Ubah aturan pertama per klausul"),
        ("compare.editor.b", "Change the second ruleset clause by clause", "Ubah aturan kedua per klausul"),
        ("compare.editor.intro", "Each clause with its readings, and for each reading the packs that play it with the sources they cite (the reading chosen here in bold). Clauses where the two rulesets differ are marked. A change makes the ruleset a custom one and updates the comparison at once.", "Setiap klausul dengan bacaannya, dan untuk setiap bacaan paket yang memainkannya beserta sumber yang dirujuk (bacaan yang dipilih di sini dicetak tebal). Klausul yang berbeda antara kedua aturan ditandai. Perubahan menjadikan aturan itu aturan khusus dan langsung memperbarui perbandingan."),
        ("compare.clause", "Clause", "Klausul"),
        ("compare.reading", "Reading", "Bacaan"),
        ("compare.users", "Packs by reading (sources)", "Paket menurut bacaan (sumber)"),
        // ---- Statistics (/stats) and sound (branch stats-sound) ----
        (
            "mystats.intro",
            "Counted on this device from the games you finish on the play page. Nothing leaves your browser unless you export it.",
            "Dihitung di perangkat ini dari permainan yang kamu selesaikan di halaman Main. Tidak ada yang keluar dari perambanmu kecuali kamu mengekspornya.",
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
        ("mystats.computer.h", "Against the computer", "Melawan komputer"),
        ("mystats.hotseat.h", "Two players on one screen", "Dua pemain di satu layar"),
        ("mystats.col.pack", "Rules", "Aturan"),
        ("mystats.row.vs", "{0}, you play {1}", "{0}, kamu sebagai {1}"),
        ("mystats.col.games", "Games", "Jumlah"),
        ("mystats.col.won", "Won", "Menang"),
        ("mystats.col.drawn", "Drawn", "Seri"),
        ("mystats.col.lost", "Lost", "Kalah"),
        ("mystats.col.awon", "A won", "A menang"),
        ("mystats.col.bwon", "B won", "B menang"),
        ("mystats.records.h", "Records", "Rekor"),
        ("mystats.bank", "Most seeds banked in one turn", "Biji terbanyak masuk lumbung dalam satu giliran"),
        ("mystats.bank.n", "{0} seeds", "{0} biji"),
        ("mystats.relays", "Longest relay chain in one move (sambung)", "Rantai sambung terpanjang dalam satu langkah"),
        ("mystats.relays.n", "{0} relays", "{0} kali sambung"),
        ("mystats.longest", "Longest game", "Permainan terpanjang"),
        ("mystats.longest.n", "{0} moves", "{0} langkah"),
        ("mystats.by", "by {0}", "oleh {0}"),
        ("mystats.you", "you", "kamu"),
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
        (
            "mystats.import.unreadable",
            "The file could not be read.",
            "Berkas tidak bisa dibaca.",
        ),
        (
            "mystats.corrupt",
            "The statistics kept on this device cannot be read ({0}). They are left as they are, and finished games are not counted until you reset them.",
            "Statistik yang tersimpan di perangkat ini tidak bisa dibaca ({0}). Data itu dibiarkan apa adanya, dan permainan yang selesai tidak dihitung sampai kamu menghapusnya.",
        ),
        (
            "puzzles.intro",
            "Each puzzle is a position from a game played under one region's rules. You are Player A: find the one hole that does what the puzzle asks. The engine has tried every hole, so there is exactly one answer.",
            "Setiap teka-teki adalah posisi dari permainan dengan aturan satu daerah. Kamu Pemain A: temukan satu-satunya lubang yang melakukan apa yang diminta. Mesin aturan sudah mencoba setiap lubang, jadi jawabannya tepat satu.",
        ),
        ("puzzles.loading", "Loading the puzzles…", "Memuat teka-teki…"),
        (
            "puzzles.loadfail",
            "The puzzles could not be loaded ({0}). Reload the page to try again.",
            "Teka-teki tidak bisa dimuat ({0}). Muat ulang halaman untuk mencoba lagi.",
        ),
        (
            "puzzles.unplayable",
            "this puzzle's position cannot be played under its rules",
            "posisi teka-teki ini tidak bisa dimainkan dengan aturannya",
        ),
        ("puzzles.day", "Puzzle of the day", "Teka-teki hari ini"),
        ("puzzles.number", "Puzzle {0}", "Teka-teki {0}"),
        ("puzzles.board", "{0}, {1} holes a side", "{0}, {1} lubang per sisi"),
        (
            "puzzles.goal.extra",
            "Find the hole whose last seed falls into your lumbung, so that you move again.",
            "Temukan lubang yang biji terakhirnya jatuh ke lumbungmu, sehingga kamu jalan lagi.",
        ),
        (
            "puzzles.goal.capture",
            "Find the move that captures the most seeds (menembak).",
            "Temukan langkah yang menembak biji paling banyak.",
        ),
        (
            "puzzles.goal.bank",
            "Find the move that puts at least {0} seeds into your lumbung (sowing, sambung and menembak all count).",
            "Temukan langkah yang memasukkan paling sedikit {0} biji ke lumbungmu (menabur, sambung dan menembak semua dihitung).",
        ),
        (
            "puzzles.goal.win",
            "Find the only move after which you still win when both sides play perfectly.",
            "Temukan satu-satunya langkah yang membuatmu tetap menang bila kedua pihak bermain sempurna.",
        ),
        ("puzzles.short.extra", "Move again", "Jalan lagi"),
        ("puzzles.short.capture", "Capture the most", "Tembak paling banyak"),
        ("puzzles.short.bank", "Bank {0} seeds", "Simpan {0} biji"),
        ("puzzles.short.win", "Win with perfect play", "Menang dengan permainan sempurna"),
        ("puzzles.easy", "Easy", "Mudah"),
        ("puzzles.medium", "Medium", "Sedang"),
        ("puzzles.hard", "Hard", "Sulit"),
        ("puzzles.value.win", "you win by {0}", "kamu menang dengan selisih {0}"),
        ("puzzles.value.draw", "it ends in a draw", "hasilnya seri"),
        ("puzzles.value.lose", "you lose by {0}", "kamu kalah dengan selisih {0}"),
        (
            "puzzles.why.extra",
            "Your last seed falls into your lumbung, so you move again; no other hole does that.",
            "Biji terakhirmu jatuh ke lumbung, jadi kamu jalan lagi; tidak ada lubang lain yang begitu.",
        ),
        (
            "puzzles.miss.extra",
            "The last seed does not end in your lumbung, so you do not move again.",
            "Biji terakhir tidak berhenti di lumbungmu, jadi kamu tidak jalan lagi.",
        ),
        (
            "puzzles.why.capture",
            "It captures {0} seeds (menembak); no other hole captures more than {1}.",
            "Langkah ini menembak {0} biji; tidak ada lubang lain yang mendapat lebih dari {1}.",
        ),
        (
            "puzzles.why.capture.only",
            "It captures {0} seeds (menembak); no other hole captures anything.",
            "Langkah ini menembak {0} biji; tidak ada lubang lain yang menembak apa pun.",
        ),
        (
            "puzzles.miss.capture.none",
            "This move captures nothing.",
            "Langkah ini tidak menembak apa pun.",
        ),
        (
            "puzzles.miss.capture",
            "It captures {0} seeds, but another hole captures more.",
            "Langkah ini menembak {0} biji, tetapi lubang lain mendapat lebih banyak.",
        ),
        (
            "puzzles.why.bank",
            "It puts {0} seeds into your lumbung; no other hole puts in more than {1}.",
            "Langkah ini memasukkan {0} biji ke lumbungmu; tidak ada lubang lain yang memasukkan lebih dari {1}.",
        ),
        (
            "puzzles.miss.bank",
            "It puts {0} seeds into your lumbung, short of {1}.",
            "Langkah ini memasukkan {0} biji ke lumbungmu, kurang dari {1}.",
        ),
        (
            "puzzles.why.win",
            "With perfect play from here {0}; after any other hole, at best {1}.",
            "Dengan permainan sempurna dari sini {0}; setelah lubang lain, paling baik {1}.",
        ),
        (
            "puzzles.miss.win",
            "After this move, with perfect play {0}.",
            "Setelah langkah ini, dengan permainan sempurna {0}.",
        ),
        ("puzzles.or", "or", "atau"),
        (
            "puzzles.hint.holes",
            "The answer is hole {0} (marked on the board).",
            "Jawabannya lubang {0} (ditandai di papan).",
        ),
        (
            "puzzles.hint.relays",
            "Its sowing picks up again {0} times on the way (sambung).",
            "Taburannya bersambung {0} kali di jalan.",
        ),
        ("puzzles.hint", "Hint", "Petunjuk"),
        ("puzzles.show", "Show the answer", "Tunjukkan jawaban"),
        ("puzzles.again", "Start again", "Mulai lagi"),
        ("puzzles.moving", "Hole {0} is being sown…", "Lubang {0} sedang ditabur…"),
        (
            "puzzles.wrong",
            "Not this one. Hole {0}: {1} {2} Try another hole.",
            "Bukan yang ini. Lubang {0}: {1} {2} Coba lubang lain.",
        ),
        ("puzzles.right", "Solved!", "Terpecahkan!"),
        ("puzzles.next", "Next puzzle: {0}", "Teka-teki berikutnya: {0}"),
        (
            "puzzles.all",
            "You have solved every puzzle here.",
            "Kamu sudah memecahkan semua teka-teki di sini.",
        ),
        ("puzzles.answer", "The answer is hole {0}.", "Jawabannya lubang {0}."),
        (
            "puzzles.progress",
            "You have solved {0} of {1} puzzles on this device.",
            "Kamu sudah memecahkan {0} dari {1} teka-teki di perangkat ini.",
        ),
        (
            "puzzles.corrupt",
            "Your puzzle progress kept on this device cannot be read ({0}). It is left as it is, and nothing new is saved until you reset it.",
            "Kemajuan teka-teki yang tersimpan di perangkat ini tidak bisa dibaca ({0}). Data itu dibiarkan apa adanya, dan tidak ada yang baru disimpan sampai kamu menghapusnya.",
        ),
        ("puzzles.reset", "Reset my puzzle progress", "Hapus kemajuan teka-tekiku"),
        (
            "puzzles.missing",
            "There is no puzzle at this link: it may be mistyped or out of date. Pick one from the list below.",
            "Tidak ada teka-teki di tautan ini: mungkin salah ketik atau sudah usang. Pilih satu dari daftar di bawah.",
        ),
        ("puzzles.list", "All puzzles", "Semua teka-teki"),
        ("puzzles.solved", "solved", "terpecahkan"),
        ("puzzles.tried", "tried", "sudah dicoba"),
        ("puzzles.filter", "Rules", "Aturan"),
        ("puzzles.filter.all", "All rules", "Semua aturan"),
    }
}

/// The text for `key` in `lang`; the key itself if there is none (a test checks there is).
/// Indonesian texts not yet here (see [`has_lang`]) read in English.
pub fn tr(lang: Lang, key: &str) -> &'static str {
    let find = |table: &'static [(&'static str, &'static str)]| {
        table.iter().find(|t| t.0 == key).map(|t| t.1)
    };
    let text = match lang {
        Lang::Id => indonesian()
            .and_then(find)
            .or_else(|| find(EN))
            .or_else(|| find(EN_ELSEWHERE)),
        Lang::En => find(EN).or_else(|| find(EN_ELSEWHERE)),
    };
    // Leak-free fallback: a fixed marker, so a missing key is visible and testable.
    text.unwrap_or("⟨missing text⟩")
}

#[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
thread_local! {
    static INSTALLED_ID: std::cell::OnceCell<&'static [(&'static str, &'static str)]> =
        const { std::cell::OnceCell::new() };
}

/// The Indonesian texts, if they are here: built in, or installed from the
/// page by [`install_indonesian`].
fn indonesian() -> Option<&'static [(&'static str, &'static str)]> {
    #[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
    return Some(ID);
    #[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
    INSTALLED_ID.with(|t| t.get().copied())
}

/// Whether the texts of `lang` are here (English always is).
pub fn has_lang(lang: Lang) -> bool {
    lang == Lang::En || indonesian().is_some()
}

/// The id of the `<script type="application/json">` in which an
/// Indonesian page that has code carries the Indonesian texts of its
/// bundle (a release browser build holds the English ones only): the
/// pre-renderer writes them ([`indonesian_json`]), and the bundle installs
/// them ([`install_indonesian`]) before it hydrates. The play page's bundle
/// gets those of its own texts only.
pub const TEXTS_ID: &str = "congklak-texts";

/// Why the Indonesian texts a page carries were refused (see [`install_indonesian`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextsProblem {
    /// Not what [`indonesian_json`] writes: the fingerprint of a build's
    /// keys and a list of texts.
    Unreadable,
    /// Another build's texts (other keys, or in another order).
    OtherBuild,
}

impl std::fmt::Display for TextsProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TextsProblem::Unreadable => {
                "the Indonesian texts are not a fingerprint and a list of texts"
            }
            TextsProblem::OtherBuild => "the Indonesian texts are not this build's",
        })
    }
}

/// Installs the Indonesian texts a page carries (see [`TEXTS_ID`] and
/// [`indonesian_json`]), once; they stay for the page's life.
pub fn install_indonesian(json: &str) -> Result<(), TextsProblem> {
    let value = congklak::json::parse(json).map_err(|_| TextsProblem::Unreadable)?;
    let keys = value.get("keys").and_then(|k| k.as_str());
    let texts = value.get("texts").and_then(|t| t.as_array()).and_then(|t| {
        t.iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()
    });
    let (Some(keys), Some(texts)) = (keys, texts) else {
        return Err(TextsProblem::Unreadable);
    };
    // The texts of this build's keys, in their order (see [`TEXTS_ID`]).
    if texts.len() != EN.len() + EN_ELSEWHERE.len()
        || keys != keys_fingerprint(english().map(|e| e.0))
    {
        return Err(TextsProblem::OtherBuild);
    }
    #[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
    {
        let table: Vec<(&'static str, &'static str)> = english()
            .zip(texts)
            .map(|(e, v)| (e.0, &*String::leak(v)))
            .collect();
        INSTALLED_ID.with(|t| {
            let _ = t.set(Vec::leak(table));
        });
    }
    Ok(())
}

/// The Indonesian texts as the pre-renderer writes them into a page (see
/// [`TEXTS_ID`]): `{"keys": fingerprint, "texts": [text, ...]}`, the texts
/// in the order of the English, all of them, or for the play page's bundle
/// only those it holds (`play`: the texts before `elsewhere`). The keys
/// themselves are the bundle's already: the page carries a fingerprint of
/// them ([`keys_fingerprint`]), so that texts of another build are refused.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn indonesian_json(play: bool) -> String {
    let texts = if play { &ID[..EN.len()] } else { ID };
    congklak::json::write(&congklak::json::object(vec![
        (
            "keys".into(),
            keys_fingerprint(texts.iter().map(|t| t.0)).into(),
        ),
        (
            "texts".into(),
            texts.iter().map(|t| t.1).collect::<Vec<_>>().into(),
        ),
    ]))
}

/// A fingerprint of `keys` in their order: FNV-1a of the keys, each ended
/// by a newline, in hexadecimal.
fn keys_fingerprint<'a>(keys: impl Iterator<Item = &'a str>) -> String {
    let bytes = keys.flat_map(|key| key.bytes().chain([b'\n']));
    format!("{:016x}", congklak::fnv1a(bytes))
}

/// The English texts this build holds, in order.
fn english() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    EN.iter().chain(EN_ELSEWHERE)
}

/// Every text: key, English and Indonesian.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn all_texts() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    english()
        .zip(ID)
        .map(|(&(key, en), &(_, id))| (key, en, id))
}

/// What the app tells a player (why a link, a code, a file or a stored
/// value was refused), in plain words in either language: the app's error
/// types say it, so no message carries another language's words or the
/// engine's internal names.
pub trait Say {
    /// The message in `lang`.
    fn say(&self, lang: Lang) -> String;
}

/// For tests: each message reads in both languages, differently, every
/// hole filled, with no internal name (nothing in backticks).
#[cfg(test)]
pub fn assert_said_in_both(messages: &[&dyn Say]) {
    for m in messages {
        let (en, id) = (m.say(Lang::En), m.say(Lang::Id));
        assert_ne!(en, id, "the same in both languages");
        for text in [&en, &id] {
            assert!(
                !text.is_empty() && !text.contains(['{', '`']) && !text.contains("⟨missing"),
                "{text}"
            );
        }
    }
}

/// [`tr`] with `{0}`, `{1}`, … replaced by `args`. In English a count of
/// one before a counted noun takes the singular ("1 seed", not "1 seeds";
/// see [`SINGULARS`]); Indonesian nouns do not change ("1 biji").
pub fn trf(lang: Lang, key: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = tr(lang, key).to_string();
    for (i, a) in args.iter().enumerate() {
        let (mark, value) = (format!("{{{i}}}"), a.to_string());
        if lang == Lang::En && value == "1" {
            for (plural, singular) in SINGULARS {
                out = out.replace(&format!("{mark} {plural}"), &format!("1 {singular}"));
            }
        }
        out = out.replace(&mark, &value);
    }
    out
}

/// The English nouns the texts count, plural and singular: after a count
/// of one, [`trf`] writes the singular.
pub const SINGULARS: [(&str, &str); 8] = [
    ("seeds", "seed"),
    ("holes", "hole"),
    ("moves", "move"),
    ("turns", "turn"),
    ("rounds", "round"),
    ("games", "game"),
    ("times", "time"),
    ("positions", "position"),
];

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

/// Whether there is a text for `key`.
pub fn has(key: &str) -> bool {
    english().any(|t| t.0 == key)
}

/// Every key, for tests.
pub fn keys() -> impl Iterator<Item = &'static str> {
    english().map(|t| t.0)
}

/// The language of the page being drawn, from its address (see
/// [`split_lang`]): in the build, the address it draws; in the browser,
/// the page's.
pub fn page_lang() -> Lang {
    #[cfg(target_arch = "wasm32")]
    let path = leptos::prelude::window()
        .location()
        .pathname()
        .unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let path = leptos::prelude::use_context::<leptos_router::location::RequestUrl>()
        .map(|url| url.as_ref().to_string())
        .unwrap_or_default();
    split_lang(&path).0
}

/// Provides the page's language ([`page_lang`]) to the components drawn
/// from here down (what [`use_lang`] reads): the shell does for the whole
/// page, and each island for itself, since an island comes alive on its own.
pub fn provide_page_lang() -> leptos::prelude::RwSignal<Lang> {
    let lang = leptos::prelude::RwSignal::new(page_lang());
    leptos::prelude::provide_context(lang);
    lang
}

/// The UI language, provided by the app (see [`crate::app`]): the page's,
/// which never changes while the page is open (the other language is
/// another page).
pub fn use_lang() -> leptos::prelude::RwSignal<Lang> {
    leptos::prelude::use_context::<leptos::prelude::RwSignal<Lang>>()
        .unwrap_or_else(|| leptos::prelude::RwSignal::new(Lang::En))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_count_of_one_takes_the_singular_in_english_wherever_a_text_counts() {
        let mut checked = 0;
        for (key, text) in english() {
            for i in 0..4 {
                for (plural, singular) in SINGULARS {
                    if !text.contains(&format!("{{{i}}} {plural}")) {
                        continue;
                    }
                    let args: Vec<&dyn std::fmt::Display> = (0..4)
                        .map(|j| {
                            if j == i {
                                &1 as &dyn std::fmt::Display
                            } else {
                                &7
                            }
                        })
                        .collect();
                    let said = trf(Lang::En, key, &args);
                    assert!(said.contains(&format!("1 {singular}")), "{key}: {said}");
                    assert!(!said.contains(&format!("1 {plural}")), "{key}: {said}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "{checked} texts checked");
        assert_eq!(
            trf(Lang::En, "sum.turn.captured", &[&1]),
            "captures 1 seed in all (menembak)"
        );
        assert_eq!(
            trf(Lang::Id, "sum.turn.captured", &[&1]),
            "menembak 1 biji seluruhnya"
        );
    }

    use super::*;

    #[test]
    fn each_page_has_an_address_in_each_language() {
        for (en, id) in [
            ("/", "/id/"),
            ("/packs", "/id/packs"),
            ("/packs/umum", "/id/packs/umum"),
            ("/?g=1.umum.2.", "/id/?g=1.umum.2."),
            ("/friend#abc", "/id/friend#abc"),
        ] {
            assert_eq!(Lang::En.path(en), en);
            assert_eq!(Lang::Id.path(en), id);
            assert_eq!(split_lang(en), (Lang::En, en));
            let (lang, back) = split_lang(id.split(['?', '#']).next().unwrap());
            assert_eq!(lang, Lang::Id, "{id}");
            assert_eq!(back, en.split(['?', '#']).next().unwrap(), "{id}");
        }
        assert_eq!(split_lang("/id"), (Lang::Id, "/"));
        assert_eq!(split_lang("/idea"), (Lang::En, "/idea"));
        assert_eq!(Lang::Id.path("#main"), "#main");
        assert_eq!(Lang::Id.other(), Lang::En);
    }

    /// The files of `src/` whose code the play page's own bundle never
    /// runs: the pages it does not hold (it holds `/` only, see
    /// `crate::app::routes::ROUTES`) and what only they use.
    const NOT_ON_THE_PLAY_PAGE: &[&str] = &[
        "features/about/mod.rs",
        "features/compare/mod.rs",
        "features/friend/mod.rs",
        "features/friend/model.rs",
        "features/packs/mod.rs",
        "features/packs/perfect.rs",
        "features/puzzles/mod.rs",
        "features/puzzles/model.rs",
        "features/stats/mod.rs",
        "app/not_found.rs",
        "platform/rtc.rs",
        "ui/kept.rs",
        "ui/parting.rs",
        "bin/prerender.rs",
    ];

    /// The play page's bundle leaves out the texts after `elsewhere`: each
    /// must be named, as a whole key, only by files it never runs (a text
    /// whose key is put together at run time stays above `elsewhere`).
    #[test]
    fn the_texts_the_play_bundle_leaves_out_are_named_only_by_other_pages() {
        fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let path = e.unwrap().path();
                if path.is_dir() {
                    files(&path, out);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    out.push(path);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut paths = Vec::new();
        files(&src, &mut paths);
        let sources: Vec<(String, String)> = paths
            .iter()
            .filter(|p| !p.ends_with("i18n.rs"))
            .map(|p| {
                let name = p
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                (name, std::fs::read_to_string(p).unwrap())
            })
            .collect();
        assert!(sources.len() > 30, "read {} files of src/", sources.len());
        for (key, _) in EN_ELSEWHERE {
            let quoted = format!("\"{key}\"");
            let named: Vec<&str> = sources
                .iter()
                .filter(|(_, text)| text.contains(&quoted))
                .map(|(name, _)| name.as_str())
                .collect();
            assert!(
                !named.is_empty(),
                "{key} is named by no file: move it above `elsewhere`"
            );
            for name in named {
                assert!(
                    NOT_ON_THE_PLAY_PAGE.contains(&name),
                    "{key} is named by {name}, whose code the play page runs: move it above `elsewhere`"
                );
            }
        }
        assert!(EN_ELSEWHERE.len() > 200 && EN.len() > 300);
    }

    /// Players read plain words: no source numbers or keys of ours, no
    /// clause identifiers, in any text.
    #[test]
    fn no_text_shows_an_internal_identifier() {
        let id_like = |w: &str| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-');
            (w.contains('_') && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                || w.starts_with("seed-")
                || (w.len() == 3 && w.starts_with("00"))
        };
        for (key, en, id) in all_texts() {
            for text in [en, id] {
                assert!(
                    !text.split_whitespace().any(id_like) && !text.contains("(00"),
                    "{key}: {text}"
                );
            }
        }
    }

    /// One voice and one set of words in Indonesian: the player is "kamu"
    /// everywhere (never the formal "Anda"), Undo is "Urungkan" (not
    /// "Batal", Cancel), "Ulangi" is only Redo (starting a lesson or a
    /// puzzle again is "Mulai lagi"), and a number in a text has no
    /// decimal point.
    #[test]
    fn indonesian_texts_speak_with_one_voice() {
        for (key, _, id) in all_texts() {
            let words: Vec<&str> = id
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .collect();
            assert!(!words.contains(&"Anda"), "{key}: {id}");
            let point = id
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
            assert!(!point, "{key}: {id}");
            if id.contains("Ulangi") {
                assert_eq!(key, "redo", "{key}: {id}");
            }
        }
        assert_eq!(tr(Lang::Id, "undo"), "Urungkan");
        assert_eq!(tr(Lang::Id, "redo"), "Ulangi");
        assert_eq!(tr(Lang::Id, "learn.again"), tr(Lang::Id, "puzzles.again"));
        assert_eq!(tr(Lang::Id, "seat.you"), "Kamu ({0})");
        assert_eq!(tr(Lang::Id, "mystats.title"), "Statistikmu");
        // The option for other networks says what it does, without jargon.
        for lang in [Lang::En, Lang::Id] {
            let stun = tr(lang, "friend.stun");
            assert!(!stun.contains("STUN") && stun.contains("Google"), "{stun}");
        }
    }

    #[test]
    fn every_key_has_both_languages_and_the_same_holes() {
        let mut seen = std::collections::HashSet::new();
        for (key, en, id) in all_texts() {
            assert!(seen.insert(key), "{key} twice");
            assert!(!en.is_empty() && !id.is_empty(), "{key}");
            for i in 0..4 {
                let hole = format!("{{{i}}}");
                assert_eq!(en.contains(&hole), id.contains(&hole), "{key}: {hole}");
            }
        }
        assert_eq!(tr(Lang::En, "no.such.key"), "⟨missing text⟩");
        for level in congklak::Level::NAMES {
            for key in [format!("level.{level}"), format!("level.about.{level}")] {
                assert_ne!(tr(Lang::Id, &key), "⟨missing text⟩", "{key}");
            }
        }
        assert_eq!(
            trf(Lang::En, "hole.label", &[&"Player A", &3, &7]),
            "Player A, hole 3, 7 seeds"
        );
        // Every clause and its every reading read in words (numbers as
        // themselves): the keys come from the engine's clause registry.
        for c in congklak::Rules::REGISTRY {
            for key in c.text_keys() {
                assert!(has(&key), "{key}");
            }
        }
        // Every source language the packs name reads in words.
        for pack in congklak::PackSet::builtin().all() {
            for src in &pack.sources {
                if let Some(l) = &src.language {
                    assert!(has(&format!("language.{l}")), "{l}");
                }
            }
        }
        // What the pre-renderer writes for the browser reads back whole,
        // and nothing else does.
        install_indonesian(&indonesian_json(false)).unwrap();
        // The play page's texts are those before `elsewhere`, in order,
        // fingerprinted by their keys: what that bundle holds, and it reads
        // them as this build reads its own (this build refuses them).
        let play = congklak::json::parse(&indonesian_json(true)).unwrap();
        let texts = play["texts"].as_array().unwrap();
        assert_eq!(texts.len(), EN.len());
        assert!(texts
            .iter()
            .zip(&ID[..EN.len()])
            .all(|(t, id)| t.as_str() == Some(id.1)));
        assert_eq!(
            play["keys"].as_str().unwrap(),
            keys_fingerprint(EN.iter().map(|e| e.0))
        );
        assert_eq!(
            install_indonesian(&indonesian_json(true)),
            Err(TextsProblem::OtherBuild)
        );
        // The same number of texts under other keys (or in another order).
        let all = congklak::json::parse(&indonesian_json(false)).unwrap();
        let mut swapped = all.clone();
        let mut keys: Vec<&str> = english().map(|e| e.0).collect();
        keys.swap(0, 1);
        swapped["keys"] = keys_fingerprint(keys.into_iter()).into();
        assert_eq!(
            install_indonesian(&congklak::json::write(&swapped)),
            Err(TextsProblem::OtherBuild)
        );
        let mut short = all.clone();
        short["texts"].as_array_mut().unwrap().pop();
        assert_eq!(
            install_indonesian(&congklak::json::write(&short)),
            Err(TextsProblem::OtherBuild)
        );
        assert!(install_indonesian(r#"[["nav.play", "Main"]]"#).is_err());
        assert!(install_indonesian("not json").is_err());
        assert!(install_indonesian(r#"{"keys": "0", "texts": [1]}"#).is_err());
        assert!(install_indonesian(r#"{"nav.play": "Main"}"#).is_err());
        assert_eq!(Lang::from_tag("id-ID"), Lang::Id);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
    }
}
