/**
 * Calibrated confidence: a logistic (Platt-style) model over the deterministic mapper's features,
 * fitted on labelled pages so that a proposal with confidence 0.9 is right about nine times in ten.
 * The fitted weights live in calibration-params.ts, written by `npm run bench:mapping -- --fit`
 * from the training split of test/fixtures/mapping (the held-out split is never used to fit).
 */
export interface LogisticModel {
  features: readonly string[];
  weights: readonly number[];
  bias: number;
  /** Where the weights come from: the split and sample count, for the record. */
  fittedOn: string;
}

export type FeatureVector = Record<string, number>;

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The model's probability for a feature vector, clamped away from exactly 0 and 1. */
export function predict(model: LogisticModel, x: FeatureVector): number {
  let z = model.bias;
  model.features.forEach((f, i) => (z += model.weights[i] * (x[f] ?? 0)));
  return Math.min(0.995, Math.max(0.005, sigmoid(z)));
}

export interface Sample {
  x: FeatureVector;
  /** 1 when the proposal was right. */
  y: number;
}

/**
 * Fits logistic regression by batch gradient descent (the sets are a few thousand samples, so this
 * is instant and needs no library). The penalty pulls the weights towards `prior` (the hand-set
 * model) rather than towards zero: a maximum a posteriori fit. Where the labelled set holds few
 * mistakes, it cannot say how much a weak name match or a thin margin matters, and the prior keeps
 * that shape; where it holds evidence, the evidence wins.
 */
export function fitLogistic(samples: readonly Sample[], prior: LogisticModel, fittedOn: string, opts: { l2?: number; iterations?: number; rate?: number } = {}): LogisticModel {
  const features = prior.features;
  const l2 = opts.l2 ?? 0.05;
  const iterations = opts.iterations ?? 4000;
  const rate = opts.rate ?? 0.5;
  const w = [...prior.weights];
  let b = prior.bias;
  const n = samples.length || 1;
  for (let it = 0; it < iterations; it++) {
    const gw = new Array(features.length).fill(0);
    let gb = 0;
    for (const s of samples) {
      let z = b;
      features.forEach((f, i) => (z += w[i] * (s.x[f] ?? 0)));
      const err = sigmoid(z) - s.y;
      features.forEach((f, i) => (gw[i] += err * (s.x[f] ?? 0)));
      gb += err;
    }
    features.forEach((_, i) => (w[i] -= rate * (gw[i] / n + l2 * (w[i] - prior.weights[i]))));
    b -= rate * (gb / n + l2 * (b - prior.bias));
  }
  return { features: [...features], weights: w.map((v) => round(v)), bias: round(b), fittedOn };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}

export interface CalibrationBand {
  from: number;
  to: number;
  count: number;
  correct: number;
  meanConfidence: number | null;
  accuracy: number | null;
}

/** Groups (confidence, correct) pairs into bands: the reliability table. */
export function calibrationBands(points: readonly { confidence: number; correct: boolean }[], edges: readonly number[] = DEFAULT_BAND_EDGES): CalibrationBand[] {
  const bands: CalibrationBand[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i];
    const to = edges[i + 1];
    const last = i === edges.length - 2;
    const inBand = points.filter((p) => p.confidence >= from && (last ? p.confidence <= to : p.confidence < to));
    const correct = inBand.filter((p) => p.correct).length;
    bands.push({
      from,
      to,
      count: inBand.length,
      correct,
      meanConfidence: inBand.length ? inBand.reduce((a, p) => a + p.confidence, 0) / inBand.length : null,
      accuracy: inBand.length ? correct / inBand.length : null,
    });
  }
  return bands;
}

/** Band edges used by the calibration view and the benchmark. */
export const DEFAULT_BAND_EDGES = [0, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1] as const;

/** Expected calibration error: the count-weighted gap between claimed and observed accuracy. */
export function expectedCalibrationError(bands: readonly CalibrationBand[]): number {
  const total = bands.reduce((a, b) => a + b.count, 0) || 1;
  return bands.reduce((a, b) => a + (b.count && b.meanConfidence !== null && b.accuracy !== null ? (b.count / total) * Math.abs(b.meanConfidence - b.accuracy) : 0), 0);
}
