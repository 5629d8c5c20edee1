// No zod here: the landing page shows these names and must not load the schema library for them.

/**
 * Companies seeded with fixed ids. The 13-entry display fallback (docs/product.md, Data) and the partner company (id 4)
 * rely on these ids, so their order must never change; new employers go to the end of the list.
 */
export interface FixedCompany {
  id: number;
  name: string;
  domain: string;
  isPartner?: boolean;
}

export const PARTNER_COMPANY_ID = 4;

export const FIXED_COMPANIES: readonly FixedCompany[] = [
  { id: 1, name: 'Google', domain: 'google.com' },
  { id: 2, name: 'Microsoft', domain: 'microsoft.com' },
  { id: 3, name: 'Amazon', domain: 'amazon.com' },
  { id: 4, name: 'Stripe', domain: 'stripe.com', isPartner: true },
  { id: 5, name: 'Meta', domain: 'meta.com' },
  { id: 6, name: 'Apple', domain: 'apple.com' },
  { id: 7, name: 'Netflix', domain: 'netflix.com' },
  { id: 8, name: 'Salesforce', domain: 'salesforce.com' },
  { id: 9, name: 'Adobe', domain: 'adobe.com' },
  { id: 10, name: 'Uber', domain: 'uber.com' },
  { id: 11, name: 'Airbnb', domain: 'airbnb.com' },
  { id: 12, name: 'LinkedIn', domain: 'linkedin.com' },
  { id: 13, name: 'Spotify', domain: 'spotify.com' },
];
