"""Query words into the catalogue's language, through a small per-language lexicon.

A shopper may write in any supported language; the catalogue is in one. The
multilingual embedding model bridges most of the gap, but it knows no
Lithuanian and reads rare product words poorly ("Bettbezug"), and BM25 cannot
bridge languages at all. So before the first stage, each query word or phrase
the lexicon knows in another language gets its catalogue-language word added:
"Bettbezug" in an English shop searches "Bettbezug duvet cover"; "electric
kettle" in a Lithuanian one "electric kettle elektrinis virdulys". A word the
catalogue itself uses is not translated (a brand, or a word two languages share).

The lexicon holds everyday product words (apparel, shoes, bags, jewellery,
home textiles, kitchen, household, tools, garden, sauna, toys, electronics)
and the common colours and materials, in en, de, fr, es, it, pl, lt and ru.
A word is matched folded (case, accents); a form ending in ``*`` matches any
ending (inflections: "kurtk*" for kurtka, kurtkę, kurtki). A word already in
the catalogue's language is left alone, and nothing is removed from the query.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from graph.terms import stem
from graph.vocabulary import fold

#: The lexicon's languages, in its columns' order.
LANGUAGES = ("en", "de", "fr", "es", "it", "pl", "lt", "ru")

# One concept a line: its words per language in LANGUAGES order, alternatives split
# by "/", the first alternative being the one added (a whole word, never a stem). The
# kinds of product come first; the line "# attributes…" starts what describes them. A
# kind marked "~" is a department, not a product's own kind ("bijou" in "Bola bijou de
# maternité" says jewellery; the title's kind is elsewhere or unsaid).
# fmt: off
_LEXICON = """
puffer jacket/down jacket/puffer | daunenjacke/steppjacke/daunenjack* | doudoune/doudoun* | plumífero/abrigo de plumas | piumino d'oca/giubbotto imbottito | kurtka puchowa/puchówka | pūkinė striukė/pūkin* | пуховик/пуховик*
jacket/coat/parka | jacke/mantel/jacke*/mantel* | veste/manteau/blouson*/manteau* | chaqueta/abrigo/chaquet*/abrig* | giacca/cappotto/giacc*/giubbott*/cappott* | kurtka/płaszcz/kurtk*/płaszcz* | striukė/paltas/striuk*/palt* | куртка/пальто/куртк*
dress | kleid/kleid* | robe/robes | vestido/vestid* | vestito/abito/abiti/vestit* | sukienka/sukien* | suknelė/sukn* | платье/плать*
skirt | rock/röcke | jupe/jupes | falda/faldas | gonna/gonne | spódnica/spódnic* | sijonas/sijon* | юбка/юбки/юбку/юбок
shirt/blouse | hemd/bluse/hemd*/blus* | chemise/chemisier/chemis* | camisa/blusa/camis* | camicia/camicie/camicett* | koszula/bluzka/koszul*/bluzk* | marškiniai/palaidinė/marškin*/palaidin* | рубашка/блузка/рубашк*/блузк*
t-shirt/tee/t shirt/tshirt | t-shirt/shirt | t-shirt/tee-shirt/tshirt | camiseta/camisetas | maglietta/magliette | koszulka/t-shirt/koszulk* | marškinėliai/marškinėl* | футболка/футболк*
sweater/jumper/pullover | pullover/pulli | pull/pulls | jersey/suéter | maglione/maglioni | sweter/swetr* | megztinis/megzt* | свитер/кофта/свитер*/кофт*
cardigan | strickjacke/strickjack*/cardigan | cardigan/gilet | cárdigan/cardigan/chaqueta de punto | cardigan | kardigan/kardigan* | kardiganas/kardigan* | кардиган/кардиган*
hoodie/sweatshirt | kapuzenpullover/hoodie/sweatshirt | sweat/sweat à capuche | sudadera/sudaderas | felpa/felpe | bluza/bluzy/bluz* | džemperis/džemper* | толстовка/худи/толстовк*
trousers/pants | hose/hosen | pantalon/pantalons | pantalones/pantalón | pantaloni | spodnie/spodni* | kelnės/keln* | брюки/штаны
jeans | jeans | jean/jeans | vaqueros/jeans | jeans | dżinsy/jeansy | džinsai/džins* | джинсы/джинс*
shorts | shorts/kurze hose | short/shorts | pantalones cortos/bermudas | pantaloncini | szorty/spodenki | šortai/šortus/šortų | шорты/шорт*
socks | socken/strümpfe | chaussettes | calcetines | calzini | skarpety/skarpetki/skarpet* | kojinės/kojin* | носки/носок/носк*
underwear/briefs/panties | unterwäsche/slip | sous-vêtements/culotte/slip | ropa interior/bragas | intimo/mutande/slip | bielizna/majtki/bielizn* | apatinis trikotažas/kelnaitės | нижнее белье/трусы
bra | bh/büstenhalter | soutien-gorge | sujetador | reggiseno | biustonosz/stanik | liemenėlė/liemenėl* | бюстгальтер/лифчик
swimsuit/swimwear/bikini | badeanzug/bikini/badebekleidung | maillot de bain/bikini | bañador/traje de baño/bikini | costume da bagno/bikini | strój kąpielowy/kostium kąpielowy/bikini | maudymosi kostiumėlis/bikinis | купальник/купальн*
pyjamas/pajamas | schlafanzug/pyjama | pyjama | pijama | pigiama | piżama/piżam* | pižama/pižam* | пижама/пижам*
bathrobe/robe | bademantel | peignoir/robe de chambre | albornoz | accappatoio | szlafrok | chalatas/chalat* | халат/халат*
kilt/sauna kilt | kilt/saunakilt | kilt | kilt | kilt | kilt/kilt do sauny | kiltas/kilt* | килт/килт*
firewood/logs | brennholz/kaminholz | bois de chauffage/bûches | leña | legna da ardere/legna | drewno opałowe/drewno | malkos/malk* | дрова/дров*
hat/cap/beanie | hut/mütze/kappe/mütz* | chapeau/bonnet/casquette | sombrero/gorro/gorra | cappello/berretto/cappell* | czapka/kapelusz/czapk* | kepurė/skrybėlė/kepur* | шапка/шляпа/кепка/шапк*/шляп*
scarf | schal/tuch | écharpe/foulard | bufanda/pañuelo | sciarpa/foulard | szalik/chusta | šalikas/skarelė/šalik* | шарф/платок/шарф*
gloves | handschuhe/handschuh* | gants | guantes | guanti | rękawiczki/rękawic* | pirštinės/pirštin* | перчатки/перчатк*
belt | gürtel | ceinture | cinturón | cintura/cinta | pasek | diržas/dirž* | ремень/пояс/ремн*
tie | krawatte | cravate | corbata | cravatta | krawat | kaklaraištis | галстук
~shoes/footwear | schuhe/schuh/schuh* | chaussures/chaussure* | zapatos/calzado/zapat* | scarpe/scarpa | buty/obuwie/butów | batai/avalynė/batų/batus/avalyn* | обувь/туфли/ботинки
boots | stiefel/stiefel* | bottes/botte | botas/bota | stivali/stival* | kozaki/kozak*/botki | aulinukai/batai ilgaauliai/aulin* | сапоги/сапог*
ankle boots | stiefeletten/stiefelette* | bottines/bottine* | botines/botín | stivaletti/tronchetti | botki/botek | batai/aulinukai | ботильоны/ботинки/ботинк*
sneakers/trainers | turnschuhe/sneaker/sneaker* | baskets/sneakers | zapatillas/deportivas/zapatill* | sneakers/scarpe da ginnastica | sneakersy/trampki/adidasy | sportbačiai/kedai/sportbač* | кроссовки/кеды/кроссовк*
sandals/flip-flops | sandalen/sandale*/flip-flops | sandales/sandale*/tongs | sandalias/chanclas/sandali* | sandali/infradito | sandały/klapki/sandał* | sandalai/basutės/šlepetės/sandal* | сандалии/босоножки/шлепанцы/сандал*
slippers | hausschuhe/pantoffeln | chaussons/pantoufles | zapatillas de casa/pantuflas | pantofole/ciabatte | kapcie/pantofle/kapc* | šlepetės/šlepet* | тапочки/тапки/тапоч*
loafers/moccasins | slipper/mokassins/loafer | mocassins/mocassin* | mocasines/mocasín | mocassini/mocassin* | mokasyny/mokasyn* | mokasinai/mokasin* | мокасины/лоферы/мокасин*
pumps/heels/high heels | pumps/high heels | escarpins/talons | tacones/zapatos de tacón | décolleté/tacchi | szpilki/czółenka/szpilk* | aukštakulniai/aukštakul* | туфли на каблуке/лодочки/туфл*
ballet flats | ballerinas/ballerina | ballerines | bailarinas | ballerine | baleriny/balerin* | balerinos/balerin* | балетки/балетк*
bag/handbag/purse/tote | tasche/handtasche/tasche*/handtasche* | sac/sac à main/sacs | bolso/bolsa/bols* | borsa/borsetta/borse | torebka/torba/torebk*/torb* | rankinė/krepšys/rankin*/krepš* | сумка/сумочка/сумк*
backpack | rucksack/rucksäcke | sac à dos | mochila/mochil* | zaino/zaini | plecak/plecak* | kuprinė/kuprin* | рюкзак/рюкзак*
wallet | geldbörse/portemonnaie/brieftasche | portefeuille/porte-monnaie | cartera/billetera/monedero | portafoglio/portafogli | portfel/portfel* | piniginė/pinigin* | кошелек/портмоне/кошел*
suitcase/luggage | koffer | valise | maleta | valigia | walizka/walizk* | lagaminas/lagamin* | чемодан/чемодан*
necklace | halskette/kette/halskett* | collier/colliers | collar/collares | collana/collane | naszyjnik/naszyjnik* | vėrinys/karoliai/vėrin* | ожерелье/колье/цепочка/ожерель*
bracelet | armband/armbänder/armband* | bracelet/bracelets | pulsera/brazalete/pulser* | bracciale/braccialetto/braccial* | bransoletka/bransolet* | apyrankė/apyrank* | браслет/браслет*
earrings | ohrringe/ohrring* | boucles d'oreilles/boucle* d'oreille* | pendientes/aretes/pendient* | orecchini/orecchin* | kolczyki/kolczyk* | auskarai/auskar* | серьги/сережки/серьг*/сережк*
ring | ring/ringe | bague/bagues | anillo/anillos | anello/anelli | pierścionek/pierścion* | žiedas/žied* | кольцо/кольца/колечко/колечк*
pendant | anhänger | pendentif/pendentifs | colgante/colgantes | ciondolo/pendente | wisiorek/zawieszka/wisior* | pakabukas/pakabuk* | кулон/подвеска/кулон*
locket | medaillon | médaillon/médaillon* | guardapelo/medallón | medaglione/portafoto | medalion/medalion* | medalionas/medalion* | медальон/медальон*
brooch | brosche | broche | broche | spilla | broszka/brosz* | segė/segės/segę | брошь/брошка
cufflinks | manschettenknöpfe/manschettenknopf | boutons de manchette | gemelos | gemelli | spinki do mankietów/spinki | rankogalių sagos/sąsagos | запонки/запонк*
~jewellery/jewelry | schmuck | bijoux/bijou | joyas/bisutería/joya* | gioielli/bigiotteria/gioiell* | biżuteria/biżuteri* | papuošalai/juvelyrika/papuošal* | украшения/бижутерия/украшени*
headband/hair band | haarband/stirnband | bandeau/serre-tête | diadema/cinta para el pelo | cerchietto/fascia per capelli | opaska/opask* | lankelis/galvos juosta | ободок/повязка
hair clip | haarspange/haarklammer | barrette/pince à cheveux | pinza de pelo/pasador | fermaglio/mollettone | spinka/spinka do włosów | plaukų segtukas/segtukas | заколка/заколк*
watch | uhr/armbanduhr | montre/montres | reloj/relojes | orologio/orologi | zegarek/zegark* | laikrodis/laikrod* | часы/часов
clock/wall clock | wanduhr | horloge/pendule | reloj de pared | orologio da parete | zegar/zegar ścienny | sieninis laikrodis | настенные часы
duvet cover | bettbezug/bettbezüge/bettwäsche/bettbezug* | housse de couette/housses de couette | funda nórdica/funda de edredón | copripiumino/copripiumini | poszwa/pościel/poszw*/pościel* | antklodės užvalkalas/patalynė/patalyn* | пододеяльник/постельное белье/пододеяльник*
duvet/comforter | bettdecke/bettdeck* | couette/édredon/couettes | edredón/nórdico/edredon* | piumino | kołdra/kołdr* | antklodė/antklod* | одеяло/одеял*
quilt | quilt/steppdecke/steppdeck* | quilt/courtepointe/boutis | colcha acolchada/quilt | trapunta/trapunt* | narzuta pikowana/pikowana kołdra | dygsniuota antklodė/kviltas | квилт/стёганое одеяло/стеганое одеяло
bedspread/coverlet | tagesdecke/tagesdeck* | couvre-lit/jeté de lit | colcha/cubrecama/colch* | copriletto | narzuta/narzut* | lovatiesė/lovaties* | покрывало/покрывал*
sheet/bed sheet | laken/bettlaken/spannbettlaken | drap/draps/drap-housse | sábana/sábanas | lenzuolo/lenzuola | prześcieradło/prześcierad* | paklodė/paklod* | простыня/простын*
pillowcase/sham | kissenbezug/kopfkissenbezug/kissenbezüge | taie d'oreiller/taies d'oreiller | funda de almohada/fundas de almohada | federa/federe | poszewka/poszewki/poszewk* | pagalvės užvalkalas/užvalkalas | наволочка/наволочк*
pillow/cushion | kissen/kopfkissen/kissen* | oreiller/coussin/oreiller*/coussin* | almohada/cojín/cojines/almohad* | cuscino/guanciale/cuscin* | poduszka/poduszk*/poduszek | pagalvė/pagalvėlė/pagalv* | подушка/подушк*
blanket/throw | decke/wolldecke/kuscheldecke | couverture/plaid/couvertures | manta/frazada/mantas | coperta/plaid/copert* | koc/pled/koce | pledas/užklotas/pled* | плед/плед*
mattress | matratze/matratz* | matelas | colchón/colchon* | materasso/materass* | materac/materac* | čiužinys/čiužin* | матрас/матрац/матрас*
curtains/drapes | vorhang/vorhänge/gardine/gardinen | rideau/rideaux | cortina/cortinas | tenda/tende | zasłona/firana/zasłon*/firan* | užuolaidos/užuolaid* | шторы/занавески/штор*/занавеск*
towel | handtuch/handtücher/badetuch/handtuch* | serviette/serviettes/drap de bain | toalla/toallas | asciugamano/asciugamani | ręcznik/ręcznik* | rankšluostis/rankšluost* | полотенце/полотенц*
tablecloth | tischdecke/tischdeck* | nappe/nappes | mantel/manteles | tovaglia/tovaglie | obrus/obrus* | staltiesė/staltie* | скатерть/скатерт*
rug/carpet/mat | teppich/matte/teppich* | tapis | alfombra/alfombr* | tappeto/tappeti/tappetino/tappetin* | dywan/dywanik/dywan* | kilimas/kilimėlis/kilim* | ковер/коврик/ковр*/коврик*
frying pan/skillet/pan | pfanne/bratpfanne/pfann* | poêle/poêles | sartén/sartenes | padella/padelle | patelnia/patelni* | keptuvė/keptuv* | сковорода/сковородка/сковород*
pot/saucepan/cookware | topf/kochtopf/töpfe/topf* | casserole/marmite/faitout | olla/ollas/cacerola/cazo | pentola/casseruola/pentol* | garnek/rondel/garnk* | puodas/prikaistuvis/puodą/puodai/puodų | кастрюля/кастрюл*
kettle | wasserkocher/kessel | bouilloire/bouilloire* | hervidor/tetera eléctrica/hervidor* | bollitore/bollitor* | czajnik/czajnik* | virdulys/virdul* | чайник/чайник*
teapot | teekanne | théière | tetera | teiera | dzbanek do herbaty/imbryk | arbatinukas | заварочный чайник/заварник
coffee maker/coffee machine | kaffeemaschine/kaffeemaschin* | cafetière/machine à café | cafetera/cafeter* | macchina da caffè/caffettiera | ekspres do kawy/ekspres | kavos aparatas/kavinukas | кофеварка/кофемашина/кофевар*
knife/knives | messer/messer* | couteau/couteaux | cuchillo/cuchillos | coltello/coltelli | nóż/noże/noży | peilis/peiliai/peil* | нож/ножи/ножей/ножа
cutting board | schneidebrett/brett | planche à découper | tabla de cortar | tagliere | deska do krojenia/deska | pjaustymo lentelė/lentelė | разделочная доска/доска
glasses/glass | gläser/glas/trinkglas | verres/verre | vasos/copas/vaso | bicchieri/bicchiere | szklanki/kieliszki/szklank*/kielisz* | taurės/stiklinės/taur*/stiklin* | бокалы/стаканы/бокал*/стакан*
wine glasses | weingläser/weinglas | verres à vin | copas de vino | calici/bicchieri da vino | kieliszki do wina | vyno taurės | бокалы для вина
champagne glasses | sektgläser/champagnergläser | flûtes à champagne/coupes | copas de champán/copas de cava | flûte/calici da champagne | kieliszki do szampana | šampano taurės | бокалы для шампанского/фужеры
whisky glasses | whiskygläser/whiskyglas | verres à whisky | vasos de whisky | bicchieri da whisky | szklanki do whisky | viskio stiklinės/viskio taurės | стаканы для виски
mug/cup | becher/tasse/tassen | tasse/mug/tasses | taza/tazas | tazza/tazze | kubek/filiżanka/kubk* | puodelis/puodel* | кружка/чашка/кружк*/чашк*
plate/dishes | teller | assiette/assiettes | plato/platos | piatto/piatti | talerz/talerze/talerz* | lėkštė/lėkštės/lėkšt* | тарелка/тарелк*
bowl | schüssel/schale | bol/saladier | cuenco/bol/ensaladera | ciotola/insalatiera | miska/misk* | dubuo/dubenėlis/dubenėl*/dubenys | миска/салатник/миск*
cutlery | besteck | couverts | cubiertos | posate | sztućce | stalo įrankiai | столовые приборы
toaster | toaster | grille-pain | tostadora | tostapane | toster | skrudintuvas | тостер
blender | mixer/standmixer/stabmixer | mixeur/blender | batidora/licuadora | frullatore | blender/mikser | trintuvas/plaktuvas | блендер/миксер
microwave | mikrowelle | micro-ondes | microondas | microonde | mikrofalówka | mikrobangų krosnelė | микроволновка/микроволновая печь
kitchen scale | küchenwaage | balance de cuisine | báscula de cocina | bilancia da cucina | waga kuchenna | virtuvinės svarstyklės | кухонные весы
scale | waage | balance/pèse-personne | báscula/balanza | bilancia | waga | svarstyklės/svarstykl* | весы
air fryer | heißluftfritteuse/fritteuse | friteuse à air/friteuse | freidora de aire/freidora | friggitrice ad aria/friggitrice | frytkownica beztłuszczowa/frytkownica | karšto oro gruzdintuvė/gruzdintuvė | аэрогриль/фритюрница
vacuum sealer | vakuumierer/vakuumiergerät | machine sous vide | envasadora al vacío | macchina sottovuoto | zgrzewarka próżniowa | vakuumavimo aparatas/vakuumatorius/vakuumator* | вакуумный упаковщик/вакууматор
thermos | thermoskanne/thermosflasche | thermos/bouteille isotherme | termo | thermos | termos | termosas | термос
food container/lunch box | frischhaltedose/dose/brotdose | boîte/boîte à lunch | táper/fiambrera/recipiente | contenitore/portapranzo | pojemnik/lunchbox | maisto indelis/indelis | контейнер/ланч-бокс
vacuum cleaner | staubsauger | aspirateur | aspiradora | aspirapolvere | odkurzacz | dulkių siurblys/siurblys | пылесос
iron | bügeleisen | fer à repasser | plancha | ferro da stiro | żelazko | lygintuvas | утюг
hair dryer | haartrockner/föhn/fön | sèche-cheveux | secador de pelo/secador | asciugacapelli/phon | suszarka do włosów/suszarka | plaukų džiovintuvas/džiovintuvas | фен
fan/hand fan | ventilator/fächer | ventilateur/éventail | ventilador/abanico | ventilatore/ventaglio | wentylator/wachlarz | ventiliatorius/vėduoklė | вентилятор/веер
heater | heizlüfter/heizung/heizgerät | radiateur/chauffage | calefactor/estufa | stufa/termoventilatore | grzejnik/termowentylator | šildytuvas | обогреватель
lamp/light | lampe/leuchte/lampe* | lampe/luminaire | lámpara/lámparas | lampada/lampade | lampa/lampk*/lamp* | lempa/šviestuvas/lemp* | лампа/светильник/ламп*
light bulb | glühbirne/leuchtmittel | ampoule | bombilla | lampadina | żarówka | lemputė | лампочка
mirror | spiegel | miroir | espejo | specchio | lustro | veidrodis | зеркало
vase | vase/vasen | vase | jarrón/florero | vaso/vasi | wazon/wazony/wazon* | vaza/vazos | ваза/вазы
candle | kerze/kerzen | bougie/bougies | vela/velas | candela/candele | świeca/świeczka/świec* | žvakė/žvakės/žvak* | свеча/свечи/свеч*
picture frame | bilderrahmen | cadre photo/cadre | marco de fotos/portarretratos | cornice | ramka na zdjęcia/ramka | nuotraukų rėmelis/rėmelis | фоторамка/рамка
trash bags/bin bags | müllbeutel/müllsäcke | sacs poubelle | bolsas de basura | sacchi della spazzatura | worki na śmieci | šiukšlių maišai | мешки для мусора
trash can/bin | mülleimer | poubelle | cubo de basura | pattumiera | kosz na śmieci | šiukšliadėžė | мусорное ведро
basket | korb/körbe | panier | cesta/cesto | cestino/cesto | kosz/koszyk | krepšelis/pintinė | корзина
storage box | aufbewahrungsbox/kiste/box | boîte de rangement | caja de almacenaje | scatola portaoggetti | pudełko/pojemnik do przechowywania | dėžė/daiktadėžė | коробка для хранения/ящик
hanger | kleiderbügel | cintre | percha | gruccia | wieszak | pakaba | вешалка
drill | bohrmaschine/bohrer | perceuse | taladro | trapano | wiertarka | gręžtuvas/grąžtas | дрель
angle grinder | winkelschleifer/flex | meuleuse | amoladora/radial | smerigliatrice | szlifierka kątowa/szlifierka | kampinis šlifuoklis/šlifuoklis | болгарка/угловая шлифмашина
screwdriver | schraubendreher/schraubenzieher/akkuschrauber | tournevis | destornillador | cacciavite | wkrętarka/śrubokręt | suktuvas/atsuktuvas | шуруповерт/отвертка
hammer | hammer | marteau | martillo | martello | młotek | plaktukas | молоток
saw | säge | scie | sierra | sega | piła | pjūklas | пила
~tool/tools | werkzeug | outil/outils | herramienta/herramientas | attrezzo/utensili | narzędzie/narzędzia | įrankis/įrankiai | инструмент/инструменты
garden hose | gartenschlauch/schlauch | tuyau d'arrosage | manguera | tubo da giardino | wąż ogrodowy/wąż | laistymo žarna/žarna | садовый шланг/шланг
lawn mower | rasenmäher | tondeuse | cortacésped | tosaerba | kosiarka | vejapjovė | газонокосилка
shovel/spade | schaufel/spaten | pelle/bêche | pala | pala/vanga | łopata | kastuvas | лопата
netting/net | netz/vogelschutznetz | filet/filet de protection | malla/red de protección | rete | siatka | tinklas | сетка
flower pot/planter | blumentopf/übertopf | pot de fleurs/jardinière | maceta | vaso da fiori | doniczka | vazonas | цветочный горшок/кашпо
watering can | gießkanne | arrosoir | regadera | annaffiatoio | konewka | laistytuvas | лейка
~garden | garten | jardin | jardín | giardino | ogród/ogrod* | sodas/sodo | сад/сада
power bank | powerbank/zusatzakku | batterie externe/powerbank | batería externa/powerbank | power bank/batteria esterna | powerbank/powerbank* | išorinė baterija/powerbank* | пауэрбанк/повербанк/внешний аккумулятор
blood pressure monitor | blutdruckmessgerät/blutdruckmesser | tensiomètre | tensiómetro | misuratore di pressione/sfigmomanometro | ciśnieniomierz/ciśnieniomierz* | kraujospūdžio matuoklis | тонометр/тонометр*
humidifier | luftbefeuchter | humidificateur | humidificador | umidificatore | nawilżacz/nawilżacz powietrza/nawilżacz* | drėkintuvas/oro drėkintuvas | увлажнитель/увлажнитель воздуха
air purifier | luftreiniger | purificateur d'air | purificador de aire | purificatore d'aria | oczyszczacz powietrza | oro valytuvas | очиститель воздуха
drying rack/clothes airer | wäscheständer | étendoir/séchoir à linge | tendedero | stendibiancheria/stendino | suszarka na pranie/suszarka do bielizny | džiovyklė/skalbinių džiovyklė | сушилка для белья
clothes pegs | wäscheklammern/wäscheklammer | pinces à linge | pinzas de ropa | mollette | klamerki/klamerk* | skalbinių segtukai/šakutės | прищепки/прищепк*
ironing board | bügelbrett | planche à repasser | tabla de planchar | asse da stiro | deska do prasowania | lyginimo lenta | гладильная доска
sprayer | drucksprüher/sprühgerät | pulvérisateur | pulverizador | nebulizzatore/spruzzatore | opryskiwacz/opryskiwacz* | purkštuvas/purkštuv* | опрыскиватель/распылитель
waffle maker | waffeleisen | gaufrier | gofrera | piastra per waffle | gofrownica | vaflinė/vaflių keptuvė | вафельница
sandwich maker | sandwichmaker/sandwichtoaster | appareil à croque-monsieur | sandwichera | piastra per toast/tostiera | opiekacz/toster do kanapek | sumuštinių keptuvė/sumuštin* | бутербродница/сэндвичница
bread box | brotkasten/brotbox | boîte à pain | panera | portapane | chlebak | duoninė | хлебница
travel mug/thermal mug | thermobecher | mug isotherme/tasse isotherme | taza térmica/vaso térmico | tazza termica | kubek termiczny/kubki termiczne | termo puodelis/termopuodelis | термокружка/термокружк*
coaster/coasters | untersetzer | dessous de verre | posavasos | sottobicchiere/sottobicchieri | podkładka pod kubek/podkładki pod kubki | padėkliukas/padėkliukai | подставка под кружку/подстаканник
sauna stove | saunaofen | poêle de sauna | estufa de sauna | stufa per sauna | piec do sauny | pirties krosnelė/krosnelė/krosnel* | печь для бани/банная печь
shoe polish/shoe cream | schuhcreme | cirage | betún/crema para zapatos | lucido da scarpe | pasta do butów | batų tepalas/batų kremas | крем для обуви/гуталин
camping stove | campingkocher | réchaud/réchaud de camping/réchauds | hornillo de camping/hornillo | fornello da campeggio | kuchenka turystyczna | turistinė viryklė | туристическая горелка/горелка
curtain rod | gardinenstange/vorhangstange | tringle à rideaux/tringle | barra de cortina | bastone per tende/bastoni per le tende | karnisz/karnisz* | karnizas | карниз/карниз*
dog collar | hundehalsband | collier pour chien | collar* para perro/collar de perro | collare per cane | obroża/obroż* | antkaklis šuniui | ошейник/ошейник*
valance | volant/schabracke | cantonnière | cenefa | mantovana | lambrekin | lambrekenas | ламбрекен
rubber boots/wellies/rain boots | gummistiefel | bottes de pluie/bottes en caoutchouc | botas de agua/botas de lluvia | stivali di gomma/stivali da pioggia | kalosze/kalosz* | guminiai batai/gumin* bat* | резиновые сапоги/резинов* сапог*
slow cooker/crock pot/crockpot | schongarer | mijoteuse | olla de cocción lenta/olla lenta | pentola a cottura lenta | wolnowar/wolnowar* | lėtpuodis/lėtvirė | мультиварка/медленноварка
piercing/nose ring | piercing/nasenpiercing | piercing | piercing | piercing | piercing/kolczyk do nosa | pirsingas/pirsing* | пирсинг/пирсинг*
mattress protector/mattress topper | matratzenschoner/matratzenauflage | protège-matelas/surmatelas | protector de colchón/cubrecolchón | coprimaterasso | ochraniacz na materac/nakładka na materac | čiužinio apsauga/antčiužinis | наматрасник/наматрасник*
poster/art print | poster/kunstdruck | affiche/poster | póster/lámina/láminas | poster/stampa artistica | plakat/plakat* | plakatas/plakat* | постер/плакат/постер*
food processor/stand mixer | küchenmaschine | robot de cuisine/robot pâtissier | robot de cocina/amasadora | robot da cucina/impastatrice | robot kuchenny/robot* kuchenn* | virtuvinis kombainas | кухонный комбайн/тестомес
ski goggles/goggles | skibrille | masque de ski | gafas de esquí | maschera da sci | gogle narciarskie/gogle | slidinėjimo akiniai | горнолыжная маска/маска для лыж
charger | ladegerät/netzteil | chargeur | cargador | caricabatterie/caricatore | ładowarka | įkroviklis | зарядное устройство/зарядка
cable | kabel | câble | cable | cavo | kabel/przewód | laidas/kabelis | кабель/провод
headphones/earphones | kopfhörer | casque/écouteurs | auriculares/cascos | cuffie/auricolari | słuchawki | ausinės | наушники
speaker | lautsprecher | enceinte/haut-parleur | altavoz | altoparlante/cassa | głośnik | garsiakalbis/kolonėlė | колонка/динамик
phone case | handyhülle/handy hülle | coque/coque de téléphone/étui de téléphone | funda de móvil/funda para móvil/funda de teléfono | cover per cellulare/cover per il cellulare/custodia per cellulare/cover per telefono | etui na telefon/etui do telefonu | telefono dėklas | чехол для телефона
battery | batterie/akku | pile/batterie | pila/batería | batteria/pila | bateria/akumulator | baterija/akumuliatorius | батарейка/аккумулятор
~toy/toys | spielzeug | jouet/jouets | juguete/juguetes | giocattolo/giocattoli | zabawka/zabawki/zabawk* | žaislas/žaislai/žaisl* | игрушка/игрушки/игрушк*
toy car | spielzeugauto/auto | petite voiture/voiture | coche de juguete/cochecito | macchinina | samochodzik/autko | žaislinis automobilis/mašinėlė | машинка
doll | puppe | poupée | muñeca | bambola | lalka | lėlė | кукла
puzzle | puzzle | puzzle | rompecabezas/puzle | puzzle | puzzle/układanka | dėlionė | пазл/пазлы
ball | ball | ballon/balle | pelota/balón | palla/pallone | piłka | kamuolys | мяч
~baby/newborn | baby/babys | bébé/nouveau-né | bebé/recién nacido | neonato/bambino | niemowlę/niemowlak/dziecko | kūdikis/kūdikio | младенец/малыш/для новорожденных
booties/baby shoes | babyschuhe/krabbelschuhe | chaussons bébé/chaussons | patucos | scarpine | buciki/niechodki | kūdikio batukai/batukai | пинетки
pacifier clip | schnullerkette/schnullerhalter | attache-tétine/attache tétine/porte-tétine/porte tétine | chupetero/sujeta chupetes | catenella portaciuccio/portaciuccio | zawieszka do smoczka | čiulptuko laikiklis | держатель для соски/прищепка для соски
~sauna | sauna | sauna | sauna | sauna | sauna | pirtis/sauna | баня/сауна
sauna hat | saunahut/saunamütze | bonnet de sauna | gorro de sauna | cappello per sauna | czapka do sauny | pirties kepurė | банная шапка/шапка для бани
bath broom/whisk | saunabesen/birkenbesen | balai de bouleau | escoba de abedul | frusta di betulla | witka brzozowa | pirties vanta/vanta | веник/веники
bucket | eimer/kübel | seau | cubo/balde | secchio | wiadro | kibiras | ведро/шайка
ladle | kelle/schöpfkelle/saunakelle | louche | cucharón/cazo | mestolo | chochla/czerpak | samtis | ковш/черпак
stones | steine/saunasteine | pierres | piedras | pietre | kamienie | akmenys | камни
headrest | kopfstütze/nackenkissen | appui-tête | reposacabezas | poggiatesta | zagłówek | pagalvėlė galvai | подголовник
essential oil/essential oils | ätherisches öl/duftöl | huile essentielle/huiles essentielles | aceite esencial/aceites esenciales | olio essenziale/oli essenziali | olejek eteryczny/olejki eteryczne | eterinis aliejus/eteriniai aliejai | эфирное масло/масло
thermometer | thermometer | thermomètre | termómetro | termometro | termometr | termometras | термометр
# attributes, not kinds of product: materials, colours, who, occasions, features
leather | leder/leder* | cuir | cuero/piel | pelle/cuoio | skóra/skórzan*/skórz* | oda/odin*/odos | кожа/кожи/кожей/кожан*
suede | wildleder/velourleder | daim/suède | ante/gamuza | camoscio/scamosciato | zamsz/zamsz* | zomšas/zomš* | замша/замш*
patent leather | lackleder/lack | cuir verni/verni | charol | vernice/pelle verniciata | lakier/lakierowan* | lakuota oda/lakuot* | лакированная кожа/лакирован*
wool | wolle/woll* | laine | lana | lana | wełna/wełnian* | vilna/viln* | шерсть/шерстян*
cotton | baumwolle/baumwoll* | coton | algodón | cotone | bawełna/bawełnian* | medvilnė/medviln* | хлопок/хлопков*
linen | leinen | lin | lino | lino | len/lniany/lnian* | linas/linin* | лен/льнян*
silk | seide/seiden* | soie | seda | seta | jedwab/jedwabn* | šilkas/šilk* | шелк/шелков*
wood/wooden | holz/hölzern/holz* | bois | madera | legno | drewno/drewnian* | mediena/medinis/medin* | дерево/деревянн*
glass | glas | verre | vidrio/cristal | vetro | szkło/szklan* | stiklas/stiklin* | стекло/стеклянн*
crystal | kristall | cristal | cristal | cristallo | kryształ/kryształow* | krištolas/krištolin* | хрусталь/хрустальн*
steel/stainless steel | edelstahl/stahl | acier/inox | acero/acero inoxidable | acciaio/inox | stal/nierdzewn* | plienas/nerūdijantis/nerūdij* | сталь/нержавеющ*
silver | silber/silbern | argent/argenté | plata/plateado | argento/argentato | srebro/srebrn* | sidabras/sidabr* | серебро/серебрян*
gold/golden | gold/golden/vergoldet | doré/dorée/en or | oro/dorado | oro/dorato | złoto/złot* | auksas/auksin* | золото/золот*
pearl/pearls | perle/perlen | perle/perles | perla/perlas | perla/perle | perła/perły/perł* | perlas/perlai/perl* | жемчуг/жемчужн*
feather/feathers | feder/federn | plume/plumes | pluma/plumas | piuma/piume | pióro/pióra/piór* | plunksna/plunksn* | перо/перья
lace | spitze | dentelle | encaje | pizzo | koronka/koronk* | nėriniai/nėrin* | кружево/кружев*
cat/kitten | katze/katzen/kätzchen | chat/chats/chaton | gato/gatos/gatito | gatto/gatti/gattino | kot/kotek/kotem/kota/koty/kotk* | katė/katę/katės/katinas/kačiuk* | кот/кошка/котик/кошк*/котик*
dog/puppy | hund/hunde/welpe | chien/chiens/chiot | perro/perros/perrito/cachorro | cane/cani/cagnolino | piesek/psem/psa/pieska/piesk* | šuo/šuns/šuniuk*/šunel* | собака/собак*/щенок
bird | vogel/vögel/vögelchen | oiseau/oiseaux | pájaro/pájaros/pajarito | uccello/uccelli/uccellino | ptak/ptaszek/ptaszk*/ptak* | paukštis/paukšč*/paukštel*/pauksc* | птица/птичк*/птиц*
fish | fisch/fische | poisson/poissons | pez/peces/pescado | pesce/pesci | ryba/rybą/rybka/rybk* | žuvis/žuvytė/žuvyte/žuvyt* | рыба/рыбой/рыбк*
frog | frosch/frösche | grenouille/grenouilles | rana/ranas | rana/rane | żaba/żabą/żabki/żabk* | varlė/varl* | лягушка/лягушк*
flower/flowers/floral | blume/blumen/blüte/blüten | fleur/fleurs/fleuri | flor/flores/florecita | fiore/fiori | kwiat/kwiatek/kwiatk*/kwiat* | gėlė/gėlės/gėlytė/gėlyt* | цветок/цветы/цветами/цветочк*
star/stars | stern/sterne/sternchen | étoile/étoiles | estrella/estrellas | stella/stelle | gwiazda/gwiazdk*/gwiazd* | žvaigždė/žvaigžd* | звезда/звезд*
heart/hearts | herz/herzen/herzchen | cœur/coeur/cœurs | corazón/corazones | cuore/cuori | serce/sercem/serca/serduszk* | širdis/širdel*/širdut* | сердце/сердечк*/сердц*
crown | krone/krönchen | couronne | corona | corona/coroncina | korona/koron* | karūna/karūn* | корона/корон*
moon | mond | lune | luna | luna | księżyc/księżyc* | mėnulis/mėnul* | луна/луной/луну/месяц
sun | sonne | soleil | sol | sole | słońce/słonecz* | saulė/saul* | солнце/солнышк*
tree | baum/bäume | arbre/arbres | árbol/árboles | albero/alberi | drzewo/drzewk* | medis/medel* | дерево/дерев*
leaf/leaves | blatt/blätter | feuille/feuilles | hoja/hojas | foglia/foglie | liść/liśc*/listk* | lapas/lapel* | листок/листик*/листь*
butterfly | schmetterling/schmetterlinge | papillon/papillons | mariposa/mariposas | farfalla/farfalle | motyl/motyl* | drugelis/drugel* | бабочка/бабочк*
bee | biene/bienen | abeille/abeilles | abeja/abejas | ape/api/apina | pszczoła/pszczół*/pszczoł* | bitė/bitės/bitut* | пчела/пчёл*/пчел*
owl | eule/eulen | hibou/chouette | búho/lechuza | gufo/civetta | sowa/sową/sowy/sówk* | pelėda/pelėd* | сова/совой/совы/совушк*
fox | fuchs/füchse | renard | zorro | volpe | lis/lisek/lisk* | lapė/lapin* | лиса/лисой/лисы/лисичк*
bear/teddy | bär/bären/teddy | ours/ourson | oso/osito | orso/orsetto | miś/niedźwiedź/misi* | meška/meškut*/mešk* | медведь/мишк*/медвеж*
sloth | faultier | paresseux | perezoso | bradipo | leniwiec/leniwc* | tinginys/tingin* | ленивец/ленивц*
rainbow | regenbogen | arc-en-ciel/arc en ciel | arcoíris/arco iris | arcobaleno | tęcza/tęcz* | vaivorykštė/vaivorykšt* | радуга/радуг*
leopard/animal print | leopard/leo | léopard/léopards | leopardo | leopardo/leopardato | lampart/pantera/panterk*/lampart* | leopardas/leopard* | леопард/леопард*
zebra | zebra | zèbre | cebra | zebra | zebra/zebr* | zebras/zebr* | зебра/зебр*
skull | totenkopf/schädel | tête de mort/crâne | calavera/cráneo | teschio | czaszka/czaszk* | kaukolė/kaukol* | череп/череп*
anchor | anker | ancre | ancla | ancoretta/ancorina | kotwica/kotwic* | inkaras/inkar* | якорь/якор*
cherry/cherries | kirsche/kirschen | cerise/cerises | cereza/cerezas | ciliegia/ciliegie | wiśnia/wiśni*/czereśni* | vyšnia/vyšn* | вишня/вишн*/вишенк*
cage | käfig | cage | jaula | gabbia | klatka/klatk* | narvelis/narvel* | клетка/клетк*
wing/wings | flügel | aile/ailes/ailé/ailée | ala/alas | ali/aletta | skrzydło/skrzydeł*/skrzydl* | sparnas/sparn* | крыло/крыл*
shell/seashell | muschel | coquillage/coquille | concha | conchiglia | muszla/muszelk* | kriauklė/kriaukl* | ракушка/ракушк*
game console/console | konsole/spielkonsole | console | consola | console | konsola/konsol* | konsolė/konsol* | приставка/консоль
black | schwarz/schwarz* | noir/noire/noirs | negro/negra/negr* | nero/nera/neri/nere | czarny/czarn* | juodas/juod* | черный/черн*
white | weiß/weiss/weiß*/weiss* | blanc/blanche/blancs | blanco/blanca/blanc* | bianco/bianca/bianch* | biały/biał* | baltas/balt* | белый/белая/белое/белые/белого/белую
red | rot/rote/roter/rotes | rouge/rouges | rojo/roja/rojos/rojas | rosso/rossa/ross* | czerwony/czerwon* | raudonas/raudon* | красный/красн*
blue | blau/blau* | bleu/bleue/bleus | azul/azules | blu/azzurro/azzurr* | niebieski/niebiesk* | mėlynas/mėlyn* | синий/голубой/синяя/синее/синие/синего/синюю/голуб*
navy | marineblau/dunkelblau | bleu marine/marine | azul marino | blu navy/blu scuro | granatowy/granatow* | tamsiai mėlynas | темно-синий
green | grün/grün* | vert/verte/verts | verde/verdes | verde/verdi | zielony/zielon* | žalias/žalia/žali/žalios/žalių/žalią | зеленый/зелен*
yellow | gelb/gelb* | jaune/jaunes | amarillo/amarill* | giallo/giall* | żółty/żółt* | geltonas/gelton* | желтый/желт*
pink | rosa | rose/roses | rosa/rosado | rosa | różowy/różow* | rožinis/rožin* | розовый/розов*
grey/gray | grau/grau* | gris/grise | gris/grises | grigio/grigia/grigi* | szary/szar* | pilkas/pilk* | серый/серая/серое/серые/серого/серую
brown | braun/braun* | marron/brun/brune | marrón/marrones | marrone/marroni | brązowy/brązow* | rudas/ruda/rudi/rudos/rudo/rudų | коричневый/коричнев*
beige | beige | beige | beige/beis | beige | beżowy/beżow* | smėlio spalvos/smėlinis | бежевый/бежев*
purple/violet | lila/violett | violet/violette/mauve | morado/violeta | viola/viola | fioletowy/fioletow* | violetinis/violet* | фиолетовый/фиолетов*
orange | orange | orange | naranja | arancione | pomarańczowy/pomarańczow* | oranžinis/oranž* | оранжевый/оранжев*
caramel | karamell/karamellfarben | caramel | caramelo | caramello | karmel/karmelow* | karamelinė/karamel* | карамель/карамельн*
cappuccino | cappuccino | cappuccino | capuchino/capuccino | cappuccino | cappuccino | kapučino | капучино
khaki | khaki | kaki | caqui | cachi/kaki | khaki | chaki | хаки
olive | oliv/olivgrün | olive/vert olive | oliva/verde oliva | oliva/verde oliva | oliwkowy/oliwkow* | alyvuogių/alyvuog* | оливковый/оливков*
cognac | cognac/cognacfarben | cognac | coñac | cognac | koniak/koniakow* | konjako | коньячный/коньячн*
peach | pfirsich/pfirsichfarben | pêche | melocotón/durazno | pesca | brzoskwiniowy/brzoskwiniow* | persikinė/persik* | персиковый/персик*
mint | mint/mintgrün | menthe/vert menthe | menta/verde menta | menta/verde menta | miętowy/miętow* | mėtinė/mėtin* | мятный/мятн*
emerald | smaragdgrün/smaragd | émeraude | esmeralda | smeraldo | szmaragdowy/szmaragdow* | smaragdinė/smaragd* | изумрудный/изумрудн*
lilac | flieder/fliederfarben | lilas | lila | lilla | liliowy/liliow* | alyvinė/alyvin* | сиреневый/сиренев*
graphite | graphit/graphitgrau | graphite | grafito | grafite | grafitowy/grafitow* | grafito/grafitin* | графит/графитов*
mustard | senf/senfgelb | moutarde | mostaza | senape | musztardowy/musztardow* | garstyčių | горчичный/горчичн*
turquoise | türkis | turquoise | turquesa | turchese | turkusowy/turkusow* | turkio/turkis* | бирюзовый/бирюзов*
burgundy | bordeaux/weinrot | bordeaux | burdeos/granate | bordeaux/bordò | bordowy/bordow* | bordo/bordinis | бордовый/бордов*
women's/women/ladies | damen/frauen | femme/femmes | mujer/mujeres | donna/donne | damski/damsk*/damskie | moteriški/moter* | женский/женск*
men's/men | herren/männer | homme/hommes | hombre/hombres | uomo/uomini | męski/męsk*/męskie | vyriški/vyriškas/vyriška/vyrų/vyrams/vyriš* | мужской/мужск*
children's/kids/kid/child | kinder/kind | enfant/enfants | niño/niña/niños | bambino/bambini | dziecięcy/dziecięc*/dla dzieci | vaikiški/vaik* | детский/детск*
boy | junge/jungen | garçon | niño | bambino/maschio | chłopiec/chłopca | berniukas/berniuk* | мальчик/мальчик*
girl | mädchen | fille | niña | bambina | dziewczynka/dziewczyn* | mergaitė/mergait* | девочка/девочк*
gift/present | geschenk | cadeau | regalo | regalo | prezent/upominek | dovana/dovan* | подарок/подарк*
wedding | hochzeit | mariage | boda | matrimonio/nozze | ślub/ślubn* | vestuvės/vestuv* | свадьба/свадебн*
electric | elektrisch/elektrische/elektro | électrique | eléctrico/eléctrica | elettrico/elettrica | elektryczny/elektryczn* | elektrinis/elektrin* | электрический/электрическ*
winter | winter | hiver | invierno | inverno | zima/zimow*/zimę | žiema/žiemin* | зима/зимн*
summer | sommer | été | verano | estate | lato/letni*/letn* | vasara/vasarin* | лето/летн*
grommet/grommets | ösen | œillets | ojales/ollaos | occhielli | przelotki/przelotk* | įvorės | люверсы
waterproof | wasserdicht | imperméable | impermeable | impermeabile | wodoodporny/wodoodporn* | neperšlampamas/vandeniui atsparus | водонепроницаемый/непромокаем*
"""
# fmt: on


@dataclass(frozen=True)
class _Entry:
    concept: int  # the lexicon line
    language: str


_TOKEN_RE = re.compile(r"[\w'-]+")
_MIN_STEM = 4  # shorter stems catch other languages' words ("bat*" would take "bath")


@dataclass
class _Tables:
    exact: dict[str, list[_Entry]]  # one folded word
    stems: dict[str, list[_Entry]]  # a folded stem ("kurtk")
    inflected: dict[str, dict[str, list[_Entry]]]  # language → its stemmer's stem → entries
    phrases: list[tuple[tuple[str, ...], list[_Entry]]]  # several words, longest first
    words: list[dict[str, str]]  # each concept's word per language
    alternatives: list[dict[str, list[str]]]  # each concept's whole words per language
    forms: list[list[str]]  # each concept's folded forms, every language (stems end in *)
    kinds: int  # concepts below this are kinds of product; the rest describe them
    departments: frozenset[int]  # kinds that name a department, never a title's own kind


def _word_matches(form: str, word: str) -> bool:
    return word.startswith(form[:-1]) if form.endswith("*") else word == form


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    exact: dict[str, list[_Entry]] = {}
    stems: dict[str, list[_Entry]] = {}
    inflected: dict[str, dict[str, list[_Entry]]] = {}
    phrases: dict[tuple[str, ...], list[_Entry]] = {}
    words: list[dict[str, str]] = []
    alternatives: list[dict[str, list[str]]] = []
    forms_of: list[list[str]] = []
    kinds = -1
    departments: set[int] = set()
    for line in _LEXICON.strip().splitlines():
        if line.startswith("#"):
            kinds = len(words) if kinds < 0 else kinds
            continue
        if line.startswith("~"):
            departments.add(len(words))
            line = line[1:]
        columns = [c.strip() for c in line.split("|")]
        if len(columns) != len(LANGUAGES):
            raise ValueError(f"lexicon line without {len(LANGUAGES)} columns: {line}")
        concept = len(words)
        chosen: dict[str, str] = {}
        whole: dict[str, list[str]] = {}
        forms_of.append([])
        for language, column in zip(LANGUAGES, columns, strict=True):
            forms = [f.strip() for f in column.split("/") if f.strip()]
            forms_of[-1].extend(fold(f) for f in forms)
            chosen[language] = forms[0].rstrip("*")
            whole[language] = [f for f in forms if not f.endswith("*")]
            for form in forms:
                entry = _Entry(concept, language)
                tokens = tuple(fold(form).split())
                if len(tokens) > 1:
                    phrases.setdefault(tokens, []).append(entry)
                elif tokens and tokens[0].endswith("*"):
                    if len(tokens[0]) <= _MIN_STEM:
                        raise ValueError(f"lexicon stem shorter than {_MIN_STEM}: {form}")
                    stems.setdefault(tokens[0][:-1], []).append(entry)
                elif tokens:
                    exact.setdefault(tokens[0].rstrip("*"), []).append(entry)
                    # its inflections too, as the language's stemmer reads them ("vantų",
                    # "čiužinio", "сетку"): a stem long enough to tell a word
                    if len(root := stem(tokens[0], language)) >= _MIN_STEM:
                        inflected.setdefault(language, {}).setdefault(root, []).append(entry)
        words.append(chosen)
        alternatives.append(whole)
    ordered = sorted(phrases.items(), key=lambda item: len(item[0]), reverse=True)
    kinds = len(words) if kinds < 0 else kinds
    return _Tables(
        exact, stems, inflected, ordered, words, alternatives, forms_of, kinds,
        frozenset(departments),
    )  # fmt: skip


@lru_cache(maxsize=100_000)
def _phrases_from(word: str) -> tuple[tuple[tuple[str, ...], list[_Entry]], ...]:
    """The lexicon's phrases whose first word ``word`` may be, longest first."""
    return tuple(
        (forms, entries) for forms, entries in _tables().phrases if _word_matches(forms[0], word)
    )


