import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { BenefitsSection } from '../components/benefits-section.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { PricingSection } from '../components/pricing-section.tsx';

export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <HeroSection />
      <BenefitsSection />
      <PricingSection />
      <CtaBand />
    </>
  );
}
