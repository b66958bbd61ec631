"""The SWTCG card-pool importer (Lackey set files) and Dejarik's own card table."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from dejarik.core.errors import PackError
from dejarik.tcg.cardpool import (
    SET_NAMES,
    SET_ORDER,
    TABLE_COLUMNS,
    CardFacts,
    import_lackey,
    main,
    parse_lackey,
    parse_table,
    read_table,
    write_table,
)

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "swtcg-data"
needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(),
                                     reason="../shared/reference/swtcg-data is not present")

HEADER_16 = ("Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\tRarity\tNumber\t"
             "Usage\tText\tScript\tClassification")
HEADER_17 = HEADER_16 + "\tDraftRarity"

# made-up cards, in the Lackey layout (16 columns)
UNIT = "Test Pilot (A)\tTST\tTest_Pilot_A\tL\tCharacter\tRebel Pilot\t4\t40\t3\t2\tR\t1\t\tSome text\t\tWOTC"
BATTLE = "Sudden Gust\tTST\tSudden_Gust\tN\tBattle\t\t\t\t\t\tC\t2\t\tPay 1 Force -> something\t\tWOTC"


def lackey(*rows: str, header: str = HEADER_16, eol: str = "\r\n") -> str:
    return eol.join((header, *rows)) + eol


def one(text: str) -> CardFacts:
    cards = parse_lackey(text, "TST.txt")
    assert len(cards) == 1
    return cards[0]


def card(**changes: object) -> CardFacts:
    base: dict[str, object] = dict(set="TST", number="1", name="Test Pilot (A)", side="light",
                                   type="character", subtype="Rebel Pilot", cost=4, speed=40,
                                   power=3, health=2, variable=(), rarity="R")
    base.update(changes)
    return CardFacts(**base)  # type: ignore[arg-type]


# --- the Lackey format ------------------------------------------------------------------------

def test_a_unit_row_gives_its_facts() -> None:
    c = one(lackey(UNIT))
    assert c == card()
    assert c.is_unit and c.key == "TST-1"
    assert (c.unique_name, c.version) == ("Test Pilot", "A")


def test_a_battle_card_has_no_cost_and_no_stats() -> None:
    c = one(lackey(BATTLE))
    assert (c.type, c.side, c.subtype) == ("battle", "neutral", "")
    assert (c.cost, c.speed, c.power, c.health, c.variable) == (None, None, None, None, ())
    assert not c.is_unit
    assert (c.unique_name, c.version) == ("Sudden Gust", None)


def test_numbers_written_with_point_zero_are_whole_numbers() -> None:
    row = "Big Ship\tTST\tBig_Ship\tD\tSpace\tCruiser\t7.0\t20.0\t6.0\t10.0\tU\t12.0\t\t\t\tWOTC"
    c = one(lackey(row))
    assert (c.cost, c.speed, c.power, c.health, c.number) == (7, 20, 6, 10, "12")
    assert c.key == "TST-12"


def test_a_star_stat_is_none_and_named_variable() -> None:
    row = "Shifter (B)\tTST\tShifter_B\tD\tCharacter\tChangeling\t5.0\t*\t*\t4\tR\t3\t\t\t\tWOTC"
    c = one(lackey(row))
    assert (c.cost, c.speed, c.power, c.health) == (5, None, None, 4)
    assert c.variable == ("speed", "power")


def test_an_x_cost_is_variable_too() -> None:
    c = one(lackey("Open Bid\tTST\tOpen_Bid\tD\tMission\t\tX\t\t\t\tU\t4\t\t\t\tWOTC"))
    assert (c.cost, c.variable) == (None, ("cost",))


def test_a_quoted_field_with_doubled_quotes_and_a_comma_is_one_field() -> None:
    row = ('Quoted One (C)\tTST\tQuoted_One_C\tL\tGround\tSpeeder\t3\t50\t2\t2\tU\t5\t'
           '"Says ""hello"", then leaves"\t"Gets ""Pay 1 Force -> Evade 1"", too"\t\tWOTC, REB')
    c = one(lackey(row))
    assert (c.name, c.subtype, c.rarity, c.number) == ("Quoted One (C)", "Speeder", "U", "5")


def test_a_name_with_inner_quotes_is_kept_as_given() -> None:
    row = 'Jo "Ace" Smith (A)\tTST\tJo\tL\tCharacter\tPilot\t3\t20\t2\t3\tU\t6\t\t\t\tWOTC'
    assert one(lackey(row)).unique_name == 'Jo "Ace" Smith'


def test_16_and_17_column_files_read_alike() -> None:
    row17 = UNIT + "\t"  # the 17th column (DraftRarity) is empty
    assert parse_lackey(lackey(UNIT), "a.txt") == parse_lackey(lackey(row17, header=HEADER_17), "b.txt")


def test_columns_are_found_by_name_not_position() -> None:
    cols = HEADER_16.split("\t")
    cells = UNIT.split("\t")
    order = list(reversed(range(len(cols))))
    text = lackey("\t".join(cells[i] for i in order), header="\t".join(cols[i] for i in order))
    assert one(text) == card()


def test_lf_line_endings_and_a_blank_last_line_are_accepted() -> None:
    assert parse_lackey(lackey(UNIT, BATTLE, eol="\n") + "\n", "TST.txt") == \
        parse_lackey(lackey(UNIT, BATTLE), "TST.txt")


def test_a_promo_keeps_its_missing_number_and_is_keyed_by_name() -> None:
    row = "Test Pilot (A) (Promo 2)\tTST\tx\tL\tCharacter\tRebel Pilot\t4\t40\t3\t2\tP\t\t\t\t\tWOTC"
    c = one(lackey(row))
    assert (c.number, c.rarity) == ("", "P")
    assert c.key == "TST-Test Pilot (A) (Promo 2)"
    assert (c.unique_name, c.version) == ("Test Pilot", "A")


@pytest.mark.parametrize(("text", "message"), [
    (lackey(UNIT, header=HEADER_16.replace("\tCost\t", "\tPrice\t")),
     "TST.txt line 1: missing column(s) Cost"),
    (lackey(BATTLE, UNIT + "\textra"), "TST.txt line 3: 17 fields, the header has 16"),
    (lackey(UNIT, BATTLE, UNIT.replace("\t4\t40\t", "\t7x\t40\t")),
     "TST.txt line 4: column Cost: '7x' is not a number"),
    (lackey(UNIT.replace("\t40\t", "\t4.5\t")), "TST.txt line 2: column Speed: '4.5' is not a number"),
    (lackey(UNIT.replace("\tL\t", "\tQ\t")), "TST.txt line 2: column Side: 'Q' is not L, D or N"),
    (lackey(BATTLE, UNIT.replace("\tCharacter\t", "\tVehicle\t")),
     "TST.txt line 3: column Type: 'Vehicle' is not a card type"),
    (lackey(UNIT.replace("\tR\t", "\tS\t")), "TST.txt line 2: column Rarity: 'S' is not C, U, R or P"),
    (lackey(UNIT.replace("Test Pilot (A)", "")), "TST.txt line 2: column Name: empty"),
    (lackey(UNIT, BATTLE, UNIT), "TST.txt line 4: card TST-1 repeats line 2"),
    ("", "TST.txt: empty file"),
])
def test_bad_lackey_input_is_refused_naming_line_and_column(text: str, message: str) -> None:
    with pytest.raises(PackError) as err:
        parse_lackey(text, "TST.txt")
    assert str(err.value).startswith(message)


def test_import_refuses_a_key_repeated_across_files_and_imports_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(lackey(UNIT), encoding="utf-8", newline="")
    (tmp_path / "b.txt").write_text(lackey(BATTLE, UNIT), encoding="utf-8", newline="")
    assert len(import_lackey([tmp_path / "b.txt"])) == 2
    with pytest.raises(PackError, match=r"b\.txt: card TST-1 repeats one of a\.txt"):
        import_lackey([tmp_path / "a.txt", tmp_path / "b.txt"])


def test_an_unreadable_file_is_a_pack_error(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(HEADER_16.encode() + b"\r\n\xff\xfe\r\n")
    with pytest.raises(PackError, match=r"bad\.txt: not UTF-8"):
        import_lackey([tmp_path / "bad.txt"])
    with pytest.raises(PackError, match=r"gone\.txt: cannot read"):
        import_lackey([tmp_path / "gone.txt"])


# --- Dejarik's table ----------------------------------------------------------------------------

def test_write_then_read_gives_the_same_cards(tmp_path: Path) -> None:
    cards = [*parse_lackey(lackey(UNIT, BATTLE), "TST.txt"),
             card(number="", name='Jo "Ace" Smith (B) (Promo)', rarity="P"),
             card(number="7", cost=None, power=None, variable=("cost", "power"), subtype="")]
    path = tmp_path / "cards.tsv"
    write_table(cards, path)
    assert read_table(path) == cards
    assert path.read_text(encoding="utf-8").splitlines()[0] == "\t".join(TABLE_COLUMNS)
    assert not list(tmp_path.glob("*.tmp"))


def test_a_field_with_a_tab_cannot_be_written(tmp_path: Path) -> None:
    path = tmp_path / "cards.tsv"
    with pytest.raises(PackError, match="TST-1: a field holds a tab"):
        write_table([card(subtype="a\tb")], path)
    assert not path.exists()


GOOD_ROW = "TST\t1\tTest Pilot (A)\tlight\tcharacter\tRebel Pilot\t4\t40\t3\t2\t\tR"


@pytest.mark.parametrize(("row", "message"), [
    (GOOD_ROW + "\textra", "line 3: 13 fields, the header has 12"),
    (GOOD_ROW.replace("\t40\t", "\t40.0\t"), "line 3: column speed: '40.0' is not a whole number"),
    (GOOD_ROW.replace("light", "grey"), "line 3: column side: 'grey' is not one of"),
    (GOOD_ROW.replace("character", "vehicle"), "line 3: column type: 'vehicle' is not one of"),
    (GOOD_ROW.replace("\tR", "\tX"), "line 3: column rarity: 'X' is not one of"),
    (GOOD_ROW.replace("\t\tR", "\tluck\tR"), "line 3: column variable: 'luck'"),
    (GOOD_ROW.replace("\t3\t2\t\t", "\t\t2\tpower,power\t"), "line 3: column variable: 'power,power'"),
    (GOOD_ROW.replace("\t\tR", "\tpower\tR"), "line 3: column power: a variable stat has no value"),
    (GOOD_ROW.replace("TST\t1", "TST\t2"), "line 3: card TST-2 repeats line 2"),
])
def test_bad_table_rows_are_refused_naming_line_and_column(row: str, message: str) -> None:
    first = GOOD_ROW.replace("TST\t1", "TST\t2")  # line 2, good
    text = "\t".join(TABLE_COLUMNS) + "\n" + first + "\n" + row + "\n"
    assert len(parse_table("\t".join(TABLE_COLUMNS) + "\n" + first + "\n" + GOOD_ROW, "my.tsv")) == 2
    with pytest.raises(PackError) as err:
        parse_table(text, "my.tsv")
    assert str(err.value).startswith("my.tsv " + message)


def test_a_table_with_another_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.tsv"
    path.write_text("\t".join(TABLE_COLUMNS) + "\ttext\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"mine\.tsv line 1: the header must be set number name"):
        read_table(path)


def test_the_shipped_table_holds_facts_only() -> None:
    text = resources.files("dejarik.tcg").joinpath("data", "cards.tsv").read_text(encoding="utf-8")
    header = text.split("\n", 1)[0].split("\t")
    assert header == ["set", "number", "name", "side", "type", "subtype", "cost", "speed",
                      "power", "health", "variable", "rarity"]
    assert all(line.count("\t") == 11 for line in text.splitlines())


def test_the_shipped_table_reads_without_the_reference_folder() -> None:
    cards = read_table()
    assert len(cards) == 1317
    assert [c.set for c in cards] == sorted((c.set for c in cards), key=SET_ORDER.index)
    assert read_table() == cards and read_table() is not read_table()  # callers get a copy


def test_set_codes_and_names_agree() -> None:
    assert tuple(SET_NAMES) == SET_ORDER and len(SET_ORDER) == 10
    assert SET_NAMES["ESB"] == "The Empire Strikes Back"


# --- the reference files (../shared/reference/swtcg-data) ----------------------------------

COUNTS = {"AOTC": 189, "SR": 93, "ANH": 186, "BOY": 110, "JG": 109, "ESB": 210, "RAS": 109,
          "PM": 90, "ROTJ": 110, "ROTS": 111}


def reference_cards() -> list[CardFacts]:
    return import_lackey([REFERENCE / f"{code}.txt" for code in SET_ORDER])


@needs_reference
def test_the_ten_reference_files_import_with_the_readme_counts() -> None:
    cards = reference_cards()
    assert len(cards) == 1317
    assert {code: sum(c.set == code for c in cards) for code in SET_ORDER} == COUNTS
    assert len({c.key for c in cards}) == 1317


@needs_reference
def test_reference_facts_spot_checks() -> None:
    by_name = {(c.set, c.name): c for c in reference_cards()}
    assert by_name["AOTC", "Anakin Skywalker (A)"] == CardFacts(
        set="AOTC", number="1", name="Anakin Skywalker (A)", side="light", type="character",
        subtype="Jedi Padawan", cost=7, speed=60, power=6, health=5, variable=(), rarity="R")
    tyranus = by_name["AOTC", "Darth Tyranus (A)"]
    assert (tyranus.number, tyranus.side, tyranus.cost, tyranus.speed, tyranus.power,
            tyranus.health) == ("14", "dark", 9, 50, 7, 5)
    fatigue = by_name["AOTC", "Battle Fatigue"]
    assert (fatigue.type, fatigue.side, fatigue.cost, fatigue.number) == ("battle", "neutral", None, "5")
    station = by_name["AOTC", "Naboo Defense Station"]
    assert (station.type, station.cost, station.speed, station.power, station.health) == \
        ("ground", 8, 10, 6, 12)
    promo = by_name["AOTC", "Jango Fett (D) (Promo 1)"]
    assert (promo.number, promo.rarity, promo.unique_name, promo.version) == ("", "P", "Jango Fett", "D")
    assert by_name["JG", "Zam Wesell (D)"].variable == ("speed", "power", "health")
    assert by_name["ROTJ", "Emperor Palpatine (D)"].variable == ("power", "health")
    assert by_name["ESB", "Vader's Call"].variable == ("cost",)
    assert by_name["ROTS", "Blaster Pistol"].type == "equipment"


@needs_reference
def test_reference_shapes_hold_for_every_card() -> None:
    for c in reference_cards():
        if c.is_unit:
            assert all(getattr(c, s) is not None or s in c.variable for s in
                       ("cost", "speed", "power", "health")), c.key
        else:
            assert (c.speed, c.power, c.health) == (None, None, None), c.key
            assert (c.cost is None) == (c.type == "battle" or c.variable == ("cost",)), c.key
        assert (c.number == "") == (c.rarity == "P"), c.key


@needs_reference
def test_the_shipped_table_equals_a_fresh_import(tmp_path: Path) -> None:
    assert read_table() == reference_cards()
    out = tmp_path / "cards.tsv"
    assert main([str(REFERENCE), str(out)]) == 0
    shipped = resources.files("dejarik.tcg").joinpath("data", "cards.tsv").read_bytes()
    assert out.read_bytes() == shipped


def test_main_reports_a_bad_source_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.tsv"
    assert main([str(tmp_path / "missing"), str(out)]) == 1
    assert "AOTC.txt: cannot read" in capsys.readouterr().err
    assert not out.exists()
    assert main([]) == 2
