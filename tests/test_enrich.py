"""Tests of rule-based enrichment (sync.enrich) and the product taxonomy (sync.taxonomy).

The real Google taxonomy is read from ``../shared/taxonomy/`` next to the repository; tests
that need it are skipped, with the reason, where it is absent. Expected paths are read from
the file's own lines, not typed from memory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sync.enrich import (
    category_paths,
    color_tokens,
    extract_attributes,
    normalise_color,
    normalise_gender,
    normalise_material,
    record_colors,
)
from sync.taxonomy import TAXONOMY_PATH_ENV, Taxonomy, default_taxonomy_path, normalise_path

REAL_TAXONOMY = (
    Path(__file__).resolve().parents[2] / "shared" / "taxonomy" / "taxonomy-with-ids.en-US.txt"
)
needs_real_taxonomy = pytest.mark.skipif(
    not REAL_TAXONOMY.is_file(), reason=f"Google taxonomy file not present at {REAL_TAXONOMY}"
)


def file_line_path(category_id: str) -> str:
    """The path on the real file's ``<id> - <path>`` line, read independently of the loader."""
    for line in REAL_TAXONOMY.read_text(encoding="utf-8").splitlines():
        number, sep, path = line.partition(" - ")
        if sep and number == category_id:
            return path.strip()
    raise AssertionError(f"id {category_id} not in {REAL_TAXONOMY}")


# --- taxonomy: the real file ----------------------------------------------------------------------


@needs_real_taxonomy
def test_real_taxonomy_loads_completely() -> None:
    taxonomy = Taxonomy.load(REAL_TAXONOMY)
    lines = REAL_TAXONOMY.read_text(encoding="utf-8").splitlines()
    categories = [line for line in lines if line.strip() and not line.startswith("#")]
    assert taxonomy.available
    assert taxonomy.version == lines[0].split(":", 1)[1].strip() == "2021-09-21"
    # The file holds 5,595 category lines (its README says 5,594); count them rather than trust it.
    assert len(taxonomy) == len(categories) > 5000
    assert taxonomy.skipped == 0
    assert taxonomy.source == str(REAL_TAXONOMY.resolve())


@needs_real_taxonomy
@pytest.mark.parametrize(
    ("category_id", "expected"),
    [
        ("1604", "Apparel & Accessories > Clothing"),
        ("3032", "Apparel & Accessories > Handbags, Wallets & Cases > Handbags"),
        ("166", "Apparel & Accessories"),
        ("187", "Apparel & Accessories > Shoes"),
        ("5181", "Luggage & Bags"),
    ],
)
def test_real_ids_resolve_to_their_line(category_id: str, expected: str) -> None:
    taxonomy = Taxonomy.load(REAL_TAXONOMY)
    assert file_line_path(category_id) == expected  # the literal agrees with the file
    assert taxonomy.resolve(category_id) == (expected, True)
    assert taxonomy.resolve(f"  {category_id} ") == (expected, True)
    assert taxonomy[category_id] == expected


@needs_real_taxonomy
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("999999999", ("", False)),  # unknown id
        ("", ("", True)),  # nothing asked
        ("   ", ("", True)),
        # A known path in another spelling comes back in Google's.
        ("apparel & accessories >  CLOTHING", ("Apparel & Accessories > Clothing", True)),
        # A merchant's own path is kept, normalised.
        (" Home >Kitchen  Tools> ", ("Home > Kitchen Tools", True)),
    ],
)
def test_real_taxonomy_resolve_edge_cases(value: str, expected: tuple[str, bool]) -> None:
    assert Taxonomy.load(REAL_TAXONOMY).resolve(value) == expected


@needs_real_taxonomy
def test_real_taxonomy_load_is_cached() -> None:
    assert Taxonomy.load(REAL_TAXONOMY) is Taxonomy.load(str(REAL_TAXONOMY))


# --- taxonomy: small files ------------------------------------------------------------------------


def test_malformed_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "taxonomy.txt"
    path.write_text(
        "# Google_Product_Taxonomy_Version: 2099-01-01\n"
        "1 - Animals\n"
        "2 - Animals > Pets\n"
        "this line is garbage\n"  # malformed
        "3 -\n"  # malformed: no path
        "x - Not An Id\n"  # malformed
        "4 -  Home  >  > Garden   Tools \n"
        "\n"  # blank: ignored, not counted
        "# another comment\n"
        "2 - Duplicate Of Two\n",  # repeated id: first wins, counted
        encoding="utf-8",
    )
    taxonomy = Taxonomy.load(path)
    assert taxonomy.available
    assert taxonomy.version == "2099-01-01"
    assert dict(taxonomy) == {"1": "Animals", "2": "Animals > Pets", "4": "Home > Garden Tools"}
    assert taxonomy.skipped == 4
    assert taxonomy.resolve("2") == ("Animals > Pets", True)
    assert taxonomy.resolve("3") == ("", False)


