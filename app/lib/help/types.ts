/** Who may read a help section: `public` is also shown to visitors, `app` only to signed-in users. */
export type HelpAudience = "public" | "app";

export interface HelpTopic {
  slug: string;
  title: string;
  summary: string;
  /** Markdown, rendered with raw HTML disabled. */
  body: string;
}

export interface HelpSection {
  slug: string;
  title: string;
  description: string;
  audience: HelpAudience;
  topics: HelpTopic[];
}
