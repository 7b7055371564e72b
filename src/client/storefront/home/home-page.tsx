import { Island } from '../../app/static-island.tsx';
import { Hero } from './hero.tsx';
import { ProductsSection } from './products-section.tsx';

// Below the products everything is static: a server-rendered island (registered in entry-server.tsx).
const loadInfo = () => import('./info-sections.tsx').then((m) => m.HomeInfo);

export function HomePage() {
  return (
    <>
      <Hero />
      <ProductsSection />
      <Island id="home-info" load={loadInfo} />
    </>
  );
}