def test_file_without_version_line(tmp_path: Path) -> None:
    path = tmp_path / "taxonomy.txt"
    path.write_text("\ufeff7 - Toys\n", encoding="utf-8")  # a BOM is tolerated
    taxonomy = Taxonomy.load(path)
    assert (taxonomy.version, dict(taxonomy), taxonomy.skipped) == ("", {"7": "Toys"}, 0)


@pytest.mark.parametrize("missing", ["missing", None, ""])
def test_missing_file_gives_unavailable_taxonomy(tmp_path: Path, missing: str | None) -> None:
    path = tmp_path / missing if missing else missing
    taxonomy = Taxonomy.load(path)
    assert not taxonomy.available
    assert len(taxonomy) == 0
    assert taxonomy.version == ""
    assert taxonomy.resolve("1604") == ("", False)
    assert taxonomy.resolve("Apparel > Shirts") == ("Apparel > Shirts", True)
    if missing:
        assert taxonomy.source == str(path.resolve())


def test_directory_is_not_a_taxonomy(tmp_path: Path) -> None:
    assert not Taxonomy.load(tmp_path).available


def test_changed_file_is_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "taxonomy.txt"
    path.write_text("1 - Old\n", encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    first = Taxonomy.load(path)
    assert Taxonomy.load(path) is first  # cached while unchanged
    path.write_text("1 - New\n", encoding="utf-8")
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    assert Taxonomy.load(path).resolve("1") == ("New", True)


def test_taxonomy_is_immutable(tmp_path: Path) -> None:
    path = tmp_path / "taxonomy.txt"
    path.write_text("1 - A\n", encoding="utf-8")
    taxonomy = Taxonomy.load(path)
    with pytest.raises(TypeError):
        taxonomy["2"] = "B"  # type: ignore[index]
    with pytest.raises(AttributeError):
        taxonomy.available = False  # type: ignore[misc]


def test_default_path_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(TAXONOMY_PATH_ENV, str(tmp_path / "custom.txt"))
    assert default_taxonomy_path() == tmp_path / "custom.txt"


def test_default_path_without_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TAXONOMY_PATH_ENV, raising=False)
    expected = REAL_TAXONOMY if REAL_TAXONOMY.is_file() else None
    assert default_taxonomy_path() == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("A > B > C", "A > B > C"),
        ("  A>B  >C  ", "A > B > C"),
        ("A >  > B", "A > B"),
        ("Home  &   Garden > Kitchen", "Home & Garden > Kitchen"),
        (" > ", ""),
        ("", ""),
    ],
)
def test_normalise_path(raw: str, expected: str) -> None:
    assert normalise_path(raw) == expected


# --- category_paths -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("A > B > C", ["A", "A > B", "A > B > C"]),
        ("Apparel & Accessories", ["Apparel & Accessories"]),
        (" A >B >  > C ", ["A", "A > B", "A > B > C"]),
        ("", []),
        ("  ", []),
    ],
)
def test_category_paths(path: str, expected: list[str]) -> None:
    assert category_paths(path) == expected


# --- colour ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        # English
        ("Black Leather Jacket", "black"),
        ("Slim Fit Chinos, Navy Blue", "navy"),
        ("Classic GRAY Hoodie", "grey"),
        ("Off-White Sneakers", "white"),
        ("Multicolour Beach Towel", "multicolor"),
        # German
        ("Herren T-Shirt schwarz", "black"),
        ("Blaue Jeans", "blue"),
        ("Hellgraue Mütze", "grey"),
        ("Sneaker Weiß", "white"),
        # French
        ("Robe noire", "black"),
        ("Chemise bleue", "blue"),
        ("Pull rouge", "red"),
        # Spanish
        ("Camiseta negra", "black"),
        ("Vestido azul marino", "navy"),
        ("Zapatos blancos", "white"),
        # Italian
        ("Borsa nera", "black"),
        ("Camicia blu", "blue"),
        ("Giacca verde", "green"),
        # Polish, with inflections
        ("Czarna kurtka", "black"),
        ("Czarne buty", "black"),
        ("Czarny plecak", "black"),
        ("Niebieska sukienka", "blue"),
        ("Sweter szary", "grey"),
        ("Żółta czapka", "yellow"),
        # Croatian
        ("Crna majica", "black"),
        ("Plava haljina", "blue"),
        ("Crvena torba", "red"),
        # Non-ASCII punctuation touching the word
        ("Jacke „Schwarz“", "black"),
        # Colour words inside other words are not colours
        ("Redmond Hoodie", ""),
        ("Rotterdam Mug", ""),
        ("Bluetooth Speaker", ""),
        ("Blackwell Desk Lamp", ""),
        ("Nerone Pizza Stone", ""),
        ("Plain Notebook", ""),
    ],
)
def test_colour_from_title(title: str, expected: str) -> None:
    assert extract_attributes(title, "")["color"] == expected


