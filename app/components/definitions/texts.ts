import type { FieldType } from "../../../workers/contracts/definitions";
import type { AutoPopulateStatus, StructureKind } from "../../../workers/contracts/mapping";

/** Which kind of definition a screen edits; also the API collection name. */
export type DefinitionKind = "components" | "templates";

/** "components" → "component", "content types" → "content type". */
export function singular(noun: string): string {
  return noun.endsWith("s") ? noun.slice(0, -1) : noun;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Labels of the field types in the field editor. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Text",
  richtext: "Rich text",
  image: "Image",
  link: "Link",
  list: "List",
  date: "Date",
  number: "Number",
  boolean: "Yes / no",
  reference: "Reference",
};

/** User-facing texts of the definitions screens. `noun` is the platform's word (components, blocks, content types, templates). */
export const DEFINITION_TEXTS = {
  loadFailed: (noun: string) => `Could not load the ${noun}`,
  empty: (noun: string) => `No ${noun} defined yet`,
  emptyHint: (noun: string) => `Add one with New ${singular(noun)}, or let auto-populate find them on a page of the site.`,
  emptyHintTemplates: "Add one with New template; runs match pages to templates by URL pattern or selector.",
  newButton: (noun: string) => `New ${singular(noun)}`,
  newTitle: (noun: string) => `New ${singular(noun)}`,
  editTitle: (name: string) => `Edit ${name}`,
  saved: (noun: string, name: string) => `${capitalize(singular(noun))} "${name}" saved`,
  saveFailed: (noun: string) => `Could not save the ${singular(noun)}`,
  deleted: (noun: string, name: string) => `${capitalize(singular(noun))} "${name}" deleted`,
  deleteFailed: (noun: string) => `Could not delete the ${singular(noun)}`,
  deleteTitle: (noun: string, name: string) => `Delete the ${singular(noun)} "${name}"?`,
  deleteBody: "Runs stop mapping content onto it. Mappings already applied to the target platform stay as they are.",
  deleteConfirm: "Delete",
  keyTaken: (noun: string) => `A ${singular(noun)} with this key already exists`,
  fixErrors: "Some fields need attention.",
  invalidTitle: "Stored entries that could not be read",
  invalidHint: "These entries of the site configuration do not match the definition format. Replace them with a new definition under the same key, or delete them.",
  noFields: "No fields",
  typesOnly: "This platform has no page templates",
  typesOnlyHint: "Its entries are modelled by content types only.",
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
  replace: "Replace",
} as const;

/** Labels and hints of the definition form. */
export const FORM_LABELS = {
  name: "Name",
  key: "Key",
  keyHint: "Identifies the definition in the configuration; cannot be changed later.",
  targetId: "Target ID",
  targetIdHint: "The platform's identifier, e.g. my-module:components/hero.",
  selector: "CSS selector",
  selectorHint: "Locates instances on source pages, e.g. section.hero.",
  templateSelector: "Page selector",
  templateSelectorHint: "Optional: an element only pages of this template contain, e.g. body.article.",
  exampleUrls: "Example URLs",
  exampleUrlsHint: "One per line: pages that contain this component.",
  urlPattern: "URL pattern",
  urlPatternHint: "Pages whose path matches use this template, e.g. /blog/*.",
  areas: "Areas",
  areasHint: "Comma-separated areas that hold components, e.g. main, sidebar.",
  fields: "Fields",
  addField: "Add field",
  fieldGroup: (i: number, name: string) => (name ? `Field ${i + 1}: ${name}` : `Field ${i + 1}`),
  fieldName: "Name",
  fieldType: "Type",
  fieldRequired: "Required",
  fieldDescription: "Description",
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  remove: (label: string) => `Remove ${label}`,
  required: "Required",
  exampleUrlBad: (url: string, message: string) => (url ? `${url}: ${message}` : message),
} as const;

/** Texts of the auto-populate panel. */
export const AUTO_POPULATE_TEXTS = {
  title: "Auto-populate from a page",
  description: (noun: string) => `Render a page of the site in the browser and find its recurring structures; pick the ${noun} to add.`,
  url: "Page URL",
  selector: "Limit to selector (optional)",
  selectorHint: "Only look inside this element, e.g. main.",
  start: (noun: string) => `Find ${noun}`,
  startFailed: "Could not start auto-populate",
  pollFailed: "Lost track of auto-populate",
  failed: "Auto-populate failed",
  noSuggestions: "Nothing recurring was found on this page. Try another page or a wider selector.",
  suggestionsTitle: (n: number) => `${n} suggestion${n === 1 ? "" : "s"}`,
  accept: (n: number) => `Add selected (${n})`,
  accepted: (n: number, noun: string) => `Added ${n} ${n === 1 ? singular(noun) : noun}`,
  acceptFailed: "Could not add the suggestions",
  dismiss: "Dismiss suggestions",
  dismissFailed: "Could not dismiss the suggestions",
  clear: "Clear",
  selectAll: "Select all",
  selectNone: "Select none",
  pick: (name: string) => `Add ${name}`,
  key: "Key",
  name: "Name",
  added: "Added",
  duplicateKey: "Two suggestions use this key",
  nameRequired: "A name is required",
  replaces: (noun: string) => `Replaces an existing ${singular(noun)}`,
  occurrences: (n: number) => `${n} on the page`,
  score: (pct: number) => `Score ${pct}%`,
  progressLabel: "Auto-populate progress",
} as const;

/** How each auto-populate status reads. */
export const AUTO_POPULATE_STATUS_LABELS: Record<AutoPopulateStatus, string> = {
  idle: "Idle",
  rendering: "Rendering the page…",
  detecting: "Finding recurring structures…",
  completed: "Completed",
  failed: "Failed",
};

/** How each detected structure kind reads. */
export const STRUCTURE_KIND_LABELS: Record<StructureKind, string> = {
  hero: "Hero",
  card: "Card",
  teaser: "Teaser",
  list: "List",
  accordion: "Accordion",
  "text-media": "Text with media",
  quote: "Quote",
  cta: "Call to action",
  form: "Form",
  gallery: "Gallery",
  text: "Text",
};

/** How often the auto-populate state is read while it runs. */
export const AUTO_POPULATE_POLL_MS = 1000;
