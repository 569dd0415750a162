/**
 * Stripe names what it still needs as field paths ("individual.dob.day", "external_account");
 * the card lists them in words ("Individual: date of birth, day", "Bank account for payouts").
 */
const known: Record<string, string> = {
  external_account: 'Bank account for payouts',
  business_type: 'Business type',
  'business_profile.url': 'Business website',
  'business_profile.mcc': 'Business category',
  'tos_acceptance.date': "Acceptance of Stripe's terms",
  'tos_acceptance.ip': "Acceptance of Stripe's terms",
  'individual.dob.day': 'Date of birth',
  'individual.dob.month': 'Date of birth',
  'individual.dob.year': 'Date of birth',
  'individual.first_name': 'First name',
  'individual.last_name': 'Last name',
  'individual.address.line1': 'Address',
  'individual.address.city': 'Address',
  'individual.address.postal_code': 'Address',
  'individual.email': 'Email',
  'individual.phone': 'Phone number',
  'individual.ssn_last_4': 'Last 4 digits of SSN',
  'individual.id_number': 'ID number',
};

export function requirementLabel(requirement: string): string {
  const label = known[requirement];
  if (label) return label;
  const words = requirement.split('.').pop()!.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The requirements in words, each once (the three parts of a birth date are one line). */
export function requirementLabels(requirements: string[]): string[] {
  return [...new Set(requirements.map(requirementLabel))];
}
