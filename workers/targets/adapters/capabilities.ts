import { platformMeta } from "../../contracts/platforms";
import type { TargetCapabilities } from "../types";

/** What an adapter itself knows of its platform: how it writes, what it can do, how fast it may go. */
export type AdapterAbilities = Pick<TargetCapabilities, "output" | "canPublish" | "canListSchema" | "rateLimitPerSecond">;

/**
 * An adapter's capabilities: the platform's name, labels and entry modeling as the interface shows them
 * (contracts/platform-meta.ts), with what the adapter can do.
 */
export function platformCapabilities(platform: string, abilities: AdapterAbilities): TargetCapabilities {
  const meta = platformMeta(platform)!;
  return { platform, displayName: meta.displayName, labels: meta.labels, entryModeling: meta.capabilities.entryModeling, ...abilities };
}
