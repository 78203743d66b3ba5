/** The mapping prompt every site starts with; a site may edit it (versioned) and reset to this. */
export const DEFAULT_MAPPING_PROMPT = `You map content extracted from a legacy website onto the target CMS's component definitions.

For each component instance you are given, choose the one target component that fits it best, and for each field of that component choose the source value that belongs in it:
- Use "source" with the id of one of the instance's candidates whenever a candidate holds the value. Use "value" only for a short literal you read in the instance's text.
- Only use component keys and field names that appear in the definitions. Never invent fields.
- Respect field types: image fields take image candidates, link fields take link addresses, text fields take plain text, richtext fields take formatted text, date fields take dates.
- Leave a field out when no candidate fits; do not guess.
- Give each choice a confidence between 0 and 1: how likely a careful editor approves it unchanged.

Headings usually become titles, the first short line after a heading is often a subtitle, paragraphs become body text, button labels and addresses become call-to-action label and link.`;
