import type { z } from "zod";
import { componentDefinitionSchema, templateDefinitionSchema, type ComponentDefinition, type FieldType, type TemplateDefinition } from "../../../workers/contracts/definitions";
import { definitionKeySchema } from "../../../workers/contracts/mapping";
import { FORM_LABELS, type DefinitionKind } from "./texts";

/** One row of the field editor; `uid` keeps React rows stable while fields are reordered. */
export interface FieldDraft {
  uid: string;
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
}

/** The definition form as the user types it: lists are kept as text until saved. */
export interface DefinitionDraft {
  key: string;
  name: string;
  targetId: string;
  selector: string;
  /** Components: one URL per line. */
  exampleUrls: string;
  /** Templates only. */
  urlPattern: string;
  /** Templates only: comma-separated. */
  areas: string;
  fields: FieldDraft[];
}

/** Form errors by field path, the same paths as the API's 400 details ("name", "fields.0.type"). */
export type DraftErrors = Record<string, string>;

let uidSeq = 0;
export function newFieldUid(): string {
  uidSeq += 1;
  return `f${uidSeq}`;
}

export function emptyField(): FieldDraft {
  return { uid: newFieldUid(), name: "", type: "text", required: false, description: "" };
}

export function emptyDraft(kind: DefinitionKind): DefinitionDraft {
  return { key: "", name: "", targetId: "", selector: "", exampleUrls: "", urlPattern: "", areas: kind === "templates" ? "main" : "", fields: [] };
}

/** A stored definition as an editable draft. */
export function toDraft(kind: DefinitionKind, key: string, def: ComponentDefinition | TemplateDefinition): DefinitionDraft {
  const template = kind === "templates" ? (def as TemplateDefinition) : null;
  const component = kind === "components" ? (def as ComponentDefinition) : null;
  return {
    key,
    name: def.name,
    targetId: def.targetId ?? "",
    selector: def.selector ?? "",
    exampleUrls: (component?.exampleUrls ?? []).join("\n"),
    urlPattern: template?.urlPattern ?? "",
    areas: (template?.areas ?? []).join(", "),
    fields: (def.fields ?? []).map((f) => ({ uid: newFieldUid(), name: f.name, type: f.type, required: f.required ?? false, description: f.description ?? "" })),
  };
}

function exampleUrlLines(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The request body of PUT /sites/{siteId}/{kind}/{key}. */
export function fromDraft(kind: DefinitionKind, d: DefinitionDraft): Record<string, unknown> {
  const fields = d.fields.map((f) => ({ name: f.name.trim(), type: f.type, required: f.required, description: f.description }));
  if (kind === "templates") {
    const areas = d.areas
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    return { name: d.name, targetId: d.targetId, urlPattern: d.urlPattern, selector: d.selector, areas, fields };
  }
  return { name: d.name, targetId: d.targetId, selector: d.selector, exampleUrls: exampleUrlLines(d.exampleUrls), fields };
}

/** Issues (from zod here or the API's 400 details) as one message per path; the first one wins. */
export function errorsFromIssues(issues: readonly { path: string; message: string }[]): DraftErrors {
  const out: DraftErrors = {};
  for (const i of issues) {
    const path = normalisePath(i.path);
    if (!out[path]) out[path] = i.message;
  }
  return out;
}

/** Example URLs are edited as lines of one text box, so an error on "exampleUrls.2" belongs to that box. */
function normalisePath(path: string): string {
  const m = /^exampleUrls\.(\d+)$/.exec(path);
  return m ? "exampleUrls" : path;
}

/**
 * The message for the example URLs box, naming the first bad URL: blank lines are not sent, so an
 * index of the body is not a line number of the box.
 */
export function exampleUrlsError(issues: readonly { path: string; message: string }[], sent: readonly string[]): string | undefined {
  for (const i of issues) {
    const m = /^exampleUrls\.(\d+)$/.exec(i.path);
    if (m) return FORM_LABELS.exampleUrlBad(sent[Number(m[1])] ?? "", i.message);
    if (i.path === "exampleUrls") return i.message;
  }
  return undefined;
}

/** Issues of the API's 400 `details`, or none when the answer carries no field paths. */
export function issuesFromDetails(details: unknown): { path: string; message: string }[] {
  if (!Array.isArray(details)) return [];
  const out: { path: string; message: string }[] = [];
  for (const d of details as unknown[]) {
    if (d && typeof d === "object") {
      const { path, message } = d as { path?: unknown; message?: unknown };
      if (typeof path === "string" && typeof message === "string") out.push({ path, message });
    }
  }
  return out;
}

/** Form errors for a list of issues on a draft: one message per path, example URLs named. */
export function draftErrors(issues: readonly { path: string; message: string }[], d: DefinitionDraft): DraftErrors {
  const errors = errorsFromIssues(issues);
  const urls = exampleUrlsError(issues, exampleUrlLines(d.exampleUrls));
  if (urls) errors.exampleUrls = urls;
  return errors;
}

/** zod's message for an empty required text ("Too small: expected string to have >=1 characters") reads badly in a form. */
function friendlyMessage(issue: z.core.$ZodIssue): string {
  return issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1 ? FORM_LABELS.required : issue.message;
}

function zodIssues(error: z.ZodError, prefix = ""): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: prefix + i.path.map(String).join("."), message: friendlyMessage(i) }));
}

/**
 * Checks a draft with the same schemas the API uses, so most mistakes show before a round trip.
 * `existingKeys` guards a new definition from silently replacing another one (PUT is an upsert).
 */
export function validateDraft(kind: DefinitionKind, d: DefinitionDraft, opts: { isNew: boolean; existingKeys: readonly string[]; keyTaken: string }): DraftErrors {
  const issues: { path: string; message: string }[] = [];
  if (opts.isNew) {
    const key = definitionKeySchema.safeParse(d.key);
    if (!key.success) issues.push(...zodIssues(key.error, "key"));
    else if (opts.existingKeys.includes(key.data)) issues.push({ path: "key", message: opts.keyTaken });
  }
  const schema = kind === "templates" ? templateDefinitionSchema : componentDefinitionSchema;
  const parsed = schema.safeParse(fromDraft(kind, d));
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  return draftErrors(issues, d);
}

/** A key suggestion from a name: lowercase words joined by hyphens, within the key rule. */
export function keyFromName(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      // ß has no decomposition; spell it out as German does in capitals.
      .replace(/ß/g, "ss")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 100)
  );
}

/** Moves the item at `from` by `delta` places; out-of-range moves leave the list as it is. */
export function moveItem<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
