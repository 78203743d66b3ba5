import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AccountSecurityDto, RememberedDeviceDto, SessionDto } from "../../../workers/contracts/auth";
import { AUTH_MESSAGES } from "../../../workers/contracts/auth";
import { Button } from "~/components/ui/button";
import { Badge, Card, ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { MESSAGES } from "~/lib/messages";
import type { SecurityActionData } from "~/lib/account-security.server";

/** A short name for a device from its user agent: browser and system, as far as they can be told. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrom(e|ium)\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const system = /Windows/.test(userAgent) ? "Windows" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Mac OS/.test(userAgent) ? "macOS" : /Android/.test(userAgent) ? "Android" : /Linux/.test(userAgent) ? "Linux" : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** A time as UTC text: the same on the server and in the browser, so hydration never differs. */
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "never");

function failure(data: SecurityActionData | undefined, intent: string): string | null {
  return data && !data.ok && data.intent === intent ? data.error : null;
}

/** Turning sign-in codes on or off: a code is mailed first and typed here. */
function MfaSetting({ security }: { security: AccountSecurityDto }) {
  const ask = useFetcher<SecurityActionData>();
  const confirm = useFetcher<SecurityActionData>();
  const [pending, setPending] = useState<{ challengeId: string; enabled: boolean } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (ask.data?.ok && ask.data.intent === "mfa-code") setPending({ challengeId: ask.data.challengeId, enabled: ask.data.enabled });
  }, [ask.data]);
  useEffect(() => {
    if (confirm.data?.ok && confirm.data.intent === "mfa-confirm") setPending(null);
  }, [confirm.data]);
  useEffect(() => {
    if (pending) codeInput.current?.focus();
  }, [pending]);

  const askError = failure(ask.data, "mfa-code");
  const confirmError = failure(confirm.data, "mfa-confirm");
  return (
    <div className="space-y-3">
      <p className="text-sm">
        {security.mfaEnabled ? (
          <>
            <Badge tone="green">On</Badge> Sign-in codes are on: signing in asks for a code sent to your e-mail.
          </>
        ) : (
          <>
            <Badge>Off</Badge> Sign-in codes are off: your password alone signs you in.
          </>
        )}
      </p>
      {security.mfaRequiredByRole ? <p className="text-sm text-slate-600 dark:text-slate-400">{AUTH_MESSAGES.mfaRequiredForAdmins}.</p> : null}
      {pending ? (
        <confirm.Form method="post" className="space-y-3" aria-label="Confirm with a code">
          <input type="hidden" name="intent" value="mfa-confirm" />
          <input type="hidden" name="enabled" value={String(pending.enabled)} />
          <input type="hidden" name="challengeId" value={pending.challengeId} />
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            We sent a 6-digit code to your e-mail. Enter it to turn sign-in codes {pending.enabled ? "on" : "off"}.
          </p>
          <TextField ref={codeInput} label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={confirmError} />
          <div className="flex gap-2">
            <Button type="submit" loading={confirm.state !== "idle"}>
              Confirm
            </Button>
            <Button variant="ghost" onClick={() => setPending(null)}>
              Cancel
            </Button>
          </div>
        </confirm.Form>
      ) : security.mfaRequiredByRole ? null : (
        <ask.Form method="post">
          <input type="hidden" name="intent" value="mfa-code" />
          <input type="hidden" name="enabled" value={String(!security.mfaEnabled)} />
          <Button type="submit" variant="secondary" loading={ask.state !== "idle"}>
            {security.mfaEnabled ? "Turn off sign-in codes" : "Turn on sign-in codes"}
          </Button>
        </ask.Form>
      )}
      {askError ? <ErrorState message={askError === AUTH_MESSAGES.failedToSendCode ? MESSAGES.failedToSendCode : askError} /> : null}
    </div>
  );
}

