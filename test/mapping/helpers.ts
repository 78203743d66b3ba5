import { call, newOwner } from "../helpers";

/** An owner with a site in their organization. */
export async function ownerWithSite(domain = "www.example.com") {
  const owner = await newOwner("mapper");
  const site = await call("POST", "/sites", { token: owner.token, org: owner.orgId, body: { name: "Mapping site", domain } });
  if (site.status !== 201) throw new Error(`site: ${site.status} ${JSON.stringify(site.json)}`);
  const auth = { token: owner.token, org: owner.orgId };
  return { owner, auth, siteId: site.json.site.id as string };
}
