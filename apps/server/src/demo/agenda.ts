/** Minutes after midnight of a simulated day. */
export const hm = (hours: number, minutes = 0) => hours * 60 + minutes;

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface Scheduled {
  day: number;
  minute: number;
  seq: number;
  /** What it is, for the error message if it fails. */
  label: string;
  action: () => Promise<void>;
}

/**
 * The day's actions in simulated time order; an action may add later ones (same day or after). The
 * office is closed on Sundays: staff actions planned for one happen on Monday; only the nightly fee
 * accrual and the payments customers register themselves on /consulta happen any day.
 */
export class Agenda {
  private readonly byDay = new Map<number, Scheduled[]>();
  private seq = 0;
  current = { day: Number.NEGATIVE_INFINITY, minute: 0 };

  constructor(
    private readonly lastDay: number,
    private readonly officeClosed: (day: number) => boolean,
  ) {}

  add(day: number, minute: number, label: string, action: () => Promise<void>, anyDay = false) {
    let d = day;
    let m = minute;
    if (d < this.current.day || (d === this.current.day && m <= this.current.minute)) {
      d = this.current.day;
      m = this.current.minute + 1;
    }
    if (m >= hm(23, 50)) {
      d += 1;
      m = hm(9);
    }
    while (!anyDay && this.officeClosed(d)) d += 1;
    if (d > this.lastDay) return; // after today: it has not happened yet
    const list = this.byDay.get(d) ?? [];
    list.push({ day: d, minute: m, seq: this.seq++, label, action });
    this.byDay.set(d, list);
  }

  next(day: number): Scheduled | undefined {
    const list = this.byDay.get(day);
    if (!list || list.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < list.length; i++) {
      const a = list[i] as Scheduled;
      const b = list[best] as Scheduled;
      if (a.minute < b.minute || (a.minute === b.minute && a.seq < b.seq)) best = i;
    }
    const [event] = list.splice(best, 1);
    if (event) this.current = { day: event.day, minute: event.minute };
    return event;
  }

  drop(day: number) {
    this.byDay.delete(day);
  }
}