def _meanings(tokens: list[str]) -> list[tuple[list[str], list[_Entry]]]:
    """Each word or phrase of ``tokens`` the lexicon knows, with its meanings (longest first)."""
    tables = _tables()
    found: list[tuple[list[str], list[_Entry]]] = []
    i = 0
    while i < len(tokens):
        for forms, entries in _phrases_from(tokens[i]):
            n = len(forms)
            if i + n <= len(tokens) and all(
                _word_matches(f, w) for f, w in zip(forms, tokens[i : i + n], strict=True)
            ):
                found.append((tokens[i : i + n], entries))
                i += n
                break
        else:
            word = tokens[i]
            if "-" in word.strip("-") and word not in tables.exact:
                # "одеяло-квилт", "серёжки-вишенки": each part a word of its own (a stem
                # would take the first part for the whole); "t-shirt" is one word
                found.extend(_meanings([part for part in word.split("-") if part]))
            elif entries := _entries_of(word, tables):
                found.append(([word], entries))
            i += 1
    return found


def kinds_named(
    text: str, language: str = "", departments: bool = True
) -> list[tuple[str, list[str]]]:
    """The words of ``text`` naming kinds of product, each with its kinds' forms.

    ``[("gants", ["gloves", "handschuhe", "rekawic*", …])]``: every language's folded
    forms of each kind the words may mean (stems end in ``*``), for telling whether a
    shop sells that kind whatever language it writes in. A word one meaning of which is
    no kind is left out (Italian "pelle" is leather, French "pelle" a shovel); with the
    message's ``language``, another language's stem names nothing ("bolster" is no
    Spanish "bols*").
    """
    forms = _tables().forms
    return [
        (" ".join(tokens), list(dict.fromkeys(f for c in concepts for f in forms[c])))
        for tokens, concepts in _kinds_in(text, language, departments)
    ]


