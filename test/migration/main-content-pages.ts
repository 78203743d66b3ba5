// Pages for the main-content tests, modelled on what WordPress, Drupal and news CMSs emit. Each page
// lists the text that is its article (`content`) and the boilerplate around it (`boilerplate`). Also the
// tests' way to read a page's main content, and a short story to put lines into.
import { parseHTML } from "linkedom";
import { extractMainContent, type MainContent } from "../../workers/crawl/main-content";

export const url = "https://www.example.org/2024/03/article/";

/** The main content of `html`, read as the crawler reads it. */
export function mainOf(html: string): MainContent {
  const { document } = parseHTML(html) as unknown as { document: Document };
  return extractMainContent(document, html, url);
}

/** A paragraph of prose for the story below, numbered. */
export const storyParagraph = (n: number) =>
  `<p>Paragraph ${n} of the story tells what the council decided on Tuesday about the old bridge over the river, and why the repair will take two full years.</p>`;

/** The main content of a three-paragraph story under its headline, with `middle` after its first paragraph and `end` after its last. */
export const storyWith = (middle: string, end = "") =>
  mainOf(`<html><head><title>Bridge</title><meta property="og:type" content="article"></head><body><main><article><h1>Bridge closes</h1>
    ${storyParagraph(1)}${middle}${storyParagraph(2)}${storyParagraph(3)}${end}</article></main></body></html>`);

export interface TestPage {
  html: string;
  content: string[];
  boilerplate: string[];
}

const head = (title: string, extra = "") =>
  `<head><meta charset="utf-8"><title>${title}</title>${extra}<link rel="stylesheet" href="/style.css"><script>window.dataLayer=[];</script></head>`;

