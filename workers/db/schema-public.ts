import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** A visitor's request for a demo, from /request-demo or /book-demo (one page). Read by global admins. */
export const demoRequests = sqliteTable(
  "demo_requests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    role: text("role").notNull().default(""),
    sourcePlatform: text("source_platform").notNull().default(""),
    targetPlatform: text("target_platform").notNull().default(""),
    siteSize: text("site_size").notNull().default(""),
    message: text("message").notNull().default(""),
    /** The address the form was sent from: /request-demo or /book-demo. */
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("demo_requests_created_idx").on(t.createdAt)],
);

/** A message from the /contact form (or the support widget, which opens it). Read by global admins. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export type DemoRequest = typeof demoRequests.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
