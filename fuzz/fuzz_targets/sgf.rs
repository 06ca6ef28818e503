//! Fuzz the SGF reader: any text is parsed and, if it is a game, replayed; a game that
//! replays is written out, read back and replayed again to the same position. Nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_engine::sgf::GameRecord;
use tengen_engine::Rules;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = GameRecord::parse(&text) else {
        return;
    };
    let Ok(game) = record.replay(Rules::chinese(), None) else {
        return;
    };
    let written = GameRecord::from_game(&game).to_sgf();
    let again = GameRecord::parse(&written)
        .and_then(|r| r.replay(Rules::chinese(), None))
        .unwrap_or_else(|e| panic!("our own SGF does not replay: {e}\n{written}"));
    assert_eq!(again.board(), game.board(), "round trip changed the position:\n{written}");
});
