// Initial weights, set by hand before any fit; `npm run bench:mapping -- --fit` replaces this file.
import type { LogisticModel } from "./calibration-model";

export const FIELD_MODEL: LogisticModel = {
  features: ["raw", "marginTarget", "marginCandidate", "name", "role", "exactType", "synthetic"],
  weights: [6, 4, 1, 1, 1, 0.5, -1],
  bias: -3,
  fittedOn: "hand-set",
};

export const COMPONENT_MODEL: LogisticModel = {
  features: ["selectorMatch", "name", "fit", "margin"],
  weights: [5, 2, 2, 3],
  bias: -2,
  fittedOn: "hand-set",
};

export const TEMPLATE_MODEL: LogisticModel = {
  features: ["patternMatch", "specificity", "only", "fallback"],
  weights: [3, 1, 2, 0.5],
  bias: -1,
  fittedOn: "hand-set",
};
