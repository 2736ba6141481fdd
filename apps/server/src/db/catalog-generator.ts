import type { Category, FitmentInput, PartSpec } from '@storefront/contract';

/**
 * Deterministic catalog generation: the demo catalog's extra parts and `npm run seed:catalog -- N`
 * for benchmarks. The same index always gives the same part, on any machine.
 */

/** Real makes and models with the years they were built (roughly; enough for the picker). */
export const VEHICLES: { make: string; model: string; from: number; to: number }[] = [
  { make: 'Toyota', model: 'Corolla', from: 2002, to: 2024 },
  { make: 'Toyota', model: 'Camry', from: 2006, to: 2024 },
  { make: 'Toyota', model: 'RAV4', from: 2006, to: 2024 },
  { make: 'Toyota', model: 'Hilux', from: 2005, to: 2024 },
  { make: 'Honda', model: 'Civic', from: 2006, to: 2024 },
  { make: 'Honda', model: 'Accord', from: 2008, to: 2022 },
  { make: 'Honda', model: 'CR-V', from: 2007, to: 2024 },
  { make: 'Ford', model: 'Focus', from: 2004, to: 2018 },
  { make: 'Ford', model: 'Fiesta', from: 2008, to: 2023 },
  { make: 'Ford', model: 'F-150', from: 2009, to: 2024 },
  { make: 'Ford', model: 'Transit', from: 2006, to: 2024 },
  { make: 'Volkswagen', model: 'Golf', from: 2003, to: 2024 },
  { make: 'Volkswagen', model: 'Passat', from: 2005, to: 2023 },
  { make: 'Volkswagen', model: 'Polo', from: 2009, to: 2024 },
  { make: 'BMW', model: '3 Series', from: 2005, to: 2024 },
  { make: 'BMW', model: '5 Series', from: 2003, to: 2023 },
  { make: 'Mercedes-Benz', model: 'C-Class', from: 2007, to: 2024 },
  { make: 'Mercedes-Benz', model: 'Sprinter', from: 2006, to: 2024 },
  { make: 'Audi', model: 'A3', from: 2003, to: 2024 },
  { make: 'Audi', model: 'A4', from: 2008, to: 2024 },
  { make: 'Chevrolet', model: 'Silverado', from: 2007, to: 2024 },
  { make: 'Chevrolet', model: 'Malibu', from: 2008, to: 2023 },
  { make: 'Nissan', model: 'Altima', from: 2007, to: 2024 },
  { make: 'Nissan', model: 'Qashqai', from: 2007, to: 2024 },
  { make: 'Hyundai', model: 'Elantra', from: 2007, to: 2024 },
  { make: 'Hyundai', model: 'Tucson', from: 2005, to: 2024 },
  { make: 'Kia', model: 'Sportage', from: 2005, to: 2024 },
  { make: 'Mazda', model: 'Mazda3', from: 2004, to: 2024 },
  { make: 'Subaru', model: 'Outback', from: 2005, to: 2024 },
  { make: 'Renault', model: 'Clio', from: 2005, to: 2024 },
  { make: 'Peugeot', model: '308', from: 2008, to: 2024 },
  { make: 'Skoda', model: 'Octavia', from: 2004, to: 2024 },
];

type Template = {
  category: Category;
  image: string;
  prefix: string;
  names: string[];
  variants: string[];
  blurb: string;
  specs: (r: () => number) => PartSpec[];
  priceCents: [number, number];
  moq: number[];
};

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: () => number, min: number, max: number) => Math.round(min + r() * (max - min));

