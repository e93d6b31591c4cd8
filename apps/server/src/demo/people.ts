import type { AddressInput, CustomerInput } from '@prestaya/contracts';
import { buildCurp, type CurpPerson } from './curp.ts';
import type { Place, Region } from './places.ts';
import type { Random } from './random.ts';

/**
 * Fake Mexican borrowers for the demo and the bench generator: names with their accents (and a few
 * Nahua surnames common in Puebla), each with how common it is in Mexico; a phone with the area code
 * of where they live (places.ts); a CURP built by RENAPO's rules (curp.ts).
 */

type Weighted = readonly (readonly [string, number])[];

// biome-ignore format: a name list reads best packed
const WOMEN: Weighted = [
  ['María Guadalupe', 3], ['Sofía', 1], ['Lucía', 0.8], ['Mónica', 0.9], ['Verónica', 1.2], ['Bárbara', 0.5],
  ['Inés', 0.3], ['Belén', 0.2], ['Rocío', 0.8], ['Ximena', 0.5], ['Leticia', 1], ['Beatriz', 0.6],
  ['Araceli', 0.7], ['Yolanda', 0.5], ['Patricia', 1.2], ['Rosa María', 1.2], ['María José', 0.6],
  ['Ana Sofía', 0.5], ['Itzel', 0.5], ['Citlali', 0.3], ['Nayeli', 0.5], ['Dulce María', 0.5],
  ['Esperanza', 0.5], ['Concepción', 0.5], ['Jazmín', 0.5], ['Mariana', 0.5], ['Fernanda', 0.8],
  ['Adriana', 1], ['Elena', 0.5], ['Noemí', 0.5], ['Azucena', 0.5], ['Teresa', 0.5], ['Margarita', 0.5],
  ['Graciela', 0.5], ['Maribel', 0.5], ['Zoé', 0.2], ['Anahí', 0.5], ['Yesenia', 0.5]
];

// biome-ignore format: a name list reads best packed
const MEN: Weighted = [
  ['José', 3], ['Jesús', 1.5], ['Martín', 0.9], ['Ramón', 0.5], ['Andrés', 0.8], ['Sebastián', 0.5],
  ['Iván', 0.5], ['Julián', 0.4], ['Rubén', 0.6], ['Héctor', 0.8], ['Raúl', 0.9], ['Víctor', 0.5],
  ['Óscar', 0.8], ['Ángel', 1], ['Adrián', 0.5], ['Germán', 0.4], ['Joaquín', 0.6], ['Efraín', 0.4],
  ['Álvaro', 0.5], ['José Luis', 2.5], ['Juan Carlos', 2], ['Miguel Ángel', 1.5], ['Francisco', 2],
  ['Alejandro', 1.2], ['Fernando', 1], ['Arturo', 0.5], ['Hugo', 0.5], ['Tomás', 0.5], ['Simón', 0.3],
  ['Cristóbal', 0.5], ['Abraham', 0.5], ['Emiliano', 0.5], ['Saúl', 0.5], ['Isaías', 0.5], ['Moisés', 0.5],
  ['Gerardo', 0.5], ['Eduardo', 1], ['Jonás', 0.5]
];

