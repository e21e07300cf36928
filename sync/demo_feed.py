"""Deterministic demo catalogue, written as a Google Merchant Center RSS 2.0 feed.

The generator produces a realistic fictional store (apparel, shoes, electronics,
home and sport) with variant groups, sales, stock states, merchant product types
and Google taxonomy categories, without any network access or randomness beyond
``random.Random(seed)``. It exists so that the sync, the index and the assistant
can be demonstrated and benchmarked against a feed of any size.

Guarantees:

* Same arguments, same bytes: two runs write byte-identical files.
* Prefix-stable: the catalogue of size ``N`` is exactly the first ``N`` items of
  the catalogue of size ``N + k`` (same ids, same content), so change scenarios
  can be built on top of a base catalogue.
* Streaming: items are generated lazily and written one at a time, so a
  100,000-item feed takes a few seconds and little memory.

Item ids are ``AIS-<6 digits>`` numbered from ``AIS-000001`` in feed order; a
variant group's ``item_group_id`` is ``AISG-<digits of its first item>``.

Usage::

    python -m sync.demo_feed OUT.xml [--size N] [--seed S] [--scenario NAME] [--count K]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

__all__ = [
    "DEFAULT_SIZE",
    "FIELDS",
    "SCENARIOS",
    "apply_scenario",
    "build_demo_feed",
    "generate_items",
    "main",
    "write_feed",
]

DEFAULT_SIZE = 500
"""Number of items (variants count as items) in the default demo catalogue."""

G_NS = "http://base.google.com/ns/1.0"
BASE_URL = "https://demo.aisle.shop"
CURRENCY = "USD"

FIELDS: tuple[str, ...] = (
    "id",
    "title",
    "description",
    "link",
    "image_link",
    "availability",
    "price",
    "sale_price",
    "sale_price_effective_date",
    "brand",
    "gtin",
    "condition",
    "google_product_category",
    "product_type",
    "item_group_id",
    "color",
    "size",
    "gender",
    "age_group",
    "material",
    "custom_label_0",
)
"""Every key of an item dict, in the order the fields are written to the feed."""

SCENARIOS: tuple[str, ...] = (
    "none",
    "add",
    "price",
    "stock",
    "price_stock",
    "description",
    "category",
    "delete",
    "mixed",
)
"""Names accepted by :func:`apply_scenario`."""

_MIXED_KINDS: tuple[str, ...] = (
    "price",
    "stock",
    "price_stock",
    "description",
    "category",
    "delete",
    "add",
)

_ID_PREFIX = "AIS-"
_GROUP_PREFIX = "AISG-"
_ID_RE = re.compile(r"^AIS-(\d+)$")

_GENDER_LABEL = {"male": "Men", "female": "Women", "unisex": "Unisex"}
_APPAREL_SIZES = ("XS", "S", "M", "L", "XL", "XXL")
_SHOE_SIZES = ("38", "39", "40", "41", "42", "43", "44", "45", "46")

_SALE_WINDOWS = (
    "2026-11-01T00:00:00+00:00/2026-12-31T23:59:59+00:00",
    "2026-11-20T00:00:00+00:00/2026-12-01T23:59:59+00:00",
    "2026-01-01T00:00:00+00:00/2026-12-31T23:59:59+00:00",
    "2026-06-01T00:00:00+00:00/2026-08-31T23:59:59+00:00",
)


@dataclass(frozen=True, slots=True)
class _Category:
    """One kind of product within a department, with everything needed to invent one."""

    dept: str  # "Apparel", "Shoes", "Electronics", "Home", "Sport"
    segment: str  # last part of the merchant product_type
    mid: str  # middle part of product_type for non-gendered departments
    noun: str  # what the product is, for descriptions
    styles: tuple[str, ...]  # title bodies that follow the brand (and optional line name)
    gpc_id: str  # Google product taxonomy id
    gpc_path: str  # the same category as a taxonomy path
    materials: tuple[str, ...]
    price: tuple[int, int]  # whole dollars, inclusive
    genders: tuple[str, ...]  # empty for non-gendered departments
    features: tuple[str, ...]  # bullet points (may hold simple HTML)
    use: tuple[str, ...]  # "built for ..." phrases


# Google product taxonomy (en-US) ids and paths, hard-coded from taxonomy-with-ids.en-US.txt.
_GPC_JACKETS = ("5598", "Apparel & Accessories > Clothing > Outerwear > Coats & Jackets")
_GPC_VESTS = ("1831", "Apparel & Accessories > Clothing > Outerwear > Vests")
_GPC_TOPS = ("212", "Apparel & Accessories > Clothing > Shirts & Tops")
_GPC_PANTS = ("204", "Apparel & Accessories > Clothing > Pants")
_GPC_SHORTS = ("207", "Apparel & Accessories > Clothing > Shorts")
_GPC_DRESSES = ("2271", "Apparel & Accessories > Clothing > Dresses")
_GPC_ACTIVEWEAR = ("5322", "Apparel & Accessories > Clothing > Activewear")
_GPC_SHOES = ("187", "Apparel & Accessories > Shoes")
_GPC_HEADPHONES = (
    "543626",
    "Electronics > Audio > Audio Components > Headphones & Headsets > Headphones",
)
_GPC_SPEAKERS = ("249", "Electronics > Audio > Audio Components > Speakers")
_GPC_CHARGERS = (
    "505295",
    "Electronics > Electronics Accessories > Power > Power Adapters & Chargers",
)
_GPC_KEYBOARDS = (
    "303",
    "Electronics > Electronics Accessories > Computer Components > Input Devices > Keyboards",
)
_GPC_MICE = (
    "304",
    "Electronics > Electronics Accessories > Computer Components > Input Devices"
    " > Mice & Trackballs",
)
_GPC_WEBCAMS = ("312", "Cameras & Optics > Cameras > Webcams")
_GPC_TRACKERS = ("500009", "Health & Beauty > Health Care > Biometric Monitors > Activity Monitors")
_GPC_COOKWARE = ("654", "Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware")
_GPC_SKILLETS = (
    "662",
    "Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware > Skillets & Frying Pans",
)
_GPC_KNIVES = (
    "665",
    "Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives",
)
_GPC_COFFEE = (
    "736",
    "Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines",
)
_GPC_MUGS = ("2169", "Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs")
_GPC_SHEETS = ("2314", "Home & Garden > Linens & Bedding > Bedding > Bed Sheets")
_GPC_DUVETS = ("2541", "Home & Garden > Linens & Bedding > Bedding > Duvet Covers")
_GPC_TOWELS = ("576", "Home & Garden > Linens & Bedding > Towels > Bath Towels & Washcloths")
_GPC_LAMPS = ("4636", "Home & Garden > Lighting > Lamps")
_GPC_PILLOWS = ("4454", "Home & Garden > Decor > Throw Pillows")
_GPC_YOGA_MATS = (
    "3640",
    "Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga & Pilates Mats",
)
_GPC_WEIGHTS = ("3164", "Sporting Goods > Exercise & Fitness > Weight Lifting > Free Weights")
_GPC_BANDS = ("5869", "Sporting Goods > Exercise & Fitness > Exercise Bands")
_GPC_FOAM = ("5319", "Sporting Goods > Exercise & Fitness > Foam Rollers")
_GPC_TENTS = ("1022", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Tents")
_GPC_SLEEPING = ("1020", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Sleeping Bags")
_GPC_POLES = ("3738", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Hiking Poles")
_GPC_HELMETS = (
    "1029",
    "Sporting Goods > Outdoor Recreation > Cycling > Cycling Apparel & Accessories"
    " > Bicycle Helmets",
)
_GPC_BOTTLES = (
    "3809",
    "Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles",
)
_GPC_BACKPACKS = ("100", "Luggage & Bags > Backpacks")


def _cat(
    dept: str,
    segment: str,
    noun: str,
    styles: tuple[str, ...],
    gpc: tuple[str, str],
    materials: tuple[str, ...],
    price: tuple[int, int],
    features: tuple[str, ...],
    use: tuple[str, ...],
    *,
    mid: str = "",
    genders: tuple[str, ...] = (),
) -> _Category:
    return _Category(
        dept, segment, mid, noun, styles, gpc[0], gpc[1], materials, price, genders, features, use
    )


_MFU = ("male", "female", "unisex")
_MF = ("male", "female")

_CATEGORIES: tuple[_Category, ...] = (
    # ---- Apparel -------------------------------------------------------------------------
    _cat(
        "Apparel",
        "Jackets",
        "jacket",
        (
            "Waterproof Running Jacket",
            "Insulated Puffer Jacket",
            "Softshell Hiking Jacket",
            "Packable Rain Jacket",
            "Quilted Bomber Jacket",
            "Waxed Cotton Field Jacket",
            "Recycled Down Parka",
            "Lightweight Wind Shell",
        ),
        _GPC_JACKETS,
        (
            "100% recycled polyester",
            "nylon ripstop",
            "waxed organic cotton",
            "polyester with recycled down fill",
        ),
        (89, 299),
        (
            "Fully taped seams",
            "<b>10,000 mm</b> waterproof rating",
            "Adjustable storm hood",
            "Two zippered hand pockets",
            "Packs into its own chest pocket",
            "Reflective trims for low light",
            "Two-way front zip",
        ),
        (
            "wet morning runs",
            "unpredictable mountain weather",
            "city commutes in the rain",
            "cold winter walks",
        ),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Vests",
        "vest",
        ("Down Insulated Vest", "Fleece Zip Vest", "Quilted Travel Vest"),
        _GPC_VESTS,
        (
            "recycled polyester fleece",
            "nylon with responsibly sourced down",
            "polyester with synthetic fill",
        ),
        (59, 149),
        ("Warmth without bulk", "Zippered chest pocket", "Stand-up collar", "Packable design"),
        ("layering on cold days", "early-season hikes", "travel days"),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Sweaters",
        "sweater",
        (
            "Merino Wool Crew Sweater",
            "Cable Knit Cardigan",
            "Lambswool V-Neck Sweater",
            "Half-Zip Fleece Pullover",
            "Chunky Rollneck Sweater",
            "Cotton Cashmere Crewneck",
        ),
        _GPC_TOPS,
        (
            "extra-fine merino wool",
            "lambswool",
            "organic cotton and cashmere blend",
            "recycled polyester fleece",
        ),
        (59, 189),
        (
            "Ribbed cuffs and hem",
            "Naturally odour resistant",
            "Soft, itch-free knit",
            "Relaxed fit that layers easily",
            "<b>Mulesing-free</b> wool",
        ),
        (
            "cool autumn evenings",
            "layering in the office",
            "weekends by the fire",
            "travel and everyday wear",
        ),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Shirts",
        "shirt",
        (
            "Organic Cotton Crew T-Shirt",
            "Performance Running Tee",
            "Linen Button-Down Shirt",
            "Oxford Cotton Shirt",
            "Flannel Overshirt",
            "Long Sleeve Henley",
        ),
        _GPC_TOPS,
        (
            "100% organic cotton",
            "European linen",
            "brushed cotton flannel",
            "recycled polyester mesh",
        ),
        (24, 89),
        (
            "Pre-shrunk fabric",
            "Reinforced shoulder seams",
            "Breathable, quick-dry fabric",
            "Tag-free neckline",
            "Classic regular fit",
            "Mother-of-pearl buttons",
        ),
        (
            "everyday wear",
            "warm summer days",
            "tempo runs and gym sessions",
            "smart casual Fridays",
        ),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Pants",
        "pair of pants",
        (
            "Slim Fit Chino Pants",
            "Stretch Hiking Pants",
            "Relaxed Fit Joggers",
            "Tapered Cargo Pants",
            "Wide Leg Linen Trousers",
            "Five-Pocket Corduroy Pants",
        ),
        _GPC_PANTS,
        (
            "stretch cotton twill",
            "nylon-elastane blend",
            "brushed cotton fleece",
            "European linen",
            "cotton corduroy",
        ),
        (49, 139),
        (
            "Four-way stretch",
            "Gusseted crotch for freedom of movement",
            "Zippered thigh pocket",
            "Elastic drawcord waist",
            "Garment dyed for a lived-in look",
        ),
        ("trail days and travel", "the office and beyond", "lazy Sundays", "warm-weather evenings"),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Shorts",
        "pair of shorts",
        ("Trail Running Shorts", "Linen Drawstring Shorts", "Chino Shorts", "Board Shorts"),
        _GPC_SHORTS,
        ("recycled polyester", "European linen", "stretch cotton twill", "quick-dry nylon"),
        (29, 79),
        ("Built-in liner", "Zippered back pocket", "7-inch inseam", "Quick-dry fabric"),
        ("hot-weather runs", "beach days", "summer weekends"),
        genders=_MFU,
    ),
    _cat(
        "Apparel",
        "Dresses",
        "dress",
        ("Wrap Midi Dress", "Linen Shirt Dress", "Jersey T-Shirt Dress", "Pleated Maxi Dress"),
        _GPC_DRESSES,
        ("European linen", "TENCEL lyocell", "organic cotton jersey", "recycled polyester crepe"),
        (59, 169),
        (
            "Adjustable tie waist",
            "Side seam pockets",
            "Fully lined skirt",
            "Relaxed, flattering drape",
        ),
        ("summer weddings", "long lunches", "workdays and weekends"),
        genders=("female",),
    ),
    _cat(
        "Apparel",
        "Activewear",
        "activewear piece",
        (
            "High-Rise Yoga Leggings",
            "Seamless Sports Bra",
            "Thermal Base Layer Top",
            "Training Tank Top",
            "Compression Running Tights",
        ),
        _GPC_ACTIVEWEAR,
        ("nylon-elastane blend", "recycled polyester", "merino wool blend"),
        (29, 109),
        (
            "Squat-proof fabric",
            "Flatlock seams prevent chafing",
            "Moisture-wicking knit",
            "Hidden key pocket",
            "<b>UPF 50+</b> sun protection",
        ),
        ("yoga and pilates", "high-intensity training", "winter runs", "studio classes"),
        genders=_MF,
    ),
    # ---- Shoes ---------------------------------------------------------------------------
    _cat(
        "Shoes",
        "Running",
        "running shoe",
        (
            "Road Running Shoes",
            "Cushioned Daily Trainer",
            "Carbon Plate Racing Shoes",
            "Stability Running Shoes",
        ),
        _GPC_SHOES,
        ("engineered mesh", "recycled knit upper", "mesh with TPU overlays"),
        (89, 229),
        (
            "Nitrogen-infused foam midsole",
            "8 mm heel-to-toe drop",
            "Durable rubber outsole",
            "Padded heel collar",
            "<b>Carbon fibre</b> propulsion plate",
        ),
        ("daily miles", "race day", "long weekend runs", "tempo sessions"),
        genders=_MFU,
    ),
    _cat(
        "Shoes",
        "Trail",
        "trail shoe",
        ("Trail Running Shoes", "Waterproof Trail Shoes", "Rock Plate Trail Runners"),
        _GPC_SHOES,
        ("ripstop mesh", "mesh with waterproof membrane", "abrasion-resistant synthetic"),
        (109, 199),
        (
            "5 mm multidirectional lugs",
            "Protective toe bumper",
            "Waterproof, breathable membrane",
            "Rock plate underfoot",
        ),
        ("technical trails", "muddy forest loops", "ultra distances"),
        genders=_MFU,
    ),
    _cat(
        "Shoes",
        "Sneakers",
        "sneaker",
        (
            "Court Leather Sneakers",
            "Canvas Low-Top Sneakers",
            "Retro Suede Trainers",
            "Slip-On Knit Sneakers",
        ),
        _GPC_SHOES,
        ("full-grain leather", "organic cotton canvas", "suede", "recycled knit"),
        (69, 159),
        (
            "Cupsole construction",
            "Removable cushioned insole",
            "Natural rubber sole",
            "Waxed cotton laces",
        ),
        ("everyday wear", "city weekends", "travel"),
        genders=_MFU,
    ),
    _cat(
        "Shoes",
        "Boots",
        "boot",
        (
            "Waterproof Hiking Boots",
            "Leather Chelsea Boots",
            "Insulated Winter Boots",
            "Lace-Up Work Boots",
        ),
        _GPC_SHOES,
        ("full-grain leather", "suede with waterproof membrane", "nubuck leather"),
        (119, 279),
        (
            "Goodyear welted",
            "Vibram rubber outsole",
            "Waterproof membrane",
            "Cushioned footbed",
            "Rated to <b>-25°C</b>",
        ),
        ("winter commutes", "multi-day hikes", "rainy city days"),
        genders=_MFU,
    ),
    _cat(
        "Shoes",
        "Sandals",
        "sandal",
        ("Strappy Trail Sandals", "Cork Footbed Sandals", "Recovery Slides"),
        _GPC_SHOES,
        ("recycled polyester webbing", "leather and cork", "EVA foam"),
        (39, 119),
        ("Contoured footbed", "Quick-dry straps", "Grippy rubber outsole"),
        ("summer trips", "post-run recovery", "river crossings"),
        genders=_MFU,
    ),
    # ---- Electronics ---------------------------------------------------------------------
    _cat(
        "Electronics",
        "Headphones",
        "pair of headphones",
        (
            "ANC Wireless Over-Ear Headphones",
            "True Wireless Earbuds Pro",
            "Open-Ear Sport Headphones",
            "Studio Monitor Headphones",
            "Noise Cancelling Earbuds",
            "Kids Volume-Limited Headphones",
        ),
        _GPC_HEADPHONES,
        ("aluminium and recycled plastic", "matte polycarbonate", "protein leather and steel"),
        (39, 379),
        (
            "<b>Active noise cancellation</b> with transparency mode",
            "Up to 40 hours of battery life",
            "Bluetooth 5.3 multipoint",
            "USB-C fast charging",
            "IPX4 sweat resistance",
            "Foldable design",
        ),
        ("long-haul flights", "focused work", "workouts", "daily commutes"),
        mid="Audio",
    ),
    _cat(
        "Electronics",
        "Speakers",
        "speaker",
        (
            "Portable Bluetooth Speaker",
            "Waterproof Shower Speaker",
            "Smart Home Speaker",
            "Bookshelf Speakers",
        ),
        _GPC_SPEAKERS,
        ("fabric-wrapped aluminium", "rugged silicone", "walnut veneer"),
        (29, 449),
        (
            "360° sound",
            "IP67 waterproof and dustproof",
            "Stereo pairing",
            "12-hour battery",
            "Built-in microphone",
        ),
        ("beach days", "backyard parties", "small living rooms"),
        mid="Audio",
    ),
    _cat(
        "Electronics",
        "Chargers",
        "charger",
        (
            "65W USB-C GaN Charger",
            "100W 3-Port GaN Charger",
            "30W Compact USB-C Charger",
            "Dual USB-C Car Charger",
            "3-in-1 Wireless Charging Stand",
            "20,000 mAh Power Bank",
        ),
        _GPC_CHARGERS,
        ("fire-retardant polycarbonate", "aluminium alloy", "recycled plastic"),
        (19, 129),
        (
            "Charges a laptop and phone at once",
            "GaN technology runs cooler",
            "Foldable plug",
            "Over-temperature protection",
            "USB Power Delivery 3.0",
        ),
        ("travel", "the desk", "road trips"),
        mid="Power",
    ),
    _cat(
        "Electronics",
        "Keyboards",
        "keyboard",
        (
            "Low-Profile Mechanical Keyboard",
            "Wireless Compact Keyboard",
            "75% Hot-Swap Keyboard",
            "Ergonomic Split Keyboard",
        ),
        _GPC_KEYBOARDS,
        ("aluminium", "PBT keycaps on ABS", "recycled plastic"),
        (49, 219),
        (
            "Hot-swappable switches",
            "Bluetooth and 2.4 GHz wireless",
            "Per-key backlight",
            "Works with Mac &amp; Windows",
        ),
        ("long writing sessions", "programming", "home offices"),
        mid="Computer Accessories",
    ),
    _cat(
        "Electronics",
        "Mice",
        "mouse",
        ("Ergonomic Wireless Mouse", "Silent Click Travel Mouse", "Vertical Ergonomic Mouse"),
        _GPC_MICE,
        ("matte ABS", "recycled plastic"),
        (19, 99),
        (
            "Silent clicks",
            "Up to 70 days per charge",
            "4,000 DPI sensor",
            "Connects to three devices",
        ),
        ("all-day office work", "travel", "creative work"),
        mid="Computer Accessories",
    ),
    _cat(
        "Electronics",
        "Webcams",
        "webcam",
        ("4K Streaming Webcam", "1080p Conference Webcam"),
        _GPC_WEBCAMS,
        ("aluminium", "ABS plastic"),
        (49, 199),
        ("Auto light correction", "Dual noise-reducing microphones", "Privacy shutter"),
        ("video calls", "streaming"),
        mid="Computer Accessories",
    ),
    _cat(
        "Electronics",
        "Wearables",
        "tracker",
        ("Fitness Tracker Band", "GPS Sport Watch", "Sleep Tracking Ring"),
        _GPC_TRACKERS,
        ("silicone and aluminium", "titanium", "stainless steel"),
        (49, 399),
        (
            "Heart-rate and SpO2 sensors",
            "Built-in GPS",
            "Up to 7 days battery",
            "Water resistant to 50 m",
        ),
        ("training plans", "better sleep", "everyday health"),
        mid="Wearables",
    ),
    # ---- Home ----------------------------------------------------------------------------
    _cat(
        "Home",
        "Cookware",
        "pan",
        (
            "Tri-Ply Stainless Steel Skillet",
            "Cast Iron Dutch Oven",
            "Ceramic Nonstick Frying Pan",
            "Carbon Steel Wok",
            "10-Piece Cookware Set",
            "Copper Core Saucepan",
        ),
        _GPC_COOKWARE,
        (
            "tri-ply stainless steel",
            "enamelled cast iron",
            "carbon steel",
            "aluminium with ceramic coating",
        ),
        (29, 349),
        (
            "Works on induction",
            "Oven safe to <b>260°C</b>",
            "PFAS-free nonstick coating",
            "Stay-cool handles",
            "Lifetime warranty",
        ),
        ("weeknight dinners", "slow braises", "high-heat searing"),
        mid="Kitchen",
    ),
    _cat(
        "Home",
        "Knives",
        "knife",
        ("8-Inch Chef's Knife", "Santoku Knife", "Bread Knife", "5-Piece Knife Block Set"),
        _GPC_KNIVES,
        ("German stainless steel", "Japanese VG-10 steel", "Damascus steel"),
        (39, 299),
        ("Full tang construction", "Hand-sharpened 15° edge", "Riveted pakkawood handle"),
        ("everyday prep", "home chefs", "carving and slicing"),
        mid="Kitchen",
    ),
    _cat(
        "Home",
        "Coffee",
        "coffee maker",
        (
            "Pour-Over Coffee Maker",
            "French Press",
            "Burr Coffee Grinder",
            "Stovetop Espresso Maker",
        ),
        _GPC_COFFEE,
        ("borosilicate glass", "stainless steel", "aluminium"),
        (24, 199),
        ("Makes up to 8 cups", "Dishwasher-safe parts", "Double-wall insulation"),
        ("slow weekend mornings", "the office", "coffee lovers"),
        mid="Kitchen",
    ),
    _cat(
        "Home",
        "Drinkware",
        "mug",
        ("Stoneware Mug Set", "Insulated Travel Mug", "Double-Wall Glass Cups"),
        _GPC_MUGS,
        ("glazed stoneware", "stainless steel", "borosilicate glass"),
        (14, 59),
        ("Microwave safe", "Holds 350 ml", "Spill-proof lid"),
        ("morning coffee", "commutes", "tea time"),
        mid="Kitchen",
    ),
    _cat(
        "Home",
        "Sheets",
        "sheet set",
        (
            "Percale Sheet Set",
            "Stonewashed Linen Sheet Set",
            "Sateen Sheet Set",
            "Brushed Flannel Sheet Set",
        ),
        _GPC_SHEETS,
        (
            "long-staple organic cotton",
            "French flax linen",
            "cotton sateen",
            "brushed cotton flannel",
        ),
        (79, 299),
        (
            "Deep pockets fit mattresses up to 16 in",
            "OEKO-TEX certified",
            "Gets softer with every wash",
        ),
        ("hot sleepers", "cosy winter nights", "guest rooms"),
        mid="Bedding",
    ),
    _cat(
        "Home",
        "Duvet Covers",
        "duvet cover",
        ("Waffle Weave Duvet Cover", "Linen Duvet Cover", "Organic Cotton Duvet Cover"),
        _GPC_DUVETS,
        ("French flax linen", "organic cotton", "cotton waffle weave"),
        (89, 259),
        (
            "Hidden button closure",
            "Corner ties keep the duvet in place",
            "Includes two pillowcases",
        ),
        ("relaxed bedrooms", "all-season comfort"),
        mid="Bedding",
    ),
    _cat(
        "Home",
        "Towels",
        "towel set",
        ("Turkish Cotton Bath Towels", "Waffle Bath Towel Set", "Quick-Dry Towel Set"),
        _GPC_TOWELS,
        ("Turkish cotton", "organic cotton waffle", "cotton and linen blend"),
        (29, 129),
        ("600 GSM plush pile", "Quick drying", "Hanging loops"),
        ("spa-like bathrooms", "guest baths", "the gym bag"),
        mid="Bath",
    ),
    _cat(
        "Home",
        "Lamps",
        "lamp",
        ("Ceramic Table Lamp", "Arc Floor Lamp", "Dimmable LED Desk Lamp", "Rattan Pendant Lamp"),
        _GPC_LAMPS,
        ("glazed ceramic", "brushed brass", "powder-coated steel", "natural rattan"),
        (39, 329),
        ("Warm dimmable light", "Linen drum shade", "E26 bulb included", "Touch control"),
        ("reading nooks", "living rooms", "home offices"),
        mid="Decor",
    ),
    _cat(
        "Home",
        "Throw Pillows",
        "pillow",
        ("Boucle Throw Pillow", "Linen Cushion Cover", "Chunky Knit Pillow"),
        _GPC_PILLOWS,
        ("boucle", "washed linen", "chunky cotton knit"),
        (19, 79),
        ("Feather-down insert", "Hidden zip closure", "Removable, washable cover"),
        ("sofas and reading chairs", "bedrooms"),
        mid="Decor",
    ),
    # ---- Sport ---------------------------------------------------------------------------
    _cat(
        "Sport",
        "Yoga",
        "yoga mat",
        (
            "Natural Rubber Yoga Mat",
            "Travel Yoga Mat",
            "Cork Yoga Block Set",
            "Extra Thick Pilates Mat",
        ),
        _GPC_YOGA_MATS,
        ("natural tree rubber", "cork", "TPE foam", "PU-coated rubber"),
        (19, 129),
        (
            "Non-slip grip even when wet",
            "Alignment lines",
            "4 mm cushioning",
            "Carry strap included",
        ),
        ("hot yoga", "home practice", "studio classes"),
        mid="Fitness",
    ),
    _cat(
        "Sport",
        "Weights",
        "set of weights",
        ("Adjustable Dumbbell Pair", "Cast Iron Kettlebell", "Hex Rubber Dumbbells"),
        _GPC_WEIGHTS,
        ("cast iron", "rubber-coated steel", "chrome steel"),
        (39, 399),
        ("Knurled chrome handle", "Adjusts from 5 to 52.5 lb", "Floor-friendly rubber coating"),
        ("home gyms", "strength training"),
        mid="Fitness",
    ),
    _cat(
        "Sport",
        "Resistance Bands",
        "band set",
        ("Resistance Band Set", "Fabric Booty Bands", "Pull-Up Assist Bands"),
        _GPC_BANDS,
        ("natural latex", "woven polyester and latex"),
        (14, 49),
        ("Five resistance levels", "Door anchor &amp; handles included", "Non-roll design"),
        ("travel workouts", "physio and rehab", "warm-ups"),
        mid="Fitness",
    ),
    _cat(
        "Sport",
        "Recovery",
        "foam roller",
        ("High-Density Foam Roller", "Vibrating Massage Roller"),
        _GPC_FOAM,
        ("EVA foam", "EPP foam over ABS core"),
        (19, 129),
        ("Textured surface", "Three vibration speeds", "Supports up to 300 lb"),
        ("post-run recovery", "mobility sessions"),
        mid="Fitness",
    ),
    _cat(
        "Sport",
        "Camping",
        "tent",
        (
            "2-Person Backpacking Tent",
            "Freestanding 4-Person Tent",
            "Ultralight Trekking Pole Tent",
        ),
        _GPC_TENTS,
        ("silnylon", "ripstop nylon", "polyester taffeta"),
        (129, 499),
        (
            "Weighs under <b>1.2 kg</b>",
            "Colour-coded poles",
            "Two doors &amp; two vestibules",
            "Seam-taped rainfly",
        ),
        ("thru-hikes", "family camping", "bikepacking"),
        mid="Outdoor",
    ),
    _cat(
        "Sport",
        "Sleeping Bags",
        "sleeping bag",
        ("Ultralight 20°F Sleeping Bag", "Down Camping Quilt", "Three-Season Mummy Sleeping Bag"),
        _GPC_SLEEPING,
        ("ripstop nylon with down fill", "recycled polyester with synthetic fill"),
        (99, 399),
        (
            "Responsibly sourced 800-fill down",
            "Draft collar &amp; hood",
            "Compression sack included",
        ),
        ("thru-hikes", "cold nights under the stars", "bikepacking"),
        mid="Outdoor",
    ),
    _cat(
        "Sport",
        "Hiking",
        "pair of poles",
        ("Carbon Trekking Poles", "Aluminium Hiking Poles"),
        _GPC_POLES,
        ("carbon fibre", "7075 aluminium"),
        (49, 169),
        ("Cork grips", "Flick-lock adjustment", "Folds to 38 cm"),
        ("steep descents", "long-distance hikes"),
        mid="Outdoor",
    ),
    _cat(
        "Sport",
        "Backpacks",
        "backpack",
        (
            "30L Hiking Daypack",
            "Ultralight Running Vest",
            "45L Trekking Backpack",
            "Roll-Top Commuter Backpack",
        ),
        _GPC_BACKPACKS,
        ("recycled nylon", "waterproof tarpaulin", "ripstop polyester"),
        (49, 259),
        (
            "Ventilated back panel",
            "Hydration sleeve",
            "Rain cover included",
            "Padded laptop sleeve",
        ),
        ("day hikes", "trail races", "bike commutes"),
        mid="Outdoor",
    ),
    _cat(
        "Sport",
        "Cycling",
        "helmet",
        ("MIPS Road Cycling Helmet", "Urban Commuter Helmet", "Trail MTB Helmet"),
        _GPC_HELMETS,
        ("in-mould polycarbonate and EPS", "ABS shell with EPS liner"),
        (59, 249),
        ("MIPS rotational protection", "Integrated rear light", "Magnetic buckle", "18 vents"),
        ("road rides", "city commutes", "trail riding"),
        mid="Cycling",
    ),
    _cat(
        "Sport",
        "Hydration",
        "bottle",
        ("Insulated Water Bottle", "Collapsible Soft Flask", "Squeeze Bike Bottle"),
        _GPC_BOTTLES,
        ("18/8 stainless steel", "TPU", "BPA-free polypropylene"),
        (12, 49),
        ("Keeps drinks cold for 24 hours", "Leak-proof cap", "Dishwasher safe"),
        ("long rides", "trail runs", "the gym"),
        mid="Hydration",
    ),
)

_BRANDS: dict[str, tuple[str, ...]] = {
    "Apparel": (
        "Nordlys",
        "Trailblazer",
        "Fernhill",
        "Marlowe & Finch",
        "Kestrel Row",
        "Saltmarsh",
    ),
    "Shoes": ("Stridewell", "Pacefield", "Cobble & Co.", "Altura", "Vanta Run"),
    "Electronics": ("Voltix", "Sonique", "Lumora", "Arcwave", "Kinetica", "Pixelforge"),
    "Home": ("Hearth & Hollow", "Casa Verde", "Linenry", "Copperpot", "Morrow Home"),
    "Sport": ("Peakform", "Zenfold", "IronLoop", "Ridgeline Outfitters", "Aquaterra"),
}

_LINES: dict[str, tuple[str, ...]] = {
    "Apparel": (
        "Summit",
        "Fjord",
        "Harbor",
        "Coastline",
        "Alpine",
        "Meridian",
        "Cascade",
        "Ember",
        "Tundra",
        "Drift",
    ),
    "Shoes": ("Glide", "Tempo", "Ridge", "Velo", "Terra", "Swift", "Cloudline", "Granite"),
    "Electronics": ("Aria", "Pulse", "Nova", "Flux", "Echo", "Orbit", "Halo", "Vector", "Q2", "X1"),
    "Home": ("Hearth", "Solstice", "Willow", "Atelier", "Terra", "Juniper", "Oslo"),
    "Sport": ("Apex", "Flow", "Basecamp", "Kinetic", "Horizon", "Tempo", "Ridge"),
}

_COLORS: dict[str, tuple[str, ...]] = {
    "Apparel": (
        "Black",
        "Navy",
        "Charcoal",
        "Heather Grey",
        "Olive",
        "Forest Green",
        "Burgundy",
        "Sand",
        "Ivory",
        "Rust",
        "Sky Blue",
        "Dusty Rose",
    ),
    "Shoes": (
        "Black",
        "White",
        "Triple Black",
        "Grey/Volt",
        "Navy/White",
        "Sand",
        "Olive",
        "Coral/White",
    ),
    "Electronics": ("Black", "White", "Silver", "Midnight Blue", "Space Grey", "Sage"),
    "Home": ("Cream", "Sage", "Terracotta", "Slate", "Natural", "Graphite", "Oat"),
    "Sport": ("Black", "Teal", "Coral", "Lavender", "Slate Blue", "Forest"),
}

# Share of products per department (weights for the per-product draw).
_DEPT_WEIGHTS: tuple[tuple[str, int], ...] = (
    ("Apparel", 20),
    ("Shoes", 12),
    ("Electronics", 24),
    ("Home", 23),
    ("Sport", 21),
)
_DEPT_NAMES = tuple(d for d, _ in _DEPT_WEIGHTS)
_DEPT_CUM = tuple(sum(w for _, w in _DEPT_WEIGHTS[: i + 1]) for i in range(len(_DEPT_WEIGHTS)))
_DEDUPE_TITLES = 3000
_CATS_BY_DEPT: dict[str, tuple[_Category, ...]] = {
    dept: tuple(c for c in _CATEGORIES if c.dept == dept) for dept in _DEPT_NAMES
}

_OPENINGS = (
    "The {brand} {style} is built for {use}.",
    "Meet the {style} from {brand}, designed for {use}.",
    "Made for {use}, this {noun} keeps things simple and does it well.",
    "Our best-loved {noun} for {use}, refined for this season.",
)
_MATERIAL_SENTENCES = (
    "It is made from {material} that holds up to daily use.",
    "Crafted from {material} for comfort that lasts.",
    "The {material} build is light yet durable.",
)
_CARE = {
    "Apparel": (
        "Machine wash cold &amp; tumble dry low.",
        "Wash at 30°C &amp; dry flat.",
        "Machine wash cold, inside out.",
    ),
    "Shoes": (
        "Wipe clean with a damp cloth &amp; air dry.",
        "Spot clean only.",
        "Remove the insole &amp; air dry after wet runs.",
    ),
    "Electronics": (
        "Includes a USB-C cable &amp; quick-start guide.",
        "Backed by a two-year warranty.",
        "Firmware updates arrive over the companion app.",
    ),
    "Home": (
        "Dishwasher safe &amp; easy to store.",
        "Machine wash warm &amp; tumble dry.",
        "Backed by our lifetime guarantee.",
    ),
    "Sport": (
        "Wipe clean &amp; store dry.",
        "Rinse after use and air dry.",
        "Backed by our 2-year trail guarantee.",
    ),
}
_HOOKS = (
    "Designed in-house.",
    "New for this season.",
    "Staff pick.",
    "Built to last.",
    "Free returns for 30 days.",
)

_DESCRIPTION_UPDATES = (
    "Now made with 20% more recycled materials.",
    "Updated fit based on customer feedback.",
    "New packaging is 100% plastic-free.",
    "Now covered by our extended three-year warranty.",
    "Improved stitching for even better durability.",
)


def _check_digit(digits: str) -> str:
    """GS1 check digit of a GTIN body (weights 3,1,... from the right)."""
    total = 3 * sum(map(int, digits[-1::-2])) + sum(map(int, digits[-2::-2]))
    return str((10 - total % 10) % 10)


def _gtin(index: int) -> str:
    """A valid, unique GTIN-13 derived from the item's 1-based number."""
    body = f"40{index % 10**10:010d}"
    return body + _check_digit(body)


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d} {CURRENCY}"


