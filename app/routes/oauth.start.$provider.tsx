import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { oidcStart } from "~/lib/oidc.server";

/** Starts a sign-in at an OpenID provider configured for this deployment; an unknown one goes back to /login. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => oidcStart(request, context, params.provider);
