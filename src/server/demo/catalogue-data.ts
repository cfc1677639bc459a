/**
 * Vocabulary of the demo catalogue (issue 4): the category tree and the words articles are made of,
 * each in nl|en|fr. Kept apart from the generator so the generator reads as an algorithm.
 */

/** 'nl|en|fr' → {nl, en, fr}. */
export type Trio = { nl: string; en: string; fr: string };
export const trio = (s: string): Trio => {
  const [nl, en, fr] = s.split('|');
  return { nl, en: en ?? nl, fr: fr ?? nl };
};

export interface Leaf {
  name: Trio;
  /** Price range in cents for one unit. */
  price: [number, number];
  /** Which describing words fit: colours, sizes, materials. */
  traits: readonly TraitKind[];
}
export interface Second { name: Trio; family: string; leaves: Leaf[] }
export interface Top { name: Trio; marketplace: number; brands: readonly string[]; tax: number; seconds: Second[] }

export type TraitKind = 'colour' | 'size' | 'material' | 'pack' | 'capacity' | 'storage' | 'paper' | 'clothing';

const leaf = (s: string, price: [number, number], ...traits: TraitKind[]): Leaf => ({ name: trio(s), price, traits });
const second = (s: string, family: string, leaves: Leaf[]): Second => ({ name: trio(s), family, leaves });

/** Marketplaces (name per tenant language is the same: they are brand names of the shop). */
export const MARKETPLACES = [
  { name: 'Kantoor & IT', description: trio('Kantoorartikelen, papier en IT|Office supplies, paper and IT|Fournitures de bureau, papier et informatique') },
  { name: 'Facilitair', description: trio('Schoonmaak, verpakking en meubilair|Cleaning, packaging and furniture|Nettoyage, emballage et mobilier') },
  { name: 'Horeca & Café', description: trio('Catering, koffie en keuken|Catering, coffee and kitchen|Restauration, café et cuisine') },
  { name: 'Veiligheid', description: trio('Persoonlijke bescherming en werkkleding|Personal protection and workwear|Protection individuelle et vêtements de travail') },
] as const;