/** A WordPress post (twentytwenty-like markup, Jetpack sharing and related posts, comments). */
export const wordpressPost: TestPage = {
  html: `<!DOCTYPE html><html lang="en">${head("Restoring a dry stone wall – Field Notes", '<meta property="og:type" content="article"><meta property="article:published_time" content="2024-03-02T08:00:00+00:00">')}
<body class="post-template-default single single-post postid-812 has-sidebar">
<div id="cookie-notice" class="cn-bottom" role="dialog" aria-label="Cookie Notice"><div class="cookie-notice-container"><span id="cn-notice-text">We use cookies to give you the best experience on our website. If you continue to use this site we will assume that you are happy with it.</span><a href="#" class="cn-button">Ok</a><a href="/privacy" class="cn-more">Privacy policy</a></div></div>
<header id="site-header" class="header-footer-group"><div class="header-inner"><div class="site-title"><a href="/">Field Notes</a></div>
<nav class="primary-menu-wrapper" aria-label="Horizontal"><ul class="primary-menu"><li><a href="/walls/">Walls</a></li><li><a href="/hedges/">Hedges</a></li><li><a href="/about/">About</a></li></ul></nav></div></header>
<main id="site-content" role="main">
<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> » <a href="/walls/">Walls</a> » Restoring a dry stone wall</nav>
<article class="post-812 post type-post status-publish format-standard has-post-thumbnail hentry category-walls tag-cookies tag-sharing" id="post-812">
<header class="entry-header has-text-align-center"><div class="entry-header-inner section-inner medium">
<div class="entry-categories"><span class="screen-reader-text">Categories</span><div class="entry-categories-inner"><a href="/walls/" rel="category tag">Walls</a></div></div>
<h1 class="entry-title">Restoring a dry stone wall</h1>
<div class="post-meta-wrapper post-meta-single post-meta-single-top"><ul class="post-meta"><li class="post-author meta-wrapper"><span class="meta-text">By <a href="/author/mara/">Mara Quillfeather</a></span></li><li class="post-date meta-wrapper"><span class="meta-text"><a href="/walls/dry-stone/">March 2, 2024</a></span></li></ul></div>
</div></header>
<figure class="featured-media"><img src="/uploads/wall-before.jpg" alt="The collapsed section before work began" width="1200" height="800"><figcaption class="wp-caption-text">The collapsed section of the boundary wall before the restoration began.</figcaption></figure>
<div class="post-inner thin"><div class="entry-content">
<p>Our boundary wall had stood for two centuries before a wet winter brought eleven metres of it down into the lane. Rebuilding it took three weekends, a borrowed wheelbarrow and a great deal of patience.</p>
<h2 class="wp-block-heading">Taking the wall apart</h2>
<p>Every stone came off in order and was laid out on the verge by size, so that the hearting could be sorted from the face stones before a single one went back.</p>
<ul class="wp-block-list"><li>Through stones, which tie both faces together</li><li>Face stones, laid with their length into the wall</li><li>Hearting, the small packing that fills the core</li></ul>
<h3 class="wp-block-heading">What the batter frame does</h3>
<p>A batter frame at each end holds a string line, so that the faces lean inwards by the same slope along the whole length of the rebuilt section.</p>
<figure class="wp-block-table"><table><thead><tr><th>Course</th><th>Width at base</th></tr></thead><tbody><tr><td>Footing</td><td>Ninety centimetres</td></tr><tr><td>Top course</td><td>Forty five centimetres</td></tr></tbody></table><figcaption class="wp-element-caption">Widths we measured on the surviving stretch of wall.</figcaption></figure>
<blockquote class="wp-block-quote"><p>One stone over two, two stones over one, and never a running joint.</p><cite>Old waller's rule</cite></blockquote>
<figure class="wp-block-image size-large"><img src="/uploads/wall-after.jpg" alt="The finished wall" width="1024" height="683"><figcaption class="wp-element-caption">The rebuilt section after the copestones went on.</figcaption></figure>
<pre class="wp-block-code"><code>stones_per_metre = face_area / average_stone_face</code></pre>
<p>By the third weekend the copestones were on, and the new section has already weathered its first storm without losing a single stone.</p>
<div class="sharedaddy sd-sharing-enabled"><div class="robots-nocontent sd-block sd-social sd-social-icon-text sd-sharing"><h3 class="sd-title">Share this:</h3><div class="sd-content"><ul><li class="share-facebook"><a class="share-facebook sd-button" href="/walls/dry-stone/?share=facebook" title="Click to share on Facebook"><span>Facebook</span></a></li><li class="share-x"><a class="share-x sd-button" href="/walls/dry-stone/?share=x"><span>X</span></a></li><li class="share-email"><a class="share-email sd-button" href="mailto:?subject=wall"><span>Email</span></a></li><li class="share-print"><a class="share-print sd-button" href="#print"><span>Print</span></a></li></ul></div></div></div>
<div id="jp-relatedposts" class="jp-relatedposts"><h3 class="jp-relatedposts-headline"><em>Related</em></h3>
<div class="jp-relatedposts-items"><div class="jp-relatedposts-post"><h4 class="jp-relatedposts-post-title"><a href="/hedges/laying/">Laying a hawthorn hedge in the Midland style</a></h4><p class="jp-relatedposts-post-excerpt">Pleaching the stems at the right angle matters more than any tool.</p></div>
<div class="jp-relatedposts-post"><h4 class="jp-relatedposts-post-title"><a href="/walls/gateposts/">Setting granite gateposts without a crane</a></h4><p class="jp-relatedposts-post-excerpt">Levers, rollers and a very slow afternoon.</p></div></div></div>
</div></div>
<div class="post-inner"><div class="author-bio"><div class="author-title-wrapper"><h2 class="author-title heading-size-4">About the author</h2></div><div class="author-description"><p>Mara Quillfeather restores field boundaries across the northern dales and teaches weekend walling courses every spring.</p><a class="author-link" href="/author/mara/">View Archive</a></div></div></div>
<div class="section-inner"><div class="post-meta-wrapper post-meta-single post-meta-single-bottom"><ul class="post-meta"><li class="post-tags meta-wrapper"><span class="meta-text"><a href="/tag/stone/" rel="tag">stone</a>, <a href="/tag/heritage/" rel="tag">heritage</a>, <a href="/tag/diy/" rel="tag">diy</a></span></li></ul></div></div>
<div class="mc4wp-form-wrapper"><p class="newsletter-pitch">Get the next field note in your inbox every month, free of charge and free of adverts.</p><form class="mc4wp-form" method="post"><input type="email" name="EMAIL" placeholder="Your email"><button type="submit">Subscribe</button></form></div>
<nav class="pagination-single section-inner" aria-label="Post"><a class="previous-post" href="/walls/coping/"><span class="title">Choosing copestones for a field wall</span></a><a class="next-post" href="/hedges/laying/"><span class="title">Laying a hawthorn hedge in the Midland style</span></a></nav>
<div class="comments-wrapper section-inner"><div class="comments" id="comments"><div class="comments-header"><h2 class="comment-reply-title">3 replies on “Restoring a dry stone wall”</h2></div>
<div id="comment-41" class="comment even thread-even depth-1"><article class="comment-body"><footer class="comment-meta"><span class="fn">Bertram Ashdown</span> <time datetime="2024-03-03">March 3, 2024</time></footer><div class="comment-content"><p>We had exactly the same collapse on our farm track after the floods, and your notes about sorting the hearting first would have saved us a whole weekend of lifting the same stones twice over.</p></div></article></div>
<div id="comment-42" class="comment odd depth-1"><article class="comment-body"><div class="comment-content"><p>Did you use any lime mortar in the copestones or is the whole thing dry laid from the footing upwards? Our council insists on mortar for roadside walls.</p></div></article></div></div>
<div id="respond" class="comment-respond"><h2 id="reply-title" class="comment-reply-title">Leave a Reply</h2><form action="/wp-comments-post.php" method="post" id="commentform"><p class="comment-notes">Your email address will not be published.</p><textarea name="comment"></textarea></form></div></div>
</article></main>
<aside id="secondary" class="widget-area"><section class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul><li><a href="/walls/coping/">Choosing copestones for a field wall</a></li><li><a href="/hedges/laying/">Laying a hawthorn hedge</a></li></ul></section></aside>
<footer id="site-footer" class="header-footer-group"><p class="footer-copyright">© 2024 Field Notes. All rights reserved.</p></footer>
</body></html>`,
  content: [
    "a wet winter brought eleven metres of it down into the lane",
    "Taking the wall apart",
    "so that the hearting could be sorted from the face stones",
    "Through stones, which tie both faces together",
    "Hearting, the small packing that fills the core",
    "What the batter frame does",
    "lean inwards by the same slope",
    "Ninety centimetres",
    "Forty five centimetres",
    "Widths we measured on the surviving stretch of wall.",
    "One stone over two, two stones over one",
    "The rebuilt section after the copestones went on.",
    "stones_per_metre = face_area / average_stone_face",
    "has already weathered its first storm",
  ],
  boilerplate: [
    "We use cookies",
    "Share this",
    "Click to share",
    "Laying a hawthorn hedge",
    "Setting granite gateposts",
    "About the author",
    "teaches weekend walling courses",
    "heritage",
    "Get the next field note",
    "Subscribe",
    "Choosing copestones",
    "replies on",
    "saved us a whole weekend",
    "lime mortar",
    "Leave a Reply",
    "Recent Posts",
    "All rights reserved",
    "Breadcrumb",
    "Home",
  ],
};