def _parse_money(text: str) -> int:
    amount = text.split()[0]
    whole, _, frac = amount.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _item_id(number: int) -> str:
    return f"{_ID_PREFIX}{number:06d}"


def _id_number(item_id: str) -> int | None:
    m = _ID_RE.match(item_id)
    return int(m.group(1)) if m else None


@dataclass(slots=True)
class _Product:
    """A product before it is expanded into items (its variants)."""

    dept: str
    title: str
    description: str
    brand: str
    product_type: str
    google_product_category: str
    material: str
    gender: str
    price_cents: int
    sale_cents: int
    sale_window: str
    best_seller: bool
    has_gtin: bool
    colors: tuple[str, ...]
    sizes: tuple[str, ...]


class _Factory:
    """Invents products and expands them into items, drawing only from one ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.titles: set[str] = set()

    def product(self) -> _Product:
        """Invent the next product."""
        rng = self.rng
        dept = rng.choices(_DEPT_NAMES, cum_weights=_DEPT_CUM)[0]
        cat = rng.choice(_CATS_BY_DEPT[dept])
        brand = ""
        title = ""
        style = ""
        # Avoid repeating a title while combinations are plentiful; large catalogues
        # (beyond a few thousand products) accept repeats rather than spend time retrying.
        tries = 4 if len(self.titles) < _DEDUPE_TITLES else 1
        for _ in range(tries):
            brand = rng.choice(_BRANDS[dept])
            style = rng.choice(cat.styles)
            if rng.random() < 0.4:
                title = f"{brand} {rng.choice(_LINES[dept])} {style}"
            else:
                title = f"{brand} {style}"
            if title not in self.titles:
                break
        if len(self.titles) < _DEDUPE_TITLES:
            self.titles.add(title)

        gender = rng.choice(cat.genders) if cat.genders else ""
        if gender:
            product_type = f"{dept} > {_GENDER_LABEL[gender]} > {cat.segment}"
        else:
            product_type = f"{dept} > {cat.mid} > {cat.segment}"
        gpc = cat.gpc_id if rng.random() < 0.6 else cat.gpc_path
        material = rng.choice(cat.materials)
        description = self._description(cat, brand, style, material)

        lo, hi = cat.price
        dollars = rng.randint(lo, hi)
        price_cents = dollars * 100 + rng.choice((-1, -1, -1, -5, 0))
        sale_cents = 0
        sale_window = ""
        if rng.random() < 0.15:
            factor = rng.choice((0.6, 0.7, 0.75, 0.8, 0.85))
            sale_cents = max(99, int(price_cents * factor) // 100 * 100 - 1)
            if sale_cents >= price_cents:
                sale_cents = 0
            else:
                sale_window = rng.choice(_SALE_WINDOWS)
        best_seller = rng.random() < 0.10
        has_gtin = rng.random() < 0.6

        colors, sizes = self._variants(dept)
        return _Product(
            dept=dept,
            title=title,
            description=description,
            brand=brand,
            product_type=product_type,
            google_product_category=gpc,
            material=material,
            gender=gender,
            price_cents=price_cents,
            sale_cents=sale_cents,
            sale_window=sale_window,
            best_seller=best_seller,
            has_gtin=has_gtin,
            colors=colors,
            sizes=sizes,
        )

    def _variants(self, dept: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        rng = self.rng
        palette = _COLORS[dept]
        if dept in ("Apparel", "Shoes"):
            n_colors = rng.choices((1, 2, 3), weights=(5, 4, 1))[0]
            scale = _APPAREL_SIZES if dept == "Apparel" else _SHOE_SIZES
            n_sizes = rng.choices((2, 3, 4), weights=(3, 4, 2))[0]
            start = rng.randint(0, len(scale) - n_sizes)
            return tuple(rng.sample(palette, n_colors)), scale[start : start + n_sizes]
        if rng.random() < 0.15:  # a colour-variant group
            return tuple(rng.sample(palette, rng.choice((2, 3)))), ()
        if rng.random() < 0.6:
            return (rng.choice(palette),), ()
        return (), ()

    def _description(self, cat: _Category, brand: str, style: str, material: str) -> str:
        rng = self.rng
        use = rng.choice(cat.use)
        opening = rng.choice(_OPENINGS).format(brand=brand, style=style, noun=cat.noun, use=use)
        mat = rng.choice(_MATERIAL_SENTENCES).format(material=material)
        care = rng.choice(_CARE[cat.dept])
        bullets = "".join(
            f"<li>{f}</li>" for f in rng.sample(cat.features, min(len(cat.features), 3))
        )
        layout = rng.randrange(4)
        if layout == 0:
            return f"<p>{opening} {mat}</p><ul>{bullets}</ul><p>{care}</p>"
        if layout == 1:
            return f"<p><b>{rng.choice(_HOOKS)}</b> {opening}</p><p>{mat} {care}</p>"
        if layout == 2:
            return f"<p>{opening} {care}</p><ul>{bullets}</ul>"
        return f"<p>{opening}</p><p>{mat}</p>"

    def items(self, product: _Product, first_number: int) -> Iterator[dict[str, Any]]:
        """Expand ``product`` into items numbered from ``first_number``."""
        rng = self.rng
        colors = product.colors or ("",)
        sizes = product.sizes or ("",)
        grouped = len(colors) * len(sizes) > 1
        group_id = f"{_GROUP_PREFIX}{first_number:06d}" if grouped else ""
        slug = _slug(product.title)
        age_group = "adult" if product.dept in ("Apparel", "Shoes") else ""
        price = _money(product.price_cents)
        sale_price = _money(product.sale_cents) if product.sale_cents else ""
        label = "Best Sellers" if product.best_seller else ""
        link = f"{BASE_URL}/products/{slug}?variant="
        number = first_number
        for color in colors:
            for size in sizes:
                item_id = _item_id(number)
                r = rng.random()
                if r < 0.10:
                    availability = "out of stock"
                elif r < 0.12:
                    availability = "preorder"
                else:
                    availability = "in stock"
                yield {
                    "id": item_id,
                    "title": product.title,
                    "description": product.description,
                    "link": link + item_id,
                    "image_link": f"{BASE_URL}/img/{item_id}.jpg",
                    "availability": availability,
                    "price": price,
                    "sale_price": sale_price,
                    "sale_price_effective_date": product.sale_window,
                    "brand": product.brand,
                    "gtin": _gtin(number) if product.has_gtin else "",
                    "condition": "new",
                    "google_product_category": product.google_product_category,
                    "product_type": product.product_type,
                    "item_group_id": group_id,
                    "color": color,
                    "size": size,
                    "gender": product.gender,
                    "age_group": age_group,
                    "material": product.material,
                    "custom_label_0": label,
                }
                number += 1


def _stream(rng: random.Random, first_number: int) -> Iterator[dict[str, Any]]:
    """Endless items numbered from ``first_number``."""
    factory = _Factory(rng)
    number = first_number
    while True:
        for item in factory.items(factory.product(), number):
            yield item
            number += 1


def generate_items(size: int = DEFAULT_SIZE, seed: int = 7) -> Iterator[dict[str, Any]]:
    """Yield the demo catalogue, one dict per feed item.

    Items are generated lazily; the catalogue of size ``N`` is the first ``N``
    items of any larger catalogue with the same seed (a variant group cut by
    ``size`` is simply partial).

    Args:
        size: Number of items (each variant is one item). Must be >= 0.
        seed: Seed of the ``random.Random`` every choice is drawn from.

    Yields:
        A dict with every key of :data:`FIELDS` (g: names without the prefix);
        values are the feed text, ``""`` for a field the item does not have.
        ``description`` holds simple HTML with entities (``&amp;``).

    Raises:
        ValueError: If ``size`` is negative.
    """
    if size < 0:
        raise ValueError(f"size must be >= 0, got {size}")
    stream = _stream(random.Random(seed), 1)
    for _ in range(size):
        yield next(stream)


# ---- change scenarios -------------------------------------------------------------------


def _changed_price(item: dict[str, Any], rng: random.Random) -> str:
    old = _parse_money(item["price"])
    sale = _parse_money(item["sale_price"]) if item.get("sale_price") else 0
    factor = rng.choice((0.85, 0.9, 1.1, 1.15, 1.2))
    new = int(old * factor) // 100 * 100 + 99 if old >= 100 else old + 100
    if new == old or new <= sale:
        new = old + 500
    return _money(new)


def _changed_stock(item: dict[str, Any]) -> str:
    return (
        "in stock" if item.get("availability") in ("out of stock", "preorder") else "out of stock"
    )


def _changed_description(item: dict[str, Any], rng: random.Random) -> str:
    return f"{item.get('description', '')}<p>{rng.choice(_DESCRIPTION_UPDATES)}</p>"


def _changed_category(item: dict[str, Any], rng: random.Random) -> str:
    current = item.get("product_type", "")
    parts = current.split(" > ")
    dept = parts[0]
    candidates: list[str] = []
    for cat in _CATS_BY_DEPT.get(dept, ()):
        if cat.genders:
            label = parts[1] if len(parts) > 2 else "Unisex"
            gender = next((g for g, lbl in _GENDER_LABEL.items() if lbl == label), "unisex")
            if gender not in cat.genders:
                continue
            path = f"{dept} > {label} > {cat.segment}"
        else:
            path = f"{dept} > {cat.mid} > {cat.segment}"
        if path != current and path not in candidates:
            candidates.append(path)
    if not candidates:
        return f"{current} > Featured" if current else "Featured"
    return rng.choice(candidates)


def _modify(item: dict[str, Any], kind: str, rng: random.Random) -> dict[str, Any]:
    new = dict(item)
    if kind in ("price", "price_stock"):
        new["price"] = _changed_price(item, rng)
    if kind in ("stock", "price_stock"):
        new["availability"] = _changed_stock(item)
    if kind == "description":
        new["description"] = _changed_description(item, rng)
    if kind == "category":
        new["product_type"] = _changed_category(item, rng)
    return new


def _new_items(first_number: int, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` fresh items numbered from ``first_number`` (their groups get fresh ids too)."""
    stream = _stream(rng, first_number)
    return [next(stream) for _ in range(count)]


