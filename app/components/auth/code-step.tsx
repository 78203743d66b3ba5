import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { CheckboxField, TextField } from "~/components/ui/field";
import { ApiRequestError } from "~/lib/api-client";
import { authenticate, postAuth } from "~/lib/auth-client";
import { MESSAGES } from "~/lib/messages";
import { AUTH_MESSAGES } from "../../../workers/contracts/auth";

/** A 429 says how long to wait; any other failure is the spec's text for the step. */
function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status === 429 ? err.error : fallback;
}

/** The second step of a sign-in: the code mailed to the account. */
export function CodeStep({ email, challengeId, onBack }: { email: string; challengeId: string; onBack: () => void }) {
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

