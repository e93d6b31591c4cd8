/**
 * Fake Mexican borrowers for the benchmarks: first names and surnames with accents, weighted roughly by
 * how common they are (Hernández ≫ Quiñones), so a search for a frequent surname matches as many
 * customers as it would at a real lender; 10-digit phones with the area code of the customer's city;
 * CURP-shaped identifiers; addresses in the 32 federal entities as the API spells them.
 */
import type { MxState } from '@prestaya/contracts';
import { type Random, weighted } from './random.ts';

export const FIRST_NAMES = weighted<string>([
  ['María Guadalupe', 3],
  ['Juan', 3],
  ['José', 3],
  ['María', 3],
  ['José Luis', 2.5],
  ['Guadalupe', 2],
  ['Francisco', 2],
  ['Juan Carlos', 2],
  ['Ana', 1.5],
  ['Jesús', 1.5],
  ['Luis', 1.5],
  ['Carlos', 1.5],
  ['Miguel Ángel', 1.5],
  ['Verónica', 1.2],
  ['Patricia', 1.2],
  ['Alejandro', 1.2],
  ['Rosa María', 1.2],
  ['Jorge', 1.2],
  ['Pedro', 1],
  ['Ricardo', 1],
  ['Eduardo', 1],
  ['Fernando', 1],
  ['Roberto', 1],
  ['Leticia', 1],
  ['Gabriela', 1],
  ['Adriana', 1],
  ['Claudia', 1],
  ['Sofía', 1],
  ['Ángel', 1],
  ['Raúl', 0.9],
  ['Martín', 0.9],
  ['Mónica', 0.9],
  ['Andrés', 0.8],
  ['Héctor', 0.8],
  ['Lucía', 0.8],
  ['Óscar', 0.8],
  ['Rocío', 0.8],
  ['Fernanda', 0.8],
  ['Araceli', 0.7],
  ['Joaquín', 0.6],
  ['Beatriz', 0.6],
  ['Rubén', 0.6],
  ['Itzel', 0.5],
  ['Tomás', 0.5],
  ['Noemí', 0.5],
  ['Ramón', 0.5],
  ['Efraín', 0.4],
  ['Germán', 0.4],
  ['Simón', 0.3],
  ['Julián', 0.4],
  ['Sebastián', 0.5],
  ['Matías', 0.4],
  ['Damián', 0.3],
  ['Iván', 0.5],
  ['Inés', 0.3],
  ['Ximena', 0.5],
  ['Valeria', 0.6],
  ['Citlali', 0.3],
  ['Xóchitl', 0.3],
  ['Cuauhtémoc', 0.2],
  ['Abigaíl', 0.2],
  ['Zoé', 0.2],
  ['Belén', 0.2],
  ['Dulce María', 0.5],
  ['Ana Sofía', 0.5],
  ['Luis Ángel', 0.5],
  ['María José', 0.6],
  ['Iñaki', 0.05],
]);

