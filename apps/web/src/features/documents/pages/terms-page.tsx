import { DOCUMENT_PATHS } from '../api/get-document.ts';
import { DocumentPage } from '../components/document-page.tsx';

export default function TermsPage() {
  return (
    <DocumentPage
      path={DOCUMENT_PATHS.terms}
      title="Terms of Service"
      eyebrow="Legal"
      errorMessage="Error loading Terms of Service. Please try again later."
    />
  );
}
