# Life and death: the eye shapes of docs/RULES.md. Each position is an enclosed White group
# in a living Black wall, Black to move, and a komi that makes the group's life decide the game
# (Black wins if and only if the group dies). Killing needs the vital point of the eye space:
# any other Black move lets White take that point and make two eyes. Search-based: fixed seed,
# one thread, fixed playout budget, so the answers are deterministic.
tengen-param seed 1
tengen-param threads 1
tengen-param playouts 20000

# Straight three on the edge (A1 B1 C1): the middle point B1 is the only kill; White B1 would
# leave two eyes, A1 and C1.
loadsgf sgf/straight-three.sgf
1 reg_genmove b
#? [B1]

# Bent three in the corner (A1 B1 A2): A1 touches both other points; after Black A1, White
# can make only one eye.
loadsgf sgf/bent-three.sgf
2 reg_genmove b
#? [A1]

# Bulky five (A1 B1 C1 A2 B2): the vital point is B1, the one point touching three others.
# After Black B1, White B2 is met by Black A1 and White A2 by Black B2: either way White
# captures at most a two-point eye's worth of stones and has one eye. Black B2 instead fails:
# White B1 puts B2 in atari and, after the capture, White has two eyes ({A2 B2} and C1).
# (GNU Go 3.8 level 10 answers B2 here; the reading above is why we do not follow it.)
loadsgf sgf/bulky-five.sgf
3 reg_genmove b
#? [B1]

# Flower five (a plus around E5): the centre E5 touches all four arms; White E5 would make
# four separate one-point eyes.
loadsgf sgf/flower-five.sgf
4 reg_genmove b
#? [E5]

# Rabbitty six (the plus around E5 and F6): E5 again; the other points cannot make two eyes
# once it is taken.
loadsgf sgf/rabbitty-six.sgf
5 reg_genmove b
#? [E5]

# Bent four in the corner (docs/RULES.md: dead). White's eye space A1 B1 C1 A2 is bent at
# the 1-1 point and White has no outside liberty. Black B1 kills: White A1 (atari) is met by Black
# A2, taking A1 in a ko, and White cannot retake at once; after White C1 or A2 instead, Black A1,
# and White's capture of A1 B1 leaves a two-point eye with no outside liberty, dead. White has no ko
# threat: the rest of the board is divided with solid borders (GNU Go finds two White stones in
# Black's empty area cannot live), so Black then takes the group with C1. Black A1, the bend itself,
# fails: White B1 keeps C1 and, after taking A1, A1 as two eyes; any other Black move lets White
# live at A1 or B1. GNU Go 3.8 (owl): B1 is the only Black move that does not leave White alive (a
# ko; White needs the first threat). The komi, 7.5: played out by GNU Go, B+19 before komi if the
# group dies, W+5 if it lives.
loadsgf sgf/bent-four.sgf
6 reg_genmove b
#? [B1]

# Making life, White to move: T-shaped four (A1 B1 C1 B2) with no outside liberty. The centre B1 is
# the vital point: White B1 leaves three one-point eyes (A1, C1, B2); White A1, C1 or B2 leaves a
# three-point eye (bent or straight) that Black kills at B1, and a pass lets Black take B1 itself.
# GNU Go 3.8 (owl): B1 is the only White move after which Black cannot kill. The borders are closed
# as in bent-four.sgf; the komi, 7.5: played out by GNU Go, W+3 before komi if the group lives,
# B+19 if it dies.
loadsgf sgf/t-four.sgf
7 reg_genmove w
#? [B1]