/** A German news article (Drupal-like fields), with German class names and labels around it. */
export const germanNews: TestPage = {
  html: `<!DOCTYPE html><html lang="de">${head("Neue Fähre für die Hallig | Nordküsten-Rundschau", '<meta property="og:type" content="article"><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Neue Fähre für die Hallig","datePublished":"2024-05-04"}</script>')}
<body class="path-node page-node-type-artikel">
<div class="cookie-hinweis" id="cookiehinweis"><p>Diese Website verwendet Cookies, um Ihnen ein besseres Nutzungserlebnis zu bieten.</p><button>Akzeptieren</button></div>
<div class="kopfbereich"><a class="logo" href="/">Nordküsten-Rundschau</a><ul class="hauptmenue"><li><a href="/region">Region</a></li><li><a href="/sport">Sport</a></li></ul></div>
<div class="brotkrumen"><a href="/">Startseite</a> › <a href="/region">Region</a> › Neue Fähre</div>
<div class="seite"><div class="inhalt">
<div class="node node--type-artikel"><h1 class="node__title">Neue Fähre für die Hallig</h1>
<div class="artikel-meta"><span class="autor">Von Hinnerk Paulsen</span> <span class="datum">04.05.2024</span></div>
<div class="artikel-teilen"><span>Teilen:</span> <a href="https://www.facebook.com/sharer.php?u=x">Facebook</a> <a href="https://x.com/intent/tweet?url=x">X</a> <a href="mailto:?body=x">E-Mail</a></div>
<div class="field field--name-body field--type-text-with-summary">
<p class="teaser">Die Gemeinde hat nach zwei Jahren Planung eine neue Fähre bestellt, die auch bei niedrigem Wasserstand zwischen Festland und Hallig pendeln kann.</p>
<p>Das Schiff soll im kommenden Frühjahr in Dienst gehen und bis zu vierzig Fahrgäste sowie zwei Lieferwagen gleichzeitig befördern.</p>
<div class="anzeige"><span>Anzeige</span><a href="https://ads.example/klick"><img src="/werbung.gif" alt=""></a></div>
<div class="artikel-empfehlung"><strong>Lesen Sie auch:</strong> <a href="/region/hafen-sanierung">Hafensanierung in Schlüttsiel kostet mehr als geplant</a></div>
<h2>Weniger Ausfälle bei Sturm</h2>
<p>Bisher fielen im Winter durchschnittlich neun Fahrten pro Monat aus, weil die alte Fähre bei Windstärke sieben nicht mehr anlegen durfte.</p>
<p>Die Bewohner der Hallig hatten sich seit Jahren über die unzuverlässige Versorgung mit Lebensmitteln und Post beschwert.</p>
<div class="teilen-leiste"><a href="https://www.facebook.com/sharer.php?u=y">Auf Facebook teilen</a> <a href="https://wa.me/?text=y">Per WhatsApp senden</a> <a href="/drucken">Drucken</a></div>
</div>
<div class="verwandte-artikel"><h3>Das könnte Sie auch interessieren</h3><ul><li><a href="/region/deich">Deicherhöhung verzögert sich bis zum Herbst</a></li><li><a href="/region/bus">Neue Buslinie verbindet die Dörfer am Deich</a></li><li><a href="/region/hafen">Hafenfest lockt Tausende Besucher an</a></li></ul></div>
<div class="newsletter-anmeldung"><p>Jeden Morgen die wichtigsten Nachrichten aus der Region direkt in Ihr Postfach.</p><form><input type="email"><button>Abonnieren</button></form></div>
<section id="kommentare" class="kommentare"><h2>Kommentare (2)</h2><div class="kommentar"><p>Endlich! Wir warten hier seit Jahren auf eine verlässliche Verbindung zum Festland, gerade im Winter ist das unerträglich.</p></div><div class="kommentar"><p>Wer bezahlt das eigentlich? Die Kreiskasse ist doch ohnehin leer und die Gebühren steigen jedes Jahr weiter.</p></div></section>
</div></div></div>
<div class="fusszeile"><p>© 2024 Nordküsten-Rundschau. Alle Rechte vorbehalten.</p></div>
</body></html>`,
  content: [
    "eine neue Fähre bestellt",
    "bis zu vierzig Fahrgäste",
    "Weniger Ausfälle bei Sturm",
    "neun Fahrten pro Monat",
    "über die unzuverlässige Versorgung",
  ],
  boilerplate: ["Cookies", "Startseite", "Teilen", "Facebook", "WhatsApp", "Drucken", "Anzeige", "Lesen Sie auch", "Hafensanierung", "Deicherhöhung", "Das könnte Sie auch interessieren", "wichtigsten Nachrichten", "Kommentare", "Endlich!", "Kreiskasse", "Alle Rechte vorbehalten"],
};

