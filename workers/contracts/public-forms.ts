import { z } from "zod";

/*
 * The public site's forms: the demo request (/request-demo and /book-demo, one page) and the contact
 * form (/contact, also opened by the support widget). The browser validates with these schemas before
 * sending; the server validates the same schemas again, so a request that skips the page gets the same
 * answers in the API's error shape `{ error, details }`.
 */

/** The hidden field people never see or fill; a bot that fills every input fills it too. */
export const HONEYPOT_FIELD = "website";

export const SOURCE_PLATFORMS = ["Drupal", "Sitecore", "Adobe Experience Manager", "WordPress", "Joomla", "Umbraco", "Kentico", "Contentstack", "Strapi", "Other"] as const;
export const TARGET_PLATFORMS = ["Magnolia", "Adobe Experience Manager", "WordPress", "Contentful", "Storyblok", "Sanity", "Not decided yet"] as const;
export const SITE_SIZES = ["Fewer than 100 pages", "100 to 1,000 pages", "1,000 to 10,000 pages", "More than 10,000 pages"] as const;
export const CONTACT_TOPICS = ["General question", "Sales", "Support", "Partnerships", "Training"] as const;

export const PUBLIC_FORM_MESSAGES = {
  invalid: "Please correct the highlighted fields.",
  nameRequired: "Enter your name.",
  nameTooLong: "Your name can be at most 100 characters.",
  emailInvalid: "Enter a valid e-mail address.",
  companyRequired: "Enter your company or organization.",
  tooLong: "This field can be at most 200 characters.",
  pickOne: "Choose one of the options.",
  messageTooLong: "The message can be at most 5,000 characters.",
  messageTooShort: "Write a message of at least 10 characters.",
  demoReceived: "Thank you — your demo request has been received. We will reply by e-mail within one business day to arrange a time.",
  contactReceived: "Thank you — your message has been sent. We will reply by e-mail within one business day.",
} as const;

const M = PUBLIC_FORM_MESSAGES;
const name = z.string().trim().min(1, M.nameRequired).max(100, M.nameTooLong);
const email = z.string().trim().max(254, M.emailInvalid).pipe(z.email(M.emailInvalid));
const short = z.string().trim().max(200, M.tooLong);
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values, { error: M.pickOne })], { error: M.pickOne });

export const demoRequestInput = z.object({
  name,
  email,
  company: short.min(1, M.companyRequired),
  role: short.default(""),
  sourcePlatform: optionalChoice(SOURCE_PLATFORMS).default(""),
  targetPlatform: optionalChoice(TARGET_PLATFORMS).default(""),
  siteSize: optionalChoice(SITE_SIZES).default(""),
  message: z.string().trim().max(5000, M.messageTooLong).default(""),
});
export type DemoRequestInput = z.infer<typeof demoRequestInput>;

export const contactMessageInput = z.object({
  name,
  email,
  company: short.default(""),
  topic: z.enum(CONTACT_TOPICS, { error: M.pickOne }),
  message: z.string().trim().min(10, M.messageTooShort).max(5000, M.messageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** The first message of each invalid field, keyed by field name: what forms show beside each input. */
export function formFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The fields of a submitted form as strings (a missing field is ""), for the schemas above. */
export function formValues(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")]));
}

export const DEMO_FIELDS = ["name", "email", "company", "role", "sourcePlatform", "targetPlatform", "siteSize", "message"] as const;
export const CONTACT_FIELDS = ["name", "email", "company", "topic", "message"] as const;

export interface DemoRequestDto {
  id: string;
  name: string;
  email: string;
  company: string;
  role: string;
  sourcePlatform: string;
  targetPlatform: string;
  siteSize: string;
  message: string;
  path: string;
  createdAt: string;
}

export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  company: string;
  topic: string;
  message: string;
  createdAt: string;
}
