/** The in-memory corpus the social sandbox serves: users, posts and the edges between them. */

export const LANGS = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

export const TOPICS = ['tech', 'ai', 'food', 'football', 'music', 'travel', 'climate', 'gaming', 'film', 'space', 'markets', 'fitness', 'books', 'pets'] as const;
export type Topic = (typeof TOPICS)[number];

/** Everything is dated before this instant (fixed, so a seed always gives the same corpus). */
export const REFERENCE_DATE = Date.UTC(2025, 5, 1, 0, 0, 0);
/** Posts spread over the two years before the reference date. */
export const POST_SPAN_MS = 730 * 24 * 3600 * 1000;

export type MediaKind = 'photo' | 'video' | 'animated_gif';
export type MediaItem = { type: MediaKind; width: number; height: number; alt: string };

export type User = {
  index: number;
  id: string;
  name: string;
  username: string;
  description: string;
  location: string;
  createdAt: number;
  lang: Lang;
  topics: number[];
  isOrg: boolean;
  /** Latent popularity (drives who gets followed) and activity (who posts and likes). */
  fame: number;
  activity: number;
  hue: number;
  verified: boolean;
  blue: boolean;
  followersCount: number;
  followingCount: number;
  statusesCount: number;
};

export type PostKind = 'original' | 'reply' | 'quote' | 'repost';

export type PostRec = {
  index: number;
  id: string;
  author: number;
  createdAt: number;
  kind: PostKind;
  /** Replied-to, quoted or reposted post (index), or -1. */
  ref: number;
  /** Index of the conversation's first post. */
  root: number;
  lang: Lang;
  topic: number;
  text: string;
  media: MediaItem[];
  hasLink: boolean;
  virality: number;
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  views: number;
  bookmarks: number;
};

/** Compressed adjacency: node i's items are items[offsets[i] .. offsets[i + 1]), ascending. */
export type Csr = { offsets: Int32Array; items: Int32Array };

export type Corpus = {
  seed: number;
  users: User[];
  posts: PostRec[];
  userById: Map<string, number>;
  userByName: Map<string, number>;
  postById: Map<string, number>;
  followers: Csr;
  following: Csr;
  /** Posts by author; likes by user; likers by post. */
  byAuthor: Csr;
  likesByUser: Csr;
  likersByPost: Csr;
  /** Direct replies, quotes and reposts of a post; the posts of a conversation (by root). */
  repliesOf: Csr;
  quotesOf: Csr;
  repostsOf: Csr;
  conversation: Csr;
  /** Replies whose parent was written by the user (the `to:` operator). */
  repliesTo: Csr;
  generationMs: number;
};
