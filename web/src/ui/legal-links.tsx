import { useTranslation } from 'react-i18next';
import { useOrganization } from '../lib/organization.ts';

/**
 * The organization's terms of use and privacy policy (product §10.12), as the operator set them
 * in Settings; nothing is shown for a document that has no link yet.
 */
export function LegalLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const org = useOrganization();
  const links = [
    { href: org.data?.termsUrl, label: t('legal.terms') },
    { href: org.data?.privacyUrl, label: t('legal.privacy') },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  if (links.length === 0) return null;
  return (
    <p className={`flex flex-wrap gap-x-4 gap-y-1 text-sm ${className}`}>
      {links.map((l) => (
        <a
          key={l.label}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-accent underline focus-visible:outline-2 focus-visible:outline-accent"
        >
          {l.label}
        </a>
      ))}
    </p>
  );
}
