import { usePageTitle } from '../../components/ui/page-title';
import { useAuth } from '../../features/auth/use-auth';
import { usePage } from '../../features/pages/api/get-page';
import { ContactForm } from '../../features/pages/components/contact-form';
import { SellerAddress } from '../../features/pages/components/seller-address';
import { useConfig } from '../../features/site/api/get-config';

/** `/contact`: the form, and the shop's address and tax id (from the legal notice). */
export default function ContactRoute() {
  const brand = useConfig().data?.brandName ?? '';
  usePageTitle(`Contact | ${brand}`);
  const auth = useAuth();
  const legal = usePage('legal');
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Contact</h1>
      <p className="mb-6">Write to us with the form below; we answer by email.</p>
      <ContactForm
        defaults={auth.user ? { name: auth.user.name, email: auth.user.email } : undefined}
      />
      {legal.data && <SellerAddress seller={legal.data.seller} brandName={brand} />}
    </main>
  );
}