const TEMPLATES: Template[] = [
  {
    category: 'brakes',
    image: 'brake-pads',
    prefix: 'BRK',
    names: ['Ceramic Brake Pad Set', 'Semi-Metallic Brake Pads', 'Low-Dust Brake Pad Kit'],
    variants: ['Front Axle', 'Rear Axle'],
    blurb:
      'Friction compound tested from cold stops to sustained downhill braking, with shims that suppress squeal and wear sensors included.',
    specs: (r) => [
      { name: 'Width', value: `${between(r, 95, 160)} mm` },
      { name: 'Thickness', value: `${between(r, 15, 20)} mm` },
    ],
    priceCents: [1800, 6500],
    moq: [10, 20, 40],
  },
  {
    category: 'brakes',
    image: 'brake-disc',
    prefix: 'BRK',
    names: ['Vented Brake Disc', 'Solid Brake Disc', 'Drilled Brake Disc'],
    variants: ['280 mm', '300 mm', '320 mm', '256 mm'],
    blurb:
      'High-carbon grey iron, balanced and machined to tight run-out, with a zinc-flake coating against corrosion.',
    specs: (r) => [
      { name: 'Diameter', value: `${pick(r, [256, 280, 300, 320])} mm` },
      { name: 'Bolt holes', value: String(pick(r, [4, 5])) },
    ],
    priceCents: [2900, 9900],
    moq: [4, 10],
  },
  {
    category: 'filters',
    image: 'oil-filter',
    prefix: 'FLT',
    names: ['Spin-On Oil Filter', 'Cartridge Oil Filter'],
    variants: ['Standard', 'Long Life', 'High Flow'],
    blurb:
      'Synthetic-blend pleated medium that captures fine particles while keeping pressure drop low on cold starts.',
    specs: (r) => [
      { name: 'Thread', value: pick(r, ['M20x1.5', '3/4-16 UNF', 'M22x1.5']) },
      { name: 'Height', value: `${between(r, 60, 120)} mm` },
    ],
    priceCents: [450, 1900],
    moq: [50, 100],
  },
  {
    category: 'filters',
    image: 'air-filter',
    prefix: 'FLT',
    names: ['Panel Air Filter', 'Cabin Air Filter', 'Activated-Carbon Cabin Filter'],
    variants: ['Standard', 'Heavy Duty'],
    blurb:
      'Deep-pleated medium in a moulded frame that seals tightly and holds more dust before restricting flow.',
    specs: (r) => [
      { name: 'Length', value: `${between(r, 180, 320)} mm` },
      { name: 'Width', value: `${between(r, 150, 250)} mm` },
    ],
    priceCents: [700, 2900],
    moq: [40, 80],
  },
  {
    category: 'ignition',
    image: 'spark-plugs',
    prefix: 'IGN',
    names: ['Iridium Spark Plug', 'Platinum Spark Plug', 'Nickel Spark Plug'],
    variants: ['Pre-gapped 0.8 mm', 'Pre-gapped 1.1 mm'],
    blurb:
      'Fine-wire centre electrode for a stable spark and long service life, plated against seizing in aluminium heads.',
    specs: (r) => [
      { name: 'Thread', value: pick(r, ['M14x1.25', 'M12x1.25']) },
      { name: 'Gap', value: pick(r, ['0.8 mm', '1.1 mm']) },
    ],
    priceCents: [390, 1500],
    moq: [100, 200],
  },
  {
    category: 'ignition',
    image: 'ignition-coil',
    prefix: 'IGN',
    names: ['Pencil Ignition Coil', 'Coil Pack'],
    variants: ['Single', 'Set of 4'],
    blurb: 'Epoxy-potted windings and a silicone boot for a strong spark in hot engine bays.',
    specs: (r) => [{ name: 'Output', value: `${between(r, 30, 45)} kV` }],
    priceCents: [2200, 12000],
    moq: [10, 20],
  },
  {
    category: 'electrical',
    image: 'alternator',
    prefix: 'ELC',
    names: ['Alternator', 'Remanufactured Alternator'],
    variants: ['14 V 90 A', '14 V 120 A', '14 V 150 A', '14 V 180 A'],
    blurb: 'Load-tested with new bearings, brushes and regulator, shipped with its test report.',
    specs: (r) => [
      { name: 'Output', value: `${pick(r, [90, 120, 150, 180])} A` },
      { name: 'Voltage', value: '14 V' },
    ],
    priceCents: [9900, 29900],
    moq: [2, 5],
  },
  {
    category: 'electrical',
    image: 'starter-motor',
    prefix: 'ELC',
    names: ['Starter Motor', 'Gear-Reduction Starter'],
    variants: ['1.0 kW', '1.4 kW', '2.0 kW'],
    blurb: 'Permanent-magnet gear-reduction starter that cranks fast in the cold.',
    specs: (r) => [{ name: 'Power', value: `${pick(r, ['1.0', '1.4', '2.0'])} kW` }],
    priceCents: [8900, 24900],
    moq: [2, 5],
  },
  {
    category: 'suspension',
    image: 'shock-absorber',
    prefix: 'SUS',
    names: ['Twin-Tube Gas Shock Absorber', 'Monotube Shock Absorber', 'Strut Assembly'],
    variants: ['Front', 'Rear'],
    blurb: 'Valved for comfort and control, with a chrome rod and multi-lip seal for long life.',
    specs: (r) => [{ name: 'Length', value: `${between(r, 300, 560)} mm` }],
    priceCents: [3500, 14900],
    moq: [4, 8],
  },
  {
    category: 'suspension',
    image: 'wheel-bearing',
    prefix: 'SUS',
    names: ['Wheel Bearing Hub Assembly', 'Wheel Bearing Kit'],
    variants: ['Front', 'Rear'],
    blurb: 'Pre-greased, sealed for life, with the ABS encoder ring fitted.',
    specs: (r) => [{ name: 'Studs', value: String(pick(r, [4, 5])) }],
    priceCents: [3900, 11900],
    moq: [4, 10],
  },
  {
    category: 'cooling',
    image: 'radiator',
    prefix: 'COL',
    names: ['Aluminium Radiator', 'Intercooler', 'Heater Core'],
    variants: ['Manual', 'Automatic'],
    blurb: 'Brazed aluminium core, pressure-tested before packing, ready to fit.',
    specs: (r) => [
      { name: 'Core size', value: `${between(r, 500, 720)} x ${between(r, 300, 450)} mm` },
    ],
    priceCents: [6900, 21900],
    moq: [2, 4],
  },
  {
    category: 'cooling',
    image: 'water-pump',
    prefix: 'COL',
    names: ['Mechanical Water Pump', 'Electric Water Pump', 'Thermostat Housing'],
    variants: ['With gasket', 'With seal kit'],
    blurb: 'Cast impeller and a ceramic seal for steady coolant flow.',
    specs: (r) => [{ name: 'Impeller', value: `${between(r, 50, 80)} mm` }],
    priceCents: [2500, 9900],
    moq: [5, 10],
  },
  {
    category: 'fuel',
    image: 'fuel-pump',
    prefix: 'FUE',
    names: ['In-Tank Electric Fuel Pump', 'Fuel Filter', 'Fuel Injector'],
    variants: ['Petrol', 'Diesel'],
    blurb: 'Quiet turbine design, flow-tested at the pressure the engine needs.',
    specs: (r) => [{ name: 'Flow', value: `${between(r, 90, 255)} l/h` }],
    priceCents: [1500, 15900],
    moq: [5, 10],
  },
  {
    category: 'engine',
    image: 'timing-belt-kit',
    prefix: 'ENG',
    names: ['Timing Belt Kit with Tensioner', 'Timing Chain Kit', 'Serpentine Belt'],
    variants: ['With water pump', 'Without water pump'],
    blurb: 'Everything for the job in one box: belt, tensioner, idlers and bolts.',
    specs: (r) => [{ name: 'Teeth', value: String(between(r, 110, 160)) }],
    priceCents: [2900, 18900],
    moq: [4, 10],
  },
  {
    category: 'transmission',
    image: 'clutch-kit',
    prefix: 'TRN',
    names: ['Three-Piece Clutch Kit', 'Dual-Mass Flywheel', 'Clutch Release Bearing'],
    variants: ['Manual 5-speed', 'Manual 6-speed'],
    blurb: 'Organic friction disc and pressure plate matched for smooth take-up.',
    specs: (r) => [{ name: 'Diameter', value: `${pick(r, [200, 215, 228, 240])} mm` }],
    priceCents: [4900, 39900],
    moq: [2, 4],
  },
];

