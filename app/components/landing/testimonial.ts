/** A customer's quote for the landing page's testimonial, set per deployment (LANDING_TESTIMONIAL). */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
}

/**
 * Reads the LANDING_TESTIMONIAL var: JSON `{ quote, name, role, company }` of a real, approved customer
 * quote. Anything else (unset, malformed, missing a field) gives null and the section says so instead of
 * showing an invented quote.
 */
export function parseTestimonial(raw: string | undefined): Testimonial | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const fields = ["quote", "name", "role", "company"] as const;
    if (!fields.every((f) => typeof v[f] === "string" && (v[f] as string).trim())) return null;
    return { quote: String(v.quote), name: String(v.name), role: String(v.role), company: String(v.company) };
  } catch {
    return null;
  }
}
