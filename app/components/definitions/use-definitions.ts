import type { ComponentDefinition, TemplateDefinition } from "../../../workers/contracts/definitions";
import type { DefinitionResponse } from "../../../workers/contracts/mapping";
import { useApi } from "~/components/app/app-context";
import type { DefinitionKind } from "./texts";

export type AnyDefinition = ComponentDefinition | TemplateDefinition;

export interface DefinitionsApi {
  save: (key: string, body: Record<string, unknown>) => Promise<DefinitionResponse<AnyDefinition>>;
  remove: (key: string) => Promise<void>;
}

/**
 * Writes to the definitions of one kind for a site through the mapping API; the screen's loader
 * (lib/definitions.server.ts) reads them.
 */
export function useDefinitions(siteId: string, kind: DefinitionKind): DefinitionsApi {
  const api = useApi();
  const base = `/v1/sites/${encodeURIComponent(siteId)}/${kind}`;
  return {
    save: (key, body) => api.put<DefinitionResponse<AnyDefinition>>(`${base}/${encodeURIComponent(key)}`, body),
    remove: async (key) => {
      await api.del(`${base}/${encodeURIComponent(key)}`);
    },
  };
}