/** A French blog post with French class names around it. */
export const frenchPost: TestPage = {
  html: `<!DOCTYPE html><html lang="fr">${head("Le jardin de pluie – Carnet vert", '<meta property="og:type" content="article">')}
<body><div id="bandeau-cookies" class="bandeau"><p>Ce site utilise des cookies pour mesurer son audience et améliorer votre navigation.</p><a href="#">J'accepte</a></div>
<div class="entete"><a href="/">Carnet vert</a></div>
<div id="principal"><div class="billet">
<h1>Le jardin de pluie</h1>
<div class="billet-texte">
<p>Un jardin de pluie recueille l'eau des toitures dans une cuvette plantée, où elle s'infiltre lentement au lieu de ruisseler vers les égouts.</p>
<p><strong>À lire aussi :</strong> <a href="/noue">Une noue pour le potager</a></p>
<p>Nous avons creusé le nôtre au point le plus bas de la pelouse, à trois mètres de la maison, sur une profondeur d'une vingtaine de centimètres.</p>
<h2>Quelles plantes choisir</h2>
<ul><li>Des iris des marais pour le fond de la cuvette</li><li>Des graminées sur les bords, qui supportent la sécheresse</li></ul>
<p>Après le premier orage, l'eau avait disparu en moins de six heures, ce qui confirme que le sol argileux draine mieux qu'on ne le craignait.</p>
<div class="partage-social"><span>Partager cet article</span> <a href="https://www.facebook.com/sharer.php?u=z">Facebook</a> <a href="https://www.linkedin.com/shareArticle?url=z">LinkedIn</a></div>
</div>
<div class="partager"><span>Partager :</span><a href="https://www.facebook.com/sharer.php">Facebook</a><a href="https://pinterest.com/pin/create">Pinterest</a><a href="/imprimer">Imprimer</a></div>
<div class="articles-similaires"><h3>À lire aussi</h3><ul><li><a href="/compost">Réussir son compost en appartement</a></li><li><a href="/mare">Creuser une mare sans bâche</a></li><li><a href="/haie">Planter une haie champêtre</a></li></ul></div>
<div class="publicite"><p>Publicité</p></div>
<div id="commentaires"><h3>3 commentaires</h3><div class="commentaire"><p>Merci pour cet article, nous allons essayer la même chose dans notre petit jardin de ville dès cet automne.</p></div></div>
</div></div>
</body></html>`,
  content: ["recueille l'eau des toitures", "au point le plus bas de la pelouse", "Quelles plantes choisir", "Des iris des marais", "Des graminées sur les bords", "en moins de six heures"],
  boilerplate: ["cookies", "Partager", "LinkedIn", "Une noue pour le potager", "Pinterest", "Imprimer", "À lire aussi", "Réussir son compost", "Publicité", "commentaires", "Merci pour cet article"],
};