export const TOPS: Top[] = [
  {
    name: trio('Kantoorartikelen|Office supplies|Fournitures de bureau'), marketplace: 0, tax: 21,
    brands: ['Bic', 'Pilot', 'Stabilo', 'Leitz', 'Esselte', 'Rexel', 'Post-it', 'Tipp-Ex', 'Maped', 'Staedtler'],
    seconds: [
      second('Schrijfwaren|Writing instruments|Instruments d’écriture', 'writing', [
        leaf('Balpen|Ballpoint pen|Stylo à bille', [40, 450], 'colour', 'pack'), leaf('Gelpen|Gel pen|Stylo gel', [90, 520], 'colour', 'pack'),
        leaf('Markeerstift|Highlighter|Surligneur', [70, 380], 'colour', 'pack'), leaf('Vulpotlood|Mechanical pencil|Porte-mine', [120, 1400], 'colour'),
      ]),
      second('Archivering|Filing|Classement', 'filing', [
        leaf('Ordner|Lever arch file|Classeur à levier', [190, 690], 'colour', 'size'), leaf('Hangmap|Suspension file|Dossier suspendu', [60, 240], 'colour', 'pack'),
        leaf('Showtas|Punched pocket|Pochette perforée', [30, 120], 'pack'), leaf('Archiefdoos|Archive box|Boîte d’archives', [150, 590], 'material', 'pack'),
      ]),
      second('Bureau-accessoires|Desk accessories|Accessoires de bureau', 'desk', [
        leaf('Nietmachine|Stapler|Agrafeuse', [450, 3900], 'colour'), leaf('Perforator|Hole punch|Perforatrice', [550, 4200], 'colour'),
        leaf('Bureauschaar|Office scissors|Ciseaux de bureau', [250, 1200], 'size'), leaf('Pennenbak|Pen holder|Pot à crayons', [300, 1800], 'colour', 'material'),
      ]),
      second('Notities|Notes|Notes', 'notes', [
        leaf('Notitieblok|Notepad|Bloc-notes', [120, 690], 'paper', 'size'), leaf('Zelfklevende memoblaadjes|Sticky notes|Notes adhésives', [150, 890], 'colour', 'pack'),
        leaf('Schrift|Exercise book|Cahier', [90, 450], 'paper', 'size'), leaf('Notitieboek|Notebook|Carnet', [450, 2200], 'colour', 'paper'),
      ]),
      second('Correctie en lijm|Correction and glue|Correction et colle', 'glue', [
        leaf('Correctieroller|Correction tape|Roller de correction', [150, 490], 'pack'), leaf('Lijmstift|Glue stick|Bâton de colle', [80, 350], 'size', 'pack'),
        leaf('Plakband|Adhesive tape|Ruban adhésif', [90, 420], 'size', 'pack'),
      ]),
    ],
  },
  {
    name: trio('Papier & drukwerk|Paper & printing|Papier & impression'), marketplace: 0, tax: 21,
    brands: ['Navigator', 'Clairefontaine', 'Double A', 'Rey', 'Canon', 'Epson', 'Brother', 'Avery', 'Xerox', 'Oxford'],
    seconds: [
      second('Kopieerpapier|Copy paper|Papier copieur', 'copy-paper', [
        leaf('A4-kopieerpapier|A4 copy paper|Papier copieur A4', [390, 690], 'paper', 'pack'), leaf('A3-kopieerpapier|A3 copy paper|Papier copieur A3', [790, 1490], 'paper', 'pack'),
        leaf('Gerecycleerd papier|Recycled paper|Papier recyclé', [420, 790], 'paper', 'pack'), leaf('Gekleurd papier|Coloured paper|Papier couleur', [550, 1290], 'colour', 'paper'),
      ]),
      second('Enveloppen|Envelopes|Enveloppes', 'envelopes', [
        leaf('Envelop C5|C5 envelope|Enveloppe C5', [890, 2490], 'colour', 'pack'), leaf('Envelop DL met venster|DL window envelope|Enveloppe DL à fenêtre', [790, 2190], 'pack'),
        leaf('Verzendzak|Mailing bag|Pochette d’expédition', [1290, 3990], 'size', 'pack'),
      ]),
      second('Inkt en toner|Ink and toner|Encre et toner', 'toner', [
        leaf('Tonercartridge|Toner cartridge|Cartouche de toner', [3900, 18900], 'colour'), leaf('Inktcartridge|Ink cartridge|Cartouche d’encre', [1290, 5990], 'colour'),
        leaf('Drumeenheid|Drum unit|Tambour', [6900, 21900]), leaf('Lintcassette|Ribbon cassette|Cassette ruban', [990, 3490], 'colour'),
      ]),
      second('Etiketten|Labels|Étiquettes', 'labels', [
        leaf('Adresetiket|Address label|Étiquette d’adresse', [890, 3290], 'size', 'pack'), leaf('Verzendetiket|Shipping label|Étiquette d’expédition', [1190, 3990], 'size', 'pack'),
        leaf('Labeltape|Label tape|Ruban d’étiquettes', [1290, 3490], 'colour', 'size'), leaf('Naambadge|Name badge|Badge nominatif', [490, 1990], 'pack'),
      ]),
      second('Fotopapier en speciaal|Photo and special paper|Papier photo et spécial', 'special-paper', [
        leaf('Fotopapier|Photo paper|Papier photo', [990, 3990], 'size', 'pack'), leaf('Visitekaartjes|Business cards|Cartes de visite', [1490, 4990], 'colour', 'pack'),
        leaf('Lamineerhoes|Laminating pouch|Pochette de plastification', [690, 2990], 'size', 'pack'), leaf('Flipoverpapier|Flipchart paper|Papier pour paperboard', [1290, 3290], 'pack'),
      ]),
    ],
  },
  {
    name: trio('IT & elektronica|IT & electronics|Informatique & électronique'), marketplace: 0, tax: 21,
    brands: ['Logitech', 'HP', 'Dell', 'Lenovo', 'Samsung', 'Kingston', 'SanDisk', 'Belkin', 'Philips', 'Trust'],
    seconds: [
      second('Invoerapparaten|Input devices|Périphériques d’entrée', 'input', [
        leaf('Draadloze muis|Wireless mouse|Souris sans fil', [990, 8990], 'colour'), leaf('Toetsenbord|Keyboard|Clavier', [1490, 12900], 'colour'),
        leaf('Presenter|Presenter|Télécommande de présentation', [2490, 7990]), leaf('Muismat|Mouse pad|Tapis de souris', [390, 2490], 'colour', 'size'),
      ]),
      second('Beeldschermen|Monitors|Écrans', 'monitors', [
        leaf('Monitor 24 inch|24-inch monitor|Écran 24 pouces', [12900, 29900]), leaf('Monitor 27 inch|27-inch monitor|Écran 27 pouces', [18900, 49900]),
        leaf('Monitorarm|Monitor arm|Bras d’écran', [3990, 19900], 'colour'), leaf('Privacyfilter|Privacy filter|Filtre de confidentialité', [3490, 8990], 'size'),
      ]),
      second('Kabels en adapters|Cables and adapters|Câbles et adaptateurs', 'cables', [
        leaf('USB-C-kabel|USB-C cable|Câble USB-C', [590, 2990], 'size', 'colour'), leaf('HDMI-kabel|HDMI cable|Câble HDMI', [690, 3490], 'size'),
        leaf('Netwerkkabel|Network cable|Câble réseau', [290, 1990], 'size', 'colour'), leaf('Verloopstekker|Adapter|Adaptateur', [790, 3990]),
      ]),
      second('Opslag|Storage|Stockage', 'storage', [
        leaf('USB-stick|USB flash drive|Clé USB', [590, 4990], 'storage'), leaf('Externe harde schijf|External hard drive|Disque dur externe', [4990, 15900], 'storage'),
        leaf('SSD|SSD|SSD', [3990, 24900], 'storage'), leaf('Geheugenkaart|Memory card|Carte mémoire', [690, 5990], 'storage'),
      ]),
      second('Audio en vergaderen|Audio and meetings|Audio et réunions', 'audio', [
        leaf('Headset|Headset|Casque-micro', [1990, 17900], 'colour'), leaf('Webcam|Webcam|Webcam', [3490, 14900]),
        leaf('Speakerphone|Speakerphone|Haut-parleur de conférence', [7990, 29900]), leaf('Oordopjes|Earbuds|Écouteurs', [1490, 9990], 'colour'),
      ]),
    ],
  },
  {
    name: trio('Schoonmaak & hygiëne|Cleaning & hygiene|Nettoyage & hygiène'), marketplace: 1, tax: 21,
    brands: ['Tork', 'Dettol', 'Ecover', 'Vileda', 'Kärcher', 'Glorix', 'Dreft', 'Sorbo', 'Lotus Professional', 'Cif'],
    seconds: [
      second('Reinigingsmiddelen|Cleaning products|Produits de nettoyage', 'cleaners', [
        leaf('Allesreiniger|All-purpose cleaner|Nettoyant multi-usages', [290, 1490], 'capacity'), leaf('Glasreiniger|Glass cleaner|Nettoyant vitres', [250, 990], 'capacity'),
        leaf('Ontvetter|Degreaser|Dégraissant', [390, 1990], 'capacity'), leaf('Sanitairreiniger|Bathroom cleaner|Nettoyant sanitaire', [290, 1290], 'capacity'),
      ]),
      second('Papier en dispensers|Paper and dispensers|Papier et distributeurs', 'hygiene-paper', [
        leaf('Toiletpapier|Toilet paper|Papier toilette', [590, 3490], 'pack'), leaf('Handdoekpapier|Paper towels|Essuie-mains papier', [890, 4490], 'pack'),
        leaf('Zeepdispenser|Soap dispenser|Distributeur de savon', [1990, 6990], 'colour'), leaf('Keukenrol|Kitchen roll|Essuie-tout', [390, 1990], 'pack'),
      ]),
      second('Handhygiëne|Hand hygiene|Hygiène des mains', 'hands', [
        leaf('Handzeep|Hand soap|Savon pour les mains', [290, 1490], 'capacity'), leaf('Handgel|Hand sanitiser|Gel hydroalcoolique', [390, 1990], 'capacity'),
        leaf('Handcrème|Hand cream|Crème pour les mains', [390, 1490], 'capacity'),
      ]),
      second('Schoonmaakmateriaal|Cleaning equipment|Matériel de nettoyage', 'equipment', [
        leaf('Microvezeldoek|Microfibre cloth|Chiffon microfibre', [190, 990], 'colour', 'pack'), leaf('Dweil|Floor cloth|Serpillière', [190, 890], 'pack'),
        leaf('Emmer|Bucket|Seau', [490, 2490], 'colour', 'capacity'), leaf('Bezem|Broom|Balai', [690, 2990], 'colour'),
      ]),
      second('Afval|Waste|Déchets', 'waste', [
        leaf('Vuilniszak|Bin bag|Sac poubelle', [290, 1990], 'capacity', 'pack'), leaf('Pedaalemmer|Pedal bin|Poubelle à pédale', [1990, 8990], 'colour', 'capacity'),
        leaf('Sorteerbak|Recycling bin|Bac de tri', [2990, 12900], 'colour', 'capacity'), leaf('Compostzak|Compost bag|Sac compostable', [390, 1490], 'capacity', 'pack'),
      ]),
    ],
  },
  {
    name: trio('Catering & keuken|Catering & kitchen|Restauration & cuisine'), marketplace: 2, tax: 6,
    brands: ['Douwe Egberts', 'Lavazza', 'Nespresso', 'Café Royal', 'Lipton', 'Chaudfontaine', 'Spa', 'Côte d’Or', 'Lotus', 'Senseo'],
    seconds: [
      second('Koffie en thee|Coffee and tea|Café et thé', 'coffee', [
        leaf('Koffiebonen|Coffee beans|Café en grains', [890, 2990], 'capacity'), leaf('Koffiecapsules|Coffee capsules|Capsules de café', [390, 1290], 'pack'),
        leaf('Gemalen koffie|Ground coffee|Café moulu', [490, 1490], 'capacity'), leaf('Thee|Tea|Thé', [190, 890], 'pack'),
      ]),
      second('Melk en suiker|Milk and sugar|Lait et sucre', 'milk', [
        leaf('Koffiemelk|Coffee creamer|Crème à café', [290, 990], 'pack'), leaf('Suikerzakjes|Sugar sticks|Sticks de sucre', [290, 1290], 'pack'),
        leaf('Koffiekoekjes|Coffee biscuits|Biscuits pour café', [390, 1490], 'pack'),
      ]),
      second('Dranken|Drinks|Boissons', 'drinks', [
        leaf('Mineraalwater|Mineral water|Eau minérale', [290, 990], 'capacity', 'pack'), leaf('Bruiswater|Sparkling water|Eau pétillante', [290, 990], 'capacity', 'pack'),
        leaf('Fruitsap|Fruit juice|Jus de fruits', [390, 1490], 'capacity', 'pack'), leaf('Frisdrank|Soft drink|Boisson gazeuse', [390, 1690], 'capacity', 'pack'),
      ]),
      second('Servies en bestek|Tableware and cutlery|Vaisselle et couverts', 'tableware', [
        leaf('Koffiekop|Coffee cup|Tasse à café', [190, 990], 'colour', 'material'), leaf('Bord|Plate|Assiette', [190, 1290], 'colour', 'material'),
        leaf('Bestekset|Cutlery set|Set de couverts', [990, 4990], 'material'), leaf('Drinkglas|Drinking glass|Verre', [150, 690], 'pack'),
      ]),
      second('Wegwerp en geschenken|Disposables and gifts|Jetables et cadeaux', 'disposables', [
        leaf('Kartonnen beker|Paper cup|Gobelet en carton', [290, 1490], 'capacity', 'pack'), leaf('Servetten|Napkins|Serviettes', [190, 990], 'colour', 'pack'),
        leaf('Roerstaafje|Stirrer|Bâtonnet mélangeur', [190, 690], 'material', 'pack'), leaf('Cadeaubon|Gift card|Chèque-cadeau', [1000, 10000]),
      ]),
    ],
  },
  {
    name: trio('Veiligheid & werkkleding|Safety & workwear|Sécurité & vêtements de travail'), marketplace: 3, tax: 21,
    brands: ['3M', 'Uvex', 'Honeywell', 'Ansell', 'Delta Plus', 'Würth', 'Portwest', 'Snickers', 'Moldex', 'Bollé'],
    seconds: [
      second('Handschoenen|Gloves|Gants', 'gloves', [
        leaf('Nitril handschoenen|Nitrile gloves|Gants en nitrile', [590, 1990], 'size', 'pack'), leaf('Werkhandschoenen|Work gloves|Gants de travail', [290, 1490], 'size', 'material'),
        leaf('Snijbestendige handschoenen|Cut-resistant gloves|Gants anti-coupure', [690, 2490], 'size'), leaf('Wegwerphandschoenen|Disposable gloves|Gants jetables', [390, 1290], 'size', 'pack'),
      ]),
      second('Oog- en gehoorbescherming|Eye and ear protection|Protection des yeux et de l’ouïe', 'eyes-ears', [
        leaf('Veiligheidsbril|Safety glasses|Lunettes de sécurité', [390, 2490], 'colour'), leaf('Oordoppen|Earplugs|Bouchons d’oreilles', [190, 2990], 'pack'),
        leaf('Gehoorkap|Ear defenders|Casque antibruit', [1490, 5990], 'colour'),
      ]),
      second('Werkkleding|Workwear|Vêtements de travail', 'workwear', [
        leaf('Werkbroek|Work trousers|Pantalon de travail', [2990, 8990], 'clothing', 'colour'), leaf('Fleecevest|Fleece jacket|Veste polaire', [2490, 6990], 'clothing', 'colour'),
        leaf('Signalisatievest|Hi-vis vest|Gilet haute visibilité', [290, 1490], 'clothing'), leaf('Werk-T-shirt|Work T-shirt|T-shirt de travail', [590, 1990], 'clothing', 'colour'),
      ]),
      second('Veiligheidsschoenen|Safety shoes|Chaussures de sécurité', 'shoes', [
        leaf('Veiligheidsschoen S3|S3 safety shoe|Chaussure de sécurité S3', [4990, 14900], 'clothing'), leaf('Veiligheidslaars|Safety boot|Botte de sécurité', [3990, 12900], 'clothing'),
        leaf('Inlegzolen|Insoles|Semelles', [990, 2990], 'clothing'),
      ]),
      second('EHBO en brand|First aid and fire|Premiers secours et incendie', 'first-aid', [
        leaf('EHBO-koffer|First aid kit|Trousse de secours', [1990, 8990], 'size'), leaf('Brandblusser|Fire extinguisher|Extincteur', [3990, 12900], 'capacity'),
        leaf('Blusdeken|Fire blanket|Couverture anti-feu', [1490, 3990], 'size'), leaf('Mondmasker FFP2|FFP2 face mask|Masque FFP2', [390, 2990], 'pack'),
      ]),
    ],
  },
  {
    name: trio('Kantoormeubilair|Office furniture|Mobilier de bureau'), marketplace: 1, tax: 21,
    brands: ['Steelcase', 'Ahrend', 'Vitra', 'Kinnarps', 'Haworth', 'Sedus', 'Interstuhl', 'Bisley', 'Kartell', 'Herman Miller'],
    seconds: [
      second('Stoelen|Chairs|Sièges', 'chairs', [
        leaf('Bureaustoel|Office chair|Chaise de bureau', [9900, 89900], 'colour', 'material'), leaf('Vergaderstoel|Meeting chair|Chaise de réunion', [4900, 39900], 'colour', 'material'),
        leaf('Kruk|Stool|Tabouret', [3900, 19900], 'colour', 'material'), leaf('Loungestoel|Lounge chair|Fauteuil lounge', [19900, 129900], 'colour', 'material'),
      ]),
      second('Bureaus en tafels|Desks and tables|Bureaux et tables', 'desks', [
        leaf('Zit-sta-bureau|Sit-stand desk|Bureau assis-debout', [39900, 129900], 'colour', 'size'), leaf('Vergadertafel|Meeting table|Table de réunion', [29900, 159900], 'material', 'size'),
        leaf('Bijzettafel|Side table|Table d’appoint', [4900, 29900], 'material'), leaf('Statafel|High table|Mange-debout', [9900, 49900], 'material'),
      ]),
      second('Opbergen|Storage furniture|Rangement', 'cabinets', [
        leaf('Ladeblok|Pedestal|Caisson', [14900, 49900], 'colour'), leaf('Roldeurkast|Tambour cabinet|Armoire à rideaux', [29900, 99900], 'colour', 'size'),
        leaf('Locker|Locker|Casier', [19900, 79900], 'colour'), leaf('Boekenkast|Bookcase|Bibliothèque', [9900, 49900], 'material', 'size'),
      ]),
      second('Verlichting|Lighting|Éclairage', 'lighting', [
        leaf('Bureaulamp|Desk lamp|Lampe de bureau', [2990, 19900], 'colour'), leaf('Staande lamp|Floor lamp|Lampadaire', [9900, 49900], 'colour'),
        leaf('Ledpaneel|LED panel|Panneau LED', [3990, 14900], 'size'),
      ]),
      second('Ergonomie en inrichting|Ergonomics and interior|Ergonomie et aménagement', 'ergonomics', [
        leaf('Voetsteun|Footrest|Repose-pieds', [1990, 6990], 'material'), leaf('Laptopstandaard|Laptop stand|Support pour ordinateur portable', [1990, 7990], 'material'),
        leaf('Whiteboard|Whiteboard|Tableau blanc', [2990, 24900], 'size'), leaf('Kapstok|Coat stand|Portemanteau', [2990, 14900], 'material', 'colour'),
      ]),
    ],
  },
  {
    name: trio('Verpakking & verzending|Packaging & shipping|Emballage & expédition'), marketplace: 1, tax: 21,
    brands: ['Raja', 'Scotch', 'Tesa', 'Sealed Air', 'Smurfit Kappa', 'Jiffy', 'Dymo', 'Manutan', 'Nashua', 'Pattex'],
    seconds: [
      second('Dozen|Boxes|Cartons', 'boxes', [
        leaf('Verzenddoos|Shipping box|Carton d’expédition', [90, 690], 'size', 'pack'), leaf('Verhuisdoos|Moving box|Carton de déménagement', [190, 590], 'size', 'pack'),
        leaf('Postpakket|Postal box|Boîte postale', [90, 390], 'size', 'pack'), leaf('Opbergbox|Storage box|Boîte de rangement', [390, 1990], 'colour', 'capacity'),
      ]),
      second('Tape|Tape|Ruban', 'tape', [
        leaf('Verpakkingstape|Packing tape|Ruban d’emballage', [190, 690], 'colour', 'pack'), leaf('Afplaktape|Masking tape|Ruban de masquage', [190, 590], 'size'),
        leaf('Tapedispenser|Tape dispenser|Dévidoir', [690, 2990], 'colour'),
      ]),
      second('Opvulmateriaal|Void fill|Matériau de calage', 'fill', [
        leaf('Noppenfolie|Bubble wrap|Papier bulle', [990, 3990], 'size'), leaf('Opvulchips|Packing peanuts|Chips de calage', [1290, 3490], 'capacity'),
        leaf('Kraftpapier|Kraft paper|Papier kraft', [990, 2990], 'size'),
      ]),
      second('Folie en banden|Film and straps|Film et feuillards', 'film', [
        leaf('Stretchfolie|Stretch film|Film étirable', [1290, 3990], 'size'), leaf('Omsnoeringsband|Strapping band|Feuillard', [1990, 5990], 'size'),
        leaf('Kabelbinders|Cable ties|Serre-câbles', [190, 990], 'size', 'pack'),
      ]),
      second('Transport|Transport|Transport', 'transport', [
        leaf('Steekwagen|Hand truck|Diable', [4990, 19900]), leaf('Palletwagen|Pallet truck|Transpalette', [29900, 79900]),
        leaf('Rolcontainer|Roll container|Conteneur roulant', [9900, 29900], 'size'), leaf('Transportkrat|Transport crate|Caisse de transport', [490, 2490], 'colour', 'capacity'),
      ]),
    ],
  },
];