def test_brand_that_is_a_colour_is_ignored_when_named() -> None:
    assert extract_attributes("Orange Flip 6 Speaker", "")["color"] == "orange"
    assert extract_attributes("Orange Flip 6 Speaker", "", brand="Orange")["color"] == ""
    assert extract_attributes("Braun Series 9 Shaver", "Silber", brand="Braun")["color"] == "silver"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Black", "black"),
        ("  NOIR ", "black"),
        ("czarny", "black"),
        ("Gray", "grey"),
        ("Navy Blue", "navy"),
        ("Black/White", "black/white"),
        ("Schwarz/Weiß", "black/white"),
        ("All-Over Print", "all-over print"),
        ("Sunset Glow", "sunset glow"),
        ("", ""),
    ],
)
def test_normalise_color(value: str, expected: str) -> None:
    assert normalise_color(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Black/White", ["black", "white"]),
        ("Navy Blue & white", ["navy", "white"]),
        ("Schwarz, Rot, Schwarz", ["black", "red"]),
        # every German adjective ending, the metal colours too ("was kosten die silbernen?")
        ("die silbernen, den goldenen", ["silver", "gold"]),
        ("ein silbernes, eine goldene", ["silver", "gold"]),
        # garnet is a burgundy in Spanish and Italian shops ("Color Granate")
        ("Granate", ["burgundy"]),
        ("granata", ["burgundy"]),
        ("All-Over Print", []),
        ("", []),
    ],
)
def test_color_tokens(value: str, expected: list[str]) -> None:
    assert color_tokens(value) == expected


# --- material -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("100% Cotton Tee", "cotton"),
        ("Merino Wool Sweater", "wool"),
        ("Stainless Steel Water Bottle", "stainless steel"),
        ("Aluminum Laptop Stand", "aluminium"),
        ("Vegan Leather Tote", "faux leather"),  # imitation leather is not leather
        ("Pullover aus Baumwolle", "cotton"),
        ("Jacke aus Leder", "leather"),
        ("Sac en cuir", "leather"),
        ("Bouteille en acier inoxydable", "stainless steel"),
        ("Bolso de piel", "leather"),
        ("Camiseta de algodón", "cotton"),
        ("Borsa in pelle", "leather"),
        ("Sciarpa di lana", "wool"),
        ("Skórzana torba", "leather"),
        ("Koszulka 100% bawełny", "cotton"),
        ("Sweter z wełny", "wool"),
        ("Kožna jakna", "leather"),
        ("Pamučna majica", "cotton"),
        # Negatives
        ("Reading Glasses", ""),
        ("Woolworth Gift Card", ""),
        ("Linear Actuator", ""),
    ],
)
def test_material_from_title(title: str, expected: str) -> None:
    assert extract_attributes(title, "")["material"] == expected


# --- gender ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Men's Running Shoe", "men"),
        ("Men’s Running Shoe", "men"),
        ("Women's Parka", "women"),
        ("Herren Jacke", "men"),
        ("Damenschuhe Leder", "women"),
        ("Chemise homme", "men"),
        ("Robe femme", "women"),
        ("Camiseta hombre", "men"),
        ("Blusa mujer", "women"),
        ("Giacca uomo", "men"),
        ("Borsa donna", "women"),
        ("Kurtka męska", "men"),
        ("Torebka damska", "women"),
        ("Muška majica", "men"),
        ("Ženska haljina", "women"),
        ("Boys' Sneakers", "kids"),
        ("Girls Dress", "kids"),
        ("Kids Rain Boots", "kids"),
        ("Unisex Cap", "unisex"),
        ("Men's and Women's Slides", "unisex"),
        # Negatives: gender words inside other words
        ("Mentor Notebook", ""),
        ("Human Hair Brush", ""),
        ("Gamenight Dice", ""),
    ],
)
def test_gender_from_title(title: str, expected: str) -> None:
    assert extract_attributes(title, "")["gender"] == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("male", "men"),
        ("MALE", "men"),
        ("Female", "women"),
        (" unisex ", "unisex"),
        ("kids", "kids"),
        ("Damen", "women"),
        ("Herren/Damen", "unisex"),
        ("Other", "other"),
        ("", ""),
    ],
)
def test_normalise_gender(value: str, expected: str) -> None:
    assert normalise_gender(value) == expected