def _max_number(items: Iterable[dict[str, Any]]) -> int:
    numbers = (_id_number(str(it.get("id", ""))) for it in items)
    return max((n for n in numbers if n is not None), default=0)


def apply_scenario(
    items: Iterable[dict[str, Any]],
    scenario: str,
    *,
    count: int = 1,
    seed: int = 11,
) -> Iterator[dict[str, Any]]:
    """Apply a deterministic change scenario to a catalogue.

    Scenarios:
        ``none``: the items unchanged (streamed, nothing is materialised).
        ``add``: ``count`` new items appended, ids following the highest id.
        ``price``: the price of ``count`` items changed (kept above any sale price).
        ``stock``: the availability of ``count`` items flipped
        (in stock <-> out of stock, preorder -> in stock).
        ``price_stock``: both of the above on the same ``count`` items.
        ``description``: a sentence appended to the description of ``count`` items.
        ``category``: the ``product_type`` of ``count`` items moved to another
        path of the same department.
        ``delete``: ``count`` items dropped.
        ``mixed``: ``count`` changes in all, split as evenly as possible over the
        kinds above (price, stock, price_stock, description, category, delete,
        add), each on a distinct item.

    Single-item changes touch only the chosen item, even inside a variant group.
    Input dicts are never mutated; changed items are copies.

    Args:
        items: The catalogue, e.g. from :func:`generate_items`.
        scenario: One of :data:`SCENARIOS`.
        count: Number of changes (items affected).
        seed: Seed choosing which items change and how.

    Yields:
        The changed catalogue in feed order (added items last).

    Raises:
        ValueError: For an unknown scenario, a negative count, or a count larger
            than the catalogue for scenarios that change existing items.
    """
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {', '.join(SCENARIOS)}")
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    return _apply(items, scenario, count, seed)


