/**
 * The SEO plugins of WordPress whose fields the product writes (meta title and description), found by
 * the REST namespace each registers in the site's API index (`GET /wp-json/`). WordPress ignores meta
 * keys that no plugin registered for REST, so a writer reads back what it wrote before calling it done.
 */
import type { TargetHttpClient } from "./http-client";

export interface WordPressSeoPlugin {
  namespace: string;
  name: string;
  /** Post meta key of the SEO title. */
  title: string;
  /** Post meta key of the meta description. */
  description: string;
}

export const WORDPRESS_SEO_PLUGINS: readonly WordPressSeoPlugin[] = [
  { namespace: "yoast/v1", name: "Yoast SEO", title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" },
  { namespace: "rankmath/v1", name: "Rank Math", title: "rank_math_title", description: "rank_math_description" },
];

/** The site's SEO plugin, or null when none answers (an index that cannot be read counts as none). */
export async function detectSeoPlugin(client: TargetHttpClient, restUrl: string, headers: Record<string, string>): Promise<WordPressSeoPlugin | null> {
  try {
    const index = await client.json<{ namespaces?: string[] }>(`${restUrl}/`, { headers });
    return WORDPRESS_SEO_PLUGINS.find((p) => index.namespaces?.includes(p.namespace)) ?? null;
  } catch {
    return null;
  }
}