# --- size --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Basic Tee - M", "M"),
        ("Hoodie | XL", "XL"),
        ("Basic Tee – s", "S"),
        ("T-Shirt size S", "S"),
        ("T-Shirt Size: XXL", "XXL"),
        ("T-Shirt size 2XL", "XXL"),
        ("Sneaker Größe 42", "42"),
        ("Sneaker Gr. 38,5", "38.5"),
        ("Chaussures taille 38", "38"),
        ("Robe taille M", "M"),
        ("Zapatillas talla 40", "40"),
        ("Buty rozmiar 44", "44"),
        ("Tenisice veličina 41", "41"),
        ("Trainers size EU 45", "45"),
        # Negatives
        ("S Pen Stylus", ""),
        ("Tee S", ""),
        ("Model S Charger", ""),
        ("Sizes S, M, L", ""),
        ("Size S/M", ""),
        ("Socks size 40-42", ""),
        ("Sneaker size 49", ""),
        ("Sneaker size 34", ""),
        ("See size chart", ""),
        ("Size Matters Book", ""),
        ("One Size Beanie", ""),
    ],
)
def test_size_from_title(title: str, expected: str) -> None:
    assert extract_attributes(title, "")["size"] == expected


def test_size_from_description_but_not_its_suffix() -> None:
    assert extract_attributes("Basic Tee", "Shown in size M.")["size"] == "M"
    assert extract_attributes("Basic Tee", "Great for a walk - M")["size"] == ""


# --- precedence -----------------------------------------------------------------------------------


def test_title_wins_over_description() -> None:
    found = extract_attributes(
        "Black Cotton Tee for Women",
        "Also available in white linen for men, size L.",
    )
    assert found == {"color": "black", "material": "cotton", "gender": "women", "size": "L"}


def test_description_fills_what_the_title_lacks() -> None:
    found = extract_attributes("Veste imperméable", "Veste rouge en laine pour homme, taille M.")
    assert found == {"color": "red", "material": "wool", "gender": "men", "size": "M"}


def test_given_fields_win_over_text() -> None:
    found = extract_attributes(
        "Black Wool Men's Coat size S",
        "",
        color="Navy",
        material="Cotton",
        gender="female",
        size=" L ",
    )
    assert found == {"color": "navy", "material": "cotton", "gender": "women", "size": "L"}


def test_given_unknown_values_are_kept_normalised() -> None:
    found = extract_attributes("Black Tee", "", color=" All-Over Print ", material="Tencel®")
    assert found["color"] == "all-over print"
    assert found["material"] == "tencel®"


def test_nothing_found_gives_empty_strings() -> None:
    assert extract_attributes("", "") == {"color": "", "material": "", "gender": "", "size": ""}


@pytest.mark.parametrize(
    ("value", "expected"),
    [("Baumwolle", "cotton"), ("Merino", "wool"), ("  LEATHER ", "leather"), ("Tencel", "tencel")],
)
def test_normalise_material(value: str, expected: str) -> None:
    assert normalise_material(value) == expected


@pytest.mark.parametrize(
    ("value", "from_feed", "expected"),
    [
        ("Olive", True, ["olive", "green"]),  # a "green" filter finds it, and so does "olive"
        ("Sage", True, ["sage", "green"]),
        ("Sand/Olive", True, ["olive", "beige", "green"]),
        ("Forest", True, ["green"]),  # an everyday word: filed under its colour only
        ("Deep Forest", True, ["green"]),
        ("Slate Blue", True, ["blue"]),  # the part names a colour: no shade guessing
        ("Grey/Volt", True, ["grey", "yellow"]),
        ("Burgundy", True, ["burgundy", "red"]),
        ("Bordeaux", True, ["burgundy", "red"]),
        ("Olivgrün", True, ["olive", "green"]),
        ("Black", True, ["black"]),
        ("Navy/White", True, ["navy", "white", "blue"]),  # "in blue" finds navy
        ("Midnight", True, ["navy", "blue"]),
        ("All-Over Print", True, ["all-over print"]),  # the shop's own name, as written
        # words in a title or description: "forest", "sand", "cream" are no colours there
        ("for forest trails, sand and sun cream", False, []),
        ("an olive field jacket", False, ["olive", "green"]),
    ],
)
def test_record_colors_file_shades_under_their_colour(value, from_feed, expected):
    assert record_colors(value, from_feed=from_feed) == expected


def test_a_shoppers_everyday_words_are_no_colours():
    assert color_tokens("a tent for the forest") == []
    assert color_tokens("sun cream and a sand bucket") == []
    assert color_tokens("an olive jacket") == ["olive"]  # the shade itself, not all greens
