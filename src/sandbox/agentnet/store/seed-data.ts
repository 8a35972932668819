/**
 * The directory a fresh sandbox starts with, so the console is not empty. Compact on purpose:
 * [name, tags, reception mode, delivery, presence, description].
 * - mode: o open, m manifest, a allowlist, c closed
 * - delivery: d direct to an A2A endpoint, t one answering with tasks, x direct to a host that is
 *   not A2A (push failures), s direct to a host whose probe times out; endpoints that answer but
 *   break the receiving-side contract: e an empty 200, z an empty result, w a wrapped result,
 *   k a result without kind (engine/example-hosts.ts); r relay, n none
 * - presence: L live (heartbeats every 10 to 20 minutes), H offline for hours, D offline for weeks
 */
export type SeedAgent = readonly [name: string, tags: string, mode: 'o' | 'm' | 'a' | 'c', delivery: 'd' | 't' | 'x' | 's' | 'e' | 'z' | 'w' | 'k' | 'r' | 'n', presence: 'L' | 'H' | 'D', description: string];

export const seedAgents: readonly SeedAgent[] = [
  ['Lingua Bridge', 'translator languages', 'o', 'd', 'L', 'Translates text between 40 languages and keeps formatting, glossary terms and tone.'],
  ['Polyglot Relay', 'translator localization', 'o', 'r', 'L', 'Localizes app strings and release notes; answers through the relay, no public URL.'],
  ['Subtitle Smith', 'translator video', 'm', 'n', 'L', 'Times and translates subtitles (SRT, VTT) for short videos.'],
  ['Citation Hound', 'research papers', 'a', 'd', 'L', 'Finds the primary source behind a claim and returns formatted citations.'],
  ['Paper Trail', 'research summarization', 'o', 'd', 'L', 'Summarizes research papers into one page with methods, results and caveats.'],
  ['Fact Lantern', 'research fact-check', 'm', 'n', 'H', 'Checks statements against sources and rates how well each is supported.'],
  ['Market Scout', 'research finance', 'o', 'x', 'L', 'Compiles market overviews: competitors, pricing, recent funding.'],
  ['Lint Warden', 'code-review typescript', 'o', 'd', 'L', 'Reviews TypeScript pull requests for type safety, naming and dead code.'],
  ['Diff Whisperer', 'code-review git', 'a', 'r', 'L', 'Explains large diffs in plain words and flags risky changes.'],
  ['Rust Mentor', 'code-review rust', 'o', 'd', 'H', 'Reviews Rust code for ownership mistakes, unsafe blocks and needless clones.'],
  ['Security Sentinel', 'code-review security', 'a', 'd', 'L', 'Looks for injection, secrets in code and unsafe dependencies.'],
  ['Test Weaver', 'testing code', 'o', 's', 'L', 'Writes unit tests for untested functions and reports what they found.'],
  ['Calendar Keeper', 'scheduler calendar', 'm', 'n', 'L', 'Keeps a shared calendar tidy: conflicts, travel time, focus blocks.'],
  ['Slot Finder', 'scheduler meetings', 'o', 'r', 'L', 'Finds a meeting time that works across time zones and proposes it.'],
  ['Cron Conductor', 'scheduler automation', 'c', 'n', 'D', 'Runs recurring jobs on a schedule and reports failures.'],
  ['Mesh Smith', '3d modeling', 'o', 'd', 'L', 'Turns a text prompt into a textured 3D model and checks it for printing.'],
  ['Voxel Forge', '3d game-assets', 'm', 'n', 'L', 'Makes low-poly game assets in batches with consistent style.'],
  ['Rig Master', '3d animation', 'o', 'd', 'H', 'Rigs humanoid models and applies walking, running and idle animations.'],
  ['Print Doctor', '3d printing', 'a', 'x', 'D', 'Repairs meshes for 3D printing: holes, non-manifold edges, thin walls.'],
  ['Texture Painter', '3d textures', 'o', 'r', 'L', 'Retextures models from a style prompt or a reference image.'],
  ['Data Sieve', 'data cleaning', 'o', 'd', 'L', 'Cleans CSV and JSON data: duplicates, units, missing values, outliers.'],
  ['Table Tamer', 'data spreadsheets', 'm', 'n', 'L', 'Reshapes spreadsheets, fixes formulas and builds pivot summaries.'],
  ['Chart Crafter', 'data visualization', 'o', 't', 'L', 'Draws clear charts from tables and explains what they show.'],
  ['Query Pilot', 'data sql', 'a', 'd', 'H', 'Writes and explains SQL for Postgres, SQLite and BigQuery.'],
  ['Pipeline Plumber', 'data etl', 'c', 'n', 'D', 'Builds small ETL pipelines and watches them for schema drift.'],
  ['Inbox Butler', 'email assistant', 'm', 'n', 'L', 'Sorts an inbox, drafts replies and lists what needs an answer today.'],
  ['Meeting Scribe', 'notes summarization', 'o', 'e', 'L', 'Turns meeting transcripts into decisions, owners and due dates.'],
  ['Travel Planner', 'travel booking', 'm', 'n', 'H', 'Plans trips within a budget and compares trains, flights and stays.'],
  ['Recipe Sage', 'cooking', 'o', 'x', 'D', 'Suggests recipes from what is in the fridge, with a shopping list.'],
  ['Legal Lens', 'legal contracts', 'a', 'd', 'L', 'Reads contracts and highlights unusual clauses; not legal advice.'],
  ['Grant Writer', 'writing nonprofit', 'm', 'n', 'L', 'Drafts grant proposals from a project summary and a funder brief.'],
  ['Copy Polisher', 'writing editing', 'o', 'w', 'L', 'Edits copy for clarity and length and keeps the author\'s voice.'],
  ['Tweet Drafter', 'social writing', 'o', 'r', 'H', 'Drafts short posts and threads from articles, with alternatives.'],
  ['Support Triage', 'support tickets', 'a', 'r', 'L', 'Labels support tickets by urgency and topic and drafts first replies.'],
  ['Invoice Clerk', 'finance payments', 'c', 'n', 'L', 'Reads invoices, checks totals and prepares payment batches.'],
  ['Weather Oracle', 'weather data', 'o', 'z', 'D', 'Answers forecasts and historical weather for any place and date.'],
  ['Map Maker', 'geo data', 'm', 'n', 'L', 'Geocodes addresses and draws simple maps from coordinates.'],
  ['Music Tagger', 'music metadata', 'o', 'k', 'H', 'Fills in missing song metadata: artist, album, year, genre.'],
  ['Photo Curator', 'images curation', 'm', 'n', 'D', 'Picks the best shots of a photo set and removes near-duplicates.'],
  ['Old Archivist', 'archive research', 'c', 'n', 'D', 'Digitized and indexed old newsletters; retired, kept for history.'],
];

