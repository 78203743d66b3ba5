import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { mappingProposals, type MappingProposalRow } from "../db/schema-mapping";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { componentCandidates, pageCandidates } from "../mapping/page-candidates";
import { mapFields } from "../mapping/heuristics";
import { MemoryIndex } from "../mapping/memory";
import { fieldSignature, instanceSignature, pageFieldSignature } from "../mapping/signature";
import { instanceSource, pageSource } from "../mapping/mapper";
import type { MappingDefinitions } from "../mapping/types";
import { sourceColumns } from "./mapping";
import { loadMemory } from "./mapping-memory";
import { loadStoredExtraction } from "./mapping-read";

/**
 * After a reviewer overrides which component (or template) an instance (or page) becomes, its
 * fields are proposed again for the new definition, from the stored extraction, with memory; the
 * old component's field proposals no longer apply and are removed. The new ones wait for review.
 */
export async function remapInstance(db: Db, env: Env, organizationId: string, head: MappingProposalRow, component: string, defs: MappingDefinitions): Promise<number> {
  const clear = db
    .delete(mappingProposals)
    .where(and(eq(mappingProposals.snapshotId, head.snapshotId), eq(mappingProposals.instanceIndex, head.instanceIndex), ne(mappingProposals.id, head.id)));
  const extraction = await loadStoredExtraction(db, env, organizationId, head.snapshotId);
  const isPage = head.scope === "template";
  const def = isPage ? defs.templates[component] : defs.components[component];
  const instance = extraction && !isPage ? extraction.components[head.instanceIndex] : undefined;
  if (!extraction || !def || (!isPage && !instance)) {
    await clear;
    return 0;
  }
  const input = isPage
    ? {
        candidates: pageCandidates(extraction),
        signatureOf: (c: ReturnType<typeof pageCandidates>[number]) => pageFieldSignature(extraction.url, c),
        sourceOf: pageSource,
      }
    : (() => {
        const isig = instanceSignature(instance!);
        return {
          candidates: componentCandidates(instance!, extraction),
          signatureOf: (c: ReturnType<typeof componentCandidates>[number]) => fieldSignature(isig, c),
          sourceOf: (c: ReturnType<typeof componentCandidates>[number]) => instanceSource(instance!, c),
        };
      })();
  const sigs = input.candidates.flatMap((c) => {
    const s = input.signatureOf(c);
    return [s.exact, s.loose];
  });
  const memory = new MemoryIndex(await loadMemory(db, organizationId, sigs));
  const proposals = mapFields({
    pageUrl: extraction.finalUrl || extraction.url,
    language: extraction.language,
    instanceIndex: head.instanceIndex,
    targetComponent: component,
    fields: def.fields,
    candidates: input.candidates,
    signatureOf: input.signatureOf,
    sourceOf: input.sourceOf,
    // The person chose the component: the fields are as sure as the heuristics alone make them.
    componentConfidence: 1,
    memory,
  });
  await db.batch([
    clear,
    ...proposals.map((p) =>
      db.insert(mappingProposals).values({
        id: newId(),
        organizationId,
        siteId: head.siteId,
        snapshotId: head.snapshotId,
        instanceIndex: head.instanceIndex,
        scope: p.scope,
        ...sourceColumns(p.source),
        signature: p.signature,
        looseSignature: p.looseSignature,
        targetComponent: component,
        targetField: p.targetField,
        targetType: p.targetType,
        value: p.value,
        confidence: p.confidence,
        layer: p.layer,
        evidence: [...p.evidence, `mapped again after ${head.targetComponent ?? "none"} was overridden with ${component}`],
        status: "pending",
      }),
    ),
  ]);
  return proposals.length;
}
