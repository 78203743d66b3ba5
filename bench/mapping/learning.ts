/** Placeholder replaced below. */
import type { FixtureSite } from "./fixtures";
export async function simulateLearning(_sites: FixtureSite[], _threshold: number): Promise<void> {}
