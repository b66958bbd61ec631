"""Small-int constants of the deckbuilding engine: card types, zones, action kinds, opcodes.

Cards, zones and actions are ints on the hot path; names are made at the edges.
"""

# Card types
UNIT, SHIP, BASE = 0, 1, 2
TYPE_NAMES = {"unit": UNIT, "capital_ship": SHIP, "base": BASE}
TYPE_WORDS = {v: k for k, v in TYPE_NAMES.items()}

# Card roles
GALAXY, STARTER, PILOT, BASE_ROLE = 0, 1, 2, 3
ROLE_NAMES = {"galaxy": GALAXY, "starter": STARTER, "pilot": PILOT, "base": BASE_ROLE}
ROLE_WORDS = {v: k for k, v in ROLE_NAMES.items()}

NEUTRAL = "neutral"

# Action kinds. An action is (kind, a, b).
PLAY, BUY, USE, COMMIT, RESOLVE, END, BRIBE, SELECT, OPTION, YES, NO, DONE, ASSIGN = range(13)
KIND_WORDS = ("play", "buy", "use", "commit", "resolve", "end", "bribe", "select", "option",
              "yes", "no", "done", "assign")
TARGET_BASE = -1  # COMMIT b: -1 = the enemy base, otherwise a galaxy-row card

# Zones, as seen from an ability's controller.
(Z_HAND, Z_DISCARD, Z_PLAY, Z_EXILE, Z_DECK_TOP, Z_OPP_HAND, Z_OPP_DISCARD, Z_OPP_PLAY,
 Z_OPP_DECK_TOP, Z_ROW, Z_GALAXY_DISCARD, Z_GALAXY_TOP, Z_GALAXY_TOP2, Z_BASE_DECK,
 Z_PILOTS) = range(15)
ZONE_NAMES = {
    "hand": Z_HAND, "discard": Z_DISCARD, "play": Z_PLAY, "exile": Z_EXILE,
    "deck_top": Z_DECK_TOP, "opponent_hand": Z_OPP_HAND, "opponent_discard": Z_OPP_DISCARD,
    "opponent_play": Z_OPP_PLAY, "opponent_deck_top": Z_OPP_DECK_TOP, "row": Z_ROW,
    "galaxy_discard": Z_GALAXY_DISCARD, "galaxy_top": Z_GALAXY_TOP,
    "galaxy_top2": Z_GALAXY_TOP2, "base_deck": Z_BASE_DECK, "pilots": Z_PILOTS,
}
ZONE_WORDS = {v: k for k, v in ZONE_NAMES.items()}

# Destinations of `move` / `buy`
D_HAND, D_DISCARD, D_EXILE, D_DECK_TOP, D_GALAXY_DISCARD = range(5)
DEST_NAMES = {"hand": D_HAND, "discard": D_DISCARD, "exile": D_EXILE, "deck_top": D_DECK_TOP,
              "galaxy_discard": D_GALAXY_DISCARD}

# Opcodes of compiled effect programs. An op is a tuple (opcode, *args).
(OP_GAIN, OP_DRAW, OP_REPAIR, OP_DAMAGE, OP_EXILE_SELF, OP_MOVE, OP_BUY, OP_CHOOSE, OP_IF,
 OP_REVEAL, OP_DISCARD_REVEALED, OP_LOOK, OP_SWAP, OP_NEXT_BUY, OP_PAY, OP_OPTIONAL,
 OP_CHOOSE_BASE, OP_INCOME, OP_START_TRIGGERS, OP_ASSIGN, OP_HUNT_REWARD) = range(21)

# Conditions: tuples (code, *args)
C_FORCE, C_ATTACKING_ROW, C_IN_PLAY, C_OPP_IN_PLAY, C_BASE, C_ALL, C_ANY, C_NOT = range(8)

# Trigger events
EVENTS = ("play", "buy", "reveal", "defeat_target", "turn_start", "card_played",
          "opponent_discards")

# Events a traced game records (state.events): (kind, turn, seat, value)
EV_BUY, EV_BASE, EV_TURN_END = range(3)  # value: the card bought / the base revealed / the Force

# The Force track has 7 spaces, 0..6. Seat 0's end is 0, seat 1's end is 6.
FORCE_SPACES = 7
FORCE_END = (0, 6)