export const SURNAMES = weighted<string>([
  ['Hernández', 7],
  ['García', 5],
  ['Martínez', 5],
  ['López', 4.5],
  ['González', 4],
  ['Pérez', 3],
  ['Rodríguez', 3],
  ['Sánchez', 3],
  ['Ramírez', 3],
  ['Cruz', 2],
  ['Flores', 2],
  ['Gómez', 2],
  ['Morales', 1.8],
  ['Vázquez', 1.7],
  ['Reyes', 1.6],
  ['Jiménez', 1.5],
  ['Torres', 1.5],
  ['Díaz', 1.4],
  ['Gutiérrez', 1.4],
  ['Ruiz', 1.3],
  ['Mendoza', 1.3],
  ['Aguilar', 1.3],
  ['Ortiz', 1.2],
  ['Moreno', 1.2],
  ['Castillo', 1.1],
  ['Romero', 1.1],
  ['Álvarez', 1],
  ['Méndez', 1],
  ['Chávez', 1],
  ['Rivera', 1],
  ['Juárez', 1],
  ['Ramos', 1],
  ['Domínguez', 0.9],
  ['Herrera', 0.9],
  ['Medina', 0.9],
  ['Castro', 0.9],
  ['Vargas', 0.8],
  ['Guzmán', 0.8],
  ['Velázquez', 0.8],
  ['Muñoz', 0.7],
  ['Rojas', 0.7],
  ['Contreras', 0.7],
  ['Salazar', 0.7],
  ['Luna', 0.7],
  ['Ortega', 0.7],
  ['Santiago', 0.7],
  ['Guerrero', 0.6],
  ['Estrada', 0.6],
  ['Bautista', 0.6],
  ['Cortés', 0.6],
  ['Soto', 0.6],
  ['Alvarado', 0.6],
  ['Espinoza', 0.5],
  ['Lara', 0.5],
  ['Ávila', 0.5],
  ['Ríos', 0.5],
  ['Cervantes', 0.5],
  ['Silva', 0.5],
  ['Delgado', 0.5],
  ['Vega', 0.5],
  ['Márquez', 0.5],
  ['Sandoval', 0.5],
  ['Fernández', 0.5],
  ['León', 0.5],
  ['Carrillo', 0.5],
  ['Mejía', 0.5],
  ['Solís', 0.4],
  ['Núñez', 0.4],
  ['Rosas', 0.4],
  ['Valdez', 0.4],
  ['Ibarra', 0.4],
  ['Campos', 0.4],
  ['Santos', 0.4],
  ['Camacho', 0.4],
  ['Navarro', 0.4],
  ['Peña', 0.4],
  ['Maldonado', 0.4],
  ['Rosales', 0.4],
  ['Acosta', 0.4],
  ['Ochoa', 0.3],
  ['Benítez', 0.3],
  ['Miranda', 0.3],
  ['Trejo', 0.3],
  ['Valencia', 0.3],
  ['Nava', 0.3],
  ['Pacheco', 0.3],
  ['Robles', 0.3],
  ['Molina', 0.3],
  ['Rangel', 0.3],
  ['Huerta', 0.3],
  ['Zúñiga', 0.2],
  ['Galván', 0.2],
  ['Olvera', 0.2],
  ['Tapia', 0.2],
  ['Cuevas', 0.2],
  ['Quiñones', 0.1],
  ['Ibáñez', 0.1],
  ['Sáenz', 0.1],
  ['Bañuelos', 0.1],
  ['Xicoténcatl', 0.02],
]);

/** City, its federal entity (as the API spells it) and its telephone area code, weighted by size. */
const CITIES = weighted<readonly [string, MxState, string]>([
  [['Iztapalapa', 'CIUDAD DE MEXICO', '55'], 6],
  [['Gustavo A. Madero', 'CIUDAD DE MEXICO', '55'], 4],
  [['Ecatepec de Morelos', 'MEXICO', '55'], 5],
  [['Nezahualcóyotl', 'MEXICO', '55'], 3],
  [['Toluca', 'MEXICO', '722'], 3],
  [['Guadalajara', 'JALISCO', '33'], 5],
  [['Zapopan', 'JALISCO', '33'], 4],
  [['Monterrey', 'NUEVO LEON', '81'], 4],
  [['Puebla', 'PUEBLA', '222'], 5],
  [['León', 'GUANAJUATO', '477'], 4],
  [['Querétaro', 'QUERETARO', '442'], 3],
  [['Mérida', 'YUCATAN', '999'], 3],
  [['Tijuana', 'BAJA CALIFORNIA', '664'], 4],
  [['Cancún', 'QUINTANA ROO', '998'], 2],
  [['Oaxaca de Juárez', 'OAXACA', '951'], 1],
  [['Morelia', 'MICHOACAN', '443'], 2],
  [['San Luis Potosí', 'SAN LUIS POTOSI', '444'], 2],
  [['Aguascalientes', 'AGUASCALIENTES', '449'], 2],
  [['Chihuahua', 'CHIHUAHUA', '614'], 2],
  [['Ciudad Juárez', 'CHIHUAHUA', '656'], 3],
  [['Culiacán', 'SINALOA', '667'], 2],
  [['Hermosillo', 'SONORA', '662'], 2],
  [['Veracruz', 'VERACRUZ', '229'], 1.5],
  [['Xalapa', 'VERACRUZ', '228'], 1],
  [['Tuxtla Gutiérrez', 'CHIAPAS', '961'], 1.5],
  [['Villahermosa', 'TABASCO', '993'], 1.5],
  [['Pachuca', 'HIDALGO', '771'], 1],
  [['Cuernavaca', 'MORELOS', '777'], 1],
  [['Saltillo', 'COAHUILA', '844'], 2],
  [['Torreón', 'COAHUILA', '871'], 1.5],
  [['Durango', 'DURANGO', '618'], 1],
]);