/** A short product page: Readability finds no article in it. */
export const productPage: TestPage = {
  html: `<!DOCTYPE html><html lang="en">${head("Copper watering can, 5 litres – Garden Goods", '<meta property="og:type" content="product">')}
<body><header class="site-header"><a href="/">Garden Goods</a><nav><a href="/cans">Watering cans</a><a href="/tools">Tools</a></nav></header>
<main class="product-main"><div class="product">
<h1 class="product-title">Copper watering can, 5 litres</h1>
<p class="price">£48.00</p>
<p class="summary">Hand-soldered copper with a brass rose.</p>
<ul class="features"><li>Removable rose</li><li>Long spout</li></ul>
<form class="cart"><input type="number" value="1"><button>Add to basket</button></form>
</div></main>
<footer class="site-footer"><p>Garden Goods Ltd, registered in England.</p></footer>
</body></html>`,
  content: ["Copper watering can, 5 litres", "£48.00", "Hand-soldered copper with a brass rose.", "Removable rose", "Long spout"],
  boilerplate: ["Watering cans", "Add to basket", "registered in England"],
};

/**
 * An article laid out on a CSS grid: the text column on the left and, in the same container, boxes
 * the grid places in a right-hand column. `boxes` adds the data-box attributes the browser writes.
 */
export function gridArticle(boxes: boolean): TestPage {
  const box = (x: number, y: number, w: number, h: number) => (boxes ? ` data-box="${x},${y},${w},${h}"` : "");
  const paragraphs = [
    "The harbour authority confirmed on Tuesday that dredging of the inner basin will begin in September and last about six weeks.",
    "Fishing boats will moor at the outer pontoons during the works, which the authority says will add no more than ten minutes to landing times.",
    "The basin has silted up steadily since the breakwater was extended, and at low spring tides some berths now dry out completely.",
    "Local skippers welcomed the decision but asked for the work to be finished before the winter storms make the outer pontoons unsafe.",
  ];
  const body = paragraphs.map((p, i) => `<p${box(120, 400 + i * 140, 640, 120)}>${p}</p>`).join("\n");
  return {
    html: `<!DOCTYPE html><html lang="en">${head("Harbour dredging to start in September", '<meta property="og:type" content="article">')}
<body><div class="page"><div class="story-grid">
<h1${box(120, 200, 640, 80)}>Harbour dredging to start in September</h1>
${body}
<p class="grid-right"${box(860, 400, 300, 260)}>The Quayside Weekly is written by volunteers from the harbour community and printed on recycled paper every Thursday morning.</p>
<p class="grid-right"${box(860, 700, 300, 120)}>Tide times for the week ahead are pinned in the harbour office window beside the chandlery.</p>
<p class="bar"${box(0, 740, 1280, 60)}${boxes ? " data-fixed" : ""}>Enjoying our reporting? Tell a friend about the Quayside Weekly.</p>
</div></div></body></html>`,
    content: paragraphs.map((p) => p.slice(0, 40)),
    boilerplate: ["written by volunteers", "Tide times for the week ahead", "Tell a friend"],
  };
}

