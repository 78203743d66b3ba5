import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { CodeStep } from "~/components/auth/code-step";
import { ErrorState } from "~/components/ui/card";
import { LoadingState } from "~/components/ui/spinner";
import { oidcCallback } from "~/lib/oidc.server";
import { storeSession } from "~/lib/session";
import { authenticate } from "~/lib/auth-client";
import { STORAGE_KEYS, readLocal, writeLocal } from "~/lib/storage-keys";

export const meta: MetaFunction = () => [{ title: "Signing in — Migrate" }, { name: "referrer", content: "no-referrer" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => oidcCallback(request, context);

/** The page carries a session's token: never cached, never sent on as a referrer. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
  "Referrer-Policy": "no-referrer",
});

/** Where an OpenID provider sends the browser back: signed in, a code to enter, or why it failed. */
export default function OAuthCallback() {
  const data = useLoaderData<typeof loader>();
  const signedIn = data.ok && !data.result.mfaRequired ? data.result : null;
  const challengeId = data.ok && data.result.mfaRequired ? data.result.challengeId : null;
  // On a remembered device the code is skipped, as at a password sign-in; otherwise it is asked for.
  const [askCode, setAskCode] = useState(false);

  useEffect(() => {
    if (!challengeId) return;
    const deviceToken = readLocal(STORAGE_KEYS.mfaDeviceToken);
    if (!deviceToken) {
      setAskCode(true);
      return;
    }
    authenticate("/v1/auth/mfa/device", { challengeId, deviceToken }).then(
      () => window.location.replace("/app"),
      () => setAskCode(true),
    );
  }, [challengeId]);

  useEffect(() => {
    if (!signedIn) return;
    storeSession(signedIn.token);
    writeLocal(STORAGE_KEYS.isImpersonating, null);
    const org = signedIn.user.lastActiveOrganization ?? signedIn.user.organizations[0];
    if (org) writeLocal(STORAGE_KEYS.activeOrganizationId, org.id);
    window.location.replace("/app");
  }, [signedIn]);

  if (!data.ok) {
    return (
      <AuthLayout title="Sign in">
        <ErrorState message={data.error} />
        <p className="mt-4 text-sm">
          <Link className="font-medium text-brand-600 underline dark:text-brand-300" to="/login">
            Back to sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }
  if (data.result.mfaRequired && askCode) {
    return (
      <AuthLayout title="Enter your code">
        <CodeStep email="your e-mail address" challengeId={data.result.challengeId} onBack={() => window.location.assign("/login")} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in">
      <LoadingState label="Signing you in…" />
    </AuthLayout>
  );
}
