import { isTrivialPin } from '@prestaya/contracts';
import { type FakePerson, fakePerson } from './people.ts';
import { pueblaZone } from './places.ts';
import { mulberry32, type Random, streamFor } from './random.ts';
import { DEMO_STAFF } from './staff.ts';

/**
 * Ten weeks of history, ending today as the office opens: the night's fee accrual has run, nothing
 * else of today has happened yet. So the same seed gives the same data all day long (only the date
 * moves it), and the evening's payments wait for validation, as they would on a real morning.
 */
export const HISTORY_DAYS = 70;
export const OFFICE_OPENS = 8 * 60;
/** Staff and accounts are set up a few days before the first customer comes. */
export const SETUP_DAY = -3;
/** The demo's customers, and the most `seed:demo --customers` takes (a smaller demo has its first ones). */
export const DEMO_CUSTOMER_COUNT = 120;

export type Behaviour = 'puntual' | 'tardio' | 'moroso' | 'liquida';
export type Profile =
  | Behaviour
  | 'enEspera'
  | 'aprobado'
  | 'cancelaEnEspera'
  | 'cancelaAprobado'
  | 'sinPrestamo';

/** How the 120 customers behave; exact counts, so every loan status is present whatever the seed. */
const PROFILE_COUNTS: readonly (readonly [Profile, number])[] = [
  ['enEspera', 5],
  ['aprobado', 4],
  ['cancelaEnEspera', 3],
  ['cancelaAprobado', 2],
  ['liquida', 10],
  ['moroso', 14],
  ['sinPrestamo', 3],
  ['tardio', 30],
  ['puntual', 49],
];

const AMOUNTS_PESOS: readonly (readonly [number, number])[] = [
  [2_000, 10],
  [3_000, 15],
  [4_000, 15],
  [5_000, 15],
  [6_000, 12],
  [7_000, 8],
  [8_000, 8],
  [10_000, 8],
  [12_000, 5],
  [15_000, 4],
];

export interface CustomerPlan {
  index: number;
  zone: number;
  profile: Profile;
  arrivalDay: number;
  person: FakePerson;
  random: Random;
  prefersTransfer: boolean;
  bank: 'bbva' | 'banorte';
  renews: boolean;
  amountPesos: number;
  id?: string;
}

function arrivalDay(random: Random, profile: Profile): number {
  switch (profile) {
    case 'enEspera':
      return random.int(HISTORY_DAYS - 3, HISTORY_DAYS - 1);
    case 'aprobado':
      return random.int(HISTORY_DAYS - 7, HISTORY_DAYS - 3);
    case 'cancelaEnEspera':
    case 'cancelaAprobado':
      return random.int(8, 55);
    case 'liquida':
      return random.int(0, 5);
    case 'moroso':
      return random.int(0, 42);
    case 'sinPrestamo':
      return random.int(10, HISTORY_DAYS - 4);
    default:
      return random.chance(0.45) ? random.int(0, 6) : random.int(7, HISTORY_DAYS - 7);
  }
}

/** The plan of the 120 customers: who they are, their agent, when they come and how they pay. */
export function planCustomers(seed: number, count = DEMO_CUSTOMER_COUNT): CustomerPlan[] {
  const master = mulberry32(seed);
  const profiles = master.shuffle(PROFILE_COUNTS.flatMap(([profile, count]) => Array(count).fill(profile)));
  const usedCurps = new Set<string>();
  const plans = profiles.slice(0, count).map((profile: Profile, index): CustomerPlan => {
    const random = streamFor(seed, 1, index);
    const zone = random.int(0, 3);
    return {
      index,
      zone,
      profile,
      arrivalDay: arrivalDay(random, profile),
      person: fakePerson(random, { region: pueblaZone(zone), usedCurps }),
      random,
      prefersTransfer: random.chance(0.35),
      bank: random.chance(0.6) ? 'bbva' : 'banorte',
      renews: random.chance(0.6),
      amountPesos: random.weighted(AMOUNTS_PESOS),
    };
  });
  // Customer numbers follow the order they come in.
  return plans.sort((a, b) => a.arrivalDay - b.arrivalDay || a.index - b.index);
}

/** One PIN per staff member: distinct, no digit three times in a row, none the product refuses. */
export function staffPins(seed: number): string[] {
  const random = streamFor(seed, 2);
  const pins = new Set<string>();
  while (pins.size < DEMO_STAFF.length) {
    const pin = String(random.int(1_000, 9_999));
    if (!/(\d)\1\1/.test(pin) && !isTrivialPin(pin)) pins.add(pin);
  }
  return [...pins];
}
