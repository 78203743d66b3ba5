/**
 * The hand-set confidence models: the prior of every fit (calibration-model.ts fitLogistic) and what
 * the mapper would use without one. They encode what should matter: a high pair score, a clear
 * margin over the next candidate, names and roles that agree, an exact type; a whole-instance
 * fallback counts against. For components: a definition selector that matched.
 */
import type { LogisticModel } from "./calibration-model";

export const FIELD_PRIOR: LogisticModel = {
  features: ["raw", "marginTarget", "marginCandidate", "name", "role", "exactType", "synthetic"],
  weights: [6, 4, 1, 1, 1, 0.5, -1],
  bias: -3,
  fittedOn: "hand-set prior",
};

export const COMPONENT_PRIOR: LogisticModel = {
  features: ["selectorMatch", "name", "fit", "margin"],
  weights: [5, 2, 2, 3],
  bias: -2,
  fittedOn: "hand-set prior",
};

export const TEMPLATE_PRIOR: LogisticModel = {
  features: ["patternMatch", "specificity", "only", "fallback"],
  weights: [3, 1, 2, 0.5],
  bias: -1,
  fittedOn: "hand-set prior",
};
