# Capture tactics (docs/RULES.md, "Go knowledge the search suites check"). Search-based (fixed
# seed, one thread, fixed playout budget).
tengen-param seed 1
tengen-param threads 1
tengen-param playouts 20000

# Ladder: the board is closed. White's chain E5-E9 has two liberties, E4 and F5, and White E4
# would join it to White's living group at D4. Black's upper-left group (A5-D9) has one eye, A9 B9,
# and no other liberty, so it lives only if the chain is captured; saved, the chain kills it.
# Black E4 starts a ladder that runs down to the right through the empty lower right, where no
# White stone breaks it: F5 G5 F4 F3 G4 H4 G3 G2 H3 and on to the corner. At each of Black's first
# five ataris (E4 G5 F3 H4 G2) the other atari lets White out, and one free White move then kills
# the upper-left group. GNU Go 3.8, reader and owl: only E4 captures the chain; after any other
# Black move White saves it. The komi, 22, lies midway between GNU Go's play-outs: B+49 before
# komi after E4, W+5 after F5, F4, G4, F3 or G3 and W+7 to W+19 after anything else (the
# upper-left group dies in all of them), so Black wins by 27 after the ladder and loses by 27 or
# more otherwise. tengen answers E4 at seeds 1 to 8. (Until 2026-12-02 an open-board ladder stood
# here, a known failure whose premise did not hold: there the ladder alone did not decide the game.)
loadsgf sgf/ladder.sgf
1 reg_genmove b
#? [E4]

# Net (geta): the borders are closed but for the open points around White E5 (E6 E7 F5 F6 F7 G5 G6).
# E5 has two liberties, E6 and F5, and is two moves from White's wall either way. Black F6,
# diagonally beyond both, nets it: White E6 is met by E7 and White F5 by G5, each leaving the White
# stones one liberty. Black E6 or F5 (atari), or E7 or G5 (a block), lets White out the other way
# (GNU Go 3.8, reader and owl: only F6 captures E5). The komi, 8: played out by GNU Go from every
# Black move, the count is B+9 before komi after F6 and at most B+7 after anything else, so Black
# wins by 1 after the net and loses otherwise.
loadsgf sgf/net.sgf
2 reg_genmove b
#? [F6]

# Broken ladder: White E5 (liberties E4 and F5) against Black D5 E6 F6, the shape of a ladder that
# Black E4 would start down to the right, but here it runs into White's wall: after Black E4, White
# F5, Black G5, White F4, Black F3 lets White G4 join H4 and Black G4 lets White F3 join F2, so the
# atari that starts the ladder loses E5. The net F4 captures instead: White E4 is met by E3 and
# White F5 by G5 (GNU Go 3.8, reader and owl: only F4 captures E5). The komi, 8: played out by GNU
# Go from every Black move, the count is B+9 before komi after F4 and at most B+7 after anything
# else (B+7 after F3, which White answers at E4), so Black wins by 1 after the net and loses
# otherwise.
loadsgf sgf/broken-ladder.sgf
3 reg_genmove b
#? [F4]

# Snapback: the borders are closed, and White B2 B3 C2 C3 have two liberties, B1 and C1. Black C1
# is a throw-in: White takes it at B1 and is left with the one liberty C1, where Black captures
# five stones. Black B1, the other atari, lets White connect at C1 to D1. GNU Go 3.8 (reader and
# owl): only C1 kills. The komi, 7.5: played out by GNU Go, the count is B+13 before komi after the
# snapback and B+3 after White connects, so Black wins by 5.5 or loses by 4.5.
loadsgf sgf/snapback.sgf
4 reg_genmove b
#? [C1]

# Connect and die: White E1 has two liberties, D1 and F1; the corner stones A1 A2 B2 C2 D2 C1 have
# B1 and D1, and Black can play neither (no liberty, no capture). Black F1 ataris E1; if White
# connects at D1 the eight stones have one liberty, B1, and Black takes them all. If White ataris
# F1 at F2 instead, Black D1 takes E1 and the corner is in atari at B1. Any other Black move lets
# White play F1 and join G2 (GNU Go 3.8, reader and owl: only F1 kills E1 and the corner). The komi,
# 7.5: played out by GNU Go, Black wins by 9.5 or more after F1 and loses by 8.5 or more otherwise.
loadsgf sgf/connect-and-die.sgf
5 reg_genmove b
#? [F1]
