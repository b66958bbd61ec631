"""Small-int constants of the deckbuilding engine: card types, zones, action kinds, opcodes.

Cards, zones and actions are ints on the hot path; names are made at the edges.
"""

from typing import Final

# Card types
UNIT: Final = 0
SHIP: Final = 1
BASE: Final = 2
TYPE_NAMES = {"unit": UNIT, "capital_ship": SHIP, "base": BASE}
TYPE_WORDS = {v: k for k, v in TYPE_NAMES.items()}

# Card roles
GALAXY: Final = 0
STARTER: Final = 1
PILOT: Final = 2
BASE_ROLE: Final = 3
ROLE_NAMES = {"galaxy": GALAXY, "starter": STARTER, "pilot": PILOT, "base": BASE_ROLE}
ROLE_WORDS = {v: k for k, v in ROLE_NAMES.items()}

NEUTRAL: Final = "neutral"

# Action kinds. An action is (kind, a, b).
PLAY: Final = 0
BUY: Final = 1
USE: Final = 2
COMMIT: Final = 3
RESOLVE: Final = 4
END: Final = 5
BRIBE: Final = 6
SELECT: Final = 7
OPTION: Final = 8
YES: Final = 9
NO: Final = 10
DONE: Final = 11
ASSIGN: Final = 12
SWITCH: Final = 13  # team game: hand the initiative to your teammate (you have not finished)
WHO: Final = 14     # team game: (WHO, seat, 0) picks a player (a base to repair, a resolver...)
FIRST: Final = 15   # (FIRST, card, 0): of abilities that trigger together, this card's resolves first
KIND_WORDS = ("play", "buy", "use", "commit", "resolve", "end", "bribe", "select", "option",
              "yes", "no", "done", "assign", "switch", "who", "first")
TARGET_BASE: Final = -1  # COMMIT b: -1 = the enemy base, otherwise a galaxy-row card

# Zones, as seen from an ability's controller.
Z_HAND: Final = 0
Z_DISCARD: Final = 1
Z_PLAY: Final = 2
Z_EXILE: Final = 3
Z_DECK_TOP: Final = 4
Z_OPP_HAND: Final = 5
Z_OPP_DISCARD: Final = 6
Z_OPP_PLAY: Final = 7
Z_OPP_DECK_TOP: Final = 8
Z_ROW: Final = 9
Z_GALAXY_DISCARD: Final = 10
Z_GALAXY_TOP: Final = 11
Z_GALAXY_TOP2: Final = 12
Z_BASE_DECK: Final = 13
Z_PILOTS: Final = 14
# team game only: your teammate's discard pile; the other enemy's play area (its capital
# ships are in the enemy team's shared zone, which lies in both regions)
Z_ALLY_DISCARD: Final = 15
Z_FAR_PLAY: Final = 16
ZONE_NAMES = {
    "hand": Z_HAND, "discard": Z_DISCARD, "play": Z_PLAY, "exile": Z_EXILE,
    "deck_top": Z_DECK_TOP, "opponent_hand": Z_OPP_HAND, "opponent_discard": Z_OPP_DISCARD,
    "opponent_play": Z_OPP_PLAY, "opponent_deck_top": Z_OPP_DECK_TOP, "row": Z_ROW,
    "galaxy_discard": Z_GALAXY_DISCARD, "galaxy_top": Z_GALAXY_TOP,
    "galaxy_top2": Z_GALAXY_TOP2, "base_deck": Z_BASE_DECK, "pilots": Z_PILOTS,
}
GALAXY_ZONES = frozenset({Z_ROW, Z_GALAXY_DISCARD, Z_GALAXY_TOP, Z_GALAXY_TOP2, Z_PILOTS})
ZONE_WORDS = {v: k for k, v in ZONE_NAMES.items()}
ZONE_WORDS.update({Z_ALLY_DISCARD: "ally_discard", Z_FAR_PLAY: "far_play"})  # not for packs

# Destinations of `move` / `buy`
D_HAND: Final = 0
D_DISCARD: Final = 1
D_EXILE: Final = 2
D_DECK_TOP: Final = 3
D_GALAXY_DISCARD: Final = 4
DEST_NAMES = {"hand": D_HAND, "discard": D_DISCARD, "exile": D_EXILE, "deck_top": D_DECK_TOP,
              "galaxy_discard": D_GALAXY_DISCARD}

# Opcodes of compiled effect programs. An op is a tuple (opcode, *args).
OP_GAIN: Final = 0
OP_DRAW: Final = 1
OP_REPAIR: Final = 2
OP_DAMAGE: Final = 3
OP_EXILE_SELF: Final = 4
OP_MOVE: Final = 5
OP_BUY: Final = 6
OP_CHOOSE: Final = 7
OP_IF: Final = 8
OP_REVEAL: Final = 9
OP_DISCARD_REVEALED: Final = 10
OP_LOOK: Final = 11
OP_SWAP: Final = 12
OP_NEXT_BUY: Final = 13
OP_PAY: Final = 14
OP_OPTIONAL: Final = 15
OP_CHOOSE_BASE: Final = 16
OP_INCOME: Final = 17
OP_START_TRIGGERS: Final = 18
OP_ASSIGN: Final = 19
OP_HUNT_REWARD: Final = 20
OP_DELEGATE: Final = 21  # team game: the team picks which teammate resolves a shared ability
OP_ORDER: Final = 22     # the player orders their abilities that trigger together (frame.n below it)
NUM_OPS: Final = 23

# Conditions: tuples (code, *args)
C_FORCE: Final = 0
C_ATTACKING_ROW: Final = 1
C_IN_PLAY: Final = 2
C_OPP_IN_PLAY: Final = 3
C_BASE: Final = 4
C_ALL: Final = 5
C_ANY: Final = 6
C_NOT: Final = 7

# Trigger events
EVENTS = ("play", "buy", "reveal", "defeat_target", "turn_start", "card_played",
          "opponent_discards")

# Events a traced game records (state.events): (kind, turn, seat, value)
EV_BUY: Final = 0  # value: the card bought / the base revealed / the Force
EV_BASE: Final = 1
EV_TURN_END: Final = 2

# The Force track has 7 spaces, 0..6. Side 0's end is 0, side 1's end is 6. A seat's side
# (its team) is seat & 1: in the team game seats 0 and 2 are one team, 1 and 3 the other, and
# seats 0, 1 play in region 0, seats 2, 3 in region 1 (so a seat's opponent is seat ^ 1).
FORCE_SPACES: Final = 7
FORCE_END: Final = (0, 6)