/**
 * A hand-built page with no landmark where Readability reads the cookie layer, the longest run of
 * paragraphs, as the article; the browser's boxes show the real text column.
 */
export const divSoupNotice: TestPage = {
  html: `<!DOCTYPE html><html lang="en">${head("Road closure on Mill Lane")}
<body><div class="top" data-box="0,0,1280,90"><div class="brand" data-box="40,20,200,40">Parish Council</div></div>
<div class="wrap"><div class="col-a">
<div class="headline" data-box="160,140,720,48">Road closure on Mill Lane from 3 June</div>
<div class="txt" data-box="160,220,720,110">Mill Lane will be closed between the church and the ford from 3 June for two weeks while the water company replaces the main under the road surface.</div>
<div class="txt" data-box="160,350,720,110">Residents will keep access to their driveways at all times, and the footpath beside the ford stays open for walkers and cyclists throughout the works.</div>
<div class="txt" data-box="160,480,720,80">Diversions are signed via Station Road and the bypass; the school bus will use the village hall car park as its stop.</div>
</div></div>
<div class="layer"><div class="consent-box">
<p data-box="0,620,1280,60" data-fixed="">Your privacy matters to us. We and our partners store and access information on your device, such as unique identifiers, to measure audiences, show personalised content and improve our services, and you can change your choices at any time.</p>
<p data-box="0,680,1280,60" data-fixed="">With your permission we and our partners may use precise geolocation data and identification through device scanning, and we process data on the basis of legitimate interest, which you can object to in the settings.</p>
<p data-box="0,740,1280,40" data-fixed="">Click accept to agree to all of this, or open the settings to decide for each purpose and each of our many partners separately.</p>
</div></div></body></html>`,
  content: ["Road closure on Mill Lane from 3 June", "replaces the main under the road surface", "keep access to their driveways", "Diversions are signed via Station Road"],
  boilerplate: ["Your privacy matters", "precise geolocation", "Click accept", "Parish Council"],
};

/** A news story whose standfirst sits in the article header, apart from the body Readability picks. */
export const newsWithStandfirst: TestPage = {
  html: `<!DOCTYPE html><html lang="en">${head("Council approves night buses | The Evening Ledger", '<meta property="og:type" content="article">')}
<body><header class="masthead"><a href="/">The Evening Ledger</a><nav><a href="/news">News</a><a href="/sport">Sport</a></nav></header>
<main><article class="story">
<header class="story-header"><h1>Council approves night buses for the harbour district</h1>
<p class="standfirst">Three routes will run until four in the morning from October, after a two-year campaign by shift workers at the port and the hospital who had no way of getting home once the last evening buses had gone.</p>
<p class="byline">By <a href="/staff/ines">Ines Marlow</a>, transport correspondent</p></header>
<div class="story-body">
<p>The transport committee voted seven to two on Thursday to fund the routes for an initial eighteen months, at a cost of just under a million pounds a year.</p>
<p>Councillors who opposed the plan said the money would be better spent on daytime services, which carry far more passengers across the district each week.</p>
<p>Supporters pointed to the hospital's night staff, many of whom currently pay for taxis or sleep in their cars between back-to-back shifts at the weekend.</p>
<p>The first route, linking the ferry terminal with the hospital and the northern estates, is expected to start running in the second week of October.</p>
</div>
<div class="story-related"><h2>More on transport</h2><ul><li><a href="/news/ferry-fares">Ferry fares to rise in spring</a></li><li><a href="/news/cycle-lanes">New cycle lanes for the ring road</a></li><li><a href="/news/tram">Tram study shelved again</a></li></ul></div>
</article></main>
<footer><p>© The Evening Ledger</p></footer></body></html>`,
  content: ["Three routes will run until four in the morning", "voted seven to two on Thursday", "better spent on daytime services", "sleep in their cars", "linking the ferry terminal"],
  boilerplate: ["Ines Marlow", "More on transport", "Ferry fares to rise", "The Evening Ledger"],
};

