import type { AddressInput, CustomerInput } from '@prestaya/contracts';
import { buildCurp, type CurpPerson } from './curp.ts';
import type { Random } from './random.ts';

/**
 * Who the demo lender works with: a small lender in the Puebla metropolitan area, four agents with a
 * zone each. Names carry their accents (and a few Nahua surnames common in Puebla); phones use the
 * zone's area code (222 Puebla–Cholula, 244 Atlixco); CURPs are built by RENAPO's rules (curp.ts).
 */

// biome-ignore format: a name list reads best packed
const WOMEN = [
  'María Guadalupe', 'Sofía', 'Lucía', 'Mónica', 'Verónica', 'Bárbara', 'Inés', 'Belén', 'Rocío', 'Ximena',
  'Leticia', 'Beatriz', 'Araceli', 'Yolanda', 'Patricia', 'Rosa María', 'María José', 'Ana Sofía', 'Itzel',
  'Citlali', 'Nayeli', 'Dulce María', 'Esperanza', 'Concepción', 'Jazmín', 'Mariana', 'Fernanda', 'Adriana',
  'Elena', 'Noemí', 'Azucena', 'Teresa', 'Margarita', 'Graciela', 'Maribel', 'Zoé', 'Anahí', 'Yesenia',
];

// biome-ignore format: a name list reads best packed
const MEN = [
  'José', 'Jesús', 'Martín', 'Ramón', 'Andrés', 'Sebastián', 'Iván', 'Julián', 'Rubén', 'Héctor', 'Raúl',
  'Víctor', 'Óscar', 'Ángel', 'Adrián', 'Germán', 'Joaquín', 'Efraín', 'Álvaro', 'José Luis', 'Juan Carlos',
  'Miguel Ángel', 'Francisco', 'Alejandro', 'Fernando', 'Arturo', 'Hugo', 'Tomás', 'Simón', 'Cristóbal',
  'Abraham', 'Emiliano', 'Saúl', 'Isaías', 'Moisés', 'Gerardo', 'Eduardo', 'Jonás',
];

// biome-ignore format: a name list reads best packed
const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez',
  'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez',
  'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez',
  'Rivera', 'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Guzmán', 'Velázquez',
  'Muñoz', 'Rojas', 'Contreras', 'Salazar', 'Luna', 'Ortega', 'Santiago', 'Guerrero', 'Bautista',
  'Estrada', 'Cortés', 'Núñez', 'Ibáñez', 'Peña', 'Solís', 'Cervantes', 'Téllez', 'Zepeda', 'Galicia',
  'Xochipa', 'Cuautle', 'Tecuapetla', 'Coyotl', 'Tlapa', 'Ixtlapale', 'Meneses', 'Espinosa', 'Báez',
];

interface Neighbourhood {
  neighborhood: string;
  postalCode: string;
  city: string;
  /** Area code of the zone's phones. */
  lada: string;
}

/** One zone per agent (agent index 0–3). */
export const ZONES: readonly { label: string; neighbourhoods: readonly Neighbourhood[] }[] = [
  {
    label: 'Puebla Centro y Norte',
    neighbourhoods: [
      { neighborhood: 'Centro', postalCode: '72000', city: 'Puebla', lada: '222' },
      { neighborhood: 'Xonaca', postalCode: '72280', city: 'Puebla', lada: '222' },
      { neighborhood: 'Amalucan', postalCode: '72310', city: 'Puebla', lada: '222' },
      { neighborhood: 'Bosques de San Sebastián', postalCode: '72310', city: 'Puebla', lada: '222' },
      { neighborhood: 'Joaquín Colombres', postalCode: '72300', city: 'Puebla', lada: '222' },
      { neighborhood: 'Santa María La Rivera', postalCode: '72010', city: 'Puebla', lada: '222' },
      { neighborhood: 'Aquiles Serdán', postalCode: '72140', city: 'Puebla', lada: '222' },
    ],
  },
  {
    label: 'Puebla Sur',
    neighbourhoods: [
      { neighborhood: 'San Manuel', postalCode: '72570', city: 'Puebla', lada: '222' },
      { neighborhood: 'Jardines de San Manuel', postalCode: '72570', city: 'Puebla', lada: '222' },
      { neighborhood: 'El Carmen', postalCode: '72530', city: 'Puebla', lada: '222' },
      { neighborhood: 'Bugambilias', postalCode: '72580', city: 'Puebla', lada: '222' },
      { neighborhood: 'Agua Santa', postalCode: '72490', city: 'Puebla', lada: '222' },
      { neighborhood: 'Loma Bella', postalCode: '72474', city: 'Puebla', lada: '222' },
      { neighborhood: 'Castillotla', postalCode: '72498', city: 'Puebla', lada: '222' },
    ],
  },
  {
    label: 'Cholula y Cuautlancingo',
    neighbourhoods: [
      {
        neighborhood: 'San Bernardino Tlaxcalancingo',
        postalCode: '72820',
        city: 'San Andrés Cholula',
        lada: '222',
      },
      {
        neighborhood: 'Santa María Tonantzintla',
        postalCode: '72840',
        city: 'San Andrés Cholula',
        lada: '222',
      },
      { neighborhood: 'Concepción La Cruz', postalCode: '72197', city: 'San Andrés Cholula', lada: '222' },
      { neighborhood: 'Centro', postalCode: '72760', city: 'San Pedro Cholula', lada: '222' },
      {
        neighborhood: 'Barrio de Jesús Tlatempa',
        postalCode: '72770',
        city: 'San Pedro Cholula',
        lada: '222',
      },
      { neighborhood: 'Sanctorum', postalCode: '72730', city: 'Cuautlancingo', lada: '222' },
    ],
  },
  {
    label: 'Amozoc y Atlixco',
    neighbourhoods: [
      { neighborhood: 'Centro', postalCode: '72980', city: 'Amozoc', lada: '222' },
      { neighborhood: 'Chachapa', postalCode: '72990', city: 'Amozoc', lada: '222' },
      { neighborhood: 'Centro', postalCode: '74200', city: 'Atlixco', lada: '244' },
      { neighborhood: 'Cabrera', postalCode: '74270', city: 'Atlixco', lada: '244' },
      { neighborhood: 'San Diego Acapulco', postalCode: '74230', city: 'Atlixco', lada: '244' },
    ],
  },
];