function RevokeButton({ intent, id, label }: { intent: "revoke-device" | "revoke-session"; id: string; label: string }) {
  const fetcher = useFetcher<SecurityActionData>();
  const error = failure(fetcher.data, intent);
  return (
    <fetcher.Form method="post" className="flex shrink-0 items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {error ? <span role="alert" className="text-xs text-red-600 dark:text-red-400">{error}</span> : null}
      <Button type="submit" size="sm" variant="secondary" loading={fetcher.state !== "idle"} aria-label={label}>
        {intent === "revoke-device" ? "Forget" : "Sign out"}
      </Button>
    </fetcher.Form>
  );
}

function DeviceList({ devices }: { devices: RememberedDeviceDto[] }) {
  if (devices.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No remembered devices. Tick “Remember this device” when you enter a code to skip codes on that device for 30 days.</p>;
  return (
    <ul aria-label="Remembered devices" className="divide-y divide-slate-200 dark:divide-slate-800">
      {devices.map((d) => (
        <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
          <div>
            <p className="font-medium">{deviceLabel(d.userAgent)}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Remembered {when(d.createdAt)} · last used {when(d.lastUsedAt)} · until {when(d.expiresAt)}
            </p>
          </div>
          <RevokeButton intent="revoke-device" id={d.id} label={`Forget ${deviceLabel(d.userAgent)} remembered ${when(d.createdAt)}`} />
        </li>
      ))}
    </ul>
  );
}

function SessionList({ sessions }: { sessions: SessionDto[] }) {
  return (
    <ul aria-label="Sessions" className="divide-y divide-slate-200 dark:divide-slate-800">
      {sessions.map((s) => (
        <li key={s.id} className="flex items-center justify-between gap-3 py-2 text-sm">
          <div>
            <p className="font-medium">
              {deviceLabel(s.userAgent)} {s.current ? <Badge tone="blue">This session</Badge> : null}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Signed in {when(s.createdAt)} · last seen {when(s.lastUsedAt)}
            </p>
          </div>
          {s.current ? null : <RevokeButton intent="revoke-session" id={s.id} label={`Sign out ${deviceLabel(s.userAgent)} signed in ${when(s.createdAt)}`} />}
        </li>
      ))}
    </ul>
  );
}

function PasswordChange() {
  const fetcher = useFetcher<SecurityActionData>();
  const form = useRef<HTMLFormElement>(null);
  const done = fetcher.data?.ok && fetcher.data.intent === "change-password";
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  const data = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3" aria-label="Change password">
      <input type="hidden" name="intent" value="change-password" />
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={data?.field === "currentPassword" ? data.error : null} />
      <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" minLength={8} required hint="At least 8 characters." error={data?.field === "newPassword" ? data.error : null} />
      {data && !data.field ? <ErrorState message={data.error} /> : null}
      {done ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {AUTH_MESSAGES.passwordChanged}
        </p>
      ) : null}
      <Button type="submit" loading={fetcher.state !== "idle"}>
        Change password
      </Button>
    </fetcher.Form>
  );
}

/** The profile's security: sign-in codes, remembered devices, sessions and the password. */
export function AccountSecurity({ security }: { security: AccountSecurityDto }) {
  return (
    <Card className="lg:col-span-2">
      <section aria-labelledby="sign-in-security" className="space-y-6">
        <h2 id="sign-in-security" className="font-semibold">
          Sign-in security
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <div>
              <h3 className="mb-2 text-sm font-semibold">Codes by e-mail</h3>
              <MfaSetting security={security} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold">Remembered devices</h3>
              <DeviceList devices={security.devices} />
            </div>
          </div>
          <div className="space-y-6">
            <div>
              <h3 className="mb-2 text-sm font-semibold">Sessions</h3>
              <SessionList sessions={security.sessions} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold">Password</h3>
              <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">Changing it signs you out everywhere else.</p>
              <PasswordChange />
            </div>
          </div>
        </div>
      </section>
    </Card>
  );
}
