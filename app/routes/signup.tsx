import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { authenticate, fieldErrors } from "~/lib/auth-client";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Create an account — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await optionalUser(request, context)) throw redirect("/app");
  return null;
}

export default function Signup() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await authenticate("/v1/auth/signup", {
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      window.location.assign("/start");
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setError(err instanceof ApiRequestError ? err.error : "Could not create the account");
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Create an account" footer={<>Already have an account? <Link className="font-medium text-brand-600 dark:text-brand-300 underline" to="/login">Sign in</Link></>}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" required error={errors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" required error={errors.lastName} />
        </div>
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters" error={errors.password} />
        {error ? <ErrorState message={error} /> : null}
        <Button type="submit" loading={busy} className="w-full">
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
