# Capturing races and the end of a 9x9 game (docs/RULES.md, "Go knowledge the search suites
# check" and "End of the game"). Search-based (fixed seed, one thread, fixed playout budget).
tengen-param seed 1
tengen-param threads 1
tengen-param playouts 20000

# Capturing race: Black's inner group (A2 B2 C2 D2 C1 D1) has two liberties, A1 and B1; White's
# group (A3..E3 E2 E1) two outside ones, F1 and F2. Black to move wins by filling an outside
# liberty first; filling its own, or playing elsewhere, loses the race (GNU Go 3.8's reader: after
# F1 or F2 White's group cannot be saved; after any other move White saves it at A1). The rest of
# the board is Black's, solid but for one-point eyes, so nothing else is worth a move: played out
# by GNU Go, the count is B+81 before komi after F1 or F2 and at most B+51 after anything else, and
# the komi, 65.5, lies between. (Until 2026-12-02 the top five rows were empty; GNU Go's
# play-outs showed White living there after F1 in one game of two, so the race did not decide
# the game and the test's answer was close to a coin toss.)
loadsgf sgf/race.sgf
1 reg_genmove b
#? [F1|F2]
# Passing here would lose the game: the race is unsettled.
2 reg_genmove b
#? [!PASS]

# Clean-up (kgs-genmove_cleanup): the borders are closed but White's lone B5 stone is still on
# the board in Black's area. In clean-up mode Black must capture it before passing, so the move
# is not a pass (any move that fills a liberty of B5 or another point of Black's area will do).
loadsgf sgf/cleanup.sgf
3 kgs-genmove_cleanup b
#? [!PASS]
# The referee's view: B5 is the only dead stone.
4 final_status_list dead
#? [B5]
