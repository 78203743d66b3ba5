import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { authenticate } from "~/lib/auth-client";
import { MESSAGES } from "~/lib/messages";
import { STORAGE_KEYS, readLocal } from "~/lib/storage-keys";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Sign in — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect("/app");
  return null;
}

export default function Login() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await authenticate("/v1/auth/login", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        deviceToken: readLocal(STORAGE_KEYS.mfaDeviceToken),
      });
      window.location.assign("/app");
    } catch (err) {
      // A wrong password and too many attempts say what happened; anything else is the spec's text.
      setError(err instanceof ApiRequestError && (err.status === 401 || err.status === 429) ? err.error : MESSAGES.failedLogin);
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Sign in" footer={<>New here? <Link className="font-medium text-brand-600 dark:text-brand-300 underline" to="/signup">Create an account</Link></>}>
      {params.get("expired") === "1" ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {MESSAGES.sessionExpired}
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        {error ? <ErrorState message={error} /> : null}
        <Button type="submit" loading={busy} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
