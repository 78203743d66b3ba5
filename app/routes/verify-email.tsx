import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { INVITATION_TEXT } from "~/components/invitations/texts";
import { verifyEmailLink } from "~/lib/mail.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "E-mail verification — Migrate" }];

/**
 * The link of the verification mail. Opening it is the proof that the address is the user's, so the
 * token is used here, once. Reopening a used link tells a signed-in, verified user that they are.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const verified = await verifyEmailLink(context, new URL(request.url).searchParams.get("token"));
  const current = await optionalUser(request, context);
  const status = verified ? "verified" : current?.user.emailVerified ? "already" : "invalid";
  return json({ status, signedIn: current !== null });
}

export default function VerifyEmail() {
  const { status, signedIn } = useLoaderData<typeof loader>();
  const verified = status !== "invalid";
  const link = "font-medium text-brand-600 underline dark:text-brand-300";
  return (
    <AuthLayout title={INVITATION_TEXT.verifyTitle}>
      <p role="status" className={`rounded-md p-3 text-sm ${verified ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}>
        {status === "verified" ? INVITATION_TEXT.verified : status === "already" ? INVITATION_TEXT.alreadyVerified : INVITATION_TEXT.invalidLink}
      </p>
      <p className="mt-4 text-sm">
        {signedIn ? (
          <Link className={link} to="/invitations">{verified ? INVITATION_TEXT.view : INVITATION_TEXT.resend}</Link>
        ) : (
          <Link className={link} to="/login">Sign in</Link>
        )}
      </p>
    </AuthLayout>
  );
}