def _kinds_in(
    text: str, language: str, departments: bool
) -> list[tuple[list[str], tuple[int, ...]]]:
    """Each word or phrase of ``text`` that names kinds of product, with those kinds.

    A word one meaning of which is no kind names none; with ``language``, a single word
    read only as another language's stem or inflection names none; ``departments``:
    whether a department ("jewellery", "do sauny": where a thing is used) counts.
    """
    tables = _tables()
    found = []
    for tokens, entries in _meanings(_TOKEN_RE.findall(fold(text))):
        if language and len(tokens) == 1 and tokens[0] not in tables.exact:
            entries = [e for e in entries if e.language == language]
        if not departments:
            entries = [e for e in entries if e.concept not in tables.departments]
        if entries and all(e.concept < tables.kinds for e in entries):
            found.append((tokens, tuple(dict.fromkeys(e.concept for e in entries))))
    return found


def _entries_of(word: str, tables: _Tables) -> list[_Entry]:
    """The lexicon's entries for one folded word: as written, by a stem, or inflected."""
    entries = list(tables.exact.get(word, ()))
    for end in range(len(word), _MIN_STEM - 1, -1):
        entries.extend(tables.stems.get(word[:end], ()))
    if entries:
        return entries
    # "vantų" is the lexicon's "vanta", "wentylatora" its "wentylator": each language's
    # stemmer reads the word against that language's forms only
    for language, roots in tables.inflected.items():
        root = stem(word, language)
        if len(root) >= _MIN_STEM:
            entries.extend(roots.get(root, ()))
    return entries