/**
 * A regional news story whose publisher speaks to the reader in plain paragraphs, with no class to give
 * it away, as real news sites do: an agency credit under the picture, a call to follow inside the
 * story, and after its last paragraph an app pitch, a reprint notice, a paywall line and a server
 * warning. One paragraph of the story names an app and a newsletter itself, and is content.
 */
export const newsWithReaderNotices: TestPage = {
  html: `<!DOCTYPE html><html lang="en">${head("Harbour ferry returns after repairs – Island Courier", '<meta property="og:type" content="article">')}
<body><div id="page"><div id="story">
<h1>Harbour ferry returns after repairs</h1>
<p>The harbour ferry resumed its crossings on Monday morning after eleven weeks in dry dock, where engineers replaced both engines and the steering gear damaged in the January storm.</p>
<p>Jane Holder/Getty Images</p>
<p>Commuters who had relied on the longer road route around the bay welcomed the return, and the operator said the timetable would run at full frequency from the first week.</p>
<p>Follow Island Courier on Facebook and Instagram for the latest updates.</p>
<p>The operator also launched a ticketing app this spring; passengers can download the app for iOS and Android or sign up for the ferry newsletter to hear about delays, and it said that paper tickets would remain on sale at the pier for at least another year, so that older passengers are not left behind.</p>
<p>Repairs cost the council almost two million dollars, of which the national transport fund covered about half, according to figures released at the last council meeting of the year.</p>
<p>For the latest stories and breaking news updates download the Island Courier apps for iOS and Android.</p>
<p>This article is the copyrighted property of the Island Courier. Written permission must be obtained before reprint in online or print media, and any quotation must name the Island Courier as its source and link back to the original story on our website.</p>
<p>If you’re seeing this message but you’re already a subscriber, you can log in for immediate access.</p>
<p>Warning: Creating default object from empty value in /var/www/html/templates/article.php on line 112</p>
</div></div></body></html>`,
  content: [
    "resumed its crossings on Monday morning",
    "welcomed the return",
    "download the app for iOS and Android or sign up for the ferry newsletter",
    "almost two million dollars",
  ],
  boilerplate: [
    "Jane Holder/Getty Images",
    "Follow Island Courier on Facebook",
    "download the Island Courier apps",
    "copyrighted property",
    "already a subscriber",
    "Creating default object",
  ],
};

const comment = (id: number, author: string, text: string) =>
  `<div class="wc-comment wc-blog-guest" id="wc-comm-${id}"><div class="wc-comment-right" id="comment-${id}"><div class="wc-comment-header"><div class="wc-comment-author">${author}</div></div><div class="wc-comment-text"><p>${text}</p></div><div class="wc-comment-footer"><span class="wc-reply-button">Antworten</span></div></div></div>`;

/**
 * A short blog post followed by a long comment thread (wpDiscuz markup, as on spontis.de): the comments
 * are long prose after the article, and most of the landmark's text.
 */
