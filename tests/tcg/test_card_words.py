"""`dejarik cards show` renders every ability in words (issue: every card of the ten sets,
"dejarik cards show renders every ability in words"): every card of every set renders, and no
ability or effect falls through to its bare vocabulary name, which is what cardtext.py prints
for one it has no words for."""

from __future__ import annotations

from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.cardtext import ability_text, card_lines, op_text


def test_every_card_renders_and_every_ability_and_effect_has_words() -> None:
    bare: set[str] = set()
    for name, d in all_defs().items():
        lines = card_lines(d)
        assert lines[0].startswith(name)
        for ab in d.abilities:
            if ability_text(ab) == ab.kind:
                bare.add(f"{name}: ability {ab.kind}")
            for op in (*ab.ops, *ab.then):
                if op_text(op) == str(op[0]).replace("_", " "):
                    bare.add(f"{name}: effect {op[0]}")
    assert sorted(bare) == []
