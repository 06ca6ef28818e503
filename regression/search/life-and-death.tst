# Life and death: the shapes of ../../shared/RULES.md. Each position is an enclosed White group
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