const STREETS = [
  'Av. Juárez',
  'Calle Hidalgo',
  'Av. Revolución',
  'Calle Morelos',
  '5 de Mayo',
  'Av. Insurgentes',
  'Calle Allende',
  'Calle Guerrero',
  'Av. Reforma',
  'Calle Zaragoza',
  'Calle Aldama',
  'Av. Universidad',
  'Calle Independencia',
  'Calle Matamoros',
  'Calle Niños Héroes',
  'Privada de los Álamos',
  'Calle Ocampo',
  'Cerrada del Sol',
  'Calle Pípila',
  'Av. Lázaro Cárdenas',
];
const NEIGHBORHOODS = [
  'Centro',
  'Santa Fe',
  'Las Águilas',
  'Del Valle',
  'San Ángel',
  'Jardines del Sur',
  'La Joya',
  'Lomas de San Miguel',
  'El Rosario',
  'Santa Cruz Meyehualco',
  'Valle Dorado',
  'Los Pinos',
  'Benito Juárez',
  'Emiliano Zapata',
  'Niños Héroes',
  'Revolución',
  'Guadalupe',
  'San Nicolás',
  'Ejidal',
  'Infonavit Norte',
];

/** RENAPO entity codes of the CURP (birth place). */
const CURP_STATES = [
  'AS',
  'BC',
  'CC',
  'CH',
  'DF',
  'GT',
  'JC',
  'MC',
  'NL',
  'OC',
  'PL',
  'QT',
  'SP',
  'VZ',
  'YN',
];
const CONSONANTS = [...'BCDFGHJKLMNPQRSTVWXZ'];
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

export interface FakePerson {
  name: string;
  lastName: string;
  secondLastName: string | null;
  phone: string;
  curp: string;
  address: {
    street: string;
    numExterior: string;
    numInterior: string | null;
    neighborhood: string;
    city: string;
    state: MxState;
    postalCode: string;
  };
}

/** 18 characters, upper case, shaped like a CURP (initials, birth date, sex, entity, consonants). */
function fakeCurp(rng: Random, name: string, lastName: string, secondLastName: string | null): string {
  const last = ascii(lastName);
  const initials = `${last.slice(0, 2)}${ascii(secondLastName ?? 'X')[0]}${ascii(name)[0]}`;
  const year = String(rng.int(55, 105) % 100).padStart(2, '0');
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  const tail = `${rng.pick(CONSONANTS)}${rng.pick(CONSONANTS)}${rng.pick(CONSONANTS)}`;
  return `${initials}${year}${month}${day}${rng.pick(['H', 'M'])}${rng.pick(CURP_STATES)}${tail}${rng.pick(LETTERS)}${rng.digits(1)}`;
}

export function fakePerson(rng: Random, takenCurps: Set<string>): FakePerson {
  const name = rng.pickWeighted(FIRST_NAMES);
  const lastName = rng.pickWeighted(SURNAMES);
  const secondLastName = rng.chance(0.93) ? rng.pickWeighted(SURNAMES) : null;
  const [city, state, areaCode] = rng.pickWeighted(CITIES);
  const phone = `${areaCode}${rng.digits(10 - areaCode.length)}`;
  let curp = fakeCurp(rng, name, lastName, secondLastName);
  while (takenCurps.has(curp)) curp = fakeCurp(rng, name, lastName, secondLastName);
  takenCurps.add(curp);
  return {
    name,
    lastName,
    secondLastName,
    phone,
    curp,
    address: {
      street: rng.pick(STREETS),
      numExterior: String(rng.int(1, 3000)),
      numInterior: rng.chance(0.25) ? `Int. ${rng.int(1, 12)}` : null,
      neighborhood: rng.pick(NEIGHBORHOODS),
      city,
      state,
      postalCode: String(rng.int(1000, 99999)).padStart(5, '0'),
    },
  };
}
