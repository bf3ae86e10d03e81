import { DOCUMENT_PATHS } from '../api/get-document.ts';
import { DocumentPage } from '../components/document-page.tsx';

export default function PrivacyPage() {
  return (
    <DocumentPage
      path={DOCUMENT_PATHS.privacy}
      title="Privacy Policy"
      eyebrow="Legal"
      errorMessage="Error loading Privacy Policy. Please try again later."
    />
  );
}
