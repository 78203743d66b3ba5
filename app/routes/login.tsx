import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { CheckboxField, TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { authenticate, postAuth } from "~/lib/auth-client";
import { MESSAGES } from "~/lib/messages";
import { STORAGE_KEYS, readLocal } from "~/lib/storage-keys";
import { optionalUser } from "~/lib/session.server";
import { AUTH_MESSAGES } from "../../workers/contracts/auth";

export const meta: MetaFunction = () => [{ title: "Sign in — Migrate" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect("/app");
  return null;
}

/** A 429 says how long to wait; any other failure is the spec's text for the step. */
function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status === 429 ? err.error : fallback;
}

/** The second step of a sign-in: the code mailed to the account. */
function CodeStep({ email, challengeId, onBack }: { email: string; challengeId: string; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>(AUTH_MESSAGES.codeSent(email));
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [remember, setRemember] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => codeInput.current?.focus(), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    setBusy(true);
    setError(null);
    try {
      await authenticate("/v1/auth/mfa/verify", { challengeId, method: "email", code, rememberDevice: remember });
      window.location.assign("/app");
    } catch (err) {
      setError(failureText(err, MESSAGES.verificationFailed));
      setBusy(false);
    }
  }

  async function resend() {
    setSending(true);
    setError(null);
    try {
      await postAuth("/v1/auth/mfa/challenge", { challengeId });
      setNotice(AUTH_MESSAGES.codeSent(email));
    } catch (err) {
      setError(failureText(err, MESSAGES.failedToSendCode));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Verification code">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {notice}
      </p>
      <TextField ref={codeInput} label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} required />
      <CheckboxField label="Remember this device for 30 days" name="rememberDevice" checked={remember} onChange={setRemember} />
      {error ? <ErrorState message={error} /> : null}
      <Button type="submit" loading={busy} className="w-full">
        Verify
      </Button>
      <div className="flex justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          Back
        </Button>
        <Button variant="secondary" size="sm" loading={sending} onClick={resend}>
          Send a new code
        </Button>
      </div>
    </form>
  );
}

export default function Login() {
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
    params.get("expired") === "1" ? MESSAGES.sessionExpired : params.get("reset") === "1" ? AUTH_MESSAGES.resetDone : null;

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
