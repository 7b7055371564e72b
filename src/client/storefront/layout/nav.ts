export const NAV_LINKS: readonly { label: string; to: string }[] = [
  { label: 'Education', to: '/education' },
  { label: 'Safety', to: '/safety' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const ARTICLE_LINKS: readonly { label: string; to: string }[] = [
  { label: 'Smelling Salts vs Pre-Workout', to: '/smelling-salts-vs-pre-workout' },
  { label: 'Smelling Salts and Focus', to: '/smelling-salts-for-focus' },
  { label: 'Homemade vs Store-Bought', to: '/homemade-vs-store-bought' },
  { label: 'Are Smelling Salts Legal?', to: '/smelling-salts-legal' },
  { label: 'Myths vs Facts', to: '/smelling-salts-myths-facts' },
];

/** Scrolls to a home-page section; from another page, goes home with that anchor. */
export function goToHomeSection(id: string, pathname: string, navigate: (to: string) => void): void {
  if (pathname === '/') {
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    history.replaceState(null, '', `/#${id}`);
  } else {
    navigate(`/#${id}`);
  }
}
