import { desc } from "drizzle-orm";
import type { ContactMessageDto, ContactMessageInput, DemoRequestDto, DemoRequestInput } from "../contracts/public-forms";
import type { Db } from "../db/client";
import { contactMessages, demoRequests, type ContactMessage, type DemoRequest } from "../db/schema-public";
import { newId } from "../lib/ids";
import type { RequestLimits } from "./rate-limits";

/** How many of the newest demo requests and contact messages the administration lists. */
export const PUBLIC_FORMS_LIST_LIMIT = 100;

/**
 * What a submission became: `stored`, or `discarded` when the honeypot was filled. A discarded
 * submission answers like a stored one, so a bot learns nothing from the reply.
 */
export type SubmissionOutcome = "stored" | "discarded";

/**
 * Stores a validated demo request. Every submission counts against the sender's address, honeypot
 * catches included, and a full window throws 429 before anything is stored.
 */
export async function submitDemoRequest(
  db: Db,
  limits: RequestLimits,
  input: DemoRequestInput,
  meta: { path: "/request-demo" | "/book-demo"; honeypot: string },
): Promise<SubmissionOutcome> {
  await limits.hit("demoRequestAddress", limits.address);
  if (meta.honeypot.trim() !== "") return "discarded";
  await db.insert(demoRequests).values({ id: newId(), ...input, email: input.email.toLowerCase(), path: meta.path });
  return "stored";
}

/** Stores a validated contact message, under the same rules as a demo request. */
export async function submitContactMessage(db: Db, limits: RequestLimits, input: ContactMessageInput, meta: { honeypot: string }): Promise<SubmissionOutcome> {
  await limits.hit("contactMessageAddress", limits.address);
  if (meta.honeypot.trim() !== "") return "discarded";
  await db.insert(contactMessages).values({ id: newId(), ...input, email: input.email.toLowerCase() });
  return "stored";
}

const demoDto = (r: DemoRequest): DemoRequestDto => ({ ...r, createdAt: r.createdAt.toISOString() });
const contactDto = (r: ContactMessage): ContactMessageDto => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The newest demo requests and contact messages, for global administrators only (the caller checks). */
export async function listPublicSubmissions(db: Db): Promise<{ demoRequests: DemoRequestDto[]; contactMessages: ContactMessageDto[] }> {
  const [demos, contacts] = await Promise.all([
    db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt)).limit(PUBLIC_FORMS_LIST_LIMIT),
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(PUBLIC_FORMS_LIST_LIMIT),
  ]);
  return { demoRequests: demos.map(demoDto), contactMessages: contacts.map(contactDto) };
}
