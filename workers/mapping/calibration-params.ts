// Fitted by `npm run bench:mapping -- --fit` on the training split of test/fixtures/mapping
// (sites.json "split": "train") and its augmented copies, as a MAP fit around the hand-set prior in
// calibration-prior.ts; the held-out split is never used to fit. Do not edit by hand.
import type { LogisticModel } from "./calibration-model";

export const FIELD_MODEL: LogisticModel = {
  features: [
    "raw",
    "marginTarget",
    "marginCandidate",
    "name",
    "role",
    "exactType",
    "synthetic"
  ],
  weights: [
    6.0984,
    3.9082,
    1.0772,
    0.9798,
    1.1562,
    0.7465,
    -1
  ],
  bias: -2.6563,
  fittedOn: "train split (wp-garden, bootstrap-saas, handcoded-blog) with its bare and shuffled copies"
};

export const COMPONENT_MODEL: LogisticModel = {
  features: [
    "selectorMatch",
    "name",
    "fit",
    "margin"
  ],
  weights: [
    5.031,
    2.0024,
    2.0167,
    3.017
  ],
  bias: -1.969,
  fittedOn: "train split (wp-garden, bootstrap-saas, handcoded-blog) with its bare and shuffled copies"
};

export const TEMPLATE_MODEL: LogisticModel = {
  features: [
    "patternMatch",
    "specificity",
    "only",
    "fallback"
  ],
  weights: [
    3.1122,
    1.0613,
    2.1214,
    1.6267
  ],
  bias: 0.239,
  fittedOn: "train split (wp-garden, bootstrap-saas, handcoded-blog) with its bare and shuffled copies"
};
