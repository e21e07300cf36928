"""Data tables of the demo catalogue: departments, categories, brands, colours, texts.

Kept apart from :mod:`sync.demo_feed` (the generator) so the generator stays
readable; changing a table changes every generated catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

GENDER_LABEL = {"male": "Men", "female": "Women", "unisex": "Unisex"}
APPAREL_SIZES = ("XS", "S", "M", "L", "XL", "XXL")
SHOE_SIZES = ("38", "39", "40", "41", "42", "43", "44", "45", "46")

SALE_WINDOWS = (
    "2026-11-01T00:00:00+00:00/2026-12-31T23:59:59+00:00",
    "2026-11-20T00:00:00+00:00/2026-12-01T23:59:59+00:00",
    "2026-01-01T00:00:00+00:00/2026-12-31T23:59:59+00:00",
    "2026-06-01T00:00:00+00:00/2026-08-31T23:59:59+00:00",
)


@dataclass(frozen=True, slots=True)
class Category:
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
GPC_JACKETS = ("5598", "Apparel & Accessories > Clothing > Outerwear > Coats & Jackets")
GPC_VESTS = ("1831", "Apparel & Accessories > Clothing > Outerwear > Vests")
GPC_TOPS = ("212", "Apparel & Accessories > Clothing > Shirts & Tops")
GPC_PANTS = ("204", "Apparel & Accessories > Clothing > Pants")
GPC_SHORTS = ("207", "Apparel & Accessories > Clothing > Shorts")
GPC_DRESSES = ("2271", "Apparel & Accessories > Clothing > Dresses")
GPC_ACTIVEWEAR = ("5322", "Apparel & Accessories > Clothing > Activewear")
GPC_SHOES = ("187", "Apparel & Accessories > Shoes")
GPC_HEADPHONES = (
    "543626",
    "Electronics > Audio > Audio Components > Headphones & Headsets > Headphones",
)
GPC_SPEAKERS = ("249", "Electronics > Audio > Audio Components > Speakers")
GPC_CHARGERS = (
    "505295",
    "Electronics > Electronics Accessories > Power > Power Adapters & Chargers",
)
GPC_KEYBOARDS = (
    "303",
    "Electronics > Electronics Accessories > Computer Components > Input Devices > Keyboards",
)
GPC_MICE = (
    "304",
    "Electronics > Electronics Accessories > Computer Components > Input Devices"
    " > Mice & Trackballs",
)
GPC_WEBCAMS = ("312", "Cameras & Optics > Cameras > Webcams")
GPC_TRACKERS = ("500009", "Health & Beauty > Health Care > Biometric Monitors > Activity Monitors")
GPC_COOKWARE = ("654", "Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware")
GPC_SKILLETS = (
    "662",
    "Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware > Skillets & Frying Pans",
)
GPC_KNIVES = (
    "665",
    "Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives",
)
GPC_COFFEE = (
    "736",
    "Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines",
)
GPC_MUGS = ("2169", "Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs")
GPC_SHEETS = ("2314", "Home & Garden > Linens & Bedding > Bedding > Bed Sheets")
GPC_DUVETS = ("2541", "Home & Garden > Linens & Bedding > Bedding > Duvet Covers")
GPC_TOWELS = ("576", "Home & Garden > Linens & Bedding > Towels > Bath Towels & Washcloths")
GPC_LAMPS = ("4636", "Home & Garden > Lighting > Lamps")
GPC_PILLOWS = ("4454", "Home & Garden > Decor > Throw Pillows")
GPC_YOGA_MATS = (
    "3640",
    "Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga & Pilates Mats",
)
GPC_WEIGHTS = ("3164", "Sporting Goods > Exercise & Fitness > Weight Lifting > Free Weights")
GPC_BANDS = ("5869", "Sporting Goods > Exercise & Fitness > Exercise Bands")
GPC_FOAM = ("5319", "Sporting Goods > Exercise & Fitness > Foam Rollers")
GPC_TENTS = ("1022", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Tents")
GPC_SLEEPING = ("1020", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Sleeping Bags")
GPC_POLES = ("3738", "Sporting Goods > Outdoor Recreation > Camping & Hiking > Hiking Poles")
GPC_HELMETS = (
    "1029",
    "Sporting Goods > Outdoor Recreation > Cycling > Cycling Apparel & Accessories"
    " > Bicycle Helmets",
)
GPC_BOTTLES = (
    "3809",
    "Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles",
)
GPC_BACKPACKS = ("100", "Luggage & Bags > Backpacks")


def category_entry(
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
) -> Category:
    """A :class:`Category`, with the Google category given as an (id, path) pair."""
    return Category(
        dept, segment, mid, noun, styles, gpc[0], gpc[1], materials, price, genders, features, use
    )


MFU = ("male", "female", "unisex")
MF = ("male", "female")

CATEGORIES: tuple[Category, ...] = (
    # ---- Apparel -------------------------------------------------------------------------
    category_entry(
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
        GPC_JACKETS,
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
        genders=MFU,
    ),
    category_entry(
        "Apparel",
        "Vests",
        "vest",
        ("Down Insulated Vest", "Fleece Zip Vest", "Quilted Travel Vest"),
        GPC_VESTS,
        (
            "recycled polyester fleece",
            "nylon with responsibly sourced down",
            "polyester with synthetic fill",
        ),
        (59, 149),
        ("Warmth without bulk", "Zippered chest pocket", "Stand-up collar", "Packable design"),
        ("layering on cold days", "early-season hikes", "travel days"),
        genders=MFU,
    ),
    category_entry(
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
        GPC_TOPS,
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
        genders=MFU,
    ),
    category_entry(
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
        GPC_TOPS,
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
        genders=MFU,
    ),
    category_entry(
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
        GPC_PANTS,
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
        genders=MFU,
    ),
    category_entry(
        "Apparel",
        "Shorts",
        "pair of shorts",
        ("Trail Running Shorts", "Linen Drawstring Shorts", "Chino Shorts", "Board Shorts"),
        GPC_SHORTS,
        ("recycled polyester", "European linen", "stretch cotton twill", "quick-dry nylon"),
        (29, 79),
        ("Built-in liner", "Zippered back pocket", "7-inch inseam", "Quick-dry fabric"),
        ("hot-weather runs", "beach days", "summer weekends"),
        genders=MFU,
    ),
    category_entry(
        "Apparel",
        "Dresses",
        "dress",
        ("Wrap Midi Dress", "Linen Shirt Dress", "Jersey T-Shirt Dress", "Pleated Maxi Dress"),
        GPC_DRESSES,
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
    category_entry(
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
        GPC_ACTIVEWEAR,
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
        genders=MF,
    ),
    # ---- Shoes ---------------------------------------------------------------------------
    category_entry(
        "Shoes",
        "Running",
        "running shoe",
        (
            "Road Running Shoes",
            "Cushioned Daily Trainer",
            "Carbon Plate Racing Shoes",
            "Stability Running Shoes",
        ),
        GPC_SHOES,
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
        genders=MFU,
    ),
    category_entry(
        "Shoes",
        "Trail",
        "trail shoe",
        ("Trail Running Shoes", "Waterproof Trail Shoes", "Rock Plate Trail Runners"),
        GPC_SHOES,
        ("ripstop mesh", "mesh with waterproof membrane", "abrasion-resistant synthetic"),
        (109, 199),
        (
            "5 mm multidirectional lugs",
            "Protective toe bumper",
            "Waterproof, breathable membrane",
            "Rock plate underfoot",
        ),
        ("technical trails", "muddy forest loops", "ultra distances"),
        genders=MFU,
    ),
    category_entry(
        "Shoes",
        "Sneakers",
        "sneaker",
        (
            "Court Leather Sneakers",
            "Canvas Low-Top Sneakers",
            "Retro Suede Trainers",
            "Slip-On Knit Sneakers",
        ),
        GPC_SHOES,
        ("full-grain leather", "organic cotton canvas", "suede", "recycled knit"),
        (69, 159),
        (
            "Cupsole construction",
            "Removable cushioned insole",
            "Natural rubber sole",
            "Waxed cotton laces",
        ),
        ("everyday wear", "city weekends", "travel"),
        genders=MFU,
    ),
    category_entry(
        "Shoes",
        "Boots",
        "boot",
        (
            "Waterproof Hiking Boots",
            "Leather Chelsea Boots",
            "Insulated Winter Boots",
            "Lace-Up Work Boots",
        ),
        GPC_SHOES,
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
        genders=MFU,
    ),
    category_entry(
        "Shoes",
        "Sandals",
        "sandal",
        ("Strappy Trail Sandals", "Cork Footbed Sandals", "Recovery Slides"),
        GPC_SHOES,
        ("recycled polyester webbing", "leather and cork", "EVA foam"),
        (39, 119),
        ("Contoured footbed", "Quick-dry straps", "Grippy rubber outsole"),
        ("summer trips", "post-run recovery", "river crossings"),
        genders=MFU,
    ),
    # ---- Electronics ---------------------------------------------------------------------
    category_entry(
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
        GPC_HEADPHONES,
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
    category_entry(
        "Electronics",
        "Speakers",
        "speaker",
        (
            "Portable Bluetooth Speaker",
            "Waterproof Shower Speaker",
            "Smart Home Speaker",
            "Bookshelf Speakers",
        ),
        GPC_SPEAKERS,
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
    category_entry(
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
        GPC_CHARGERS,
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
    category_entry(
        "Electronics",
        "Keyboards",
        "keyboard",
        (
            "Low-Profile Mechanical Keyboard",
            "Wireless Compact Keyboard",
            "75% Hot-Swap Keyboard",
            "Ergonomic Split Keyboard",
        ),
        GPC_KEYBOARDS,
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
    category_entry(
        "Electronics",
        "Mice",
        "mouse",
        ("Ergonomic Wireless Mouse", "Silent Click Travel Mouse", "Vertical Ergonomic Mouse"),
        GPC_MICE,
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
    category_entry(
        "Electronics",
        "Webcams",
        "webcam",
        ("4K Streaming Webcam", "1080p Conference Webcam"),
        GPC_WEBCAMS,
        ("aluminium", "ABS plastic"),
        (49, 199),
        ("Auto light correction", "Dual noise-reducing microphones", "Privacy shutter"),
        ("video calls", "streaming"),
        mid="Computer Accessories",
    ),
    category_entry(
        "Electronics",
        "Wearables",
        "tracker",
        ("Fitness Tracker Band", "GPS Sport Watch", "Sleep Tracking Ring"),
        GPC_TRACKERS,
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
    category_entry(
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
        GPC_COOKWARE,
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
    category_entry(
        "Home",
        "Knives",
        "knife",
        ("8-Inch Chef's Knife", "Santoku Knife", "Bread Knife", "5-Piece Knife Block Set"),
        GPC_KNIVES,
        ("German stainless steel", "Japanese VG-10 steel", "Damascus steel"),
        (39, 299),
        ("Full tang construction", "Hand-sharpened 15° edge", "Riveted pakkawood handle"),
        ("everyday prep", "home chefs", "carving and slicing"),
        mid="Kitchen",
    ),
    category_entry(
        "Home",
        "Coffee",
        "coffee maker",
        (
            "Pour-Over Coffee Maker",
            "French Press",
            "Burr Coffee Grinder",
            "Stovetop Espresso Maker",
        ),
        GPC_COFFEE,
        ("borosilicate glass", "stainless steel", "aluminium"),
        (24, 199),
        ("Makes up to 8 cups", "Dishwasher-safe parts", "Double-wall insulation"),
        ("slow weekend mornings", "the office", "coffee lovers"),
        mid="Kitchen",
    ),
    category_entry(
        "Home",
        "Drinkware",
        "mug",
        ("Stoneware Mug Set", "Insulated Travel Mug", "Double-Wall Glass Cups"),
        GPC_MUGS,
        ("glazed stoneware", "stainless steel", "borosilicate glass"),
        (14, 59),
        ("Microwave safe", "Holds 350 ml", "Spill-proof lid"),
        ("morning coffee", "commutes", "tea time"),
        mid="Kitchen",
    ),
    category_entry(
        "Home",
        "Sheets",
        "sheet set",
        (
            "Percale Sheet Set",
            "Stonewashed Linen Sheet Set",
            "Sateen Sheet Set",
            "Brushed Flannel Sheet Set",
        ),
        GPC_SHEETS,
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
    category_entry(
        "Home",
        "Duvet Covers",
        "duvet cover",
        ("Waffle Weave Duvet Cover", "Linen Duvet Cover", "Organic Cotton Duvet Cover"),
        GPC_DUVETS,
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
    category_entry(
        "Home",
        "Towels",
        "towel set",
        ("Turkish Cotton Bath Towels", "Waffle Bath Towel Set", "Quick-Dry Towel Set"),
        GPC_TOWELS,
        ("Turkish cotton", "organic cotton waffle", "cotton and linen blend"),
        (29, 129),
        ("600 GSM plush pile", "Quick drying", "Hanging loops"),
        ("spa-like bathrooms", "guest baths", "the gym bag"),
        mid="Bath",
    ),
    category_entry(
        "Home",
        "Lamps",
        "lamp",
        ("Ceramic Table Lamp", "Arc Floor Lamp", "Dimmable LED Desk Lamp", "Rattan Pendant Lamp"),
        GPC_LAMPS,
        ("glazed ceramic", "brushed brass", "powder-coated steel", "natural rattan"),
        (39, 329),
        ("Warm dimmable light", "Linen drum shade", "E26 bulb included", "Touch control"),
        ("reading nooks", "living rooms", "home offices"),
        mid="Decor",
    ),
    category_entry(
        "Home",
        "Throw Pillows",
        "pillow",
        ("Boucle Throw Pillow", "Linen Cushion Cover", "Chunky Knit Pillow"),
        GPC_PILLOWS,
        ("boucle", "washed linen", "chunky cotton knit"),
        (19, 79),
        ("Feather-down insert", "Hidden zip closure", "Removable, washable cover"),
        ("sofas and reading chairs", "bedrooms"),
        mid="Decor",
    ),
    # ---- Sport ---------------------------------------------------------------------------
    category_entry(
        "Sport",
        "Yoga",
        "yoga mat",
        (
            "Natural Rubber Yoga Mat",
            "Travel Yoga Mat",
            "Cork Yoga Block Set",
            "Extra Thick Pilates Mat",
        ),
        GPC_YOGA_MATS,
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
    category_entry(
        "Sport",
        "Weights",
        "set of weights",
        ("Adjustable Dumbbell Pair", "Cast Iron Kettlebell", "Hex Rubber Dumbbells"),
        GPC_WEIGHTS,
        ("cast iron", "rubber-coated steel", "chrome steel"),
        (39, 399),
        ("Knurled chrome handle", "Adjusts from 5 to 52.5 lb", "Floor-friendly rubber coating"),
        ("home gyms", "strength training"),
        mid="Fitness",
    ),
    category_entry(
        "Sport",
        "Resistance Bands",
        "band set",
        ("Resistance Band Set", "Fabric Booty Bands", "Pull-Up Assist Bands"),
        GPC_BANDS,
        ("natural latex", "woven polyester and latex"),
        (14, 49),
        ("Five resistance levels", "Door anchor &amp; handles included", "Non-roll design"),
        ("travel workouts", "physio and rehab", "warm-ups"),
        mid="Fitness",
    ),
    category_entry(
        "Sport",
        "Recovery",
        "foam roller",
        ("High-Density Foam Roller", "Vibrating Massage Roller"),
        GPC_FOAM,
        ("EVA foam", "EPP foam over ABS core"),
        (19, 129),
        ("Textured surface", "Three vibration speeds", "Supports up to 300 lb"),
        ("post-run recovery", "mobility sessions"),
        mid="Fitness",
    ),
    category_entry(
        "Sport",
        "Camping",
        "tent",
        (
            "2-Person Backpacking Tent",
            "Freestanding 4-Person Tent",
            "Ultralight Trekking Pole Tent",
        ),
        GPC_TENTS,
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
    category_entry(
        "Sport",
        "Sleeping Bags",
        "sleeping bag",
        ("Ultralight 20°F Sleeping Bag", "Down Camping Quilt", "Three-Season Mummy Sleeping Bag"),
        GPC_SLEEPING,
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
    category_entry(
        "Sport",
        "Hiking",
        "pair of poles",
        ("Carbon Trekking Poles", "Aluminium Hiking Poles"),
        GPC_POLES,
        ("carbon fibre", "7075 aluminium"),
        (49, 169),
        ("Cork grips", "Flick-lock adjustment", "Folds to 38 cm"),
        ("steep descents", "long-distance hikes"),
        mid="Outdoor",
    ),
    category_entry(
        "Sport",
        "Backpacks",
        "backpack",
        (
            "30L Hiking Daypack",
            "Ultralight Running Vest",
            "45L Trekking Backpack",
            "Roll-Top Commuter Backpack",
        ),
        GPC_BACKPACKS,
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
    category_entry(
        "Sport",
        "Cycling",
        "helmet",
        ("MIPS Road Cycling Helmet", "Urban Commuter Helmet", "Trail MTB Helmet"),
        GPC_HELMETS,
        ("in-mould polycarbonate and EPS", "ABS shell with EPS liner"),
        (59, 249),
        ("MIPS rotational protection", "Integrated rear light", "Magnetic buckle", "18 vents"),
        ("road rides", "city commutes", "trail riding"),
        mid="Cycling",
    ),
    category_entry(
        "Sport",
        "Hydration",
        "bottle",
        ("Insulated Water Bottle", "Collapsible Soft Flask", "Squeeze Bike Bottle"),
        GPC_BOTTLES,
        ("18/8 stainless steel", "TPU", "BPA-free polypropylene"),
        (12, 49),
        ("Keeps drinks cold for 24 hours", "Leak-proof cap", "Dishwasher safe"),
        ("long rides", "trail runs", "the gym"),
        mid="Hydration",
    ),
)

BRANDS: dict[str, tuple[str, ...]] = {
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

LINES: dict[str, tuple[str, ...]] = {
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

COLORS: dict[str, tuple[str, ...]] = {
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
DEPT_WEIGHTS: tuple[tuple[str, int], ...] = (
    ("Apparel", 20),
    ("Shoes", 12),
    ("Electronics", 24),
    ("Home", 23),
    ("Sport", 21),
)
DEPT_NAMES = tuple(d for d, _ in DEPT_WEIGHTS)
DEPT_CUM = tuple(sum(w for _, w in DEPT_WEIGHTS[: i + 1]) for i in range(len(DEPT_WEIGHTS)))
DEDUPE_TITLES = 3000
CATS_BY_DEPT: dict[str, tuple[Category, ...]] = {
    dept: tuple(c for c in CATEGORIES if c.dept == dept) for dept in DEPT_NAMES
}

OPENINGS = (
    "The {brand} {style} is built for {use}.",
    "Meet the {style} from {brand}, designed for {use}.",
    "Made for {use}, this {noun} keeps things simple and does it well.",
    "Our best-loved {noun} for {use}, refined for this season.",
)
MATERIAL_SENTENCES = (
    "It is made from {material} that holds up to daily use.",
    "Crafted from {material} for comfort that lasts.",
    "The {material} build is light yet durable.",
)
CARE = {
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
HOOKS = (
    "Designed in-house.",
    "New for this season.",
    "Staff pick.",
    "Built to last.",
    "Free returns for 30 days.",
)

DESCRIPTION_UPDATES = (
    "Now made with 20% more recycled materials.",
    "Updated fit based on customer feedback.",
    "New packaging is 100% plastic-free.",
    "Now covered by our extended three-year warranty.",
    "Improved stitching for even better durability.",
)
