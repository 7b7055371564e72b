import { Hero } from './hero.tsx';
import { AboutSection, ContactTeaser, FaqSection, InstructionsSection } from './info-sections.tsx';
import { ProductsSection } from './products-section.tsx';

export function HomePage() {
  return (
    <>
      <Hero />
      <ProductsSection />
      <InstructionsSection />
      <AboutSection />
      <FaqSection />
      <ContactTeaser />
    </>
  );
}