/** Describing words; each entry 'nl|en|fr'. */
/** The name of each kind of describing word, as an article attribute's name (the marketplace's features). */
export const TRAIT_NAMES: Record<TraitKind, string> = {
  colour: 'Kleur|Colour|Couleur', size: 'Formaat|Size|Format', material: 'Materiaal|Material|Matériau', pack: 'Verpakking|Pack|Conditionnement',
  capacity: 'Inhoud|Capacity|Contenance', storage: 'Opslag|Storage|Stockage', paper: 'Papier|Paper|Papier', clothing: 'Maat|Size|Taille',
};

export const TRAITS: Record<TraitKind, readonly string[]> = {
  colour: ['zwart|black|noir', 'wit|white|blanc', 'blauw|blue|bleu', 'rood|red|rouge', 'groen|green|vert', 'geel|yellow|jaune', 'grijs|grey|gris', 'crème|cream|crème', 'oranje|orange|orange', 'paars|purple|violet', 'antraciet|anthracite|anthracite', 'beige|beige|beige'],
  size: ['klein|small|petit', 'medium|medium|moyen', 'groot|large|grand', 'XL|XL|XL', '25 cm|25 cm|25 cm', '50 cm|50 cm|50 cm', '1 m|1 m|1 m', '2 m|2 m|2 m', '5 m|5 m|5 m'],
  material: ['hout|wood|bois', 'metaal|metal|métal', 'kunststof|plastic|plastique', 'gerecycleerd|recycled|recyclé', 'katoen|cotton|coton', 'leder|leather|cuir', 'glas|glass|verre', 'bamboe|bamboo|bambou', 'porselein|porcelain|porcelaine', 'roestvrij staal|stainless steel|acier inoxydable'],
  pack: ['per stuk|each|à l’unité', '5 stuks|pack of 5|lot de 5', '10 stuks|pack of 10|lot de 10', '12 stuks|pack of 12|lot de 12', '50 stuks|pack of 50|lot de 50', '100 stuks|pack of 100|lot de 100', '500 stuks|pack of 500|lot de 500'],
  capacity: ['250 ml|250 ml|250 ml', '500 ml|500 ml|500 ml', '1 liter|1 litre|1 litre', '5 liter|5 litres|5 litres', '30 liter|30 litres|30 litres', '60 liter|60 litres|60 litres', '1 kg|1 kg|1 kg'],
  storage: ['16 GB|16 GB|16 Go', '64 GB|64 GB|64 Go', '256 GB|256 GB|256 Go', '512 GB|512 GB|512 Go', '1 TB|1 TB|1 To', '2 TB|2 TB|2 To'],
  paper: ['80 g/m²|80 g/m²|80 g/m²', '90 g/m²|90 g/m²|90 g/m²', '120 g/m²|120 g/m²|120 g/m²', 'gelijnd|lined|ligné', 'geruit|squared|quadrillé', 'blanco|plain|uni', 'FSC-gecertificeerd|FSC certified|certifié FSC'],
  clothing: ['maat S|size S|taille S', 'maat M|size M|taille M', 'maat L|size L|taille L', 'maat XL|size XL|taille XL', 'maat 42|size 42|pointure 42', 'maat 44|size 44|pointure 44'],
};

