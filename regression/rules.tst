# The rules of docs/RULES.md, checked through GTP on the tengen binary. Deterministic: no
# search, so `cargo test` runs this file (bench/tests/regression.rs). Positions are in sgf/.

# --- Capture: White's B2 has one liberty left (B3); Black B3 takes it.
loadsgf sgf/capture.sgf
play b b3
# The stone is gone from the board ...
10 list_stones white
#? []
# ... and counts as one prisoner for Black.
11 captures black
#? [1]
# B2 is now surrounded by four black stones: White there would have no liberty and capture
# nothing, which is suicide, illegal.
12 is_legal w b2
#? [0]
# Black may fill its own point B2 (it connects to living neighbours).
13 is_legal b b2
#? [1]

# --- Ko: Black C2 takes the white stone at B2; the black stone at C2 is then in atari at B2.
loadsgf sgf/ko.sgf
play b c2
20 captures black
#? [1]
# White may not retake at once: B2 would recreate the position before Black's capture.
21 is_legal w b2
#? [0]
# After a move elsewhere by each side the whole board differs, so retaking repeats nothing:
# legal under positional superko.
play w e5
play b e4
22 is_legal w b2
#? [1]
play w b2
# The retake captured Black's C2 stone: Black has A2 B1 B3 E4 left, in any order.
23 list_stones black
#? [(?:(?:A2|B1|B3|E4)(?: |$)){4}]
24 captures white
#? [1]
# Black may not retake the ko at once either.
25 is_legal b c2
#? [0]

# --- Counting: two living groups, two true eyes each, column C dame. Area counting gives
# Black A+B columns (10 points) and White D+E (10): the komi decides.
loadsgf sgf/settled.sgf
# The dead-stone estimate comes from playouts: one thread and a fixed seed keep it repeatable.
tengen-param seed 1
tengen-param threads 1
# No stone can be captured (every group has two true eyes), so none is dead.
30 final_status_list dead
#? []
komi 0.5
31 final_score
#? [W\+0\.5]
# Integer komi 0 on an even board is a draw, written 0.
komi 0
32 final_score
#? [0]
# Negative komi favours White's opponent: Black wins by 2.
komi -2
33 final_score
#? [B\+2]

# --- loadsgf with a move number loads the position before that move.
loadsgf sgf/moves.sgf 3
# Moves 1 and 2 (Black E5, White C3) are on the board; move 3 (Black G7) is not.
40 list_stones black
#? [E5]
41 list_stones white
#? [C3]
# Before move 1: the setup stones alone (a problem file loaded as gogui-regress suites do).
loadsgf sgf/problem.sgf 1
42 list_stones black
#? [C7 G3|G3 C7]
43 list_stones white
#? [E5]
