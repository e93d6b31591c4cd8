import type { MxState } from '@prestaya/contracts';
import type { Random } from './random.ts';

/**
 * Where fake customers live and were born. The demo lender works in the Puebla metropolitan area,
 * four agents with a zone each (phones with the zone's area code: 222 Puebla–Cholula, 244 Atlixco);
 * the bench lender works nationwide, its cities weighted by size, so a search for a phone prefix
 * matches as many customers as it would at a real lender.
 */

export interface Place {
  neighborhood: string;
  postalCode: string;
  city: string;
  state: MxState;
  /** Area code of the place's phones (2 or 3 digits). */
  lada: string;
}

export interface Region {
  place(random: Random): Place;
  /** Where its customers were born: RENAPO state code and weight. */
  birthStates: readonly (readonly [string, number])[];
}

interface Neighbourhood {
  neighborhood: string;
  postalCode: string;
  city: string;
  /** Area code of the zone's phones. */
  lada: string;
}

/** One zone per agent (agent index 0–3). */
const ZONES: readonly { label: string; neighbourhoods: readonly Neighbourhood[] }[] = [
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

/** Mostly born in Puebla. */
const PUEBLA_BIRTH_STATES = [
  ['PL', 70],
  ['DF', 8],
  ['VZ', 7],
  ['TL', 6],
  ['OC', 5],
  ['MC', 4],
] as const;

/** The zone of demo agent `zone` (0–3). */
export function pueblaZone(zone: number): Region {
  return {
    place: (random) => ({ ...random.pick(ZONES[zone]?.neighbourhoods ?? []), state: 'PUEBLA' }),
    birthStates: PUEBLA_BIRTH_STATES,
  };
}

/** City, its federal entity (as the API spells it) and its area code, weighted by size. */
const CITIES: readonly (readonly [readonly [string, MxState, string], number])[] = [
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
];

// biome-ignore format: a name list reads best packed
const NEIGHBORHOODS = [
  'Centro', 'Santa Fe', 'Las Águilas', 'Del Valle', 'San Ángel', 'Jardines del Sur', 'La Joya',
  'Lomas de San Miguel', 'El Rosario', 'Santa Cruz Meyehualco', 'Valle Dorado', 'Los Pinos', 'Benito Juárez',
  'Emiliano Zapata', 'Niños Héroes', 'Revolución', 'Guadalupe', 'San Nicolás', 'Ejidal', 'Infonavit Norte',
];

/** Anywhere in the country: a weighted city, a common neighbourhood name, any postal code. */
export const NATIONWIDE: Region = {
  place(random) {
    const [city, state, lada] = random.weighted(CITIES);
    return {
      neighborhood: random.pick(NEIGHBORHOODS),
      postalCode: String(random.int(1000, 99999)).padStart(5, '0'),
      city,
      state,
      lada,
    };
  },
  birthStates: [
    ['AS', 1],
    ['BC', 1],
    ['CC', 1],
    ['CH', 1],
    ['DF', 1],
    ['GT', 1],
    ['JC', 1],
    ['MC', 1],
    ['NL', 1],
    ['OC', 1],
    ['PL', 1],
    ['QT', 1],
    ['SP', 1],
    ['VZ', 1],
    ['YN', 1],
  ],
};
