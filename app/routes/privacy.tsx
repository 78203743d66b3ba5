import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/public/legal-page";
import { publicPageHeaders } from "~/lib/public-headers";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Privacy Policy — Migrate" }];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

export default function Privacy() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <LegalPage signedIn={signedIn} title="Privacy Policy" updated="22 November 2026">
      <p>This policy explains what Migrate stores about you and the websites you migrate, and why.</p>
      <h2>Account data</h2>
      <p>Your name, e-mail address, a salted hash of your password, your theme preference and the organizations you belong to. Sessions are kept as hashes of their tokens and expire after 30 days.</p>
      <h2>Project data</h2>
      <p>The pages a migration run captures from your website (screenshots and extracted content), the mappings proposed and the decisions your team makes. Platform passwords and tokens are encrypted at rest and never shown again after you save them.</p>
      <h2>Audit trail</h2>
      <p>Every change is recorded with who made it and when, including changes made by an administrator acting on your behalf.</p>
      <h2>Cookies</h2>
      <p>A session cookie keeps you signed in. Analytics events are recorded only after you accept cookies in the cookie banner; declining keeps them off.</p>
      <h2>Your choices</h2>
      <p>You can leave an organization at any time, and an organization owner can delete the organization with all of its projects.</p>
    </LegalPage>
  );
}
