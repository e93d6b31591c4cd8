import type { SimulatedClock } from './clock.ts';
import { HISTORY_DAYS, OFFICE_OPENS, SETUP_DAY } from './plan.ts';
import type { DemoRun } from './run.ts';

/**
 * Runs the agenda day by day, each action at its simulated moment (clock.ts), until today's office
 * opens; actions of a later moment are dropped: they have not happened yet.
 */
export async function simulateDays(run: DemoRun, clock: SimulatedClock) {
  const { agenda, timings } = run;
  for (let day = SETUP_DAY; day <= HISTORY_DAYS; day++) {
    const date = run.dateOf(day);
    for (let event = agenda.next(day); event; event = agenda.next(day)) {
      if (day === HISTORY_DAYS && event.minute >= OFFICE_OPENS) {
        agenda.drop(day);
        break;
      }
      const { label, action } = event;
      const ran = await clock.run(date, event.minute, async () => {
        const started = performance.now();
        try {
          await action();
        } catch (error) {
          const at = `${String(Math.floor(event.minute / 60)).padStart(2, '0')}:${String(event.minute % 60).padStart(2, '0')}`;
          throw new Error(`Falló «${label}» del ${date} (${at})`, { cause: error });
        }
        const spent = timings[label] ?? { count: 0, ms: 0 };
        timings[label] = { count: spent.count + 1, ms: spent.ms + performance.now() - started };
      });
      if (!ran) {
        agenda.drop(day); // the rest of today has not happened yet
        break;
      }
    }
    await clock.endDay();
  }
}
