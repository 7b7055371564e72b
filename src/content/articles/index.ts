import type { Article } from '../article-types.ts';
import { article as about } from './about.ts';
import { article as education } from './education.ts';
import { article as homemade } from './homemade-vs-store-bought.ts';
import { article as legal } from './legal.ts';
import { article as privacy } from './privacy.ts';
import { article as safety } from './safety.ts';
import { article as focus } from './smelling-salts-for-focus.ts';
import { article as legality } from './smelling-salts-legal.ts';
import { article as myths } from './smelling-salts-myths-facts.ts';
import { article as preWorkout } from './smelling-salts-vs-pre-workout.ts';
import { article as terms } from './terms.ts';

/** Every guide and legal page, guides in the order of GUIDE_PATHS (src/shared/site.ts). */
export const ARTICLES: readonly Article[] = [
  education,
  safety,
  about,
  preWorkout,
  focus,
  homemade,
  legality,
  myths,
  privacy,
  terms,
  legal,
];

export function findArticle(path: string): Article | undefined {
  return ARTICLES.find((a) => a.path === path);
}

/** Three other guides to read next, following the list's order. */
export function relatedGuides(path: string): Article[] {
  const guides = ARTICLES.filter((a) => a.kind === 'guide');
  const at = guides.findIndex((a) => a.path === path);
  if (at < 0) return [];
  return [1, 2, 3].map((step) => guides[(at + step) % guides.length]!).filter((a) => a.path !== path);
}