def _apply(
    items: Iterable[dict[str, Any]], scenario: str, count: int, seed: int
) -> Iterator[dict[str, Any]]:
    rng = random.Random(f"aisle-demo-scenario:{scenario}:{seed}")
    if scenario == "none":
        yield from items
        return
    if scenario == "add":
        max_number = 0
        for item in items:
            n = _id_number(str(item.get("id", "")))
            if n is not None and n > max_number:
                max_number = n
            yield item
        yield from _new_items(max_number + 1, count, rng)
        return

    catalogue = list(items)
    if scenario == "mixed":
        plan = {
            kind: count // len(_MIXED_KINDS) + (1 if i < count % len(_MIXED_KINDS) else 0)
            for i, kind in enumerate(_MIXED_KINDS)
        }
    else:
        plan = {scenario: count}
    n_existing = sum(n for kind, n in plan.items() if kind != "add")
    if n_existing > len(catalogue):
        raise ValueError(
            f"scenario {scenario!r} needs {n_existing} items, the catalogue has {len(catalogue)}"
        )
    chosen = rng.sample(range(len(catalogue)), n_existing)
    action: dict[int, str] = {}
    pos = 0
    for kind, n in plan.items():
        if kind == "add":
            continue
        for index in chosen[pos : pos + n]:
            action[index] = kind
        pos += n
    n_add = plan.get("add", 0)
    new_items = _new_items(_max_number(catalogue) + 1, n_add, rng) if n_add else []
    for index, item in enumerate(catalogue):
        kind = action.get(index)  # type: ignore[assignment]  # None: this item is unchanged
        if kind is None:
            yield item
        elif kind != "delete":
            yield _modify(item, kind, rng)
    yield from new_items


