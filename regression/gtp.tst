# GTP behaviour that GUIs and controllers rely on (docs/GTP.md), on the tengen binary.
# Deterministic: no search, so `cargo test` runs this file.

# --- Administrative commands.
1 protocol_version
#? [2]
2 name
#? [tengen]
3 known_command reg_genmove
#? [true]
# A command the engine does not have is reported as unknown, never as known.
4 known_command fly_to_the_moon
#? [false]
# list_commands gives one command per line; the end-of-game command referees need is there.
5 list_commands
#? [.*^kgs-genmove_cleanup$.*]

# --- Handicap: the GTP table's points for 9 stones on 19x19 (docs/GTP.md), in any order.
boardsize 19
clear_board
fixed_handicap 9
10 list_stones black
#? [(?:(?:D4|Q16|D16|Q4|D10|Q10|K4|K16|K10)(?: |$)){9}]
# On 9x9, two stones go on the 3rd line: C3 and G7.
boardsize 9
clear_board
11 fixed_handicap 2
#? [C3 G7|G7 C3]
# After handicap White moves; Black's stones are not undoable moves.
12 is_legal w c3
#? [0]

# --- play, undo, is_legal.
boardsize 9
clear_board
play b e5
20 is_legal w e5
#? [0]
undo
# Undo took the stone back: the board is empty again.
21 list_stones black
#? []
22 is_legal w e5
#? [1]

# --- GoGui's play_sequence plays several moves at once; gg-undo takes several back.
gogui-play_sequence b c3 w d4 b e5
30 list_stones white
#? [D4]
gg-undo 2
31 list_stones black
#? [C3]
32 list_stones white
#? []

# --- printsgf writes the game so far as SGF (FF[4], size, the move just played).
clear_board
play b e5
40 printsgf
#? [.*SZ\[9\].*;B\[ee\].*]

# --- Clock commands are accepted in every form controllers send (docs/GTP.md "Clocks").
50 time_settings 0 1 1
#? []
51 kgs-time_settings byoyomi 0 0.5 5
#? []
52 time_left b 0.5 5
#? []
# Some controllers send negative seconds: accepted (read as 0).
53 time_left w -1 0
#? []
54 kgs-time_settings none
#? []