/** A small fast PRNG (mulberry32), seeded per part so each index is stable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type GeneratedPart = {
  name: string;
  description: string;
  sku: string;
  category: Category;
  oemNumbers: string[];
  specs: PartSpec[];
  fitment: FitmentInput[];
  minOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
  imageUrl: string;
};

/** Part number `index` of a generated catalog; `skuBase` keeps catalogs from clashing. */
export function generatePart(index: number, skuBase = 'G'): GeneratedPart {
  const r = prng(index * 7919 + 17);
  const t = TEMPLATES[index % TEMPLATES.length]!;
  const name = `${pick(r, t.names)} (${pick(r, t.variants)})`;
  const fitCount = 1 + Math.floor(r() * 3);
  const fitment: FitmentInput[] = [];
  const used = new Set<string>();
  for (let i = 0; i < fitCount; i += 1) {
    const v = pick(r, VEHICLES);
    if (used.has(v.make + v.model)) continue;
    used.add(v.make + v.model);
    const yearFrom = between(r, v.from, v.to - 2);
    fitment.push({
      make: v.make,
      model: v.model,
      yearFrom,
      yearTo: Math.min(v.to, yearFrom + between(r, 2, 8)),
    });
  }
  const moq = pick(r, t.moq);
  const oem = Array.from({ length: Math.floor(r() * 3) }, () =>
    String(between(r, 1_000_000_000, 9_999_999_999)),
  );
  const makes = fitment.map((f) => `${f.make} ${f.model} (${f.yearFrom}-${f.yearTo})`);
  return {
    name,
    description: `${t.blurb} Fits ${makes.join(', ')}. Part number ${t.prefix}-${skuBase}${index}; sold in bulk from ${moq} pieces, packed and labelled for your stores.`,
    sku: `${t.prefix}-${skuBase}${index}`,
    category: t.category,
    oemNumbers: oem,
    specs: t.specs(r),
    fitment,
    minOrderQuantity: moq,
    availableQuantity: r() < 0.08 ? 0 : moq * between(r, 5, 200),
    priceCents: Math.round(between(r, t.priceCents[0], t.priceCents[1]) / 10) * 10 - 1,
    imageUrl: `/images/parts/${t.image}.webp`,
  };
}