// biome-ignore format: a street list reads best packed
const NAMED_STREETS = [
  'Av. Reforma', 'Calle 5 de Mayo', 'Privada Zaragoza', 'Calle Hidalgo', 'Calle Morelos', 'Calle Allende',
  'Calle Aldama', 'Av. Independencia', 'Calle Vicente Guerrero', 'Calle Iturbide', 'Calle Miguel Negrete',
  'Av. Benito Juárez', 'Calle Emiliano Zapata', 'Calle Nicolás Bravo', 'Calle Josefa Ortiz de Domínguez',
  'Calle Francisco I. Madero', 'Calle Fresno', 'Calle Jazmín', 'Cerrada Tulipanes', 'Calle Ocotlán',
  'Av. Las Torres', 'Calle Cholultecas', 'Calle Popocatépetl', 'Privada Iztaccíhuatl',
];

const CARDINAL = ['Norte', 'Sur', 'Oriente', 'Poniente'] as const;

/** Where the customers were born (RENAPO code, weight): mostly Puebla. */
const BIRTH_STATES = [
  ['PL', 70],
  ['DF', 8],
  ['VZ', 7],
  ['TL', 6],
  ['OC', 5],
  ['MC', 4],
] as const;

export interface DemoPerson {
  customer: CustomerInput;
  addresses: AddressInput[];
  /** For CURP-collision retries and for the summary. */
  curpPerson: CurpPerson;
}

function street(random: Random): string {
  if (random.chance(0.4)) return `Calle ${random.int(2, 49)} ${random.pick(CARDINAL)}`;
  return random.pick(NAMED_STREETS);
}

function address(random: Random, zone: number): AddressInput {
  const place = random.pick(ZONES[zone]?.neighbourhoods ?? []);
  const number = String(random.int(1, 3_200));
  return {
    street: street(random),
    numExterior: random.chance(0.12) ? `${number}-${random.pick(['A', 'B', 'C'])}` : number,
    numInterior: random.chance(0.25)
      ? random.pick(['Depto. 2', 'Depto. 4', 'Int. 1', 'Int. 3', 'Casa 5'])
      : null,
    neighborhood: place.neighborhood,
    city: place.city,
    state: 'PUEBLA',
    postalCode: place.postalCode,
  };
}

function phone(random: Random, lada: string): string {
  return `${lada}${random.int(2, 9)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
}

/**
 * A customer of the agent's zone: 1 address (a second, the workplace, for about a fifth), a phone of
 * the zone, a CURP. `usedCurps` keeps them unique (the table's unique key) by moving the homoclave.
 */
export function demoPerson(random: Random, zone: number, usedCurps: Set<string>): DemoPerson {
  const sex = random.chance(0.55) ? 'M' : 'H';
  const name = random.pick(sex === 'M' ? WOMEN : MEN);
  const lastName = random.pick(SURNAMES);
  const secondLastName = random.chance(0.94) ? random.pick(SURNAMES) : null;
  const year = random.weighted([
    [random.int(1962, 1979), 30],
    [random.int(1980, 1999), 55],
    [random.int(2000, 2004), 15],
  ]);
  const birthDate = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const curpPerson: CurpPerson = {
    name,
    lastName,
    secondLastName,
    birthDate,
    sex,
    stateCode: random.weighted(BIRTH_STATES),
  };
  let curp = buildCurp(curpPerson, random.int(0, 9));
  for (let homoclave = 0; usedCurps.has(curp); homoclave++) curp = buildCurp(curpPerson, homoclave);
  usedCurps.add(curp);
  const home = address(random, zone);
  const lada = ZONES[zone]?.neighbourhoods.find((n) => n.postalCode === home.postalCode)?.lada ?? '222';
  const addresses = [home];
  if (random.chance(0.2)) addresses.push(address(random, zone));
  return {
    customer: { name, lastName, secondLastName, phone: phone(random, lada), curp, status: 'PENDING' },
    addresses,
    curpPerson,
  };
}
