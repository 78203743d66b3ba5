import type { HelpSection } from "./types";

export const GETTING_STARTED: HelpSection = {
  slug: "getting-started",
  title: "Getting started",
  description: "How a migration works, and how organizations and projects are set up.",
  audience: "public",
  topics: [
    {
      slug: "how-it-works",
      title: "How a migration works",
      summary: "From a legacy website to pages in your target CMS, in five steps.",
      body: `Migrate moves the content of an existing website into a target content-management system. Magnolia is the main target; AEM, WordPress, Contentful, Storyblok and Sanity are supported as well.

1. **Create a project** for the website you are moving and choose the target platform.
2. **Connect the platform** under *Settings → Platform connection*. The connection pill in the top bar tells you whether the target answers.
3. **Choose the pages**: a sitemap, or a curated list of URLs, under *Settings → Migration sources*.
4. **Run the migration.** Every page is rendered in a real browser, captured as a snapshot with a screenshot, and its content is mapped onto your components with a confidence score.
5. **Review the mapping.** Approve, tweak or override each mapping; mappings above your minimum confidence are applied automatically. Everything you decide is kept in the audit trail, and later runs learn from it.

Assets, links and metadata travel with the pages.`,
    },
    {
      slug: "projects",
      title: "Organizations and projects",
      summary: "Projects belong to an organization; everyone in it can work on them.",
      body: `A **project** is one website to migrate: its name, its domain and the configuration of its target platform. Projects belong to an **organization**, usually your company or agency, and every member of that organization can open them.

- The first time you sign in you are asked to create an organization. You can belong to several.
- **Projects** (in the sidebar, or at \`/start\`) lists the projects of all your organizations. Type in the filter to narrow the list by project or organization name.
- **Create new project** opens a two-step wizard: the project's name and domain, then the target platform and its connection details.

## Switching projects

The project selector at the top of the sidebar shows the current project. Open it to pick another; with more than five projects it has a search box. Choosing a project opens its snapshots, and the app remembers your choice the next time you sign in.`,
    },
  ],
};

export const PLATFORMS_SECTION: HelpSection = {
  slug: "platforms",
  title: "Target platforms",
  description: "The platforms Migrate writes into, and how to connect each of them.",
  audience: "public",
  topics: [
    {
      slug: "supported-platforms",
      title: "Supported platforms",
      summary: "What each target needs, and what the app calls its building blocks.",
      body: `The app uses each platform's own words: the sidebar shows **Components** or **Blocks**, and **Templates** is hidden for platforms that model entries by content type only.

| Platform | Connection needs | Components are called | Templates |
|---|---|---|---|
| Magnolia | Author URL | components | templates |
| AEM | Author URL | content types | templates |
| WordPress | REST URL | blocks | templates |
| Contentful | Space ID, environment ID, management token | content types | content types only |
| Storyblok | Space ID, management token | blocks | components |
| Sanity | Project ID, dataset, token | content types | content types only |

Drupal, Sitecore, Umbraco, Strapi, Kentico, Contentstack and Joomla need no connection settings: the migration produces an export for them instead of writing through an API.`,
    },
    {
      slug: "connecting",
      title: "Connecting a platform",
      summary: "Fill in the connection settings and check the connection pill.",
      body: `Open **Settings → Platform connection**, choose the platform and fill in its fields. Passwords and tokens are encrypted when you save them and are never shown again: the field shows a mask, and leaving the mask in place keeps the stored secret.

As soon as the required fields are filled in, the app tests the connection once and shows the result in the **connection pill** in the top bar:

- **Testing…** while the test runs,
- **Connected** when the platform answered,
- **Unable to connect** for a few seconds after a failed test, then **Not connected**.

Click the pill to test again, for example after fixing a password. The result is remembered for the rest of your browser session.

### Magnolia

Use the author instance's URL, for example \`https://author.example.com/magnoliaAuthor\`. The **site root path** must be an absolute path such as \`/my-site\`; pages are created below it.

### Storyblok

The **region** is \`us\` or \`eu\`, matching where your space is hosted.`,
    },
    {
      slug: "assets",
      title: "Images and other assets",
      summary: "Choose how images found on migrated pages are handled.",
      body: `Platforms with an asset store have an **Asset processing** setting:

- **dam** (the default) uploads every image to the platform's asset store and links the migrated pages to the uploaded copy.
- **zip** bundles the images into a ZIP file you can download and import yourself.
- **none** leaves images where they are; pages keep linking to the original URLs.

Contentful and Storyblok have **Upload assets** and publish switches instead: uploaded assets and created entries can be published right away or left as drafts for review.`,
    },
  ],
};

export const TEAMS_SECTION: HelpSection = {
  slug: "organizations",
  title: "Organizations and roles",
  description: "Invite your team, and what owners, admins and members may do.",
  audience: "public",
  topics: [
    {
      slug: "roles",
      title: "Roles",
      summary: "Owner, admin and member.",
      body: `Everyone in an organization has one role:

- **Owner** — everything an admin may do, plus granting the owner role and deleting the organization. An organization always keeps at least one owner.
- **Admin** — creates and configures projects (settings, target platform connection and credentials, components and templates, AI mapping settings), starts, cancels and rolls back migrations, deletes projects; invites people, changes roles and removes members (but not owners).
- **Member** — sees the organization's projects, migrations, logs and snapshots, and reviews mappings: approves, tweaks, overrides or rejects them.

Controls your role does not allow are shown disabled, with the reason, or left out.

Any member may leave an organization, except its last owner.`,
    },
    {
      slug: "members",
      title: "Inviting and managing members",
      summary: "Invite by e-mail, change roles, remove people.",
      body: `Open **Account → Manage organization and members**.

- **Invite a member** with their e-mail address and a role (Member unless you choose otherwise). Someone who already has an account joins at once; anyone else sees the organization as soon as they sign up with that address. Until then the invitation is listed under *Pending invitations*, where it can be withdrawn or given another role.
- **Change a role** with the role menu next to a member.
- **Remove** takes a member out of the organization immediately.

If you belong to several organizations, choose the one to manage with *Active organization*. Leaving or deleting an organization is at the bottom of the page; deleting removes its projects and all their migration data.`,
    },
  ],
};
