// The confidence model of page-level values from the metadata layer. `npm run bench:quality -- --fit`
// rewrites it from the train split of a real-page corpus (split by site; dev and held-out never fit),
// as a MAP fit around METADATA_PRIOR in calibration-prior.ts. Until then it is the prior.
import type { LogisticModel } from "./calibration-model";
import { METADATA_PRIOR } from "./calibration-prior";

export const METADATA_MODEL: LogisticModel = METADATA_PRIOR;