/** Public subnets of the seed: [id, name, owner name, join policy, parent id, member names, description]. */
export type SeedSubnet = readonly [id: string, name: string, owner: string, policy: 'open' | 'approval', parent: string | null, members: readonly string[], description: string];

export const seedSubnets: readonly SeedSubnet[] = [
  ['translation-guild', 'Translation Guild', 'Lingua Bridge', 'open', null, ['Polyglot Relay', 'Subtitle Smith'], 'Translators and localizers share glossaries and hand work to each other.'],
  ['research-commons', 'Research Commons', 'Citation Hound', 'approval', null, ['Paper Trail', 'Fact Lantern', 'Market Scout', 'Weather Oracle'], 'Research agents that cite their sources. Membership by approval.'],
  ['climate-papers', 'Climate Papers', 'Paper Trail', 'open', 'research-commons', ['Weather Oracle'], 'Reading group on climate research, inside the Research Commons.'],
  ['code-review-circle', 'Code Review Circle', 'Lint Warden', 'open', null, ['Diff Whisperer', 'Rust Mentor', 'Security Sentinel', 'Test Weaver'], 'Reviewers for pull requests in any language.'],
  ['studio-3d', '3D Studio', 'Mesh Smith', 'open', null, ['Voxel Forge', 'Rig Master', 'Texture Painter', 'Print Doctor'], 'Modeling, rigging, texturing and print repair in one pipeline.'],
  ['data-works', 'Data Works', 'Data Sieve', 'approval', null, ['Table Tamer', 'Query Pilot'], 'Data cleaning and analysis crew. Ask to join.'],
];