// biome-ignore format: a name list reads best packed
const SURNAMES: Weighted = [
  ['Hernández', 7], ['García', 5], ['Martínez', 5], ['López', 4.5], ['González', 4], ['Pérez', 3],
  ['Rodríguez', 3], ['Sánchez', 3], ['Ramírez', 3], ['Cruz', 2], ['Flores', 2], ['Gómez', 2],
  ['Morales', 1.8], ['Vázquez', 1.7], ['Reyes', 1.6], ['Jiménez', 1.5], ['Torres', 1.5], ['Díaz', 1.4],
  ['Gutiérrez', 1.4], ['Ruiz', 1.3], ['Mendoza', 1.3], ['Aguilar', 1.3], ['Ortiz', 1.2], ['Moreno', 1.2],
  ['Castillo', 1.1], ['Romero', 1.1], ['Álvarez', 1], ['Méndez', 1], ['Chávez', 1], ['Rivera', 1],
  ['Juárez', 1], ['Ramos', 1], ['Domínguez', 0.9], ['Herrera', 0.9], ['Medina', 0.9], ['Castro', 0.9],
  ['Vargas', 0.8], ['Guzmán', 0.8], ['Velázquez', 0.8], ['Muñoz', 0.7], ['Rojas', 0.7], ['Contreras', 0.7],
  ['Salazar', 0.7], ['Luna', 0.7], ['Ortega', 0.7], ['Santiago', 0.7], ['Guerrero', 0.6], ['Bautista', 0.6],
  ['Estrada', 0.6], ['Cortés', 0.6], ['Núñez', 0.4], ['Ibáñez', 0.1], ['Peña', 0.4], ['Solís', 0.4],
  ['Cervantes', 0.5], ['Téllez', 0.3], ['Zepeda', 0.3], ['Galicia', 0.3], ['Xochipa', 0.1], ['Cuautle', 0.1],
  ['Tecuapetla', 0.1], ['Coyotl', 0.1], ['Tlapa', 0.1], ['Ixtlapale', 0.1], ['Meneses', 0.3],
  ['Espinosa', 0.3], ['Báez', 0.3]
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

export interface FakePerson {
  customer: CustomerInput;
  addresses: AddressInput[];
  /** For CURP-collision retries and for the summary. */
  curpPerson: CurpPerson;
}

export interface FakePersonOptions {
  region: Region;
  /** CURPs already given: the table's unique key. */
  usedCurps: Set<string>;
  /**
   * Names by how common they are (Hernández ≫ Téllez), so a search for a frequent surname matches as
   * many customers as at a real lender; otherwise every name alike, so a small demo shows them all.
   */
  byFrequency?: boolean;
}

function street(random: Random): string {
  if (random.chance(0.4)) return `Calle ${random.int(2, 49)} ${random.pick(CARDINAL)}`;
  return random.pick(NAMED_STREETS);
}

function address(random: Random, place: Place): AddressInput {
  const number = String(random.int(1, 3_200));
  return {
    street: street(random),
    numExterior: random.chance(0.12) ? `${number}-${random.pick(['A', 'B', 'C'])}` : number,
    numInterior: random.chance(0.25)
      ? random.pick(['Depto. 2', 'Depto. 4', 'Int. 1', 'Int. 3', 'Casa 5'])
      : null,
    neighborhood: place.neighborhood,
    city: place.city,
    state: place.state,
    postalCode: place.postalCode,
  };
}

/** Ten digits: the area code, a first digit from 2 to 9 (never a prefix), the rest any digits. */
function phone(random: Random, lada: string): string {
  const rest = 9 - lada.length;
  return `${lada}${random.int(2, 9)}${String(random.int(0, 10 ** rest - 1)).padStart(rest, '0')}`;
}

/** Homoclaves to try before giving up: 36 is every letter and digit. */
const HOMOCLAVES = 36;

/**
 * A customer of the region: 1 address (a second, the workplace, for about a fifth), a phone of the
 * home's area code, a CURP kept unique by moving the homoclave.
 */
export function fakePerson(random: Random, options: FakePersonOptions): FakePerson {
  const { region, usedCurps } = options;
  const pickName = (names: Weighted) =>
    options.byFrequency ? random.weighted(names) : random.pick(names)[0];
  const sex = random.chance(0.55) ? 'M' : 'H';
  const name = pickName(sex === 'M' ? WOMEN : MEN);
  const lastName = pickName(SURNAMES);
  const secondLastName = random.chance(0.94) ? pickName(SURNAMES) : null;
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
    stateCode: random.weighted(region.birthStates),
  };
  let curp = buildCurp(curpPerson, random.int(0, 9));
  for (let homoclave = 0; usedCurps.has(curp); homoclave++) {
    if (homoclave === HOMOCLAVES) throw new RangeError(`No queda homoclave libre para ${curp.slice(0, 16)}`);
    curp = buildCurp(curpPerson, homoclave);
  }
  usedCurps.add(curp);
  const home = region.place(random);
  const addresses = [address(random, home)];
  if (random.chance(0.2)) addresses.push(address(random, region.place(random)));
  return {
    customer: { name, lastName, secondLastName, phone: phone(random, home.lada), curp, status: 'PENDING' },
    addresses,
    curpPerson,
  };
}
