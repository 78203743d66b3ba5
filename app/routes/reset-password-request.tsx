import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { resetRequestAction, type ResetActionData } from "~/lib/password-reset.server";

export const meta: MetaFunction = () => [{ title: "Reset your password — Migrate" }];

export async function action({ request, context }: ActionFunctionArgs) {
  return resetRequestAction(request, context);
}

/** Asks for a reset link by e-mail; the answer never says whether the address has an account. */
export default function ResetPasswordRequest() {
  const result = useActionData<ResetActionData>();
  const busy = useNavigation().state !== "idle";
  const link = "font-medium text-brand-600 underline dark:text-brand-300";
  return (
    <AuthLayout title="Reset your password" footer={<Link className={link} to="/login">Back to sign in</Link>}>
      {result?.ok ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          {result.message}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <p className="text-sm text-slate-600 dark:text-slate-300">Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
          <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={result && !result.ok && result.field === "email" ? result.error : null} />
          {result && !result.ok && !result.field ? <ErrorState message={result.error} /> : null}
          <Button type="submit" loading={busy} className="w-full">
            Send reset link
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
