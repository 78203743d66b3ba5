import { CONTACT_FIELDS, CONTACT_TOPICS, DEMO_FIELDS, SITE_SIZES, SOURCE_PLATFORMS, TARGET_PLATFORMS, contactMessageInput, demoRequestInput } from "../../../workers/contracts/public-forms";
import { SelectField, TextField } from "~/components/ui/field";
import { TextAreaField } from "~/components/ui/text-area";
import type { PublicFormResult } from "~/lib/public-forms.server";
import { PublicForm } from "./public-form";

const choices = (values: readonly string[], placeholder: string) => [{ value: "", label: placeholder }, ...values.map((v) => ({ value: v, label: v }))];

/** The demo request form of /request-demo and /book-demo. */
export function DemoRequestForm({ action, initialResult }: { action: "/request-demo" | "/book-demo"; initialResult?: PublicFormResult | null }) {
  return (
    <PublicForm action={action} schema={demoRequestInput} fields={DEMO_FIELDS} submitLabel="Request a demo" initialResult={initialResult} label="Demo request">
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name *" name="name" autoComplete="name" required maxLength={100} error={errors.name} />
            <TextField label="Work e-mail *" name="email" type="email" autoComplete="email" required error={errors.email} />
            <TextField label="Company *" name="company" autoComplete="organization" required maxLength={200} error={errors.company} />
            <TextField label="Role" name="role" autoComplete="organization-title" maxLength={200} error={errors.role} />
            <SelectField label="Current CMS" name="sourcePlatform" options={choices(SOURCE_PLATFORMS, "Choose…")} error={errors.sourcePlatform} />
            <SelectField label="Target CMS" name="targetPlatform" options={choices(TARGET_PLATFORMS, "Choose…")} error={errors.targetPlatform} />
          </div>
          <SelectField label="Size of the site" name="siteSize" options={choices(SITE_SIZES, "Choose…")} error={errors.siteSize} />
          <TextAreaField label="What would you like to see?" name="message" rows={4} maxLength={5000} error={errors.message} />
        </>
      )}
    </PublicForm>
  );
}

/** The contact form of /contact, also shown by the support widget. */
export function ContactForm({ initialResult, compact = false }: { initialResult?: PublicFormResult | null; compact?: boolean }) {
  return (
    <PublicForm action="/contact" schema={contactMessageInput} fields={CONTACT_FIELDS} submitLabel="Send message" initialResult={initialResult} label="Contact">
      {(errors) => (
        <>
          <div className={compact ? "space-y-4" : "grid gap-4 sm:grid-cols-2"}>
            <TextField label="Name *" name="name" autoComplete="name" required maxLength={100} error={errors.name} />
            <TextField label="E-mail *" name="email" type="email" autoComplete="email" required error={errors.email} />
            {!compact ? <TextField label="Company" name="company" autoComplete="organization" maxLength={200} error={errors.company} /> : null}
            <SelectField label="Topic *" name="topic" options={choices(CONTACT_TOPICS, "Choose a topic…")} error={errors.topic} />
          </div>
          <TextAreaField label="Message *" name="message" rows={compact ? 3 : 5} required maxLength={5000} error={errors.message} />
        </>
      )}
    </PublicForm>
  );
}
