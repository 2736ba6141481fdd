/**
 * Demo catalog for the embedded database: realistic parts whose descriptions are long enough
 * to exercise the 250-character preview. Images ship with the web app under /images/parts.
 */
export type SeedPart = {
  name: string;
  description: string;
  minOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
  image: string;
};

export const seedParts: SeedPart[] = [
  {
    name: 'Ceramic Brake Pad Set (Front Axle)',
    description:
      'Low-dust ceramic brake pads engineered for daily drivers and light commercial fleets. A copper-free friction compound keeps stopping distances short from the first cold application to sustained downhill braking, while chamfered and slotted edges with multi-layer rubber-steel shims suppress squeal. Includes wear sensors and stainless abutment clips. Fits most compact and mid-size sedans.',
    minOrderQuantity: 20,
    availableQuantity: 1200,
    priceCents: 3450,
    image: 'brake-pads',
  },
  {
    name: 'Vented Brake Disc 300 mm',
    description:
      'High-carbon grey iron brake disc with 36 curved cooling vanes that pull air through the hat and keep pad temperatures stable under repeated stops. Every disc is machined to a lateral run-out below 0.03 mm and balanced before leaving the line, and a zinc-flake coating protects the hat and cooling channels from corrosion without any need to clean it off before fitting.',
    minOrderQuantity: 10,
    availableQuantity: 640,
    priceCents: 5890,
    image: 'brake-disc',
  },
  {
    name: 'Spin-On Oil Filter',
    description:
      'Full-flow spin-on oil filter with a synthetic-blend pleated medium that captures 99% of particles above 20 microns while keeping pressure drop low on cold starts. A silicone anti-drain-back valve keeps oil in the filter when the engine is off, and the bypass valve is calibrated for modern low-viscosity oils. Ideal for workshops that service high volumes every week.',
    minOrderQuantity: 50,
    availableQuantity: 5000,
    priceCents: 690,
    image: 'oil-filter',
  },
  {
    name: 'Panel Air Filter',
    description:
      'Engine air filter with a deep-pleated cellulose and polyester medium and a moulded polyurethane frame that seals tightly in the airbox. It holds more dust before restricting flow than standard paper elements, protecting turbochargers and mass-airflow sensors on dusty roads. Each filter is individually boxed and labelled for fast picking in your stores.',
    minOrderQuantity: 40,
    availableQuantity: 3200,
    priceCents: 1290,
    image: 'air-filter',
  },
  {
    name: 'Iridium Spark Plug',
    description:
      'Fine-wire iridium centre electrode and platinum-tipped ground electrode for a stable spark and long service life of up to 100,000 km. The trivalent metal plating resists seizing and corrosion in aluminium cylinder heads, and every plug is pre-gapped and tested at 35 kV. Suitable for naturally aspirated and turbocharged petrol engines, including direct injection.',
    minOrderQuantity: 100,
    availableQuantity: 8000,
    priceCents: 890,
    image: 'spark-plugs',
  },
  {
    name: 'Alternator 14 V 150 A',
    description:
      'Remanufactured to better-than-new standard: new bearings, brushes, slip rings, voltage regulator and rectifier, with the stator and rotor tested under load on our own bench. Delivers 150 A at 14 V with a smart-charge compatible regulator and a decoupler pulley that protects the belt drive. Each unit is load-tested and shipped with a test report and old-unit return label.',
    minOrderQuantity: 5,
    availableQuantity: 180,
    priceCents: 18900,
    image: 'alternator',
  },
  {
    name: 'Aluminium Radiator',
    description:
      'Brazed aluminium core radiator with flat tubes and louvred fins for 15% more heat rejection than the original plastic-tank part. Glass-fibre reinforced end tanks, pre-fitted drain cock and transmission cooler lines where the vehicle needs them. Pressure-tested to 2 bar before packing, so it goes straight into the car without any rework at the workshop.',
    minOrderQuantity: 4,
    availableQuantity: 150,
    priceCents: 14500,
    image: 'radiator',
  },
  {
    name: 'Twin-Tube Gas Shock Absorber',
    description:
      'Gas-charged twin-tube shock absorber with a velocity-sensitive valve stack tuned to restore factory ride and handling. Chrome-plated 20 mm piston rod, multi-lip seal and a rebound stop keep oil in and dirt out for years of service. Sold individually; we recommend replacing them in axle pairs. Comes with a mounting kit, dust boot and bump stop.',
    minOrderQuantity: 8,
    availableQuantity: 420,
    priceCents: 6400,
    image: 'shock-absorber',
  },
  {
    name: 'Timing Belt Kit with Tensioner',
    description:
      'Complete timing belt kit: HNBR belt with aramid cords, automatic tensioner and idler pulleys with sealed double-row bearings, plus all bolts and nuts that the manufacturer says must be renewed. Everything comes matched in one box so a technician never has to reuse a worn pulley. Backed by a 5-year or 150,000 km warranty on all included components.',
    minOrderQuantity: 5,
    availableQuantity: 260,
    priceCents: 11200,
    image: 'timing-belt-kit',
  },
  {
    name: 'Mechanical Water Pump',
    description:
      'Cast aluminium water pump with a stamped steel impeller, ceramic-carbon mechanical seal and a double-row sealed bearing pressed to tolerance. Supplied with a new gasket or O-ring and sealant-free fitting instructions. Pair it with the timing belt kit when the pump is belt-driven, so your customer pays for the labour only once rather than twice.',
    minOrderQuantity: 6,
    availableQuantity: 300,
    priceCents: 4750,
    image: 'water-pump',
  },
  {
    name: 'Starter Motor 1.4 kW',
    description:
      'Gear-reduction starter motor with a planetary gearbox and permanent-magnet field that cranks strongly at low temperatures while drawing less current. Built with a new solenoid, pinion and overrunning clutch; every unit is tested for cranking speed and current draw before packing. Compatible with stop-start systems rated up to 250,000 cycles.',
    minOrderQuantity: 5,
    availableQuantity: 140,
    priceCents: 15600,
    image: 'starter-motor',
  },
  {
    name: 'Three-Piece Clutch Kit',
    description:
      'Clutch cover, friction disc with torsional damper springs and a concentric release bearing, balanced as a set for smooth engagement. The organic facing beds in quickly and resists glazing in stop-and-go city traffic. Includes an alignment tool. For vehicles with a dual-mass flywheel, check the flywheel before fitting a new clutch to avoid a comeback.',
    minOrderQuantity: 3,
    availableQuantity: 90,
    priceCents: 22900,
    image: 'clutch-kit',
  },
  {
    name: 'In-Tank Electric Fuel Pump',
    description:
      'Brushless in-tank fuel pump module with an integrated pressure regulator, strainer and level sender. Delivers 120 L/h at 3.5 bar with a quiet turbine stage and low current draw, and is compatible with fuels containing up to 10% ethanol. The harness connector and locking ring are included, so the module drops straight into the tank with no splicing.',
    minOrderQuantity: 5,
    availableQuantity: 210,
    priceCents: 9800,
    image: 'fuel-pump',
  },
  {
    name: 'Wheel Bearing Hub Assembly',
    description:
      'Pre-assembled hub unit with a double-row angular-contact ball bearing, integrated ABS encoder ring and wheel studs pressed in. Greased for life and sealed with a triple-lip cassette seal against water and grit. Bolt-on design: no press is needed at the workshop, which saves about forty minutes of labour per side compared with press-in bearings.',
    minOrderQuantity: 10,
    availableQuantity: 480,
    priceCents: 7350,
    image: 'wheel-bearing',
  },
  {
    name: 'Pencil Ignition Coil',
    description:
      'Coil-on-plug ignition coil with epoxy-potted windings that resist heat cycling and vibration, and a silicone boot that seals the spark plug well against moisture. Delivers up to 40 kV with a fast rise time for clean combustion and fewer misfires on cold starts. A direct replacement with the original connector, so it fits in minutes.',
    minOrderQuantity: 24,
    availableQuantity: 1500,
    priceCents: 3150,
    image: 'ignition-coil',
  },
  {
    name: 'Activated-Carbon Cabin Filter',
    description:
      'Cabin air filter with a particle layer and an activated-carbon layer that traps pollen, fine dust and odours before they reach the ventilation system. Antibacterial treatment helps keep the evaporator fresh. Replace it at every service to keep the windscreen clear of fog and the air inside the car clean for drivers and their passengers.',
    minOrderQuantity: 50,
    availableQuantity: 4000,
    priceCents: 1450,
    image: 'cabin-filter',
  },
];

