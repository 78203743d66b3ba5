import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/public/legal-page";
import { publicPageHeaders } from "~/lib/public-headers";
import { publicPage } from "~/lib/public-site.server";
import { optionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Terms of Service — Migrate" }];

export const headers = publicPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return publicPage((await optionalUser(request, context)) !== null, {});
}

export default function Terms() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <LegalPage signedIn={signedIn} title="Terms of Service" updated="22 November 2026">
      <p>By using Migrate you agree to these terms.</p>
      <h2>Your content</h2>
      <p>You may migrate only websites you own or are authorised to copy. You keep all rights to your content; we process it only to run the migrations you start.</p>
      <h2>Target platforms</h2>
      <p>Migrate writes into the target platforms you connect, with the credentials you provide. Review mappings below your minimum confidence before they are applied; rollback removes or restores what a run wrote.</p>
      <h2>Accounts</h2>
      <p>Keep your password safe. Organization owners and admins decide who may work on their projects.</p>
      <h2>Availability</h2>
      <p>We aim for the service to be available at all times but do not guarantee it. Migration runs that are interrupted resume where they stopped.</p>
    </LegalPage>
  );
}
