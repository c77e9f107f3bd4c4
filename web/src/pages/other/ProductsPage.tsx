import { ComingSoon } from '@/components/coming-soon';

/** /products — the feature arrives in a later version; until then an honest notice. */
export default function ProductsPage() {
  return <ComingSoon page="products" />;
}