export const shortPostWithComments: TestPage = {
  html: `<!DOCTYPE html><html lang="de">${head("Liebe Leser, bitte rutschen Sie nicht – Spontis", '<meta property="og:type" content="article">')}
<body><div class="td-container"><div role="main" class="td-main-content">
<article class="post type-post"><h1 class="entry-title">Liebe Leser, bitte rutschen Sie nicht ins neue Jahrzehnt</h1>
<div class="td-post-content"><p>Zehn Jahre sind vergangen, seit wir diesen Blog gegründet haben, und in dieser Zeit hat sich die Szene stärker verändert als in den drei Jahrzehnten davor, vom Plattenladen bis zum Club am Samstag.</p>
<p>Als wir anfingen, gab es noch Foren, in denen man sich zu Konzerten verabredete, und Fanzines, die man auf Flohmärkten tauschte. Heute erreichen uns die meisten Leser über ihr Telefon, oft mitten in der Nacht, und viele schreiben uns zum ersten Mal, nachdem sie einen alten Artikel gefunden haben.</p>
<p>Die Clubs, über die wir am Anfang berichtet haben, gibt es zum großen Teil nicht mehr. Manche wurden abgerissen, andere sind umgezogen, und in einem der schönsten Keller der Stadt ist heute ein Supermarkt. Trotzdem treffen wir auf jedem Festival Menschen, die uns seit dem ersten Jahr lesen.</p>
<p>Im neuen Jahrzehnt wollen wir mehr Interviews führen, die Archive der kleinen Labels sichten und die Geschichten der Menschen erzählen, die diese Szene seit vierzig Jahren tragen, bevor sie verloren gehen.</p>
<p>Wir wünschen allen Lesern einen guten Übergang und danken für jeden Kommentar, jede Zuschrift und jedes Gespräch, das wir in diesen Jahren mit Ihnen führen durften, auf Festivals wie im Netz.</p></div></article>
<div id="comments" class="comments-area"><div class="wpd-thread-list" id="wpdcom">
${comment(58561, "Bibi Blue", "Lieber Robert, danke für die Denkanstöße und die schönen Wünsche. Bei aller Nostalgie, die meinem Wesen innewohnt: nein, früher war nicht alles besser, aber manches war langsamer, und das hat mir gefallen, weil man Zeit hatte, eine Platte ganz zu hören.")}
${comment(58562, "Nossi", "Wie so oft triffst du den berühmt berüchtigten Nagel. Während die letzten zehn Jahre uns vieles leichter gemacht haben, haben sie uns auch vieles genommen, was wir erst jetzt vermissen: die Abende im Club ohne Telefon in der Hand und die Gespräche danach.")}
${comment(58563, "Marion", "Das würde ich nicht so sehen. Die Intelligenz verlagert sich möglicherweise auf andere Aspekte des Lebens, und ich würde nicht von einer Verdummung reden, wenn junge Leute heute anders Musik entdecken als wir damals mit Kassetten und Fanzines.")}
${comment(58564, "Robert", "Kannst du mir bei Film und Musik einige Beispiele nennen? Ich gehe kaum noch ins Kino, habe kein Netflix und schaue kaum fern, aber ich lasse mich gern überzeugen, dass es auch heute großartige Bands gibt, die man kennen sollte.")}
${comment(58566, "Dirk", "Ich lese hier seit dem ersten Jahr mit und finde, dass gerade die langen Berichte über die alten Clubs das Beste an diesem Blog sind. Bitte macht damit weiter, auch wenn die Klickzahlen bei solchen Texten vielleicht nicht so hoch sind wie bei Konzertfotos.")}
${comment(58567, "Sabine", "Früher war nicht alles besser, aber die Szene war kleiner und man kannte sich. Heute finde ich über das Netz Menschen in anderen Ländern, die dieselbe Musik lieben, und das hätte ich mir vor zwanzig Jahren nicht träumen lassen, als wir Kassetten per Post geschickt haben.")}
${comment(58568, "Marc", "Schöner Text, danke. Ich vermisse vor allem die Plattenläden, in denen man stundenlang stöbern konnte und der Verkäufer einem etwas empfohlen hat, das man sonst nie gehört hätte. Das ersetzt kein Algorithmus, so gut er auch sein mag, und das merkt man jedes Mal.")}
${comment(58569, "Ute", "Ich sehe das ähnlich wie Sabine. Die Szene lebt, sie sieht nur anders aus. Auf den Festivals sind jedes Jahr mehr junge Leute, und viele von ihnen kennen die alten Bands besser als wir damals, weil sie alles nachhören können, was wir mühsam suchen mussten.")}
${comment(58565, "Tanja", "Bei den Bands meinst du sicherlich den Mainstream der Musikwelt. Mir ist aufgefallen, dass die Charts immer schriller und lauter klingen, während die kleinen Labels so gute Platten veröffentlichen wie nie zuvor, nur findet man sie nicht mehr im Radio.")}
</div></div></div></div></body></html>`,
  content: ["Zehn Jahre sind vergangen", "danken für jeden Kommentar"],
  boilerplate: ["Lieber Robert, danke", "berühmt berüchtigten Nagel", "Die Intelligenz verlagert sich", "Kannst du mir bei Film", "Bei den Bands meinst du"],
};
