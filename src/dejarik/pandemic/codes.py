"""Action codes: an action is (code, argument). One table, read by the rules, the effects and
the notation."""

FLY, REINFORCE, ATTACK, MISSION, ABILITY, ALLY, END = 1, 2, 3, 4, 5, 6, 7
EXHAUST, PASS, DISCARD, TARGET, PICK, AGREE, REFUSE, READY = 8, 9, 10, 11, 12, 13, 14, 15
