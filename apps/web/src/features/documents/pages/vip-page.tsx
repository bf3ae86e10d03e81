import { GemIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { paths } from '../../../config/paths.ts';
import { vipPriceLabel } from '../../../lib/format/product-units.ts';
import { DOCUMENT_PATHS } from '../api/get-document.ts';
import { DocumentPage } from '../components/document-page.tsx';

export default function VipPage() {
  return (
    <DocumentPage
      path={DOCUMENT_PATHS.vip}
      title="VIP"
      eyebrow="Membership"
      description={`Unlimited client sessions and members-only prices, for ${vipPriceLabel()}.`}
      errorMessage="Error loading document. Please try again later."
      actions={
        <Button to={paths.products.getHref('vip')} size="lg" icon={<GemIcon size={18} />}>
          Purchase VIP
        </Button>
      }
    />
  );
}
