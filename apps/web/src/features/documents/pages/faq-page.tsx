import { DOCUMENT_PATHS } from '../api/get-document.ts';
import { DocumentPage } from '../components/document-page.tsx';

export default function FaqPage() {
  return (
    <DocumentPage
      path={DOCUMENT_PATHS.faq}
      title="Frequently asked questions"
      eyebrow="FAQ"
      description="Answers about plugins, sessions, VIP, payments and your account."
      errorMessage="Error loading FAQ. Please try again later."
    />
  );
}
