import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { CodeStep } from "~/components/auth/code-step";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { authenticate } from "~/lib/auth-client";
import { MESSAGES } from "~/lib/messages";
import { STORAGE_KEYS, readLocal } from "~/lib/storage-keys";
import { oidcProviderChoices } from "~/lib/oidc.server";
import { optionalUser } from "~/lib/session.server";
import { AUTH_MESSAGES } from "../../workers/contracts/auth";

export const meta: MetaFunction = () => [{ title: "Sign in — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect("/app");
  return json({ providers: oidcProviderChoices(context) });
}

export default function Login() {
  const { providers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ email: string; challengeId: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "");
    setBusy(true);
    setError(null);
    try {
      const res = await authenticate("/v1/auth/login", {
        email,
        password: String(form.get("password") ?? ""),
        deviceToken: readLocal(STORAGE_KEYS.mfaDeviceToken),
      });
      if (res.mfaRequired) {
        setChallenge({ email: email.trim().toLowerCase(), challengeId: res.challengeId });
        setBusy(false);
        return;
      }
      window.location.assign("/app");
    } catch (err) {
      // A wrong password and too many attempts say what happened; anything else is the spec's text.
      setError(err instanceof ApiRequestError && (err.status === 401 || err.status === 429) ? err.error : MESSAGES.failedLogin);
      setBusy(false);
    }
  }

  const notice =
    params.get("expired") === "1"
      ? MESSAGES.sessionExpired
      : params.get("reset") === "1"
        ? AUTH_MESSAGES.resetDone
        : params.get("oauth") === "unknown"
          ? AUTH_MESSAGES.oauthUnknownProvider
          : null;

  return (
    <AuthLayout
      title={challenge ? "Enter your code" : "Sign in"}
      footer={
        <>
          New here? <Link className="font-medium text-brand-600 dark:text-brand-300 underline" to="/signup">Create an account</Link>
        </>
      }
    >
      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {notice}
        </p>
      ) : null}
      {challenge ? (
        <CodeStep email={challenge.email} challengeId={challenge.challengeId} onBack={() => setChallenge(null)} />
      ) : (
        <>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <TextField label="E-mail" name="email" type="email" autoComplete="email" required />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
            {error ? <ErrorState message={error} /> : null}
            <Button type="submit" loading={busy} className="w-full">
              Sign in
            </Button>
          </form>
          {providers.length > 0 ? (
            <div className="mt-6 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
              {providers.map((p) => (
                <a
                  key={p.id}
                  href={`/oauth/start/${p.id}`}
                  className="flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  Sign in with {p.name}
                </a>
              ))}
            </div>
          ) : null}
          <p className="mt-4 text-center text-sm">
            <Link className="font-medium text-brand-600 underline dark:text-brand-300" to="/reset-password-request">
              Forgot your password?
            </Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