export type SeedReview = { name: string; description: string; rating: number };

export const seedReviews: SeedReview[] = [
  {
    name: 'Marta Kowalski',
    description:
      'We moved our whole brake-pad and filter ordering here. Minimum quantities fit our workshop volume and delivery has been free and on time every month.',
    rating: 5,
  },
  {
    name: 'Daniel Okafor',
    description:
      'The remanufactured alternators are excellent: every unit came with a bench report. One arrived with a dented pulley and was replaced without argument.',
    rating: 4,
  },
  {
    name: 'Priya Raman',
    description:
      'Good prices on spark plugs in bulk, and the stock figures on the site are accurate, so I know what I can plan for before I order.',
    rating: 5,
  },
  {
    name: 'Tomás Herrera',
    description:
      'Timing belt kits are complete, with every bolt included. Saved my technicians a lot of time hunting for small parts.',
    rating: 5,
  },
  {
    name: 'Grace Liu',
    description:
      'Ordering is simple and paying by card is quick. I would like more filter sizes for vans, but what they have is solid quality.',
    rating: 4,
  },
  {
    name: 'Samuel Adeyemi',
    description:
      'Radiators fit perfectly on the first try. Packaging could use a little less plastic, otherwise no complaints at all.',
    rating: 4,
  },
  {
    name: 'Helena Berg',
    description:
      'Shock absorbers transformed our fleet vans. We will reorder next quarter and have already recommended the shop to two partners.',
    rating: 5,
  },
  {
    name: 'Omar Haddad',
    description:
      'Clutch kits arrived within three days. Support answered my fitment question the same afternoon.',
    rating: 3,
  },
];