/** Line names that make titles vary: 'Privé', 'Café'… (accents on purpose, to exercise folding). */
export const LINES = ['Pro', 'Eco', 'Premium', 'Basic', 'Comfort', 'Privé', 'Classic', 'Compact', 'Plus', 'Café', 'Élan', 'Crème', 'Nova', 'Smart', 'Ultra'];

/** Short descriptions: {title} is the article's own title, {trait} its first describing word. */
export const SHORT_TEMPLATES = [
  trio('{title}: betrouwbare kwaliteit voor dagelijks gebruik op kantoor.|{title}: reliable quality for everyday office use.|{title} : une qualité fiable pour un usage quotidien au bureau.'),
  trio('Voordelige {title} in {trait}, snel geleverd.|Affordable {title} in {trait}, delivered fast.|{title} avantageux en {trait}, livré rapidement.'),
  trio('Duurzame keuze: {title}, geschikt voor intensief gebruik.|Sustainable choice: {title}, built for intensive use.|Choix durable : {title}, adapté à un usage intensif.'),
  trio('{title} van topkwaliteit voor professionals en privé-gebruik.|Top-quality {title} for professionals and private use.|{title} de qualité supérieure pour les professionnels et un usage privé.'),
];

export const LONG_TEMPLATES = [
  trio('Kenmerken:\n- {trait}\n- merk {brand}\nLevering binnen {days} werkdagen.|Features:\n- {trait}\n- brand {brand}\nDelivered within {days} working days.|Caractéristiques :\n- {trait}\n- marque {brand}\nLivraison sous {days} jours ouvrables.'),
  trio('{brand} staat voor kwaliteit.\nDit artikel wordt geleverd in {trait}.|{brand} stands for quality.\nThis article comes in {trait}.|{brand} est synonyme de qualité.\nCet article est livré en {trait}.'),
];

