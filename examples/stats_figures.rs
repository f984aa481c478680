//! The end-to-end tests' helper for `/stats` (tests/e2e/stats-sound.mjs):
//!
//!   stats_figures play PACK HOLES SEED   a finished game's record text (moves
//!                                        picked from the legal ones by a fixed
//!                                        formula)
//!   stats_figures figures RECORD         the engine's figures for a finished
//!                                        game, as JSON (src/game/stats.rs)
use congklak::{Game, GameRecord, PackSet, Ruleset};
use congklak_app::game::{state, stats};

fn main() {
    state::install_packs(PackSet::builtin());
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["play", pack, holes, seed] => play(pack, holes.parse().unwrap(), seed.parse().unwrap()),
        ["figures", record] => stats::figures(record)
            .map(|(_, f)| serde_json::to_string(&f).unwrap())
            .map_err(|e| format!("{e:?}")),
        _ => Err("usage: stats_figures play PACK HOLES SEED | figures RECORD".into()),
    };
    match out {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("stats_figures: {e}");
            std::process::exit(2);
        }
    }
}

fn play(pack: &str, holes: u8, seed: u64) -> Result<String, String> {
    let p = state::packs().get(pack).ok_or("no such pack")?;
    let rules = p.rules_for_size(holes).ok_or("no such size")?;
    let mut game = Game::new(rules.clone());
    let mut n = 0u64;
    while !game.position().is_over() {
        let legal = game.legal_moves();
        let i = (seed.wrapping_mul(2654435761).wrapping_add(n * 7919) >> 3) as usize;
        game.play(legal[i % legal.len()])
            .map_err(|e| e.to_string())?;
        n += 1;
    }
    Ok(GameRecord {
        ruleset: Ruleset::custom(&p.id, &p.rules, &rules),
        seed,
        moves: game.moves().to_vec(),
        resigned: None,
    }
    .to_text())
}
