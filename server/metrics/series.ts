// Counters and histograms cheap enough for the engine's hot paths. prom-client's own Counter and
// Histogram hash their label values into a string on every increment; here a labelled series is
// resolved once (kept in nested maps by the helpers in observe.ts) and an increment is a number
// added to a field. The families implement what prom-client's Registry reads from a metric (name,
// help, type, get()), so they are scraped and formatted by it like its own.

export type Labels = Readonly<Record<string, string>>;

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface Family<S> {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "histogram";
  readonly aggregator: "sum";
  series(labels: Labels): S;
  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Sample[] }>;
  reset(): void;
}

export class CounterSeries {
  value = 0;
  constructor(readonly labels: Labels) {}
  inc(by = 1): void {
    this.value += by;
  }
}

export class CounterFamily implements Family<CounterSeries> {
  readonly type = "counter";
  readonly aggregator = "sum";
  private readonly all: CounterSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  /** A new series of this family: resolve it once per label set and keep it. */
  series(labels: Labels): CounterSeries {
    const series = new CounterSeries(labels);
    this.all.push(series);
    return series;
  }

  async get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.all.map((s) => ({ labels: { ...s.labels }, value: s.value })),
    };
  }

  reset(): void {
    for (const s of this.all) s.value = 0;
  }
}

export class HistogramSeries {
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }
}

export class HistogramFamily implements Family<HistogramSeries> {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly all: HistogramSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: readonly number[],
  ) {}

  series(labels: Labels): HistogramSeries {
    const series = new HistogramSeries(labels, this.bounds);
    this.all.push(series);
    return series;
  }

  async get() {
    const values: Sample[] = [];
    for (const s of this.all) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += s.counts[i]!;
        values.push({ labels: { ...s.labels, le: this.bounds[i]! }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { ...s.labels, le: "+Inf" }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const s of this.all) {
      s.counts.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}

/** A value per key, made on first use. */
export function keyed1<A, T>(make: (a: A) => T): (a: A) => T {
  const map = new Map<A, T>();
  return (a) => {
    let value = map.get(a);
    if (value === undefined) map.set(a, (value = make(a)));
    return value;
  };
}

/** A value per pair of keys, made on first use: no allocation once both keys were seen. */
export function keyed2<A, B, T>(make: (a: A, b: B) => T): (a: A, b: B) => T {
  const outer = new Map<A, Map<B, T>>();
  return (a, b) => {
    let inner = outer.get(a);
    if (!inner) outer.set(a, (inner = new Map()));
    let value = inner.get(b);
    if (value === undefined) inner.set(b, (value = make(a, b)));
    return value;
  };
}

/** keyed2 for three keys. */
export function keyed3<A, B, C, T>(make: (a: A, b: B, c: C) => T): (a: A, b: B, c: C) => T {
  const outer = new Map<A, (b: B, c: C) => T>();
  return (a, b, c) => {
    let inner = outer.get(a);
    if (!inner) outer.set(a, (inner = keyed2((b2: B, c2: C) => make(a, b2, c2))));
    return inner(b, c);
  };
}
