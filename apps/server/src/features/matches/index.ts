/** The matches feature. Its routes come with the matches issue; the events feature syncs matches. */
export { matchSync, type MatchSides } from './matches.sync.ts';