/** A demo supplier's delivery terms (amounts excluding VAT, compared with that supplier's part of the basket). */
export interface DemoSupplierTerms { shippingCost?: string; freeShippingFrom?: string; minimumOrderPrice?: string }

/**
 * Suppliers added to every tenant beside its seeded ones, with an article-number prefix and their
 * terms: each charges shipping its own way, so a mixed basket shows every rule (shipping cost, free
 * shipping from an amount, a minimum order price, no shipping at all).
 */
export const EXTRA_SUPPLIERS: ({ name: string; prefix: string; vatNumber: string; email: string; productUrlTemplate?: string } & DemoSupplierTerms)[] = [
  // Two with a product-URL template (filled per offer by eval-url-template): by number, by EAN.
  { name: 'Bruneau', prefix: 'BRU', vatNumber: 'BE0424330161', email: 'orders@bruneau.example', shippingCost: '9.95', freeShippingFrom: '250.00',
    productUrlTemplate: 'https://www.bruneau.example/product/{articleNumber}' },
  { name: 'Manutan', prefix: 'MAN', vatNumber: 'BE0430986638', email: 'sales@manutan.example', shippingCost: '6.95', minimumOrderPrice: '50.00',
    productUrlTemplate: 'https://www.manutan.example/search?ean={ean}' },
  { name: 'Hygiëne Direct', prefix: 'HYG', vatNumber: 'BE0811223371', email: 'info@hygiene-direct.example' },
  { name: 'Horeca Café Service', prefix: 'HCS', vatNumber: 'BE0822334425', email: 'bestel@horeca-cafe.example', shippingCost: '5.00', freeShippingFrom: '50.00' },
];
