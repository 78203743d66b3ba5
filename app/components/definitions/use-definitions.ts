import type { ComponentDefinition, TemplateDefinition } from "../../../workers/contracts/definitions";
import type { DefinitionResponse, DefinitionsResponse } from "../../../workers/contracts/mapping";
import { useApi } from "~/components/app/app-context";
import { useAsync, type AsyncState } from "~/lib/use-async";
import type { DefinitionKind } from "./texts";

export type AnyDefinition = ComponentDefinition | TemplateDefinition;

export interface DefinitionsApi {
  state: AsyncState<DefinitionsResponse<AnyDefinition>>;
  save: (key: string, body: Record<string, unknown>) => Promise<DefinitionResponse<AnyDefinition>>;
  remove: (key: string) => Promise<void>;
}

/** The definitions of one kind for a site, read and written through the mapping API. */
export function useDefinitions(siteId: string, kind: DefinitionKind): DefinitionsApi {
  const api = useApi();
  const base = `/v1/sites/${encodeURIComponent(siteId)}/${kind}`;
  const state = useAsync(() => api.get<DefinitionsResponse<AnyDefinition>>(base), [base]);
  return {
    state,
    save: (key, body) => api.put<DefinitionResponse<AnyDefinition>>(`${base}/${encodeURIComponent(key)}`, body),
    remove: async (key) => {
      await api.del(`${base}/${encodeURIComponent(key)}`);
    },
  };
}
