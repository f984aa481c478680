//! Figures, not a test: how long a game of several rounds against the
//! computer takes at normal animation speed, with the rounds agreed by
//! default (src/game/state.rs, `DEFAULT_ROUNDS`), for every pack of several
//! rounds. The game is played through the play page's own session
//! (src/game/session.rs) with every move animated: the time is what the
//! page shows (each move's frames at the time it gives them, the pauses
//! before the computer's moves); the computer (Medium) answers at once, as
//! it thinks while the move before is shown. The person plays a random
//! hole they may, or the first one.
//!
//!   cargo run --release --example round_time [GAMES]   (default 6 a pack)
use congklak::{Level, PackSet, Player, Rounds};
use congklak_app::game::session::{PlaySession, Seats};
use congklak_app::game::state::{self, Mode, PlayState, Speed, DEFAULT_ROUNDS};

fn main() {
    state::install_packs(PackSet::builtin());
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(6);
    let normal = Speed::Normal.frame_ms();
    println!("Games against the computer (Medium) at normal speed, {games} a pack, the person playing a random hole half the games and the first hole the other half:\n");
    println!("| pack | rounds agreed | moves a game (min / median / max) | minutes a game (min / median / max) | rounds played (min / max) | games won by the computer |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for pack in state::packs().all() {
        if pack.rules.rounds != Rounds::Several {
            continue;
        }
        let mut moves = Vec::new();
        let mut minutes = Vec::new();
        let mut rounds = Vec::new();
        let mut computer_won = 0;
        let mut agreed = 0;
        for g in 0..games {
            let game =
                PlayState::new(pack, pack.rules.holes, None, 100 + g).with_rounds(DEFAULT_ROUNDS);
            agreed = game.rules.max_rounds;
            let seats = Seats {
                mode: Mode::Computer,
                human: Player::A,
            };
            let mut s = PlaySession::new(game, seats);
            let mut ms = 0u64;
            let mut draw = 0x2545_f491_4f6c_dd1du64 ^ g;
            for _ in 0..100_000 {
                if s.position().is_over() {
                    break;
                }
                if s.animating() {
                    ms += u64::from(s.frame_ms(normal)) * s.frames_left() as u64;
                    let e = s.epoch();
                    while s.next_frame(e) {}
                    continue;
                }
                if s.notice().is_some() {
                    s.dismiss_notice();
                    continue;
                }
                if s.computer_to_move() {
                    ms += u64::from(s.computer_pause_ms());
                    let q = s.computer_question(Level::Medium).expect("asked");
                    let k = congklak_app::jobs::search::answer(&q).expect("a hole");
                    let question = s.question();
                    s.computer_answer(question, Ok(k), true).expect("played");
                    continue;
                }
                let legal = s.legal_picks();
                let Some(&(side, k)) = (if g % 2 == 0 {
                    draw ^= draw << 13;
                    draw ^= draw >> 7;
                    draw ^= draw << 17;
                    legal.get((draw % legal.len().max(1) as u64) as usize)
                } else {
                    legal.first()
                }) else {
                    break;
                };
                // In a simultaneous opening the computer picks without
                // seeing the person's hole.
                if let congklak_app::game::session::Picked::AskComputer(q) =
                    s.pick(side, k, Level::Medium, true)
                {
                    let k = congklak_app::jobs::search::answer(&q).expect("a hole");
                    let question = s.question();
                    s.computer_answer(question, Ok(k), true).expect("played");
                }
            }
            let pos = s.position();
            moves.push(s.game().record.moves.len());
            minutes.push(ms as f64 / 60_000.0);
            rounds.push(pos.round());
            if pos.outcome().and_then(|o| o.winner) == Some(Player::B) {
                computer_won += 1;
            }
        }
        moves.sort_unstable();
        minutes.sort_by(f64::total_cmp);
        rounds.sort_unstable();
        let n = moves.len();
        println!(
            "| {} | {agreed} | {} / {} / {} | {:.1} / {:.1} / {:.1} | {} / {} | {computer_won} of {n} |",
            pack.id,
            moves[0],
            moves[n / 2],
            moves[n - 1],
            minutes[0],
            minutes[n / 2],
            minutes[n - 1],
            rounds[0],
            rounds[n - 1],
        );
    }
}
