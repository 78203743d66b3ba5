import MarkdownIt from "markdown-it";

/**
 * Markdown for news articles and help pages. Raw HTML is disabled, so any tag in the source is shown
 * as text; markdown-it's link check drops javascript:, vbscript:, file: and non-image data: URLs.
 * The result is therefore safe to insert as HTML.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

// Links to other sites open in a new tab without handing them this page.
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet("href") ?? "";
  if (/^https?:\/\//i.test(href)) {
    tokens[idx].attrSet("target", "_blank");
    tokens[idx].attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Renders Markdown to safe HTML. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