@lru_cache(maxsize=50_000)
def kind_concepts(text: str, language: str = "", departments: bool = True) -> tuple[int, ...]:
    """The kinds of product ``text`` names, as lexicon lines, in the order it names them.

    ``language`` and ``departments`` as for :func:`kinds_named`.
    """
    found = (c for _, concepts in _kinds_in(text, language, departments) for c in concepts)
    return tuple(dict.fromkeys(found))


def attribute_forms(word: str) -> tuple[str, ...]:
    """Every language's folded forms of the attributes ``word`` means (a colour, a material).

    "карамельные" → ("caramel", "karamell", …, "karmel", "karmelow*", …): what a shop in
    another language may call the same colour (stems end in ``*``).
    """
    tables = _tables()
    entries = _entries_of(fold(word), tables)
    concepts = dict.fromkeys(e.concept for e in entries if e.concept >= tables.kinds)
    return tuple(f for c in concepts for f in tables.forms[c])


def word_languages(word: str) -> frozenset[str]:
    """The languages whose lexicon column holds ``word`` (folded; stems included)."""
    return frozenset(e.language for e in _entries_of(fold(word), _tables()))


def translations(
    query: str,
    catalogue_language: str,
    known: Callable[[str], bool] | None = None,
    in_titles: Callable[[str], int] | None = None,
) -> list[str]:
    """Catalogue-language words for the query's words in other languages (new ones only).

    ``known`` tells the catalogue's own (folded) words: a query word the catalogue
    holds is searched as it is ("cover" is no Italian phone case in a bedding shop,
    "Estate" no Italian summer where it is a brand). ``in_titles`` counts the product
    titles holding a word: of a concept's words, the one most titles use is the shop's
    own name for it (:func:`_shop_word`).
    """
    if catalogue_language not in LANGUAGES or not query.strip():
        return []
    folded = fold(query)
    added: list[str] = []
    for tokens, entries in _meanings(_TOKEN_RE.findall(folded)):
        if any(e.language == catalogue_language for e in entries):
            continue  # already a word of the catalogue's language
        if known is not None and all(known(token) for token in tokens):
            continue  # the catalogue's own word
        for entry in entries:
            word = _shop_word(entry.concept, catalogue_language, in_titles)
            if known is not None and not any(known(t) for t in fold(word).split()):
                # a word the shop never writes finds nothing, and the spelling correction
                # would take it for a typo of one it does ("paukštis" → "aukštis")
                continue
            # a word inside one already added ("žarna" in "laistymo žarna") adds nothing
            said = set(_TOKEN_RE.findall(folded)) | {t for a in added for t in fold(a).split()}
            if word and fold(word) not in folded and not set(fold(word).split()) <= said:
                added.append(word)
    return added


def _shop_word(concept: int, language: str, in_titles: Callable[[str], int] | None) -> str:
    """The concept's word in ``language`` that most product titles use, else its first word.

    A bedding shop titles its curtains "Drape" where the lexicon's first word is
    "curtains"; a clothing shop says "jacket" more than "parka". One word: two would
    make the kind agreement (:mod:`graph.kinds`) demand a parka of every jacket.
    """
    tables = _tables()
    first = tables.words[concept][language]
    if in_titles is None:
        return first
    counted = [(in_titles(w), w) for w in tables.alternatives[concept][language]]
    best = max(counted, key=lambda pair: pair[0], default=(0, first))  # ties: lexicon order
    return best[1] if best[0] > 0 else first


def translate_query(
    query: str,
    catalogue_language: str,
    known: Callable[[str], bool] | None = None,
    in_titles: Callable[[str], int] | None = None,
) -> str:
    """``query`` with the catalogue-language words of its foreign words appended."""
    added = translations(query, catalogue_language, known, in_titles)
    return f"{query} {' '.join(added)}" if added else query
