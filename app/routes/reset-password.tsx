import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { resetPasswordAction, type ResetActionData } from "~/lib/password-reset.server";
import { AUTH_MESSAGES } from "../../workers/contracts/auth";

export const meta: MetaFunction = () => [{ title: "Choose a new password — Migrate" }, { name: "referrer", content: "no-referrer" }];

/** The link of the reset mail: its token goes into the form, and is only used when the form is sent. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ token: new URL(request.url).searchParams.get("token") ?? "" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return resetPasswordAction(request, context);
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<ResetActionData>();
  const busy = useNavigation().state !== "idle";
  const link = "font-medium text-brand-600 underline dark:text-brand-300";
  const failed = result && !result.ok ? result : null;
  return (
    <AuthLayout title="Choose a new password" footer={<Link className={link} to="/reset-password-request">Send a new link</Link>}>
      {token ? (
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="token" value={token} />
          <TextField label="New password" name="password" type="password" autoComplete="new-password" minLength={8} required hint="At least 8 characters. Every session of your account is signed out." error={failed?.field === "password" ? failed.error : null} />
          {failed && !failed.field ? <ErrorState message={failed.error} /> : null}
          <Button type="submit" loading={busy} className="w-full">
            Set new password
          </Button>
        </Form>
      ) : (
        <ErrorState message={AUTH_MESSAGES.resetInvalidLink} />
      )}
    </AuthLayout>
  );
}