# ---- writing ----------------------------------------------------------------------------


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


_TAGS = tuple((name, f"  <g:{name}>", f"</g:{name}>\n") for name in FIELDS)


def _item_xml(item: dict[str, Any]) -> str:
    parts = ["<item>\n"]
    append = parts.append
    for name, open_tag, close_tag in _TAGS:
        value = item.get(name)
        if value is None or value == "":
            continue
        text = str(value)
        if name == "description":
            text = _cdata(text)
        elif "&" in text or "<" in text or ">" in text:
            text = escape(text)
        append(open_tag)
        append(text)
        append(close_tag)
    append("</item>\n")
    return "".join(parts)


def write_feed(
    path: Path | str, items: Iterable[dict[str, Any]], *, title: str = "Aisle demo store"
) -> int:
    """Write ``items`` as a Google Merchant Center RSS 2.0 feed, atomically.

    The document is streamed item by item to a temporary file next to ``path``
    and moved into place with ``os.replace``; a failure leaves ``path`` as it
    was. Descriptions are written as CDATA (their HTML kept verbatim), every
    other field is XML-escaped; empty fields are left out.

    Args:
        path: Destination file.
        items: Item dicts as produced by :func:`generate_items`.
        title: Channel title.

    Returns:
        The number of items written.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    written = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
            out.write(
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<rss version="2.0" xmlns:g="{G_NS}">\n'
                "<channel>\n"
                f"<title>{escape(title)}</title>\n"
                f"<link>{BASE_URL}</link>\n"
                f"<description>{escape(title)} product feed</description>\n"
            )
            for item in items:
                out.write(_item_xml(item))
                written += 1
            out.write("</channel>\n</rss>\n")
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    return written


def build_demo_feed(
    path: Path | str,
    size: int = DEFAULT_SIZE,
    seed: int = 7,
    scenario: str = "none",
    count: int = 1,
) -> int:
    """Generate the demo catalogue, apply a scenario and write the feed.

    Args:
        path: Destination file.
        size: Number of items in the base catalogue.
        seed: Catalogue seed.
        scenario: One of :data:`SCENARIOS`, applied with its default seed.
        count: Number of changes for the scenario.

    Returns:
        The number of items written.
    """
    return write_feed(path, apply_scenario(generate_items(size, seed), scenario, count=count))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m sync.demo_feed OUT.xml [--size N] [--scenario NAME]``.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).

    Returns:
        The exit code (0 on success).
    """
    parser = argparse.ArgumentParser(
        prog="python -m sync.demo_feed",
        description="Write a deterministic demo Google Merchant Center feed.",
    )
    parser.add_argument("out", type=Path, help="output XML file")
    parser.add_argument(
        "--size", type=int, default=DEFAULT_SIZE, help=f"number of items (default {DEFAULT_SIZE})"
    )
    parser.add_argument("--seed", type=int, default=7, help="catalogue seed (default 7)")
    parser.add_argument(
        "--scenario", choices=SCENARIOS, default="none", help="change scenario (default none)"
    )
    parser.add_argument(
        "--count", type=int, default=1, help="number of changes for the scenario (default 1)"
    )
    args = parser.parse_args(argv)
    if args.size < 0 or args.count < 0:
        parser.error("--size and --count must be >= 0")
    try:
        n = build_demo_feed(
            args.out, size=args.size, seed=args.seed, scenario=args.scenario, count=args.count
        )
    except ValueError as exc:
        parser.error(str(exc))
    print(f"wrote {n} items to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
