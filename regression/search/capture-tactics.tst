# Capture tactics. Search-based (fixed seed, one thread, fixed playout budget).
tengen-param seed 1
tengen-param threads 1
tengen-param playouts 20000

# Ladder: White E5 (two liberties, E4 and F5) faces Black D5 E6 F6. Black E4 starts a ladder
# that runs down to the right with no White stone in its way, so E5 is captured; every other
# Black move lets White out (checked by GNU Go 3.8's reader: after each Black move, can White
# save E5? Only after E4 it cannot). The komi, 45.5, lies midway between GNU Go's score
# estimates after the capture (B+67.7) and after White escapes (B+22.9), so the ladder decides
# the game. Known failure of the MCTS of 2026-11-30 (it answers C3).
loadsgf sgf/ladder.sgf
1 reg_genmove b
#? [E4]*
